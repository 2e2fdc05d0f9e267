//! Refining a deck by simulated play (`yj deck build --vs`): a swap of one copy is kept only
//! when it raises the win rate against the opponents by more than chance could.
//!
//! Each trial plays the same games (the same seeds, so the same shuffles and first players)
//! with the deck before and after the swap, and compares them game by game: the mean of the
//! per-game differences (won 1, else 0) and its 95% interval, mean ± 1.96 standard errors
//! (the normal approximation, with the sample variance of the differences). A swap is kept
//! when the whole interval is above zero. Playing the same games removes the luck of the
//! draw that two separate samples would both carry, so far fewer games tell a real gain.
//! Trials stop when the next one would pass the game budget.

use std::sync::Arc;

use rayon::prelude::*;

use super::runner::{AgentKind, Matchup, RunConfig, SimError};
use crate::bots::Weights;
use crate::engine::{CardPool, DefId, GameOptions, game_seed};

/// An accepted swap and what the games said.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Evidence {
    /// Catalogue indexes of the card taken out and the card put in.
    pub out: usize,
    pub into: usize,
    /// Games played with each deck (over every opponent).
    pub games: u64,
    pub win_rate_before: f64,
    pub win_rate_after: f64,
    /// The 95% interval of the difference in win rate.
    pub low: f64,
    pub high: f64,
}

/// A deck as `(catalogue index, copies)`.
pub type Cards = Vec<(usize, u32)>;
/// One copy of the first card out, one of the second in (catalogue indexes).
pub type Swap = (usize, usize);
/// The swaps to try for a deck, best first.
pub type Candidates<'a> = dyn Fn(&[(usize, u32)]) -> Vec<Swap> + 'a;

#[derive(Debug, Clone, Copy)]
pub struct RefineConfig {
    /// Games per opponent per trial.
    pub games: u64,
    pub seed: u64,
    /// Games at most over the whole refinement.
    pub budget: u64,
}

pub struct Refiner<'a> {
    pub pool: Arc<CardPool>,
    pub weights: Arc<Weights>,
    pub opponents: &'a [Vec<DefId>],
    pub config: RefineConfig,
}

/// The mean and 95% interval of paired differences.
pub fn paired(before: &[u8], after: &[u8]) -> (f64, f64, f64) {
    let n = before.len().max(1) as f64;
    let d: Vec<f64> = before
        .iter()
        .zip(after)
        .map(|(&b, &a)| f64::from(a) - f64::from(b))
        .collect();
    let mean = d.iter().sum::<f64>() / n;
    let var = if d.len() > 1 {
        d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (var / n).sqrt();
    (mean, mean - half, mean + half)
}

fn ids(deck: &[(usize, u32)]) -> Vec<DefId> {
    deck.iter()
        .flat_map(|&(i, n)| std::iter::repeat_n(DefId(i as u16), n as usize))
        .collect()
}

impl Refiner<'_> {
    /// Wins (1) and other results (0), per game, opponent by opponent.
    pub fn results(&self, deck: &[(usize, u32)]) -> Result<Vec<u8>, SimError> {
        let mine = ids(deck);
        let games = self.config.games;
        (0..self.opponents.len() as u64 * games)
            .into_par_iter()
            .map(|k| {
                let opponent = &self.opponents[(k / games) as usize];
                let matchup = Matchup {
                    pool: Arc::clone(&self.pool),
                    deck: &mine,
                    opponent,
                    agents: [AgentKind::Heuristic, AgentKind::Heuristic],
                    weights: Arc::clone(&self.weights),
                    options: GameOptions::default(),
                };
                let config = RunConfig {
                    games: 1,
                    master_seed: game_seed(self.config.seed, k),
                    mirror: false,
                    jobs: 0,
                };
                matchup
                    .run(&config, &|| {})
                    .map(|(_, tally)| u8::from(tally.wins > 0))
            })
            .collect()
    }

    /// Tries the swaps `candidates` gives for the current deck, in its order, keeping each
    /// that passes; after a kept swap the candidates are asked again. Returns the swaps kept
    /// and the games played.
    pub fn refine(
        &self,
        deck: &mut Vec<(usize, u32)>,
        candidates: &Candidates,
    ) -> Result<(Vec<Evidence>, u64), SimError> {
        let per_trial = self.config.games * self.opponents.len() as u64;
        let mut played = 0u64;
        let mut kept = Vec::new();
        if per_trial == 0 || per_trial > self.config.budget {
            return Ok((kept, played));
        }
        let mut base = self.results(deck)?;
        played += per_trial;
        let mut tried: Vec<(Cards, Swap)> = Vec::new();
        'outer: loop {
            for (out, into) in candidates(deck) {
                if tried.iter().any(|(d, s)| d == deck && *s == (out, into)) {
                    continue;
                }
                if played + per_trial > self.config.budget {
                    break 'outer;
                }
                tried.push((deck.clone(), (out, into)));
                let swapped = swap(deck, out, into);
                let after = self.results(&swapped)?;
                played += per_trial;
                let (mean, low, high) = paired(&base, &after);
                if low > 0.0 {
                    let rate =
                        |r: &[u8]| r.iter().map(|&x| f64::from(x)).sum::<f64>() / r.len() as f64;
                    kept.push(Evidence {
                        out,
                        into,
                        games: per_trial,
                        win_rate_before: rate(&base),
                        win_rate_after: rate(&after),
                        low,
                        high,
                    });
                    debug_assert!(mean > 0.0);
                    *deck = swapped;
                    base = after;
                    continue 'outer;
                }
            }
            break;
        }
        Ok((kept, played))
    }
}

/// `deck` with one copy of `out` replaced by one of `into`.
pub fn swap(deck: &[(usize, u32)], out: usize, into: usize) -> Vec<(usize, u32)> {
    let mut d = deck.to_vec();
    if let Some(e) = d.iter_mut().find(|e| e.0 == out) {
        e.1 -= 1;
    }
    match d.iter_mut().find(|e| e.0 == into) {
        Some(e) => e.1 += 1,
        None => d.push((into, 1)),
    }
    d.retain(|e| e.1 > 0);
    d.sort_unstable();
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paired_interval_is_the_mean_difference_plus_minus_1_96_standard_errors() {
        // Four games: after wins two that before lost, loses none: differences 1, 1, 0, 0.
        let (mean, low, high) = paired(&[0, 0, 1, 0], &[1, 1, 1, 0]);
        assert_eq!(mean, 0.5);
        // Sample variance 1/3; standard error sqrt(1/12).
        let half = 1.96 * (1.0f64 / 12.0).sqrt();
        assert!((low - (0.5 - half)).abs() < 1e-12);
        assert!((high - (0.5 + half)).abs() < 1e-12);
        // Identical results: no difference, and an interval of width zero.
        assert_eq!(paired(&[1, 0], &[1, 0]), (0.0, 0.0, 0.0));
    }

    #[test]
    fn a_swap_replaces_one_copy() {
        assert_eq!(swap(&[(1, 2), (5, 1)], 5, 3), vec![(1, 2), (3, 1)]);
        assert_eq!(swap(&[(1, 2), (5, 1)], 1, 5), vec![(1, 1), (5, 2)]);
    }
}
