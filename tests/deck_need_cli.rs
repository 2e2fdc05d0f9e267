//! `yj deck need`, `yj deck check --owned` and `yj collection want --deck`: what a collection
//! lacks to build a deck (issue #5), through the real binary.

mod common;

use common::Scratch;

fn example(name: &str) -> String {
    format!("{}/examples/decks/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn missing_of(json: &str, id: &str) -> Option<i64> {
    let v: serde_json::Value = serde_json::from_str(json).expect("json");
    v.as_array()?
        .iter()
        .find(|r| r["card_id"] == id)
        .map(|r| r["missing"].as_i64().unwrap())
}

#[test]
fn need_counts_each_card_once_across_the_deck() {
    let s = Scratch::new();
    // The same card on two lines, by id and by name: 3 needed in all.
    let deck = s.write(
        "deck.txt",
        "side: dark\n2 DM-71\n1 Darth Maul, Sith Apprentice\n4 DM-107\n",
    );
    let owned = s.write("owned.txt", "2 DM-71\n1 DM-107\n");
    assert_eq!(
        s.run(&["collection", "import", owned.to_str().unwrap()])
            .code,
        0
    );
    let r = s.run(&["deck", "need", deck.to_str().unwrap(), "--format", "json"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(missing_of(&r.stdout, "DM-71"), Some(1));
    assert_eq!(missing_of(&r.stdout, "DM-107"), Some(3));
    // --all also lists what is owned in full.
    let owned_all = s.write("owned2.txt", "3 DM-71\n1 DM-107\n");
    assert_eq!(
        s.run(&["collection", "import", owned_all.to_str().unwrap()])
            .code,
        0
    );
    let r = s.run(&[
        "deck",
        "need",
        deck.to_str().unwrap(),
        "--all",
        "--format",
        "json",
    ]);
    assert_eq!(missing_of(&r.stdout, "DM-71"), Some(0));
    assert_eq!(missing_of(&r.stdout, "DM-107"), Some(3));
}

#[test]
fn a_collection_holding_the_whole_deck_needs_nothing() {
    let s = Scratch::new();
    // A collection file can be a decklist: import the deck itself.
    let light = example("light.txt");
    assert_eq!(s.run(&["collection", "import", &light]).code, 0);
    let r = s.run(&["deck", "need", &light]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_eq!(
        r.stdout.trim(),
        format!("{light}: collection `main` owns every card the deck needs")
    );
    let r = s.run(&["deck", "check", &light, "--owned", "--brief"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

#[test]
fn check_owned_fails_a_legal_deck_the_collection_cannot_build() {
    let s = Scratch::new();
    let dark = example("dark.txt");
    let r = s.run(&["deck", "check", &dark, "--brief"]);
    assert_eq!(r.code, 0, "the example deck is legal: {}", r.stdout);
    let r = s.run(&["deck", "check", &dark, "--owned", "--brief"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .contains(&format!("Owned cards ({dark}, collection `main`)"))
    );
    assert!(
        r.stderr.contains("collection `main` lacks 60 copies"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_virtual_card_needs_its_original_too() {
    let s = Scratch::new();
    let deck = s.write("deck.txt", "side: light\n1 V1-JC-3\n");
    let owned = s.write("owned.txt", "1 V1-JC-3\n");
    assert_eq!(
        s.run(&["collection", "import", owned.to_str().unwrap()])
            .code,
        0
    );
    let r = s.run(&[
        "collection",
        "want",
        "--deck",
        deck.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(missing_of(&r.stdout, "JC-3"), Some(1));
    assert_eq!(missing_of(&r.stdout, "V1-JC-3"), None);
}

#[test]
fn an_unknown_collection_is_an_input_error() {
    let s = Scratch::new();
    let r = s.run(&[
        "deck",
        "need",
        &example("light.txt"),
        "--collection",
        "binder",
    ]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr.trim(),
        "error: there is no collection `binder` (collections: none yet)"
    );
}
