;;;; Test project (knight, 2023/24 contract) whose jogar was never
;;;; finished: it has the course's name and parameters, prints that the
;;;; computer thinks, and returns NIL, whatever the position.  Recognition
;;;; must say so ("jogar answered each of its calls without a move"), not
;;;; "none of the ways of calling it gave a legal move".

(defun tabuleiro (estado) (first estado))

(defun pontos (estado) (rest estado))

(defun jogar (estado tempo)
  "The computer's move (to be written)."
  (format t "O computador pensa (~a ms) em ~a casas e ~a pontos~%"
          tempo (length (tabuleiro estado)) (pontos estado))
  nil)
