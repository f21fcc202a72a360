#!/usr/bin/env bash
# Wall time of `arbiter similarity --game` (behaviour) on a class of N
# engines (default 60): half of them the Python example engine (greedy or
# random, each with its own seed; they answer at once, so they measure the
# cost of starting and asking a process), half `builtin:tabula` thinking the
# whole move time on each position (what a student's search at the
# statement's time costs). Each engine is asked once per position set, at
# --concurrency engines at once; then the same command again, which must ask
# nothing (the answers are kept beside the CSV). Prints both wall times and
# the arithmetic: positions x thinking engines x move time / cores.
#
#   benches/similarity-behaviour.sh [N]
#   GAME=dots MOVETIME=100 POSITIONS=200 CONCURRENCY=2 benches/similarity-behaviour.sh 60
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-60}
game=${GAME:-knight}
movetime=${MOVETIME:-100}
positions=${POSITIONS:-200}
cores=${CONCURRENCY:-$(nproc)}
cargo build -q --release -p arbiter
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$n" "$PWD/adapters/python/example_engine.py" >"$work/class.toml" <<'PY'
import json, sys
n, engine = int(sys.argv[1]), sys.argv[2]
for i in range(n):
    if i % 2 == 0:
        strategy = "greedy" if i % 4 == 0 else "random"
        print(f'[[engine]]\nname = "py-{strategy}-{i}"\ncommand = {json.dumps("python3 " + engine)}')
        print(f'options = {{ Strategy = "{strategy}", Seed = {i} }}\n')
    else:
        print(f'[[engine]]\nname = "tabula-{i}"\ncommand = "builtin:tabula"\n')
PY
run() {
  local start end
  start=$(date +%s.%N)
  target/release/arbiter similarity --game "$game" "$work/class.toml" --positions "$positions" \
    --movetime "$movetime" --concurrency "$cores" --out "$work/pairs.csv" >"$work/out.txt" 2>"$work/err.txt" \
    || { cat "$work/err.txt" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
first=$(run)
again=$(run)
thinking=$(( n / 2 ))
echo "similarity --game $game, $n engines ($thinking thinking ${movetime} ms), $positions positions, $cores at once, $(nproc) cores"
echo "  first run: ${first} s; again (nothing asked): ${again} s"
echo "  arithmetic: $positions x $thinking x $movetime ms / $cores = $(( positions * thinking * movetime / cores / 1000 )) s"
grep -m1 -i "pairs\|flag" "$work/out.txt" || true
