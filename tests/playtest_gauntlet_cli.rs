//! `yj playtest --gauntlet`: the real binary against a temporary database.

mod common;

use common::{Scratch, ok};
use serde_json::Value;

const DECKS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/decks/");
const GAUNTLET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/gauntlet/");

fn deck(name: &str) -> String {
    format!("{DECKS}{name}")
}

/// A folder `dir` in the scratch directory holding copies of example decks.
fn field(s: &Scratch, dir: &str, decks: &[&str]) {
    std::fs::create_dir_all(s.path(dir)).unwrap();
    for d in decks {
        let name = std::path::Path::new(d)
            .file_name()
            .unwrap()
            .to_str()
            .unwrap();
        std::fs::copy(d, s.path(&format!("{dir}/{name}"))).unwrap();
    }
}

fn json(s: &Scratch, args: &[&str]) -> Value {
    let run = s.run(args);
    ok(&run);
    serde_json::from_str(&run.stdout).expect("JSON output")
}

#[test]
fn every_pairing_is_the_playtest_of_its_two_decks() {
    // README "Gauntlet": each pairing is seeded exactly as `yj playtest DECK --vs OPP`, so its
    // report is that command's, number for number (with --mirror, both seats).
    let s = Scratch::new();
    let (light, dark, hutt) = (
        deck("light.txt"),
        deck("dark.txt"),
        format!("{GAUNTLET}hutt-cartel.txt"),
    );
    let g = json(
        &s,
        &[
            "playtest",
            "--games",
            "6",
            "--seed",
            "9",
            "--mirror",
            "--format",
            "json",
            "--gauntlet",
            &light,
            &dark,
            &hutt,
        ],
    );
    assert_eq!(g["games_per_pairing"], 12);
    let pairings = g["pairings"].as_array().unwrap();
    let order: Vec<(&str, &str)> = pairings
        .iter()
        .map(|p| (p["deck"].as_str().unwrap(), p["opponent"].as_str().unwrap()))
        .collect();
    assert_eq!(
        order,
        [
            (light.as_str(), dark.as_str()),
            (light.as_str(), hutt.as_str()),
            (dark.as_str(), light.as_str()),
            (hutt.as_str(), light.as_str()),
        ]
    );
    for p in pairings {
        let (d, o) = (p["deck"].as_str().unwrap(), p["opponent"].as_str().unwrap());
        let single = json(
            &s,
            &[
                "playtest", d, "--vs", o, "--games", "6", "--seed", "9", "--mirror", "--format",
                "json",
            ],
        );
        let mut expected = single["opponents"][0].clone();
        expected.as_object_mut().unwrap().remove("name");
        let mut got = p.clone();
        got.as_object_mut().unwrap().remove("deck");
        assert_eq!(got, expected, "{d} against {o}");
    }
    // With --mirror the two seats of a pair of decks are the same games, from either side.
    let (a, b) = (&pairings[0], &pairings[2]);
    assert_eq!(a["wins"], b["losses"]);
    assert_eq!(a["losses"], b["wins"]);
}

#[test]
fn the_field_pools_each_decks_games_and_says_what_the_intervals_tell_apart() {
    let s = Scratch::new();
    field(
        &s,
        "f",
        &[
            &deck("light.txt"),
            &deck("dark.txt"),
            &deck("starter-style-light.txt"),
        ],
    );
    let g = json(
        &s,
        &[
            "playtest",
            "--gauntlet",
            "f",
            "--games",
            "20",
            "--seed",
            "4",
            "--allow-illegal",
            "--format",
            "json",
        ],
    );
    // The folder's decks, by file name.
    let files: Vec<&str> = g["decks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        ["f/dark.txt", "f/light.txt", "f/starter-style-light.txt"]
    );
    let pairings = g["pairings"].as_array().unwrap();
    for f in g["field"].as_array().unwrap() {
        let mine: Vec<&Value> = pairings.iter().filter(|p| p["deck"] == f["deck"]).collect();
        let sum = |k: &str| mine.iter().map(|p| p[k].as_u64().unwrap()).sum::<u64>();
        assert_eq!(f["opponents"].as_u64().unwrap(), mine.len() as u64);
        assert_eq!(f["games"].as_u64().unwrap(), sum("games"));
        assert_eq!(f["wins"].as_u64().unwrap(), sum("wins"));
        let rate = f["win_rate"].as_f64().unwrap();
        assert!((rate - sum("wins") as f64 / sum("games") as f64).abs() < 1e-12);
    }
    // 11 of 20 (34.2–74.2%) against 1 of 20 (0.9–23.6%): told apart, both ways round.
    let light = &g["field"][1];
    assert_eq!(
        light["above"],
        serde_json::json!(["f/starter-style-light.txt"])
    );
    assert_eq!(g["field"][2]["below"], serde_json::json!(["f/light.txt"]));
    // The only dark deck has no one of its side to be compared with.
    assert_eq!(g["field"][0]["not_told_apart"], serde_json::json!([]));
}

