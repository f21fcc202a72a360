;;;; Test project (Quatro 2020/21) whose reserve never closes up: the piece
;;;; it plays is replaced by 0 where it stood in the list, here the middle
;;;; one of those left.  Its answer is one move (the board one piece more,
;;;; the reserve one piece less), not a whole game.

(defun casas-vazias (tabuleiro)
  "The empty squares (line column), in reading order."
  (loop for linha in tabuleiro for l from 0
        nconc (loop for casa in linha for c from 0
                    when (eql casa 0) collect (list l c))))

(defun substituir (lista i valor)
  (loop for x in lista for j from 0 collect (if (= i j) valor x)))

(defun pecas-na-reserva (reserva)
  "The positions in RESERVA that still hold a piece."
  (loop for x in reserva for i from 0 when (consp x) collect i))

(defun jogar (estado tempo)
  "Plays the middle piece of the reserve on the first empty square."
  (declare (ignore tempo))
  (let* ((tabuleiro (first estado))
         (reserva (second estado))
         (livres (pecas-na-reserva reserva))
         (i (nth (floor (length livres) 2) livres))
         (casa (first (casas-vazias tabuleiro))))
    (list (substituir tabuleiro (first casa)
                      (substituir (nth (first casa) tabuleiro) (second casa)
                                  (nth i reserva)))
          (substituir reserva i 0))))
