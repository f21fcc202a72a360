//! Names that come from outside — a Moodle folder, an archive's entry, a
//! student's folder, an engine's `name` — as the arbiter writes them:
//! escaped wherever they are shown ([`shown`]: a character a terminal or a
//! browser would act on, such as U+202E, which reverses what follows it, is
//! written visibly as `\u{202e}`), made a safe file name ([`file_name`]:
//! escaped, at most [`MAX_FILE_NAME`] bytes), and defused in a CSV cell
//! ([`csv_text`]: a spreadsheet would run `=…` as a formula).

use std::borrow::Cow;

/// `text` with every character a terminal or a browser would act on
/// written visibly (`\x1b`, `\r`, `\u{202e}`).
pub(crate) fn shown(text: &str) -> String {
    tabula::protocol::line::escape_controls(text)
}

/// The longest file name (in bytes) made from a name: far under the 255
/// bytes of Linux file systems, with room for `.html.tmp` and the like.
pub(crate) const MAX_FILE_NAME: usize = 100;

/// `name` as a file name, the same on every run: [`shown`], with `/`
/// written `\x2f`; one that had to be escaped gets `~` and 8 hex digits of
/// a hash of the name (two names never meet), and one longer than
/// [`MAX_FILE_NAME`] bytes keeps its first 60 and its last 24 bytes around
/// `…` and that hash.
pub(crate) fn file_name(name: &str) -> String {
    let escaped = shown(name).replace('/', "\\x2f");
    let hash = format!("{:08x}", fnv1a(name.as_bytes()) as u32);
    let escaped = match escaped == name {
        true => escaped,
        false => format!("{escaped}~{hash}"),
    };
    if escaped.len() <= MAX_FILE_NAME {
        return escaped;
    }
    let head = floor_char_boundary(&escaped, 60);
    let tail = ceil_char_boundary(&escaped, escaped.len() - 24);
    format!("{}…{hash}{}", &escaped[..head], &escaped[tail..])
}

/// A CSV text cell that no spreadsheet runs as a formula: one that starts
/// with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`.
pub(crate) fn csv_text(s: &str) -> Cow<'_, str> {
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{s}"))
    } else {
        Cow::Borrowed(s)
    }
}

/// A name as a CSV cell: escaped as names are shown (`\u{202e}`) and
/// defused ([`csv_text`]); the CSV writer quotes it.
pub(crate) fn csv_name(s: &str) -> String {
    csv_text(&shown(s)).into_owned()
}

/// FNV-1a, 64 bits: a hash that is the same on every machine and release.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The largest char boundary of `s` at or before `i`.
fn floor_char_boundary(s: &str, i: usize) -> usize {
    (0..=i.min(s.len()))
        .rev()
        .find(|&k| s.is_char_boundary(k))
        .unwrap_or(0)
}

/// The smallest char boundary of `s` at or after `i`.
fn ceil_char_boundary(s: &str, i: usize) -> usize {
    (i..=s.len())
        .find(|&k| s.is_char_boundary(k))
        .unwrap_or(s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_safe_file_names() {
        assert_eq!(
            file_name("Ana Sousa_1001_assignsubmission_file_"),
            "Ana Sousa_1001_assignsubmission_file_"
        );
        assert_eq!(file_name("Patrícia Gonçalves"), "Patrícia Gonçalves");
        let rlo = file_name("evil\u{202e}txt.exe");
        assert!(rlo.starts_with("evil\\u{202e}txt.exe~"), "{rlo}");
        assert_eq!(rlo.len(), "evil\\u{202e}txt.exe~".len() + 8);
        assert_ne!(file_name("evil\\u{202e}txt.exe"), rlo);
        assert_eq!(
            file_name("a/b"),
            format!("a\\x2fb~{:08x}", fnv1a(b"a/b") as u32)
        );
        let long = format!("{}_123456_assignsubmission_file_", "Ção ".repeat(60));
        let short = file_name(&long);
        assert!(short.len() <= MAX_FILE_NAME, "{}", short.len());
        assert!(short.starts_with("Ção Ção") && short.ends_with("_assignsubmission_file_"));
        assert_ne!(file_name(&format!("{long}x")), short);
        assert_eq!(file_name(&long), short, "the same on every run");
    }

    #[test]
    fn formulas_are_defused() {
        for f in ["=1+1", "+1", "-2", "@SUM(A1)", "\t=x", "\r=x"] {
            assert_eq!(csv_text(f), format!("'{f}"));
        }
        assert_eq!(csv_text("Ana"), "Ana");
        assert_eq!(csv_text("a=b"), "a=b");
    }
}
