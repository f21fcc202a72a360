;;;; tabula.lisp -- connect a course Lisp project to the Tabula protocol.
;;;;
;;;; The games of the IPS/ESTSetubal AI course (knight, bishop, Dots and Boxes and
;;;; Quatro here; every other game in its own file under games/, loaded at the
;;;; end of this one): this file speaks the engine protocol of Tabula on standard
;;;; input / output (see protocol.md and adapters/README.md) and, for every
;;;; `go`, calls the student's championship function
;;;;
;;;;     (jogar estado tempo)      ; tempo in milliseconds
;;;;
;;;; which returns a list whose first element is the new state.  The adapter
;;;; converts the protocol's position strings (FEN) into the course's Lisp
;;;; boards, applies the `moves` of `position ... moves ...` itself (the rules
;;;; are implemented below), and recovers the move the student played by
;;;; comparing the old and the new board.
;;;;
;;;; Run (SBCL, the supported command line):
;;;;
;;;;     sbcl --script adapters/lisp/run.lisp my-project.lisp [more files...]
;;;;
;;;; Besides the protocol's commands it understands, for debugging: `show`
;;;; (the position as FEN, Lisp board and estado), `legal`, `query ...`, and
;;;; `position lisp <course board> [moves ...]`.
;;;;
;;;; Everything here is portable Common Lisp except two optional bits marked
;;;; #+sbcl (the hard time limit around `jogar`, and reading the command line
;;;; in run.lisp).  See adapters/README.md for LispWorks.
;;;;
;;;; Contents
;;;;   1. Configuration (the hooks a student may change)
;;;;   2. Small utilities: words, numbers, output, errors
;;;;   3. Positions: the state, position strings (FEN) in and out
;;;;   4. The rules: knight / bishop landing and moves, Dots and Boxes arcs,
;;;;      Quatro placements
;;;;   5. Lisp boards: to the student, and back (recovering the move)
;;;;   6. Calling the student's jogar (time, errors, fallback, dots turns)
;;;;   7. The protocol loop
;;;;   8. Games in their own files: the generic functions a games/<game>.lisp
;;;;      defines methods of, and the loading of that folder

