;;;; Test project (Adji-boto, 2024/25 contract) that compares a raw
;;;; get-internal-real-time difference with tempo, as written under
;;;; LispWorks (1000 units a second).  It weighs the root moves one by one
;;;; (2 ms each) until the clock says stop: read as milliseconds under SBCL
;;;; (a million units a second) it stops after the first root move.  The
;;;; kit must read the source and pass tempo in raw units.
(defpackage :adji-raw (:use :common-lisp))
(in-package :adji-raw)

(defvar *avaliadas* 0 "How many root moves the last search weighed.")

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
  (let* ((tabuleiro (first estado))
         (pontos (second estado))
         (inicio (get-internal-real-time))
         (melhor nil))
    (setf *avaliadas* 0)
    (dotimes (c 6)
      (when (and melhor (> (- (get-internal-real-time) inicio) tempo))
        (return))
      (when (> (nth c (first tabuleiro)) 0)
        (sleep 0.002)
        (incf *avaliadas*)
        (let ((r (operador tabuleiro c)))
          (when (or (null melhor) (> (second r) (second (second melhor))))
            (setf melhor (list c r))))))
    (destructuring-bind (c (novo capturadas)) melhor
      (list (list 0 c)
            (list novo (list (+ (first pontos) capturadas) (second pontos)))))))
