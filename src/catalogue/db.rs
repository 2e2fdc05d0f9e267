//! The SQLite database: opening, migrating, refreshing the catalogue tables and reading them.

use std::path::{Path, PathBuf};

use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension, Transaction, params};

use super::catalogue::Catalogue;
use super::embedded::CatalogueSource;
use super::error::CatalogueError;
use super::load::{CARD_COLUMNS, CardRow, card_from_row, row_from_card};
use super::lookup::{excerpt, normalise};
use super::migrations::{MIGRATIONS, latest};

/// Columns holding whole numbers; the rest are text.
const INTEGER_COLUMNS: &[&str] = &[
    "counters",
    "damage",
    "destiny",
    "counters2",
    "destiny2",
    "use1_dots",
    "use1_cubes",
    "use2_dots",
    "use2_cubes",
    "use3_dots",
    "use3_cubes",
];

pub struct Database {
    conn: Connection,
    path: PathBuf,
    /// Opened read-only: the file's permissions do not let this user write it.
    read_only: bool,
    /// Set when this open created the database file (there was none, or an empty one).
    created: Option<Created>,
}

/// What opening a database created: the file, and the folders it needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Created {
    /// Folders created for it, outermost first.
    pub folders: Vec<PathBuf>,
}

/// What `yj db info` reports.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DbInfo {
    pub path: String,
    pub schema_version: i64,
    pub catalogue_version: String,
    /// `(table, rows)` for every table.
    pub tables: Vec<(String, i64)>,
}

/// What `yj db check` found: every problem SQLite's integrity and foreign-key checks report
/// (none for a sound database).
#[derive(Debug, Clone, serde::Serialize)]
pub struct CheckReport {
    pub path: String,
    /// The version of the SQLite built into yj, which did the checking.
    pub sqlite_version: String,
    pub integrity: Vec<String>,
    pub foreign_keys: Vec<String>,
}

impl CheckReport {
    pub fn ok(&self) -> bool {
        self.integrity.is_empty() && self.foreign_keys.is_empty()
    }
}

/// The tables a yj database has from its first migration on.
const YJ_TABLES: &[&str] = &["cards", "meta", "printings"];

/// Whether this process may write `path` (the permissions as they apply to this user; root
/// may write anything).
fn writable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        match std::ffi::CString::new(path.as_os_str().as_bytes()) {
            // SAFETY: `access` reads the NUL-terminated path and nothing else.
            Ok(c) => unsafe { libc::access(c.as_ptr(), libc::W_OK) == 0 },
            Err(_) => true,
        }
    }
    #[cfg(not(unix))]
    {
        std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
    }
}

