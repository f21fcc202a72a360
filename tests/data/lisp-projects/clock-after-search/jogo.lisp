;;;; Test project (2023/24, knight): a search of fixed depth, then the
;;;; move refused when a raw get-internal-real-time difference is past
;;;; tempo (written under LispWorks, 1000 units a second); the statistics
;;;; convert the clock.  Whatever the tempo the move takes no time: only
;;;; the units the entry compares tell the clock.
(load "regras.lisp")

(defvar *ms-gastos* 0 "Milliseconds the last move took (statistics).")

(defun ms-desde (inicio)
  (* (/ (- (get-internal-real-time) inicio) internal-time-units-per-second) 1000))

(defun jogar (estado tempo)
  (let* ((tab (first estado)) (peca (- (second estado)))
         (inicio (get-internal-real-time))
         (escolha (melhor tab peca)))
    (setf *ms-gastos* (ms-desde inicio))
    (cond ((>= (- (get-internal-real-time) inicio) tempo) nil)
          (t (list (list (if escolha (mover tab peca escolha) tab)
                         (second estado) (third estado) (fourth estado)))))))
