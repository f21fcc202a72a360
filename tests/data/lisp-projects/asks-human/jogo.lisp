;;;; Test project (knight, 2023/24 contract) whose jogar asks for the move
;;;; at the keyboard, as when two people play: the computer's search was
;;;; never written.  Recognition must say that jogar reads the keyboard in
;;;; every call, not "none of the ways of calling it gave a legal move".

(defun ler-jogada ()
  "A move (line column) read from the keyboard."
  (format t "Jogada (linha coluna)? ")
  (list (read) (read)))

(defun substituir (tab l c valor)
  (loop for linha in tab for i from 0
        collect (loop for x in linha for j from 0
                      collect (if (and (= i l) (= j c)) valor x))))

(defun jogar (estado tempo)
  "The player's move at the keyboard, played on the estado."
  (declare (ignore tempo))
  (let ((jogada (ler-jogada)))
    (cons (substituir (first estado) (first jogada) (second jogada) -1)
          (rest estado))))
