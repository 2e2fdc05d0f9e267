//! What a run reports about one opponent: win rate with its 95% Wilson interval, split by who
//! went first; victory types; game length; per-card statistics.

use serde::Serialize;

use super::observe::{DAMAGE_UNIT, VictoryKind};
use super::tally::Tally;
use super::wilson::{Interval, wilson95};
use crate::engine::{CardPool, DefId};

/// A count of wins out of games, with the rate and its 95% Wilson interval (None: no games).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rate {
    pub games: u64,
    pub wins: u64,
    pub win_rate: Option<f64>,
    pub interval: Option<Interval>,
}

impl Rate {
    pub fn new(wins: u64, games: u64) -> Rate {
        Rate {
            games,
            wins,
            win_rate: (games > 0).then(|| wins as f64 / games as f64),
            interval: wilson95(wins, games),
        }
    }
}

/// Games by how they ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Victories {
    pub planet: u64,
    pub surrender: u64,
    pub deck: u64,
    pub podrace: u64,
}

impl Victories {
    fn from(counts: &[u64; VictoryKind::ALL.len()]) -> Victories {
        let get = |k: VictoryKind| counts[VictoryKind::ALL.iter().position(|&v| v == k).unwrap()];
        Victories {
            planet: get(VictoryKind::Planet),
            surrender: get(VictoryKind::Surrender),
            deck: get(VictoryKind::Deck),
            podrace: get(VictoryKind::Podrace),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NoWinner {
    /// Games stopped by the engine's turn cap.
    pub turn_cap: u64,
    /// Games where no location was left for the next planet (illegal decks only).
    pub no_location: u64,
    /// Games where one step emptied both draw decks (`RULINGS.md` E1: a draw, counted apart).
    pub both_decks_empty: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Bucket {
    pub from: u32,
    pub to: u32,
    pub games: u64,
}

/// The distribution of game length in turns (both players' turns counted).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Turns {
    pub mean: f64,
    pub min: u32,
    pub p10: u32,
    pub median: u32,
    pub p90: u32,
    pub max: u32,
    pub histogram: Vec<Bucket>,
}

impl Turns {
    fn from(hist: &[u64]) -> Option<Turns> {
        let total: u64 = hist.iter().sum();
        if total == 0 {
            return None;
        }
        let sum: u64 = hist.iter().enumerate().map(|(t, &n)| t as u64 * n).sum();
        // The smallest length with at least `q` of the games at or below it.
        let quantile = |q: f64| {
            let need = ((q * total as f64).ceil() as u64).max(1);
            let mut seen = 0;
            for (t, &n) in hist.iter().enumerate() {
                seen += n;
                if seen >= need {
                    return t as u32;
                }
            }
            (hist.len() - 1) as u32
        };
        let min = hist.iter().position(|&n| n > 0).unwrap_or(0) as u32;
        let max = hist.iter().rposition(|&n| n > 0).unwrap_or(0) as u32;
        // Buckets of 5 turns (10 past 50), empty ones left out.
        let mut histogram: Vec<Bucket> = Vec::new();
        for (t, &n) in hist.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let t = t as u32;
            let width = if t <= 50 { 5 } else { 10 };
            let from = if t == 0 {
                0
            } else {
                (t - 1) / width * width + 1
            };
            let to = from + width - 1;
            match histogram.last_mut() {
                Some(b) if b.from == from => b.games += n,
                _ => histogram.push(Bucket {
                    from,
                    to: if from == 0 { 0 } else { to },
                    games: n,
                }),
            }
        }
        Some(Turns {
            mean: sum as f64 / total as f64,
            min,
            p10: quantile(0.1),
            median: quantile(0.5),
            p90: quantile(0.9),
            max,
            histogram,
        })
    }
}

/// One card of the deck under test.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardStats {
    pub id: String,
    pub name: String,
    pub copies: u32,
    /// Games in which a copy reached the hand, and the deck's win rate in those games.
    pub drawn: Rate,
    /// Games in which a copy was deployed (locations: put into play; battle cards: used in a
    /// fight; starships: also added from hand to intercept, or played from hand under the
    /// Battle of Naboo rules), and the win rate.
    pub deployed: Rate,
    /// Games in which the card's game text took effect at least once (None: the card has no
    /// game text).
    pub text_fired: Option<u64>,
    /// Damage the card dealt per game in which it was deployed: the damage of the fights and
    /// duels it won (shared within a fight-together group; a weapon or battle card is
    /// credited with the whole damage of the fights it was used in). Breakthrough damage is
    /// not credited to single cards.
    pub avg_damage: Option<f64>,
}

/// Everything reported about one opponent.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpponentReport {
    pub opponent: String,
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    /// Games nobody won (turn cap, no location): in `games`, never in `wins`.
    pub no_winner: u64,
    /// Wins / games.
    pub win_rate: Option<f64>,
    pub interval: Option<Interval>,
    pub went_first: Rate,
    pub went_second: Rate,
    pub won_by: Victories,
    pub lost_by: Victories,
    pub no_winner_by: NoWinner,
    pub turns: Option<Turns>,
    pub cards: Vec<CardStats>,
}

