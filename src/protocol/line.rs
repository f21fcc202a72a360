//! The one capped line reader of both ends of the protocol: the engine's
//! input thread and the arbiter's readers of an engine's output. Whatever a
//! peer sends, a line costs at most `cap` bytes of memory and the reader stays
//! in step with the stream (a longer line is consumed whole).
//!
//! ```
//! use std::io::BufReader;
//! use tabula::protocol::line::read_line_capped;
//!
//! let mut input = BufReader::new(&b"go depth 3\r\n0123456789\nlast"[..]);
//! let mut buf = Vec::new();
//! assert_eq!(read_line_capped(&mut input, &mut buf, 4).unwrap(), Some(11));
//! assert_eq!(buf, b"go d");
//! assert_eq!(read_line_capped(&mut input, &mut buf, 16).unwrap(), Some(10));
//! assert_eq!(buf, b"0123456789");
//! assert_eq!(read_line_capped(&mut input, &mut buf, 16).unwrap(), Some(4));
//! assert_eq!(read_line_capped(&mut input, &mut buf, 16).unwrap(), None);
//! ```
//!
//! A peer's line is shown to people (a terminal, a log, a web page) only
//! through [`escape_controls`], so that nothing it wrote is interpreted:
//!
//! ```
//! use tabula::protocol::line::escape_controls;
//!
//! assert_eq!(escape_controls("bestmove a1\x1b[2J\rok"), "bestmove a1\\x1b[2J\\rok");
//! assert_eq!(escape_controls("plain text\tstays"), "plain text\tstays");
//! ```

use std::fmt::Write;
use std::io::{self, BufRead};

/// `text` with every character that a terminal or a browser would act on
/// instead of showing written visibly: the C0 controls but the tab (`\r`,
/// `\n`, `\0`, ESC as `\x1b`, …), DEL, the C1 controls (`\u{9b}`, …) and the
/// bidirectional overrides and isolates (`\u{202e}`, …), which reorder what
/// is shown around them. Everything else is kept as it is.
pub fn escape_controls(text: &str) -> String {
    let acts = |c: char| {
        (c.is_control() && c != '\t')
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(acts) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            c if acts(c) && (c as u32) < 0x80 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if acts(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// Reads one line into `buf` (cleared first), without its `\n`, keeping at
/// most its first `cap` bytes. Returns the line's whole length in bytes
/// (without the `\n`; more than `cap` when the line was cut), or `None` at
/// the end of the input with nothing read. A last line without a `\n`
/// counts as a line. A `\r` before the `\n` is left to the caller.
pub fn read_line_capped(
    reader: &mut impl BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<usize>> {
    buf.clear();
    let mut len = 0usize;
    let mut any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(any.then_some(len));
        }
        any = true;
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], true),
            None => (available, false),
        };
        len = len.saturating_add(chunk.len());
        let room = cap.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len() + usize::from(done);
        reader.consume(used);
        if done {
            return Ok(Some(len));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    fn lines(input: &[u8], cap: usize) -> Vec<Option<usize>> {
        let mut reader = BufReader::with_capacity(4, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let n = read_line_capped(&mut reader, &mut buf, cap).unwrap();
            out.push(n);
            if n.is_none() {
                return out;
            }
        }
    }

    #[test]
    fn capped_reader_skips_long_lines_and_keeps_in_step() {
        assert_eq!(
            lines(b"ab\n0123456789\n\nxyz", 5),
            vec![Some(2), Some(10), Some(0), Some(3), None]
        );
        let mut reader = BufReader::with_capacity(3, &b"0123456789\nok\n"[..]);
        let mut buf = Vec::new();
        assert_eq!(
            read_line_capped(&mut reader, &mut buf, 4).unwrap(),
            Some(10)
        );
        assert_eq!(buf, b"0123", "a long line keeps its first cap bytes");
        assert_eq!(read_line_capped(&mut reader, &mut buf, 4).unwrap(), Some(2));
        assert_eq!(buf, b"ok");
    }

    #[test]
    fn controls_are_escaped_visibly() {
        assert_eq!(
            escape_controls("a\x07b\x1b]0;t\x07"),
            "a\\x07b\\x1b]0;t\\x07"
        );
        assert_eq!(escape_controls("x\r\ny\0\x7f"), "x\\r\\ny\\x00\\x7f");
        assert_eq!(
            escape_controls("\u{9b}2J \u{202e}abc"),
            "\\u{9b}2J \\u{202e}abc"
        );
        assert_eq!(escape_controls("é — ♞\t"), "é — ♞\t");
        let escaped = escape_controls("\x1b\r\u{85}\u{2067}");
        assert!(!escaped.chars().any(|c| c.is_control()), "{escaped:?}");
    }

    #[test]
    fn long_lines_are_cut() {
        const CAP: usize = 16 * 1024;
        let mut data = vec![b'x'; CAP * 3];
        data.extend_from_slice(b"\nshort\nlast");
        let mut r = BufReader::with_capacity(1000, &data[..]);
        let mut line = Vec::new();
        assert_eq!(
            read_line_capped(&mut r, &mut line, CAP).unwrap(),
            Some(CAP * 3)
        );
        assert_eq!(line.len(), CAP);
        assert!(read_line_capped(&mut r, &mut line, CAP).unwrap().is_some());
        assert_eq!(line, b"short");
        assert!(read_line_capped(&mut r, &mut line, CAP).unwrap().is_some());
        assert_eq!(line, b"last");
        assert!(read_line_capped(&mut r, &mut line, CAP).unwrap().is_none());
    }
}
