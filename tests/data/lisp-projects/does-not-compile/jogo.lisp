;;;; Test project (knight 2023/24) whose search does not compile: a binding
;;;; of its LET* has a value too many, the slip seen in a real 2019/20
;;;; project, inside a LET that keeps the search's state around its
;;;; functions (as that project did).  SBCL loads the file but compiles
;;;; AVALIAR to a function that fails whenever it runs, so jogar never
;;;; answers.  Recognition must say that AVALIAR does not compile (file and
;;;; line, SBCL's words), not "none of the ways of calling jogar gave a
;;;; legal move".

(defun casas-livres (tabuleiro)
  (loop for linha in tabuleiro sum (count-if #'numberp linha)))

(let ((avaliados 0))
  (defun avaliados () avaliados)

  (defun avaliar (estado jogador)
    (incf avaliados)
    (let* ((tabuleiro (first estado))
           (livres (casas-livres tabuleiro) 0))
      (if (= jogador 1) livres (- livres)))))

(defun jogar (estado tempo)
  "The computer's move: the board as it is, once AVALIAR has looked at it."
  (declare (ignore tempo))
  (avaliar estado (second estado))
  (list estado))
