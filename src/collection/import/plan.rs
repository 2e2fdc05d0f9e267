//! Planning the changes of an import against the collection as it is: each row names a lot
//! of a printing (by what the file records of it), rows of one lot are added together, and
//! the lot is set, or added to.

use std::collections::BTreeMap;

use super::{ImportRow, Mode, Rejected};
use crate::collection::Change;
use crate::collection::edit::{Planner, lots_text};
use crate::collection::model::{Holdings, List, Lot, MAX_QTY, Slot, Value};

/// Rows of one lot, merged.
struct Merged {
    qty: u64,
    first_line: u64,
    last_line: u64,
}

/// The lot a row names. A column the file has says exactly what the copies have (an empty
/// cell: nothing recorded). A column the file lacks says nothing: when adding, the copies
/// have nothing recorded there; when setting, it fits any lot, and the row names the one
/// lot of the printing that fits (an old `qty,card_id` sheet still sets the quantities).
fn lot_of(row: &ImportRow, mode: Mode, holdings: &Holdings) -> Result<Lot, String> {
    let said = Lot {
        condition: row.condition.flatten(),
        note: row.note.clone().flatten(),
        price: row.price.flatten(),
        deck: row.deck.clone().flatten(),
    };
    let all_said =
        row.condition.is_some() && row.note.is_some() && row.price.is_some() && row.deck.is_some();
    if row.slot.list != List::Owned || mode == Mode::Add || all_said {
        return Ok(said);
    }
    let fitting: Vec<Lot> = holdings
        .lots(&row.slot)
        .map(|(_, v)| v.lot())
        .filter(|l| {
            row.condition.is_none_or(|c| l.condition == c)
                && row.note.as_ref().is_none_or(|n| l.note == *n)
                && row.price.is_none_or(|p| l.price == p)
                && row.deck.as_ref().is_none_or(|d| l.deck == *d)
        })
        .collect();
    match fitting.as_slice() {
        [] => Ok(said),
        [one] => Ok(one.clone()),
        _ => Err(format!(
            "{} has {} lots this row could mean ({}); add the columns that tell them apart \
             (condition, note, price_paid, deck), as `export` writes them",
            row.slot,
            fitting.len(),
            lots_text(holdings, &row.slot)
        )),
    }
}

/// Plans the changes of an import against the collection as it is. Rows naming the same lot
/// of a printing are added together.
pub fn plan(
    rows: &[ImportRow],
    mode: Mode,
    holdings: &Holdings,
) -> Result<Vec<Change>, Vec<Rejected>> {
    let mut rejected = Vec::new();
    // In the file's order, so new lots are numbered as the file lists them (an export
    // imported into an empty collection gives back the same lots, numbered alike).
    let mut merged: Vec<((Slot, Lot), Merged)> = Vec::new();
    let mut index: BTreeMap<(Slot, Lot), usize> = BTreeMap::new();
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
        let lot = match lot_of(row, mode, holdings) {
            Ok(lot) => lot,
            Err(reason) => {
                rejected.push(Rejected {
                    line: row.line,
                    reason,
                });
                continue;
            }
        };
        let key = (row.slot.clone(), lot);
        match index.get(&key).map(|&i| &mut merged[i].1) {
            None => {
                index.insert(key.clone(), merged.len());
                merged.push((
                    key,
                    Merged {
                        qty: row.qty as u64,
                        first_line: row.line,
                        last_line: row.line,
                    },
                ));
            }
            Some(m) if row.slot.list == List::Keep => rejected.push(Rejected {
                line: row.line,
                reason: format!(
                    "the keep reserve of this card is already given on line {}",
                    m.first_line
                ),
            }),
            Some(m) => {
                m.qty += row.qty as u64;
                m.last_line = row.line;
            }
        }
    }
    let mut planner = Planner::new(holdings);
    if mode == Mode::Sync {
        // What the file lacks, in the lists it speaks of, goes: every lot it does not name.
        let lists: Vec<List> = rows.iter().map(|r| r.slot.list).collect();
        for (slot, value) in &holdings.entries {
            let named = index.contains_key(&(slot.clone().with_lot(0), value.lot()));
            if lists.contains(&slot.list) && !named {
                planner.put(slot.clone(), None);
            }
        }
    }
    for ((slot, lot), m) in merged {
        let existing = planner
            .work
            .find_lot(&slot, &lot)
            .map(|(s, v)| (s.clone(), v.qty));
        let qty = match mode {
            Mode::Set | Mode::Sync => m.qty,
            Mode::Add => m.qty + existing.as_ref().map_or(0, |(_, q)| *q as u64),
        };
        if qty > MAX_QTY as u64 {
            rejected.push(Rejected {
                line: m.last_line,
                reason: format!(
                    "{slot} would hold {qty} copies{}, more than {MAX_QTY} (a typo?){}",
                    if lot == Lot::default() {
                        String::new()
                    } else {
                        format!(" ({})", lot.describe())
                    },
                    if mode == Mode::Add && existing.is_some() {
                        " counting the copies already in the collection"
                    } else {
                        ""
                    }
                ),
            });
            continue;
        }
        let keeps_zero = qty == 0 && slot.list.zero_is_a_value();
        match existing {
            Some((s, _)) => planner.put(
                s,
                (qty > 0 || keeps_zero).then(|| Value::of(qty as u32, &lot)),
            ),
            None if keeps_zero => planner.put(slot, Some(Value::of(0, &lot))),
            None => {
                if let Err(e) = planner.add(&slot, qty as u32, &lot) {
                    rejected.push(Rejected {
                        line: m.first_line,
                        reason: e.to_string(),
                    });
                }
            }
        }
    }
    if rejected.is_empty() {
        Ok(planner.changes())
    } else {
        rejected.sort_by_key(|r| r.line);
        Err(rejected)
    }
}
