//! Errors of the collection module.

use thiserror::Error;

use crate::catalogue::{CatalogueError, LookupError};

#[derive(Debug, Error)]
pub enum CollectionError {
    /// The user's input is wrong (a quantity, a name, a flag); nothing was changed.
    #[error("{0}")]
    Input(String),
    #[error(transparent)]
    Lookup(#[from] LookupError),
    /// A whole import file is unusable (missing, empty, too big, not UTF-8, no header).
    #[error("{file}: {reason}")]
    File { file: String, reason: String },
    /// An import file cannot be opened or read; the I/O error is the source (shown after
    /// this). The user's input, like `File`: another path fixes it.
    #[error("{file}: cannot read it")]
    FileRead {
        file: String,
        #[source]
        source: std::io::Error,
    },
    /// The stored collection is not in the state a change expects (it changed underneath).
    #[error("the collection changed underneath this command: {0}; nothing was changed, try again")]
    Conflict(String),
    /// Another process held the database's write lock for longer than the busy timeout.
    #[error(
        "the database is busy: another program (another `yj`?) is writing to it; \
         nothing was changed, try again in a moment"
    )]
    Busy,
    /// Import rows that cannot be applied; nothing was changed.
    #[error("{} rejected; nothing was changed", if .0.len() == 1 { "1 row".to_string() } else { format!("{} rows", .0.len()) })]
    Rejected(Vec<super::import::Rejected>),
    #[error(transparent)]
    Catalogue(#[from] CatalogueError),
    #[error("database error: {0}")]
    Sql(rusqlite::Error),
    /// A file `yj` reads or writes (an export, a backup) failed: `what` says which and how,
    /// the I/O error is kept as the source (the message shows both).
    #[error("{what}")]
    Io {
        what: String,
        #[source]
        source: std::io::Error,
    },
}

impl CollectionError {
    /// An I/O failure on a file, described by `what` (``cannot write `x.csv` ``).
    pub fn io(what: String, source: std::io::Error) -> CollectionError {
        CollectionError::Io { what, source }
    }
}

impl From<rusqlite::Error> for CollectionError {
    fn from(e: rusqlite::Error) -> CollectionError {
        match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                CollectionError::Busy
            }
            _ => CollectionError::Sql(e),
        }
    }
}
