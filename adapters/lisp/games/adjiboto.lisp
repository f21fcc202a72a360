;;;; games/adjiboto.lisp -- Adji-boto, the course's mancala (2018/19, 2024/25),
;;;; for the Lisp adapter (rules/adjiboto.md; loaded by tabula.lisp).
;;;;
;;;; The course's board is ((row-0) (row-1)), six seed counts each: row 0 the
;;;; top row (player 1's, pits t1..t6 on the protocol, the course's f..a), row
;;;; 1 the bottom row (player 2's, b1..b6, A..F).  The championship estado is
;;;; (tabuleiro (pontos-1 pontos-2)) and jogar returns
;;;; ((linha coluna) novo-estado).  The estado does not say who moves, and the
;;;; course's programs play row 0: player 2 is shown the board turned 180
;;;; degrees (rows swapped and each reversed, which keeps the sowing order)
;;;; with the scores swapped, and its board is turned back (rules §5.4).

(in-package #:tabula)

(define-game :adjiboto "adjiboto" :solo "adjiboto-solo")

;;; The position's DATA: (pits . quiet), PITS a vector of 12 seed counts
;;; (row 0 columns 0..5, then row 1 columns 0..5), QUIET the plies since the
;;; last capture (the game ends at 100, rules §4.5).

(defconstant +adji-quiet-limit+ 100)

(defun adji-pits (p) (car (pos-data p)))
(defun adji-quiet (p) (cdr (pos-data p)))

(defun adji-make (pits side scores &optional (quiet 0))
  (make-pos :game :adjiboto :side side :scores (copy-list scores)
            :data (cons pits quiet)))

(defun adji-next (pit)
  "The pit after PIT counter-clockwise: row 1 rightwards, up to (0 5), row 0
leftwards, down to (1 0) (rules §2.1)."
  (if (< pit 6)
      (if (zerop pit) 6 (1- pit))
      (if (= pit 11) 5 (1+ pit))))

(defun adji-sow (pits pit)
  "PITS (a fresh copy) after sowing PIT, skipping PIT itself; second value the
pit of the last seed."
  (let ((pits (copy-seq pits)) (seeds (aref pits pit)) (at pit))
    (setf (aref pits pit) 0)
    (loop while (plusp seeds)
          do (setf at (adji-next at))
             (unless (= at pit)
               (incf (aref pits at))
               (decf seeds)))
    (values pits at)))

(defun adji-finished-p (p)
  (or (every #'zerop (adji-pits p)) (>= (adji-quiet p) +adji-quiet-limit+)))

(defmethod game-moves ((game (eql :adjiboto)) p)
  (unless (adji-finished-p p)
    (let* ((first (if (= (pos-side p) 1) 0 6))
           (moves (loop for pit from first below (+ first 6)
                        when (plusp (aref (adji-pits p) pit)) collect pit)))
      (or moves (list :pass)))))

(defmethod game-play ((game (eql :adjiboto)) p move)
  (let ((side (pos-side p)) (scores (copy-list (pos-scores p))))
    (if (eq move :pass)
        (adji-make (copy-seq (adji-pits p)) (other side) scores (1+ (adji-quiet p)))
        (multiple-value-bind (pits last) (adji-sow (adji-pits p) move)
          ;; The last pit only, on the row opposite the emptied pit, 1, 3 or 5.
          (let ((capture (and (/= (floor last 6) (floor move 6))
                              (member (aref pits last) '(1 3 5))
                              (aref pits last))))
            (when capture
              (incf (nth (1- side) scores) capture)
              (setf (aref pits last) 0))
            (adji-make pits (other side) scores (if capture 0 (1+ (adji-quiet p)))))))))

(defmethod game-move-name ((game (eql :adjiboto)) p move)
  (declare (ignore p))
  (format nil "~c~d" (if (< move 6) #\t #\b) (1+ (mod move 6))))

(defmethod game-parse-move ((game (eql :adjiboto)) p text)
  (declare (ignore p))
  (when (= (length text) 2)
    (let ((row (position (char-downcase (char text 0)) "tb"))
          (column (digit-char-p (char text 1))))
      (and row column (<= 1 column 6) (+ (* 6 row) (1- column))))))

(defmethod game-start ((game (eql :adjiboto)))
  "adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 1 0 0")

;;; Position strings: adjiboto <row0> <row1> <side> <score1> <score2> [<quiet>]

(defmethod game-parse-fen ((game (eql :adjiboto)) words)
  (unless (<= 6 (length words) 7)
    (fail "expected 'adjiboto <row0> <row1> <side> <score1> <score2> [<quiet>]', found ~d fields"
          (length words)))
  (destructuring-bind (id row0 row1 side s1 s2 &optional (quiet "0")) words
    (declare (ignore id))
    (let ((pits (make-array 12)))
      (loop for text in (list row0 row1) for r from 0 for name in '("row0" "row1")
            for items = (split-on #\, text)
            do (unless (= (length items) 6)
                 (fail "~a: expected 6 comma-separated seed counts, found '~a'" name text))
               (loop for item in items for c from 0
                     do (setf (aref pits (+ (* 6 r) c)) (parse-natural item name 96))))
      (let ((score1 (parse-natural s1 "score1" 96))
            (score2 (parse-natural s2 "score2" 96)))
        (when (> (+ score1 score2 (reduce #'+ pits)) 96)
          (fail "more than 96 seeds in all (board and scores)"))
        (adji-make pits
                   (cond ((string= side "1") 1)
                         ((string= side "2") 2)
                         (t (fail "side to move: expected '1' or '2', found '~a'" side)))
                   (list score1 score2)
                   (parse-natural quiet "quiet" +adji-quiet-limit+))))))

(defmethod game-fen ((game (eql :adjiboto)) p)
  (let ((pits (adji-pits p)))
    (format nil "adjiboto ~{~d~^,~} ~{~d~^,~} ~d ~{~d~^ ~}~[~:; ~:*~d~]"
            (coerce (subseq pits 0 6) 'list) (coerce (subseq pits 6) 'list)
            (pos-side p) (pos-scores p) (adji-quiet p))))

;;; Lisp boards

(defun adji-rows (pits)
  (list (coerce (subseq pits 0 6) 'list) (coerce (subseq pits 6) 'list)))

(defun adji-turn (board)
  "BOARD turned 180 degrees: rows swapped, each reversed (its own inverse)."
  (reverse (mapcar #'reverse board)))

(defmethod game-board ((game (eql :adjiboto)) p)
  (adji-rows (adji-pits p)))

(defun adji-rows-p (x)
  (and (list-of-length-p x 2)
       (every (lambda (row)
                (and (list-of-length-p row 6)
                     (every (lambda (n) (and (integerp n) (<= 0 n 96))) row)))
              x)))

(defun adji-estado-p (x)
  "(tabuleiro (pontos-1 pontos-2))"
  (and (list-of-length-p x 2) (adji-rows-p (first x))
       (list-of-length-p (second x) 2)
       (every (lambda (n) (and (integerp n) (<= 0 n 96))) (second x))))

(defmethod game-board-p ((game (eql :adjiboto)) p x)
  ;; `position lisp` (P is NIL) also reads the estado with its scores.
  (or (adji-rows-p x) (and (null p) (adji-estado-p x))))

(defmethod game-board-position ((game (eql :adjiboto)) board side scores)
  (when (adji-estado-p board)
    (setf scores (mapcar #'+ scores (second board))
          board (first board)))
  (let ((pits (coerce (append (first board) (second board)) 'vector)))
    (when (> (+ (reduce #'+ pits) (reduce #'+ scores)) 96)
      (fail "position lisp: more than 96 seeds in all"))
    (adji-make pits side scores)))

(defmethod game-estado ((game (eql :adjiboto)) board scores side)
  "(tabuleiro (pontos-1 pontos-2)), player 2 seeing the board turned and the
scores swapped, so that every program plays row 0."
  (if (= side 2)
      (list (adji-turn board) (reverse scores))
      (list board (copy-list scores))))

(defmethod game-unview ((game (eql :adjiboto)) board side)
  (if (= side 2) (adji-turn board) board))

(defmethod game-answer-move ((game (eql :adjiboto)) line column operator)
  (declare (ignore operator))
  (and (<= 0 line 1) (<= 0 column 5)
       (format nil "~c~d" (if (zerop line) #\t #\b) (1+ column))))

(defmethod game-board-moves ((game (eql :adjiboto)) p board)
  "The pit whose sowing gives BOARD; when none does exactly (a bug in the
student's sowing, reported as a difference), the one legal pit that BOARD
shows emptied."
  (let* ((legal (game-moves game p))
         (exact (move-giving-board game p board legal)))
    (if exact
        (list exact)
        (let ((emptied (remove-if-not
                        (lambda (move)
                          (and (integerp move)
                               (eql 0 (nth (mod move 6) (nth (floor move 6) board)))))
                        legal)))
          (cond ((= (length emptied) 1) emptied)
                ((null emptied)
                 (format nil "jogar emptied none of your pits (~{~a~^ ~})"
                         (mapcar (lambda (m) (game-move-name game p m)) legal)))
                (t (format nil "jogar's board fits no sowing, and shows ~d of your pits empty (~{~a~^ ~})"
                           (length emptied)
                           (mapcar (lambda (m) (game-move-name game p m)) emptied))))))))
