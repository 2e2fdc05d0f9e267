//! `MctsAgent`: determinized Monte Carlo search over the engine's own `legal_actions` and
//! `apply`, with the heuristic agent finishing every playout (flat Monte Carlo at the root of
//! a determinized game: Ginsberg's PIMC, the root level of Cowling, Powley and Whitehouse's
//! determinized MCTS).
//!
//! At each decision with more than one legal action it spends a fixed number of playouts
//! (never a time limit). Each playout starts from a full game state the agent cannot tell
//! from the real one ([`PlayerView::sample_state`]: the opponent's hand and both decks' order
//! dealt afresh, with what has been revealed kept), plays one legal action, and lets the
//! heuristic agent play both sides to the end. The candidates are played on the same samples
//! (common random numbers, [`arms`]), so they are compared sample by sample rather than
//! through the noise of different deals.
//!
//! The heuristic agent's choice is the one to beat. With more than two actions, half the
//! budget screens them by sequential halving (Karnin, Koren and Somekh 2013): each round plays
//! every remaining action on a few new samples and keeps the better half, the heuristic's
//! choice always kept. The rest is a duel, on new samples, between the heuristic's choice and
//! the best of the others, which is played only if it did better on clearly more samples than
//! worse ([`arms::clearly_better`]), so a small budget plays at least as well as the
//! heuristic rather than following the luck of a few playouts. The duel stops as soon as the
//! challenger could not pass that test even by winning every sample left
//! ([`arms::still_possible`]), and when its first few samples all ended alike
//! ([`arms::settled`]): most decisions are near-forced, every action ending every playout the
//! same way. The playouts a duel did not spend are kept, and a later duel may spend them
//! ([`MctsConfig::bank`]): the budget goes to the decisions where the choice changes the
//! playouts' outcomes, while the playouts of a game stay about the budget a searched decision.
//!
//! Nothing here depends on the kind of decision or on card text: new decisions of the engine
//! are searched as they come. Its random numbers come from its own generator, seeded from the
//! game's seed and seat, so a game replays exactly on any number of threads.

mod arms;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use super::Agent;
use super::heuristic::{HeuristicAgent, Weights};
use crate::engine::rng::GameRng;
use crate::engine::{Action, GameState, Player, PlayerView, game_seed};
use arms::Arm;

/// Playouts per decision when none are given (`--agent mcts`): chosen so that a 200-game
/// `yj playtest --agent mcts` on the example decks takes under a minute on two cores (about
/// 64 CPU seconds with the settle and bank, README "The agents").
pub const DEFAULT_ITERATIONS: u32 = 32;

/// The most playouts a decision may be given.
pub const MAX_ITERATIONS: u32 = 1_000_000;

/// Decisions a playout may take before it is stopped and scored as a draw; games between
/// heuristic agents take a few hundred.
const PLAYOUT_CAP: u32 = 5_000;

/// How the search chooses and stops.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    /// Playouts per searched decision.
    pub iterations: u32,
    /// Standard deviations (of the sign test, `arms::clearly_better`) by which the
    /// challenger must beat the heuristic's choice in the duel.
    pub margin: f64,
    /// Samples by which it must lead at least.
    pub lead: u32,
    /// The share of the budget spent screening when there are more than two actions.
    pub screen: f64,
    /// Duel samples after which the duel stops if the two actions ended every one of them
    /// alike (0: never).
    pub settle: u32,
    /// How many times its own length a duel may be lengthened by the playouts earlier duels
    /// did not spend (0: never).
    pub bank: u32,
}

impl MctsConfig {
    /// The settings measured best on the example decks (README "Agents": a looser test,
    /// margin 0.5 and lead 1, won 52% instead of 67% of 150 games as example:dark against
    /// light-virtual.txt; counting the screening's samples in the duel, 63%). Settling after 4
    /// samples and spending the saving in later duels (bank 3) won 659 of 1,400 games on seven
    /// seats where the search without them won 597, for about the same CPU; spending it on a
    /// budget of 48 instead won 635 (README "Where the budget goes").
    pub fn new(iterations: u32) -> MctsConfig {
        MctsConfig {
            iterations,
            margin: 1.0,
            lead: 2,
            screen: 0.5,
            settle: 4,
            bank: 3,
        }
    }
}

/// Counts of the work done, for benchmarks (they depend on nothing but the games played).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Decisions taken (searched or not).
    pub decisions: u64,
    /// Decisions with more than one legal action, which were searched.
    pub searched: u64,
    /// Playouts.
    pub iterations: u64,
    /// Actions applied in playouts.
    pub steps: u64,
    /// Searched decisions where the agent left the heuristic's choice.
    pub overruled: u64,
}

pub struct MctsAgent {
    config: MctsConfig,
    weights: Arc<Weights>,
    rng: GameRng,
    /// The heuristic agent's own view of the game, consulted at every decision.
    guide: HeuristicAgent,
    legal: Vec<Action>,
    events: Vec<crate::engine::Event>,
    stats: SearchStats,
    /// Playouts of the budget that earlier duels did not spend ([`MctsConfig::bank`]).
    saved: usize,
}

