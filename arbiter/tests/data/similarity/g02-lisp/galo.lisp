;;;; Galo 3D -- grupo 02
;;;; O cubo e um array 4x4x4; o motor usa minimax com duas funcoes.

(in-package :arena)

(defvar *cubo-linhas* '())

(defun novo-cubo ()
  (make-array '(4 4 4) :initial-element nil))

(defun simbolo-de (vez)
  (if (evenp vez) :x :o))

(defun coordenadas (jogada)
  "'b23' -> (1 1 2)"
  (list (- (char-code (char jogada 0)) 97)
        (- (char-code (char jogada 1)) 49)
        (- (char-code (char jogada 2)) 49)))

(defun nome-jogada (c)
  (coerce (list (code-char (+ 97 (first c)))
                (code-char (+ 49 (second c)))
                (code-char (+ 49 (third c))))
          'string))

(defun gerar-linhas ()
  ;; cada linha e uma lista de 4 coordenadas; geradas por extremos
  (let ((resultado '())
        (passos '((1 0 0) (0 1 0) (0 0 1) (1 1 0) (1 -1 0) (1 0 1) (1 0 -1)
                  (0 1 1) (0 1 -1) (1 1 1) (1 1 -1) (1 -1 1) (1 -1 -1))))
    (dolist (p passos resultado)
      (dotimes (a 4)
        (dotimes (b 4)
          (dotimes (c 4)
            (let ((fim (list (+ a (* 3 (first p)))
                             (+ b (* 3 (second p)))
                             (+ c (* 3 (third p))))))
              (when (every (lambda (v) (<= 0 v 3)) fim)
                (push (loop for k below 4
                            collect (list (+ a (* k (first p)))
                                          (+ b (* k (second p)))
                                          (+ c (* k (third p)))))
                      resultado)))))))))

(defun peca (cubo c)
  (aref cubo (first c) (second c) (third c)))

(defun livres (cubo)
  (let ((r '()))
    (dotimes (a 4 r)
      (dotimes (b 4)
        (dotimes (c 4)
          (unless (aref cubo a b c)
            (push (list a b c) r)))))))

(defun com-peca (cubo c s)
  (let ((n (make-array '(4 4 4))))
    (dotimes (i 64)
      (setf (row-major-aref n i) (row-major-aref cubo i)))
    (setf (aref n (first c) (second c) (third c)) s)
    n))

(defun ganhou (cubo s)
  (some (lambda (linha)
          (every (lambda (c) (eq (peca cubo c) s)) linha))
        *cubo-linhas*))

(defun heuristica (cubo s)
  (let ((outro (if (eq s :x) :o :x))
        (h 0))
    (dolist (linha *cubo-linhas* h)
      (let ((pecas (mapcar (lambda (c) (peca cubo c)) linha)))
        (cond ((and (member s pecas) (not (member outro pecas)))
               (incf h (expt 3 (count s pecas))))
              ((and (member outro pecas) (not (member s pecas)))
               (decf h (expt 3 (count outro pecas)))))))))

(defun valor-max (cubo s nivel)
  (let ((outro (if (eq s :x) :o :x)))
    (cond ((ganhou cubo outro) -1000)
          ((or (= nivel 0) (null (livres cubo))) (heuristica cubo s))
          (t (reduce #'max (mapcar (lambda (c) (valor-min (com-peca cubo c s) s (1- nivel)))
                                   (livres cubo)))))))

(defun valor-min (cubo s nivel)
  (let ((outro (if (eq s :x) :o :x)))
    (cond ((ganhou cubo s) 1000)
          ((or (= nivel 0) (null (livres cubo))) (heuristica cubo s))
          (t (reduce #'min (mapcar (lambda (c) (valor-max (com-peca cubo c outro) s (1- nivel)))
                                   (livres cubo)))))))

(defun decidir (cubo vez)
  (let ((s (simbolo-de vez))
        (melhor nil)
        (v -100000))
    (dolist (c (livres cubo) melhor)
      (let ((x (valor-min (com-peca cubo c s) s 1)))
        (when (> x v)
          (setf v x melhor c))))))

(defun montar (palavras)
  (setf *cubo-linhas* (or *cubo-linhas* (gerar-linhas)))
  (let ((cubo (novo-cubo))
        (vez 0))
    (dolist (j (cdr (member "moves" palavras :test #'equal)))
      (setf cubo (com-peca cubo (coordenadas j) (simbolo-de vez)))
      (incf vez))
    (list cubo vez)))

(defun arrancar ()
  (ciclo-arena (lambda (pos ms)
                 (declare (ignore ms))
                 (nome-jogada (decidir (first pos) (second pos))))
               #'montar))
