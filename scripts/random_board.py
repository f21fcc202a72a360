#!/usr/bin/env python3
"""Reference implementation of Tabula's seeded random boards (protocol.md,
section 7), for students who want the same boards in their own program.

    python3 scripts/random_board.py knight 42        # the numbers, row 1 first,
    python3 scripts/random_board.py bishop 42        # before the placement
    python3 scripts/random_board.py torre 42         # (the rook game: 7 x 7)
    python3 scripts/random_board.py --fen knight 42  # the start position string
    python3 scripts/random_board.py --fen dots 7 3x3
    python3 scripts/random_board.py --fen quatro 42
    python3 scripts/random_board.py --fen quatro-solo 42
    python3 scripts/random_board.py --fen adjiboto 42
    python3 scripts/random_board.py --fen adjiboto-solo 42
    python3 scripts/random_board.py --fen solitario 42
    python3 scripts/random_board.py --fen blokus 42
    python3 scripts/random_board.py --fen blokus-solo 42
    python3 scripts/random_board.py --fen galo3d 42
    python3 scripts/random_board.py --fen galo3d-solo 42
    python3 scripts/random_board.py --check target/release/tabula

`--check` compares this code with the engine's `position random …` for many
seeds of every game and several board sizes (it must print "0 mismatches").
"""
import subprocess
import sys
MASK = (1 << 64) - 1

def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)

def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK

class Rng:
    """xoshiro256++ seeded through SplitMix64 (rand_xoshiro's seed_from_u64)."""
    def __init__(self, seed):
        self.s = []
        state = seed & MASK
        for _ in range(4):
            state, out = splitmix64(state)
            self.s.append(out)

    def next_u64(self):
        s = self.s
        result = (rotl((s[0] + s[3]) & MASK, 23) + s[0]) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

def shuffled(items, rng):
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = rng.next_u64() % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items

def numbers(game, seed):
    """The board before placement: a list of rows (row 1 first)."""
    if game.startswith("knight"):
        side, full = 10, list(range(100))
    else:
        side = 7 if game.startswith("torre") else 8
        full = [10 * a + b for a in range(1, side + 1) for b in range(1, side + 1)]
    cells = shuffled(full, Rng(seed))
    return [cells[r * side:(r + 1) * side] for r in range(side)]

def land(board, score, player, r, c):
    """The landing rules: score, vacate, symmetric or double rule."""
    n = board[r][c]
    score[player] += n
    board[r][c] = "W" if player == 0 else "B"
    a, b = divmod(n, 10)
    present = [x for row in board for x in row if isinstance(x, int)]
    if a != b:
        gone = 10 * b + a
    else:
        doubles = [x for x in present if x % 11 == 0]
        gone = max(doubles) if doubles else None
    if gone is not None:
        for row in board:
            for i, x in enumerate(row):
                if x == gone:
                    row[i] = None

def duel_fen(game, seed):
    board = numbers(game, seed)
    score = [0, 0]
    for player, row in ((0, 0), (1, len(board) - 1)):
        nums = [(x, c) for c, x in enumerate(board[row]) if isinstance(x, int)]
        if nums:
            land(board, score, player, row, max(nums)[1])
    cell = lambda x: "-" if x is None else x if isinstance(x, str) else "%02d" % x
    rows = "/".join(",".join(cell(x) for x in row) for row in board)
    return "%s %s w %d %d" % (game, rows, score[0], score[1])

def dots_fen(rows, cols, seed):
    rng = Rng(seed)
    H = [[0] * cols for _ in range(rows + 1)]   # H[r][c]: dot row r, box column c
    V = [[0] * rows for _ in range(cols + 1)]   # V[c][r]: dot column c, box row r
    def sides(i, j):
        return (H[i][j] > 0) + (H[i + 1][j] > 0) + (V[j][i] > 0) + (V[j + 1][i] > 0)
    def boxes(kind, r, c):
        if kind == "h":
            return [(i, c) for i in (r - 1, r) if 0 <= i < rows]
        return [(r, j) for j in (c - 1, c) if 0 <= j < cols]
    for player in (1, 2):
        arcs = [("h", r, c) for r in range(rows + 1) for c in range(cols) if not H[r][c]]
        arcs += [("v", r, c) for c in range(cols + 1) for r in range(rows) if not V[c][r]]
        safe = [a for a in arcs if all(sides(i, j) < 2 for i, j in boxes(*a))]
        if not safe:
            break
        kind, r, c = safe[rng.next_u64() % len(safe)]
        if kind == "h":
            H[r][c] = player
        else:
            V[c][r] = player
    h = "/".join("".join(map(str, row)) for row in H)
    v = "/".join("".join(map(str, col)) for col in V)
    return "dots %dx%d %s %s 1 0 0" % (rows, cols, h, v)

