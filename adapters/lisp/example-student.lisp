;;;; example-student.lisp -- a tiny "student" engine, written the course's way,
;;;; for the adapter's tests and as a model of the championship interface:
;;;;
;;;;     (jogar estado tempo)  ->  (novo-estado)
;;;;     Quatro: (jogar estado tempo)  ->  (coordenadas novo-estado)
;;;;     Adji-boto: (jogar estado tempo)  ->  ((linha coluna) novo-estado)
;;;;     Solitario: (jogar tabuleiro tempo)  ->  ((operador linha coluna) novo-tabuleiro)
;;;;     Galo 3D (2015/16): (jogar estado simbolo tempo)  ->  novo-tabuleiro
;;;;
;;;; estado = (tabuleiro jogador pontos-1 pontos-2), as tabula.lisp builds it
;;;; by default; Quatro's estado is the course's (tabuleiro reserva), Adji-boto's
;;;; (tabuleiro (pontos-1 pontos-2)), always seen from row 0.  No
;;;; search, greedy:
;;;;   - knight / bishop / rook (torre): jump to the highest number the piece may reach
;;;;     (not onto a square the opponent attacks); no such square: pass
;;;;     (the board comes back unchanged);
;;;;   - dots: close every box it can (one call plays the whole turn), then
;;;;     draw an arc that gives no box its third side, else any arc.  With
;;;;     *um-arco-por-chamada* true it draws a single arc per call instead
;;;;     (jogar is called again while the turn lasts);
;;;;   - quatro: complete a line when it can, else place a piece after which
;;;;     no piece of the reserve completes a line, else the first placement.
;;;;     The coordenadas are (x y), column then row, 1-based;
;;;;   - adji-boto: sow the pit of row 0 whose last seed captures the most
;;;;     (1, 3 or 5 seeds on row 1), else the leftmost pit with seeds;
;;;;   - solitario: the estado is the bare board and *jogador* (set by the
;;;;     adapter) says whose turn it is; reach the opponent's start holes
;;;;     when it can, else capture, else the first step forward, else the
;;;;     first move (operators d e c b, cd ce cc cb, 1-based row and column).
;;;;   - galo 3D: complete a line of its symbol when it can, else block the
;;;;     opponent's, else the first empty cell (level 3 first).
;;;;   - blokus (estado (tabuleiro jogador pecas-1 pecas-2), the 2021 pieces):
;;;;     the first placement, in operator order, of the largest piece it can
;;;;     place; none: the board comes back unchanged (a pass).
;;;; The rules of landing (symmetric numbers, doubles) are applied to the new
;;;; board as the course asks; the adapter only reads where the piece went.
;;;;
;;;; Try it:  sbcl --script adapters/lisp/run.lisp adapters/lisp/example-student.lisp

;;; ------------------------------------------------------------------------
;;; Boards: lists of rows
;;; ------------------------------------------------------------------------

(defun celula (tabuleiro linha coluna)
  (nth coluna (nth linha tabuleiro)))

(defun substituir (tabuleiro linha coluna valor)
  "A copy of TABULEIRO with VALOR at (LINHA COLUNA)."
  (loop for l in tabuleiro for i from 0
        collect (if (= i linha)
                    (loop for x in l for j from 0 collect (if (= j coluna) valor x))
                    (copy-list l))))

(defun numero-p (x)
  "A square that still holds a number (the pieces are -1 and -2)."
  (and (integerp x) (>= x 0)))

;;; ------------------------------------------------------------------------
;;; Knight, bishop and rook (torre)
;;; ------------------------------------------------------------------------

