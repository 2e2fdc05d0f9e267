//! Reading decklist-style text (`3 DM-71`, `3x Darth Maul, Sith Apprentice`), as written for
//! `yj deck check`: quantities, foil markers, comments, section headers and directives.

use super::checker::{Checker, RowResult};
use super::{FileFormat, Parsed, RawRow, collect};
use crate::deck::decklist::{split_trailing_quantity, strip_tail_comment};

/// `3 DM-71`, `3x Darth Maul, Sith Apprentice`, `1 BN-71 (foil)`; `#` and `//` start
/// comments. A deck's list imports as it is: section headers (`Characters:`) are skipped,
/// `name:` and `rules:` lines are ignored, and `side: dark` settles names both sides print,
/// as in `yj deck check`.
pub(super) fn parse_decklist(text: &str, checker: &mut Checker<'_>) -> Parsed {
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
    let l = strip_tail_comment(l);
    let whole = l;
    // `Card x3`, `Card 3x`, `Card (x3)` (a foil marker may stand last): the quantity after the
    // card, as `yj deck check` reads it.
    if !l.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '-' | '+' | 'x' | 'X')) {
        let (body, foil) = without_foil_marker(l);
        if let Some((digits, card)) = split_trailing_quantity(body) {
            let (card, foil_inside) = without_foil_marker(card);
            return row(checker, line, digits, card, foil || foil_inside);
        }
    }
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
        return Err(no_quantity(whole));
    };
    if qty.is_empty() {
        return Err(no_quantity(whole));
    }
    let (card, foil) = without_foil_marker(rest.trim());
    row(checker, line, qty, card, foil)
}

fn no_quantity(line: &str) -> String {
    format!(
        "no quantity before the card: write `1 {}` (quantity, then the card's id or name)",
        crate::catalogue::lookup::excerpt(line)
    )
}

/// `DM-71 (foil)` or `DM-71 [foil]`: the card, and whether the marker was there.
fn without_foil_marker(card: &str) -> (&str, bool) {
    let lower = card.to_ascii_lowercase();
    for marker in ["(foil)", "[foil]"] {
        if lower.ends_with(marker) {
            return (card[..card.len() - marker.len()].trim_end(), true);
        }
    }
    (card, false)
}

fn row(checker: &mut Checker<'_>, line: u64, qty: &str, card: &str, foil: bool) -> RowResult {
    if card.is_empty() {
        return Err("a quantity but no card".into());
    }
    let raw = RawRow {
        qty: Some(qty.to_string()),
        card: Some(card.to_string()),
        finish: foil.then(|| "foil".to_string()),
        ..RawRow::default()
    };
    checker.row(line, raw)
}
