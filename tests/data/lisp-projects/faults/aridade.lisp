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

(defun melhor (tab peca)
  "The reachable square with the highest number (NIL: none)."
  (let ((melhor nil))
    (dolist (p (jogadas tab peca) melhor)
      (when (or (null melhor)
                (> (casa tab (first p) (second p)) (casa tab (first melhor) (second melhor))))
        (setf melhor p)))))

;;;; Deliberate fault: a helper called with an argument too many (the group
;;;; added the depth to the call and not to the function); the error starts
;;;; in AVALIAR, not in jogar, and the verdict says so.
(defun avaliar (tab peca) (melhor tab peca))

(defun escolher (tab peca)
  (avaliar tab peca 3))

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let* ((tab (first estado)) (peca (- (second estado)))
         (escolha (escolher tab peca)))
    (list (list (if escolha (mover tab peca escolha) tab)))))
