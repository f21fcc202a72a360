;;;; Test project (knight 2023/24): no jogar; a search on nodes
;;;; (tabuleiro pai f), and the function the group wrote to make one
;;;; computer move: it takes the bare board, calls the search and leaves
;;;; the new board in *jogada* (its value is the printing's).
;;; Knight rules (a small copy in every test project, each loaded alone)
(defparameter *saltos* '((2 -1) (2 1) (1 2) (-1 2) (-2 1) (-2 -1) (-1 -2) (1 -2)))

(defun casa (tab l c) (nth c (nth l tab)))

(defun onde-esta (tab peca)
  (loop for linha in tab for l from 0
        for c = (position peca linha)
        when c return (list l c)))

(defun saltos-de (pos)
  (loop for (dl dc) in *saltos*
        for l = (+ (first pos) dl) for c = (+ (second pos) dc)
        when (and (<= 0 l 9) (<= 0 c 9)) collect (list l c)))

(defun jogadas (tab peca)
  "Squares with a number that the piece reaches and the opponent does not attack."
  (let* ((minha (onde-esta tab peca))
         (dele (onde-esta tab (if (= peca -1) -2 -1)))
         (atacadas (and dele (saltos-de dele))))
    (when minha
      (remove-if (lambda (p) (or (not (integerp (casa tab (first p) (second p))))
                                 (< (casa tab (first p) (second p)) 0)
                                 (member p atacadas :test #'equal)))
                 (saltos-de minha)))))

(defun mover (tab peca destino)
  "The board with PECA moved to DESTINO (its old square emptied)."
  (let ((origem (onde-esta tab peca)))
    (loop for linha in tab for l from 0
          collect (loop for x in linha for c from 0
                        collect (cond ((equal (list l c) destino) peca)
                                      ((equal (list l c) origem) nil)
                                      (t x))))))

(defvar *jogada* nil "The board after the computer's last move.")

(defun cria-no (tabuleiro pai &optional (f 0))
  (list tabuleiro pai f))

(defun no-tabuleiro (no) (first no))

(defun negamax (no tempo &optional (peca -1) (profundidade 3))
  "The child of NO with the most squares left to PECA (PROFUNDIDADE unused)."
  (declare (ignorable tempo profundidade))
  (let ((melhor nil) (valor -1))
    (dolist (d (jogadas (no-tabuleiro no) peca) melhor)
      (let ((filho (cria-no (mover (no-tabuleiro no) peca d) no)))
        (when (> (length (jogadas (no-tabuleiro filho) peca)) valor)
          (setf melhor filho
                valor (length (jogadas (no-tabuleiro filho) peca))))))))

(defun computer-moves (state time player)
  "The computer's move on the board STATE: left in *jogada*."
  (let ((no (negamax (cria-no state nil) time player)))
    (when no
      (setq *jogada* (no-tabuleiro no))
      (format t "~&Computer (~a) moved.~%" (if (= player -1) "white" "black")))))
