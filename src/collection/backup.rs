//! A consistent copy of the whole database, taken with SQLite's online backup while other
//! processes may be using it.

use std::path::{Path, PathBuf};

use rusqlite::Connection;
use rusqlite::backup::{Backup, StepResult};

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
}

/// Copies the database to `dest`. The copy is written beside `dest` under a temporary name,
/// checked (`PRAGMA integrity_check`), switched to a single-file journal, and only then renamed
/// into place, so `dest` is either the old file or a whole, checked backup. An existing `dest`
/// is kept unless `overwrite`.
pub fn backup(
    db: &Database,
    dest: &Path,
    overwrite: bool,
) -> Result<BackupReport, CollectionError> {
    let io = |what: &str, e: std::io::Error| {
        CollectionError::Io(format!("cannot {what} `{}`: {e}", dest.display()))
    };
    if dest.exists() && !overwrite {
        return Err(CollectionError::Input(format!(
            "`{}` already exists; choose another file, or pass --force to replace it",
            dest.display()
        )));
    }
    not_the_database(db.path(), dest, "back it up to")?;
    let name = dest.file_name().ok_or_else(|| {
        CollectionError::Input(format!("`{}` is not a file name", dest.display()))
    })?;
    let tmp = dest.with_file_name(format!(".{}.partial", name.to_string_lossy()));
    let _ = std::fs::remove_file(&tmp);
    let result = (|| {
        let mut copy = Connection::open(&tmp)?;
        {
            let backup = Backup::new(db.connection(), &mut copy)?;
            // All pages in one step: the copy is a single read of the source, consistent even
            // while another process writes (WAL readers do not block writers).
            let mut waits = 0;
            loop {
                match backup.step(-1)? {
                    StepResult::Done => break,
                    StepResult::More => {}
                    // Another connection holds a lock for a moment (a checkpoint): retry for
                    // up to ten seconds, like the busy timeout.
                    _ if waits < 500 => {
                        waits += 1;
                        std::thread::sleep(std::time::Duration::from_millis(20));
                    }
                    _ => return Err(CollectionError::Busy),
                }
            }
        }
        copy.pragma_update_and_check(None, "journal_mode", "DELETE", |_| Ok(()))?;
        let check: String = copy.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
        if check != "ok" {
            return Err(CollectionError::Conflict(format!(
                "the backup copy failed its integrity check: {check}"
            )));
        }
        let (items, history) = counts(&copy)?;
        copy.close().map_err(|(_, e)| e)?;
        Ok((items, history))
    })();
    let (items, history) = match result {
        Ok(r) => r,
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
    };
    std::fs::File::open(&tmp)
        .and_then(|f| f.sync_all())
        .map_err(|e| io("write", e))?;
    std::fs::rename(&tmp, dest).map_err(|e| io("write", e))?;
    let bytes = std::fs::metadata(dest).map_err(|e| io("read", e))?.len();
    Ok(BackupReport {
        path: dest.to_path_buf(),
        bytes,
        items,
        history,
    })
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
