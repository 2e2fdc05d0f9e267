//! Collections in SQLite: reading a collection, writing changes with their history in one
//! transaction, reading the history and undoing. The collection's only SQL lives here (and in
//! `backup`).

use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use serde::{Deserialize, Serialize};

use super::error::CollectionError;
use super::model::{Change, Holdings, List, Slot, Value};
use crate::catalogue::{Database, Finish, Set};

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
    /// For a redo: the undo it reverted.
    pub redoes: Option<i64>,
    /// For an undo: the redo that reverted it, if any.
    pub redone_by: Option<i64>,
    pub changes: Vec<Change>,
}

/// A change as the history stores it (JSON).
#[derive(Serialize, Deserialize)]
struct StoredChange {
    list: List,
    card_id: String,
    finish: String,
    /// The foil printing's release, when recorded; absent in entries written before there
    /// were printings, which named the slot that migration 4 gives `''`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    printing: Option<String>,
    /// The lot; absent for lot 0, which is what entries written before lots named (migration
    /// 6 gives every earlier entry lot 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    lot: u32,
    before: Option<Value>,
    after: Option<Value>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn finish_text(text: &str) -> Finish {
    if text == "foil" {
        Finish::Foil
    } else {
        Finish::Regular
    }
}

/// A stored printing: `''` (or absent) is none, else a release code.
fn printing_text(text: Option<&str>) -> Result<Option<Set>, CollectionError> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(code) => code.parse::<Set>().map(Some).map_err(|e| {
            CollectionError::Conflict(format!("stored foil printing `{code}` is unknown: {e}"))
        }),
    }
}

