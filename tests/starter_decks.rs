//! Starter decks of the three base sets (Menace of Darth Maul, The Jedi Council, Battle of
//! Naboo), checked through the real binary.
//!
//! The examples are starter-*style* decks: thirty cards, five per colour, each built around
//! its set's ten starter-only cards. No source gives the official Jedi Council and Battle of
//! Naboo lists, so these tests check what the rulebook says of any starter deck, not the
//! contents of a box; the official Menace of Darth Maul lists are checked in
//! `official_starter_decks.rs`.

mod common;

use common::Scratch;

macro_rules! starter {
    ($set:literal, $side:literal, $file:literal) => {
        (
            $set,
            $side,
            $file,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/examples/decks/",
                $file
            )),
        )
    };
}

/// (set, side, file name, text)
const STARTERS: &[(&str, &str, &str, &str)] = &[
    starter!("DM", "light", "starter-style-light.txt"),
    starter!("DM", "dark", "starter-style-dark.txt"),
    starter!("JC", "light", "starter-style-jc-light.txt"),
    starter!("JC", "dark", "starter-style-jc-dark.txt"),
    starter!("BN", "light", "starter-style-bn-light.txt"),
    starter!("BN", "dark", "starter-style-bn-dark.txt"),
];

fn scratch() -> Scratch {
    let s = Scratch::new();
    for (_, _, name, text) in STARTERS {
        s.write(name, text);
    }
    s
}

fn starter(set: &str, side: &str) -> &'static str {
    STARTERS
        .iter()
        .find(|(s, d, _, _)| *s == set && *d == side)
        .map(|(_, _, _, text)| *text)
        .expect("starter example")
}

/// Writes two starter decks as one 60-card list: one header, then both decks' card lines
/// (a list naming itself twice with two names is a bad line, as it should be).
fn combined(s: &Scratch, a: &str, b: &str, side: &str) -> String {
    let name = format!("{a}+{b}-{side}.txt");
    let cards = |text: &str| -> String {
        text.lines()
            .filter(|l| !l.starts_with("name:") && !l.starts_with("side:"))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    s.write(
        &name,
        &format!(
            "name: {a} and {b} starters\nside: {side}\n{}{}",
            cards(starter(a, side)),
            cards(starter(b, side))
        ),
    );
    name
}

#[test]
fn every_base_set_has_a_light_and_a_dark_starter_style_deck_of_thirty_cards() {
    // Rulebook "Deck Construction": every starter deck has five cards of each dot colour.
    let s = scratch();
    let mut args = vec!["deck", "check", "--starter", "--brief"];
    args.extend(STARTERS.iter().map(|(_, _, name, _)| *name));
    for rules in ["standard", "decipher"] {
        let mut with_rules = args.clone();
        with_rules.extend(["--rules", rules]);
        let r = s.run(&with_rules);
        assert_eq!(r.code, 0, "{rules}:\n{}{}", r.stdout, r.stderr);
        assert!(
            r.stdout
                .ends_with("6 decks checked: 6 legal, 0 illegal, 0 unresolved, 0 unreadable\n"),
            "{}",
            r.stdout
        );
    }
}

#[test]
fn each_starter_style_deck_holds_its_sets_five_starter_only_cards_of_its_side() {
    // Rulebook "Collector's Information": the 30 starter-only cards (ten per base set) have
    // no rarity icon. A starter deck of a set should carry its side's five.
    let s = scratch();
    for (set, side, name, _) in STARTERS {
        let r = s.run(&["deck", "check", "--starter", "--format", "json", name]);
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        let report: serde_json::Value = serde_json::from_str(&r.stdout).expect("json");
        let found = s.run(&[
            "cards", "search", "--set", set, "--side", side, "--rarity", "starter", "--format",
            "json",
        ]);
        let exclusive: serde_json::Value = serde_json::from_str(&found.stdout).expect("json");
        let exclusive: Vec<&str> = exclusive
            .as_array()
            .expect("array")
            .iter()
            .map(|c| c["id"].as_str().expect("id"))
            .collect();
        assert_eq!(exclusive.len(), 5, "{set} {side}: {exclusive:?}");
        let text = report.to_string();
        for id in exclusive {
            assert!(
                text.contains(&format!("\"{id}\"")),
                "{name} lacks starter card {id}"
            );
        }
    }
}

#[test]
fn any_two_starter_decks_of_a_side_make_a_legal_deck_under_the_published_rules() {
    // Rulebook "Deck Construction": any two starter decks of the same side, of the same
    // set or of different sets, make a legal 60-card deck. That is the game as published
    // (`decipher`: no title limit).
    let s = scratch();
    for side in ["light", "dark"] {
        for a in ["DM", "JC", "BN"] {
            for b in ["DM", "JC", "BN"] {
                let name = combined(&s, a, b, side);
                let r = s.run(&["deck", "check", "--brief", "--rules", "decipher", &name]);
                assert_eq!(r.code, 0, "{name}:\n{}{}", r.stdout, r.stderr);
            }
        }
    }
}

#[test]
fn combined_starters_can_break_the_title_limit_of_the_standard_rules() {
    // Rulebook "Deck Construction" (five cards of a title per colour, subtitles ignored) and
    // `data/rules/RULINGS.md` D1 on doubled starter decks: what the published game allowed may be illegal
    // under `standard`. The counts below follow from the example lists.
    let s = scratch();

    // Two DM light starters: 3 + 3 Obi-Wan Kenobi in red.
    let name = combined(&s, "DM", "DM", "light");
    let r = s.run(&["deck", "check", &name]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(r.stdout.contains("title-limit"), "{}", r.stdout);
    assert!(
        r.stdout.contains("`Obi-Wan Kenobi`: 6 cards in red"),
        "{}",
        r.stdout
    );

    // DM light + BN light: Naboo Security, Guard (2) + Trooper (2) + Defender (2) in green.
    let name = combined(&s, "DM", "BN", "light");
    let r = s.run(&["deck", "check", &name]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains("`Naboo Security`: 6 cards in green"),
        "{}",
        r.stdout
    );

    // DM light + JC light: 3 + 2 Obi-Wan Kenobi is exactly the limit, and no other title
    // passes five in a colour.
    let name = combined(&s, "DM", "JC", "light");
    let r = s.run(&["deck", "check", "--brief", &name]);
    assert_eq!(r.code, 0, "{}", r.stdout);

    // Two JC dark starters: 2 + 2 Darth Maul, 2 + 2 Blaster: legal under standard too.
    let name = combined(&s, "JC", "JC", "dark");
    let r = s.run(&["deck", "check", "--brief", &name]);
    assert_eq!(r.code, 0, "{}", r.stdout);
}
