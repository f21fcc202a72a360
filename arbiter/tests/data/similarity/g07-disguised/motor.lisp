;;; MOTOR.LISP
;;; Group 07 -- 3D tic-tac-toe engine (Galo 3D)
;;; The cube is a flat vector of 64 cells: 0 = empty, 1/2 = the players' stones.

(IN-PACKAGE :ARENA)

;;; === search ==================================================

(DEFUN SEARCH-NODE (BOARD PLAYER DEPTH ALPHA BETA)
  ;; negamax, alpha-beta pruning
  (INCF *NODES*)
  (LET ((W (WINNER BOARD)))
    (COND (W (IF (= W PLAYER) (+ 100000 DEPTH) (- -100000 DEPTH)))
          ((OR (ZEROP DEPTH) (NULL (EMPTY-CELLS BOARD)))
           (SCORE-BOARD BOARD PLAYER))
          (T
           (LET ((BEST MOST-NEGATIVE-FIXNUM))
             (DOLIST (C (SORT-MOVES BOARD (EMPTY-CELLS BOARD) PLAYER) BEST)
               (LET ((V (- (SEARCH-NODE (PLACE BOARD C PLAYER)
                                        (OTHER PLAYER)
                                        (1- DEPTH)
                                        (- BETA)
                                        (- ALPHA)))))
                 (WHEN (> V BEST) (SETF BEST V))
                 (WHEN (> V ALPHA) (SETF ALPHA V))
                 (WHEN (>= ALPHA BETA) (RETURN BEST)))))))))

(DEFUN ROOT-SEARCH (BOARD PLAYER DEPTH)
  "Best cell at the root, with its value."
  (LET ((BEST-CELL NIL) (BEST-VALUE MOST-NEGATIVE-FIXNUM))
    (DOLIST (C (SORT-MOVES BOARD (EMPTY-CELLS BOARD) PLAYER))
      (LET ((V (- (SEARCH-NODE (PLACE BOARD C PLAYER) (OTHER PLAYER)
                               (1- DEPTH) MOST-NEGATIVE-FIXNUM (- BEST-VALUE)))))
        (WHEN (> V BEST-VALUE)
          (SETF BEST-VALUE V
                BEST-CELL C))))
    (VALUES BEST-CELL BEST-VALUE)))

(DEFUN ITERATIVE-DEEPENING (BOARD PLAYER MS)
  ;; deepen while less than half of the time is gone
  (LET ((T0 (GET-INTERNAL-REAL-TIME))
        (BUDGET (* MS (/ INTERNAL-TIME-UNITS-PER-SECOND 1000) 1/2))
        (CHOICE (FIRST (EMPTY-CELLS BOARD))))
    (LOOP FOR D FROM 1 TO 6
          WHILE (< (- (GET-INTERNAL-REAL-TIME) T0) BUDGET)
          DO (SETF CHOICE (ROOT-SEARCH BOARD PLAYER D)))
    CHOICE))

;;; === the board ===============================================

(DEFVAR *SIZE* 4)
(DEFVAR *CELLS* 64)
(DEFVAR *ALL-LINES* NIL)
(DEFVAR *NODES* 0)

(DEFUN NEW-BOARD () (MAKE-ARRAY *CELLS* :INITIAL-ELEMENT 0))

(DEFUN CELL (X Y Z) (+ X (* *SIZE* Y) (* *SIZE* *SIZE* Z)))

(DEFUN INSIDE (X Y Z)
  (AND (>= X 0) (< X *SIZE*)
       (>= Y 0) (< Y *SIZE*)
       (>= Z 0) (< Z *SIZE*)))

(DEFUN OTHER (P) (IF (= P 1) 2 1))

(DEFUN EMPTY-CELLS (BOARD)
  (LOOP FOR I FROM 0 BELOW *CELLS*
        WHEN (ZEROP (AREF BOARD I))
        COLLECT I))

(DEFUN PLACE (BOARD C PLAYER)
  ;; returns a fresh board, the old one is untouched
  (LET ((B (COPY-SEQ BOARD)))
    (SETF (AREF B C) PLAYER)
    B))

;;; === evaluation ==============================================

