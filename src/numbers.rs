//! Numbers given on a command line, and what a wrong one is told: what the
//! value is, its unit, its range and, for times, an example — never the
//! standard library's bare "invalid digit found in string". The `tabula`
//! binary's flags and the arbiter's ranges (`arbiter::limits`) both parse
//! through [`whole`], so the two binaries say the same thing.
//!
//! No unit suffix is accepted: `1s` is refused with the unit to write. The
//! message leaves the value out: clap says it first (`invalid value '1s'
//! for '--movetime <MOVETIME>': the move time is a whole number of
//! milliseconds (e.g. 1000 for one second)`).
//!
//! ```
//! use tabula::numbers::whole;
//!
//! assert_eq!(whole::<u64>("250", "the move time", "milliseconds", None), Ok(250));
//! let e = whole::<u64>("1s", "the move time", "milliseconds", None).unwrap_err();
//! assert_eq!(
//!     e,
//!     "the move time is a whole number of milliseconds (e.g. 1000 for one second)"
//! );
//! let e = whole("0", "the depth", "plies", Some((1u32, 250))).unwrap_err();
//! assert_eq!(e, "out of range: the depth is a whole number of plies from 1 to 250");
//! ```

use std::fmt::Display;
use std::str::FromStr;

/// Parses `s` (spaces around it allowed) as a whole number of `unit`,
/// within `range` when given; `what` names the value in the message
/// ("the move time", "the node limit"); an empty `unit` is a plain number
/// (a seed).
pub fn whole<T>(s: &str, what: &str, unit: &str, range: Option<(T, T)>) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    let expects = || {
        let range = range.map_or(String::new(), |(lo, hi)| format!(" from {lo} to {hi}"));
        let example = match unit {
            "milliseconds" => " (e.g. 1000 for one second)",
            "seconds" => " (e.g. 60 for one minute)",
            _ => "",
        };
        let of = if unit.is_empty() {
            String::new()
        } else {
            format!(" of {unit}")
        };
        format!("{what} is a whole number{of}{range}{example}")
    };
    let t = s.trim();
    match t.parse::<T>() {
        Ok(v) if range.is_none_or(|(lo, hi)| v >= lo && v <= hi) => Ok(v),
        Ok(_) => Err(format!("out of range: {}", expects())),
        // Only digits, and still no number: more than the type holds.
        Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("too large: {}", expects()))
        }
        Err(_) => Err(expects()),
    }
}

/// A clap value parser for a whole number of `unit` with no range but its
/// type's: `value_parser = numbers::parser::<u64>("the move time",
/// "milliseconds")`.
pub fn parser<T>(
    what: &'static str,
    unit: &'static str,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: FromStr + PartialOrd + Display + Copy,
{
    move |s: &str| whole(s, what, unit, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_value_the_unit_and_the_range() {
        assert_eq!(whole::<u32>(" 7 ", "the games", "games", None), Ok(7));
        let e = whole::<u64>("500ms", "the move time", "milliseconds", Some((1, 9))).unwrap_err();
        assert_eq!(
            e,
            "the move time is a whole number of milliseconds from 1 to 9 \
             (e.g. 1000 for one second)"
        );
        let e = whole::<u8>("300", "x", "things", None).unwrap_err();
        assert_eq!(e, "too large: x is a whole number of things");
        let e = whole::<u64>("", "the seed", "", None).unwrap_err();
        assert_eq!(e, "the seed is a whole number");
        assert!(whole::<u64>("-1", "n", "nodes", None).is_err());
    }
}
