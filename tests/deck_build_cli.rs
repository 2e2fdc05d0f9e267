//! `yj deck build`: the real binary against a scratch database.

mod common;

use common::{Run, Scratch};

#[track_caller]
fn code(r: &Run, code: i32) {
    assert_eq!(r.code, code, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
}

#[test]
fn a_built_deck_is_legal_and_keeps_the_named_cards() {
    let s = Scratch::new();
    let r = s.run(&[
        "deck",
        "build",
        "--side",
        "dark",
        "--around",
        "DM-71",
        "DM-71",
        "DM-108",
        "-o",
        "built.txt",
    ]);
    code(&r, 0);
    assert!(
        r.stdout
            .starts_with("Built a dark side deck of 60 cards under the standard rules: "),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("\nwrote the deck to built.txt\n"));
    assert!(
        r.stdout
            .contains("built.txt: legal deck under the standard rules\n")
    );
    let written = std::fs::read_to_string(s.path("built.txt")).unwrap();
    assert!(written.starts_with(
        "name: Built dark side deck around DM-71, DM-71, DM-108\nside: dark\nrules: standard\n"
    ));
    let copies = |id: &str| -> u32 {
        written
            .lines()
            .filter_map(|l| l.split_once(' '))
            .filter(|(_, rest)| rest.starts_with(&format!("{id} ")))
            .map(|(n, _)| n.parse::<u32>().unwrap())
            .sum()
    };
    assert!(copies("DM-71") >= 2);
    assert!(copies("DM-108") >= 1);
    // The written list reads back as the same legal deck.
    code(&s.run(&["deck", "check", "built.txt"]), 0);
}

#[test]
fn a_starter_build_has_thirty_cards() {
    let s = Scratch::new();
    let r = s.run(&[
        "deck",
        "build",
        "--side",
        "light",
        "--starter",
        "--format",
        "json",
    ]);
    code(&r, 0);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["check"]["verdict"], "legal");
    assert_eq!(v["check"]["cards"], 30);
    assert_eq!(v["minimal"], true);
}

#[test]
fn an_owned_build_uses_only_the_collection() {
    let s = Scratch::new();
    // An empty collection cannot make a deck: all 60 cards are missing.
    let r = s.run(&[
        "deck", "build", "--side", "light", "--owned", "--format", "json",
    ]);
    code(&r, 1);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["missing"], 60);
    // The light example deck's cards, twice over.
    let light = include_str!("../examples/decks/light.toml");
    for line in light.lines() {
        // Card lines are `"DM-67" = 2    # Naboo • Theed Palace`.
        if let Some((card, rest)) = line.split_once(" = ")
            && let Some(n) = rest
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<u32>().ok())
        {
            let card = card.trim().trim_matches('"');
            code(
                &s.run(&["collection", "add", "--qty", &(2 * n).to_string(), card]),
                0,
            );
        }
    }
    let r = s.run(&[
        "deck", "build", "--side", "light", "--owned", "--format", "json",
    ]);
    code(&r, 0);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["missing"], 0);
    // Every card of the deck is owned in at least that many copies: `deck need` agrees.
    let mut list = String::from("side: light\n");
    for c in v["deck"].as_array().unwrap() {
        list.push_str(&format!("{} {}\n", c["count"], c["id"].as_str().unwrap()));
    }
    s.write("owned.txt", &list);
    let r = s.run(&["deck", "need", "owned.txt"]);
    code(&r, 0);
}

#[test]
fn a_named_card_of_the_other_side_is_an_input_error() {
    let s = Scratch::new();
    let r = s.run(&["deck", "build", "--side", "light", "--around", "DM-71"]);
    code(&r, 2);
    assert!(r.stderr.contains("--around DM-71: DM-71 (Darth Maul, Sith Apprentice) cannot be in a light side deck under the standard rules: it is a dark side card in a light side deck\n"), "{}", r.stderr);
}

#[test]
fn refinement_is_seeded_within_its_budget_and_reproducible() {
    let s = Scratch::new();
    let args = [
        "deck",
        "build",
        "--side",
        "light",
        "--vs",
        "example:dark",
        "--games",
        "20",
        "--budget",
        "100",
        "--seed",
        "7",
        "--format",
        "json",
    ];
    let a = s.run(&args);
    code(&a, 0);
    let v: serde_json::Value = serde_json::from_str(&a.stdout).unwrap();
    let played = v["refinement"]["games_played"].as_u64().unwrap();
    assert!((20..=100).contains(&played), "{played}");
    for swap in v["refinement"]["swaps"].as_array().unwrap() {
        assert!(swap["interval"]["low"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(v["check"]["verdict"], "legal");
    let b = s.run(&args);
    assert_eq!(a.stdout, b.stdout);
}
