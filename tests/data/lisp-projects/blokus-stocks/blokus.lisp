;;;; Test project (Blokus Duo, 2021/22 contract: estado (tabuleiro jogador
;;;; pecas-1 pecas-2), answer (jogada novo-estado)) that reads its stock:
;;;; it places the biggest piece it still has (b, then c1 / c2, then a) at
;;;; the first legal reference cell.  With no stock in the estado (NIL) the
;;;; first comparison with a count signals an error.
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

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador pecas1 pecas2) estado
    (let* ((minhas (if (= jogador 1) pecas1 pecas2))
           (primeira (notany (lambda (linha) (member jogador linha)) tab)))
      (dolist (peca *pecas* (list nil estado))
        (destructuring-bind (nome indice forma) peca
          (when (> (nth indice minhas) 0)
            (dotimes (l 14)
              (dotimes (c 14)
                (let ((celulas (mapcar (lambda (d) (list (+ l (first d)) (+ c (second d)))) forma)))
                  (when (cabe-p tab jogador celulas primeira)
                    (let ((stock (copy-list minhas)))
                      (decf (nth indice stock))
                      (return-from jogar
                        (list (list nome l c)
                              (list (colocar tab jogador celulas) jogador
                                    (if (= jogador 1) stock pecas1)
                                    (if (= jogador 2) stock pecas2)))))))))))))))
