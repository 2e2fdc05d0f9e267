//! The dot-slot assignment solver (rulebook "Deck Construction": the 6-by-10 rule, wild and
//! semi-wild cards, five per title per colour, the three-planet rule).
//!
//! Every card goes to a dot colour: a normal card to its own colour; a wild card to one of
//! its white positions, as that colour's single wild card; a semi-wild card either to its own
//! colour or, as a wild card, to one of its white positions. The solver finds the best
//! assignment under a cost that is zero exactly when every rule holds, so a deck is legal if
//! and only if the returned assignment costs nothing. When no legal assignment exists, the
//! returned one is the closest (fewest cards off in the colours, then fewest cards over a
//! title limit, then fewest planets missing from purple), which is what the report shows.
//!
//! The search is exact: a depth-first search over which card (if any) fills each colour's
//! wild slot, pruned by a lower bound that never overestimates. Only the wild slots branch
//! (there are six), and cards that no rule can tell apart are merged first, so even decks
//! full of wild cards are checked in microseconds.

use crate::catalogue::{DotColour, Planet};

const COLOURS: usize = 6;
const PURPLE: usize = DotColour::Purple as usize;

/// A group of identical cards as the rules see them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The coloured dot, if any.
    pub home: Option<DotColour>,
    /// The white dots: bit `c` set means the card may fill colour `c` as its wild card.
    pub wild: u8,
    /// The titles the card counts toward for the title limit (interned by the caller).
    pub titles: Vec<u32>,
    /// For a location: its planet (for the three-planet rule).
    pub planet: Option<Planet>,
    pub count: u32,
}

impl Piece {
    /// A card the solver can place somewhere.
    pub fn is_placeable(&self) -> bool {
        self.home.is_some() || self.wild != 0
    }
}

/// The numbers a rules set gives the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Cards each colour must hold (10 in a deck, 5 in a starter deck).
    pub per_colour: u32,
    pub title_limit: Option<u32>,
    pub three_planets: bool,
}

/// How far an assignment is from legal, compared in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Cost {
    /// Cards missing or in excess over all colours, plus wild cards left without a slot.
    pub colours: u32,
    /// Cards over the title limit, over all titles and colours.
    pub titles: u32,
    /// Planets with no location among the purple cards.
    pub planets: u32,
}

impl Cost {
    pub fn is_zero(&self) -> bool {
        *self == Cost::default()
    }
}

/// What one colour holds under an assignment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourFill {
    pub colour: DotColour,
    pub count: u32,
    /// `(piece, copies)` placed by their own coloured dot.
    pub normal: Vec<(usize, u32)>,
    /// The piece one copy of which fills the colour's wild slot.
    pub wild: Option<usize>,
}

/// A title over the limit in one colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TitleOverflow {
    pub title: u32,
    pub colour: DotColour,
    pub count: u32,
}

/// The best assignment found: legal when `cost` is zero.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignment {
    pub cost: Cost,
    /// The six colours in printed order.
    pub colours: Vec<ColourFill>,
    /// `(piece, copies)` of wild cards that found no free wild slot.
    pub unplaced: Vec<(usize, u32)>,
    pub title_overflows: Vec<TitleOverflow>,
    pub missing_planets: Vec<Planet>,
    /// Search nodes visited (for benchmarks and tests of the pruning).
    pub nodes: u64,
}

impl Assignment {
    pub fn is_legal(&self) -> bool {
        self.cost.is_zero()
    }
}

/// Pieces no rule can tell apart, merged so the search does not try each of them in turn.
#[derive(Debug, Clone)]
struct Kind {
    home: Option<usize>,
    wild: u8,
    n: u32,
    /// Indexes into the list of titles that could break the limit.
    titles: Vec<usize>,
    planet: Option<usize>,
    /// `(piece, copies)` in the caller's order.
    members: Vec<(usize, u32)>,
}

