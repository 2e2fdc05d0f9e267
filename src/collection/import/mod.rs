//! Reading collection files (CSV with a header, the JSON that `export` writes, or plain
//! decklist text) into checked rows, and planning the changes an import makes.
//!
//! Everything is checked before anything is written: a whole-file problem (missing, empty,
//! too big, not UTF-8, an unknown column) is an error; a bad row is a [`Rejected`] with its
//! line number and reason, and every bad row is reported, not just the first.

use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::path::Path;

use serde_json::Value as Json;

use super::error::CollectionError;
use super::model::{
    Change, Condition, EVERY_CARD, Holdings, List, MAX_QTY, Slot, Value, parse_finish,
};
use super::resolve::{check_printing, finish_of, resolve_with};
use crate::catalogue::{Catalogue, Finish, Set, normalise};

/// The largest file `import` reads. The whole catalogue exported with long notes is well under
/// one MiB; a bigger file is almost surely the wrong one, and it is refused by its size before
/// it is read.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

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

/// Reads an import file, refusing it whole when it is missing, empty, too big or not UTF-8.
pub fn read(path: &Path) -> Result<String, CollectionError> {
    let name = path.display().to_string();
    let fail = |reason: String| CollectionError::File {
        file: name.clone(),
        reason,
    };
    let meta = std::fs::metadata(path).map_err(|e| fail(format!("cannot read it: {e}")))?;
    if meta.is_dir() {
        return Err(fail("is a folder, not a file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(fail(too_big(meta.len())));
    }
    let file = std::fs::File::open(path).map_err(|e| fail(format!("cannot read it: {e}")))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // `take` guards against a file that grows while it is read.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(format!("cannot read it: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(fail(too_big(bytes.len() as u64)));
    }
    decode(&bytes).map_err(fail)
}

fn too_big(bytes: u64) -> String {
    format!(
        "is {:.1} MiB; a collection file is at most {} MiB (the whole catalogue exported is \
         well under 1 MiB), so this is probably not the file you meant",
        bytes as f64 / (1024.0 * 1024.0),
        MAX_FILE_BYTES / (1024 * 1024)
    )
}

/// Bytes to text: UTF-8 (a byte-order mark is dropped), or UTF-16 with its byte-order mark
/// (Excel's "Unicode Text"); not empty, no NUL bytes.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    let utf16 = match bytes {
        [0xFF, 0xFE, rest @ ..] => Some((rest, false)),
        [0xFE, 0xFF, rest @ ..] => Some((rest, true)),
        _ => None,
    };
    if let Some((rest, big_endian)) = utf16 {
        if rest.len() % 2 != 0 {
            return Err(
                "is UTF-16 (it starts with its byte-order mark) but ends in half a character; \
                 save it again"
                    .into(),
            );
        }
        let units = rest.chunks_exact(2).map(|p| {
            let pair = [p[0], p[1]];
            if big_endian {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            }
        });
        let text: String = char::decode_utf16(units)
            .collect::<Result<_, _>>()
            .map_err(|e| {
                format!(
                    "is UTF-16 but holds a broken character (0x{:04X}); save it as UTF-8",
                    e.unpaired_surrogate()
                )
            })?;
        return decode(text.as_bytes());
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(format!(
            "line {line}: holds a NUL byte, so it is not a text file (UTF-16 without its \
             byte-order mark?); save it as UTF-8 (in a spreadsheet: CSV UTF-8)"
        ));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = good.len() - good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        format!(
            "line {line}, column {column}: byte 0x{:02X} is not UTF-8; save the file as UTF-8 \
             (in a spreadsheet: CSV UTF-8) and import it again",
            bytes[e.valid_up_to()]
        )
    })?;
    if text.trim().is_empty() {
        return Err("is empty: there is nothing to import".into());
    }
    Ok(text.to_string())
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
    /// Written by `export` for people; not read back.
    Ignored,
}

const COLUMN_HELP: &str = "qty, card_id, name, set, number, finish, printing, condition, note, list (and rarity, which is ignored)";

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
            Column::Ignored => return,
        };
        *field = Some(value);
    }
}

/// Parses a quantity: a whole number from 0 to [`MAX_QTY`] (`3x` is accepted).
pub fn parse_qty(text: &str) -> Result<u32, String> {
    let t = text.trim();
    let digits = t.strip_suffix(['x', 'X']).unwrap_or(t).trim();
    if digits.is_empty() {
        return Err("the quantity is missing".into());
    }
    if let Some(rest) = digits.strip_prefix('-')
        && rest.parse::<f64>().is_ok()
    {
        return Err(format!("negative quantity `{t}`"));
    }
    match digits.trim_start_matches('+').parse::<u64>() {
        Ok(n) if n <= MAX_QTY as u64 => Ok(n as u32),
        Ok(_) => Err(format!(
            "quantity `{t}` is absurd: at most {MAX_QTY} copies of one printing (a typo?)"
        )),
        Err(_)
            if digits
                .trim_start_matches('+')
                .chars()
                .all(|c| c.is_ascii_digit()) =>
        {
            Err(format!(
                "quantity `{t}` is absurd: at most {MAX_QTY} copies of one printing (a typo?)"
            ))
        }
        Err(_) if digits.parse::<f64>().is_ok() => {
            Err(format!("quantity `{t}` is not a whole number"))
        }
        Err(_) => Err(format!("quantity `{t}` is not a number")),
    }
}

