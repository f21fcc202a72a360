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

    python3 benches/season.py grade --out DIR [--movetime 1000]
            [--concurrency 2] [--size 60] [--design linear|round-robin]
            [--boards B] [--gate-boards G]
        the same class handed in as submissions: DIR/download/ is a
        Moodle-style download of `--size` folders (`Nome Apelido_9000NN_
        assignsubmission_file_`, synthetic names in a shuffled order), each a
        program `arbiter grade` recognises as a Python protocol engine;
        DIR/truth.tsv says each folder's true level. Then runs
        `arbiter grade DIR/download --game knight --design D --movetime M
        --out DIR/season --concurrency C` and prints per stage (intake and
        recognition, checks, championship, grades and pages) its games,
        engine-seconds and wall time, the games a submission played, Spearman's
        rho of grade's rating (evidence.csv) against the true order, and the
        projection. A second run resumes grade's season (its reruns reuse
        the checks and the games played).

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

The graded class (`grade`) has the same levels, every name a submission:
6 Python example engines at `Strategy random` (seeds 1-6, level 0), 6 at
`greedy` (level 1), and 48 motors of the Tabula search on a node budget:
a small Python program (motor.py) beside a copy of the release `tabula`
binary, which it runs and whose `go` it gives `nodes N` (N on the same
ladder), so the search stops at its budget, well inside the move time.

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
TABULA = Path(os.environ.get("TABULA", ROOT / "target" / "release" / "tabula"))
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


def project(plies, overhead, designs, check_moves=0.0):
    """The hours of each design (label, games of n groups) for 30/60/120
    groups at 1 000 and 5 000 ms on each machine; with `check_moves`, each
    group's check too (`arbiter grade`: that many moves of the move time)."""
    print("\nProjection: hours = (games x (plies x move time + overhead)"
          + (" + groups x check moves x move time" if check_moves else "") + ") / cores"
          f"\n  plies a game {plies:.1f} and overhead {overhead:.2f} s a game as measured;"
          + (f" check moves a group {check_moves:.0f} as measured;" if check_moves else "")
          + "\n  an engine thinks its whole move time (students' engines do);"
          f" one game a core; Slurm: 8 nodes of 16 cores, x {TAIL} for the tail.")
    print(f"{'design':<34} {'n':>4} {'games':>7} {'ms':>5}"
          + "".join(f"{m:>18}" for m, _ in MACHINES))
    for label, games_of_n in designs:
        for n in (30, 60, 120):
            games = games_of_n(n)
            for ms in (1000, 5000):
                seconds = games * (plies * ms / 1000 + overhead) + n * check_moves * ms / 1000
                cells = [seconds / k / 3600 * (TAIL if k == 128 else 1) for _, k in MACHINES]
                print(f"{label:<34} {n:>4} {games:>7} {ms:>5}"
                      + "".join(f"{h:>17.1f}h" for h in cells))
    for label, games_of_n in designs:
        g = games_of_n(60)
        checks = f" + 60 x {check_moves:.0f} x 1 s" if check_moves else ""
        hours = (g * (plies + overhead) + 60 * check_moves) / 2 / 3600
        print(f"  e.g. {label}, 60 groups, 1000 ms, 2 cores: ({g} games x ({plies:.1f} x 1 s"
              f" + {overhead:.2f} s){checks}) / 2 / 3600 = {hours:.1f} h")


def check_moves(folder):
    """The moves a check asks of an engine, on average over the checks in
    `folder`: its share of the two games, the first move, `go movetime`,
    the move after malformed input and the legal-move positions."""
    import re
    counts = []
    for path in Path(folder).glob("*.txt"):
        text = path.read_text()
        games = [int(m) for m in re.findall(r"game [12] as p[12]: .* in (\d+) moves", text)]
        positions = re.search(r"legal moves: (\d+) positions", text)
        if len(games) == 2 and positions:
            counts.append(sum(games) / 2 + 3 + int(positions.group(1)))
    return sum(counts) / len(counts) if counts else 0.0


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
    boards = int(args.boards)
    project(plies, overhead,
            [(f"round robin, {boards} board(s)", lambda k: games_of("round-robin", k, boards)),
             (f"gates x{GATE_BOARDS} + {ROUNDS} rounds", lambda k: games_of("linear", k, boards))])


# ---------------------------------------------------------------------------
# The class handed in: `arbiter grade` on a Moodle-style download
# ---------------------------------------------------------------------------

