;;;; Test project (knight 2023/24): the search is a skeleton.
(defun no-folha (no))

(defun avaliar (no))

(defun negamax (no profundidade alfa beta)
  (if (no-folha no)
      (avaliar no)
      nil))