(defparameter *saltos-cavalo* '((2 -1) (2 1) (1 2) (-1 2) (-2 1) (-2 -1) (-1 -2) (1 -2)))
(defparameter *diagonais* '((1 1) (1 -1) (-1 -1) (-1 1)))
(defparameter *direcoes-torre* '((1 0) (0 1) (-1 0) (0 -1)))

(defun posicao-peca (tabuleiro peca)
  "(linha coluna) of PECA (-1 or -2), NIL if it is not on the board."
  (loop for l in tabuleiro for i from 0
        for j = (position peca l)
        when j return (list i j)))

(defun dentro-p (n linha coluna)
  (and (< -1 linha n) (< -1 coluna n)))

(defun casas-alcancadas (n casa)
  "The squares a piece on CASA reaches on an empty board of side N: the
knight's jumps (N = 10), the bishop's diagonals (N = 8) or the rook's row
and column (N = 7); nothing blocks a slide."
  (let ((l (first casa)) (c (second casa)))
    (if (= n 10)
        (loop for (dl dc) in *saltos-cavalo*
              when (dentro-p n (+ l dl) (+ c dc)) collect (list (+ l dl) (+ c dc)))
        (loop for (dl dc) in (if (= n 8) *diagonais* *direcoes-torre*)
              nconc (loop for k from 1
                          while (dentro-p n (+ l (* k dl)) (+ c (* k dc)))
                          collect (list (+ l (* k dl)) (+ c (* k dc))))))))

(defun jogadas-possiveis (tabuleiro jogador)
  "Squares holding a number, reachable by my piece, not attacked by the other."
  (let* ((n (length tabuleiro))
         (eu (posicao-peca tabuleiro (- jogador)))
         (ele (posicao-peca tabuleiro (- (- 3 jogador))))
         (atacadas (and ele (casas-alcancadas n ele))))
    (when eu
      (remove-if-not (lambda (casa)
                       (and (numero-p (celula tabuleiro (first casa) (second casa)))
                            (not (member casa atacadas :test #'equal))))
                     (casas-alcancadas n eu)))))

(defun remover-numero (tabuleiro numero)
  (mapcar (lambda (l) (substitute nil numero l)) tabuleiro))

(defun existe-numero-p (tabuleiro numero)
  (some (lambda (l) (member numero l)) tabuleiro))

(defun mover (tabuleiro jogador casa)
  "The board after my piece lands on CASA: the old square and the number
go, the symmetric number goes, or on a double the largest other double."
  (let* ((eu (posicao-peca tabuleiro (- jogador)))
         (valor (celula tabuleiro (first casa) (second casa)))
         (novo (substituir (substituir tabuleiro (first eu) (second eu) nil)
                           (first casa) (second casa) (- jogador)))
         (dezenas (floor valor 10))
         (unidades (mod valor 10)))
    (if (/= dezenas unidades)
        (remover-numero novo (+ (* 10 unidades) dezenas))
        (let ((duplo (loop for d from 99 downto 0 by 11
                           when (existe-numero-p novo d) return d)))
          (if duplo (remover-numero novo duplo) novo)))))

(defun jogar-peca (tabuleiro jogador)
  "(novo-tabuleiro pontos-ganhos): the greedy move, or a pass."
  (let ((casas (jogadas-possiveis tabuleiro jogador)))
    (if (null casas)
        (list tabuleiro 0)
        (let ((melhor (first (sort (copy-list casas) #'>
                                   :key (lambda (casa) (celula tabuleiro (first casa) (second casa)))))))
          (list (mover tabuleiro jogador melhor)
                (celula tabuleiro (first melhor) (second melhor)))))))

;;; ------------------------------------------------------------------------
;;; Dots and Boxes: tabuleiro = (H V)
;;; ------------------------------------------------------------------------
;;; An arc is (:h i j) -- (nth j (nth i H)), dot row i, box column j -- or
;;; (:v i j) -- (nth i (nth j V)), box row i, dot column j.

(defun valor-arco (tabuleiro arco)
  (destructuring-bind (tipo i j) arco
    (if (eq tipo :h)
        (nth j (nth i (first tabuleiro)))
        (nth i (nth j (second tabuleiro))))))

(defun arco-livre-p (valor)
  "An arc not drawn: 0, or NIL as the 2016/17 projects wrote it."
  (or (null valor) (eql 0 valor)))

(defun arcos-livres (tabuleiro)
  (let* ((h (first tabuleiro)) (linhas (1- (length h))) (colunas (length (first h))))
    (append (loop for i from 0 to linhas
                  nconc (loop for j from 0 below colunas collect (list :h i j)))
            (loop for j from 0 to colunas
                  nconc (loop for i from 0 below linhas collect (list :v i j))))))

(defun livres (tabuleiro)
  (remove-if-not (lambda (arco) (arco-livre-p (valor-arco tabuleiro arco))) (arcos-livres tabuleiro)))

(defun lados (tabuleiro i j)
  "How many sides of box (I J) are drawn."
  (count-if-not (lambda (arco) (arco-livre-p (valor-arco tabuleiro arco)))
                (list (list :h i j) (list :h (1+ i) j) (list :v i j) (list :v i (1+ j)))))

(defun caixas-do-arco (tabuleiro arco)
  (let ((linhas (1- (length (first tabuleiro)))) (colunas (length (first (first tabuleiro)))))
    (destructuring-bind (tipo i j) arco
      (remove-if-not (lambda (caixa) (and (< -1 (first caixa) linhas) (< -1 (second caixa) colunas)))
                     (if (eq tipo :h)
                         (list (list (1- i) j) (list i j))
                         (list (list i (1- j)) (list i j)))))))

(defun conta-caixas (tabuleiro arco lados-antes)
  "How many boxes next to ARC have LADOS-ANTES sides drawn."
  (count-if (lambda (caixa) (= lados-antes (lados tabuleiro (first caixa) (second caixa))))
            (caixas-do-arco tabuleiro arco)))

(defun desenhar (tabuleiro arco jogador)
  (destructuring-bind (tipo i j) arco
    (if (eq tipo :h)
        (list (substituir (first tabuleiro) i j jogador) (second tabuleiro))
        (list (first tabuleiro) (substituir (second tabuleiro) j i jogador)))))

(defvar *um-arco-por-chamada* nil
  "True: jogar draws one arc per call; false: the whole turn.")

(defun jogar-pontos (tabuleiro jogador)
  "(novo-tabuleiro caixas-fechadas): the whole turn, or one arc."
  (let ((fechadas 0))
    (loop for fecha = (find-if (lambda (a) (plusp (conta-caixas tabuleiro a 3))) (livres tabuleiro))
          while fecha
          do (incf fechadas (conta-caixas tabuleiro fecha 3))
             (setf tabuleiro (desenhar tabuleiro fecha jogador))
             (when *um-arco-por-chamada*
               (return-from jogar-pontos (list tabuleiro fechadas))))
    (let ((arcos (livres tabuleiro)))
      (when arcos
        (setf tabuleiro
              (desenhar tabuleiro
                        (or (find-if (lambda (a) (zerop (conta-caixas tabuleiro a 2))) arcos)
                            (first arcos))
                        jogador))))
    (list tabuleiro fechadas)))

;;; ------------------------------------------------------------------------
;;; Quatro: estado = (tabuleiro reserva), a piece (branca redonda alta oca)
;;; ------------------------------------------------------------------------

(defun vazia-p (x) (or (null x) (eql x 0)))

(defparameter *linhas-quatro*
  (append (loop for l below 4 collect (loop for c below 4 collect (list l c)))
          (loop for c below 4 collect (loop for l below 4 collect (list l c)))
          (list (loop for i below 4 collect (list i i))
                (loop for i below 4 collect (list (- 3 i) i))))
  "The 10 lines as lists of (linha coluna): rows, columns, two diagonals.")

(defun linha-ganha-p (tabuleiro linha)
  "4 pieces sharing a characteristic (the same symbol in one place)."
  (let ((pecas (mapcar (lambda (casa) (celula tabuleiro (first casa) (second casa))) linha)))
    (and (notany #'vazia-p pecas)
         (loop for i below 4
               thereis (every (lambda (p) (eq (nth i p) (nth i (first pecas)))) pecas)))))

(defun quatro-p (tabuleiro)
  (some (lambda (linha) (linha-ganha-p tabuleiro linha)) *linhas-quatro*))

(defun jogadas-quatro (tabuleiro reserva)
  "(linha coluna peca) for each piece of the reserve, then each empty square."
  (loop for peca in (remove-duplicates reserva :test #'equal :from-end t)
        nconc (loop for l below 4
                    nconc (loop for c below 4
                                when (vazia-p (celula tabuleiro l c))
                                  collect (list l c peca)))))

(defun colocar (tabuleiro jogada)
  (substituir tabuleiro (first jogada) (second jogada) (third jogada)))

(defun tirar (reserva peca)
  (remove peca reserva :test #'equal :count 1))

(defun segura-p (tabuleiro reserva jogada)
  "After JOGADA, can the opponent complete a line with a piece left?"
  (let ((novo (colocar tabuleiro jogada))
        (resto (tirar reserva (third jogada))))
    (notany (lambda (j) (quatro-p (colocar novo j))) (jogadas-quatro novo resto))))

(defun jogar-quatro (estado)
  "((x y) (novo-tabuleiro nova-reserva)): the greedy placement."
  (destructuring-bind (tabuleiro reserva) estado
    (let* ((jogadas (jogadas-quatro tabuleiro reserva))
           (jogada (or (find-if (lambda (j) (quatro-p (colocar tabuleiro j))) jogadas)
                       (find-if (lambda (j) (segura-p tabuleiro reserva j)) jogadas)
                       (first jogadas))))
      (list (list (1+ (second jogada)) (1+ (first jogada)))
            (list (colocar tabuleiro jogada) (tirar reserva (third jogada)))))))

;;; ------------------------------------------------------------------------
;;; Adji-boto: ((linha-0) (linha-1)), this program always plays row 0
;;; ------------------------------------------------------------------------

(defun casa-seguinte (linha coluna)
  "The next pit counter-clockwise: row 1 rightwards, row 0 leftwards."
  (cond ((and (= linha 1) (< coluna 5)) (list 1 (1+ coluna)))
        ((= linha 1) (list 0 5))
        ((> coluna 0) (list 0 (1- coluna)))
        (t (list 1 0))))

(defun semear (tabuleiro coluna)
  "(novo-tabuleiro capturadas): sow the pit (0 COLUNA), skipping it on the
way round, and capture the last pit when it is on row 1 and holds 1, 3 or 5."
  (let* ((sementes (celula tabuleiro 0 coluna))
         (novo (substituir tabuleiro 0 coluna 0))
         (casa (list 0 coluna)))
    (loop while (> sementes 0)
          do (setf casa (apply #'casa-seguinte casa))
             (unless (equal casa (list 0 coluna))
               (setf novo (substituir novo (first casa) (second casa)
                                      (1+ (celula novo (first casa) (second casa)))))
               (decf sementes)))
    (let ((ultima (apply #'celula novo casa)))
      (if (and (= (first casa) 1) (member ultima '(1 3 5)))
          (list (substituir novo 1 (second casa) 0) ultima)
          (list novo 0)))))

(defun jogar-adji (estado)
  "((0 coluna) (novo-tabuleiro (pontos-1 pontos-2))): the greedy sowing."
  (destructuring-bind (tabuleiro (pontos-1 pontos-2)) estado
    (let* ((colunas (loop for c from 0 below 6
                          when (> (celula tabuleiro 0 c) 0) collect c))
           (melhor (reduce (lambda (a b)
                             (if (> (second (semear tabuleiro b)) (second (semear tabuleiro a))) b a))
                           colunas)))
      (destructuring-bind (novo capturadas) (semear tabuleiro melhor)
        (list (list 0 melhor) (list novo (list (+ pontos-1 capturadas) pontos-2)))))))

;;; ------------------------------------------------------------------------
;;; Solitario 2: the board of 7 rows, NIL off the cross, 0, 1, 2
;;; ------------------------------------------------------------------------

(defvar *jogador* 1
  "The player the program plays (1 or 2): the adapter sets it before jogar.")

(defparameter *direcoes-soli*
  '((d 0 1) (e 0 -1) (c -1 0) (b 1 0))
  "The steps right, left, up, down; a jump is c + the step's letter.")

(defun operador-salto (op)
  (intern (concatenate 'string "C" (symbol-name op))))

(defun dentro-soli (tabuleiro l c)
  (and (<= 0 l 6) (<= 0 c 6) (celula tabuleiro l c)))

(defun jogadas-soli (tabuleiro jogador)
  "Every move (operador linha coluna novo-tabuleiro), 0-based inside."
  (let ((jogadas '()) (outro (- 3 jogador)))
    (dotimes (l 7)
      (dotimes (c 7)
        (when (eql (celula tabuleiro l c) jogador)
          (loop for (op dl dc) in *direcoes-soli*
                for l1 = (+ l dl) for c1 = (+ c dc)
                for l2 = (+ l dl dl) for c2 = (+ c dc dc)
                do (when (eql (dentro-soli tabuleiro l1 c1) 0)
                     (push (list op l c (substituir (substituir tabuleiro l c 0) l1 c1 jogador))
                           jogadas))
                   (when (and (eql (dentro-soli tabuleiro l1 c1) outro)
                              (eql (dentro-soli tabuleiro l2 c2) 0))
                     (push (list (operador-salto op) l c
                                 (substituir (substituir (substituir tabuleiro l c 0) l1 c1 0)
                                             l2 c2 jogador))
                           jogadas))))))
    (nreverse jogadas)))

(defun chegou-p (tabuleiro jogador)
  "A peg of JOGADOR on the opponent's start holes."
  (loop for l in (if (= jogador 1) '(5 6) '(0 1))
        thereis (loop for c from 2 to 4 thereis (eql (celula tabuleiro l c) jogador))))

(defun jogar-solitario (tabuleiro)
  (let* ((jogadas (jogadas-soli tabuleiro *jogador*))
         (frente (if (= *jogador* 1) 1 -1))
         (escolha (or (find-if (lambda (j) (chegou-p (fourth j) *jogador*)) jogadas)
                      (find-if (lambda (j) (> (length (symbol-name (first j))) 1)) jogadas)
                      (find-if (lambda (j)
                                 (eql (celula (fourth j) (+ (second j) frente) (third j))
                                      *jogador*))
                               jogadas)
                      (first jogadas))))
    (destructuring-bind (op l c novo) escolha
      (list (list op (1+ l) (1+ c)) novo))))

;;; ------------------------------------------------------------------------
;;; Blokus (2021/22): (jogar estado tempo) -> (jogada novo-estado)
;;; ------------------------------------------------------------------------

(defparameter *pecas-blokus*
  ;; The largest first: (operador slot celulas), cells (linha coluna)
  ;; relative to the reference cell.
  '((peca-b 1 ((0 0) (0 1) (1 0) (1 1)))
    (peca-c-1 2 ((0 0) (0 1) (-1 1) (-1 2)))
    (peca-c-2 2 ((0 0) (1 0) (1 1) (2 1)))
    (peca-a 0 ((0 0)))))

(defun celula-blokus (tabuleiro l c)
  (and (<= 0 l 13) (<= 0 c 13) (celula tabuleiro l c)))

(defun colocacao-valida-p (tabuleiro jogador celulas)
  (let ((canto (if (= jogador 1) '(0 0) '(13 13)))
        (primeira (notany (lambda (linha) (member jogador linha)) tabuleiro)))
    (and (every (lambda (x) (eql 0 (celula-blokus tabuleiro (first x) (second x)))) celulas)
         (if primeira
             (member canto celulas :test #'equal)
             (and (notany (lambda (x)
                            (loop for (dl dc) in '((0 1) (1 0) (0 -1) (-1 0))
                                  thereis (eql jogador (celula-blokus tabuleiro (+ (first x) dl) (+ (second x) dc)))))
                          celulas)
                  (some (lambda (x)
                          (loop for (dl dc) in '((1 1) (1 -1) (-1 1) (-1 -1))
                                thereis (eql jogador (celula-blokus tabuleiro (+ (first x) dl) (+ (second x) dc)))))
                        celulas))))))

(defun jogar-blokus (estado)
  "(jogada novo-estado): the first placement of the largest piece."
  (destructuring-bind (tabuleiro jogador pecas-1 pecas-2) estado
    (let ((pecas (if (= jogador 1) pecas-1 pecas-2)))
      (dolist (peca *pecas-blokus* (list nil (list tabuleiro (- 3 jogador) pecas-1 pecas-2)))
        (destructuring-bind (operador slot relativas) peca
          (when (> (nth slot pecas) 0)
            (dotimes (l 14)
              (dotimes (c 14)
                (let ((celulas (mapcar (lambda (x) (list (+ l (first x)) (+ c (second x)))) relativas)))
                  (when (colocacao-valida-p tabuleiro jogador celulas)
                    (let ((novo tabuleiro)
                          (restantes (loop for n in pecas for i from 0
                                           collect (if (= i slot) (1- n) n))))
                      (dolist (x celulas)
                        (setf novo (substituir novo (first x) (second x) jogador)))
                      (return-from jogar-blokus
                        (list (list operador l c)
                              (list novo (- 3 jogador)
                                    (if (= jogador 1) restantes pecas-1)
                                    (if (= jogador 2) restantes pecas-2)))))))))))))))

;;; ------------------------------------------------------------------------
;;; The championship interface
;;; ------------------------------------------------------------------------

(defun tabuleiro-pontos-p (tabuleiro)
  "Dots and Boxes boards are (H V): two lists of lists."
  (= (length tabuleiro) 2))

;;; ------------------------------------------------------------------------
;;; Galo 3D: estado = 3 levels (level 3 first) of 3 rows of NIL, X or O
;;; ------------------------------------------------------------------------

(defun celula-galo (tabuleiro casa)
  (nth (third casa) (nth (second casa) (nth (first casa) tabuleiro))))

(defparameter *linhas-galo*
  (let ((linhas '()))
    (dotimes (n 3)
      (dotimes (l 3)
        (dotimes (c 3)
          (dolist (d '((0 0 1) (0 1 0) (1 0 0) (0 1 1) (0 1 -1) (1 0 1) (1 0 -1)
                       (1 1 0) (1 -1 0) (1 1 1) (1 1 -1) (1 -1 1) (1 -1 -1)))
            (let ((casas (loop for k below 3
                               collect (list (+ n (* k (first d))) (+ l (* k (second d)))
                                             (+ c (* k (third d)))))))
              (when (every (lambda (casa) (every (lambda (v) (<= 0 v 2)) casa)) casas)
                (push casas linhas)))))))
    linhas)
  "The 49 lines as lists of (nivel linha coluna), nivel 0 = the first sublist.")

(defun completa-p (tabuleiro casa simbolo)
  "Would SIMBOLO on the empty CASA complete a line?"
  (some (lambda (linha)
          (and (member casa linha :test #'equal)
               (every (lambda (outra) (or (equal outra casa)
                                          (eq (celula-galo tabuleiro outra) simbolo)))
                      linha)))
        *linhas-galo*))

(defun jogar-galo (tabuleiro simbolo)
  (let* ((outro (if (eq simbolo 'x) 'o 'x))
         (vazias (loop for n below 3
                       nconc (loop for l below 3
                                   nconc (loop for c below 3
                                               unless (celula-galo tabuleiro (list n l c))
                                                 collect (list n l c)))))
         (casa (or (find-if (lambda (casa) (completa-p tabuleiro casa simbolo)) vazias)
                   (find-if (lambda (casa) (completa-p tabuleiro casa outro)) vazias)
                   (first vazias))))
    (loop for nivel in tabuleiro for n from 0
          collect (loop for linha in nivel for l from 0
                        collect (loop for x in linha for c from 0
                                      collect (if (equal (list n l c) casa) simbolo x))))))

(defun jogar (estado tempo &optional (tempo-galo nil galo-p))
  "TEMPO is the symbol in Galo 3D's (jogar estado simbolo tempo)."
  (declare (ignore tempo-galo))         ; greedy: no search to stop
  (when galo-p
    (return-from jogar (jogar-galo estado tempo)))
  (when (= (length estado) 7)           ; Solitario: the bare board
    (return-from jogar (jogar-solitario estado)))
  (when (= (length estado) 2)
    (return-from jogar
      (if (= (length (first estado)) 2)  ; Adji-boto: ((linha-0 linha-1) pontos)
          (jogar-adji estado)
          (jogar-quatro estado))))       ; Quatro: (tabuleiro reserva)
  (when (consp (third estado))          ; Blokus: (tabuleiro jogador pecas-1 pecas-2)
    (return-from jogar (jogar-blokus estado)))
  (destructuring-bind (tabuleiro jogador pontos-1 pontos-2) estado
    (destructuring-bind (novo ganhos)
        (if (tabuleiro-pontos-p tabuleiro)
            (jogar-pontos tabuleiro jogador)
            (jogar-peca tabuleiro jogador))
      (list (list novo (- 3 jogador)
                  (if (= jogador 1) (+ pontos-1 ganhos) pontos-1)
                  (if (= jogador 2) (+ pontos-2 ganhos) pontos-2))))))
