;;;; Test project (knight 2023/24): the entry, calling the rules through
;;;; their package.
(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let* ((tab (first estado)) (peca (- (second estado)))
         (escolha (regras::escolha tab peca)))
    (list (list (if escolha (regras::mover tab peca escolha) tab)
                (second estado) (third estado) (fourth estado)))))
