//! The course's Lisp boards, states and moves of Blokus
//! ([`LispInterchange`], rules §7): the board is 14 rows of 14 integers
//! `0`/`1`/`2`; the puzzle's state is `(tabuleiro pecas)`, `pecas` = `(a b
//! c)` (2017: `(pequenas medias cruzes)`), and a bare board is read with
//! the full stock; the duel's state is `(tabuleiro jogador pecas-1
//! pecas-2)`. A Lisp state does not say its variant: it is read as 2021
//! (the default) unless told ([`state_from_lisp`]). A move is `(operador
//! linha coluna)`, 0-based at the reference cell: `(peca-c-1 4 3)` =
//! `c1@d5`, 2017 `(cruz 7 0)` = `x@a8`; a pass is `nil`.

use super::{BlokusBoard, Piece, Placement, Player, Variant, FULL_STOCK, SIZE};
use crate::game::{Game, LispInterchange};
use crate::lisp::{LispError, Sexp};

/// The rows of a Lisp board of 14 rows of 14 cells `0`/`1`/`2`.
pub fn rows_from_lisp(board: &Sexp) -> Result<[[u8; SIZE]; SIZE], LispError> {
    let rows = board.as_list().filter(|r| r.len() == SIZE).ok_or_else(|| {
        LispError::new(
            "tabuleiro",
            format!("expected a list of 14 rows, found {}", board.describe()),
        )
    })?;
    let mut out = [[0u8; SIZE]; SIZE];
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_list().filter(|c| c.len() == SIZE).ok_or_else(|| {
            LispError::new(
                format!("row {r}"),
                format!("expected 14 cells, found {}", row.describe()),
            )
        })?;
        for (c, cell) in cells.iter().enumerate() {
            out[r][c] = cell
                .as_int()
                .filter(|n| (0..=2).contains(n))
                .ok_or_else(|| {
                    LispError::new(
                        format!("row {r}, cell {c}"),
                        format!("expected 0, 1 or 2, found {}", cell.describe()),
                    )
                })? as u8;
        }
    }
    Ok(out)
}

/// The Lisp board of a position.
pub fn board_to_lisp<const SOLO: bool>(pos: &BlokusBoard<SOLO>) -> String {
    let rows: Vec<String> = pos
        .board()
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|n| n.to_string()).collect();
            format!("({})", cells.join(" "))
        })
        .collect();
    format!("({})", rows.join(" "))
}

fn stock_from_lisp(item: &Sexp, what: &str) -> Result<[u8; 3], LispError> {
    item.as_list()
        .filter(|s| s.len() == 3)
        .and_then(|s| {
            let mut out = [0u8; 3];
            for (k, n) in s.iter().enumerate() {
                out[k] = n.as_int().filter(|n| (0..=99).contains(n))? as u8;
            }
            Some(out)
        })
        .ok_or_else(|| {
            LispError::new(
                what,
                format!("expected three counts (a b c), found {}", item.describe()),
            )
        })
}

fn stock_to_lisp(s: [u8; 3]) -> String {
    format!("({} {} {})", s[0], s[1], s[2])
}

/// A position from a Lisp state of `variant`: the puzzle's `(tabuleiro
/// pecas)` or bare board (full stock), the duel's `(tabuleiro jogador
/// pecas-1 pecas-2)`.
pub fn state_from_lisp<const SOLO: bool>(
    state: &Sexp,
    variant: Variant,
) -> Result<BlokusBoard<SOLO>, LispError> {
    let items = state.as_list().unwrap_or(&[]);
    let setup = |e: super::SetupError| LispError::new("estado", e.to_string());
    if SOLO {
        if let [board, pecas] = items {
            let rows = rows_from_lisp(board)?;
            let stock = stock_from_lisp(pecas, "pecas")?;
            return BlokusBoard::new(&rows, [stock, [0; 3]], Player::One, variant, 0)
                .map_err(setup);
        }
        let rows = rows_from_lisp(state)?;
        return BlokusBoard::new(&rows, [FULL_STOCK, [0; 3]], Player::One, variant, 0)
            .map_err(setup);
    }
    let [board, side, s1, s2] = items else {
        return Err(LispError::new(
            "estado",
            format!(
                "expected (tabuleiro jogador pecas-1 pecas-2), found {}",
                state.describe()
            ),
        ));
    };
    let rows = rows_from_lisp(board)?;
    let side = match side.as_int() {
        Some(1) => Player::One,
        Some(2) => Player::Two,
        _ => {
            return Err(LispError::new(
                "jogador",
                format!("expected 1 or 2, found {}", side.describe()),
            ))
        }
    };
    let stocks = [
        stock_from_lisp(s1, "pecas-1")?,
        stock_from_lisp(s2, "pecas-2")?,
    ];
    BlokusBoard::new(&rows, stocks, side, variant, 0).map_err(setup)
}