pub fn changes_to_json(changes: &[Change]) -> String {
    let stored: Vec<StoredChange> = changes
        .iter()
        .map(|c| StoredChange {
            list: c.slot.list,
            card_id: c.slot.card_id.clone(),
            finish: c.slot.finish.as_str().to_string(),
            printing: c.slot.printing.map(|p| p.code().to_string()),
            lot: c.slot.lot,
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
    stored
        .into_iter()
        .map(|s| {
            Ok(Change {
                slot: Slot {
                    list: s.list,
                    card_id: s.card_id,
                    finish: finish_text(&s.finish),
                    printing: printing_text(s.printing.as_deref())?,
                    lot: s.lot,
                },
                before: s.before,
                after: s.after,
            })
        })
        .collect()
}

/// Reads one collection.
pub fn load(conn: &Connection, collection: &str) -> Result<Holdings, CollectionError> {
    let mut stmt = conn.prepare_cached(
        "SELECT list, card_id, finish, qty, condition, note, printing, lot, price, deck
         FROM collection_items WHERE collection = ?1",
    )?;
    let mut rows = stmt.query(params![collection])?;
    let mut holdings = Holdings::new(collection);
    while let Some(row) = rows.next()? {
        let list: String = row.get(0)?;
        let finish: String = row.get(2)?;
        let condition: Option<String> = row.get(4)?;
        let printing: String = row.get(6)?;
        let slot = Slot {
            list: list.parse().map_err(CollectionError::Conflict)?,
            card_id: row.get(1)?,
            finish: finish_text(&finish),
            printing: printing_text(Some(&printing))?,
            lot: row.get(7)?,
        };
        let value = Value {
            qty: row.get(3)?,
            condition: condition
                .map(|c| c.parse())
                .transpose()
                .map_err(CollectionError::Conflict)?,
            note: row.get(5)?,
            price: row.get(8)?,
            deck: row.get(9)?,
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
    db.refuse_read_only("this command changes it")?;
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
    let entry = record(&tx, collection, command, Link::None, &changes)?;
    tx.commit()?;
    Ok(Written {
        entry: Some(entry),
        changes,
    })
}

/// As [`write`], for several collections at once (an export of every collection imported
/// back): each planned against its own holdings and recorded as a change of its own (so
/// each collection's `undo` takes back its part), all in one transaction.
pub fn write_each<F>(
    db: &mut Database,
    collections: &[String],
    command: &str,
    options: WriteOptions,
    mut plan: F,
) -> Result<Vec<(String, Written)>, CollectionError>
where
    F: FnMut(&str, &Holdings) -> Result<Vec<Change>, CollectionError>,
{
    db.refuse_read_only("this command changes it")?;
    let tx = db
        .connection_mut()
        .transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut done = Vec::new();
    for name in collections {
        let mut holdings = load(&tx, name)?;
        let changes = plan(name, &holdings)?;
        let entry = if changes.is_empty() {
            None
        } else {
            holdings.apply(&changes)?;
            apply(&tx, name, &changes, options)?;
            Some(record(&tx, name, command, Link::None, &changes)?)
        };
        done.push((name.clone(), Written { entry, changes }));
    }
    tx.commit()?;
    Ok(done)
}

fn apply(
    conn: &Connection,
    collection: &str,
    changes: &[Change],
    options: WriteOptions,
) -> Result<(), CollectionError> {
    let mut upsert = conn.prepare_cached(
        "INSERT INTO collection_items
           (collection, list, card_id, finish, printing, lot, qty, condition, note, price, deck)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (collection, list, card_id, finish, printing, lot) DO UPDATE SET
           qty = excluded.qty, condition = excluded.condition, note = excluded.note,
           price = excluded.price, deck = excluded.deck",
    )?;
    let mut delete = conn.prepare_cached(
        "DELETE FROM collection_items
         WHERE collection = ?1 AND list = ?2 AND card_id = ?3 AND finish = ?4
           AND printing = ?5 AND lot = ?6",
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
                    s.printing.map_or("", |p| p.code()),
                    s.lot,
                    v.qty,
                    v.condition.map(|c| c.as_str()),
                    v.note,
                    v.price,
                    v.deck
                ])?;
            }
            None => {
                let n = delete.execute(params![
                    collection,
                    s.list.as_str(),
                    s.card_id,
                    s.finish.as_str(),
                    s.printing.map_or("", |p| p.code()),
                    s.lot
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

/// What a history entry reverts.
#[derive(Debug, Clone, Copy)]
enum Link {
    /// A change of its own.
    None,
    /// An undo of this entry (a change or a redo).
    Undoes(i64),
    /// A redo of this undo.
    Redoes(i64),
}

fn record(
    conn: &Connection,
    collection: &str,
    command: &str,
    link: Link,
    changes: &[Change],
) -> Result<i64, CollectionError> {
    let (undoes, redoes) = match link {
        Link::None => (None, None),
        Link::Undoes(id) => (Some(id), None),
        Link::Redoes(id) => (None, Some(id)),
    };
    conn.prepare_cached(
        "INSERT INTO collection_history (collection, time, command, undoes, redoes, changes)
         VALUES (?1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        collection,
        command,
        undoes,
        redoes,
        changes_to_json(changes)
    ])?;
    Ok(conn.last_insert_rowid())
}

const HISTORY_SELECT: &str = "SELECT h.id, h.collection, h.time, h.command, h.undoes,
        (SELECT u.id FROM collection_history u WHERE u.undoes = h.id), h.changes,
        h.redoes, (SELECT r.id FROM collection_history r WHERE r.redoes = h.id)
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
            redoes: row.get(7)?,
            redone_by: row.get(8)?,
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

/// What one undo or redo did.
#[derive(Debug, Clone)]
pub struct Undone {
    /// The entry reverted: for an undo, a change or a redo; for a redo, an undo.
    pub target: HistoryEntry,
    /// The change of its own (not an undo or redo) whose effect this undoes or brings back,
    /// followed back through redos and undos.
    pub origin: HistoryEntry,
    /// The new entry recording the undo or redo.
    pub entry: i64,
    pub changes: Vec<Change>,
}

/// What undo and redo may revert next, read from a collection's history as an editor keeps
/// it: every change pushes on `done` and clears `undone`; an undo moves its target from
/// `done` to `undone` (as itself); a redo moves its undo from `undone` back to `done` (as
/// itself). The last element of each is next. The history is append-only, so replaying it is
/// the truth; histories from before redo existed replay the same (their undos always took the
/// newest change not yet undone).
#[derive(Debug, Default, PartialEq, Eq)]
struct Stacks {
    /// Entries whose effect is in the collection and can be undone (changes and redos).
    done: Vec<i64>,
    /// Undo entries that can be redone.
    undone: Vec<i64>,
    /// The change that last cleared `undone`, when it held something.
    cleared_by: Option<i64>,
}

fn stacks(conn: &Connection, collection: &str) -> Result<Stacks, CollectionError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, undoes, redoes FROM collection_history WHERE collection = ?1 ORDER BY id",
    )?;
    let mut rows = stmt.query(params![collection])?;
    let mut st = Stacks::default();
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(0)?;
        let undoes: Option<i64> = row.get(1)?;
        let redoes: Option<i64> = row.get(2)?;
        match (undoes, redoes) {
            (Some(target), _) => {
                st.done.retain(|&d| d != target);
                st.undone.push(id);
            }
            (None, Some(undo)) => {
                st.undone.retain(|&u| u != undo);
                st.done.push(id);
            }
            (None, None) => {
                if !st.undone.is_empty() {
                    st.cleared_by = Some(id);
                }
                st.undone.clear();
                st.done.push(id);
            }
        }
    }
    Ok(st)
}

fn entry(conn: &Connection, id: i64) -> Result<HistoryEntry, CollectionError> {
    let (mut entry, json) = conn.query_row(
        &format!("{HISTORY_SELECT} WHERE h.id = ?1"),
        params![id],
        history_row,
    )?;
    entry.changes = changes_from_json(entry.id, &json)?;
    Ok(entry)
}

/// The change of its own behind an undo or redo, following `undoes` and `redoes` back.
fn origin(conn: &Connection, mut e: HistoryEntry) -> Result<HistoryEntry, CollectionError> {
    // Each step goes to a smaller id, so this ends; the bound guards a damaged history.
    for _ in 0..1_000_000 {
        match e.undoes.or(e.redoes) {
            Some(id) if id < e.id => e = entry(conn, id)?,
            _ => return Ok(e),
        }
    }
    Ok(e)
}

/// Whether an undo or a redo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    Undo,
    Redo,
}

impl Direction {
    fn word(self) -> &'static str {
        match self {
            Direction::Undo => "undo",
            Direction::Redo => "redo",
        }
    }
}

/// Reverts the last `n` changes of a collection still in effect (changes and redos), newest
/// first, each recorded as a history entry of its own; all in one transaction.
pub fn undo(
    db: &mut Database,
    collection: &str,
    n: usize,
    command: &str,
) -> Result<Vec<Undone>, CollectionError> {
    step(db, collection, n, command, Direction::Undo)
}

/// Re-applies the last `n` undos of a collection not yet redone, the most recent undo first
/// (undo, undo, redo, redo gives back where it started), each recorded as a history entry of
/// its own; all in one transaction. A change made after an undo clears what can be redone.
pub fn redo(
    db: &mut Database,
    collection: &str,
    n: usize,
    command: &str,
) -> Result<Vec<Undone>, CollectionError> {
    step(db, collection, n, command, Direction::Redo)
}

fn step(
    db: &mut Database,
    collection: &str,
    n: usize,
    command: &str,
    direction: Direction,
) -> Result<Vec<Undone>, CollectionError> {
    db.refuse_read_only("this command changes it")?;
    let tx = db
        .connection_mut()
        .transaction_with_behavior(TransactionBehavior::Immediate)?;
    let st = stacks(&tx, collection)?;
    let available = match direction {
        Direction::Undo => &st.done,
        Direction::Redo => &st.undone,
    };
    let word = direction.word();
    if available.len() < n {
        return Err(CollectionError::Input(if available.is_empty() {
            match (direction, st.cleared_by) {
                (Direction::Redo, Some(change)) => format!(
                    "nothing to redo in collection `{collection}`: change #{change} came after \
                     the last undo, and a new change clears what could be redone"
                ),
                _ => format!("nothing to {word} in collection `{collection}`"),
            }
        } else {
            format!(
                "collection `{collection}` has only {} change{} left to {word}, not {n}; \
                 nothing was {word}ne (try `-n {}`)",
                available.len(),
                if available.len() == 1 { "" } else { "s" },
                available.len()
            )
        }));
    }
    let targets: Vec<i64> = available.iter().rev().take(n).copied().collect();
    let mut holdings = load(&tx, collection)?;
    let mut done = Vec::new();
    for id in targets {
        let target = entry(&tx, id)?;
        let inverse: Vec<Change> = target.changes.iter().rev().map(Change::inverse).collect();
        holdings.apply(&inverse).map_err(|_| {
            CollectionError::Conflict(format!(
                "history entry #{} no longer matches the collection",
                target.id
            ))
        })?;
        apply(&tx, collection, &inverse, WriteOptions::default())?;
        let link = match direction {
            Direction::Undo => Link::Undoes(target.id),
            Direction::Redo => Link::Redoes(target.id),
        };
        let entry = record(&tx, collection, command, link, &inverse)?;
        let origin = origin(&tx, target.clone())?;
        done.push(Undone {
            target,
            origin,
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

    /// A database file `name` in `dir` as yj wrote it at schema `version`: the migrations up to
    /// it, then `rows` (SQL that fills its tables).
    fn old_database(
        dir: &tempfile::TempDir,
        name: &str,
        version: usize,
        rows: &str,
    ) -> std::path::PathBuf {
        let path = dir.path().join(name);
        let conn = Connection::open(&path).unwrap();
        for sql in &crate::catalogue::migrations::MIGRATIONS[..version] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", version).unwrap();
        conn.execute_batch(rows).unwrap();
        path
    }

    /// Every column of every row `sql` selects, as text.
    fn raw(conn: &Connection, sql: &str) -> Vec<String> {
        let mut stmt = conn.prepare(sql).unwrap();
        stmt.query_map([], |r| {
            Ok((0..r.as_ref().column_count())
                .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                .collect::<Vec<_>>()
                .join("|"))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
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
                    price: None,
                    deck: None,
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
    fn a_version_2_database_upgrades_without_losing_anything() {
        // A database as yj wrote it before redo: schema version 2, a collection with a
        // condition and a note, two collections, a history of changes and an undo.
        let dir = tempfile::tempdir().unwrap();
        let path = old_database(
            &dir,
            "v2.db",
            2,
            "INSERT INTO collection_items VALUES
               ('main', 'owned', 'DM-71', 'regular', 3, 'near-mint', 'binder 1, page 2'),
               ('main', 'owned', 'BN-71', 'foil', 1, NULL, NULL),
               ('main', 'want', 'DM-72', 'regular', 2, NULL, NULL),
               ('main', 'keep', '*', 'regular', 0, NULL, NULL),
               ('trade', 'owned', 'DM-1', 'regular', 4, NULL, NULL);
             INSERT INTO collection_history (collection, time, command, undoes, changes) VALUES
               ('main', '2024-01-01T00:00:00Z', 'yj collection add DM-71 --qty 3', NULL,
                '[{\"list\":\"owned\",\"card_id\":\"DM-71\",\"finish\":\"regular\",\"before\":null,\"after\":{\"qty\":3,\"condition\":\"near-mint\",\"note\":\"binder 1, page 2\"}}]'),
               ('main', '2024-01-02T00:00:00Z', 'yj collection add DM-73', NULL,
                '[{\"list\":\"owned\",\"card_id\":\"DM-73\",\"finish\":\"regular\",\"before\":null,\"after\":{\"qty\":1}}]'),
               ('main', '2024-01-03T00:00:00Z', 'yj collection undo', 2,
                '[{\"list\":\"owned\",\"card_id\":\"DM-73\",\"finish\":\"regular\",\"before\":{\"qty\":1},\"after\":null}]');",
        );
        // The columns of version 2 (migration 4 added `printing`, which is '' for them all).
        let items_sql = "SELECT collection, list, card_id, finish, qty, condition, note
                         FROM collection_items ORDER BY 1, 2, 3, 4";
        let history_sql = "SELECT id, collection, time, command, undoes, changes
                           FROM collection_history ORDER BY id";
        let before = {
            let conn = Connection::open(&path).unwrap();
            (raw(&conn, items_sql), raw(&conn, history_sql))
        };
        assert_eq!((before.0.len(), before.1.len()), (5, 3));

        let mut db = Database::open_with(&path, &CatalogueSource::embedded()).unwrap();
        assert_eq!(
            db.schema_version().unwrap(),
            crate::catalogue::migrations::latest()
        );
        assert_eq!(
            raw(db.connection(), items_sql),
            before.0,
            "every entry kept as it was"
        );
        assert_eq!(
            raw(db.connection(), history_sql),
            before.1,
            "every history entry kept"
        );
        let hist = history(&db, "main", 10).unwrap();
        assert_eq!(hist[0].undoes, Some(2));
        assert_eq!(hist[1].undone_by, Some(3));
        assert!(hist.iter().all(|e| e.redoes.is_none()));

        // The old undo can be redone, and undo walks back as before.
        let redone = redo(&mut db, "main", 1, "redo").unwrap();
        assert_eq!(redone[0].origin.command, "yj collection add DM-73");
        assert_eq!(
            load(db.connection(), "main")
                .unwrap()
                .owned("DM-73", Finish::Regular),
            1
        );
        undo(&mut db, "main", 2, "undo").unwrap();
        let main = load(db.connection(), "main").unwrap();
        assert_eq!(main.owned("DM-71", Finish::Regular), 0);
        assert_eq!(
            main.owned("BN-71", Finish::Foil),
            1,
            "imported before the history"
        );
        assert_eq!(
            load(db.connection(), "trade")
                .unwrap()
                .owned("DM-1", Finish::Regular),
            4
        );
        // Append-only still holds after the migration.
        let err = db
            .connection()
            .execute("UPDATE collection_history SET redoes = 1", [])
            .unwrap_err()
            .to_string();
        assert!(err.contains("append-only"), "{err}");
    }

    #[test]
    fn the_history_replays_into_what_undo_and_redo_take_next() {
        let mut db = db();
        let slot = |id: &str| Slot::owned(id, Finish::Regular);
        let opts = WriteOptions::default();
        write(&mut db, "main", "a", opts, set(slot("DM-71"), 1)).unwrap(); // 1
        write(&mut db, "main", "b", opts, set(slot("DM-72"), 1)).unwrap(); // 2
        undo(&mut db, "main", 2, "undo").unwrap(); // 3 undoes 2, 4 undoes 1
        redo(&mut db, "main", 1, "redo").unwrap(); // 5 redoes 4
        let st = stacks(db.connection(), "main").unwrap();
        assert_eq!(
            st,
            Stacks {
                done: vec![5],
                undone: vec![3],
                cleared_by: None
            }
        );
        write(&mut db, "main", "c", opts, set(slot("DM-73"), 1)).unwrap(); // 6
        let st = stacks(db.connection(), "main").unwrap();
        assert_eq!(
            st,
            Stacks {
                done: vec![5, 6],
                undone: vec![],
                cleared_by: Some(6)
            }
        );
        // Another collection's history is its own.
        assert_eq!(stacks(db.connection(), "other").unwrap(), Stacks::default());
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
                "INSERT INTO collection_items (collection, list, card_id, finish, qty, printing)
                 VALUES ('main', 'owned', 'DM-71', 'regular', -1, '')",
                [],
            )
            .unwrap_err();
        assert!(err.to_string().contains("CHECK"), "{err}");
    }

    #[test]
    fn a_regular_copy_cannot_have_a_foil_printing() {
        let db = db();
        let err = db
            .connection()
            .execute(
                "INSERT INTO collection_items (collection, list, card_id, finish, qty, printing)
                 VALUES ('main', 'owned', 'DF-31', 'regular', 1, 'RF')",
                [],
            )
            .unwrap_err();
        assert!(err.to_string().contains("CHECK"), "{err}");
    }

    #[test]
    fn a_version_3_database_upgrades_and_its_foils_keep_no_printing() {
        // A database as yj wrote it before foil printings: schema version 3, foils (DF-31 has
        // two foil printings, BN-71 one), a foil want, keep reserves, and a history with an
        // undo and a redo.
        let dir = tempfile::tempdir().unwrap();
        let path = old_database(
            &dir,
            "v3.db",
            3,
            "INSERT INTO collection_items VALUES
               ('main', 'owned', 'DF-31', 'foil', 2, 'near-mint', 'binder 4'),
               ('main', 'owned', 'BN-71', 'foil', 1, NULL, NULL),
               ('main', 'owned', 'DM-71', 'regular', 3, NULL, NULL),
               ('main', 'want', 'DF-31', 'foil', 3, NULL, NULL),
               ('main', 'keep', '*', 'regular', 1, NULL, NULL),
               ('main', 'keep', 'DF-31', 'regular', 0, NULL, NULL);
             INSERT INTO collection_history (collection, time, command, undoes, redoes, changes) VALUES
               ('main', '2024-01-01T00:00:00Z', 'yj collection add DF-31 --foil', NULL, NULL,
                '[{\"list\":\"owned\",\"card_id\":\"DF-31\",\"finish\":\"foil\",\"before\":{\"qty\":1,\"condition\":\"near-mint\",\"note\":\"binder 4\"},\"after\":{\"qty\":2,\"condition\":\"near-mint\",\"note\":\"binder 4\"}}]'),
               ('main', '2024-01-02T00:00:00Z', 'yj collection want add DF-31 --foil --qty 3', NULL, NULL,
                '[{\"list\":\"want\",\"card_id\":\"DF-31\",\"finish\":\"foil\",\"before\":{\"qty\":1},\"after\":{\"qty\":3}}]'),
               ('main', '2024-01-03T00:00:00Z', 'yj collection undo', 2, NULL,
                '[{\"list\":\"want\",\"card_id\":\"DF-31\",\"finish\":\"foil\",\"before\":{\"qty\":3},\"after\":{\"qty\":1}}]'),
               ('main', '2024-01-04T00:00:00Z', 'yj collection redo', NULL, 3,
                '[{\"list\":\"want\",\"card_id\":\"DF-31\",\"finish\":\"foil\",\"before\":{\"qty\":1},\"after\":{\"qty\":3}}]');",
        );
        let before = load(&Connection::open(&path).unwrap(), "main");
        assert!(before.is_err(), "version 3 has no printing column");

        let mut db = Database::open_with(&path, &CatalogueSource::embedded()).unwrap();
        assert_eq!(
            db.schema_version().unwrap(),
            crate::catalogue::migrations::latest()
        );
        let h = load(db.connection(), "main").unwrap();
        assert_eq!(h.entries.len(), 6, "every entry kept");
        assert!(
            h.entries.keys().all(|s| s.printing.is_none()),
            "no printing guessed"
        );
        let df31 = Slot::owned("DF-31", Finish::Foil);
        assert_eq!(
            h.get(&df31),
            Some(&Value {
                qty: 2,
                condition: Some(Condition::NearMint),
                note: Some("binder 4".into()),
                price: None,
                deck: None,
            })
        );
        assert_eq!(h.qty(&Slot::want("DF-31", Finish::Foil)), 3);
        assert_eq!(h.keep_for("DF-31"), 0);
        assert_eq!(h.keep_for("DM-71"), 1);
        assert_eq!(history(&db, "main", 10).unwrap().len(), 4);

        // The old history still undoes and redoes: the redo (#4), then the foil add (#1).
        undo(&mut db, "main", 2, "undo").unwrap();
        let h = load(db.connection(), "main").unwrap();
        assert_eq!(h.qty(&Slot::want("DF-31", Finish::Foil)), 1);
        assert_eq!(h.qty(&df31), 1);
        redo(&mut db, "main", 2, "redo").unwrap();
        let h = load(db.connection(), "main").unwrap();
        assert_eq!(h.qty(&Slot::want("DF-31", Finish::Foil)), 3);
        assert_eq!(h.qty(&df31), 2);

        // A new change names a printing; it is stored, recorded, and undone like any other.
        let rf = df31.clone().with_printing(Some(Set::RF));
        write(
            &mut db,
            "main",
            "add rf",
            WriteOptions::default(),
            set(rf.clone(), 1),
        )
        .unwrap();
        let h = load(db.connection(), "main").unwrap();
        assert_eq!(
            (h.qty(&rf), h.qty(&df31), h.owned("DF-31", Finish::Foil)),
            (1, 2, 3)
        );
        let last = &history(&db, "main", 1).unwrap()[0];
        assert_eq!(last.changes[0].slot, rf);
        undo(&mut db, "main", 1, "undo").unwrap();
        assert_eq!(load(db.connection(), "main").unwrap().qty(&rf), 0);
        redo(&mut db, "main", 1, "redo").unwrap();
        assert_eq!(load(db.connection(), "main").unwrap().qty(&rf), 1);
        let err = db
            .connection()
            .execute("DELETE FROM collection_history", [])
            .unwrap_err()
            .to_string();
        assert!(err.contains("append-only"), "{err}");
    }

    #[test]
    fn a_version_5_database_upgrades_to_lots_without_losing_anything() {
        // A database as yj wrote it before lots: schema version 5, owned copies with
        // conditions and notes, a foil with its printing, wants, keep reserves, two
        // collections, and a history with an undo.
        let dir = tempfile::tempdir().unwrap();
        let path = old_database(
            &dir,
            "v5.db",
            5,
            "INSERT INTO collection_items
               (collection, list, card_id, finish, qty, condition, note, printing) VALUES
               ('main', 'owned', 'DM-71', 'regular', 3, 'moderately-played', 'signed', ''),
               ('main', 'owned', 'DF-31', 'foil', 1, NULL, NULL, 'RF'),
               ('main', 'want', 'DM-72', 'regular', 2, NULL, NULL, ''),
               ('main', 'keep', '*', 'regular', 0, NULL, NULL, ''),
               ('trade', 'owned', 'DM-1', 'regular', 4, 'near-mint', NULL, '');
             INSERT INTO collection_history (collection, time, command, undoes, redoes, changes) VALUES
               ('main', '2025-01-01T00:00:00Z', 'yj collection add DM-71 --qty 2', NULL, NULL,
                '[{\"list\":\"owned\",\"card_id\":\"DM-71\",\"finish\":\"regular\",\"before\":{\"qty\":1,\"condition\":\"moderately-played\",\"note\":\"signed\"},\"after\":{\"qty\":3,\"condition\":\"moderately-played\",\"note\":\"signed\"}}]'),
               ('main', '2025-01-02T00:00:00Z', 'yj collection add DM-73', NULL, NULL,
                '[{\"list\":\"owned\",\"card_id\":\"DM-73\",\"finish\":\"regular\",\"before\":null,\"after\":{\"qty\":1}}]'),
               ('main', '2025-01-03T00:00:00Z', 'yj collection undo', 2, NULL,
                '[{\"list\":\"owned\",\"card_id\":\"DM-73\",\"finish\":\"regular\",\"before\":{\"qty\":1},\"after\":null}]');",
        );
        let columns = "SELECT collection, list, card_id, finish, qty, condition, note, printing
                       FROM collection_items ORDER BY 1, 2, 3, 4";
        let history_sql = "SELECT * FROM collection_history ORDER BY id";
        let before = {
            let conn = Connection::open(&path).unwrap();
            (raw(&conn, columns), raw(&conn, history_sql))
        };
        let mut db = Database::open_with(&path, &CatalogueSource::embedded()).unwrap();
        assert_eq!(db.schema_version().unwrap(), 6);
        assert_eq!(raw(db.connection(), columns), before.0, "every entry kept");
        assert_eq!(
            raw(db.connection(), history_sql),
            before.1,
            "the history kept"
        );
        assert_eq!(
            raw(
                db.connection(),
                "SELECT DISTINCT lot, price, deck FROM collection_items"
            ),
            ["Integer(0)|Null|Null"],
            "every entry is the first lot, with no price and no deck"
        );
        // The old history still undoes: the add of DM-71 goes back to its one copy.
        undo(&mut db, "main", 1, "undo").unwrap();
        let dm71 = Slot::owned("DM-71", Finish::Regular);
        let h = load(db.connection(), "main").unwrap();
        assert_eq!(h.get(&dm71).map(|v| v.qty), Some(1));
        assert_eq!(h.get(&dm71).and_then(|v| v.note.as_deref()), Some("signed"));
        // A second lot of the printing is stored beside it, and undone like any change.
        let lot1 = dm71.clone().with_lot(1);
        let priced = Value {
            price: Some(150),
            ..Value::qty(2)
        };
        write(&mut db, "main", "add lot", WriteOptions::default(), |_| {
            Ok(vec![Change {
                slot: lot1.clone(),
                before: None,
                after: Some(priced.clone()),
            }])
        })
        .unwrap();
        let h = load(db.connection(), "main").unwrap();
        assert_eq!(
            (h.get(&lot1), h.owned("DM-71", Finish::Regular)),
            (Some(&priced), 3)
        );
        assert_eq!(history(&db, "main", 1).unwrap()[0].changes[0].slot, lot1);
        undo(&mut db, "main", 1, "undo").unwrap();
        assert_eq!(load(db.connection(), "main").unwrap().qty(&dm71), 1);
        // A want or keep reserve has no lots, prices or decks.
        for sql in [
            "INSERT INTO collection_items (collection, list, card_id, finish, qty, lot)
             VALUES ('main', 'want', 'DM-9', 'regular', 1, 1)",
            "INSERT INTO collection_items (collection, list, card_id, finish, qty, price)
             VALUES ('main', 'want', 'DM-9', 'regular', 1, 100)",
        ] {
            let err = db.connection().execute(sql, []).unwrap_err().to_string();
            assert!(err.contains("CHECK"), "{err}");
        }
    }
}
