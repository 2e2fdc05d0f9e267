//! The registration sheet a judge keeps: every card grouped by the colour it fills, with ids
//! and totals, and a deck hash that identifies the deck whatever order, spelling or mix of
//! names and ids the list was written in.

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::report::{ColourReport, Report, Slot};
use super::resolve::{DeckCard, PrintingKind, ResolvedDeck};
use super::violation::Violation;
use crate::catalogue::Catalogue;

/// The canonical hash of a resolved deck: SHA-256 over `ID count` lines sorted by id, first
/// 16 hex digits. Foils count as their card; a virtual card is its own id.
pub fn deck_hash(deck: &ResolvedDeck) -> String {
    let mut lines: Vec<(String, u32)> = deck
        .cards
        .iter()
        .map(|c| (c.id.to_ascii_uppercase(), c.count))
        .collect();
    lines.sort();
    let mut hasher = Sha256::new();
    for (id, count) in lines {
        hasher.update(format!("{id} {count}\n").as_bytes());
    }
    hasher.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sheet {
    pub file: String,
    pub name: Option<String>,
    pub side: Option<crate::catalogue::Side>,
    pub rules: String,
    pub verdict: super::report::Verdict,
    pub hash: String,
    pub total: u64,
    /// The six colours, each with its cards sorted (wild card last).
    pub colours: Vec<ColourReport>,
    /// Cards the assignment could not place (no dots, or no free wild slot).
    pub unplaced: Vec<Slot>,
    /// True when the list's own `rules` line chose the rules (see `Report`).
    pub rules_from_list: bool,
    /// Every problem the check found, as `yj deck check` reports them.
    pub problems: Vec<Violation>,
    /// The cards not all in their regular printing: `(id, copies by printing)`. The deck
    /// hash does not change with them (it is the deck, not the printings).
    pub printings: Vec<(String, Vec<(PrintingKind, u32)>)>,
}

/// `2 foil, 1 regular`, most special first.
pub fn printings_text(printings: &[(PrintingKind, u32)]) -> String {
    printings
        .iter()
        .rev()
        .map(|(kind, n)| match kind {
            PrintingKind::Reprint if *n > 1 => format!("{n} Reflections reprints"),
            _ => format!("{n} {}", kind.as_str()),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a sheet or diff adds after a card's name: `(virtual)`, `(foil)`, `(Reflections
/// reprint)`, or the mix (`(1 foil, 2 regular)`).
pub fn printing_suffix(card: &crate::catalogue::Card, deck_card: Option<&DeckCard>) -> String {
    let mut marks: Vec<String> = Vec::new();
    if card.is_virtual() {
        marks.push("virtual".into());
    }
    if let Some(dc) = deck_card.filter(|dc| !dc.all_regular()) {
        match dc.printings().as_slice() {
            [(kind, _)] => marks.push(kind.as_str().to_string()),
            many => marks.push(printings_text(many)),
        }
    }
    if marks.is_empty() {
        String::new()
    } else {
        format!(" ({})", marks.join(", "))
    }
}

/// Builds the sheet from a deck's report (which holds the assignment).
pub fn sheet(report: &Report, deck: &ResolvedDeck, catalogue: &Catalogue) -> Sheet {
    let mut unplaced = Vec::new();
    for dc in &deck.cards {
        let placed: u32 = report
            .colours
            .iter()
            .flat_map(|c| &c.cards)
            .filter(|s| s.id == dc.id)
            .map(|s| s.count)
            .sum();
        if placed < dc.count {
            let card = &catalogue.cards()[dc.index];
            unplaced.push(Slot {
                id: card.id.clone(),
                name: card.full_name(),
                count: dc.count - placed,
                wild: false,
            });
        }
    }
    // Virtual cards and foils or reprints are marked on the sheet: a judge checks printings
    // against the deck on the table.
    let mark = |slot: &mut Slot| {
        if let Some(card) = catalogue.get(&slot.id) {
            let dc = deck.cards.iter().find(|c| c.id == slot.id);
            slot.name = format!("{}{}", card.full_name(), printing_suffix(card, dc));
        }
    };
    let mut colours = report.colours.clone();
    colours
        .iter_mut()
        .flat_map(|c| c.cards.iter_mut())
        .for_each(mark);
    unplaced.iter_mut().for_each(mark);
    Sheet {
        file: report.file.clone(),
        name: report.name.clone(),
        side: report.side,
        rules: report.rules.clone(),
        verdict: report.verdict,
        hash: deck_hash(deck),
        total: report.cards,
        colours,
        unplaced,
        rules_from_list: report.rules_from_list,
        problems: report.violations.clone(),
        printings: deck
            .cards
            .iter()
            .filter(|c| !c.all_regular())
            .map(|c| (c.id.clone(), c.printings()))
            .collect(),
    }
}

/// One card whose count differs between two lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiffRow {
    pub id: String,
    /// The card's name, marked `(virtual)` for a virtual card (which stands for the original
    /// of the same number, so a judge sees which of the two each list holds).
    pub name: String,
    pub a: u32,
    pub b: u32,
}

/// A card both lists hold the same number of, in other printings (foil against regular):
/// the deck is the same, a judge may still want to see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrintingDiff {
    pub id: String,
    pub name: String,
    pub a: Vec<(PrintingKind, u32)>,
    pub b: Vec<(PrintingKind, u32)>,
}

fn find(deck: &ResolvedDeck, index: usize) -> Option<&DeckCard> {
    deck.cards.iter().find(|c| c.index == index)
}

fn indexes(a: &ResolvedDeck, b: &ResolvedDeck) -> Vec<usize> {
    let mut indexes: Vec<usize> = a.cards.iter().chain(&b.cards).map(|c| c.index).collect();
    indexes.sort_unstable();
    indexes.dedup();
    indexes
}

fn diff_name(card: &crate::catalogue::Card) -> String {
    if card.is_virtual() {
        format!("{} (virtual)", card.full_name())
    } else {
        card.full_name()
    }
}

/// The cards whose counts differ, in catalogue order.
pub fn diff(a: &ResolvedDeck, b: &ResolvedDeck, catalogue: &Catalogue) -> Vec<DiffRow> {
    let count = |deck: &ResolvedDeck, index: usize| find(deck, index).map_or(0, |c| c.count);
    indexes(a, b)
        .into_iter()
        .filter_map(|i| {
            let (x, y) = (count(a, i), count(b, i));
            (x != y).then(|| {
                let card = &catalogue.cards()[i];
                DiffRow {
                    id: card.id.clone(),
                    name: diff_name(card),
                    a: x,
                    b: y,
                }
            })
        })
        .collect()
}

/// The cards held in equal numbers but in other printings, in catalogue order.
pub fn printing_diff(
    a: &ResolvedDeck,
    b: &ResolvedDeck,
    catalogue: &Catalogue,
) -> Vec<PrintingDiff> {
    indexes(a, b)
        .into_iter()
        .filter_map(|i| {
            let (x, y) = (find(a, i)?, find(b, i)?);
            (x.count == y.count && x.copies != y.copies).then(|| {
                let card = &catalogue.cards()[i];
                PrintingDiff {
                    id: card.id.clone(),
                    name: diff_name(card),
                    a: x.printings(),
                    b: y.printings(),
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::decklist::{ListFormat, parse_list};
    use crate::deck::resolve::Resolver;
    use crate::deck::test_catalogue;

    fn resolve(text: &str, format: ListFormat) -> ResolvedDeck {
        let list = parse_list("t", text, Some(format)).unwrap();
        Resolver::new(test_catalogue()).resolve(&list)
    }

    #[test]
    fn the_hash_ignores_order_spelling_and_names_versus_ids() {
        let by_name = resolve(
            "2 Darth Maul, Sith Apprentice\n1 Sith Lightsaber (DM)\n1 darth maul: sith apprentice\n",
            ListFormat::Text,
        );
        let by_id = resolve("[cards]\n\"DM-107\" = 1\n\"1_71\" = 3\n", ListFormat::Toml);
        assert_eq!(deck_hash(&by_name), deck_hash(&by_id));
        assert_eq!(deck_hash(&by_name).len(), 16);
        let other = resolve("3 DM-71\n2 DM-107\n", ListFormat::Text);
        assert_ne!(deck_hash(&by_name), deck_hash(&other));
        // A foil printing is its card (BN-F10 is a printing of BN-71).
        assert_eq!(
            deck_hash(&resolve("1 BN-F10\n", ListFormat::Text)),
            deck_hash(&resolve("1 BN-71\n", ListFormat::Text))
        );
    }

    #[test]
    fn diff_lists_only_the_changed_counts() {
        let a = resolve("3 DM-71\n2 DM-107\n1 DM-119\n", ListFormat::Text);
        let b = resolve("3 DM-71\n1 DM-107\n2 DM-120\n", ListFormat::Text);
        let rows: Vec<(String, u32, u32)> = diff(&a, &b, test_catalogue())
            .into_iter()
            .map(|r| (r.id, r.a, r.b))
            .collect();
        assert_eq!(
            rows,
            [
                ("DM-107".to_string(), 2, 1),
                ("DM-119".to_string(), 1, 0),
                ("DM-120".to_string(), 0, 2)
            ]
        );
        assert!(diff(&a, &a, test_catalogue()).is_empty());
    }
}
