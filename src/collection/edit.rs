//! The changes behind `add`, `remove`, `set`, `want`, `keep`, `build` and `unbuild`, planned
//! against the current holdings (the store applies them under its write lock).
//!
//! Owned copies are kept in lots (see `model`): adding copies puts them in the lot recorded
//! exactly as they are described, or in a new lot, so new copies never relabel old ones;
//! setting or removing copies names a lot by number (`--lot`) or by what is recorded of it,
//! and is refused when that fits several lots.

use super::error::CollectionError;
use super::import::MAX_NOTE_CHARS;
use super::model::{Change, Condition, Holdings, List, Lot, MAX_QTY, Slot, Value};
use crate::catalogue::{Finish, Set};

/// What an edit says of the copies besides their number; `None` is "not said". For `add`
/// the new copies have exactly what is said (nothing else recorded); for `set` and
/// `remove` what is said picks the lot, and with `--lot` relabels it.
#[derive(Debug, Clone, Default)]
pub struct Details {
    pub condition: Option<Condition>,
    /// `Some("")` is "no note". Notes are trimmed, as import trims them, so that export and
    /// import give back exactly what was stored.
    pub note: Option<String>,
    /// The price paid for each copy in hundredths; `Some(None)`: no price.
    pub price: Option<Option<u32>>,
    /// A lot by its number (`set`, `remove`).
    pub lot: Option<u32>,
}

fn checked_note(note: &str) -> Result<Option<String>, CollectionError> {
    let note = note.trim();
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(CollectionError::Input(format!(
            "the note has {} characters; at most {MAX_NOTE_CHARS}",
            note.chars().count()
        )));
    }
    Ok((!note.is_empty()).then(|| note.to_string()))
}

/// Changes planned one after the other, each seeing the ones before: a slot changed twice
/// is one change from its first `before` to its last `after`.
pub struct Planner {
    pub work: Holdings,
    changes: Vec<Change>,
}

impl Planner {
    pub fn new(h: &Holdings) -> Planner {
        Planner {
            work: h.clone(),
            changes: Vec::new(),
        }
    }

    /// Makes `slot` hold `after` (`None`: nothing).
    pub fn put(&mut self, slot: Slot, after: Option<Value>) {
        let before = self.work.get(&slot).cloned();
        if before == after {
            return;
        }
        match &after {
            Some(v) => self.work.entries.insert(slot.clone(), v.clone()),
            None => self.work.entries.remove(&slot),
        };
        match self.changes.iter().position(|c| c.slot == slot) {
            Some(i) if self.changes[i].before == after => {
                self.changes.remove(i);
            }
            Some(i) => self.changes[i].after = after,
            None => self.changes.push(Change {
                slot,
                before,
                after,
            }),
        }
    }

    /// Adds `qty` copies described by `lot` to `slot`'s printing: to the lot recorded so, or
    /// to a new one.
    pub fn add(&mut self, slot: &Slot, qty: u32, lot: &Lot) -> Result<(), CollectionError> {
        if qty == 0 {
            return Ok(());
        }
        let (target, had) = match self.work.find_lot(slot, lot) {
            Some((s, v)) => (s.clone(), v.qty),
            None => (slot.clone().with_lot(self.work.next_lot(slot)), 0),
        };
        let total = had as u64 + qty as u64;
        if total > MAX_QTY as u64 {
            return Err(CollectionError::Input(format!(
                "{target} would hold {total} copies, more than {MAX_QTY}; nothing was changed"
            )));
        }
        self.put(target, Some(Value::of(total as u32, lot)));
        Ok(())
    }

    /// Takes `qty` copies out of one lot.
    pub fn take(&mut self, slot: &Slot, qty: u32) {
        if let Some(v) = self.work.get(slot).cloned() {
            let left = v.qty.saturating_sub(qty);
            self.put(slot.clone(), (left > 0).then_some(Value { qty: left, ..v }));
        }
    }