# Quatro: a piece is 0..15, its four bits its attributes (bit 0 colour, 1
# height, 2 shape, 3 fill); squares a1 b1 c1 d1 a2 .. d4 are 0..15.
QUATRO_LINES = [[4 * r + c for c in range(4)] for r in range(4)]
QUATRO_LINES += [[4 * r + c for r in range(4)] for c in range(4)]
QUATRO_LINES += [[0, 5, 10, 15], [12, 9, 6, 3]]

def share_value(pieces):
    """Do the pieces share an attribute value (all 1 or all 0 in some bit)?"""
    ones, zeros = 0xF, 0xF
    for p in pieces:
        ones &= p
        zeros &= ~p & 0xF
    return (ones | zeros) != 0

def piece_name(p):
    """Colour, shape, height, fill: brao .. pqbc."""
    return "bp"[p & 1] + "rq"[p >> 2 & 1] + "ab"[p >> 1 & 1] + "oc"[p >> 3 & 1]

def quatro_board(seed):
    """The board (16 cells, None = empty), the reserve and the side to move."""
    rng = Rng(seed)
    board, reserve, side = [None] * 16, list(range(16)), 1
    def quiet(p, s):
        # Neither completes a winning line nor leaves a line of 3 that a
        # piece still in reserve would complete.
        after = board[:s] + [p] + board[s + 1:]
        rest = [q for q in reserve if q != p]
        for line in QUATRO_LINES:
            if s not in line:
                continue
            pieces = [after[x] for x in line if after[x] is not None]
            if len(pieces) == 4 and share_value(pieces):
                return False
            if len(pieces) == 3 and any(share_value(pieces + [q]) for q in rest):
                return False
        return True
    for _ in range(2 + rng.next_u64() % 3):
        moves = [(p, s) for p in reserve for s in range(16) if board[s] is None and quiet(p, s)]
        if not moves:
            break
        p, s = moves[rng.next_u64() % len(moves)]
        board[s] = p
        reserve.remove(p)
        side = 3 - side
    return board, reserve, side

def quatro_fen(game, seed):
    board, reserve, side = quatro_board(seed)
    cell = lambda p: "-" if p is None else piece_name(p)
    rows = "/".join(",".join(cell(p) for p in board[4 * r:4 * r + 4]) for r in range(4))
    if game == "quatro-solo":
        return "quatro-solo %s %s" % (rows, ",".join(map(piece_name, reserve)) or "-")
    return "quatro %s %d" % (rows, side)

def adjiboto_fen(game, seed):
    """The duel: 48 seeds dealt into the top row (pit rng % 6), the bottom
    row the top row turned 180 degrees, player 1 to move. The puzzle:
    8 + rng % 17 seeds dealt into the 12 pits (rng % 12, row 0 first)."""
    rng = Rng(seed)
    pits = [0] * 12
    if game == "adjiboto-solo":
        for _ in range(8 + rng.next_u64() % 17):
            pits[rng.next_u64() % 12] += 1
    else:
        for _ in range(48):
            pits[rng.next_u64() % 6] += 1
        for c in range(6):
            pits[6 + 5 - c] = pits[c]
    rows = " ".join(",".join(str(n) for n in pits[6 * r:6 * r + 6]) for r in range(2))
    if game == "adjiboto-solo":
        return "adjiboto-solo " + rows
    return "adjiboto %s 1 0 0" % rows


SOLI_HOLES = [[2 <= r <= 4 or 2 <= c <= 4 for c in range(7)] for r in range(7)]
# Right, left, up, down: the operators' order (rules/solitario.md 3.8).
SOLI_DIRS = [(0, 1), (0, -1), (-1, 0), (1, 0)]


def soli_winner(board):
    """1 or 2 when a peg stands on the opponent's start holes."""
    for c in range(2, 5):
        if board[5][c] == 1 or board[6][c] == 1:
            return 1
        if board[0][c] == 2 or board[1][c] == 2:
            return 2
    return None


