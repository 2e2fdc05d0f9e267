//! The exact search for the cheapest legal deck: a depth-first search over which card (if
//! any) fills each colour's wild slot, as the validator's solver does, with each colour's own
//! cards chosen exactly for each choice ([`super::colour`]). The bound at a node adds, for
//! every colour not yet decided, its cheapest option on its own; it never overestimates, so a
//! finished search has proven its answer cheapest.

use std::collections::HashMap;

use super::colour::{ColourChoice, ColourProblem};
use super::items::Item;

const COLOURS: usize = 6;
const PURPLE: usize = 5;
/// Above any real cost (see `items::PAID`).
pub const INFEASIBLE: i64 = i64::MAX / 2;

/// The numbers of a rules set the search needs.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub per_colour: u32,
    pub title_limit: Option<u32>,
    pub three_planets: bool,
    pub max_objectives: u32,
}

/// Per colour, what each added copy costs on top of its own cost (see `fix::fix`).
pub type Penalties = [i64; COLOURS];

/// The cheapest legal deck found.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Per item, copies per colour (its own colour, or the wild slots it fills).
    pub placed: Vec<[u32; COLOURS]>,
    /// True when the search finished: no legal deck costs less.
    pub proven: bool,
    pub nodes: u64,
}

/// Search nodes at most over the wild slots.
const NODE_LIMIT: u64 = 2_000_000;

struct Search<'a> {
    items: &'a [Item],
    n_titles: usize,
    limits: Limits,
    penalty: Penalties,
    options: Vec<Vec<Option<usize>>>,
    /// Per colour, the items with its dot that may also be wild elsewhere.
    semi: Vec<Vec<usize>>,
    /// Per colour and option, the colour's cost with no copies used elsewhere.
    base: Vec<Vec<i64>>,
    memo: HashMap<(usize, Option<usize>, Vec<u32>), Option<ColourChoice>>,
    used: Vec<u32>,
    choice: [Option<usize>; COLOURS],
    objectives: u32,
    best: Option<(i64, [Option<usize>; COLOURS])>,
    nodes: u64,
    proven: bool,
}

/// Finds the cheapest legal deck, or `None` when no choice of cards makes one.
pub fn search(
    items: &[Item],
    n_titles: usize,
    limits: Limits,
    penalty: Penalties,
) -> Option<Outcome> {
    let mut options: Vec<Vec<Option<usize>>> = vec![vec![None]; COLOURS];
    let mut semi: Vec<Vec<usize>> = vec![Vec::new(); COLOURS];
    for (j, item) in items.iter().enumerate() {
        if item.units() == 0 || (item.objective && limits.max_objectives == 0) {
            continue;
        }
        for (c, opts) in options.iter_mut().enumerate() {
            if item.wild & (1 << c) != 0 {
                opts.push(Some(j));
            }
        }
        if let Some(h) = item.home
            && item.wild != 0
        {
            semi[h].push(j);
        }
    }
    let mut s = Search {
        items,
        n_titles,
        limits,
        penalty,
        options,
        semi,
        base: Vec::new(),
        memo: HashMap::new(),
        used: vec![0; items.len()],
        choice: [None; COLOURS],
        objectives: 0,
        best: None,
        nodes: 0,
        proven: true,
    };
    let zero: Vec<Vec<u32>> = s.semi.iter().map(|v| vec![0; v.len()]).collect();
    s.base = (0..COLOURS)
        .map(|c| {
            let opts = s.options[c].clone();
            opts.iter()
                .map(|&o| {
                    s.colour(c, o, zero[c].clone())
                        .map_or(INFEASIBLE, |x| x.cost)
                })
                .collect()
        })
        .collect();
    // The likelier options first: cheapest on their own.
    for c in 0..COLOURS {
        let mut order: Vec<usize> = (0..s.options[c].len()).collect();
        order.sort_by_key(|&k| {
            let wild = s.wild_cost(c, s.options[c][k]);
            s.base[c][k].saturating_add(wild)
        });
        s.options[c] = order.iter().map(|&k| s.options[c][k]).collect();
        s.base[c] = order.iter().map(|&k| s.base[c][k]).collect();
    }
    s.dfs(0, 0);
    let (_, wild) = s.best?;
    let mut placed = vec![[0u32; COLOURS]; items.len()];
    let mut used = vec![0u32; items.len()];
    for (c, w) in wild.iter().enumerate() {
        if let Some(j) = *w {
            placed[j][c] += 1;
            used[j] += 1;
        }
    }
    for c in 0..COLOURS {
        let offsets = s.semi[c].iter().map(|&j| used[j]).collect();
        let choice = s
            .colour(c, wild[c], offsets)
            .expect("the best deck's colours were solved");
        for (i, n) in choice.counts {
            placed[i][c] += n;
        }
    }
    Some(Outcome {
        placed,
        proven: s.proven,
        nodes: s.nodes,
    })
}