    /// Moves `qty` copies of one lot to `to`'s printing, recorded as `lot` there.
    pub fn move_copies(
        &mut self,
        from: &Slot,
        qty: u32,
        to: &Slot,
        lot: &Lot,
    ) -> Result<(), CollectionError> {
        // A whole lot relabelled within its printing keeps its number, unless it joins a
        // twin: building a deck and taking it apart gives back the lots as they were.
        let same_printing = from.clone().with_lot(0) == to.clone().with_lot(0);
        if same_printing
            && self.work.get(from).is_some_and(|v| v.qty == qty)
            && self.work.find_lot(to, lot).is_none()
        {
            self.put(from.clone(), Some(Value::of(qty, lot)));
            return Ok(());
        }
        self.take(from, qty);
        self.add(to, qty, lot)
    }

    pub fn changes(self) -> Vec<Change> {
        self.changes
    }
}

fn change(h: &Holdings, slot: Slot, after: Option<Value>) -> Vec<Change> {
    let before = h.get(&slot).cloned();
    if before == after {
        Vec::new()
    } else {
        vec![Change {
            slot,
            before,
            after,
        }]
    }
}

/// Every lot of a printing, for messages: `lot 0: 2 near-mint; lot 1: 1 damaged, “signed”`.
pub fn lots_text(h: &Holdings, slot: &Slot) -> String {
    h.lots(slot)
        .map(|(s, v)| format!("lot {}: {} {}", s.lot, v.qty, v.lot().describe()))
        .collect::<Vec<_>>()
        .join("; ")
}

fn described(details: &Details) -> Result<Lot, CollectionError> {
    Ok(Lot {
        condition: details.condition,
        note: match &details.note {
            Some(n) => checked_note(n)?,
            None => None,
        },
        price: details.price.flatten(),
        deck: None,
    })
}

/// Adds copies of a printing, described by `details` (what is not said is not recorded).
pub fn add(
    h: &Holdings,
    slot: Slot,
    qty: u32,
    details: &Details,
) -> Result<Vec<Change>, CollectionError> {
    let lot = described(details)?;
    let mut p = Planner::new(h);
    p.add(&slot, qty, &lot)?;
    Ok(p.changes())
}

/// How to name one owned slot of a card on the command line, for hints.
fn option_for(slot: &Slot) -> String {
    match (slot.finish, slot.printing) {
        (Finish::Regular, _) => "no --foil".into(),
        (Finish::Foil, Some(p)) => format!("--printing {}", p.code()),
        (Finish::Foil, None) => "--foil without --printing".into(),
    }
}

/// Whether a lot fits what was said of it (what was not said fits anything).
fn fits(
    v: &Value,
    condition: Option<Condition>,
    note: &Option<Option<String>>,
    price: Option<Option<u32>>,
) -> bool {
    condition.is_none_or(|c| v.condition == Some(c))
        && note.as_ref().is_none_or(|n| v.note == *n)
        && price.is_none_or(|p| v.price == p)
}

