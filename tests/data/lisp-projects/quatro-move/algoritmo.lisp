;;;; Test project (Quatro 2020/21): the search answers the move only, the
;;;; piece and its square as (peca (x y)), column then row, from 0.
(defun casas-vazias (tabuleiro)
  (loop for linha in tabuleiro for y from 0
        nconc (loop for casa in linha for x from 0
                    when (eql casa 0) collect (list x y))))

(defun nega-memo (estado tempo profundidade)
  (declare (ignore tempo profundidade))
  (let ((peca (first (second estado)))
        (casa (first (casas-vazias (first estado)))))
    (list (list peca casa))))
