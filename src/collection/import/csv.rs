//! Reading a CSV file (or a range pasted from a spreadsheet) with a header row: its columns,
//! its records with their exact line numbers, and a quoted field left open at the end.

use super::checker::Checker;
use super::{COLUMN_HELP, Column, FileFormat, Parsed, RawRow, collect, column};
use crate::catalogue::lookup::excerpt;
use crate::collection::error::CollectionError;

pub(super) fn parse_csv(
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
    // Other tools' columns yj does not keep (a price, a location, a trade count) are read
    // past with a warning; a name one slip away from a known column is refused instead, since
    // its values would otherwise be lost without a word (`conditon`).
    let (mut ignored, mut blank) = (Vec::new(), 0usize);
    for name in header.iter() {
        let c = match column(name) {
            Some(c) => c,
            None if name.trim().is_empty() => {
                blank += 1;
                Column::Ignored
            }
            None => match misspelt(name) {
                Some(meant) => {
                    return Err(fail(format!(
                        "unknown column `{}` in the header row: did you mean `{meant}`? (known \
                         columns: {COLUMN_HELP})",
                        excerpt(name)
                    )));
                }
                None => {
                    ignored.push(name.to_string());
                    Column::Ignored
                }
            },
        };
        if c != Column::Ignored && columns.contains(&c) {
            return Err(fail(format!(
                "the header names column `{}` twice",
                excerpt(name)
            )));
        }
        columns.push(c);
    }
    if !columns.contains(&Column::CardId)
        && !columns.contains(&Column::Name)
        && !columns.contains(&Column::Number)
    {
        return Err(fail(
            "the header has no card_id, name or number column, so rows cannot name their card"
                .into(),
        ));
    }
    let mut header_warnings = Vec::new();
    if !ignored.is_empty() {
        let mut names: Vec<String> = ignored
            .iter()
            .take(5)
            .map(|n| format!("`{}`", excerpt(n)))
            .collect();
        if ignored.len() > 5 {
            names.push(format!("and {} more", ignored.len() - 5));
        }
        header_warnings.push(format!(
            "column{} {} ignored: yj does not keep {} (known columns: {COLUMN_HELP})",
            if ignored.len() == 1 { "" } else { "s" },
            names.join(", "),
            if ignored.len() == 1 { "it" } else { "them" }
        ));
    }
    if blank > 0 {
        header_warnings.push(format!(
            "{blank} column{} with no name in the header row ignored",
            if blank == 1 { "" } else { "s" }
        ));
    }
    let mut results = Vec::new();
    let mut last_line = 0;
    let mut lines = LineCounter {
        bytes: text.as_bytes(),
        at: 0,
        line: 1,
    };
    let header_line = lines.line_at(header.position().map_or(0, |p| p.byte()));
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
        // A cell an export neutralised (`'=SUM(...)`) is read as it was written.
        for (c, value) in columns.iter().zip(record.iter()) {
            raw.set(
                *c,
                crate::collection::export::restore_cell(value).to_string(),
            );
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
    let mut parsed = collect(FileFormat::Csv, results);
    for reason in header_warnings.into_iter().rev() {
        parsed.warnings.insert(
            0,
            super::Rejected {
                line: header_line,
                reason,
            },
        );
    }
    Ok(parsed)
}

/// The known column a header name is one slip away from (a letter missing, added, changed
/// or two swapped), for names long enough that such a slip is not another word.
fn misspelt(name: &str) -> Option<&'static str> {
    let key = name.trim().to_ascii_lowercase();
    if key.len() < 5 {
        return None;
    }
    // One slip changes the length by at most one: only names that near are compared, so a
    // header of a million columns costs no more than reading it.
    super::KNOWN_COLUMNS
        .iter()
        .find(|known| {
            known.len() >= 5
                && known.len().abs_diff(key.len()) <= 1
                && strsim::damerau_levenshtein(&key, known) <= 1
        })
        .copied()
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
