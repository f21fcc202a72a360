#!/usr/bin/env python3
"""A small example engine for the knight game (and the bishop game, the rook
game ``torre``, Quatro, Adji-boto, Solitario, 3-D noughts and crosses
``galo3d`` and Blokus).

A template for students: it speaks the Tabula engine protocol on standard
input / output, keeps its own board, applies the rules to the moves it is
sent, and answers every ``go`` with a legal ``bestmove``.  Replace
``choose_move`` with your own search.

    python3 adapters/python/example_engine.py

Python 3.11, standard library only.  Protocol in brief (see protocol.md):

    ugi / uci              -> id name, id author, option lines, ugiok / uciok
    isready [token]        -> readyok [token]
    uginewgame             -> (nothing)
    setoption name Strategy value greedy|random
    setoption name Seed value <n>
    position fen <FEN> [moves <m1> <m2> ...]
    go movetime <ms> | depth <d> | p1time <ms> p2time <ms> | infinite ...
                           -> bestmove <square, pass, brao@c3 in quatro, t3 in adjiboto,
                                        d2-d3 in solitario, b22 in galo3d,
                                        c1@d5 in blokus>
    stop, quit (or the end of the input)
    perft <depth>          -> <move> <count> ..., perft <depth> <total>
    query gameover | p1turn | result
                           -> response true|false, response p1win|p2win|draw|none
    show                   -> info string fen <FEN>   (debug)
    legal                  -> info string legal <moves...>   (debug)

Anything wrong in a line is answered ``info string error <why>`` and the
engine carries on.  Every line written is flushed at once: an engine whose
output sits in a buffer looks dead to the arbiter.
"""

import random
import sys

KNIGHT_JUMPS = [(2, -1), (2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2)]
"""Knight jumps as (row, column) offsets, rows growing downwards (op1..op8)."""

BISHOP_DIRECTIONS = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
"""Bishop directions; along each, nearer squares first. Empty squares never block."""

ROOK_DIRECTIONS = [(1, 0), (0, 1), (-1, 0), (0, -1)]
"""Rook directions (rules/torre.md), nearer squares first. Nothing blocks the slide."""

BOARD_SIZES = {"knight": 10, "bishop": 8, "torre": 7}
"""The number-board games and their board sides."""

PASS = "pass"


class EngineError(Exception):
    """Bad input: answered with ``info string error``."""


def is_number(text):
    """Only the ASCII digits 0-9 (str.isdigit alone also accepts '²')."""
    return text.isascii() and text.isdigit()


# ---------------------------------------------------------------------------
# The position and the rules
# ---------------------------------------------------------------------------


