//! The changes behind `add`, `remove`, `set`, `want` and `keep`, planned against the current
//! holdings (the store applies them under its write lock).

use super::error::CollectionError;
use super::import::{MAX_NOTE_CHARS, added_details};
use super::model::{Change, Condition, Holdings, List, MAX_QTY, Slot, Value};
use crate::catalogue::{Finish, Set};

/// What an edit may set besides the quantity; `None` leaves the stored value alone.
#[derive(Debug, Clone, Default)]
pub struct Details {
    pub condition: Option<Condition>,
    /// `Some("")` clears the note. Notes are trimmed, as import trims them, so that export
    /// and import give back exactly what was stored.
    pub note: Option<String>,
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

fn owned_after(
    h: &Holdings,
    slot: &Slot,
    qty: u64,
    details: &Details,
) -> Result<Option<Value>, CollectionError> {
    if qty > MAX_QTY as u64 {
        return Err(CollectionError::Input(format!(
            "{slot} would hold {qty} copies, more than {MAX_QTY}; nothing was changed"
        )));
    }
    if qty == 0 {
        return Ok(None);
    }
    let old = h.get(slot).cloned().unwrap_or(Value::qty(0));
    Ok(Some(Value {
        qty: qty as u32,
        condition: details.condition.or(old.condition),
        note: match &details.note {
            Some(n) => checked_note(n)?,
            None => old.note,
        },
    }))
}

/// Adds copies of a printing (and sets its condition or note if given).
pub fn add(
    h: &Holdings,
    slot: Slot,
    qty: u32,
    details: &Details,
) -> Result<Vec<Change>, CollectionError> {
    let total = h.qty(&slot) as u64 + qty as u64;
    if qty > 0
        && let Some(old) = h.get(&slot)
    {
        // New copies in another condition would relabel the ones there (a printing holds one
        // condition); `--qty 0 --condition C` still changes the condition on purpose.
        added_details(&slot, old, total, details.condition, None)
            .map_err(|e| CollectionError::Input(format!("{e}; nothing was changed")))?;
    }
    let after = owned_after(h, &slot, total, details)?;
    Ok(change(h, slot, after))
}

/// How to name one owned slot of a card on the command line, for hints.
fn option_for(slot: &Slot) -> String {
    match (slot.finish, slot.printing) {
        (Finish::Regular, _) => "no --foil".into(),
        (Finish::Foil, Some(p)) => format!("--printing {}", p.code()),
        (Finish::Foil, None) => "--foil without --printing".into(),
    }
}

/// Removes copies of a printing; removing more than are owned is an error.
pub fn remove(h: &Holdings, slot: Slot, qty: u32) -> Result<Vec<Change>, CollectionError> {
    let owned = h.qty(&slot);
    if qty > owned {
        let card_id = &slot.card_id;
        let others: Vec<(&Slot, u32)> = [Finish::Regular, Finish::Foil]
            .into_iter()
            .flat_map(|f| h.slots_of(List::Owned, card_id, f))
            .filter(|(s, _)| **s != slot)
            .map(|(s, v)| (s, v.qty))
            .collect();
        let hint = match others.as_slice() {
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
    let after = owned_after(h, &slot, (owned - qty) as u64, &Details::default())?;
    Ok(change(h, slot, after))
}

/// Makes the owned quantity of a printing exactly `qty`.
pub fn set(
    h: &Holdings,
    slot: Slot,
    qty: u32,
    details: &Details,
) -> Result<Vec<Change>, CollectionError> {
    let after = owned_after(h, &slot, qty as u64, details)?;
    Ok(change(h, slot, after))
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
/// with `None`) to the `to` printing, with their condition and note, in one change.
pub fn assign(
    h: &Holdings,
    card_id: &str,
    to: Set,
    qty: Option<u32>,
) -> Result<Vec<Change>, CollectionError> {
    let from = Slot::owned(card_id, Finish::Foil);
    let target = from.clone().with_printing(Some(to));
    let Some(old) = h.get(&from) else {
        return Err(CollectionError::Input(format!(
            "collection `{}` has no foil of {card_id} with its printing not recorded; nothing \
             was changed (to record a new copy: `yj collection add {card_id} --printing {}`)",
            h.collection,
            to.code()
        )));
    };
    let n = qty.unwrap_or(old.qty);
    if n == 0 || n > old.qty {
        return Err(CollectionError::Input(format!(
            "collection `{}` has {} foil{} of {card_id} with the printing not recorded, so \
             cannot set the printing of {n}; nothing was changed",
            h.collection,
            old.qty,
            if old.qty == 1 { "" } else { "s" }
        )));
    }
    let mut changes = Vec::new();
    let existing = h.get(&target).cloned();
    let total = existing.as_ref().map_or(0, |v| v.qty) as u64 + n as u64;
    let (condition, note) = match &existing {
        Some(v) => added_details(&target, v, total, old.condition, old.note.clone())
            .map_err(|e| CollectionError::Input(format!("{e}; nothing was changed")))?,
        None => (old.condition, old.note.clone()),
    };
    if total > MAX_QTY as u64 {
        return Err(CollectionError::Input(format!(
            "{target} would hold {total} copies, more than {MAX_QTY}; nothing was changed"
        )));
    }
    changes.push(Change {
        slot: from.clone(),
        before: Some(old.clone()),
        after: (old.qty > n).then(|| Value {
            qty: old.qty - n,
            ..old.clone()
        }),
    });
    changes.push(Change {
        slot: target,
        before: existing,
        after: Some(Value {
            qty: total as u32,
            condition,
            note,
        }),
    });
    Ok(changes)
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
        let c = remove(&h, Slot::owned("DM-71", Finish::Regular), 2).unwrap();
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

    #[test]
    fn add_keeps_the_condition_and_note_unless_given() {
        let mut h = holding(0);
        h.entries.insert(
            Slot::owned("DM-71", Finish::Regular),
            Value {
                qty: 1,
                condition: Some(Condition::NearMint),
                note: Some("binder".into()),
            },
        );
        let c = add(
            &h,
            Slot::owned("DM-71", Finish::Regular),
            1,
            &Details::default(),
        )
        .unwrap();
        let after = c[0].after.clone().unwrap();
        assert_eq!((after.qty, after.condition), (2, Some(Condition::NearMint)));
        assert_eq!(after.note.as_deref(), Some("binder"));
        let details = Details {
            condition: Some(Condition::Damaged),
            note: None,
        };
        let c = add(&h, Slot::owned("DM-71", Finish::Regular), 0, &details).unwrap();
        assert_eq!(
            c[0].after.as_ref().unwrap().condition,
            Some(Condition::Damaged)
        );
        // An empty note clears the note; notes are trimmed.
        let clear = Details {
            condition: None,
            note: Some("  ".into()),
        };
        let c = set(&h, Slot::owned("DM-71", Finish::Regular), 1, &clear).unwrap();
        assert_eq!(c[0].after.as_ref().unwrap().note, None);
        let padded = Details {
            condition: None,
            note: Some(" box 3 \n".into()),
        };
        let c = set(&h, Slot::owned("DM-71", Finish::Regular), 1, &padded).unwrap();
        assert_eq!(c[0].after.as_ref().unwrap().note.as_deref(), Some("box 3"));
        let long = Details {
            condition: None,
            note: Some("x".repeat(1001)),
        };
        assert!(set(&h, Slot::owned("DM-71", Finish::Regular), 1, &long).is_err());
    }

    #[test]
    fn removing_more_than_owned_or_adding_past_the_limit_is_refused() {
        let h = holding(2);
        let err = remove(&h, Slot::owned("DM-71", Finish::Regular), 3)
            .unwrap_err()
            .to_string();
        assert!(err.contains("owns 2"), "{err}");
        let err = remove(&h, Slot::owned("DM-71", Finish::Foil), 1)
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
        let err = remove(&h, unrecorded.with_printing(Some(Set::DF)), 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains("2 foil RF (--printing RF)"), "{err}");
    }
}
