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

(defparameter cl-user::*tabula-files*
  (or (mapcar (lambda (name) (merge-pathnames name)) (rest sb-ext:*posix-argv*))
      (list (merge-pathnames "example-student.lisp" cl-user::*tabula-here*))))

(let* ((*standard-output* *error-output*)
       (*standard-input* (make-string-input-stream ""))
       (*terminal-io* (make-two-way-stream *standard-input* *error-output*)))
  (with-compilation-unit ()
    (dolist (file (cons (merge-pathnames "tabula.lisp" cl-user::*tabula-here*)
                        cl-user::*tabula-files*))
      (handler-case
          (let ((*default-pathname-defaults*
                  (make-pathname :name nil :type nil :version nil :defaults file)))
            (load file))
        (error (e)
          (format *error-output* "tabula: could not load ~a: ~a~%" file e)
          (finish-output *error-output*)
          (sb-ext:exit :code 1 :abort t))))))

(unless tabula:*engine-name*
  (setf tabula:*engine-name* (pathname-name (first cl-user::*tabula-files*))))

(tabula:main)
