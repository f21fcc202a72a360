;;;; Test project (Blokus Duo, 2021/22): no jogar; the computer's move on a
;;;; node (estado ultima-jogada) whose estado is (tabuleiro pecas-jogador-1
;;;; pecas-jogador-2), and a log written in the folder a menu asks for at
;;;; the start (*path*, given a value only when that menu runs).
(defparameter *pecas*
  ;; (nome indice-do-stock celulas (dl dc) a partir da referencia)
  '((peca-b 1 ((0 0) (0 1) (1 0) (1 1)))
    (peca-c-1 2 ((0 0) (0 1) (-1 1) (-1 2)))
    (peca-c-2 2 ((0 0) (1 0) (1 1) (2 1)))
    (peca-a 0 ((0 0)))))

(defun celula (tab l c)
  (and (<= 0 l 13) (<= 0 c 13) (nth c (nth l tab))))

(defun cabe-p (tab jogador celulas primeira)
  (let ((canto (if (= jogador 1) '(0 0) '(13 13))))
    (and (every (lambda (p) (eql (celula tab (first p) (second p)) 0)) celulas)
         (notany (lambda (p)
                   (loop for (dl dc) in '((1 0) (-1 0) (0 1) (0 -1))
                         thereis (eql (celula tab (+ (first p) dl) (+ (second p) dc)) jogador)))
                 celulas)
         (if primeira
             (member canto celulas :test #'equal)
             (some (lambda (p)
                     (loop for (dl dc) in '((1 1) (1 -1) (-1 1) (-1 -1))
                           thereis (eql (celula tab (+ (first p) dl) (+ (second p) dc)) jogador)))
                   celulas)))))

(defun colocar (tab jogador celulas)
  (loop for linha in tab for l from 0
        collect (loop for x in linha for c from 0
                      collect (if (member (list l c) celulas :test #'equal) jogador x))))

(defun criar-estado (tabuleiro pecas-jogador-1 pecas-jogador-2)
  (list tabuleiro pecas-jogador-1 pecas-jogador-2))

(defun criar-no (estado ultima-jogada)
  (list estado ultima-jogada))

(defun definir-pasta ()
  "Asks for the project's folder (a menu)."
  (format t "Escreva o path do projeto entre aspas~%")
  (let ((path (read)))
    (defparameter *path* path)
    path))

(defun registar (no)
  (with-open-file (s (concatenate 'string *path* "log.dat") :direction :output
                     :if-exists :append :if-does-not-exist :create)
    (format s "~a~%" (second no))))

(defun melhor-no (no jogador)
  "The node after JOGADOR places its biggest piece at the first legal cell."
  (destructuring-bind (tab pecas1 pecas2) (first no)
    (let* ((minhas (if (= jogador 1) pecas1 pecas2))
           (primeira (notany (lambda (linha) (member jogador linha)) tab)))
      (dolist (peca *pecas* nil)
        (destructuring-bind (nome indice forma) peca
          (when (> (nth indice minhas) 0)
            (dotimes (l 14)
              (dotimes (c 14)
                (let ((celulas (mapcar (lambda (d) (list (+ l (first d)) (+ c (second d))))
                                       forma)))
                  (when (cabe-p tab jogador celulas primeira)
                    (let ((stock (copy-list minhas)))
                      (decf (nth indice stock))
                      (return-from melhor-no
                        (criar-no (criar-estado (colocar tab jogador celulas)
                                                (if (= jogador 1) stock pecas1)
                                                (if (= jogador 2) stock pecas2))
                                  (list nome l c))))))))))))))

(defun jogada-computador (no jogador adversario profundidade tempo-limite)
  "One computer move: the new node (NIL: it passes)."
  (declare (ignorable adversario profundidade tempo-limite))
  (let ((novo (melhor-no no jogador)))
    (when novo (registar novo))
    novo))
