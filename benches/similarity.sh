#!/usr/bin/env bash
# Runtime of `arbiter similarity --source` on a synthetic class of 60
# submissions (and 20 past projects): each is one of the test projects of
# arbiter/tests/data/similarity with every identifier renamed at random, its
# top-level forms shuffled and 300-900 lines of generated code of its own
# added, so that every pair must be compared in full. Prints the seconds.
#
#   benches/similarity.sh [N]      (N submissions, default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-60}
cargo build -q --release -p arbiter
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" "$n" <<'PY'
import os, random, re, sys
work, n = sys.argv[1], int(sys.argv[2])
data = "arbiter/tests/data/similarity"
sources = [("g01-original/jogo.lisp", "lisp"), ("g02-lisp/galo.lisp", "lisp"),
           ("g03-lisp/estrategia.lisp", "lisp"), ("g04-python/engine.py", "py"),
           ("past/2021/g11-python/galo.py", "py")]
texts = [(open(os.path.join(data, p)).read(), k) for p, k in sources]
rng = random.Random(2026)
def word():
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9)))
def filler(kind, lines):
    out = []
    while len(out) < lines:
        f, a, b = word(), word(), word()
        if kind == "lisp":
            out += [f"(defun {f} ({a} {b})",
                    f"  (let (({word()} (* {a} {rng.randint(1, 99)})))",
                    f"    (if (> {a} {b}) (list {a} {rng.randint(1, 9)}) (+ {b} {rng.randint(1, 9)}))))", ""]
        else:
            out += [f"def {f}({a}, {b}):", f"    {word()} = {a} * {rng.randint(1, 99)}",
                    f"    return [{a}, {b}] if {a} > {b} else {b} + {rng.randint(1, 9)}", ""]
    return "\n".join(out)
def disguise(text, kind):
    names = set(re.findall(r"[a-zA-Z][a-zA-Z0-9*-]{3,}", text))
    for name in sorted(names, key=len, reverse=True):
        if rng.random() < 0.5:
            text = re.sub(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", word(), text)
    blocks = text.split("\n\n")
    rng.shuffle(blocks)
    return "\n\n".join(blocks)
def make(folder, i):
    text, kind = texts[i % len(texts)]
    os.makedirs(folder)
    ext = "lisp" if kind == "lisp" else "py"
    with open(os.path.join(folder, "main." + ext), "w") as f:
        f.write(disguise(text, kind) + "\n\n" + filler(kind, rng.randint(300, 900)))
for i in range(n):
    make(os.path.join(work, "class", f"g{i:02}"), i)
for i in range(20):
    make(os.path.join(work, "past", f"p{i:02}"), i + 3)
PY
start=$(date +%s.%N)
target/release/arbiter similarity --source "$work"/class/* --past "$work"/past \
  --base arbiter/tests/data/similarity/base --out "$work/pairs.csv" --html "$work/page.html" >"$work/out.txt"
end=$(date +%s.%N)
head -1 "$work/out.txt"
grep -c true "$work/pairs.csv" | sed 's/^/flagged lines: /'
echo "similarity --source, $n submissions + 20 past: $(echo "$end - $start" | bc) s"
