//! Turning a decklist's card texts into catalogue cards, as `yj cards show` does, restricted
//! to the deck's side when that settles a name. Nothing is guessed: a text that names no card,
//! or several, stays unresolved and is reported.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use super::decklist::DeckList;
use crate::catalogue::{Catalogue, LookupError, LookupOptions, Side};

/// A card of the deck with its total quantity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckCard {
    /// Index into `Catalogue::cards()`.
    pub index: usize,
    pub id: String,
    pub count: u32,
    /// The lines that named it.
    pub lines: Vec<usize>,
}

/// Why a card line did not resolve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Unresolved {
    /// No card matches; the nearest names, as `(id, name)`.
    Unknown { suggestions: Vec<(String, String)> },
    /// Several cards match; all of them, as `(id, name)`.
    Ambiguous { candidates: Vec<(String, String)> },
    /// The line is not a card line at all (a bad quantity, say).
    Malformed { reason: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnresolvedLine {
    pub line: usize,
    /// The whole line as written.
    pub text: String,
    /// The card as written (the line without its quantity).
    pub card: String,
    pub problem: Unresolved,
}

/// A decklist with its cards found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResolvedDeck {
    /// The side the list declares, or else the side most of its cards are on.
    pub side: Option<Side>,
    /// True when the side came from the list itself.
    pub side_declared: bool,
    /// One entry per distinct card, in catalogue order.
    pub cards: Vec<DeckCard>,
    pub unresolved: Vec<UnresolvedLine>,
}

impl ResolvedDeck {
    pub fn total(&self) -> u64 {
        self.cards.iter().map(|c| u64::from(c.count)).sum()
    }
}

/// Resolves card texts, remembering answers so that a batch of lists (a judge's event) looks
/// each distinct text up once.
pub struct Resolver<'c> {
    catalogue: &'c Catalogue,
    /// Answers by side preference (none, light, dark), then by the text as written.
    cache: [HashMap<String, Result<usize, LookupError>>; 3],
}

impl<'c> Resolver<'c> {
    pub fn new(catalogue: &'c Catalogue) -> Resolver<'c> {
        Resolver {
            catalogue,
            cache: Default::default(),
        }
    }

    pub fn catalogue(&self) -> &'c Catalogue {
        self.catalogue
    }

    fn lookup(&mut self, text: &str, side: Option<Side>) -> Result<usize, LookupError> {
        let slot = match side {
            None => 0,
            Some(Side::Light) => 1,
            Some(Side::Dark) => 2,
        };
        if let Some(found) = self.cache[slot].get(text) {
            return found.clone();
        }
        let found = self.lookup_uncached(text, side);
        self.cache[slot].insert(text.to_string(), found.clone());
        found
    }

    /// Names may end with a set code in brackets, `Blaster (DM)` (see `catalogue::lookup`).
    fn lookup_uncached(&self, text: &str, side: Option<Side>) -> Result<usize, LookupError> {
        let card = self.catalogue.lookup_with(text, LookupOptions { side })?;
        Ok(self
            .catalogue
            .index_of(&card.id)
            .expect("a card found in the catalogue has an index"))
    }

