//! The example decks that exercise game text (issue 12): legal under `standard`, and played
//! to the end by `yj play` against each other.

mod common;

use common::Scratch;

const DECKS: &[&str] = &[
    "duel-light.txt",
    "duel-dark.txt",
    "podrace-light.txt",
    "podrace-dark.txt",
    "reflections-light.txt",
];

fn deck(name: &str) -> String {
    format!("{}/examples/decks/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_text_decks_are_legal_under_standard() {
    let s = Scratch::new();
    for name in DECKS {
        let path = deck(name);
        let r = s.run(&["deck", "check", &path]);
        assert_eq!(r.code, 0, "{name}: {}{}", r.stdout, r.stderr);
        assert_eq!(
            r.stdout.lines().next().unwrap(),
            format!("{path}: legal deck under the standard rules"),
            "{name}"
        );
    }
}

#[test]
fn the_text_decks_hold_cards_with_game_text_and_play_to_the_end() {
    let s = Scratch::new();
    let export = s.run(&["cards", "export", "--format", "json"]);
    let cards: Vec<serde_json::Value> = serde_json::from_str(&export.stdout).unwrap();
    let with_text = |id: &str| {
        cards
            .iter()
            .find(|c| c["id"] == id)
            .is_some_and(|c| c["text"] != "none")
    };
    for name in DECKS {
        let text = std::fs::read_to_string(deck(name)).unwrap();
        let ids: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_whitespace().nth(1))
            .filter(|w| w.contains('-') && w.chars().next().unwrap().is_ascii_uppercase())
            .collect();
        let n = ids.iter().filter(|id| with_text(id)).count();
        assert!(n >= 10, "{name}: only {n} different cards with game text");
    }
    for (a, b) in [
        ("duel-light.txt", "duel-dark.txt"),
        ("podrace-light.txt", "podrace-dark.txt"),
        ("reflections-light.txt", "duel-dark.txt"),
    ] {
        let r = s.run(&["play", &deck(a), &deck(b), "--seed", "11", "--quiet"]);
        assert_eq!(r.code, 0, "{a} vs {b}: {}", r.stderr);
        let last = r.stdout.lines().last().unwrap();
        assert!(
            last.contains(" wins by ") || last.starts_with("No winner"),
            "{a} vs {b}: {last}"
        );
    }
}
