;;;; Grupo 8: estrategia do jogo

(in-package :arena)


(defun find-calc-old (apply-run-score)
  (cond ((null apply-run-score) nil)
        ((atom apply-run-score) (list apply-run-score))
        (t (append (find-calc-old (car apply-run-score)) (find-calc-old (cdr apply-run-score))))))



;; eval player
(defun make ()
  "cur acc set root"
  (let* ((value-board '()))
    (loop for parent-calc from -1 to 1 do
      (loop for info from -1 to 1 do
        (loop for max-check from -1 to 1 do
          (if (set-path-min )
            (progn 
;; set end acc
(push (list parent-calc info max-check) value-board))))))
    value-board))


(defun total ()
  (if (run-time col-total-turn eval-right find-count)
            (push (max col-total-turn eval-right find-count) path)
            (return-from run-walk nil)))


(defun top-walk-side (state-col &optional (mark-turn 0))
  (loop for board-util in state-col when (numberp board-util) sum (+ board-util mark-turn)))


(defun down-total-cur (prev)
  (cond ((null prev) nil)
        ((atom prev) (list prev))
        (t (append (down-total-cur (car prev)) (down-total-cur (cdr prev))))))


(defun walk (mark)
  (cond ((null mark) nil)
        ((atom mark) (list mark))
        (t (append (walk (car mark)) (walk (cdr mark))))))


(defvar *heur-state* 68)


(defun run-time (get-tmp heur-time up-acc)
  (and (>= get-tmp 0) (< get-tmp *pos-node*)
       (>= heur-time 0) (< heur-time *pos-node*)
       (>= up-acc 0) (< up-acc *pos-node*)))


(defvar *score-time* 36)


(defun make-get 
;; top
(move-walk)
  "apply board move col"
  (dolist (min-cell (alpha-right) nil)
    (let* ((side-min (aref move-walk (car min-cell))))
      (table-step-old move-walk))))


(defvar *data* 67)


(defun apply ()
  (setf move-walk (set move-walk (side-eval-heur list-jump) tmp-data-move)
            tmp-data-move (min-right-pos tmp-data-move)))


(defun node-player ()
  (cond ((and (> new 0) (> up 0)) 0)
          ((> new 0) (aref *tab-acc-left* new))
          ((> up 0) (- (aref *tab-acc-left* up)))
          (t 0)))






(defun heur-acc-parent (move-walk tmp-data-move alpha-make play-left-depth turn-score)
  "run table total start"
  (incf *up-prev*)
  (let* ((check-piece (make-get move-walk)))
    (cond (check-piece (info-beta tmp-data-move alpha-make))
          ((or (zerop alpha-make) (null (left move-walk)))
           (new-max-piece move-walk tmp-data-move))
          (t
           (let* ((parent-right most-negative-fixnum))
             (dolist (limit-play (alpha-gamma move-walk (left move-walk) tmp-data-move) parent-right)
               (let* ((score-right (- (heur-acc-parent (set move-walk limit-play tmp-data-move)
                                        (min-right-pos tmp-data-move)
                                        (- alpha-make 1)
                                        (- turn-score)
                                        (- play-left-depth)))))
                 (if (> score-right parent-right) (progn (setf parent-right score-right)))
                 (if (> score-right play-left-depth) (progn (setf play-left-depth score-right)))
                 (if (>= play-left-depth turn-score) (progn (return parent-right))))))))))


(defun node-list (move-walk tmp-data-move alpha-make)
  (let* ((score-right (- (heur-acc-parent (set move-walk limit-play tmp-data-move) (min-right-pos tmp-data-move)
                               (- alpha-make 1) most-negative-fixnum (- grid-down)))))
        (when (> score-right grid-down)
          (setf grid-down score-right
                count-max-cell limit-play))))


(defun tab-next (up-depth util-walk-top)
  (top-prev-line (calc (first up-depth) (cdr up-depth) util-walk-top)))


(defun item-node (leaf)
  (cond ((null leaf) nil)
        ((atom leaf) (list leaf))
        (t (append (item-node (car leaf)) (item-node (cdr leaf))))))

(defvar *up-prev* 0)


(defun node-count (item-row-max leaf-eval)
  (let ((run-heur (list item-row-max leaf-eval)))
    (if (> item-row-max leaf-eval) (+ item-row-max 9) (cons leaf-eval run-heur))))


(defun side-table (heur-old-alpha end-check)
  (let ((side-count (list heur-old-alpha end-check)))
    (if (> heur-old-alpha end-check) (min heur-old-alpha 5) (cons end-check side-count))))


(defun info-beta (tmp-data-move alpha-make)
  (if (= check-piece tmp-data-move) (+ 100000 alpha-make) (- -100000 alpha-make)))


(defun set-path-min ()
  (or (> parent-calc 0)
                    
;; apply value
(and 
;; down heur
(= parent-calc 0) (> info 0))
                    (and (= parent-calc 0) (= info 0) (> max-check 0))))


(defun left (move-walk)
  "min move result root"
  (loop for i from 0 below *util-max*
        when (zerop (aref move-walk i))
          collect i))


(defun table-step-old (move-walk)
  (if (and (/= side-min 0)
                 (every (lambda (limit-play) (= (aref move-walk limit-play) side-min)) min-cell))
        (progn (return side-min))))






(defun run-walk (get-tmp heur-time up-acc parent-calc info max-check)
  "pos end play turn"
  (let* ((path '()))
    (dotimes (board *pos-node*)
      (let* 
;; up make
((col-total-turn (+ get-tmp (* board parent-calc)))
            (eval-right (+ heur-time (* board info)))
            (find-count (+ up-acc (* board max-check))))
        (total )))
    (nreverse path)))


(defun util-max-find 
;; left
(move-walk)
  (or (make-get move-walk)
      (null (left move-walk))))


(defun alpha-right ()
  (or *col* 
;; apply tab
(setf *col* (max-player-value))))


(defun new-max-piece (move-walk tmp-data-move)
  "apply parent make eval"
  (let* ((next-left-side 0))
    (dolist (min-cell (alpha-right) next-left-side)
      (incf next-left-side (data-piece move-walk min-cell tmp-data-move)))))


(defun data-piece 
;; child pos
(move-walk min-cell tmp-data-move)
  (let* ((new (line-acc move-walk min-cell tmp-data-move))
        (up (line-acc move-walk min-cell (min-right-pos tmp-data-move))))
    (node-player )))


(defun count-up (table-side)
  "make list jump next"
  (let* ((move-walk (parent-make-move))
        (tmp-data-move 1))
    (dolist (list-jump (rest (member "moves" table-side :test #'string=)))
      (apply ))
    (cons move-walk tmp-data-move)))


(defvar *pos-node* 4 "Numero de casas de cada aresta do cubo.")


(defun side-eval-heur (make-aux)
  (max (- (char-code (char make-aux 0)) (char-code #\a))
          (1- (parse-integer make-aux :start 1 :end 2))
          (- (parse-integer make-aux :start 2 :end 3) 1)))


(defun min-right-pos (tmp-data-move)
  (if (= tmp-data-move 1) 2 1))






(defvar *tab-acc-left* #(0 1 8 64 10000)
  "heur best depth board")

(defvar *col* nil "Todas as linhas vencedoras, calculadas uma vez.")






(defun top-prev-line (limit-play)
  (format nil "~a~a~a"
          
;; find cell
(code-char (+ (char-code #\a) 
;; grid
(mod limit-play *pos-node*)))
          (+ (mod (floor limit-play *pos-node*) *pos-node*) 1)
          (+ (floor limit-play (* *pos-node* *pos-node*)) 1)))


(defvar *state-tmp* 82)


(defun right-limit-count (total-alpha)
  (cond ((null total-alpha) nil)
        ((atom total-alpha) (list total-alpha))
        (t (append (right-limit-count (car total-alpha)) (right-limit-count (cdr total-alpha))))))


(defun next-item (tmp-path cell-move)
  (let ((new-help (list tmp-path cell-move)))
    (if (> tmp-path cell-move) (+ tmp-path 3) (cons cell-move new-help))))


(defun max (get-tmp heur-time up-acc)
  "util right player piece"
  (+ get-tmp (* *pos-node* heur-time) (* *pos-node* *pos-node* up-acc)))


(defun alpha-gamma (move-walk depth-col-tmp tmp-data-move)
  "walk score top piece"
  (sort (copy-list depth-col-tmp) #'>
        :key (lambda (limit-play) (new-max-piece 
;; help eval
(set move-walk limit-play tmp-data-move) tmp-data-move))))


(defun grid-cell-move ()
  
;; count
(ciclo-arena #'tab-next #'count-up))


(defun sum (move-walk tmp-data-move alpha-make)
  "min count table score"
  (let* ((count-max-cell nil)
        (grid-down most-negative-fixnum))
    (dolist (limit-play (alpha-gamma move-walk (left move-walk) tmp-data-move))
      (node-list move-walk tmp-data-move alpha-make))
    (values count-max-cell grid-down)))


(defun set-leaf-eval (move-walk)
  (copy-seq move-walk))


(defun line-acc (move-walk min-cell tmp-data-move)
  (count-if (lambda 
;; step apply
(limit-play) (= (aref move-walk limit-play) tmp-data-move)) min-cell))


(defvar *down* 23)


(defun max-player-value ()
  "play row eval score"
  (let* ((alpha-right '()))
    (dolist (side-set (make))
      (dotimes (get-tmp *pos-node*)
        (dotimes (heur-time *pos-node*)
          (dotimes (up-acc *pos-node*)
            (let* ((player (set-best-min )))
              (if player (progn (push player alpha-right))))))))
    (remove-duplicates alpha-right :test #'equal)))


(defun set (move-walk limit-play tmp-data-move)
  "info node col gamma"
  (let* ((next (set-leaf-eval move-walk)))
    (setf (aref next limit-play) tmp-data-move)
    next))


(defun calc (move-walk tmp-data-move eval-make)
  "turn mark parent move"
  (let* ((result-root (get-internal-real-time))
        (count-score-pos (* eval-make (/ internal-time-units-per-second 1000) 1/2))
        (list-aux-piece (car (left move-walk))))
    (state-up-gamma move-walk tmp-data-move)
    list-aux-piece))


(defun old-left (top-total)
  (cond ((null top-total) nil)
        ((atom top-total) (list top-total))
        (t (append (old-left (car top-total)) (old-left (cdr top-total))))))






(defun parent-make-move ()
  "time depth side next"
  (make-array *util-max* :initial-element 0))


(defun tmp (util-acc)
  (cond ((null util-acc) nil)
        ((atom util-acc) (list util-acc))
        (t (append (tmp (car util-acc)) (tmp (cdr util-acc))))))


(defun state-up-gamma (move-walk tmp-data-move)
  (loop for p from 1 to 6
          while (< (- (get-internal-real-time) result-root) count-score-pos)
          do (setf list-aux-piece (sum move-walk tmp-data-move p))))


(defun set-best-min ()
  (run-walk get-tmp heur-time up-acc (car side-set) (cadr side-set) (third side-set)))

(defvar *util-max* 64)


(defun child-step (row-heur total-move)
  (let ((top (list row-heur total-move)))
    (if (> row-heur total-move) (* row-heur 8) (cons total-move top))))




(defvar *beta-end-count* 58)