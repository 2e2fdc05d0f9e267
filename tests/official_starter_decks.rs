//! The official Menace of Darth Maul starter decks (examples/decks/menace-of-darth-maul-
//! starter-*.txt, copied from a public Young Jedi server project's list, source in the files),
//! checked through the real binary: each is a legal 30-card starter deck (rulebook "Deck
//! Construction": five cards per colour), carries its side's five starter-only cards (rulebook
//! "Collector's Information"), and doubled it is legal under `decipher` and breaks the title
//! limit under `standard` (rulings.md "Doubled starter decks").

mod common;

use common::Scratch;

const LIGHT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/decks/menace-of-darth-maul-starter-light.txt"
));
const DARK: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/decks/menace-of-darth-maul-starter-dark.txt"
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
