//! Boards drawn as SVG, for the tournament's web page (`arbiter report`).
//!
//! Each game draws its own board ([`Draw`], in its folder: `numbered/svg.rs`,
//! `dots/svg.rs`, `quatro/svg.rs`; any game's through
//! `AnyPosition::svg_frames`) as a list of keyed [`Part`]s: one SVG
//! fragment per square, arc, box or piece. A game's replay
//! ([`frames`]) is the list of each position's parts; the page stores the
//! first position whole and then only the parts that change from one
//! position to the next, and its script, which knows no game, swaps parts
//! by key. Parts are drawn in the order of their keys (later keys on top).
//!
//! Colours come from classes (`p1`, `p2`, `gone`, `last`, …) styled by
//! [`SVG_STYLE`], which the page and [`document`] both use.
//!
//! ```
//! use tabula::game::svg;
//! use tabula::games::AnyPosition;
//!
//! let start = AnyPosition::from_fen("dots 1x1 0/0 0/0 1 0 0").unwrap();
//! let moves: Vec<String> = ["h1.1", "h2.1", "v1.1", "v1.2"].map(String::from).into();
//! let replay = start.svg_frames(&moves);
//! assert_eq!(replay.frames.len(), 5);
//! let end = svg::document(replay.size, replay.frames.last().unwrap());
//! assert!(end.contains("class=\"box p2\""), "player 2 closed the box: {end}");
//! ```

use super::{Game, Player, Render};
use std::fmt::Write;

/// One keyed piece of a drawing: `svg` is one SVG element (or a `<g>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Unique within a drawing; the drawing order is the keys' order.
    pub key: String,
    pub svg: String,
}

impl Part {
    /// A part from its key and markup.
    pub fn new(key: impl Into<String>, svg: impl Into<String>) -> Part {
        Part {
            key: key.into(),
            svg: svg.into(),
        }
    }
}

/// How a game draws a position in SVG.
pub trait Draw: Game {
    /// The drawing's width and height (user units, the `viewBox`).
    fn svg_size(&self) -> (u32, u32);

    /// The position's parts. `last` is the position before and the move
    /// that led here (to mark it); `owners` the player who took each cell
    /// of [`Render::closed_cells`] during the game (Dots and Boxes).
    fn svg_parts(&self, last: Option<(&Self, Self::Move)>, owners: &[Option<Player>]) -> Vec<Part>;
}

/// The classes of the drawings: players' colours, removed squares, the
/// last move.
pub const SVG_STYLE: &str = "\
.bg{fill:#f7f4ea}.sq{fill:#fffdf6;stroke:#b9b09a;stroke-width:1}\
.sq.gone{fill:#cfc8b8}.num{font:600 15px sans-serif;fill:#3b3526;text-anchor:middle;dominant-baseline:central}\
.lab{font:12px sans-serif;fill:#7a705a;text-anchor:middle;dominant-baseline:central}\
.pc{stroke:#222;stroke-width:2}.pc.p1{fill:#fff}.pc.p2{fill:#333}\
.pct{font:700 16px sans-serif;text-anchor:middle;dominant-baseline:central}.pct.p1{fill:#222}.pct.p2{fill:#fff}\
.last{stroke:#e8a100;stroke-width:4;fill:none;stroke-linecap:round}\
.dot{fill:#222}.guide{stroke:#ddd6c6;stroke-width:1;stroke-dasharray:3 4}\
.arc{stroke-width:5;stroke-linecap:round}.arc.p1{stroke:#2a62c9}.arc.p2{stroke:#d0342c}.arc.solo{stroke:#333}\
.box.p1{fill:#bcd0f5}.box.p2{fill:#f5c2bd}.box.unk{fill:#ddd}\
.qw{fill:#f3e3c3;stroke:#7a5c2e;stroke-width:2}.qb{fill:#6b3f1d;stroke:#3a2008;stroke-width:2}\
.hole{fill:#fffdf6;stroke:none}.res{opacity:.9}";

