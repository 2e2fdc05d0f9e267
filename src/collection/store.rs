//! Collections in SQLite: reading a collection, writing changes with their history in one
//! transaction, reading the history and undoing. The collection's only SQL lives here (and in
//! `backup`).

use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use serde::{Deserialize, Serialize};

use super::error::CollectionError;
use super::model::{Change, Holdings, List, Slot, Value};
use crate::catalogue::{Database, Finish};

/// How a write behaves beyond its changes.
#[derive(Debug, Clone, Copy, Default)]
pub struct WriteOptions {
    /// Sleep this long after applying each change, inside the transaction. Only the
    /// reliability tests set it (through `YJ_TEST_PAUSE_PER_CHANGE_MS`), so that killing the
    /// process lands inside an open transaction rather than around it.
    pub pause_per_change: Option<Duration>,
}

/// What a write did.
#[derive(Debug, Clone)]
pub struct Written {
    /// The history entry recording the write; `None` when nothing changed (and nothing was
    /// recorded).
    pub entry: Option<i64>,
    pub changes: Vec<Change>,
}

/// One entry of a collection's history.
#[derive(Debug, Clone)]
pub struct HistoryEntry {
    pub id: i64,
    pub collection: String,
    /// UTC, `2024-05-01T12:00:00Z`.
    pub time: String,
    /// The command line that made the change.
    pub command: String,
    /// For an undo: the entry it reverted.
    pub undoes: Option<i64>,
    /// The undo that reverted this entry, if any.
    pub undone_by: Option<i64>,
    pub changes: Vec<Change>,
}

/// A change as the history stores it (JSON).
#[derive(Serialize, Deserialize)]
struct StoredChange {
    list: List,
    card_id: String,
    finish: String,
    before: Option<Value>,
    after: Option<Value>,
}

fn finish_text(text: &str) -> Finish {
    if text == "foil" {
        Finish::Foil
    } else {
        Finish::Regular
    }
}

pub fn changes_to_json(changes: &[Change]) -> String {
    let stored: Vec<StoredChange> = changes
        .iter()
        .map(|c| StoredChange {
            list: c.slot.list,
            card_id: c.slot.card_id.clone(),
            finish: c.slot.finish.as_str().to_string(),
            before: c.before.clone(),
            after: c.after.clone(),
        })
        .collect();
    serde_json::to_string(&stored).unwrap_or_else(|_| "[]".into())
}

fn changes_from_json(id: i64, text: &str) -> Result<Vec<Change>, CollectionError> {
    let stored: Vec<StoredChange> = serde_json::from_str(text).map_err(|e| {
        CollectionError::Conflict(format!("history entry #{id} cannot be read: {e}"))
    })?;
    Ok(stored
        .into_iter()
        .map(|s| Change {
            slot: Slot {
                list: s.list,
                card_id: s.card_id,
                finish: finish_text(&s.finish),
            },
            before: s.before,
            after: s.after,
        })
        .collect())
}

/// Reads one collection.
pub fn load(conn: &Connection, collection: &str) -> Result<Holdings, CollectionError> {
    let mut stmt = conn.prepare_cached(
        "SELECT list, card_id, finish, qty, condition, note FROM collection_items
         WHERE collection = ?1",
    )?;
    let mut rows = stmt.query(params![collection])?;
    let mut holdings = Holdings::new(collection);
    while let Some(row) = rows.next()? {
        let list: String = row.get(0)?;
        let finish: String = row.get(2)?;
        let condition: Option<String> = row.get(4)?;
        let slot = Slot {
            list: list.parse().map_err(CollectionError::Conflict)?,
            card_id: row.get(1)?,
            finish: finish_text(&finish),
        };
        let value = Value {
            qty: row.get(3)?,
            condition: condition
                .map(|c| c.parse())
                .transpose()
                .map_err(CollectionError::Conflict)?,
            note: row.get(5)?,
        };
        holdings.entries.insert(slot, value);
    }
    Ok(holdings)
}

/// The names of every collection with an entry or a history.
pub fn collections(db: &Database) -> Result<Vec<String>, CollectionError> {
    let mut stmt = db.connection().prepare(
        "SELECT collection FROM collection_items
         UNION SELECT collection FROM collection_history ORDER BY 1",
    )?;
    let names = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(names)
}