#[test]
fn the_table_shows_the_matrix_and_the_field() {
    let s = Scratch::new();
    field(
        &s,
        "f3",
        &[
            &deck("light.txt"),
            &deck("dark.txt"),
            &deck("starter-style-light.txt"),
        ],
    );
    let run = s.run(&[
        "playtest",
        "--gauntlet",
        "f3",
        "--games",
        "20",
        "--seed",
        "4",
        "--allow-illegal",
    ]);
    ok(&run);
    assert_eq!(run.stdout, GOLDEN);
    // The starter-style deck is illegal: said on stderr, and played because of --allow-illegal.
    assert!(
        run.stderr
            .starts_with("warning: f3/starter-style-light.txt: the deck has 30 cards")
    );
}

const GOLDEN: &str = r#"Gauntlet: 3 decks (2 Light Side, 1 Dark Side), 4 pairings
heuristic agent vs heuristic agent, 20 games per pairing; master seed 4
Replay game I of a pairing: yj play DECK OPP --seed 4 --game I --agents heuristic,heuristic --allow-illegal

┌─────────────────────────┬───────┬────────────────────────────┐
│ deck                    ┆ side  ┆ file                       │
╞═════════════════════════╪═══════╪════════════════════════════╡
│ Sith and Droids         ┆ Dark  ┆ f3/dark.txt                │
│ Jedi and Gungans        ┆ Light ┆ f3/light.txt               │
│ Padawan starter (light) ┆ Light ┆ f3/starter-style-light.txt │
└─────────────────────────┴───────┴────────────────────────────┘

Light Side decks against Dark Side decks: the row deck's win rate (95% interval)
┌─────────────────────────┬────────────────────┬────────────────────┐
│                         ┆    Sith and Droids ┆              field │
╞═════════════════════════╪════════════════════╪════════════════════╡
│ Jedi and Gungans        ┆ 50.0% (29.9–70.1%) ┆ 50.0% (29.9–70.1%) │
│ Padawan starter (light) ┆   0.0% (0.0–16.1%) ┆   0.0% (0.0–16.1%) │
└─────────────────────────┴────────────────────┴────────────────────┘

Dark Side decks against Light Side decks: the row deck's win rate (95% interval)
┌─────────────────┬────────────────────┬─────────────────────────┬────────────────────┐
│                 ┆   Jedi and Gungans ┆ Padawan starter (light) ┆              field │
╞═════════════════╪════════════════════╪═════════════════════════╪════════════════════╡
│ Sith and Droids ┆ 50.0% (29.9–70.1%) ┆    100.0% (83.9–100.0%) ┆ 75.0% (59.8–85.8%) │
└─────────────────┴────────────────────┴─────────────────────────┴────────────────────┘

Over the field: each deck's games against every deck of the other side. A deck is above another of its side when their 95% intervals do not overlap.
┌─────────────────────────┬───────┬───────┬──────┬──────────┬──────────────┬─────────────────────────┬─────────────────────┐
│ deck                    ┆ side  ┆ games ┆ wins ┆ win rate ┆ 95% interval ┆ above                   ┆ not told apart from │
╞═════════════════════════╪═══════╪═══════╪══════╪══════════╪══════════════╪═════════════════════════╪═════════════════════╡
│ Jedi and Gungans        ┆ Light ┆    20 ┆   10 ┆    50.0% ┆   29.9–70.1% ┆ Padawan starter (light) ┆                     │
│ Padawan starter (light) ┆ Light ┆    20 ┆    0 ┆     0.0% ┆    0.0–16.1% ┆                         ┆                     │
│ Sith and Droids         ┆ Dark  ┆    40 ┆   30 ┆    75.0% ┆   59.8–85.8% ┆                         ┆                     │
└─────────────────────────┴───────┴───────┴──────┴──────────┴──────────────┴─────────────────────────┴─────────────────────┘
Each pairing's full report (victories, game length, cards): --format json or --html FILE.
"#;

#[test]
fn csv_has_the_deck_in_a_column_and_the_field_rows() {
    let s = Scratch::new();
    field(&s, "f", &[&deck("light.txt"), &deck("dark.txt")]);
    let run = s.run(&[
        "playtest",
        "--gauntlet",
        "f",
        "--games",
        "5",
        "--seed",
        "2",
        "--format",
        "csv",
    ]);
    ok(&run);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "master_seed,deck,opponent,section,item,games,wins,win_rate,low,high,value"
    );
    assert!(
        lines[1].starts_with("2,f/dark.txt,f/light.txt,result,all,5,"),
        "{}",
        lines[1]
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("2,f/light.txt,f/dark.txt,card-drawn,DM-1,"))
    );
    let field: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.contains(",field"))
        .collect();
    assert_eq!(field.len(), 2, "{field:?}");
    assert!(
        field[0].starts_with("2,f/dark.txt,,field,all,5,"),
        "{}",
        field[0]
    );
    assert!(
        field[1].starts_with("2,f/light.txt,,field,all,5,"),
        "{}",
        field[1]
    );
}

