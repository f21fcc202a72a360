;;;; protocolo.lisp -- codigo fornecido pela UC (nao alterar)
;;;; Le comandos da arena e chama as funcoes do motor do grupo.

(defpackage :arena
  (:use :common-lisp))

(in-package :arena)

(defun partir-palavras (linha)
  "Divide LINHA em palavras separadas por espacos."
  (let ((palavras '())
        (inicio 0))
    (loop for i from 0 to (length linha)
          do (when (or (= i (length linha))
                       (char= (char linha i) #\Space))
               (when (> i inicio)
                 (push (subseq linha inicio i) palavras))
               (setf inicio (1+ i))))
    (nreverse palavras)))

(defun responder (formato &rest argumentos)
  "Escreve uma linha para a arena e despeja o buffer."
  (apply #'format t formato argumentos)
  (terpri)
  (finish-output))

(defun ciclo-arena (escolher-jogada ler-posicao)
  "Le comandos ate 'quit'. ESCOLHER-JOGADA recebe a posicao e o tempo em ms."
  (let ((posicao nil))
    (loop for linha = (read-line *standard-input* nil nil)
          while linha
          do (let* ((palavras (partir-palavras linha))
                    (comando (first palavras)))
               (cond ((null comando) nil)
                     ((string= comando "ugi")
                      (responder "id name ~a" "motor")
                      (responder "ugiok"))
                     ((string= comando "isready")
                      (responder "readyok~{ ~a~}" (rest palavras)))
                     ((string= comando "position")
                      (setf posicao (funcall ler-posicao (rest palavras))))
                     ((string= comando "go")
                      (let ((tempo (or (parse-integer (or (third palavras) "1000")
                                                      :junk-allowed t)
                                       1000)))
                        (responder "bestmove ~a" (funcall escolher-jogada posicao tempo))))
                     ((string= comando "quit")
                      (return)))))))
