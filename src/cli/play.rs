//! `yj play`: one game between two agents, printed as a play-by-play.
//!
//! Decks are decklist files (text, CSV or TOML, as `yj deck check` reads them) or
//! `example:light` / `example:dark`; both are checked against the rules set and refused when
//! illegal unless `--allow-illegal`. `--seed S --game I` replays game I of a `yj playtest`
//! run with master seed S.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::Args;

use super::game_args::{GameArgs, agent_kind};
use super::game_decks::{load_decks, setup_error};
use super::play_log::{Line, Log};
use super::{InputError, open_db};
use crate::bots::{PlayOptions, play};
use crate::engine::{
    CardPool, Event, GameOptions, GameResult, GameState, Player, Victory, game_seed,
};
use crate::sim::{AgentKind, VictoryKind, agent_seed, make_agent};

#[derive(Debug, Args)]
// `yj play`'s own words for a shared option (`GameArgs` says "agents", as `yj playtest` does).
#[command(mut_arg("agent_config", |a| a.help(
    "Weights for the heuristic agent (a file like data/agents/heuristic.toml)"
)))]
pub struct PlayArgs {
    /// The first deck (player A): a decklist file, or `example:light` / `example:dark`.
    deck_a: String,
    /// The second deck (player B).
    deck_b: String,
    /// The game's seed: the same decks, seed and agents give the same game. With --game, the
    /// master seed of a `yj playtest` run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Replay game I of the `yj playtest` run whose master seed is --seed.
    #[arg(long, value_name = "I")]
    game: Option<u64>,
    /// The two agents, A's first: heuristic, random, patient-random (random without
    /// surrendering) or mcts (search by playouts; `mcts:N` for N playouts per decision).
    #[arg(long, default_value = "random,random")]
    agents: String,
    #[command(flatten)]
    shared: GameArgs,
    /// Play even if a deck breaks the rules.
    #[arg(long)]
    allow_illegal: bool,
    /// Print only the result line (with --format json: leave out the events).
    #[arg(long)]
    quiet: bool,
    /// `text`: the play-by-play; `json`: one document with the decks, seeds, agents, each
    /// event (turn, kind, line, player, cards, its numbers, both draw decks' sizes) and the
    /// result (winner, victory type, planets, turn) for scripts.
    #[arg(long, value_enum, default_value_t = PlayFormat::Text)]
    format: PlayFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlayFormat {
    Text,
    Json,
}

pub fn run(args: PlayArgs, db_path: &Path) -> Result<ExitCode> {
    let starships = args.shared.starships.rules();
    let names: Vec<&str> = args.agents.split(',').map(str::trim).collect();
    if names.len() != 2 {
        return Err(InputError(format!(
            "--agents takes two comma-separated names, A's first (available: {}); got `{}`",
            AgentKind::NAMES,
            args.agents
        ))
        .into());
    }
    let kinds = [
        agent_kind(names[0], "player A")?,
        agent_kind(names[1], "player B")?,
    ];
    let weights = args.shared.weights()?;
    let db = open_db(db_path)?;
    let catalogue = db.catalogue()?;
    let pool = CardPool::from_catalogue(&catalogue);
    let rules = args.shared.rules(&catalogue)?;
    let decks = match load_decks(
        &[&args.deck_a, &args.deck_b],
        &rules,
        &catalogue,
        args.allow_illegal,
    )? {
        Ok(d) => d,
        Err(code) => return Ok(code),
    };
    // Issue 12: a player testing a deck should know which of its cards' texts are ignored.
    for d in &decks {
        if let Some(line) = super::card_text::not_played_line(&d.spec, &pool, &d.cards) {
            eprintln!("note: {line}");
        }
    }
    let options = GameOptions {
        starships,
        ..GameOptions::default()
    };
    let seed = match args.game {
        Some(i) => game_seed(args.seed, i),
        None => args.seed,
    };
    let mut game = GameState::new(
        Arc::clone(&pool),
        [&decks[0].cards, &decks[1].cards],
        options,
        seed,
    )
    .map_err(|e| setup_error(&e, [&decks[0].spec, &decks[1].spec]))?;
    // The setup (objectives, the destiny draws for the first turn, who goes first) happens in
    // `new`, before any action returns events; its lines show the draw decks as set up.
    let setup = game.pending_events().to_vec();
    let setup_decks = [Player::A, Player::B].map(|p| game.draw_deck_len(p) as u16);
    game.trace_draw_decks();
    let mut events = Vec::new();
    let mut a = make_agent(kinds[0], &weights, agent_seed(seed, Player::A));
    let mut b = make_agent(kinds[1], &weights, agent_seed(seed, Player::B));
    let result = play(
        &mut game,
        [a.as_mut(), b.as_mut()],
        PlayOptions {
            check_zones: false,
            events: Some(&mut events),
        },
    )
    .context("the engine failed; this is a bug")?;
    let trace = game.draw_deck_trace();
    anyhow::ensure!(
        trace.len() == events.len(),
        "the engine traced {} draw-deck sizes for {} events; this is a bug",
        trace.len(),
        events.len()
    );
    let surrendered = events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::PlanetControlled { surrendered, .. } => Some(*surrendered),
            _ => None,
        })
        .unwrap_or(false);
    let mut log = Log::new(&game, [decks[0].side, decks[1].side], surrendered);
    let all = setup
        .iter()
        .map(|e| (e, setup_decks))
        .chain(events.iter().zip(trace.iter().copied()));
    let lines: Vec<Line> = all.filter_map(|(e, d)| log.line(e, d)).collect();
    if args.format == PlayFormat::Json {
        let doc = json_document(&args, seed, kinds, &log, &decks, lines, result);
        println!("{}", serde_json::to_string_pretty(&doc)?);
        return Ok(ExitCode::SUCCESS);
    }
    if args.quiet {
        println!("{}", log.result(result));
    } else {
        // The last line is the game-over event's: the result.
        for line in &lines {
            println!("{}", line.text);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The game as one JSON document: what a script needs without parsing the play-by-play.
fn json_document(
    args: &PlayArgs,
    seed: u64,
    kinds: [AgentKind; 2],
    log: &Log<'_>,
    decks: &[super::game_decks::GameDeck],
    lines: Vec<Line>,
    result: GameResult,
) -> serde_json::Value {
    use serde_json::json;
    let planets = match result.victory {
        Victory::Planet(ps) => json!(ps.map(|p| p.as_str())),
        _ => serde_json::Value::Null,
    };
    let victory = VictoryKind::of(&result, log.surrendered);
    let mut doc = json!({
        "decks": decks.iter().zip([Player::A, Player::B]).map(|(d, p)| json!({
            "player": format!("{p:?}"),
            "deck": d.spec,
            "name": d.name,
            "side": d.side.map(|s| s.as_str()),
        })).collect::<Vec<_>>(),
        "seed": args.seed,
        "game": args.game,
        "game_seed": seed,
        "agents": kinds.map(|k| k.name()),
        "starships": args.shared.starships.name(),
        "result": {
            "winner": result.winner.map(|w| format!("{w:?}")),
            "winner_side": result.winner.map(|w| log.player(w)),
            "victory": victory.as_str(),
            "planets": planets,
            "turn": result.turn,
            "summary": log.result(result),
        },
    });
    if !args.quiet {
        doc["events"] = serde_json::Value::Array(lines.into_iter().map(|l| l.json).collect());
    }
    doc
}
