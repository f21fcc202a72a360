;;;; Test project (Dots and Boxes 2016/17): an arc not drawn is NIL, as
;;;; the projects of that year wrote it; draws the first one.
(defun primeiro-vazio (linhas jogador)
  "LINHAS with its first NIL made JOGADOR, and whether one was."
  (let ((feito nil))
    (values (mapcar (lambda (linha)
                      (mapcar (lambda (arco)
                                (if (and (null arco) (not feito))
                                    (progn (setf feito t) jogador)
                                    arco))
                              linha))
                    linhas)
            feito)))

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind ((h v) jogador p1 p2) estado
    (multiple-value-bind (h2 feito) (primeiro-vazio h jogador)
      (list (list (if feito (list h2 v) (list h (primeiro-vazio v jogador)))
                  jogador p1 p2)))))