#[test]
fn a_field_that_cannot_be_played_is_an_input_error() {
    let s = Scratch::new();
    let (light, dark) = (deck("light.txt"), deck("dark.txt"));
    std::fs::create_dir_all(s.path("empty")).unwrap();
    s.write("empty/notes.md", "not a deck");
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec![&light, "example:light"],
            format!(
                "error: a gauntlet needs decks of both sides, and every deck given is a Light Side deck ({light}, example:light); add a Dark Side deck\n"
            ),
        ),
        (
            vec![&light, &dark, &light],
            format!("error: {light}: this deck is in the gauntlet twice; give each deck once\n"),
        ),
        (
            vec!["empty", &dark],
            "error: empty: the folder holds no decklist (.txt, .csv or .toml file)\n".to_string(),
        ),
    ];
    for (decks, expected) in cases {
        let mut args = vec!["playtest", "--games", "2", "--gauntlet"];
        args.extend(decks);
        let run = s.run(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr, expected, "{args:?}");
        assert_eq!(run.stdout, "");
    }
    // The same file by two names.
    field(&s, "f", &[&light]);
    let run = s.run(&["playtest", "--gauntlet", "f", "./f/light.txt", &dark]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: ./f/light.txt: this deck is in the gauntlet twice (as f/light.txt); give each deck once\n"
    );
    // A deck under test and --vs belong to a playtest, not a gauntlet.
    let run = s.run(&["playtest", &light, "--gauntlet", &light, &dark]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
    // An illegal deck is refused (exit 1) unless --allow-illegal, as in a playtest.
    let run = s.run(&[
        "playtest",
        "--games",
        "2",
        "--gauntlet",
        &light,
        &dark,
        &deck("starter-style-dark.txt"),
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("starter-style-dark.txt: the deck has 30 cards"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout, "");
}

#[test]
fn an_html_file_that_cannot_be_written_stops_the_run_before_it_plays() {
    let s = Scratch::new();
    let (light, dark) = (deck("light.txt"), deck("dark.txt"));
    for args in [
        vec!["playtest", light.as_str(), "--vs", dark.as_str()],
        vec!["playtest", "--gauntlet", light.as_str(), dark.as_str()],
    ] {
        let mut all = args.clone();
        all.extend(["--games", "1000000", "--html", "no/such/dir/r.html"]);
        let run = s.run(&all);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert_eq!(
            run.stderr,
            "error: no/such/dir/r.html: cannot write the HTML report: no such file or directory (os error 2)\n"
        );
        assert_eq!(run.stdout, "");
    }
}

#[test]
fn the_html_report_escapes_deck_names_and_needs_nothing_else() {
    // Deck names are the user's text: shown as written, never read as markup.
    let s = Scratch::new();
    let light = std::fs::read_to_string(deck("light.txt")).unwrap().replace(
        "name: Jedi and Gungans",
        "name: <script>alert(1)</script> & \"Co\"",
    );
    s.write("odd.txt", &light);
    let run = s.run(&[
        "playtest",
        "odd.txt",
        "--vs",
        "example:dark",
        "--games",
        "3",
        "--seed",
        "1",
        "--html",
        "r.html",
    ]);
    ok(&run);
    let html = std::fs::read_to_string(s.path("r.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html><html lang=\"en\">"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;"));
    assert!(!html.contains("<script>alert(1)"));
    // One script (the card tables' sorting), inline; nothing fetched.
    assert_eq!(html.matches("<script").count(), 1);
    for needle in ["http://", "https://", "<link", " src="] {
        assert!(!html.contains(needle), "{needle}");
    }
    // The command that makes this report again, with the seed.
    assert!(html.contains("yj playtest odd.txt --vs example:dark --games 3 --seed 1"));
}

#[test]
fn a_run_that_fails_leaves_the_html_path_as_it_was() {
    // A deck without a location passes --allow-illegal but cannot start a game: the run stops
    // after the report file was opened. A file it created goes; one that was there stays.
    let s = Scratch::new();
    s.write("noloc.txt", "3 DM-1\n");
    for args in [
        vec!["playtest", "noloc.txt", "--vs", "example:dark"],
        vec!["playtest", "--gauntlet", "noloc.txt", "example:dark"],
    ] {
        let mut all = args.clone();
        all.extend(["--games", "2", "--allow-illegal", "--html", "new.html"]);
        let run = s.run(&all);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(
            run.stderr.contains("noloc.txt: cannot start a game"),
            "{}",
            run.stderr
        );
        assert!(!s.path("new.html").exists(), "{all:?}");
        s.write("old.html", "the last report");
        all.pop();
        all.push("old.html");
        assert_eq!(s.run(&all).code, 2);
        assert_eq!(
            std::fs::read_to_string(s.path("old.html")).unwrap(),
            "the last report"
        );
    }
}
