//! The changes behind `add`, `remove`, `set`, `want` and `keep`, planned against the current
//! holdings (the store applies them under its write lock).

use super::error::CollectionError;
use super::import::{MAX_NOTE_CHARS, added_details};
use super::model::{Change, Condition, Holdings, MAX_QTY, Slot, Value};
use crate::catalogue::Finish;

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
    card_id: &str,
    finish: Finish,
    qty: u32,
    details: &Details,
) -> Result<Vec<Change>, CollectionError> {
    let slot = Slot::owned(card_id, finish);
    let total = h.owned(card_id, finish) as u64 + qty as u64;
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

/// Removes copies of a printing; removing more than are owned is an error.
pub fn remove(
    h: &Holdings,
    card_id: &str,
    finish: Finish,
    qty: u32,
) -> Result<Vec<Change>, CollectionError> {
    let owned = h.owned(card_id, finish);
    if qty > owned {
        let other = match finish {
            Finish::Regular => Finish::Foil,
            Finish::Foil => Finish::Regular,
        };
        let hint = if h.owned(card_id, other) > 0 {
            format!(
                " (you own {} {} cop{}: {})",
                h.owned(card_id, other),
                other.as_str(),
                if h.owned(card_id, other) == 1 {
                    "y"
                } else {
                    "ies"
                },
                if other == Finish::Foil {
                    "add --foil"
                } else {
                    "leave out --foil"
                }
            )
        } else {
            String::new()
        };
        return Err(CollectionError::Input(format!(
            "cannot remove {qty} {card_id} ({}): the collection `{}` owns {owned}{hint}; \
             nothing was changed",
            finish.as_str(),
            h.collection
        )));
    }
    let slot = Slot::owned(card_id, finish);
    let after = owned_after(h, &slot, (owned - qty) as u64, &Details::default())?;
    Ok(change(h, slot, after))
}

/// Makes the owned quantity of a printing exactly `qty`.
pub fn set(
    h: &Holdings,
    card_id: &str,
    finish: Finish,
    qty: u32,
    details: &Details,
) -> Result<Vec<Change>, CollectionError> {
    let slot = Slot::owned(card_id, finish);
    let after = owned_after(h, &slot, qty as u64, details)?;
    Ok(change(h, slot, after))
}

/// Puts a printing on the want list with a target of `qty` copies (0 takes it off).
pub fn want(
    h: &Holdings,
    card_id: &str,
    finish: Finish,
    qty: u32,
) -> Result<Vec<Change>, CollectionError> {
    if qty > MAX_QTY {
        return Err(CollectionError::Input(format!(
            "wanting {qty} copies is more than {MAX_QTY}; nothing was changed"
        )));
    }
    let after = (qty > 0).then(|| Value::qty(qty));
    Ok(change(h, Slot::want(card_id, finish), after))
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
        let c = add(&h, "DM-71", Finish::Regular, 3, &Details::default()).unwrap();
        assert_eq!(c[0].after.as_ref().unwrap().qty, 5);
        let c = remove(&h, "DM-71", Finish::Regular, 2).unwrap();
        assert_eq!(c[0].after, None);
        let c = set(&h, "DM-71", Finish::Regular, 2, &Details::default()).unwrap();
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
        let c = add(&h, "DM-71", Finish::Regular, 1, &Details::default()).unwrap();
        let after = c[0].after.clone().unwrap();
        assert_eq!((after.qty, after.condition), (2, Some(Condition::NearMint)));
        assert_eq!(after.note.as_deref(), Some("binder"));
        let details = Details {
            condition: Some(Condition::Damaged),
            note: None,
        };
        let c = add(&h, "DM-71", Finish::Regular, 0, &details).unwrap();
        assert_eq!(
            c[0].after.as_ref().unwrap().condition,
            Some(Condition::Damaged)
        );
        // An empty note clears the note; notes are trimmed.
        let clear = Details {
            condition: None,
            note: Some("  ".into()),
        };
        let c = set(&h, "DM-71", Finish::Regular, 1, &clear).unwrap();
        assert_eq!(c[0].after.as_ref().unwrap().note, None);
        let padded = Details {
            condition: None,
            note: Some(" box 3 \n".into()),
        };
        let c = set(&h, "DM-71", Finish::Regular, 1, &padded).unwrap();
        assert_eq!(c[0].after.as_ref().unwrap().note.as_deref(), Some("box 3"));
        let long = Details {
            condition: None,
            note: Some("x".repeat(1001)),
        };
        assert!(set(&h, "DM-71", Finish::Regular, 1, &long).is_err());
    }

    #[test]
    fn removing_more_than_owned_or_adding_past_the_limit_is_refused() {
        let h = holding(2);
        let err = remove(&h, "DM-71", Finish::Regular, 3)
            .unwrap_err()
            .to_string();
        assert!(err.contains("owns 2"), "{err}");
        let err = remove(&h, "DM-71", Finish::Foil, 1)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("you own 2 regular copies: leave out --foil"),
            "{err}"
        );
        let err = add(&h, "DM-71", Finish::Regular, MAX_QTY, &Details::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("more than 9999"), "{err}");
    }
}
