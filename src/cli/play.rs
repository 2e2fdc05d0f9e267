//! `yj play`: one game between two agents, printed as a play-by-play.
//!
//! Decks are decklist files (text, CSV or TOML, as `yj deck check` reads them) or
//! `example:light` / `example:dark`; both are checked against the rules set and refused when
//! illegal unless `--allow-illegal`. `--seed S --game I` replays game I of a `yj playtest`
//! run with master seed S.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::Args;

use super::game_decks::{chosen_rules, load_decks, setup_error};
use super::{InputError, open_db};
use crate::bots::{PlayOptions, Weights, play};
use crate::catalogue::Side;
use crate::engine::{
    CardPool, CardRef, DeployedTo, Event, GameOptions, GameResult, GameState, Player,
    StarshipRules, Victory, game_seed,
};
use crate::sim::{AgentKind, AgentNameError, VictoryKind, agent_seed, make_agent};

#[derive(Debug, Args)]
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
    /// surrendering) or mcts (tree search; `mcts:N` for N iterations per decision).
    #[arg(long, default_value = "random,random")]
    agents: String,
    /// Weights for the heuristic agent (a file like data/agents/heuristic.toml).
    #[arg(long, value_name = "PATH")]
    agent_config: Option<PathBuf>,
    /// The rules set the decks are checked against (standard or decipher; default: each
    /// list's own `rules` line, else standard).
    #[arg(long, value_name = "NAME")]
    rules: Option<String>,
    /// Starship rules: `duel-of-the-fates` (default) or `battle-of-naboo`.
    #[arg(long, default_value = "duel-of-the-fates")]
    starships: String,
    /// Play even if a deck breaks the rules.
    #[arg(long)]
    allow_illegal: bool,
    /// Print only the result line (with --format json: leave out the events).
    #[arg(long)]
    quiet: bool,
    /// `text`: the play-by-play; `json`: one document with the decks, seeds, agents, each
    /// event's line and turn, and the result (winner, victory type, planets, turn) for scripts.
    #[arg(long, value_enum, default_value_t = PlayFormat::Text)]
    format: PlayFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlayFormat {
    Text,
    Json,
}

/// Starship rules by name.
pub(super) fn starship_rules(name: &str) -> Result<StarshipRules> {
    match name {
        "duel-of-the-fates" | "dotf" => Ok(StarshipRules::DuelOfTheFates),
        "battle-of-naboo" | "bon" => Ok(StarshipRules::BattleOfNaboo),
        other => Err(InputError(format!(
            "unknown starship rules `{other}` (expected duel-of-the-fates or battle-of-naboo)"
        ))
        .into()),
    }
}

/// The heuristic agent's weights: the file given, or the embedded default.
pub(super) fn weights(path: Option<&Path>) -> Result<Arc<Weights>> {
    Ok(Arc::new(match path {
        Some(p) => Weights::from_file(p).map_err(|e| InputError(e.to_string()))?,
        None => Weights::default(),
    }))
}

pub(super) fn agent_kind(name: &str, what: &str) -> Result<AgentKind> {
    AgentKind::from_name(name).map_err(|e| {
        let message = match e {
            AgentNameError::Unknown(name) => format!(
                "unknown agent `{name}` for {what} (available: {})",
                AgentKind::NAMES
            ),
            AgentNameError::Budget { .. } => format!("{what}: {e}"),
        };
        InputError(message).into()
    })
}

pub fn run(args: PlayArgs, db_path: &Path) -> Result<ExitCode> {
    let starships = starship_rules(&args.starships)?;
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
    let weights = weights(args.agent_config.as_deref())?;
    let db = open_db(db_path)?;
    let catalogue = db.catalogue()?;
    let pool = CardPool::from_catalogue(&catalogue);
    let rules = chosen_rules(args.rules.as_deref(), &catalogue)?;
    let decks = match load_decks(
        &[&args.deck_a, &args.deck_b],
        &rules,
        &catalogue,
        args.allow_illegal,
    )? {
        Ok(d) => d,
        Err(code) => return Ok(code),
    };
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
    // `new`, before any action returns events.
    let mut events = game.pending_events().to_vec();
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
    let surrendered = events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::PlanetControlled { surrendered, .. } => Some(*surrendered),
            _ => None,
        })
        .unwrap_or(false);
    let names = Names {
        game: &game,
        sides: [decks[0].side, decks[1].side],
        surrendered,
    };
    if args.format == PlayFormat::Json {
        let doc = json_document(&args, seed, kinds, &names, &decks, &events, result);
        println!("{}", serde_json::to_string_pretty(&doc)?);
        return Ok(ExitCode::SUCCESS);
    }
    if !args.quiet {
        for e in &events {
            if let Some(line) = names.render(e) {
                println!("{line}");
            }
        }
    }
    println!("{}", names.result(result));
    Ok(ExitCode::SUCCESS)
}

