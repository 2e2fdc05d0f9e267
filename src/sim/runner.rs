//! The playtest runner: many seeded games of one deck against one opponent, in parallel.
//!
//! Game `i` of a run is seeded with `game_seed(master, i)` and its agents with
//! [`agent_seed`]; nothing depends on which thread plays it or when, so any `--jobs` gives
//! the same tallies. `yj play --seed MASTER --game I` replays game `i` exactly.

use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;
use thiserror::Error;

use super::observe::{Observer, VictoryKind};
use super::tally::{Outcome, Tally};
use crate::bots::mcts::{DEFAULT_ITERATIONS, MAX_ITERATIONS};
use crate::bots::{Agent, HeuristicAgent, MctsAgent, MctsConfig, PlayError, RandomAgent, Weights};
use crate::engine::{
    Action, CardPool, DefId, Event, GameOptions, GameState, IllegalAction, Player, SetupError,
    game_seed,
};

/// Which agent plays a deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentKind {
    Heuristic,
    /// Uniform among the legal actions (so it surrenders at half its turn ends).
    Random,
    /// Uniform among the legal actions except surrender: a baseline that plays games out.
    PatientRandom,
    /// Determinized Monte Carlo search with this many playouts per decision.
    Mcts {
        iterations: u32,
    },
}

/// A name that is no agent, or an `mcts` budget that is no budget.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AgentNameError {
    #[error("unknown agent `{0}` (available: {names})", names = AgentKind::NAMES)]
    Unknown(String),
    #[error(
        "bad budget `{budget}` in `{name}`: the iterations per decision must be a whole number \
         from 1 to {max} (e.g. mcts:{default})",
        max = MAX_ITERATIONS,
        default = DEFAULT_ITERATIONS
    )]
    Budget { name: String, budget: String },
}

impl AgentKind {
    pub const NAMES: &'static str = "heuristic, random, patient-random, mcts[:ITERATIONS]";

    /// Parses `heuristic`, `random`, `patient-random`, `mcts` (the default budget) or
    /// `mcts:N` (N iterations per decision).
    pub fn from_name(name: &str) -> Result<AgentKind, AgentNameError> {
        let name = name.trim();
        match name {
            "heuristic" => return Ok(AgentKind::Heuristic),
            "random" => return Ok(AgentKind::Random),
            "patient-random" => return Ok(AgentKind::PatientRandom),
            "mcts" => {
                return Ok(AgentKind::Mcts {
                    iterations: DEFAULT_ITERATIONS,
                });
            }
            _ => {}
        }
        let Some(budget) = name.strip_prefix("mcts:") else {
            return Err(AgentNameError::Unknown(name.to_string()));
        };
        match budget.trim().parse::<u32>() {
            Ok(n) if (1..=MAX_ITERATIONS).contains(&n) => Ok(AgentKind::Mcts { iterations: n }),
            _ => Err(AgentNameError::Budget {
                name: name.to_string(),
                budget: budget.to_string(),
            }),
        }
    }

    pub fn parse(name: &str) -> Option<AgentKind> {
        AgentKind::from_name(name).ok()
    }

    /// The name `from_name` reads back; an `mcts` agent's always carries its budget.
    pub fn name(self) -> String {
        match self {
            AgentKind::Heuristic => "heuristic".into(),
            AgentKind::Random => "random".into(),
            AgentKind::PatientRandom => "patient-random".into(),
            AgentKind::Mcts { iterations } => format!("mcts:{iterations}"),
        }
    }
}

impl std::fmt::Display for AgentKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// As its name (`"mcts:64"`), so reports and replays name the budget.
impl Serialize for AgentKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

/// The seed of the agent in `seat` of a game seeded with `game`: by seat, so a replay with
/// `yj play` needs only the game's seed and the agents in seat order.
pub fn agent_seed(game: u64, seat: Player) -> u64 {
    game_seed(game, 1 + seat.index() as u64)
}

/// An agent of `kind` for one game.
pub fn make_agent(kind: AgentKind, weights: &Arc<Weights>, seed: u64) -> Box<dyn Agent + Send> {
    match kind {
        AgentKind::Heuristic => Box::new(HeuristicAgent::new(Arc::clone(weights))),
        AgentKind::Random => Box::new(RandomAgent::new(seed)),
        AgentKind::PatientRandom => Box::new(RandomAgent::never_surrendering(seed)),
        AgentKind::Mcts { iterations } => Box::new(MctsAgent::new(
            MctsConfig::new(iterations),
            Arc::clone(weights),
            seed,
        )),
    }
}

