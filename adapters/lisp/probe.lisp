;;;; probe.lisp -- try ways of calling a course project (SBCL), for
;;;; `arbiter grade`'s recognition.
;;;;
;;;;     sbcl --script adapters/lisp/probe.lisp probe.tabula
;;;;
;;;; Loads tabula.lisp and project.lisp (next to this file), then the
;;;; project as the description PROBE.TABULA says (:files, :aliases,
;;;; :globals, :logical-hosts: what every way of calling it shares), once.
;;;; Then it answers, one line per request on standard input, each request
;;;; one Lisp plist on one line:
;;;;
;;;;   (:try :id N :fen "<position string>" :tempo T :limit MS :clock C
;;;;    :entry "name" :package "pkg" :args (...) :estado (...) :view V
;;;;    :symbols (...) :depth D :readings ((global-or-nil base) ...))
;;;;       One call of the entry on the position, as a description with
;;;;       those keys would make it (tempo T ms in the units C: :ms,
;;;;       :internal, :seconds), interrupted after MS ms.  Answers
;;;;         tried N <ms> error <the condition>
;;;;         tried N <ms> late
;;;;         tried N <ms> answer <the answer, brief>
;;;;       then for each reading K (the answer, or the global's value when
;;;;       it changed in the call, read as a board else a move written from
;;;;       BASE): `reading N K move <move>` or `reading N K none <why>`.
;;;;   (:shape :id N :fen "<position string>" :entry "name" :package "pkg" :limit MS)
;;;;       Calls the function with no arguments (a project's initial state)
;;;;       and answers `shape N <template>`: its value with the board
;;;;       replaced by :board, or `shape N none <why>`.
;;;;   (:quit)
;;;; and ends every answer with `done N`.  The project's output goes to
;;;; standard error, never to these lines; it reads an empty input.  The
;;;; arbiter judges every move with the rules library: this file only
;;;; reports what the project answered.

(ignore-errors (setf (sb-alien:extern-alien "lose_on_corruption_p" sb-alien:int) 0))

(defparameter cl-user::*tabula-here*
  (make-pathname :name nil :type nil :version nil :defaults *load-truename*))

(defun cl-user::probe-die (control &rest args)
  (format *error-output* "tabula: ~?~%" control args)
  (format t "failed ~a~%" (substitute #\Space #\Newline (apply #'format nil control args)))
  (finish-output)
  (finish-output *error-output*)
  (sb-ext:exit :code 1 :abort t))

(let* ((*standard-output* *error-output*)
       (*standard-input* (make-string-input-stream "")))
  (handler-case
      (with-compilation-unit ()
        (load (merge-pathnames "tabula.lisp" cl-user::*tabula-here*))
        (load (merge-pathnames "project.lisp" cl-user::*tabula-here*)))
    (error (e) (cl-user::probe-die "could not load the kit: ~a" e))))

(in-package #:tabula-project)

(defvar *probe-out* *standard-output* "The answers' stream.")

(defun answer (control &rest args)
  "One answer line (line breaks inside made spaces)."
  (let ((*print-pretty* nil))
    (write-line (substitute #\Space #\Newline (apply #'format nil control args)) *probe-out*)
    (force-output *probe-out*)))

(defun brief (object)
  (let ((text (tabula::lisp-text object :brief t :case :downcase)))
    (if (> (length text) 300) (concatenate 'string (subseq text 0 300) "...") text)))

(defun load-probed (path)
  "Loads the project as the description PATH says; the time it took (ms)."
  (let ((start (tabula::now-ms))
        (description (read-description path)))
    (setf *description-file* path
          *here* (make-pathname :name nil :type nil :version nil :defaults path)
          *description* (merge-description description))
    (let ((files (mapcar (lambda (f) (merge-pathnames f *here*)) (option :files)))
          ;; The project's forms are read where run.lisp reads them.
          (*package* (find-package '#:cl-user)))
      (dolist (host (option :logical-hosts))
        (map-logical-host (string host) ":logical-hosts in the description"))
      (load-project files)
      (set-aliases (option :aliases) (option :package))
      (set-globals (option :globals)))
    (- (tabula::now-ms) start)))

(defun filled-leaves (x)
  "How many atoms of X are not empty (0 or NIL)."
  (cond ((consp x) (+ (filled-leaves (car x)) (filled-leaves (cdr x))))
        ((member x '(0 nil)) 0)
        (t 1)))

(defun leaves-apart (a b)
  "How many places two boards differ in (their atoms, in order).  Where one
has a list and the other an atom, the list's filled atoms count (and the
atom, unless empty): a reserve that keeps a 0 where the piece played was
is one move from the reserve without it, a piece on a square a few atoms
from the empty square."
  (cond ((and (consp a) (consp b))
         (+ (leaves-apart (car a) (car b)) (leaves-apart (cdr a) (cdr b))))
        ((consp a) (+ (filled-leaves a) (filled-leaves b)))
        ((consp b) (+ (filled-leaves b) (filled-leaves a)))
        ((eql a b) 0)
        ((and (member a '(0 nil)) (member b '(0 nil))) 0)
        (t 1)))

(defun compact (x)
  "X with the empty places (0, NIL) left out of every list that holds a
list: a reserve that keeps a 0 where the piece played was lines up with
the reserve without it.  X must be a tree of proper lists."
  (if (consp x)
      (let ((items (mapcar #'compact x)))
        (if (some #'consp x)
            (remove-if (lambda (y) (member y '(0 nil))) items)
            items))
      x))

(defun board-distance (a b)
  "How far apart two boards are: their atoms apart, as they are or with the
empty places of their lists of lists left out, whichever is less."
  (min (leaves-apart a b)
       (or (ignore-errors (leaves-apart (compact a) (compact b)))
           most-positive-fixnum)))

(defun global-value (name)
  "The value of the global NAME, or :unbound."
  (let ((symbol (find-global name)))
    (if (boundp symbol) (symbol-value symbol) :unbound)))

(defun reading-move (p value base view)
  "The move the answer VALUE gives on P, read as a board else a move from
BASE under VIEW: (values move-name nil) or (values nil why)."
  (handler-case
      (let ((board (read-answer value (lambda (x) (tabula::board-shape-p p x)) view base :auto)))
        (cond ((null value) (values nil "it answered NIL"))
              ((stringp board) (values board nil))
              ((null board) (values nil (format nil "no ~a board and no move in ~a"
                                                (tabula::game-name (tabula::pos-game p)) (brief value))))
              ((equal board (tabula::position-board p))
               (values nil "the board unchanged"))
              (t (let ((moves (tabula::board-moves p board)))
                   (cond ((stringp moves) (values nil moves))
                         ((> (board-distance board (tabula::position-board
                                                  (reduce #'tabula::play moves :initial-value p)))
                             8)
                          (values nil "its board is far from one move's (a whole game?)"))
                         (t (values (tabula::move-name p (first moves)) nil)))))))
    (error (e) (values nil (format nil "reading it: ~a" e)))))

(defun try-call (plist)
  "The :try request PLIST."
  (let* ((id (getf plist :id))
         (p (tabula::parse-fen (tabula::split-words (getf plist :fen))))
         (description (merge-description
                       (list :preset (getf plist :preset)
                             :entry (getf plist :entry) :package (getf plist :package)
                             :args (getf plist :args) :estado (getf plist :estado)
                             :view (or (getf plist :view) :as-is) :symbols (getf plist :symbols)
                             :depth (getf plist :depth) :answer :auto)))
         (readings (getf plist :readings))
         (before (mapcar (lambda (r) (and (first r) (global-value (first r)))) readings))
         (view (keyword-of (getf description :view)))
         (start (tabula::now-ms))
         (tabula::*deadline* nil)
         (tabula::*hard-limit* t))
    (install-call description)
    (multiple-value-bind (result failure)
        (handler-case (values (tabula::call-student
                               p (tabula::student-tempo (getf plist :tempo) (getf plist :clock))
                               (getf plist :limit))
                              nil)
          (tabula::student-failure () (values nil :late))
          (serious-condition (e) (values nil (tabula::condition-verdict e))))
      (let ((ms (- (tabula::now-ms) start)))
        (cond ((eq failure :late) (answer "tried ~d ~d late" id ms))
              (failure (answer "tried ~d ~d error ~a" id ms failure))
              (t (answer "tried ~d ~d answer ~a" id ms (brief result))
                 (loop for (global base) in readings for k from 0 for old in before
                       do (let ((value (if global (global-value global) result)))
                            (if (and global (or (eq value :unbound) (eq value old)))
                                (answer "reading ~d ~d none ~a unchanged by the call" id k global)
                                (multiple-value-bind (move why) (reading-move p value base view)
                                  (if move
                                      (answer "reading ~d ~d move ~a" id k move)
                                      (answer "reading ~d ~d none ~a" id k why)))))))))))
  (answer "done ~d" (getf plist :id)))

(defun board-like-p (game x &optional p)
  "Is X shaped like a board of GAME, of any size?  P, the position the value
was made for: a game whose bare board has one size (Blokus) is also
recognised by it."
  (flet ((grid-p (x) (and (tabula:proper-list-p x) (tabula:proper-list-p (first x))
                          (let ((n (length (first x))))
                            (and (plusp n) (every (lambda (row) (tabula:list-of-length-p row n)) x)
                                 (every (lambda (row) (every #'atom row)) x))))))
    (case game
      (:dots (and (tabula:list-of-length-p x 2) (grid-p (first x)) (grid-p (second x))))
      (:quatro (tabula::quatro-state-p x))
      ((:knight :bishop :torre) (and (grid-p x) (member (length x) '(7 8 10))
                                     (= (length x) (length (first x)))))
      (t (or (tabula:game-board-p game nil x)
             (and p (tabula:game-board-p game p x)))))))

(defun shape-of (value p)
  "VALUE, made for the position P, with its first board-like part replaced by
:board and, after it, the players' stocks of pieces of P (Blokus) by
:pieces1 and :pieces2 in turn, or NIL."
  (let* ((game (tabula::pos-game p))
         (stocks (ignore-errors
                  (tabula:game-stocks game (tabula::position-board p))))
         (keys (and stocks '(:pieces1 :pieces2)))
         (found nil))
    (labels ((walk (x depth)
               (cond ((and (not found) (board-like-p game x p)) (setf found t) :board)
                     ((and found keys (equal x (nth (if (eq (first keys) :pieces1) 0 1) stocks)))
                      (pop keys))
                     ((and (consp x) (< depth 6) (tabula:proper-list-p x))
                      (mapcar (lambda (y) (walk y (1+ depth))) x))
                     (t x))))
      (let ((shape (walk value 0)))
        (and found shape)))))

(defun try-shape (plist)
  "The :shape request PLIST."
  (let* ((id (getf plist :id))
         (p (tabula::parse-fen (tabula::split-words (getf plist :fen))))
         (f (find-entry (getf plist :entry) (getf plist :package))))
    (handler-case
        (let* ((value (let ((*standard-output* *error-output*)
                            (*standard-input* (make-string-input-stream "")))
                        (tabula::call-with-limit (getf plist :limit) (lambda () (funcall f)))))
               (shape (shape-of value p)))
          (if shape
              (let ((*package* (find-package '#:tabula-project)) (*print-case* :downcase))
                (answer "shape ~d ~a" id (tabula::lisp-text shape :case :downcase)))
              (answer "shape ~d none no board in ~a" id (brief value))))
      (serious-condition (e)
        (answer "shape ~d none ~a" id (substitute #\Space #\Newline (princ-to-string e))))))
  (answer "done ~d" (getf plist :id)))

(defun probe-loop ()
  (loop for line = (read-line *standard-input* nil nil)
        while line
        do (let ((plist (handler-case (let ((*read-eval* nil)
                                            (*package* (find-package '#:tabula-project)))
                                        (read-from-string line))
                          (error (e) (answer "bad ~a" e) nil))))
             (case (and (consp plist) (first plist))
               (:try (try-call (rest plist)))
               (:shape (try-shape (rest plist)))
               (:quit (return))
               (t (when plist (answer "bad unknown request ~a" (brief plist))))))))

(let ((path (second sb-ext:*posix-argv*)))
  (unless path (cl-user::probe-die "usage: probe.lisp probe.tabula"))
  (let ((ms (handler-case
                (let ((*standard-output* *error-output*)
                      (*standard-input* (make-string-input-stream "")))
                  (with-compilation-unit () (load-probed (merge-pathnames path))))
              (error (e) (cl-user::probe-die "could not load the project: ~a" e)))))
    (answer "ready ~d" ms)
    (probe-loop)))
