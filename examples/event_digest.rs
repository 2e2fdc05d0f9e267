//! A digest of the event streams of a fixed set of seeded games, for checking that a change
//! meant to be invisible (a speed-up, a refactoring) plays every game exactly as before: run it
//! before and after, and compare the output byte for byte. The digests are not stored anywhere
//! in the repository; they are only compared between two builds.
//!
//! Covers several deck pairs, both starship rule sets, and heuristic, random and mixed agents;
//! one line per combination (FNV-1a of the `Debug` text of every event, with the result), and
//! the playtest runner's tally for the heuristic mirror match.
//!
//! `cargo run --release --example event_digest -- [GAMES_PER_LINE] [MASTER_SEED]`

use std::fmt::Write as _;
use std::sync::Arc;

use youngjedi::bots::{Agent, PlayOptions, Weights, play};
use youngjedi::catalogue::{Catalogue, CatalogueSource};
use youngjedi::deck::Resolver;
use youngjedi::engine::{CardPool, GameOptions, GameState, Player, StarshipRules, game_seed};
use youngjedi::sim::decks::{def_ids, load_list};
use youngjedi::sim::{AgentKind, Matchup, RunConfig, agent_seed, make_agent};

const PAIRS: &[(&str, &str)] = &[
    ("example:light", "example:dark"),
    ("examples/decks/light.txt", "examples/decks/dark.txt"),
    ("examples/decks/light-virtual.txt", "example:dark"),
    ("examples/decks/starter-style-light.txt", "example:dark"),
];

/// FNV-1a, 64 bits: stable across Rust versions, unlike the standard library's hasher.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let master: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(11);
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    let pool = CardPool::from_catalogue(&cat);
    let mut resolver = Resolver::new(&cat);
    let mut load = |spec: &str| def_ids(&resolver.resolve(&load_list(spec).expect("deck")));
    let weights = Arc::new(Weights::default());
    let agent_sets = [
        [AgentKind::Heuristic, AgentKind::Heuristic],
        [AgentKind::Random, AgentKind::Random],
        [AgentKind::Heuristic, AgentKind::PatientRandom],
        [AgentKind::Random, AgentKind::Heuristic],
    ];
    let mut total = Fnv::new();
    let mut played = 0;
    let mut events = Vec::new();
    let mut text = String::new();
    for &(a, b) in PAIRS {
        let decks = [load(a), load(b)];
        for starships in [StarshipRules::DuelOfTheFates, StarshipRules::BattleOfNaboo] {
            let options = GameOptions {
                starships,
                ..GameOptions::default()
            };
            for kinds in agent_sets {
                let mut h = Fnv::new();
                let mut n_events = 0;
                for i in 0..games {
                    let seed = game_seed(master, i);
                    let mut g =
                        GameState::new(Arc::clone(&pool), [&decks[0], &decks[1]], options, seed)
                            .expect("setup");
                    let mut x = make_agent(kinds[0], &weights, agent_seed(seed, Player::A));
                    let mut y = make_agent(kinds[1], &weights, agent_seed(seed, Player::B));
                    let agents: [&mut dyn Agent; 2] = [&mut *x, &mut *y];
                    events.clear();
                    let r = play(
                        &mut g,
                        agents,
                        PlayOptions {
                            check_zones: false,
                            events: Some(&mut events),
                        },
                    );
                    text.clear();
                    for e in &events {
                        writeln!(text, "{e:?}").unwrap();
                    }
                    writeln!(text, "{r:?}").unwrap();
                    h.write(text.as_bytes());
                    n_events += events.len();
                    played += 1;
                }
                println!(
                    "{a} vs {b} {starships:?} {}/{}: {games} games, {n_events} events, {:016x}",
                    kinds[0].name(),
                    kinds[1].name(),
                    h.0
                );
                total.write(&h.0.to_le_bytes());
            }
        }
        // The playtest runner's own loop (observer and tally included), heuristic mirror.
        let m = Matchup {
            pool: Arc::clone(&pool),
            deck: &decks[0],
            opponent: &decks[1],
            agents: [AgentKind::Heuristic, AgentKind::Heuristic],
            weights: Arc::clone(&weights),
            options: GameOptions::default(),
        };
        let config = RunConfig {
            games: games * 4,
            master_seed: master,
            mirror: true,
            jobs: 1,
        };
        let (_, tally) = m.run(&config, &|| {}).expect("run");
        let mut h = Fnv::new();
        h.write(format!("{tally:?}").as_bytes());
        println!("{a} vs {b} runner tally: {:016x}", h.0);
        total.write(&h.0.to_le_bytes());
    }
    println!(
        "{played} games played directly; total digest {:016x}",
        total.0
    );
}
