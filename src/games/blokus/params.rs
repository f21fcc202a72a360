//! The parameter of Blokus: the rules variant (`Variant`, `2021` or `2017`,
//! rules §1.3) of `position startpos`, `random` and `problem`, for the duel
//! and the puzzle. A position string says its own.

use super::Variant;
use crate::game::{Param, Params, Values};

impl Params for Variant {
    const DECLARED: &'static [Param] = &[Param {
        name: "Variant",
        values: Values::Choice(&["2021", "2017"]),
        default: "2021",
        help: "the rules variant (pieces a, b, c1, c2 in 2021; a, b, x in 2017) \
               of startpos, random boards and problems",
        in_random: false,
        samples: &[],
    }];

    fn set(&mut self, _index: usize, value: &str) -> Result<(), String> {
        *self = Variant::parse(value.trim()).ok_or_else(|| Self::DECLARED[0].refusal(value))?;
        Ok(())
    }

    fn get(&self, _index: usize) -> String {
        self.as_str().to_string()
    }
}
