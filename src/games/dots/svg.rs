//! The SVG board of Dots and Boxes ([`Draw`]): the dots, each drawn arc in
//! the colour of the player who drew it, each closed box filled in its
//! owner's colour, the last arc marked.

use super::{Arc, DotsBoard};
use crate::game::svg::{player_class, Draw, Part};
use crate::game::{Player, Render};

/// The distance between two dots, and the margin.
const STEP: i32 = 44;
const MARGIN: i32 = 16;

fn dot(r: usize, c: usize) -> (i32, i32) {
    (MARGIN + c as i32 * STEP, MARGIN + r as i32 * STEP)
}

/// The two ends of an arc.
fn ends(a: Arc) -> ((i32, i32), (i32, i32)) {
    let (r, c) = (a.r as usize, a.c as usize);
    if a.vertical {
        (dot(r, c), dot(r + 1, c))
    } else {
        (dot(r, c), dot(r, c + 1))
    }
}

fn line(class: &str, a: Arc) -> String {
    let ((x1, y1), (x2, y2)) = ends(a);
    format!("<line class=\"{class}\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>")
}

fn arcs(rows: usize, cols: usize) -> impl Iterator<Item = Arc> {
    let h = (0..=rows).flat_map(move |r| (0..cols).map(move |c| Arc::h(r as u8, c as u8)));
    let v = (0..rows).flat_map(move |r| (0..=cols).map(move |c| Arc::v(r as u8, c as u8)));
    h.chain(v)
}

impl<const SOLO: bool> Draw for DotsBoard<SOLO> {
    fn svg_size(&self) -> (u32, u32) {
        let (x, y) = dot(self.rows(), self.cols());
        ((x + MARGIN) as u32, (y + MARGIN) as u32)
    }

    fn svg_parts(&self, last: Option<(&Self, Arc)>, owners: &[Option<Player>]) -> Vec<Part> {
        let (rows, cols) = (self.rows(), self.cols());
        let (w, h) = self.svg_size();
        let mut guides = format!("<rect class=\"bg\" width=\"{w}\" height=\"{h}\"/>");
        for a in arcs(rows, cols) {
            guides.push_str(&line("guide", a));
        }
        let mut parts = vec![Part::new("0", guides)];
        let closed = self.closed_cells();
        for r in 0..rows {
            for c in 0..cols {
                if !closed.get(r * cols + c).copied().unwrap_or(false) {
                    continue;
                }
                let class = match owners.get(r * cols + c).copied().flatten() {
                    _ if SOLO => "solo",
                    Some(p) => player_class(p),
                    None => "unk",
                };
                let (x, y) = dot(r, c);
                parts.push(Part::new(
                    format!("1{r}.{c}"),
                    format!(
                        "<rect class=\"box {class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                        x + 4,
                        y + 4,
                        STEP - 8,
                        STEP - 8
                    ),
                ));
            }
        }
        for a in arcs(rows, cols) {
            let Some(who) = self.owner(a) else { continue };
            let class = if SOLO {
                "arc solo".to_string()
            } else {
                format!("arc {}", player_class(who))
            };
            parts.push(Part::new(format!("2{a}"), line(&class, a)));
        }
        if let Some((_, a)) = last {
            parts.push(Part::new(
                "3",
                line("last", a).replace("/>", " stroke-opacity=\".55\"/>"),
            ));
        }
        let mut dots = String::from("<g>");
        for r in 0..=rows {
            for c in 0..=cols {
                let (x, y) = dot(r, c);
                dots.push_str(&format!(
                    "<circle class=\"dot\" cx=\"{x}\" cy=\"{y}\" r=\"4\"/>"
                ));
            }
        }
        dots.push_str("</g>");
        parts.push(Part::new("4", dots));
        parts
    }
}
