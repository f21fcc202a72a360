# The words of `arbiter check`: what each layer checked, what happened and
# how to fix it. English is what the terminal shows; ../pt/check.ftl is what
# a student's page shows. Arguments: numbers choose plurals; the others are
# code (what the engine printed, a command, a move), shown as they are.

## Faults, as the client saw them.
check-fault-startup = { $detail }
check-fault-stall = { $detail }
check-fault-crash = { $detail }
check-fault-timeout = { $detail } ({ $ms } ms late)
check-fault-malformed = not a move: '{ $line }'
check-fault-illegal = illegal move: '{ $line }'
check-fault-interrupted = interrupted
check-engine-said = ; the engine said '{ $line }'
check-engine-said-more = ; the engine said '{ $line }' (and { $n ->
    [one] 1 error line
   *[other] { $n } error lines
} more)
check-go-failed = { $fault }{ $said }
check-not-a-move = '{ $mv }' is not a move ({ $why })
check-illegal-move = '{ $mv }' is illegal ({ $why }); legal: { $legal }
check-legal-list = { $moves }
check-legal-none = none: the game is over

## Hints: what would fix it.
hint-startup = answer `ugi` with `ugiok` (after any `id`/`option` lines) and flush stdout after every line
hint-stall = answer `isready` (or `isready <n>`) with `readyok` (or `readyok <n>`) at once
hint-timeout = send `bestmove` within the move time; keep a reserve for the pipes
hint-crash = the process died: see the end of its stderr above
hint-malformed = write the move in the game's notation: `bestmove e5`, `bestmove h1.2`, `bestmove pass`
hint-illegal = check the rules (attacked squares, removed numbers, forced pass)
hint-replaced-error = the program signalled an error in this position: run it there by hand (the Lisp kit's `show` prints the estado it passes) and read the error
hint-replaced-unreadable = the kit could not read the program's answer: return it in the form the year's statement asks for (the kit's README lists each year's)
hint-replaced-nomove = the program returned no move where the rules give one: search every move
hint-replaced-late = the program ran past the kit's own cut-off: stop at the time it is given
hint-replaced = the adapter answered for the program: see its reason above
hint-flush = no output until end of input: flush after every line (Python: `print(..., flush=True)`; C: `fflush(stdout)`; Lisp: `(finish-output)`)
hint-rules = replay the position with the rules: attacked squares, removed numbers (the symmetric number, the largest double), `pass` when and only when the side to move has no move but the opponent has one; in Dots a player who closes a box moves again
hint-robust = read every line defensively: a line you do not understand gets `info string error …` (or is ignored), never a crash or a stuck loop
hint-exited = the program exited: run the command in a terminal and type `ugi` and `isready` to see why (the end of its stderr, if any, is quoted above)
hint-command = give the command as you would type it in a terminal
hint-refused-go = the engine refused the `go` (its error line is quoted): fix what it says; every `go` after a valid `position` gets exactly one `bestmove`
hint-hang = no `bestmove`, even after `stop`: an endless loop in this position, or a search that never looks at the clock (a depth it cannot finish); check the time every few thousand nodes and answer with the best move so far; the moves the later layers ask for are skipped
hint-sandbox = the sandbox (--sandbox) shows the engine only the system folders (read-only), its own folder (read-only unless `writable = true` in the config file; run as root, the engine is the user nobody) and an empty /tmp; no network, no other process, limited processes and memory, no Unix sockets, no kernel keyring, no file locks or inotify, and only PATH, HOME=/tmp, LANG, LC_*, TZ and TERM in its environment (a config file's `env` adds more): keep every file the engine reads in its folder, write only in /tmp
hint-ugiok-late = the engine answers, but its `ugiok` came too late or never: send `ugiok` at once after `ugi` (load big tables later)
hint-silent = the engine wrote nothing at all, not even at the end of its input: does it read stdin and answer `ugi`?
hint-read-stdin = read the commands from stdin, one per line, from the start
hint-echo-token = echo the token: `isready { $token }` → `readyok { $token }`
hint-echo-token-exactly = echo the token exactly: `isready { $token }` → `readyok { $token }` (the arbiter waits for its own token)
hint-token-readyok = answer `isready <token>` with `readyok <token>` (the token is one word)

## What each layer checked.
what-board = board
what-sandbox = sandbox
what-hung = { $what }: the program hung
what-program = program
what-program-found = program found
what-handshake = handshake
what-isready = isready
what-isready-token = isready { $token }

## What happened.
check-detail = { $detail }
check-quoted = '{ $line }'
check-answered = answered '{ $line }'
check-restart-failed = could not start the engine again: { $note }
check-at = { $what } at { $at }
check-hung-earlier = the program hung earlier (above)
check-sandbox-ok = nothing refused, as far as the engine's stderr tells
check-sandbox-refused = the engine was refused something: { $lines }
check-no-id = (no `id name`)
check-handshake-ok = { $id }, { $ms } ms, options: [{ $options }]
check-first-isready = { $detail } (the first `isready`, right after the handshake)
check-no-readyok = no readyok within { $ms } ms
check-bare-readyok = answered a bare `readyok`
what-first-move = first move
what-quit = quit
what-time = time
check-go-at = { $position } / { $go }: { $what }
check-quit-late = still running { $ms } ms after `quit`: killed
check-played-but-said = { $mv } played, but the engine said '{ $line }'
check-first-move-ok = { $mv } in { $ms } ms{ $info }
check-over-time = { $ms } ms is more than the { $given } ms given
check-trivial-depth = answered in { $ms } ms of the { $given } ms given, at depth { $depth }
check-info-depth-nodes = , depth { $depth }, { $nodes } nodes
check-info-depth = , depth { $depth }
check-info-none = , no `info` line (optional)
hint-quit = exit when you read `quit` or the end of the input
hint-error-line = the engine's error line says what went wrong in its own code; a fallback move is a lost game in disguise
hint-trivial-depth = a search that stops this early usually reads its clock in the wrong units (a raw `get-internal-real-time` difference compared with a tempo in ms: SBCL counts microseconds, LispWorks milliseconds) or has a fixed shallow depth; the Lisp kit scales the tempo itself with `--clock internal` (or its probe)
hint-reserve = keep a reserve: stop searching a little before the move time
what-games = games
what-game-n = game { $n }
what-game = game { $n } as p{ $player }
check-no-log-folder = no folder for the traffic logs: { $detail }
check-position = `{ $fen }` (legal moves: { $legal })
check-legal-more = { $moves } … { $n } more
check-game-replaced = the program chose { $own } of the { $asked } moves it was asked for where it had a choice; the adapter answered for it, first at ply { $ply } ({ $why }) in { $at }
check-hung-after = after { $n ->
    [one] 1 move
   *[other] { $n } moves
}, at { $at }
check-game-fault = { $reason } after { $n ->
    [one] 1 move
   *[other] { $n } moves
}: { $detail }{ $said } at { $at }
check-game-ok = { $result } { $s1 }-{ $s2 } in { $n ->
    [one] 1 move
   *[other] { $n } moves
} (slowest move { $max } ms)
check-result-won = won
check-result-lost = lost
check-result-draw = draw
check-reason-normal = normal
check-reason-illegal = illegal
check-reason-malformed = malformed
check-reason-timeout = timeout
check-reason-stall = stall
check-reason-crash = crash
check-reason-startup = startup
check-reason-maxlength = maxlength
check-reason-resign = resign
check-reason-replaced = replaced
what-stdout = stdout
what-clock = clock
what-own-moves = own moves
check-stdout-ok = { $n } lines, all protocol replies
check-stdout-empty = (an empty line)
check-stdout-line = '{ $line }'
check-stdout-after = {" "}(after `{ $sent }`)
check-stdout-stray = { $count } of { $seen } lines are not protocol replies; the first: { $shown }{ $after }
check-cputime = the program measures CPU time ({ $detail })
check-clock-doubt = the kit's clock units: { $detail }
check-own-moves-ok = no move was answered by the adapter instead of the program
check-own-moves-replaced = the adapter answered for the program ({ $reason }) at { $at }
check-own-moves-more = { $n } more moves answered by the adapter, not the program
hint-stdout = stdout is only for protocol replies (protocol.md §4; `info …` lines are fine): write debug output to stderr (Python: `print(..., file=sys.stderr)`; C: `fprintf(stderr, …)`; Lisp: `(format *error-output* …)`); stray lines break other clients and hide the real replies
hint-cputime = its moves get slower on a busy machine, where its CPU time runs slower than the clock the arbiter keeps: measure real time (`get-internal-real-time`), or play with --concurrency 1 on an idle machine
hint-clock-units = give the units in the description (`:clock :ms` or `:clock :internal`)
what-infinite-stop = go infinite + stop
what-command = { $command }
what-bestmove-after-stop = bestmove after stop
what-isready-after-stop = isready after stop
what-one-bestmove = exactly one bestmove
check-timed-ok = { $mv } in { $ms } ms (limit { $limit } + margin { $margin } ms)
check-stop-ok = bestmove { $ms } ms after stop
check-refused-infinite = refused `go infinite`: '{ $line }'
check-stop-none = no bestmove within { $ms } ms of `stop`
check-infinite-at-once = answered `go infinite` at once, without waiting for `stop`
check-bestmoves = { $n } bestmove lines for one `go`
hint-refused-infinite = allowed (a tournament never sends `go infinite`), but analysis tools use it: search until `stop`, then answer the bestmove
hint-stop = keep reading stdin while searching (a thread, or look for input every few thousand nodes) and answer `stop` with the bestmove at once
hint-infinite-at-once = allowed for a trivial engine (a tournament never sends `go infinite`); a searching engine should search until `stop`
hint-one-bestmove = send exactly one bestmove per `go`; `stop` when nothing runs is ignored
what-malformed = malformed input
what-move-after-malformed = move after malformed input
check-malformed-no-readyok = after { $label } ('{ $line }'), no readyok within { $ms } ms
check-malformed-fault = after { $label } ('{ $line }'): { $fault }
check-malformed-ok = { $n } bad lines, still answering isready
check-bad-unknown = an unknown command
check-bad-position = a bad position
check-bad-empty-position = an empty position
check-bad-size = a position of the wrong size
check-bad-moves = an illegal move list
check-bad-go = a bad go
check-bad-negative = a go with a negative time
check-bad-long = an overlong line (70000 bytes)
check-bad-control = control bytes
check-bad-option = a setoption of an unknown option
what-legal-moves = legal moves
what-perft = perft
what-query = query
check-sample-kind = {" "}[{ $kind }]
check-sample-pass = pass
check-sample-extra = extra
check-sample-over = over
check-at-sample = { $position }{ $kind } → { $why }
check-legal-moves-ok = { $n ->
    [one] 1 position
   *[other] { $n } positions
} ({ $passes ->
    [one] 1 forced pass
   *[other] { $passes } forced passes
}, { $extra ->
    [one] 1 extra turn
   *[other] { $extra } extra turns
})
check-legal-moves-bad = { $bad } of { $n } positions{ $rest }; the first: { $first }
check-rest-not-tried = {" "}(the rest not tried after 3 faults)
check-not-implemented = not implemented (optional for students)
check-asked-fault = `{ $asked }`: { $fault }
check-perft-nan = a count that is not a number
check-refused = refused: '{ $line }'
check-perft-slow = { $asked }: no answer within { $ms } ms, too slow to check ({ $n } counts right before it)
check-perft-wrong = { $asked }: { $got }, expected { $want }
check-perft-ok = { $n } counts equal to the rules library's
check-no-response = 'no response'
check-query-wrong = { $position } / { $query }: { $got }, expected '{ $want }'
check-query-over = {" "}including { $n ->
    [one] 1 finished game
   *[other] { $n } finished games
}
check-query-ok = { $checked } answers equal to the rules library's ({ $n ->
    [one] 1 position
   *[other] { $n } positions
}{ $over })
hint-perft-slow = optional for students; a perft only generates and plays moves (no search, no evaluation), and answers `stop` at once
hint-perft = perft counts the leaves at that depth; a finished game counts as one leaf and a forced pass is a ply (protocol §perft)
hint-query = gameover: no legal move for either player; p1turn: player 1 (white, side 1) to move; result: p1win/p2win/draw on the final score, none while the game goes on
what-solve = solve { $puzzle } { $name }
what-solve-puzzle = solve ({ $puzzle })
check-solve-optional = (optional for students; `--game { $puzzle }` requires it)
check-solve-refused-optional = `solve` refused: '{ $line }' { $optional }
check-solve-silent-optional = no answer to `solve`, nor to `stop` { $optional }
check-solve-refused = `position fen` + `solve` refused: '{ $line }'
check-solve-silent = no `solution`/`nosolution` line within { $ms } ms, nor { $stop } ms after `stop`
check-solve-no-moves = no `moves` in '{ $line }'
check-solve-bad-move = move { $n } of the solution, '{ $mv }': { $why }
check-solve-short = the { $n ->
    [one] 1 move
   *[other] { $n } moves
} reach { $score }, short of the target { $target }
check-solve-depth = `depth { $depth }` but { $n ->
    [one] 1 move
   *[other] { $n } moves
}
check-solve-longer = { $n ->
    [one] 1 move
   *[other] { $n } moves
} to { $score }, the optimum is { $best }
check-solve-optimal = { $n ->
    [one] 1 move
   *[other] { $n } moves
} to { $score } (optimal: { $best })
check-solve-unknown = { $n ->
    [one] 1 move
   *[other] { $n } moves
} to { $score } (optimum unknown)
check-solve-false-proof = claims no solution exists (`{ $line }`), but one of { $n ->
    [one] 1 move
   *[other] { $n } moves
} does
check-solve-none-proved = no solution, as the reference proves
check-solve-none-found = no solution within { $ms } ms (`{ $line }`)
hint-solve-refused = answer `solve` on a `position fen <puzzle FEN>` with `solution … moves …` or `nosolution …` (protocol §9)
hint-solve-silent = answer `solve` with exactly one final line; on `stop` give `nosolution reason limit …` at once
hint-solve-moves = the final line ends with `moves <m1> … <mL>`
hint-solve-target = a solution must reach at least the target
hint-solve-depth = depth L is the number of moves of the solution
hint-solve-optimal = an admissible heuristic with A* (or IDA*) finds the fewest moves
hint-solve-exhausted = `reason exhausted` is a proof: only after the whole space was searched
hint-solve-faster = a faster solver or a better heuristic would find it
