;;;; project.lisp -- take a course project as it was handed in.
;;;;
;;;; Loaded by run.lisp after tabula.lisp.  Two parts:
;;;;
;;;; 1. The project description: a small file of one Lisp plist (see
;;;;    adapters/README.md, "A project description") or just a preset's name,
;;;;    saying which files to load, the entry function and its arguments, the
;;;;    estado's shape, how to read the answer, the clock units.  PRESETS holds
;;;;    each course year's official contract (rules/*.md, section Lisp).
;;;; 2. The loader: reads every project file form by form (UTF-8 or Latin-1,
;;;;    any line ends), and evaluates each form after neutralising what only
;;;;    works on the student's machine: `load` / `compile-file` of the
;;;;    project's own files (found by file name whatever the path; fasls are
;;;;    skipped, the source is loaded once), files opened for output (sent to
;;;;    a scratch folder), missing packages (defined), LispWorks calls
;;;;    (stubbed), a top-level form that fails (a menu waiting for input).
;;;;    Each thing neutralised is one line on standard error, `tabula: load:
;;;;    ...`.
;;;;
;;;; Portable Common Lisp except the reader-restart use (SBCL's
;;;; SIMPLE-READER-PACKAGE-ERROR has a CONTINUE restart for a symbol that a
;;;; stub package does not export; elsewhere the error stops the load).