/// Parses any supported file: JSON if it starts with `[`, CSV if its first line is a header
/// of known columns, decklist text otherwise.
pub fn parse(file: &str, text: &str, catalogue: &Catalogue) -> Result<Parsed, CollectionError> {
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
    // Commas, or the semicolons Excel writes where the comma is the decimal mark, or tabs
    // (a range pasted from a spreadsheet): the header row says which.
    for delimiter in [b',', b';', b'\t'] {
        let header: Vec<&str> = first.split(delimiter as char).map(str::trim).collect();
        let known = header.iter().filter(|h| column(h).is_some()).count();
        let has_qty = header.iter().any(|h| column(h) == Some(Column::Qty));
        if has_qty && known * 2 > header.len() {
            return parse_csv(file, text, delimiter, &mut checker);
        }
    }
    if file.to_ascii_lowercase().ends_with(".csv")
        && !first.starts_with(|c: char| c.is_ascii_digit())
    {
        return Err(CollectionError::File {
            file: file.to_string(),
            reason: format!(
                "the first line `{first}` is not a header row; a collection CSV starts with \
                 the names of its columns, e.g. `qty,card_id` (known columns: {COLUMN_HELP})"
            ),
        });
    }
    Ok(parse_decklist(text, &mut checker))
}

/// A card found for a row: its id, the finish and the foil printing's release its text named.
type Found = (String, Option<Finish>, Option<Set>);

/// Checks rows against the catalogue, remembering each name's lookup (a file can repeat a
/// name thousands of times).
struct Checker<'c> {
    catalogue: &'c Catalogue,
    cache: HashMap<String, Result<Found, String>>,
    /// A decklist's `side:` line: names both sides print resolve to this side's card.
    side: Option<crate::catalogue::Side>,
}

