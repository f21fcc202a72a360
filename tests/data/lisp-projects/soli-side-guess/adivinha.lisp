;;;; Test project (Solitario 2, 2025/26 contract: the bare board,
;;;; ((operador linha coluna) novo-tabuleiro), 1-based) that guesses its
;;;; side: it always believes it is player 1 (pegs 1, at the top, moving
;;;; down).  As player 2 every move it makes is the opponent's, unless the
;;;; kit shows it the board turned (:view :mover-first).
(defun buraco-p (l c)
  (and (<= 0 l 6) (<= 0 c 6) (or (<= 2 l 4) (<= 2 c 4))))

(defun celula (tab l c) (nth c (nth l tab)))

(defun com (tab l c valor)
  (loop for linha in tab for i from 0
        collect (loop for x in linha for j from 0
                      collect (if (and (= i l) (= j c)) valor x))))

(defun passos (tab)
  "My steps as (operador l c l2 c2), 0-based, down first."
  (loop for (op dl dc) in '((b 1 0) (d 0 1) (e 0 -1) (c -1 0))
        nconc (loop for l below 7
                    nconc (loop for c below 7
                                for l2 = (+ l dl) for c2 = (+ c dc)
                                when (and (buraco-p l c) (eql (celula tab l c) 1)
                                          (buraco-p l2 c2) (eql (celula tab l2 c2) 0))
                                  collect (list op l c l2 c2)))))

(defun jogar (tab tempo)
  (declare (ignore tempo))
  (let ((passo (first (passos tab))))
    (if passo
        (destructuring-bind (op l c l2 c2) passo
          (list (list op (1+ l) (1+ c)) (com (com tab l c 0) l2 c2 1)))
        (list nil tab))))