/// Plans changes against the collection as it is under the write lock, applies them and
/// records them in the history, all in one transaction. `plan` sees the current holdings; an
/// error from it (or from anything after) leaves the database as it was.
pub fn write<F>(
    db: &mut Database,
    collection: &str,
    command: &str,
    options: WriteOptions,
    plan: F,
) -> Result<Written, CollectionError>
where
    F: FnOnce(&Holdings) -> Result<Vec<Change>, CollectionError>,
{
    // IMMEDIATE takes the write lock before reading, so two writers never plan from the same
    // state (the second waits, up to the busy timeout, and then sees the first one's result).
    let tx = db
        .connection_mut()
        .transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut holdings = load(&tx, collection)?;
    let changes = plan(&holdings)?;
    if changes.is_empty() {
        return Ok(Written {
            entry: None,
            changes,
        });
    }
    holdings.apply(&changes)?;
    apply(&tx, collection, &changes, options)?;
    let entry = record(&tx, collection, command, None, &changes)?;
    tx.commit()?;
    Ok(Written {
        entry: Some(entry),
        changes,
    })
}

fn apply(
    conn: &Connection,
    collection: &str,
    changes: &[Change],
    options: WriteOptions,
) -> Result<(), CollectionError> {
    let mut upsert = conn.prepare_cached(
        "INSERT INTO collection_items (collection, list, card_id, finish, qty, condition, note)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (collection, list, card_id, finish) DO UPDATE SET
           qty = excluded.qty, condition = excluded.condition, note = excluded.note",
    )?;
    let mut delete = conn.prepare_cached(
        "DELETE FROM collection_items
         WHERE collection = ?1 AND list = ?2 AND card_id = ?3 AND finish = ?4",
    )?;
    for change in changes {
        let s = &change.slot;
        match &change.after {
            Some(v) => {
                upsert.execute(params![
                    collection,
                    s.list.as_str(),
                    s.card_id,
                    s.finish.as_str(),
                    v.qty,
                    v.condition.map(|c| c.as_str()),
                    v.note
                ])?;
            }
            None => {
                let n = delete.execute(params![
                    collection,
                    s.list.as_str(),
                    s.card_id,
                    s.finish.as_str()
                ])?;
                if n != 1 {
                    return Err(CollectionError::Conflict(format!(
                        "{s} was not there to remove"
                    )));
                }
            }
        }
        if let Some(pause) = options.pause_per_change {
            std::thread::sleep(pause);
        }
    }
    Ok(())
}

fn record(
    conn: &Connection,
    collection: &str,
    command: &str,
    undoes: Option<i64>,
    changes: &[Change],
) -> Result<i64, CollectionError> {
    conn.prepare_cached(
        "INSERT INTO collection_history (collection, time, command, undoes, changes)
         VALUES (?1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?2, ?3, ?4)",
    )?
    .execute(params![
        collection,
        command,
        undoes,
        changes_to_json(changes)
    ])?;
    Ok(conn.last_insert_rowid())
}

const HISTORY_SELECT: &str = "SELECT h.id, h.collection, h.time, h.command, h.undoes,
        (SELECT u.id FROM collection_history u WHERE u.undoes = h.id), h.changes
     FROM collection_history h";

fn history_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<(HistoryEntry, String)> {
    Ok((
        HistoryEntry {
            id: row.get(0)?,
            collection: row.get(1)?,
            time: row.get(2)?,
            command: row.get(3)?,
            undoes: row.get(4)?,
            undone_by: row.get(5)?,
            changes: Vec::new(),
        },
        row.get(6)?,
    ))
}

/// The last `limit` entries of a collection's history, newest first.
pub fn history(
    db: &Database,
    collection: &str,
    limit: usize,
) -> Result<Vec<HistoryEntry>, CollectionError> {
    let mut stmt = db.connection().prepare(&format!(
        "{HISTORY_SELECT} WHERE h.collection = ?1 ORDER BY h.id DESC LIMIT ?2"
    ))?;
    let rows = stmt
        .query_map(params![collection, limit as i64], history_row)?
        .collect::<Result<Vec<_>, _>>()?;
    rows.into_iter()
        .map(|(mut entry, json)| {
            entry.changes = changes_from_json(entry.id, &json)?;
            Ok(entry)
        })
        .collect()
}

/// What one undo did.
#[derive(Debug, Clone)]
pub struct Undone {
    /// The entry reverted.
    pub target: HistoryEntry,
    /// The new entry recording the undo.
    pub entry: i64,
    pub changes: Vec<Change>,
}