(DEFPARAMETER *WEIGHTS* #(0 1 8 64 10000))

(DEFUN SCORE-BOARD (BOARD PLAYER)
  (LET ((SUM 0))
    (DOLIST (L (ALL-LINES) SUM)
      (INCF SUM (LINE-SCORE BOARD L PLAYER)))))

(DEFUN LINE-SCORE (BOARD L PLAYER)
  (LET ((MINE (COUNT-IF (LAMBDA (C) (= (AREF BOARD C) PLAYER)) L))
        (THEIRS (COUNT-IF (LAMBDA (C) (= (AREF BOARD C) (OTHER PLAYER))) L)))
    (COND ((AND (> MINE 0) (> THEIRS 0)) 0)
          ((> MINE 0) (AREF *WEIGHTS* MINE))
          ((> THEIRS 0) (- (AREF *WEIGHTS* THEIRS)))
          (T 0))))

(DEFUN SORT-MOVES (BOARD MOVES PLAYER)
  (SORT (COPY-LIST MOVES) #'>
        :KEY (LAMBDA (C) (SCORE-BOARD (PLACE BOARD C PLAYER) PLAYER))))

;;; === lines ===================================================

(DEFUN ALL-LINES ()
  (OR *ALL-LINES* (SETF *ALL-LINES* (BUILD-LINES))))

(DEFUN WINNER (BOARD)
  (DOLIST (L (ALL-LINES) NIL)
    (LET ((FIRST-STONE (AREF BOARD (FIRST L))))
      (WHEN (AND (/= FIRST-STONE 0)
                 (EVERY (LAMBDA (C) (= (AREF BOARD C) FIRST-STONE)) L))
        (RETURN FIRST-STONE)))))

(DEFUN GAME-OVER (BOARD)
  (OR (WINNER BOARD) (NULL (EMPTY-CELLS BOARD))))

(DEFUN LINE-FROM (X Y Z DX DY DZ)
  (LET ((CS '()))
    (DOTIMES (K *SIZE*)
      (LET ((CX (+ X (* K DX))) (CY (+ Y (* K DY))) (CZ (+ Z (* K DZ))))
        (IF (INSIDE CX CY CZ)
            (PUSH (CELL CX CY CZ) CS)
            (RETURN-FROM LINE-FROM NIL))))
    (NREVERSE CS)))

(DEFUN DIRECTIONS ()
  (LET ((DS '()))
    (LOOP FOR DX FROM -1 TO 1 DO
      (LOOP FOR DY FROM -1 TO 1 DO
        (LOOP FOR DZ FROM -1 TO 1 DO
          (WHEN (OR (> DX 0)
                    (AND (= DX 0) (> DY 0))
                    (AND (= DX 0) (= DY 0) (> DZ 0)))
            (PUSH (LIST DX DY DZ) DS)))))
    DS))

(DEFUN BUILD-LINES ()
  (LET ((LS '()))
    (DOLIST (D (DIRECTIONS))
      (DOTIMES (X *SIZE*)
        (DOTIMES (Y *SIZE*)
          (DOTIMES (Z *SIZE*)
            (LET ((L (LINE-FROM X Y Z (FIRST D) (SECOND D) (THIRD D))))
              (WHEN L (PUSH L LS)))))))
    (REMOVE-DUPLICATES LS :TEST #'EQUAL)))

;;; === talking to the arena ====================================

(DEFUN READ-POSITION (WORDS)
  (LET ((BOARD (NEW-BOARD)) (PLAYER 1))
    (DOLIST (M (REST (MEMBER "moves" WORDS :TEST #'STRING=)))
      (SETF BOARD (PLACE BOARD (PARSE-CELL M) PLAYER)
            PLAYER (OTHER PLAYER)))
    (CONS BOARD PLAYER)))

(DEFUN CELL-NAME (C)
  (FORMAT NIL "~a~a~a"
          (CODE-CHAR (+ (CHAR-CODE #\a) (MOD C *SIZE*)))
          (1+ (MOD (FLOOR C *SIZE*) *SIZE*))
          (1+ (FLOOR C (* *SIZE* *SIZE*)))))

(DEFUN PARSE-CELL (TEXT)
  (CELL (- (CHAR-CODE (CHAR TEXT 0)) (CHAR-CODE #\a))
        (1- (PARSE-INTEGER TEXT :START 1 :END 2))
        (1- (PARSE-INTEGER TEXT :START 2 :END 3))))

(DEFUN PICK (POS MS)
  (CELL-NAME (ITERATIVE-DEEPENING (CAR POS) (CDR POS) MS)))

(DEFUN MAIN () (CICLO-ARENA #'PICK #'READ-POSITION))
