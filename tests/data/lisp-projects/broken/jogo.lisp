;;;; Test project (knight 2023/24): jogar fails at every call (it takes the
;;;; first element of its tempo).
(defun jogar (estado tempo)
  (list (car estado) (car tempo)))
