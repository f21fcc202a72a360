(defun iniciar ()
  (format t "Problema? ")
  (bfs (read) (lambda (no) (> (length no) 3)) #'sucessores))
