# The championship page (report.html) in English: what `arbiter
# tournament --html` and `arbiter report` write, and `arbiter grade --lang
# en`. Every message here is also in ../pt/report.ftl.

report-sub = { $n ->
    [one] 1 game
   *[other] { $n } games
}; game ends: { $reasons }
report-nav-standings = standings
report-nav-cross = cross-table
report-nav-elo = Elo
report-nav-entrants = entrants
report-nav-games = games
report-nav-viewer = viewer
report-nav-similarity = copied work
report-standings = Standings
report-ranked-games = ranked by game points
report-ranked-points = pair points (duplicate)
report-ranked-by = ranked by { $how }
report-group-games = games
report-group-pairs = pairs
report-group-reference = reference
report-col-rank = rank
report-col-name = name
report-col-games = games
report-col-w = W
report-col-d = D
report-col-l = L
report-col-points = points
report-col-score = score
report-col-elo = elo
report-col-interval = ±95%
report-col-los = LOS
report-col-pairs = pairs
report-col-margin = margin
report-col-faults = faults
report-col-own = own
report-acc-title = the mean of its games' accuracies, by the reference
report-accuracy = accuracy
report-blunders = blunders
report-elo = Elo against the field
report-elo-aria = Elo with 95% intervals
report-entrants = Entrants
report-cross = Cross-table
report-cross-games = the row's points against the column / games
report-cross-points = the row's pair points against the column / pairs
report-cross-note = { $what }; click a cell for the games of the pairing.
report-games = Games
report-col-game = game
report-col-p1 = player 1
report-col-p2 = player 2
report-col-result = result
report-col-end = end
report-col-plies = plies
report-col-acc1 = accuracy 1
report-col-acc2 = accuracy 2
report-acc1-title = the reference's accuracy of player 1's moves
report-acc2-title = the reference's accuracy of player 2's moves
report-viewer = Game viewer
report-choose = Choose a game above (or a cell of the cross-table).
report-first = first (Home)
report-back = back (←)
report-forward = forward (→)
report-last = last (End)
report-own-scores = the engines' own scores (grey)
report-graph-scores = The score graph: each move's reported score, from player 1's side (blue above the line: player 1 better).
report-graph-win = The score graph: player 1's winning chances by the reference (0–100 %; above the dashed 50 % line, player 1 better), a dot after each blunder (red), mistake (orange) and inaccuracy (yellow), the turning point ringed; in grey the engines' own reported scores. At a marked move the board shows the reference's best move in green.
report-col-num = #
report-col-side = side
report-col-move = move
report-col-ms = ms
report-col-depth = depth
report-col-nodes = nodes
report-card = { $games ->
    [one] 1 game
   *[other] { $games } games
} W/D/L { $w }/{ $d }/{ $l }; { $moves } moves; average depth { $depth }; { $nps } nodes/s; { $ms } ms a move
report-time-per-move = time per move
report-no-fault = no game lost by a fault
report-lost-by = lost by
report-view = view
report-traffic = traffic log
report-more-faults = { $n } more (each links to its game)
report-fault-line = game { $key }: { $who } ({ $side }) lost by { $reason } after { $n ->
    [one] 1 move
   *[other] { $n } moves
}{ $detail }
report-fault-detail = : { $detail }
report-no-analysis = no game analysed
report-analysis = accuracy { $accuracy } over { $games ->
    [one] 1 game
   *[other] { $games } games
} analysed; { $blunders } blunders, { $mistakes } mistakes, { $inaccuracies } inaccuracies
report-no-marked = no marked move
report-turning = turning points (its worst moves)
report-turning-move = { $key } move { $n }
report-turning-rest = : { $played } ({ $class }, −{ $drop } %), best { $best }{ $missed }
report-missed-win = ; a win missed
report-class-best = best
report-class-good = good
report-class-inaccuracy = inaccuracy
report-class-mistake = mistake
report-class-blunder = blunder
report-js-draw = draw
report-js-won = { $who } won
report-js-games-of = Games of { $a } and { $b }:{" "}
report-js-all-games = All games:{" "}
report-js-see-all = {" "}(click the heading to see all)
report-js-show-more = show { $n } more of { $of }
report-js-best = best: { $best } (played: { $played } { $badge }, { $class })
report-js-title = { $game } { $key }: { $p1 } (player 1) – { $p2 } (player 2), { $s1 } - { $s2 }, { $result }
report-js-accuracy = ; accuracy { $a1 } – { $a2 }
report-js-reference = reference
report-js-best-note = best { $best }
report-js-missed-win = missed a win
report-js-replaced = replaced (not the program's move)
report-js-ended = Ended: { $reason }
report-js-at-fault = {" "}({ $who } at fault)
report-js-mark = move { $n }: { $class }
report-js-p1-full = player 1: 100 %
report-method-games = ranked by game points (--scoring games: a win 1, a draw ½) over { $n ->
    [one] 1 game
   *[other] { $n } games
}
report-method-points = ranked by pair points (--scoring points, duplicate scoring: each colour-swapped pair on one board is won by the larger point total over its two games; ties by the sum of the margins) over { $n ->
    [one] 1 pair
   *[other] { $n } pairs
}
report-method-columns = games: W/D/L of the { $games } games; pairs: W/D/L of the { $pairs } complete colour-swapped pairs by duplicate scoring, margin = points scored - conceded
    elo: logistic Elo of the score against the field, ±95%: normal-approximation interval of the per-game (per-pair) W/D/L score
    own: the share of the moves it was asked for where it had a choice that its own program chose (not a forced pass; not a move its adapter answered, `info string fallback`, nor one a fault ended the game on)
report-legend = ±95%: half-width of elo's 95 % interval; >x / <x: only a lower / upper bound (score near 100 % / 0 %); inf: no bound (all games won or lost, or too few games)
