;;;; Test project (knight 2023/24): jogar is the menu, and no function makes
;;;; one computer move.
(defun ler-opcao ()
  (format t "1 - humano contra humano~%2 - sair~%")
  (read))

(defun jogar ()
  (let ((opcao (ler-opcao)))
    (case opcao
      (1 (format t "a jogar...~%"))
      (t (format t "adeus~%")))))
