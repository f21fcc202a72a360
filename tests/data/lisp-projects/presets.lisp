;;;; Lisp-level test of the presets (for the games the kit does not play yet
;;;; too): each preset's estado and argument list built on a stub board, and
;;;; the answer conversions.  Run after tabula.lisp and project.lisp; prints
;;;; one line per preset, "preset <name> <args>", then "answer ..." lines.
(in-package #:tabula-project)

(defparameter *stub-boards*
  '((galo3d (((nil nil nil) (nil x nil) (nil nil nil)) ((nil nil nil) (nil nil nil) (nil nil nil))
             ((nil nil nil) (nil nil nil) (nil nil nil))))
    (dots (((0 1) (0 0) (0 0)) ((0 0) (0 0) (0 0))))
    (blokus ((0 0) (0 0)))
    (adjiboto ((1 2 3 4 5 6) (7 8 9 10 11 12)))
    (knight ((-1 10) (20 -2)))
    (torre ((-1 10) (20 -2)))
    (bishop ((-1 10) (20 -2)))
    (quatro (((0 0) (0 0)) ((branca redonda alta oca))))
    (solitario ((nil 1 1) (1 0 1)))))

(let ((*print-pretty* nil) (*print-case* :downcase))
  (dolist (entry *presets*)
    (destructuring-bind (name &rest plist) entry
      (let* ((d (merge-description (list :preset name)))
             (game (getf d :game))
             (board0 (second (assoc game *stub-boards*)))
             (side 2))
        (declare (ignore plist))
        (multiple-value-bind (board scores side*)
            (view-input (getf d :view) board0 '(3 4) side game)
          (let* ((estado (build-estado (getf d :estado) board scores side*
                                       :symbols (getf d :symbols) :pieces '((a b) (c))))
                 (args (build-args (getf d :args) estado 1000 side*
                                   :symbols (getf d :symbols))))
            (format t "preset ~a ~s~%" name args)))))))

(let ((*print-pretty* nil))
  (format t "answer knight ~s~%" (answer-move '((3 4) ((x))) :knight 0))
  (format t "answer knight1 ~s~%" (answer-move '(4 5) :knight 1))
  (format t "answer dots ~s~%" (answer-move '((arco-vertical 2 1)) :dots 1))
  (format t "answer dots-h ~s~%" (answer-move '(arco-horizontal 3 2) :dots 1))
  (format t "answer pass ~s~%" (answer-move nil :knight 0))
  (format t "answer adjiboto ~s~%" (rotate-move '(0 0)))
  (format t "answer swap ~s~%" (swap-board '((-1 5) (nil -2)) :knight)))
