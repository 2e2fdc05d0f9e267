//! A consistent copy of the whole database, taken with SQLite's online backup while other
//! processes may be using it.

use std::path::{Path, PathBuf};

use rusqlite::Connection;
use rusqlite::backup::{Backup, StepResult};

use super::destination::{Destination, partial};
use super::error::CollectionError;
use super::store::counts;
use crate::catalogue::Database;

/// What a backup wrote.
#[derive(Debug, Clone)]
pub struct BackupReport {
    pub path: PathBuf,
    pub bytes: u64,
    /// Rows of every collection's lists, and history entries, in the copy.
    pub items: i64,
    pub history: i64,
    /// Written through a device or pipe (which may be standard output).
    pub streamed: bool,
}

/// Copies the database to `dest`. The copy is written under a temporary name, checked
/// (`PRAGMA integrity_check`), switched to a single-file journal, and only then renamed into
/// place, so `dest` is either the old file or a whole, checked backup; an existing `dest` is
/// kept unless `overwrite`. A link is followed (its target is replaced, the link stays); a
/// device or pipe (`/dev/stdout`) gets the checked copy written through, and is never replaced
/// or read.
pub fn backup(
    db: &Database,
    dest: &Path,
    overwrite: bool,
) -> Result<BackupReport, CollectionError> {
    let target = Destination::of(dest)?;
    if target.is_existing_file() && !overwrite {
        return Err(CollectionError::Input(format!(
            "`{}` already exists; choose another file, or pass --force to replace it",
            dest.display()
        )));
    }
    not_the_database(db.path(), target.path(), "back it up to")?;
    let tmp = match &target {
        Destination::File { path, .. } => partial(path)?,
        // A stream gets the checked copy afterwards; it is made where temporary files go.
        Destination::Stream { .. } => std::env::temp_dir().join(format!(
            ".yj-backup-{}-{}.partial",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        )),
    };
    let _ = std::fs::remove_file(&tmp);
    let result = copy_checked(db.connection(), &tmp).and_then(|counts| {
        let io = |e| CollectionError::io(format!("cannot write `{}`", dest.display()), e);
        match &target {
            Destination::File { path, .. } => {
                std::fs::File::open(&tmp)
                    .and_then(|f| f.sync_all())
                    .map_err(io)?;
                std::fs::rename(&tmp, path).map_err(io)?;
            }
            Destination::Stream { .. } => {
                let bytes = std::fs::read(&tmp).map_err(io)?;
                target.write(dest, &bytes)?;
            }
        }
        Ok(counts)
    });
    let _ = std::fs::remove_file(&tmp);
    let (items, history, bytes) = result?;
    Ok(BackupReport {
        path: dest.to_path_buf(),
        bytes,
        items,
        history,
        streamed: matches!(target, Destination::Stream { .. }),
    })
}

/// SQLite's online backup of `source` into a new file `tmp`, checked, as one
/// self-contained file: `(items, history entries, bytes)`.
fn copy_checked(source: &Connection, tmp: &Path) -> Result<(i64, i64, u64), CollectionError> {
    let mut copy = Connection::open(tmp)?;
    run_backup(source, &mut copy)?;
    copy.pragma_update_and_check(None, "journal_mode", "DELETE", |_| Ok(()))?;
    let check: String = copy.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    if check != "ok" {
        return Err(CollectionError::Conflict(format!(
            "the backup copy failed its integrity check: {check}"
        )));
    }
    let (items, history) = counts(&copy)?;
    copy.close().map_err(|(_, e)| e)?;
    let bytes = std::fs::metadata(tmp)
        .map_err(|e| CollectionError::io(format!("cannot read `{}`", tmp.display()), e))?
        .len();
    Ok((items, history, bytes))
}