FIRST = ["Ana", "Bruno", "Carla", "Diogo", "Eva", "Filipe", "Gonçalo", "Helena", "Inês",
         "João", "Leonor", "Mário", "Nádia", "Óscar", "Paula", "Rui", "Sílvia", "Tomás",
         "Vasco", "Xana"]
LAST = ["Abrantes", "Barroso", "Cardoso", "Damasceno", "Estrela", "Falcão", "Garrido",
        "Horta", "Igreja", "Jardim", "Lacerda", "Monforte", "Nazaré", "Orvalho", "Pestana"]
PROXY = '''#!/usr/bin/env python3
"""Motor: the Tabula search (the `tabula` program beside this file) on a
budget of {nodes} nodes a move. A synthetic submission of benches/season.py's
graded class (issue 39), of known strength: not a student's work.

Every protocol line (ugi, isready, position, go, stop, quit...) goes to the
search unchanged, but a `go` with a clock (movetime, p1time/p2time) gets
`nodes {nodes}` too: the search stops at its budget or its time, whichever
comes first; its ugiok, readyok and bestmove come straight back.
"""

import os
import shutil
import subprocess
import sys

NODES = {nodes}


def program():
    here = os.path.dirname(os.path.abspath(__file__))
    binary = os.path.join(here, "tabula")
    if os.access(binary, os.X_OK):
        return [binary]
    # A copy lost its execute bit: the dynamic loader runs it as it is.
    for loader in ("/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"):
        if os.path.exists(loader):
            return [loader, binary]
    copy = os.path.join(os.environ.get("TMPDIR", "/tmp"), "tabula")
    shutil.copy(binary, copy)
    os.chmod(copy, 0o755)
    return [copy]


def budget(line):
    words = line.split()
    if words[:1] == ["go"] and not {{"infinite", "nodes", "depth"}} & set(words[1:]):
        return " ".join(words + ["nodes", str(NODES)]) + "\\n"
    return line


def main():
    search = subprocess.Popen(program(), stdin=subprocess.PIPE, text=True, bufsize=1)
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        search.stdin.write(budget(line))
        search.stdin.flush()
        if line.split()[:1] == ["quit"]:
            break
    search.stdin.close()
    search.wait()


if __name__ == "__main__":
    main()
'''


