;;;; Test project (Dots and Boxes 2022/23): no jogar of the championship
;;;; (jogar is the menu); the computer's move is an alfabeta given a depth,
;;;; the list of operators and the utility function as arguments, which
;;;; leaves the chosen node in a global it sets through a helper
;;;; (verificar-melhor-jogada); the node says whether it is a max node, a
;;;; root being one by the constructor's default; the time is measured in
;;;; seconds from a start the search takes as an optional argument.

(defvar *melhor-jogada* nil "The node the last search chose.")
(defvar *nos-analisados* 0)

(defun cria-no (estado jogador &optional (profundidade 0) (tipo-no 'max) (no-pai nil))
  (list estado jogador profundidade tipo-no no-pai))

(defun estado-no (no) (first no))
(defun jogador-no (no) (second no))
(defun profundidade-no (no) (third no))
(defun tipo-no (no) (fourth no))

(defun outro (jogador) (if (= jogador 1) 2 1))
(defun outro-tipo (tipo) (if (eq tipo 'max) 'min 'max))

(defun arco-vazio-p (arco) (or (null arco) (eql arco 0)))

(defun arcos-vazios (linhas)
  "The (linha coluna) of every arc not drawn in LINHAS."
  (loop for linha in linhas for l from 0
        nconc (loop for arco in linha for c from 0
                    when (arco-vazio-p arco) collect (list l c))))

(defun desenhar (linhas l c jogador)
  (loop for linha in linhas for i from 0
        collect (loop for arco in linha for j from 0
                      collect (if (and (= i l) (= j c)) jogador arco))))

(defun arco-horizontal (no)
  "The nodes after the mover draws each horizontal arc."
  (destructuring-bind (h v) (estado-no no)
    (mapcar (lambda (p)
              (cria-no (list (desenhar h (first p) (second p) (jogador-no no)) v)
                       (outro (jogador-no no)) (1+ (profundidade-no no))
                       (outro-tipo (tipo-no no)) no))
            (arcos-vazios h))))

(defun arco-vertical (no)
  "The nodes after the mover draws each vertical arc."
  (destructuring-bind (h v) (estado-no no)
    (mapcar (lambda (p)
              (cria-no (list h (desenhar v (first p) (second p) (jogador-no no)))
                       (outro (jogador-no no)) (1+ (profundidade-no no))
                       (outro-tipo (tipo-no no)) no))
            (arcos-vazios v))))

(defun operadores () (list 'arco-horizontal 'arco-vertical))

(defun sucessores (no operadores)
  (apply #'append (mapcar (lambda (op) (funcall op no)) operadores)))

(defun funcao-utilidade (no)
  "Prefers horizontal arcs near the top (a deterministic toy)."
  (- (length (arcos-vazios (first (estado-no no))))))

(defun verificar-melhor-jogada-alfa (alfa v sucessor)
  "The greater of ALFA and V; a child of the root that raises it is the
move chosen so far."
  (cond ((> v alfa)
         (when (= (profundidade-no sucessor) 1) (setf *melhor-jogada* sucessor))
         v)
        (t alfa)))

(defun alfabeta (no profundidade-limite operadores funcao-utilidade
                 &optional (tempo-limite 5) (alfa most-negative-fixnum)
                   (beta most-positive-fixnum) (tempo-inicial (get-universal-time)))
  "The value of NO; the move chosen in *melhor-jogada*."
  (incf *nos-analisados*)
  (let ((filhos (and (< (profundidade-no no) profundidade-limite)
                     (< (- (get-universal-time) tempo-inicial) tempo-limite)
                     (sucessores no operadores))))
    (if (null filhos)
        (funcall funcao-utilidade no)
        (percorrer filhos profundidade-limite operadores funcao-utilidade
                   tempo-limite alfa beta tempo-inicial (tipo-no no)))))

(defun percorrer (filhos profundidade-limite operadores funcao-utilidade
                  tempo-limite alfa beta tempo-inicial tipo)
  (dolist (f filhos (if (eq tipo 'max) alfa beta))
    (let ((v (alfabeta f profundidade-limite operadores funcao-utilidade
                       tempo-limite alfa beta tempo-inicial)))
      (if (eq tipo 'max)
          (setf alfa (verificar-melhor-jogada-alfa alfa v f))
          (setf beta (min beta v)))
      (when (>= alfa beta)
        (return (if (eq tipo 'max) alfa beta))))))

(defun jogar ()
  "The menu: asks the depth and the time, plays a game against a human."
  (format t "Profundidade? ")
  (let ((profundidade (read))
        (no (cria-no (list (make-list 4 :initial-element (make-list 3 :initial-element 0))
                           (make-list 4 :initial-element (make-list 3 :initial-element 0)))
                     1)))
    (alfabeta no profundidade (operadores) 'funcao-utilidade 5)
    (format t "~a~%" (estado-no *melhor-jogada*))))
