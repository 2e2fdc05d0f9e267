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

/// Issue 12, "What a player sees": a text that takes effect is narrated with the card's name and
/// what it does, and is a `text` event naming the card's id. BN-72 Darth Sidious, Sith
/// Manipulator: +1 power while using a diamond Sith Lightsaber (here in a duel, seed 8).
#[test]
fn a_text_that_takes_effect_is_narrated_and_named_in_the_json() {
    let s = Scratch::new();
    let (l, d) = (deck("reflections-light.txt"), deck("duel-dark.txt"));
    let args = ["play", l.as_str(), d.as_str(), "--seed", "8"];
    let text = s.run(&args);
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(
        text.stdout.lines().any(|line| line
            == "Darth Sidious, Sith Manipulator: +1 power while using diamond Sith Lightsaber (power +1)"),
        "{}",
        text.stdout
    );
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let json = s.run(&json_args);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let events: Vec<&serde_json::Value> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "text")
        .collect();
    assert!(
        events
            .iter()
            .any(|e| e["cards"][0] == "BN-72" && e["number"] == "power" && e["by"] == 1),
        "{events:?}"
    );
}

/// Issue 12: `text_fired` counts the games in which a card's text took effect; a card with no
/// game text has none (null), and a card whose text the engine does not play yet never fires.
#[test]
fn playtest_counts_the_games_in_which_each_text_fired() {
    let s = Scratch::new();
    let (l, d) = (deck("reflections-light.txt"), deck("duel-dark.txt"));
    let r = s.run(&[
        "playtest", &d, "--vs", &l, "--games", "100", "--format", "json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let cards = v["opponents"][0]["cards"].as_array().unwrap();
    let card = |id: &str| cards.iter().find(|c| c["id"] == id).unwrap();
    let sidious = card("BN-72")["text_fired"].as_u64().unwrap();
    let drawn = card("BN-72")["drawn"]["games"].as_u64().unwrap();
    assert!(sidious > 0 && sidious <= drawn, "{sidious} of {drawn}");
    assert!(
        card("DM-107")["text_fired"].is_null(),
        "Sith Lightsaber has no game text"
    );
}

/// Issue 12 asks for "a podrace deck per side" among the example decks: each must race, not
/// merely hold the podrace cards (rulebook "Lap Cards": a lap is a run of lap cards of destiny
/// 1 to 6, a Podracer pilot's handling number standing in for at most two). Until 2026-12-05
/// the Dark deck held one destiny-1 card for Sebulba's handling 1 and finished a lap in 1 of 40
/// such games; rebuilt around Mars Guo (handling 5) with six destiny-1 cards, 25 of 40.
#[test]
fn both_podrace_decks_finish_laps_in_games_between_heuristic_agents() {
    let s = Scratch::new();
    let (light, dark) = (deck("podrace-light.txt"), deck("podrace-dark.txt"));
    let mut lapped = [0; 2];
    for game in 0..20 {
        let g = game.to_string();
        let args = [
            "play",
            light.as_str(),
            dark.as_str(),
            "--seed",
            "11",
            "--game",
            g.as_str(),
            "--agents",
            "heuristic,heuristic",
            "--format",
            "json",
        ];
        let r = s.run(&args);
        assert_eq!(r.code, 0, "game {game}: {}", r.stderr);
        let doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        let events = doc["events"].as_array().unwrap();
        for (i, p) in ["A", "B"].iter().enumerate() {
            if events
                .iter()
                .any(|e| e["kind"] == "lap" && e["player"] == *p)
            {
                lapped[i] += 1;
            }
        }
    }
    assert!(
        lapped.iter().all(|&n| n >= 8),
        "games of 20 with a lap finished: light {}, dark {}",
        lapped[0],
        lapped[1]
    );
}
