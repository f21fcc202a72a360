#!/usr/bin/env bash
# Perft speed of the rules library (single-threaded), in leaves per second.
#
#   benches/perft.sh            # knight duel: seeds 1..3 at depth 13
#   DEPTH=14 benches/perft.sh   # deeper
#
# Prints one line per position and a total. Target (issue 2): at least
# 50 million leaves per second on the knight duel on the project's machine.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p tabula
bin=target/release/tabula
depth=${DEPTH:-13}
total=0
start=$(date +%s.%N)
for spec in "random knight 1" "random knight 2" "random knight 3"; do
    t0=$(date +%s.%N)
    count=$($bin perft $spec "$depth" 2>/dev/null | awk '/^perft/ {print $3}')
    t1=$(date +%s.%N)
    printf '%-20s depth %s: %12s leaves  %6.3f s  %5.1f M leaves/s\n' "$spec" "$depth" "$count" \
        "$(echo "$t1 - $t0" | bc -l)" "$(echo "$count / ($t1 - $t0) / 1000000" | bc -l)"
    total=$((total + count))
done
end=$(date +%s.%N)
printf 'total: %s leaves in %.3f s = %.1f M leaves/s\n' "$total" "$(echo "$end - $start" | bc -l)" \
    "$(echo "$total / ($end - $start) / 1000000" | bc -l)"
