;;;; Test project (knight 2023/24): phase 2 read as a puzzle. An alpha-beta
;;;; over the squares' values with no second player anywhere: it returns
;;;; the best value it can collect, never a move.
(defun casa (tab l c) (nth c (nth l tab)))

(defun valores (tab)
  "The numbers on the board, largest first."
  (sort (remove-if-not #'integerp (apply #'append tab)) #'>))

(defun alfabeta (estado profundidade &optional (alfa -1000000) (beta 1000000))
  "The sum of the PROFUNDIDADE largest numbers of the board, bounded."
  (let ((soma (reduce #'+ (subseq (valores (first estado))
                                  0 (min profundidade (length (valores (first estado))))))))
    (max alfa (min beta soma))))
