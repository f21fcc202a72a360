;;;; Test project (knight 2023/24): jogar plays a whole game, printing it,
;;;; until nobody can move (each player jumps to the first square it can);
;;;; no function makes one move.
(defun jogar (tab jogador tempo profundidade modo)
  (declare (ignore tempo profundidade modo))
  (let* ((peca (- jogador))
         (aqui (loop for linha in tab for l from 0
                     for c = (position peca linha)
                     when c return (list l c)))
         (destino (and aqui
                       (loop for (dl dc) in '((2 -1) (2 1) (1 2) (-1 2) (-2 1) (-2 -1) (-1 -2) (1 -2))
                             for l = (+ (first aqui) dl) for c = (+ (second aqui) dc)
                             when (and (<= 0 l 9) (<= 0 c 9) (integerp (nth c (nth l tab))))
                               return (list l c)))))
    (format t "jogador ~a: ~a~%" jogador destino)
    (if (null destino)
        tab
        (jogar (loop for linha in tab for l from 0
                     collect (loop for x in linha for c from 0
                                   collect (cond ((equal (list l c) destino) peca)
                                                 ((equal (list l c) aqui) nil)
                                                 (t x))))
               (- 3 jogador) 0 0 0))))