def soli_moves(board, side):
    """The duel's moves of `side`: origin holes in reading order, steps
    then captures, each right, left, up, down."""
    def at(r, c):
        return board[r][c] if 0 <= r < 7 and 0 <= c < 7 and SOLI_HOLES[r][c] else None
    moves = []
    for r in range(7):
        for c in range(7):
            if at(r, c) != side:
                continue
            for dr, dc in SOLI_DIRS:
                if at(r + dr, c + dc) == 0:
                    moves.append(((r, c), (r + dr, c + dc)))
            for dr, dc in SOLI_DIRS:
                if at(r + dr, c + dc) == 3 - side and at(r + 2 * dr, c + 2 * dc) == 0:
                    moves.append(((r, c), (r + 2 * dr, c + 2 * dc)))
    return moves


def soli_play(board, move):
    (fr, fc), (tr, tc) = move
    out = [row[:] for row in board]
    out[tr][tc], out[fr][fc] = out[fr][fc], 0
    if abs(fr - tr) == 2 or abs(fc - tc) == 2:
        out[(fr + tr) // 2][(fc + tc) // 2] = 0
    return out


def solitario_fen(seed):
    """From the start, 2 + 2 * (rng % 4) plies, each the rng % m-th of the
    m legal moves after which the game goes on (a win on the start holes,
    or the player then to move without a move, ends it) and the player then
    to move cannot reach the opponent's start holes at once."""
    rng = Rng(seed)
    board = [[(1 if r < 2 else 2 if r > 4 else 0) if SOLI_HOLES[r][c] else None
              for c in range(7)] for r in range(7)]
    side, ply = 1, 0
    for _ in range(2 + 2 * (rng.next_u64() % 4)):
        quiet = []
        for m in soli_moves(board, side):
            after = soli_play(board, m)
            replies = soli_moves(after, 3 - side)
            if soli_winner(after) or not replies:
                continue
            if any(soli_winner(soli_play(after, n)) for n in replies):
                continue
            quiet.append(after)
        if not quiet:
            break
        board = quiet[rng.next_u64() % len(quiet)]
        side, ply = 3 - side, ply + 1
    rows = "/".join("".join("x" if v is None else str(v) for v in row) for row in board)
    return "solitario %s %d %d" % (rows, side, ply)


# Blokus (rules/blokus.md, 2021 pieces): name, stock slot, cells (row, column)
# relative to the reference cell, in move order.
BLOKUS_PIECES = [("a", 0, [(0, 0)]), ("b", 1, [(0, 0), (0, 1), (1, 0), (1, 1)]),
                 ("c1", 2, [(0, 0), (0, 1), (-1, 1), (-1, 2)]),
                 ("c2", 2, [(0, 0), (1, 0), (1, 1), (2, 1)])]


def blokus_moves(cells, stocks, side):
    """The legal placements of SIDE (1 or 2) in move order: (slot, squares)."""
    def at(r, c):
        return cells[r * 14 + c] if 0 <= r < 14 and 0 <= c < 14 else None
    first = side not in cells
    corner = (0, 0) if side == 1 else (13, 13)
    out = []
    for _, slot, offsets in BLOKUS_PIECES:
        if stocks[side - 1][slot] == 0:
            continue
        for r in range(14):
            for c in range(14):
                sq = [(r + dr, c + dc) for dr, dc in offsets]
                if any(at(x, y) != 0 for x, y in sq):
                    continue
                edge = any(at(x + a, y + b) == side for x, y in sq
                           for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0)))
                touch = any(at(x + a, y + b) == side for x, y in sq
                            for a, b in ((1, 1), (1, -1), (-1, 1), (-1, -1)))
                if (corner in sq) if first else (touch and not edge):
                    out.append((slot, sq))
    return out


