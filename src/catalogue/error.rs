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
    #[error("database `{path}`: {source}")]
    Database {
        path: String,
        #[source]
        source: rusqlite::Error,
    },
    #[error(transparent)]
    Sql(#[from] rusqlite::Error),
}