/// The game as one JSON document: what a script needs without parsing the play-by-play.
fn json_document(
    args: &PlayArgs,
    seed: u64,
    kinds: [AgentKind; 2],
    names: &Names<'_>,
    decks: &[super::game_decks::GameDeck],
    events: &[Event],
    result: GameResult,
) -> serde_json::Value {
    use serde_json::json;
    let mut turn = 0u32;
    let lines: Vec<serde_json::Value> = events
        .iter()
        .filter_map(|e| {
            if let Event::TurnStarted { turn: t, .. } = e {
                turn = *t;
            }
            names
                .render(e)
                .map(|text| json!({"turn": turn, "text": text}))
        })
        .collect();
    let planets = match result.victory {
        Victory::Planet(ps) => json!(ps.map(|p| p.as_str())),
        _ => serde_json::Value::Null,
    };
    let victory = VictoryKind::of(&result, names.surrendered);
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
        "starships": args.starships,
        "result": {
            "winner": result.winner.map(|w| format!("{w:?}")),
            "winner_side": result.winner.map(|w| names.player(w)),
            "victory": victory.as_str(),
            "planets": planets,
            "turn": result.turn,
            "summary": names.result(result),
        },
    });
    if !args.quiet {
        doc["events"] = serde_json::Value::Array(lines);
    }
    doc
}

struct Names<'a> {
    game: &'a GameState,
    sides: [Option<Side>; 2],
    /// Whether the last planet to change hands was surrendered.
    surrendered: bool,
}