/// Finds a legal assignment if one exists, else the closest one. Pieces that cannot be placed
/// at all (no dots, or unknown dots) are left out: the caller reports them.
pub fn solve(pieces: &[Piece], limits: Limits) -> Assignment {
    let risky = risky_titles(pieces, limits.title_limit);
    let kinds = merge(pieces, &risky, limits.three_planets);
    let mut n_home = [0u32; COLOURS];
    for k in &kinds {
        if let Some(h) = k.home {
            n_home[h] += k.n;
        }
    }
    let mut search = Search {
        kinds: &kinds,
        t: limits.per_colour,
        limit: limits.title_limit,
        planets: limits.three_planets,
        risky: risky.len(),
        n_home,
        used: vec![0; kinds.len()],
        wild_of: [None; COLOURS],
        out: [0; COLOURS],
        best: None,
        floor: 0,
        done: false,
        nodes: 0,
        title_counts: vec![[0; COLOURS]; risky.len()],
    };
    search.floor = search.lower_bound(0);
    search.dfs(0);
    let (_, wild_of) = search.best.expect("the search always reaches a leaf");
    let nodes = search.nodes;
    build(pieces, &kinds, &risky, wild_of, limits, nodes)
}

/// Titles whose copies in the whole deck exceed the limit: only they can break it.
fn risky_titles(pieces: &[Piece], limit: Option<u32>) -> Vec<u32> {
    let Some(limit) = limit else {
        return Vec::new();
    };
    // Titles are interned densely by the caller, so a vector indexed by title will do.
    let mut totals: Vec<u32> = Vec::new();
    for p in pieces.iter().filter(|p| p.is_placeable()) {
        for (i, &t) in p.titles.iter().enumerate() {
            if p.titles[..i].contains(&t) {
                continue; // a card counts once toward a title, however often it prints it
            }
            let t = t as usize;
            if totals.len() <= t {
                totals.resize(t + 1, 0);
            }
            totals[t] = totals[t].saturating_add(p.count);
        }
    }
    (0..totals.len() as u32)
        .filter(|&t| totals[t as usize] > limit)
        .collect()
}

fn merge(pieces: &[Piece], risky: &[u32], planets: bool) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        if !p.is_placeable() || p.count == 0 {
            continue;
        }
        let mut titles: Vec<usize> = p
            .titles
            .iter()
            .filter_map(|t| risky.iter().position(|r| r == t))
            .collect();
        titles.sort_unstable();
        titles.dedup();
        let home = p.home.map(|c| c as usize);
        let planet = if planets {
            p.planet.map(|x| x as usize)
        } else {
            None
        };
        // A white dot at the card's own colour adds nothing: it may stay there anyway.
        let wild = p.wild & !home.map_or(0, |h| 1u8 << h);
        match kinds
            .iter_mut()
            .find(|k| k.home == home && k.wild == wild && k.titles == titles && k.planet == planet)
        {
            Some(k) => {
                k.n += p.count;
                k.members.push((i, p.count));
            }
            None => kinds.push(Kind {
                home,
                wild,
                n: p.count,
                titles,
                planet,
                members: vec![(i, p.count)],
            }),
        }
    }
    kinds
}

struct Search<'a> {
    kinds: &'a [Kind],
    t: u32,
    limit: Option<u32>,
    planets: bool,
    risky: usize,
    /// Cards whose own dot is each colour.
    n_home: [u32; COLOURS],
    /// Copies of each kind used as wild cards so far.
    used: Vec<u32>,
    wild_of: [Option<usize>; COLOURS],
    /// Cards that left each colour to be wild elsewhere.
    out: [u32; COLOURS],
    best: Option<(Cost, [Option<usize>; COLOURS])>,
    /// The root's lower bound on the colour cost: reaching it with nothing else wrong ends
    /// the search.
    floor: u32,
    done: bool,
    nodes: u64,
    title_counts: Vec<[u32; COLOURS]>,
}