/// Every page of `source` into `dest` in one step: one read of the source, consistent even
/// while another process writes (WAL readers do not block writers), and one transaction on
/// `dest`, so it gets all of it or none.
fn run_backup(source: &Connection, dest: &mut Connection) -> Result<(), CollectionError> {
    let backup = Backup::new(source, dest)?;
    let mut waits = 0;
    loop {
        match backup.step(-1)? {
            StepResult::Done => return Ok(()),
            StepResult::More => {}
            // Another connection holds a lock for a moment (a checkpoint, a writer): retry for
            // up to ten seconds, like the busy timeout.
            _ if waits < 500 => {
                waits += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            _ => return Err(CollectionError::Busy),
        }
    }
}

/// What a restore did.
#[derive(Debug, Clone)]
pub struct RestoreReport {
    /// The copy of the database as it was before, kept beside it.
    pub kept: PathBuf,
    /// Rows of every collection's lists, and history entries, restored.
    pub items: i64,
    pub history: i64,
}

/// Replaces the whole database with the backup `source`, through SQLite's backup mechanism
/// (never a file copy: a write-ahead log left beside the database by a killed process would
/// be replayed onto a copied file and corrupt it). The backup must be a sound yj database
/// no newer than this yj. A checked copy of the database as it was is kept first, beside it;
/// the restore itself is one transaction, so the database is the old one or the backup's.
/// The caller opens the database again afterwards, which migrates a backup from an older yj.
pub fn restore(db: &mut Database, source: &Path) -> Result<RestoreReport, CollectionError> {
    db.refuse_read_only("restoring a backup writes it")?;
    let shown = source.display();
    let meta = std::fs::metadata(source)
        .map_err(|e| CollectionError::Input(format!("cannot read the backup `{shown}`: {e}")))?;
    if !meta.is_file() {
        return Err(CollectionError::Input(format!(
            "`{shown}` is not a file; give the backup file `yj collection backup` wrote"
        )));
    }
    if same_file(db.path(), source) {
        return Err(CollectionError::Input(format!(
            "`{shown}` is the database itself; give the backup to restore from"
        )));
    }
    if !is_sqlite_file(source) {
        return Err(CollectionError::Input(format!(
            "`{shown}` is not a SQLite database, so not a yj backup; nothing was changed"
        )));
    }
    let from = crate::catalogue::db::read_only_connection(source)?;
    check_backup(&from, source)?;
    let (items, history) = counts(&from)?;
    let kept = kept_name(db)?;
    backup(db, &kept, false)?;
    run_backup(&from, db.connection_mut())?;
    Ok(RestoreReport {
        kept,
        items,
        history,
    })
}

/// Refuses a backup that is not a sound yj database this yj can read.
fn check_backup(from: &Connection, source: &Path) -> Result<(), CollectionError> {
    let shown = source.display();
    let refuse = |why: String| {
        CollectionError::Input(format!(
            "`{shown}` {why}; nothing was changed, and the database is as it was"
        ))
    };
    let version: i64 = from.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let mut stmt = from.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )?;
    let tables: Vec<String> = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let has = |t: &str| tables.iter().any(|n| n == t);
    if version < 2
        || !["meta", "cards", "collection_items", "collection_history"]
            .iter()
            .all(|t| has(t))
    {
        return Err(refuse(
            "is a SQLite database but not a yj database or backup (it has no collection tables)"
                .into(),
        ));
    }
    if version > crate::catalogue::migrations::latest() {
        return Err(refuse(format!(
            "was written by a newer yj (schema version {version}; this yj knows up to {}): \
             upgrade yj to restore it",
            crate::catalogue::migrations::latest()
        )));
    }
    let check: String = from.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    if check != "ok" {
        return Err(refuse(format!(
            "fails SQLite's integrity check ({}), so it is not restored",
            crate::catalogue::lookup::excerpt(&check)
        )));
    }
    Ok(())
}

