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
;;;             (-1 or -2), :symbol (the side's entry of :symbols),
;;;             :opponent, :opponent-piece, :opponent-symbol (the other
;;;             side's), :depth (the value of :depth), anything else as written
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

(defparameter *presets*
  '(("2015-galo3d" :game galo3d :entry "jogar" :args (:estado :symbol :tempo)
     :estado :board :symbols ("X" "O") :base 1 :clock :probe)
    ("2016-dots" :game dots :entry "jogar" :args (:estado :tempo)
     :estado (:board :side :score1 :score2) :base 1 :clock :probe)
    ("2017-blokus" :game blokus :entry "jogar" :args (:estado :tempo)
     :estado (:board :side :pieces1 :pieces2) :base 0 :clock :probe)
    ("2018-adjiboto" :game adjiboto :entry "jogar" :args (:estado :tempo)
     :estado (:board (:score1 :score2)) :view :rotate-for-2 :base 0 :clock :probe)
    ("2019-knight" :game knight :entry "jogar" :args (:estado :tempo)
     :estado (:board :side :score1 :score2) :base 0 :clock :probe)
    ("2019-torre" :game torre :entry "jogar" :args (:estado :tempo)
     :estado (:board :side :score1 :score2) :base 0 :clock :probe)
    ("2019-bishop" :game bishop :entry "jogar" :args (:estado :tempo)
     :estado (:board :side :score1 :score2) :base 0 :clock :probe)
    ("2020-quatro" :game quatro :entry "jogar" :args (:estado :tempo)
     :estado :board :base 1 :clock :probe)
    ("2021-blokus" :game blokus :entry "jogar" :args (:estado :tempo)
     :estado (:board :side :pieces1 :pieces2) :base 0 :clock :probe)
    ("2022-dots" :game dots :entry "jogar" :args (:estado :tempo)
     :estado (:board :side :score1 :score2) :base 1 :clock :probe)
    ("2023-knight" :game knight :entry "jogar" :args (:estado :tempo)
     :estado (:board :side :score1 :score2) :base 0 :clock :probe)
    ("2024-adjiboto" :game adjiboto :entry "jogar" :args (:estado :tempo)
     :estado (:board (:score1 :score2)) :view :rotate-for-2 :base 0 :clock :probe)
    ("2025-solitario" :game solitario :entry "jogar" :args (:estado :tempo)
     :estado :board :base 1 :clock :probe))
  "Each course year's official contract (rules/<game>.md, section Lisp), by
name \"<first year>-<game>\".  Blokus's :pieces1 / :pieces2 are the
position's stocks (tabula:game-stocks); the kit plays a game once
tabula.lisp or adapters/lisp/games/ has its rules.")

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
symbols in this package, so plain words such as jogar are fine)."
  (let ((text (read-source-text path)))
    (let ((*read-eval* nil) (*package* (find-package '#:tabula-project)))
      (let ((plist (read-from-string text)))
        (unless (and (listp plist) (evenp (length plist)) (every #'keywordp
                                                                 (loop for k in plist by #'cddr collect k)))
          (error "~a: expected one list (:key value ...), found ~s" path plist))
        plist))))

(defun option (key) (getf *description* key))

;;; ------------------------------------------------------------------------
;;; 2. Loading, with the neutralising
;;; ------------------------------------------------------------------------

(defvar *scratch* nil "The scratch folder for the project's own output files.")
(defvar *neutralised* '() "The lines written about what was neutralised (newest first).")
(defvar *project-dirs* '() "The folders of the project's files (searched by file name).")
(defvar *loaded* '() "The truenames of the source files loaded so far.")
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
file: a fasl's source), found in the project's folders by name, any case;
editor backups (name~) never."
  (let ((want-source (or (null type) (not (member type '("dat" "txt" "log") :test #'string-equal)))))
    (loop for dir in *project-dirs*
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
  "The string literals of a Lisp source TEXT (roughly: comments are not
skipped, escapes are), each with the 20 characters before it."
  (let ((out '()) (i 0) (n (length text)))
    (loop
      (let ((start (position #\" text :start i)))
        (unless start (return (nreverse out)))
        (let ((j (1+ start)))
          (loop while (and (< j n) (char/= (char text j) #\"))
                do (incf j (if (char= (char text j) #\\) 2 1)))
          (push (cons (subseq text (1+ start) (min j n))
                      (subseq text (max 0 (- start 20)) start))
                out)
          (setf i (1+ (min j n))))))))

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
    (unless (find-package name) (make-package name :use '()))))

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
            (with-open-file . %with-open-file))
          form))

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

(defun load-source (path)
  "Loads the Lisp source PATH form by form, neutralising as it goes.  A form
that fails is skipped with a line saying why (the rest of the file loads)."
  (let* ((truename (truename path))
         (text (read-source-text truename))
         (*package* *package*)
         (*readtable* *readtable*)
         (*load-pathname* (pathname path))
         (*load-truename* truename)
         (*default-pathname-defaults*
           (make-pathname :name nil :type nil :version nil :defaults truename)))
    (push truename *loaded*)
    (pushnew (make-pathname :name nil :type nil :version nil :defaults truename) *project-dirs*
             :test #'equal)
    (loop for (host . why) in (find-logical-hosts text)
          do (map-logical-host host (format nil "~a in ~a" why (file-namestring truename))))
    (with-input-from-string (in text)
      (loop for form = (read-form in)
            until (eq form in)
            do (note-clock-use form (file-namestring truename))
               (when (and (consp form) (eq (first form) 'in-package)
                          (not (find-package (second form))))
                 (make-package (string (second form)) :use '(:common-lisp))
                 (neutralised "(in-package ~a): no file defines it: defined (using COMMON-LISP)"
                              (string (second form))))
               (handler-case (eval (neutralise-form form))
                 (error (e)
                   (neutralised "~a: top-level ~a failed, skipped: ~a"
                                (file-namestring truename)
                                (let ((*print-length* 3) (*print-level* 2)) (prin1-to-string form))
                                (substitute #\Space #\Newline (princ-to-string e)))))))
    truename))

(defvar *clock-uses* '()
  "Top-level forms of the project that read the clock, newest first: each
(name file real-p run-p converts-p).")
(defvar *converts-anywhere* nil
  "True when some top-level form names internal-time-units-per-second.")

(defun note-clock-use (form file)
  "Records whether FORM reads the clock (get-internal-real-time /
get-internal-run-time) and converts with internal-time-units-per-second."
  (let ((seen '()))
    (labels ((walk (x depth)
               (cond ((> depth 200))
                     ((consp x) (loop for tail on x for k below 100000
                                      do (walk (car tail) (1+ depth))
                                      while (consp (cdr tail))))
                     ((and (symbolp x) x)
                      (let ((name (symbol-name x)))
                        (when (member name '("GET-INTERNAL-REAL-TIME" "GET-INTERNAL-RUN-TIME"
                                             "INTERNAL-TIME-UNITS-PER-SECOND")
                                      :test #'string=)
                          (pushnew name seen :test #'string=)))))))
      (walk form 0))
    (let ((real (member "GET-INTERNAL-REAL-TIME" seen :test #'string=))
          (run (member "GET-INTERNAL-RUN-TIME" seen :test #'string=))
          (units (member "INTERNAL-TIME-UNITS-PER-SECOND" seen :test #'string=)))
      (when units (setf *converts-anywhere* t))
      (when (or real run)
        (push (list (if (and (consp form) (consp (cdr form)) (symbolp (second form)))
                        (string-downcase (symbol-name (second form)))
                        "a top-level form")
                    file (and real t) (and run t) (and units t))
              *clock-uses*)))))

(defvar *opaque* nil "The name of a compiled file loaded as such (its source unread), if any.")

(defun source-clock ()
  "What the project's source says of its clock units: (values clock why cpu),
CLOCK :MS, :INTERNAL or :PROBE (the source does not tell), CPU a line when it
reads get-internal-run-time."
  (let* ((uses (reverse *clock-uses*))
         (names (loop for (name file) in uses collect (format nil "~a (~a)" name file)))
         (cpu (and (some #'fourth uses)
                   (format nil "the project times itself with get-internal-run-time (CPU time) in ~{~a~^, ~}: on a busy machine its moves take longer in wall time than its tempo (run fewer engines at once: adapters/README.md, Time)"
                           (loop for (name file nil run) in uses when run collect (format nil "~a (~a)" name file))))))
    (cond (*opaque*
           (values :probe (format nil "~a is loaded compiled: its source is not read" *opaque*) cpu))
          ((null uses)
           (values :ms "the source never reads the clock (get-internal-real-time / get-internal-run-time): tempo passed in milliseconds" cpu))
          ((every #'fifth uses)
           (values :ms (format nil "the source converts the clock with internal-time-units-per-second where it reads it (~{~a~^, ~}): tempo passed in milliseconds" names) cpu))
          ((not *converts-anywhere*)
           (values :internal (format nil "the source compares raw clock differences with tempo, never using internal-time-units-per-second (~{~a~^, ~}): tempo passed in raw units (x ~d)" names (tabula::units-per-ms)) cpu))
          (t (values :probe (format nil "the source reads the clock in ~{~a~^, ~} and converts it only in some forms" names) cpu)))))

(defun load-project (files)
  "Loads FILES (paths, in order) with the neutralising loader; editor
backups are skipped.  Their folders are where loads by file name look."
  (ensure-stub-packages)
  (dolist (file files)
    (pushnew (make-pathname :name nil :type nil :version nil :defaults (merge-pathnames file))
             *project-dirs* :test #'equal))
  (setf *project-dirs* (reverse *project-dirs*))
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
  (let ((name (package-name package)))
    (or (member name '("COMMON-LISP" "KEYWORD" "TABULA" "TABULA-PROJECT") :test #'string=)
        (and (> (length name) 3) (string= "SB-" name :end2 3))
        (stub-package-p package))))

(defun find-entry (name package)
  "The function symbol NAME: in PACKAGE when given, else the one the project
defined (CL-USER first)."
  (let ((upper (string-upcase (string name))))
    (if package
        (let ((p (or (find-package (string-upcase (string package)))
                     (error "package ~a does not exist" package))))
          (or (find-symbol upper p) (intern upper p)))
        (let ((hits (loop for p in (cons (find-package :cl-user) (list-all-packages))
                          for s = (find-symbol upper p)
                          when (and s (fboundp s) (not (system-package-p (symbol-package s))))
                            collect s)))
          (or (first hits) (intern upper :cl-user))))))

(defun find-global (name)
  (let ((upper (string-upcase (string name))))
    (or (loop for p in (cons (find-package :cl-user) (list-all-packages))
              for s = (find-symbol upper p)
              when (and s (boundp s) (not (system-package-p (symbol-package s)))) return s)
        (intern upper :cl-user))))

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
    (if (and (consp answer) (consp (first answer)))
        (cons (turn (first answer)) (rest answer))
        (turn answer))))

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

(defun build-estado (template board scores side &key symbols pieces)
  "The estado of TEMPLATE (see the keys above) for BOARD, SCORES, SIDE."
  (labels ((fill-in (x)
             (case x
               (:board board) (:side side) (:piece (- side))
               (:opponent (- 3 side)) (:opponent-piece (- side 3))
               (:symbol (nth (1- side) symbols))
               (:opponent-symbol (nth (- 2 side) symbols))
               (:score1 (first scores)) (:score2 (second scores))
               (:my-score (nth (1- side) scores)) (:their-score (nth (- 2 side) scores))
               (:pieces1 (first pieces)) (:pieces2 (second pieces))
               (:my-pieces (nth (1- side) pieces)) (:their-pieces (nth (- 2 side) pieces))
               (t (if (consp x) (mapcar #'fill-in x) x)))))
    (fill-in template)))

(defun build-args (template estado tempo side &key symbols depth)
  "The entry function's arguments from TEMPLATE."
  (mapcar (lambda (x)
            (case x
              (:estado estado) (:tempo tempo) (:side side) (:piece (- side))
              (:opponent (- 3 side)) (:opponent-piece (- side 3))
              (:symbol (nth (1- side) symbols)) (:opponent-symbol (nth (- 2 side) symbols))
              (:depth depth)
              (t x)))
          template))

(defun answer-move (answer game base)
  "A move written in the answer when it holds no board: (l c) or (operador l
c) as the first element (or the answer itself), rows and columns from BASE;
NIL = pass.  A move string for the kit, or NIL when none."
  (flet ((move-of (x)
           (when (and (proper-list-p* x) (<= 2 (length x) 3)
                      (every #'integerp (last x 2)))
             (destructuring-bind (l c) (mapcar (lambda (n) (- n base)) (last x 2))
               (let ((op (and (= (length x) 3) (symbolp (first x)) (symbol-name (first x)))))
                 (case game
                   (:dots (cond ((and op (search "HORIZONTAL" op))
                                 (format nil "h~d.~d" (1+ l) (1+ c)))
                                ;; (arco-vertical a b): a = dot column, b = box row
                                ((and op (search "VERTICAL" op))
                                 (format nil "v~d.~d" (1+ c) (1+ l)))))
                   ((:knight :bishop)
                    (format nil "~c~d" (code-char (+ (char-code #\a) c)) (1+ l)))
                   ;; A game of adapters/lisp/games/ reads its own moves.
                   (t (tabula:game-answer-move game l c (and op (first x))))))))))
    (cond ((null answer) "pass")
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
    (when (and (listp plist) (member (getf plist :clock) '(:ms :internal)))
      (values (getf plist :clock)
              (format nil "recorded in ~a (~a)" (file-namestring file) (getf plist :why))))))

(defun decide-clock (description files)
  "Sets tabula:*clock*, *clock-why* and *clock-cpu*: a :clock the description
(or --clock) names; else a decision recorded beside the description; else
the project's source (SOURCE-CLOCK), confirmed by probes at the first
moves (a disagreement is reported, the source's decision kept); else :probe,
whose decision tabula:*clock-record* writes beside the description."
  (multiple-value-bind (source why cpu) (source-clock)
    (setf tabula:*clock-cpu* cpu)
    (when cpu (tabula:note "clock: ~a" cpu))
    (let ((given (getf description :clock))
          (record (clock-record-file files)))
      (multiple-value-bind (recorded recorded-why) (and record (read-clock-record record))
        (cond ((and given (not (eq (keyword-of given) :probe)))
               ;; Set by hand: used as is, not announced (the source's view on stderr).
               (setf tabula:*clock* (keyword-of given) tabula:*clock-why* nil)
               (tabula:note "clock: ~(~a~), set by :clock / --clock (the source says ~(~a~)~@[: ~a~])"
                            tabula:*clock* source why))
              (recorded
               (setf tabula:*clock* recorded tabula:*clock-why* recorded-why))
              (t
               (setf tabula:*clock* source
                     tabula:*clock-why* (if (eq source :probe) nil why)
                     ;; The units the source shows, confirmed by probes at
                     ;; the first moves (a project that reads the clock).
                     tabula:*confirm-clock* (and *clock-uses* (not (eq source :probe)) t))))
        (when (eq tabula:*clock* :probe)
          (tabula:note "clock: ~a: probed at the first moves" why)
          (setf tabula:*clock-record*
                (lambda (clock why)
                  (handler-case
                      (with-open-file (out record :direction :output :if-exists :supersede)
                        (let ((*package* (find-package '#:keyword)))
                          (format out ";; The clock units of this project, decided by the Tabula kit's probe.~%;; Every later run reads this (delete the file to probe again).~%~s~%"
                                  (list :clock clock :why why))))
                    (error (e)
                      (setf tabula:*clock-why*
                            (format nil "~a (not recorded: ~a)" why
                                    (substitute #\Space #\Newline (princ-to-string e)))))))))))))

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

(defun apply-description (description files-given)
  "Loads the project DESCRIPTION names (or FILES-GIVEN) and sets the kit's
hooks from it.  Returns the files loaded."
  (setf *description* (merge-description description))
  (let* ((files (or (mapcar (lambda (f) (merge-pathnames f (or *here* *default-pathname-defaults*)))
                            (option :files))
                    files-given))
         (entry-name (option :entry)) (package (option :package))
         (args (option :args)) (template (option :estado))
         (symbols (option :symbols)) (depth (option :depth))
         (answer (option :answer)) (view (keyword-of (option :view)))
         (base (option :base)) (depth-global (option :depth-global)))
    (dolist (host (option :logical-hosts))
      (map-logical-host (string host) ":logical-hosts in the description"))
    (load-project files)
    (loop for (missing existing) in (option :aliases)
          do (let ((m (find-entry missing package)) (e (find-entry existing package)))
               (when (and (fboundp e) (not (fboundp m)))
                 (setf (fdefinition m) (fdefinition e))
                 (tabula:note "load: ~a is defined nowhere: made an alias of ~a (from :aliases)" m e))))
    (set-globals (option :globals))
    (decide-clock description files)
    (when (option :on-failure)
      (setf tabula:*on-failure* (keyword-of (option :on-failure))))
    (let ((entry (find-entry entry-name package)))
      (setf tabula:*jogar* entry)
      (unless (fboundp entry)
        (tabula:note "the project defines no function ~a (:entry in the description)" entry-name))
      (flet ((estado-of (board scores side game)
               ;; (values estado side-as-shown): the one place the estado is
               ;; built, for the call and for `show`.
               (multiple-value-bind (b s side* pieces)
                   (view-input view board scores side game (tabula:game-stocks game board))
                 (values (build-estado template b s side* :symbols symbols :pieces pieces) side*))))
        (setf tabula:*student-estado*
              (lambda (board scores side game) (values (estado-of board scores side game))))
        (setf tabula:*student-call*
              (lambda (board scores side game tempo)
                (multiple-value-bind (estado side*) (estado-of board scores side game)
                  (let ((result (progn (setf *call-side* side *call-game* game)
                                       (apply entry (build-args args estado tempo side*
                                                                :symbols symbols :depth depth)))))
                    (when depth-global
                      (let ((d (ignore-errors (symbol-value (find-global depth-global)))))
                        (when (integerp d) (tabula::send "info depth ~d" d))))
                    (if (and (consp answer) (eq (keyword-of (first answer)) :global))
                        (symbol-value (find-global (second answer)))
                        result))))))
      (setf tabula:*extract-board*
            (lambda (result board-p)
              (let ((board (tabula:default-extract-board result board-p))
                    (turned (turned-view-p view *call-side* *call-game*)))
                (cond ((and board turned (eq view :rotate-for-2)) (rotate-board board))
                      ((and board turned) (swap-board board *call-game*))
                      (board board)
                      ((and turned (eq *call-game* :adjiboto))
                       (answer-move (rotate-answer result base) *call-game* base))
                      (t (answer-move result *call-game* base)))))))
    (tabula:note "project: entry ~a, arguments ~s, estado ~s, clock ~(~a~)~@[, preset ~a~]"
                 tabula:*jogar* args template tabula:*clock* (option :preset))
    files))
