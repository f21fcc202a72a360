;;;; games/blokus.lisp -- Blokus, the course game of 2017/18 and 2021/22, for
;;;; the Lisp adapter (rules/blokus.md; loaded by tabula.lisp).
;;;;
;;;; The course's board is 14 rows of 14 integers: 0 empty, 1 player 1's
;;;; squares, 2 player 2's (rules §1.1).  The championship estado is
;;;; (tabuleiro jogador pecas-1 pecas-2) (rules §7.4), each pecas the stock
;;;; (a b c) (2017: (pequenas medias cruzes)); jogar returns (jogada
;;;; novo-estado), the move read by comparing the boards (rules §7.5): the
;;;; mover's new squares are exactly one legal placement; an unchanged board
;;;; is a pass.  Both variants: the position string says its own
;;;; (`variant 2017`).

(in-package #:tabula)

(define-game :blokus "blokus" :solo "blokus-solo")

;;; The position's DATA: (cells stocks variant), CELLS a vector of 196 cells
;;; (row-major, row 0 the top), STOCKS a list of the two stocks (a b c),
;;; VARIANT "2021" or "2017".  SCORES are the squares each player placed.

(defun blokus-cells (p) (first (pos-data p)))
(defun blokus-stocks (p) (second (pos-data p)))
(defun blokus-variant (p) (third (pos-data p)))

(defun blokus-make (cells side stocks variant)
  (make-pos :game :blokus :side side
            :scores (list (count 1 cells) (count 2 cells))
            :data (list cells (mapcar #'copy-list stocks) variant)))

(defun blokus-pieces (variant)
  "The pieces in move order: (name slot cells), the cells (row column)
relative to the reference cell (rules §2.1)."
  (if (string= variant "2017")
      '(("a" 0 ((0 0))) ("b" 1 ((0 0) (0 1) (1 0) (1 1)))
        ("x" 2 ((0 0) (0 1) (0 2) (-1 1) (1 1))))
      '(("a" 0 ((0 0))) ("b" 1 ((0 0) (0 1) (1 0) (1 1)))
        ("c1" 2 ((0 0) (0 1) (-1 1) (-1 2))) ("c2" 2 ((0 0) (1 0) (1 1) (2 1))))))

(defun blokus-at (cells r c)
  (and (<= 0 r 13) (<= 0 c 13) (aref cells (+ (* 14 r) c))))

(defun blokus-placements (p player &optional first-only)
  "PLAYER's legal placements (name r c) in move order (rules §3.8); with
FIRST-ONLY, the first one alone (a list of at most one)."
  (let* ((cells (blokus-cells p)) (me player)
         (stock (nth (1- player) (blokus-stocks p)))
         (start (if (find me cells) nil (if (= player 1) '(0 0) '(13 13))))
         (out '()))
    (dolist (piece (blokus-pieces (blokus-variant p)) (nreverse out))
      (destructuring-bind (name slot offsets) piece
        (when (plusp (nth slot stock))
          (dotimes (r 14)
            (dotimes (c 14)
              (let ((squares (mapcar (lambda (o) (list (+ r (first o)) (+ c (second o)))) offsets)))
                (when (and (every (lambda (s) (eql 0 (blokus-at cells (first s) (second s)))) squares)
                           (if start
                               (member start squares :test #'equal)
                               (and (notany (lambda (s)
                                              (loop for (dr dc) in '((0 1) (1 0) (0 -1) (-1 0))
                                                    thereis (eql me (blokus-at cells (+ (first s) dr) (+ (second s) dc)))))
                                            squares)
                                    (some (lambda (s)
                                            (loop for (dr dc) in '((1 1) (1 -1) (-1 1) (-1 -1))
                                                  thereis (eql me (blokus-at cells (+ (first s) dr) (+ (second s) dc)))))
                                          squares))))
                  (push (list name r c) out)
                  (when first-only (return-from blokus-placements out)))))))))))

(defmethod game-moves ((game (eql :blokus)) p)
  (or (blokus-placements p (pos-side p))
      (and (blokus-placements p (other (pos-side p)) t) (list :pass))))

(defun blokus-squares (variant name r c)
  (let ((piece (assoc name (blokus-pieces variant) :test #'string=)))
    (values (mapcar (lambda (o) (list (+ r (first o)) (+ c (second o)))) (third piece))
            (second piece))))

(defmethod game-play ((game (eql :blokus)) p move)
  (let ((cells (copy-seq (blokus-cells p)))
        (stocks (mapcar #'copy-list (blokus-stocks p)))
        (side (pos-side p)))
    (unless (eq move :pass)
      (destructuring-bind (name r c) move
        (multiple-value-bind (squares slot) (blokus-squares (blokus-variant p) name r c)
          (dolist (s squares)
            (setf (aref cells (+ (* 14 (first s)) (second s))) side))
          (decf (nth slot (nth (1- side) stocks))))))
    (blokus-make cells (other side) stocks (blokus-variant p))))

(defmethod game-move-name ((game (eql :blokus)) p move)
  (declare (ignore p))
  (destructuring-bind (name r c) move
    (format nil "~a@~c~d" name (char "abcdefghijklmn" c) (1+ r))))

(defmethod game-parse-move ((game (eql :blokus)) p text)
  (let* ((at (position #\@ text))
         (name (and at (string-downcase (subseq text 0 at))))
         (square (and at (subseq text (1+ at))))
         (column (and square (plusp (length square))
                      (position (char-downcase (char square 0)) "abcdefghijklmn")))
         (row (and column (digits-p (subseq square 1)) (parse-integer (subseq square 1)))))
    (and (assoc name (blokus-pieces (blokus-variant p)) :test #'string=)
         column row (<= 1 row 14)
         (list name (1- row) column))))

(defparameter +blokus-empty-rows+
  (format nil "~{~a~^/~}" (make-list 14 :initial-element "00000000000000")))

(defmethod game-start ((game (eql :blokus)))
  (format nil "blokus ~a 1 10,10,15 10,10,15" +blokus-empty-rows+))

;;; Position strings: blokus <rows> <side> <stock1> <stock2> [variant 2017]

(defun blokus-parse-stock (text what)
  (let ((items (split-on #\, text)))
    (unless (= (length items) 3)
      (fail "~a: expected three comma-separated counts, found '~a'" what text))
    (mapcar (lambda (item) (parse-natural item what 99)) items)))

(defun blokus-check (cells stocks variant)
  "Fails unless each stock is at most 10,10,15 and matches the player's
squares on the board (spec/interface.md)."
  (let ((sizes (if (string= variant "2017") '(1 4 5) '(1 4 4))))
    (loop for stock in stocks for player from 1
          do (unless (every #'<= stock '(10 10 15))
               (fail "player ~d's stock exceeds 10,10,15" player))
             (unless (= (count player cells)
                        (reduce #'+ (mapcar (lambda (full n size) (* (- full n) size))
                                            '(10 10 15) stock sizes)))
               (fail "player ~d's squares on the board differ from the pieces placed" player)))))

(defmethod game-parse-fen ((game (eql :blokus)) words)
  (unless (member (length words) '(5 7))
    (fail "expected 'blokus <rows> <side> <stock1> <stock2> [variant 2017]', found ~d fields"
          (length words)))
  (destructuring-bind (id rows side s1 s2 &optional word variant) words
    (declare (ignore id))
    (let ((lines (split-on #\/ rows))
          (cells (make-array 196)))
      (unless (and (= (length lines) 14)
                   (every (lambda (l) (and (= (length l) 14) (every (lambda (ch) (find ch "012")) l)))
                          lines))
        (fail "rows: expected 14 rows of 14 characters 0, 1 or 2 separated by '/'"))
      (loop for line in lines for r from 0
            do (loop for ch across line for c from 0
                     do (setf (aref cells (+ (* 14 r) c)) (digit-char-p ch))))
      (when word
        (unless (and (string-equal word "variant") (member variant '("2021" "2017") :test #'string=))
          (fail "expected 'variant 2017' or 'variant 2021' at the end")))
      (let ((stocks (list (blokus-parse-stock s1 "stock1") (blokus-parse-stock s2 "stock2")))
            (variant (or variant "2021")))
        (blokus-check cells stocks variant)
        (blokus-make cells
                     (cond ((string= side "1") 1)
                           ((string= side "2") 2)
                           (t (fail "side to move: expected '1' or '2', found '~a'" side)))
                     stocks variant)))))

(defmethod game-fen ((game (eql :blokus)) p)
  (let ((cells (blokus-cells p)))
    (format nil "blokus ~{~a~^/~} ~d ~{~{~d~^,~}~^ ~}~:[~; variant 2017~]"
            (loop for r below 14
                  collect (format nil "~{~d~}" (coerce (subseq cells (* 14 r) (+ (* 14 r) 14)) 'list)))
            (pos-side p) (blokus-stocks p) (string= (blokus-variant p) "2017"))))

;;; Lisp boards

(defmethod game-board ((game (eql :blokus)) p)
  (let ((cells (blokus-cells p)))
    (loop for r below 14
          collect (coerce (subseq cells (* 14 r) (+ (* 14 r) 14)) 'list))))

(defun blokus-rows-p (x)
  (and (list-of-length-p x 14)
       (every (lambda (row)
                (and (list-of-length-p row 14)
                     (every (lambda (n) (member n '(0 1 2))) row)))
              x)))

(defun blokus-stock-p (x)
  (and (list-of-length-p x 3) (every (lambda (n) (and (integerp n) (<= 0 n 99))) x)))

(defun blokus-estado-p (x)
  "(tabuleiro jogador pecas-1 pecas-2)"
  (and (list-of-length-p x 4) (blokus-rows-p (first x)) (member (second x) '(1 2))
       (blokus-stock-p (third x)) (blokus-stock-p (fourth x))))

(defmethod game-board-p ((game (eql :blokus)) p x)
  ;; `position lisp` (P is NIL) reads the estado (a bare board has no stocks).
  (if p (blokus-rows-p x) (blokus-estado-p x)))

(defmethod game-board-position ((game (eql :blokus)) board side scores)
  (declare (ignore side scores))
  (let ((cells (coerce (apply #'append (first board)) 'vector))
        (stocks (list (copy-list (third board)) (copy-list (fourth board)))))
    (blokus-check cells stocks "2021")
    (blokus-make cells (second board) stocks "2021")))

(defun blokus-stocks-of (board)
  "The stocks of the current position when BOARD is its board; otherwise
each player's squares taken as 1 x 1 pieces (G2 rebuilt the stocks from the
board; rules §7.4)."
  (let ((p *position*))
    (if (and p (eq (pos-game p) :blokus) (equal (game-board :blokus p) board))
        (mapcar #'copy-list (blokus-stocks p))
        (loop for player from 1 to 2
              collect (list (max 0 (- 10 (count player (apply #'append board)))) 10 15)))))

(defmethod game-estado ((game (eql :blokus)) board scores side)
  "(tabuleiro jogador pecas-1 pecas-2) (rules §7.4)."
  (declare (ignore scores))
  (destructuring-bind (s1 s2) (blokus-stocks-of board)
    (list board side s1 s2)))

(defmethod game-stocks ((game (eql :blokus)) board)
  (blokus-stocks-of board))

(defmethod game-answer-move ((game (eql :blokus)) line column operator)
  (let ((name (and operator
                   (cdr (assoc (string-downcase (string operator))
                               '(("peca-a" . "a") ("peca-b" . "b") ("peca-c-1" . "c1")
                                 ("peca-c-2" . "c2") ("pequena" . "a") ("media" . "b")
                                 ("cruz" . "x"))
                               :test #'string=)))))
    (and name (<= 0 line 13) (<= 0 column 13)
         (format nil "~a@~c~d" name (char "abcdefghijklmn" column) (1+ line)))))

(defmethod game-board-moves ((game (eql :blokus)) p board)
  "The placement whose squares are exactly the mover's new squares on BOARD;
an unchanged board is a pass when one is legal."
  (let ((legal (game-moves game p))
        (found (move-giving-board game p board
                                  (remove :pass (blokus-placements p (pos-side p))))))
    (cond (found (list found))
          ((and (equal board (game-board game p)) (equal legal '(:pass))) (list :pass))
          (t "jogar's board is not the board after one legal placement of yours"))))