class Position:
    """A knight, bishop or rook (``torre``) duel.

    ``cells[sq]`` is the number on square ``sq = row * size + col`` (row 0 is
    the first row of the FEN, square ``a1``) or None when empty.
    ``pieces[p]`` is the square of player p's piece (p = 0 white, 1 black),
    None if it could not be placed.  ``side`` is the player to move.
    """

    def __init__(self, game, size, cells, pieces, side, scores):
        self.game = game
        self.size = size
        self.cells = cells
        self.pieces = pieces
        self.side = side
        self.scores = scores

    def copy(self):
        return Position(self.game, self.size, list(self.cells), list(self.pieces),
                        self.side, list(self.scores))

    # -- position strings ---------------------------------------------------

    @staticmethod
    def from_fen(words):
        """``knight <rows> <side> <score1> <score2>`` (bishop: 8 rows of 8,
        torre: 7 rows of 7)."""
        if not words or words[0] not in BOARD_SIZES:
            found = words[0] if words else "nothing"
            raise EngineError(
                f"this engine plays knight, bishop, torre, quatro, adjiboto, solitario, galo3d and blokus, "
                f"not {found}")
        game = words[0]
        size = BOARD_SIZES[game]
        if len(words) != 5:
            raise EngineError(f"expected '{game} <rows> <side> <score1> <score2>'")
        rows = words[1].split("/")
        if len(rows) != size:
            raise EngineError(f"expected {size} rows separated by '/', found {len(rows)}")
        cells, pieces = [], [None, None]
        for r, row in enumerate(rows):
            items = row.split(",")
            if len(items) != size:
                raise EngineError(f"row {r + 1}: expected {size} comma-separated cells")
            for c, item in enumerate(items):
                sq = r * size + c
                if item == "-":
                    cells.append(None)
                elif item.upper() in ("W", "B"):
                    player = 0 if item.upper() == "W" else 1
                    if pieces[player] is not None:
                        raise EngineError(f"row {r + 1}: a second '{item.upper()}'")
                    pieces[player] = sq
                    cells.append(None)
                elif is_number(item) and len(item) <= 2:
                    cells.append(int(item))
                else:
                    raise EngineError(f"row {r + 1}, cell {c + 1}: bad cell '{item}'")
        if words[2] not in ("w", "b", "W", "B"):
            raise EngineError(f"side to move: expected 'w' or 'b', found '{words[2]}'")
        if not (is_number(words[3]) and is_number(words[4])):
            raise EngineError("scores: expected two non-negative integers")
        pos = Position(game, size, cells, pieces, 0 if words[2] in "wW" else 1, [0, 0])
        if pieces == [None, None]:
            pos.place_automatically()
        elif None in pieces:
            raise EngineError("board: expected both a 'W' and a 'B' (or neither)")
        pos.scores[0] += int(words[3])
        pos.scores[1] += int(words[4])
        return pos

    def fen(self):
        rows = []
        for r in range(self.size):
            row = []
            for c in range(self.size):
                sq = r * self.size + c
                if sq == self.pieces[0]:
                    row.append("W")
                elif sq == self.pieces[1]:
                    row.append("B")
                elif self.cells[sq] is None:
                    row.append("-")
                else:
                    row.append(f"{self.cells[sq]:02d}")
            rows.append(",".join(row))
        side = "w" if self.side == 0 else "b"
        return f"{self.game} {'/'.join(rows)} {side} {self.scores[0]} {self.scores[1]}"

    # -- moves --------------------------------------------------------------

    def reach(self, sq):
        """Squares the piece on ``sq`` reaches on an empty board, in operator order."""
        row, col = divmod(sq, self.size)
        out = []
        if self.game == "knight":
            for dr, dc in KNIGHT_JUMPS:
                r, c = row + dr, col + dc
                if 0 <= r < self.size and 0 <= c < self.size:
                    out.append(r * self.size + c)
        else:
            directions = BISHOP_DIRECTIONS if self.game == "bishop" else ROOK_DIRECTIONS
            for dr, dc in directions:
                r, c = row + dr, col + dc
                while 0 <= r < self.size and 0 <= c < self.size:
                    out.append(r * self.size + c)
                    r, c = r + dr, c + dc
        return out

    def targets(self, player):
        """Squares ``player`` may move to: a number still on it, and not
        attacked by the opponent's piece (the attack rule)."""
        me, them = self.pieces[player], self.pieces[1 - player]
        if me is None:
            return []
        attacked = set(self.reach(them)) if them is not None else set()
        return [sq for sq in self.reach(me)
                if self.cells[sq] is not None and sq not in attacked]

    def legal_moves(self):
        """The legal moves; ``[PASS]`` when only the opponent can move,
        ``[]`` when the game is over."""
        moves = self.targets(self.side)
        if moves:
            return moves
        if self.targets(1 - self.side):
            return [PASS]
        return []

    def land(self, player, sq):
        """The landing rules: score, vacate, then the symmetric number ``ba``
        goes, or on a double (00 counts) the largest other double goes.
        Removal takes every copy of a number."""
        n = self.cells[sq]
        self.scores[player] += n
        self.cells[sq] = None
        self.pieces[player] = sq
        tens, units = divmod(n, 10)
        if tens != units:
            self.remove_number(units * 10 + tens)
        else:
            for double in range(99, -1, -11):
                if double in self.cells:
                    self.remove_number(double)
                    break

    def remove_number(self, n):
        self.cells = [None if x == n else x for x in self.cells]

    def place_automatically(self):
        """White on the highest number of row 1, then black on the highest
        remaining number of the last row."""
        for player, row in ((0, 0), (1, self.size - 1)):
            squares = [row * self.size + c for c in range(self.size)]
            numbered = [sq for sq in squares if self.cells[sq] is not None]
            if numbered:
                self.land(player, max(numbered, key=lambda sq: self.cells[sq]))

    def result(self):
        """``p1win``, ``p2win`` or ``draw`` once neither can move (the higher
        score wins), else ``none``."""
        if self.legal_moves():
            return "none"
        if self.scores[0] == self.scores[1]:
            return "draw"
        return "p1win" if self.scores[0] > self.scores[1] else "p2win"

    def play(self, move):
        """The position after a legal ``move`` (this one is unchanged)."""
        pos = self.copy()
        if move != PASS:
            pos.land(pos.side, move)
        pos.side = 1 - pos.side
        return pos

    # -- notation -----------------------------------------------------------

    def move_name(self, move):
        if move == PASS:
            return PASS
        row, col = divmod(move, self.size)
        return f"{chr(ord('a') + col)}{row + 1}"

    def parse_move(self, text):
        """A legal move from its text, or EngineError."""
        for move in self.legal_moves():
            if self.move_name(move) == text.lower():
                return move
        raise EngineError(f"illegal or unknown move '{text}'")


# ---------------------------------------------------------------------------
# Quatro (rules/quatro.md): the duel
# ---------------------------------------------------------------------------

QUATRO_LETTERS = [(0, "bp"), (2, "rq"), (1, "ab"), (3, "oc")]
"""Each written letter of a piece (colour, shape, height, fill) with the bit
it sets in the piece's number.  The numbers 0..15 are then the canonical
order ``brao prao brbo prbo bqao ... pqbc``: colour changes fastest, then
height, then shape, then fill."""

QUATRO_LINES = ([[4 * r + c for c in range(4)] for r in range(4)]
                + [[4 * r + c for r in range(4)] for c in range(4)]
                + [[0, 5, 10, 15], [12, 9, 6, 3]])
"""The 10 lines (squares ``sq = row * 4 + col``, ``a1`` = 0): the rows, the
columns, the diagonals ``a1 b2 c3 d4`` and ``a4 b3 c2 d1``."""


def piece_name(p):
    return "".join(letters[p >> bit & 1] for bit, letters in QUATRO_LETTERS)


def parse_piece(text):
    """The piece of four letters (any case), or None."""
    if len(text) != 4:
        return None
    p = 0
    for ch, (bit, letters) in zip(text.lower(), QUATRO_LETTERS):
        if ch not in letters:
            return None
        p |= letters.index(ch) << bit
    return p


def shared_values(pieces):
    """The attribute values all ``pieces`` share, as two bit masks: the bits
    set in every piece, and the bits clear in every piece."""
    ones, zeros = 15, 15
    for p in pieces:
        ones &= p
        zeros &= ~p & 15
    return ones, zeros