/// The one lot of a printing that `details` names: by number, or the lot not in a built
/// deck that fits what is said. `Ok(None)`: no lot fits. With `sole`, when no lot fits but
/// the printing has one free lot, that lot is the one (and the flag says what is said
/// relabels it): `set DM-71 4 --note "binder 2"` on a printing of one lot sets that lot.
fn chosen_lot(
    h: &Holdings,
    slot: &Slot,
    details: &Details,
    sole: bool,
) -> Result<Option<(Slot, Value, bool)>, CollectionError> {
    if let Some(n) = details.lot {
        let s = slot.clone().with_lot(n);
        return match h.get(&s) {
            Some(v) => Ok(Some((s, v.clone(), true))),
            None => Err(CollectionError::Input(format!(
                "{} ({}) has no lot {n} in collection `{}`{}; nothing was changed",
                slot.card_id,
                slot.finish_text(),
                h.collection,
                match lots_text(h, slot) {
                    t if t.is_empty() => String::new(),
                    t => format!(" (it has {t})"),
                }
            ))),
        };
    }
    let note = match &details.note {
        Some(n) => Some(checked_note(n)?),
        None => None,
    };
    let free: Vec<(&Slot, &Value)> = h.lots(slot).filter(|(_, v)| v.deck.is_none()).collect();
    let fitting: Vec<&(&Slot, &Value)> = free
        .iter()
        .filter(|(_, v)| fits(v, details.condition, &note, details.price))
        .collect();
    match (fitting.as_slice(), free.as_slice()) {
        ([(s, v)], _) => Ok(Some(((*s).clone(), (*v).clone(), false))),
        ([], [(s, v)]) if sole => Ok(Some(((*s).clone(), (*v).clone(), true))),
        ([], []) => Ok(None),
        ([], _) if !sole => Ok(None),
        (_, _) => Err(CollectionError::Input(format!(
            "{} ({}) has {} lots that {} in collection `{}` ({}); say which with --lot N \
             (or --condition, --note, --price); nothing was changed",
            slot.card_id,
            slot.finish_text(),
            fitting.len().max(free.len()),
            if fitting.is_empty() {
                "could be meant"
            } else {
                "fit"
            },
            h.collection,
            lots_text(h, slot)
        ))),
    }
}