/// The drawing of one position as a standalone SVG document, its parts in
/// key order.
pub fn document(size: (u32, u32), parts: &[Part]) -> String {
    let mut sorted: Vec<&Part> = parts.iter().collect();
    sorted.sort_by(|a, b| a.key.cmp(&b.key));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\"><style>{SVG_STYLE}</style>",
        size.0, size.1
    );
    for p in sorted {
        out.push_str(&p.svg);
    }
    out.push_str("</svg>");
    out
}

/// A game's positions, drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frames {
    /// The `viewBox` size (of the start position).
    pub size: (u32, u32),
    /// The start and the position after each move played.
    pub frames: Vec<Vec<Part>>,
    /// The position string of the last frame.
    pub end: String,
}

/// The drawings of `start` and of the position after each move of `moves`
/// (stopping at the first move that is not legal: a game lost by an
/// illegal move ends before it).
pub fn frames<G: Draw + Render>(start: &G, moves: &[String]) -> Frames {
    frames_with(start, moves, &[]).0
}

/// [`frames`], and the drawing of the position another move would have
/// led to at some plies: each alternative `(ply, move)` is played instead
/// of `moves[ply]` (after `moves[..ply]`), as the page shows a better move
/// than the one played. An alternative that is not legal there, or lies
/// past the moves replayed, is `None`; the others' order is kept.
///
/// ```
/// use tabula::games::AnyPosition;
///
/// let start = AnyPosition::from_fen("dots 1x1 0/0 0/0 1 0 0").unwrap();
/// let moves: Vec<String> = ["h1.1", "h2.1", "v1.1"].map(String::from).into();
/// // Instead of the third move: v1.2 (legal), h1.1 (already drawn).
/// let (replay, others) = start.svg_frames_with(&moves, &[(2, "v1.2"), (2, "h1.1")]);
/// assert_eq!(replay, start.svg_frames(&moves));
/// assert!(others[0].is_some() && others[0] != Some(replay.frames[3].clone()));
/// assert_eq!(others[1], None);
/// ```
pub fn frames_with<G: Draw + Render>(
    start: &G,
    moves: &[String],
    alternatives: &[(usize, &str)],
) -> (Frames, Vec<Option<Vec<Part>>>) {
    let mut pos = *start;
    let mut owners = vec![None; pos.closed_cells().len()];
    let mut out = vec![pos.svg_parts(None, &owners)];
    let mut others = vec![None; alternatives.len()];
    for ply in 0..=moves.len() {
        for (k, &(at, text)) in alternatives.iter().enumerate() {
            if at == ply {
                let (mut other, mut owned) = (pos, owners.clone());
                others[k] = draw_move(&mut other, &mut owned, text);
            }
        }
        let Some(m) = moves.get(ply) else { break };
        match draw_move(&mut pos, &mut owners, m) {
            Some(parts) => out.push(parts),
            None => break,
        }
    }
    let frames = Frames {
        size: start.svg_size(),
        frames: out,
        end: pos.fen(),
    };
    (frames, others)
}

/// Plays `text` on `pos` (the mover takes the cells it closes) and draws
/// the position reached; `None` when the move is not legal.
fn draw_move<G: Draw + Render>(
    pos: &mut G,
    owners: &mut [Option<Player>],
    text: &str,
) -> Option<Vec<Part>> {
    let mv = pos.parse_legal(text).ok()?;
    let before = *pos;
    let mover = pos.side_to_move();
    let closed = pos.closed_cells();
    pos.play_unchecked(mv);
    for (k, now) in pos.closed_cells().into_iter().enumerate() {
        if now && !closed.get(k).copied().unwrap_or(true) {
            if let Some(owner) = owners.get_mut(k) {
                *owner = Some(mover);
            }
        }
    }
    Some(pos.svg_parts(Some((&before, mv)), owners))
}

/// `<text>` with the class `class` at (x, y).
pub fn text(x: i32, y: i32, class: &str, body: &str) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<text x=\"{x}\" y=\"{y}\" class=\"{class}\">{}</text>",
        escape(body)
    );
    s
}

/// Escapes `<`, `>`, `&` and `"` for SVG text and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// The class of a player's colour.
pub fn player_class(p: Player) -> &'static str {
    match p {
        Player::One => "p1",
        Player::Two => "p2",
    }
}
