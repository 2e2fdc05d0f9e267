//! What a collector still wants, and what they can trade away.

use serde::Serialize;

use super::export::order_key;
use super::model::{Holdings, List, Slot};
use crate::catalogue::{Catalogue, Finish, Set};

/// Why a card is wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WantReason {
    /// On the want list.
    WantList,
    /// Part of the set asked for, and not owned in any finish.
    MissingFromSet,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Want {
    pub card_id: String,
    pub finish: Finish,
    /// The foil printing wanted, for a card with several; `None` is any.
    pub printing: Option<Set>,
    pub wanted: u32,
    pub owned: u32,
    pub reason: WantReason,
}

impl Want {
    pub fn missing(&self) -> u32 {
        self.wanted.saturating_sub(self.owned)
    }
}

/// Copies that count toward a want: a foil want of one printing only foils recorded as that
/// printing (one whose printing is not recorded may be the other); a foil want of no printing
/// any foil; a regular want any copy (a player wants a card to play, and a foil plays as
/// well).
fn owned_for(holdings: &Holdings, want: &Slot) -> u32 {
    match (want.finish, want.printing) {
        (Finish::Foil, Some(_)) => {
            holdings.qty(&Slot::owned(&want.card_id, Finish::Foil).with_printing(want.printing))
        }
        (Finish::Foil, None) => holdings.owned(&want.card_id, Finish::Foil),
        (Finish::Regular, _) => holdings.owned_total(&want.card_id),
    }
}

/// The want-list entries not yet met and, with `set`, every card of that set owned in no
/// finish; in catalogue order.
pub fn wants(catalogue: &Catalogue, holdings: &Holdings, set: Option<Set>) -> Vec<Want> {
    let in_set = |id: &str| set.is_none_or(|s| catalogue.get(id).is_some_and(|c| c.set == s));
    let mut out: Vec<(Slot, Want)> = holdings
        .entries_of(List::Want)
        .filter(|(slot, _)| in_set(&slot.card_id))
        .map(|(slot, v)| {
            (
                slot.clone(),
                Want {
                    card_id: slot.card_id.clone(),
                    finish: slot.finish,
                    printing: slot.printing,
                    wanted: v.qty,
                    owned: owned_for(holdings, slot),
                    reason: WantReason::WantList,
                },
            )
        })
        .filter(|(_, w)| w.missing() > 0)
        .collect();
    if let Some(s) = set {
        for card in catalogue.cards().iter().filter(|c| c.set == s) {
            let listed = out.iter().any(|(_, w)| w.card_id == card.id);
            if !listed && holdings.owned_total(&card.id) == 0 {
                out.push((
                    Slot::want(&card.id, Finish::Regular),
                    Want {
                        card_id: card.id.clone(),
                        finish: Finish::Regular,
                        printing: None,
                        wanted: 1,
                        owned: 0,
                        reason: WantReason::MissingFromSet,
                    },
                ));
            }
        }
    }
    out.sort_by_key(|(slot, _)| order_key(catalogue, slot));
    out.into_iter().map(|(_, w)| w).collect()
}

/// One card with copies to spare.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Trade {
    pub card_id: String,
    pub owned_regular: u32,
    pub owned_foil: u32,
    /// Copies kept back: the keep reserve, or the want-list target if that is higher.
    pub keep: u32,
    pub trade_regular: u32,
    pub trade_foil: u32,
    /// For a card with several foil printings: the foils owned by printing (`1 RF, 1 DF`),
    /// so the collector knows which they hold; empty otherwise.
    pub foil_printings: String,
}