class QuatroPosition:
    """A Quatro duel.

    ``cells[sq]`` is the piece (0..15) on square ``sq = row * 4 + col`` or
    None.  The reserve is every piece not on the board.  ``side`` is the
    player to move (0 or 1); ``won`` is True once a line is complete (the
    player who just moved won).
    """

    game = "quatro"

    def __init__(self, cells, side):
        self.cells = cells
        self.side = side
        self.won = any(self.line_wins(line) for line in QUATRO_LINES)

    def copy(self):
        pos = QuatroPosition.__new__(QuatroPosition)
        pos.cells, pos.side, pos.won = list(self.cells), self.side, self.won
        return pos

    @staticmethod
    def from_fen(words):
        """``quatro <row1>/<row2>/<row3>/<row4> <side>``."""
        if len(words) != 3:
            raise EngineError("expected 'quatro <row1>/<row2>/<row3>/<row4> <side>'")
        rows = words[1].split("/")
        if len(rows) != 4:
            raise EngineError(f"expected 4 rows separated by '/', found {len(rows)}")
        cells = []
        for r, row in enumerate(rows):
            items = row.split(",")
            if len(items) != 4:
                raise EngineError(f"row {r + 1}: expected 4 comma-separated cells")
            for c, item in enumerate(items):
                p = None if item == "-" else parse_piece(item)
                if item != "-" and p is None:
                    raise EngineError(f"row {r + 1}, cell {c + 1}: bad piece '{item}'")
                if p is not None and p in cells:
                    raise EngineError(f"row {r + 1}, cell {c + 1}: a second '{item}'")
                cells.append(p)
        if words[2] not in ("1", "2"):
            raise EngineError(f"side to move: expected '1' or '2', found '{words[2]}'")
        return QuatroPosition(cells, int(words[2]) - 1)

    def fen(self):
        rows = []
        for r in range(4):
            rows.append(",".join("-" if p is None else piece_name(p)
                                 for p in self.cells[4 * r:4 * r + 4]))
        return f"quatro {'/'.join(rows)} {self.side + 1}"

    # -- rules --------------------------------------------------------------

    def reserve(self):
        """The pieces not on the board, in canonical order."""
        return [p for p in range(16) if p not in self.cells]

    def line_wins(self, line):
        """Four pieces sharing at least one attribute value."""
        pieces = [self.cells[sq] for sq in line]
        return None not in pieces and shared_values(pieces) != (0, 0)

    def legal_moves(self):
        """Moves ``(piece, square)``: pieces in canonical order, then the empty
        squares a1 b1 c1 d1 a2 ... d4; ``[]`` once a line wins or the board
        is full."""
        if self.won:
            return []
        empty = [sq for sq in range(16) if self.cells[sq] is None]
        return [(p, sq) for p in self.reserve() for sq in empty]

    def completes(self, move):
        """Does ``move`` complete a winning line?"""
        p, sq = move
        for line in QUATRO_LINES:
            if sq in line:
                others = [self.cells[s] for s in line if s != sq]
                if None not in others and shared_values(others + [p]) != (0, 0):
                    return True
        return False

    def play(self, move):
        """The position after a legal ``move`` (this one is unchanged)."""
        pos = self.copy()
        pos.won = self.completes(move)
        pos.cells[move[1]] = move[0]
        pos.side = 1 - pos.side
        return pos

    def result(self):
        """``p1win`` or ``p2win`` once a line wins, ``draw`` on a full board,
        else ``none``."""
        if self.won:
            return "p2win" if self.side == 0 else "p1win"
        return "draw" if None not in self.cells else "none"

    # -- notation -----------------------------------------------------------

    def move_name(self, move):
        p, sq = move
        row, col = divmod(sq, 4)
        return f"{piece_name(p)}@{chr(ord('a') + col)}{row + 1}"

    def parse_move(self, text):
        """A legal move from its text, or EngineError."""
        piece, at, square = text.lower().partition("@")
        p = parse_piece(piece)
        if not at or p is None or len(square) != 2 or square[0] not in "abcd" \
                or square[1] not in "1234":
            raise EngineError(f"bad move '{text}': expected <piece>@<square>, e.g. brao@c3")
        move = (p, (int(square[1]) - 1) * 4 + "abcd".index(square[0]))
        if move not in self.legal_moves():
            raise EngineError(f"illegal move '{text}'")
        return move

    def gives_win(self, move):
        """After ``move`` (which does not win), can the opponent win at once?
        True when a line then holds 3 pieces sharing a value that a piece
        still in reserve also has."""
        after = self.play(move)
        reserve = after.reserve()
        for line in QUATRO_LINES:
            pieces = [after.cells[sq] for sq in line if after.cells[sq] is not None]
            if len(pieces) != 3:
                continue
            ones, zeros = shared_values(pieces)
            if any(q & ones or ~q & zeros for q in reserve):
                return True
        return False


# ---------------------------------------------------------------------------
# Adji-boto (rules/adjiboto.md): the duel
# ---------------------------------------------------------------------------


def adji_next(pit):
    """The pit after ``pit`` (``6 * row + column``) counter-clockwise: along
    the bottom row (row 1) to the right, then the top row (row 0) to the
    left."""
    row, col = divmod(pit, 6)
    if row == 1:
        return 5 if col == 5 else pit + 1
    return 6 if col == 0 else pit - 1


