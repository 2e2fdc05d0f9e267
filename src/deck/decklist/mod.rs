//! Decklists as written: plain text, CSV or TOML, turned into lines of (quantity, card).
//! Nothing here knows the catalogue; `resolve` turns the card texts into cards.
//!
//! This module holds the types, reading a file and telling its format; `text` reads the lines
//! of a text list, `csv` and `toml` read those formats.

mod csv;
#[cfg(test)]
mod tests;
mod text;
mod toml;

use std::io::Read;
use std::path::Path;

use serde::Serialize;

use self::csv::{CARD_HEADERS, QUANTITY_HEADERS, csv_delimiter, parse_csv};
use self::toml::parse_toml;
use super::error::DeckError;
use crate::catalogue::Side;
use text::parse_text;
// The collection's decklist-style import reads comments and trailing quantities the same way.
pub(crate) use text::{split_trailing_quantity, strip_tail_comment};

/// How a decklist file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ListFormat {
    Text,
    Csv,
    Toml,
}

/// One card line of a decklist.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// 1-based line number in the file.
    pub line: usize,
    pub quantity: u32,
    /// The card as written: an id, a community id, a foil number or a name.
    pub card: String,
    /// The whole line as written, for reports.
    pub text: String,
}

/// A line that is not a card line, a comment, a header or a directive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BadLine {
    pub line: usize,
    pub text: String,
    pub reason: String,
}

/// A parsed decklist: where it came from, what it declares, and its lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckList {
    /// The file name as given (`-` for standard input).
    pub source: String,
    pub format: ListFormat,
    pub name: Option<String>,
    pub side: Option<Side>,
    /// A rules set named by the list itself (`--rules` overrides it).
    pub rules: Option<String>,
    /// The line that names it, for the report when no rules set has that name.
    pub rules_line: Option<usize>,
    pub entries: Vec<Entry>,
    pub bad_lines: Vec<BadLine>,
}

impl DeckList {
    fn empty(source: &str, format: ListFormat) -> DeckList {
        DeckList {
            source: source.to_string(),
            format,
            name: None,
            side: None,
            rules: None,
            rules_line: None,
            entries: Vec::new(),
            bad_lines: Vec::new(),
        }
    }

    /// Total number of cards on the card lines.
    pub fn total(&self) -> u64 {
        self.entries.iter().map(|e| u64::from(e.quantity)).sum()
    }
}

/// The largest decklist read: sixty cards take a few kilobytes.
pub const MAX_LIST_BYTES: u64 = 1024 * 1024;

/// Reads a decklist file, or standard input for `-`.
pub fn read_list(path: &str) -> Result<DeckList, DeckError> {
    let fail = |reason: String| DeckError::NotAList {
        path: path.to_string(),
        reason,
    };
    let mut bytes = Vec::new();
    // `take` bounds the read: a wrong file (or an endless stream such as /dev/zero) is
    // refused at the limit instead of filling the memory.
    let read = if path == "-" {
        std::io::stdin()
            .take(MAX_LIST_BYTES + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_LIST_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(|source| DeckError::Read {
        path: path.to_string(),
        source,
    })?;
    if bytes.len() as u64 > MAX_LIST_BYTES {
        return Err(fail(format!(
            "it is larger than {} MiB, and a decklist is a few kilobytes; is this the right file?",
            MAX_LIST_BYTES / (1024 * 1024)
        )));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| fail("the file is not UTF-8 text; save it as UTF-8 and retry".into()))?;
    let format = if path == "-" {
        None
    } else {
        format_for_path(Path::new(path))
    };
    parse_list(path, &text, format)
}

/// The format a file's extension names, if any.
pub fn format_for_path(path: &Path) -> Option<ListFormat> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "toml" => Some(ListFormat::Toml),
        "csv" => Some(ListFormat::Csv),
        "txt" | "dek" | "deck" => Some(ListFormat::Text),
        _ => None,
    }
}

/// Guesses the format of a list with no telling extension (standard input, for example).
pub fn sniff(text: &str) -> ListFormat {
    let lines = || {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
    };
    let toml_key = |l: &str| {
        l == "[cards]"
            || l.split_once('=')
                .is_some_and(|(k, _)| matches!(k.trim(), "name" | "side" | "rules" | "cards"))
    };
    if lines().any(toml_key) {
        return ListFormat::Toml;
    }
    if let Some(first) = lines().next() {
        let fields: Vec<String> = first
            .split(csv_delimiter(first) as char)
            .map(|f| f.trim().trim_matches('"').to_ascii_lowercase())
            .collect();
        if fields.len() > 1
            && fields
                .iter()
                .any(|f| QUANTITY_HEADERS.contains(&f.as_str()))
            && fields.iter().any(|f| CARD_HEADERS.contains(&f.as_str()))
        {
            return ListFormat::Csv;
        }
    }
    ListFormat::Text
}

/// Parses a decklist. `format` `None` guesses it from the contents.
pub fn parse_list(
    source: &str,
    text: &str,
    format: Option<ListFormat>,
) -> Result<DeckList, DeckError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match format.unwrap_or_else(|| sniff(text)) {
        ListFormat::Text => Ok(parse_text(source, text)),
        ListFormat::Csv => parse_csv(source, text),
        ListFormat::Toml => parse_toml(source, text),
    }
}