/// Every card owned beyond its reserve. Regular copies are offered before foils, and foils
/// on the want list are never offered: a want of one foil printing keeps that printing's
/// copies, a want of any foil keeps foils of any printing.
///
/// Copies in built decks are not offered, and do not count towards the reserve: the reserve
/// keeps copies to build more decks with, and the built decks already have theirs.
pub fn trades(catalogue: &Catalogue, holdings: &Holdings) -> Vec<Trade> {
    let free = holdings.free(None);
    let holdings = &free;
    let mut cards: Vec<&Slot> = holdings
        .entries_of(List::Owned)
        .map(|(slot, _)| slot)
        .collect();
    cards.sort_by_key(|slot| order_key(catalogue, slot));
    cards.dedup_by(|a, b| a.card_id == b.card_id);
    let want = |slot: &Slot| holdings.get(slot).map_or(0, |v| v.qty);
    cards
        .into_iter()
        .filter_map(|slot| {
            let id = slot.card_id.as_str();
            let regular = holdings.owned(id, Finish::Regular);
            let foil = holdings.owned(id, Finish::Foil);
            let foil_wants: Vec<(&Slot, u32)> = holdings
                .slots_of(List::Want, id, Finish::Foil)
                .map(|(s, v)| (s, v.qty))
                .collect();
            // Foils that may go: each printing's copies beyond its own want, less the wants
            // of any foil.
            let any_foil = foil_wants
                .iter()
                .filter(|(s, _)| s.printing.is_none())
                .map(|(_, q)| q)
                .sum::<u32>();
            let spare_foils = holdings
                .slots_of(List::Owned, id, Finish::Foil)
                .map(|(s, v)| {
                    let own_want = match s.printing {
                        Some(_) => want(&Slot::want(id, Finish::Foil).with_printing(s.printing)),
                        None => 0,
                    };
                    v.qty.saturating_sub(own_want)
                })
                .sum::<u32>()
                .saturating_sub(any_foil);
            // A want of one printing holds back only copies of that printing; of any foil,
            // any foil; of the card, any copy.
            let met_printings: u32 = foil_wants
                .iter()
                .filter(|(s, _)| s.printing.is_some())
                .map(|(s, q)| {
                    (*q).min(holdings.qty(&Slot::owned(id, Finish::Foil).with_printing(s.printing)))
                })
                .sum();
            let keep = holdings
                .keep_for(id)
                .max(want(&Slot::want(id, Finish::Regular)) + any_foil + met_printings);
            let surplus = (regular + foil).saturating_sub(keep);
            let trade_regular = surplus.min(regular);
            let trade_foil = (surplus - trade_regular).min(spare_foils);
            let foil_printings = if super::printings::has_several(catalogue, id) {
                holdings
                    .slots_of(List::Owned, id, Finish::Foil)
                    .map(|(s, v)| match s.printing {
                        Some(p) => format!("{} {}", v.qty, p.code()),
                        None => format!("{} not recorded", v.qty),
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                String::new()
            };
            (trade_regular + trade_foil > 0).then(|| Trade {
                card_id: id.to_string(),
                owned_regular: regular,
                owned_foil: foil,
                keep,
                trade_regular,
                trade_foil,
                foil_printings,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::CatalogueSource;
    use crate::collection::model::{EVERY_CARD, Value};

    fn catalogue() -> Catalogue {
        Catalogue::from_source(&CatalogueSource::embedded()).unwrap()
    }

    #[test]
    fn trades_offer_what_is_above_the_reserve_regulars_first() {
        let cat = catalogue();
        let mut h = Holdings::new("main");
        h.entries.insert(Slot::keep(EVERY_CARD), Value::qty(2));
        h.entries
            .insert(Slot::owned("DM-71", Finish::Regular), Value::qty(3));
        h.entries
            .insert(Slot::owned("DM-71", Finish::Foil), Value::qty(1));
        h.entries
            .insert(Slot::owned("DM-72", Finish::Regular), Value::qty(2));
        h.entries
            .insert(Slot::owned("BN-71", Finish::Foil), Value::qty(4));
        h.entries
            .insert(Slot::want("BN-71", Finish::Foil), Value::qty(3));
        let t = trades(&cat, &h);
        let got: Vec<(&str, u32, u32, u32)> = t
            .iter()
            .map(|t| (t.card_id.as_str(), t.keep, t.trade_regular, t.trade_foil))
            .collect();
        // DM-71: 4 copies, keep 2, trade 2 regular (the foil stays). DM-72: nothing spare.
        // BN-71: 4 foils, 3 wanted, so the reserve is 3 and one foil is spare.
        assert_eq!(got, vec![("DM-71", 2, 2, 0), ("BN-71", 3, 0, 1)]);
    }

    #[test]
    fn a_per_card_reserve_overrides_the_collection_one() {
        let cat = catalogue();
        let mut h = Holdings::new("main");
        h.entries
            .insert(Slot::owned("DM-71", Finish::Regular), Value::qty(6));
        assert_eq!(trades(&cat, &h)[0].trade_regular, 1); // default keep 5
        h.entries.insert(Slot::keep("DM-71"), Value::qty(0));
        assert_eq!(trades(&cat, &h)[0].trade_regular, 6);
    }

    #[test]
    fn wants_list_unmet_wants_and_missing_set_cards() {
        let cat = catalogue();
        let mut h = Holdings::new("main");
        h.entries
            .insert(Slot::want("DM-71", Finish::Regular), Value::qty(2));
        h.entries
            .insert(Slot::want("DM-72", Finish::Regular), Value::qty(1));
        h.entries
            .insert(Slot::want("BN-71", Finish::Foil), Value::qty(1));
        h.entries
            .insert(Slot::owned("DM-71", Finish::Foil), Value::qty(1));
        h.entries
            .insert(Slot::owned("DM-72", Finish::Regular), Value::qty(1));
        h.entries
            .insert(Slot::owned("BN-71", Finish::Regular), Value::qty(1));
        let w = wants(&cat, &h, None);
        let got: Vec<(&str, u32)> = w
            .iter()
            .map(|w| (w.card_id.as_str(), w.missing()))
            .collect();
        // The DM-71 foil counts toward the regular want; a regular BN-71 does not meet a
        // foil want.
        assert_eq!(got, vec![("DM-71", 1), ("BN-71", 1)]);
        let dm = wants(&cat, &h, Some(Set::DM));
        let total_dm = cat.cards().iter().filter(|c| c.set == Set::DM).count();
        // Every DM card but DM-71 and DM-72 is missing; DM-71 is still wanted once more.
        assert_eq!(dm.len(), total_dm - 1);
        assert_eq!(dm[0].card_id, cat.cards()[0].id);
        assert!(dm.iter().all(|w| w.card_id != "DM-72"));
    }

    #[test]
    fn foil_wants_and_trades_know_the_printing() {
        let cat = catalogue();
        let mut h = Holdings::new("main");
        h.entries.insert(Slot::keep(EVERY_CARD), Value::qty(0));
        let foil = Slot::owned("DF-31", Finish::Foil);
        h.entries
            .insert(foil.clone().with_printing(Some(Set::RF)), Value::qty(1));
        h.entries
            .insert(foil.clone().with_printing(Some(Set::DF)), Value::qty(1));
        h.entries.insert(foil.clone(), Value::qty(1));
        // Wanting the Reflections foil keeps it; the other two may go.
        let want_rf = Slot::want("DF-31", Finish::Foil).with_printing(Some(Set::RF));
        h.entries.insert(want_rf.clone(), Value::qty(1));
        let t = trades(&cat, &h);
        assert_eq!((t[0].owned_foil, t[0].keep, t[0].trade_foil), (3, 1, 2));
        assert_eq!(t[0].foil_printings, "1 not recorded, 1 DF, 1 RF");
        assert!(wants(&cat, &h, None).is_empty(), "the RF foil is owned");
        // A want of two RF foils: one missing, though three foils are owned (the one not
        // recorded may be the DF printing).
        h.entries.insert(want_rf, Value::qty(2));
        let w = wants(&cat, &h, None);
        assert_eq!(
            (w[0].printing, w[0].owned, w[0].missing()),
            (Some(Set::RF), 1, 1)
        );
    }
}
