//! `yj playtest`: the real binary against a temporary database.

mod common;

use common::Scratch;
use serde_json::Value;

const DECKS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/decks/");

fn deck(name: &str) -> String {
    format!("{DECKS}{name}")
}

fn json(s: &Scratch, args: &[&str]) -> Value {
    let run = s.run(args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).expect("JSON output")
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let s = Scratch::new();
    let (light, dark) = (deck("light.txt"), deck("dark.txt"));
    let args = |jobs: &'static str| {
        vec![
            "playtest".to_string(),
            light.clone(),
            "--vs".into(),
            dark.clone(),
            "--vs".into(),
            "example:dark".into(),
            "--games".into(),
            "40".into(),
            "--mirror".into(),
            "--seed".into(),
            "5".into(),
            "--jobs".into(),
            jobs.into(),
            "--format".into(),
            "json".into(),
        ]
    };
    let one = s.run(&args("1").iter().map(String::as_str).collect::<Vec<_>>());
    let two = s.run(&args("2").iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    // Quiet on stderr when it is not a terminal: no progress bar; only the note naming the
    // cards whose game text the engine does not play yet (issue 12), one per deck.
    let notes: Vec<&str> = one.stderr.lines().collect();
    // The example decks' texts are all played now (the last, DF-53 To The Death, since the
    // duel texts): no note.
    let tails: [&str; 0] = [];
    assert_eq!(notes.len(), tails.len(), "{}", one.stderr);
    for (line, tail) in notes.iter().zip(tails) {
        assert!(line.starts_with("note: ") && line.ends_with(tail), "{line}");
    }
    let v: Value = serde_json::from_str(&one.stdout).unwrap();
    assert_eq!(v["master_seed"], 5);
    assert_eq!(v["games_per_opponent"], 80);
    assert_eq!(v["mirror"], true);
    let opponents = v["opponents"].as_array().unwrap();
    assert_eq!(opponents.len(), 2);
    for o in opponents {
        let games = o["games"].as_u64().unwrap();
        let wins = o["wins"].as_u64().unwrap();
        assert_eq!(games, 80);
        let rate = o["win_rate"].as_f64().unwrap();
        assert!((rate - wins as f64 / games as f64).abs() < 1e-12);
        let (low, high) = (
            o["interval"]["low"].as_f64().unwrap(),
            o["interval"]["high"].as_f64().unwrap(),
        );
        assert!(low <= rate && rate <= high, "{o}");
        // Every game is in exactly one of went first / went second, and in one result.
        assert_eq!(
            o["went_first"]["games"].as_u64().unwrap()
                + o["went_second"]["games"].as_u64().unwrap(),
            games
        );
        let sum = |k: &str| -> u64 {
            ["planet", "surrender", "deck", "podrace"]
                .iter()
                .map(|x| o[k][x].as_u64().unwrap())
                .sum()
        };
        assert_eq!(sum("won_by"), wins);
        assert_eq!(sum("lost_by"), o["losses"].as_u64().unwrap());
        assert_eq!(
            wins + o["losses"].as_u64().unwrap() + o["no_winner"].as_u64().unwrap(),
            games
        );
        let hist: u64 = o["turns"]["histogram"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["games"].as_u64().unwrap())
            .sum();
        assert_eq!(hist, games);
        let cards = o["cards"].as_array().unwrap();
        let copies: u64 = cards.iter().map(|c| c["copies"].as_u64().unwrap()).sum();
        assert_eq!(copies, 60);
        let obi = cards.iter().find(|c| c["id"] == "DM-1").unwrap();
        assert!(obi["drawn"]["games"].as_u64().unwrap() <= games);
        assert!(obi["deployed"]["games"].as_u64().unwrap() <= games);
    }
}

