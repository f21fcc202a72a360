#!/usr/bin/env bash
# Size and load time of the tournament page (`arbiter report`) for a large
# tournament: 6 built-in players, round robin, knight boards, about 5,000
# games (GAMES; 15 pairings x boards x 2 colours).
#
#   bash arbiter/benches/html.sh          # GAMES=5000
#
# Prints the time to play the games, the time `arbiter report` takes to
# write the page, its size (and gzipped, as a web server would send it),
# and the time headless Chromium takes to make it usable: navigation start
# to the end of the page's script (the JSON parsed, the games listed, game 0
# opened at its last move), as the page records it in
# `body[data-ready-ms]`; the median of RUNS (3) loads.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p arbiter
A=$PWD/target/release/arbiter
GAMES=${GAMES:-5000}
RUNS=${RUNS:-3}
boards=$(( (GAMES + 29) / 30 ))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s.%N)
"$A" tournament builtin:random builtin:greedy builtin:tabula:depth=1 builtin:tabula:depth=2 \
  builtin:tabula:nodes=200 builtin:tabula:nodes=50 --game knight --boards "$boards" --seed 1 \
  --quiet --results "$tmp/r.jsonl" > /dev/null
t1=$(date +%s.%N)
"$A" report "$tmp/r.jsonl" --out "$tmp/report.html" > /dev/null
t2=$(date +%s.%N)
games=$(wc -l < "$tmp/r.jsonl")
plies=$(python3 -c "import json,sys; print(sum(len(json.loads(l)['moves']) for l in open(sys.argv[1])))" "$tmp/r.jsonl")
bytes=$(stat -c %s "$tmp/report.html")
gz=$(gzip -9 -c "$tmp/report.html" | wc -c)
journal=$(stat -c %s "$tmp/r.jsonl")
printf 'games %s (%s plies), played in %.1f s; journal %.1f MB\n' "$games" "$plies" \
  "$(echo "$t1 - $t0" | bc)" "$(echo "$journal / 1000000" | bc -l)"
printf 'arbiter report: %.2f s; page %.1f MB (%.1f MB gzipped), %.0f bytes a game\n' \
  "$(echo "$t2 - $t1" | bc)" "$(echo "$bytes / 1000000" | bc -l)" "$(echo "$gz / 1000000" | bc -l)" \
  "$(echo "$bytes / $games" | bc -l)"
if ! command -v chromium > /dev/null; then
  echo "chromium not found: no load time (apt-get install -y chromium)"
  exit 0
fi
ready=()
for _ in $(seq "$RUNS"); do
  s=$(date +%s.%N)
  ms=$(chromium --headless=new --no-sandbox --disable-gpu --virtual-time-budget=60000 --dump-dom \
    "file://$tmp/report.html#game=0" 2>/dev/null | grep -o 'data-ready-ms="[0-9]*"' | grep -o '[0-9]*' || true)
  e=$(date +%s.%N)
  [ -n "$ms" ] || { echo "the page did not finish loading"; exit 1; }
  ready+=("$ms")
  printf '  load: page ready after %s ms (chromium start to exit %.1f s)\n' "$ms" "$(echo "$e - $s" | bc)"
done
median=$(printf '%s\n' "${ready[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")
echo "page ready in Chromium: median $median ms over $RUNS loads"
