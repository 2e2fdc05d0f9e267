//! `yj play`: the real binary against a temporary database.

mod common;

use common::Scratch;

#[test]
fn plays_the_example_decks_and_ends_with_the_result() {
    let s = Scratch::new();
    let run = s.run(&["play", "example:light", "example:dark", "--seed", "7"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let last = run.stdout.lines().last().unwrap();
    let ok = (last.starts_with("Light Side wins by ") || last.starts_with("Dark Side wins by "))
        && last.contains(" on turn ")
        || last.starts_with("No winner: the turn cap");
    assert!(ok, "{last}");
    assert!(run.stdout.contains("-- turn 1: "));
    // The same seed gives the same game.
    let again = s.run(&["play", "example:light", "example:dark", "--seed", "7"]);
    assert_eq!(run.stdout, again.stdout);
    let quiet = s.run(&[
        "play",
        "example:light",
        "example:dark",
        "--seed",
        "7",
        "--quiet",
    ]);
    assert_eq!(quiet.stdout.trim_end(), last);
}

#[test]
fn refuses_decks_that_break_the_checks_unless_allowed() {
    let s = Scratch::new();
    let deck = s.write(
        "small.txt",
        "# too small\n3 DM-71\nTatooine • Desert Landing Site\nDM-136\n1 DM-137\n",
    );
    let deck = deck.to_str().unwrap();
    let run = s.run(&["play", deck, "example:light"]);
    assert_eq!(run.code, 1);
    // Checked by the deck module, as `yj deck check` does, against the standard rules.
    assert!(
        run.stderr
            .contains("the deck has 6 cards; a deck must have exactly 60"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("standard rules"), "{}", run.stderr);
    let run = s.run(&["play", deck, "example:light", "--allow-illegal", "--quiet"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(" on turn "), "{}", run.stdout);
}

#[test]
fn bad_input_is_a_usage_error() {
    let s = Scratch::new();
    let run = s.run(&[
        "play",
        "example:light",
        "example:dark",
        "--agents",
        "random,genius",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(
            "unknown agent `genius` for player B (available: heuristic, random, patient-random)"
        ),
        "{}",
        run.stderr
    );
    let bad = s.write("bad.txt", "2 Not A Card At All\n");
    let run = s.run(&["play", bad.to_str().unwrap(), "example:dark"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("line 1"), "{}", run.stderr);
}

#[test]
fn rules_are_those_named_by_rules() {
    // light-virtual.txt is legal under the standard rules and illegal under decipher (no
    // virtual cards): `yj play` used to ignore --rules.
    let s = Scratch::new();
    let deck = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/decks/light-virtual.txt"
    );
    let ok = s.run(&["play", deck, "example:dark", "--quiet"]);
    assert_eq!(ok.code, 0, "{}", ok.stderr);
    let refused = s.run(&[
        "play",
        deck,
        "example:dark",
        "--rules",
        "decipher",
        "--quiet",
    ]);
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(refused.stderr.contains("virtual"), "{}", refused.stderr);
    assert!(
        refused.stderr.contains("decipher rules"),
        "{}",
        refused.stderr
    );
    let unknown = s.run(&["play", deck, "example:dark", "--rules", "nope"]);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("unknown rules set `nope`"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn plays_decklist_files_with_heuristic_agents() {
    let s = Scratch::new();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/decks/");
    let light = format!("{dir}light.txt");
    let dark = format!("{dir}dark.toml");
    let run = s.run(&[
        "play",
        &light,
        &dark,
        "--agents",
        "heuristic,heuristic",
        "--seed",
        "3",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let last = run.stdout.lines().last().unwrap();
    assert!(
        last.contains(" wins by ") && last.contains(" on turn "),
        "{last}"
    );
    assert!(run.stdout.contains("Light Side deploys"), "{}", run.stdout);
}
