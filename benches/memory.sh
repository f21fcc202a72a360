#!/usr/bin/env bash
# Peak memory of a tournament of built-in players: 210 knight games (6
# built-ins, 7 seeded boards, both colours) at --concurrency 2 and 4, with
# and without --analyse. Prints, per run, the arbiter's peak resident memory
# (GNU time's "Maximum resident set size"), its wall, user and system time,
# and a digest of every game's moves: the same digest on every run and before
# and after a change of the built-ins' memory means they played the same
# games (every player is depth- or node-limited, so the games do not depend
# on the machine's speed). With --analyse, a digest of the analysis file
# (every line but the header's, in game and ply order, as the threads may
# finish the games in any order): the same digest means the same judgement
# of every move (the analysis is node-limited: the same on every machine).
# KEEP=dir keeps each run's results and analysis files there.
#   bash benches/memory.sh [concurrency…]     (default: 2 4; release build)
# ARBITER=/path/to/arbiter measures another build (an older commit's, for
# the figures before a change) instead of this tree's release build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${ARBITER:-}" ]; then
    cargo build --release -p arbiter --quiet
    ARBITER=$PWD/target/release/arbiter
fi
arbiter=$ARBITER
(($#)) || set -- 2 4
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(builtin:random builtin:greedy builtin:tabula:depth=3 builtin:tabula:depth=5
       builtin:tabula:nodes=20000 builtin:tabula:depth=7
       --game knight --boards 7 --seed 1 --quiet)
# The moves of every game, by key: what the players chose.
digest() {
    python3 - "$1" <<'EOF'
import hashlib, json, sys
games = sorted((g["key"], g["p1"], g["p2"], " ".join(g["moves"]))
               for g in map(json.loads, open(sys.argv[1])) if "key" in g and "moves" in g)
print(len(games), hashlib.sha256(repr(games).encode()).hexdigest()[:16])
EOF
}
# The analysis of every game: each line but the header, in game and ply order.
analysis_digest() {
    python3 - "$1" <<'EOF'
import hashlib, json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
lines = sorted(json.dumps(l, sort_keys=True) for l in lines if l.get("type") != "header")
games = sum('"type": "game"' in l for l in lines)
print(games, hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16])
EOF
}
printf '%-11s %-8s %8s %7s %7s %7s %6s  %-16s  %s\n' concurrency analyse "peak MB" "wall s" "user s" "sys s" games "moves digest" "analysis digest"
for c in "$@"; do
    for analyse in no yes; do
        extra=()
        [ "$analyse" = yes ] && extra=(--analyse)
        rm -f "$work"/r.*
        /usr/bin/time -v -o "$work/time.txt" "$arbiter" tournament "${flags[@]}" \
            --concurrency "$c" --results "$work/r.jsonl" "${extra[@]}" > /dev/null
        read -r games sum < <(digest "$work/r.jsonl")
        analysed=-
        if [ "$analyse" = yes ]; then
            read -r n asum < <(analysis_digest "$work/r.analysis.jsonl")
            analysed="$asum ($n games)"
        fi
        if [ -n "${KEEP:-}" ]; then
            mkdir -p "$KEEP"
            for f in "$work"/r.*jsonl; do cp "$f" "$KEEP/c$c-$analyse.${f#"$work"/r.}"; done
        fi
        awk -F': ' -v c="$c" -v a="$analyse" -v g="$games" -v d="$sum" -v ad="$analysed" '
            /Maximum resident set size/ { kb = $2 }
            /Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
            /User time/ { u = $2 } /System time/ { s = $2 }
            END { printf "%-11s %-8s %8.1f %7.1f %7.1f %7.1f %6d  %-16s  %s\n", c, a, kb / 1024, w, u, s, g, d, ad }' \
            "$work/time.txt"
    done
done
