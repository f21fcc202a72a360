;;;; Test project: a Projeto 1 (the puzzle's search) handed in for the
;;;; championship.
(defun bfs (no-inicial objetivo sucessores)
  (let ((abertos (list no-inicial)) (fechados '()))
    (loop while abertos
          do (let ((no (pop abertos)))
               (when (funcall objetivo no) (return no))
               (push no fechados)
               (setf abertos (append abertos (funcall sucessores no)))))))

(defun dfs (no objetivo sucessores profundidade)
  (cond ((funcall objetivo no) no)
        ((zerop profundidade) nil)
        (t (some (lambda (s) (dfs s objetivo sucessores (1- profundidade)))
                 (funcall sucessores no)))))
