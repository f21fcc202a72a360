//! The course years' presets of the Lisp kit (`adapters/lisp/project.lisp`,
//! `*presets*`; the table in adapters/README.md), as far as the recognition
//! needs them: the name, the year, the game, the entry's arguments, the
//! estado's shape. A test reads `project.lisp` and checks that the two
//! agree.

/// One year's contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Preset {
    /// `2023-knight`.
    pub(super) name: &'static str,
    /// The academic year's first year (2023 for 2023/24).
    pub(super) year: u32,
    /// The game id (`tabula::games::GameId::as_str`).
    pub(super) game: &'static str,
    /// The entry's arguments, as the kit's keywords.
    pub(super) args: &'static [&'static str],
    /// The estado's shape, as Lisp text.
    pub(super) estado: &'static str,
}

const KNIGHT_ESTADO: &str = "(:board :side :score1 :score2)";
const TWO: &[&str] = &[":estado", ":tempo"];

/// Every preset, oldest first (one year may have several: 2019).
pub(super) const PRESETS: &[Preset] = &[
    Preset {
        name: "2015-galo3d",
        year: 2015,
        game: "galo3d",
        args: &[":estado", ":symbol", ":tempo"],
        estado: ":board",
    },
    Preset {
        name: "2016-dots",
        year: 2016,
        game: "dots",
        args: TWO,
        estado: KNIGHT_ESTADO,
    },
    Preset {
        name: "2017-blokus",
        year: 2017,
        game: "blokus",
        args: TWO,
        estado: "(:board :side :pieces1 :pieces2)",
    },
    Preset {
        name: "2018-adjiboto",
        year: 2018,
        game: "adjiboto",
        args: TWO,
        estado: "(:board (:score1 :score2))",
    },
    Preset {
        name: "2019-knight",
        year: 2019,
        game: "knight",
        args: TWO,
        estado: KNIGHT_ESTADO,
    },
    Preset {
        name: "2019-torre",
        year: 2019,
        game: "torre",
        args: TWO,
        estado: KNIGHT_ESTADO,
    },
    Preset {
        name: "2019-bishop",
        year: 2019,
        game: "bishop",
        args: TWO,
        estado: KNIGHT_ESTADO,
    },
    Preset {
        name: "2020-quatro",
        year: 2020,
        game: "quatro",
        args: TWO,
        estado: ":board",
    },
    Preset {
        name: "2021-blokus",
        year: 2021,
        game: "blokus",
        args: TWO,
        estado: "(:board :side :pieces1 :pieces2)",
    },
    Preset {
        name: "2022-dots",
        year: 2022,
        game: "dots",
        args: TWO,
        estado: KNIGHT_ESTADO,
    },
    Preset {
        name: "2023-knight",
        year: 2023,
        game: "knight",
        args: TWO,
        estado: KNIGHT_ESTADO,
    },
    Preset {
        name: "2024-adjiboto",
        year: 2024,
        game: "adjiboto",
        args: TWO,
        estado: "(:board (:score1 :score2))",
    },
    Preset {
        name: "2025-solitario",
        year: 2025,
        game: "solitario",
        args: TWO,
        estado: ":board",
    },
];

/// The preset for `game` (a duel's id; a puzzle's sibling is the caller's
/// business) and `year`: (the preset, how it was chosen, a warning).
pub(super) fn choose(game: &str, year: Option<u32>) -> (Option<Preset>, String, Option<String>) {
    let latest = PRESETS.iter().rev().find(|p| p.game == game).copied();
    let Some(year) = year else {
        return match latest {
            Some(p) => (
                Some(p),
                format!(
                    "no --year: the latest {game} contract, {}/{}",
                    p.year,
                    (p.year + 1) % 100
                ),
                None,
            ),
            None => (
                None,
                String::new(),
                Some(format!("no course year played {game}: no preset")),
            ),
        };
    };
    if let Some(p) = PRESETS.iter().find(|p| p.game == game && p.year == year) {
        return (
            Some(*p),
            format!("--year {year}: the {year}/{:02} contract", (year + 1) % 100),
            None,
        );
    }
    let that_year: Vec<&str> = PRESETS
        .iter()
        .filter(|p| p.year == year)
        .map(|p| p.game)
        .collect();
    let why = if that_year.is_empty() {
        format!("no preset for {year}")
    } else {
        format!(
            "{year}/{:02} played {}, not {game}",
            (year + 1) % 100,
            that_year.join(", ")
        )
    };
    match latest {
        Some(p) => (
            Some(p),
            format!(
                "the latest {game} contract, {}/{:02} ({why})",
                p.year,
                (p.year + 1) % 100
            ),
            Some(format!(
                "--year {year}: {why}: the latest {game} preset, {}, used",
                p.name
            )),
        ),
        None => (
            None,
            String::new(),
            Some(format!(
                "--year {year}: {why}; no course year played {game}: no preset"
            )),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table agrees with the kit's `*presets*` (name, game, arguments,
    /// estado).
    #[test]
    fn the_table_is_the_kits() {
        let kit = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../adapters/lisp/project.lisp"),
        )
        .unwrap();
        let start = kit.find("(defparameter *presets*").unwrap();
        let body = &kit[start..kit[start..].find("\"Each course year").unwrap() + start];
        let mut names = Vec::new();
        for line in body.split("(\"20").skip(1) {
            let name = format!("20{}", &line[..line.find('"').unwrap()]);
            let name = name.as_str();
            let p = PRESETS
                .iter()
                .find(|p| p.name == name)
                .unwrap_or_else(|| panic!("{name}"));
            let entry: String = line.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(entry.contains(&format!(":game {}", p.game)), "{entry}");
            assert!(
                entry.contains(&format!(":args ({})", p.args.join(" "))),
                "{entry}"
            );
            assert!(entry.contains(&format!(":estado {}", p.estado)), "{entry}");
            names.push(name.to_string());
        }
        assert_eq!(names, PRESETS.iter().map(|p| p.name).collect::<Vec<_>>());
        for p in PRESETS {
            assert!(
                tabula::games::GameId::ALL
                    .iter()
                    .any(|g| g.as_str() == p.game),
                "{}",
                p.game
            );
        }
    }

    #[test]
    fn year_and_game_choose_the_preset() {
        assert_eq!(choose("knight", Some(2019)).0.unwrap().name, "2019-knight");
        assert_eq!(choose("knight", None).0.unwrap().name, "2023-knight");
        let (p, _, warning) = choose("dots", Some(2023));
        assert_eq!(p.unwrap().name, "2022-dots");
        assert!(warning.unwrap().contains("2023/24 played knight, not dots"));
        assert_eq!(choose("knight-solo", None).0, None);
    }
}
