;;;; games/solitario.lisp -- Solitario 2, the course's duel of 2025/26 on the
;;;; English peg-solitaire cross, for the Lisp adapter (rules/solitario.md;
;;;; loaded by tabula.lisp).
;;;;
;;;; The course's board is a list of 7 rows of 7 cells: NIL not a hole, 0
;;;; empty, 1 player 1's peg, 2 player 2's; row 1 (the first list) is player
;;;; 1's start.  The championship estado is the bare board (statement §8) and
;;;; jogar returns (jogada novo-estado), the move (operador linha coluna)
;;;; 1-based with the row first -- (b 2 3) steps c2-c3 down, (cb 2 4) jumps
;;;; d2-d4 -- and the board after it.  The board does not say who moves: the
;;;; adapter knows it from the protocol's position and tells the program
;;;; (rules §5.2), never guessing it from the pegs: CL-USER::*JOGADOR* is set
;;;; to 1 or 2 before each call, and with
;;;; (setf tabula::*solitario-estado* :tabuleiro-jogador) the estado is one
;;;; group's (tabuleiro jogador) instead.

(in-package #:tabula)

(define-game :solitario "solitario" :solo "solitario-solo")

(defvar *solitario-estado* :tabuleiro
  "The estado jogar gets: :TABULEIRO (the bare board, the statement's) or
:TABULEIRO-JOGADOR ((tabuleiro jogador), one group's).")

(defconstant +soli-ply-limit+ 150)

(defparameter *soli-directions* '((0 1) (0 -1) (-1 0) (1 0))
  "Right, left, up, down: the steps d e c b and the jumps cd ce cc cb.")

(defparameter *soli-steps* '("D" "E" "C" "B"))
(defparameter *soli-jumps* '("CD" "CE" "CC" "CB"))

;;; The position's DATA: (cells ply pass-rule material), CELLS a vector of
;;; 49 cells (row-major, row 0 first: NIL, 0, 1 or 2), PLY the plies played,
;;; PASS-RULE NoMove = pass, MATERIAL LimitResult = material.  A move is
;;; (row column row2 column2), 0-based, or :PASS.

(defun soli-hole-p (r c)
  (and (<= 0 r 6) (<= 0 c 6) (or (<= 2 r 4) (<= 2 c 4))))

(defun soli-cells (p) (first (pos-data p)))
(defun soli-ply (p) (second (pos-data p)))
(defun soli-pass-rule (p) (third (pos-data p)))
(defun soli-material (p) (fourth (pos-data p)))

(defun soli-make (cells side ply pass-rule material)
  (make-pos :game :solitario :side side :scores (list 0 0)
            :data (list cells ply pass-rule material)))

(defun soli-at (cells r c)
  (and (soli-hole-p r c) (aref cells (+ (* 7 r) c))))

(defun soli-home-winner (p)
  "1 or 2 when a peg stands on the opponent's start holes (on a set-up board
with both, the player who moved last)."
  (let* ((cells (soli-cells p))
         (p1 (loop for r in '(5 6) thereis (loop for c from 2 to 4 thereis (eql 1 (soli-at cells r c)))))
         (p2 (loop for r in '(0 1) thereis (loop for c from 2 to 4 thereis (eql 2 (soli-at cells r c))))))
    (cond ((and p1 p2) (other (pos-side p)))
          (p1 1)
          (p2 2))))

(defun soli-moves-of (p side)
  "The moves of SIDE: origin holes in reading order, steps then captures,
each right, left, up, down (rules §3.8)."
  (let ((cells (soli-cells p)) (moves '()))
    (dotimes (r 7)
      (dotimes (c 7)
        (when (eql side (soli-at cells r c))
          (loop for (dr dc) in *soli-directions*
                when (eql 0 (soli-at cells (+ r dr) (+ c dc)))
                  do (push (list r c (+ r dr) (+ c dc)) moves))
          (loop for (dr dc) in *soli-directions*
                when (and (eql (other side) (soli-at cells (+ r dr) (+ c dc)))
                          (eql 0 (soli-at cells (+ r dr dr) (+ c dc dc))))
                  do (push (list r c (+ r dr dr) (+ c dc dc)) moves)))))
    (nreverse moves)))

(defun soli-pegs (p side)
  (count side (soli-cells p)))

(defun soli-result (p)
  (let ((winner (soli-home-winner p)) (side (pos-side p)))
    (cond (winner (if (= winner 1) :p1win :p2win))
          ((>= (soli-ply p) +soli-ply-limit+)
           (if (soli-material p)
               (let ((a (soli-pegs p 1)) (b (soli-pegs p 2)))
                 (cond ((> a b) :p1win) ((< a b) :p2win) (t :draw)))
               :draw))
          ((soli-moves-of p side) nil)
          ((not (soli-pass-rule p)) (if (= side 1) :p2win :p1win))
          ((soli-moves-of p (other side)) nil)
          (t :draw))))

(defmethod game-outcome ((game (eql :solitario)) p)
  (soli-result p))

(defmethod game-moves ((game (eql :solitario)) p)
  (unless (soli-result p)
    (or (soli-moves-of p (pos-side p)) (list :pass))))

(defmethod game-play ((game (eql :solitario)) p move)
  (let ((cells (copy-seq (soli-cells p))))
    (unless (eq move :pass)
      (destructuring-bind (r c r2 c2) move
        (setf (aref cells (+ (* 7 r2) c2)) (aref cells (+ (* 7 r) c))
              (aref cells (+ (* 7 r) c)) 0)
        (when (or (= 2 (abs (- r r2))) (= 2 (abs (- c c2))))
          (setf (aref cells (+ (* 7 (/ (+ r r2) 2)) (/ (+ c c2) 2))) 0))))
    (soli-make cells (other (pos-side p)) (1+ (soli-ply p))
               (soli-pass-rule p) (soli-material p))))

(defun soli-square (r c)
  (format nil "~c~d" (char "abcdefg" c) (1+ r)))

(defmethod game-move-name ((game (eql :solitario)) p move)
  (declare (ignore p))
  (destructuring-bind (r c r2 c2) move
    (format nil "~a-~a" (soli-square r c) (soli-square r2 c2))))

(defun soli-parse-square (text)
  "(row column) of a hole named TEXT (d4), or NIL."
  (when (= (length text) 2)
    (let ((c (position (char-downcase (char text 0)) "abcdefg"))
          (r (digit-char-p (char text 1))))
      (and c r (soli-hole-p (1- r) c) (list (1- r) c)))))

(defmethod game-parse-move ((game (eql :solitario)) p text)
  (declare (ignore p))
  (let ((dash (position #\- text)))
    (when dash
      (let ((from (soli-parse-square (subseq text 0 dash)))
            (to (soli-parse-square (subseq text (1+ dash)))))
        (when (and from to)
          (destructuring-bind ((r c) (r2 c2)) (list from to)
            (let ((dr (abs (- r2 r))) (dc (abs (- c2 c))))
              (and (or (and (zerop dr) (<= 1 dc 2)) (and (zerop dc) (<= 1 dr 2)))
                   (list r c r2 c2)))))))))

(defmethod game-start ((game (eql :solitario)))
  "solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 1 0")

;;; Position strings: solitario <rows> [<side> [<ply>]] [pass] [material]

(defmethod game-parse-fen ((game (eql :solitario)) words)
  (unless (<= 2 (length words) 6)
    (fail "expected 'solitario <row1>/.../<row7> <side> <ply>', found ~d fields" (length words)))
  (let ((rows (split-on #\/ (second words)))
        (cells (make-array 49 :initial-element nil))
        (side 1) (ply 0) (pass-rule nil) (material nil) (numbers 0))
    (unless (and (= (length rows) 7) (every (lambda (row) (= (length row) 7)) rows))
      (fail "board: expected 7 rows of 7 cells separated by '/', found '~a'" (second words)))
    (loop for row in rows for r from 0
          do (loop for ch across row for c from 0
                   for hole = (soli-hole-p r c)
                   do (setf (aref cells (+ (* 7 r) c))
                            (cond ((and (char-equal ch #\x) (not hole)) nil)
                                  ((and hole (find ch "012")) (digit-char-p ch))
                                  (t (fail "row ~d, cell ~d: expected ~a, found '~c'"
                                           (1+ r) (1+ c) (if hole "0, 1 or 2" "x") ch))))))
    (dolist (word (cddr words))
      (cond ((and (word= word "pass") (not pass-rule)) (setf pass-rule t))
            ((and (word= word "material") (not material)) (setf material t))
            ((and (= numbers 0) (not pass-rule) (not material))
             (setf side (cond ((string= word "1") 1)
                              ((string= word "2") 2)
                              (t (fail "side to move: expected '1' or '2', found '~a'" word)))
                   numbers 1))
            ((and (= numbers 1) (not pass-rule) (not material))
             (setf ply (parse-natural word "ply" +soli-ply-limit+) numbers 2))
            (t (fail "unexpected '~a' (expected pass or material after the side and the ply)" word))))
    (soli-make cells side ply pass-rule material)))

(defmethod game-fen ((game (eql :solitario)) p)
  (let ((cells (soli-cells p)))
    (format nil "solitario ~{~a~^/~} ~d ~d~:[~; pass~]~:[~; material~]"
            (loop for r below 7
                  collect (coerce (loop for c below 7
                                        for v = (aref cells (+ (* 7 r) c))
                                        collect (if v (digit-char v) #\x))
                                  'string))
            (pos-side p) (soli-ply p) (soli-pass-rule p) (soli-material p))))

;;; Lisp boards

(defmethod game-board ((game (eql :solitario)) p)
  (let ((cells (soli-cells p)))
    (loop for r below 7
          collect (loop for c below 7 collect (aref cells (+ (* 7 r) c))))))

(defun soli-rows-p (x)
  (and (list-of-length-p x 7)
       (loop for row in x for r from 0
             always (and (list-of-length-p row 7)
                         (loop for v in row for c from 0
                               always (if (soli-hole-p r c)
                                          (member v '(0 1 2))
                                          (null v)))))))

(defun soli-estado-p (x)
  "One group's (tabuleiro jogador)."
  (and (list-of-length-p x 2) (soli-rows-p (first x)) (member (second x) '(1 2))))

(defmethod game-board-p ((game (eql :solitario)) p x)
  ;; `position lisp` (P is NIL) also reads (tabuleiro jogador).
  (or (soli-rows-p x) (and (null p) (soli-estado-p x))))

(defmethod game-board-position ((game (eql :solitario)) board side scores)
  (declare (ignore scores))
  (when (soli-estado-p board)
    (setf side (second board) board (first board)))
  (soli-make (coerce (apply #'append board) 'vector) side 0 nil nil))

(defmethod game-estado ((game (eql :solitario)) board scores side)
  "The bare board (or (tabuleiro jogador)); the side is told in
CL-USER::*JOGADOR*."
  (declare (ignore scores))
  (setf (symbol-value (intern "*JOGADOR*" :cl-user)) side)
  (if (eq *solitario-estado* :tabuleiro-jogador)
      (list board side)
      board))

(defmethod game-answer-move ((game (eql :solitario)) line column operator)
  (let* ((name (and operator (symbolp operator) (symbol-name operator)))
         (step (position name *soli-steps* :test #'equal))
         (jump (position name *soli-jumps* :test #'equal))
         (d (or step jump)))
    (when d
      (destructuring-bind (dr dc) (nth d *soli-directions*)
        (let* ((k (if step 1 2)) (r2 (+ line (* k dr))) (c2 (+ column (* k dc))))
          (and (soli-hole-p line column) (soli-hole-p r2 c2)
               (format nil "~a-~a" (soli-square line column) (soli-square r2 c2))))))))

(defmethod game-board-moves ((game (eql :solitario)) p board)
  "The move whose board is BOARD; when none is, the legal moves from a hole
BOARD shows emptied of one's pegs."
  (let* ((legal (game-moves game p))
         (exact (move-giving-board game p board legal)))
    (if exact
        (list exact)
        (let ((left (remove-if-not
                     (lambda (move)
                       (and (consp move)
                            (eql 0 (nth (second move) (nth (first move) board)))))
                     legal)))
          (if (= (length left) 1)
              left
              (format nil "jogar's board fits none of the moves (~{~a~^ ~})"
                      (mapcar (lambda (m) (if (eq m :pass) "pass" (game-move-name game p m)))
                              legal)))))))
