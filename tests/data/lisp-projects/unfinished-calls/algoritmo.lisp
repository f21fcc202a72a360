;;;; Test project (knight 2023/24): a search left half written: its leaf
;;;; test is empty and the function ordering the children was never
;;;; written, so every call stops with an undefined function.
(defun no-terminal-p (no))

(defun negamax (no profundidade alfa beta)
  (if (or (= profundidade 0) (no-terminal-p no))
      0
      (let ((filhos (ordenar-filhos (list no))))
        (dolist (f filhos alfa)
          (setf alfa (max alfa (- (negamax f (1- profundidade) (- beta) (- alfa)))))
          (when (>= alfa beta) (return alfa))))))
