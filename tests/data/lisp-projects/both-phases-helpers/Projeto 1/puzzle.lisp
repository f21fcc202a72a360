;;; Projeto 1's rules: one knight (T) alone on the board.  Its own versions
;;; of names phase 2 defines again call helpers only Projeto 1 has.
(defun casa (tab l c) (nth c (nth l tab)))

(defun jogadas (tab)
  "The squares with a number the lone knight reaches."
  (let ((aqui (loop for linha in tab for l from 0
                    for c = (position t linha)
                    when c return (list l c))))
    (loop for (dl dc) in '((2 -1) (2 1) (1 2) (-1 2) (-2 1) (-2 -1) (-1 -2) (1 -2))
          for l = (+ (first aqui) dl) for c = (+ (second aqui) dc)
          when (casa-livre-p tab l c)
            collect (list l c))))

(defun casa-livre-p (tab l c)
  "Is (L C) on the board with a number?"
  (and (<= 0 l 9) (<= 0 c 9) (integerp (casa tab l c))))

(defun mover (tab destino)
  "The board with the lone knight on DESTINO."
  (loop for linha in tab for l from 0
        collect (loop for x in linha for c from 0
                      collect (cond ((equal (list l c) destino) t)
                                    ((eq x t) nil)
                                    (t x)))))
