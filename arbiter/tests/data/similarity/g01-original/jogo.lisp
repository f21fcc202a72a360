;;;; jogo.lisp -- Galo 3D (4x4x4), grupo 01
;;;; Representacao: vetor de 64 casas, 0 vazia, 1 jogador um, 2 jogador dois.

(in-package :arena)

(defparameter *lado* 4 "Numero de casas de cada aresta do cubo.")
(defparameter *casas* 64)
(defparameter *linhas* nil "Todas as linhas vencedoras, calculadas uma vez.")
(defparameter *nos-visitados* 0)

;;; ------------------------------------------------------------
;;; Tabuleiro
;;; ------------------------------------------------------------

(defun tabuleiro-vazio ()
  "Devolve um tabuleiro sem pecas."
  (make-array *casas* :initial-element 0))

(defun indice (x y z)
  "Indice da casa de coordenadas X Y Z."
  (+ x (* *lado* y) (* *lado* *lado* z)))

(defun dentro-p (x y z)
  (and (>= x 0) (< x *lado*)
       (>= y 0) (< y *lado*)
       (>= z 0) (< z *lado*)))

(defun adversario (jogador)
  (if (= jogador 1) 2 1))

(defun copiar-tabuleiro (tabuleiro)
  (copy-seq tabuleiro))

(defun casas-livres (tabuleiro)
  "Lista dos indices das casas vazias, por ordem."
  (loop for i from 0 below *casas*
        when (zerop (aref tabuleiro i))
          collect i))

(defun jogar (tabuleiro casa jogador)
  "Novo tabuleiro com a peca de JOGADOR em CASA."
  (let ((novo (copiar-tabuleiro tabuleiro)))
    (setf (aref novo casa) jogador)
    novo))

;;; ------------------------------------------------------------
;;; Linhas vencedoras
;;; ------------------------------------------------------------

