//! The search tree of single-observer ISMCTS: one node per sequence of actions tried, shared
//! by every sampled state. A child's score counts the samples in which its action was legal
//! when its parent was reached ("availability"), so an action offered only in some samples
//! (an opponent's card that may not be in hand) is not favoured for being rarely tried.

use crate::engine::{Action, Player};

pub(super) const ROOT: usize = 0;

#[derive(Debug, Clone)]
struct Node {
    /// The action that leads here from the parent (unused at the root).
    action: Action,
    /// Who took it: rewards are counted for that player.
    player: Player,
    children: Vec<usize>,
    visits: u32,
    /// Samples in which this node's action was legal at its parent.
    available: u32,
    /// Sum of the results for `player` (1 a win, 0.5 a draw).
    reward: f64,
    /// Sum of the squared results, for the margin test at the root.
    reward_sq: f64,
}

#[derive(Debug, Default)]
pub(super) struct Tree {
    nodes: Vec<Node>,
    /// The nodes of the iteration in progress, root excluded.
    pub path: Vec<usize>,
}

impl Tree {
    pub fn reset(&mut self, me: Player) {
        self.nodes.clear();
        self.nodes.push(Node {
            action: Action::EndTurn,
            player: me,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
            reward_sq: 0.0,
        });
    }

    pub fn child(&self, node: usize, action: Action) -> Option<usize> {
        self.nodes[node]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].action == action)
    }

    /// Counts one more sample for the children of `node` whose actions are legal in it.
    pub fn mark_available(&mut self, node: usize, legal: &[Action]) {
        for i in 0..self.nodes[node].children.len() {
            let id = self.nodes[node].children[i];
            if legal.contains(&self.nodes[id].action) {
                self.nodes[id].available += 1;
            }
        }
    }

    /// The first legal action not yet tried from `node`, in the engine's order.
    pub fn untried(&self, node: usize, legal: &[Action]) -> Option<Action> {
        legal
            .iter()
            .copied()
            .find(|&a| self.child(node, a).is_none())
    }

    pub fn add(&mut self, parent: usize, action: Action, player: Player) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node {
            action,
            player,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
            reward_sq: 0.0,
        });
        self.nodes[parent].children.push(id);
        // Available in the sample that adds it, as its siblings were counted.
        self.nodes[id].available = 1;
        id
    }

    /// UCB1 among the children whose actions are legal in this sample (all have been tried):
    /// mean result for the player to act plus `c * sqrt(ln(available) / visits)`. Ties go to
    /// the earlier child, so the choice never depends on anything but the counts.
    pub fn select(&self, node: usize, legal: &[Action], c: f64) -> (usize, Action) {
        let mut best: Option<(usize, f64)> = None;
        for i in 0..self.nodes[node].children.len() {
            let id = self.nodes[node].children[i];
            let n = &self.nodes[id];
            if !legal.contains(&n.action) {
                continue;
            }
            let visits = f64::from(n.visits.max(1));
            let score = n.reward / visits + c * (f64::from(n.available).ln() / visits).sqrt();
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((id, score));
            }
        }
        let (id, _) = best.expect("every legal action has been tried");
        (id, self.nodes[id].action)
    }

    /// Adds the playout's result to every node of the path, for the player who chose it.
    pub fn backup(&mut self, winner: Option<Player>) {
        for &id in &self.path {
            let n = &mut self.nodes[id];
            let r = match winner {
                Some(w) if w == n.player => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            n.visits += 1;
            n.reward += r;
            n.reward_sq += r * r;
        }
    }

    /// The action to play: the most visited root child (ties: the better mean, then the
    /// earlier), unless it is not clearly better than `guide`, the heuristic's choice: its
    /// mean must beat the guide's by `margin` standard errors of the difference.
    pub fn best_root(&self, legal: &[Action], guide: Action, margin: f64) -> Action {
        let stats = |id: usize| {
            let n = &self.nodes[id];
            let v = f64::from(n.visits.max(1));
            let mean = n.reward / v;
            let var = (n.reward_sq / v - mean * mean).max(0.0);
            (n.visits, mean, var / v)
        };
        let mut best: Option<(usize, (u32, f64, f64))> = None;
        for &id in &self.nodes[ROOT].children {
            if !legal.contains(&self.nodes[id].action) {
                continue;
            }
            let s = stats(id);
            let better = match best {
                None => true,
                Some((_, b)) => s.0 > b.0 || (s.0 == b.0 && s.1 > b.1),
            };
            if better {
                best = Some((id, s));
            }
        }
        let Some((id, (_, mean, err))) = best else {
            return guide;
        };
        let action = self.nodes[id].action;
        if action == guide || !legal.contains(&guide) {
            return action;
        }
        let Some(g) = self.child(ROOT, guide) else {
            return action;
        };
        let (_, g_mean, g_err) = stats(g);
        if mean - g_mean > margin * (err + g_err).sqrt() {
            action
        } else {
            guide
        }
    }
}
