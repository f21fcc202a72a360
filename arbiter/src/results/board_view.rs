//! Boards drawn for a person at a terminal (`arbiter play`), with or without
//! colours, and who closed each Dots box (for them and the game records).
//!
//! Each game draws its own board ([`Render::person_board`], in its folder in
//! the library) with abstract [`Mark`]s; this module turns the marks into
//! colours.
//!
//! Every mark has a plain-text form, so the board reads the same without
//! colours (a pipe, `--no-color`, `NO_COLOR`, a records file):
//!
//! - knight / bishop: each square shows its number; `W` / `B` are player 1's
//!   and player 2's pieces; `.` a removed (or visited) square; `*` after a
//!   number marks a square the side to move may go to.
//! - dots: `+` dots; player 1's arcs `-----` / `|`, player 2's `=====` / `#`;
//!   a closed box shows its owner's number (`?` when it was closed before
//!   the game started).

use tabula::game::{Game, Mark, Marks, Player, Render};
use tabula::games::AnyPosition;
use tabula::with_game;

/// Colours (ANSI SGR) on or off.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Paint {
    pub(crate) color: bool,
}

/// Styles, as SGR parameters.
pub(crate) mod style {
    pub(crate) const P1: &str = "1;97;44";
    pub(crate) const P2: &str = "1;97;41";
    pub(crate) const P1_ARC: &str = "1;34";
    pub(crate) const P2_ARC: &str = "1;31";
    pub(crate) const LEGAL: &str = "1;30;42";
    pub(crate) const REMOVED: &str = "2";
    pub(crate) const LAST: &str = "1;30;43";
    pub(crate) const BOLD: &str = "1";
    pub(crate) const ERROR: &str = "1;31";
}