(defpackage #:tabula
  (:use #:common-lisp)
  (:export #:main #:board-position #:position-fen
           #:*jogar* #:*make-estado* #:*extract-board*
           #:default-make-estado #:default-extract-board
           #:*engine-name* #:*engine-author*
           #:*time-reserve* #:*default-tempo* #:*hard-limit*
           #:*student-call* #:*student-estado* #:*clock* #:*clock-why* #:*clock-cpu*
           #:*clock-record* #:*on-failure* #:note #:game-stocks
           ;; Games in their own files (section 8)
           #:define-game #:game-parse-fen #:game-fen #:game-moves #:game-play
           #:game-outcome #:game-move-name #:game-parse-move #:game-board
           #:game-board-p #:game-board-position #:game-board-moves #:game-estado
           #:game-unview #:game-answer-move #:game-start #:move-giving-board
           #:pos #:make-pos #:pos-game #:pos-side #:pos-scores #:pos-data
           #:copy-position #:fail #:send #:split-on #:digits-p #:parse-natural
           #:word= #:list-of-length-p #:proper-list-p #:lisp-text #:other))

(in-package #:tabula)

;;; ------------------------------------------------------------------------
;;; 1. Configuration
;;; ------------------------------------------------------------------------

(defvar *engine-name* nil
  "The name sent in `id name`.  NIL: \"tabula-lisp\" (run.lisp sets it to the
name of the first student file loaded).")

(defvar *engine-author* "student"
  "The author sent in `id author`.")

(defvar *jogar* 'cl-user::jogar
  "The student's entry point, called as (funcall *jogar* estado tempo).  The
default, the symbol CL-USER::JOGAR, is looked up at every call, so `jogar` may
be defined after this file is loaded.  A project living in its own package
sets this, e.g. (setf tabula:*jogar* 'meu-pacote::jogar).")

(defun default-make-estado (board scores side game)
  "The estado passed to jogar by default:

    (tabuleiro jogador pontos-jogador-1 pontos-jogador-2)

TABULEIRO is the course's board (knight / bishop: a list of rows of numbers,
NIL, -1 for the white piece and -2 for the black piece; dots: (H V) with 0 for
no arc and 1 / 2 for an arc of player 1 / 2).  JOGADOR is the player to move,
1 (white, first player) or 2; in the knight and bishop games its piece on the
board is (- jogador).  GAME (:knight, :bishop, :dots or :quatro) is not
included.

Quatro: the estado is the course's (tabuleiro reserva) itself, BOARD as given
(rules/quatro.md section 5; the players share the pieces, so no side)."
  (cond ((plug-in-p game) (game-estado game board scores side))
        ((eq game :quatro) board)
        (t (list board side (first scores) (second scores)))))

(defvar *make-estado* #'default-make-estado
  "A function (lambda (board scores side game) ...) returning the estado given
to jogar: BOARD the course's Lisp board (fresh lists, jogar may modify them),
SCORES the list (points-of-player-1 points-of-player-2), SIDE the player to
move (1 or 2), GAME one of :knight, :bishop, :dots, :quatro (whose BOARD is
the whole (tabuleiro reserva)).  Default:
DEFAULT-MAKE-ESTADO.")

(defvar *extract-board* 'default-extract-board
  "A function (lambda (result board-p) ...) taking what jogar returned and
returning the new board (or a move string such as \"e5\", \"h1.2\" or
\"brao@c3\"; Quatro's board is the new (tabuleiro reserva)).
BOARD-P is a predicate that is true of a well-shaped board of the current
game.  Default: DEFAULT-EXTRACT-BOARD.")

(defvar *time-reserve* 30
  "Milliseconds kept back from the arbiter's deadline for the kit's own work
and SBCL's reply (building the estado, reading the answer, checking the move,
the pipe): after `go movetime M` jogar gets tempo = M - *time-reserve* (at
least 1).  Measured (adapters/README.md, Time): the kit's own part of a move,
`go` to `bestmove` with a jogar that answers at once, has a median of 0.1 ms
(Blokus 1.4 ms) and a worst case of 4-13 ms (a garbage collection in
between); 30 ms covers it.  The arbiter's margin comes on top.  Also settable
with `setoption name TimeReserve value <ms>`.")

(defvar *default-tempo* 1000
  "The tempo given to jogar for `go depth`, `go nodes`, `go infinite` or a bare
`go` (jogar has no depth or node limit).")

(defvar *student-estado* nil
  "NIL, or a function (lambda (board scores side game) ...) returning the
estado exactly as *STUDENT-CALL* builds it (for `show`).  project.lisp sets
it with *STUDENT-CALL*.")

(defvar *student-call* nil
  "NIL, or a function (lambda (board scores side game tempo) ...) that calls
the student's code and returns its answer, used instead of
(funcall *jogar* (funcall *make-estado* board scores side game) tempo).
project.lisp sets it from a project description (entry function, argument
order, estado shape).")

(defvar *clock* :ms
  "How jogar reads its tempo: :MS (milliseconds, the course's contract: tempo
is passed as is), :INTERNAL (the project compares tempo with raw
get-internal-real-time differences: tempo is multiplied by
internal-time-units-per-second / 1000), :SECONDS (the project compares tempo
with get-universal-time differences, whole seconds: tempo is divided by 1000,
a float) or :PROBE (found out at the first moves that call jogar, one call a
move, then :MS or :INTERNAL; see PROBE-CLOCK).")

(defvar *clock-why* nil
  "NIL, or one line saying how *CLOCK* was decided (the project's source, a
recorded decision, an option): sent once as `info string clock ...` before
the first bestmove.")

(defvar *clock-cpu* nil
  "NIL, or one line naming the project's use of CPU time
(get-internal-run-time): sent once as `info string cputime ...` before the
first bestmove (its moves take longer in wall time on a busy machine).")

(defvar *clock-record* nil
  "NIL, or a function (lambda (clock why) ...) called once when the probe
has decided the clock units, to record the decision (project.lisp writes it
beside the description, so every later run reads it instead of probing).")

(defvar *on-failure* :fallback
  "What a failure of the student's code does: :FALLBACK plays the first legal
move (the game goes on; an `info string error jogar failed: ...` line says
why), :LOSE ends the program with the reason as the last line on standard
error, so that a tournament records the game as lost with the Lisp condition
in its detail.")

(defvar *hard-limit* t
  "SBCL only: when true and the `go` has no deadline (`go depth`, `go nodes`,
a bare `go`: jogar gets *default-tempo*), a jogar still running
at tempo + *time-reserve* ms is interrupted and the first legal move is
played (`info string fallback late ...`).  A `go` with a deadline (movetime or
a clock) or a `go infinite` (which `stop` ends) is never cut off by the kit:
a jogar still thinking at the arbiter's deadline is the arbiter's timeout.")

(defvar *deadline* nil
  "True while the `go` being answered has a deadline (movetime or a clock).")

(defvar *fallback* nil
  "The `info string fallback ...` line of the move being answered, if the
student's program did not choose it: sent right before its bestmove.")
(defvar *pending-fallback* nil "The fallback line of *PENDING*, if any.")

(defvar *probe-votes* '()
  "The probe's moves so far, newest first, each (clock why answered-p):
CLOCK :MS, :INTERNAL, :NONE (no sign either way) or :FAST (the first move
answered in under a quarter of its tempo: not decided yet).")


;;; ------------------------------------------------------------------------
;;; 2. Small utilities
;;; ------------------------------------------------------------------------

(defvar *out* *standard-output*
  "The protocol stream (bound by MAIN; the student's output never goes there).")

(defun send (control &rest args)
  "Writes one protocol line and flushes it (line breaks inside the text, as in
some condition reports, become spaces: one message, one line)."
  (write-line (substitute-if #\Space (lambda (ch) (member ch '(#\Newline #\Return #\Linefeed)))
                             (apply #'format nil control args))
              *out*)
  (force-output *out*))

(defun note (control &rest args)
  "A diagnostic on standard error (never on the protocol stream)."
  (let ((*print-pretty* nil))
    (format *error-output* "tabula: ~?~%" control args))
  (force-output *error-output*))

(define-condition bad-input (error)
  ((text :initarg :text :reader bad-input-text))
  (:report (lambda (c stream) (write-string (bad-input-text c) stream))))

(defun fail (control &rest args)
  "Refuses the input at hand with a message."
  (error 'bad-input :text (apply #'format nil control args)))

(defun blankp (char)
  (member char '(#\Space #\Tab #\Return #\Newline #\Page #\Linefeed)))

(defun split-words (line)
  "The whitespace-separated words of LINE."
  (let ((words '()) (start nil))
    (loop for i from 0 to (length line)
          for blank = (or (= i (length line)) (blankp (char line i)))
          do (cond ((and blank start) (push (subseq line start i) words)
                    (setf start nil))
                   ((and (not blank) (not start)) (setf start i))))
    (nreverse words)))

(defun split-on (char string)
  "STRING cut at every CHAR (empty parts kept)."
  (loop for start = 0 then (1+ end)
        for end = (position char string :start start)
        collect (subseq string start end)
        while end))

(defun digits-p (text)
  (and (plusp (length text)) (every #'digit-char-p text)))

(defun parse-natural (text what &optional max)
  "TEXT as a non-negative integer (decimal digits only), at most MAX."
  (let ((n (and (digits-p text) (parse-integer text))))
    (unless (and n (or (null max) (<= n max)))
      (fail "~a: expected an integer 0..~a, found '~a'" what (or max "") text))
    n))

(defun word= (a b) (string-equal a b))

(defun lisp-text (object &key brief (case :upcase))
  "OBJECT printed on one line the way the course writes boards: ((1 NIL -1) ...).
BRIEF bounds the printing (for error messages about arbitrary objects); CASE
is the *print-case* of symbols."
  (let ((*print-pretty* nil) (*print-base* 10) (*print-radix* nil)
        (*print-case* case) (*print-readably* nil) (*print-escape* t)
        (*print-length* (and brief 12)) (*print-level* (and brief 4))
        (*print-circle* (and brief t)))
    (prin1-to-string object)))

(defun proper-list-p (x)
  "True for a proper (finite, nil-terminated) list."
  (and (listp x)
       (loop for tail = x then (cdr tail)
             for n from 0
             when (null tail) return t
             unless (consp tail) return nil
             when (> n 100000) return nil)))

(defun list-of-length-p (x n)
  (and (proper-list-p x) (= (length x) n)))

(defun now-ms ()
  (floor (* 1000 (get-internal-real-time)) internal-time-units-per-second))

;;; ------------------------------------------------------------------------
;;; 3. Positions
;;; ------------------------------------------------------------------------
;;;
;;; One structure for the three games.  Knight / bishop: CELLS is a vector of
;;; size*size squares (index row*size + col, row 0 = the first Lisp row) with
;;; a number or NIL; PIECES holds the squares of the white and the black piece
;;; (NIL when a home row was empty at the automatic placement).  Dots: H and V
;;; are the course's (H V) flattened, H index r*cols + c, V index c*rows + r,
;;; each 0 (no arc), 1 or 2 (the player who drew it).  Quatro: SIZE is 4,
;;; CELLS holds a piece (0..15) or NIL per square, RESERVE the pieces not on
;;; the board in canonical order.  A piece's number has the colour in bit 0,
;;; the height in bit 1, the shape in bit 2 and the fill in bit 3, so 0..15
;;; is the canonical order brao prao brbo ... pqbc (rules/quatro.md 1.4).

;;; The games of games/ (section 8) ------------------------------------------

(defvar *plug-ins* '()
  "The games of games/: a list of (id-string . keyword), in loading order.")

(defvar *game* nil "The current game (for `position startpos`), from setoption Game.")

(defvar *solo-ids* '()
  "The puzzle ids of those games (refused with a clear message).")

(defmacro define-game (keyword id &key solo)
  "Registers the game KEYWORD, written ID in position strings and in
`setoption name Game`; SOLO is its puzzle's id, if any."
  `(progn
     (setf *plug-ins* (append (remove ,keyword *plug-ins* :key #'cdr)
                              (list (cons ,id ,keyword))))
     ,@(when solo `((pushnew ,solo *solo-ids* :test #'string=)))
     ,keyword))

(defun plug-in-p (game)
  (and game (rassoc game *plug-ins*) t))

(defun find-plug-in (id &key solo)
  "The keyword of the game written ID (with SOLO: true when ID is a
puzzle's id of a game of games/)."
  (if solo
      (member id *solo-ids* :test #'string-equal)
      (cdr (assoc id *plug-ins* :test #'string-equal))))

(defun game-ids ()
  (append '("knight" "bishop" "torre" "dots" "quatro") (mapcar #'car *plug-ins*)))

(defstruct (pos (:copier nil))
  game                  ; :knight, :bishop, :torre, :dots or :quatro
  (side 1)              ; the player to move, 1 or 2
  (scores (list 0 0))   ; points of player 1 and player 2
  size cells pieces     ; knight / bishop (quatro: size, cells)
  rows cols h v         ; dots
  reserve               ; quatro
  data)                 ; a game of games/: its own state (never modified in place)

(defun copy-position (p)
  (flet ((copy (vector) (and vector (copy-seq vector))))
    (let ((q (copy-structure p)))
      (setf (pos-scores q) (copy-list (pos-scores p))
            (pos-reserve q) (copy-list (pos-reserve p))
            (pos-cells q) (copy (pos-cells p))
            (pos-pieces q) (copy (pos-pieces p))
            (pos-h q) (copy (pos-h p))
            (pos-v q) (copy (pos-v p)))
      q)))

(defun other (player) (- 3 player))

(defun game-name (game) (string-downcase (symbol-name game)))

;;; Position strings ------------------------------------------------------

(defun parse-fen (words)
  "A position from the words of a position string (game id first)."
  (let* ((id (string-downcase (or (first words) "")))
         (plug-in (find-plug-in id)))
    (cond (plug-in (game-parse-fen plug-in words))
          ((find-plug-in id :solo t)
           (fail "~a: the Lisp adapter plays the two-player games only (~{~a~^, ~})" id (game-ids)))
          ((string= id "knight") (parse-jump-fen :knight 10 words))
          ((string= id "bishop") (parse-jump-fen :bishop 8 words))
          ((string= id "torre") (parse-jump-fen :torre 7 words))
          ((string= id "dots") (parse-dots-fen words))
          ((string= id "quatro") (parse-quatro-fen words))
          ((member id '("knight-solo" "bishop-solo" "torre-solo" "dots-solo" "quatro-solo")
                   :test #'string=)
           (fail "~a: the Lisp adapter plays the two-player games only (~{~a~^, ~})" id (game-ids)))
          (t (fail "unknown game '~a' (expected ~{~a~^, ~})" id (game-ids))))))

(defun parse-jump-fen (game size words)
  (unless (= (length words) 5)
    (fail "expected '~a <rows> <side> <score1> <score2>', found ~d fields"
          (game-name game) (length words)))
  (destructuring-bind (id board side s1 s2) words
    (declare (ignore id))
    (let ((rows (split-on #\/ board))
          (cells (make-array (* size size) :initial-element nil))
          (pieces (vector nil nil)))
      (unless (= (length rows) size)
        (fail "board: expected ~d rows separated by '/', found ~d" size (length rows)))
      (loop for row in rows for r from 0
            for items = (split-on #\, row)
            do (unless (= (length items) size)
                 (fail "row ~d: expected ~d comma-separated cells, found '~a'" (1+ r) size row))
               (loop for item in items for c from 0
                     for sq = (+ (* r size) c)
                     do (cond ((string= item "-"))
                              ((or (word= item "W") (word= item "B"))
                               (let ((p (if (word= item "W") 0 1)))
                                 (when (aref pieces p)
                                   (fail "row ~d, cell ~d: a second '~:@(~a~)'" (1+ r) (1+ c) item))
                                 (setf (aref pieces p) sq)))
                              ((and (<= 1 (length item) 2) (digits-p item))
                               (setf (aref cells sq) (parse-integer item)))
                              (t (fail "row ~d, cell ~d: expected a number 0..99, '-', 'W' or 'B', found '~a'"
                                       (1+ r) (1+ c) item)))))
      (let ((p (make-pos :game game :size size :cells cells :pieces pieces
                         :side (cond ((word= side "w") 1)
                                     ((word= side "b") 2)
                                     (t (fail "side to move: expected 'w' or 'b', found '~a'" side)))))
            (score1 (parse-natural s1 "score1" 65535))
            (score2 (parse-natural s2 "score2" 65535)))
        (cond ((and (aref pieces 0) (aref pieces 1)))
              ((or (aref pieces 0) (aref pieces 1))
               (fail "board: expected both a 'W' and a 'B' (or neither: the automatic placement)"))
              (t (place-automatically p)))
        (incf (first (pos-scores p)) score1)
        (incf (second (pos-scores p)) score2)
        p))))

(defun parse-dots-fen (words)
  (unless (= (length words) 7)
    (fail "expected 'dots <rows>x<cols> <H> <V> <side> <score1> <score2>', found ~d fields"
          (length words)))
  (destructuring-bind (id size htext vtext side s1 s2) words
    (declare (ignore id))
    (let* ((x (or (position #\x size) (position #\X size)
                  (fail "size: expected <rows>x<cols>, found '~a'" size)))
           (rows (parse-natural (subseq size 0 x) "rows" 10))
           (cols (parse-natural (subseq size (1+ x)) "cols" 10)))
      (when (or (zerop rows) (zerop cols))
        (fail "size: each side must be 1..10, found '~a'" size))
      (flet ((arcs (text groups len field)
               (let ((parts (split-on #\/ text))
                     (out (make-array (* groups len))))
                 (unless (= (length parts) groups)
                   (fail "~a: expected ~d groups separated by '/', found '~a'" field groups text))
                 (loop for part in parts for g from 0
                       do (unless (and (= (length part) len)
                                       (every (lambda (ch) (find ch "012")) part))
                            (fail "~a group ~d: expected ~d characters '0', '1' or '2', found '~a'"
                                  field (1+ g) len part))
                          (loop for ch across part for k from 0
                                do (setf (aref out (+ (* g len) k)) (digit-char-p ch))))
                 out)))
        (let* ((p (make-pos :game :dots :rows rows :cols cols
                            :h (arcs htext (1+ rows) cols "H")
                            :v (arcs vtext (1+ cols) rows "V")))
               (boxes (* rows cols))
               (score1 (parse-natural s1 "score1" boxes))
               (score2 (parse-natural s2 "score2" boxes)))
          (setf (pos-side p) (cond ((string= side "1") 1)
                                   ((string= side "2") 2)
                                   (t (fail "side to move: expected '1' or '2', found '~a'" side))))
          (when (> (+ score1 score2) boxes)
            (fail "score2: scores adding up to at most ~d boxes expected" boxes))
          (setf (pos-scores p) (list score1 score2))
          p)))))

(defun parse-quatro-fen (words)
  (unless (= (length words) 3)
    (fail "expected 'quatro <row1>/<row2>/<row3>/<row4> <side>', found ~d fields"
          (length words)))
  (destructuring-bind (id board side) words
    (declare (ignore id))
    (let ((rows (split-on #\/ board))
          (cells (make-array 16 :initial-element nil)))
      (unless (= (length rows) 4)
        (fail "board: expected 4 rows separated by '/', found ~d" (length rows)))
      (loop for row in rows for r from 0
            for items = (split-on #\, row)
            do (unless (= (length items) 4)
                 (fail "row ~d: expected 4 comma-separated cells, found '~a'" (1+ r) row))
               (loop for item in items for c from 0
                     do (unless (string= item "-")
                          (let ((piece (parse-piece item)))
                            (unless piece
                              (fail "row ~d, cell ~d: expected a piece such as 'brao' or '-', found '~a'"
                                    (1+ r) (1+ c) item))
                            (when (find piece cells)
                              (fail "row ~d, cell ~d: '~(~a~)' is already on the board"
                                    (1+ r) (1+ c) item))
                            (setf (aref cells (+ (* r 4) c)) piece)))))
      (make-quatro cells (cond ((string= side "1") 1)
                               ((string= side "2") 2)
                               (t (fail "side to move: expected '1' or '2', found '~a'" side)))))))

(defun make-quatro (cells side)
  "The duel's position with CELLS (distinct pieces or NIL): the reserve is
every piece not on the board."
  (make-pos :game :quatro :size 4 :cells cells :side side
            :reserve (loop for piece from 0 below 16
                           unless (find piece cells) collect piece)))

(defun position-fen (p)
  "The position string of P (the same text the Rust library writes)."
  (when (plug-in-p (pos-game p))
    (return-from position-fen (game-fen (pos-game p) p)))
  (with-output-to-string (s)
    (when (eq (pos-game p) :quatro)
      (format s "quatro ")
      (dotimes (r 4)
        (when (plusp r) (write-char #\/ s))
        (dotimes (c 4)
          (when (plusp c) (write-char #\, s))
          (let ((piece (aref (pos-cells p) (+ (* r 4) c))))
            (write-string (if piece (piece-letters piece) "-") s))))
      (format s " ~d" (pos-side p))
      (return-from position-fen (get-output-stream-string s)))
    (if (eq (pos-game p) :dots)
        (let ((rows (pos-rows p)) (cols (pos-cols p)))
          (format s "dots ~dx~d " rows cols)
          (flet ((arcs (vec groups len)
                   (dotimes (g groups)
                     (when (plusp g) (write-char #\/ s))
                     (dotimes (k len) (format s "~d" (aref vec (+ (* g len) k)))))))
            (arcs (pos-h p) (1+ rows) cols)
            (write-char #\Space s)
            (arcs (pos-v p) (1+ cols) rows))
          (format s " ~d ~{~d~^ ~}" (pos-side p) (pos-scores p)))
        (let ((size (pos-size p)))
          (format s "~a " (game-name (pos-game p)))
          (dotimes (r size)
            (when (plusp r) (write-char #\/ s))
            (dotimes (c size)
              (when (plusp c) (write-char #\, s))
              (let* ((sq (+ (* r size) c)) (n (aref (pos-cells p) sq)))
                (cond ((eql sq (aref (pos-pieces p) 0)) (write-char #\W s))
                      ((eql sq (aref (pos-pieces p) 1)) (write-char #\B s))
                      (n (format s "~2,'0d" n))
                      (t (write-char #\- s))))))
          (format s " ~a ~{~d~^ ~}" (if (= (pos-side p) 1) "w" "b") (pos-scores p))))))

;;; ------------------------------------------------------------------------
;;; 4. The rules
;;; ------------------------------------------------------------------------
;;;
;;; Moves: knight / bishop, a square index or :PASS; dots, (:h r c) or (:v r c)
;;; with 0-based r and c (h: dot row r, box column c; v: box row r, dot
;;; column c); quatro, (piece square), square = row*4 + column.  Legal moves come in the rules' operator order, the order of
;;; the Rust library.

(defparameter +knight-ops+
  '((2 -1) (2 1) (1 2) (-1 2) (-2 1) (-2 -1) (-1 -2) (1 -2))
  "Knight jumps as (row column) offsets, rows growing downwards: op1..op8.")

(defparameter +bishop-dirs+ '((1 1) (1 -1) (-1 -1) (-1 1))
  "Bishop directions as (row column) steps; nearer squares first along each.")

(defparameter +rook-dirs+ '((1 0) (0 1) (-1 0) (0 -1))
  "Rook directions (rules/torre.md) as (row column) steps; nearer squares first.")

(defun piece-targets (game size sq)
  "The squares a piece on SQ reaches on an empty board, in operator order.
Empty squares never block the bishop or the rook (torre)."
  (multiple-value-bind (r c) (floor sq size)
    (flet ((on-board (r c) (and (< -1 r size) (< -1 c size))))
      (ecase game
        (:knight
         (loop for (dr dc) in +knight-ops+
               for nr = (+ r dr) for nc = (+ c dc)
               when (on-board nr nc) collect (+ (* nr size) nc)))
        ((:bishop :torre)
         (loop for (dr dc) in (if (eq game :bishop) +bishop-dirs+ +rook-dirs+)
               nconc (loop for nr = (+ r dr) then (+ nr dr)
                           for nc = (+ c dc) then (+ nc dc)
                           while (on-board nr nc)
                           collect (+ (* nr size) nc))))))))

(defun jump-targets (p player)
  "The squares PLAYER may move to: a number still on it, and not attacked by
the opponent's piece (one knight jump away / on a diagonal through it / on
its row or column)."
  (let ((me (aref (pos-pieces p) (1- player)))
        (them (aref (pos-pieces p) (- 2 player)))
        (game (pos-game p)) (size (pos-size p)))
    (when me
      (let ((attacked (and them (piece-targets game size them))))
        (loop for sq in (piece-targets game size me)
              when (and (aref (pos-cells p) sq) (not (member sq attacked)))
                collect sq)))))

(defun remove-number (p n)
  "Removes every copy of the number N from the board."
  (nsubstitute nil n (pos-cells p)))

(defun land (p player sq)
  "The landing rules: score the number, vacate the square (the piece stands
there), then the symmetric rule (ab removes ba) or, on a double (00 counts),
remove the largest other double still on the board."
  (let ((n (aref (pos-cells p) sq)))
    (incf (nth (1- player) (pos-scores p)) n)
    (setf (aref (pos-cells p) sq) nil
          (aref (pos-pieces p) (1- player)) sq)
    (multiple-value-bind (tens units) (floor n 10)
      (if (/= tens units)
          (remove-number p (+ (* 10 units) tens))
          (let ((double (loop for d from 9 downto 0
                              when (find (* 11 d) (pos-cells p)) return (* 11 d))))
            (when double (remove-number p double)))))))

(defun place-automatically (p)
  "The start of a duel: white on the highest number of row 1, then black on
the highest remaining number of the last row, landing rules applied."
  (let ((size (pos-size p)))
    (loop for player in '(1 2)
          for row = (if (= player 1) 0 (1- size))
          do (let ((best nil))
               (loop for c from 0 below size
                     for sq = (+ (* row size) c)
                     for n = (aref (pos-cells p) sq)
                     when (and n (or (null best) (> n (aref (pos-cells p) best))))
                       do (setf best sq))
               (when best (land p player best))))))

(defun arc-slot (p arc)
  "The vector and index holding ARC."
  (destructuring-bind (kind r c) arc
    (if (eq kind :h)
        (values (pos-h p) (+ (* r (pos-cols p)) c))
        (values (pos-v p) (+ (* c (pos-rows p)) r)))))

(defun arc-value (p arc)
  (multiple-value-bind (vec i) (arc-slot p arc) (aref vec i)))

(defun box-sides (p i j)
  "How many sides of box (I, J) are drawn."
  (let ((rows (pos-rows p)) (cols (pos-cols p)) (h (pos-h p)) (v (pos-v p)))
    (count-if #'plusp (list (aref h (+ (* i cols) j)) (aref h (+ (* (1+ i) cols) j))
                            (aref v (+ (* j rows) i)) (aref v (+ (* (1+ j) rows) i))))))

(defun arc-boxes (p arc)
  "The boxes (i j) on either side of ARC."
  (destructuring-bind (kind r c) arc
    (if (eq kind :h)
        (append (when (> r 0) (list (list (1- r) c)))
                (when (< r (pos-rows p)) (list (list r c))))
        (append (when (> c 0) (list (list r (1- c))))
                (when (< c (pos-cols p)) (list (list r c)))))))

(defun closes-box-p (p arc)
  "Would drawing the (undrawn) ARC close a box?"
  (some (lambda (box) (= (box-sides p (first box) (second box)) 3))
        (arc-boxes p arc)))

(defun dots-moves (p)
  "The undrawn arcs: horizontal ones row by row, then vertical ones column by
column (the order of the course's (H V) lists)."
  (let ((rows (pos-rows p)) (cols (pos-cols p)))
    (append (loop for r from 0 to rows
                  nconc (loop for c from 0 below cols
                              when (zerop (aref (pos-h p) (+ (* r cols) c)))
                                collect (list :h r c)))
            (loop for c from 0 to cols
                  nconc (loop for r from 0 below rows
                              when (zerop (aref (pos-v p) (+ (* c rows) r)))
                                collect (list :v r c))))))

;;; Quatro ------------------------------------------------------------------

(defparameter +quatro-attributes+
  '((0 "BRANCA" "PRETA" #\b #\p) (2 "REDONDA" "QUADRADA" #\r #\q)
    (1 "ALTA" "BAIXA" #\a #\b) (3 "OCA" "CHEIA" #\o #\c))
  "A piece's attributes in the order of its Lisp list and of its letters:
(bit symbol-for-0 symbol-for-1 letter-for-0 letter-for-1).")

(defparameter +quatro-lines+
  (append (loop for r below 4 collect (loop for c below 4 collect (+ (* r 4) c)))
          (loop for c below 4 collect (loop for r below 4 collect (+ (* r 4) c)))
          (list '(0 5 10 15) '(12 9 6 3)))
  "The 10 lines: rows, columns, the diagonals a1-d4 and a4-d1.")

(defun piece-letters (piece)
  (coerce (loop for (bit nil nil zero one) in +quatro-attributes+
                collect (if (logbitp bit piece) one zero))
          'string))

(defun parse-piece (text)
  "The piece written TEXT (four letters, any case), or NIL."
  (when (= (length text) 4)
    (loop for (bit nil nil zero one) in +quatro-attributes+
          for ch across (string-downcase text)
          sum (cond ((char= ch zero) 0)
                    ((char= ch one) (ash 1 bit))
                    (t (return nil))))))

(defun piece-package ()
  "The package of the piece symbols given to jogar: the package of the
student's jogar symbol (a student comparing with EQ finds its own symbols)."
  (or (and *jogar* (symbolp *jogar*) (symbol-package *jogar*))
      (find-package '#:cl-user)))

(defun piece-list (piece)
  "The course's list of PIECE, e.g. (BRANCA REDONDA ALTA OCA)."
  (let ((package (piece-package)))
    (loop for (bit zero one) in +quatro-attributes+
          collect (intern (if (logbitp bit piece) one zero) package))))

(defun lisp-piece (x)
  "The piece of a course list X (symbols or strings in any case), or NIL."
  (when (list-of-length-p x 4)
    (loop for (bit zero one) in +quatro-attributes+
          for item in x
          for name = (and (or (symbolp item) (stringp item)) item (string item))
          sum (cond ((and name (string-equal name zero)) 0)
                    ((and name (string-equal name one)) (ash 1 bit))
                    (t (return nil))))))

(defun empty-cell-p (x)
  "An empty square on a student's Quatro board: 0 or NIL."
  (or (null x) (eql x 0)))

(defun quatro-won-p (p)
  "Does a line hold 4 pieces sharing an attribute value?"
  (let ((cells (pos-cells p)))
    (some (lambda (line)
            (let ((pieces (mapcar (lambda (sq) (aref cells sq)) line)))
              (and (every #'identity pieces)
                   (or (plusp (reduce #'logand pieces))
                       (plusp (logand 15 (reduce #'logand (mapcar #'lognot pieces))))))))
          +quatro-lines+)))

(defun quatro-moves (p)
  "Pieces in reserve order, then the empty squares a1 b1 ... d4."
  (unless (quatro-won-p p)
    (loop for piece in (pos-reserve p)
          nconc (loop for sq below 16
                      unless (aref (pos-cells p) sq) collect (list piece sq)))))

(defun legal-moves (p)
  "The legal moves in operator order; NIL when the game is over.  A player
with no move passes, but only while the opponent can still move."
  (case (pos-game p)
    (:dots (dots-moves p))
    (:quatro (quatro-moves p))
    ((:knight :bishop :torre)
     (or (jump-targets p (pos-side p))
           (and (jump-targets p (other (pos-side p))) (list :pass))))
    (t (game-moves (pos-game p) p))))

(defun play (p move)
  "The position after the legal MOVE (P is not modified)."
  (when (plug-in-p (pos-game p))
    (return-from play (game-play (pos-game p) p move)))
  (let ((q (copy-position p)) (side (pos-side p)))
    (cond ((eq (pos-game p) :quatro)
           (destructuring-bind (piece sq) move
             (setf (aref (pos-cells q) sq) piece
                   (pos-reserve q) (remove piece (pos-reserve q) :count 1)
                   (pos-side q) (other side))))
          ((eq (pos-game p) :dots)
           (multiple-value-bind (vec i) (arc-slot q move)
             (setf (aref vec i) side))
           (let ((closed (count-if (lambda (box) (= 4 (box-sides q (first box) (second box))))
                                   (arc-boxes q move))))
             (if (plusp closed)
                 (incf (nth (1- side) (pos-scores q)) closed) ; closing keeps the turn
                 (setf (pos-side q) (other side)))))
          (t (unless (eq move :pass) (land q side move))
             (setf (pos-side q) (other side))))
    q))

(defun outcome (p)
  "NIL while the game goes on, else :p1win, :p2win or :draw."
  (when (plug-in-p (pos-game p))
    (return-from outcome (game-outcome (pos-game p) p)))
  (when (eq (pos-game p) :quatro)
    ;; The player who completed the line (the one not to move) wins.
    (return-from outcome
      (cond ((quatro-won-p p) (if (= (pos-side p) 1) :p2win :p1win))
            ((null (pos-reserve p)) :draw))))
  (when (null (legal-moves p))
    (destructuring-bind (a b) (pos-scores p)
      (cond ((> a b) :p1win) ((< a b) :p2win) (t :draw)))))

;;; Move notation -----------------------------------------------------------

(defun square-name (p sq)
  (multiple-value-bind (r c) (floor sq (pos-size p))
    (format nil "~c~d" (code-char (+ (char-code #\a) c)) (1+ r))))

(defun move-name (p move)
  (cond ((eq move :pass) "pass")
        ((plug-in-p (pos-game p)) (game-move-name (pos-game p) p move))
        ((eq (pos-game p) :quatro)
         (format nil "~a@~a" (piece-letters (first move)) (square-name p (second move))))
        ((eq (pos-game p) :dots)
         (destructuring-bind (kind r c) move
           (format nil "~(~a~)~d.~d" kind (1+ r) (1+ c))))
        (t (square-name p move))))

(defun parse-move (p text)
  "The move written TEXT in P's game, or NIL when TEXT is not a move of the
game's notation on this board (legality is not checked)."
  (when (plug-in-p (pos-game p))
    (return-from parse-move
      (if (word= text "pass") :pass (game-parse-move (pos-game p) p text))))
  (when (eq (pos-game p) :quatro)
    (let* ((at (position #\@ text))
           (piece (and at (parse-piece (subseq text 0 at))))
           (square (and at (subseq text (1+ at)))))
      (return-from parse-move
        (and piece (= (length square) 2)
             (let ((c (- (char-code (char-downcase (char square 0))) (char-code #\a)))
                   (r (digit-char-p (char square 1))))
               (and (< -1 c 4) r (<= 1 r 4) (list piece (+ (* (1- r) 4) c))))))))
  (flet ((small (s) (and (<= 1 (length s) 2) (digits-p s) (parse-integer s))))
    (if (eq (pos-game p) :dots)
        (let* ((kind (and (plusp (length text)) (char-downcase (char text 0))))
               (dot (position #\. text))
               (r (and dot (small (subseq text 1 dot))))
               (c (and dot (small (subseq text (1+ dot))))))
          (when (and (member kind '(#\h #\v)) r c (>= r 1) (>= c 1))
            (let ((rows (pos-rows p)) (cols (pos-cols p)))
              (if (char= kind #\h)
                  (and (<= r (1+ rows)) (<= c cols) (list :h (1- r) (1- c)))
                  (and (<= r rows) (<= c (1+ cols)) (list :v (1- r) (1- c)))))))
        (let ((size (pos-size p)))
          (cond ((word= text "pass") :pass)
                ((<= 2 (length text) 3)
                 (let ((c (- (char-code (char-downcase (char text 0))) (char-code #\a)))
                       (digits (subseq text 1)))
                   (when (and (< -1 c size) (digits-p digits) (char/= (char digits 0) #\0))
                     (let ((r (parse-integer digits)))
                       (when (<= 1 r size) (+ (* (1- r) size) c)))))))))))

(defun legal-move-p (p move)
  (member move (legal-moves p) :test #'equal))

;;; ------------------------------------------------------------------------
;;; 5. Lisp boards
;;; ------------------------------------------------------------------------

(defun position-board (p)
  "The course's Lisp board of P (fresh lists); Quatro's is the whole
(tabuleiro reserva)."
  (when (plug-in-p (pos-game p))
    (return-from position-board (game-board (pos-game p) p)))
  (when (eq (pos-game p) :quatro)
    (return-from position-board
      (list (loop for r below 4
                  collect (loop for c below 4
                                for piece = (aref (pos-cells p) (+ (* r 4) c))
                                collect (if piece (piece-list piece) 0)))
            (mapcar #'piece-list (pos-reserve p)))))
  (if (eq (pos-game p) :dots)
      (let ((rows (pos-rows p)) (cols (pos-cols p)))
        (list (loop for r from 0 to rows
                    collect (loop for c from 0 below cols
                                  collect (aref (pos-h p) (+ (* r cols) c))))
              (loop for c from 0 to cols
                    collect (loop for r from 0 below rows
                                  collect (aref (pos-v p) (+ (* c rows) r))))))
      (let ((size (pos-size p)))
        (loop for r from 0 below size
              collect (loop for c from 0 below size
                            for sq = (+ (* r size) c)
                            collect (cond ((eql sq (aref (pos-pieces p) 0)) -1)
                                          ((eql sq (aref (pos-pieces p) 1)) -2)
                                          (t (aref (pos-cells p) sq))))))))

(defun board-position (board &key (side 1) (scores (list 0 0)))
  "The position of a course Lisp BOARD: a list of 10 (knight), 8 (bishop) or 7 (torre)
rows of numbers, NIL, -1 and -2, a dots state (H V) of 0, 1 and 2, or a
Quatro (tabuleiro reserva) (the side to move by the number of pieces on the
board, the reserve every piece not on it; rules/quatro.md 5.4).  A
number board with neither -1 nor -2 is a board before the automatic
placement, which is applied.  SIDE (1 or 2) moves; SCORES are added."
  (flet ((cells-of (rows n)
           (unless (and (list-of-length-p rows n)
                        (every (lambda (row) (list-of-length-p row n)) rows))
             (fail "board: expected ~d lists of ~d cells" n n))
           (apply #'append rows)))
    (when (quatro-state-p board)
      (return-from board-position (quatro-board-position board)))
    ;; A game of games/: the current game's first, then any that takes it.
    (let ((plug-in (find-if (lambda (game) (game-board-p game nil board))
                            (remove-if-not #'plug-in-p
                                           (remove-duplicates (cons *game* (mapcar #'cdr *plug-ins*)))))))
      (when plug-in
        (return-from board-position (game-board-position plug-in board side scores))))
    (let ((p (cond
               ((and (list-of-length-p board 2) (proper-list-p (first board))
                     (consp (first (first board))))
                (let* ((h (first board)) (v (second board))
                       (rows (1- (length h)))
                       (cols (if (proper-list-p (first h)) (length (first h)) 0)))
                  (unless (and (<= 1 rows 10) (<= 1 cols 10))
                    (fail "(H V): H must hold 2..11 lists of 1..10 arcs"))
                  (make-pos :game :dots :rows rows :cols cols
                            :h (coerce (cells-of-grid h (1+ rows) cols "H") 'vector)
                            :v (coerce (cells-of-grid v (1+ cols) rows "V") 'vector))))
               ((member (and (proper-list-p board) (length board)) '(10 8 7))
                (let* ((size (length board))
                       (items (cells-of board size))
                       (cells (make-array (* size size) :initial-element nil))
                       (pieces (vector nil nil)))
                  (loop for item in items for sq from 0
                        do (cond ((null item))
                                 ((member item '(-1 -2))
                                  (when (aref pieces (1- (- item)))
                                    (fail "board: ~d appears twice" item))
                                  (setf (aref pieces (1- (- item))) sq))
                                 ((and (integerp item) (<= 0 item 99))
                                  (setf (aref cells sq) item))
                                 (t (fail "board: ~a at ~a is not a number 0..99, NIL, -1 or -2"
                                          (lisp-text item :brief t)
                                          (square-name (make-pos :size size) sq)))))
                  (make-pos :game (case size (10 :knight) (8 :bishop) (t :torre)) :size size
                            :cells cells :pieces pieces)))
               (t (fail "not a course board: expected 10, 8 or 7 rows, or (H V)")))))
      (when (eq (pos-game p) :dots)
        (setf (pos-side p) side (pos-scores p) (copy-list scores))
        (return-from board-position p))
      (let ((pieces (pos-pieces p)))
        (cond ((and (aref pieces 0) (aref pieces 1)))
              ((or (aref pieces 0) (aref pieces 1))
               (fail "board: expected both -1 and -2 (or neither: the automatic placement)"))
              (t (place-automatically p))))
      (setf (pos-side p) side)
      (incf (first (pos-scores p)) (first scores))
      (incf (second (pos-scores p)) (second scores))
      p)))

(defun quatro-state-p (x)
  "Is X shaped like (tabuleiro reserva): 4 rows of 4 cells, and a reserve of
lists of 4 symbols (a dots (H V) has numbers there)?"
  (and (list-of-length-p x 2)
       (list-of-length-p (first x) 4)
       (every (lambda (row) (list-of-length-p row 4)) (first x))
       (proper-list-p (second x))
       (every (lambda (piece)
                (and (list-of-length-p piece 4)
                     (every (lambda (s) (and s (symbolp s))) piece)))
              (second x))))

(defun quatro-board-position (state)
  (let ((cells (make-array 16 :initial-element nil)))
    (loop for row in (first state) for r from 0
          do (loop for cell in row for c from 0
                   for sq = (+ (* r 4) c)
                   do (unless (eql cell 0)
                        (let ((piece (lisp-piece cell)))
                          (unless piece
                            (fail "tabuleiro: ~a at ~a is not 0 or a piece (cor forma altura densidade)"
                                  (lisp-text cell :brief t) (square-name (make-pos :size 4) sq)))
                          (when (find piece cells)
                            (fail "tabuleiro: ~a is on the board twice" (lisp-text cell)))
                          (setf (aref cells sq) piece)))))
    (loop for piece in (second state) for k from 1
          unless (lisp-piece piece)
            do (fail "reserva, piece ~d: ~a is not a piece" k (lisp-text piece :brief t)))
    (make-quatro cells (if (evenp (count-if #'identity cells)) 1 2))))

(defun cells-of-grid (groups n m name)
  "The arcs of the dots list NAME (H or V), N lists of M values 0, 1 or 2,
flattened in the order of the position strings."
  (unless (and (list-of-length-p groups n)
               (every (lambda (g) (list-of-length-p g m)) groups))
    (fail "(H V): ~a must be ~d lists of ~d values" name n m))
  (let ((all (apply #'append groups)))
    (unless (every (lambda (x) (member x '(0 1 2))) all)
      (fail "(H V): ~a holds something other than 0, 1 or 2" name))
    all))

(defun board-shape-p (p x)
  "Is X shaped like a board of P's game and size?"
  (flet ((grid-p (x n m) (and (list-of-length-p x n)
                              (every (lambda (row) (list-of-length-p row m)) x))))
    (case (pos-game p)
      ((:knight :bishop :torre :dots :quatro) nil)
      (t (return-from board-shape-p (game-board-p (pos-game p) p x))))
    (case (pos-game p)
      (:quatro (and (list-of-length-p x 2) (grid-p (first x) 4 4) (proper-list-p (second x))))
      (:dots
        (and (list-of-length-p x 2)
             (grid-p (first x) (1+ (pos-rows p)) (pos-cols p))
             (grid-p (second x) (1+ (pos-cols p)) (pos-rows p))
             (every (lambda (row) (every #'atom row)) (first x))
             (every (lambda (row) (every #'atom row)) (second x))))
      (t (and (grid-p x (pos-size p) (pos-size p))
              (every (lambda (row) (every #'atom row)) x))))))

(defun default-extract-board (result board-p)
  "The new board in what jogar returned.  The first of these that is a board
of the game (checked with BOARD-P) is taken:
  (first result)          -- jogar returned (novo-tabuleiro ...)
  (first (first result))  -- jogar returned (novo-estado ...), the estado
                             being (tabuleiro ...)
  result                  -- jogar returned the board itself
  (second result), (first (second result)) -- (jogada novo-estado ...)
Quatro's board is the estado (tabuleiro reserva): jogar's answer
(coordenadas novo-estado) is the (second result) case.
NIL when none is a board."
  (flet ((safe-first (x) (and (consp x) (car x)))
         (safe-second (x) (and (consp x) (consp (cdr x)) (cadr x))))
    (find-if board-p (list (safe-first result)
                           (safe-first (safe-first result))
                           result
                           (safe-second result)
                           (safe-first (safe-second result))))))

(defun drawn-p (value)
  "An arc value on a student's dots board: anything but 0 and NIL is drawn."
  (not (or (null value) (eql value 0))))

(defun board-moves (p board)
  "The move(s) that turn P's board into the student's BOARD, as a list, or a
string saying why there are none.  Knight / bishop: the square where the
mover's piece (-1 or -2) now stands; the same square as before is a pass.
Dots: the arcs drawn on BOARD that P does not have, in an order in which every
arc but the last closes a box (a whole turn of the student); when there is no
such order only the first new arc is kept.  Quatro: the piece on the one
square that was empty and is not on BOARD = (tabuleiro reserva); jogar's
coordinates are not read (rules/quatro.md 5.3).  A game of games/: its
GAME-BOARD-MOVES."
  (when (plug-in-p (pos-game p))
    (return-from board-moves (game-board-moves (pos-game p) p board)))
  (when (eq (pos-game p) :quatro)
    (return-from board-moves
      (let ((placed (loop for row in (first board) for r from 0
                          nconc (loop for cell in row for c from 0
                                      for sq = (+ (* r 4) c)
                                      unless (or (aref (pos-cells p) sq) (empty-cell-p cell))
                                        collect sq))))
        (cond ((null placed) "jogar placed no piece on an empty square")
              ((rest placed) (format nil "jogar placed pieces on ~d empty squares (~{~a~^ ~})"
                                     (length placed) (mapcar (lambda (sq) (square-name p sq)) placed)))
              (t (let* ((sq (first placed))
                        (cell (nth (mod sq 4) (nth (floor sq 4) (first board))))
                        (piece (lisp-piece cell)))
                   (if piece
                       (list (list piece sq))
                       (format nil "jogar put ~a on ~a, which is not a piece (cor forma altura densidade)"
                               (lisp-text cell :brief t) (square-name p sq)))))))))
  (if (eq (pos-game p) :dots)
      (let ((new (remove-if-not
                  (lambda (arc)
                    (destructuring-bind (kind r c) arc
                      (drawn-p (if (eq kind :h)
                                   (nth c (nth r (first board)))
                                   (nth r (nth c (second board)))))))
                  (dots-moves p))))
        (cond ((null new) "jogar drew no new arc")
              (t (dots-turn-order p new))))
      (let* ((mark (- (pos-side p)))
             (squares (loop for row in board for r from 0
                            nconc (loop for cell in row for c from 0
                                        when (eql cell mark)
                                          collect (+ (* r (pos-size p)) c)))))
        (cond ((null squares) (format nil "no ~d (your piece) on jogar's board" mark))
              ((rest squares) (format nil "~d (your piece) on ~d squares of jogar's board"
                                      mark (length squares)))
              ((eql (first squares) (aref (pos-pieces p) (1- (pos-side p)))) (list :pass))
              (t squares)))))

(defun dots-turn-order (p arcs)
  "ARCS ordered so that every arc but the last closes a box when drawn in
turn.  Greedy: any closing arc may go first (drawing arcs never un-closes a
box).  Without such an order, the first closing arc alone, else the first."
  (let ((q p) (order '()) (left arcs))
    (loop while (rest left)
          do (let ((closer (find-if (lambda (arc) (closes-box-p q arc)) left)))
               (unless closer
                 (note "jogar drew ~d arcs that are not one turn (~{~a~^ ~}); playing one"
                       (length arcs) (mapcar (lambda (a) (move-name p a)) arcs))
                 (return-from dots-turn-order
                   (list (or (find-if (lambda (arc) (closes-box-p p arc)) arcs) (first arcs)))))
               (push closer order)
               (setf left (remove closer left :test #'equal)
                     q (play q closer))))
    (append (nreverse order) left)))

(defun report-differences (p moves board)
  "Warns (stderr) where the student's BOARD differs from what the rules give
after MOVES: usually a bug in the student's rules."
  (let* ((expected (position-board (reduce #'play moves :initial-value p)))
         (diffs '()))
    (case (pos-game p)
     (:quatro
      (loop for row in (first board) for erow in (first expected) for r from 0
            do (loop for cell in row for ecell in erow for c from 0
                     unless (eql (if (empty-cell-p cell) 0 (lisp-piece cell))
                                 (if (eql ecell 0) 0 (lisp-piece ecell)))
                       do (push (format nil "~a: yours ~a, rules ~(~a~)"
                                        (square-name p (+ (* r 4) c)) (lisp-text cell :brief t)
                                        (lisp-text ecell))
                                diffs)))
      (unless (equal (sort (mapcar #'lisp-piece (second board)) #'< :key (lambda (x) (or x -1)))
                     (sort (mapcar #'lisp-piece (second expected)) #'<))
        (push "reserva: not the pieces left" diffs)))
     (:dots
        (loop for (kind rows-of) in (list (list :h (first board)) (list :v (second board)))
              for exp in expected
              do (loop for row in rows-of for erow in exp for g from 0
                       do (loop for cell in row for ecell in erow for k from 0
                                unless (eq (drawn-p cell) (drawn-p ecell))
                                  do (push (move-name p (if (eq kind :h)
                                                            (list :h g k)
                                                            (list :v k g)))
                                           diffs)))))
     ((:knight :bishop :torre)
        (loop for row in board for erow in expected for r from 0
              do (loop for cell in row for ecell in erow for c from 0
                       unless (eql cell ecell)
                         do (push (format nil "~a: yours ~s, rules ~s"
                                          (square-name p (+ (* r (pos-size p)) c)) cell ecell)
                                  diffs))))
     (t (unless (equalp board expected)
          (push (format nil "yours ~a, rules ~a" (lisp-text board :brief t) (lisp-text expected :brief t))
                diffs))))
    (when diffs
      (note "jogar's new board differs from the rules after ~{~a~^ ~} at ~d place~:p: ~{~a~^; ~}~@[ ...~]"
            (mapcar (lambda (m) (move-name p m)) moves) (length diffs)
            (subseq (reverse diffs) 0 (min 5 (length diffs))) (> (length diffs) 5)))))

;;; ------------------------------------------------------------------------
;;; 6. Calling the student
;;; ------------------------------------------------------------------------

(defvar *queue* nil
  "Dots: the rest of a turn jogar drew in one call, as (fen-expected . arcs):
the next `go` on the position FEN-EXPECTED answers the next arc at once.")

(define-condition student-failure (bad-input)
  ((kind :initarg :kind :reader failure-kind))
  (:documentation "The student's code gave no move the kit can play.  KIND
is the word of `info string fallback <kind>`: :ERROR (it signalled an
error), :UNREADABLE (an answer the kit cannot read as a move), :ILLEGAL (a
move the rules refuse), :NOMOVE (no move: NIL, or the board unchanged) or
:LATE (the kit's own cut-off, only for a `go` without a deadline)."))

(defun fail-as (kind control &rest args)
  "Refuses the student's answer: a STUDENT-FAILURE of KIND with a message."
  (error 'student-failure :kind kind :text (apply #'format nil control args)))

(defun call-with-limit (ms thunk)
  "Calls THUNK; under SBCL with *HARD-LIMIT* and MS not NIL, interrupts it
after MS ms."
  #+sbcl
  (if (and *hard-limit* ms)
      (handler-case (sb-ext:with-timeout (/ (max ms 1) 1000) (funcall thunk))
        (sb-ext:timeout ()
          (fail-as :late "jogar did not return within ~d ms and was interrupted" ms)))
      (funcall thunk))
  #-sbcl
  (progn ms (funcall thunk)))

(defun units-per-ms ()
  "Internal time units per millisecond (1 under LispWorks, 1000 under SBCL)."
  (max 1 (floor internal-time-units-per-second 1000)))

(defun student-tempo (tempo clock)
  "The tempo given to the student for TEMPO ms under the clock setting CLOCK."
  (case clock
    (:internal (* tempo (units-per-ms)))
    (:seconds (/ tempo 1000.0))
    (t tempo)))

(defvar *failure-place* nil
  "(condition . function): the innermost function of the student's code on
the stack when CONDITION was signalled (see CALL-STUDENT).")

(defun call-student (p tempo limit-ms)
  "One call of the student's code on P with the tempo TEMPO (already in the
student's units), interrupted after LIMIT-MS (NIL: never).  Output to standard error, an
empty input: the protocol stays clean."
  (let* ((board (position-board p))
         (scores (copy-list (pos-scores p)))
         (*standard-output* *error-output*)
         (*standard-input* (make-string-input-stream ""))
         (*terminal-io* (make-two-way-stream *standard-input* *error-output*)))
    (call-with-limit
     limit-ms
     (let ((call (if *student-call*
                     (lambda () (funcall *student-call* board scores (pos-side p) (pos-game p) tempo))
                     (let ((estado (funcall *make-estado* board scores (pos-side p) (pos-game p))))
                       (lambda ()
                         (apply *jogar* (game-jogar-arguments (pos-game p) estado (pos-side p) tempo)))))))
       (lambda ()
         (setf *failure-place* nil)
         ;; Where an error starts, for the verdict (the stack is gone once
         ;; a handler-case has it).
         (handler-bind ((error #'note-failure-place))
           (funcall call)))))))

(defun probe-clock (p tempo)
  "One move of the clock probe, while *CLOCK* is :PROBE: the move's only call
of the student's code; returns its answer.  The first probing move gets
TEMPO in milliseconds: used for at least a quarter of it, the project reads
milliseconds.  Answered faster (a project comparing tempo with raw
get-internal-real-time differences stops almost at once under SBCL, whose
units are microseconds; so does one that never reads the clock), the next
probing move gets half of TEMPO in raw units, cut off at TEMPO: used for
about that long, or answering a move where the first answered none, it
reads raw units; cut off, it reads milliseconds (that one move is the first
legal move, announced as a fallback); fast again, it does not depend on the
clock (milliseconds)."
  (let* ((k (units-per-ms))
         (first (null *probe-votes*))
         (start (now-ms)))
    (flet ((vote (clock why answered)
             (note "clock probe: ~(~a~): ~a" clock why)
             (push (list clock why answered) *probe-votes*)))
      (cond ((= k 1)
             (vote :ms "internal time is in milliseconds here: tempo passed as is" t)
             (call-student p tempo (and (not *deadline*) (+ tempo *time-reserve*))))
            (first
             (let* ((answer (call-student p tempo (and (not *deadline*) (+ tempo *time-reserve*))))
                    (used (- (now-ms) start)))
               (if (>= (* 4 used) tempo)
                   (vote :ms (format nil "jogar used ~d ms of a ~d ms tempo: tempo read as milliseconds"
                                     used tempo)
                         t)
                   (vote :fast (format nil "jogar answered in ~d ms of a ~d ms tempo" used tempo)
                         (and answer t)))
               answer))
            (t
             (let* ((raw (* (max 1 (floor tempo 2)) k))
                    (answer (handler-case (call-student p raw tempo)
                              (student-failure (e)
                                (vote :ms (format nil "jogar ran past ~d ms when given tempo ~d (raw units): tempo read as milliseconds"
                                                  tempo raw)
                                      nil)
                                (error e))))
                    (used (- (now-ms) start))
                    (before (third (first *probe-votes*))))
               (cond ((>= (* 8 used) tempo)
                      (vote :internal (format nil "jogar used ~d ms of tempo ~d (raw units, ~d ms) after answering a ~d ms tempo at once: it compares tempo with get-internal-real-time differences"
                                              used raw (floor tempo 2) tempo)
                            t))
                     ((and answer (not before))
                      (vote :internal (format nil "jogar answered no move with tempo ~d (milliseconds) and one with tempo ~d (raw units): it compares tempo with get-internal-real-time differences"
                                              tempo raw)
                            t))
                     (t (vote :none (format nil "jogar answered in ~d ms whatever the tempo (~d, then ~d raw): it does not depend on the clock (a fixed depth?)"
                                            used tempo raw)
                              t)))
               answer))))))

(defun settle-probe ()
  "After a probing move: once it decided (anything but :FAST), sets
*CLOCK*, says so, and records it."
  (destructuring-bind (&optional clock why answered) (first *probe-votes*)
    (declare (ignore answered))
    (unless (member clock '(nil :fast))
      (let ((clock (if (eq clock :none) :ms clock))
            (why (format nil "probed at ~d move~:p, one call each: ~a" (length *probe-votes*) why)))
        (setf *clock* clock *clock-why* why)
        (note "clock: ~(~a~): ~a" clock why)
        (when *clock-record* (funcall *clock-record* clock why))))))

(defun call-jogar (p tempo)
  "Runs the student's code on P with TEMPO ms and returns its answer: the
tempo in the units *CLOCK* says.  While *CLOCK* is :PROBE (neither the
description nor the project's source told), each move is a probing move
until one decides (PROBE-CLOCK).  No cut-off when the `go` has a deadline
(the arbiter's timeout); else one at tempo + *time-reserve*."
  (if (eq *clock* :probe)
      (unwind-protect (probe-clock p tempo) (settle-probe))
      (call-student p (student-tempo tempo *clock*)
                    (and (not *deadline*) (+ tempo *time-reserve*)))))

(defun logical-host-condition-p (e)
  "Is E SBCL's complaint about a logical host it does not know?"
  (and (search "logical host" (ignore-errors (princ-to-string e)) :test #'char-equal) t))

(defun shown-name (name)
  "NAME cut to 40 characters (a name of 200 would hide the condition after
it in a verdict)."
  (if (> (length name) 40)
      (concatenate 'string (subseq name 0 37) "...")
      name))

(defun entry-shown ()
  "The name of the entry the kit calls, cut to 40 characters."
  (shown-name (if (symbolp *jogar*) (symbol-name *jogar*) "jogar")))

(defun kit-package-p (package)
  "Is PACKAGE Common Lisp's, SBCL's or the kit's, not the student's?"
  (let ((name (package-name package)))
    (or (member name '("COMMON-LISP" "KEYWORD" "TABULA" "TABULA-PROJECT") :test #'string=)
        (and (> (length name) 3) (string= "SB-" name :end2 3)))))

(defun student-name-p (name)
  "Is NAME a function name of the student's code (a symbol of a package
that is not the kit's, see KIT-PACKAGE-P)?"
  (let ((package (and (symbolp name) (symbol-package name))))
    (and package (not (kit-package-p package)))))

(defun innermost-student-function ()
  "The innermost function on the stack whose name is the student's, or NIL."
  (ignore-errors
   (block found
     (sb-debug::map-backtrace
      (lambda (frame)
        (let ((name (sb-di:debug-fun-name (sb-di:frame-debug-fun frame))))
          (when (and (consp name) (member (first name) '(flet labels)))
            (setf name (second name)))
          (when (student-name-p name)
            (return-from found name)))))
     nil)))

(defun note-failure-place (e)
  "Remembers where in the student's code E was signalled (never for a
storage condition: the stack may be gone)."
  (unless (typep e 'storage-condition)
    (setf *failure-place* (cons e (innermost-student-function)))))

(defun failure-place (e)
  "The student's function E was signalled in, when it is not the entry
itself."
  (let ((place (and (eq (car *failure-place*) e) (cdr *failure-place*))))
    (and place (not (eq place *jogar*)) place)))

(defun condition-verdict (e)
  "One line naming what went wrong in the student's code: the entry that was
called, the function of the student's code it failed in (when another), the
Lisp condition as Lisp printed it, then the likely cause."
  (let ((text (substitute #\Space #\Newline (princ-to-string e))))
    (format nil "~(~a~)~@[, in ~(~a~),~] signalled ~a: ~a~@[ (~a)~]" (entry-shown)
            (let ((place (failure-place e)))
              (and place (shown-name (symbol-name place))))
            (type-of e) text
            (typecase e
              ((satisfies logical-host-condition-p)
               "a logical host (C:, a drive of the student's machine) SBCL does not know: not a wrong estado; name it in :logical-hosts of the description")
              (undefined-function "a function defined nowhere: a name left out or misspelt? :aliases in the description")
              (unbound-variable "a variable defined nowhere")
              (storage-condition "memory or stack exhausted: a runaway recursion?")
              (type-error "a value of the wrong shape: is the estado the one your code expects?")
              (end-of-file "jogar read from the input: a menu or a prompt?")))))

(defun student-moves (p tempo)
  "The student's move(s) in P: a list of legal moves to play in turn (one for
knight / bishop).  Any failure signals STUDENT-FAILURE with its kind and the
reason."
  (let* ((result (handler-case (call-jogar p tempo)
                   (student-failure (e) (error e))
                   (serious-condition (e)
                     (fail-as :error "~a" (condition-verdict e)))))
         (board (handler-case (funcall *extract-board* result (lambda (x) (board-shape-p p x)))
                  (serious-condition (e)
                    (fail-as :unreadable "reading jogar's answer ~a: ~a"
                             (lisp-text result :brief t) e)))))
    (when (null result)
      (fail-as :nomove "jogar returned NIL (legal: ~{~a~^ ~})"
               (mapcar (lambda (m) (move-name p m)) (legal-moves p))))
    ;; The estado of the default hooks may show the board as the mover sees
    ;; it (Adji-boto's player 2: turned 180 degrees): back to the real board.
    (when (and (consp board) (null *student-call*) (eq *make-estado* #'default-make-estado)
               (plug-in-p (pos-game p)))
      (setf board (game-unview (pos-game p) board (pos-side p))))
    (cond ((stringp board)
           (let ((move (parse-move p (string-trim " " board))))
             (cond ((equalp (string-trim " " board) "pass")
                    (fail-as :nomove "jogar's answer holds no move (~a), a pass where moves exist (legal: ~{~a~^ ~})"
                             (lisp-text result :brief t)
                             (mapcar (lambda (m) (move-name p m)) (legal-moves p))))
                   ((null move)
                    (fail-as :unreadable "jogar's move '~a' (as read from ~a) is not a ~a move"
                             board (lisp-text result :brief t) (game-name (pos-game p))))
                   ((not (legal-move-p p move))
                    (fail-as :illegal "jogar's move '~a' (as read from ~a) is not legal here (legal: ~{~a~^ ~})"
                             board (lisp-text result :brief t)
                             (mapcar (lambda (m) (move-name p m)) (legal-moves p)))))
             (list move)))
          ((null board)
           (fail-as :unreadable "jogar returned no ~a board: ~a" (game-name (pos-game p))
                    (let ((text (lisp-text result :brief t)))
                      (if (> (length text) 200) (concatenate 'string (subseq text 0 200) "...") text))))
          ((equal board (position-board p))
           (fail-as :nomove "jogar returned the board unchanged (legal: ~{~a~^ ~})"
                    (mapcar (lambda (m) (move-name p m)) (legal-moves p))))
          (t (let ((moves (board-moves p board)))
               (when (stringp moves)
                 (fail-as (cond ((or (search "no new arc" moves) (search "placed no piece" moves)) :nomove)
                                ((search "(your piece)" moves) :unreadable)
                                (t :illegal))
                          "~a" moves))
               (unless (legal-move-p p (first moves))
                 (fail-as (if (eq (first moves) :pass) :nomove :illegal)
                          "jogar played ~a, which is not legal here (legal: ~{~a~^ ~})"
                          (move-name p (first moves))
                          (mapcar (lambda (m) (move-name p m)) (legal-moves p))))
               (report-differences p moves board)
               moves)))))

(defvar *clock-said* nil "True once the clock's decision was sent.")

(defun say-clock ()
  "Sends, once, how the clock units were decided and whether the project
times itself with CPU time."
  (unless *clock-said*
    (when (and *clock-why* (member *clock* '(:ms :internal :seconds)))
      (setf *clock-said* t)
      (send "info string clock ~(~a~): ~a" *clock* *clock-why*)
      (when *clock-cpu* (send "info string cputime ~a" *clock-cpu*)))))

(defun choose-move (p tempo)
  "The move to answer in P: the next arc of a queued dots turn, a forced
pass, else the student's move, else (after a note on stderr and the line
`info string fallback <kind> ...`) the first legal move."
  (let ((fen (position-fen p)))
    (when (and *queue* (string= fen (car *queue*)) (legal-move-p p (cadr *queue*)))
      (let ((move (cadr *queue*)) (rest (cddr *queue*)))
        (setf *queue* (and rest (cons (position-fen (play p move)) rest)))
        (return-from choose-move move))))
  (setf *queue* nil)
  (when (equal (legal-moves p) '(:pass))
    (return-from choose-move :pass))    ; forced: no need to ask jogar
  (multiple-value-prog1
      (handler-case
          (let ((moves (student-moves p tempo)))
            (when (rest moves)
              (setf *queue* (cons (position-fen (play p (first moves))) (rest moves))))
            (first moves))
        ;; STUDENT-FAILURE from the checks above, or anything a replaced
        ;; hook signals.
        (serious-condition (e)
          (let ((fallback (first (legal-moves p)))
                (kind (if (typep e 'student-failure) (failure-kind e) :error)))
            (when (eq *on-failure* :lose)
              (send "info string error jogar failed: ~a -- the game is lost (on-failure lose)" e)
              (force-output *out*)
              (note "~a" e)
              #+sbcl (sb-ext:exit :code 1 :abort t)
              #-sbcl (error "~a" e))
            (note "~a -- playing the first legal move, ~a" e (move-name p fallback))
            (say-clock)
            (send "info string error jogar failed: ~a -- played the first legal move, ~a"
                  e (move-name p fallback))
            ;; Sent by CMD-GO right before the bestmove.
            (setf *fallback* (format nil "info string fallback ~(~a~) ~a -- played the first legal move, ~a"
                                     kind e (move-name p fallback)))
            fallback)))
    (say-clock)))

;;; ------------------------------------------------------------------------
;;; 7. The protocol loop
;;; ------------------------------------------------------------------------

(defvar *position* nil "The current position, NIL before a valid `position`.")
(defvar *pending* nil "The bestmove of a `go infinite`, held until `stop`.")

(defun send-bestmove (move fallback)
  "The bestmove MOVE, preceded by its FALLBACK line when there is one."
  (when fallback (send "~a" fallback))
  (send "bestmove ~a" move))

(defun flush-pending ()
  (when *pending*
    (send-bestmove *pending* *pending-fallback*)
    (setf *pending* nil *pending-fallback* nil)))

(defun cmd-hello (ok)
  (send "id name ~a" (or *engine-name* "tabula-lisp"))
  (send "id author ~a" *engine-author*)
  (send "option name TimeReserve type spin default ~d min 0 max 60000" *time-reserve*)
  (send "~a" ok))

(defun cmd-setoption (args)
  (let* ((value-at (position "value" args :test #'word=))
         (name (format nil "~{~a~^ ~}" (subseq args (min 1 (length args)) value-at)))
         (value (and value-at (format nil "~{~a~^ ~}" (nthcdr (1+ value-at) args)))))
    (unless (and args (word= (first args) "name") (plusp (length name)))
      (fail "setoption: expected 'setoption name <name> [value <value>]'"))
    (cond ((word= name "TimeReserve")
           (setf *time-reserve* (parse-natural (or value "") "TimeReserve" 60000)))
          ((word= name "Game")
           (let ((game (find value (append '(:knight :bishop :torre :dots :quatro) (mapcar #'cdr *plug-ins*))
                             :key #'game-name :test #'word=)))
             (setf *game* game)
             (send "info string option Game ~a~:[ (the adapter plays ~{~a~^, ~})~;~*~]"
                   value game (game-ids))))
          (t (send "info string option ~a ignored by the Lisp adapter" name)))))

(defun cmd-position (args)
  (setf *position* nil)
  (let* ((moves-at (position "moves" args :test #'word=))
         (spec (subseq args 0 moves-at))
         (moves (and moves-at (nthcdr (1+ moves-at) args)))
         (kind (first spec))
         (p (cond ((null kind) (fail "position: expected 'fen <position string>' or 'startpos'"))
                  ((word= kind "fen") (parse-fen (rest spec)))
                  ((word= kind "lisp") (board-position (read-board (rest spec))))
                  ((word= kind "startpos")
                   (when (rest spec) (fail "startpos: unexpected '~a'" (second spec)))
                   (case (and (plug-in-p *game*) (game-start *game*) :plug-in)
                     (:plug-in (parse-fen (split-words (game-start *game*))))
                     (t (case *game*
                     (:dots (parse-fen (split-words "dots 5x6 000000/000000/000000/000000/000000/000000 00000/00000/00000/00000/00000/00000/00000 1 0 0")))
                     (:quatro (parse-fen (split-words "quatro -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1")))
                     (t (fail "startpos: ~a has no fixed start here (setoption name Game value <game>: ~{~a~^, ~} do); use 'position fen ...'"
                              (if *game* (game-name *game*) "the game")
                              (append '("dots" "quatro")
                                      (loop for (nil . g) in *plug-ins* when (game-start g) collect (game-name g)))))))))
                  ((or (word= kind "random") (word= kind "problem"))
                   (fail "position ~(~a~): not supported by the Lisp adapter; use 'position fen ...'" kind))
                  (t (fail "position: unknown kind '~a' (expected fen, startpos or lisp)" kind)))))
    (loop for text in moves for i from 1
          for move = (parse-move p text)
          do (cond ((null move)
                    (fail "move ~d of the moves list: '~a' is not a ~a move" i text (game-name (pos-game p))))
                   ((not (legal-move-p p move))
                    (fail "move ~d of the moves list: '~a' is illegal here" i text)))
             (setf p (play p move)))
    (setf *game* (pos-game p) *position* p)))

(defun read-board (words)
  "The Lisp object written in WORDS (read with *read-eval* off)."
  (let ((text (format nil "~{~a~^ ~}" words)))
    (multiple-value-bind (object end)
        (handler-case (let ((*read-eval* nil) (*package* (find-package '#:tabula)))
                        (read-from-string text))
          (error () (fail "position lisp: cannot read a Lisp board from '~a'" text)))
      (unless (every #'blankp (subseq text end))
        (fail "position lisp: unexpected text after the board"))
      object)))

(defun go-tempo (args p)
  "The tempo (ms) for jogar from the arguments of `go`."
  (let ((limits '()) (infinite nil))
    (loop for (key value) on args by #'cddr
          do (cond ((word= key "infinite") (setf infinite t) (return))
                   (t (push (cons (string-downcase key) (parse-natural (or value "") key)) limits))))
    (flet ((limit (&rest keys)
             (loop for key in keys for hit = (assoc key limits :test #'string=)
                   when hit return (cdr hit))))
      (let ((movetime (limit "movetime"))
            (mine (if (= (pos-side p) 1) (limit "p1time" "wtime") (limit "p2time" "btime")))
            (inc (or (if (= (pos-side p) 1) (limit "p1inc" "winc") (limit "p2inc" "binc")) 0)))
        ;; `go infinite` ends with `stop`, which bounds it as a deadline
        ;; does: the kit does not cut jogar off either.
        (setf *deadline* (and (or movetime mine infinite) t))
        (max 1 (cond (movetime (- movetime *time-reserve*))
                     ;; A clock: a twentieth of what is left plus most of the
                     ;; increment, never more than half of what is left.
                     (mine (- (min (+ (floor mine 20) (floor (* 3 inc) 4)) (floor mine 2))
                              *time-reserve*))
                     (t *default-tempo*)))))))

(defun cmd-go (args)
  (flush-pending)
  (let ((p *position*)
        (infinite (member "infinite" args :test #'word=))
        (tempo *default-tempo*))
    ;; A refused go (bad arguments, no position) gets its error line and no
    ;; bestmove; a finished game gets `bestmove none` at once (protocol.md).
    (handler-case (when p (setf tempo (go-tempo args p)))
      (bad-input (e)
        (send "info string error go: ~a" e)
        (return-from cmd-go)))
    (setf *fallback* nil)
    (let ((move (cond ((null p)
                       (send "info string error go: no position (send 'position fen ...' first)")
                       nil)
                      ((null (legal-moves p))
                       (send "info string game over: no move to search")
                       "none")
                      (t (let ((start (now-ms)) (move (choose-move p tempo)))
                           (send "info time ~d" (- (now-ms) start))
                           (move-name p move))))))
      (cond ((null move))
            ((and infinite (string/= move "none"))
             (setf *pending* move *pending-fallback* *fallback*))
            (t (send-bestmove move *fallback*))))))

(defun cmd-show ()
  "Debug: the current position as FEN, as the Lisp board and as the estado."
  (let ((p *position*))
    (cond ((null p) (send "info string no position"))
          (t
           ;; Quatro's piece symbols print without a package prefix, in
           ;; lowercase as the course writes them.
           (let* ((quatro (eq (pos-game p) :quatro))
                  (*package* (if quatro (piece-package) *package*))
                  (case (if quatro :downcase :upcase)))
             (send "info string fen ~a" (position-fen p))
             (send "info string lisp ~a" (lisp-text (position-board p) :case case))
             (send "info string estado ~a"
                   (lisp-text (funcall (or *student-estado* *make-estado*)
                                       (position-board p) (copy-list (pos-scores p))
                                       (pos-side p) (pos-game p))
                              :case case))
             (send "info string clock ~(~a~)~@[: ~a~]" *clock* *clock-why*)
             (when *clock-cpu* (send "info string cputime ~a" *clock-cpu*)))))))

(defun cmd-query (args)
  (let ((p *position*) (what (string-downcase (or (first args) ""))))
    (unless p (fail "query: no position"))
    (cond ((string= what "gameover") (send "response ~:[false~;true~]" (outcome p)))
          ((string= what "p1turn") (send "response ~:[false~;true~]" (= (pos-side p) 1)))
          ((string= what "result") (send "response ~(~a~)" (or (outcome p) "none")))
          (t (fail "query: expected gameover, p1turn or result, found '~a'" what)))))

(defun handle-line (line)
  "Runs one protocol line; returns :QUIT to end."
  (let* ((words (split-words line))
         (command (string-downcase (or (first words) "")))
         (args (rest words)))
    (unless (member command '("isready" "show" "d" "legal" "query" "") :test #'string=)
      (flush-pending))
    (cond ((string= command ""))
          ((string= command "ugi") (cmd-hello "ugiok"))
          ((string= command "uci") (cmd-hello "uciok"))
          ((string= command "isready") (send "readyok~{ ~a~}" args))
          ((member command '("uginewgame" "ucinewgame") :test #'string=)
           (setf *position* nil *queue* nil))
          ((string= command "setoption") (cmd-setoption args))
          ((string= command "position") (cmd-position args))
          ((string= command "go") (cmd-go args))
          ((string= command "stop"))          ; answered by flush-pending above
          ((string= command "quit") (return-from handle-line :quit))
          ((member command '("show" "d") :test #'string=) (cmd-show))
          ((string= command "legal")
           (if *position*
               (send "info string legal~{ ~a~}"
                     (mapcar (lambda (m) (move-name *position* m)) (legal-moves *position*)))
               (fail "legal: no position")))
          ((string= command "query") (cmd-query args))
          (t (fail "unknown command '~a'" (first words))))
    nil))

(defun main (&key (input *standard-input*) (output *standard-output*))
  "The protocol loop: reads commands from INPUT until `quit` or the end of the
input, answers on OUTPUT.  Returns normally (the caller exits)."
  (let ((*out* output)
        (*position* nil) (*queue* nil) (*pending* nil) (*game* nil)
        (*fallback* nil) (*pending-fallback* nil) (*deadline* nil))
    (loop for line = (read-line input nil nil)
          while line
          do (let ((status
                     (handler-case (handle-line line)
                       (bad-input (e)
                         (send "info string error ~a" e))
                       (serious-condition (e)
                         (note "internal error on '~a': ~a" line e)
                         (send "info string error internal: ~a" e)))))
               (when (eq status :quit) (return))))
    ;; The end of the input stops a `go infinite`: its bestmove is still sent.
    (flush-pending)
    (force-output output)))

;;; ------------------------------------------------------------------------
;;; 8. Games in their own files
;;; ------------------------------------------------------------------------
;;;
;;; A game the course added later lives in games/<game>.lisp: it calls
;;; (define-game :<game> "<id>" ...) and defines methods, specialised with
;;; (eql :<game>), of the generic functions below.  Its position is a POS
;;; whose GAME is the keyword, SIDE the player to move, SCORES the two
;;; players' points, and DATA whatever the file keeps (never modified in
;;; place: GAME-PLAY returns a new POS).  Moves are any Lisp objects
;;; compared with EQUAL; the forced pass is :PASS.  The rest of this file
;;; reaches the game only through these functions, so a new game is one new
;;; file (docs/adding-a-game.md, step 7).

(defgeneric game-parse-fen (game words)
  (:documentation "The position of the position string's WORDS (the game's id
first).  Signals with FAIL what is wrong."))

(defgeneric game-fen (game p)
  (:documentation "The position string of P, exactly as the Rust library
writes it."))

(defgeneric game-moves (game p)
  (:documentation "The legal moves of P in the rules' operator order (the
Rust library's order); (:PASS) when the side must pass; NIL when the game is
over."))

(defgeneric game-play (game p move)
  (:documentation "A new position: P after the legal MOVE (:PASS included)."))

(defgeneric game-outcome (game p)
  (:documentation "NIL while the game goes on, else :P1WIN, :P2WIN or :DRAW.")
  (:method (game p)
    (declare (ignore game))
    (when (null (legal-moves p))
      (destructuring-bind (a b) (pos-scores p)
        (cond ((> a b) :p1win) ((< a b) :p2win) (t :draw))))))

(defgeneric game-move-name (game p move)
  (:documentation "MOVE (never :PASS) in the protocol's notation."))

(defgeneric game-parse-move (game p text)
  (:documentation "The move written TEXT (never \"pass\"), or NIL when TEXT is
not a move of the notation on this board; legality is checked by the caller."))

(defgeneric game-board (game p)
  (:documentation "The course's Lisp board of P, in fresh lists (the student
may modify them): what the student's jogar receives and returns."))

(defgeneric game-board-p (game p x)
  (:documentation "True when X is shaped like a board of GAME (of P's size
when P is not NIL): used to find the board in jogar's answer and to read
`position lisp`."))

(defgeneric game-board-position (game board side scores)
  (:documentation "The position of a course Lisp BOARD (`position lisp`),
SIDE to move, SCORES added.")
  (:method (game board side scores)
    (declare (ignore board side scores))
    (fail "position lisp: not supported for ~a; use 'position fen ...'" (game-name game))))

(defgeneric game-board-moves (game p board)
  (:documentation "The move(s) that turn P's board into the student's BOARD
(the real board, any view undone), as a list of moves, or a string saying why
there is none."))

(defgeneric game-estado (game board scores side)
  (:documentation "The estado the default hooks give jogar (the course's
championship estado for BOARD, SCORES and SIDE, in the view the course's
programs expect).")
  (:method (game board scores side)
    (declare (ignore game))
    (list board side (first scores) (second scores))))

(defgeneric game-unview (game board side)
  (:documentation "The real board of a BOARD found in jogar's answer, when
GAME-ESTADO showed SIDE a turned view (the default hooks only).")
  (:method (game board side)
    (declare (ignore game side))
    board))

(defgeneric game-answer-move (game line column operator)
  (:documentation "A move written in the protocol's notation from a move
(LINE COLUMN), 0-based, in jogar's answer (OPERATOR the symbol before them,
if any), or NIL: used by project descriptions whose answer holds no board.")
  (:method (game line column operator)
    (declare (ignore game line column operator))
    nil))

(defgeneric game-jogar-arguments (game estado side tempo)
  (:documentation "The arguments of the student's jogar for ESTADO, SIDE to
move and TEMPO: (estado tempo) by default; a year whose championship function
took more (3-D noughts and crosses: (jogar estado simbolo tempo)) says so.")
  (:method (game estado side tempo)
    (declare (ignore game side))
    (list estado tempo)))

(defgeneric game-stocks (game board)
  (:documentation "The players' stocks of pieces for BOARD, (pecas-1 pecas-2),
when the game has any (Blokus), else NIL: what a description's :pieces1 /
:pieces2 are.")
  (:method (game board)
    (declare (ignore game board))
    nil))

(defgeneric game-start (game)
  (:documentation "The position string of the game's fixed start, or NIL.")
  (:method (game)
    (declare (ignore game))
    nil))

(defun move-giving-board (game p board &optional (moves (game-moves game p)))
  "The first of MOVES (by default P's legal moves) after which P's board is
BOARD (EQUAL), or NIL: how a game of games/ reads the student's move."
  (find-if (lambda (move) (equal (game-board game (game-play game p move)) board))
           moves))

(defun load-games (&optional (folder (and *load-truename*
                                          (merge-pathnames "games/" *load-truename*))))
  "Loads every games/*.lisp next to this file (in name order); a folder that
is missing loads nothing."
  (when folder
    (dolist (file (sort (directory (merge-pathnames "*.lisp" folder)) #'string<
                        :key #'namestring))
      (load file))))

(load-games)