impl Checker<'_> {
    fn card(&mut self, query: &str) -> Result<Found, String> {
        if let Some(hit) = self.cache.get(query) {
            return hit.clone();
        }
        let options = crate::catalogue::LookupOptions { side: self.side };
        let result = resolve_with(self.catalogue, query, options)
            .map(|r| (r.card.id.clone(), r.named_finish, r.named_printing))
            .map_err(|e| e.to_string());
        self.cache.insert(query.to_string(), result.clone());
        result
    }

    /// The card a row names, checked against its set column. A name several sets print is
    /// looked up in that set. A card of another set is refused rather than recorded under a
    /// set the sheet does not say, except a foil printing that came out in that set: a
    /// Reflections row naming a card Reflections reprinted is that reprint, a foil.
    fn card_in_set(&mut self, query: &str, set: Option<Set>) -> Result<Found, String> {
        let Some(set) = set else {
            return self.card(query);
        };
        // A name (in whichever column) is looked up in the set; an id is not a name there, so
        // it falls through to the plain lookup and the check below. A foil number (`BN-F10`)
        // must keep its own spelling, which is what says the copy is a foil.
        let in_set = if self.catalogue.printing_named(query).is_some() {
            format!("`{query}` is not a card of {}", set.name())
        } else {
            match self.card(&format!("{query} ({})", set.code())) {
                Ok(found) => return Ok(found),
                Err(e) => e,
            }
        };
        let (id, named, named_printing) = match self.card(query) {
            Ok(found) => found,
            Err(_) => return Err(in_set),
        };
        let card = self
            .catalogue
            .get(&id)
            .ok_or_else(|| format!("card {id} vanished from the catalogue"))?;
        if card.set == set {
            return Ok((id, named, named_printing));
        }
        let reprinted = self
            .catalogue
            .foils_of(&id)
            .any(|p| super::completion::release_of(self.catalogue, p) == Some(set));
        if reprinted {
            return Ok((id, Some(Finish::Foil), Some(set)));
        }
        Err(format!(
            "{id} ({}) is a card of {} ({}), but the set column says {} ({}); fix the set or \
             the card",
            card.full_name(),
            card.set.name(),
            card.set.code(),
            set.name(),
            set.code()
        ))
    }

    /// Whether a row's name fits the card its id names: the card's full name or title (in any
    /// case and punctuation), a name that finds the card, or the mark `export` writes for a
    /// card the catalogue did not have.
    fn names_card(&mut self, name: &str, card: &crate::catalogue::Card, set: Option<Set>) -> bool {
        let key = normalise(name);
        if name == super::export::NOT_IN_CATALOGUE
            || key == normalise(&card.full_name())
            || key == normalise(&card.title)
        {
            return true;
        }
        let finds = |found: Result<Found, String>| {
            found.is_ok_and(|(id, _, _)| id.eq_ignore_ascii_case(&card.id))
        };
        finds(self.card(name))
            || set.is_some_and(|s| finds(self.card(&format!("{name} ({})", s.code()))))
    }

    /// Turns raw fields into a row, or the reason it is rejected; the second value is a
    /// warning for an accepted row.
    fn row(&mut self, line: u64, raw: RawRow) -> RowResult {
        fn nonempty(f: &Option<String>) -> Option<&str> {
            f.as_deref().map(str::trim).filter(|s| !s.is_empty())
        }
        let list: List = nonempty(&raw.list).unwrap_or("").parse()?;
        let qty = parse_qty(raw.qty.as_deref().unwrap_or(""))?;
        let in_set = nonempty(&raw.set).map(str::parse::<Set>).transpose()?;
        // A number is read with its set: `DM` and `71` are DM-71.
        let numbered = match (nonempty(&raw.card), nonempty(&raw.number), in_set) {
            (None, Some(n), Some(set)) => Some(format!("{}-{n}", set.code())),
            (None, Some(n), None) if n.contains('-') => Some(n.to_string()),
            (None, Some(n), None) => {
                return Err(format!(
                    "card number `{n}` needs its set: fill in the set column, or write the id \
                     (DM-{n})"
                ));
            }
            _ => None,
        };
        let id_given = nonempty(&raw.card).is_some() || numbered.is_some();
        let query = nonempty(&raw.card)
            .map(str::to_string)
            .or(numbered)
            .or(nonempty(&raw.name).map(str::to_string))
            .ok_or("no card: both card_id and name are empty")?;
        let asked = nonempty(&raw.printing)
            .map(|p| {
                p.parse::<Set>()
                    .map_err(|e| format!("printing: {e} (the release of the foil, e.g. RF)"))
            })
            .transpose()?;
        // A printing column says foil when the finish column is empty.
        let explicit = nonempty(&raw.finish)
            .map(parse_finish)
            .transpose()?
            .or(asked.map(|_| Finish::Foil));
        let condition = raw
            .condition
            .as_deref()
            .map(|c| {
                let c = c.trim();
                if c.is_empty() {
                    Ok(None)
                } else {
                    c.parse::<Condition>().map(Some)
                }
            })
            .transpose()?;
        let note = raw.note.as_deref().map(|n| {
            let n = n.trim();
            (!n.is_empty()).then(|| n.to_string())
        });
        if let Some(Some(n)) = &note
            && n.chars().count() > MAX_NOTE_CHARS
        {
            return Err(format!(
                "the note has {} characters; at most {MAX_NOTE_CHARS}",
                n.chars().count()
            ));
        }
        if list != List::Owned
            && (matches!(condition, Some(Some(_))) || matches!(note, Some(Some(_))))
        {
            return Err(format!(
                "a {} row cannot have a condition or note (only owned cards do)",
                list.as_str()
            ));
        }
        if list == List::Keep && query == EVERY_CARD {
            return Ok((
                ImportRow {
                    line,
                    slot: Slot::keep(EVERY_CARD),
                    qty,
                    condition: None,
                    note: None,
                },
                None,
            ));
        }
        let (card_id, named, named_printing) = match self.card_in_set(&query, in_set) {
            Ok(found) => found,
            Err(_) if is_exported_orphan(&raw) => {
                return orphan_row(line, list, &query, qty, (explicit, asked), condition, note);
            }
            Err(e) => return Err(e),
        };
        let card = self
            .catalogue
            .get(&card_id)
            .ok_or_else(|| format!("card {card_id} vanished from the catalogue"))?;
        if id_given
            && let Some(name) = nonempty(&raw.name)
            && !self.names_card(name, card, in_set)
        {
            return Err(format!(
                "`{query}` is {} ({}), but the name column says `{name}`: the id and the name \
                 disagree (a column sorted without the other?); fix one of them",
                card.id,
                card.full_name()
            ));
        }
        let resolved = super::resolve::Resolved {
            card,
            named_finish: named,
            named_printing,
        };
        let finish = finish_of(&resolved, &query, explicit)?;
        if list == List::Keep && finish == Finish::Foil {
            return Err("a keep reserve is per card, not per finish: leave finish empty".into());
        }
        let mut warning = check_printing(self.catalogue, card, finish)?;
        let (printing, unsaid) =
            super::printings::settle(self.catalogue, card, finish, named_printing, asked)?;
        // A want of no printing is "any foil", which needs no warning.
        if list == List::Owned {
            warning = warning.or(unsaid);
        }
        let slot = Slot {
            list,
            card_id,
            finish,
            printing,
        };
        let (condition, note) = if list == List::Owned {
            (condition, note)
        } else {
            (None, None)
        };
        Ok((
            ImportRow {
                line,
                slot,
                qty,
                condition,
                note,
            },
            warning,
        ))
    }
}

/// A checked row and its warning, or the reason it is rejected.
type RowResult = Result<(ImportRow, Option<String>), String>;

/// A row `export` wrote for an entry whose card the catalogue no longer has: its `card_id`,
/// and the name export gives such entries.
fn is_exported_orphan(raw: &RawRow) -> bool {
    raw.card.as_deref().is_some_and(|c| !c.trim().is_empty())
        && raw.name.as_deref().map(str::trim) == Some(super::export::NOT_IN_CATALOGUE)
}