    /// Resolves every line. Without a declared side, names are first looked up on both
    /// sides; the side most of the found cards are on then settles the names that matched
    /// a card of each side.
    pub fn resolve(&mut self, list: &DeckList) -> ResolvedDeck {
        let mut results: Vec<Result<usize, LookupError>> = list
            .entries
            .iter()
            .map(|e| self.lookup(&e.card, list.side))
            .collect();
        let mut side = list.side;
        if side.is_none() {
            let mut light = 0u64;
            let mut dark = 0u64;
            for (entry, result) in list.entries.iter().zip(&results) {
                if let Ok(i) = result {
                    match self.catalogue.cards()[*i].side {
                        Side::Light => light += u64::from(entry.quantity),
                        Side::Dark => dark += u64::from(entry.quantity),
                    }
                }
            }
            side = match light.cmp(&dark) {
                std::cmp::Ordering::Greater => Some(Side::Light),
                std::cmp::Ordering::Less => Some(Side::Dark),
                std::cmp::Ordering::Equal => None,
            };
            if side.is_some() {
                for (entry, result) in list.entries.iter().zip(results.iter_mut()) {
                    if matches!(result, Err(LookupError::Ambiguous { .. })) {
                        *result = self.lookup(&entry.card, side);
                    }
                }
            }
        }
        let mut cards: BTreeMap<usize, DeckCard> = BTreeMap::new();
        let mut unresolved = Vec::new();
        for (entry, result) in list.entries.iter().zip(results) {
            match result {
                Ok(index) => {
                    let card = cards.entry(index).or_insert_with(|| DeckCard {
                        index,
                        id: self.catalogue.cards()[index].id.clone(),
                        count: 0,
                        lines: Vec::new(),
                    });
                    card.count = card.count.saturating_add(entry.quantity);
                    card.lines.push(entry.line);
                }
                Err(LookupError::Unknown { suggestions, .. }) => unresolved.push(UnresolvedLine {
                    line: entry.line,
                    text: entry.text.clone(),
                    card: entry.card.clone(),
                    problem: Unresolved::Unknown { suggestions },
                }),
                Err(LookupError::Ambiguous { candidates, .. }) => unresolved.push(UnresolvedLine {
                    line: entry.line,
                    text: entry.text.clone(),
                    card: entry.card.clone(),
                    problem: Unresolved::Ambiguous { candidates },
                }),
            }
        }
        for bad in &list.bad_lines {
            unresolved.push(UnresolvedLine {
                line: bad.line,
                text: bad.text.clone(),
                card: String::new(),
                problem: Unresolved::Malformed {
                    reason: bad.reason.clone(),
                },
            });
        }
        unresolved.sort_by_key(|u| u.line);
        ResolvedDeck {
            side,
            side_declared: list.side.is_some(),
            cards: cards.into_values().collect(),
            unresolved,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::decklist::{ListFormat, parse_list};
    use crate::deck::test_catalogue;

    fn resolve(text: &str) -> ResolvedDeck {
        let list = parse_list("t.txt", text, Some(ListFormat::Text)).unwrap();
        Resolver::new(test_catalogue()).resolve(&list)
    }

    fn ids(deck: &ResolvedDeck) -> Vec<(&str, u32)> {
        deck.cards
            .iter()
            .map(|c| (c.id.as_str(), c.count))
            .collect()
    }

    #[test]
    fn ids_names_community_ids_and_foils_name_the_same_card() {
        // Battle of Naboo foil F10 is a printing of BN-71 (catalogue printings.csv).
        let deck = resolve("1 BN-71\n1 3_71\n1 BN-F10\n1 Darth Maul, Dark Lord of the Sith\n");
        assert_eq!(ids(&deck), [("BN-71", 4)]);
        assert_eq!(deck.cards[0].lines, [1, 2, 3, 4]);
        assert!(deck.unresolved.is_empty());
    }

    #[test]
    fn virtual_cards_need_their_id_or_the_suffix() {
        let deck = resolve("1 V1-JC-3\n1 Jar Jar Binks, Gungan Outcast (virtual)\n1 JC-3\n");
        assert_eq!(ids(&deck), [("JC-3", 1), ("V1-JC-3", 2)]);
    }

    #[test]
    fn a_set_code_picks_one_of_the_cards_sharing_a_name() {
        let deck = resolve("1 Blaster (DM)\n1 Blaster (jc)\n1 Naboo Starfighter (BN)\n");
        assert_eq!(ids(&deck), [("DM-45", 1), ("JC-50", 1), ("BN-69", 1)]);
        // A set that has no such card is an error that names the card it does know.
        let deck = resolve("1 Mace Windu, Jedi Master (BN)\n1 Blaster (RF)\n");
        assert!(deck.cards.is_empty());
        match &deck.unresolved[0].problem {
            Unresolved::Unknown { suggestions } => assert_eq!(suggestions[0].0, "DM-7"),
            other => panic!("{other:?}"),
        }
        // `(virtual)` is not a set: it still names the virtual card.
        let deck = resolve("1 Jar Jar Binks, Gungan Outcast (virtual)\n");
        assert_eq!(ids(&deck), [("V1-JC-3", 1)]);
    }

    #[test]
    fn a_set_in_square_brackets_or_after_an_id_is_understood() {
        // `Blaster [DM]` is how many lists write the set; `DM-46 (DM)` is what a spreadsheet
        // with a Set column gives. An id in another set than the one written is not guessed.
        let deck = resolve(
            "side: light\n1 Blaster [DM]\n1 DM-46 (DM)\n1 Naboo Starfighter [Battle of Naboo]\n",
        );
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        assert_eq!(ids(&deck), [("DM-45", 1), ("DM-46", 1), ("BN-69", 1)]);
        let deck = resolve("side: light\n1 JC-50 (DM)\n");
        assert!(deck.cards.is_empty());
        match &deck.unresolved[0].problem {
            Unresolved::Unknown { suggestions } => assert_eq!(suggestions[0].0, "JC-50"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_csv_set_column_picks_among_cards_sharing_a_name() {
        let list = parse_list(
            "t.csv",
            "Qty,Card Name,Set\n3,Blaster,DM\n2,DM-46,DM\n1,Naboo Starfighter,Battle of Naboo\n1,DM-10,\n",
            Some(ListFormat::Csv),
        )
        .unwrap();
        let deck = Resolver::new(test_catalogue()).resolve(&list);
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        assert_eq!(
            ids(&deck),
            [("DM-10", 1), ("DM-45", 3), ("DM-46", 2), ("BN-69", 1)]
        );
    }

    #[test]
    fn the_side_of_the_deck_settles_a_name_both_sides_share() {
        // `Hold-Out Blaster` exists on both sides; the other lines make the deck dark.
        let deck = resolve("2 DM-71\n1 Hold-Out Blaster\n");
        assert_eq!(deck.side, Some(Side::Dark));
        assert!(!deck.side_declared);
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        let blaster = &test_catalogue().cards()[deck.cards[1].index];
        assert_eq!(blaster.title, "Hold-Out Blaster");
        assert_eq!(blaster.side, Side::Dark);
    }

    #[test]
    fn unknown_and_ambiguous_names_are_kept_with_their_line() {
        let deck =
            resolve("side: light\n2 Darth Mual, Sith Apprentice\n1 Obi-Wan Kenobi\n0 DM-1\n");
        let problems: Vec<(usize, &Unresolved)> = deck
            .unresolved
            .iter()
            .map(|u| (u.line, &u.problem))
            .collect();
        assert_eq!(problems.len(), 3);
        match problems[0] {
            (2, Unresolved::Unknown { suggestions }) => assert_eq!(suggestions[0].0, "DM-71"),
            other => panic!("{other:?}"),
        }
        match problems[1] {
            (3, Unresolved::Ambiguous { candidates }) => {
                let ids: Vec<&str> = candidates.iter().map(|c| c.0.as_str()).collect();
                assert!(ids.contains(&"DM-1") && ids.contains(&"BN-1"), "{ids:?}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(problems[2], (4, Unresolved::Malformed { .. })));
    }
}
