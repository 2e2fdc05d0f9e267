//! Reading collection files (CSV with a header, the JSON that `export` writes, or plain
//! decklist text) into checked rows, and planning the changes an import makes.
//!
//! Everything is checked before anything is written: a whole-file problem (missing, empty,
//! too big, not UTF-8, an unknown column) is an error; a bad row is a [`Rejected`] with its
//! line number and reason, and every bad row is reported, not just the first.
//!
//! Submodules: `file` reads the file, `csv`, `json` and `decklist` read its rows, `checker`
//! checks each row against the catalogue, and `plan` turns checked rows into changes.

mod checker;
mod csv;
mod decklist;
mod file;
mod json;
mod plan;
#[cfg(test)]
mod tests;

pub use checker::parse_qty;
pub use file::{MAX_FILE_BYTES, decode, read};
pub use plan::plan;

use std::collections::HashMap;

use self::csv::parse_csv;
use super::error::CollectionError;
use super::model::{Condition, Slot};
use crate::catalogue::Catalogue;
use checker::{Checker, RowResult};
use decklist::parse_decklist;
use json::parse_json;

/// The longest note kept on one printing.
pub const MAX_NOTE_CHARS: usize = 1000;

/// How an import combines the file with the collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Each printing in the file ends with exactly the file's quantity (idempotent); printings
    /// not in the file are left alone.
    Set,
    /// The file's quantities are added to what the collection holds.
    Add,
    /// As `Set`, and every entry of a list the file has rows of (owned, want, keep) that the
    /// file does not name is removed: the collection ends equal to the file. Lists the file
    /// has no row of are left alone.
    Sync,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFormat {
    Csv,
    Json,
    Decklist,
}

impl FileFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            FileFormat::Csv => "csv",
            FileFormat::Json => "json",
            FileFormat::Decklist => "decklist",
        }
    }
}

/// One checked row of an import file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRow {
    pub line: u64,
    pub slot: Slot,
    pub qty: u32,
    /// `None`: the file does not give a condition (the collection's stays); `Some(None)`: it
    /// gives an empty one (cleared, in `--mode set`).
    pub condition: Option<Option<Condition>>,
    pub note: Option<Option<String>>,
    /// The price paid for each copy, in hundredths, as `condition`.
    pub price: Option<Option<u32>>,
    /// The built deck the copies are in, as `condition`.
    pub deck: Option<Option<String>>,
    /// The collection a `collection` column names (an export of every collection); `None`:
    /// the one the import is into.
    pub collection: Option<String>,
}

/// A row that cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    pub line: u64,
    pub reason: String,
}

impl std::fmt::Display for Rejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

/// A parsed file: the good rows, the rejected ones, and warnings (accepted rows worth a look).
#[derive(Debug, Clone)]
pub struct Parsed {
    pub format: FileFormat,
    pub rows: Vec<ImportRow>,
    pub rejected: Vec<Rejected>,
    pub warnings: Vec<Rejected>,
}

/// The columns an import understands (the ones `export` writes, and common synonyms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Qty,
    CardId,
    Name,
    Finish,
    Condition,
    Note,
    List,
    /// The set (code or name): settles a name several sets print, and is checked against the
    /// card.
    Set,
    /// The card's number in its set (`71`, `F10`), read with the set.
    Number,
    /// Which foil printing, by its release (`RF`, `DF`); empty: not said.
    Printing,
    /// Which named collection the row belongs to (`export --all`).
    Collection,
    /// The price paid for each copy of the lot.
    PricePaid,
    /// The built deck the lot's copies are in.
    Deck,
    /// Written by `export` for people; not read back.
    Ignored,
}

const COLUMN_HELP: &str = "qty, card_id, name, set, number, finish, printing, condition, note, price_paid, deck, list, collection (and rarity, which is ignored)";

/// Every header name [`column`] reads (as it compares them: lowercase, `_` for spaces).
const KNOWN_COLUMNS: &[&str] = &[
    "qty",
    "quantity",
    "count",
    "copies",
    "amount",
    "card_id",
    "card",
    "name",
    "title",
    "card_name",
    "card_title",
    "number",
    "card_number",
    "finish",
    "foil",
    "printing",
    "foil_printing",
    "release",
    "condition",
    "note",
    "notes",
    "list",
    "set",
    "set_name",
    "card_set",
    "edition",
    "expansion",
    "rarity",
    "collection",
    "price_paid",
    "purchase_price",
    "paid",
    "deck",
    "built_deck",
];

fn column(header: &str) -> Option<Column> {
    let key: String = header
        .trim()
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c == ' ' || c == '-' { '_' } else { c })
        .collect();
    Some(match key.as_str() {
        "qty" | "quantity" | "count" | "copies" | "amount" => Column::Qty,
        "card_id" | "id" | "card" => Column::CardId,
        "name" | "title" | "card_name" | "card_title" => Column::Name,
        "number" | "card_number" | "no" | "no." | "nr" => Column::Number,
        "finish" | "foil" => Column::Finish,
        "printing" | "foil_printing" | "release" => Column::Printing,
        "condition" => Column::Condition,
        "note" | "notes" => Column::Note,
        "list" => Column::List,
        "collection" => Column::Collection,
        // What was paid, as yj and other tools (ManaBox, Moxfield: "Purchase price") name
        // it. A bare `price` is a market price and Deckbox's `My Price` an asking price,
        // which yj does not keep: they stay unknown columns.
        "price_paid" | "purchase_price" | "paid" => Column::PricePaid,
        "deck" | "built_deck" => Column::Deck,
        "set" | "set_name" | "card_set" | "edition" | "expansion" => Column::Set,
        "rarity" => Column::Ignored,
        _ => return None,
    })
}