class AdjiPosition:
    """An Adji-boto duel.

    ``pits[p]`` holds the seeds of pit ``p = 6 * row + column`` (row 0 the
    top row, player 1's, ``t1``..``t6``; row 1 player 2's, ``b1``..``b6``).
    ``scores`` are the seeds each player captured, ``quiet`` the plies since
    the last capture (the game ends at 100).
    """

    game = "adjiboto"

    def __init__(self, pits, side, scores, quiet):
        self.pits, self.side, self.scores, self.quiet = pits, side, scores, quiet

    def copy(self):
        return AdjiPosition(list(self.pits), self.side, list(self.scores), self.quiet)

    @staticmethod
    def from_fen(words):
        """``adjiboto <row0> <row1> <side> <score1> <score2> [<quiet>]``."""
        if len(words) not in (6, 7):
            raise EngineError("expected 'adjiboto <row0> <row1> <side> <score1> <score2> [<quiet>]'")
        pits = []
        for r in (1, 2):
            items = words[r].split(",")
            if len(items) != 6 or not all(is_number(i) for i in items):
                raise EngineError(f"row {r - 1}: expected 6 comma-separated seed counts")
            pits += [int(i) for i in items]
        if words[3] not in ("1", "2"):
            raise EngineError(f"side to move: expected '1' or '2', found '{words[3]}'")
        numbers = words[4:]
        if not all(is_number(n) for n in numbers):
            raise EngineError("scores and quiet plies: expected integers")
        scores = [int(words[4]), int(words[5])]
        quiet = int(words[6]) if len(words) == 7 else 0
        if sum(pits) + sum(scores) > 96 or quiet > 100:
            raise EngineError("at most 96 seeds, at most 100 quiet plies")
        return AdjiPosition(pits, int(words[3]) - 1, scores, quiet)

    def fen(self):
        rows = " ".join(",".join(str(n) for n in self.pits[6 * r:6 * r + 6]) for r in (0, 1))
        quiet = f" {self.quiet}" if self.quiet else ""
        return f"adjiboto {rows} {self.side + 1} {self.scores[0]} {self.scores[1]}{quiet}"

    def over(self):
        return sum(self.pits) == 0 or self.quiet >= 100

    def legal_moves(self):
        """The non-empty pits of the mover's row, left to right, or ``[PASS]``
        when that row is empty; ``[]`` once the game is over."""
        if self.over():
            return []
        own = range(6 * self.side, 6 * self.side + 6)
        return [p for p in own if self.pits[p]] or [PASS]

    def sow(self, pit):
        """The position after emptying ``pit``: one seed per pit, skipping the
        pit itself; the last pit is captured when it holds 1, 3 or 5 seeds
        and lies on the opponent's row.  Returns (position, captured)."""
        pos = self.copy()
        seeds, pos.pits[pit], at = pos.pits[pit], 0, pit
        while seeds:
            at = adji_next(at)
            if at != pit:
                pos.pits[at] += 1
                seeds -= 1
        captured = 0
        if pos.pits[at] in (1, 3, 5) and at // 6 != pit // 6:
            captured, pos.pits[at] = pos.pits[at], 0
        return pos, captured

    def play(self, move):
        if move == PASS:
            pos, captured = self.copy(), 0
        else:
            pos, captured = self.sow(move)
            pos.scores[self.side] += captured
        pos.quiet = 0 if captured else self.quiet + 1
        pos.side = 1 - self.side
        return pos

    def capture(self, move):
        """Seeds ``move`` captures."""
        return 0 if move == PASS else self.sow(move)[1]

    def result(self):
        if not self.over():
            return "none"
        a, b = self.scores
        return "p1win" if a > b else "p2win" if b > a else "draw"

    def move_name(self, move):
        if move == PASS:
            return PASS
        row, col = divmod(move, 6)
        return f"{'tb'[row]}{col + 1}"

    def parse_move(self, text):
        text = text.lower()
        if text == PASS:
            move = PASS
        elif len(text) == 2 and text[0] in "tb" and text[1] in "123456":
            move = 6 * "tb".index(text[0]) + int(text[1]) - 1
        else:
            raise EngineError(f"bad move '{text}': expected t1..t6, b1..b6 or pass")
        if move not in self.legal_moves():
            raise EngineError(f"illegal move '{text}'")
        return move


# ---------------------------------------------------------------------------
# Solitario 2 (rules/solitario.md): the duel on the English cross
# ---------------------------------------------------------------------------

SOLI_DIRECTIONS = [(0, 1), (0, -1), (-1, 0), (1, 0)]
"""Right, left, up, down: steps ``d e c b``, captures ``cd ce cc cb``."""


def soli_hole(r, c):
    return 0 <= r < 7 and 0 <= c < 7 and (2 <= r <= 4 or 2 <= c <= 4)