def blokus_fen(game, seed):
    """The duel: from the empty board, 2 + 2 * (rng % 3) plies, each the
    rng % m-th of the m legal moves in move order (a forced pass when only
    the opponent can place). The puzzle: each square but a1 blocked when
    rng % 4 == 0, row by row, then the goal 12 + rng % 25."""
    rng = Rng(seed)
    cells = [0] * 196
    if game == "blokus-solo":
        for s in range(196):
            if rng.next_u64() % 4 == 0 and s != 0:
                cells[s] = 2
        goal = 12 + rng.next_u64() % 25
        rows = "/".join("".join(map(str, cells[14 * r:14 * r + 14])) for r in range(14))
        return "blokus-solo %s 10,10,15 %d" % (rows, goal)
    stocks, side = [[10, 10, 15], [10, 10, 15]], 1
    for _ in range(2 + 2 * (rng.next_u64() % 3)):
        moves = blokus_moves(cells, stocks, side)
        if not moves and not blokus_moves(cells, stocks, 3 - side):
            break
        if moves:
            slot, sq = moves[rng.next_u64() % len(moves)]
            for x, y in sq:
                cells[x * 14 + y] = side
            stocks[side - 1][slot] -= 1
        else:
            rng.next_u64()  # the pass, the only move (m = 1)
        side = 3 - side
    rows = "/".join("".join(map(str, cells[14 * r:14 * r + 14])) for r in range(14))
    return "blokus %s %d %s" % (rows, side, " ".join(",".join(map(str, s)) for s in stocks))


# 3-D noughts and crosses: cell (column c, row r, level l), all 0-based, is
# 9 * l + 3 * r + c; a board is two sets of cells, X's and O's.
def galo_cell(c, r, l):
    return 9 * l + 3 * r + c


def galo_lines():
    """The 49 lines of three as sets of cells: 27 straight, 18 plane
    diagonals, 4 space diagonals."""
    lines = []
    for i in range(3):
        for j in range(3):
            lines.append({galo_cell(k, i, j) for k in range(3)})  # a row
            lines.append({galo_cell(i, k, j) for k in range(3)})  # a column
            lines.append({galo_cell(i, j, k) for k in range(3)})  # a pillar
    for k in range(3):
        lines.append({galo_cell(0, 0, k), galo_cell(1, 1, k), galo_cell(2, 2, k)})
        lines.append({galo_cell(2, 0, k), galo_cell(1, 1, k), galo_cell(0, 2, k)})
        lines.append({galo_cell(0, k, 0), galo_cell(1, k, 1), galo_cell(2, k, 2)})
        lines.append({galo_cell(2, k, 0), galo_cell(1, k, 1), galo_cell(0, k, 2)})
        lines.append({galo_cell(k, 0, 0), galo_cell(k, 1, 1), galo_cell(k, 2, 2)})
        lines.append({galo_cell(k, 2, 0), galo_cell(k, 1, 1), galo_cell(k, 0, 2)})
    lines.append({galo_cell(0, 0, 0), galo_cell(1, 1, 1), galo_cell(2, 2, 2)})
    lines.append({galo_cell(2, 0, 0), galo_cell(1, 1, 1), galo_cell(0, 2, 2)})
    lines.append({galo_cell(0, 2, 0), galo_cell(1, 1, 1), galo_cell(2, 0, 2)})
    lines.append({galo_cell(2, 2, 0), galo_cell(1, 1, 1), galo_cell(0, 0, 2)})
    return lines


