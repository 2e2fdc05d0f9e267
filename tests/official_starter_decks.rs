//! The official Menace of Darth Maul starter decks (examples/decks/dm-starter-*.txt, the
//! project's record of a public Young Jedi server project's lists, source in the files),
//! checked through the real binary: each is a legal 30-card starter deck (rulebook "Deck
//! Construction": five cards per colour), carries its side's five starter-only cards (rulebook
//! "Collector's Information"), and doubled it is legal under `decipher` and breaks the title
//! limit under `standard` (RULINGS.md D1: formats are data).

mod common;

use common::Scratch;

const LIGHT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/decks/dm-starter-light.txt"
));
const DARK: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/decks/dm-starter-dark.txt"
));

fn scratch() -> Scratch {
    let s = Scratch::new();
    s.write("light.txt", LIGHT);
    s.write("dark.txt", DARK);
    // Two starter sets: the list twice, named once (a second, different `name:` is refused).
    for (name, text) in [("doubled-light.txt", LIGHT), ("doubled-dark.txt", DARK)] {
        let again: String = text
            .lines()
            .filter(|l| !l.starts_with("name:"))
            .map(|l| format!("{l}\n"))
            .collect();
        s.write(name, &format!("{text}{again}"));
    }
    s
}

#[test]
fn each_official_starter_deck_is_a_legal_starter_deck() {
    let s = scratch();
    let r = s.run(&[
        "deck",
        "check",
        "--starter",
        "--brief",
        "light.txt",
        "dark.txt",
    ]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_eq!(
        r.stdout,
        "light.txt: legal\ndark.txt: legal\n2 decks checked: 2 legal, 0 illegal, 0 unresolved, 0 unreadable\n"
    );
}

#[test]
fn each_official_starter_deck_holds_its_sides_five_starter_only_cards() {
    let s = scratch();
    for (file, side) in [("light.txt", "light"), ("dark.txt", "dark")] {
        let found = s.run(&[
            "cards", "search", "--set", "DM", "--side", side, "--rarity", "starter", "--format",
            "json",
        ]);
        let exclusive: serde_json::Value = serde_json::from_str(&found.stdout).expect("json");
        let mut exclusive: Vec<String> = exclusive
            .as_array()
            .expect("array")
            .iter()
            .map(|c| c["id"].as_str().expect("id").to_string())
            .collect();
        exclusive.sort();
        let r = s.run(&["deck", "check", "--starter", "--format", "json", file]);
        let report: serde_json::Value = serde_json::from_str(&r.stdout).expect("json");
        let mut in_deck: Vec<String> = report["decks"][0]["colours"]
            .as_array()
            .expect("colours")
            .iter()
            .flat_map(|c| c["cards"].as_array().expect("cards").clone())
            .map(|s| s["id"].as_str().expect("id").to_string())
            .filter(|id| exclusive.contains(id))
            .collect();
        in_deck.sort();
        in_deck.dedup();
        let expected: &[&str] = if side == "light" {
            &["DM-30", "DM-33", "DM-65", "DM-66", "DM-67"]
        } else {
            &["DM-105", "DM-106", "DM-135", "DM-136", "DM-137"]
        };
        assert_eq!(
            exclusive, expected,
            "the catalogue's {side} starter-only cards"
        );
        assert_eq!(in_deck, expected, "{file}");
    }
}

#[test]
fn doubled_they_are_legal_under_decipher_and_break_the_title_limit_under_standard() {
    let s = scratch();
    let r = s.run(&[
        "deck",
        "check",
        "--brief",
        "--rules",
        "decipher",
        "doubled-light.txt",
        "doubled-dark.txt",
    ]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_eq!(
        r.stdout,
        "doubled-light.txt: legal\ndoubled-dark.txt: legal\n2 decks checked: 2 legal, 0 illegal, 0 unresolved, 0 unreadable\n"
    );
    let r = s.run(&[
        "deck",
        "check",
        "--brief",
        "doubled-light.txt",
        "doubled-dark.txt",
    ]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert_eq!(
        r.stdout,
        "doubled-light.txt: illegal (title-limit)\ndoubled-dark.txt: illegal (title-limit)\n2 decks checked: 0 legal, 2 illegal, 0 unresolved, 0 unreadable\n"
    );
}

#[test]
fn doubled_under_standard_the_report_names_every_title_over_the_limit() {
    // Rulebook "Deck Construction": at most five cards of one title in a colour (subtitles
    // ignored); every card of the light starter has only its colour's dot.
    let s = scratch();
    let r = s.run(&["deck", "check", "doubled-light.txt"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        r#"doubled-light.txt: illegal deck under the standard rules
Menace of Darth Maul starter deck (light), light side, 60 of 60 cards
no assignment meets every dot rule; the closest one:
┌────────┬───────┬──────────────────────────────────────┐
│ Colour ┆ Cards ┆ Assigned                             │
╞════════╪═══════╪══════════════════════════════════════╡
│ red    ┆ 10/10 ┆ 8 DM-30 Jawa, Bargainer              │
│        ┆       ┆ 2 DM-33 Obi-Wan Kenobi, Jedi Padawan │
│ orange ┆ 10/10 ┆ 4 DM-45 Blaster                      │
│        ┆       ┆ 6 DM-46 Blaster Rifle                │
│ blue   ┆ 10/10 ┆ 10 DM-31 Royal Guard, Leader         │
│ yellow ┆ 10/10 ┆ 10 DM-58 Security Volunteers         │
│ green  ┆ 10/10 ┆ 10 DM-32 Royal Guard, Veteran        │
│ purple ┆ 10/10 ┆ 6 DM-65 Tatooine • Podrace Arena     │
│        ┆       ┆ 2 DM-66 Coruscant • Capital City     │
│        ┆       ┆ 2 DM-67 Naboo • Theed Palace         │
└────────┴───────┴──────────────────────────────────────┘
┌─────────────┬─────────────────────────────────────────────────────────────────┬────────┬─────────┐
│ Code        ┆ Problem                                                         ┆ Actual ┆ Allowed │
╞═════════════╪═════════════════════════════════════════════════════════════════╪════════╪═════════╡
│ title-limit ┆ `Jawa`: 8 cards in red (8 DM-30), and a colour may hold at most ┆ 8      ┆ 5       │
│             ┆ 5 cards of one title (subtitles do not count); all 8 have only  ┆        ┆         │
│             ┆ a red dot, so none can count in another colour                  ┆        ┆         │
│ title-limit ┆ `Royal Guard`: 10 cards in blue (10 DM-31), and a colour may    ┆ 10     ┆ 5       │
│             ┆ hold at most 5 cards of one title (subtitles do not count); all ┆        ┆         │
│             ┆ 10 have only a blue dot, so none can count in another colour    ┆        ┆         │
│ title-limit ┆ `Royal Guard`: 10 cards in green (10 DM-32), and a colour may   ┆ 10     ┆ 5       │
│             ┆ hold at most 5 cards of one title (subtitles do not count); all ┆        ┆         │
│             ┆ 10 have only a green dot, so none can count in another colour   ┆        ┆         │
│ title-limit ┆ `Blaster Rifle`: 6 cards in orange (6 DM-46), and a colour may  ┆ 6      ┆ 5       │
│             ┆ hold at most 5 cards of one title (subtitles do not count); all ┆        ┆         │
│             ┆ 6 have only an orange dot, so none can count in another colour  ┆        ┆         │
│ title-limit ┆ `Security Volunteers`: 10 cards in yellow (10 DM-58), and a     ┆ 10     ┆ 5       │
│             ┆ colour may hold at most 5 cards of one title (subtitles do not  ┆        ┆         │
│             ┆ count); all 10 have only a yellow dot, so none can count in     ┆        ┆         │
│             ┆ another colour                                                  ┆        ┆         │
│ title-limit ┆ `Tatooine • Podrace Arena`: 6 cards in purple (6 DM-65), and a  ┆ 6      ┆ 5       │
│             ┆ colour may hold at most 5 cards of one title (subtitles do not  ┆        ┆         │
│             ┆ count); all 6 have only a purple dot, so none can count in      ┆        ┆         │
│             ┆ another colour                                                  ┆        ┆         │
└─────────────┴─────────────────────────────────────────────────────────────────┴────────┴─────────┘
1 deck checked: 0 legal, 1 illegal, 0 unresolved, 0 unreadable
"#
    );
}
