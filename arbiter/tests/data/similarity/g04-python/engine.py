"""Galo 3D engine, group 04.

Board: a dict from (x, y, z) to 'X' or 'O'. The search is a depth-limited
alpha-beta over a move list ordered by a history table.
"""

import sys
import time
from itertools import product

N = 4
COORDS = list(product(range(N), repeat=3))


def _lines():
    dirs = [d for d in product((-1, 0, 1), repeat=3) if d > (0, 0, 0)]
    out = set()
    for (x, y, z), (dx, dy, dz) in product(COORDS, dirs):
        cells = tuple((x + k * dx, y + k * dy, z + k * dz) for k in range(N))
        if all(0 <= c < N for cell in cells for c in cell):
            out.add(cells)
    return sorted(out)


LINES = _lines()
LINES_THROUGH = {c: [l for l in LINES if c in l] for c in COORDS}


class Game:
    def __init__(self):
        self.cells = {}
        self.turn = 'X'

    def play(self, cell):
        self.cells[cell] = self.turn
        self.turn = 'O' if self.turn == 'X' else 'X'

    def undo(self, cell):
        del self.cells[cell]
        self.turn = 'O' if self.turn == 'X' else 'X'

    def free(self):
        return [c for c in COORDS if c not in self.cells]

    def won_by_last(self, cell):
        who = self.cells[cell]
        return any(all(self.cells.get(c) == who for c in line)
                   for line in LINES_THROUGH[cell])

    def heuristic(self):
        me, you = self.turn, ('O' if self.turn == 'X' else 'X')
        total = 0
        for line in LINES:
            marks = [self.cells.get(c) for c in line]
            if you not in marks:
                total += 4 ** marks.count(me)
            if me not in marks:
                total -= 4 ** marks.count(you)
        return total


class Searcher:
    def __init__(self, deadline):
        self.deadline = deadline
        self.history = {}

    def alphabeta(self, game, depth, alpha, beta):
        if time.time() > self.deadline:
            raise TimeoutError
        moves = sorted(game.free(), key=lambda m: -self.history.get(m, 0))
        if depth == 0 or not moves:
            return game.heuristic(), None
        best_move = None
        for m in moves:
            game.play(m)
            if game.won_by_last(m):
                score = 10 ** 6 + depth
            else:
                score = -self.alphabeta(game, depth - 1, -beta, -alpha)[0]
            game.undo(m)
            if score > alpha:
                alpha, best_move = score, m
                if alpha >= beta:
                    self.history[m] = self.history.get(m, 0) + depth * depth
                    break
        return alpha, best_move


def think(game, movetime):
    searcher = Searcher(time.time() + movetime / 2000.0)
    move = game.free()[0]
    try:
        for depth in range(1, 8):
            move = searcher.alphabeta(game, depth, -10 ** 9, 10 ** 9)[1] or move
    except TimeoutError:
        pass
    return move


def name(cell):
    x, y, z = cell
    return "abcd"[x] + str(y + 1) + str(z + 1)


def parse(text):
    return ("abcd".index(text[0]), int(text[1]) - 1, int(text[2]) - 1)


def main():
    game = Game()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == 'ugi':
            print('id name g04', flush=True)
            print('ugiok', flush=True)
        elif words[0] == 'isready':
            print(' '.join(['readyok'] + words[1:]), flush=True)
        elif words[0] == 'position':
            game = Game()
            if 'moves' in words:
                for m in words[words.index('moves') + 1:]:
                    game.play(parse(m))
        elif words[0] == 'go':
            ms = int(words[2]) if len(words) > 2 else 1000
            print('bestmove', name(think(game, ms)), flush=True)
        elif words[0] == 'quit':
            break


if __name__ == '__main__':
    main()
