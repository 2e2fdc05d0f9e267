//! Reading a text decklist line by line: quantities before or after the card, comments,
//! section headers and the `name:`, `side:` and `rules:` directives.

use super::{BadLine, DeckList, Entry, ListFormat};
use crate::catalogue::Side;

/// What one line of a text list holds.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line {
    Blank,
    Card { quantity: u32, card: String },
    Directive { key: &'static str, value: String },
    Bad(String),
}

const DIRECTIVES: &[&str] = &["name", "side", "rules"];

/// Reads one text line: `3 Card`, `3x Card`, `x3 Card`, `3 x Card`, `Card x3`, `Card (x3)`,
/// `Card` (one copy), `# comment`, `Characters:` (a section header), or `side: dark` (a
/// directive).
pub(super) fn read_line(raw: &str) -> Line {
    // Comments: whole lines, and a `#` or `//` tail (no card name contains either).
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

/// Cuts a `#` or `//` comment off a line, with or without a space before it (`DM-45#spare`):
/// no card name, id or community id holds either mark. One pass: this runs on every line of
/// every list a judge checks.
pub(crate) fn strip_tail_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (at, mark) in line.match_indices(['#', '/']) {
        if mark == "#" || bytes.get(at + 1) == Some(&b'/') {
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
pub(crate) fn split_trailing_quantity(line: &str) -> Option<(&str, &str)> {
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

pub(super) fn parse_text(source: &str, text: &str) -> DeckList {
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
