//! `yj play`: one game between two agents, printed as a play-by-play.
//!
//! Decks are `example:light` / `example:dark` (the engine's example decks) or a text file with
//! one card per line: `[COUNT] CARD`, where CARD is a catalogue id or a name (`#` starts a
//! comment). The full decklist formats and the deck validator arrive with the deck module; until
//! then this command checks what the engine itself needs (60 cards, a location for each
//! planet, at most one objective, opposite sides).

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::Args;

use super::{EXIT_PROBLEMS, InputError, open_db};
use crate::bots::{Agent, PlayOptions, RandomAgent, play};
use crate::catalogue::{Catalogue, Planet, Side};
use crate::engine::sample_decks::{DARK, LIGHT, resolve};
use crate::engine::{
    CardPool, CardRef, DefId, DeployedTo, Event, GameOptions, GameResult, GameState, Kind, Player,
    StarshipRules, Victory,
};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The first deck (player A): a decklist file, or `example:light` / `example:dark`.
    deck_a: String,
    /// The second deck (player B).
    deck_b: String,
    /// The game's seed: the same decks, seed and agents give the same game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The two agents, A's first (only `random` so far).
    #[arg(long, default_value = "random,random")]
    agents: String,
    /// The rules set the decks are checked against.
    #[arg(long, default_value = "standard")]
    rules: String,
    /// Starship rules: `duel-of-the-fates` (default) or `battle-of-naboo`.
    #[arg(long, default_value = "duel-of-the-fates")]
    starships: String,
    /// Play even if a deck breaks the checks.
    #[arg(long)]
    allow_illegal: bool,
    /// Print only the result line.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: PlayArgs, db_path: &Path) -> Result<ExitCode> {
    if !["standard", "decipher"].contains(&args.rules.as_str()) {
        return Err(InputError(format!(
            "unknown rules set `{}` (expected standard or decipher)",
            args.rules
        ))
        .into());
    }
    let starships = match args.starships.as_str() {
        "duel-of-the-fates" | "dotf" => StarshipRules::DuelOfTheFates,
        "battle-of-naboo" | "bon" => StarshipRules::BattleOfNaboo,
        other => {
            return Err(InputError(format!(
                "unknown starship rules `{other}` (expected duel-of-the-fates or battle-of-naboo)"
            ))
            .into());
        }
    };
    let agents: Vec<&str> = args.agents.split(',').map(str::trim).collect();
    if agents.len() != 2 || agents.iter().any(|a| *a != "random") {
        return Err(InputError(format!(
            "unknown agents `{}` (expected two comma-separated names; available: random)",
            args.agents
        ))
        .into());
    }
    let db = open_db(db_path)?;
    let catalogue = db.catalogue()?;
    let pool = CardPool::from_catalogue(&catalogue);
    let decks = [
        read_deck(&args.deck_a, &catalogue, &pool)?,
        read_deck(&args.deck_b, &catalogue, &pool)?,
    ];
    let mut problems = Vec::new();
    for (name, deck) in [&args.deck_a, &args.deck_b].iter().zip(&decks) {
        for p in check_deck(deck, &pool) {
            problems.push(format!("{name}: {p}"));
        }
    }
    let sides = decks.clone().map(|d| side_of(&d, &pool));
    if sides[0].is_some() && sides[0] == sides[1] {
        problems.push("both decks are of the same side of the Force".to_string());
    }
    if !problems.is_empty() {
        for p in &problems {
            eprintln!(
                "{} deck problem: {p}",
                if args.allow_illegal {
                    "warning:"
                } else {
                    "error:"
                }
            );
        }
        if !args.allow_illegal {
            eprintln!(
                "the decks were checked against the `{}` rules; pass --allow-illegal to play anyway",
                args.rules
            );
            return Ok(ExitCode::from(EXIT_PROBLEMS));
        }
    }
    let options = GameOptions {
        starships,
        ..GameOptions::default()
    };
    let mut game = GameState::new(
        Arc::clone(&pool),
        [&decks[0], &decks[1]],
        options,
        args.seed,
    )
    .map_err(|e| InputError(format!("cannot start the game: {e}")))?;
    let mut a = RandomAgent::new(args.seed.wrapping_mul(2).wrapping_add(1));
    let mut b = RandomAgent::new(args.seed.wrapping_mul(2).wrapping_add(2));
    let mut events = Vec::new();
    let result = play(
        &mut game,
        [&mut a as &mut dyn Agent, &mut b],
        PlayOptions {
            check_zones: false,
            events: Some(&mut events),
        },
    )
    .context("the engine failed; this is a bug")?;
    let names = Names { game: &game, sides };
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

