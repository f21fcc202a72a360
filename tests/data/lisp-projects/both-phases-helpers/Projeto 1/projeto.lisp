;;;; Test project (knight 2023/24): Projeto 1 handed in beside phase 2, as
;;;; real groups do; it loads the puzzle's own rules, whose names phase 2
;;;; uses again with other parameters; its own searches (with a time limit,
;;;; as phase 2's entry has) call what only Projeto 1 defines.
(load "puzzle.lisp")

(defun resolver (problema)
  (mapcar (lambda (destino) (mover (first problema) destino))
          (jogadas (first problema))))

(defun procura-largura (problema tempo-limite)
  "Projeto 1's breadth-first search, cut at TEMPO-LIMITE ms."
  (declare (ignore tempo-limite))
  (let ((abertos (list (first problema))) (fechados '()))
    (loop while abertos
          do (let ((no (pop abertos)))
               (push no fechados)
               (setf abertos (append abertos (expandir-no no)))))
    fechados))

(defun expandir-no (tab)
  (mapcar (lambda (destino) (mover tab destino)) (jogadas tab)))