/// Restores an exported entry whose card the catalogue no longer has, as it was written, so an
/// export stays a complete backup; the warning names it.
fn orphan_row(
    line: u64,
    list: List,
    card_id: &str,
    qty: u32,
    (explicit, printing): (Option<Finish>, Option<Set>),
    condition: Option<Option<Condition>>,
    note: Option<Option<String>>,
) -> RowResult {
    let finish = explicit.unwrap_or(Finish::Regular);
    if finish == Finish::Regular && printing.is_some() {
        return Err("a printing is a foil's, but the finish says regular".into());
    }
    if list == List::Keep && finish == Finish::Foil {
        return Err("a keep reserve is per card, not per finish: leave finish empty".into());
    }
    let (condition, note) = if list == List::Owned {
        (condition, note)
    } else {
        (None, None)
    };
    Ok((
        ImportRow {
            line,
            slot: Slot {
                list,
                card_id: card_id.to_string(),
                finish,
                printing,
            },
            qty,
            condition,
            note,
        },
        Some(format!(
            "card `{card_id}` is not in the catalogue; restored as exported (the export marked \
             it so), and `yj` shows it as {} until the catalogue knows it again",
            super::export::NOT_IN_CATALOGUE
        )),
    ))
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

fn parse_csv(
    file: &str,
    text: &str,
    delimiter: u8,
    checker: &mut Checker<'_>,
) -> Result<Parsed, CollectionError> {
    let fail = |reason: String| CollectionError::File {
        file: file.to_string(),
        reason,
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .delimiter(delimiter)
        .flexible(true)
        .trim(csv::Trim::All)
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => return Err(fail(format!("cannot read the header row: {e}"))),
        None => return Err(fail("is empty: there is nothing to import".into())),
    };
    let mut columns = Vec::new();
    for name in header.iter() {
        let c = column(name).ok_or_else(|| {
            fail(format!(
                "unknown column `{name}` in the header row (known columns: {COLUMN_HELP})"
            ))
        })?;
        if c != Column::Ignored && columns.contains(&c) {
            return Err(fail(format!("the header names column `{name}` twice")));
        }
        columns.push(c);
    }
    if !columns.contains(&Column::CardId) && !columns.contains(&Column::Name) {
        return Err(fail(
            "the header has no card_id or name column, so rows cannot name their card".into(),
        ));
    }
    let mut results = Vec::new();
    let mut last_line = 0;
    let mut lines = LineCounter {
        bytes: text.as_bytes(),
        at: 0,
        line: 1,
    };
    for record in records {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, |p| lines.line_at(p.byte()));
                results.push((line, Err(format!("unreadable CSV: {e}"))));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| lines.line_at(p.byte()));
        last_line = line;
        if record.iter().all(str::is_empty) {
            continue;
        }
        if record.len() != columns.len() {
            results.push((
                line,
                Err(format!(
                    "{} fields where the header has {} (a missing or extra comma? put a name \
                     holding a comma in double quotes)",
                    record.len(),
                    columns.len()
                )),
            ));
            continue;
        }
        let mut raw = RawRow::default();
        for (c, value) in columns.iter().zip(record.iter()) {
            raw.set(*c, value.to_string());
        }
        results.push((line, checker.row(line, raw)));
    }
    // The CSV reader accepts a quoted field still open at the end of the file, so such a
    // field holds every line after its opening quote: those rows would vanish into it.
    if let Some(opened) = unclosed_quote(text, delimiter as char) {
        let reason = format!(
            "the double quote opened on line {opened} is never closed, so every line after it \
             would be read as part of one field; close the quote (a quote inside a field is \
             written twice: \"\")"
        );
        match results.last_mut() {
            Some(last) if last.0 == last_line => last.1 = Err(reason),
            _ => results.push((last_line.max(opened), Err(reason))),
        }
    }
    Ok(collect(FileFormat::Csv, results))
}

/// Line numbers of records from their byte offsets. The CSV reader's own line count runs one
/// behind after a CRLF line end (it ends the record at the `\r` and counts the `\n` only
/// when it reads on), so lines are counted here: line ends left over before a record are
/// skipped, then the `\n`s before it counted, going on from the previous record (records come
/// in file order, and counting from the start each time made a big import quadratic).
struct LineCounter<'t> {
    bytes: &'t [u8],
    /// Bytes before `at` hold `line - 1` newlines.
    at: usize,
    line: u64,
}

impl LineCounter<'_> {
    fn line_at(&mut self, byte: u64) -> u64 {
        let mut end = (byte as usize).min(self.bytes.len());
        while end < self.bytes.len() && matches!(self.bytes[end], b'\r' | b'\n') {
            end += 1;
        }
        if end < self.at {
            // Not expected (records come in order); count afresh rather than go wrong.
            self.at = 0;
            self.line = 1;
        }
        self.line += self.bytes[self.at..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u64;
        self.at = end;
        self.line
    }
}

/// The line of a quoted field still open at the end of `text`, read as the CSV reader reads
/// it: a quote opens a field only at its start, `""` inside is a quote, and a line starting
/// with `#` between records is a comment.
fn unclosed_quote(text: &str, delimiter: char) -> Option<u64> {
    #[derive(PartialEq)]
    enum State {
        RecordStart,
        FieldStart,
        Unquoted,
        Quoted,
        QuoteInQuoted,
        Comment,
    }
    let mut state = State::RecordStart;
    let (mut line, mut opened) = (1u64, 0u64);
    for c in text.chars() {
        state = match (state, c) {
            (State::RecordStart, '#') => State::Comment,
            (State::Comment, '\n') => State::RecordStart,
            (State::Comment, _) => State::Comment,
            (State::RecordStart | State::FieldStart, '"') => {
                opened = line;
                State::Quoted
            }
            (State::Quoted, '"') => State::QuoteInQuoted,
            (State::Quoted, _) => State::Quoted,
            (State::QuoteInQuoted, '"') => State::Quoted,
            (_, '\n' | '\r') => State::RecordStart,
            (_, c) if c == delimiter => State::FieldStart,
            (_, _) => State::Unquoted,
        };
        if c == '\n' {
            line += 1;
        }
    }
    (state == State::Quoted).then_some(opened)
}

