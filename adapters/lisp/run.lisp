;;;; run.lisp -- start the Tabula adapter on a student's project (SBCL).
;;;;
;;;;     sbcl --script adapters/lisp/run.lisp my-project.lisp [more files...]
;;;;
;;;; Loads tabula.lisp (next to this file), then the given files in order,
;;;; then runs the protocol loop on standard input / output until `quit` or
;;;; the end of the input.  Without files it loads example-student.lisp, the
;;;; demo engine next to this file.
;;;;
;;;; - Relative file names are read from the current directory; while a file
;;;;   loads, *default-pathname-defaults* is its own directory, so a project
;;;;   file that does (load "jogo.lisp") finds its sibling.
;;;; - Whatever loading prints goes to standard error, never to the protocol,
;;;;   and loading reads an empty input (a menu that asks for input at load
;;;;   time gets end-of-file instead of eating the protocol's commands).
;;;; - A file that cannot be loaded stops the program (exit code 1) with the
;;;;   reason on standard error.
;;;; The SBCL-specific bits: sb-ext:*posix-argv* (the command line),
;;;; sb-ext:exit and the lose_on_corruption_p switch below.  See
;;;; adapters/README.md for other Lisps.

;;; `--script` implies --lose-on-corruption, which makes a control stack
;;; exhaustion (a runaway recursion in jogar) kill the process; turned off, it
;;; is an ordinary STORAGE-CONDITION that the adapter catches (fallback move).
(ignore-errors (setf (sb-alien:extern-alien "lose_on_corruption_p" sb-alien:int) 0))

(defparameter cl-user::*tabula-here*
  (make-pathname :name nil :type nil :version nil :defaults *load-truename*))

;;; The command line: files to load, and optionally
;;;   --preset NAME      a course year's contract (e.g. 2023-knight)
;;;   --project FILE     a project description (a file of one plist; a file
;;;                      whose type is `tabula` is taken as one too)
;;;   --clock ms|internal|probe
;;;   --on-failure fallback|lose   (see tabula:*on-failure*)
(defparameter cl-user::*tabula-args* (rest sb-ext:*posix-argv*))
(defparameter cl-user::*tabula-description* '())
(defparameter cl-user::*tabula-files* '())
(defparameter cl-user::*tabula-clock* nil "The --clock given, if any.")

(defun cl-user::tabula-die (control &rest args)
  (format *error-output* "tabula: ~?~%" control args)
  (finish-output *error-output*)
  (sb-ext:exit :code 1 :abort t))

(let* ((*standard-output* *error-output*)
       (*standard-input* (make-string-input-stream ""))
       (*terminal-io* (make-two-way-stream *standard-input* *error-output*)))
  (handler-case
      (with-compilation-unit ()
        (load (merge-pathnames "tabula.lisp" cl-user::*tabula-here*))
        (load (merge-pathnames "project.lisp" cl-user::*tabula-here*)))
    (error (e) (cl-user::tabula-die "could not load the kit: ~a" e))))

;;; A form of its own: read once the kit's packages exist.
(let* ((*standard-output* *error-output*)
       (*standard-input* (make-string-input-stream ""))
       (*terminal-io* (make-two-way-stream *standard-input* *error-output*)))
  (let ((plist '()) (files '()))
    (loop while cl-user::*tabula-args*
          do (let ((arg (pop cl-user::*tabula-args*)))
               (flet ((value ()
                        (or (pop cl-user::*tabula-args*)
                            (cl-user::tabula-die "~a: expected a value after it" arg))))
                 (cond ((string= arg "--preset") (setf (getf plist :preset) (value)))
                       ((string= arg "--clock")
                        (let ((clock (find (value) '(:ms :internal :probe) :test #'string-equal)))
                          (unless clock (cl-user::tabula-die "--clock: expected ms, internal or probe"))
                          (setf cl-user::*tabula-clock* clock)))
                       ((string= arg "--on-failure")
                        (let ((how (find (value) '(:fallback :lose) :test #'string-equal)))
                          (unless how (cl-user::tabula-die "--on-failure: expected fallback or lose"))
                          (setf tabula:*on-failure* how)))
                       ((or (string= arg "--project")
                            (equalp (pathname-type arg) "tabula"))
                        (let ((path (merge-pathnames (if (string= arg "--project") (value) arg))))
                          (handler-case
                              (setf plist (append plist (tabula-project:read-description path))
                                    tabula-project::*description-file* path
                                    tabula-project::*here*
                                    (make-pathname :name nil :type nil :version nil :defaults path))
                            (error (e) (cl-user::tabula-die "project description ~a: ~a" path e)))))
                       (t (push (merge-pathnames arg) files))))))
    (setf files (nreverse files))
    (setf cl-user::*tabula-files*
          (or files (unless (getf plist :files)
                      (list (merge-pathnames "example-student.lisp" cl-user::*tabula-here*)))))
    (handler-case
        (with-compilation-unit ()
          (when (and plist cl-user::*tabula-clock*)
            (setf plist (list* :clock cl-user::*tabula-clock* plist)))
          (if plist
              (setf cl-user::*tabula-files*
                    (tabula-project:apply-description plist cl-user::*tabula-files*))
              (tabula-project:load-project cl-user::*tabula-files*))
          (when cl-user::*tabula-clock* (setf tabula:*clock* cl-user::*tabula-clock*)))
      (error (e)
        (cl-user::tabula-die "could not load ~{~a~^ ~}: ~a" cl-user::*tabula-files* e)))))

(unless tabula:*engine-name*
  (setf tabula:*engine-name* (pathname-name (first cl-user::*tabula-files*))))

(tabula:main)
