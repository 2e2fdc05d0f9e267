//! `yj deck fix`: the real binary against a scratch database, whole outputs asserted.

mod common;

use common::{Run, Scratch};

const LIGHT: &str = include_str!("../examples/decks/light.txt");
const SHORT: &str = include_str!("../examples/decks/illegal-59-cards.txt");
const COLOURS: &str = include_str!("../examples/decks/illegal-colours.txt");
const TOML: &str = include_str!("../examples/decks/light.toml");

#[track_caller]
fn code(r: &Run, code: i32) {
    assert_eq!(r.code, code, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
}

/// The deck lines of a list as `yj deck fix` prints them, without the header.
fn resulting_lines(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("Resulting deck"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

#[test]
fn one_card_short_is_one_addition_and_the_check_of_the_result() {
    let s = Scratch::new();
    s.write("short.txt", SHORT);
    let r = s.run(&["deck", "fix", "short.txt", "-o", "fixed.txt"]);
    code(&r, 1);
    let mut expected = String::from(
        "short.txt: illegal deck under the standard rules; 1 change makes it legal (no fewer can: the search is exhaustive)\n  add 1 DM-2 Qui-Gon Jinn, Jedi Master: red keeps 9 cards and needs 10\nwrote the resulting deck to fixed.txt\n\nResulting deck (60 cards):\n",
    );
    let written = std::fs::read_to_string(s.path("fixed.txt")).unwrap();
    assert!(written.starts_with("name: Jedi and Gungans, one short\nside: light\n"));
    for line in written.lines().skip(2) {
        expected.push_str(line);
        expected.push('\n');
    }
    expected.push('\n');
    // The check printed is the check of the written list.
    let check = s.run(&["deck", "check", "fixed.txt"]);
    code(&check, 0);
    expected.push_str(&check.stdout);
    assert_eq!(r.stdout, expected);
    assert!(written.contains("\n4 DM-2 Qui-Gon Jinn, Jedi Master\n"));
}

#[test]
fn json_gives_changes_minimal_and_the_deck() {
    let s = Scratch::new();
    s.write("colours.txt", COLOURS);
    let r = s.run(&["deck", "fix", "colours.txt", "--format", "json"]);
    code(&r, 1);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["minimal"], true);
    assert_eq!(v["change_count"], 2);
    let changes = v["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 2);
    for c in changes {
        assert_eq!(c["action"], "swap");
        assert_eq!(c["card"], "DM-69");
        assert_eq!(
            c["reason"],
            "purple has 12 purple-dot cards; a colour holds 10"
        );
        assert!(c["for"].as_str().unwrap().starts_with("DM-"));
    }
    let total: u64 = v["deck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["count"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 60);
    assert_eq!(v["check"]["verdict"], "legal");
}

#[test]
fn a_legal_deck_says_so_and_exits_0() {
    let s = Scratch::new();
    s.write("light.txt", LIGHT);
    let r = s.run(&["deck", "fix", "light.txt", "--format", "json"]);
    code(&r, 0);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["changes"], serde_json::json!([]));
    assert_eq!(v["legal_before"], true);
    let r = s.run(&["deck", "fix", "light.txt"]);
    code(&r, 0);
    assert!(
        r.stdout
            .starts_with("light.txt: legal deck under the standard rules; nothing to change\n\nResulting deck (60 cards):\n")
    );
}

#[test]
fn the_output_file_keeps_the_input_format() {
    let s = Scratch::new();
    // TOML: one Theed Palace short.
    s.write(
        "short.toml",
        &TOML.replace("\"DM-67\" = 2", "\"DM-67\" = 1"),
    );
    let r = s.run(&["deck", "fix", "short.toml", "-o", "fixed.toml"]);
    code(&r, 1);
    let written = std::fs::read_to_string(s.path("fixed.toml")).unwrap();
    assert!(written.contains("cards = [\n"), "{written}");
    code(&s.run(&["deck", "check", "fixed.toml"]), 0);
    // CSV.
    let mut csv = String::from("quantity,card\n");
    for line in SHORT.lines() {
        if let Some((n, card)) = line.split_once(' ')
            && n.parse::<u32>().is_ok()
        {
            csv.push_str(&format!("{n},\"{card}\"\n"));
        }
    }
    s.write("short.csv", &csv);
    let r = s.run(&["deck", "fix", "short.csv", "-o", "fixed.csv"]);
    code(&r, 1);
    let written = std::fs::read_to_string(s.path("fixed.csv")).unwrap();
    assert!(written.starts_with("quantity,card_id,name\n"), "{written}");
    code(&s.run(&["deck", "check", "fixed.csv"]), 0);
    assert_eq!(
        resulting_lines(&r.stdout).len(),
        written.lines().count() - 1
    );
}

#[test]
fn owned_never_adds_a_card_the_collection_lacks() {
    let s = Scratch::new();
    let no_coruscant = LIGHT.replace("2 Coruscant • Capital City\n", "");
    assert_ne!(no_coruscant, LIGHT);
    s.write("deck.txt", &no_coruscant);
    // An empty collection: both cards to add are missing.
    let r = s.run(&["deck", "fix", "deck.txt", "--owned", "--format", "json"]);
    code(&r, 1);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["missing"], 2);
    assert_eq!(v["collection"], "main");
    assert!(
        v["changes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["owned"] == false)
    );
    // One Capital City, and three Theed Palaces: one beyond the deck's own two.
    code(&s.run(&["collection", "add", "DM-66"]), 0);
    code(&s.run(&["collection", "add", "--qty", "3", "DM-67"]), 0);
    let r = s.run(&["deck", "fix", "deck.txt", "--owned"]);
    code(&r, 1);
    assert!(
        r.stdout
            .contains("every added card is in collection `main`"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains(
            "  add 1 DM-66 Coruscant • Capital City: the deck has no Coruscant location\n"
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("  add 1 DM-67 Naboo • Theed Palace: purple keeps 8 cards and needs 10\n"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("not in the collection"));
}

#[test]
fn unresolved_lines_are_reported_and_nothing_is_fixed() {
    let s = Scratch::new();
    s.write(
        "bad.txt",
        &LIGHT.replace(
            "3 Obi-Wan Kenobi, Young Jedi",
            "3 Obi-Wan Kenobbi, Young Jedi",
        ),
    );
    let r = s.run(&["deck", "fix", "bad.txt"]);
    code(&r, 1);
    assert!(
        r.stderr
            .contains("bad.txt: the list has lines that name no card"),
        "{}",
        r.stderr
    );
    let r = s.run(&["deck", "fix", "missing.txt"]);
    code(&r, 2);
}
