//! Digests of a fixed set of seeded games, so that a change can be checked for whether it alters
//! play: like a chess library's perft counts, a small set is stored in
//! `tests/data/event_digests.txt` and checked by `cargo test` (`tests/event_digests.rs`), and
//! `examples/event_digest` prints a larger set for comparing two builds.
//!
//! Each line covers one deck pair, starship rule set and pair of agents: the number of events,
//! an FNV-1a digest of the agents' chosen actions (which change only when play changes), and one
//! of the `Debug` text of every event with the result (which also changes when the events say
//! more or less about the same play). One more line per deck pair digests the playtest runner's
//! tally of a heuristic mirror match (the runner's own loop, observer and statistics).

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use crate::bots::{Agent, PlayOptions, Weights, play};
use crate::catalogue::Catalogue;
use crate::deck::Resolver;
use crate::engine::{
    Action, CardPool, GameOptions, GameState, Player, PlayerView, StarshipRules, game_seed,
};
use crate::sim::decks::{def_ids, load_list};
use crate::sim::{AgentKind, Matchup, RunConfig, agent_seed, make_agent};

/// The deck pairs played: the engine's example decks and the decklists in `examples/decks/`
/// (paths relative to the repository root).
pub const PAIRS: &[(&str, &str)] = &[
    ("example:light", "example:dark"),
    ("examples/decks/light.txt", "examples/decks/dark.txt"),
    ("examples/decks/light-virtual.txt", "example:dark"),
    ("examples/decks/starter-style-light.txt", "example:dark"),
    // The decks that exercise game text: every change of how a text plays shows here.
    (
        "examples/decks/duel-light.txt",
        "examples/decks/duel-dark.txt",
    ),
    (
        "examples/decks/podrace-light.txt",
        "examples/decks/podrace-dark.txt",
    ),
    (
        "examples/decks/reflections-light.txt",
        "examples/decks/duel-dark.txt",
    ),
];

/// The agent pairs played (player A first).
pub const AGENTS: [[AgentKind; 2]; 4] = [
    [AgentKind::Heuristic, AgentKind::Heuristic],
    [AgentKind::Random, AgentKind::Random],
    [AgentKind::Heuristic, AgentKind::PatientRandom],
    [AgentKind::Random, AgentKind::Heuristic],
];

/// The games behind the stored digests: few enough for a debug-build test to take seconds.
pub const STORED_GAMES: u64 = 4;
/// The master seed of the stored digests.
pub const STORED_SEED: u64 = 11;

/// FNV-1a, 64 bits: stable across Rust versions, unlike the standard library's hasher.
pub struct Fnv(pub u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv::new()
    }
}

/// An agent that hashes every action it chooses.
struct Recorder<'a> {
    inner: &'a mut dyn Agent,
    hash: Fnv,
    text: String,
}

impl Agent for Recorder<'_> {
    fn choose(&mut self, view: &PlayerView, legal: &[Action]) -> Action {
        let action = self.inner.choose(view, legal);
        self.text.clear();
        writeln!(self.text, "{action:?}").unwrap();
        self.hash.write(self.text.as_bytes());
        action
    }
}

/// The digest lines of `games` games per combination from `master`, and the total digest over
/// all of them (the last line). Decklist paths are read relative to `root`.
pub fn digest_lines(cat: &Catalogue, root: &Path, games: u64, master: u64) -> Vec<String> {
    let pool = CardPool::from_catalogue(cat);
    let mut resolver = Resolver::new(cat);
    let mut load = |spec: &str| {
        let path = if spec.starts_with("example:") {
            spec.to_string()
        } else {
            root.join(spec).to_string_lossy().into_owned()
        };
        let list = load_list(&path).unwrap_or_else(|e| panic!("deck {spec}: {e}"));
        def_ids(&resolver.resolve(&list))
    };
    let weights = Arc::new(Weights::default());
    let mut lines = Vec::new();
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
            for kinds in AGENTS {
                let mut h = Fnv::new();
                let mut actions = Fnv::new();
                let mut n_events = 0;
                for i in 0..games {
                    let seed = game_seed(master, i);
                    let mut g =
                        GameState::new(Arc::clone(&pool), [&decks[0], &decks[1]], options, seed)
                            .expect("setup");
                    let mut x = make_agent(kinds[0], &weights, agent_seed(seed, Player::A));
                    let mut y = make_agent(kinds[1], &weights, agent_seed(seed, Player::B));
                    let mut x = Recorder {
                        inner: &mut *x,
                        hash: Fnv::new(),
                        text: String::new(),
                    };
                    let mut y = Recorder {
                        inner: &mut *y,
                        hash: Fnv::new(),
                        text: String::new(),
                    };
                    events.clear();
                    let r = play(
                        &mut g,
                        [&mut x, &mut y],
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
                    actions.write(&x.hash.0.to_le_bytes());
                    actions.write(&y.hash.0.to_le_bytes());
                    n_events += events.len();
                    played += 1;
                }
                lines.push(format!(
                    "{a} vs {b} {starships:?} {}/{}: {games} games, {n_events} events, \
                     actions {:016x}, events {:016x}",
                    kinds[0].name(),
                    kinds[1].name(),
                    actions.0,
                    h.0
                ));
                total.write(&actions.0.to_le_bytes());
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
        lines.push(format!(
            "{a} vs {b} runner tally: {} games, {:016x}",
            games * 4,
            h.0
        ));
        total.write(&h.0.to_le_bytes());
    }
    lines.push(format!(
        "{played} games played directly; total digest {:016x}",
        total.0
    ));
    lines
}

/// The stored file's text: a header saying what it is and how to regenerate it, then the lines.
pub fn stored_text(lines: &[String]) -> String {
    let mut out = String::from(
        "# Digests of seeded games (src/sim/digest.rs), checked by tests/event_digests.rs.\n\
         # A change that alters play must regenerate this file in the same commit and say why\n\
         # play changed in the commit message:\n\
         #   cargo run --example event_digest -- --bless\n",
    );
    writeln!(
        out,
        "# {STORED_GAMES} games per line, master seed {STORED_SEED}."
    )
    .unwrap();
    for l in lines {
        out.push_str(l);
        out.push('\n');
    }
    out
}

/// The stored file, relative to the repository root.
pub const STORED_PATH: &str = "tests/data/event_digests.txt";
