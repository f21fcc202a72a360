//! The error type of every position-string parser, and small parsing helpers.
//!
//! A parser reports the first field it could not read: which field, what it
//! expected there and what it found, e.g.
//! `row 3, cell 7: expected a number 0..99, '-', 'W' or 'B', found 'x'`.

use std::fmt;

/// A position string that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// The field at fault, e.g. `side to move` or `row 3, cell 7`.
    pub field: String,
    /// What the field should hold.
    pub expected: String,
    /// What was found instead (empty when the field is missing).
    pub found: String,
}

impl FenError {
    /// An error for `field`, which should hold `expected` but holds `found`.
    pub fn new(field: impl Into<String>, expected: impl Into<String>, found: &str) -> FenError {
        FenError {
            field: field.into(),
            expected: expected.into(),
            found: found.to_string(),
        }
    }

    /// An error for a field that is missing.
    pub fn missing(field: impl Into<String>, expected: impl Into<String>) -> FenError {
        FenError::new(field, expected, "")
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.found.is_empty() {
            write!(f, "{}: missing, expected {}", self.field, self.expected)
        } else {
            write!(
                f,
                "{}: expected {}, found '{}'",
                self.field, self.expected, self.found
            )
        }
    }
}

impl std::error::Error for FenError {}

/// Splits a position string into whitespace-separated fields and checks the
/// first is `game` and that there are between `min` and `max` fields in all.
pub(crate) fn fields<'a>(
    text: &'a str,
    game: &str,
    min: usize,
    max: usize,
    layout: &str,
) -> Result<Vec<&'a str>, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    match fields.first() {
        None => return Err(FenError::missing("game id", format!("'{game}'"))),
        Some(id) if !id.eq_ignore_ascii_case(game) => {
            return Err(FenError::new("game id", format!("'{game}'"), id))
        }
        _ => {}
    }
    if fields.len() < min {
        return Err(FenError::missing(
            format!("field {}", fields.len() + 1),
            format!("{} fields: {layout}", min),
        ));
    }
    if fields.len() > max {
        return Err(FenError::new(
            format!("field {}", max + 1),
            format!("at most {max} fields: {layout}"),
            fields[max],
        ));
    }
    Ok(fields)
}

/// Parses a non-negative integer field no larger than `max`.
pub(crate) fn number(field: &str, text: &str, max: u32) -> Result<u32, FenError> {
    let expected = || format!("an integer 0..{max}");
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 9 {
        return Err(FenError::new(field, expected(), text));
    }
    let n: u32 = text
        .parse()
        .map_err(|_| FenError::new(field, expected(), text))?;
    if n > max {
        return Err(FenError::new(field, expected(), text));
    }
    Ok(n)
}
