//! Decklists as written: plain text, CSV or TOML, turned into lines of (quantity, card).
//! Nothing here knows the catalogue; `resolve` turns the card texts into cards.

use std::io::Read;
use std::path::Path;

use serde::Serialize;
use toml::de::{DeTable, DeValue};

use super::error::DeckError;
use crate::catalogue::Side;

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
    let fail = |reason: String| DeckError::Read {
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
    read.map_err(|e| fail(e.to_string().to_lowercase()))?;
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

/// What one line of a text list holds.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    Blank,
    Card { quantity: u32, card: String },
    Directive { key: &'static str, value: String },
    Bad(String),
}

const DIRECTIVES: &[&str] = &["name", "side", "rules"];

/// Reads one text line: `3 Card`, `3x Card`, `x3 Card`, `3 x Card`, `Card x3`, `Card (x3)`,
/// `Card` (one copy), `# comment`, `Characters:` (a section header), or `side: dark` (a
/// directive).
fn read_line(raw: &str) -> Line {
    // Comments: whole lines, and a ` #` or ` //` tail (no card name contains either).
    let mut line = raw.trim();
    if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
        return Line::Blank;
    }
    line = strip_tail_comment(line);
    if let Some(rest) = line.strip_prefix('-') {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() {
            return Line::Bad(format!(
                "quantity -{digits}: give a quantity of at least 1, or leave the line out"
            ));
        }
    }
    let (quantity, rest) = match split_quantity(line) {
        Ok(split) => split,
        Err(reason) => return Line::Bad(reason),
    };
    let Some(quantity) = quantity else {
        if line.ends_with(':') {
            return Line::Blank; // a section header such as `Characters:`
        }
        if let Some((key, value)) = line.split_once(':') {
            let key = key.trim().to_ascii_lowercase();
            if let Some(k) = DIRECTIVES.iter().find(|d| **d == key) {
                return Line::Directive {
                    key: k,
                    value: value.trim().to_string(),
                };
            }
        }
        // `Card x3`, `Card 3x`, `Card (x3)`: the quantity after the card.
        if let Some((digits, card)) = split_trailing_quantity(line) {
            let quantity = match parse_quantity(digits) {
                Ok(q) => q,
                Err(reason) => return Line::Bad(reason),
            };
            let card = unquote(card.trim_end_matches([',', ';']));
            if card.is_empty() {
                return Line::Bad(format!("`{line}` has a quantity but no card"));
            }
            return Line::Card {
                quantity,
                card: card.to_string(),
            };
        }
        return Line::Card {
            quantity: 1,
            card: unquote(line).to_string(),
        };
    };
    let mut rest = rest.trim_start_matches([',', ';', '\t', ' ']);
    // `3 x Card`: the `x` standing alone between the quantity and the card.
    let mut chars = rest.chars();
    if let (Some(x), Some(sep)) = (chars.next(), chars.next())
        && is_x(x)
        && sep.is_whitespace()
    {
        rest = chars.as_str();
    }
    if let Some((digits, _)) = split_trailing_quantity(rest.trim()) {
        let written = line[..line.len() - rest.len()].trim();
        let trailing = rest
            .trim()
            .rsplit(char::is_whitespace)
            .next()
            .unwrap_or(digits);
        return Line::Bad(format!(
            "two quantities (`{}` and `{}`): keep one",
            written.trim_end_matches([',', ';']),
            trailing.trim_matches(['(', ')'])
        ));
    }
    let card = unquote(rest.trim());
    if card.is_empty() {
        return Line::Bad("a quantity with no card after it".into());
    }
    Line::Card {
        quantity,
        card: card.to_string(),
    }
}

/// Cuts a ` #` or ` //` comment (after a space or a tab) off a line, in one pass: this runs
/// on every line of every list a judge checks.
fn strip_tail_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (at, mark) in line.match_indices(['#', '/']) {
        let after_blank = at > 0 && matches!(bytes[at - 1], b' ' | b'\t');
        if after_blank && (mark == "#" || bytes.get(at + 1) == Some(&b'/')) {
            return line[..at].trim_end();
        }
    }
    line
}

