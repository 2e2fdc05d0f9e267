//! Planning the changes of an import against the collection as it is: rows of one printing
//! merged, set or added, and copies added only where their condition and note agree.

use std::collections::BTreeMap;

use super::{ImportRow, Mode, Rejected};
use crate::catalogue::Finish;
use crate::collection::model::{Change, Condition, Holdings, List, MAX_QTY, Slot, Value};

/// Rows of one slot, merged.
struct Merged {
    qty: u64,
    condition: Option<Option<Condition>>,
    note: Option<Option<String>>,
    first_line: u64,
    last_line: u64,
}

/// The condition and note of a printing after adding copies described by `condition` and
/// `note` (`None`: not given) to `old`, or why not: a printing holds one condition and one
/// note, so copies with another one cannot join it without losing what was recorded.
pub fn added_details(
    slot: &Slot,
    old: &Value,
    total: u64,
    condition: Option<Condition>,
    note: Option<String>,
) -> Result<(Option<Condition>, Option<String>), String> {
    if old.qty > 0
        && let (Some(new), Some(was)) = (condition, old.condition)
        && new != was
    {
        let id = &slot.card_id;
        let foil = match (slot.finish, slot.printing) {
            (Finish::Foil, Some(p)) => format!(" --printing {}", p.code()),
            (Finish::Foil, None) => " --foil".to_string(),
            _ => String::new(),
        };
        return Err(format!(
            "{slot} holds {} {was} cop{}, and a printing has one condition: adding {new} \
             copies would relabel them; if they are all {new}, use `yj collection set {id} \
             {total}{foil} --condition {new}`, or keep the new copies in another collection",
            old.qty,
            if old.qty == 1 { "y" } else { "ies" },
        ));
    }
    if let (Some(new), Some(was)) = (&note, &old.note)
        && new != was
    {
        return Err(format!(
            "{slot} already has the note “{was}”; adding copies with the note “{new}” would \
             replace it: import the note with --mode set, or leave the note cell empty"
        ));
    }
    Ok((condition.or(old.condition), note.or(old.note.clone())))
}

/// Plans the changes of an import against the collection as it is. Rows naming the same
/// printing are added together; they must not disagree on condition or note.
pub fn plan(
    rows: &[ImportRow],
    mode: Mode,
    holdings: &Holdings,
) -> Result<Vec<Change>, Vec<Rejected>> {
    let mut rejected = Vec::new();
    let mut merged: BTreeMap<Slot, Merged> = BTreeMap::new();
    for row in rows {
        if row.slot.list == List::Keep && mode == Mode::Add {
            rejected.push(Rejected {
                line: row.line,
                reason: "a keep reserve is a number to keep, not to add to: import keep rows \
                         with --mode set"
                    .into(),
            });
            continue;
        }
        match merged.get_mut(&row.slot) {
            None => {
                merged.insert(
                    row.slot.clone(),
                    Merged {
                        qty: row.qty as u64,
                        condition: row.condition,
                        note: row.note.clone(),
                        first_line: row.line,
                        last_line: row.line,
                    },
                );
            }
            Some(m) => {
                let clash = if row.slot.list == List::Keep {
                    Some("the keep reserve of this card is already given".to_string())
                } else if let (Some(a), Some(b)) = (&m.condition, &row.condition)
                    && a != b
                {
                    Some(format!(
                        "{} is already given with condition {}",
                        row.slot,
                        a.map_or("(none)".into(), |c| c.to_string())
                    ))
                } else if let (Some(a), Some(b)) = (&m.note, &row.note)
                    && a != b
                {
                    Some(format!("{} is already given with another note", row.slot))
                } else {
                    None
                };
                if let Some(reason) = clash {
                    rejected.push(Rejected {
                        line: row.line,
                        reason: format!("{reason} on line {}", m.first_line),
                    });
                    continue;
                }
                m.qty += row.qty as u64;
                m.condition = m.condition.or(row.condition);
                if m.note.is_none() {
                    m.note = row.note.clone();
                }
                m.last_line = row.line;
            }
        }
    }
    let mut changes = Vec::new();
    if mode == Mode::Sync {
        // What the file lacks, in the lists it speaks of, goes.
        let lists: Vec<List> = rows.iter().map(|r| r.slot.list).collect();
        for (slot, value) in &holdings.entries {
            if lists.contains(&slot.list) && !merged.contains_key(slot) {
                changes.push(Change {
                    slot: slot.clone(),
                    before: Some(value.clone()),
                    after: None,
                });
            }
        }
    }
    for (slot, m) in merged {
        let before = holdings.get(&slot).cloned();
        let qty = match mode {
            Mode::Set | Mode::Sync => m.qty,
            Mode::Add => m.qty + before.as_ref().map_or(0, |v| v.qty as u64),
        };
        if qty > MAX_QTY as u64 {
            rejected.push(Rejected {
                line: m.last_line,
                reason: format!(
                    "{slot} would hold {qty} copies, more than {MAX_QTY} (a typo?){}",
                    if mode == Mode::Add && before.is_some() {
                        " counting the copies already in the collection"
                    } else {
                        ""
                    }
                ),
            });
            continue;
        }
        let old = before.clone().unwrap_or(Value::qty(0));
        let (condition, note) = match mode {
            Mode::Set | Mode::Sync => (
                m.condition.unwrap_or(old.condition),
                m.note.clone().unwrap_or(old.note.clone()),
            ),
            // Adding copies says nothing about the copies already there: a blank cell keeps
            // their condition and note, and a different one is refused, since a printing
            // holds one condition and one note and the old ones would be lost.
            Mode::Add => match added_details(
                &slot,
                &old,
                qty,
                m.condition.flatten(),
                m.note.clone().flatten(),
            ) {
                Ok(details) => details,
                Err(reason) => {
                    rejected.push(Rejected {
                        line: m.first_line,
                        reason,
                    });
                    continue;
                }
            },
        };
        let after = if qty == 0 && !slot.list.zero_is_a_value() {
            None
        } else {
            Some(Value {
                qty: qty as u32,
                condition,
                note,
            })
        };
        if after != before {
            changes.push(Change {
                slot,
                before,
                after,
            });
        }
    }
    if rejected.is_empty() {
        Ok(changes)
    } else {
        rejected.sort_by_key(|r| r.line);
        Err(rejected)
    }
}