impl Search<'_> {
    /// Colour `c` with `wild` in its wild slot and `offsets` copies of its semi-wild items
    /// used elsewhere (memoised).
    fn colour(&mut self, c: usize, wild: Option<usize>, offsets: Vec<u32>) -> Option<ColourChoice> {
        let key = (c, wild, offsets);
        if let Some(found) = self.memo.get(&key) {
            return found.clone();
        }
        let offsets = &key.2;
        let limit = self.limits.title_limit.unwrap_or(u32::MAX / 2);
        let mut caps = vec![limit; self.n_titles];
        let mut need = if c == PURPLE && self.limits.three_planets {
            0b111u8
        } else {
            0
        };
        let mut slots = self.limits.per_colour;
        if let Some(j) = wild {
            slots -= 1;
            for &t in &self.items[j].titles {
                caps[t as usize] -= 1;
            }
            if let Some(p) = self.items[j].planet {
                need &= !(1 << p);
            }
        }
        let candidates = self
            .items
            .iter()
            .enumerate()
            .filter(|(_, it)| it.home == Some(c))
            .map(|(i, _)| {
                let off = self.semi[c]
                    .iter()
                    .position(|&j| j == i)
                    .map_or(0, |k| offsets[k]);
                (i, off)
            })
            .collect();
        let problem = ColourProblem {
            items: self.items,
            candidates,
            slots,
            caps,
            need,
            penalty: self.penalty[c],
        };
        let (choice, complete, nodes) = problem.solve();
        self.nodes += nodes;
        self.proven &= complete;
        self.memo.insert(key, choice.clone());
        choice
    }

    /// The next copy of `o` in colour `c`'s wild slot.
    fn wild_cost(&self, c: usize, o: Option<usize>) -> i64 {
        o.map_or(0, |j| {
            let item = &self.items[j];
            let u = self.used[j];
            item.unit_cost(u) + if u >= item.kept { self.penalty[c] } else { 0 }
        })
    }

    fn allowed(&self, o: Option<usize>) -> bool {
        match o {
            None => true,
            Some(j) => {
                let item = &self.items[j];
                self.used[j] < item.units()
                    && (!item.objective || self.objectives < self.limits.max_objectives)
            }
        }
    }

    fn dfs(&mut self, c: usize, partial: i64) {
        self.nodes += 1;
        if self.nodes > NODE_LIMIT {
            self.proven = false;
            return;
        }
        if c == COLOURS {
            self.leaf(partial);
            return;
        }
        let mut bound = partial;
        for d in c..COLOURS {
            let cheapest = (0..self.options[d].len())
                .filter(|&k| self.allowed(self.options[d][k]))
                .map(|k| self.base[d][k].saturating_add(self.wild_cost(d, self.options[d][k])))
                .min()
                .unwrap_or(INFEASIBLE);
            bound = bound.saturating_add(cheapest);
        }
        if bound >= INFEASIBLE || self.best.is_some_and(|(b, _)| bound >= b) {
            return;
        }
        for k in 0..self.options[c].len() {
            let o = self.options[c][k];
            if !self.allowed(o) || self.base[c][k] >= INFEASIBLE {
                continue;
            }
            let step = self.base[c][k] + self.wild_cost(c, o);
            if let Some(j) = o {
                self.used[j] += 1;
                self.objectives += u32::from(self.items[j].objective);
            }
            self.choice[c] = o;
            self.dfs(c + 1, partial + step);
            self.choice[c] = None;
            if let Some(j) = o {
                self.used[j] -= 1;
                self.objectives -= u32::from(self.items[j].objective);
            }
        }
    }

    /// A full choice of wild slots: its true cost, once semi-wild cards used elsewhere are
    /// taken from their own colour.
    fn leaf(&mut self, partial: i64) {
        let mut total = partial;
        for c in 0..COLOURS {
            let offsets: Vec<u32> = self.semi[c].iter().map(|&j| self.used[j]).collect();
            if offsets.iter().all(|&o| o == 0) {
                continue;
            }
            let k = self.options[c]
                .iter()
                .position(|&o| o == self.choice[c])
                .expect("the choice is an option");
            let cost = self
                .colour(c, self.choice[c], offsets)
                .map_or(INFEASIBLE, |x| x.cost);
            if cost >= INFEASIBLE {
                return;
            }
            total = total - self.base[c][k] + cost;
        }
        if self.best.is_none_or(|(b, _)| total < b) {
            self.best = Some((total, self.choice));
        }
    }
}
