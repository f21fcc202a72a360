#!/usr/bin/env bash
# Games at the course's level for the win-chance calibration (docs/analysis.md,
# "Calibration on the course's level"): for each two-player game a round robin
# of weak and course-like players — builtin random and greedy, the Tabula
# search at depths 1, 2 and 3, the Python example engine and the Lisp example
# student under the kit — each game analysed by the reference as the students'
# pages analyse it (`--analyse`). The results and analysis files go to OUT;
# benches/winchance_samples.py turns them into the samples that `tabula
# fit-winchance --samples` fits and checks on held-out games.
#
#   benches/winchance-games.sh OUT [BOARDS] [GAMES…]   (default 5 boards, every game)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: benches/winchance-games.sh OUT [BOARDS] [GAMES…]}
boards=${2:-5}
shift $(( $# >= 2 ? 2 : $# ))
games=("$@")
[ ${#games[@]} -eq 0 ] && games=(knight bishop torre dots quatro adjiboto solitario galo3d blokus)
cargo build -q --release -p arbiter -p tabula
mkdir -p "$out"
root=$(pwd)
for g in "${games[@]}"; do
  engines=(builtin:random builtin:greedy builtin:tabula:depth=1 builtin:tabula:depth=2
           builtin:tabula:depth=3 "sbcl --script $root/adapters/lisp/run.lisp $root/adapters/lisp/example-student.lisp")
  # The Python example does not play Dots and Boxes.
  [ "$g" != dots ] && engines+=("python3 $root/adapters/python/example_engine.py")
  nice -n 10 target/release/arbiter tournament "${engines[@]}" --game "$g" \
    --boards "$boards" --seed 4100 --movetime 200 --concurrency 2 \
    --results "$out/$g.jsonl" --analyse --quiet
done
