;;; Projeto de IA -- Galo tridimensional
;;; Grupo 03. Estrategia: regras por prioridade, sem procura em arvore.

(in-package :arena)

(defstruct estado
  (ocupadas (make-hash-table :test #'equal))
  (proximo 'a))

(defparameter *eixos* '(0 1 2 3))

(defun chave (x y z) (list x y z))

(defun todas-as-linhas ()
  (let ((ls nil))
    (dolist (u *eixos*)
      (dolist (v *eixos*)
        (push (mapcar (lambda (w) (chave w u v)) *eixos*) ls)
        (push (mapcar (lambda (w) (chave u w v)) *eixos*) ls)
        (push (mapcar (lambda (w) (chave u v w)) *eixos*) ls)))
    (dolist (u *eixos*)
      (push (mapcar (lambda (w) (chave w w u)) *eixos*) ls)
      (push (mapcar (lambda (w) (chave w (- 3 w) u)) *eixos*) ls)
      (push (mapcar (lambda (w) (chave w u w)) *eixos*) ls)
      (push (mapcar (lambda (w) (chave w u (- 3 w))) *eixos*) ls)
      (push (mapcar (lambda (w) (chave u w w)) *eixos*) ls)
      (push (mapcar (lambda (w) (chave u w (- 3 w))) *eixos*) ls))
    (push (mapcar (lambda (w) (chave w w w)) *eixos*) ls)
    (push (mapcar (lambda (w) (chave w w (- 3 w))) *eixos*) ls)
    (push (mapcar (lambda (w) (chave w (- 3 w) w)) *eixos*) ls)
    (push (mapcar (lambda (w) (chave (- 3 w) w w)) *eixos*) ls)
    ls))

(defvar *todas* (todas-as-linhas))

(defun dono (e c) (gethash c (estado-ocupadas e)))

(defun vazias (e)
  (let ((r nil))
    (dolist (x *eixos*)
      (dolist (y *eixos*)
        (dolist (z *eixos*)
          (unless (dono e (chave x y z))
            (push (chave x y z) r)))))
    (reverse r)))

(defun contagem (e linha quem)
  (values (count quem linha :key (lambda (c) (dono e c)))
          (count nil linha :key (lambda (c) (dono e c)))))

(defun casa-que-completa (e quem)
  "Uma casa vazia que da a QUEM quatro em linha."
  (dolist (linha *todas*)
    (multiple-value-bind (n livres) (contagem e linha quem)
      (when (and (= n 3) (= livres 1))
        (return (find-if (lambda (c) (null (dono e c))) linha))))))

(defun potencial (e c quem)
  (let ((p 0))
    (dolist (linha *todas* p)
      (when (member c linha :test #'equal)
        (multiple-value-bind (n livres) (contagem e linha quem)
          (when (= (+ n livres) 4)
            (incf p (* (1+ n) (1+ n)))))))))

(defun escolha (e)
  (let ((eu (estado-proximo e))
        (ele (if (eq (estado-proximo e) 'a) 'b 'a)))
    (or (casa-que-completa e eu)
        (casa-que-completa e ele)
        (let ((melhor nil) (pontos -1))
          (dolist (c (vazias e) melhor)
            (let ((q (+ (potencial e c eu) (potencial e c ele))))
              (when (> q pontos)
                (setf pontos q melhor c))))))))

(defun aplicar (e texto)
  (let ((c (chave (position (char texto 0) "abcd")
                  (position (char texto 1) "1234")
                  (position (char texto 2) "1234"))))
    (setf (gethash c (estado-ocupadas e)) (estado-proximo e))
    (setf (estado-proximo e) (if (eq (estado-proximo e) 'a) 'b 'a))
    e))

(defun traduzir (c)
  (format nil "~c~c~c" (char "abcd" (first c)) (char "1234" (second c)) (char "1234" (third c))))

(defun posicao (palavras)
  (reduce #'aplicar (rest (member "moves" palavras :test #'string=))
          :initial-value (make-estado)))

(defun inicio ()
  (ciclo-arena (lambda (e ms) (declare (ignore ms)) (traduzir (escolha e)))
               #'posicao))