/// A row's text fields before checking; `None` is a column the row does not have.
#[derive(Debug, Default)]
struct RawRow {
    qty: Option<String>,
    card: Option<String>,
    name: Option<String>,
    finish: Option<String>,
    condition: Option<String>,
    note: Option<String>,
    list: Option<String>,
    set: Option<String>,
    number: Option<String>,
    printing: Option<String>,
    collection: Option<String>,
    price: Option<String>,
    deck: Option<String>,
}

impl RawRow {
    fn set(&mut self, column: Column, value: String) {
        let field = match column {
            Column::Qty => &mut self.qty,
            Column::CardId => &mut self.card,
            Column::Name => &mut self.name,
            Column::Finish => &mut self.finish,
            Column::Condition => &mut self.condition,
            Column::Note => &mut self.note,
            Column::List => &mut self.list,
            Column::Set => &mut self.set,
            Column::Number => &mut self.number,
            Column::Printing => &mut self.printing,
            Column::Collection => &mut self.collection,
            Column::PricePaid => &mut self.price,
            Column::Deck => &mut self.deck,
            Column::Ignored => return,
        };
        *field = Some(value);
    }
}

/// Parses any supported file: JSON if it starts with `[`, CSV if its first line is a header
/// of known columns, decklist text otherwise. A file with no rows at all (only comments, a
/// header, `[]`) is refused like an empty one: importing it would change nothing, and in
/// sync mode it would empty the collection, so it is almost surely the wrong file.
pub fn parse(file: &str, text: &str, catalogue: &Catalogue) -> Result<Parsed, CollectionError> {
    let parsed = parse_rows(file, text, catalogue)?;
    if parsed.rows.is_empty() && parsed.rejected.is_empty() {
        let what = match parsed.format {
            FileFormat::Csv => "a header row and nothing under it",
            FileFormat::Json => "an empty JSON array",
            FileFormat::Decklist => "only comments, headings and blank lines",
        };
        return Err(CollectionError::File {
            file: file.to_string(),
            reason: format!("has no rows to import ({what}): there is nothing to import"),
        });
    }
    Ok(parsed)
}

fn parse_rows(file: &str, text: &str, catalogue: &Catalogue) -> Result<Parsed, CollectionError> {
    let mut checker = Checker {
        catalogue,
        cache: HashMap::new(),
        side: None,
    };
    // A file saved with the old Mac line end (a lone CR, "CSV (Macintosh)") has no LF at all;
    // read as it is, it would be one long line. Only such files are converted: elsewhere a CR
    // may be part of a quoted note.
    let converted;
    let text = if text.contains('\r') && !text.contains('\n') {
        converted = text.replace('\r', "\n");
        converted.as_str()
    } else {
        text
    };
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("//"))
        .unwrap_or("");
    if first.starts_with('[') || first.starts_with('{') {
        return parse_json(file, text, &mut checker);
    }
    // Excel's `sep=;` first line says the separator; it is not a row. It is blanked rather
    // than cut, so line numbers stay the file's.
    if let Some(sep) = first
        .strip_prefix("sep=")
        .or_else(|| first.strip_prefix("SEP="))
        .and_then(|rest| {
            let mut chars = rest.chars();
            let c = chars.next()?;
            (chars.next().is_none() && c.is_ascii()).then_some(c)
        })
    {
        let at = text.find(first).unwrap_or(0);
        let blanked = format!("{}{}", &text[..at], &text[at + first.len()..]);
        let checker_text = blanked;
        return parse_csv(file, &checker_text, sep as u8, &mut checker);
    }
    // Commas, or the semicolons Excel writes where the comma is the decimal mark, or tabs
    // (a range pasted from a spreadsheet): the header row says which. Other tools' sheets
    // have columns of their own, so a header needs a quantity and a card column, not a
    // majority of known ones.
    for delimiter in [b',', b';', b'\t'] {
        let header: Vec<Option<Column>> = first
            .split(delimiter as char)
            .map(|h| column(h.trim()))
            .collect();
        let has = |c: Column| header.contains(&Some(c));
        if has(Column::Qty) && (has(Column::CardId) || has(Column::Name) || has(Column::Number)) {
            return parse_csv(file, text, delimiter, &mut checker);
        }
    }
    if file.to_ascii_lowercase().ends_with(".csv")
        && !first.starts_with(|c: char| c.is_ascii_digit())
    {
        return Err(CollectionError::File {
            file: file.to_string(),
            reason: format!(
                "the first line `{}` is not a header row; a collection CSV starts with \
                 the names of its columns, e.g. `qty,card_id` (known columns: {COLUMN_HELP})",
                crate::catalogue::lookup::excerpt(first)
            ),
        });
    }
    Ok(parse_decklist(text, &mut checker))
}

fn collect(format: FileFormat, results: Vec<(u64, RowResult)>) -> Parsed {
    let mut parsed = Parsed {
        format,
        rows: Vec::new(),
        rejected: Vec::new(),
        warnings: Vec::new(),
    };
    for (line, result) in results {
        match result {
            Ok((row, warning)) => {
                if let Some(reason) = warning {
                    parsed.warnings.push(Rejected { line, reason });
                }
                parsed.rows.push(row);
            }
            Err(reason) => parsed.rejected.push(Rejected { line, reason }),
        }
    }
    parsed
}
