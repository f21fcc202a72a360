#!/usr/bin/env bash
# Sanity of strength: builtin:tabula must score at least 95 % against
# builtin:random and against builtin:greedy over 100 knight games each
# (50 seeded boards, both colours).
#
#   bash arbiter/benches/strength.sh            # default: builtin:tabula:depth=10
#   TABULA=builtin:tabula:movetime=30 SEED=3 bash arbiter/benches/strength.sh
#
# Exits 1 when a score is below the bar. Measured (seeds 1-3, depth 10): 99-100 %
# against random, 97 % against greedy; depth 6 scores 93 % against greedy
# (greedy wins the boards that favour its colour strongly).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p arbiter
A=target/release/arbiter
TAB=${TABULA:-builtin:tabula:depth=10}
SEED=${SEED:-1}
GAMES=${GAMES:-100}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for opp in builtin:random builtin:greedy; do
  "$A" match "$TAB" "$opp" --game knight --games "$GAMES" --seed "$SEED" \
    --quiet --summary "$tmp/s.csv" > "$tmp/out.txt"
  pct=$(awk -F, -v n="$TAB" '$2 == n { print $8 }' "$tmp/s.csv")
  line=$(awk -F, -v n="$TAB" '$2 == n { printf "W %s D %s L %s", $4, $5, $6 }' "$tmp/s.csv")
  verdict=ok
  if awk -v p="$pct" 'BEGIN { exit !(p < 95) }'; then verdict="BELOW 95 %"; status=1; fi
  echo "$TAB vs $opp: $GAMES games, $line, score $pct % — $verdict"
done
exit $status
