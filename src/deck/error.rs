//! Errors of the deck module: input that cannot be read at all. Problems inside a readable
//! decklist (an unknown card, a bad quantity) are not errors but violations in the report.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum DeckError {
    /// The file cannot be opened or read; the I/O error is the source (shown after this).
    #[error("cannot read `{path}`")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    /// The file was read but cannot be a decklist (too large, not text).
    #[error("cannot read `{path}`: {reason}")]
    NotAList { path: String, reason: String },
    #[error("`{path}` is not valid TOML: {reason}")]
    Toml { path: String, reason: String },
    #[error("{path}, line {line}: {reason}")]
    Field {
        path: String,
        line: usize,
        reason: String,
    },
    #[error("`{path}` is not valid CSV: {reason}")]
    Csv { path: String, reason: String },
}

#[derive(Debug, Error)]
pub enum RulesError {
    #[error("unknown rules set `{name}` (expected one of: {}); use --rules-file PATH for your own", known.join(", "))]
    Unknown { name: String, known: Vec<String> },
    /// The file cannot be opened or read; the I/O error is the source (shown after this).
    #[error("cannot read rules file `{path}`")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    /// The file was read but cannot be a rules file (too large, not text).
    #[error("cannot read rules file `{path}`: {reason}")]
    NotRules { path: String, reason: String },
    #[error("rules file `{path}`: {reason}")]
    Invalid { path: String, reason: String },
    /// A list's `rules` line (`at`: the file, and the line when there is one) names no set.
    #[error("{at}: {error}")]
    InList { at: String, error: Box<RulesError> },
}
