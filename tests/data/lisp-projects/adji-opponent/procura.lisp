;;;; Test project (Adji-boto 2024/25): no jogar; a minimax on a node
;;;; (tabuleiro pai) whose players are numbered the other way round from
;;;; the statement: its player 1 sows the second row (the statement's
;;;; player 2's), its player 2 the first. Called with the statement's side
;;;; it moves the opponent's seeds; with the opponent's number, its own.

(defun cria-no (tabuleiro pai)
  (list tabuleiro pai))

(defun no-tabuleiro (no)
  (first no))

(defun linha-de (jogador)
  (if (= jogador 1) 1 0))

(defun seguinte (l c)
  (cond ((and (= l 1) (< c 5)) (list 1 (1+ c)))
        ((= l 1) (list 0 5))
        ((> c 0) (list 0 (1- c)))
        (t (list 1 0))))

(defun semear (tabuleiro l c)
  "(novo-tabuleiro capturadas) after sowing the pit (L C)."
  (let ((linhas (mapcar #'copy-list tabuleiro))
        (n (nth c (nth l tabuleiro)))
        (casa (list l c)))
    (setf (nth c (nth l linhas)) 0)
    (loop while (> n 0)
          do (setf casa (apply #'seguinte casa))
             (unless (equal casa (list l c))
               (incf (nth (second casa) (nth (first casa) linhas)))
               (decf n)))
    (let ((ultima (nth (second casa) (nth (first casa) linhas))))
      (if (and (/= (first casa) l) (member ultima '(1 3 5)))
          (progn (setf (nth (second casa) (nth (first casa) linhas)) 0)
                 (list linhas ultima))
          (list linhas 0)))))

(defun filhos (no jogador)
  (let ((l (linha-de jogador)) (tabuleiro (no-tabuleiro no)))
    (loop for c from 0 below 6
          when (> (nth c (nth l tabuleiro)) 0)
            collect (let ((r (semear tabuleiro l c)))
                      (list (cria-no (first r) no) (second r))))))

(defun minimax (no profundidade alfa beta maximizar jogador)
  "The child with the most seeds captured (a search one level deep)."
  (declare (ignore alfa beta maximizar))
  (let ((melhor nil) (valor -1))
    (when (> profundidade 0)
      (dolist (f (filhos no jogador))
        (when (> (second f) valor)
          (setf melhor (first f) valor (second f)))))
    (values melhor valor)))
