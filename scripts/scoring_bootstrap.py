#!/usr/bin/env python3
"""How often does each scoring rank the stronger engine first?

Reads the game lines of `tabula selfplay` (A is the engine taken as the
stronger one; games come in colour-swapped pairs on one board):

    game 1 seed 1 A as p1: 1194-937 (33 plies) A wins

and bootstraps over boards: for n boards drawn with replacement (10,000
draws each), the probability that
  - game scoring (1 a win, 1/2 a draw, summed over the games) and
  - pair scoring (duplicate: each board's pair goes to the larger point total
    over its two games, 1/2 when equal)
put A ahead; a tie counts as half a right ranking (a coin toss).

Usage: tabula selfplay --games 100 --movetime 30 > knight.txt
       python3 scripts/scoring_bootstrap.py knight.txt [--sizes 10,20,50]
"""
import random
import re
import sys

LINE = re.compile(r"^game \d+ seed (\d+) A as p([12]): (\d+)-(\d+) ")


def boards(lines):
    """Per board (seed): A's game points and A's point margin, both games."""
    by_seed = {}
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        seed, side, s1, s2 = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
        mine, theirs = (s1, s2) if side == 1 else (s2, s1)
        game = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        g, margin, n = by_seed.get(seed, (0.0, 0, 0))
        by_seed[seed] = (g + game, margin + mine - theirs, n + 1)
    return [(g, m) for g, m, n in by_seed.values() if n == 2]


def right(a, b):
    return 1.0 if a > b else 0.5 if a == b else 0.0


def main():
    args = sys.argv[1:]
    sizes = [10, 20, 50]
    if "--sizes" in args:
        i = args.index("--sizes")
        sizes = [int(x) for x in args[i + 1].split(",")]
        del args[i:i + 2]
    text = open(args[0]).read().splitlines() if args else sys.stdin.read().splitlines()
    data = boards(text)
    if not data:
        sys.exit("no complete pairs of `tabula selfplay` game lines in the input")
    rng = random.Random(2026)
    games_total = sum(g for g, _ in data)
    pairs_won = sum(1 for _, m in data if m > 0)
    pairs_drawn = sum(1 for _, m in data if m == 0)
    print(f"{len(data)} boards: A scores {games_total} of {2 * len(data)} games; "
          f"pairs W/D/L {pairs_won}/{pairs_drawn}/{len(data) - pairs_won - pairs_drawn}")
    print("boards  P(game scoring ranks A first)  P(pair scoring ranks A first)")
    for n in sizes:
        g_right = p_right = 0.0
        draws = 10_000
        for _ in range(draws):
            sample = [rng.choice(data) for _ in range(n)]
            ga = sum(g for g, _ in sample)
            g_right += right(ga, 2 * n - ga)
            pa = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for _, m in sample)
            p_right += right(pa, n - pa)
        print(f"{n:>6}  {g_right / draws:>29.3f}  {p_right / draws:>29.3f}")


if __name__ == "__main__":
    main()
