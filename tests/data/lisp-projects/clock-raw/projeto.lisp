;;;; Test project (2023/24, knight): the search loop compares a raw
;;;; get-internal-real-time difference with tempo, as written under
;;;; LispWorks (1000 units a second).  Loads its rules with a relative load.
(load "regras.lisp")

(defvar *profundidade* 0 "The depth the last search reached.")

(defun jogar (estado tempo)
  (let* ((tab (first estado)) (peca (- (second estado)))
         (inicio (get-internal-real-time))
         (escolha (melhor tab peca)))
    ;; "Iterative deepening": level d costs d*d ms; the clock is read
    ;; every millisecond, a level cut short does not count.
    (setf *profundidade* 0)
    (loop named busca
          for d from 1
          do (dotimes (i (* d d))
               (when (>= (- (get-internal-real-time) inicio) tempo)
                 (return-from busca))
               (sleep 0.001))
             (setf *profundidade* d))
    (list (list (if escolha (mover tab peca escolha) tab)
                (second estado) (third estado) (fourth estado)))))
