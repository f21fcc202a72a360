# The pages of `arbiter grade` in English (`--lang en`): each student's page
# (page-…) and the teacher's (t-…). Every message here is also in
# ../pt/grade.ftl (the tests check).

# The decimal separator of the numbers shown.
decimal-separator = .

## The student's page.
page-participant = Participant
page-status = Status
page-admitted = admitted
page-excluded = excluded
page-grade = Grade
page-grade-of = { $grade } out of { $max }
page-grade-none = no grade (excluded)
page-championship = The championship
page-verdict = Admission
page-admitted-text = Your submission plays: it was admitted to the championship. What the check found is below, to fix; faults in the championship cost points.
page-excluded-refused = Your submission was refused when it came in, because of this:
page-excluded-refused-fix = Hand in again an archive of the project's own files only.
page-excluded-nothing = Nothing the arbiter can run was found in your submission (or it is another game's project). What the arbiter noted:
page-excluded-sandbox = Your program cannot run in the sandbox every submission plays in.
page-excluded-handshake = Your program never answered the handshake (`ugi` → `ugiok`): it could not play.
page-excluded-no-move = In the whole check, your program did not make one legal move of its own: it could not play.
page-excluded-unchecked = The check did not run to its end.
page-excluded-teacher = Excluded by the teacher: { $reason }
page-fix = What to fix
page-check-none = The check did not run.
page-fix-nothing = The check found nothing to fix.
page-fix-count = { $n ->
    [one] The check found one thing to fix.
   *[other] The check found { $n } things to fix.
}
page-check-rest = { $n ->
    [one] The rest of the check (one point)
   *[other] The rest of the check ({ $n } points)
}
page-tag-ok = ok
page-tag-warn = warn
page-tag-fail = fail
page-tag-skip = skipped
page-finding-board = The board where it happened
page-how-to-fix = How to fix it
page-traffic = The traffic with the program in that game
page-faults = Faults in the championship
page-faults-none = No game lost by a fault.
page-faults-count = { $n ->
    [one] One game lost by a fault.
   *[other] { $n } games lost by a fault.
}
page-faults-rest = The other faults, by reason
page-faults-reason = { $reason }: { $n ->
    [one] one game
   *[other] { $n } games
}
page-more = … and { $n } more
page-fault-title = Game #{ $game } against { $opponent }, move { $ply }: { $reason }
page-fault-board = The board when it had to move
page-fault-legal = { $n ->
    [one] The only legal move then
   *[other] The { $n } legal moves then
}
page-fault-legal-none = No legal move then.
page-fault-line = What the program answered
page-fault-no-line = (nothing)
page-fault-open = Open the game in the championship page
page-gate-random = the random player ({ $name })
page-gate-greedy = the greedy player ({ $name })
page-gate-tabula = the reference search ({ $name })
page-gate-other = { $name }
page-strength = Strength
page-rating = { $games ->
    [one] One game
   *[other] { $games } games
}, { $points ->
    [one] { $shown } point
   *[other] { $shown } points
}. Your strength, measured over every game of the championship (Elo points above the random player): { $elo }, between { $low } and { $high } with 95 % confidence.
page-tier = The games cannot tell your strength from other submissions': the grade uses the group's, { $tier }.
page-col-gate = Reference player
page-col-pairs = Pairs (won–drawn–lost)
page-col-expected = Expected score
page-col-points = Points
page-pairs = { $won }–{ $drawn }–{ $lost }
page-strength-note = A pair is two games on the same board, one with each colour; the one with more points over both wins it. The expected score is the share of pairs your strength expects to win against that player (0.5: equal strength); the grade's points follow it.
page-worst = Your worst moves
page-worst-none = The reference marked none of your moves.
page-worst-note = By the reference's analysis: the moves that lowered your chances of winning the most, and the move the reference would have played.
page-col-game = Game
page-col-move = Ply
page-col-played = Played
page-col-best = The reference's move
page-col-chances = Chances of winning (before → after)
page-col-item = Item
page-col-why = Why, in numbers
page-item-gate = Against { $gate }
page-item-own-moves = Moves your program chose
page-item-faults = Games lost by a fault
page-item-accuracy = Accuracy by the reference
page-why-gate = strength { $rating } against { $gate }: expected score { $expected } (nothing at { $none }, all at { $full }); pairs { $won }–{ $drawn }–{ $lost }
page-why-unplayed = no game
page-why-own-moves = { $own } of { $asked } ({ $share }) moves with a choice (nothing at { $none }, all at { $full }){ $below }
page-why-below = ; below { $gate }: nothing
page-why-faults = −min({ $games } × { $per }, { $cap })
page-why-accuracy = { $accuracy } (nothing at { $none }, all at { $full })
page-grade-rounded = the sum, { $sum }, rounded

## The teacher's page.
t-title = The season: what the teacher needs to see
t-summary = { $n ->
    [one] One submission
   *[other] { $n } submissions
}, { $admitted } admitted; { $games ->
    [one] one game in the championship
   *[other] { $games } games in the championship
} ({ $adopted } kept from earlier runs).
t-class = The class
t-col-student = Student and submission
t-col-status = Status
t-col-rating = Strength (Elo) [95 % interval]
t-col-own = Own moves
t-col-faults = Faults
t-col-fails = Check failures
t-col-pages = Pages
t-overridden = teacher's decision: { $reason }
t-page = the student's
t-check = the check
t-class-note = Only what cannot play is excluded (nothing runnable, another game, no handshake, not one legal move of its own in the check); everything else plays, and each student's page says what to fix. The strength comes from one rating over every game (Bradley–Terry over the pairs, reference players included); submissions the games cannot tell apart share their group's strength.
t-games = { $games ->
    [one] One game
   *[other] { $games } games
} in the plan; { $adopted } kept from earlier runs (those the change of the admitted did not touch).
t-design-played = The championship's design: { $design }.
t-design-round-robin = round robin
t-design-linear = linear season
t-col-design = Design
t-col-design-games = Games
t-col-design-each = Games of a submission (at most)
t-design-note = The round robin: every submission against every other and against each reference player; its games grow with the square of the class. The linear season: every submission against each reference player (the same evidence for all), then rounds of a Swiss among the submissions, each pairing those of the nearest rating who have not met; the same games for each submission whatever the size of the class. Unless --design says which, the round robin is played while it costs a submission no more games than the linear season.
t-col-rubric = In the rubric
t-gate-rule = { $points } points: nothing at { $none }, all at { $full } expected score
t-overrides = The teacher's decisions
t-overrides-file = Write them in { $file }, in the season's folder, and run the same command again: only the games that change are played.
t-overrides-none = None.
t-override-admit = admitted
t-override-exclude = excluded
t-override-cannot-admit = cannot be admitted: nothing to run
t-recognition = What the intake and the recognition found
t-refused = Refused at intake
t-intake-notes = The intake's notes
t-warnings = To check
t-lisp = A Lisp project, run by the kit by its description (projeto.tabula):
t-col-key = Key
t-col-value = Value
t-col-how = How it was found
t-col-sure = Sureness
t-sure-given = given by the teacher
t-sure-certain = certain
t-sure-likely = likely
t-sure-guess = a guess, to confirm
t-program = A program that speaks the protocol: { $command }
t-nothing = Nothing runnable:
t-excl-refused = refused at intake:
t-excl-sandbox = the sandbox cannot run it:
t-excl-handshake = no handshake: the program never answered `ugi`
t-excl-no-move = not one legal move of its own program in the check
t-excl-unchecked = not checked (interrupted): run the same command again
t-excl-teacher = excluded by the teacher
t-copies = Copies
t-copies-off = The copy check did not run.
t-copies-summary = The sources of { $n } submissions ({ $past } projects of earlier years) compared: { $pairs } pairs, { $flagged } flagged (from { $threshold } of the smaller one's fingerprints shared). None of this appears on the students' pages.
t-pair = { $score } of the fingerprints shared ({ $shared }).