impl Search<'_> {
    /// Colours are decided in printed order; `depth` of them are decided.
    fn undecided(depth: usize) -> u8 {
        (0x3f_u8 << depth) & 0x3f
    }

    /// A lower bound on the colour cost of every completion of the current partial choice.
    fn lower_bound(&self, depth: usize) -> u32 {
        let open = Self::undecided(depth);
        let open_count = open.count_ones();
        let mut bound = 0u32;
        for c in 0..COLOURS {
            let decided = open & (1 << c) == 0;
            let (in_lo, in_hi) = if decided {
                let x = u32::from(self.wild_of[c].is_some());
                (x, x)
            } else {
                let can = self
                    .kinds
                    .iter()
                    .zip(&self.used)
                    .any(|(k, &u)| k.wild & (1 << c) != 0 && u < k.n);
                (0, u32::from(can))
            };
            let movable: u32 = self
                .kinds
                .iter()
                .zip(&self.used)
                .filter(|(k, _)| k.home == Some(c) && k.wild & open != 0)
                .map(|(k, &u)| k.n - u)
                .sum();
            let further = movable.min(open_count);
            let here = i64::from(self.n_home[c]) - i64::from(self.out[c]);
            let lo = here - i64::from(further) + i64::from(in_lo);
            let hi = here + i64::from(in_hi);
            let t = i64::from(self.t);
            bound += if t < lo {
                (lo - t) as u32
            } else if t > hi {
                (t - hi) as u32
            } else {
                0
            };
        }
        // Wild cards with no coloured dot must take a wild slot or stay unplaced.
        let mut remaining = 0u32;
        let mut stuck = 0u32;
        for (k, &u) in self.kinds.iter().zip(&self.used) {
            if k.home.is_none() {
                let left = k.n - u;
                remaining += left;
                stuck += left.saturating_sub((k.wild & open).count_ones());
            }
        }
        bound + remaining.saturating_sub(open_count).max(stuck)
    }

    fn dfs(&mut self, depth: usize) {
        if self.done {
            return;
        }
        self.nodes += 1;
        let bound = self.lower_bound(depth);
        if let Some((best, _)) = self.best
            && (bound > best.colours
                || (bound == best.colours && best.titles == 0 && best.planets == 0))
        {
            return;
        }
        if depth == COLOURS {
            self.leaf();
            return;
        }
        let c = depth;
        // Try the likelier choice first: a wild card when the colour is short. Then wild
        // cards with no coloured dot before semi-wild ones: they have nowhere else to go.
        let short = i64::from(self.n_home[c]) - i64::from(self.out[c]) < i64::from(self.t);
        if !short {
            self.branch(depth, None);
        }
        for pure in [true, false] {
            for k in 0..self.kinds.len() {
                let kind = &self.kinds[k];
                if kind.home.is_none() == pure && kind.wild & (1 << c) != 0 && self.used[k] < kind.n
                {
                    self.branch(depth, Some(k));
                }
            }
        }
        if short {
            self.branch(depth, None);
        }
    }

    /// Fills colour `depth`'s wild slot with `choice` and searches on.
    fn branch(&mut self, depth: usize, choice: Option<usize>) {
        if self.done {
            return;
        }
        if let Some(k) = choice {
            self.used[k] += 1;
            if let Some(h) = self.kinds[k].home {
                self.out[h] += 1;
            }
        }
        self.wild_of[depth] = choice;
        self.dfs(depth + 1);
        self.wild_of[depth] = None;
        if let Some(k) = choice {
            self.used[k] -= 1;
            if let Some(h) = self.kinds[k].home {
                self.out[h] -= 1;
            }
        }
    }

    fn leaf(&mut self) {
        let mut colours = 0u32;
        for c in 0..COLOURS {
            let count = i64::from(self.n_home[c]) - i64::from(self.out[c])
                + i64::from(self.wild_of[c].is_some());
            colours += (count - i64::from(self.t)).unsigned_abs() as u32;
        }
        for (k, &u) in self.kinds.iter().zip(&self.used) {
            if k.home.is_none() {
                colours += k.n - u;
            }
        }
        if let Some((best, _)) = self.best
            && colours > best.colours
        {
            return;
        }
        let titles = self.title_overflow();
        let planets = self.missing_planets();
        let cost = Cost {
            colours,
            titles,
            planets,
        };
        if self.best.is_none_or(|(best, _)| cost < best) {
            self.best = Some((cost, self.wild_of));
            if cost
                == (Cost {
                    colours: self.floor,
                    titles: 0,
                    planets: 0,
                })
            {
                self.done = true;
            }
        }
    }

    fn title_overflow(&mut self) -> u32 {
        let Some(limit) = self.limit else {
            return 0;
        };
        if self.risky == 0 {
            return 0;
        }
        for row in self.title_counts.iter_mut() {
            *row = [0; COLOURS];
        }
        for (k, &u) in self.kinds.iter().zip(&self.used) {
            if let Some(h) = k.home {
                for &t in &k.titles {
                    self.title_counts[t][h] += k.n - u;
                }
            }
        }
        for c in 0..COLOURS {
            if let Some(k) = self.wild_of[c] {
                for &t in &self.kinds[k].titles {
                    self.title_counts[t][c] += 1;
                }
            }
        }
        self.title_counts
            .iter()
            .flat_map(|row| row.iter())
            .map(|&n| n.saturating_sub(limit))
            .sum()
    }

    fn missing_planets(&self) -> u32 {
        if !self.planets {
            return 0;
        }
        let mut covered = 0u8;
        for (k, &u) in self.kinds.iter().zip(&self.used) {
            if k.home == Some(PURPLE)
                && u < k.n
                && let Some(p) = k.planet
            {
                covered |= 1 << p;
            }
        }
        if let Some(k) = self.wild_of[PURPLE]
            && let Some(p) = self.kinds[k].planet
        {
            covered |= 1 << p;
        }
        3 - covered.count_ones()
    }
}