/// Line numbers where each element of the top-level JSON array starts.
fn element_lines(text: &str) -> Vec<u64> {
    let (mut line, mut depth) = (1u64, 0usize);
    let (mut in_string, mut escaped, mut expect) = (false, false, false);
    let mut lines = Vec::new();
    for c in text.chars() {
        if c == '\n' {
            line += 1;
        }
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if depth == 1 && expect && !c.is_whitespace() && c != ']' {
            lines.push(line);
            expect = false;
        }
        match c {
            '"' => in_string = true,
            '[' | '{' => {
                depth += 1;
                if depth == 1 {
                    expect = true;
                }
            }
            ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 1 => expect = true,
            _ => {}
        }
    }
    lines
}

fn parse_json(
    file: &str,
    text: &str,
    checker: &mut Checker<'_>,
) -> Result<Parsed, CollectionError> {
    let fail = |reason: String| CollectionError::File {
        file: file.to_string(),
        reason,
    };
    let value: Json = serde_json::from_str(text).map_err(|e| {
        fail(format!(
            "line {}, column {}: not valid JSON: {e}",
            e.line(),
            e.column()
        ))
    })?;
    let Json::Array(items) = value else {
        return Err(fail(
            "the JSON must be an array of rows, as `yj collection export --format json` writes"
                .into(),
        ));
    };
    let lines = element_lines(text);
    let mut results = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(0);
        let Json::Object(fields) = item else {
            results.push((line, Err(format!("row {} is not an object", i + 1))));
            continue;
        };
        let mut raw = RawRow::default();
        let mut problem = None;
        for (key, v) in fields {
            let Some(c) = column(&key) else {
                problem = Some(format!("unknown field `{key}` (known: {COLUMN_HELP})"));
                break;
            };
            let text = match v {
                Json::Null => String::new(),
                Json::String(s) => s,
                Json::Number(n) => n.to_string(),
                Json::Bool(b) => b.to_string(),
                other => {
                    problem = Some(format!("field `{key}` holds {other}, not a value"));
                    break;
                }
            };
            raw.set(c, text);
        }
        let result = match problem {
            Some(p) => Err(p),
            None if raw.card.is_none() && raw.name.is_none() => {
                Err("no card: the row has neither card_id nor name".into())
            }
            None => checker.row(line, raw),
        };
        results.push((line, result));
    }
    Ok(collect(FileFormat::Json, results))
}

/// `3 DM-71`, `3x Darth Maul, Sith Apprentice`, `1 BN-71 (foil)`; `#` and `//` start
/// comments. A deck's list imports as it is: section headers (`Characters:`) are skipped,
/// `name:` and `rules:` lines are ignored, and `side: dark` settles names both sides print,
/// as in `yj deck check`.
fn parse_decklist(text: &str, checker: &mut Checker<'_>) -> Parsed {
    let mut results = Vec::new();
    for (i, raw_line) in text.lines().enumerate() {
        let line = i as u64 + 1;
        let l = raw_line.trim();
        if l.is_empty() || l.starts_with('#') || l.starts_with("//") {
            continue;
        }
        if !l.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '-' | '+')) {
            if l.ends_with(':') {
                continue; // a section header
            }
            if let Some((key, value)) = l.split_once(':') {
                match key.trim().to_ascii_lowercase().as_str() {
                    "name" | "rules" => continue,
                    "side" => {
                        match value.trim().parse() {
                            Ok(side) => {
                                // Lookups made for the other side may name other cards.
                                if checker.side != Some(side) {
                                    checker.cache.clear();
                                }
                                checker.side = Some(side);
                            }
                            Err(e) => results.push((line, Err(e))),
                        }
                        continue;
                    }
                    _ => {}
                }
            }
        }
        results.push((line, decklist_line(l, line, checker)));
    }
    collect(FileFormat::Decklist, results)
}

fn decklist_line(l: &str, line: u64, checker: &mut Checker<'_>) -> RowResult {
    let whole = l;
    // `x3 Card`, as `yj deck check` reads it.
    let l = match l.strip_prefix(['x', 'X']) {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest,
        _ => l,
    };
    let end = l
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '-' | '+' | '.')))
        .unwrap_or(l.len());
    let (qty, rest) = l.split_at(end);
    let rest = if let Some(r) = rest.strip_prefix(['x', 'X']) {
        r
    } else if rest.starts_with(char::is_whitespace) {
        let r = rest.trim_start();
        r.strip_prefix(['x', 'X'])
            .filter(|after| after.starts_with(char::is_whitespace))
            .unwrap_or(r)
    } else {
        return Err(format!(
            "no quantity before the card: write `1 {whole}` (quantity, then the card's id or name)"
        ));
    };
    if qty.is_empty() {
        return Err(format!(
            "no quantity before the card: write `1 {whole}` (quantity, then the card's id or name)"
        ));
    }
    let mut card = rest.trim();
    let mut finish = None;
    let lower = card.to_ascii_lowercase();
    for marker in ["(foil)", "[foil]"] {
        if lower.ends_with(marker) {
            card = card[..card.len() - marker.len()].trim_end();
            finish = Some("foil".to_string());
        }
    }
    if card.is_empty() {
        return Err("a quantity but no card".into());
    }
    let raw = RawRow {
        qty: Some(qty.to_string()),
        card: Some(card.to_string()),
        finish,
        ..RawRow::default()
    };
    checker.row(line, raw)
}

/// Rows of one slot, merged.
struct Merged {
    qty: u64,
    condition: Option<Option<Condition>>,
    note: Option<Option<String>>,
    first_line: u64,
    last_line: u64,
}

