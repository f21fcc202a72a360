;;;; Test project (Dots and Boxes 2016/17, a `.lsp` file): an arc not drawn
;;;; is NIL; no jogar: the computer's move is an alfa-beta given a depth,
;;;; the player's piece and the utility function's name ('funcao-utilidade)
;;;; that leaves the chosen node in a global (*jogada-pc*); its optional
;;;; start time is the clock when it is called; the game loop
;;;; (computador-joga) prints and asks the human for the next move.

(defvar *jogada-pc* nil)
(defvar *cortes* 0)

(defun cria-no (estado &optional (profundidade 0) (utilidade 0) (caixas-jogador-1 0) (caixas-jogador-2 0))
  (list estado profundidade utilidade caixas-jogador-1 caixas-jogador-2))

(defun get-no-estado (no) (first no))
(defun get-no-profundidade (no) (second no))
(defun get-no-utilidade (no) (third no))

(defun troca-peca (peca) (if (= peca 1) 2 1))

(defun livres (linhas)
  (loop for linha in linhas for l from 0
        nconc (loop for arco in linha for c from 0
                    unless arco collect (list l c))))

(defun pinta (linhas l c peca)
  (loop for linha in linhas for i from 0
        collect (loop for arco in linha for j from 0
                      collect (if (and (= i l) (= j c)) peca arco))))

(defun sucessores-alfabeta (no peca f-utilidade)
  (destructuring-bind (h v) (get-no-estado no)
    (let ((prof (1+ (get-no-profundidade no))))
      (flet ((filho (estado) (let ((n (cria-no estado prof 0)))
                               (cria-no estado prof (funcall f-utilidade n peca)))))
        (append (mapcar (lambda (p) (filho (list (pinta h (first p) (second p) peca) v))) (livres h))
                (mapcar (lambda (p) (filho (list h (pinta v (first p) (second p) peca)))) (livres v)))))))

(defun funcao-utilidade (no peca)
  (declare (ignore peca))
  (length (livres (second (get-no-estado no)))))

(defun verifica-maior-sucessor (alfa valor sucessor)
  (cond ((> valor alfa) (when (= (get-no-profundidade sucessor) 1) (setf *jogada-pc* sucessor)) valor)
        (t alfa)))

(defun alfa-beta (no profundidade-limite peca f-utilidade &optional (alfa -999999) (beta 999999)
                  (tempo-inicial (get-universal-time)) (tempo-maximo 5000))
  "The value of NO at PROFUNDIDADE-LIMITE; the move chosen in *jogada-pc*."
  (let ((filhos (and (/= (get-no-profundidade no) profundidade-limite)
                     (< (- (get-universal-time) tempo-inicial) tempo-maximo)
                     (sucessores-alfabeta no peca f-utilidade))))
    (cond ((null filhos) (get-no-utilidade no))
          ((evenp (get-no-profundidade no))
           (dolist (f filhos alfa)
             (setf alfa (verifica-maior-sucessor
                         alfa (alfa-beta f profundidade-limite (troca-peca peca) f-utilidade
                                         alfa beta tempo-inicial tempo-maximo)
                         f))
             (when (>= alfa beta) (incf *cortes*) (return beta))))
          (t
           (dolist (f filhos beta)
             (setf beta (min beta (alfa-beta f profundidade-limite (troca-peca peca) f-utilidade
                                             alfa beta tempo-inicial tempo-maximo)))
             (when (<= beta alfa) (incf *cortes*) (return alfa)))))))

(defun humano-joga (tabuleiro peca)
  (format t "Linha? ")
  (let ((l (read)) (c (read)))
    (computador-joga (list (pinta (first tabuleiro) l c peca) (second tabuleiro))
                     (troca-peca peca) 0 0 nil)))

(defun computador-joga (tabuleiro peca caixas-j1 caixas-j2 caminho
                        &optional (tempo-jogada (get-universal-time)))
  "The game loop: the computer's move, then the human's."
  (declare (ignore caminho tempo-jogada))
  (alfa-beta (cria-no tabuleiro 0 0 caixas-j1 caixas-j2) 2 peca 'funcao-utilidade)
  (format t "~a~%" (get-no-estado *jogada-pc*))
  (when (livres (first (get-no-estado *jogada-pc*)))
    (humano-joga (get-no-estado *jogada-pc*) (troca-peca peca))))