/// Reverts the last `n` changes of a collection that are not undos and not yet undone, newest
/// first, each recorded as a history entry of its own; all in one transaction.
pub fn undo(
    db: &mut Database,
    collection: &str,
    n: usize,
    command: &str,
) -> Result<Vec<Undone>, CollectionError> {
    let tx = db
        .connection_mut()
        .transaction_with_behavior(TransactionBehavior::Immediate)?;
    let targets: Vec<(HistoryEntry, String)> = {
        let mut stmt = tx.prepare(&format!(
            "{HISTORY_SELECT} WHERE h.collection = ?1 AND h.undoes IS NULL
               AND NOT EXISTS (SELECT 1 FROM collection_history u WHERE u.undoes = h.id)
             ORDER BY h.id DESC LIMIT ?2"
        ))?;
        stmt.query_map(params![collection, n as i64], history_row)?
            .collect::<Result<_, _>>()?
    };
    if targets.len() < n {
        return Err(CollectionError::Input(if targets.is_empty() {
            format!("nothing to undo in collection `{collection}`")
        } else {
            format!(
                "collection `{collection}` has only {} change{} left to undo, not {n}; nothing \
                 was undone (try `-n {}`)",
                targets.len(),
                if targets.len() == 1 { "" } else { "s" },
                targets.len()
            )
        }));
    }
    let mut holdings = load(&tx, collection)?;
    let mut done = Vec::new();
    for (mut target, json) in targets {
        target.changes = changes_from_json(target.id, &json)?;
        let inverse: Vec<Change> = target.changes.iter().rev().map(Change::inverse).collect();
        holdings.apply(&inverse).map_err(|_| {
            CollectionError::Conflict(format!(
                "history entry #{} no longer matches the collection",
                target.id
            ))
        })?;
        apply(&tx, collection, &inverse, WriteOptions::default())?;
        let entry = record(&tx, collection, command, Some(target.id), &inverse)?;
        done.push(Undone {
            target,
            entry,
            changes: inverse,
        });
    }
    tx.commit()?;
    Ok(done)
}

/// Counts for reports: items and history entries across every collection.
pub fn counts(conn: &Connection) -> Result<(i64, i64), CollectionError> {
    let items = conn.query_row("SELECT COUNT(*) FROM collection_items", [], |r| r.get(0))?;
    let history = conn.query_row("SELECT COUNT(*) FROM collection_history", [], |r| r.get(0))?;
    Ok((items, history))
}

