;;;; Adji-boto, written the 2024/25 way: its own package, (jogar estado tempo)
;;;; returning ((linha coluna) novo-estado), always playing row 0.  A
;;;; one-ply search: the sowing that captures most, the rightmost on ties.

(defpackage :p7-9 (:use :common-lisp))
(in-package :p7-9)

(defun seguinte (l c)
  (cond ((and (= l 1) (< c 5)) (list 1 (1+ c)))
        ((= l 1) (list 0 5))
        ((> c 0) (list 0 (1- c)))
        (t (list 1 0))))

(defun operador (tabuleiro c)
  "(novo-tabuleiro capturadas) after sowing (0 c)."
  (let ((linhas (mapcar #'copy-list tabuleiro))
        (n (nth c (first tabuleiro)))
        (casa (list 0 c)))
    (setf (nth c (first linhas)) 0)
    (loop while (> n 0)
          do (setf casa (apply #'seguinte casa))
             (unless (equal casa (list 0 c))
               (incf (nth (second casa) (nth (first casa) linhas)))
               (decf n)))
    (let ((ultima (nth (second casa) (nth (first casa) linhas))))
      (if (and (= (first casa) 1) (member ultima '(1 3 5)))
          (progn (setf (nth (second casa) (nth 1 linhas)) 0) (list linhas ultima))
          (list linhas 0)))))

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let* ((tabuleiro (first estado))
         (pontos (second estado))
         (melhor nil))
    (dotimes (c 6)
      (when (> (nth c (first tabuleiro)) 0)
        (let ((r (operador tabuleiro c)))
          (when (or (null melhor) (>= (second r) (second (second melhor))))
            (setf melhor (list c r))))))
    (destructuring-bind (c (novo capturadas)) melhor
      (list (list 0 c)
            (list novo (list (+ (first pontos) capturadas) (second pontos)))))))