/// `path` beside the database with `suffix` (`-wal`, `-shm`).
fn companion(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// A `file:` URI for `path`, for the open flags a URI can carry (`immutable`).
fn file_uri(path: &Path) -> String {
    let mut uri = String::from("file:");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.' | b'~') {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri
}

/// A connection that reads `path` and leaves nothing beside it. Without a write-ahead log to
/// read, the file is all there is, so SQLite may read it as immutable: no lock and no `-shm`
/// file (a read-only connection otherwise leaves one, read-only when the file is, and it
/// stops later writes). With a log, that log must be read, the usual way. For a file nobody
/// may write, or a backup nothing else writes.
pub fn read_only_connection(path: &Path) -> rusqlite::Result<Connection> {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY
        | rusqlite::OpenFlags::SQLITE_OPEN_URI
        | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
    if companion(path, "-wal").exists() {
        Connection::open_with_flags(path, flags)
    } else {
        Connection::open_with_flags(format!("{}?immutable=1", file_uri(path)), flags)
    }
}

impl Database {
    /// Opens (creating if needed) the database at `path`, migrates it, and loads the embedded
    /// catalogue into it if the catalogue changed since the last run.
    pub fn open(path: &Path) -> Result<Database, CatalogueError> {
        Database::open_with(path, &CatalogueSource::embedded())
    }

    /// As [`Database::open`], with a given catalogue. A file this user may not write is opened
    /// read-only, and then changes nothing on disk, not even the `-shm` file SQLite keeps
    /// beside a database (left behind read-only, it would stop later writes after a `chmod`);
    /// such a database must already be up to date. Another program's SQLite file is refused
    /// before anything is written to it.
    pub fn open_with(path: &Path, source: &CatalogueSource) -> Result<Database, CatalogueError> {
        let shown = path.display().to_string();
        let wrap = |source: rusqlite::Error| match &source {
            rusqlite::Error::SqliteFailure(e, _) if e.code == rusqlite::ErrorCode::NotADatabase => {
                CatalogueError::NotADatabase {
                    path: shown.clone(),
                }
            }
            _ => CatalogueError::Database {
                path: shown.clone(),
                source,
            },
        };
        if path.is_dir() {
            return Err(CatalogueError::IsFolder {
                path: shown.clone(),
                suggestion: path.join("yj.db").display().to_string(),
            });
        }
        let existing = std::fs::metadata(path).ok();
        let fresh = existing.as_ref().is_none_or(|m| m.len() == 0);
        let mut folders = Vec::new();
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            folders = parent
                .ancestors()
                .filter(|a| !a.as_os_str().is_empty() && !a.exists())
                .map(Path::to_path_buf)
                .collect();
            folders.reverse();
            std::fs::create_dir_all(parent).map_err(|e| CatalogueError::Folder {
                path: parent.display().to_string(),
                reason: e.to_string(),
            })?;
        }
        let read_only = existing.is_some() && !writable(path);
        let conn = if read_only {
            read_only_connection(path)
        } else {
            for suffix in ["-wal", "-shm"] {
                let file = companion(path, suffix);
                if file.exists() && !writable(&file) {
                    return Err(CatalogueError::ReadOnlyCompanion {
                        path: shown.clone(),
                        file: file.display().to_string(),
                    });
                }
            }
            Connection::open(path)
        }
        .map_err(wrap)?;
        let mut db = Database {
            conn,
            path: path.to_path_buf(),
            read_only,
            created: fresh.then_some(Created { folders }),
        };
        // Refuse a newer yj's database, or another program's, before anything writes to
        // it: switching the journal mode to WAL (in `configure`) already changes the file.
        db.conn
            .busy_timeout(std::time::Duration::from_secs(10))
            .map_err(wrap)?;
        let checked = db.refuse_newer_schema().and_then(|_| db.refuse_foreign());
        checked.map_err(|e| match e {
            CatalogueError::Sql(source) => wrap(source),
            other => other,
        })?;
        if read_only {
            db.conn
                .pragma_update(None, "foreign_keys", "ON")
                .map_err(wrap)?;
            if db.schema_version()? != latest() {
                return Err(db.read_only_error("it was written by an older yj and needs upgrading"));
            }
            if db.catalogue_version()?.as_deref() != Some(source.version().as_str()) {
                return Err(db.read_only_error(
                    "its card catalogue is from another version of yj and needs reloading",
                ));
            }
            return Ok(db);
        }
        db.configure().map_err(wrap)?;
        db.migrate()?;
        db.refresh_catalogue(source, false)?;
        Ok(db)
    }

    fn read_only_error(&self, needs: &str) -> CatalogueError {
        CatalogueError::ReadOnly {
            path: self.path.display().to_string(),
            needs: needs.to_string(),
        }
    }

    /// An error for a command that would write a database opened read-only.
    pub fn refuse_read_only(&self, doing: &str) -> Result<(), CatalogueError> {
        if self.read_only {
            return Err(self.read_only_error(doing));
        }
        Ok(())
    }

    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// Whether this open created the database (and which folders it needed).
    pub fn created(&self) -> Option<&Created> {
        self.created.as_ref()
    }

    /// Refuses a SQLite file that holds tables but not yj's: `--db` pointing at another
    /// program's database would otherwise get yj's tables added to it.
    fn refuse_foreign(&self) -> Result<(), CatalogueError> {
        let mut stmt = self.conn.prepare(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')
               AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )?;
        let tables: Vec<String> = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let version = self.schema_version()?;
        let yj = YJ_TABLES.iter().all(|t| tables.iter().any(|n| n == t));
        if (tables.is_empty() && version == 0) || (version > 0 && yj) {
            return Ok(());
        }
        let found = if tables.is_empty() {
            format!("no tables, but schema version {version}")
        } else {
            let mut names: Vec<String> = tables.iter().take(5).map(|t| excerpt(t)).collect();
            if tables.len() > 5 {
                names.push(format!("and {} more", tables.len() - 5));
            }
            format!(
                "{} table{}: {}",
                tables.len(),
                if tables.len() == 1 { "" } else { "s" },
                names.join(", ")
            )
        };
        Err(CatalogueError::NotYj {
            path: self.path.display().to_string(),
            found,
        })
    }

    /// An in-memory database (tests).
    pub fn open_in_memory(source: &CatalogueSource) -> Result<Database, CatalogueError> {
        let mut db = Database {
            conn: Connection::open_in_memory()?,
            path: PathBuf::from(":memory:"),
            read_only: false,
            created: None,
        };
        db.configure()?;
        db.migrate()?;
        db.refresh_catalogue(source, false)?;
        Ok(db)
    }

    fn configure(&self) -> rusqlite::Result<()> {
        // WAL lets readers work while another process writes; the busy timeout makes a second
        // writer wait for the first instead of failing at once.
        // The timeout comes first so that switching a fresh file to WAL also waits.
        self.conn.busy_timeout(std::time::Duration::from_secs(10))?;
        // Switching a brand-new file to WAL needs an exclusive lock, and SQLite answers "busy"
        // at once, without the busy handler, while another process is creating the same
        // database: retry for as long as the busy timeout would have waited.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            match self
                .conn
                .pragma_update_and_check(None, "journal_mode", "WAL", |_| Ok(()))
            {
                Err(rusqlite::Error::SqliteFailure(e, _))
                    if e.code == rusqlite::ErrorCode::DatabaseBusy
                        && std::time::Instant::now() < deadline =>
                {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                other => break other?,
            }
        }
        self.conn.pragma_update(None, "foreign_keys", "ON")?;
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    pub fn connection_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }

    pub fn schema_version(&self) -> Result<i64, CatalogueError> {
        Ok(self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?)
    }

    /// The schema version, or an error when a newer yj wrote this database.
    fn refuse_newer_schema(&self) -> Result<i64, CatalogueError> {
        let current = self.schema_version()?;
        if current > latest() {
            return Err(CatalogueError::NewerSchema {
                path: self.path.display().to_string(),
                found: current,
                known: latest(),
            });
        }
        Ok(current)
    }

    /// Runs every migration the database has not seen, all in one transaction.
    fn migrate(&mut self) -> Result<(), CatalogueError> {
        let current = self.refuse_newer_schema()?;
        if current == latest() {
            return Ok(());
        }
        // Take the write lock first and read the version again under it: two processes that
        // open a fresh database at once must not both run the same migration.
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let current: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(current as usize) {
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The catalogue version the tables hold now, if any.
    pub fn catalogue_version(&self) -> Result<Option<String>, CatalogueError> {
        Ok(self
            .conn
            .query_row(
                "SELECT value FROM meta WHERE key = 'catalogue_version'",
                [],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Replaces the catalogue tables with `source` when its version differs from the stored one
    /// (or always, with `force`). User tables are not touched. Returns whether it rebuilt.
    pub fn refresh_catalogue(
        &mut self,
        source: &CatalogueSource,
        force: bool,
    ) -> Result<bool, CatalogueError> {
        let version = source.version();
        if !force && self.catalogue_version()?.as_deref() == Some(version.as_str()) {
            return Ok(false);
        }
        self.refuse_read_only("reloading its card catalogue writes it")?;
        // Parse and check everything before the first write.
        let catalogue = Catalogue::from_source(source)?;
        // Take the write lock before reading again: a deferred transaction that reads first
        // cannot wait for another process's refresh (SQLite answers "busy" at once when it
        // upgrades a stale read lock), and two processes opening the same new database would
        // both refresh it.
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let stored: Option<String> = tx
            .query_row(
                "SELECT value FROM meta WHERE key = 'catalogue_version'",
                [],
                |r| r.get(0),
            )
            .optional()?;
        if !force && stored.as_deref() == Some(version.as_str()) {
            return Ok(false);
        }
        write_catalogue(&tx, &catalogue)?;
        tx.execute(
            "INSERT INTO meta(key, value) VALUES ('catalogue_version', ?1)
             ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            params![version],
        )?;
        tx.commit()?;
        Ok(true)
    }

    /// Reads the catalogue tables back into a [`Catalogue`].
    pub fn catalogue(&self) -> Result<Catalogue, CatalogueError> {
        let columns: Vec<String> = CARD_COLUMNS.iter().map(|c| format!("\"{c}\"")).collect();
        let sql = format!("SELECT {} FROM cards ORDER BY position", columns.join(", "));
        let mut stmt = self.conn.prepare(&sql)?;
        let headers = csv::StringRecord::from(CARD_COLUMNS.to_vec());
        let mut rows = stmt.query([])?;
        let mut cards = Vec::new();
        while let Some(row) = rows.next()? {
            let mut record = csv::StringRecord::new();
            for i in 0..CARD_COLUMNS.len() {
                record.push_field(&value_text(row.get_ref(i)?));
            }
            let parsed: CardRow = record
                .deserialize(Some(&headers))
                .map_err(|e| CatalogueError::Csv("database".into(), e.to_string()))?;
            cards.push(card_from_row(
                "database table cards",
                cards.len() as u64 + 1,
                &parsed,
            )?);
        }
        let mut stmt = self.conn.prepare(
            "SELECT card_id, finish, foil_number, foil_tier, source, gemp_id, note
             FROM printings ORDER BY id",
        )?;
        let printings = stmt
            .query_map([], |r| {
                let finish: String = r.get(1)?;
                Ok(super::printing::Printing {
                    card_id: r.get(0)?,
                    finish: if finish == "foil" {
                        super::printing::Finish::Foil
                    } else {
                        super::printing::Finish::Regular
                    },
                    foil_number: r.get(2)?,
                    foil_tier: r.get(3)?,
                    source: r.get(4)?,
                    gemp_id: r.get(5)?,
                    note: r.get(6)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Catalogue::new(cards, printings)
    }

    /// SQLite's own checks of the whole file, with the SQLite built into yj: `PRAGMA
    /// integrity_check` (every page, index and constraint) and `PRAGMA foreign_key_check`.
    pub fn check(&self) -> Result<CheckReport, CatalogueError> {
        let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
        let integrity: Vec<String> = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter(|line| line != "ok")
            .collect();
        let mut stmt = self.conn.prepare("PRAGMA foreign_key_check")?;
        let foreign_keys: Vec<String> = stmt
            .query_map([], |r| {
                Ok(format!(
                    "row {} of table {} names a missing row of {}",
                    r.get::<_, Option<i64>>(1)?
                        .map_or("?".to_string(), |id| id.to_string()),
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(2)?
                ))
            })?
            .collect::<Result<_, _>>()?;
        Ok(CheckReport {
            path: self.path.display().to_string(),
            sqlite_version: rusqlite::version().to_string(),
            integrity,
            foreign_keys,
        })
    }

    /// Schema version, catalogue version and the row count of every table.
    pub fn info(&self) -> Result<DbInfo, CatalogueError> {
        let mut stmt = self.conn.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
             ORDER BY name",
        )?;
        let names: Vec<String> = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let mut tables = Vec::new();
        for name in names {
            let count: i64 =
                self.conn
                    .query_row(&format!("SELECT COUNT(*) FROM \"{name}\""), [], |r| {
                        r.get(0)
                    })?;
            tables.push((name, count));
        }
        Ok(DbInfo {
            path: self.path.display().to_string(),
            schema_version: self.schema_version()?,
            catalogue_version: self.catalogue_version()?.unwrap_or_default(),
            tables,
        })
    }
}

fn value_text(value: ValueRef<'_>) -> String {
    match value {
        ValueRef::Null => String::new(),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(f) => f.to_string(),
        ValueRef::Text(t) | ValueRef::Blob(t) => String::from_utf8_lossy(t).into_owned(),
    }
}

fn write_catalogue(tx: &Transaction<'_>, catalogue: &Catalogue) -> Result<(), CatalogueError> {
    tx.execute("DELETE FROM printings", [])?;
    tx.execute("DELETE FROM cards", [])?;
    let columns: Vec<String> = CARD_COLUMNS.iter().map(|c| format!("\"{c}\"")).collect();
    let placeholders: Vec<String> = (1..=CARD_COLUMNS.len() + 2)
        .map(|i| format!("?{i}"))
        .collect();
    let sql = format!(
        "INSERT INTO cards (position, name_key, {}) VALUES ({})",
        columns.join(", "),
        placeholders.join(", ")
    );
    let mut insert = tx.prepare(&sql)?;
    for (position, card) in catalogue.cards().iter().enumerate() {
        let row = row_from_card(card);
        let mut values: Vec<rusqlite::types::Value> = vec![
            (position as i64).into(),
            normalise(&format!("{} {}", card.title, card.subtitle)).into(),
        ];
        for (column, text) in CARD_COLUMNS.iter().zip(row.fields()) {
            values.push(if text.is_empty() {
                rusqlite::types::Value::Null
            } else if INTEGER_COLUMNS.contains(column) {
                text.parse::<i64>()
                    .map(Into::into)
                    .unwrap_or_else(|_| text.to_string().into())
            } else {
                text.to_string().into()
            });
        }
        insert.execute(rusqlite::params_from_iter(values))?;
    }
    let mut insert = tx.prepare(
        "INSERT INTO printings (card_id, finish, foil_number, foil_tier, source, gemp_id, note)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for p in catalogue.printings() {
        insert.execute(params![
            p.card_id,
            p.finish.as_str(),
            p.foil_number,
            p.foil_tier,
            p.source,
            p.gemp_id,
            p.note
        ])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "id,set,number,gemp_id,title,subtitle,side,type,starship_class,rarity,dots,diamond,stackable,counters,power,planet,bonus,damage,destiny,counters2,destiny2,use1_who,use1_dots,use1_cubes,use2_who,use2_dots,use2_cubes,use3_who,use3_dots,use3_cubes,replaces,traits,ability,checked\n";

    fn source(title: &str) -> CatalogueSource {
        CatalogueSource {
            card_files: vec![(
                "DM.csv".into(),
                format!(
                    "{HEADER}DM-71,DM,71,1_71,{title},Sith Apprentice,dark,character,,rare,r-----,no,yes,6,6,tatooine,1/2/1,5,1,,,,,,,,,,,,,,,yes\n\
                     DM-107,DM,107,1_107,Sith Lightsaber,,dark,weapon,,uncommon,-o----,yes,no,1,,,,,2,,,Darth Maul,1,1,,,,,,,,lightsaber,,yes\n"
                ),
            )],
            printings: "card_id,finish,foil_number,foil_tier,source,gemp_id,note\nDM-71,foil,,,reflections,7_45,\n".into(),
        }
    }

    #[test]
    fn the_catalogue_round_trips_through_sqlite() {
        let src = source("Darth Maul");
        let db = Database::open_in_memory(&src).unwrap();
        let from_db = db.catalogue().unwrap();
        let from_files = Catalogue::from_source(&src).unwrap();
        assert_eq!(from_db.cards(), from_files.cards());
        assert_eq!(from_db.printings(), from_files.printings());
    }

    #[test]
    fn a_catalogue_change_refreshes_catalogue_tables_and_keeps_user_tables() {
        let mut db = Database::open_in_memory(&source("Darth Maul")).unwrap();
        db.connection()
            .execute_batch(
                "CREATE TABLE owned (card_id TEXT, qty INTEGER);
                 INSERT INTO owned VALUES ('DM-71', 3), ('DM-107', 1);",
            )
            .unwrap();
        // Same data: nothing to do.
        assert!(!db.refresh_catalogue(&source("Darth Maul"), false).unwrap());
        // Changed data: the catalogue is replaced, the user's rows are not.
        assert!(
            db.refresh_catalogue(&source("Darth Maul Renamed"), false)
                .unwrap()
        );
        assert_eq!(
            db.catalogue().unwrap().get("DM-71").unwrap().title,
            "Darth Maul Renamed"
        );
        let owned: i64 = db
            .connection()
            .query_row("SELECT SUM(qty) FROM owned", [], |r| r.get(0))
            .unwrap();
        assert_eq!(owned, 4);
        assert_eq!(
            db.catalogue_version().unwrap(),
            Some(source("Darth Maul Renamed").version())
        );
    }

    #[test]
    fn a_bad_catalogue_leaves_the_database_as_it_was() {
        let mut db = Database::open_in_memory(&source("Darth Maul")).unwrap();
        let before = db.catalogue_version().unwrap();
        let mut bad = source("Darth Maul");
        bad.card_files[0].1.push_str(
            "DM-72,DM,72,,Broken,,dark,character,,rare,r-----,no,yes,many,,,,,,,,,,,,,,,,,,,,\n",
        );
        let err = db.refresh_catalogue(&bad, false).unwrap_err().to_string();
        assert!(err.contains("line 4") && err.contains("`many`"), "{err}");
        assert_eq!(db.catalogue_version().unwrap(), before);
        assert_eq!(db.catalogue().unwrap().cards().len(), 2);
    }

    #[test]
    fn migrating_twice_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("yj.db");
        let src = source("Darth Maul");
        drop(Database::open_with(&path, &src).unwrap());
        let db = Database::open_with(&path, &src).unwrap();
        assert_eq!(db.schema_version().unwrap(), latest());
        let info = db.info().unwrap();
        assert!(info.tables.iter().any(|(t, n)| t == "cards" && *n == 2));
    }

    #[test]
    fn a_newer_schema_is_refused_with_a_clear_message() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("yj.db");
        Connection::open(&path)
            .unwrap()
            .pragma_update(None, "user_version", 999)
            .unwrap();
        let err = Database::open_with(&path, &source("x"))
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("newer than this yj understands"), "{err}");
    }
}