def graded_class(size):
    """`size` submissions: (kind, parameter, true level), the season class's
    levels: a tenth Python random movers, a tenth Python greedy ones, the
    rest the node ladder."""
    movers = max(size // 10, 1)
    names = [("python", ("random", k), 0.0) for k in range(1, movers + 1)]
    names += [("python", ("greedy", k), 1.0) for k in range(1, movers + 1)]
    low, high, _ = LADDER
    count = size - 2 * movers
    for i in range(count):
        nodes = round(low * (high / low) ** (i / max(count - 1, 1)))
        names.append(("tabula", nodes, 2.0 + math.log10(nodes)))
    return names


def python_motor(strategy, seed):
    """The example engine, its defaults set to a strategy and a seed."""
    text = PYTHON_ENGINE.read_text()
    for old, new in [('self.strategy = "greedy"', f'self.strategy = "{strategy}"'),
                     ("self.rng = random.Random(1)", f"self.rng = random.Random({seed})")]:
        if old not in text:
            sys.exit(f"{PYTHON_ENGINE} changed: no '{old}' to set")
        text = text.replace(old, new)
    return text


def write_download(out, size):
    """DIR/download/: one Moodle folder a submission, in a shuffled order of
    synthetic names; DIR/truth.tsv: each folder's engine and true level."""
    import random
    import shutil
    if not TABULA.exists():
        sys.exit(f"no {TABULA}: cargo build --release -p tabula")
    download = out / "download"
    if download.exists():
        shutil.rmtree(download)
    download.mkdir(parents=True)
    names = graded_class(size)
    people = [f"{f} {l}" for f in FIRST for l in LAST]
    rng = random.Random(SEED)
    rng.shuffle(people)
    order = list(range(len(names)))
    rng.shuffle(order)
    rows = []
    for slot, i in enumerate(order):
        kind, what, level = names[i]
        folder = download / f"{people[slot]}_{900001 + slot}_assignsubmission_file_"
        folder.mkdir()
        if kind == "python":
            (folder / "motor.py").write_text(python_motor(*what))
            engine = f"python {what[0]} seed {what[1]}"
        else:
            (folder / "motor.py").write_text(PROXY.format(nodes=what))
            shutil.copy2(TABULA, folder / "tabula")
            engine = f"tabula nodes {what}"
        rows.append((folder.name, engine, level))
    with open(out / "truth.tsv", "w") as f:
        f.write("# submission\tengine\ttrue level (benches/season.py grade: equal levels tie)\n")
        for name, engine, level in sorted(rows, key=lambda r: -r[2]):
            f.write(f"{name}\t{engine}\t{level:.3f}\n")
    print(f"{len(rows)} submissions: {download}, their order: {out / 'truth.tsv'}")


def cpu_seconds(pid):
    """CPU time of a process and of its children it has waited for."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def run_grade(command, log):
    """Runs grade; returns its stdout lines with their times, the CPU
    samples (time, seconds) and the load averages seen."""
    import threading
    lines, samples, loads = [], [], []
    start = time.time()
    with open(log, "w") as err:
        proc = subprocess.Popen([str(c) for c in command], stdout=subprocess.PIPE,
                                stderr=err, text=True, bufsize=1)

        def sample():
            while proc.poll() is None:
                cpu = cpu_seconds(proc.pid)
                if cpu is not None:
                    samples.append((time.time(), cpu))
                loads.append(os.getloadavg()[0])
                time.sleep(0.5)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        for line in proc.stdout:
            lines.append((time.time(), line.rstrip("\n")))
            print(f"  [{time.time() - start:7.1f} s] {line}", end="", flush=True)
        proc.wait()
        sampler.join()
    end = time.time()
    if proc.returncode != 0:
        sys.exit(f"arbiter grade exited {proc.returncode} (its stderr: {log})")
    total = os.times()
    return lines, samples, loads, start, end, total.children_user + total.children_system


def cpu_at(samples, t):
    """The CPU seconds at time t, read off the nearest sample before it."""
    before = [c for s, c in samples if s <= t]
    return before[-1] if before else 0.0


def stage_times(lines, season, start, end):
    """The stages' boundaries: grade's lines `recognition: …` and
    `championship: …`, then the journal's last write (the championship's
    last game, or its analysis)."""
    def first(prefix):
        return next((t for t, l in lines if l.startswith(prefix)), None)
    recognised = first("recognition:") or first("arbiter grade:") or start
    championship = first("championship:") or recognised
    journals = [season / "results.jsonl", season / "results.analysis.jsonl"]
    written = [p.stat().st_mtime for p in journals if p.exists()]
    played = min(max(written + [championship]), end)
    return [("intake + recognition", start, recognised),
            ("checks (+ admission)", recognised, championship),
            ("championship (+ analysis)", championship, played),
            ("grades, copies, pages", played, end)]


def read_truth(path):
    truth = {}
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            name, engine, level = line.split("\t")
            truth[name] = (engine, float(level))
    return truth


def read_csv(path):
    import csv
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def grade_games(design, n, boards=None, gate_boards=None):
    """`arbiter grade`'s games with its defaults (README, *Championship*):
    linear: each submission against each gate and the gates among themselves
    on 2 boards, then 14 Swiss rounds of one board; round robin: the class on
    2 boards a pairing, each gate on 4."""
    gates = len(GATES)
    if design == "round-robin":
        boards, gate_boards = boards or 2, gate_boards or 4
        return (n * (n - 1) // 2 * boards + (gates * n + gates * (gates - 1) // 2)
                * gate_boards) * 2
    boards, gate_boards = boards or 1, gate_boards or GATE_BOARDS
    return ((gates * n + gates * (gates - 1) // 2) * gate_boards * 2
            + ROUNDS * (n // 2) * boards * 2)


def grade(args):
    out = Path(args.out).resolve()
    truth_path = out / "truth.tsv"
    if not truth_path.exists() or not (out / "download").exists():
        write_download(out, int(args.size))
    truth = read_truth(truth_path)
    season = out / "season"
    command = [ARBITER, "grade", out / "download", "--game", GAME, "--design", args.design,
               "--movetime", args.movetime, "--out", season, "--concurrency", args.concurrency]
    for option in ("boards", "gate_boards"):
        if getattr(args, option):
            command += [f"--{option.replace('_', '-')}", getattr(args, option)]
    print(f"# {' '.join(map(str, command))}", flush=True)
    lines, samples, loads, start, end, cpu = run_grade(command, out / "grade.stderr")
    games = load_games(season / "results.jsonl")
    stages = stage_times(lines, season, start, end)
    evidence = {r["submission"]: r for r in read_csv(season / "evidence.csv")}
    admitted = [n for n in truth if evidence.get(n, {}).get("status") == "admitted"]
    print(f"\narbiter grade, {len(truth)} submissions ({len(admitted)} admitted), --design"
          f" {args.design}, {args.movetime} ms a move, --concurrency {args.concurrency},"
          f" {os.cpu_count()} cores, load {min(loads, default=0):.1f}-{max(loads, default=0):.1f}"
          " (1-min average while it ran)")
    print(f"{'stage':<28} {'games':>6} {'plies/game':>10} {'engine-s':>9} {'CPU s':>8}"
          f" {'wall s':>8}")
    for name, a, b in stages:
        cpu_stage = cpu_at(samples, b) - cpu_at(samples, a)
        if name.startswith("championship"):
            n, plies, thinking, _ = costs(games)
            print(f"{name:<28} {n:>6} {plies:>10.1f} {thinking:>9.1f} {cpu_stage:>8.1f}"
                  f" {b - a:>8.1f}")
        else:
            print(f"{name:<28} {'':>6} {'':>10} {'':>9} {cpu_stage:>8.1f} {b - a:>8.1f}")
    n, plies, thinking, overhead = costs(games)
    print(f"{'grade, in all':<28} {n:>6} {plies:>10.1f} {thinking:>9.1f} {cpu:>8.1f}"
          f" {end - start:>8.1f}")
    print("  engine-s: the championship's thinking (results.jsonl, times_ms); CPU s: the"
          " arbiter and every process it waited for (/proc, sampled each 0.5 s)")
    checks = stages[1][2] - stages[1][1]
    print(f"  checks: {checks / max(len(truth), 1) * int(args.concurrency):.2f} s of wall a"
          f" submission at --concurrency {args.concurrency}")
    played = [sum(1 for g in games if name in (g["p1"], g["p2"])) for name in admitted]
    if played:
        print(f"games a submission: {min(played)}-{max(played)},"
              f" mean {sum(played) / len(played):.1f}")
    rated = [n for n in admitted if evidence[n].get("rating")]
    rho = spearman([truth[n][1] for n in rated], [float(evidence[n]["rating"]) for n in rated])
    print(f"ranking: Spearman rho {rho:.3f} of grade's rating (evidence.csv) against the true"
          f" order ({len(rated)} submissions)")
    entrants = sorted({g[s] for g in games for s in ("p1", "p2")})
    if entrants:
        elo = bradley_terry(entrants, games)
        rho_bt = spearman([truth[n][1] for n in rated], [elo[n] for n in rated])
        print(f"  (this script's Bradley-Terry on the same games: rho {rho_bt:.3f})")
    excluded = [n for n in truth if n not in admitted]
    for name in excluded:
        print(f"  excluded: {name} ({truth[name][0]}):"
              f" {evidence.get(name, {}).get('status', 'no line')}")
    moves = check_moves(season / "check")
    print(f"check: {moves:.0f} moves asked of a submission (its share of the check's two"
          " games, the first move, go movetime, the move after malformed input, the"
          " legal-move positions; check/*.txt)")
    boards = [int(b) if b else None for b in (args.boards, args.gate_boards)]
    label = " (these boards)" if any(boards) else ""
    project(plies, overhead, [(f"grade {d}{label}", lambda k, d=d: grade_games(d, k, *boards))
                              for d in ("round-robin", "linear")], moves)


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
    g = sub.add_parser("grade")
    g.add_argument("--out", required=True)
    g.add_argument("--design", choices=sorted(DESIGNS), default="linear")
    g.add_argument("--movetime", default="1000")
    g.add_argument("--concurrency", default=str(os.cpu_count() or 2))
    g.add_argument("--size", default="60", help="submissions in the download")
    g.add_argument("--boards", help="grade's --boards (default: grade's)")
    g.add_argument("--gate-boards", help="grade's --gate-boards (default: grade's)")
    args = parser.parse_args()
    if args.command == "class":
        write_class(Path(args.out))
        return
    if not ARBITER.exists():
        sys.exit(f"no {ARBITER}: cargo build --release -p arbiter")
    if args.command == "grade":
        grade(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
