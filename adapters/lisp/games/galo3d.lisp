;;;; games/galo3d.lisp -- 3-D noughts and crosses ("Jogo do Galo 3D"), the
;;;; course's game of 2015/16, for the Lisp adapter (rules/galo3d.md; loaded
;;;; by tabula.lisp).
;;;;
;;;; The course's board is a list of 3 levels, level 3 (the top board) first,
;;;; each 3 rows of 3 atoms: NIL, X or O (the nought is also read as 0).  The
;;;; championship function of that year is (jogar estado simbolo tempo):
;;;; ESTADO the board, SIMBOLO the engine's symbol (X or O), TEMPO the time in
;;;; ms; it returns the new board.

(in-package #:tabula)

(define-game :galo3d "galo3d" :solo "galo3d-solo")

;;; The position's DATA: a vector of 27 cells, :X, :O or NIL, cell
;;; level*9 + row*3 + column (0-based, level 0 = level 1, the bottom board).
;;; Player 1 is X.

(defun galo-cells (p) (pos-data p))

(defun galo-make (cells side)
  (make-pos :game :galo3d :side side :scores (list 0 0) :data cells))

(defparameter +galo-lines+
  (let ((lines '()))
    (dotimes (l 3)
      (dotimes (r 3)
        (dotimes (c 3)
          (loop for dl from -1 to 1
                do (loop for dr from -1 to 1
                         do (loop for dc from -1 to 1
                                  unless (and (zerop dl) (zerop dr) (zerop dc))
                                    do (let ((cells (loop for k below 3
                                                          collect (list (+ l (* k dl)) (+ r (* k dr)) (+ c (* k dc))))))
                                         (when (every (lambda (x) (every (lambda (v) (<= 0 v 2)) x)) cells)
                                           (pushnew (sort (mapcar (lambda (x) (+ (* 9 (first x)) (* 3 (second x)) (third x)))
                                                                  cells)
                                                          #'<)
                                                    lines :test #'equal)))))))))
    (nreverse lines))
  "The 49 lines of three, as lists of cell indices.")

(defparameter +galo-order+
  (loop for level in '(2 1 0) nconc (loop for k below 9 collect (+ (* 9 level) k)))
  "The cells in move order: the reading order of the position string.")

(defun galo-line-p (cells symbol)
  (some (lambda (line) (every (lambda (i) (eq (aref cells i) symbol)) line)) +galo-lines+))

(defun galo-symbol (side) (if (= side 1) :x :o))

(defmethod game-moves ((game (eql :galo3d)) p)
  (let ((cells (galo-cells p)))
    (unless (or (galo-line-p cells :x) (galo-line-p cells :o))
      (remove-if (lambda (i) (aref cells i)) +galo-order+))))

(defmethod game-play ((game (eql :galo3d)) p move)
  (let ((cells (copy-seq (galo-cells p))))
    (setf (aref cells move) (galo-symbol (pos-side p)))
    (galo-make cells (other (pos-side p)))))

(defmethod game-outcome ((game (eql :galo3d)) p)
  (let ((cells (galo-cells p)))
    (cond ((galo-line-p cells :x) :p1win)
          ((galo-line-p cells :o) :p2win)
          ((notany #'null cells) :draw))))

(defun galo-cell-name (i)
  (multiple-value-bind (level rest) (floor i 9)
    (multiple-value-bind (row col) (floor rest 3)
      (format nil "~c~d~d" (code-char (+ (char-code #\a) col)) (1+ row) (1+ level)))))

(defmethod game-move-name ((game (eql :galo3d)) p move)
  (declare (ignore p))
  (galo-cell-name move))

(defmethod game-parse-move ((game (eql :galo3d)) p text)
  (declare (ignore p))
  (when (= (length text) 3)
    (let ((col (position (char-downcase (char text 0)) "abc"))
          (row (digit-char-p (char text 1)))
          (level (digit-char-p (char text 2))))
      (and col row level (<= 1 row 3) (<= 1 level 3)
           (+ (* 9 (1- level)) (* 3 (1- row)) col)))))

(defmethod game-start ((game (eql :galo3d)))
  "galo3d ---,---,---/---,---,---/---,---,--- x")

;;; Position strings: galo3d <level3>/<level2>/<level1> <side>

(defmethod game-parse-fen ((game (eql :galo3d)) words)
  (unless (= (length words) 3)
    (fail "expected 'galo3d <level3>/<level2>/<level1> <side>', found ~d fields" (length words)))
  (destructuring-bind (id board side) words
    (declare (ignore id))
    (let ((levels (split-on #\/ board))
          (cells (make-array 27 :initial-element nil)))
      (unless (= (length levels) 3)
        (fail "board: expected 3 levels separated by '/', found ~d" (length levels)))
      (loop for level in levels for k from 0
            for rows = (split-on #\, level)
            do (unless (and (= (length rows) 3) (every (lambda (row) (= (length row) 3)) rows))
                 (fail "level ~d: expected 3 rows of 3 cells, found '~a'" (- 3 k) level))
               (loop for row in rows for r from 0
                     do (loop for ch across row for c from 0
                              for i = (+ (* 9 (- 2 k)) (* 3 r) c)
                              do (setf (aref cells i)
                                       (cond ((char-equal ch #\x) :x)
                                             ((or (char-equal ch #\o) (char= ch #\0)) :o)
                                             ((char= ch #\-) nil)
                                             (t (fail "level ~d, row ~d: bad cell '~c'" (- 3 k) (1+ r) ch)))))))
      (when (and (galo-line-p cells :x) (galo-line-p cells :o))
        (fail "board: a line of at most one symbol"))
      (galo-make cells (cond ((member side '("x" "X") :test #'string=) 1)
                             ((member side '("o" "O" "0") :test #'string=) 2)
                             (t (fail "side to move: expected 'x' or 'o', found '~a'" side)))))))

(defmethod game-fen ((game (eql :galo3d)) p)
  (let ((cells (galo-cells p)))
    (format nil "galo3d ~{~a~^/~} ~a"
            (loop for level in '(2 1 0)
                  collect (format nil "~{~a~^,~}"
                                  (loop for r below 3
                                        collect (coerce (loop for c below 3
                                                              collect (case (aref cells (+ (* 9 level) (* 3 r) c))
                                                                        (:x #\x) (:o #\o) (t #\-)))
                                                        'string))))
            (if (= (pos-side p) 1) "x" "o"))))

;;; Lisp boards

(defun galo-atom (cell)
  (case cell
    (:x (intern "X" (piece-package)))
    (:o (intern "O" (piece-package)))
    (t nil)))

(defun galo-read-atom (x)
  "The cell of a course atom: NIL, X, O (any case; also the digit 0), else :BAD."
  (cond ((null x) nil)
        ((eql x 0) :o)
        ((and (symbolp x) (string-equal (symbol-name x) "X")) :x)
        ((and (symbolp x) (string-equal (symbol-name x) "O")) :o)
        (t :bad)))

(defmethod game-board ((game (eql :galo3d)) p)
  (let ((cells (galo-cells p)))
    (loop for level in '(2 1 0)
          collect (loop for r below 3
                        collect (loop for c below 3
                                      collect (galo-atom (aref cells (+ (* 9 level) (* 3 r) c))))))))

(defmethod game-board-p ((game (eql :galo3d)) p x)
  (declare (ignore p))
  (and (list-of-length-p x 3)
       (every (lambda (level)
                (and (list-of-length-p level 3)
                     (every (lambda (row)
                              (and (list-of-length-p row 3)
                                   (every (lambda (a) (not (eq (galo-read-atom a) :bad))) row)))
                            level)))
              x)))

(defun galo-board-cells (board)
  (let ((cells (make-array 27 :initial-element nil)))
    (loop for level in board for k from 0
          do (loop for row in level for r from 0
                   do (loop for a in row for c from 0
                            do (setf (aref cells (+ (* 9 (- 2 k)) (* 3 r) c)) (galo-read-atom a)))))
    cells))

(defmethod game-board-position ((game (eql :galo3d)) board side scores)
  "The board's position; who moves is read off the board (X when both
symbols are there equally often), as the Rust library reads it."
  (declare (ignore side scores))
  (let* ((cells (galo-board-cells board))
         (xs (count :x cells)) (os (count :o cells)))
    (galo-make cells (if (> xs os) 2 1))))

(defmethod game-board-moves ((game (eql :galo3d)) p board)
  "The one empty cell where BOARD shows the mover's symbol."
  (let* ((before (galo-cells p))
         (after (galo-board-cells board))
         (mine (galo-symbol (pos-side p)))
         (changed (loop for i below 27
                        unless (eq (aref before i) (aref after i)) collect i)))
    (cond ((and (= (length changed) 1)
                (null (aref before (first changed)))
                (eq (aref after (first changed)) mine))
           changed)
          ((null changed) "jogar returned the board unchanged")
          (t (format nil "jogar's board differs on ~{~a~^ ~}, not one empty cell taken by ~a"
                     (mapcar #'galo-cell-name changed) (if (eq mine :x) "X" "O"))))))

(defmethod game-estado ((game (eql :galo3d)) board scores side)
  "The estado of the championship is the board itself."
  (declare (ignore scores side))
  board)

(defmethod game-jogar-arguments ((game (eql :galo3d)) estado side tempo)
  "(jogar estado simbolo tempo), SIMBOLO the engine's X or O."
  (list estado (intern (if (= side 1) "X" "O") (piece-package)) tempo))
