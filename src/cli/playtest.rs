//! `yj playtest`: many seeded games of a deck against one or more opponents, with win rates
//! and their 95% Wilson intervals, who went first, victory types, game length and per-card
//! statistics; `--gauntlet` for a whole field ([`gauntlet`]), `--html` for a report with
//! charts ([`html`]).

mod cards;
mod charts;
mod gauntlet;
mod html;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Result;
use clap::Args;
use comfy_table::{CellAlignment, Table};
use serde::Serialize;
use serde_json::json;

use super::InputError;
use super::game_args::{GameArgs, agent_kind};
use super::game_decks::{GameDeck, load_decks, setup_error};
use super::open_db;
use super::output::{Format, table};
use crate::engine::{CardPool, GameOptions, StarshipRules};
use crate::sim::report::{Rate, Victories};
use crate::sim::{AgentKind, Matchup, OpponentReport, RunConfig, SimError};

#[derive(Debug, Args)]
pub struct PlaytestArgs {
    /// The deck under test: a decklist file, or `example:light` / `example:dark`.
    #[arg(value_name = "DECK", required_unless_present = "gauntlet")]
    deck: Option<String>,
    /// An opponent deck; repeat for several (`--vs a.txt --vs b.txt`).
    #[arg(long = "vs", value_name = "OPP", required_unless_present = "gauntlet")]
    vs: Vec<String>,
    /// Play a whole field instead: every deck against every deck of the other side, and a
    /// matrix of win rates. Decklist files, or folders whose .txt, .csv and .toml files are
    /// all decks.
    #[arg(long, value_name = "DIR_OR_FILES", num_args = 1.., conflicts_with_all = ["deck", "vs"])]
    gauntlet: Vec<String>,
    /// Also write the report, with charts, to FILE: one HTML file that opens offline.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Games against each opponent, or in each pairing of a gauntlet (twice as many with
    /// --mirror).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The master seed: the same seed gives the same results. Default: a new seed each run,
    /// printed so the run can be repeated.
    #[arg(long)]
    seed: Option<u64>,
    /// Threads (default 0: one per core; at most 1024). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    jobs: usize,
    /// The agent playing the deck: heuristic, random, patient-random or mcts (search by playouts;
    /// `mcts:N` for N playouts per decision).
    #[arg(long, default_value = "heuristic")]
    agent: String,
    /// The agent playing the opponents.
    #[arg(long, default_value = "heuristic")]
    opponent_agent: String,
    #[command(flatten)]
    shared: GameArgs,
    /// Also play every game from the same seed with the two decks' seats swapped: each deck
    /// gets the other's shuffle applied to its own list (the same positions, not the same
    /// cards), so it does not swap the luck of two different decks (README "Repeating").
    #[arg(long)]
    mirror: bool,
    /// Play even if a deck breaks the rules.
    #[arg(long)]
    allow_illegal: bool,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// The run as a whole, for the report's header and JSON.
#[derive(Serialize)]
struct RunInfo {
    deck: DeckInfo,
    master_seed: u64,
    games_per_opponent: u64,
    mirror: bool,
    agents: AgentsInfo,
    starships: StarshipRules,
    /// How to replay game I against an opponent (and, with --mirror, its mirrored game).
    replay: String,
    replay_mirrored: Option<String>,
}

#[derive(Serialize)]
struct DeckInfo {
    file: String,
    name: String,
}

#[derive(Serialize)]
struct AgentsInfo {
    deck: AgentKind,
    opponent: AgentKind,
}

/// More threads than this only cost memory (each has its own stack); far more cannot start.
const MAX_JOBS: usize = 1024;

pub fn run(args: PlaytestArgs, db_path: &Path) -> Result<ExitCode> {
    if args.games == 0 || args.games > 1_000_000_000 {
        return Err(InputError(format!(
            "--games must be between 1 and 1000000000 (got {})",
            args.games
        ))
        .into());
    }
    if args.jobs > MAX_JOBS {
        return Err(InputError(format!(
            "--jobs must be at most {MAX_JOBS} (got {}); 0 means one per core",
            args.jobs
        ))
        .into());
    }
    let starships = args.shared.starships.rules();
    let kinds = [
        agent_kind(&args.agent, "--agent")?,
        agent_kind(&args.opponent_agent, "--opponent-agent")?,
    ];
    let weights = args.shared.weights()?;
    let db = open_db(db_path)?;
    let catalogue = db.catalogue()?;
    let pool = CardPool::from_catalogue(&catalogue);
    let rules = args.shared.rules(&catalogue)?;
    if !args.gauntlet.is_empty() {
        let setup = gauntlet::Setup {
            catalogue: &catalogue,
            pool,
            rules,
            kinds,
            weights,
            starships,
        };
        return gauntlet::run(&args, setup);
    }
    let deck = args
        .deck
        .as_deref()
        .expect("clap asks for DECK without --gauntlet");
    let mut specs: Vec<&str> = vec![deck];
    specs.extend(args.vs.iter().map(String::as_str));
    let decks = match load_decks(&specs, &rules, &catalogue, args.allow_illegal)? {
        Ok(d) => d,
        Err(code) => return Ok(code),
    };
    // Issue 12: a player testing a deck should know which of its cards' texts are ignored.
    for d in &decks {
        if let Some(line) = super::card_text::not_played_line(&d.spec, &pool, &d.cards) {
            eprintln!("note: {line}");
        }
    }
    let html_file = html::create(args.html.as_deref())?;
    let master_seed = args.seed.unwrap_or_else(fresh_seed);
    let options = GameOptions {
        starships,
        ..GameOptions::default()
    };
    let info = RunInfo {
        deck: DeckInfo {
            file: decks[0].spec.clone(),
            name: decks[0].name.clone(),
        },
        master_seed,
        games_per_opponent: args.games * if args.mirror { 2 } else { 1 },
        mirror: args.mirror,
        agents: AgentsInfo {
            deck: kinds[0],
            opponent: kinds[1],
        },
        starships,
        replay: replay(&args, &decks[0].spec, "OPP", kinds, master_seed),
        replay_mirrored: args.mirror.then(|| {
            replay(
                &args,
                "OPP",
                &decks[0].spec,
                [kinds[1], kinds[0]],
                master_seed,
            )
        }),
    };
    let progress = progress_bar(info.games_per_opponent * args.vs.len() as u64);
    let mut reports = Vec::new();
    for opp in &decks[1..] {
        if let Some(bar) = &progress {
            bar.set_message(opp.name.clone());
        }
        let m = Matchup {
            pool: Arc::clone(&pool),
            deck: &decks[0].cards,
            opponent: &opp.cards,
            agents: kinds,
            weights: Arc::clone(&weights),
            options,
        };
        let config = RunConfig {
            games: args.games,
            master_seed,
            mirror: args.mirror,
            jobs: args.jobs,
        };
        let tick = || {
            if let Some(bar) = &progress {
                bar.inc(1);
            }
        };
        let (distinct, tally) = m.run(&config, &tick).map_err(|e| match e {
            // The deck under test plays seat A, the opponent seat B.
            SimError::Setup(e) => setup_error(&e, [&decks[0].spec, &opp.spec]),
            e => InputError(format!("{}: {e}", opp.spec)),
        })?;
        reports.push((
            opp,
            OpponentReport::new(&opp.spec, &tally, &distinct, &decks[0].cards, &pool),
        ));
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    match args.format {
        Format::Json => print_json(&info, &reports)?,
        Format::Csv => print_csv(&info, &reports)?,
        Format::Table => print_tables(&info, &reports)?,
    }
    if let Some(file) = html_file {
        html::write_playtest(file, &args, &info, &reports)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A seed for a run without `--seed`: from the clock, mixed (the engine never reads it).
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    crate::engine::game_seed(nanos, u64::from(std::process::id())) % 1_000_000_000
}

/// The `yj play` command that replays game I of the run: every option that decides whether
/// and how the game is played, with file names quoted for a POSIX shell where needed.
fn replay(args: &PlaytestArgs, a: &str, b: &str, kinds: [AgentKind; 2], seed: u64) -> String {
    let word = |w: &str| {
        if w == "OPP" {
            w.to_string()
        } else {
            shell_word(w)
        }
    };
    let mut s = format!(
        "yj play {} {} --seed {seed} --game I --agents {},{}",
        word(a),
        word(b),
        kinds[0].name(),
        kinds[1].name()
    );
    s.push_str(&args.shared.words(shell_word));
    if args.allow_illegal {
        s.push_str(" --allow-illegal");
    }
    s
}

/// `w` as one word for a POSIX shell: as it is when it holds only safe characters, else in
/// single quotes.
fn shell_word(w: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-./:=,+@%".contains(c);
    if !w.is_empty() && w.chars().all(safe) {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

/// A progress bar on stderr, only when stderr is a terminal (crate docs, "Output": stdout stays the report).
fn progress_bar(total: u64) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games ({per_sec}, {eta} left) {msg}",
    ) {
        bar.set_style(style);
    }
    Some(bar)
}

fn print_json(info: &RunInfo, reports: &[(&GameDeck, OpponentReport)]) -> Result<()> {
    let opponents: Vec<serde_json::Value> = reports
        .iter()
        .map(|(deck, r)| {
            let mut v = serde_json::to_value(r).expect("reports serialise");
            v["name"] = json!(deck.name);
            v
        })
        .collect();
    let mut doc = serde_json::to_value(info)?;
    doc["opponents"] = json!(opponents);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    serde_json::to_writer_pretty(&mut out, &doc)?;
    writeln!(out)?;
    Ok(())
}

fn pct(x: Option<f64>) -> String {
    x.map(|v| format!("{:.1}%", v * 100.0)).unwrap_or_default()
}

fn interval(r: &Rate) -> String {
    r.interval
        .map(|i| format!("{:.1}–{:.1}%", i.low * 100.0, i.high * 100.0))
        .unwrap_or_default()
}

fn num(x: Option<f64>, digits: usize) -> String {
    x.map(|v| format!("{v:.digits$}")).unwrap_or_default()
}

fn right(t: &mut Table, from: usize) {
    for i in from..t.column_count() {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
}

fn print_tables(info: &RunInfo, reports: &[(&GameDeck, OpponentReport)]) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "Deck: {} ({})", info.deck.name, info.deck.file)?;
    writeln!(
        out,
        "{} agent vs {} agent, {} games per opponent{}; master seed {}",
        info.agents.deck.name(),
        info.agents.opponent.name(),
        info.games_per_opponent,
        if info.mirror {
            " (each deal played both ways)"
        } else {
            ""
        },
        info.master_seed
    )?;
    writeln!(out, "Replay game I: {}", info.replay)?;
    if let Some(m) = &info.replay_mirrored {
        writeln!(out, "  mirrored:    {m}")?;
    }
    for (deck, r) in reports {
        writeln!(out)?;
        writeln!(out, "Against {} ({})", deck.name, r.opponent)?;
        let mut t = table(&["", "games", "wins", "win rate", "95% interval"]);
        let overall = Rate {
            games: r.games,
            wins: r.wins,
            win_rate: r.win_rate,
            interval: r.interval,
        };
        for (label, rate) in [
            ("all games", &overall),
            ("went first", &r.went_first),
            ("went second", &r.went_second),
        ] {
            t.add_row(vec![
                label.to_string(),
                rate.games.to_string(),
                rate.wins.to_string(),
                pct(rate.win_rate),
                interval(rate),
            ]);
        }
        right(&mut t, 1);
        writeln!(out, "{t}")?;
        writeln!(out, "{}", victory_table(r))?;
        if let Some(turns) = &r.turns {
            writeln!(
                out,
                "Game length in turns: mean {:.1}, min {}, 10% {}, median {}, 90% {}, max {}",
                turns.mean, turns.min, turns.p10, turns.median, turns.p90, turns.max
            )?;
            let most = turns.histogram.iter().map(|b| b.games).max().unwrap_or(1);
            for b in &turns.histogram {
                let bar = "#".repeat(((b.games * 40).div_ceil(most)) as usize);
                writeln!(
                    out,
                    "  {:>7} {:>6}  {bar}",
                    format!("{}–{}", b.from, b.to),
                    b.games
                )?;
            }
        }
        let columns = cards::CARD_COLUMNS;
        let mut t = table(&columns.iter().map(|c| c.header).collect::<Vec<_>>());
        // One line per card, even when piped: a card list is read down its rows.
        t.set_content_arrangement(comfy_table::ContentArrangement::Disabled);
        for c in &r.cards {
            let v = serde_json::to_value(c)?;
            t.add_row(columns.iter().map(|col| col.cell(&v)).collect::<Vec<_>>());
        }
        for (i, col) in columns.iter().enumerate() {
            if col.kind.numeric()
                && let Some(c) = t.column_mut(i)
            {
                c.set_cell_alignment(CellAlignment::Right);
            }
        }
        writeln!(out, "{t}")?;
    }
    Ok(())
}

/// How the games ended: wins and losses by victory type, games nobody won in a column of
/// their own (never under `won` or `lost`), and a total row that adds up to the games.
fn victory_table(r: &OpponentReport) -> Table {
    let mut t = table(&["victory", "won", "lost", "no winner"]);
    let rows = |v: &Victories| [v.planet, v.surrender, v.deck, v.podrace];
    let (won, lost) = (rows(&r.won_by), rows(&r.lost_by));
    for (i, label) in ["planet", "surrender", "deck", "podrace"]
        .iter()
        .enumerate()
    {
        t.add_row(vec![
            label.to_string(),
            won[i].to_string(),
            lost[i].to_string(),
            String::new(),
        ]);
    }
    t.add_row(vec![
        "turn cap".to_string(),
        String::new(),
        String::new(),
        r.no_winner_by.turn_cap.to_string(),
    ]);
    if r.no_winner_by.no_location > 0 {
        t.add_row(vec![
            "no location".to_string(),
            String::new(),
            String::new(),
            r.no_winner_by.no_location.to_string(),
        ]);
    }
    if r.no_winner_by.both_decks_empty > 0 {
        t.add_row(vec![
            "both decks empty".to_string(),
            String::new(),
            String::new(),
            r.no_winner_by.both_decks_empty.to_string(),
        ]);
    }
    t.add_row(vec![
        format!("all {} games", r.games),
        r.wins.to_string(),
        r.losses.to_string(),
        r.no_winner.to_string(),
    ]);
    right(&mut t, 1);
    t
}

/// CSV: one row per statistic, the same fields as the JSON, so a spreadsheet can filter by
/// `section`.
fn print_csv(info: &RunInfo, reports: &[(&GameDeck, OpponentReport)]) -> Result<()> {
    let mut w = csv::Writer::from_writer(std::io::stdout().lock());
    let mut header = vec!["master_seed", "opponent"];
    header.extend(CSV_STATISTIC);
    w.write_record(header)?;
    let seed = info.master_seed.to_string();
    for (_, r) in reports {
        for row in csv_rows(r) {
            w.write_record(
                [seed.as_str(), r.opponent.as_str()]
                    .into_iter()
                    .chain(row.iter().map(String::as_str)),
            )?;
        }
    }
    w.flush()?;
    Ok(())
}

/// The CSV columns of one statistic, after those that say which run and pairing it is of.
const CSV_STATISTIC: [&str; 8] = [
    "section", "item", "games", "wins", "win_rate", "low", "high", "value",
];

/// One report's statistics as CSV rows (the columns of [`CSV_STATISTIC`]): rates first, then
/// counts and values.
fn csv_rows(r: &OpponentReport) -> Vec<[String; 8]> {
    let mut rows = Vec::new();
    let mut rate = |section: &str, item: &str, x: &Rate| {
        rows.push([
            section.to_string(),
            item.to_string(),
            x.games.to_string(),
            x.wins.to_string(),
            num(x.win_rate, 6),
            num(x.interval.map(|i| i.low), 6),
            num(x.interval.map(|i| i.high), 6),
            String::new(),
        ]);
    };
    let overall = Rate {
        games: r.games,
        wins: r.wins,
        win_rate: r.win_rate,
        interval: r.interval,
    };
    rate("result", "all", &overall);
    rate("result", "went-first", &r.went_first);
    rate("result", "went-second", &r.went_second);
    for c in &r.cards {
        rate("card-drawn", &c.id, &c.drawn);
        rate("card-deployed", &c.id, &c.deployed);
    }
    let mut value = |section: &str, item: &str, v: String| {
        let mut row: [String; 8] = Default::default();
        row[0] = section.to_string();
        row[1] = item.to_string();
        row[7] = v;
        rows.push(row);
    };
    value("result", "losses", r.losses.to_string());
    value("result", "no-winner", r.no_winner.to_string());
    for (section, v) in [("won-by", &r.won_by), ("lost-by", &r.lost_by)] {
        value(section, "planet", v.planet.to_string());
        value(section, "surrender", v.surrender.to_string());
        value(section, "deck", v.deck.to_string());
        value(section, "podrace", v.podrace.to_string());
    }
    value("no-winner", "turn-cap", r.no_winner_by.turn_cap.to_string());
    value(
        "no-winner",
        "no-location",
        r.no_winner_by.no_location.to_string(),
    );
    value(
        "no-winner",
        "both-decks-empty",
        r.no_winner_by.both_decks_empty.to_string(),
    );
    if let Some(t) = &r.turns {
        value("turns", "mean", format!("{:.3}", t.mean));
        for (k, v) in [
            ("min", t.min),
            ("p10", t.p10),
            ("median", t.median),
            ("p90", t.p90),
            ("max", t.max),
        ] {
            value("turns", k, v.to_string());
        }
        for b in &t.histogram {
            value(
                "turns-histogram",
                &format!("{}-{}", b.from, b.to),
                b.games.to_string(),
            );
        }
    }
    for c in &r.cards {
        value("card-avg-damage", &c.id, num(c.avg_damage, 4));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::report::NoWinner;

    fn report() -> OpponentReport {
        let v = |planet, surrender, deck, podrace| Victories {
            planet,
            surrender,
            deck,
            podrace,
        };
        OpponentReport {
            opponent: "opp.txt".into(),
            games: 20,
            wins: 7,
            losses: 9,
            no_winner: 4,
            win_rate: Some(0.35),
            interval: None,
            went_first: Rate::new(4, 10),
            went_second: Rate::new(3, 10),
            won_by: v(3, 1, 2, 1),
            lost_by: v(4, 0, 5, 0),
            no_winner_by: NoWinner {
                turn_cap: 2,
                no_location: 1,
                both_decks_empty: 1,
            },
            turns: None,
            cards: Vec::new(),
        }
    }

    /// The cells of a rendered table, row by row.
    fn cells(t: &Table) -> Vec<Vec<String>> {
        t.to_string()
            .lines()
            .filter(|l| l.contains('┆'))
            .map(|l| {
                l.trim_matches(|c| c == '│' || c == ' ')
                    .split('┆')
                    .map(|c| c.trim().to_string())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn replay_words_survive_a_shell() {
        // The printed replay command must run as printed, whatever the deck's file name.
        assert_eq!(
            shell_word("examples/decks/light.txt"),
            "examples/decks/light.txt"
        );
        assert_eq!(shell_word("example:dark"), "example:dark");
        assert_eq!(shell_word("my decks/a.txt"), "'my decks/a.txt'");
        assert_eq!(shell_word("it's.txt"), r"'it'\''s.txt'");
        assert_eq!(shell_word(""), "''");
    }

    #[test]
    fn games_nobody_won_are_never_under_won_or_lost() {
        // README "What the numbers mean": a game nobody won counts in `games`, never in `wins`
        // (nor in losses). The `won` and `lost` columns add up to the wins and losses, the
        // `no winner` column to the games nobody won, and the three to the games.
        let r = report();
        let rows = cells(&victory_table(&r));
        let col = |k: usize| -> u64 {
            rows[1..rows.len() - 1]
                .iter()
                .map(|row| row[k].parse::<u64>().unwrap_or(0))
                .sum()
        };
        assert_eq!(rows[0], ["victory", "won", "lost", "no winner"]);
        assert_eq!((col(1), col(2), col(3)), (r.wins, r.losses, r.no_winner));
        let total = &rows[rows.len() - 1];
        assert_eq!(total, &["all 20 games", "7", "9", "4"]);
        let cap = rows.iter().find(|row| row[0] == "turn cap").unwrap();
        assert_eq!(cap[1..], ["", "", "2"]);
        let both = rows
            .iter()
            .find(|row| row[0] == "both decks empty")
            .unwrap();
        assert_eq!(both[1..], ["", "", "1"]);
    }
}
