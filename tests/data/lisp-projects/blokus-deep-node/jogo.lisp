;;;; Test project (Blokus Duo, 2021/22): no jogar; a search on a node
;;;; ((tabuleiro (pecas-jogador-1 pecas-jogador-2)) profundidade pai) whose
;;;; answer is (no valor segundos nos cortes jogador): the new board three
;;;; lists deep.  The node's shape is told only by the initial node the
;;;; project builds (no-inicial), whose stocks are a list beside the bare
;;;; board.  The search is given whose turn it is (maxTurn, t / nil), the
;;;; player maximising and the one minimising (maxPlayer, minPlayer: 1 / 2)
;;;; and the functions it calls by their names (sucessores, heuristica,
;;;; no-pai), as the project's own menu passes them.
(defparameter *pecas*
  ;; (nome indice-do-stock celulas (dl dc) a partir da referencia)
  '((peca-b 1 ((0 0) (0 1) (1 0) (1 1)))
    (peca-c-1 2 ((0 0) (0 1) (-1 1) (-1 2)))
    (peca-c-2 2 ((0 0) (1 0) (1 1) (2 1)))
    (peca-a 0 ((0 0)))))

(defun celula (tab l c)
  (and (<= 0 l 13) (<= 0 c 13) (nth c (nth l tab))))

(defun cabe-p (tab jogador celulas primeira)
  (let ((canto (if (= jogador 1) '(0 0) '(13 13))))
    (and (every (lambda (p) (eql (celula tab (first p) (second p)) 0)) celulas)
         (notany (lambda (p)
                   (loop for (dl dc) in '((1 0) (-1 0) (0 1) (0 -1))
                         thereis (eql (celula tab (+ (first p) dl) (+ (second p) dc)) jogador)))
                 celulas)
         (if primeira
             (member canto celulas :test #'equal)
             (some (lambda (p)
                     (loop for (dl dc) in '((1 1) (1 -1) (-1 1) (-1 -1))
                           thereis (eql (celula tab (+ (first p) dl) (+ (second p) dc)) jogador)))
                   celulas)))))

(defun colocar (tab jogador celulas)
  (loop for linha in tab for l from 0
        collect (loop for x in linha for c from 0
                      collect (if (member (list l c) celulas :test #'equal) jogador x))))

(defun no-inicial ()
  "The start: an empty 14 x 14 board, each player's stock (a b c)."
  (list (list (make-list 14 :initial-element (make-list 14 :initial-element 0))
              (list (list 10 10 15) (list 10 10 15)))
        0 nil))

(defun no-estado (no) (first no))

(defun no-profundidade (no) (second no))

(defun no-pai (no) (third no))

(defun sucessores (no jogador)
  "The nodes after each piece JOGADOR can place, each at the first legal cell."
  (destructuring-bind (tab (pecas1 pecas2)) (no-estado no)
    (let* ((minhas (if (= jogador 1) pecas1 pecas2))
           (primeira (notany (lambda (linha) (member jogador linha)) tab))
           (filhos '()))
      (dolist (peca *pecas* (nreverse filhos))
        (destructuring-bind (nome indice forma) peca
          (declare (ignore nome))
          (when (> (nth indice minhas) 0)
            (block peca
              (dotimes (l 14)
                (dotimes (c 14)
                  (let ((celulas (mapcar (lambda (d) (list (+ l (first d)) (+ c (second d))))
                                         forma)))
                    (when (cabe-p tab jogador celulas primeira)
                      (let ((stock (copy-list minhas)))
                        (decf (nth indice stock))
                        (push (list (list (colocar tab jogador celulas)
                                          (list (if (= jogador 1) stock pecas1)
                                                (if (= jogador 2) stock pecas2)))
                                    (1+ (no-profundidade no)) no)
                              filhos)
                        (return-from peca)))))))))))))

(defun heuristica (no max-jogador min-jogador)
  "The squares of MAX-JOGADOR less those of MIN-JOGADOR."
  (let ((casas (apply #'append (first (no-estado no)))))
    (- (count max-jogador casas) (count min-jogador casas))))

(defun procura-jogada (no profundidade alfa beta maxTurn maxPlayer minPlayer tempo-limite
                       sucessores heuristica no-pai)
  "(no-seguinte valor segundos nos cortes jogador): the child of NO best for
the player whose turn it is (NIL: it passes)."
  (declare (ignorable profundidade alfa beta tempo-limite))
  (let* ((jogador (if maxTurn maxPlayer minPlayer))
         (filhos (funcall sucessores no jogador))
         (melhor (first filhos)))
    (dolist (f filhos)
      (when (> (funcall heuristica f maxPlayer minPlayer)
               (funcall heuristica melhor maxPlayer minPlayer))
        (setf melhor f)))
    (and melhor
         (eq (funcall no-pai melhor) no)
         (list melhor (funcall heuristica melhor maxPlayer minPlayer) 0 (length filhos) 0
               maxPlayer))))

(defun jogada-pc-pc (no tempo jogador adversario)
  "The menu's game of two computers."
  (let ((seguinte (procura-jogada no 2 -1000 1000 t jogador adversario tempo
                                  'sucessores 'heuristica 'no-pai)))
    (when seguinte
      (jogada-pc-pc (first seguinte) tempo adversario jogador))))
