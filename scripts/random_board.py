#!/usr/bin/env python3
"""Reference implementation of Tabula's seeded random boards (protocol.md,
"Random start boards"), for students who want the same boards in their own
program. Prints the numbers of the board, row 1 first, before the automatic
placement of the two pieces.

    python3 scripts/random_board.py knight 42
    python3 scripts/random_board.py bishop 42
"""
import sys

MASK = (1 << 64) - 1


def splitmix64_state(seed):
    """The four xoshiro256++ state words: successive SplitMix64 outputs."""
    state, words = seed & MASK, []
    for _ in range(4):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        words.append(z ^ (z >> 31))
    return words


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Xoshiro256PlusPlus:
    def __init__(self, seed):
        self.s = splitmix64_state(seed)

    def next_u64(self):
        s = self.s
        result = (rotl((s[0] + s[3]) & MASK, 23) + s[0]) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result


def numbers(game, seed):
    if game == "knight":
        items, side = list(range(100)), 10
    elif game == "bishop":
        items = [n for n in range(11, 89) if 1 <= n // 10 <= 8 and 1 <= n % 10 <= 8]
        side = 8
    else:
        raise SystemExit(f"unknown game {game!r}: knight or bishop")
    rng = Xoshiro256PlusPlus(seed)
    for i in range(len(items) - 1, 0, -1):
        j = rng.next_u64() % (i + 1)
        items[i], items[j] = items[j], items[i]
    return [items[r * side:(r + 1) * side] for r in range(side)]


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    for row in numbers(sys.argv[1], int(sys.argv[2])):
        print(" ".join(f"{n:02}" for n in row))
