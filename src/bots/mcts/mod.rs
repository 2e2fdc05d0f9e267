//! `MctsAgent`: Information Set Monte Carlo Tree Search (single-observer ISMCTS, Cowling,
//! Powley and Whitehouse 2012) over the engine's own `legal_actions` and `apply`.
//!
//! At each decision with more than one legal action it runs a fixed number of iterations
//! (never a time limit). Each iteration draws a full game state the agent cannot tell from
//! the real one ([`PlayerView::sample_state`]: the opponent's hand and both decks' order
//! dealt afresh, with what has been revealed kept), walks one tree shared by all samples
//! (a node's children are the actions tried there; a child is scored against the samples in
//! which its action was legal, "availability"), adds one node, and finishes the game with
//! the heuristic agent playing both sides. The result, won or lost, is backed up the path.
//!
//! The search starts from the heuristic agent's choice and leaves it only for an action that
//! did better by a clear margin ([`MctsAgent::choose`]), so a small budget plays at least as
//! well as the heuristic rather than following the noise of a few playouts.
//!
//! Nothing here depends on the kind of decision or on card text: new decisions of the engine
//! are searched as they come. Its random numbers come from its own generator, seeded from the
//! game's seed and seat, so a game replays exactly on any number of threads.

mod tree;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use super::Agent;
use super::heuristic::{HeuristicAgent, Weights};
use crate::engine::rng::GameRng;
use crate::engine::{Action, GameState, Player, PlayerView, game_seed};
use tree::Tree;

/// Iterations per decision when none are given (`--agent mcts`): chosen so that a
/// 200-game `yj playtest --agent mcts` on the example decks takes well under a minute on two
/// cores (README "Agents").
pub const DEFAULT_ITERATIONS: u32 = 32;

/// The most iterations a decision may be given.
pub const MAX_ITERATIONS: u32 = 1_000_000;

/// Decisions a playout may take before it is stopped and scored as a draw; games between
/// heuristic agents take a few hundred.
const PLAYOUT_CAP: u32 = 5_000;

/// How the search chooses and stops.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    pub iterations: u32,
    /// UCB1's exploration constant (rewards are 0 to 1).
    pub exploration: f64,
    /// Standard errors by which another action's mean result must beat the heuristic's
    /// choice before the agent plays it instead.
    pub margin: f64,
}

impl MctsConfig {
    pub fn new(iterations: u32) -> MctsConfig {
        MctsConfig {
            iterations,
            exploration: 0.7,
            margin: 1.0,
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
    pub iterations: u64,
    /// Actions applied in the tree and in playouts.
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
    tree: Tree,
    legal: Vec<Action>,
    events: Vec<crate::engine::Event>,
    stats: SearchStats,
}

impl MctsAgent {
    pub fn new(config: MctsConfig, weights: Arc<Weights>, seed: u64) -> MctsAgent {
        MctsAgent {
            config,
            guide: HeuristicAgent::new(Arc::clone(&weights)),
            weights,
            rng: GameRng::new(seed),
            tree: Tree::default(),
            legal: Vec::new(),
            events: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// One iteration on a sampled state: down the tree, one new node, a playout, the result
    /// backed up.
    fn iterate(&mut self, mut g: GameState, guide_action: Action) {
        let mut node = tree::ROOT;
        self.tree.path.clear();
        let mut expanded = false;
        while let Some(p) = g.to_act() {
            crate::engine::legal_actions(&g.view(p), &mut self.legal);
            if self.legal.len() == 1 {
                self.step(&mut g, self.legal[0]);
                continue;
            }
            self.tree.mark_available(node, &self.legal);
            let untried = self.tree.untried(node, &self.legal);
            let action = match untried {
                Some(first) => {
                    // The heuristic's line first: at the root it is the choice to beat.
                    let a = if node == tree::ROOT && self.legal.contains(&guide_action) {
                        if self.tree.child(node, guide_action).is_none() {
                            guide_action
                        } else {
                            first
                        }
                    } else {
                        first
                    };
                    node = self.tree.add(node, a, p);
                    expanded = true;
                    a
                }
                None => {
                    let (child, a) = self.tree.select(node, &self.legal, self.config.exploration);
                    node = child;
                    a
                }
            };
            self.tree.path.push(node);
            self.step(&mut g, action);
            if expanded {
                break;
            }
        }
        let winner = self.playout(&mut g);
        self.tree.backup(winner);
    }

    fn step(&mut self, g: &mut GameState, action: Action) {
        self.events.clear();
        g.apply_into(action, &mut self.events)
            .expect("the search plays legal actions only");
        self.stats.steps += 1;
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
        self.stats.steps += u64::from(n);
        g.result().and_then(|r| r.winner)
    }
}

impl Agent for MctsAgent {
    /// Searches and returns the most tried root action, unless the heuristic's choice is not
    /// clearly beaten: another action is played only if its mean result is above the
    /// heuristic choice's by `margin` standard errors of the difference.
    fn choose(&mut self, view: &PlayerView, legal: &[Action]) -> Action {
        self.stats.decisions += 1;
        // Kept up to date at every decision, so its own memory (battle plans, idle turns)
        // follows the game.
        let guide_action = self.guide.choose(view, legal);
        if legal.len() < 2 {
            return guide_action;
        }
        self.stats.searched += 1;
        let me = view.player();
        let seed = self.rng.next_u64();
        self.tree.reset(me);
        for i in 0..self.config.iterations {
            let g = view.sample_state(game_seed(seed, u64::from(i)));
            self.iterate(g, guide_action);
        }
        self.stats.iterations += u64::from(self.config.iterations);
        let chosen = self.tree.best_root(legal, guide_action, self.config.margin);
        if chosen != guide_action {
            self.stats.overruled += 1;
        }
        chosen
    }
}