/// The newest history entry id of a collection, if any.
pub fn last_entry(db: &Database, collection: &str) -> Result<Option<i64>, CollectionError> {
    Ok(db
        .connection()
        .query_row(
            "SELECT MAX(id) FROM collection_history WHERE collection = ?1",
            params![collection],
            |r| r.get(0),
        )
        .optional()?
        .flatten())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::CatalogueSource;
    use crate::collection::model::Condition;

    fn db() -> Database {
        Database::open_in_memory(&CatalogueSource::embedded()).unwrap()
    }

    fn set(slot: Slot, qty: u32) -> impl FnOnce(&Holdings) -> Result<Vec<Change>, CollectionError> {
        move |h: &Holdings| {
            Ok(vec![Change {
                before: h.get(&slot).cloned(),
                after: (qty > 0).then(|| Value::qty(qty)),
                slot,
            }])
        }
    }

    #[test]
    fn a_write_is_stored_and_recorded_with_before_and_after() {
        let mut db = db();
        let slot = Slot::owned("DM-71", Finish::Regular);
        write(
            &mut db,
            "main",
            "test",
            WriteOptions::default(),
            set(slot.clone(), 3),
        )
        .unwrap();
        write(
            &mut db,
            "main",
            "test 2",
            WriteOptions::default(),
            set(slot.clone(), 5),
        )
        .unwrap();
        let h = load(db.connection(), "main").unwrap();
        assert_eq!(h.owned("DM-71", Finish::Regular), 5);
        let hist = history(&db, "main", 10).unwrap();
        assert_eq!(hist.len(), 2);
        assert_eq!(hist[0].command, "test 2");
        assert_eq!(hist[0].changes[0].before, Some(Value::qty(3)));
        assert_eq!(hist[0].changes[0].after, Some(Value::qty(5)));
        assert!(
            hist[0].time.ends_with('Z') && hist[0].time.len() == 20,
            "{}",
            hist[0].time
        );
        // Other collections are separate.
        assert!(load(db.connection(), "other").unwrap().is_empty());
    }

    #[test]
    fn a_failing_plan_changes_nothing_and_records_nothing() {
        let mut db = db();
        let err = write(&mut db, "main", "x", WriteOptions::default(), |_| {
            Err(CollectionError::Input("no".into()))
        });
        assert!(err.is_err());
        assert_eq!(counts(db.connection()).unwrap(), (0, 0));
    }

    #[test]
    fn a_change_whose_before_is_stale_is_refused() {
        let mut db = db();
        let err = write(&mut db, "main", "x", WriteOptions::default(), |_| {
            Ok(vec![Change {
                slot: Slot::owned("DM-71", Finish::Regular),
                before: Some(Value::qty(2)),
                after: Some(Value::qty(3)),
            }])
        })
        .unwrap_err();
        assert!(matches!(err, CollectionError::Conflict(_)), "{err}");
        assert_eq!(counts(db.connection()).unwrap(), (0, 0));
    }

    #[test]
    fn undo_walks_back_through_changes_and_is_itself_recorded() {
        let mut db = db();
        let slot = Slot::owned("DM-71", Finish::Regular);
        let opts = WriteOptions::default();
        write(&mut db, "main", "a", opts, set(slot.clone(), 1)).unwrap();
        write(&mut db, "main", "b", opts, |h| {
            Ok(vec![Change {
                slot: slot.clone(),
                before: h.get(&slot).cloned(),
                after: Some(Value {
                    qty: 2,
                    condition: Some(Condition::NearMint),
                    note: Some("binder 3".into()),
                }),
            }])
        })
        .unwrap();
        let undone = undo(&mut db, "main", 1, "undo").unwrap();
        assert_eq!(undone[0].target.command, "b");
        assert_eq!(
            load(db.connection(), "main").unwrap().get(&slot),
            Some(&Value::qty(1))
        );
        // The next undo goes past the undone change to `a`.
        let undone = undo(&mut db, "main", 1, "undo").unwrap();
        assert_eq!(undone[0].target.command, "a");
        assert!(load(db.connection(), "main").unwrap().is_empty());
        let err = undo(&mut db, "main", 1, "undo").unwrap_err().to_string();
        assert!(err.contains("nothing to undo"), "{err}");
        let hist = history(&db, "main", 10).unwrap();
        assert_eq!(hist.len(), 4);
        assert_eq!(hist[0].undoes, Some(hist[3].id));
        assert_eq!(hist[3].undone_by, Some(hist[0].id));
    }

    #[test]
    fn undo_of_more_than_there_is_changes_nothing() {
        let mut db = db();
        let slot = Slot::owned("DM-71", Finish::Regular);
        write(&mut db, "main", "a", WriteOptions::default(), set(slot, 1)).unwrap();
        let err = undo(&mut db, "main", 2, "undo").unwrap_err().to_string();
        assert!(err.contains("only 1 change left"), "{err}");
        assert_eq!(counts(db.connection()).unwrap(), (1, 1));
    }

    #[test]
    fn a_catalogue_rebuild_keeps_every_collection_and_its_history() {
        let mut db = db();
        let slot = Slot::owned("DM-71", Finish::Regular);
        write(&mut db, "main", "a", WriteOptions::default(), set(slot, 2)).unwrap();
        let before = load(db.connection(), "main").unwrap();
        assert!(
            db.refresh_catalogue(&CatalogueSource::embedded(), true)
                .unwrap()
        );
        assert_eq!(load(db.connection(), "main").unwrap(), before);
        assert_eq!(counts(db.connection()).unwrap(), (1, 1));
    }

    #[test]
    fn the_history_refuses_updates_and_deletes() {
        let mut db = db();
        let slot = Slot::owned("DM-71", Finish::Regular);
        write(&mut db, "main", "a", WriteOptions::default(), set(slot, 1)).unwrap();
        for sql in [
            "UPDATE collection_history SET command = 'x'",
            "DELETE FROM collection_history",
        ] {
            let err = db.connection().execute(sql, []).unwrap_err().to_string();
            assert!(err.contains("append-only"), "{err}");
        }
    }

    #[test]
    fn the_schema_refuses_absurd_quantities() {
        let db = db();
        let err = db
            .connection()
            .execute(
                "INSERT INTO collection_items VALUES ('main', 'owned', 'DM-71', 'regular', -1, NULL, NULL)",
                [],
            )
            .unwrap_err();
        assert!(err.to_string().contains("CHECK"), "{err}");
    }
}