(defun linha-a-partir (x y z dx dy dz)
  "As quatro casas da linha que comeca em X Y Z na direcao DX DY DZ, ou NIL."
  (let ((casas '()))
    (dotimes (k *lado*)
      (let ((cx (+ x (* k dx)))
            (cy (+ y (* k dy)))
            (cz (+ z (* k dz))))
        (if (dentro-p cx cy cz)
            (push (indice cx cy cz) casas)
            (return-from linha-a-partir nil))))
    (nreverse casas)))

(defun direcoes ()
  "As 13 direcoes distintas do cubo (metade das 26 vizinhas)."
  (let ((lista '()))
    (loop for dx from -1 to 1 do
      (loop for dy from -1 to 1 do
        (loop for dz from -1 to 1 do
          (when (or (> dx 0)
                    (and (= dx 0) (> dy 0))
                    (and (= dx 0) (= dy 0) (> dz 0)))
            (push (list dx dy dz) lista)))))
    lista))

(defun calcular-linhas ()
  "Todas as linhas de quatro casas do cubo."
  (let ((linhas '()))
    (dolist (d (direcoes))
      (dotimes (x *lado*)
        (dotimes (y *lado*)
          (dotimes (z *lado*)
            (let ((l (linha-a-partir x y z (first d) (second d) (third d))))
              (when l (push l linhas)))))))
    (remove-duplicates linhas :test #'equal)))

(defun linhas ()
  (or *linhas* (setf *linhas* (calcular-linhas))))

(defun contar-na-linha (tabuleiro linha jogador)
  (count-if (lambda (casa) (= (aref tabuleiro casa) jogador)) linha))

(defun vencedor (tabuleiro)
  "1 ou 2 se esse jogador tem uma linha completa, senao NIL."
  (dolist (linha (linhas) nil)
    (let ((primeira (aref tabuleiro (first linha))))
      (when (and (/= primeira 0)
                 (every (lambda (casa) (= (aref tabuleiro casa) primeira)) linha))
        (return primeira)))))

(defun terminou-p (tabuleiro)
  (or (vencedor tabuleiro)
      (null (casas-livres tabuleiro))))

;;; ------------------------------------------------------------
;;; Avaliacao
;;; ------------------------------------------------------------

(defparameter *pesos* #(0 1 8 64 10000)
  "Valor de uma linha com 0..4 pecas de um so jogador.")

(defun valor-linha (tabuleiro linha jogador)
  (let ((meus (contar-na-linha tabuleiro linha jogador))
        (deles (contar-na-linha tabuleiro linha (adversario jogador))))
    (cond ((and (> meus 0) (> deles 0)) 0)
          ((> meus 0) (aref *pesos* meus))
          ((> deles 0) (- (aref *pesos* deles)))
          (t 0))))

(defun avaliar (tabuleiro jogador)
  "Soma dos valores das linhas para JOGADOR."
  (let ((total 0))
    (dolist (linha (linhas) total)
      (incf total (valor-linha tabuleiro linha jogador)))))

(defun ordenar-jogadas (tabuleiro jogadas jogador)
  "Jogadas ordenadas pela avaliacao imediata, melhores primeiro."
  (sort (copy-list jogadas) #'>
        :key (lambda (casa) (avaliar (jogar tabuleiro casa jogador) jogador))))

;;; ------------------------------------------------------------
;;; Negamax com cortes alfa-beta
;;; ------------------------------------------------------------

(defun negamax (tabuleiro jogador profundidade alfa beta)
  "Valor do tabuleiro para JOGADOR, a PROFUNDIDADE, com cortes alfa-beta."
  (incf *nos-visitados*)
  (let ((ganhou (vencedor tabuleiro)))
    (cond (ganhou (if (= ganhou jogador) (+ 100000 profundidade) (- -100000 profundidade)))
          ((or (zerop profundidade) (null (casas-livres tabuleiro)))
           (avaliar tabuleiro jogador))
          (t
           (let ((melhor most-negative-fixnum))
             (dolist (casa (ordenar-jogadas tabuleiro (casas-livres tabuleiro) jogador) melhor)
               (let ((valor (- (negamax (jogar tabuleiro casa jogador)
                                        (adversario jogador)
                                        (1- profundidade)
                                        (- beta)
                                        (- alfa)))))
                 (when (> valor melhor) (setf melhor valor))
                 (when (> valor alfa) (setf alfa valor))
                 (when (>= alfa beta) (return melhor)))))))))

(defun melhor-jogada (tabuleiro jogador profundidade)
  "A casa com o melhor valor negamax e esse valor."
  (let ((melhor-casa nil)
        (melhor-valor most-negative-fixnum))
    (dolist (casa (ordenar-jogadas tabuleiro (casas-livres tabuleiro) jogador))
      (let ((valor (- (negamax (jogar tabuleiro casa jogador) (adversario jogador)
                               (1- profundidade) most-negative-fixnum (- melhor-valor)))))
        (when (> valor melhor-valor)
          (setf melhor-valor valor
                melhor-casa casa))))
    (values melhor-casa melhor-valor)))

(defun aprofundamento (tabuleiro jogador tempo-ms)
  "Aprofundamento iterativo ate gastar metade do tempo."
  (let ((inicio (get-internal-real-time))
        (limite (* tempo-ms (/ internal-time-units-per-second 1000) 1/2))
        (escolha (first (casas-livres tabuleiro))))
    (loop for p from 1 to 6
          while (< (- (get-internal-real-time) inicio) limite)
          do (setf escolha (melhor-jogada tabuleiro jogador p)))
    escolha))

;;; ------------------------------------------------------------
;;; Ligacao ao protocolo
;;; ------------------------------------------------------------

(defun casa-para-texto (casa)
  (format nil "~a~a~a"
          (code-char (+ (char-code #\a) (mod casa *lado*)))
          (1+ (mod (floor casa *lado*) *lado*))
          (1+ (floor casa (* *lado* *lado*)))))

(defun texto-para-casa (texto)
  (indice (- (char-code (char texto 0)) (char-code #\a))
          (1- (parse-integer texto :start 1 :end 2))
          (1- (parse-integer texto :start 2 :end 3))))

(defun ler-posicao (palavras)
  "Aplica as jogadas de 'position startpos moves ...'."
  (let ((tabuleiro (tabuleiro-vazio))
        (jogador 1))
    (dolist (m (rest (member "moves" palavras :test #'string=)))
      (setf tabuleiro (jogar tabuleiro (texto-para-casa m) jogador)
            jogador (adversario jogador)))
    (cons tabuleiro jogador)))

(defun escolher (posicao tempo)
  (casa-para-texto (aprofundamento (car posicao) (cdr posicao) tempo)))

(defun main ()
  (ciclo-arena #'escolher #'ler-posicao))