fn is_x(c: char) -> bool {
    c == 'x' || c == 'X' || c == '×'
}

/// `Card x3`, `Card 3x`, `Card ×3`, `Card (x3)` → (`3`, `Card`). The `x` is required: a bare
/// number after a card (`DM-7 1`) is too easily part of the card's text to be guessed at.
fn split_trailing_quantity(line: &str) -> Option<(&str, &str)> {
    let (head, token) = line.rsplit_once(char::is_whitespace)?;
    let token = token
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(token);
    let digits = token
        .strip_prefix(is_x)
        .or_else(|| token.strip_suffix(is_x))?;
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || head.trim().is_empty() {
        return None;
    }
    Some((digits, head.trim_end()))
}

fn parse_quantity(digits: &str) -> Result<u32, String> {
    let quantity: u32 = digits
        .parse()
        .map_err(|_| format!("quantity `{digits}` is too large"))?;
    if quantity == 0 {
        return Err("quantity 0: leave the line out, or give at least 1".into());
    }
    Ok(quantity)
}

fn unquote(s: &str) -> &str {
    let s = s.trim();
    s.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(s)
        .trim()
}

/// Splits a leading quantity (`3`, `3x`, `x3`) from the rest of a line. A quantity must be
/// followed by a separator, so `1_71` (a community id) is a card, not one copy of `_71`.
fn split_quantity(line: &str) -> Result<(Option<u32>, &str), String> {
    let is_sep = |c: char| c.is_whitespace() || c == ',' || c == ';';
    let (digits_start, after_x_prefix) = match line.chars().next() {
        Some(c) if is_x(c) => (c.len_utf8(), true),
        _ => (0, false),
    };
    let digits_len = line[digits_start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    if digits_len == 0 {
        return Ok((None, line));
    }
    let mut end = digits_start + digits_len;
    let digits = &line[digits_start..end];
    if !after_x_prefix
        && let Some(c) = line[end..].chars().next()
        && is_x(c)
    {
        end += c.len_utf8();
    }
    match line[end..].chars().next() {
        None => return Err(format!("`{line}` has a quantity but no card")),
        Some(c) if !is_sep(c) => return Ok((None, line)),
        _ => {}
    }
    Ok((Some(parse_quantity(digits)?), &line[end..]))
}

fn parse_text(source: &str, text: &str) -> DeckList {
    let mut list = DeckList::empty(source, ListFormat::Text);
    // `(key, line, value)` of each directive already read.
    let mut seen: Vec<(&str, usize, String)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        match read_line(raw) {
            Line::Directive { key, value }
                if let Some((_, first, earlier)) = seen.iter().find(|(k, _, _)| *k == key) =>
            {
                // The same directive again: harmless when it agrees, refused when it does
                // not (a later `rules:` line must not quietly replace an earlier one).
                if !earlier.trim().eq_ignore_ascii_case(value.trim()) {
                    list.bad_lines.push(BadLine {
                        line,
                        text: raw.trim().to_string(),
                        reason: format!(
                            "line {first} already says `{key}: {earlier}`; keep one `{key}:` line"
                        ),
                    });
                }
            }
            Line::Blank => {}
            Line::Card { quantity, card } => list.entries.push(Entry {
                line,
                quantity,
                card,
                text: raw.trim().to_string(),
            }),
            Line::Directive { key, value } => {
                let applied = apply_directive(&mut list, key, &value);
                if applied.is_ok() {
                    seen.push((key, line, value.clone()));
                    if key == "rules" {
                        list.rules_line = Some(line);
                    }
                }
                if let Err(reason) = applied {
                    list.bad_lines.push(BadLine {
                        line,
                        text: raw.trim().to_string(),
                        reason,
                    });
                }
            }
            Line::Bad(reason) => list.bad_lines.push(BadLine {
                line,
                text: raw.trim().to_string(),
                reason,
            }),
        }
    }
    list
}