#[test]
fn any_game_of_a_run_replays_with_yj_play() {
    let s = Scratch::new();
    let (light, dark) = (deck("light.txt"), deck("dark.txt"));
    let v = json(
        &s,
        &[
            "playtest",
            &light,
            "--vs",
            &dark,
            "--games",
            "1",
            "--seed",
            "9",
            "--mirror",
            "--format",
            "json",
            "--opponent-agent",
            "random",
        ],
    );
    let o = &v["opponents"][0];
    assert_eq!(
        v["replay"],
        format!("yj play {light} OPP --seed 9 --game I --agents heuristic,random")
    );
    // Game 0 as dealt, then with the seats (and shuffles) swapped.
    let straight = s.run(&[
        "play",
        &light,
        &dark,
        "--seed",
        "9",
        "--game",
        "0",
        "--agents",
        "heuristic,random",
        "--quiet",
    ]);
    let mirrored = s.run(&[
        "play",
        &dark,
        &light,
        "--seed",
        "9",
        "--game",
        "0",
        "--agents",
        "random,heuristic",
        "--quiet",
    ]);
    let mut wins = 0;
    let mut turns = Vec::new();
    for run in [&straight, &mirrored] {
        assert_eq!(run.code, 0, "{}", run.stderr);
        let line = run.stdout.trim();
        if line.starts_with("Light Side wins") {
            wins += 1;
        }
        let turn: u64 = line.rsplit(' ').next().unwrap().parse().unwrap();
        turns.push(turn);
    }
    turns.sort();
    assert_eq!(o["wins"].as_u64().unwrap(), wins);
    assert_eq!(o["turns"]["min"].as_u64().unwrap(), turns[0]);
    assert_eq!(o["turns"]["max"].as_u64().unwrap(), turns[1]);
}

