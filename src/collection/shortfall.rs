//! Which cards, and how many, a collection lacks to build a deck (for `yj deck need` and
//! `yj deck check --owned`).

use serde::Serialize;

use super::model::Holdings;
use crate::catalogue::Catalogue;

/// A card the deck needs more copies of than the collection owns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Shortfall {
    pub card_id: String,
    /// Copies the deck needs, every line of the deck naming the card counted together.
    pub needed: u32,
    /// Copies owned, regular and foil together (a foil plays like any copy).
    pub owned: u32,
}

impl Shortfall {
    pub fn missing(&self) -> u32 {
        self.needed.saturating_sub(self.owned)
    }
}

/// The cards of `deck` (`(card id, quantity)` pairs, a card possibly on several lines) that
/// the collection owns too few of, in the order the deck first names them.
///
/// A virtual card also needs its original: a virtual card is a printout sleeved with the
/// original card (rulebook "Virtual Cards"), so each copy in the deck needs one printout and
/// one copy of the original, counted with any copies of the original the deck plays itself.
/// Ids are matched through the catalogue (any case); an id the catalogue does not know is
/// counted as it is written.
pub fn shortfall(
    holdings: &Holdings,
    catalogue: &Catalogue,
    deck: &[(String, u32)],
) -> Vec<Shortfall> {
    requirements(holdings, catalogue, deck)
        .into_iter()
        .filter(|s| s.owned < s.needed)
        .collect()
}

/// Every card the deck needs (as [`shortfall`] counts them), with what is owned, lacking or
/// not.
pub fn requirements(
    holdings: &Holdings,
    catalogue: &Catalogue,
    deck: &[(String, u32)],
) -> Vec<Shortfall> {
    let mut needed: Vec<(String, u32)> = Vec::new();
    let mut need = |id: &str, qty: u32| match needed.iter_mut().find(|(i, _)| i == id) {
        Some((_, n)) => *n = n.saturating_add(qty),
        None => needed.push((id.to_string(), qty)),
    };
    for (id, qty) in deck {
        match catalogue.get(id) {
            Some(card) => {
                need(&card.id, *qty);
                if let Some(original) = card.replaces.as_deref().and_then(|o| catalogue.get(o)) {
                    need(&original.id, *qty);
                }
            }
            None => need(id, *qty),
        }
    }
    needed
        .into_iter()
        .map(|(card_id, needed)| Shortfall {
            owned: holdings.owned_total(&card_id),
            card_id,
            needed,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{CatalogueSource, Finish};
    use crate::collection::model::{Slot, Value};

    fn catalogue() -> Catalogue {
        Catalogue::from_source(&CatalogueSource::embedded()).unwrap()
    }

    fn deck(lines: &[(&str, u32)]) -> Vec<(String, u32)> {
        lines.iter().map(|(id, n)| (id.to_string(), *n)).collect()
    }

    #[test]
    fn each_card_is_counted_once_across_the_deck() {
        let cat = catalogue();
        let mut h = Holdings::new("main");
        h.entries
            .insert(Slot::owned("DM-71", Finish::Regular), Value::qty(2));
        h.entries
            .insert(Slot::owned("DM-71", Finish::Foil), Value::qty(1));
        h.entries
            .insert(Slot::owned("DM-72", Finish::Regular), Value::qty(5));
        // DM-71 on two lines: 2 + 2 = 4 needed, 3 owned (foil included).
        let s = shortfall(
            &h,
            &cat,
            &deck(&[("DM-71", 2), ("DM-72", 1), ("dm-71", 2), ("DM-1", 1)]),
        );
        assert_eq!(
            s,
            vec![
                Shortfall {
                    card_id: "DM-71".into(),
                    needed: 4,
                    owned: 3
                },
                Shortfall {
                    card_id: "DM-1".into(),
                    needed: 1,
                    owned: 0
                },
            ]
        );
        assert_eq!(s[0].missing(), 1);
    }

    #[test]
    fn a_virtual_card_needs_its_printout_and_its_original() {
        let cat = catalogue();
        let mut h = Holdings::new("main");
        // One printout of V1-JC-3 and one original JC-3: a deck with two V1-JC-3 and one JC-3
        // needs 2 printouts and 3 originals.
        h.entries
            .insert(Slot::owned("V1-JC-3", Finish::Regular), Value::qty(1));
        h.entries
            .insert(Slot::owned("JC-3", Finish::Regular), Value::qty(1));
        let s = shortfall(&h, &cat, &deck(&[("V1-JC-3", 2), ("JC-3", 1)]));
        assert_eq!(
            s,
            vec![
                Shortfall {
                    card_id: "V1-JC-3".into(),
                    needed: 2,
                    owned: 1
                },
                Shortfall {
                    card_id: "JC-3".into(),
                    needed: 3,
                    owned: 1
                },
            ]
        );
    }

    #[test]
    fn an_owned_deck_has_no_shortfall() {
        let cat = catalogue();
        let mut h = Holdings::new("main");
        h.entries
            .insert(Slot::owned("DM-71", Finish::Regular), Value::qty(4));
        assert!(shortfall(&h, &cat, &deck(&[("DM-71", 4)])).is_empty());
        assert!(shortfall(&h, &cat, &[]).is_empty());
    }
}
