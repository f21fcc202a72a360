#!/usr/bin/env python3
"""Runs a protocol session on the real engine and prints the transcript.

Usage: scripts/transcript.py [--engine target/release/tabula] < commands.txt
       scripts/transcript.py --update protocol.md   (rewrites every
           `<!-- transcript:NAME -->` … `<!-- end -->` block of the file with
           the transcript of scripts/transcripts/NAME.txt)

Each input line is sent to the engine; the script waits for the command's
answer before sending the next one (for `go` its `bestmove`, for `solve` its
final line, for `perft` its `perft` line, and so on), so the transcript shows
exactly what a client sees. Lines sent are printed as `> …`, lines received as
`< …`. Used to generate the example transcripts of protocol.md.

In a command file, `#` starts a comment line, `$moves` stands for the moves the
engine has chosen since the last `uginewgame` (so a session plays the engine's
own moves), `# sleep <ms>` pauses, and after `go infinite` the script does not
wait (the following `stop` collects the `bestmove`).
"""
import os
import re
import time
import argparse
import queue
import subprocess
import sys
import threading

SYNC = "isready __transcript__"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/tabula")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--update", metavar="FILE")
    args = ap.parse_args()
    if args.update:
        return update(args)
    for line in session(args, sys.stdin.read().splitlines()):
        print(line)


def update(args):
    text = open(args.update).read()
    here = os.path.dirname(os.path.abspath(__file__))

    def block(m):
        name = m.group(1)
        commands = open(os.path.join(here, "transcripts", name + ".txt")).read().splitlines()
        lines = session(args, commands)
        return "<!-- transcript:%s -->\n```\n%s\n```\n<!-- end -->" % (name, "\n".join(lines))

    text = re.sub(r"<!-- transcript:([\w-]+) -->.*?<!-- end -->", block, text, flags=re.S)
    open(args.update, "w").write(text)


def session(args, commands):
    out = []
    proc = subprocess.Popen([args.engine], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(l.rstrip("\n")) for l in proc.stdout]
                     + [lines.put(None)], daemon=True).start()

    def recv():
        line = lines.get(timeout=args.timeout)
        if line is None:
            raise SystemExit("the engine closed its output")
        return line

    played = []
    pending = {"go": False}

    def until(done):
        while True:
            line = recv()
            out.append("< " + line)
            if line.startswith("bestmove "):
                pending["go"] = False
                if line != "bestmove none":
                    played.append(line.split()[1])
            if done(line):
                return

    for cmd in commands:
        cmd = cmd.strip()
        if cmd.startswith("# sleep "):
            time.sleep(int(cmd.split()[2]) / 1000)
            continue
        if not cmd or cmd.startswith("#"):
            continue
        cmd = cmd.replace("$moves", " ".join(played))
        out.append("> " + cmd)
        proc.stdin.write(cmd + "\n")
        proc.stdin.flush()
        word = cmd.split()[0]
        if word == "uginewgame":
            played.clear()
        if word == "quit":
            break
        if word == "go" and "infinite" in cmd.split():
            pending["go"] = True
            continue
        if word == "stop" and pending["go"]:
            until(lambda l: l.startswith("bestmove"))
            continue
        terminal = {
            "ugi": lambda l: l == "ugiok",
            "uci": lambda l: l == "uciok",
            "isready": lambda l: l.startswith("readyok"),
            "go": lambda l: l.startswith(("bestmove", "info string error go:")),
            "perft": lambda l: l.startswith(("perft ", "info string error perft")),
            "solve": lambda l: not l.startswith("info ") or l.startswith("info string error"),
            "query": lambda l: l.startswith(("response", "info string error")),
            "show": lambda l: l.startswith(("fen ", "info string error")),
        }.get(word)
        if terminal:
            until(terminal)
            continue
        # No answer expected: sync on a hidden isready to show any error line.
        proc.stdin.write(SYNC + "\n")
        proc.stdin.flush()
        while True:
            line = recv()
            if line == "readyok __transcript__":
                break
            out.append("< " + line)
            if line.startswith("bestmove "):
                pending["go"] = False
    proc.stdin.close()
    proc.wait(timeout=args.timeout)
    return out


if __name__ == "__main__":
    main()
