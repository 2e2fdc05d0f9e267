//! Errors of the catalogue module.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum CatalogueError {
    #[error("{file}, line {line}: bad {column} `{value}`: {reason}")]
    BadValue {
        file: String,
        line: u64,
        column: String,
        value: String,
        reason: String,
    },
    #[error("{0}: {1}")]
    Csv(String, String),
    #[error("{file}: bad header row: {expected}")]
    BadHeader { file: String, expected: String },
    #[error("catalogue is inconsistent: {0}")]
    Inconsistent(String),
    #[error(
        "database `{path}` has schema version {found}, newer than this yj understands \
         ({known}); it was left untouched: upgrade yj, or pass --db with another file"
    )]
    NewerSchema {
        path: String,
        found: i64,
        known: i64,
    },
    #[error(
        "`{path}` is not a SQLite database (yj keeps its cards and collections in one); it was left untouched: \
         pass --db with another file (a new one is created), or move this one away"
    )]
    NotADatabase { path: String },
    #[error(
        "`{path}` is a SQLite database of another program ({found}), not a yj database; it was \
         left untouched: pass --db with yj's own database, or a new file name for a new one"
    )]
    NotYj { path: String, found: String },
    #[error(
        "`{path}` is read-only (its permissions do not let you write it), and {needs}; nothing \
         was changed: make it writable (`chmod u+w {path}`) and run the command again"
    )]
    ReadOnly { path: String, needs: String },
    #[error(
        "`{file}` beside the database `{path}` is read-only (left behind by a read while the \
         database was read-only?), so the database cannot be written; nothing was changed: \
         make it writable too (`chmod u+w {file}`)"
    )]
    ReadOnlyCompanion { path: String, file: String },
    #[error("`{path}` is a folder, not a database file: pass --db `{suggestion}`")]
    IsFolder { path: String, suggestion: String },
    #[error("cannot create the folder `{path}` for the database: {reason}")]
    Folder { path: String, reason: String },
    #[error(
        "the {what} `{value}` has no letter or digit to search for (punctuation and accents \
         are ignored); give part of a word, or leave it out to list every card"
    )]
    NothingToSearch { what: &'static str, value: String },
    #[error("database `{path}`: {source}")]
    Database {
        path: String,
        #[source]
        source: rusqlite::Error,
    },
    #[error(transparent)]
    Sql(#[from] rusqlite::Error),
}