impl Names<'_> {
    fn player(&self, p: Player) -> String {
        match self.sides {
            [Some(a), Some(b)] if a != b => match self.sides[p.index()] {
                Some(Side::Light) => "Light Side".into(),
                _ => "Dark Side".into(),
            },
            _ => format!("Player {p:?}"),
        }
    }

    fn card(&self, c: CardRef) -> String {
        self.game.def(c).name.clone()
    }

    fn cards(&self, cs: &[Option<CardRef>]) -> String {
        cs.iter()
            .flatten()
            .map(|&c| self.card(c))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn render(&self, e: &Event) -> Option<String> {
        let p = |x: &Player| self.player(*x);
        Some(match e {
            Event::ObjectivePlaced { player, card } => {
                format!("{} puts {} into play", p(player), self.card(*card))
            }
            Event::FirstPlayerDestiny {
                player,
                card,
                value,
            } => format!(
                "{} draws destiny {value} ({}) for the first turn",
                p(player),
                self.card(*card)
            ),
            Event::FirstPlayer(x) => format!("{} goes first", p(x)),
            Event::LocationPlaced { player, card, .. } => {
                format!("{} puts {} into play", p(player), self.card(*card))
            }
            Event::EffectFetched { player, card } => {
                format!(
                    "{} takes {} from the draw deck",
                    p(player),
                    self.card(*card)
                )
            }
            Event::TurnStarted { player, turn } => format!("-- turn {turn}: {} --", p(player)),
            Event::Revealed { player, card } => {
                format!("{} turns up {}", p(player), self.card(*card))
            }
            Event::Deployed {
                player,
                card,
                hidden,
                to,
            } => {
                let what = if *hidden {
                    "a hidden card".to_string()
                } else {
                    self.card(*card)
                };
                let to = match to {
                    DeployedTo::Planet(pl) => cap(pl.as_str()),
                    DeployedTo::Objective => "the objective".to_string(),
                    DeployedTo::Hyperspace => "Hyperspace".to_string(),
                };
                format!("{} deploys {what} to {to}", p(player))
            }
            Event::Thrust { player, thrust } => format!("{} thrusts (thrust {thrust})", p(player)),
            Event::LapCard {
                player,
                card,
                value,
                handling,
            } => format!(
                "{} plays {} as lap card {value}{}",
                p(player),
                self.card(*card),
                if *handling { " (handling)" } else { "" }
            ),
            Event::LapCompleted { player, laps } => format!("{} completes lap {laps}", p(player)),
            Event::Refueled { player, count } => format!(
                "{} refuels: draws {count} {}",
                p(player),
                plural(*count, "card")
            ),
            Event::DeckSearched { player, took } => match took {
                // The deploy itself is the next line.
                Some(c) => format!(
                    "{} searches the draw deck and takes {}",
                    p(player),
                    self.card(*c)
                ),
                None => format!(
                    "{} searches the draw deck and takes nothing (1 damage)",
                    p(player)
                ),
            },
            Event::EvacuationStarted {
                player,
                planet,
                cards,
            } => format!(
                "{} evacuates {cards} cards from {}",
                p(player),
                cap(planet.as_str())
            ),
            Event::StarshipAdded { player, card } => {
                format!("{} adds {} to Hyperspace", p(player), self.card(*card))
            }
            Event::Intercepted { player } => format!("{} intercepts", p(player)),
            Event::NotIntercepted { player } => format!("{} does not intercept", p(player)),
            Event::Evacuated { player, cards, .. } => {
                format!(
                    "{} evacuates {cards} cards back into the draw deck",
                    p(player)
                )
            }
            Event::EvacueesLost { player, cards } => {
                format!("{} loses {cards} evacuated cards", p(player))
            }
            Event::FlewAway { card, .. } => format!("{} flies away", self.card(*card)),
            Event::DuelStarted { attacker, defender } => format!(
                "duel: {} against {}",
                self.card(*attacker),
                self.card(*defender)
            ),
            Event::DuelHand { player, cards } => {
                format!(
                    "{} draws a dueling hand of {cards} {}",
                    p(player),
                    plural(*cards, "card")
                )
            }
            Event::DuelZeroDamage { card } => {
                format!("{} is discarded (0 damage)", self.card(*card))
            }
            Event::DuelAttack {
                player,
                card,
                value,
            } => format!(
                "{} attacks with {} (destiny {value})",
                p(player),
                self.card(*card)
            ),
            // A block plays a card of the attack's number, which the other side must block
            // in turn.
            Event::DuelBlock { player, card } => format!(
                "{} blocks with {} (destiny {})",
                p(player),
                self.card(*card),
                self.game.def(*card).destiny()
            ),
            // `hits` is the running total, which later reduces the loser's damage.
            Event::DuelHit { player, hits } => format!(
                "{} is hit ({hits} {} so far)",
                p(player),
                if *hits == 1 { "hit" } else { "hits" }
            ),
            Event::DuelPass { player } => format!("{} passes", p(player)),
            Event::DuelEnded { defeated } => match defeated {
                // Its defeat (or 0-damage discard) was the line before.
                Some(_) => "the duel ends".to_string(),
                None => "the duel ends with no one defeated".to_string(),
            },
            Event::BattleDeclared { attacker, space } => format!(
                "{} {}",
                p(attacker),
                if *space {
                    "starts a starship battle"
                } else {
                    "declares a battle"
                }
            ),
            Event::BattleCardsDeclared { player, count } => {
                format!("{} adds {count} battle cards", p(player))
            }
            Event::DestinyDrawn {
                player,
                card,
                value,
            } => format!("{} draws destiny {value} ({})", p(player), self.card(*card)),
            Event::Fight {
                attacker,
                defender,
                winner,
            } => format!(
                "fight: {} ({}) vs {} ({}): {}",
                self.cards(&attacker.cards),
                attacker.power,
                self.cards(&defender.cards),
                defender.power,
                match winner {
                    Some(w) => format!("{} wins", p(w)),
                    None => "tie".to_string(),
                }
            ),
            Event::MisplacedBattleCard { card, .. } => {
                format!("{} does not work and is discarded", self.card(*card))
            }
            Event::IgnoredWeapon { card, .. } => format!("{} is not used", self.card(*card)),
            Event::Defeated { card, .. } => format!("{} is defeated", self.card(*card)),
            Event::Damage { player, cards } => format!("{} takes {cards} damage", p(player)),
            Event::Breakthrough { player, cards } => format!(
                "{} breaks through with {cards} {}",
                p(player),
                plural(*cards, "character")
            ),
            Event::DiscardedFromHand { player, card } => {
                format!("{} discards {}", p(player), self.card(*card))
            }
            Event::HandRecycled { player, cards } => {
                format!("{} discards the whole hand ({cards})", p(player))
            }
            Event::PlanetControlled {
                planet,
                by,
                surrendered,
            } => {
                let planet = planet_name(*planet);
                if *surrendered {
                    format!("{} surrenders {planet} to {}", p(&by.other()), p(by))
                } else {
                    format!("{} takes control of {planet}", p(by))
                }
            }
            Event::Drew { .. } | Event::Shuffled(_) | Event::BattleEnded | Event::GameOver(_) => {
                return None;
            }
        })
    }

    fn result(&self, r: GameResult) -> String {
        let how = match r.victory {
            // `yj playtest` counts a game whose deciding planet was surrendered as a
            // surrender victory; say the same here.
            Victory::Planet([a, b]) => format!(
                "{} ({}, {})",
                if self.surrendered {
                    "surrender"
                } else {
                    "planet victory"
                },
                cap(a.as_str()),
                cap(b.as_str())
            ),
            Victory::Deck => "deck victory".to_string(),
            Victory::Podrace => "podrace victory".to_string(),
            Victory::TurnCap => {
                return format!("No winner: the turn cap was reached on turn {}", r.turn);
            }
            Victory::NoLocation => {
                return format!(
                    "No winner: no location was left for the next planet on turn {}",
                    r.turn
                );
            }
        };
        match r.winner {
            Some(w) => format!("{} wins by {how} on turn {}", self.player(w), r.turn),
            None => format!("No winner on turn {}", r.turn),
        }
    }
}

fn plural(n: u8, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn planet_name(planet: crate::catalogue::Planet) -> &'static str {
    match planet {
        crate::catalogue::Planet::Tatooine => "Tatooine",
        crate::catalogue::Planet::Coruscant => "Coruscant",
        crate::catalogue::Planet::Naboo => "Naboo",
    }
}
