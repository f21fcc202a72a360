# The feedback pages of `arbiter grade`, in English (`--lang en`).
# Each message of this file is also in ../pt/grade.ftl (the tests check).
# Arguments: $n and other counts choose the plural; the others are text.

# The decimal point of the numbers shown (grades, points, scores).
decimal-separator = .

page-title = Feedback: { $submission }
header-student = Student
header-participant = Participant
header-status = Status
header-grade = Grade
status-admitted = admitted
status-admitted-warnings = admitted, with warnings
status-excluded = excluded
grade-of = { $grade } out of { $max }
grade-none = none (excluded)
nav-championship = The championship

section-recognition = What the arbiter found
intake-refused = Refused
intake-notes = Notes
engine-lisp = A Lisp project, run by the course's kit as its description { $file } says:
engine-program = A program that speaks the protocol: { $command }
engine-nothing = Nothing that can be run: { $reason }
fix = What would fix it: { $fix }
col-key = Key
col-value = Value
col-how = How it was found
col-sure = How sure
sure-given = given by the teacher
sure-certain = certain
sure-likely = likely
sure-guess = a guess, to be confirmed
recognition-warnings = To look at

section-check = The check
check-none = The check did not run.
col-what = What was checked
col-note = What happened
col-fix = What would fix it
tag-ok = ok
tag-warn = warning
tag-fail = FAIL
tag-skip = skipped
verdict-reasons = Why

section-faults = Faults
faults-none = No game lost by a fault.
faults-count = { $n ->
    [one] One game lost by a fault.
   *[other] { $n } games lost by a fault.
}
fault-title = Game #{ $game } against { $opponent }, move { $ply }: { $reason }
fault-board = The board when it had to move
fault-legal = { $n ->
    [one] The only legal move there
   *[other] The { $n } legal moves there
}
fault-legal-none = No legal move there.
fault-legal-more = … and { $n } more
fault-line = What the engine answered
fault-no-line = (nothing)
fault-open = Open the game in the championship page
faults-rest = The other faults, by reason
faults-reason = { $reason }: { $n ->
    [one] one game
   *[other] { $n } games
}
reason-illegal = an illegal move
reason-malformed = a line that is not a move
reason-timeout = out of time
reason-stall = no answer to isready
reason-crash = the engine stopped
reason-startup = it did not start
reason-replaced = a move its program did not choose

section-gates = Against the reference players
gates-none = No games against the reference players.
summary-results = { $games } games, { $points } points; { $ranked ->
    [one] the only admitted submission.
   *[other] rank { $rank } of { $ranked } among the admitted submissions.
}
col-gate = Reference player
col-won = Pairs won
col-drawn = drawn
col-lost = lost
col-pair-score = Pair score
col-los = LOS
col-passed = Gate
gate-passed = passed
gate-not-passed = not passed
gates-note = A pair is two games on the same board, one with each colour; the pair goes to whoever scored more over both. The pair score counts a won pair 1 and a drawn one ½, over the pairs; LOS is the likelihood that your engine is stronger than the reference player, from the pairs won and lost.

section-worst = Your worst moves
worst-no-analysis = The reference has not analysed the games yet.
worst-none = The reference marked none of your moves.
worst-note = By the reference's analysis: the moves that lost the most of your winning chances, and the move it would have played.
col-game = Game
col-move = Move
col-played = Played
col-best = The reference's move
col-drop = Winning chances

section-grade = The grade
grade-excluded = Excluded: no grade.
col-item = Item
col-points = Points
col-why = Why, in numbers
item-gate = Against { $gate }
item-rank = Rank among the admitted
item-own-moves = Moves chosen by your program
item-faults = Games lost by a fault
item-accuracy = Accuracy by the reference
grade-total = Grade
grade-rounded = the sum { $sum }, rounded