GALO_LINES = galo_lines()
# Move order: the reading order of the position string (level 3 first).
GALO_ORDER = [9 * (2 - k // 9) + k % 9 for k in range(27)]


def galo_threats(mine, other):
    """The empty cells that complete a line of the symbol on MINE."""
    return {c for line in GALO_LINES if len(line & mine) == 2
            for c in line - mine if c not in other}


def galo_can_fork(mine, other):
    """Can the symbol on MINE make two threats with one move?"""
    return any(len(galo_threats(mine | {c}, other)) >= 2
               for c in range(27) if c not in mine and c not in other)


def galo3d_fen(game, seed):
    """From the empty board, 2 + rng % 3 plies, each the rng % m-th of the
    m empty cells in move order after which neither symbol has two on a
    line with the third cell empty and the player to move cannot fork (the
    board stops early if no such cell is left). The puzzle: the same board."""
    rng = Rng(seed)
    marks = [set(), set()]  # X's cells, O's cells
    side = 0  # 0: X to move, 1: O
    for _ in range(2 + rng.next_u64() % 3):
        quiet = []
        for c in GALO_ORDER:
            if c in marks[0] or c in marks[1]:
                continue
            after = [set(marks[0]), set(marks[1])]
            after[side].add(c)
            if galo_threats(after[0], after[1]) or galo_threats(after[1], after[0]):
                continue
            if galo_can_fork(after[1 - side], after[side]):
                continue
            quiet.append(c)
        if not quiet:
            break
        marks[side].add(quiet[rng.next_u64() % len(quiet)])
        side = 1 - side
    text = "".join("x" if c in marks[0] else "o" if c in marks[1] else "-"
                   for c in GALO_ORDER)
    rows = [text[3 * i:3 * i + 3] for i in range(9)]
    board = "/".join(",".join(rows[3 * k:3 * k + 3]) for k in range(3))
    if game == "galo3d-solo":
        return "galo3d-solo " + board
    return "galo3d %s %s" % (board, "xo"[side])


def check(binary):
    cases = []
    for seed in list(range(0, 40)) + [2**64 - 1, 123456789012345]:
        cases.append(("random knight %d" % seed, duel_fen("knight", seed)))
        cases.append(("random bishop %d" % seed, duel_fen("bishop", seed)))
        cases.append(("random torre %d" % seed, duel_fen("torre", seed)))
        cases.append(("random dots %d" % seed, dots_fen(5, 6, seed)))
        cases.append(("random dots %d 3x4" % seed, dots_fen(3, 4, seed)))
        cases.append(("random dots %d 1x1" % seed, dots_fen(1, 1, seed)))
        cases.append(("random quatro %d" % seed, quatro_fen("quatro", seed)))
        cases.append(("random quatro-solo %d" % seed, quatro_fen("quatro-solo", seed)))
        cases.append(("random adjiboto %d" % seed, adjiboto_fen("adjiboto", seed)))
        cases.append(("random adjiboto-solo %d" % seed, adjiboto_fen("adjiboto-solo", seed)))
        cases.append(("random solitario %d" % seed, solitario_fen(seed)))
        cases.append(("random blokus %d" % seed, blokus_fen("blokus", seed)))
        cases.append(("random blokus-solo %d" % seed, blokus_fen("blokus-solo", seed)))
        cases.append(("random galo3d %d" % seed, galo3d_fen("galo3d", seed)))
        cases.append(("random galo3d-solo %d" % seed, galo3d_fen("galo3d-solo", seed)))
    inp = "".join("position %s\nshow\n" % c for c, _ in cases)
    out = subprocess.run([binary], input=inp, capture_output=True, text=True).stdout
    fens = [l[4:] for l in out.splitlines() if l.startswith("fen ")]
    bad = [(c, f, w) for (c, w), f in zip(cases, fens) if f != w]
    bad += [("missing", None, None)] * (len(cases) - len(fens))
    for b in bad[:5]:
        print("MISMATCH", b)
    games = {}
    for c, _ in cases:
        games[c.split()[1]] = games.get(c.split()[1], 0) + 1
    print("cases per game:", ", ".join("%s %d" % g for g in games.items()))
    print(len(cases), "cases,", len(bad), "mismatches")
    return not bad


if __name__ == "__main__":
    args = sys.argv[1:]
    fen = args[:1] == ["--fen"]
    if fen:
        args = args[1:]
    if args[:1] == ["--check"] and len(args) == 2:
        sys.exit(0 if check(args[1]) else 1)
    board_only = ("dots", "quatro", "quatro-solo", "adjiboto", "adjiboto-solo", "solitario",
                  "blokus", "blokus-solo", "galo3d", "galo3d-solo")
    if len(args) < 2 or args[0] not in ("knight", "bishop", "torre") + board_only or (
            args[0] in board_only and not fen):
        sys.exit(__doc__)
    if args[0] == "solitario":
        print(solitario_fen(int(args[1])))
    elif args[0].startswith("galo3d"):
        print(galo3d_fen(args[0], int(args[1])))
    elif args[0].startswith("blokus"):
        print(blokus_fen(args[0], int(args[1])))
    elif args[0].startswith("adjiboto"):
        print(adjiboto_fen(args[0], int(args[1])))
    elif args[0].startswith("quatro"):
        print(quatro_fen(args[0], int(args[1])))
    elif args[0] == "dots":
        rows, cols = map(int, (args[2] if len(args) > 2 else "5x6").split("x"))
        print(dots_fen(rows, cols, int(args[1])))
    elif fen:
        print(duel_fen(args[0], int(args[1])))
    else:
        for row in numbers(args[0], int(args[1])):
            print(" ".join("%02d" % n for n in row))
