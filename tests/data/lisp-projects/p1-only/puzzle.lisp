(defun heuristica (no) (length no))
(defun sucessores (no) (list (cons 1 no) (cons 2 no)))