/// Reads `example:NAME` or a decklist file.
fn read_deck(spec: &str, catalogue: &Catalogue, pool: &CardPool) -> Result<Vec<DefId>> {
    match spec {
        "example:light" => return Ok(resolve(pool, LIGHT).map_err(InputError)?),
        "example:dark" => return Ok(resolve(pool, DARK).map_err(InputError)?),
        _ => {}
    }
    let text = std::fs::read_to_string(spec)
        .map_err(|e| InputError(format!("cannot read deck `{spec}`: {e}")))?;
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (count, name) = match line.split_once(char::is_whitespace) {
            Some((n, rest)) if n.trim_end_matches('x').parse::<usize>().is_ok() => (
                n.trim_end_matches('x').parse::<usize>().unwrap_or(1),
                rest.trim(),
            ),
            _ => (1, line),
        };
        // A name printed on both sides resolves to the deck's side (its first card's).
        let side = out.first().map(|&d: &DefId| pool.get(d).side);
        let card = catalogue
            .lookup_with(name, crate::catalogue::LookupOptions { side })
            .map_err(|e| InputError(format!("{spec}, line {}: {e}", i + 1)))?;
        let def = pool.find(&card.id).ok_or_else(|| {
            InputError(format!(
                "{spec}, line {}: `{}` is not in the card pool",
                i + 1,
                card.id
            ))
        })?;
        out.extend(std::iter::repeat_n(def, count));
    }
    Ok(out)
}

fn side_of(deck: &[DefId], pool: &CardPool) -> Option<Side> {
    deck.first().map(|&d| pool.get(d).side)
}

/// What the engine needs of a deck (the full validator is the deck module's).
fn check_deck(deck: &[DefId], pool: &CardPool) -> Vec<String> {
    let mut out = Vec::new();
    if deck.len() != 60 {
        out.push(format!("has {} cards; a deck has 60", deck.len()));
    }
    for planet in Planet::ALL {
        if !deck
            .iter()
            .any(|&d| pool.get(d).location.is_some_and(|(p, _)| p == planet))
        {
            out.push(format!(
                "has no {} location (the three-planet rule)",
                planet.as_str()
            ));
        }
    }
    let objectives = deck
        .iter()
        .filter(|&&d| pool.get(d).kind == Kind::Objective)
        .count();
    if objectives > 1 {
        out.push(format!(
            "has {objectives} objectives; at most one is allowed"
        ));
    }
    if let Some(side) = side_of(deck, pool)
        && deck.iter().any(|&d| pool.get(d).side != side)
    {
        out.push("mixes cards of both sides of the Force".to_string());
    }
    out
}

struct Names<'a> {
    game: &'a GameState,
    sides: [Option<Side>; 2],
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
            Event::FirstPlayerDestiny { player, value, .. } => {
                format!("{} draws destiny {value} for the first turn", p(player))
            }
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
                value,
                handling,
                ..
            } => format!(
                "{} plays lap card {value}{}",
                p(player),
                if *handling { " (handling)" } else { "" }
            ),
            Event::LapCompleted { player, laps } => format!("{} completes lap {laps}", p(player)),
            Event::Refueled { player, count } => format!("{} refuels {count}", p(player)),
            Event::DeckSearched { player, took } => match took {
                Some(c) => format!("{} deploys {} from the draw deck", p(player), self.card(*c)),
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
                format!("{} draws a dueling hand of {cards}", p(player))
            }
            Event::DuelZeroDamage { card } => {
                format!("{} is discarded (0 damage)", self.card(*card))
            }
            Event::DuelAttack { player, value, .. } => {
                format!("{} attacks with {value}", p(player))
            }
            Event::DuelBlock { player, .. } => format!("{} blocks", p(player)),
            Event::DuelHit { player, hits } => format!("{} is hit ({hits} hits)", p(player)),
            Event::DuelPass { player } => format!("{} passes", p(player)),
            Event::DuelEnded { defeated } => match defeated {
                Some(c) => format!("the duel ends: {} is defeated", self.card(*c)),
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
            Event::DestinyDrawn { player, value, .. } => {
                format!("{} draws destiny {value}", p(player))
            }
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
            Event::Breakthrough { player, cards } => {
                format!("{} breaks through with {cards}", p(player))
            }
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
            Victory::Planet([a, b]) => {
                format!("planet victory ({}, {})", cap(a.as_str()), cap(b.as_str()))
            }
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