class SoliPosition:
    """A Solitario duel: ``cells[r][c]`` 0 empty, 1 or 2 a player's peg,
    None off the cross; row 0 is row 1 of the notation (player 1's start).
    A move is ``((r, c), (r2, c2))`` or PASS (``NoMove = pass`` only)."""

    game = "solitario"

    def __init__(self, cells, side, ply, pass_rule, material):
        self.cells, self.side, self.ply = cells, side, ply
        self.pass_rule, self.material = pass_rule, material

    def copy(self):
        return SoliPosition([row[:] for row in self.cells], self.side, self.ply,
                            self.pass_rule, self.material)

    @staticmethod
    def from_fen(words):
        """``solitario <rows> [<side> [<ply>]] [pass] [material]``."""
        if len(words) < 2:
            raise EngineError("expected 'solitario <row1>/.../<row7> <side> <ply>'")
        rows = words[1].split("/")
        if len(rows) != 7 or any(len(r) != 7 for r in rows):
            raise EngineError("solitario: the board is 7 rows of 7 cells")
        cells = []
        for r, row in enumerate(rows):
            line = []
            for c, ch in enumerate(row.lower()):
                if (ch == "x") == soli_hole(r, c) or ch not in "x012":
                    raise EngineError(f"solitario: bad cell '{ch}' at row {r + 1}")
                line.append(None if ch == "x" else int(ch))
            cells.append(line)
        rest = words[2:]
        flags = [w for w in rest if w in ("pass", "material")]
        numbers = [w for w in rest if w not in flags]
        side = int(numbers[0]) - 1 if numbers else 0
        ply = int(numbers[1]) if len(numbers) > 1 else 0
        return SoliPosition(cells, side, ply, "pass" in flags, "material" in flags)

    def fen(self):
        rows = "/".join("".join("x" if v is None else str(v) for v in row) for row in self.cells)
        tail = (" pass" if self.pass_rule else "") + (" material" if self.material else "")
        return f"solitario {rows} {self.side + 1} {self.ply}{tail}"

    def at(self, r, c):
        return self.cells[r][c] if soli_hole(r, c) else None

    def winner(self):
        """0 or 1 when a peg stands on the opponent's start holes (the
        player who moved last first, on a set-up board with both)."""
        p1 = any(self.cells[r][c] == 1 for r in (5, 6) for c in range(2, 5))
        p2 = any(self.cells[r][c] == 2 for r in (0, 1) for c in range(2, 5))
        if p1 and p2:
            return 1 - self.side
        return 0 if p1 else 1 if p2 else None

    def moves_of(self, side):
        """Origin holes in reading order, steps then captures, each right,
        left, up, down (rules 3.8)."""
        me, enemy, out = side + 1, 2 - side, []
        for r in range(7):
            for c in range(7):
                if self.at(r, c) != me:
                    continue
                for dr, dc in SOLI_DIRECTIONS:
                    if self.at(r + dr, c + dc) == 0:
                        out.append(((r, c), (r + dr, c + dc)))
                for dr, dc in SOLI_DIRECTIONS:
                    if self.at(r + dr, c + dc) == enemy and self.at(r + 2 * dr, c + 2 * dc) == 0:
                        out.append(((r, c), (r + 2 * dr, c + 2 * dc)))
        return out

    def result(self):
        w = self.winner()
        if w is not None:
            return ("p1win", "p2win")[w]
        if self.ply >= 150:
            if not self.material:
                return "draw"
            a = sum(row.count(1) for row in self.cells)
            b = sum(row.count(2) for row in self.cells)
            return "p1win" if a > b else "p2win" if b > a else "draw"
        if self.moves_of(self.side):
            return "none"
        if not self.pass_rule:
            return ("p2win", "p1win")[self.side]
        return "none" if self.moves_of(1 - self.side) else "draw"

    def legal_moves(self):
        if self.result() != "none":
            return []
        return self.moves_of(self.side) or [PASS]

    def play(self, move):
        pos = self.copy()
        if move != PASS:
            (r, c), (r2, c2) = move
            pos.cells[r2][c2], pos.cells[r][c] = pos.cells[r][c], 0
            if abs(r2 - r) == 2 or abs(c2 - c) == 2:
                pos.cells[(r + r2) // 2][(c + c2) // 2] = 0
        pos.side, pos.ply = 1 - self.side, self.ply + 1
        return pos

    def wins_at_once(self, move):
        return move != PASS and self.play(move).winner() == self.side

    def move_name(self, move):
        if move == PASS:
            return PASS
        (r, c), (r2, c2) = move
        return f"{'abcdefg'[c]}{r + 1}-{'abcdefg'[c2]}{r2 + 1}"

    def parse_move(self, text):
        text = text.lower()
        for move in self.legal_moves():
            if self.move_name(move) == text:
                return move
        raise EngineError(f"illegal move '{text}' (expected from-to such as d2-d3)")


# ---------------------------------------------------------------------------
# 3-D noughts and crosses (rules/galo3d.md): the duel
# ---------------------------------------------------------------------------


def galo_lines():
    """The 49 lines of three, as lists of cells ``level * 9 + row * 3 + col``
    (0-based, level 0 the bottom board): every direction from every cell."""
    lines = set()
    for l in range(3):
        for r in range(3):
            for c in range(3):
                for dl in (-1, 0, 1):
                    for dr in (-1, 0, 1):
                        for dc in (-1, 0, 1):
                            if (dl, dr, dc) == (0, 0, 0):
                                continue
                            pts = [(l + k * dl, r + k * dr, c + k * dc) for k in range(3)]
                            if all(0 <= x < 3 for p in pts for x in p):
                                lines.add(tuple(sorted(a * 9 + b * 3 + d for a, b, d in pts)))
    return sorted(lines)


GALO_LINES = galo_lines()
"""The 49 lines (27 straight, 18 plane diagonals, 4 space diagonals)."""

GALO_ORDER = [level * 9 + k for level in (2, 1, 0) for k in range(9)]
"""The cells in move order: the reading order of the position string."""


class GaloPosition:
    """A 3-D noughts and crosses duel: ``cells[i]`` is 'x', 'o' or None for
    cell ``i = level * 9 + row * 3 + col`` (0-based; level 0 is level 1, the
    bottom board). ``side`` 0 is X (player 1)."""

    game = "galo3d"

    def __init__(self, cells, side):
        self.cells = cells
        self.side = side

    def copy(self):
        return GaloPosition(list(self.cells), self.side)

    @staticmethod
    def from_fen(words):
        """``galo3d <level3>/<level2>/<level1> <x|o>``."""
        if len(words) != 3:
            raise EngineError("expected 'galo3d <level3>/<level2>/<level1> <side>'")
        levels = words[1].split("/")
        if len(levels) != 3:
            raise EngineError("expected 3 levels separated by '/'")
        cells = [None] * 27
        for k, level in enumerate(levels):
            rows = level.split(",")
            if len(rows) != 3 or any(len(row) != 3 for row in rows):
                raise EngineError(f"level {3 - k}: expected 3 rows of 3 cells")
            for r, row in enumerate(rows):
                for c, ch in enumerate(row):
                    if ch in "xX":
                        cells[(2 - k) * 9 + r * 3 + c] = "x"
                    elif ch in "oO0":
                        cells[(2 - k) * 9 + r * 3 + c] = "o"
                    elif ch != "-":
                        raise EngineError(f"level {3 - k}, row {r + 1}: bad cell '{ch}'")
        if words[2] not in ("x", "X", "o", "O", "0"):
            raise EngineError(f"side to move: expected 'x' or 'o', found '{words[2]}'")
        pos = GaloPosition(cells, 0 if words[2] in "xX" else 1)
        if pos.has_line("x") and pos.has_line("o"):
            raise EngineError("board: both symbols have a line")
        return pos

    def fen(self):
        levels = []
        for level in (2, 1, 0):
            rows = ["".join(self.cells[level * 9 + r * 3 + c] or "-" for c in range(3))
                    for r in range(3)]
            levels.append(",".join(rows))
        return f"galo3d {'/'.join(levels)} {'x' if self.side == 0 else 'o'}"

    def has_line(self, symbol):
        return any(all(self.cells[i] == symbol for i in line) for line in GALO_LINES)

    def over(self):
        return self.has_line("x") or self.has_line("o") or None not in self.cells

    def legal_moves(self):
        if self.over():
            return []
        return [i for i in GALO_ORDER if self.cells[i] is None]

    def completes(self, cell, symbol):
        """Would ``symbol`` on the empty ``cell`` complete a line?"""
        return any(cell in line and all(self.cells[i] == symbol for i in line if i != cell)
                   for line in GALO_LINES)

    def play(self, move):
        pos = self.copy()
        pos.cells[move] = "x" if self.side == 0 else "o"
        pos.side = 1 - pos.side
        return pos

    def result(self):
        if self.has_line("x"):
            return "p1win"
        if self.has_line("o"):
            return "p2win"
        return "draw" if self.over() else "none"

    def move_name(self, move):
        level, rest = divmod(move, 9)
        row, col = divmod(rest, 3)
        return f"{chr(ord('a') + col)}{row + 1}{level + 1}"

    def parse_move(self, text):
        for move in self.legal_moves():
            if self.move_name(move) == text.lower():
                return move
        raise EngineError(f"illegal or unknown move '{text}'")


# ---------------------------------------------------------------------------
# Blokus (rules/blokus.md): the duel, both variants
# ---------------------------------------------------------------------------

BLOKUS_N = 14
# The pieces in move order: name, stock slot, cells relative to the
# reference cell (row, column), rules/blokus.md section 2.1.
BLOKUS_PIECES = {
    "2021": [("a", 0, [(0, 0)]), ("b", 1, [(0, 0), (0, 1), (1, 0), (1, 1)]),
             ("c1", 2, [(0, 0), (0, 1), (-1, 1), (-1, 2)]),
             ("c2", 2, [(0, 0), (1, 0), (1, 1), (2, 1)])],
    "2017": [("a", 0, [(0, 0)]), ("b", 1, [(0, 0), (0, 1), (1, 0), (1, 1)]),
             ("x", 2, [(0, 0), (0, 1), (0, 2), (-1, 1), (1, 1)])],
}


class BlokusPosition:
    """A Blokus duel: ``cells`` row-major, 0 empty, 1 / 2 the players'
    squares; ``stock[p]`` the pieces left (a, b, c or x); player 1 starts
    on a1, player 2 on n14.  A move is ``(piece, row, column)`` at the
    reference cell, or PASS."""

    game = "blokus"

    def __init__(self, cells, side, stock, variant):
        self.cells, self.side, self.stock, self.variant = cells, side, stock, variant

    def copy(self):
        return BlokusPosition(list(self.cells), self.side, [list(s) for s in self.stock], self.variant)

    @staticmethod
    def from_fen(words):
        """``blokus <rows> <side> <stock1> <stock2> [variant 2017]``."""
        if len(words) not in (5, 7):
            raise EngineError("expected 'blokus <rows> <side> <stock1> <stock2> [variant 2017]'")
        rows = words[1].split("/")
        if len(rows) != BLOKUS_N or any(len(r) != BLOKUS_N or set(r) - set("012") for r in rows):
            raise EngineError("expected 14 rows of 14 characters 0, 1 or 2")
        if words[2] not in ("1", "2"):
            raise EngineError(f"side to move: expected '1' or '2', found '{words[2]}'")
        stock = []
        for w in words[3:5]:
            items = w.split(",")
            if len(items) != 3 or not all(is_number(i) for i in items):
                raise EngineError(f"a stock is three comma-separated counts, found '{w}'")
            stock.append([int(i) for i in items])
        variant = "2021"
        if len(words) == 7:
            if words[5] != "variant" or words[6] not in BLOKUS_PIECES:
                raise EngineError("expected 'variant 2017' or 'variant 2021' at the end")
            variant = words[6]
        cells = [int(ch) for row in rows for ch in row]
        return BlokusPosition(cells, int(words[2]) - 1, stock, variant)

    def fen(self):
        rows = "/".join("".join(str(v) for v in self.cells[r * 14:r * 14 + 14]) for r in range(14))
        stocks = " ".join(",".join(str(n) for n in s) for s in self.stock)
        tail = " variant 2017" if self.variant == "2017" else ""
        return f"blokus {rows} {self.side + 1} {stocks}{tail}"

    def at(self, r, c):
        return self.cells[r * 14 + c] if 0 <= r < 14 and 0 <= c < 14 else None

    def placements(self, player):
        """Every legal placement of ``player`` in move order."""
        me = player + 1
        first = me not in self.cells
        corner = (0, 0) if player == 0 else (13, 13)
        out = []
        for name, slot, offsets in BLOKUS_PIECES[self.variant]:
            if self.stock[player][slot] == 0:
                continue
            for r in range(14):
                for c in range(14):
                    cells = [(r + dr, c + dc) for dr, dc in offsets]
                    if any(self.at(x, y) != 0 for x, y in cells):
                        continue
                    edge = any(self.at(x + dx, y + dy) == me for x, y in cells
                               for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)))
                    touch = any(self.at(x + dx, y + dy) == me for x, y in cells
                                for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)))
                    if (corner in cells) if first else (touch and not edge):
                        out.append((name, r, c))
        return out

    def legal_moves(self):
        """The mover's placements; ``[PASS]`` when only the opponent can
        place; ``[]`` once neither can."""
        mine = self.placements(self.side)
        if mine:
            return mine
        return [PASS] if self.placements(1 - self.side) else []

    def play(self, move):
        pos = self.copy()
        if move != PASS:
            name, r, c = move
            slot, offsets = next((s, o) for n, s, o in BLOKUS_PIECES[self.variant] if n == name)
            for dr, dc in offsets:
                pos.cells[(r + dr) * 14 + c + dc] = self.side + 1
            pos.stock[self.side][slot] -= 1
        pos.side = 1 - self.side
        return pos

    def size(self, move):
        """Squares a move covers."""
        if move == PASS:
            return 0
        return next(len(o) for n, _, o in BLOKUS_PIECES[self.variant] if n == move[0])

    def result(self):
        if self.legal_moves():
            return "none"
        a, b = self.cells.count(1), self.cells.count(2)
        return "p1win" if a > b else "p2win" if b > a else "draw"

    def move_name(self, move):
        if move == PASS:
            return PASS
        name, r, c = move
        return f"{name}@{'abcdefghijklmn'[c]}{r + 1}"

    def parse_move(self, text):
        text = text.lower()
        for move in self.legal_moves():
            if self.move_name(move) == text:
                return move
        if text != PASS and "@" not in text:
            raise EngineError(f"bad move '{text}': expected <piece>@<square> or pass")
        raise EngineError(f"illegal move '{text}'")


