//! The registration sheet a judge keeps: every card grouped by the colour it fills, with ids
//! and totals, and a deck hash that identifies the deck whatever order, spelling or mix of
//! names and ids the list was written in.

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::report::{ColourReport, Report, Slot};
use super::resolve::ResolvedDeck;
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
    Sheet {
        file: report.file.clone(),
        name: report.name.clone(),
        side: report.side,
        rules: report.rules.clone(),
        verdict: report.verdict,
        hash: deck_hash(deck),
        total: report.cards,
        colours: report.colours.clone(),
        unplaced,
        rules_from_list: report.rules_from_list,
        problems: report.violations.clone(),
    }
}

/// One card whose count differs between two lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiffRow {
    pub id: String,
    pub name: String,
    pub a: u32,
    pub b: u32,
}

/// The cards whose counts differ, in catalogue order.
pub fn diff(a: &ResolvedDeck, b: &ResolvedDeck, catalogue: &Catalogue) -> Vec<DiffRow> {
    let mut indexes: Vec<usize> = a.cards.iter().chain(&b.cards).map(|c| c.index).collect();
    indexes.sort_unstable();
    indexes.dedup();
    let count = |deck: &ResolvedDeck, index: usize| {
        deck.cards
            .iter()
            .find(|c| c.index == index)
            .map_or(0, |c| c.count)
    };
    indexes
        .into_iter()
        .filter_map(|i| {
            let (x, y) = (count(a, i), count(b, i));
            (x != y).then(|| {
                let card = &catalogue.cards()[i];
                DiffRow {
                    id: card.id.clone(),
                    name: card.full_name(),
                    a: x,
                    b: y,
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
