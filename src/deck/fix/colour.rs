//! One colour of a fix: given which card (if any) fills the colour's wild slot, the cheapest
//! choice of cards with the colour's own dot, exactly, by branch and bound.
//!
//! Picking `slots` copies under a cap per title is a partition matroid when each card counts
//! toward one title, so the greedy choice (cheapest copies first, each while its title has
//! room) is optimal. Two things break that: cards that count toward two titles (Armed &
//! Dangerous, Combo Battle and Double Impact cards) and, in purple, the three-planet rule.
//! The relaxation charges a two-title card to its first title only and ignores the planets;
//! it never costs more than the real optimum, so it is a lower bound. When its choice breaks
//! a rule, the search branches: on how many copies a two-title card gets (every count), or on
//! which location covers a missing planet (every location of that planet), and prunes any
//! branch whose bound is no better than the best choice found.

use super::items::Item;

/// The copies chosen for one colour, as `(item, copies)`, and their cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourChoice {
    pub cost: i64,
    pub counts: Vec<(usize, u32)>,
}

/// A colour to fill.
pub struct ColourProblem<'a> {
    pub items: &'a [Item],
    /// The items with this colour's dot, and per item the copies already used elsewhere.
    pub candidates: Vec<(usize, u32)>,
    /// Copies to choose (the colour's count, less its wild card).
    pub slots: u32,
    /// Room per title id.
    pub caps: Vec<u32>,
    /// Planets (bits) that still need a location here.
    pub need: u8,
    /// Added to each added copy (the deck's intent: colours that were not short first).
    pub penalty: i64,
}

struct Node {
    taken: Vec<u32>,
    fixed: Vec<bool>,
}

struct Relaxed {
    cost: i64,
    /// Copies per candidate: taken plus greedy.
    counts: Vec<u32>,
}

/// Search nodes per colour at most; beyond, the best choice found is returned as not proven.
const NODE_LIMIT: u64 = 200_000;

impl ColourProblem<'_> {
    /// The cheapest choice, or `None` when no choice meets the rules. The flag says whether
    /// the search finished (the choice is then proven cheapest).
    pub fn solve(&self) -> (Option<ColourChoice>, bool, u64) {
        let n = self.candidates.len();
        let mut best: Option<(i64, Vec<u32>)> = None;
        let mut nodes = 0u64;
        let mut stack = vec![Node {
            taken: vec![0; n],
            fixed: vec![false; n],
        }];
        let mut complete = true;
        while let Some(node) = stack.pop() {
            nodes += 1;
            if nodes > NODE_LIMIT {
                complete = false;
                break;
            }
            let Some(r) = self.relax(&node) else {
                continue;
            };
            if best.as_ref().is_some_and(|(b, _)| r.cost >= *b) {
                continue;
            }
            match self.broken(&r.counts, &node.fixed) {
                None => best = Some((r.cost, r.counts)),
                Some(Broken::Planet(p)) => {
                    for k in 0..n {
                        let item = &self.items[self.candidates[k].0];
                        if item.planet == Some(p) && !node.fixed[k] && self.left(k, &node) > 0 {
                            let mut taken = node.taken.clone();
                            taken[k] += 1;
                            stack.push(Node {
                                taken,
                                fixed: node.fixed.clone(),
                            });
                        }
                    }
                }
                Some(Broken::Title(k)) => {
                    let most = self.left(k, &node).min(self.slots);
                    for extra in (0..=most).rev() {
                        let mut taken = node.taken.clone();
                        let mut fixed = node.fixed.clone();
                        taken[k] += extra;
                        fixed[k] = true;
                        stack.push(Node { taken, fixed });
                    }
                }
            }
        }
        let choice = best.map(|(cost, counts)| ColourChoice {
            cost,
            counts: counts
                .iter()
                .enumerate()
                .filter(|(_, c)| **c > 0)
                .map(|(k, c)| (self.candidates[k].0, *c))
                .collect(),
        });
        (choice, complete, nodes)
    }

    /// Copies of candidate `k` not yet taken.
    fn left(&self, k: usize, node: &Node) -> u32 {
        let (i, used) = self.candidates[k];
        self.items[i].units().saturating_sub(used + node.taken[k])
    }

    fn unit(&self, k: usize, nth: u32) -> i64 {
        let (i, used) = self.candidates[k];
        let item = &self.items[i];
        let u = used + nth;
        item.unit_cost(u) + if u >= item.kept { self.penalty } else { 0 }
    }

    fn relax(&self, node: &Node) -> Option<Relaxed> {
        let mut caps = self.caps.clone();
        let mut slots = self.slots;
        let mut cost = 0i64;
        for (k, &t) in node.taken.iter().enumerate() {
            if t == 0 {
                continue;
            }
            slots = slots.checked_sub(t)?;
            for &title in &self.items[self.candidates[k].0].titles {
                let cap = &mut caps[title as usize];
                *cap = cap.checked_sub(t)?;
            }
            cost += (0..t).map(|u| self.unit(k, u)).sum::<i64>();
        }
        let mut counts = node.taken.clone();
        if slots > 0 {
            let mut units: Vec<(i64, usize)> = Vec::new();
            for k in 0..self.candidates.len() {
                if node.fixed[k] {
                    continue;
                }
                let first = self.items[self.candidates[k].0].titles.first();
                let room = first.map_or(slots, |&t| caps[t as usize]).min(slots);
                let n = self.left(k, node).min(room);
                let start = node.taken[k];
                units.extend((start..start + n).map(|u| (self.unit(k, u), k)));
            }
            units.sort_unstable();
            for (c, k) in units {
                if slots == 0 {
                    break;
                }
                let first = self.items[self.candidates[k].0].titles.first();
                if let Some(&t) = first {
                    if caps[t as usize] == 0 {
                        continue;
                    }
                    caps[t as usize] -= 1;
                }
                counts[k] += 1;
                cost += c;
                slots -= 1;
            }
        }
        (slots == 0).then_some(Relaxed { cost, counts })
    }

    /// The first rule the relaxed choice breaks.
    fn broken(&self, counts: &[u32], fixed: &[bool]) -> Option<Broken> {
        let mut used = vec![0u32; self.caps.len()];
        for (k, &n) in counts.iter().enumerate() {
            for &t in &self.items[self.candidates[k].0].titles {
                used[t as usize] += n;
            }
        }
        for (k, &n) in counts.iter().enumerate() {
            let titles = &self.items[self.candidates[k].0].titles;
            if n > 0
                && !fixed[k]
                && titles.len() > 1
                && titles[1..]
                    .iter()
                    .any(|&t| used[t as usize] > self.caps[t as usize])
            {
                return Some(Broken::Title(k));
            }
        }
        for p in 0..3 {
            if self.need & (1 << p) != 0
                && !counts
                    .iter()
                    .enumerate()
                    .any(|(k, &n)| n > 0 && self.items[self.candidates[k].0].planet == Some(p))
            {
                return Some(Broken::Planet(p));
            }
        }
        None
    }
}

enum Broken {
    /// A two-title card whose second title is over its cap.
    Title(usize),
    /// A planet with no location among the choice.
    Planet(usize),
}
