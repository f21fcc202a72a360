#!/usr/bin/env python3
"""The season benchmark (issue 39): a synthetic class of 60 engines of known,
spread strength; a season played on it by real `arbiter` processes, what each
stage costs and how well the season ranks the class; and the projection to
30/60/120 groups at 1 000 and 5 000 ms on 2, 16 and 64 cores and on a Slurm
cluster of 8 nodes.

    python3 benches/season.py class --out DIR
        DIR/class.toml: the class, 60 names; DIR/truth.tsv: each name's true
        level (the documented order).
    python3 benches/season.py run --out DIR [--design linear|round-robin]
            [--movetime 1000] [--concurrency 2]
        plays the design's stages on the class (knight, the balanced boards,
        the three gates of `arbiter grade`), then prints each stage's games,
        plies, engine-seconds and wall time, the games each submission
        played, Spearman's rho of the ranking against the true order, and
        the projection (the arithmetic shown). Resumable: a stage's journal
        is kept, and a second run plays only what is missing.

The class, of a known order without a calibration: 3 `builtin:random`, 3 of
the Python example engine (adapters/python) at `Strategy random` (level 0,
all six uniform random movers); 3 `builtin:greedy` and 3 Python `greedy`
(level 1, the same one-ply rule); 48 `builtin:tabula:nodes=N`, N spread
evenly on a logarithmic scale from 100 to 100 000 (level 2 + log10 N: more
nodes, the same search, stronger). Names of one level tie in the true order.

The designs:
  round-robin  today's `arbiter grade` championship: the class and the gates,
               every entrant against every other, `--boards` boards (1).
  linear       issue 39's season: every submission against every gate on 2
               boards (three gauntlets), then 14 rounds of a Swiss paired by
               rating (`--format swiss-rating`), one board a round: 40 games
               a submission whatever the class's size.
The ranking of both: one Bradley-Terry rating over every game of the
season's journals, gates included.

Python 3.11, standard library only; needs a release build (`cargo build
--release -p arbiter`; `ARBITER=path` to use another).
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARBITER = Path(os.environ.get("ARBITER", ROOT / "target" / "release" / "arbiter"))
PYTHON_ENGINE = ROOT / "adapters" / "python" / "example_engine.py"
GAME = "knight"
GATES = ["builtin:random", "builtin:greedy", "builtin:tabula:depth=3"]
SEED = 2026
LADDER = (100, 100_000, 48)  # the node ladder: from, to, names
GATE_BOARDS, ROUNDS = 2, 14  # the linear design


def the_class():
    """The 60 names: (engine entry, true level)."""
    names = []
    for k in range(1, 4):
        names.append(({"name": f"random-{k}", "command": "builtin:random"}, 0.0))
        names.append((python_entry(f"py-random-{k}", "random", k), 0.0))
        names.append(({"name": f"greedy-{k}", "command": "builtin:greedy"}, 1.0))
        names.append((python_entry(f"py-greedy-{k}", "greedy", k), 1.0))
    low, high, count = LADDER
    for i in range(count):
        nodes = round(low * (high / low) ** (i / (count - 1)))
        names.append(({"name": f"nodes-{nodes}", "command": f"builtin:tabula:nodes={nodes}"},
                      2.0 + math.log10(nodes)))
    return names


def python_entry(name, strategy, seed):
    return {
        "name": name,
        "command": f"python3 {PYTHON_ENGINE}",
        "options": {"Strategy": strategy, "Seed": seed},
    }


def toml(entries):
    """A class file: one [[engine]] per entry."""
    out = []
    for e in entries:
        out += ["[[engine]]", f"name = {json.dumps(e['name'])}",
                f"command = {json.dumps(e['command'])}"]
        if "options" in e:
            opts = ", ".join(f"{k} = {json.dumps(v)}" for k, v in e["options"].items())
            out.append(f"options = {{ {opts} }}")
        out.append("")
    return "\n".join(out)


def write_class(out):
    out.mkdir(parents=True, exist_ok=True)
    names = the_class()
    (out / "class.toml").write_text(
        "# The season benchmark's class (benches/season.py class): 60 names of known order.\n\n"
        + toml([e for e, _ in names]))
    with open(out / "truth.tsv", "w") as f:
        f.write("# name\ttrue level (benches/season.py: equal levels tie)\n")
        for e, level in sorted(names, key=lambda x: -x[1]):
            f.write(f"{e['name']}\t{level:.3f}\n")
    print(f"{len(names)} names: {out / 'class.toml'}, their order: {out / 'truth.tsv'}")


# ---------------------------------------------------------------------------
# Stages and their costs
# ---------------------------------------------------------------------------

@dataclass
class Stage:
    name: str
    command: list
    journal: Path
    wall: float = 0.0
    games: list = field(default_factory=list)


def load_games(path):
    games = []
    if path.exists():
        for line in open(path):
            g = json.loads(line)
            if "moves" in g and "key" in g:
                games.append(g)
    return games


def play(stage):
    print(f"# {stage.name}: {' '.join(map(str, stage.command))}", flush=True)
    start = time.monotonic()
    subprocess.run([str(c) for c in stage.command], check=True, stdout=subprocess.DEVNULL)
    stage.wall = time.monotonic() - start
    stage.games = load_games(stage.journal)


def costs(games):
    """Games, plies a game, engine-seconds, and the seconds a game spent
    outside the engines' thinking (starts, handshakes, the arbiter)."""
    plies = sum(len(g["moves"]) for g in games)
    thinking = sum(sum(g.get("times_ms") or []) for g in games) / 1000
    duration = sum(g.get("duration_ms", 0) for g in games) / 1000
    n = max(len(games), 1)
    return len(games), plies / n, thinking, max(duration - thinking, 0) / n