def perft(pos, depth):
    """The leaves of the game tree to ``depth`` plies; a finished game is a
    leaf (protocol.md, perft)."""
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if not moves:
        return 1
    if depth == 1:
        return len(moves)
    return sum(perft(pos.play(m), depth - 1) for m in moves)


def parse_fen(words):
    """A position of any game this engine plays, from the words of its FEN."""
    if words and words[0] == "quatro":
        return QuatroPosition.from_fen(words)
    if words and words[0] == "adjiboto":
        return AdjiPosition.from_fen(words)
    if words and words[0] == "solitario":
        return SoliPosition.from_fen(words)
    if words and words[0] == "galo3d":
        return GaloPosition.from_fen(words)
    if words and words[0] == "blokus":
        return BlokusPosition.from_fen(words)
    return Position.from_fen(words)


# ---------------------------------------------------------------------------
# The player: replace this with your search
# ---------------------------------------------------------------------------


def choose_move(pos, strategy, rng, time_ms):
    """Greedy: the highest number reachable (ties broken at random); in
    quatro a move that wins at once, else one that does not let the opponent
    win at once, else any; in adjiboto the largest capture; in solitario a
    move onto the opponent's start holes, else a capture, else a move that
    does not let the opponent win at once; in galo3d a move that completes a
    line, else one that blocks the opponent's, else any; in blokus the
    largest piece; ``random``: any legal move.  ``time_ms`` is unused
    by these two."""
    moves = pos.legal_moves()
    if moves == [PASS] or strategy == "random":
        return rng.choice(moves)
    if pos.game == "solitario":
        wins = [m for m in moves if pos.wins_at_once(m)]
        if wins:
            return rng.choice(wins)
        safe = [m for m in moves
                if not any(pos.play(m).wins_at_once(n) for n in pos.play(m).legal_moves())]
        captures = [m for m in safe if abs(m[0][0] - m[1][0]) == 2 or abs(m[0][1] - m[1][1]) == 2]
        return rng.choice(captures or safe or moves)
    if pos.game == "blokus":
        best = max(pos.size(m) for m in moves)
        return rng.choice([m for m in moves if pos.size(m) == best])
    if pos.game == "galo3d":
        me, them = ("x", "o") if pos.side == 0 else ("o", "x")
        wins = [m for m in moves if pos.completes(m, me)]
        blocks = [m for m in moves if pos.completes(m, them)]
        return rng.choice(wins or blocks or moves)
    if pos.game == "adjiboto":
        best = max(pos.capture(m) for m in moves)
        return rng.choice([m for m in moves if pos.capture(m) == best])
    if pos.game == "quatro":
        wins = [m for m in moves if pos.completes(m)]
        if wins:
            return rng.choice(wins)
        safe = [m for m in moves if not pos.gives_win(m)]
        return rng.choice(safe or moves)
    best = max(pos.cells[sq] for sq in moves)
    return rng.choice([sq for sq in moves if pos.cells[sq] == best])


