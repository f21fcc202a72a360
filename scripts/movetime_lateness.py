#!/usr/bin/env python3
"""Measures how late the engine's `bestmove` comes after `go movetime <ms>`.

    python3 scripts/movetime_lateness.py [--engine target/release/tabula] [--runs 10]

For each game and movetime the engine searches fresh positions (seeded random
boards, a few moves in) and the script times, on its side of the pipe, from
writing `go movetime <ms>` to reading the `bestmove` line — what an arbiter
sees. Lateness = elapsed - movetime (negative: early). Prints, per movetime,
the mean, 95th percentile and maximum lateness in milliseconds. The arbiter's
default margin is 100 ms. Then the same for `stop` after `go infinite`: the
time from writing `stop` to reading `bestmove`.
"""
import argparse
import statistics
import subprocess
import threading
import queue
import time

GAMES = ["knight", "bishop", "dots"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/tabula")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--movetimes", default="50,100,200,500,1000")
    args = ap.parse_args()
    proc = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(l.rstrip("\n")) for l in proc.stdout],
                     daemon=True).start()

    def send(cmd):
        proc.stdin.write(cmd + "\n")
        proc.stdin.flush()

    def wait_for(prefix, timeout=30):
        while True:
            line = lines.get(timeout=timeout)
            if line.startswith(prefix):
                return line

    send("ugi")
    wait_for("ugiok")
    print("movetime  runs  mean   p95    max   (lateness, ms)")
    worst = float("-inf")
    for mt in map(int, args.movetimes.split(",")):
        late = []
        for run in range(args.runs):
            game = GAMES[run % len(GAMES)]
            send("uginewgame")
            send("position random %s %d" % (game, 1000 + run))
            send("isready x")
            wait_for("readyok x")
            start = time.perf_counter()
            send("go movetime %d" % mt)
            wait_for("bestmove")
            late.append((time.perf_counter() - start) * 1000 - mt)
        late.sort()
        p95 = late[round(0.95 * (len(late) - 1))]
        worst = max(worst, late[-1])
        print("%8d  %4d  %5.1f  %5.1f  %5.1f" % (mt, len(late), statistics.mean(late), p95, late[-1]))
    print("worst lateness: %.1f ms" % worst)
    delays = []
    for run in range(args.runs):
        send("position random %s %d" % (GAMES[run % len(GAMES)], 2000 + run))
        send("go infinite")
        time.sleep(0.2)
        start = time.perf_counter()
        send("stop")
        wait_for("bestmove")
        delays.append((time.perf_counter() - start) * 1000)
    print("stop -> bestmove after go infinite: mean %.1f ms, max %.1f ms (%d runs)"
          % (statistics.mean(delays), max(delays), len(delays)))
    send("quit")
    proc.wait(timeout=10)


if __name__ == "__main__":
    main()
