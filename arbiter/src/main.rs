//! `arbiter`: runs engines against each other under the rules of the Tabula games.
//!
//! The match and tournament manager is not written yet; this binary only says so.

fn main() {
    eprintln!("arbiter: not implemented yet (see issue 5)");
    std::process::exit(2);
}
