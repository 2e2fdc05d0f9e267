//! A measure of card strength read from the engine's own card values (`engine::CardPool`),
//! for `yj deck build` to pick cards and for `yj deck fix` to choose among equally small
//! fixes. Game text is not counted yet: the engine plays no card text.
//!
//! Points, per card (never below 1):
//!
//! | card | points |
//! | --- | --- |
//! | character | 10 × (power + its best location bonus) + 5 × the power dots of the best weapon it can use + 4 × damage − 3 × counters + 40 |
//! | weapon, battle card | 10 × power dots + 6 × chance cubes of its best use line for a character that can use it, − 2 × counters, + 10 |
//! | starship | 10 × power + 4 × damage − 3 × counters + 20 |
//! | location | 30 + 2 × the location-bonus dots the characters give at its site (at most 60) |
//! | effect | 15; Objective 10; a card the engine does not play 5 |
//!
//! A `?` power (a destiny draw) counts 3, the mean of a destiny draw rounded down. "The
//! characters" and "the weapons" are the side's cards in the pool of candidates, or with
//! [`Strength::for_deck`] the deck's own, so a weapon no character of the deck can use, or a
//! location where none of its characters has a bonus, scores little.

use crate::catalogue::{Catalogue, Side};
use crate::engine::{CardDef, CardPool, DefId, Kind};

/// Points per catalogue card (index as `Catalogue::cards()`).
pub struct Strength {
    pub points: Vec<u32>,
}

/// What a destiny-draw power counts.
const DESTINY_POWER: i64 = 3;

fn power(d: &CardDef) -> i64 {
    if d.draws_power() {
        DESTINY_POWER
    } else {
        i64::from(d.printed_power())
    }
}

fn best_bonus(d: &CardDef) -> i64 {
    d.bonus
        .map(|(_, b)| i64::from(*b.iter().max().unwrap_or(&0)))
        .unwrap_or(0)
}

/// The best (dots, cubes) line of `item` that `user` can use by its printed facts.
fn best_line(pool: &CardPool, item: DefId, user: DefId) -> Option<(i64, i64)> {
    let (layout, bits) = pool.fits_alone(item, user)?;
    pool.get(item)
        .uses
        .iter()
        .zip(&layout.lines)
        .filter(|(_, mask)| bits & **mask != 0)
        .map(|(u, _)| (i64::from(u.dots), i64::from(u.cubes)))
        .max_by_key(|(d, c)| 10 * d + 6 * c)
}

impl Strength {
    /// Points for every card of the catalogue, with the characters and weapons of `side`
    /// among `candidates` (catalogue indexes) as the partners that weapons and locations
    /// are scored with.
    pub fn new(catalogue: &Catalogue, pool: &CardPool, side: Side, candidates: &[usize]) -> Self {
        let partners: Vec<DefId> = candidates
            .iter()
            .map(|&i| DefId(i as u16))
            .filter(|&d| pool.get(d).side == side)
            .collect();
        Strength::with_partners(catalogue, pool, &partners)
    }

    /// Points with the deck's own cards (catalogue indexes) as the partners.
    pub fn for_deck(catalogue: &Catalogue, pool: &CardPool, deck: &[usize]) -> Self {
        let mut partners: Vec<DefId> = deck.iter().map(|&i| DefId(i as u16)).collect();
        partners.sort();
        partners.dedup();
        Strength::with_partners(catalogue, pool, &partners)
    }

    fn with_partners(catalogue: &Catalogue, pool: &CardPool, partners: &[DefId]) -> Self {
        let users: Vec<DefId> = partners
            .iter()
            .copied()
            .filter(|&d| pool.get(d).is_character() && pool.get(d).deployable())
            .collect();
        let items: Vec<DefId> = partners
            .iter()
            .copied()
            .filter(|&d| pool.get(d).kind == Kind::Weapon)
            .collect();
        let points = (0..catalogue.cards().len().min(pool.len()))
            .map(|i| {
                let id = DefId(i as u16);
                let d = pool.get(id);
                let counters = i64::from(d.counters.unwrap_or(0));
                let p = match d.kind {
                    Kind::Character => {
                        let weapon = items
                            .iter()
                            .chain(d.armed.then_some(&id))
                            .filter_map(|&w| best_line(pool, w, id))
                            .map(|(dots, _)| dots)
                            .max()
                            .unwrap_or(0);
                        10 * (power(d) + best_bonus(d)) + 5 * weapon + 4 * i64::from(d.damage())
                            - 3 * counters
                            + 40
                    }
                    Kind::Weapon | Kind::Battle => {
                        let best = users
                            .iter()
                            .filter_map(|&u| best_line(pool, id, u))
                            .map(|(dots, cubes)| 10 * dots + 6 * cubes)
                            .max()
                            .unwrap_or(0);
                        best - 2 * counters + 10
                    }
                    Kind::Starship => 10 * power(d) + 4 * i64::from(d.damage()) - 3 * counters + 20,
                    Kind::Location => {
                        let at = d.location.map(|(planet, site)| {
                            users
                                .iter()
                                .map(|&u| i64::from(pool.get(u).location_bonus(planet, site)))
                                .sum::<i64>()
                        });
                        30 + (2 * at.unwrap_or(0)).min(60)
                    }
                    Kind::Effect => 15,
                    Kind::Objective => 10,
                    Kind::Other => 5,
                };
                p.max(1) as u32
            })
            .collect();
        Strength { points }
    }

    pub fn of(&self, index: usize) -> u32 {
        self.points.get(index).copied().unwrap_or(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(cat: &Catalogue, id: &str) -> usize {
        cat.index_of(id).unwrap()
    }

    #[test]
    fn points_follow_the_documented_measure() {
        let cat = crate::deck::test_catalogue();
        let pool = CardPool::from_catalogue(cat);
        // DM-2 Qui-Gon Jinn, Jedi Master: power 6, bonus 1/2/1, damage 5, counters 6; with
        // no weapon among the partners: 10 × (6 + 2) + 4 × 5 − 3 × 6 + 40 = 122.
        let alone = Strength::for_deck(cat, &pool, &[index(cat, "DM-2")]);
        assert_eq!(alone.of(index(cat, "DM-2")), 122);
        // A location scores 30 plus twice the partners' bonus there: Qui-Gon has 1 at
        // Tatooine's Podrace Arena (DM-65) and none at Coruscant's Capital City (DM-66).
        assert_eq!(alone.of(index(cat, "DM-65")), 30 + 2);
        assert_eq!(alone.of(index(cat, "DM-66")), 30);
    }

    #[test]
    fn a_weapon_scores_only_with_a_character_that_can_use_it() {
        let cat = crate::deck::test_catalogue();
        let pool = CardPool::from_catalogue(cat);
        let saber = index(cat, "DM-34"); // Obi-Wan Kenobi's Lightsaber
        let obi = index(cat, "DM-1");
        let boss = index(cat, "DM-13"); // Boss Nass: not Obi-Wan
        let with_obi = Strength::for_deck(cat, &pool, &[saber, obi]).of(saber);
        let without = Strength::for_deck(cat, &pool, &[saber, boss]).of(saber);
        assert!(with_obi > without, "{with_obi} vs {without}");
        let counters = i64::from(pool.get(DefId(saber as u16)).counters.unwrap_or(0));
        assert_eq!(i64::from(without), (10 - 2 * counters).max(1));
    }
}
