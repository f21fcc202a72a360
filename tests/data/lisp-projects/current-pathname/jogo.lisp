;;;; Test project (knight 2023/24): loads its rules beside it with
;;;; LispWorks' current-pathname, unqualified.
(load (merge-pathnames "regras.lisp" (current-pathname)))

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let* ((tab (first estado)) (peca (- (second estado))) (escolha (melhor tab peca)))
    (list (list (if escolha (mover tab peca escolha) tab)
                (second estado) (third estado) (fourth estado)))))
