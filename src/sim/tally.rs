//! Counts over many games, in integers only: tallies of parts of a run merge in any order to
//! the same totals, which is what makes results independent of `--jobs`.

use super::observe::{Observer, VictoryKind};

const KINDS: usize = VictoryKind::ALL.len();

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardTally {
    /// Games in which a copy reached the hand (drawn, destiny drawn, or fetched).
    pub drawn: u64,
    pub drawn_wins: u64,
    /// Games in which a copy was deployed (or, for battle cards, used in a fight).
    pub deployed: u64,
    pub deployed_wins: u64,
    /// Games in which the card's game text took effect at least once.
    pub text_fired: u64,
    /// Damage dealt, in `observe::DAMAGE_UNIT`ths.
    pub damage: u64,
}

/// A game's result from the deck under test's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Lost,
    /// Turn cap, no location or both decks emptied at once: nobody won. Counted as a game,
    /// never as a win.
    NoWinner,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    /// Index 0: the deck under test went first; 1: it went second.
    pub by_order: [(u64, u64); 2],
    /// Counts by `VictoryKind` (index in `VictoryKind::ALL`) of games won and lost.
    pub won_by: [u64; KINDS],
    pub lost_by: [u64; KINDS],
    pub no_winner_by: [u64; KINDS],
    /// Games by length in turns (index = turns).
    pub turns: Vec<u64>,
    pub cards: Vec<CardTally>,
}

impl Tally {
    pub fn new(distinct: usize) -> Tally {
        Tally {
            cards: vec![CardTally::default(); distinct],
            ..Tally::default()
        }
    }

    pub fn no_winner(&self) -> u64 {
        self.games - self.wins - self.losses
    }

    /// Adds one finished game, read from its observer.
    pub fn add(&mut self, outcome: Outcome, kind: VictoryKind, turns: u32, obs: &Observer) {
        self.games += 1;
        let won = outcome == Outcome::Won;
        let k = VictoryKind::ALL
            .iter()
            .position(|&v| v == kind)
            .expect("every kind is listed");
        match outcome {
            Outcome::Won => {
                self.wins += 1;
                self.won_by[k] += 1;
            }
            Outcome::Lost => {
                self.losses += 1;
                self.lost_by[k] += 1;
            }
            Outcome::NoWinner => self.no_winner_by[k] += 1,
        }
        let order = &mut self.by_order[usize::from(!obs.deck_first)];
        order.0 += 1;
        order.1 += u64::from(won);
        let t = turns as usize;
        if self.turns.len() <= t {
            self.turns.resize(t + 1, 0);
        }
        self.turns[t] += 1;
        for (i, c) in self.cards.iter_mut().enumerate() {
            if obs.drawn[i] {
                c.drawn += 1;
                c.drawn_wins += u64::from(won);
            }
            if obs.deployed[i] {
                c.deployed += 1;
                c.deployed_wins += u64::from(won);
            }
            c.text_fired += u64::from(obs.text_fired[i]);
            c.damage += obs.damage[i];
        }
    }

    pub fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        self.wins += other.wins;
        self.losses += other.losses;
        for i in 0..2 {
            self.by_order[i].0 += other.by_order[i].0;
            self.by_order[i].1 += other.by_order[i].1;
        }
        for i in 0..KINDS {
            self.won_by[i] += other.won_by[i];
            self.lost_by[i] += other.lost_by[i];
            self.no_winner_by[i] += other.no_winner_by[i];
        }
        if self.turns.len() < other.turns.len() {
            self.turns.resize(other.turns.len(), 0);
        }
        for (a, b) in self.turns.iter_mut().zip(other.turns) {
            *a += b;
        }
        if self.cards.len() < other.cards.len() {
            self.cards.resize(other.cards.len(), CardTally::default());
        }
        for (a, b) in self.cards.iter_mut().zip(other.cards) {
            a.drawn += b.drawn;
            a.drawn_wins += b.drawn_wins;
            a.deployed += b.deployed;
            a.deployed_wins += b.deployed_wins;
            a.text_fired += b.text_fired;
            a.damage += b.damage;
        }
        self
    }
}