fn apply_directive(list: &mut DeckList, key: &str, value: &str) -> Result<(), String> {
    match key {
        "name" => list.name = Some(value.to_string()).filter(|v| !v.is_empty()),
        "side" => list.side = Some(value.parse::<Side>()?),
        "rules" => list.rules = Some(value.to_string()).filter(|v| !v.is_empty()),
        _ => unreachable!("only known directives are read"),
    }
    Ok(())
}

const QUANTITY_HEADERS: &[&str] = &["quantity", "qty", "count", "copies", "number"];
// `card_id` and `card_name` as `yj collection export` and spreadsheets write them.
const CARD_HEADERS: &[&str] = &[
    "card",
    "id",
    "name",
    "card id",
    "card name",
    "card_id",
    "card_name",
    "title",
];

/// `;` when a header or first row uses it and no comma (spreadsheets in many locales save CSV
/// so), else `,`.
fn csv_delimiter(first_line: &str) -> u8 {
    if first_line.contains(';') && !first_line.contains(',') {
        b';'
    } else {
        b','
    }
}

/// A column naming the card's set, used to pick among cards sharing a name.
const SET_HEADERS: &[&str] = &["set", "set code", "set_code", "expansion", "edition"];

fn parse_csv(source: &str, text: &str) -> Result<DeckList, DeckError> {
    let mut list = DeckList::empty(source, ListFormat::Csv);
    // `(quantity column, card column)` once a header row names them.
    let mut columns: Option<(usize, usize)> = None;
    let mut set_column: Option<usize> = None;
    let delimiter = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .map_or(b',', csv_delimiter);
    let mut first = true;
    // One record per line (a decklist has no multi-line fields), so line numbers are exact.
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .delimiter(delimiter)
            .flexible(true)
            .trim(csv::Trim::All)
            .from_reader(trimmed.as_bytes());
        let record = match reader.records().next() {
            Some(Ok(record)) => record,
            Some(Err(e)) => {
                return Err(DeckError::Csv {
                    path: source.to_string(),
                    reason: format!("line {line}: {}", e.to_string().to_lowercase()),
                });
            }
            None => continue,
        };
        let fields: Vec<&str> = record.iter().collect();
        if fields.iter().all(|f| f.is_empty()) {
            continue;
        }
        if first {
            first = false;
            let lower: Vec<String> = fields.iter().map(|f| f.to_ascii_lowercase()).collect();
            let q = lower
                .iter()
                .position(|f| QUANTITY_HEADERS.contains(&f.as_str()));
            let c = lower
                .iter()
                .position(|f| CARD_HEADERS.contains(&f.as_str()));
            if let (Some(q), Some(c)) = (q, c) {
                columns = Some((q, c));
                set_column = lower.iter().position(|f| SET_HEADERS.contains(&f.as_str()));
                continue;
            }
        }
        let is_number = |f: &str| !f.is_empty() && f.chars().all(|c| c.is_ascii_digit());
        let (quantity, card) = match columns {
            Some((q, c)) => {
                let card = fields.get(c).copied().unwrap_or("").to_string();
                // The set column becomes `Card (SET)`, as a text list writes it, unless the
                // card already names its set or is blank.
                let set = set_column
                    .and_then(|s| fields.get(s))
                    .copied()
                    .unwrap_or("");
                let card = if set.is_empty() || card.is_empty() || card.ends_with([')', ']']) {
                    card
                } else {
                    format!("{card} ({set})")
                };
                (fields.get(q).copied().unwrap_or(""), card)
            }
            // No header: quantity first and the rest is the card (an unquoted name with a
            // comma spills into the next field), or card first and quantity last.
            None if fields.len() > 1 && is_number(fields[0]) => (fields[0], fields[1..].join(",")),
            None if fields.len() > 1 && is_number(fields[fields.len() - 1]) => (
                fields[fields.len() - 1],
                fields[..fields.len() - 1].join(","),
            ),
            None => ("1", fields.join(",")),
        };
        let quantity = quantity
            .trim_start_matches(['x', 'X'])
            .trim_end_matches(['x', 'X']);
        let bad = |reason: String| BadLine {
            line,
            text: trimmed.to_string(),
            reason,
        };
        match quantity.parse::<u32>() {
            Ok(0) => list.bad_lines.push(bad(
                "quantity 0: leave the row out, or give at least 1".into()
            )),
            Ok(n) if !card.trim().is_empty() => list.entries.push(Entry {
                line,
                quantity: n,
                card: card.trim().to_string(),
                text: trimmed.to_string(),
            }),
            Ok(_) => list.bad_lines.push(bad("the row names no card".into())),
            Err(_) => list
                .bad_lines
                .push(bad(format!("quantity `{quantity}` is not a whole number"))),
        }
    }
    Ok(list)
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn parse_toml(source: &str, text: &str) -> Result<DeckList, DeckError> {
    let table = DeTable::parse(text).map_err(|e| DeckError::Toml {
        path: source.to_string(),
        reason: e
            .to_string()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .collect::<Vec<_>>()
            .join(" "),
    })?;
    let mut list = DeckList::empty(source, ListFormat::Toml);
    let field = |line: usize, reason: String| DeckError::Field {
        path: source.to_string(),
        line,
        reason,
    };
    for (key, value) in table.get_ref().iter() {
        let line = line_of(text, key.span().start);
        let string = || match value.get_ref() {
            DeValue::String(s) => Ok(s.to_string()),
            _ => Err(field(line, format!("`{}` must be a string", key.get_ref()))),
        };
        match key.get_ref().as_ref() {
            "name" => list.name = Some(string()?).filter(|s| !s.trim().is_empty()),
            "rules" => {
                list.rules = Some(string()?).filter(|s| !s.trim().is_empty());
                list.rules_line = Some(line);
            }
            "side" => {
                list.side = Some(string()?.parse::<Side>().map_err(|e| field(line, e))?);
            }
            "cards" => read_toml_cards(&mut list, text, value, &field)?,
            other => {
                return Err(field(
                    line,
                    format!("unknown key `{other}` (expected name, side, rules or cards)"),
                ));
            }
        }
    }
    Ok(list)
}

