//! A gauntlet: every deck of a field against every deck of the other side of the Force.
//!
//! Each pairing is a [`Matchup`] of the deck under test (seat A) against one opponent, played
//! for the run's [`RunConfig`] exactly as `yj playtest DECK --vs OPP` plays it: game `i` of
//! every pairing is seeded from the master seed and `i` alone, so a pairing's numbers are the
//! ones that command prints, and `yj play DECK OPP --seed S --game I` replays any game.
//!
//! Over the field, each deck's games against all its opponents are pooled into one win rate
//! with its 95% Wilson interval. Every pairing plays the same number of games, so the pooled
//! rate is the plain average of the deck's pairing rates; the pooled interval treats the games
//! as one sample, which for equal numbers of games against fixed opponents is, if anything,
//! wider than it needs to be. Decks of one side face the same field, so their averages can be
//! compared; two of them are *told apart* when their intervals do not overlap.

use std::sync::Arc;

use super::report::Rate;
use super::runner::{AgentKind, Matchup, RunConfig, SimError};
use super::tally::Tally;
use super::wilson::Interval;
use crate::bots::Weights;
use crate::catalogue::Side;
use crate::engine::{CardPool, DefId, GameOptions};

/// One pairing of a gauntlet: the deck under test and its opponent, by index in the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    pub deck: usize,
    pub opponent: usize,
}

/// Every deck against every deck of the other side: deck by deck in the field's order, and
/// each deck's opponents in the field's order.
pub fn pairings(sides: &[Side]) -> Vec<Pairing> {
    let mut out = Vec::new();
    for (deck, &a) in sides.iter().enumerate() {
        for (opponent, &b) in sides.iter().enumerate() {
            if a != b {
                out.push(Pairing { deck, opponent });
            }
        }
    }
    out
}

/// A field of decks, and how they are played.
pub struct Gauntlet<'a> {
    pub pool: Arc<CardPool>,
    pub decks: Vec<&'a [DefId]>,
    pub sides: Vec<Side>,
    /// The agent of the deck under test, then the opponent's, in every pairing.
    pub agents: [AgentKind; 2],
    pub weights: Arc<Weights>,
    pub options: GameOptions,
}

/// What one pairing's games came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingResult {
    pub pairing: Pairing,
    /// The deck under test's distinct cards (the tally's card order).
    pub distinct: Vec<DefId>,
    pub tally: Tally,
}

impl Gauntlet<'_> {
    pub fn pairings(&self) -> Vec<Pairing> {
        pairings(&self.sides)
    }

    /// Plays every pairing in turn (each one's games in parallel), calling `progress` once
    /// per finished game. An error names the pairing it came from.
    pub fn run(
        &self,
        config: &RunConfig,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<PairingResult>, (Pairing, SimError)> {
        self.pairings()
            .into_iter()
            .map(|p| self.run_pairing(p, config, progress).map_err(|e| (p, e)))
            .collect()
    }

    /// Plays one pairing's games in parallel, calling `progress` once per finished game.
    pub fn run_pairing(
        &self,
        pairing: Pairing,
        config: &RunConfig,
        progress: &(dyn Fn() + Sync),
    ) -> Result<PairingResult, SimError> {
        let m = Matchup {
            pool: Arc::clone(&self.pool),
            deck: self.decks[pairing.deck],
            opponent: self.decks[pairing.opponent],
            agents: self.agents,
            weights: Arc::clone(&self.weights),
            options: self.options,
        };
        let (distinct, tally) = m.run(config, progress)?;
        Ok(PairingResult {
            pairing,
            distinct,
            tally,
        })
    }
}

/// One deck's games against its whole field.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldResult {
    pub deck: usize,
    pub opponents: usize,
    /// All its games pooled: wins / games, and the 95% interval.
    pub rate: Rate,
    /// Decks of the same side whose interval lies wholly below this deck's, best first.
    pub above: Vec<usize>,
    /// Decks of the same side whose interval lies wholly above this deck's, best first.
    pub below: Vec<usize>,
}

/// Whether two intervals are told apart: `Greater` when `a` lies wholly above `b`, `Less`
/// when wholly below, `None` when they overlap (or either is missing).
pub fn told_apart(a: Option<Interval>, b: Option<Interval>) -> Option<std::cmp::Ordering> {
    let (a, b) = (a?, b?);
    if a.low > b.high {
        Some(std::cmp::Ordering::Greater)
    } else if a.high < b.low {
        Some(std::cmp::Ordering::Less)
    } else {
        None
    }
}

