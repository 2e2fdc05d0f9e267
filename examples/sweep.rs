//! The 10,000-game invariant sweep: random agents on the two example decks, fixed seeds.
//! Every game must finish without panic, with every card in exactly one zone after every
//! action, and with a result; turn-cap games are counted apart, never as wins.
//!
//! With `--catalogue`, the games are between random legal decks from the whole catalogue,
//! built so that together they hold every card with game text (`sim::decks::covering_decks`):
//! every text is played by random agents.
//!
//! `cargo run --release --example sweep -- [--catalogue] [GAMES] [MASTER_SEED]`

use std::collections::BTreeMap;
use std::time::Instant;

use youngjedi::bots::{PlayOptions, RandomAgent, play};
use youngjedi::catalogue::{Catalogue, CatalogueSource, Side};
use youngjedi::engine::DefId;
use youngjedi::engine::sample_decks::sample_decks;
use youngjedi::engine::{
    CardPool, Event, GameOptions, GameState, Player, StarshipRules, Victory, game_seed,
};
use youngjedi::sim::decks::covering_decks;

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let catalogue = args.iter().any(|a| a == "--catalogue");
    args.retain(|a| a != "--catalogue");
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let master: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2024);
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    let pool = CardPool::from_catalogue(&cat);
    let pairs: Vec<[Vec<DefId>; 2]> = if catalogue {
        let (decks, covered) = covering_decks(&cat, &pool, master);
        let (light, dark): (Vec<_>, Vec<_>) = decks.into_iter().partition(|d| d.0 == Side::Light);
        println!(
            "{} light and {} dark random legal decks holding {} cards with game text",
            light.len(),
            dark.len(),
            covered.len()
        );
        let n = light.len().max(dark.len());
        (0..n)
            .map(|k| {
                [
                    light[k % light.len()].1.clone(),
                    dark[k % dark.len()].1.clone(),
                ]
            })
            .collect()
    } else {
        let decks = sample_decks(&pool).expect("example decks");
        for (name, deck) in ["light", "dark"].iter().zip(&decks) {
            println!(
                "{name} deck unknown facts: {:?}",
                pool.unknowns(deck, Some(&cat))
            );
        }
        vec![decks]
    };
    let mut fired = std::collections::BTreeSet::new();
    let start = Instant::now();
    let mut victories: BTreeMap<String, u64> = BTreeMap::new();
    let mut wins = [0u64; 2];
    let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
    let mut turns = 0u64;
    let mut max_turn = 0;
    let mut failures = 0;
    let mut events = Vec::new();
    for i in 0..games {
        let seed = game_seed(master, i);
        // A third of the games under the Battle of Naboo starship rules; half with agents that
        // never surrender (longer games).
        let starships = if i % 3 == 2 {
            StarshipRules::BattleOfNaboo
        } else {
            StarshipRules::DuelOfTheFates
        };
        let options = GameOptions {
            starships,
            ..GameOptions::default()
        };
        let decks = &pairs[i as usize % pairs.len()];
        let mut g =
            GameState::new(pool.clone(), [&decks[0], &decks[1]], options, seed).expect("setup");
        let patient = i % 2 == 0;
        let mk = |s| {
            if patient {
                RandomAgent::never_surrendering(s)
            } else {
                RandomAgent::new(s)
            }
        };
        let (mut a, mut b) = (mk(seed ^ 1), mk(seed ^ 2));
        events.clear();
        match play(
            &mut g,
            [&mut a, &mut b],
            PlayOptions {
                check_zones: true,
                events: Some(&mut events),
            },
        ) {
            Ok(r) => {
                let kind = match r.victory {
                    Victory::Planet(_) => "planet",
                    Victory::Deck => "deck",
                    Victory::Podrace => "podrace",
                    Victory::TurnCap => "turn cap (no winner)",
                    Victory::NoLocation => "no location (no winner)",
                    Victory::BothDecksEmpty => "both decks empty (no winner)",
                };
                *victories.entry(kind.to_string()).or_default() += 1;
                if let Some(w) = r.winner {
                    wins[w.index()] += 1;
                }
                turns += r.turn as u64;
                max_turn = max_turn.max(r.turn);
            }
            Err(e) => {
                failures += 1;
                eprintln!("game {i} (seed {seed}): {e}");
            }
        }
        for e in &events {
            if let Event::TextUsed { card, .. } = e {
                fired.insert(g.def(*card).catalogue_id.clone());
            }
            let k = match e {
                Event::Fight { .. } => "fights",
                Event::BattleDeclared { space: false, .. } => "battles",
                Event::BattleDeclared { space: true, .. } => "starship battles",
                Event::DuelStarted { .. } => "duels",
                Event::DuelZeroDamage { .. } => "duels ended by a 0-damage character",
                Event::Breakthrough { .. } => "breakthroughs",
                Event::EvacuationStarted { .. } => "evacuations",
                Event::Evacuated { .. } => "successful evacuations",
                Event::LapCompleted { .. } => "laps completed",
                Event::PlanetControlled {
                    surrendered: true, ..
                } => "planets surrendered",
                Event::PlanetControlled { .. } => "planets controlled",
                Event::MisplacedBattleCard { .. } => "battle cards discarded unused",
                Event::DeckSearched { .. } => "deck searches",
                Event::EffectFetched { .. } => "effects fetched",
                _ => continue,
            };
            *counts.entry(k).or_default() += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("games: {games} (master seed {master}), failures: {failures}");
    for (k, v) in &victories {
        println!("  {k}: {v}");
    }
    println!(
        "  wins: light (A) {}, dark (B) {}",
        wins[Player::A.index()],
        wins[Player::B.index()]
    );
    println!(
        "  mean turns {:.1}, longest {max_turn}",
        turns as f64 / games as f64
    );
    for (k, v) in &counts {
        println!("  {k}: {v}");
    }
    println!("  cards whose text took effect: {}", fired.len());
    println!(
        "time: {secs:.1}s ({:.2} ms/game, zone check after every action)",
        secs * 1000.0 / games as f64
    );
    if failures > 0 {
        std::process::exit(1);
    }
}