/// `cards` is either a list of text lines (`"3 DM-1"`) or a table of card = quantity.
fn read_toml_cards(
    list: &mut DeckList,
    text: &str,
    value: &toml::Spanned<DeValue<'_>>,
    field: &dyn Fn(usize, String) -> DeckError,
) -> Result<(), DeckError> {
    match value.get_ref() {
        DeValue::Array(items) => {
            for item in items.iter() {
                let line = line_of(text, item.span().start);
                let DeValue::String(s) = item.get_ref() else {
                    return Err(field(
                        line,
                        "each entry of `cards` must be a string such as \"3 DM-71\"".into(),
                    ));
                };
                match read_line(s) {
                    Line::Blank => {}
                    Line::Card { quantity, card } => list.entries.push(Entry {
                        line,
                        quantity,
                        card,
                        text: s.trim().to_string(),
                    }),
                    Line::Directive { key, .. } => list.bad_lines.push(BadLine {
                        line,
                        text: s.trim().to_string(),
                        reason: format!("`{key}` belongs at the top of the file as `{key} = ...`"),
                    }),
                    Line::Bad(reason) => list.bad_lines.push(BadLine {
                        line,
                        text: s.trim().to_string(),
                        reason,
                    }),
                }
            }
        }
        DeValue::Table(table) => {
            for (card, quantity) in table.iter() {
                let line = line_of(text, card.span().start);
                let raw = &text[card.span().start..quantity.span().end.min(text.len())];
                let bad = |reason: String| BadLine {
                    line,
                    text: raw.trim().to_string(),
                    reason,
                };
                let n = match quantity.get_ref() {
                    DeValue::Integer(i) => i.to_string().parse::<i64>().ok(),
                    _ => None,
                };
                match n {
                    Some(n) if n >= 1 && n <= i64::from(u32::MAX) => list.entries.push(Entry {
                        line,
                        quantity: n as u32,
                        card: card.get_ref().trim().to_string(),
                        text: raw.trim().to_string(),
                    }),
                    Some(n) if n < 1 => list.bad_lines.push(bad(format!(
                        "quantity {n}: leave the card out, or give at least 1"
                    ))),
                    _ => list
                        .bad_lines
                        .push(bad("the quantity must be a whole number such as 3".into())),
                }
            }
        }
        _ => {
            return Err(field(
                line_of(text, value.span().start),
                "`cards` must be a list of lines (\"3 DM-71\") or a table (\"DM-71\" = 3)".into(),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(list: &DeckList) -> Vec<(usize, u32, &str)> {
        list.entries
            .iter()
            .map(|e| (e.line, e.quantity, e.card.as_str()))
            .collect()
    }

    #[test]
    fn text_lines_take_every_quantity_form() {
        let text = "# my deck\nname: Jedi\nside: Light\n\nCharacters:\n3 DM-1\n3x Qui-Gon Jinn, Jedi Master\nx2 1_71\n1_72\nObi-Wan Kenobi, Young Jedi # the best\n4X  \"Blaster\"\n2, DM-45\n";
        let list = parse_list("d.txt", text, Some(ListFormat::Text)).unwrap();
        assert_eq!(list.name.as_deref(), Some("Jedi"));
        assert_eq!(list.side, Some(Side::Light));
        assert_eq!(
            cards(&list),
            [
                (6, 3, "DM-1"),
                (7, 3, "Qui-Gon Jinn, Jedi Master"),
                (8, 2, "1_71"),
                (9, 1, "1_72"),
                (10, 1, "Obi-Wan Kenobi, Young Jedi"),
                (11, 4, "Blaster"),
                (12, 2, "DM-45"),
            ]
        );
        assert!(list.bad_lines.is_empty(), "{:?}", list.bad_lines);
        assert_eq!(list.total(), 16);
    }

    #[test]
    fn bad_text_lines_are_kept_with_a_reason() {
        let text = "0 DM-1\n99999999999 DM-2\n3\nside: grey\n";
        let list = parse_list("d.txt", text, None).unwrap();
        assert!(list.entries.is_empty());
        let reasons: Vec<(usize, &str)> = list
            .bad_lines
            .iter()
            .map(|b| (b.line, b.reason.as_str()))
            .collect();
        assert_eq!(
            reasons,
            [
                (1, "quantity 0: leave the line out, or give at least 1"),
                (2, "quantity `99999999999` is too large"),
                (3, "`3` has a quantity but no card"),
                (4, "unknown side `grey` (expected one of: light, dark)"),
            ]
        );
    }

    #[test]
    fn text_lines_take_the_quantity_forms_people_write() {
        // `3 x Card`, `Card x3`, `Card (x3)` and a `//` comment after the card are how
        // decklists are typed and pasted from forums; none of them may become a card name.
        let text = "3 x DM-1\n2 X Qui-Gon Jinn, Jedi Master\nDM-7 x2\nBlaster (DM) 3x\nYoda, Jedi Master (x2)\nSith Lightsaber ×3\n1 DM-45 // the good one\n";
        let list = parse_list("d.txt", text, Some(ListFormat::Text)).unwrap();
        assert!(list.bad_lines.is_empty(), "{:?}", list.bad_lines);
        assert_eq!(
            cards(&list),
            [
                (1, 3, "DM-1"),
                (2, 2, "Qui-Gon Jinn, Jedi Master"),
                (3, 2, "DM-7"),
                (4, 3, "Blaster (DM)"),
                (5, 2, "Yoda, Jedi Master"),
                (6, 3, "Sith Lightsaber"),
                (7, 1, "DM-45"),
            ]
        );
        // A number after a card without an `x` stays part of the text (`DM-7 1` is not a
        // quantity: it is reported as an unknown card, not guessed).
        let list = parse_list("d.txt", "DM-7 1\n", Some(ListFormat::Text)).unwrap();
        assert_eq!(cards(&list), [(1, 1, "DM-7 1")]);
    }

    #[test]
    fn a_negative_or_doubled_quantity_is_a_bad_line_not_a_card() {
        let list = parse_list("d.txt", "-3 DM-1\n3 DM-1 x2\n", Some(ListFormat::Text)).unwrap();
        assert!(list.entries.is_empty(), "{:?}", list.entries);
        let reasons: Vec<(usize, &str)> = list
            .bad_lines
            .iter()
            .map(|b| (b.line, b.reason.as_str()))
            .collect();
        assert_eq!(
            reasons,
            [
                (
                    1,
                    "quantity -3: give a quantity of at least 1, or leave the line out"
                ),
                (2, "two quantities (`3` and `x2`): keep one"),
            ]
        );
    }

    #[test]
    fn a_directive_given_twice_with_another_value_is_a_bad_line() {
        // A `rules: decipher` at the bottom of a list must not quietly replace the
        // `rules: standard` at its top; the same value twice is harmless.
        let text = "side: light\nrules: standard\n3 DM-1\nside: Light\nrules: decipher\n";
        let list = parse_list("d.txt", text, Some(ListFormat::Text)).unwrap();
        assert_eq!(list.rules.as_deref(), Some("standard"));
        let reasons: Vec<(usize, &str)> = list
            .bad_lines
            .iter()
            .map(|b| (b.line, b.reason.as_str()))
            .collect();
        assert_eq!(
            reasons,
            [(
                5,
                "line 2 already says `rules: standard`; keep one `rules:` line"
            )]
        );
    }

    #[test]
    fn csv_with_and_without_a_header() {
        let with = "qty,card\n3,DM-1\n2,\"Darth Maul, Sith Apprentice\"\n";
        let list = parse_list("d.csv", with, Some(ListFormat::Csv)).unwrap();
        assert_eq!(
            cards(&list),
            [(2, 3, "DM-1"), (3, 2, "Darth Maul, Sith Apprentice")]
        );
        let without = "# no header\n3,DM-1\n2,Darth Maul, Sith Apprentice\nDM-5,4\n0,DM-6\n";
        let list = parse_list("d.csv", without, Some(ListFormat::Csv)).unwrap();
        assert_eq!(
            cards(&list),
            [
                (2, 3, "DM-1"),
                (3, 2, "Darth Maul,Sith Apprentice"),
                (4, 4, "DM-5")
            ]
        );
        assert_eq!(list.bad_lines.len(), 1);
        assert_eq!(list.bad_lines[0].line, 5);
    }

    #[test]
    fn csv_headers_of_the_collection_files_are_known() {
        // `qty,card_id` is the header `yj collection export` writes and the README shows; as
        // a decklist header it must not become an unknown card named `qty,card_id`.
        let text = "qty,card_id\n3,DM-1\n";
        assert_eq!(sniff(text), ListFormat::Csv);
        let list = parse_list("d.csv", text, Some(ListFormat::Csv)).unwrap();
        assert_eq!(cards(&list), [(2, 3, "DM-1")]);
        let list = parse_list("d.csv", "Qty,Card_Name\n2,Blaster (DM)\n", None).unwrap();
        assert_eq!(cards(&list), [(2, 2, "Blaster (DM)")]);
    }

    #[test]
    fn csv_from_a_spreadsheet_with_semicolons_is_read() {
        // Spreadsheets in many locales save CSV with `;`: the header `Qty;Card` was read as
        // one unknown card named `qty;card`.
        let text = "Qty;Card;Set\n3;Blaster;DM\n2;\"Darth Maul, Sith Apprentice\";\n";
        assert_eq!(sniff(text), ListFormat::Csv);
        let list = parse_list("d.csv", text, Some(ListFormat::Csv)).unwrap();
        assert!(list.bad_lines.is_empty(), "{:?}", list.bad_lines);
        assert_eq!(
            cards(&list),
            [
                (2, 3, "Blaster (DM)"),
                (3, 2, "Darth Maul, Sith Apprentice")
            ]
        );
    }

    #[test]
    fn toml_takes_lines_or_a_table() {
        let lines = "name = \"Dark\"\nside = \"dark\"\nrules = \"decipher\"\ncards = [\n  \"3 DM-71\",\n  \"x2 Blaster\",\n]\n";
        let list = parse_list("d.toml", lines, Some(ListFormat::Toml)).unwrap();
        assert_eq!(list.side, Some(Side::Dark));
        assert_eq!(list.rules.as_deref(), Some("decipher"));
        assert_eq!(cards(&list), [(5, 3, "DM-71"), (6, 2, "Blaster")]);
        let table =
            "side = \"dark\"\n\n[cards]\n\"DM-71\" = 3\n\"Darth Maul, Sith Apprentice\" = 0\n";
        let list = parse_list("d.toml", table, Some(ListFormat::Toml)).unwrap();
        assert_eq!(cards(&list), [(4, 3, "DM-71")]);
        assert_eq!(list.bad_lines[0].line, 5);
        assert_eq!(
            list.bad_lines[0].text,
            "\"Darth Maul, Sith Apprentice\" = 0"
        );
    }

    #[test]
    fn toml_errors_name_the_file_and_line() {
        let err = parse_list(
            "d.toml",
            "side = \"dark\"\ncolour = 3\n",
            Some(ListFormat::Toml),
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            err,
            "d.toml, line 2: unknown key `colour` (expected name, side, rules or cards)"
        );
        let err = parse_list("d.toml", "cards = [3]\n", Some(ListFormat::Toml))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("d.toml, line 1: each entry of `cards`"),
            "{err}"
        );
        let err = parse_list("d.toml", "cards = [\n", Some(ListFormat::Toml)).unwrap_err();
        assert!(matches!(err, DeckError::Toml { .. }), "{err}");
    }

    #[test]
    fn arbitrary_input_never_panics() {
        // Bad input never panics: random bytes (as lossy UTF-8), odd quantities, odd
        // characters, in every format.
        let mut seed = 99u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        let alphabet: Vec<char> = "0123456789 xX×,;\t\n\"#:=[]{}-_()•éabc".chars().collect();
        for _ in 0..2000 {
            let len = next() % 40;
            let text: String = (0..len)
                .map(|_| alphabet[(next() as usize) % alphabet.len()])
                .collect();
            for format in [ListFormat::Text, ListFormat::Csv, ListFormat::Toml] {
                let _ = parse_list("fuzz", &text, Some(format));
            }
            let _ = parse_list("fuzz", &text, None);
        }
    }

    #[test]
    fn sniffing_recognises_each_format() {
        assert_eq!(sniff("side = \"light\"\ncards = []\n"), ListFormat::Toml);
        assert_eq!(sniff("# list\n[cards]\n\"DM-1\" = 2\n"), ListFormat::Toml);
        assert_eq!(sniff("Quantity,Card\n3,DM-1\n"), ListFormat::Csv);
        assert_eq!(sniff("3 DM-1\n3,DM-2\n"), ListFormat::Text);
        assert_eq!(sniff(""), ListFormat::Text);
    }
}
