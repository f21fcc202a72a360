//! The parameter of Dots and Boxes: the board size (`Size`, `<rows>x<cols>`
//! boxes, 5x6 by default), for `position startpos` and `position random
//! dots <seed> [<rows>x<cols>]`; and the one parser of a board size, also
//! the position string's size field's.

use crate::game::{Param, Params, Values};

/// The board of `position startpos` and of `position random dots <seed>`
/// without a size.
pub const DEFAULT_SIZE: (usize, usize) = (5, 6);

/// What [`parse_size`] takes, for error messages.
pub const SIZE_SHAPE: &str = "<rows>x<cols>, each 1..10";

/// The parameters of the two-player game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DotsParams {
    /// The board, in boxes: rows, columns.
    pub size: (usize, usize),
}

impl Default for DotsParams {
    fn default() -> DotsParams {
        DotsParams { size: DEFAULT_SIZE }
    }
}

impl Params for DotsParams {
    const DECLARED: &'static [Param] = &[Param {
        name: "Size",
        values: Values::Text(SIZE_SHAPE),
        default: "5x6",
        help: "the board in boxes, <rows>x<cols>, for startpos and random boards",
        in_random: true,
        samples: &["2x2", "3x3", "5x6", "2x4"],
    }];

    fn set(&mut self, _index: usize, value: &str) -> Result<(), String> {
        self.size = parse_size(value).ok_or_else(|| Self::DECLARED[0].refusal(value))?;
        Ok(())
    }

    fn get(&self, _index: usize) -> String {
        format!("{}x{}", self.size.0, self.size.1)
    }
}

/// The one parser of a Dots board size, `<rows>x<cols>` (`x` or `X`) with
/// each side 1..=[`MAX_SIDE`](super::MAX_SIDE): the size field of the
/// position string, the `Size` parameter (`random dots`, `selfplay`'s
/// boards, the arbiter's `--dots-size`) all read it here. `None` when
/// `text` is not a size; the caller words the error for its context (with
/// [`SIZE_SHAPE`]).
///
/// ```
/// use tabula::games::dots::parse_size;
///
/// assert_eq!(parse_size("3x4"), Some((3, 4)));
/// assert_eq!(parse_size("10X1"), Some((10, 1)));
/// assert_eq!(parse_size("0x4"), None);
/// assert_eq!(parse_size("3x11"), None);
/// assert_eq!(parse_size("3*4"), None);
/// assert_eq!(parse_size("+3x4"), None);
/// ```
pub fn parse_size(text: &str) -> Option<(usize, usize)> {
    // Digits only (no sign, no spaces), as in the position string.
    let side = |s: &str| {
        Some(s)
            .filter(|s| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))?
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=super::MAX_SIDE).contains(n))
    };
    let (r, c) = text.split_once(['x', 'X'])?;
    Some((side(r)?, side(c)?))
}
