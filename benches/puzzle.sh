#!/usr/bin/env bash
# Puzzle solver speed: the course's knight and dots problems with A* and IDA*
# (default admissible heuristics), single-threaded. Wraps `tabula bench-puzzle`,
# which prints per run: depth, nodes generated/expanded, wall and CPU time, and
# per group the total; then `<nodes> nodes <nps> nps`.
#
#   benches/puzzle.sh
#
# Targets (issue 4), release build: the six knight problems together under
# 1 s; knight E proved unsolvable under 0.5 s. The node counts are the
# signature: they must not change between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p tabula
target/release/tabula bench-puzzle
