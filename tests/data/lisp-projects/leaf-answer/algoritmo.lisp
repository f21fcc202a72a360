;;;; Test project (knight 2023/24): no jogar; a negamax whose answer is the
;;;; last board of its principal variation, PROFUNDIDADE moves on (12 by
;;;; default): only at depth 1 is that board one move from the position.
;;; Knight rules (a small copy in every test project, each loaded alone)
(defparameter *saltos* '((2 -1) (2 1) (1 2) (-1 2) (-2 1) (-2 -1) (-1 -2) (1 -2)))

(defun casa (tab l c) (nth c (nth l tab)))

(defun onde-esta (tab peca)
  (loop for linha in tab for l from 0
        for c = (position peca linha)
        when c return (list l c)))

(defun saltos-de (pos)
  (loop for (dl dc) in *saltos*
        for l = (+ (first pos) dl) for c = (+ (second pos) dc)
        when (and (<= 0 l 9) (<= 0 c 9)) collect (list l c)))

(defun jogadas (tab peca)
  "Squares with a number that the piece reaches and the opponent does not attack."
  (let* ((minha (onde-esta tab peca))
         (dele (onde-esta tab (if (= peca -1) -2 -1)))
         (atacadas (and dele (saltos-de dele))))
    (when minha
      (remove-if (lambda (p) (or (not (integerp (casa tab (first p) (second p))))
                                 (< (casa tab (first p) (second p)) 0)
                                 (member p atacadas :test #'equal)))
                 (saltos-de minha)))))

(defun mover (tab peca destino)
  "The board with PECA moved to DESTINO (its old square emptied)."
  (let ((origem (onde-esta tab peca)))
    (loop for linha in tab for l from 0
          collect (loop for x in linha for c from 0
                        collect (cond ((equal (list l c) destino) peca)
                                      ((equal (list l c) origem) nil)
                                      (t x))))))

(defun outra (peca) (if (= peca -1) -2 -1))

(defun melhor-filho (tab peca)
  "The board after PECA's move that leaves the opponent fewest moves."
  (let ((melhor nil) (valor 0))
    (dolist (d (jogadas tab peca) melhor)
      (let* ((filho (mover tab peca d))
             (v (- (length (jogadas filho (outra peca))))))
        (when (or (null melhor) (> v valor))
          (setf melhor filho valor v))))))

(defun negamax (tabuleiro tempo &optional (peca -1) (profundidade 12))
  "The last board of the principal variation, PROFUNDIDADE moves on."
  (declare (ignorable tempo))
  (let ((filho (and (> profundidade 0) (melhor-filho tabuleiro peca))))
    (if filho
        (negamax filho tempo (outra peca) (1- profundidade))
        tabuleiro)))