impl MctsAgent {
    pub fn new(config: MctsConfig, weights: Arc<Weights>, seed: u64) -> MctsAgent {
        MctsAgent {
            config,
            guide: HeuristicAgent::new(Arc::clone(&weights)),
            weights,
            rng: GameRng::new(seed),
            legal: Vec::new(),
            events: Vec::new(),
            stats: SearchStats::default(),
            saved: 0,
        }
    }

    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Plays the arms `alive` on samples `from..to`: each sample is drawn once and every arm
    /// starts from a copy of it.
    fn play(
        &mut self,
        view: &PlayerView,
        seed: u64,
        arms: &mut [Arm],
        alive: &[usize],
        samples: std::ops::Range<usize>,
    ) {
        let me = view.player();
        for i in samples {
            let base = view.sample_state(game_seed(seed, i as u64));
            for &k in alive {
                let mut g = base.clone();
                self.events.clear();
                g.apply_into(arms[k].action, &mut self.events)
                    .expect("the search plays legal actions only");
                let winner = self.playout(&mut g);
                arms[k].record(i, arms::points(winner, me));
            }
            self.stats.iterations += alive.len() as u64;
        }
    }

    /// Finishes the game with the heuristic agent on both sides; the winner, None for a draw
    /// (or a playout stopped at the cap).
    fn playout(&mut self, g: &mut GameState) -> Option<Player> {
        let mut agents = [
            HeuristicAgent::new(Arc::clone(&self.weights)),
            HeuristicAgent::new(Arc::clone(&self.weights)),
        ];
        let mut n = 0;
        while g.to_act().is_some() && n < PLAYOUT_CAP {
            n += 1;
            self.events.clear();
            g.decide_into(&mut self.legal, &mut self.events, |view, legal| {
                agents[view.player().index()].choose(view, legal)
            })
            .expect("the heuristic agent plays legal actions");
        }
        self.stats.steps += 1 + u64::from(n);
        g.result().and_then(|r| r.winner)
    }

    /// The search of one decision (see the module documentation); `legal` holds two actions
    /// at least, `guide` among them.
    fn search(&mut self, view: &PlayerView, legal: &[Action], guide: Action) -> Action {
        let seed = self.rng.next_u64();
        let budget = self.config.iterations as usize;
        // The guide is arm 0; the others follow in the engine's order.
        let mut arms: Vec<Arm> = std::iter::once(guide)
            .chain(legal.iter().copied().filter(|&a| a != guide))
            .map(Arm::new)
            .collect();
        let mut alive: Vec<usize> = (0..arms.len()).collect();
        let (mut used, mut next) = (0, 0);

        // Screening: sequential halving down to the guide and one challenger.
        let screen = (budget as f64 * self.config.screen) as usize;
        let mut rounds = 0;
        let mut n = alive.len();
        while n > 2 {
            n = n.div_ceil(2);
            rounds += 1;
        }
        for r in 0..rounds {
            let per = (screen.saturating_sub(used) / (alive.len() * (rounds - r))).max(1);
            if used + per * alive.len() > budget {
                break;
            }
            self.play(view, seed, &mut arms, &alive, next..next + per);
            used += per * alive.len();
            next += per;
            // Every arm alive has played the same samples, so their means compare fairly.
            // Ties go to the earlier arm (the engine's order), so only the counts matter.
            let mut others: Vec<usize> = alive[1..].to_vec();
            others.sort_by(|&a, &b| arms[b].mean().total_cmp(&arms[a].mean()).then(a.cmp(&b)));
            others.truncate(alive.len().div_ceil(2) - 1);
            others.sort_unstable();
            alive.truncate(1);
            alive.extend(others);
        }
        // The best challenger on the screening's samples (or the only one).
        let challenger = *alive[1..]
            .iter()
            .max_by(|&&a, &&b| arms[a].mean().total_cmp(&arms[b].mean()).then(b.cmp(&a)))
            .expect("two actions at least");

        // The duel, on new samples: those the challenger was picked on favour it. It stops as
        // soon as the challenger cannot pass the test even by winning every sample left, so
        // the samples it skips could not have changed the choice (most duels confirm the
        // heuristic's choice; this is where the budget would be spent for nothing).
        let own = (budget.saturating_sub(used)) / 2;
        let duel = own + (self.saved / 2).min(own * self.config.bank as usize);
        let (margin, lead) = (self.config.margin, self.config.lead);
        let (mut better, mut worse, mut played) = (0, 0, 0);
        for i in next..next + duel {
            let left = (next + duel - i) as u32;
            if !arms::still_possible(better, worse, left, margin, lead)
                || arms::settled(i - next, better + worse, self.config.settle)
            {
                break;
            }
            self.play(view, seed, &mut arms, &[0, challenger], i..i + 1);
            played += 1;
            let (c, g) = (arms[challenger].result(i), arms[0].result(i));
            better += u32::from(c > g);
            worse += u32::from(c < g);
        }
        // What this duel did not spend of its own share, less what it took of the saved.
        self.saved = (self.saved + 2 * own).saturating_sub(2 * played);
        if arms::clearly_better(better, worse, margin, lead) {
            self.stats.overruled += 1;
            arms[challenger].action
        } else {
            guide
        }
    }
}

impl Agent for MctsAgent {
    /// Searches among the legal actions and returns the heuristic's choice unless another
    /// action clearly did better ([`MctsAgent::search`]).
    fn choose(&mut self, view: &PlayerView, legal: &[Action]) -> Action {
        self.stats.decisions += 1;
        // Kept up to date at every decision, so its own memory (battle plans, idle turns)
        // follows the game.
        let guide = self.guide.choose(view, legal);
        if legal.len() < 2 || self.config.iterations < 2 {
            return guide;
        }
        self.stats.searched += 1;
        self.search(view, legal, guide)
    }
}