impl OpponentReport {
    pub fn new(
        opponent: &str,
        tally: &Tally,
        distinct: &[DefId],
        deck: &[DefId],
        pool: &CardPool,
    ) -> OpponentReport {
        let overall = Rate::new(tally.wins, tally.games);
        let cards = distinct
            .iter()
            .zip(&tally.cards)
            .map(|(&d, c)| {
                let def = pool.get(d);
                CardStats {
                    id: def.catalogue_id.clone(),
                    name: def.name.clone(),
                    copies: deck.iter().filter(|&&x| x == d).count() as u32,
                    drawn: Rate::new(c.drawn_wins, c.drawn),
                    deployed: Rate::new(c.deployed_wins, c.deployed),
                    text_fired: def.text.is_some().then_some(c.text_fired),
                    avg_damage: (c.deployed > 0)
                        .then(|| c.damage as f64 / DAMAGE_UNIT as f64 / c.deployed as f64),
                }
            })
            .collect();
        let nw = &tally.no_winner_by;
        let at = |k: VictoryKind| nw[VictoryKind::ALL.iter().position(|&v| v == k).unwrap()];
        OpponentReport {
            opponent: opponent.to_string(),
            games: tally.games,
            wins: tally.wins,
            losses: tally.losses,
            no_winner: tally.no_winner(),
            win_rate: overall.win_rate,
            interval: overall.interval,
            went_first: Rate::new(tally.by_order[0].1, tally.by_order[0].0),
            went_second: Rate::new(tally.by_order[1].1, tally.by_order[1].0),
            won_by: Victories::from(&tally.won_by),
            lost_by: Victories::from(&tally.lost_by),
            no_winner_by: NoWinner {
                turn_cap: at(VictoryKind::TurnCap),
                no_location: at(VictoryKind::NoLocation),
                both_decks_empty: at(VictoryKind::BothDecksEmpty),
            },
            turns: Turns::from(&tally.turns),
            cards,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_quantiles_and_buckets() {
        // 10 games: lengths 3,3,4,10,11,12,12,20,55,60.
        let mut hist = vec![0u64; 61];
        for t in [3, 3, 4, 10, 11, 12, 12, 20, 55, 60] {
            hist[t] += 1;
        }
        let t = Turns::from(&hist).unwrap();
        assert_eq!((t.min, t.max), (3, 60));
        assert_eq!(t.p10, 3);
        assert_eq!(t.median, 11);
        assert_eq!(t.p90, 55);
        assert!((t.mean - 19.0).abs() < 1e-9);
        let buckets: Vec<(u32, u32, u64)> = t
            .histogram
            .iter()
            .map(|b| (b.from, b.to, b.games))
            .collect();
        assert_eq!(
            buckets,
            vec![(1, 5, 3), (6, 10, 1), (11, 15, 3), (16, 20, 1), (51, 60, 2)]
        );
        assert_eq!(Turns::from(&[0, 0]), None);
    }

    #[test]
    fn a_rate_without_games_has_no_value() {
        let r = Rate::new(0, 0);
        assert_eq!((r.win_rate, r.interval), (None, None));
        let r = Rate::new(3, 4);
        assert_eq!(r.win_rate, Some(0.75));
        assert!(r.interval.unwrap().low < 0.75);
    }
}
