;;;; Test project (2022/23, Dots and Boxes): jogar answers only the move,
;;;; (arco-horizontal i j) or (arco-vertical a b) counted from 1 as in the
;;;; statement (a = dot column, b = box row), one arc per call.
(defun arcos-livres (estado)
  "The undrawn arcs as course operators."
  (let ((h (first (first estado))) (v (second (first estado))))
    (append (loop for linha in h for i from 1
                  nconc (loop for x in linha for j from 1
                              when (eql x 0) collect (list 'arco-horizontal i j)))
            (loop for coluna in v for a from 1
                  nconc (loop for x in coluna for b from 1
                              when (eql x 0) collect (list 'arco-vertical a b))))))

(defun lados (estado i j)
  "Drawn sides of box (I J), 1-based."
  (let ((h (first (first estado))) (v (second (first estado))))
    (count-if-not #'zerop (list (nth (1- j) (nth (1- i) h)) (nth (1- j) (nth i h))
                                (nth (1- i) (nth (1- j) v)) (nth (1- i) (nth j v))))))

(defun caixas-do-arco (estado arco)
  (destructuring-bind (op x y) arco
    (let ((linhas (length (second (first (first estado))) ))
          (n (1- (length (first (first estado))))))
      (declare (ignore linhas))
      (if (eq op 'arco-horizontal)
          (remove nil (list (and (> x 1) (list (1- x) y)) (and (<= x n) (list x y))))
          (let ((m (length (first (first (first estado))))))
            (remove nil (list (and (> x 1) (list y (1- x))) (and (<= x m) (list y x)))))))))

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let* ((livres (arcos-livres estado))
         (fecha (find-if (lambda (a) (some (lambda (c) (= 3 (lados estado (first c) (second c))))
                                           (caixas-do-arco estado a)))
                         livres))
         (seguro (find-if (lambda (a) (notany (lambda (c) (= 2 (lados estado (first c) (second c))))
                                              (caixas-do-arco estado a)))
                          livres)))
    (list (or fecha seguro (first livres)))))