/// The condition and note of a printing after adding copies described by `condition` and
/// `note` (`None`: not given) to `old`, or why not: a printing holds one condition and one
/// note, so copies with another one cannot join it without losing what was recorded.
pub fn added_details(
    slot: &Slot,
    old: &Value,
    total: u64,
    condition: Option<Condition>,
    note: Option<String>,
) -> Result<(Option<Condition>, Option<String>), String> {
    if old.qty > 0
        && let (Some(new), Some(was)) = (condition, old.condition)
        && new != was
    {
        let id = &slot.card_id;
        let foil = match (slot.finish, slot.printing) {
            (Finish::Foil, Some(p)) => format!(" --printing {}", p.code()),
            (Finish::Foil, None) => " --foil".to_string(),
            _ => String::new(),
        };
        return Err(format!(
            "{slot} holds {} {was} cop{}, and a printing has one condition: adding {new} \
             copies would relabel them; if they are all {new}, use `yj collection set {id} \
             {total}{foil} --condition {new}`, or keep the new copies in another collection",
            old.qty,
            if old.qty == 1 { "y" } else { "ies" },
        ));
    }
    if let (Some(new), Some(was)) = (&note, &old.note)
        && new != was
    {
        return Err(format!(
            "{slot} already has the note “{was}”; adding copies with the note “{new}” would \
             replace it: import the note with --mode set, or leave the note cell empty"
        ));
    }
    Ok((condition.or(old.condition), note.or(old.note.clone())))
}