/// Removes copies of a printing, from the one lot `details` names; removing more than that
/// lot holds is an error.
pub fn remove(
    h: &Holdings,
    slot: Slot,
    qty: u32,
    details: &Details,
) -> Result<Vec<Change>, CollectionError> {
    let chosen = chosen_lot(h, &slot, details, false)?;
    let owned = chosen.as_ref().map_or(0, |(_, v, _)| v.qty);
    if qty > owned {
        let card_id = &slot.card_id;
        if let Some((s, _, _)) = &chosen
            && h.lots(&slot).count() > 1
        {
            return Err(CollectionError::Input(format!(
                "cannot remove {qty} {card_id} ({}) from lot {}: it holds {owned} ({}); \
                 nothing was changed",
                slot.finish_text(),
                s.lot,
                lots_text(h, &slot)
            )));
        }
        let others: Vec<(&Slot, u32)> = [Finish::Regular, Finish::Foil]
            .into_iter()
            .flat_map(|f| h.slots_of(List::Owned, card_id, f))
            .filter(|(s, _)| s.finish != slot.finish || s.printing != slot.printing)
            .map(|(s, v)| (s, v.qty))
            .collect();
        let hint = match others.as_slice() {
            [] if chosen.is_none() && h.qty(&slot) > 0 => {
                format!(" that fit ({})", lots_text(h, &slot))
            }
            [] => String::new(),
            // The common slip: `--foil` on a regular copy or the reverse.
            [(other, n)] if other.finish != slot.finish && other.printing.is_none() => format!(
                " (you own {n} {} cop{}: {})",
                other.finish.as_str(),
                if *n == 1 { "y" } else { "ies" },
                if other.finish == Finish::Foil {
                    "add --foil"
                } else {
                    "leave out --foil"
                }
            ),
            _ => format!(
                " (you own {})",
                others
                    .iter()
                    .map(|(s, n)| format!("{n} {} ({})", s.finish_text(), option_for(s)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        return Err(CollectionError::Input(format!(
            "cannot remove {qty} {card_id} ({}): the collection `{}` owns {owned}{hint}; \
             nothing was changed",
            slot.finish_text(),
            h.collection
        )));
    }
    let mut p = Planner::new(h);
    if let Some((s, _, _)) = chosen {
        p.take(&s, qty);
    }
    Ok(p.changes())
}

/// Makes the copies of one lot exactly `qty`: the lot `details` names (`--lot N`, whose
/// condition, note and price it then sets), the one lot that fits what is said, the
/// printing's only lot (relabelled with what is said), or a new lot described so. A lot
/// relabelled to match another lot joins it.
pub fn set(
    h: &Holdings,
    slot: Slot,
    qty: u32,
    details: &Details,
) -> Result<Vec<Change>, CollectionError> {
    if qty > MAX_QTY {
        return Err(CollectionError::Input(format!(
            "{slot} would hold {qty} copies, more than {MAX_QTY}; nothing was changed"
        )));
    }
    let mut p = Planner::new(h);
    match chosen_lot(h, &slot, details, true)? {
        None => p.add(&slot, qty, &described(details)?)?,
        Some((s, v, relabel)) => {
            let mut lot = v.lot();
            if relabel {
                if let Some(c) = details.condition {
                    lot.condition = Some(c);
                }
                if let Some(n) = &details.note {
                    lot.note = checked_note(n)?;
                }
                if let Some(price) = details.price {
                    lot.price = price;
                }
            }
            p.put(s.clone(), None);
            // The lot keeps its number unless, relabelled, it is now another lot's twin.
            if p.work.find_lot(&s, &lot).is_some() {
                p.add(&s, qty, &lot)?;
            } else if qty > 0 {
                p.put(s, Some(Value::of(qty, &lot)));
            }
        }
    }
    Ok(p.changes())
}

/// Records a deck as built from the collection's copies: for each card the deck needs
/// (`needs`, as [`crate::collection::requirements`] counts them), that many free copies
/// (regular ones first, then foils; lot by lot) are moved to lots in the deck `name`,
/// keeping their condition, note and price. They stay owned, but are no longer free to
/// trade or to build another deck with. Refused, changing nothing, when a card lacks free
/// copies or a deck of that name is built.
pub fn build(
    h: &Holdings,
    name: &str,
    needs: &[(String, u32)],
) -> Result<Vec<Change>, CollectionError> {
    super::model::check_deck_name(name)?;
    if h.built_decks().contains_key(name) {
        return Err(CollectionError::Input(format!(
            "collection `{}` already has a built deck `{name}`; `yj collection unbuild {name}` \
             first, or build under another --name; nothing was changed",
            h.collection
        )));
    }
    let free_lots = |id: &str| -> Vec<(Slot, Value)> {
        [Finish::Regular, Finish::Foil]
            .into_iter()
            .flat_map(|f| h.slots_of(List::Owned, id, f))
            .filter(|(_, v)| v.deck.is_none())
            .map(|(s, v)| (s.clone(), v.clone()))
            .collect()
    };
    let mut lacking = Vec::new();
    for (id, n) in needs {
        let free: u32 = free_lots(id).iter().map(|(_, v)| v.qty).sum();
        if free < *n {
            let busy = h.owned_total(id) - free;
            lacking.push(format!(
                "{id} needs {n}, {free} free{}",
                if busy > 0 {
                    format!(" ({busy} in built decks)")
                } else {
                    String::new()
                }
            ));
        }
    }
    if !lacking.is_empty() {
        return Err(CollectionError::Input(format!(
            "cannot build `{name}` from collection `{}`: {} (`yj deck need` lists what is \
             missing); nothing was changed",
            h.collection,
            lacking.join(", ")
        )));
    }
    let mut p = Planner::new(h);
    for (id, n) in needs {
        let mut left = *n;
        for (s, v) in free_lots(id) {
            if left == 0 {
                break;
            }
            let k = left.min(v.qty);
            let lot = Lot {
                deck: Some(name.to_string()),
                ..v.lot()
            };
            p.move_copies(&s, k, &s, &lot)?;
            left -= k;
        }
    }
    Ok(p.changes())
}

/// Takes a built deck apart: its copies go back to the free lots recorded as they are.
pub fn unbuild(h: &Holdings, name: &str) -> Result<Vec<Change>, CollectionError> {
    let in_deck: Vec<(Slot, Value)> = h
        .entries_of(List::Owned)
        .filter(|(_, v)| v.deck.as_deref() == Some(name))
        .map(|(s, v)| (s.clone(), v.clone()))
        .collect();
    if in_deck.is_empty() {
        let decks: Vec<String> = h.built_decks().into_keys().collect();
        return Err(CollectionError::Input(format!(
            "collection `{}` has no built deck `{name}` (built decks: {}); nothing was changed",
            h.collection,
            if decks.is_empty() {
                "none".to_string()
            } else {
                decks.join(", ")
            }
        )));
    }
    let mut p = Planner::new(h);
    for (s, v) in in_deck {
        let lot = Lot {
            deck: None,
            ..v.lot()
        };
        p.move_copies(&s, v.qty, &s, &lot)?;
    }
    Ok(p.changes())
}

/// Puts a printing on the want list with a target of `qty` copies (0 takes it off).
pub fn want(h: &Holdings, slot: Slot, qty: u32) -> Result<Vec<Change>, CollectionError> {
    if qty > MAX_QTY {
        return Err(CollectionError::Input(format!(
            "wanting {qty} copies is more than {MAX_QTY}; nothing was changed"
        )));
    }
    let after = (qty > 0).then(|| Value::qty(qty));
    Ok(change(h, slot, after))
}

/// Raises the want-list targets of many cards at once (regular wants, met by any copy): each
/// card ends wanting at least its target; a higher target already set is kept. For a deck's
/// missing cards or a playset of a set, in one change.
pub fn raise_wants(
    h: &Holdings,
    targets: &[(String, u32)],
) -> Result<Vec<Change>, CollectionError> {
    let mut changes = Vec::new();
    for (card_id, target) in targets {
        let slot = Slot::want(card_id, Finish::Regular);
        if *target > h.qty(&slot) && !changes.iter().any(|c: &Change| c.slot == slot) {
            changes.extend(want(h, slot, *target)?);
        }
    }
    Ok(changes)
}

/// Says which foil printing owned foils recorded without one are: moves `qty` of them (all
/// by default; lot by lot, each keeping its condition, note and price) to the `to` printing,
/// in one change.
pub fn assign(
    h: &Holdings,
    card_id: &str,
    to: Set,
    qty: Option<u32>,
) -> Result<Vec<Change>, CollectionError> {
    let from = Slot::owned(card_id, Finish::Foil);
    let target = from.clone().with_printing(Some(to));
    let unrecorded = h.qty(&from);
    if unrecorded == 0 {
        return Err(CollectionError::Input(format!(
            "collection `{}` has no foil of {card_id} with its printing not recorded; nothing \
             was changed (to record a new copy: `yj collection add {card_id} --printing {}`)",
            h.collection,
            to.code()
        )));
    }
    let n = qty.unwrap_or(unrecorded);
    if n == 0 || n > unrecorded {
        return Err(CollectionError::Input(format!(
            "collection `{}` has {unrecorded} foil{} of {card_id} with the printing not \
             recorded, so cannot set the printing of {n}; nothing was changed",
            h.collection,
            if unrecorded == 1 { "" } else { "s" }
        )));
    }
    let lots: Vec<(Slot, Value)> = h.lots(&from).map(|(s, v)| (s.clone(), v.clone())).collect();
    let mut p = Planner::new(h);
    let mut left = n;
    for (s, v) in lots {
        let k = left.min(v.qty);
        if k == 0 {
            break;
        }
        p.move_copies(&s, k, &target, &v.lot())?;
        left -= k;
    }
    Ok(p.changes())
}

/// Sets the keep reserve of one card, or of every card (`card_id` = `*`); `None` drops a
/// card's own reserve so the collection's applies again.
pub fn keep(h: &Holdings, card_id: &str, qty: Option<u32>) -> Result<Vec<Change>, CollectionError> {
    if qty.is_some_and(|q| q > MAX_QTY) {
        return Err(CollectionError::Input(format!(
            "keeping more than {MAX_QTY} copies is not a reserve; nothing was changed"
        )));
    }
    Ok(change(h, Slot::keep(card_id), qty.map(Value::qty)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holding(qty: u32) -> Holdings {
        let mut h = Holdings::new("main");
        if qty > 0 {
            h.entries
                .insert(Slot::owned("DM-71", Finish::Regular), Value::qty(qty));
        }
        h
    }

    #[test]
    fn add_remove_and_set_move_the_quantity() {
        let h = holding(2);
        let c = add(
            &h,
            Slot::owned("DM-71", Finish::Regular),
            3,
            &Details::default(),
        )
        .unwrap();
        assert_eq!(c[0].after.as_ref().unwrap().qty, 5);
        let c = remove(
            &h,
            Slot::owned("DM-71", Finish::Regular),
            2,
            &Details::default(),
        )
        .unwrap();
        assert_eq!(c[0].after, None);
        let c = set(
            &h,
            Slot::owned("DM-71", Finish::Regular),
            2,
            &Details::default(),
        )
        .unwrap();
        assert!(c.is_empty(), "setting what is there changes nothing");
    }

    fn lot(qty: u32, condition: Option<Condition>, note: Option<&str>) -> Value {
        Value {
            qty,
            condition,
            note: note.map(str::to_string),
            price: None,
            deck: None,
        }
    }

    /// Issue 15, "Lots": adding 3 unlabelled copies to 1 signed moderately-played copy must
    /// not make all 4 moderately-played and signed.
    #[test]
    fn new_copies_join_only_the_lot_recorded_as_they_are() {
        let dm71 = Slot::owned("DM-71", Finish::Regular);
        let mut h = Holdings::new("main");
        h.entries.insert(
            dm71.clone(),
            lot(1, Some(Condition::ModeratelyPlayed), Some("signed")),
        );
        let c = add(&h, dm71.clone(), 3, &Details::default()).unwrap();
        h.apply(&c).unwrap();
        assert_eq!(
            h.get(&dm71),
            Some(&lot(1, Some(Condition::ModeratelyPlayed), Some("signed")))
        );
        assert_eq!(h.get(&dm71.clone().with_lot(1)), Some(&lot(3, None, None)));
        assert_eq!(h.owned("DM-71", Finish::Regular), 4);
        // Copies described as the signed lot is join it; notes are trimmed.
        let signed = Details {
            condition: Some(Condition::ModeratelyPlayed),
            note: Some(" signed \n".into()),
            ..Default::default()
        };
        let c = add(&h, dm71.clone(), 1, &signed).unwrap();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].slot, dm71);
        h.apply(&c).unwrap();
        // Two lots fit "DM-71": set and remove must be told which.
        let err = remove(&h, dm71.clone(), 1, &Details::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("2 lots that fit"), "{err}");
        assert!(
            err.contains("lot 0: 2 moderately-played, “signed”; lot 1: 3 unlabelled"),
            "{err}"
        );
        let by_number = Details {
            lot: Some(1),
            ..Default::default()
        };
        let c = remove(&h, dm71.clone(), 1, &by_number).unwrap();
        assert_eq!(c[0].after, Some(lot(2, None, None)));
        let c = remove(&h, dm71.clone(), 2, &signed).unwrap();
        assert_eq!((c[0].slot.lot, c[0].after.clone()), (0, None));
        // `set --lot 1 --condition nm` relabels that lot and keeps its number.
        let relabel = Details {
            lot: Some(1),
            condition: Some(Condition::NearMint),
            ..Default::default()
        };
        let c = set(&h, dm71.clone(), 3, &relabel).unwrap();
        h.apply(&c).unwrap();
        assert_eq!(
            h.get(&dm71.clone().with_lot(1)),
            Some(&lot(3, Some(Condition::NearMint), None))
        );
        // Relabelled as lot 0 is, lot 1 joins it.
        let twin = Details {
            lot: Some(1),
            condition: Some(Condition::ModeratelyPlayed),
            note: Some("signed".into()),
            ..Default::default()
        };
        let c = set(&h, dm71.clone(), 3, &twin).unwrap();
        h.apply(&c).unwrap();
        assert_eq!(h.lots(&dm71).count(), 1);
        assert_eq!(
            h.get(&dm71),
            Some(&lot(5, Some(Condition::ModeratelyPlayed), Some("signed")))
        );
        let err = set(
            &h,
            dm71.clone(),
            1,
            &Details {
                lot: Some(4),
                ..Default::default()
            },
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("has no lot 4"), "{err}");
        let long = Details {
            note: Some("x".repeat(1001)),
            ..Default::default()
        };
        assert!(add(&h, dm71, 1, &long).is_err());
    }

    #[test]
    fn building_a_deck_moves_free_copies_and_unbuilding_frees_them() {
        let dm71 = Slot::owned("DM-71", Finish::Regular);
        let mut h = Holdings::new("main");
        h.entries
            .insert(dm71.clone(), lot(2, Some(Condition::NearMint), None));
        h.entries
            .insert(Slot::owned("DM-71", Finish::Foil), Value::qty(1));
        let before = h.clone();
        let c = build(&h, "dark", &[("DM-71".into(), 3)]).unwrap();
        h.apply(&c).unwrap();
        assert_eq!(h.owned_total("DM-71"), 3, "still owned");
        assert_eq!(h.free(None).owned_total("DM-71"), 0, "none free");
        assert_eq!(
            h.get(&dm71).and_then(|v| v.deck.clone()).as_deref(),
            Some("dark"),
            "a whole lot moves and keeps its number"
        );
        assert_eq!(h.built_decks().get("dark"), Some(&3));
        // Nothing left to build another deck with, and the name is taken.
        let err = build(&h, "dark2", &[("DM-71".into(), 1)])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("DM-71 needs 1, 0 free (3 in built decks)"),
            "{err}"
        );
        assert!(build(&h, "dark", &[]).is_err());
        let c = unbuild(&h, "dark").unwrap();
        h.apply(&c).unwrap();
        assert_eq!(h, before, "the copies are back in their lots as they were");
        assert!(
            unbuild(&h, "dark")
                .unwrap_err()
                .to_string()
                .contains("no built deck")
        );
    }

    #[test]
    fn removing_more_than_owned_or_adding_past_the_limit_is_refused() {
        let h = holding(2);
        let err = remove(
            &h,
            Slot::owned("DM-71", Finish::Regular),
            3,
            &Details::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("owns 2"), "{err}");
        let err = remove(
            &h,
            Slot::owned("DM-71", Finish::Foil),
            1,
            &Details::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("you own 2 regular copies: leave out --foil"),
            "{err}"
        );
        let err = add(
            &h,
            Slot::owned("DM-71", Finish::Regular),
            MAX_QTY,
            &Details::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("more than 9999"), "{err}");
    }

    #[test]
    fn foils_whose_printing_is_not_recorded_can_be_assigned_one() {
        let mut h = Holdings::new("main");
        let unrecorded = Slot::owned("DF-31", Finish::Foil);
        let rf = unrecorded.clone().with_printing(Some(Set::RF));
        h.entries.insert(
            unrecorded.clone(),
            Value {
                qty: 2,
                condition: Some(Condition::NearMint),
                note: Some("binder 2".into()),
                price: None,
                deck: None,
            },
        );
        let c = assign(&h, "DF-31", Set::RF, Some(1)).unwrap();
        h.apply(&c).unwrap();
        assert_eq!((h.qty(&unrecorded), h.qty(&rf)), (1, 1));
        assert_eq!(h.get(&rf).unwrap().condition, Some(Condition::NearMint));
        assert_eq!(h.get(&rf).unwrap().note.as_deref(), Some("binder 2"));
        // Both finishes' foils together are still two.
        assert_eq!(h.owned("DF-31", Finish::Foil), 2);
        let c = assign(&h, "DF-31", Set::RF, None).unwrap();
        h.apply(&c).unwrap();
        assert_eq!((h.qty(&unrecorded), h.qty(&rf)), (0, 2));
        let err = assign(&h, "DF-31", Set::DF, None).unwrap_err().to_string();
        assert!(
            err.contains("no foil of DF-31 with its printing not recorded"),
            "{err}"
        );
        // Removing a printing not held names the ones that are.
        let err = remove(
            &h,
            unrecorded.with_printing(Some(Set::DF)),
            1,
            &Details::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("2 foil RF (--printing RF)"), "{err}");
    }
}