def tournament(args, out, journal, *extra):
    return [ARBITER, "tournament", "--game", GAME, "--board-set", "balanced",
            "--movetime", args.movetime, "--seed", SEED, "--concurrency", args.concurrency,
            "--results", out / journal, "--quiet", *extra]


def round_robin(args, out):
    """Today's `arbiter grade` championship: the class and the gates, every
    entrant against every other."""
    journal = "round-robin.jsonl"
    command = tournament(args, out, journal, "--engines", out / "class.toml", *GATES,
                         "--boards", args.boards)
    return [Stage("championship (round robin)", command, out / journal)]


def linear(args, out):
    """Every submission against every gate (a gauntlet each), then a Swiss
    paired by rating."""
    stages = []
    for k, gate in enumerate(GATES, 1):
        journal = f"gate-{k}.jsonl"
        command = tournament(args, out, journal, gate, "--engines", out / "class.toml",
                             *[g for g in GATES if g != gate], "--format", "gauntlet",
                             "--reference", gate, "--boards", GATE_BOARDS)
        stages.append(Stage(f"gate {gate}", command, out / journal))
    journal = "swiss-rating.jsonl"
    command = tournament(args, out, journal, "--engines", out / "class.toml",
                         "--format", "swiss-rating", "--rounds", ROUNDS, "--boards", 1)
    stages.append(Stage(f"Swiss by rating, {ROUNDS} rounds", command, out / journal))
    return stages


DESIGNS = {"round-robin": round_robin, "linear": linear}


def bradley_terry(names, games):
    """Elo (mean 0) of `names` from games: MM iterations (Hunter 2004), one
    virtual win and one virtual loss against a 0-rated entrant each."""
    won = {n: 1.0 for n in names}
    pairs = {}
    for g in games:
        a, b = g["p1"], g["p2"]
        pa = {"p1": 1.0, "p2": 0.0}.get(g["winner"], 0.5)
        won[a] += pa
        won[b] += 1 - pa
        key = tuple(sorted((a, b)))
        pairs[key] = pairs.get(key, 0) + 1
    gamma = {n: 1.0 for n in names}
    for _ in range(2000):
        denominator = {n: 2 / (gamma[n] + 1) for n in names}
        for (a, b), k in pairs.items():
            d = k / (gamma[a] + gamma[b])
            denominator[a] += d
            denominator[b] += d
        gamma = {n: won[n] / denominator[n] for n in names}
    elo = {n: 400 * math.log10(gamma[n]) for n in names}
    mean = sum(elo.values()) / len(elo)
    return {n: e - mean for n, e in elo.items()}


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and xs[order[j]] == xs[order[i]]:
            j += 1
        for k in order[i:j]:
            r[k] = (i + j + 1) / 2
        i = j
    return r


def spearman(x, y):
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


# ---------------------------------------------------------------------------
# The projection
# ---------------------------------------------------------------------------

MACHINES = [("2 cores", 2), ("16 cores", 16), ("64 cores", 64), ("Slurm 8x16 cores", 128)]
TAIL = 1.1  # unequal shards and the last games (README, shards)