#[test]
fn the_table_names_the_seed_the_replay_and_every_section() {
    let s = Scratch::new();
    let light = deck("light.txt");
    let run = s.run(&[
        "playtest",
        &light,
        "--vs",
        "example:dark",
        "--games",
        "20",
        "--seed",
        "12",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.starts_with("Deck: Jedi and Gungans ("), "{out}");
    assert!(
        out.contains("heuristic agent vs heuristic agent, 20 games per opponent; master seed 12"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "Replay game I: yj play {light} OPP --seed 12 --game I --agents heuristic,heuristic"
        )),
        "{out}"
    );
    for part in [
        "Against Example Dark Side deck (example:dark)",
        "95% interval",
        "went first",
        "went second",
        "no winner",
        "turn cap",
        "all 20 games",
        "Game length in turns: mean ",
        "won deployed",
        "avg damage",
        "Obi-Wan Kenobi, Young Jedi",
    ] {
        assert!(out.contains(part), "{part}: {out}");
    }
    // Without --seed a fresh seed is drawn, and printed.
    let run = s.run(&["playtest", &light, "--vs", "example:dark", "--games", "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.lines().nth(1).unwrap().contains("master seed "));
}

#[test]
fn csv_has_one_row_per_statistic() {
    let s = Scratch::new();
    let run = s.run(&[
        "playtest",
        "example:light",
        "--vs",
        "example:dark",
        "--games",
        "10",
        "--seed",
        "3",
        "--format",
        "csv",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut lines = run.stdout.lines();
    assert_eq!(
        lines.next().unwrap(),
        "master_seed,opponent,section,item,games,wins,win_rate,low,high,value"
    );
    let rows: Vec<&str> = lines.collect();
    assert!(
        rows[0].starts_with("3,example:dark,result,all,10,"),
        "{}",
        rows[0]
    );
    for section in [
        ",result,went-first,",
        ",card-drawn,DM-1,",
        ",card-deployed,DM-1,",
        ",won-by,planet,",
        ",no-winner,turn-cap,",
        ",turns,median,",
        ",card-avg-damage,DM-1,",
    ] {
        assert!(rows.iter().any(|r| r.contains(section)), "{section}");
    }
}

#[test]
fn illegal_decks_are_refused_unless_allowed() {
    let s = Scratch::new();
    let bad = deck("illegal-59-cards.txt");
    let run = s.run(&["playtest", &bad, "--vs", "example:light", "--games", "2"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("--allow-illegal"), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let run = s.run(&[
        "playtest",
        &bad,
        "--vs",
        "example:light",
        "--games",
        "2",
        "--allow-illegal",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.starts_with("warning: "), "{}", run.stderr);
    // Both decks of one side cannot meet.
    let run = s.run(&[
        "playtest",
        "example:dark",
        "--vs",
        &deck("dark.txt"),
        "--games",
        "2",
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("both dark decks"), "{}", run.stderr);
    // Both decks are legal: the hint is about sides, not about the rules they were checked
    // against.
    assert!(
        run.stderr
            .contains("give one Light Side and one Dark Side deck"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("checked against"), "{}", run.stderr);
}

#[test]
fn bad_input_is_a_usage_error() {
    let s = Scratch::new();
    let light = deck("light.txt");
    for (args, expected) in [
        (
            vec!["--agent", "genius"],
            "unknown agent `genius` for --agent (available: heuristic, random, patient-random, \
             mcts[:ITERATIONS])",
        ),
        (
            vec!["--opponent-agent", "mcts:lots"],
            "--opponent-agent: bad budget `lots` in `mcts:lots`: the iterations per decision \
             must be a whole number from 1 to 1000000 (e.g. mcts:32)",
        ),
        (
            vec!["--agent", "mcts:0"],
            "--agent: bad budget `0` in `mcts:0`",
        ),
        (
            vec!["--games", "0"],
            "--games must be between 1 and 1000000000",
        ),
        (
            vec!["--agent-config", "missing.toml"],
            "cannot read agent config `missing.toml`",
        ),
        (vec!["--rules", "nope"], "unknown rules set `nope`"),
        (
            vec!["--starships", "warp"],
            "invalid value 'warp' for '--starships <STARSHIPS>'\n  [possible values: \
             duel-of-the-fates, battle-of-naboo]",
        ),
        // Would try to start that many threads (and hang) before playing a game.
        (
            vec!["--jobs", "18446744073709551615"],
            "--jobs must be at most 1024",
        ),
    ] {
        let mut all = vec!["playtest", light.as_str(), "--vs", "example:dark"];
        all.extend(args);
        let run = s.run(&all);
        assert_eq!(run.code, 2, "{all:?}: {}", run.stderr);
        assert!(run.stderr.contains(expected), "{all:?}: {}", run.stderr);
    }
    let unresolved = deck("unresolved.txt");
    let run = s.run(&["playtest", &unresolved, "--vs", "example:dark"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains(", line "), "{}", run.stderr);
    let run = s.run(&["playtest", &light]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--vs"), "{}", run.stderr);
}

#[test]
fn agent_config_replaces_the_weights() {
    let s = Scratch::new();
    let weights = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/agents/heuristic.toml"
    ))
    .unwrap();
    // An agent that never battles plays differently from the default one.
    let timid = s.write(
        "timid.toml",
        &weights.replace("declare = 1.0", "declare = 1000.0"),
    );
    let bad = s.write(
        "bad.toml",
        &weights.replace("[duel]", "[duel]\nmystery = 2"),
    );
    let base = |extra: &[&str]| {
        let mut a = vec![
            "playtest",
            "example:light",
            "--vs",
            "example:dark",
            "--games",
            "30",
            "--seed",
            "4",
            "--format",
            "json",
        ];
        a.extend_from_slice(extra);
        a.iter().map(|x| x.to_string()).collect::<Vec<_>>()
    };
    let default = s.run(&base(&[]).iter().map(String::as_str).collect::<Vec<_>>());
    let t = timid.to_str().unwrap();
    let changed = s.run(
        &base(&["--agent-config", t])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert_eq!(changed.code, 0, "{}", changed.stderr);
    assert_ne!(default.stdout, changed.stdout);
    let run = s.run(&[
        "playtest",
        "example:light",
        "--vs",
        "example:dark",
        "--agent-config",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("bad.toml") && run.stderr.contains("mystery"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_printed_replay_command_replays_every_game_as_given() {
    // The replay line must carry every option that decides whether and how a game is played:
    // here a deck legal only under `--rules decipher` (six Obi-Wan Kenobi) and the Battle of
    // Naboo starship rules. Running it for each game I must give the run's numbers.
    let s = Scratch::new();
    let (deck_file, dark) = (deck("illegal-title-limit.txt"), deck("dark.txt"));
    let games = 4;
    let v = json(
        &s,
        &[
            "playtest",
            &deck_file,
            "--vs",
            &dark,
            "--games",
            &games.to_string(),
            "--seed",
            "31",
            "--rules",
            "decipher",
            "--starships",
            "battle-of-naboo",
            "--format",
            "json",
        ],
    );
    let replay = v["replay"].as_str().unwrap();
    let (mut wins, mut turns) = (0, 0);
    for i in 0..games {
        let line = replay
            .replace("OPP", &dark)
            .replace(" I ", &format!(" {i} "));
        let mut args: Vec<&str> = line.split_whitespace().skip(1).collect();
        args.push("--quiet");
        let run = s.run(&args);
        assert_eq!(run.code, 0, "{line}: {}", run.stderr);
        let out = run.stdout.trim();
        wins += u64::from(out.starts_with("Light Side wins"));
        turns += out.rsplit(' ').next().unwrap().parse::<u64>().unwrap();
    }
    let o = &v["opponents"][0];
    assert_eq!(o["wins"].as_u64().unwrap(), wins);
    let mean = o["turns"]["mean"].as_f64().unwrap();
    assert!(
        (mean * games as f64 - turns as f64).abs() < 1e-9,
        "{mean} vs {turns}"
    );
}

#[test]
fn more_jobs_than_games_start_no_idle_threads() {
    // Results do not depend on --jobs, so threads beyond the games to play would only cost
    // start-up time: 1000 threads for 2 games must finish as fast as 1 thread does.
    let s = Scratch::new();
    let start = std::time::Instant::now();
    let run = s.run(&[
        "playtest",
        "example:light",
        "--vs",
        "example:dark",
        "--games",
        "2",
        "--seed",
        "3",
        "--jobs",
        "1000",
        "--format",
        "csv",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let one = s.run(&[
        "playtest",
        "example:light",
        "--vs",
        "example:dark",
        "--games",
        "2",
        "--seed",
        "3",
        "--jobs",
        "1",
        "--format",
        "csv",
    ]);
    assert_eq!(run.stdout, one.stdout);
    assert!(start.elapsed().as_secs_f64() < 4.0, "{:?}", start.elapsed());
}

#[test]
fn a_deck_the_engine_cannot_start_is_named_by_its_file() {
    // With --allow-illegal a deck without a location passes the checks but cannot start a
    // planet; the error must name that deck's file (not the other deck's, nor "deck A").
    let s = Scratch::new();
    let bad = s.write("noloc.txt", "3 DM-1\n");
    let bad = bad.to_str().unwrap();
    for (args, culprit, other) in [
        (
            vec!["playtest", bad, "--vs", "example:dark", "--games", "2"],
            bad,
            "example:dark",
        ),
        (
            vec!["playtest", "example:dark", "--vs", bad, "--games", "2"],
            bad,
            "example:dark",
        ),
        (vec!["play", "example:dark", bad], bad, "example:dark"),
        (vec!["play", bad, "example:dark"], bad, "example:dark"),
    ] {
        let mut all = args.clone();
        all.push("--allow-illegal");
        let run = s.run(&all);
        assert_eq!(run.code, 2, "{all:?}: {}", run.stderr);
        let error = run
            .stderr
            .lines()
            .find(|l| l.starts_with("error: "))
            .unwrap_or_else(|| panic!("{}", run.stderr));
        assert!(error.contains(culprit), "{all:?}: {error}");
        assert!(error.contains("no location card"), "{error}");
        assert!(!error.contains(other), "{all:?}: {error}");
        assert!(
            !error.contains("deck A") && !error.contains("deck B"),
            "{error}"
        );
    }
}

#[test]
fn the_search_agent_is_named_with_its_budget_and_replays_the_same_on_any_threads() {
    // Issue 13: `--agent mcts --opponent-agent heuristic`; the agent's name and budget in
    // every report (JSON included) and in the printed replay command; the same results on
    // any number of threads.
    let s = Scratch::new();
    let args = |jobs: &'static str, format: &'static str| {
        vec![
            "playtest",
            "example:light",
            "--vs",
            "example:dark",
            "--agent",
            "mcts:2",
            "--opponent-agent",
            "heuristic",
            "--games",
            "4",
            "--seed",
            "9",
            "--jobs",
            jobs,
            "--format",
            format,
        ]
    };
    let one = json(&s, &args("1", "json"));
    let two = json(&s, &args("2", "json"));
    assert_eq!(one, two);
    assert_eq!(one["agents"]["deck"], "mcts:2");
    assert_eq!(one["agents"]["opponent"], "heuristic");
    assert_eq!(
        one["replay"],
        "yj play example:light OPP --seed 9 --game I --agents mcts:2,heuristic"
    );
    let table = s.run(&args("2", "table"));
    assert_eq!(table.code, 0, "{}", table.stderr);
    let head: Vec<&str> = table.stdout.lines().take(3).collect();
    assert_eq!(
        head,
        [
            "Deck: Example Light Side deck (example:light)",
            "mcts:2 agent vs heuristic agent, 4 games per opponent; master seed 9",
            "Replay game I: yj play example:light OPP --seed 9 --game I --agents mcts:2,heuristic",
        ]
    );
    // Without a budget the default is used, and named.
    let v = json(
        &s,
        &[
            "playtest",
            "example:dark",
            "--vs",
            "example:light",
            "--agent",
            "heuristic",
            "--opponent-agent",
            "mcts",
            "--games",
            "1",
            "--seed",
            "3",
            "--format",
            "json",
        ],
    );
    assert_eq!(v["agents"]["opponent"], "mcts:32");
    assert_eq!(
        v["replay"],
        "yj play example:dark OPP --seed 3 --game I --agents heuristic,mcts:32"
    );
}