/// Spreads the best choice of wild slots over the caller's pieces and reports what it breaks.
fn build(
    pieces: &[Piece],
    kinds: &[Kind],
    risky: &[u32],
    wild_of: [Option<usize>; COLOURS],
    limits: Limits,
    nodes: u64,
) -> Assignment {
    // Copies of each piece used as wild cards, and which piece fills each wild slot.
    let mut wild_used = vec![0u32; pieces.len()];
    let mut wild_piece = [None; COLOURS];
    for (c, choice) in wild_of.iter().enumerate() {
        if let Some(k) = choice {
            let (piece, _) = kinds[*k]
                .members
                .iter()
                .find(|(p, n)| wild_used[*p] < *n)
                .expect("a kind is chosen only while it has copies left");
            wild_used[*piece] += 1;
            wild_piece[c] = Some(*piece);
        }
    }
    let mut colours: Vec<ColourFill> = DotColour::ALL
        .iter()
        .map(|&colour| ColourFill {
            colour,
            count: u32::from(wild_piece[colour as usize].is_some()),
            normal: Vec::new(),
            wild: wild_piece[colour as usize],
        })
        .collect();
    let mut unplaced = Vec::new();
    for k in kinds {
        for &(p, n) in &k.members {
            let stay = n - wild_used[p];
            if stay == 0 {
                continue;
            }
            match k.home {
                Some(h) => {
                    colours[h].normal.push((p, stay));
                    colours[h].count += stay;
                }
                None => unplaced.push((p, stay)),
            }
        }
    }
    for fill in &mut colours {
        fill.normal.sort_unstable();
    }
    unplaced.sort_unstable();

    let mut title_overflows = Vec::new();
    if let Some(limit) = limits.title_limit {
        for &title in risky {
            for fill in &colours {
                let has = |p: usize| pieces[p].titles.contains(&title);
                let count: u32 = fill
                    .normal
                    .iter()
                    .filter(|(p, _)| has(*p))
                    .map(|(_, n)| n)
                    .sum::<u32>()
                    + u32::from(fill.wild.is_some_and(has));
                if count > limit {
                    title_overflows.push(TitleOverflow {
                        title,
                        colour: fill.colour,
                        count,
                    });
                }
            }
        }
    }
    let mut missing_planets = Vec::new();
    if limits.three_planets {
        let purple = &colours[PURPLE];
        let in_purple = |planet: Planet| {
            purple
                .normal
                .iter()
                .map(|(p, _)| *p)
                .chain(purple.wild)
                .any(|p| pieces[p].planet == Some(planet))
        };
        missing_planets = Planet::ALL.into_iter().filter(|p| !in_purple(*p)).collect();
    }
    let t = i64::from(limits.per_colour);
    let cost = Cost {
        colours: colours
            .iter()
            .map(|f| (i64::from(f.count) - t).unsigned_abs() as u32)
            .sum::<u32>()
            + unplaced.iter().map(|(_, n)| n).sum::<u32>(),
        titles: title_overflows
            .iter()
            .map(|o| o.count - limits.title_limit.unwrap_or(o.count))
            .sum(),
        planets: missing_planets.len() as u32,
    };
    Assignment {
        cost,
        colours,
        unplaced,
        title_overflows,
        missing_planets,
        nodes,
    }
}

#[cfg(test)]
mod tests;