/// The course's operator of a piece in `variant` (rules §7.3).
pub fn operator(piece: Piece, variant: Variant) -> &'static str {
    match (variant, piece) {
        (Variant::V2017, Piece::A) => "pequena",
        (Variant::V2017, Piece::B) => "media",
        (_, Piece::X) => "cruz",
        (_, p) => p.operator(),
    }
}

/// A move as the students encode it: `(peca-c-1 4 3)`, `nil` for a pass.
pub fn move_to_lisp(mv: Placement, variant: Variant) -> String {
    match mv.piece() {
        None => "nil".to_string(),
        Some(p) => {
            let (r, c) = mv.row_col();
            format!("({} {r} {c})", operator(p, variant))
        }
    }
}

/// A move from `(operador linha coluna)` (any operator name of either
/// year), or `nil` for a pass.
pub fn move_from_lisp(item: &Sexp) -> Result<Placement, LispError> {
    let items = item.as_list().ok_or_else(|| {
        LispError::new(
            "jogada",
            format!(
                "expected (operador linha coluna), found {}",
                item.describe()
            ),
        )
    })?;
    if items.is_empty() {
        return Ok(Placement::PASS);
    }
    let bad = || {
        LispError::new(
            "jogada",
            format!(
                "expected (operador linha coluna), found {}",
                item.describe()
            ),
        )
    };
    let [op, r, c] = items else {
        return Err(bad());
    };
    let Sexp::Atom(op) = op else {
        return Err(bad());
    };
    let piece = match op.to_ascii_lowercase().as_str() {
        "peca-a" | "pequena" | "inserir-peca-pequena" => Piece::A,
        "peca-b" | "media" | "inserir-peca-media" => Piece::B,
        "peca-c-1" => Piece::C1,
        "peca-c-2" => Piece::C2,
        "cruz" | "inserir-peca-cruz" => Piece::X,
        _ => return Err(LispError::new("operador", format!("unknown operator {op}"))),
    };
    let coord = |s: &Sexp| {
        s.as_int()
            .filter(|n| (0..SIZE as i64).contains(n))
            .map(|n| n as usize)
    };
    let (Some(r), Some(c)) = (coord(r), coord(c)) else {
        return Err(LispError::new("jogada", "row and column must be 0..13"));
    };
    Ok(Placement::new(piece, r * SIZE + c))
}

/// The move that turned `before` into the board `after` (rules §7.5): the
/// mover's new squares must be exactly the cells of one legal placement;
/// an unchanged board is `pass` when a pass is legal.
pub fn move_between<const SOLO: bool>(
    before: &BlokusBoard<SOLO>,
    after: &[[u8; SIZE]; SIZE],
) -> Option<Placement> {
    let old = before.board();
    let mine = before.side_to_move().index() as u8 + 1;
    let mut new: Vec<usize> = Vec::new();
    for s in 0..SIZE * SIZE {
        let (a, b) = (old[s / SIZE][s % SIZE], after[s / SIZE][s % SIZE]);
        if a != b {
            if a != 0 || b != mine {
                return None;
            }
            new.push(s);
        }
    }
    before.legal_moves().into_iter().find(|m| {
        if m.is_pass() {
            new.is_empty()
        } else {
            m.cells() == new
        }
    })
}

impl<const SOLO: bool> LispInterchange for BlokusBoard<SOLO> {
    /// The puzzle: `(tabuleiro pecas)` or a bare board; the duel:
    /// `(tabuleiro jogador pecas-1 pecas-2)`; the 2021 variant.
    fn from_lisp(board: &Sexp) -> Result<Self, LispError> {
        state_from_lisp(board, Variant::V2021)
    }

    /// The puzzle `(tabuleiro pecas)`, the duel `(tabuleiro jogador
    /// pecas-1 pecas-2)`.
    fn to_lisp(&self) -> String {
        let board = board_to_lisp(self);
        if SOLO {
            format!("({board} {})", stock_to_lisp(self.stock(Player::One)))
        } else {
            let side = self.side_to_move().index() + 1;
            format!(
                "({board} {side} {} {})",
                stock_to_lisp(self.stock(Player::One)),
                stock_to_lisp(self.stock(Player::Two))
            )
        }
    }
}
