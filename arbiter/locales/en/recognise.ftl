# Why a submission cannot play, and what would make it playable
# (`arbiter grade`'s recognition: grade/recognise/unplayable.rs). Every
# message is also in ../pt/recognise.ftl (the tests check).

unplayable-refused = refused at intake: { $why }
unplayable-refused-fix = hand in again without it: an archive of the project's own files
unplayable-empty = the submission is empty: no file
unplayable-empty-fix = hand in the project's files (.lisp)
unplayable-no-source = no Lisp source, no Python program, no executable ({ $files })
unplayable-no-source-fix = hand in the project's source files (.lisp), or a program that speaks the protocol
unplayable-another-game = a project of another game: { $other } (its words: { $words }), not { $game }
unplayable-another-game-fix = hand in the { $game } project
unplayable-menu = the function { $entry } is the menu, with no arguments; the championship calls ({ $entry } estado tempo) and expects the computer's move
unplayable-menu-fix = write a function ({ $entry } estado tempo) that returns the computer's move in that position, and give the menu another name
unplayable-whole-game = the function { $entry } { $params } plays a whole game to its end; the championship calls it once a move and expects the computer's move only
unplayable-whole-game-fix = split off a function ({ $entry } estado tempo) that makes one computer move and returns the new estado
unplayable-unfinished = the functions that would play are empty or unfinished: { $names }
unplayable-unfinished-fix = finish the search (negamax with alpha-beta cuts) and the function that returns the computer's move
unplayable-project-one = it is Projeto 1 (the puzzle's search: { $files }), not Projeto 2 with the two-player game
unplayable-project-one-fix = hand in Projeto 2: the game, the negamax search and the function (jogar estado tempo)
unplayable-one-player = no function of the code knows of a second player (no player, no opponent, no turn): { $entries } searches as in a one-person puzzle, not in the game between two players
unplayable-one-player-fix = write the search of the two-player game (negamax with alpha-beta cuts, alternating the players) and the function (jogar estado tempo) that returns the computer's move
unplayable-does-not-compile = functions the computer's move calls do not compile, so they fail whenever they run: { $functions } (SBCL: { $why })
unplayable-does-not-compile-fix = correct what SBCL reports when it compiles them (load the project in SBCL and read its "caught ERROR" messages)
unplayable-no-move = { $entry } answered each of its { $n } calls without a move ({ $how ->
    [nil] it returned NIL
    [unchanged] it returned the position unchanged
   *[other] { $answer }
  }): it does not return the estado after the computer's move
unplayable-no-move-fix = make ({ $entry } estado tempo) return the new estado with the computer's move made (not only print the move, nor keep it in a global)
unplayable-asks-human = { $entry } read the keyboard in each of its { $n } calls: it asks for a person's move, where the championship expects the computer's
unplayable-asks-human-fix = make ({ $entry } estado tempo) choose the computer's move itself, without reading the keyboard, and leave the person's turn to the menu
unplayable-missing-package = the code uses the package { $package } ({ $uses }), which no file defines
unplayable-missing-package-fix = hand in the file that defines the package { $package } (defpackage), or use the names without the package
unplayable-no-entry = no function makes one computer move: neither { $entry } nor another that takes the position
unplayable-no-entry-fix = write the function ({ $entry } estado tempo) that returns the computer's move
unplayable-does-not-load = the project does not load: { $why }
unplayable-does-not-load-fix = correct the error named (file and line) and try loading the project in SBCL
unplayable-nothing-plays = { $n ->
    [one] the one way of calling
   *[other] none of the { $n } ways of calling
  } { $entries } the code suggests gave a legal move; the commonest error: { $error }
unplayable-nothing-plays-fix = try ({ $entries } estado tempo) in SBCL with the kit (adapters/lisp/run.lisp, the show command) and correct the error named
unplayable-recognition-failed = the arbiter failed while recognising this project (a fault of the arbiter, not of the project; the teacher has its log)
unplayable-recognition-failed-fix = nothing to change in the project for this: the teacher grades it again once the arbiter is corrected
