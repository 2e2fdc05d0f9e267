//! Reading a TOML decklist: `name`, `side` and `rules` keys, and `cards` as a list of text
//! lines or a table of card = quantity, with the line of each key.

use toml::de::{DeTable, DeValue};

use super::text::{Line, read_line};
use super::{BadLine, DeckList, Entry, ListFormat};
use crate::catalogue::Side;
use crate::deck::error::DeckError;

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

pub(super) fn parse_toml(source: &str, text: &str) -> Result<DeckList, DeckError> {
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
