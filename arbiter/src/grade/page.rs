//! What the season's pages share: the document around a page, its style
//! (readable on a phone: 390 px, no word broken inside, tables that stack
//! instead of being cut off), words said as markup (code set apart), a
//! board drawn from its FEN, and the writing of a page. Templates are
//! `maud`'s: everything put in is escaped, once, there.

use crate::i18n::{Piece, Texts, Words};
use anyhow::{Context, Result};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use std::path::Path;
use tabula::game::svg;
use tabula::games::AnyPosition;

/// The style of the season's pages.
pub(crate) const STYLE: &str = include_str!("page.css");

/// A whole page: `lang`, its title, its body.
pub(crate) fn document(lang: &str, title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(lang) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(STYLE)) }
            }
            body { (body) }
        }
    }
}

/// `words` said in `t`'s language: plain text, and code in `<code>`.
pub(crate) fn say(t: &Texts, words: &Words) -> Markup {
    html! {
        @for piece in t.pieces(words) {
            @match piece {
                Piece::Plain(text) => (text),
                Piece::Code(text) => code { (text) },
            }
        }
    }
}

/// The message `id` (no arguments) in `t`'s language.
pub(crate) fn label(t: &Texts, id: &str) -> Markup {
    say(t, &Words::from_id(id))
}

/// The board of `fen`, drawn (nothing when it is not a position).
pub(crate) fn board(fen: &str, title: &str) -> Markup {
    let Ok(pos) = AnyPosition::from_fen(fen) else {
        return html! {};
    };
    let replay = pos.svg_frames(&[]);
    let Some(frame) = replay.frames.last() else {
        return html! {};
    };
    // The drawing is made here from a position the rules accepted.
    html! { div.board title=(title) { (PreEscaped(svg::document(replay.size, frame))) } }
}

/// The decimals worth showing of a number (`14`, `14.5`, `14.25`).
pub(crate) fn decimals(x: f64) -> usize {
    (0..3)
        .find(|&d| {
            let f = 10f64.powi(d as i32);
            ((x * f).round() - x * f).abs() < 1e-6
        })
        .unwrap_or(2)
}

/// `x` as few decimals as it needs, in `t`'s language.
pub(crate) fn num(t: &Texts, x: f64) -> String {
    t.number(x, decimals(x))
}

/// A path of a file inside the season's folder `season`, relative to a
/// page in `from` (a folder of the season): `None` when it lies outside
/// (a page shows no machine's path).
pub(crate) fn relative(season: &Path, from: &str, file: &Path) -> Option<String> {
    let season = std::path::absolute(season).ok()?;
    let file = std::path::absolute(file).ok()?;
    let inside = file.strip_prefix(&season).ok()?;
    let up = from
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .map(|_| "../")
        .collect::<String>();
    let parts: Vec<String> = inside
        .components()
        .map(|c| percent(&c.as_os_str().to_string_lossy()))
        .collect();
    Some(format!("{up}{}", parts.join("/")))
}

/// A path's part as a link writes it: every byte that is not plainly safe
/// in a URL, percent-encoded.
pub(crate) fn percent(part: &str) -> String {
    let mut out = String::new();
    for b in part.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Writes `page` to `path` (a temporary file, then renamed; folders made).
pub(crate) fn write(path: &Path, page: Markup) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create folder '{}'", dir.display()))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, page.into_string())
        .and_then(|_| std::fs::rename(&tmp, path))
        .with_context(|| format!("cannot write the page '{}'", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_inside_the_season_are_relative_and_outside_ones_are_none() {
        let season = Path::new("/srv/season");
        let log = season.join("check/logs/Ana Silva_1/r0-p0-b0-c1.log");
        assert_eq!(
            relative(season, "feedback", &log).as_deref(),
            Some("../check/logs/Ana%20Silva_1/r0-p0-b0-c1.log")
        );
        assert_eq!(
            relative(season, "", &season.join("teacher.html")).as_deref(),
            Some("teacher.html")
        );
        assert_eq!(relative(season, "feedback", Path::new("/tmp/x.log")), None);
    }

    #[test]
    fn code_is_set_apart_and_everything_is_escaped() {
        let t = Texts::new("en").unwrap();
        let w = crate::i18n::words!("check-fault-illegal", line = "<b>z9</b>");
        let html = say(&t, &w).into_string();
        assert_eq!(html, "illegal move: '<code>&lt;b&gt;z9&lt;/b&gt;</code>'");
        assert_eq!(decimals(14.0), 0);
        assert_eq!(decimals(14.5), 1);
        assert_eq!(num(&Texts::new("pt").unwrap(), 14.25), "14,25");
    }
}