/// Plans the changes of an import against the collection as it is. Rows naming the same
/// printing are added together; they must not disagree on condition or note.
pub fn plan(
    rows: &[ImportRow],
    mode: Mode,
    holdings: &Holdings,
) -> Result<Vec<Change>, Vec<Rejected>> {
    let mut rejected = Vec::new();
    let mut merged: BTreeMap<Slot, Merged> = BTreeMap::new();
    for row in rows {
        if row.slot.list == List::Keep && mode == Mode::Add {
            rejected.push(Rejected {
                line: row.line,
                reason: "a keep reserve is a number to keep, not to add to: import keep rows \
                         with --mode set"
                    .into(),
            });
            continue;
        }
        match merged.get_mut(&row.slot) {
            None => {
                merged.insert(
                    row.slot.clone(),
                    Merged {
                        qty: row.qty as u64,
                        condition: row.condition,
                        note: row.note.clone(),
                        first_line: row.line,
                        last_line: row.line,
                    },
                );
            }
            Some(m) => {
                let clash = if row.slot.list == List::Keep {
                    Some("the keep reserve of this card is already given".to_string())
                } else if let (Some(a), Some(b)) = (&m.condition, &row.condition)
                    && a != b
                {
                    Some(format!(
                        "{} is already given with condition {}",
                        row.slot,
                        a.map_or("(none)".into(), |c| c.to_string())
                    ))
                } else if let (Some(a), Some(b)) = (&m.note, &row.note)
                    && a != b
                {
                    Some(format!("{} is already given with another note", row.slot))
                } else {
                    None
                };
                if let Some(reason) = clash {
                    rejected.push(Rejected {
                        line: row.line,
                        reason: format!("{reason} on line {}", m.first_line),
                    });
                    continue;
                }
                m.qty += row.qty as u64;
                m.condition = m.condition.or(row.condition);
                if m.note.is_none() {
                    m.note = row.note.clone();
                }
                m.last_line = row.line;
            }
        }
    }
    let mut changes = Vec::new();
    for (slot, m) in merged {
        let before = holdings.get(&slot).cloned();
        let qty = match mode {
            Mode::Set => m.qty,
            Mode::Add => m.qty + before.as_ref().map_or(0, |v| v.qty as u64),
        };
        if qty > MAX_QTY as u64 {
            rejected.push(Rejected {
                line: m.last_line,
                reason: format!(
                    "{slot} would hold {qty} copies, more than {MAX_QTY} (a typo?){}",
                    if mode == Mode::Add && before.is_some() {
                        " counting the copies already in the collection"
                    } else {
                        ""
                    }
                ),
            });
            continue;
        }
        let old = before.clone().unwrap_or(Value::qty(0));
        let (condition, note) = match mode {
            Mode::Set => (
                m.condition.unwrap_or(old.condition),
                m.note.clone().unwrap_or(old.note.clone()),
            ),
            // Adding copies says nothing about the copies already there: a blank cell keeps
            // their condition and note, and a different one is refused, since a printing
            // holds one condition and one note and the old ones would be lost.
            Mode::Add => match added_details(
                &slot,
                &old,
                qty,
                m.condition.flatten(),
                m.note.clone().flatten(),
            ) {
                Ok(details) => details,
                Err(reason) => {
                    rejected.push(Rejected {
                        line: m.first_line,
                        reason,
                    });
                    continue;
                }
            },
        };
        let after = if qty == 0 && !slot.list.zero_is_a_value() {
            None
        } else {
            Some(Value {
                qty: qty as u32,
                condition,
                note,
            })
        };
        if after != before {
            changes.push(Change {
                slot,
                before,
                after,
            });
        }
    }
    if rejected.is_empty() {
        Ok(changes)
    } else {
        rejected.sort_by_key(|r| r.line);
        Err(rejected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::CatalogueSource;
    use std::sync::OnceLock;

    fn catalogue() -> &'static Catalogue {
        static C: OnceLock<Catalogue> = OnceLock::new();
        C.get_or_init(|| Catalogue::from_source(&CatalogueSource::embedded()).unwrap())
    }

    fn parse_text(name: &str, text: &str) -> Parsed {
        parse(name, text, catalogue()).unwrap()
    }

    #[test]
    fn quantities_are_whole_numbers_in_range() {
        assert_eq!(parse_qty("3"), Ok(3));
        assert_eq!(parse_qty(" 3x "), Ok(3));
        assert_eq!(parse_qty("0"), Ok(0));
        for (bad, why) in [
            ("-2", "negative"),
            ("2.5", "not a whole number"),
            ("10000", "absurd"),
            ("99999999999999999999999", "absurd"),
            ("three", "not a number"),
            ("", "missing"),
        ] {
            let err = parse_qty(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }

    #[test]
    fn decklist_lines_take_ids_names_and_foil_markers() {
        let p = parse_text(
            "list.txt",
            "# my binder\n3 DM-71\n3x Darth Maul, Sith Apprentice\n\n2 x Darth Maul: Sith Apprentice\n1 BN-71 (foil)\n// end\n",
        );
        assert!(p.rejected.is_empty(), "{:?}", p.rejected);
        assert_eq!(p.format, FileFormat::Decklist);
        let got: Vec<(u64, &str, Finish, u32)> = p
            .rows
            .iter()
            .map(|r| (r.line, r.slot.card_id.as_str(), r.slot.finish, r.qty))
            .collect();
        assert_eq!(
            got,
            vec![
                (2, "DM-71", Finish::Regular, 3),
                (3, "DM-71", Finish::Regular, 3),
                (5, "DM-71", Finish::Regular, 2),
                (6, "BN-71", Finish::Foil, 1),
            ]
        );
    }

    #[test]
    fn every_quantity_form_of_a_decklist_is_read() {
        // Issue 4's decklist text: a quantity `3`, `3x` or `x3`, then the card.
        let p = parse_text("l.txt", "3 DM-71\n3x DM-72\nx3 DM-73\nX2 DM-74\n");
        assert!(p.rejected.is_empty(), "{:?}", p.rejected);
        let got: Vec<(&str, u32)> = p
            .rows
            .iter()
            .map(|r| (r.slot.card_id.as_str(), r.qty))
            .collect();
        assert_eq!(
            got,
            [("DM-71", 3), ("DM-72", 3), ("DM-73", 3), ("DM-74", 2)]
        );
    }

    #[test]
    fn a_deck_list_imports_as_written_for_yj_deck_check() {
        // Headers and directives are not card rows; `side:` and `(SET)` settle shared names.
        let p = parse_text(
            "deck.txt",
            "name: Jedi\nside: light\nCharacters:\n2 Blaster (DM)\n1 Tatooine • Podrace Arena\n",
        );
        assert!(p.rejected.is_empty(), "{:?}", p.rejected);
        let got: Vec<(u64, &str)> = p
            .rows
            .iter()
            .map(|r| (r.line, r.slot.card_id.as_str()))
            .collect();
        assert_eq!(got, vec![(4, "DM-45"), (5, "DM-65")]);
        let p = parse_text("deck.txt", "side: grey\n1 DM-71\n");
        assert_eq!(p.rejected.len(), 1, "{:?}", p.rejected);
    }

    #[test]
    fn every_bad_row_is_rejected_with_its_line_and_reason() {
        let p = parse_text(
            "list.txt",
            "3 DM-71\n-1 DM-72\nDarth Maul\n2 Darth Mual, Sith Apprentice\n2 Obi-Wan Kenobi\n20000 DM-1\n1 V1-JC-3 (foil)\n",
        );
        let lines: Vec<u64> = p.rejected.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![2, 3, 4, 5, 6, 7], "{:?}", p.rejected);
        let reasons: Vec<&str> = p.rejected.iter().map(|r| r.reason.as_str()).collect();
        assert!(reasons[0].contains("negative"));
        assert!(reasons[1].contains("no quantity"));
        assert!(reasons[2].contains("did you mean DM-71"), "{}", reasons[2]);
        assert!(
            reasons[3].contains("DM-1 (") && reasons[3].contains("BN-1 ("),
            "{}",
            reasons[3]
        );
        assert!(reasons[4].contains("absurd"));
        assert!(reasons[5].contains("virtual card"));
        assert_eq!(p.rows.len(), 1);
    }

    #[test]
    fn csv_needs_known_columns_and_reports_bad_rows() {
        let p = parse_text(
            "c.csv",
            "qty,card_id,finish,condition,note\n2,DM-71,,NM,\"top loader, binder 2\"\n1,DM-72\n1,BN-71,foil,shiny,\n,DM-1,,,\n",
        );
        assert_eq!(p.format, FileFormat::Csv);
        assert_eq!(p.rows.len(), 1);
        assert_eq!(p.rows[0].condition, Some(Some(Condition::NearMint)));
        assert_eq!(p.rows[0].note, Some(Some("top loader, binder 2".into())));
        let got: Vec<(u64, bool)> = p
            .rejected
            .iter()
            .map(|r| (r.line, r.reason.contains("fields where the header has 5")))
            .collect();
        assert_eq!(
            got,
            vec![(3, true), (4, false), (5, false)],
            "{:?}",
            p.rejected
        );
        assert!(p.rejected[1].reason.contains("unknown condition `shiny`"));
        assert!(p.rejected[2].reason.contains("quantity is missing"));

        let err = parse("c.csv", "qty,card_id,conditon\n1,DM-71,NM\n", catalogue())
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown column `conditon`"), "{err}");
        let err = parse("c.csv", "Darth Maul,3\n", catalogue())
            .unwrap_err()
            .to_string();
        assert!(err.contains("not a header row"), "{err}");
    }

    #[test]
    fn an_unclosed_quote_is_rejected_not_read_as_a_long_note() {
        // A quote opened and never closed would make every line after it part of one field:
        // the rows for DM-72 and DM-73 would silently vanish into DM-71's note.
        let p = parse_text(
            "c.csv",
            "qty,card_id,note\n1,DM-70,\n1,DM-71,\"binder 2\n2,DM-72,\n3,DM-73,\n",
        );
        assert_eq!(p.rows.len(), 1, "{:?}", p.rows);
        assert_eq!(p.rows[0].slot.card_id, "DM-70");
        assert_eq!(p.rejected.len(), 1, "{:?}", p.rejected);
        assert_eq!(p.rejected[0].line, 3);
        assert!(
            p.rejected[0].reason.contains("never closed"),
            "{}",
            p.rejected[0].reason
        );
        // Even when the open field is the only one of its row.
        let p = parse_text("c.csv", "qty,card_id,note\n1,DM-70,\n,,\"\n1,DM-72,\n");
        assert_eq!(p.rows.len(), 1, "{:?}", p.rows);
        assert_eq!(p.rejected.len(), 1, "{:?}", p.rejected);
        assert_eq!(p.rejected[0].line, 3);
        // Quotes that close, even across lines (a note of two lines), are fine.
        let p = parse_text(
            "c.csv",
            "qty,card_id,note\n1,DM-71,\"two\nlines, \"\"quoted\"\"\"\n2,DM-72,\n",
        );
        assert!(p.rejected.is_empty(), "{:?}", p.rejected);
        assert_eq!(p.rows.len(), 2);
        assert_eq!(
            p.rows[0].note,
            Some(Some("two\nlines, \"quoted\"".to_string()))
        );
    }

    #[test]
    fn a_name_column_is_enough() {
        let p = parse_text(
            "c.csv",
            "quantity,name\n2,\"Darth Maul, Sith Apprentice\"\n",
        );
        assert_eq!(p.rows[0].slot.card_id, "DM-71");
        assert_eq!(p.rows[0].qty, 2);
    }

    #[test]
    fn json_rows_carry_their_line_numbers() {
        let text = "[\n  {\n    \"card_id\": \"DM-71\",\n    \"qty\": 2\n  },\n  {\n    \"card_id\": \"nope\",\n    \"qty\": 1\n  },\n  {\"card_id\": \"DM-72\", \"qty\": -3}\n]\n";
        let p = parse_text("c.json", text);
        assert_eq!(p.rows.len(), 1);
        let lines: Vec<u64> = p.rejected.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![6, 10]);
        assert_eq!(element_lines("[{\"a\": \"x,{\"}, {}]"), vec![1, 1]);
    }

    #[test]
    fn whole_file_problems_are_errors() {
        assert!(decode(b"").unwrap_err().contains("empty"));
        assert!(decode(b"\n  \n").unwrap_err().contains("empty"));
        let err = decode(b"3 DM-71\n2 Padm\xe9 Naberrie\n").unwrap_err();
        assert!(
            err.contains("line 2, column 7") && err.contains("0xE9"),
            "{err}"
        );
        assert_eq!(decode(b"\xEF\xBB\xBF3 DM-71").unwrap(), "3 DM-71");
        assert!(parse("x.json", "[{\"qty\": 1,", catalogue()).is_err());
    }

    #[test]
    fn set_mode_is_idempotent_and_add_mode_adds() {
        let p = parse_text("l.txt", "2 DM-71\n1 DM-71\n1 BN-71 (foil)\n");
        let mut h = Holdings::new("main");
        let changes = plan(&p.rows, Mode::Set, &h).unwrap();
        assert_eq!(changes.len(), 2);
        h.apply(&changes).unwrap();
        assert_eq!(h.owned("DM-71", Finish::Regular), 3);
        assert!(plan(&p.rows, Mode::Set, &h).unwrap().is_empty());
        let changes = plan(&p.rows, Mode::Add, &h).unwrap();
        h.apply(&changes).unwrap();
        assert_eq!(h.owned("DM-71", Finish::Regular), 6);
        assert_eq!(h.owned("BN-71", Finish::Foil), 2);
    }

    #[test]
    fn adding_past_the_limit_is_rejected_at_the_last_row() {
        let p = parse_text("l.txt", "9000 DM-71\n999 DM-71\n1 DM-71\n");
        let rejected = plan(&p.rows, Mode::Set, &Holdings::new("main")).unwrap_err();
        assert_eq!(rejected.len(), 1);
        assert_eq!(rejected[0].line, 3);
        assert!(rejected[0].reason.contains("10000 copies"));
    }

    #[test]
    fn rows_of_one_printing_must_agree_on_condition() {
        let p = parse_text(
            "c.csv",
            "qty,card_id,condition\n1,DM-71,NM\n1,DM-71,NM\n1,DM-71,LP\n",
        );
        let rejected = plan(&p.rows, Mode::Set, &Holdings::new("main")).unwrap_err();
        assert_eq!(rejected.len(), 1);
        assert_eq!(rejected[0].line, 4);
        assert!(
            rejected[0].reason.contains("on line 2"),
            "{}",
            rejected[0].reason
        );
    }
}