/// `yj.db.before-restore-20240501T120000Z` beside the database (with `-2`, `-3` if taken).
fn kept_name(db: &Database) -> Result<PathBuf, CollectionError> {
    let stamp: String =
        db.connection()
            .query_row("SELECT strftime('%Y%m%dT%H%M%SZ', 'now')", [], |r| r.get(0))?;
    let base = format!("{}.before-restore-{stamp}", db.path().display());
    let mut candidate = PathBuf::from(&base);
    let mut n = 2;
    while candidate.exists() {
        candidate = PathBuf::from(format!("{base}-{n}"));
        n += 1;
    }
    Ok(candidate)
}

/// Refuses `dest` when it is the database or one of the files SQLite keeps beside it:
/// replacing either loses every collection. `doing` ends the advice ("write it to").
pub fn not_the_database(db: &Path, dest: &Path, doing: &str) -> Result<(), CollectionError> {
    if same_file(db, dest) {
        return Err(CollectionError::Input(format!(
            "`{}` is the database itself; {doing} another file",
            dest.display()
        )));
    }
    if let Some(suffix) = journal_file_of(db, dest) {
        return Err(CollectionError::Input(format!(
            "`{}` belongs to the database (its `{suffix}` file); {doing} another file",
            dest.display()
        )));
    }
    Ok(())
}

/// Whether `path` is an SQLite database (a `yj` database or a backup of one), by its header.
pub fn is_sqlite_file(path: &Path) -> bool {
    let mut header = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut header))
        .is_ok()
        && &header == b"SQLite format 3\0"
}

/// The suffix when `dest` is one of the files SQLite keeps beside the database: replacing
/// the write-ahead log would lose the changes not yet copied into the database.
fn journal_file_of(db: &Path, dest: &Path) -> Option<&'static str> {
    let db = db.canonicalize().ok()?;
    let parent = match dest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let dest = parent.canonicalize().ok()?.join(dest.file_name()?);
    ["-wal", "-shm", "-journal"].into_iter().find(|suffix| {
        let mut name = db.as_os_str().to_owned();
        name.push(suffix);
        Path::new(&name) == dest
    })
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{CatalogueSource, Finish};
    use crate::collection::model::{Change, Slot, Value};
    use crate::collection::store::{WriteOptions, load, write};

    #[test]
    fn a_backup_holds_the_collection_and_is_a_single_checked_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut db =
            Database::open_with(&dir.path().join("yj.db"), &CatalogueSource::embedded()).unwrap();
        write(&mut db, "main", "add", WriteOptions::default(), |_| {
            Ok(vec![Change {
                slot: Slot::owned("DM-71", Finish::Regular),
                before: None,
                after: Some(Value::qty(2)),
            }])
        })
        .unwrap();
        let dest = dir.path().join("copy.db");
        let report = backup(&db, &dest, false).unwrap();
        assert_eq!((report.items, report.history), (1, 1));
        assert!(!dir.path().join("copy.db-wal").exists());
        let copy = Connection::open(&dest).unwrap();
        let mode: String = copy
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "delete");
        assert_eq!(
            load(&copy, "main").unwrap().owned("DM-71", Finish::Regular),
            2
        );
        // An existing file is kept unless asked.
        let err = backup(&db, &dest, false).unwrap_err().to_string();
        assert!(err.contains("already exists"), "{err}");
        assert!(backup(&db, &dest, true).is_ok());
        let err = backup(&db, &dir.path().join("yj.db"), true)
            .unwrap_err()
            .to_string();
        assert!(err.contains("the database itself"), "{err}");
    }

    #[test]
    fn a_backup_never_replaces_the_database_s_own_journal_files() {
        // Replacing `yj.db-wal` would drop the changes not yet copied into `yj.db`, and SQLite
        // deletes that file on close, taking the "backup" with it.
        let dir = tempfile::tempdir().unwrap();
        let db =
            Database::open_with(&dir.path().join("yj.db"), &CatalogueSource::embedded()).unwrap();
        for suffix in ["-wal", "-shm", "-journal"] {
            let dest = dir.path().join(format!("yj.db{suffix}"));
            let err = backup(&db, &dest, true).unwrap_err().to_string();
            assert!(err.contains("belongs to the database"), "{suffix}: {err}");
        }
    }
}