impl Paint {
    /// `text` in `sgr` (unchanged without colours).
    pub(crate) fn paint(&self, text: &str, sgr: &str) -> String {
        if self.color {
            format!("\x1b[{sgr}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The style of a player's pieces and boxes.
    pub(crate) fn player_style(p: Player) -> &'static str {
        match p {
            Player::One => style::P1,
            Player::Two => style::P2,
        }
    }
}

/// The board of `pos`; `owners` are the owners of dots boxes (see
/// [`box_owners`]); `last`, the position before the last move and that move
/// (see [`before_last`]), marks what the move changed. With `highlight`, the
/// squares the side to move may go to are marked.
pub(crate) fn render(
    pos: &AnyPosition,
    last: Option<(&AnyPosition, &str)>,
    owners: &[Option<Player>],
    paint: &Paint,
    highlight: bool,
) -> String {
    let style = |text: &str, mark: Mark| paint.paint(text, mark_style(mark));
    if let Some((before, text)) = last.filter(|(b, _)| b.game() == pos.game()) {
        let drawn = with_game!(before, b => b.parse_legal(text).ok().map(|m| {
            let mut p = *b;
            p.play_unchecked(m);
            draw(&p, Some((b, m)), owners, &style, highlight)
        }));
        if let Some(board) = drawn {
            return board;
        }
    }
    with_game!(pos, p => draw(p, None, owners, &style, highlight))
}

/// One game's board: the generic half of [`render`].
fn draw<G: Render>(
    p: &G,
    last: Option<(&G, G::Move)>,
    owners: &[Option<Player>],
    style: &dyn Fn(&str, Mark) -> String,
    highlight: bool,
) -> String {
    let legal = if highlight && !p.is_over() {
        p.legal_moves()
    } else {
        Default::default()
    };
    p.person_board(
        &Marks {
            legal: &legal,
            owners,
            last,
        },
        style,
    )
}

/// The position after `moves` from `start`, up to the first move that does
/// not replay.
pub(crate) fn replayed(start: &AnyPosition, moves: &[String]) -> AnyPosition {
    let mut pos = *start;
    for m in moves {
        if pos.play_text(m).is_err() {
            break;
        }
    }
    pos
}

/// The position before the last of `history`'s moves from `start`, and that
/// move, for [`render`]'s `last`; `None` at the start or when a move does
/// not replay.
pub(crate) fn before_last(
    start: &AnyPosition,
    history: &[String],
) -> Option<(AnyPosition, String)> {
    let (last, earlier) = history.split_last()?;
    let mut pos = *start;
    for m in earlier {
        pos.play_text(m).ok()?;
    }
    Some((pos, last.clone()))
}

/// The colour of a board mark.
fn mark_style(mark: Mark) -> &'static str {
    match mark {
        Mark::Player(p) => Paint::player_style(p),
        Mark::Arc(Player::One) => style::P1_ARC,
        Mark::Arc(Player::Two) => style::P2_ARC,
        Mark::Legal => style::LEGAL,
        Mark::Removed => style::REMOVED,
        Mark::Last => style::LAST,
    }
}

/// Who closed each box of a dots game (row-major; `None` for open boxes and
/// boxes closed before `start`): the player who drew its last side. Empty for
/// other games.
pub(crate) fn box_owners(start: &AnyPosition, history: &[String]) -> Vec<Option<Player>> {
    let closed = |p: &AnyPosition| -> Vec<bool> { with_game!(p, g => g.closed_cells()) };
    let mut pos = *start;
    let mut owners = vec![None; closed(&pos).len()];
    for m in history {
        let before = closed(&pos);
        let mover = pos.side_to_move();
        if pos.play_text(m).is_err() {
            break;
        }
        for (k, now) in closed(&pos).into_iter().enumerate() {
            if now && !before[k] {
                owners[k] = Some(mover);
            }
        }
    }
    owners
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dots_box_reads_without_colours() {
        use tabula::games::AnyPosition;

        let pos = AnyPosition::from_fen("dots 1x1 1/0 0/0 2 0 0").unwrap();
        let text = render(&pos, None, &[], &Paint { color: false }, true);
        assert!(text.contains("+-----+"));
    }

    #[test]
    fn knight_board_marks_pieces_removed_and_legal_squares() {
        let pos = tabula::setup::parse_spec("random knight 7", None).unwrap();
        let text = render(&pos, None, &[], &Paint { color: false }, true);
        assert_eq!(text.matches("  W  ").count(), 1, "{text}");
        assert_eq!(text.matches("  B  ").count(), 1, "{text}");
        let marked = text.matches('*').count() - 1; // the legend's own '*'
        assert!(!render(&pos, None, &[], &Paint { color: false }, false).contains('*'));
        let legal = pos.legal_moves().iter().filter(|m| !m.is_pass()).count();
        assert_eq!(marked, legal, "{text}");
        assert!(!text.contains('\x1b'));
        let coloured = render(&pos, None, &[], &Paint { color: true }, true);
        assert!(coloured.contains("\x1b[1;30;42m"));
    }

    #[test]
    fn dots_owners_follow_who_closed_the_box() {
        let start = AnyPosition::from_fen("dots 1x2 00/00 0/0/0 1 0 0").unwrap();
        // p1 h1.1, p2 h2.1, p1 v1.1, p2 h1.2, p1 v1.2 closes the left box
        // and moves again, h2.2; p2 v1.3 closes the right box.
        let moves: Vec<String> = ["h1.1", "h2.1", "v1.1", "h1.2", "v1.2", "h2.2", "v1.3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let owners = box_owners(&start, &moves);
        let mut pos = start;
        for m in &moves {
            pos.play_text(m).unwrap();
        }
        assert_eq!(
            owners,
            vec![Some(Player::One), Some(Player::Two)],
            "{pos:?}"
        );
        let text = render(&pos, None, &owners, &Paint { color: false }, false);
        assert!(text.contains("|  1  |  2  #"), "{text}");
        assert!(text.contains("=====") && text.contains('#'), "{text}");
    }

    /// `startpos <game>` or any specification of the protocol.
    fn start(spec: &str) -> AnyPosition {
        match spec.strip_prefix("startpos ") {
            Some(game) => tabula::setup::parse_spec("startpos", Some(game.parse().unwrap())),
            None => tabula::setup::parse_spec(spec, None),
        }
        .unwrap()
    }

    /// The board after one move of `moves` from `spec`, drawn with and
    /// without the last move.
    fn after(spec: &str, moves: &[&str]) -> (String, String) {
        let start = start(spec);
        let history: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
        let mut pos = start;
        for m in &history {
            pos.play_text(m).unwrap();
        }
        let before = before_last(&start, &history);
        let last = before.as_ref().map(|(b, m)| (b, m.as_str()));
        (
            render(&pos, last, &[], &Paint { color: false }, false),
            render(&pos, None, &[], &Paint { color: false }, false),
        )
    }

    #[test]
    fn adjiboto_board_marks_the_last_sowing() {
        // The start has 8 seeds a pit: t3 empties and sows t2, t1, then
        // b1..b6 (rules §2), the last seed in b6.
        let (marked, plain) = after("startpos adjiboto", &["t3"]);
        assert_eq!(marked.matches(" ( 0) ").count(), 1, "{marked}");
        assert_eq!(marked.matches("9> ").count(), 7, "{marked}");
        assert!(marked.contains("< 9>*"), "{marked}");
        assert_eq!(marked.matches(">*").count(), 1, "{marked}");
        assert!(marked.contains("last move t3"), "{marked}");
        assert!(
            !plain.contains('<') && !plain.contains("last move"),
            "{plain}"
        );
        let coloured = {
            let start = start("startpos adjiboto");
            let mut pos = start;
            pos.play_text("t3").unwrap();
            render(
                &pos,
                Some((&start, "t3")),
                &[],
                &Paint { color: true },
                false,
            )
        };
        assert!(coloured.contains("\x1b[1;30;43m"), "{coloured}");
    }

    #[test]
    fn other_boards_mark_the_last_move() {
        // Knight: the square the knight left is `+`.
        let first = start("random knight 7").legal_moves()[0].to_string();
        let (marked, plain) = after("random knight 7", &[&first]);
        assert_eq!(marked.matches("  + ").count(), 1, "{marked}");
        assert!(!plain.contains("  + "), "{plain}");
        // Quatro: the piece placed last carries a `*`.
        let (marked, plain) = after("startpos quatro", &["prao@a1"]);
        assert!(marked.contains("prao*"), "{marked}");
        assert!(plain.contains("prao ") && !plain.contains('*'), "{plain}");
        // Dots: the last arc is drawn with a `*`.
        let (marked, plain) = after("fen dots 2x2 00/00/00 00/00/00 1 0 0", &["h1.1", "v1.1"]);
        assert!(
            marked.contains("+-----+") && marked.contains("  *  "),
            "{marked}"
        );
        assert!(!plain.contains('*'), "{plain}");
    }
}
