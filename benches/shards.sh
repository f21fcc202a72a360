#!/usr/bin/env bash
# Wall-clock speed-up of a sharded championship on this machine: the same
# round robin played as 1, 2 and 4 shards run side by side by GNU parallel
# (each shard one game at a time), then merged. CPU-bound built-in players
# (fixed depth), so the figure is the machine's, not the engines' clocks.
#   bash benches/shards.sh [boards]      (needs GNU parallel; release build)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p arbiter --quiet
arbiter=$PWD/target/release/arbiter
boards=${1:-6}
flags=(builtin:tabula:depth=12 builtin:tabula:depth=11 builtin:tabula:depth=10
       builtin:greedy --boards "$boards" --seed 11 --quiet)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
games=$("$arbiter" plan "${flags[@]}" | grep -vc '^#')
echo "$games games, $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
base=
for n in 1 2 4; do
    dir=$work/$n
    mkdir -p "$dir"
    start=$(date +%s.%N)
    seq 1 "$n" | parallel --will-cite -j "$n" "$arbiter" tournament "${flags[@]}" \
        --concurrency 1 --shard "{}/$n" --results "$dir/s{}.jsonl" '>' /dev/null
    "$arbiter" merge "$dir"/s*.jsonl --results "$dir/all.jsonl" > /dev/null
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
    base=${base:-$secs}
    awk -v n="$n" -v s="$secs" -v b="$base" \
        'BEGIN { printf "%d shard(s): %6.1f s  speed-up %.2f\n", n, s, b / s }' 
done