/// Each deck's results over the field, in the field's order, from the pairings' tallies.
pub fn field(sides: &[Side], results: &[PairingResult]) -> Vec<FieldResult> {
    let mut pooled: Vec<(usize, u64, u64)> = vec![(0, 0, 0); sides.len()];
    for r in results {
        let p = &mut pooled[r.pairing.deck];
        p.0 += 1;
        p.1 += r.tally.wins;
        p.2 += r.tally.games;
    }
    let rates: Vec<Rate> = pooled.iter().map(|&(_, w, g)| Rate::new(w, g)).collect();
    // Best first among the decks a deck is told apart from; ties keep the field's order.
    let mut by_rate: Vec<usize> = (0..sides.len()).collect();
    by_rate.sort_by(|&a, &b| {
        let key = |i: usize| rates[i].win_rate.unwrap_or(-1.0);
        key(b).total_cmp(&key(a)).then(a.cmp(&b))
    });
    (0..sides.len())
        .map(|deck| {
            let apart = |want: std::cmp::Ordering| -> Vec<usize> {
                by_rate
                    .iter()
                    .copied()
                    .filter(|&o| {
                        o != deck
                            && sides[o] == sides[deck]
                            && told_apart(rates[deck].interval, rates[o].interval) == Some(want)
                    })
                    .collect()
            };
            FieldResult {
                deck,
                opponents: pooled[deck].0,
                rate: rates[deck].clone(),
                above: apart(std::cmp::Ordering::Greater),
                below: apart(std::cmp::Ordering::Less),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sample_decks::sample_decks;
    use Side::{Dark, Light};

    #[test]
    fn every_deck_meets_every_deck_of_the_other_side_once() {
        let p: Vec<(usize, usize)> = pairings(&[Light, Dark, Light, Dark, Dark])
            .iter()
            .map(|p| (p.deck, p.opponent))
            .collect();
        assert_eq!(
            p,
            [
                (0, 1),
                (0, 3),
                (0, 4),
                (1, 0),
                (1, 2),
                (2, 1),
                (2, 3),
                (2, 4),
                (3, 0),
                (3, 2),
                (4, 0),
                (4, 2),
            ]
        );
        assert!(pairings(&[Light, Light]).is_empty());
    }

    fn result(deck: usize, opponent: usize, wins: u64, games: u64) -> PairingResult {
        PairingResult {
            pairing: Pairing { deck, opponent },
            distinct: Vec::new(),
            tally: Tally {
                games,
                wins,
                losses: games - wins,
                ..Tally::default()
            },
        }
    }

    #[test]
    fn the_field_pools_a_decks_games_and_compares_decks_of_one_side() {
        // Light 0 and 2 against dark 1 and 3, 1,000 games a pairing.
        let sides = [Light, Dark, Light, Dark];
        let results = [
            result(0, 1, 700, 1000),
            result(0, 3, 600, 1000),
            result(1, 0, 300, 1000),
            result(1, 2, 480, 1000),
            result(2, 1, 520, 1000),
            result(2, 3, 500, 1000),
            result(3, 0, 400, 1000),
            result(3, 2, 495, 1000),
        ];
        let f = field(&sides, &results);
        // 1,300 of 2,000: the mean of 70% and 60%.
        assert_eq!((f[0].rate.wins, f[0].rate.games), (1300, 2000));
        assert_eq!(f[0].rate.win_rate, Some(0.65));
        assert_eq!(f[0].opponents, 2);
        // 65.0% (62.9–67.0%) against 51.0% (48.8–53.2%): told apart.
        assert_eq!((f[0].above.clone(), f[0].below.clone()), (vec![2], vec![]));
        assert_eq!((f[2].above.clone(), f[2].below.clone()), (vec![], vec![0]));
        // 39.0% (36.9–41.2%) against 44.75% (42.6–46.9%): told apart too; never a light deck.
        assert_eq!((f[1].above.clone(), f[1].below.clone()), (vec![], vec![3]));
        assert_eq!(f[3].above, vec![1]);
    }

    #[test]
    fn overlapping_intervals_are_not_told_apart() {
        // 52% and 50% of 1,000 games: 48.9–55.1% and 46.9–53.1% overlap.
        let f = field(
            &[Light, Light, Dark],
            &[
                result(0, 2, 520, 1000),
                result(1, 2, 500, 1000),
                result(2, 0, 480, 1000),
                result(2, 1, 500, 1000),
            ],
        );
        assert!(f.iter().all(|d| d.above.is_empty() && d.below.is_empty()));
        let i = |low, high| Some(Interval { low, high });
        assert_eq!(
            told_apart(i(0.5, 0.6), i(0.3, 0.49)),
            Some(std::cmp::Ordering::Greater)
        );
        assert_eq!(told_apart(i(0.5, 0.6), i(0.3, 0.5)), None);
        assert_eq!(told_apart(None, i(0.3, 0.5)), None);
    }

    #[test]
    fn a_pairing_plays_the_games_a_playtest_of_the_two_decks_plays() {
        // Module doc: each pairing is `yj playtest DECK --vs OPP` with the same master seed.
        let pool = CardPool::from_catalogue(crate::deck::test_catalogue());
        let [light, dark] = sample_decks(&pool).unwrap();
        let g = Gauntlet {
            pool: Arc::clone(&pool),
            decks: vec![&dark, &light],
            sides: vec![Dark, Light],
            agents: [AgentKind::Heuristic, AgentKind::PatientRandom],
            weights: Arc::new(Weights::default()),
            options: GameOptions::default(),
        };
        let config = RunConfig {
            games: 6,
            master_seed: 11,
            mirror: true,
            jobs: 1,
        };
        let results = g.run(&config, &|| {}).unwrap();
        assert_eq!(results.len(), 2);
        for r in &results {
            let m = Matchup {
                pool: Arc::clone(&pool),
                deck: g.decks[r.pairing.deck],
                opponent: g.decks[r.pairing.opponent],
                agents: g.agents,
                weights: Arc::new(Weights::default()),
                options: GameOptions::default(),
            };
            let (distinct, tally) = m.run(&config, &|| {}).unwrap();
            assert_eq!((&r.distinct, &r.tally), (&distinct, &tally));
            assert_eq!(r.tally.games, 12);
        }
    }
}
