;;;; Test project (knight 2023/24), phase 2: loads its own puzzle.lisp (by
;;;; the name Projeto 1's has too); jogar makes one move of the computer.
(load "puzzle.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let* ((tab (first estado)) (peca (- (second estado)))
         (escolha (melhor tab peca)))
    (list (list (if escolha (mover tab peca escolha) tab)
                (second estado) (third estado) (fourth estado)))))