# ---------------------------------------------------------------------------
# The protocol
# ---------------------------------------------------------------------------


def say(line):
    """One protocol line, flushed at once."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Engine:
    def __init__(self):
        self.position = None
        self.strategy = "greedy"
        self.rng = random.Random(1)

    def handle(self, words):
        """Runs one command; returns False to quit."""
        if not words:
            return True
        command, args = words[0].lower(), words[1:]
        if command in ("ugi", "uci"):
            say("id name tabula-python-example")
            say("id author Tabula")
            say("option name Strategy type combo default greedy var greedy var random")
            say("option name Seed type spin default 1 min 0 max 4294967295")
            say("ugiok" if command == "ugi" else "uciok")
        elif command == "isready":
            say(" ".join(["readyok"] + args))
        elif command in ("uginewgame", "ucinewgame"):
            self.position = None
        elif command == "setoption":
            self.set_option(args)
        elif command == "position":
            self.set_position(args)
        elif command == "go":
            self.go(args)
        elif command == "stop":
            pass  # every go is answered at once: nothing is pending
        elif command == "quit":
            return False
        elif command == "perft":
            self.perft(args)
        elif command == "query":
            self.query(args)
        elif command in ("show", "d"):
            say(f"info string fen {self.need_position().fen()}")
        elif command == "legal":
            pos = self.need_position()
            say(" ".join(["info string legal"] + [pos.move_name(m) for m in pos.legal_moves()]))
        else:
            raise EngineError(f"unknown command '{words[0]}'")
        return True

    def need_position(self):
        if self.position is None:
            raise EngineError("no position (send 'position fen ...' first)")
        return self.position

    def perft(self, args):
        """Counts at once (no job to stop): one line per legal move, then the total."""
        if len(args) != 1 or not is_number(args[0]) or int(args[0]) < 1:
            raise EngineError("expected 'perft <depth>', depth at least 1")
        pos, depth = self.need_position(), int(args[0])
        total = 0
        for move in pos.legal_moves():
            count = perft(pos.play(move), depth - 1)
            total += count
            say(f"{pos.move_name(move)} {count}")
        say(f"perft {depth} {total or 1}")

    def query(self, args):
        pos = self.need_position()
        what = args[0].lower() if len(args) == 1 else None
        if what == "gameover":
            say(f"response {'false' if pos.legal_moves() else 'true'}")
        elif what == "p1turn":
            say(f"response {'true' if pos.side == 0 else 'false'}")
        elif what == "result":
            say(f"response {pos.result()}")
        else:
            raise EngineError("expected 'query gameover', 'query p1turn' or 'query result'")

    def set_option(self, args):
        if len(args) < 4 or args[0] != "name" or args[2] != "value":
            raise EngineError("expected 'setoption name <name> value <value>'")
        name, value = args[1].lower(), " ".join(args[3:])
        if name == "strategy" and value in ("greedy", "random"):
            self.strategy = value
        elif name == "seed" and is_number(value):
            self.rng = random.Random(int(value))
        else:
            raise EngineError(f"unknown option or bad value: {args[1]} = {value}")

    def set_position(self, args):
        self.position = None
        if not args or args[0] != "fen":
            raise EngineError("expected 'position fen <FEN> [moves ...]'")
        words = args[1:]
        moves = []
        if "moves" in words:
            at = words.index("moves")
            words, moves = words[:at], words[at + 1:]
        pos = parse_fen(words)
        for i, text in enumerate(moves, 1):
            try:
                pos = pos.play(pos.parse_move(text))
            except EngineError as e:
                raise EngineError(f"move {i} of the moves list: {e}") from None
        self.position = pos

    def go(self, args):
        """Answers at once (even ``go infinite``): the greedy player needs no time."""
        limits, i = {}, 0
        while i < len(args):
            word = args[i].lower()
            if word == "infinite":
                i += 1
            elif i + 1 < len(args) and is_number(args[i + 1]):
                limits[word] = int(args[i + 1])
                i += 2
            else:
                # A refused go: one error line, no bestmove (protocol.md, Errors).
                say(f"info string error go: '{args[i]}' needs a number")
                return
        for word in ("movetime", "depth", "nodes"):
            if limits.get(word, 1) < 1:
                say(f"info string error go: {word} must be at least 1")
                return
        pos = self.position
        if pos is None:
            # A refused go: an error line and no bestmove (protocol.md, Errors).
            say("info string error go: no position: send 'position ...' first")
        elif not pos.legal_moves():
            say("info string game over: no move to search")
            say("bestmove none")
        else:
            clock = limits.get("p1time" if pos.side == 0 else "p2time", 20000)
            time_ms = limits.get("movetime", clock // 20)
            move, fallback = self.own_or_fallback(pos, time_ms)
            if fallback:
                # A move the player did not choose is announced just before
                # its bestmove (protocol.md, "Replaced moves").
                say(f"info string fallback {fallback} -- played the first legal move, "
                    f"{pos.move_name(move)}")
            say(f"bestmove {pos.move_name(move)}")

    def own_or_fallback(self, pos, time_ms):
        """The player's move and None, or, when the player fails (an
        exception, no move, a move the rules refuse), the first legal move
        and ``"<kind> <what happened>"`` for the ``info string fallback``
        line. Keep this when you replace ``choose_move`` with your search."""
        legal = pos.legal_moves()
        try:
            move = choose_move(pos, self.strategy, self.rng, time_ms)
        except Exception as e:  # the player's bug: say it, play on
            return legal[0], f"error choose_move raised {e!r}".replace("\n", " ")
        if move is None:
            return legal[0], "nomove choose_move returned None"
        if move not in legal:
            return legal[0], f"illegal choose_move chose {move!r}, which is not legal here"
        return move, None


def main():
    # A stray non-UTF-8 byte must not kill the engine: decode it as U+FFFD.
    sys.stdin.reconfigure(encoding="utf-8", errors="replace")
    sys.stdout.reconfigure(encoding="utf-8", errors="replace")
    engine = Engine()
    while True:
        line = sys.stdin.readline()
        if not line:  # end of input: the arbiter is gone
            break
        try:
            if not engine.handle(line.split()):
                break
        except EngineError as e:
            say(f"info string error {e}")
        except Exception as e:  # a bug: report it and keep playing
            say(f"info string error internal: {e!r}")


if __name__ == "__main__":
    main()
