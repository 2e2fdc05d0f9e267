//! How complete a collection is: unique cards owned per set and by rarity, foils counted
//! separately.
//!
//! A card counts as owned when any copy of it is, regular or foil. A foil printing belongs to
//! the release it came out in (its community id says which: `3_F10` is a Battle of Naboo
//! foil, `7_45` a Reflections one), not to the set of the card it reprints.

use std::collections::BTreeSet;

use serde::Serialize;

use super::model::{Holdings, List};
use crate::catalogue::{Catalogue, Finish, Printing, Rarity, Set};

/// Owned of total, for one group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Progress {
    pub owned: usize,
    pub total: usize,
}

impl Progress {
    pub fn percent(self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            100.0 * self.owned as f64 / self.total as f64
        }
    }

    /// A bar of `width` cells, a full cell per whole `1/width` owned.
    pub fn bar(self, width: usize) -> String {
        let full = (self.owned * width)
            .checked_div(self.total)
            .unwrap_or(0)
            .min(width);
        format!("{}{}", "█".repeat(full), "░".repeat(width - full))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetCompletion {
    pub set: Set,
    pub cards: Progress,
    pub foils: Progress,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Completion {
    /// Sets with at least one card or foil in the catalogue, in release order.
    pub sets: Vec<SetCompletion>,
    /// Every printed set (virtual cards are printouts, not part of the printed game), or the
    /// one set asked for.
    pub overall: SetCompletion,
    /// Unique cards by rarity, over the same cards as `overall`.
    pub rarities: Vec<(Rarity, Progress)>,
    /// Foil copies of cards the catalogue lists no foil of.
    pub unlisted_foils: Vec<String>,
    /// Cards with several foil printings owned as foils whose printing is not recorded; each
    /// counts once, under the card's own set.
    pub unrecorded_foils: Vec<String>,
}

/// The release a foil printing came out in.
pub fn release_of(catalogue: &Catalogue, printing: &Printing) -> Option<Set> {
    let from_id = printing
        .gemp_id
        .as_deref()
        .and_then(|g| g.split('_').next())
        .and_then(|n| n.parse::<u32>().ok())
        .and_then(|n| {
            Set::ALL
                .into_iter()
                .find(|s| s.community_index() == Some(n))
        });
    from_id.or_else(|| catalogue.get(&printing.card_id).map(|c| c.set))
}

pub fn completion(catalogue: &Catalogue, holdings: &Holdings, only: Option<Set>) -> Completion {
    let owned_cards: BTreeSet<&str> = holdings
        .entries_of(List::Owned)
        .map(|(slot, _)| slot.card_id.as_str())
        .collect();
    // Each owned foil printing once, under its release: a recorded printing under its own,
    // a foil whose printing is not recorded once, under the card's own set.
    let foil_slots: Vec<&super::model::Slot> = holdings
        .entries_of(List::Owned)
        .filter(|(slot, _)| slot.finish == Finish::Foil)
        .map(|(slot, _)| slot)
        .collect();
    let owned_foils: BTreeSet<(Set, &str)> = foil_slots
        .iter()
        .filter_map(|slot| {
            super::printings::counted_release(catalogue, slot).map(|r| (r, slot.card_id.as_str()))
        })
        .collect();
    let foils: Vec<(Set, &str)> = catalogue
        .printings()
        .iter()
        .filter(|p| p.finish == Finish::Foil)
        .filter_map(|p| release_of(catalogue, p).map(|s| (s, p.card_id.as_str())))
        .collect();
    let in_scope = |set: Set| match only {
        Some(s) => s == set,
        None => set != Set::V1,
    };
    let mut sets = Vec::new();
    let mut overall = SetCompletion {
        set: only.unwrap_or(Set::DM),
        cards: Progress::default(),
        foils: Progress::default(),
    };
    for set in Set::ALL {
        if only.is_some_and(|s| s != set) {
            continue;
        }
        let mut c = SetCompletion {
            set,
            cards: Progress::default(),
            foils: Progress::default(),
        };
        for card in catalogue.cards().iter().filter(|c| c.set == set) {
            c.cards.total += 1;
            c.cards.owned += owned_cards.contains(card.id.as_str()) as usize;
        }
        for (_, card_id) in foils.iter().filter(|(s, _)| *s == set) {
            c.foils.total += 1;
            c.foils.owned += owned_foils.contains(&(set, *card_id)) as usize;
        }
        if c.cards.total + c.foils.total == 0 {
            continue;
        }
        if in_scope(set) {
            overall.cards.owned += c.cards.owned;
            overall.cards.total += c.cards.total;
            overall.foils.owned += c.foils.owned;
            overall.foils.total += c.foils.total;
        }
        sets.push(c);
    }
    let mut rarities: Vec<(Rarity, Progress)> = Vec::new();
    for card in catalogue.cards().iter().filter(|c| in_scope(c.set)) {
        let i = match rarities.iter().position(|(r, _)| *r == card.rarity) {
            Some(i) => i,
            None => {
                rarities.push((card.rarity, Progress::default()));
                rarities.len() - 1
            }
        };
        rarities[i].1.total += 1;
        rarities[i].1.owned += owned_cards.contains(card.id.as_str()) as usize;
    }
    rarities.sort_by_key(|(r, _)| *r);
    let unlisted_foils: BTreeSet<&str> = foil_slots
        .iter()
        .map(|s| s.card_id.as_str())
        .filter(|id| catalogue.foils_of(id).next().is_none())
        .collect();
    let unrecorded_foils = foil_slots
        .iter()
        .filter(|s| super::printings::unrecorded(catalogue, s))
        .map(|s| s.card_id.clone())
        .collect();
    Completion {
        sets,
        overall,
        rarities,
        unlisted_foils: unlisted_foils.into_iter().map(str::to_string).collect(),
        unrecorded_foils,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::CatalogueSource;
    use crate::collection::model::{Slot, Value};

    fn catalogue() -> Catalogue {
        Catalogue::from_source(&CatalogueSource::embedded()).unwrap()
    }

    #[test]
    fn the_bar_fills_by_whole_cells() {
        let p = Progress {
            owned: 7,
            total: 140,
        };
        assert_eq!(p.bar(20), format!("█{}", "░".repeat(19)));
        assert_eq!(
            Progress {
                owned: 140,
                total: 140
            }
            .bar(4),
            "████"
        );
        assert_eq!(Progress { owned: 0, total: 0 }.bar(2), "░░");
        assert!((p.percent() - 5.0).abs() < 1e-9);
    }

    #[test]
    fn completion_counts_unique_cards_and_foils_by_release() {
        let cat = catalogue();
        let mut h = Holdings::new("main");
        // Three copies of one card and another card, both Menace of Darth Maul cards, and a
        // Battle of Naboo foil.
        h.entries
            .insert(Slot::owned("DM-71", Finish::Regular), Value::qty(3));
        h.entries
            .insert(Slot::owned("DM-72", Finish::Regular), Value::qty(1));
        h.entries
            .insert(Slot::owned("BN-71", Finish::Foil), Value::qty(1));
        let c = completion(&cat, &h, None);
        let dm = c.sets.iter().find(|s| s.set == Set::DM).unwrap();
        assert_eq!(dm.cards.owned, 2);
        assert_eq!(
            dm.cards.total,
            cat.cards().iter().filter(|c| c.set == Set::DM).count()
        );
        let bn = c.sets.iter().find(|s| s.set == Set::BN).unwrap();
        // The BN-71 foil (F10) makes BN-71 owned and one BN foil owned.
        assert_eq!((bn.cards.owned, bn.foils.owned), (1, 1));
        assert_eq!(c.overall.cards.owned, 3);
        assert_eq!(c.overall.foils.owned, 1);
        // A reprint foil belongs to its release: DM-74's one foil is a Reflections printing.
        let dm74_foils: Vec<Option<Set>> =
            cat.foils_of("DM-74").map(|p| release_of(&cat, p)).collect();
        assert_eq!(dm74_foils, [Some(Set::RF)]);
        assert!(c.unlisted_foils.is_empty());
        let rare: usize = c.rarities.iter().map(|(_, p)| p.owned).sum();
        assert_eq!(rare, 3);
    }

    #[test]
    fn completion_of_one_set_counts_only_that_set() {
        let cat = catalogue();
        let mut h = Holdings::new("main");
        h.entries
            .insert(Slot::owned("DM-71", Finish::Regular), Value::qty(1));
        h.entries
            .insert(Slot::owned("BN-1", Finish::Regular), Value::qty(1));
        let c = completion(&cat, &h, Some(Set::BN));
        assert_eq!(c.sets.len(), 1);
        assert_eq!(c.overall.cards.owned, 1);
        assert_eq!(c.overall.cards.total, c.sets[0].cards.total);
    }

    fn foils(c: &Completion, set: Set) -> (usize, usize) {
        let s = c.sets.iter().find(|s| s.set == set).unwrap();
        (s.foils.owned, s.foils.total)
    }

    #[test]
    fn one_reflections_foil_of_df31_counts_once_under_reflections() {
        // The audit's example: DF-31 has a Reflections foil (7_45) and its own-number DF foil;
        // one Reflections foil is one foil of 115, not one of RF and one of DF.
        let cat = catalogue();
        let mut h = Holdings::new("main");
        let foil = Slot::owned("DF-31", Finish::Foil);
        h.entries
            .insert(foil.clone().with_printing(Some(Set::RF)), Value::qty(1));
        let c = completion(&cat, &h, None);
        let rf_total = foils(&c, Set::RF).1;
        let df_total = foils(&c, Set::DF).1;
        assert_eq!(foils(&c, Set::RF), (1, rf_total));
        assert_eq!(rf_total, 59);
        assert_eq!(foils(&c, Set::DF), (0, df_total));
        assert_eq!(df_total, 2);
        assert_eq!((c.overall.foils.owned, c.overall.foils.total), (1, 115));
        assert!(c.unrecorded_foils.is_empty());

        // Both printings: one each.
        h.entries
            .insert(foil.clone().with_printing(Some(Set::DF)), Value::qty(1));
        let c = completion(&cat, &h, None);
        assert_eq!((foils(&c, Set::RF).0, foils(&c, Set::DF).0), (1, 1));
        assert_eq!(c.overall.foils.owned, 2);

        // A foil whose printing is not recorded counts once, under the card's own set, and is
        // named.
        let mut h = Holdings::new("main");
        h.entries.insert(foil, Value::qty(3));
        let c = completion(&cat, &h, None);
        assert_eq!((foils(&c, Set::RF).0, foils(&c, Set::DF).0), (0, 1));
        assert_eq!(c.overall.foils.owned, 1);
        assert_eq!(c.unrecorded_foils, vec!["DF-31".to_string()]);
        // The card itself is owned once either way.
        assert_eq!(c.overall.cards.owned, 1);
    }
}