#[derive(Debug, Error)]
pub enum SimError {
    #[error("cannot start a game: {0}")]
    Setup(#[from] SetupError),
    #[error("game {game} (seed {seed}) failed: {error}; this is an engine bug")]
    Play {
        game: u64,
        seed: u64,
        error: PlayError,
    },
    #[error("cannot start {0} threads: {1}")]
    Threads(usize, String),
}

/// One deck against one opponent.
pub struct Matchup<'a> {
    pub pool: Arc<CardPool>,
    pub deck: &'a [DefId],
    pub opponent: &'a [DefId],
    /// The deck's agent, then the opponent's.
    pub agents: [AgentKind; 2],
    pub weights: Arc<Weights>,
    pub options: GameOptions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunConfig {
    pub games: u64,
    pub master_seed: u64,
    /// Also play every game with the decks' seats (and so their shuffles) swapped.
    pub mirror: bool,
    /// Threads; 0 for one per core.
    pub jobs: usize,
}

/// The distinct cards of a deck, sorted, and for each card of the list its index among them.
pub fn distinct_cards(deck: &[DefId]) -> (Vec<DefId>, Vec<u16>) {
    let mut distinct: Vec<DefId> = deck.to_vec();
    distinct.sort();
    distinct.dedup();
    let local = deck
        .iter()
        .map(|d| distinct.binary_search(d).expect("listed") as u16)
        .collect();
    (distinct, local)
}

/// Per-thread scratch: buffers reused from game to game.
struct Scratch {
    tally: Tally,
    obs: Observer,
    legal: Vec<Action>,
    events: Vec<Event>,
    error: Option<(u64, SimError)>,
}

impl Matchup<'_> {
    /// Plays the run and returns its tally. `progress` is called once per finished game.
    pub fn run(
        &self,
        config: &RunConfig,
        progress: &(dyn Fn() + Sync),
    ) -> Result<(Vec<DefId>, Tally), SimError> {
        // Refuse decks the engine cannot set up before starting any thread.
        GameState::new(
            Arc::clone(&self.pool),
            [self.deck, self.opponent],
            self.options,
            0,
        )?;
        let (distinct, local) = distinct_cards(self.deck);
        let n = distinct.len();
        let plays = if config.mirror { 2 } else { 1 };
        let new_scratch = || Scratch {
            tally: Tally::new(n),
            obs: Observer::new(local.clone(), n),
            legal: Vec::new(),
            events: Vec::new(),
            error: None,
        };
        let work = || {
            (0..config.games * plays)
                .into_par_iter()
                .fold(new_scratch, |mut s, k| {
                    if s.error.is_none() {
                        let (game, mirrored) = (k / plays, k % plays == 1);
                        if let Err(e) = self.play_one(&mut s, config.master_seed, game, mirrored) {
                            s.error = Some((game, e));
                        }
                        progress();
                    }
                    s
                })
                .map(|s| match s.error {
                    Some(e) => Err(e),
                    None => Ok(s.tally),
                })
                .reduce(
                    || Ok(Tally::new(n)),
                    |a, b| match (a, b) {
                        (Ok(a), Ok(b)) => Ok(a.merge(b)),
                        // The lowest game's error, whichever thread met it first.
                        (Err(a), Err(b)) => Err(if a.0 <= b.0 { a } else { b }),
                        (Err(e), _) | (_, Err(e)) => Err(e),
                    },
                )
        };
        let result = if config.jobs == 0 {
            work()
        } else {
            // Threads beyond the games to play would sit idle; results do not depend on it.
            let threads = config
                .jobs
                .min(usize::try_from(config.games * plays).unwrap_or(usize::MAX))
                .max(1);
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| SimError::Threads(config.jobs, e.to_string()))?
                .install(work)
        };
        result.map(|t| (distinct, t)).map_err(|(_, e)| e)
    }

    /// Plays game `game` (with the seats swapped when `mirrored`) into the scratch tally.
    fn play_one(
        &self,
        s: &mut Scratch,
        master: u64,
        game: u64,
        mirrored: bool,
    ) -> Result<(), SimError> {
        let seed = game_seed(master, game);
        let (seat, decks, kinds) = if mirrored {
            (
                Player::B,
                [self.opponent, self.deck],
                [self.agents[1], self.agents[0]],
            )
        } else {
            (Player::A, [self.deck, self.opponent], self.agents)
        };
        let mut state = GameState::new(Arc::clone(&self.pool), decks, self.options, seed)?;
        let mut agents = [
            make_agent(kinds[0], &self.weights, agent_seed(seed, Player::A)),
            make_agent(kinds[1], &self.weights, agent_seed(seed, Player::B)),
        ];
        s.obs.start(seat, self.opponent.len());
        // Setup events (objectives, the first player's destiny) happened in `new`.
        for e in setup_events(&state) {
            s.obs.event(&e);
        }
        let fail = |error| SimError::Play { game, seed, error };
        let mut step = 0;
        while state.to_act().is_some() {
            step += 1;
            s.events.clear();
            let result = state.decide_into(&mut s.legal, &mut s.events, |view, legal| {
                agents[view.player().index()].choose(view, legal)
            });
            match result {
                Ok(_) => {}
                Err(IllegalAction::NoLegalAction { .. }) => {
                    return Err(fail(PlayError::Stuck {
                        step,
                        phase: format!("{:?}", state.phase()),
                    }));
                }
                Err(IllegalAction::NotLegal { action, .. }) => {
                    return Err(fail(PlayError::Refused {
                        step,
                        action: format!("{action:?}"),
                    }));
                }
                Err(IllegalAction::GameOver) => break,
            }
            for e in &s.events {
                s.obs.event(e);
            }
            s.obs.after_action(&state);
        }
        let result = state.result().expect("a game with no one to act is over");
        let kind = s.obs.victory(&result);
        let outcome = match result.winner {
            Some(w) if w == seat => Outcome::Won,
            Some(_) => Outcome::Lost,
            None => Outcome::NoWinner,
        };
        debug_assert!(
            outcome != Outcome::NoWinner
                || matches!(
                    kind,
                    VictoryKind::TurnCap | VictoryKind::NoLocation | VictoryKind::BothDecksEmpty
                )
        );
        s.tally.add(outcome, kind, result.turn, &s.obs);
        Ok(())
    }
}

/// The events `GameState::new` produced before the first decision: who goes first.
fn setup_events(state: &GameState) -> impl Iterator<Item = Event> + '_ {
    // The first player is the one to choose the starting location.
    state.to_act().map(Event::FirstPlayer).into_iter()
}