def games_of(design, n, boards):
    gates = len(GATES)
    if design == "round-robin":
        e = n + gates
        return e * (e - 1) // 2 * 2 * boards
    # A gauntlet per gate (its opponents: the class and the other gates),
    # then the rounds.
    return gates * (n + gates - 1) * GATE_BOARDS * 2 + ROUNDS * (n // 2) * 2


def project(plies, overhead, boards):
    print("\nProjection: hours = games x (plies x move time + overhead) / cores"
          f"\n  plies a game {plies:.1f} and overhead {overhead:.2f} s a game as measured;"
          " an engine thinks its whole move time (students' engines do);"
          f"\n  one game a core; Slurm: 8 nodes of 16 cores, x {TAIL} for the tail.")
    print(f"{'design':<26} {'n':>4} {'games':>7} {'ms':>5}"
          + "".join(f"{m:>18}" for m, _ in MACHINES))
    for design, label in [("round-robin", f"round robin, {boards} board(s)"),
                          ("linear", f"gates x{GATE_BOARDS} + {ROUNDS} rounds")]:
        for n in (30, 60, 120):
            games = games_of(design, n, boards)
            for ms in (1000, 5000):
                per_game = plies * ms / 1000 + overhead
                cells = [games * per_game / k / 3600 * (TAIL if k == 128 else 1)
                         for _, k in MACHINES]
                print(f"{label:<26} {n:>4} {games:>7} {ms:>5}"
                      + "".join(f"{h:>17.1f}h" for h in cells))
    for design in ("round-robin", "linear"):
        g = games_of(design, 60, boards)
        print(f"  e.g. {design}, 60 groups, 1000 ms, 2 cores: {g} games x ({plies:.1f} x 1 s"
              f" + {overhead:.2f} s) / 2 / 3600 = {g * (plies + overhead) / 2 / 3600:.1f} h")


def run(args):
    out = Path(args.out)
    if not (out / "class.toml").exists():
        write_class(out)
    truth = {}
    for line in (out / "truth.tsv").read_text().splitlines():
        if not line.startswith("#"):
            name, level = line.split("\t")
            truth[name] = float(level)
    stages = DESIGNS[args.design](args, out)
    everything = []
    for stage in stages:
        play(stage)
        everything += stage.games
    print(f"\n{args.design}, {len(truth)} submissions, {args.movetime} ms a move,"
          f" --concurrency {args.concurrency}, {os.cpu_count()} cores")
    print(f"{'stage':<32} {'games':>6} {'plies/game':>10} {'engine-s':>9} {'wall s':>8}"
          f" {'overhead s/game':>15}")
    for stage in stages:
        n, plies, thinking, overhead = costs(stage.games)
        print(f"{stage.name:<32} {n:>6} {plies:>10.1f} {thinking:>9.1f} {stage.wall:>8.1f}"
              f" {overhead:>15.3f}")
    n, plies, thinking, overhead = costs(everything)
    wall = sum(s.wall for s in stages)
    print(f"{'season':<32} {n:>6} {plies:>10.1f} {thinking:>9.1f} {wall:>8.1f} {overhead:>15.3f}")
    played = [sum(1 for g in everything if name in (g["p1"], g["p2"])) for name in truth]
    print(f"games a submission: {min(played)}-{max(played)}, mean {sum(played) / len(played):.1f}")
    entrants = sorted({g[s] for g in everything for s in ("p1", "p2")})
    elo = bradley_terry(entrants, everything)
    names = [n for n in truth if n in elo]
    rho = spearman([truth[n] for n in names], [elo[n] for n in names])
    print(f"ranking: Spearman rho {rho:.3f} against the true order ({len(names)} names;"
          " one Bradley-Terry rating over every game, gates included)")
    project(plies, overhead, int(args.boards))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("class")
    c.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", required=True)
    r.add_argument("--design", choices=sorted(DESIGNS), default="linear")
    r.add_argument("--movetime", default="1000")
    r.add_argument("--boards", default="1", help="round robin: boards a pairing")
    r.add_argument("--concurrency", default=str(os.cpu_count() or 2))
    args = parser.parse_args()
    if args.command == "class":
        write_class(Path(args.out))
        return
    if not ARBITER.exists():
        sys.exit(f"no {ARBITER}: cargo build --release -p arbiter")
    run(args)


if __name__ == "__main__":
    main()
