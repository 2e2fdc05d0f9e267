//! Reading a CSV decklist, with a header row naming its columns or without one, separated by
//! commas or semicolons; one record per line.

use super::{BadLine, DeckList, Entry, ListFormat};
use crate::deck::error::DeckError;

pub(super) const QUANTITY_HEADERS: &[&str] = &["quantity", "qty", "count", "copies", "number"];
// `card_id` and `card_name` as `yj collection export` and spreadsheets write them.
pub(super) const CARD_HEADERS: &[&str] = &[
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
pub(super) fn csv_delimiter(first_line: &str) -> u8 {
    if first_line.contains(';') && !first_line.contains(',') {
        b';'
    } else {
        b','
    }
}

/// A column naming the card's set, used to pick among cards sharing a name.
const SET_HEADERS: &[&str] = &["set", "set code", "set_code", "expansion", "edition"];

pub(super) fn parse_csv(source: &str, text: &str) -> Result<DeckList, DeckError> {
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