(defpackage #:tabula-project
  (:use #:common-lisp)
  (:export #:*presets* #:preset #:read-description #:apply-description
           #:load-project #:*scratch* #:*neutralised* #:build-estado #:build-args
           #:answer-move))

(in-package #:tabula-project)

;;; ------------------------------------------------------------------------
;;; 1. Descriptions and presets
;;; ------------------------------------------------------------------------
;;;
;;; Keys of a description (all optional; a preset gives the rest):
;;;   :preset   a name of *PRESETS* whose keys are the defaults
;;;   :files    the files to load, in order, relative to the description
;;;             (default: the files named on the command line)
;;;   :package  the package of the entry function (default: wherever a
;;;             function of that name was defined by the project)
;;;   :entry    the entry function's name (default "jogar")
;;;   :args     the argument list: :estado, :tempo, :side (1 or 2), :piece
;;;             (-1 or -2), :sign (1 or -1), :symbol (the side's entry of :symbols),
;;;             :opponent, :opponent-piece, :opponent-sign, :opponent-symbol
;;;             (the other side's), :score1, :score2, :my-score, :their-score,
;;;             :depth (the value of :depth), :scratch (the scratch folder, a
;;;             string ending in /), anything else as written
;;;   :estado   the estado's shape: a tree where :board, :side, :piece,
;;;             :symbol, :opponent, :opponent-piece, :opponent-symbol,
;;;             :score1, :score2, :my-score, :their-score, :pieces1,
;;;             :pieces2, :my-pieces, :their-pieces (Blokus stocks) are
;;;             replaced (:board alone = the bare board)
;;;   :symbols  the side symbols for :symbol, e.g. ("X" "O")
;;;   :depth    the value of :depth in :args
;;;   :answer   :auto (the board is found in the answer, the move by
;;;             comparing boards; else a move written as (l c) or
;;;             (operador l c)), or (:global "*name*"): the answer is left in
;;;             that global variable
;;;   :base     0 or 1: how rows and columns of a move in the answer count
;;;   :empty    how the board given writes an empty place (Dots: an arc not
;;;             drawn; default 0, the 2016/17 projects wrote NIL)
;;;   :view     :as-is, or :mover-first: the engine always plays player 1
;;;             (player 2 sees SWAP-BOARD's view: pieces -1/-2, arc owners,
;;;             pegs and squares 1/2 swapped, Solitario upside down, Blokus
;;;             and Adji-boto turned 180 degrees; scores and stocks swapped;
;;;             the answer turned back) -- for engines that guess their
;;;             side; :rotate-for-2 (Adji-boto): player 2 sees the board
;;;             turned 180 degrees and scores swapped, its move (l c) comes
;;;             back as (1-l 5-c)
;;;   :clock    :probe (default: decided from the source, else probed and
;;;             recorded beside the description; see DECIDE-CLOCK), :ms or
;;;             :internal (see tabula:*clock*)
;;;   :globals  ((*name* value) ...): globals a menu would set, set after
;;;             loading; the value :scratch is the scratch folder, ending in /
;;;   :logical-hosts  ("C" ...): logical hosts mapped to the scratch folder
;;;             (those the source shows are mapped anyway)
;;;   :on-failure  :fallback (default) or :lose (see tabula:*on-failure*)
;;;   :depth-global  a global variable where the project leaves the depth
;;;             its search reached: sent as `info depth N` after each move
;;;             (`arbiter check` warns about a trivial depth far under budget)
;;;   :aliases  ((missing-name existing-name) ...): functions the project
;;;             calls but never defined under that name
;;;   :game     the game (documentation: knight, bishop, dots, quatro,
;;;             adjiboto, blokus, solitario, torre, galo3d)

(defvar *course-dir*
  (and *load-truename*
       (merge-pathnames "games/" (make-pathname :name nil :type nil :version nil
                                                :defaults *load-truename*)))
  "The folder of the course's data files, games/<game>.course (beside this
file): each game's years and words.")

(defun read-course-file (path)
  "The plist of one games/<game>.course file (read with *read-eval* off,
symbols in this package)."
  (with-open-file (in path :external-format :utf-8)
    (let ((*read-eval* nil) (*package* (find-package '#:tabula-project)))
      (read in))))

(defun course-presets (folder)
  "The presets of every games/*.course in FOLDER, oldest year first (a year
of several games in the files' name order): each (\"<year>-<game>\" :game
<game> key value ...)."
  (let ((presets '()))
    (dolist (file (sort (directory (merge-pathnames "*.course" folder)) #'string<
                        :key #'namestring))
      (let* ((course (read-course-file file))
             (game (getf course :game)))
        (dolist (year (getf course :years))
          (let ((plist (copy-list year)))
            (remf plist :year)
            (push (list* (format nil "~d-~(~a~)" (getf year :year) game) :game game plist)
                  presets)))))
    (stable-sort (nreverse presets) #'string< :key #'first)))

(defparameter *presets* (and *course-dir* (course-presets *course-dir*))
  "Each course year's official contract (rules/<game>.md, section Lisp), by
name \"<first year>-<game>\", from games/<game>.course.  Blokus's :pieces1 /
:pieces2 are the position's stocks (tabula:game-stocks); the kit plays a game
once tabula.lisp or adapters/lisp/games/ has its rules.")

(defvar *description* nil "The description in force (a plist, preset merged).")
(defvar *here* nil "The folder of the description (files are relative to it).")

(defun keyword-of (x)
  (if (keywordp x) x (intern (string-upcase (string x)) :keyword)))

(defun preset (name)
  "The plist of the preset NAME (a string or symbol), or an error naming them all."
  (let ((hit (assoc (string-downcase (string name)) *presets* :test #'string=)))
    (unless hit
      (error "unknown preset '~a' (the presets: ~{~a~^ ~})" name (mapcar #'first *presets*)))
    (rest hit)))

(defun merge-description (plist)
  "PLIST over its :preset's keys over the defaults."
  (let ((base (if (getf plist :preset) (preset (getf plist :preset)) '())))
    (append plist base
            (list :entry "jogar" :args '(:estado :tempo)
                  :estado '(:board :side :score1 :score2) :answer :auto
                  :base 0 :view :as-is :clock :probe))))

(defun read-description (path)
  "The description in the file PATH: one plist (read with *read-eval* off,
symbols in this package, so plain words such as jogar are fine).  A text
that does not read is a SOURCE-ERROR naming the line and column."
  (let ((text (read-source-text path))
        (file (file-namestring path)))
    (let ((*read-eval* nil) (*package* (find-package '#:tabula-project)))
      (let ((plist (with-input-from-string (in text)
                     (handler-case (read in)
                       (error (e) (read-error-here file text 0 in e))))))
        (unless (and (listp plist) (evenp (length plist))
                     (every #'keywordp (loop for k in plist by #'cddr collect k)))
          (let ((at (form-start text 0)))
            (error 'source-error :file file :line (line-at text at) :column (column-at text at)
                                 :text (format nil "expected one list (:key value ...), found ~s"
                                               plist))))
        plist))))

(defun option (key) (getf *description* key))

;;; ------------------------------------------------------------------------
;;; 2. Loading, with the neutralising
;;; ------------------------------------------------------------------------

(defvar *scratch* nil "The scratch folder for the project's own output files.")
(defvar *neutralised* '() "The lines written about what was neutralised (newest first).")
(defvar *project-dirs* '() "The folders of the project's files (searched by file name).")
(defvar *loading-dir* nil
  "The folder of the source file being loaded: searched first by file name,
so that a phase 2 loads its own puzzle.lisp, not a Projeto 1's beside it.")
(defvar *loaded* '() "The truenames of the source files loaded so far.")
(defvar *defined-packages* '()
  "The names of the packages the project's files define (defpackage), found
before loading.")

(defvar *stub-packages* '("HCL" "LW" "CAPI" "MP" "LISPWORKS" "DSPEC" "EDITOR")
  "LispWorks packages defined empty when missing: their functions are stubs.")

(defun neutralised (control &rest args)
  "Says (stderr) one thing the loader neutralised; each text once."
  (let ((text (apply #'format nil control args)))
    (unless (member text *neutralised* :test #'string=)
      (push text *neutralised*)
      (tabula:note "load: ~a" text))))

(defun scratch-name ()
  "The scratch folder's name, ending in /: $TABULA_SCRATCH, else
$TMPDIR/tabula-lisp-<pid> (not created here)."
  (let ((env (sb-posix-getenv "TABULA_SCRATCH"))
        (tmp (or (sb-posix-getenv "TMPDIR") "/tmp")))
    (if env
        (format nil "~a/" (string-right-trim "/" env))
        (format nil "~a/tabula-lisp-~d/" (string-right-trim "/" tmp) (getpid)))))

(defun scratch ()
  "The scratch folder, created at the first use."
  (or *scratch*
      (setf *scratch* (ensure-directories-exist (pathname (scratch-name))))))

(defun sb-posix-getenv (name)
  #+sbcl (sb-ext:posix-getenv name)
  #-sbcl (progn name nil))

(defun getpid ()
  #+sbcl (sb-unix:unix-getpid)
  #-sbcl (random 1000000))

(defun utf-8-p (octets)
  "Do OCTETS decode as UTF-8?"
  (loop with i = 0 and n = (length octets)
        while (< i n)
        do (let* ((b (aref octets i))
                  (extra (cond ((< b #x80) 0) ((= (logand b #xE0) #xC0) 1)
                               ((= (logand b #xF0) #xE0) 2) ((= (logand b #xF8) #xF0) 3)
                               (t (return nil)))))
             (when (> (+ i extra) (1- n)) (return nil))
             (loop for k from 1 to extra
                   unless (= (logand (aref octets (+ i k)) #xC0) #x80) do (return-from utf-8-p nil))
             (incf i (1+ extra)))
        finally (return t)))

(defun read-source-text (path)
  "The text of PATH: UTF-8 when it decodes as such, else Latin-1; CRLF and
lone CR line ends become LF."
  (let* ((octets (with-open-file (in path :element-type '(unsigned-byte 8))
                   (let ((v (make-array (file-length in) :element-type '(unsigned-byte 8))))
                     (read-sequence v in)
                     v)))
         (utf8 (utf-8-p octets))
         (text (if utf8
                   #+sbcl (sb-ext:octets-to-string octets :external-format :utf-8)
                   #-sbcl (map 'string #'code-char octets)
                   (map 'string #'code-char octets))))
    (unless utf8
      (neutralised "~a: not UTF-8, read as Latin-1" (file-namestring path)))
    (when (find #\Return text)
      (neutralised "~a: CR / CRLF line ends read as LF" (file-namestring path))
      (setf text (with-output-to-string (s)
                   (loop for i below (length text)
                         for ch = (char text i)
                         do (cond ((char/= ch #\Return) (write-char ch s))
                                  ((and (< (1+ i) (length text))
                                        (char= (char text (1+ i)) #\Newline)))
                                  (t (write-char #\Newline s)))))))
    text))

(defun path-words (designator)
  "The file name and type of a path written any way (Windows back slashes,
drive letters, a logical host): (values name type), or NIL."
  (let* ((text (substitute #\/ #\\ (if (pathnamep designator)
                                       (namestring designator)
                                       (string designator))))
         (file (subseq text (1+ (or (position-if (lambda (c) (member c '(#\/ #\: #\;))) text
                                                 :from-end t)
                                    -1))))
         (dot (position #\. file :from-end t)))
    (if (and dot (plusp dot))
        (values (subseq file 0 dot) (subseq file (1+ dot)))
        (values file nil))))

(defun source-type-p (type)
  (member type '("lisp" "lsp" "cl" "l") :test #'string-equal))

(defun project-file (name type)
  "The project file NAME.TYPE (a Lisp source for any TYPE that is not a data
file: a fasl's source), found by name, any case, in the folder of the file
being loaded first, then in the project's folders; editor backups (name~)
never."
  (let ((want-source (or (null type) (not (member type '("dat" "txt" "log") :test #'string-equal)))))
    (loop for dir in (if *loading-dir*
                         (cons *loading-dir* (remove *loading-dir* *project-dirs* :test #'equal))
                         *project-dirs*)
          do (dolist (file (directory (merge-pathnames "*.*" dir)))
               (let ((fname (pathname-name file)) (ftype (pathname-type file)))
                 (when (and fname (string-equal fname name)
                            (not (and ftype (char= (char ftype (1- (length ftype))) #\~)))
                            (if want-source
                                (source-type-p ftype)
                                (string-equal ftype type)))
                   (return-from project-file file)))))))

(defun %load (designator &rest keys)
  "LOAD as the project calls it: a project file by name, once; a fasl is
replaced by its source; anything else is loaded as asked when it exists."
  (multiple-value-bind (name type) (path-words designator)
    (let ((source (and name (project-file name type))))
      (cond ((and source (member (truename source) *loaded* :test #'equal))
             (neutralised "(load ~s): ~a already loaded" (princ-to-string designator)
                          (file-namestring source))
             t)
            (source
             (unless (and (source-type-p type) (probe-file designator)
                          (equal (truename designator) (truename source)))
               (neutralised "(load ~s): loaded ~a~@[ (a ~a fasl is skipped)~]"
                            (princ-to-string designator) (namestring source)
                            (and type (not (source-type-p type)) type)))
             (load-source source)
             t)
            ((and (not (streamp designator)) (ignore-errors (probe-file designator)))
             (apply #'load designator keys))
            (t (neutralised "(load ~s): no such file in the project, skipped"
                            (princ-to-string designator))
               nil)))))

(defun %compile-file (designator &rest keys)
  "COMPILE-FILE as the project calls it: the source is loaded instead (once)
and its path returned, so a following (load (compile-file ...)) is a no-op."
  (declare (ignore keys))
  (multiple-value-bind (name type) (path-words designator)
    (let ((source (and name (project-file name type))))
      (cond (source
             (neutralised "(compile-file ~s): source loaded instead" (princ-to-string designator))
             (unless (member (truename source) *loaded* :test #'equal)
               (load-source source))
             (truename source))
            (t (neutralised "(compile-file ~s): no such file in the project, skipped"
                            (princ-to-string designator))
               nil)))))

(defun %open (designator &rest keys &key (direction :input) &allow-other-keys)
  "OPEN as the project calls it: output goes to the scratch folder (same file
name); input is read where asked, else from the project's file of that name."
  (multiple-value-bind (name type) (path-words designator)
    (cond ((member direction '(:output :io))
           (let ((target (merge-pathnames (make-pathname :name name :type type) (scratch))))
             (neutralised "(open ~s :direction ~(~s~)): written to ~a"
                          (princ-to-string designator) direction (namestring target))
             (apply #'open target
                    (if (getf keys :if-exists) keys (list* :if-exists :append keys)))))
          ((ignore-errors (probe-file designator)) (apply #'open designator keys))
          (t (let ((found (and name (project-file name type))))
               (cond (found
                      (neutralised "(open ~s): read ~a" (princ-to-string designator) (namestring found))
                      (apply #'open found keys))
                     (t (apply #'open designator keys))))))))

(defvar *logical-hosts* '() "The logical hosts mapped to the scratch folder so far.")

(defun map-logical-host (host why)
  "Makes HOST (a string) a logical host whose files are in the scratch folder."
  (let ((host (string-upcase host)))
    (unless (or (member host *logical-hosts* :test #'string=)
                (member host '("SYS") :test #'string=)
                (ignore-errors (logical-pathname-translations host)))
      (push host *logical-hosts*)
      (setf (logical-pathname-translations host)
            (list (list "**;*.*.*" (concatenate 'string (scratch-name) "**/*.*"))))
      (neutralised "logical host ~a: (~a) mapped to the scratch folder ~a" host why (scratch-name)))))

(defun host-name-p (text)
  (and (plusp (length text)) (<= (length text) 16)
       (alpha-char-p (char text 0))
       (every (lambda (ch) (or (alphanumericp ch) (char= ch #\-))) text)))

(defun string-literals (text)
  "The string literals of a Lisp source TEXT, each with the 20 characters
before it.  Comments (`;` to the end of the line, `#| ... |#` nested),
characters (`#\\\"`) and `|...|` symbols are skipped as the reader skips them,
so a quote inside them starts no string; an unterminated string runs to the
end of the text."
  (let ((out '()) (i 0) (n (length text)))
    (flet ((skip-block-comment ()
             ;; I is just after `#|`: past the matching `|#`.
             (let ((depth 1))
               (loop while (and (< i n) (plusp depth))
                     do (cond ((and (char= (char text i) #\|) (< (1+ i) n)
                                    (char= (char text (1+ i)) #\#))
                               (decf depth) (incf i 2))
                              ((and (char= (char text i) #\#) (< (1+ i) n)
                                    (char= (char text (1+ i)) #\|))
                               (incf depth) (incf i 2))
                              (t (incf i)))))))
      (loop while (< i n)
            do (let ((ch (char text i)))
                 (cond ((char= ch #\;)
                        (setf i (or (position #\Newline text :start i) n)))
                       ((and (char= ch #\#) (< (1+ i) n) (char= (char text (1+ i)) #\|))
                        (incf i 2)
                        (skip-block-comment))
                       ((and (char= ch #\#) (< (1+ i) n) (char= (char text (1+ i)) #\\))
                        (incf i 3))
                       ((char= ch #\\) (incf i 2))
                       ((char= ch #\|)
                        (setf i (1+ (or (position #\| text :start (1+ i)) n))))
                       ((char= ch #\")
                        (let ((j (1+ i)))
                          (loop while (and (< j n) (char/= (char text j) #\"))
                                do (incf j (if (char= (char text j) #\\) 2 1)))
                          (push (cons (subseq text (1+ i) (min j n))
                                      (subseq text (max 0 (- i 20)) i))
                                out)
                          (setf i (1+ j))))
                       (t (incf i))))))
    (nreverse out)))

(defun find-logical-hosts (text)
  "The logical hosts a source TEXT uses, with why: (make-pathname :host
\"C\" ...), and \"C:DIR;FILE.EXT\" logical namestrings (a ; directory or no
path separator of a physical name)."
  (let ((hosts '()))
    (loop for (literal . before) in (string-literals text)
          for colon = (position #\: literal)
          do (cond ((and (search ":host" (string-downcase before))
                         (every (lambda (ch) (member ch '(#\Space #\Tab #\Newline)))
                                (subseq before (+ (search ":host" (string-downcase before)) 5)))
                         (host-name-p literal))
                    (pushnew (cons (string-upcase literal) (format nil ":host ~s" literal)) hosts
                             :key #'car :test #'string=))
                   ((and colon (host-name-p (subseq literal 0 colon))
                         (> (length literal) (1+ colon))
                         (find #\; literal)
                         (every (lambda (ch) (or (alphanumericp ch) (find ch ";.*-_")))
                                (subseq literal (1+ colon))))
                    (pushnew (cons (string-upcase (subseq literal 0 colon)) (format nil "~s" literal)) hosts
                             :key #'car :test #'string=))))
    (nreverse hosts)))

(defmacro %with-open-file ((var designator &rest keys) &body body)
  "WITH-OPEN-FILE through %OPEN."
  (let ((decls (loop while (and (consp (first body)) (eq (first (first body)) 'declare))
                     collect (pop body))))
    `(let ((,var (%open ,designator ,@keys)))
       ,@decls
       (unwind-protect (progn ,@body)
         (when (streamp ,var) (close ,var))))))

(defun stub-function (symbol)
  "Defines SYMBOL (a LispWorks name) as a function that does nothing."
  (unless (fboundp symbol)
    (setf (fdefinition symbol)
          (lambda (&rest args)
            (declare (ignore args))
            (neutralised "~a:~a called: a LispWorks function, does nothing here"
                         (package-name (symbol-package symbol)) (symbol-name symbol))
            nil))
    (neutralised "~a:~a: a LispWorks function, stubbed"
                 (package-name (symbol-package symbol)) (symbol-name symbol))))

(defun stub-package-p (package)
  (and package (member (package-name package) *stub-packages* :test #'string=)))

(defun ensure-stub-packages ()
  (dolist (name *stub-packages*)
    (unless (find-package name) (make-package name :use '())))
  ;; LispWorks' functions a project calls without a package.
  (let ((current (intern "CURRENT-PATHNAME" :cl-user)))
    (unless (fboundp current)
      (setf (fdefinition current)
            (lambda (&optional relative type)
              (declare (ignore type))
              (merge-pathnames (or relative "")
                               (make-pathname :name nil :type nil :version nil
                                              :defaults (or *load-truename*
                                                            *default-pathname-defaults*))))))))

(defun with-common-lisp (form)
  "A top-level (defpackage name ...) without a :use clause given
(:use :common-lisp), as LispWorks gives it (SBCL's default uses nothing)."
  (if (and (consp form) (eq (first form) 'defpackage)
           (notany (lambda (o) (and (consp o) (eq (first o) :use))) (cddr form)))
      (progn (neutralised "(defpackage ~a) uses no package: made to use COMMON-LISP, as in LispWorks"
                          (second form))
             (append form (list '(:use :common-lisp))))
      form))

(defun neutralise-form (form)
  "FORM with load / compile-file / open / with-open-file replaced by the
loader's versions, and the LispWorks functions it names stubbed."
  (let ((seen '()))
    (labels ((walk (x)
               (cond ((consp x)
                      (loop for tail on x
                            do (walk (car tail))
                            while (consp (cdr tail))))
                     ((and (symbolp x) (stub-package-p (symbol-package x)) (not (member x seen)))
                      (push x seen)
                      (stub-function x)))))
      (walk form)))
  (sublis '((load . %load) (compile-file . %compile-file) (open . %open)
            (with-open-file . %with-open-file) (sb-ext:exit . %exit) (sb-ext:quit . %exit))
          form))

(defun %exit (&rest args)
  "EXIT / QUIT as the project calls them: an error (the program would end
the engine, and the game with it)."
  (declare (ignore args))
  (error "the program called exit / quit"))

(defun read-form (stream)
  "The next form of STREAM, or STREAM at the end.  A package that does not
exist is defined (and the form read again); a LispWorks name a stub package
does not have is added to it."
  (let ((start (file-position stream)))
    (loop
      (handler-case
          (return
            (handler-bind
                ((error (lambda (e)
                          (let ((restart (find-restart 'continue e)))
                            (when (and restart (typep e 'package-error)
                                       (stub-package-p (ignore-errors (find-package (package-error-package e)))))
                              (invoke-restart restart))))))
              (read stream nil stream)))
        (package-error (e)
          (let ((name (ignore-errors (string (package-error-package e)))))
            (unless (and name (not (find-package name)))
              (error e))
            (make-package name :use '(:common-lisp))
            (neutralised "package ~a does not exist: defined (using COMMON-LISP)" name)
            (file-position stream start)))))))

(defun line-at (text position)
  "The line (from 1) of the character at POSITION in TEXT."
  (1+ (count #\Newline text :end (min (max position 0) (length text)))))

(defun form-start (text start)
  "The position of the first character of a form at or after START in TEXT:
blanks and comments skipped."
  (let ((i start) (n (length text)))
    (loop
      (cond ((>= i n) (return n))
            ((blank-char-p (char text i)) (incf i))
            ((char= (char text i) #\;) (setf i (or (position #\Newline text :start i) n)))
            ((and (char= (char text i) #\#) (< (1+ i) n) (char= (char text (1+ i)) #\|))
             (setf i (let ((end (search "|#" text :start2 (+ i 2)))) (if end (+ end 2) n))))
            (t (return i))))))

(defun blank-char-p (ch)
  (member ch '(#\Space #\Tab #\Newline #\Return #\Page)))

(defun unclosed-paren (text start)
  "The position of the innermost ( opened at or after START in TEXT that is
never closed (strings, comments and characters skipped), or NIL."
  (let ((open '()) (i start) (n (length text)))
    (loop while (< i n)
          do (let ((ch (char text i)))
               (cond ((char= ch #\;) (setf i (or (position #\Newline text :start i) n)))
                     ((and (char= ch #\#) (< (1+ i) n) (char= (char text (1+ i)) #\|))
                      (setf i (let ((end (search "|#" text :start2 (+ i 2)))) (if end (+ end 2) n))))
                     ((and (char= ch #\#) (< (1+ i) n) (char= (char text (1+ i)) #\\))
                      (incf i 3))
                     ((char= ch #\\) (incf i 2))
                     ((char= ch #\")
                      (incf i)
                      (loop while (and (< i n) (char/= (char text i) #\"))
                            do (incf i (if (char= (char text i) #\\) 2 1)))
                      (incf i))
                     ((char= ch #\() (push i open) (incf i))
                     ((char= ch #\)) (pop open) (incf i))
                     (t (incf i)))))
    (first open)))

(define-condition source-error (error)
  ((file :initarg :file :reader source-error-file)
   (line :initarg :line :reader source-error-line)
   (column :initarg :column :initform nil :reader source-error-column)
   (text :initarg :text :reader source-error-text))
  (:report (lambda (c stream)
             (format stream "~a:~d~@[:~d~]: ~a" (source-error-file c) (source-error-line c)
                     (source-error-column c) (source-error-text c))))
  (:documentation "A source (a project file, a description) that does not read:
where, and why."))

(defun column-at (text position)
  "The column (from 1) of the character at POSITION in TEXT."
  (let ((line-start (position #\Newline text :end (min (max position 0) (length text))
                                              :from-end t)))
    (- position (if line-start (1+ line-start) 0) -1)))

(defun read-error-here (file text start stream e)
  "The SOURCE-ERROR for the reader's error E on TEXT (from FILE), the form
being read having started at START: the unclosed ( for an end of file, else
where the reader stopped."
  (let ((at (if (typep e 'end-of-file)
                (or (unclosed-paren text start) (form-start text start))
                (max 0 (1- (or (ignore-errors (file-position stream)) start))))))
    (error 'source-error
           :file file :line (line-at text at) :column (column-at text at)
           :text (if (typep e 'end-of-file)
                     "this ( is never closed: the text ends inside the form"
                     (reader-message e)))))

(defun reader-message (e)
  "The reader's complaint E on one line, without SBCL's note of the stream."
  (let* ((text (substitute #\Space #\Newline (princ-to-string e)))
         (cut (search "Stream:" text)))
    (string-trim " " (if cut (subseq text 0 cut) text))))

(defun next-top-level (text from)
  "The position of the next line of TEXT after FROM that starts with a (
(where the next top-level form likely starts), or the end."
  (let ((at (search (format nil "~%(") text :start2 (min from (length text)))))
    (if at (1+ at) (length text))))

(defun skip-unreadable (file text start stream e)
  "After the reader's error E on the form of FILE that starts at START:
says where and why (one line), and sets STREAM where reading goes on (the
next top-level form; the end for a form never closed).  A stray ) is
stepped over."
  (let* ((condition (handler-case (read-error-here file text start stream e)
                      (source-error (c) c)))
         (at (ignore-errors (file-position stream)))
         (stray (and (not (typep e 'end-of-file)) at (plusp at)
                     (char= (char text (1- at)) #\))
                     (search "unmatched close parenthesis" (reader-message e)))))
    (cond ((typep e 'end-of-file)
           (neutralised "~a: the rest of the file is skipped" condition)
           (file-position stream (length text)))
          (stray
           (neutralised "~a: skipped" condition)
           (file-position stream at))
          (t
           (neutralised "~a: skipped to the next top-level form" condition)
           (file-position stream (next-top-level text (max (or at start) (1+ start))))))))

(defun load-source (path)
  "Loads the Lisp source PATH form by form, neutralising as it goes.  A form
that fails is skipped with a line saying why and where (the rest of the file
loads); a form that does not read is skipped the same way (SKIP-UNREADABLE),
the file and the line named."
  (let* ((truename (truename path))
         (file (file-namestring truename))
         (text (read-source-text truename))
         (*package* *package*)
         (*readtable* *readtable*)
         (*load-pathname* (pathname path))
         (*load-truename* truename)
         (*default-pathname-defaults*
           (make-pathname :name nil :type nil :version nil :defaults truename))
         (*loading-dir* *default-pathname-defaults*))
    (push truename *loaded*)
    (pushnew (make-pathname :name nil :type nil :version nil :defaults truename) *project-dirs*
             :test #'equal)
    (loop for (host . why) in (find-logical-hosts text)
          do (map-logical-host host (format nil "~a in ~a" why file)))
    (with-input-from-string (in text)
      ;; LINE is the line of the character at SEEN (counted once, forward).
      (let ((line 1) (seen 0) (first t))
        (loop for start = (file-position in)
              for form = (handler-case (read-form in)
                           (error (e) (skip-unreadable file text start in e) :unreadable))
              until (eq form in)
              unless (eq form :unreadable)
                do (let ((at (form-start text start)))
                     (when (< at seen) (setf line 1 seen 0))
                     (incf line (count #\Newline text :start seen :end at))
                     (setf seen at)
                     (note-clock-use form file)
                     (eval-top-level form file line first)
                     (when (and (consp form) (symbolp (first form))
                                (member (symbol-name (first form))
                                        '("DEFUN" "DEFVAR" "DEFPARAMETER" "DEFMACRO" "DEFSTRUCT"
                                          "DEFCONSTANT")
                                        :test #'string=))
                       (setf first nil))))))
    truename))

(defun def-form-p (form)
  "Is FORM a (defun name ...), (defmacro name ...), (defmethod name ...)?"
  (and (consp form) (symbolp (first form)) (consp (rest form)) (second form)
       (symbolp (second form))
       (member (symbol-name (first form)) '("DEFUN" "DEFMACRO" "DEFMETHOD" "DEFGENERIC")
               :test #'string=)))

(defun functions-defined (form)
  "The names of the functions FORM defines inside it (a LET around DEFUNs),
at most ten."
  (let ((names '()))
    (labels ((walk (x depth)
               (cond ((or (> depth 6) (>= (length names) 10)))
                     ((def-form-p x) (pushnew (second x) names))
                     ((consp x) (loop for tail on x for k below 1000
                                      while (consp tail) do (walk (car tail) (1+ depth)))))))
      (walk form 0))
    (nreverse names)))

(defun form-named (form &optional inside)
  "How a note names the top-level FORM: the function it defines
(\"(defun jogar)\"), else its operator and the functions defined inside it
(\"(let ... defining negamax alfabeta)\"), only INSIDE when given."
  (let ((*print-pretty* nil))
    (cond ((def-form-p form)
           (format nil "(~(~a ~a~))" (symbol-name (first form)) (symbol-name (second form))))
          ((and (consp form) (symbolp (first form)))
           (format nil "(~(~a~) ...~@[ defining~{ ~(~a~)~}~])" (symbol-name (first form))
                   (mapcar #'symbol-name (if inside (list inside) (functions-defined form)))))
          (t (let ((*print-length* 3) (*print-level* 2)) (prin1-to-string form))))))

(defun compiling-function ()
  "The function SBCL's compiler is in when it signals an error (its
context, e.g. (DEFUN NEGAMAX)), or NIL."
  (ignore-errors
   (let ((context (sb-c::find-error-context nil)))
     (and context
          (loop for where in (sb-c::compiler-error-context-context context)
                when (def-form-p where) return (second where))))))

(defun one-line (text)
  "TEXT on one line: its runs of blanks and newlines one space each."
  (let ((out (make-string-output-stream)) (blank nil))
    (loop for c across (string-trim '(#\Space #\Tab #\Newline #\Return) text)
          do (if (member c '(#\Space #\Tab #\Newline #\Return))
                 (setf blank t)
                 (progn (when blank (write-char #\Space out) (setf blank nil))
                        (write-char c out))))
    (get-output-stream-string out)))

(defvar *compile-errors-told* '()
  "The compiler errors a note already told (a form loaded by another form
signals them through both).")

(defun note-compile-error (form file line c)
  "Says once that the top-level FORM of FILE (at LINE) does not compile."
  (unless (member c *compile-errors-told*)
    (push c *compile-errors-told*)
    (let ((why (one-line (princ-to-string c))))
      (neutralised "~a:~d: ~a does not compile: ~a" file line
                   (form-named form (compiling-function))
                   (one-line (let ((cut (search "Use *BREAK-ON-SIGNALS* to intercept." why)))
                               (if cut
                                   (concatenate 'string (subseq why 0 cut)
                                                (subseq why (+ cut 37)))
                                   why)))))))

(defun eval-top-level (form file line first)
  "Evaluates one top-level FORM of FILE (at LINE) with the neutralising; a
failure is one line, the form skipped.  FIRST: no definition of the file
came before it.  An (in-package x) of a package that a project file defines
later (*DEFINED-PACKAGES*) makes it now; one that no file defines is ignored,
as LispWorks ignores it (the forms stay where they were, calling each other
across the files as they did)."
  (declare (ignore first))
  (when (and (consp form) (eq (first form) 'in-package)
             (not (find-package (second form))))
    (cond ((member (string (second form)) *defined-packages* :test #'string-equal)
           (make-package (string (second form)) :use '(:common-lisp))
           (neutralised "(in-package ~a): defined by a file loaded later: defined now (using COMMON-LISP)"
                        (string (second form))))
          (t
           (neutralised "~a:~d: (in-package ~a): no file defines it: ignored, the forms stay in ~a (as in LispWorks)"
                        file line (string (second form)) (package-name *package*))
           (return-from eval-top-level))))
  (handler-case (let ((told nil))
                  ;; SBCL compiles a form it cannot compile to one that fails
                  ;; when run: said once per form, the function named.
                  (handler-bind ((sb-c:compiler-error
                                   (lambda (c)
                                     (unless told
                                       (setf told t)
                                       (note-compile-error form file line c)))))
                    (eval (neutralise-form (with-common-lisp form)))))
    (error (e)
      (neutralised "~a:~d: top-level ~a failed, skipped: ~a" file line
                   (let ((*print-length* 3) (*print-level* 2)) (prin1-to-string form))
                   (substitute #\Space #\Newline (princ-to-string e))))))

(defvar *clock-uses* '()
  "Top-level forms of the project that read the clock, newest first: each
(name file unit run-p), UNIT the units the form shows: :MS (it converts: it
names internal-time-units-per-second, or 1000 beside get-universal-time),
:INTERNAL (a raw get-internal-real-time / get-internal-run-time difference),
:SECONDS (a raw get-universal-time difference) or :MIXED.")
(defvar *converts-anywhere* nil
  "True when some top-level form names internal-time-units-per-second.")

(defun clock-words (form)
  "The clock words FORM names (GET-INTERNAL-REAL-TIME, GET-INTERNAL-RUN-TIME,
GET-UNIVERSAL-TIME, INTERNAL-TIME-UNITS-PER-SECOND, and :THOUSAND for a
literal 1000)."
  (let ((seen '()))
    (labels ((walk (x depth)
               (cond ((> depth 200))
                     ((consp x) (loop for tail on x for k below 100000
                                      do (walk (car tail) (1+ depth))
                                      while (consp (cdr tail))))
                     ((and (numberp x) (= x 1000)) (pushnew :thousand seen))
                     ((and (symbolp x) x)
                      (let ((name (symbol-name x)))
                        (when (member name '("GET-INTERNAL-REAL-TIME" "GET-INTERNAL-RUN-TIME"
                                             "GET-UNIVERSAL-TIME" "INTERNAL-TIME-UNITS-PER-SECOND")
                                      :test #'string=)
                          (pushnew name seen :test #'equal)))))))
      (walk form 0))
    seen))

(defun note-clock-use (form file)
  "Records whether FORM reads the clock, and in which units (*CLOCK-USES*)."
  (let* ((seen (clock-words form))
         (has (lambda (word) (member word seen :test #'equal)))
         (internal (or (funcall has "GET-INTERNAL-REAL-TIME") (funcall has "GET-INTERNAL-RUN-TIME")))
         (universal (funcall has "GET-UNIVERSAL-TIME"))
         (units (funcall has "INTERNAL-TIME-UNITS-PER-SECOND")))
    (when units (setf *converts-anywhere* t))
    (when (or internal universal)
      (let ((internal-unit (and internal (if units :ms :internal)))
            (universal-unit (and universal (if (funcall has :thousand) :ms :seconds))))
        (push (list (if (and (consp form) (consp (cdr form)) (symbolp (second form)))
                        (string-downcase (symbol-name (second form)))
                        "a top-level form")
                    file
                    (cond ((null universal-unit) internal-unit)
                          ((null internal-unit) universal-unit)
                          ((eq internal-unit universal-unit) internal-unit)
                          (t :mixed))
                    (and (funcall has "GET-INTERNAL-RUN-TIME") t))
              *clock-uses*)))))

(defvar *opaque* nil "The name of a compiled file loaded as such (its source unread), if any.")

(defun source-clock ()
  "What the project's source says of its clock units: (values clock why cpu),
CLOCK :MS, :INTERNAL, :SECONDS or :PROBE (the source does not tell), CPU a
line when it reads get-internal-run-time."
  (let* ((uses (reverse *clock-uses*))
         (names (loop for (name file) in uses collect (format nil "~a (~a)" name file)))
         (raw (remove-duplicates (remove :ms (mapcar #'third uses))))
         (cpu (and (some #'fourth uses)
                   (format nil "the project times itself with get-internal-run-time (CPU time) in ~{~a~^, ~}: on a busy machine its moves take longer in wall time than its tempo (run fewer engines at once: adapters/README.md, Time)"
                           (loop for (name file nil run) in uses when run collect (format nil "~a (~a)" name file))))))
    (cond (*opaque*
           (values :probe (format nil "~a is loaded compiled: its source is not read" *opaque*) cpu))
          ((null uses)
           (values :ms "the source never reads the clock (get-internal-real-time / get-internal-run-time / get-universal-time): tempo passed in milliseconds" cpu))
          ((null raw)
           (values :ms (format nil "the source converts the clock where it reads it (~{~a~^, ~}): tempo passed in milliseconds" names) cpu))
          ((and (equal raw '(:internal)) (notany (lambda (u) (eq (third u) :ms)) uses)
                (not *converts-anywhere*))
           (values :internal (format nil "the source compares raw clock differences with tempo, never using internal-time-units-per-second (~{~a~^, ~}): tempo passed in raw units (x ~d)" names (tabula::units-per-ms)) cpu))
          ((and (equal raw '(:seconds)) (notany (lambda (u) (eq (third u) :ms)) uses))
           (values :seconds (format nil "the source compares get-universal-time differences (whole seconds) with tempo, never converting (~{~a~^, ~}): tempo passed in seconds" names) cpu))
          (t (values :probe (format nil "the source reads the clock in ~{~a~^, ~} and converts it only in some forms" names) cpu)))))

(defun packages-defined (files)
  "The package names FILES and the other Lisp sources of their folders
define with defpackage (read from their text)."
  (let ((names '()))
    (dolist (file (remove-duplicates
                   (append files
                           (loop for dir in *project-dirs*
                                 append (remove-if-not (lambda (f) (source-type-p (pathname-type f)))
                                                       (directory (merge-pathnames "*.*" dir)))))
                   :test #'equal))
      (let ((text (ignore-errors (string-downcase (read-source-text file)))))
        (loop for at = (and text (search "(defpackage" text)) then (search "(defpackage" text :start2 (1+ at))
              while at
              do (let ((name (ignore-errors
                              (let ((*read-eval* nil) (*package* (find-package '#:keyword)))
                                (read-from-string text t nil :start (+ at 11))))))
                   (when (and name (or (symbolp name) (stringp name)))
                     (pushnew (string name) names :test #'string-equal))))))
    names))

(defun load-project (files)
  "Loads FILES (paths, in order) with the neutralising loader; editor
backups are skipped.  Their folders are where loads by file name look."
  (ensure-stub-packages)
  (dolist (file files)
    (pushnew (make-pathname :name nil :type nil :version nil :defaults (merge-pathnames file))
             *project-dirs* :test #'equal))
  (setf *project-dirs* (reverse *project-dirs*))
  (setf *defined-packages* (packages-defined files))
  (dolist (file files)
    (let ((type (pathname-type file)))
      (cond ((and type (char= (char type (1- (length type))) #\~))
             (neutralised "~a: an editor backup, skipped" (file-namestring file)))
            ((and type (string-equal type "fasl") (probe-file file))
             (setf *opaque* (file-namestring file))
             (load file))                 ; SBCL's own fasl, named on purpose
            ((and (not (source-type-p type)) (project-file (pathname-name file) type))
             (%load file))
            ((member (ignore-errors (truename file)) *loaded* :test #'equal))
            (t (load-source file))))))

;;; ------------------------------------------------------------------------
;;; 3. Calling the project: entry, arguments, estado, answer
;;; ------------------------------------------------------------------------

(defun system-package-p (package)
  "Is PACKAGE no project's: Common Lisp's, SBCL's, the kit's, or a stub of
another implementation's?"
  (or (tabula::kit-package-p package) (stub-package-p package)))

(defun split-qualified (name)
  "NAME written \"pkg::name\" or \"pkg:name\": (values name package), else
(values NAME NIL)."
  (let* ((text (string name))
         (colon (position #\: text)))
    (if (and colon (plusp colon))
        (values (string-left-trim ":" (subseq text colon)) (subseq text 0 colon))
        (values text nil))))

(defun find-entry (name package)
  "The function symbol NAME (\"pkg::name\" names its package): in PACKAGE
when given, else the one the project defined (CL-USER first)."
  (multiple-value-bind (bare qualifier) (split-qualified name)
    (let ((upper (string-upcase bare))
          (package (or qualifier package)))
      (if package
          (let ((p (or (find-package (string-upcase (string package)))
                       (error "package ~a does not exist" package))))
            (or (find-symbol upper p) (intern upper p)))
          (let ((hits (loop for p in (cons (find-package :cl-user) (list-all-packages))
                            for s = (find-symbol upper p)
                            when (and s (fboundp s) (not (system-package-p (symbol-package s))))
                              collect s)))
            (or (first hits) (intern upper :cl-user)))))))

(defun find-global (name)
  "The global variable NAME (\"pkg::name\" names its package): the one the
project defined (CL-USER first)."
  (multiple-value-bind (bare qualifier) (split-qualified name)
    (let ((upper (string-upcase bare))
          (package (and qualifier (find-package (string-upcase qualifier)))))
      (or (and package (find-symbol upper package))
          (loop for p in (cons (find-package :cl-user) (list-all-packages))
                for s = (find-symbol upper p)
                when (and s (boundp s) (not (system-package-p (symbol-package s)))) return s)
          (intern upper :cl-user)))))

(defun swap-board (board game)
  "BOARD with the two players exchanged: knight / bishop / torre pieces -1
and -2; dots arc owners, Solitario pegs and Blokus squares 1 and 2 (Solitario
also turned upside down, so that the mover's pegs start at the top, and
Blokus turned 180 degrees, so that the mover's start corner is a1);
Adji-boto turned 180 degrees (the mover's row is row 0).  Each is its own
inverse: the same call turns the answer back."
  (let ((from (if (member game '(:knight :bishop :torre)) '(-1 -2) '(1 2))))
    (labels ((walk (x) (cond ((consp x) (mapcar #'walk x))
                             ((eql x (first from)) (second from))
                             ((eql x (second from)) (first from))
                             (t x))))
      (case game
        (:adjiboto (rotate-board board))
        (:solitario (reverse (walk board)))
        (:blokus (rotate-board (walk board)))
        (t (walk board))))))

(defun rotate-move (move)
  "Player 2's move (l c) on the turned Adji-boto board, on the real board."
  (list (- 1 (first move)) (- 5 (second move))))

(defun rotate-answer (answer base)
  "ANSWER with its move (l c) (first, or the whole answer), written from
BASE, turned as ROTATE-MOVE turns it."
  (flet ((turn (x)
           (if (and (consp x) (= (length x) 2) (every #'integerp x))
               (mapcar (lambda (n) (+ n base)) (rotate-move (mapcar (lambda (n) (- n base)) x)))
               x)))
    (cond ((integerp answer)
           ;; A pit of the mover's row 0, on the turned board.
           (turn (list base answer)))
          ((and (consp answer) (consp (first answer)))
           (cons (turn (first answer)) (rest answer)))
          (t (turn answer)))))

(defun rotate-board (board)
  "A board turned 180 degrees (rows swapped, each reversed): player 2's view
for an Adji-boto program that always plays row 0."
  (reverse (mapcar #'reverse board)))

(defun turned-view-p (view side game)
  "Does VIEW show SIDE a turned board in GAME?  Quatro's board has no sides:
never."
  (and (= side 2) (member view '(:mover-first :rotate-for-2)) (not (eq game :quatro))))

(defun view-input (view board scores side game &optional pieces)
  "What the project sees under VIEW: (values board scores side pieces).
Player 2 under :mover-first gets the players swapped (SWAP-BOARD), the
scores and stocks swapped and side 1; under :rotate-for-2 (Adji-boto) the
board turned 180 degrees, the scores swapped and side 1."
  (if (turned-view-p view side game)
      (values (if (eq view :rotate-for-2) (rotate-board board) (swap-board board game))
              (reverse scores) 1 (reverse pieces))
      (values board scores side pieces)))

(defun with-empty (board game empty)
  "BOARD with its empty places written EMPTY (Dots: an arc not drawn, 0 in
the kit's board; the 2016/17 projects wrote NIL)."
  (if (and (eq game :dots) (not (eql empty 0)))
      (mapcar (lambda (lines) (mapcar (lambda (line) (substitute empty 0 line)) lines)) board)
      board))

(defun build-estado (template board scores side &key symbols pieces)
  "The estado of TEMPLATE (see the keys above) for BOARD, SCORES, SIDE."
  (labels ((fill-in (x)
             (case x
               (:board board) (:side side) (:piece (- side))
               (:sign (if (= side 1) 1 -1)) (:opponent-sign (if (= side 1) -1 1))
               (:opponent (- 3 side)) (:opponent-piece (- side 3))
               (:symbol (nth (1- side) symbols))
               (:opponent-symbol (nth (- 2 side) symbols))
               (:score1 (first scores)) (:score2 (second scores))
               (:my-score (nth (1- side) scores)) (:their-score (nth (- 2 side) scores))
               (:pieces1 (first pieces)) (:pieces2 (second pieces))
               (:my-pieces (nth (1- side) pieces)) (:their-pieces (nth (- 2 side) pieces))
               (t (if (consp x) (mapcar #'fill-in x) x)))))
    (fill-in template)))

(defun project-symbols (x package)
  "X with each symbol read in the description (in this package) made the
project's symbol of that name in PACKAGE: a function's name passed as an
argument (`f-utilidade`) is the project's."
  (cond ((and x (symbolp x) (not (keywordp x))
              (eq (symbol-package x) (find-package '#:tabula-project)))
         (or (find-symbol (symbol-name x) package) (intern (symbol-name x) package)))
        ((consp x) (cons (project-symbols (car x) package) (project-symbols (cdr x) package)))
        (t x)))

(defun build-args (template estado tempo side &key symbols depth scores)
  "The entry function's arguments from TEMPLATE; (:call \"f\") is the value
of the project's (f)."
  (mapcar (lambda (x)
            (case (if (and (consp x) (eq (first x) :call)) :call x)
              (:call (funcall (find-entry (second x) nil)))
              (:estado estado) (:tempo tempo) (:side side) (:piece (- side))
              (:score1 (first scores)) (:score2 (second scores))
              (:my-score (nth (1- side) scores)) (:their-score (nth (- 2 side) scores))
              (:scratch (namestring (scratch)))
              (:sign (if (= side 1) 1 -1)) (:opponent-sign (if (= side 1) -1 1))
              (:opponent (- 3 side)) (:opponent-piece (- side 3))
              (:symbol (nth (1- side) symbols)) (:opponent-symbol (nth (- 2 side) symbols))
              (:depth depth)
              (t x)))
          template))

(defun answer-move (answer game base)
  "A move written in the answer when it holds no board, in the course's
notation: (l c) or (operador l c) as the first element (or the answer
itself), rows and columns from BASE; Quatro (peca (x y)), column first; a
pit number alone (Adji-boto: a pit of the mover's row 0); NIL = pass.  A
move string for the kit, or NIL when none."
  (flet ((move-of (x)
           (cond ((and (eq game :quatro) (proper-list-p* x) (= (length x) 2)
                       (tabula::lisp-piece (first x)) (proper-list-p* (second x))
                       (= (length (second x)) 2) (every #'integerp (second x)))
                  (destructuring-bind (col row) (mapcar (lambda (n) (- n base)) (second x))
                    (and (<= 0 col 3) (<= 0 row 3)
                         (format nil "~a@~c~d" (tabula::piece-letters (tabula::lisp-piece (first x)))
                                 (code-char (+ (char-code #\a) col)) (1+ row)))))
                 ((and (proper-list-p* x) (<= 2 (length x) 3)
                       (every #'integerp (last x 2)))
                  (destructuring-bind (l c) (mapcar (lambda (n) (- n base)) (last x 2))
                    (let ((op (and (= (length x) 3) (symbolp (first x)) (symbol-name (first x)))))
                      (case game
                        (:dots (cond ((and op (search "HORIZONTAL" op))
                                      (format nil "h~d.~d" (1+ l) (1+ c)))
                                     ;; (arco-vertical a b): a = dot column, b = box row
                                     ((and op (search "VERTICAL" op))
                                      (format nil "v~d.~d" (1+ c) (1+ l)))))
                        ((:knight :bishop :torre)
                         (format nil "~c~d" (code-char (+ (char-code #\a) c)) (1+ l)))
                        (:quatro nil)
                        ;; A game of adapters/lisp/games/ reads its own moves.
                        (t (tabula:game-answer-move game l c (and op (first x)))))))))))
    (cond ((null answer) "pass")
          ((and (integerp answer) (eq game :adjiboto))
           (tabula:game-answer-move game 0 (- answer base) nil))
          ((consp answer) (or (move-of (first answer)) (move-of answer))))))

(defun proper-list-p* (x)
  (and (listp x) (handler-case (list-length x) (error () nil))))

(defvar *call-side* 1 "The side of the call in progress (for the answer's reading).")
(defvar *call-game* :knight "The game of the call in progress.")

(defvar *description-file* nil "The description's file, if one was named.")

(defun clock-record-file (files)
  "Where the clock decision is recorded: beside the description
(<name>.tabula-clock), else beside the first project file."
  (let ((base (or *description-file* (first files))))
    (and base (make-pathname :type "tabula-clock" :version nil :defaults (merge-pathnames base)))))

(defun read-clock-record (file)
  "The recorded (values clock why) in FILE, or NIL."
  (let ((plist (ignore-errors
                (with-open-file (in file :if-does-not-exist nil)
                  (and in (let ((*read-eval* nil) (*package* (find-package '#:keyword)))
                            (read in nil nil)))))))
    (when (and (listp plist) (member (getf plist :clock) '(:ms :internal :seconds)))
      (values (getf plist :clock)
              (format nil "recorded in ~a (~a)" (file-namestring file) (getf plist :why))))))

(defun decide-clock (description files)
  "Sets tabula:*clock*, *clock-why* and *clock-cpu*, once: a :clock the
description (or --clock) names; else a decision recorded beside the
description; else the project's source (SOURCE-CLOCK); else :probe, one call
a move at the first moves (tabula::probe-clock), whose decision
tabula:*clock-record* writes beside the description when it can."
  (multiple-value-bind (source why cpu) (source-clock)
    (setf tabula:*clock-cpu* cpu)
    (when cpu (tabula:note "clock: ~a" cpu))
    (let ((given (getf description :clock))
          (record (clock-record-file files)))
      (multiple-value-bind (recorded recorded-why) (and record (read-clock-record record))
        (cond ((and given (not (eq (keyword-of given) :probe)))
               (setf tabula:*clock* (keyword-of given)
                     tabula:*clock-why* (getf description :clock-why))
               (tabula:note "clock: ~(~a~), set by :clock / --clock (the source says ~(~a~)~@[: ~a~])"
                            tabula:*clock* source why))
              (recorded
               (setf tabula:*clock* recorded tabula:*clock-why* recorded-why))
              (t
               (setf tabula:*clock* source
                     tabula:*clock-why* (if (eq source :probe) nil why))))
        (when (eq tabula:*clock* :probe)
          (tabula:note "clock: ~a: probed at the first moves, one call a move" why)
          (setf tabula:*clock-record* (clock-recorder record why)))))))

(defun clock-recorder (record why)
  "The function that writes the probe's decision to RECORD (a file beside
the description), or says on the clock's line why it could not."
  (lambda (clock reason)
    (handler-case
        (with-open-file (out record :direction :output :if-exists :supersede)
          (let ((*package* (find-package '#:keyword)))
            (format out ";; The clock units of this project, decided by the Tabula kit's probe.~%;; Every later run reads this (delete the file to probe again).~%~s~%"
                    (list :clock clock :why reason))))
      (error (e)
        (setf tabula:*clock-why*
              (format nil "~a (not recorded: ~a; ~a)" reason
                      (substitute #\Space #\Newline (princ-to-string e)) why))))))

(defun set-globals (pairs)
  "Sets the globals a menu would set: PAIRS ((*name* value) ...), VALUE
:scratch being the scratch folder as a string ending in /."
  (loop for (name value) in pairs
        do (let* ((upper (string-upcase (string name)))
                  (symbol (or (loop for p in (cons (find-package :cl-user) (list-all-packages))
                                    for s = (find-symbol upper p)
                                    when (and s (not (system-package-p (symbol-package s)))
                                              (or (boundp s) #+sbcl (eq (sb-int:info :variable :kind s) :special)))
                                      return s)
                              (intern upper :cl-user)))
                  (value (if (eq (keyword-of* value) :scratch)
                             (namestring (scratch))
                             value)))
             (proclaim (list 'special symbol))
             (setf (symbol-value symbol) value)
             (tabula:note "load: ~s set to ~s (from :globals)" symbol value))))

(defun keyword-of* (x)
  (and (or (symbolp x) (stringp x)) (keyword-of x)))

(defun answer-spec (answer)
  "The description's :ANSWER as (values source reading): SOURCE :RESULT (what
the entry returned) or a global's name, READING :AUTO (a board, else a move)
or :MOVE (a move in the course's notation, never a board)."
  (cond ((and (consp answer) (eq (keyword-of (first answer)) :global))
         (values (second answer) (if (eq (keyword-of* (third answer)) :move) :move :auto)))
        ((eq (keyword-of* answer) :move) (values :result :move))
        (t (values :result :auto))))

(defun read-answer (result board-p view base reading)
  "The board (or move string) in RESULT, the entry's answer read by READING
under VIEW: the hook tabula:*extract-board* calls."
  (let ((board (and (eq reading :auto)
                    (or (tabula:default-extract-board result board-p)
                        (board-within result board-p 5))))
        (turned (turned-view-p view *call-side* *call-game*)))
    (cond ((and board turned (eq view :rotate-for-2)) (rotate-board board))
          ((and board turned) (swap-board board *call-game*))
          (board board)
          ((and turned (eq *call-game* :adjiboto))
           (answer-move (rotate-answer result base) *call-game* base))
          (t (answer-move result *call-game* base)))))

(defvar *call-board* nil "The board of the call in progress, as the program saw it.")

(defun board-within (x board-p depth)
  "The one new board (BOARD-P, not the board the call was given) among the
elements of X, at most DEPTH lists deep: an answer whose board is deeper
than the usual places (a node of a node).  Several new boards (a list of
successors) are not an answer: NIL."
  (let ((found '()))
    (labels ((walk (y depth)
               (cond ((> (length found) 1))
                     ((funcall board-p y)
                      (unless (or (equal y *call-board*) (member y found :test #'equal))
                        (push y found)))
                     ((and (plusp depth) (consp y) (proper-list-p* y))
                      (dolist (z y) (walk z (1- depth)))))))
      (walk x depth))
    (and (= (length found) 1) (first found))))

(defun install-call (description)
  "Sets the kit's hooks (tabula:*jogar*, *student-estado*, *student-call*,
*extract-board*) from the merged DESCRIPTION: how the entry is called and its
answer read.  Returns the entry's symbol."
  (let* ((entry (find-entry (getf description :entry) (getf description :package)))
         (home (or (symbol-package entry) (find-package :cl-user)))
         (args (project-symbols (getf description :args) home))
         (template (project-symbols (getf description :estado) home))
         (symbols (getf description :symbols)) (depth (getf description :depth))
         (view (keyword-of (getf description :view))) (base (getf description :base))
         (depth-global (getf description :depth-global))
         (empty (getf description :empty 0)))
    (multiple-value-bind (source reading) (answer-spec (getf description :answer))
      (setf tabula:*jogar* entry)
      (flet ((estado-of (board scores side game)
               ;; (values estado side-as-shown): the one place the estado is
               ;; built, for the call and for `show`.
               (multiple-value-bind (b s side* pieces)
                   (view-input view board scores side game (tabula:game-stocks game board))
                 (values (build-estado template (with-empty b game empty) s side*
                                       :symbols symbols :pieces pieces)
                         side*))))
        (setf tabula:*student-estado*
              (lambda (board scores side game) (values (estado-of board scores side game))))
        (setf tabula:*student-call*
              (lambda (board scores side game tempo)
                (multiple-value-bind (estado side*) (estado-of board scores side game)
                  (setf *call-side* side *call-game* game
                        *call-board* (with-empty (view-input view board scores side game)
                                                 game empty))
                  (let ((result (apply entry (build-args args estado tempo side*
                                                         :symbols symbols :depth depth
                                                         :scores (if (= side* side)
                                                                     scores
                                                                     (reverse scores))))))
                    (when depth-global
                      (let ((d (ignore-errors (symbol-value (find-global depth-global)))))
                        (when (integerp d) (tabula::send "info depth ~d" d))))
                    (if (eq source :result)
                        result
                        (symbol-value (find-global source))))))))
      (setf tabula:*extract-board*
            (lambda (result board-p) (read-answer result board-p view base reading))))
    entry))

(defun apply-description (description files-given)
  "Loads the project DESCRIPTION names (or FILES-GIVEN) and sets the kit's
hooks from it.  Returns the files loaded."
  (setf *description* (merge-description description))
  (let ((files (or (mapcar (lambda (f) (merge-pathnames f (or *here* *default-pathname-defaults*)))
                           (option :files))
                   files-given)))
    (dolist (host (option :logical-hosts))
      (map-logical-host (string host) ":logical-hosts in the description"))
    (load-project files)
    (set-aliases (option :aliases) (option :package))
    (set-globals (option :globals))
    (decide-clock description files)
    (when (option :on-failure)
      (setf tabula:*on-failure* (keyword-of (option :on-failure))))
    (let ((entry (install-call *description*)))
      (unless (fboundp entry)
        (tabula:note "the project defines no function ~a (:entry in the description)"
                     (option :entry))))
    (tabula:note "project: entry ~a, arguments ~s, estado ~s, clock ~(~a~)~@[, preset ~a~]"
                 tabula:*jogar* (option :args) (option :estado) tabula:*clock* (option :preset))
    files))

(defun set-aliases (pairs package)
  "Makes each MISSING of PAIRS ((missing existing) ...) a name of EXISTING
when the project defines the one and not the other: in every package of the
project whose code names MISSING (or PACKAGE, else CL-USER, when none does)."
  (loop for (missing existing) in pairs
        do (let ((e (find-entry existing package)))
             (when (fboundp e)
               (dolist (m (missing-symbols missing package))
                 (unless (fboundp m)
                   (setf (fdefinition m) (fdefinition e))
                   (tabula:note "load: ~a is defined nowhere: made an alias of ~a (from :aliases)"
                                m e)))))))

(defun missing-symbols (name package)
  "The symbols named NAME the project's packages hold (\"pkg::name\" or
PACKAGE: that one only), else NAME interned in PACKAGE or CL-USER."
  (multiple-value-bind (bare qualifier) (split-qualified name)
    (let* ((upper (string-upcase bare))
           (only (or qualifier package))
           (found (if only
                      '()
                      (remove-duplicates
                       (loop for p in (list-all-packages)
                             for s = (find-symbol upper p)
                             when (and s (not (system-package-p (symbol-package s))))
                               collect s)))))
      (or found
          (list (intern upper (or (and only (find-package (string-upcase (string only))))
                                  :cl-user)))))))
