;;;; Projeto n.º 2 -- Inteligência Artificial (test project written the way a
;;;; LispWorks group on Windows hands it in: Latin-1, CRLF, absolute paths).
(in-package :p1-2)

(hcl:change-directory "C:\\Users\\aluno\\Desktop\\projeto\\")
(compile-file "C:/Users/aluno/Desktop/projeto/algoritmo.lisp")
(load "C:/Users/aluno/Desktop/projeto/algoritmo.64ofasl")
(load "C:\\Users\\aluno\\Desktop\\projeto\\jogo.LISP")

(defun registar (texto)
  "Appends a line to the log (a path the menu normally asks for)."
  (with-open-file (f "C:/Users/aluno/Desktop/projeto/log.dat"
                     :direction :output :if-exists :append :if-does-not-exist :create)
    (format f "~a~%" texto)))

;; O menu: pede o modo de jogo ao utilizador.
(defun iniciar ()
  (format t "1 - Humano vs Computador~%2 - Computador vs Computador~%Opção: ")
  (read))

(iniciar)
