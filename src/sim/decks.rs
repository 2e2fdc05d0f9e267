//! Decks for games: decklist files through the deck module, or the engine's example decks
//! (`example:light`, `example:dark`) written out as lists so they are checked the same way.

use crate::deck::{DeckError, DeckList, ListFormat, ResolvedDeck, parse_list, read_list};
use crate::engine::DefId;
use crate::engine::sample_decks::{DARK, LIGHT};

/// The example decks' names, as accepted on the command line.
pub const EXAMPLES: [&str; 2] = ["example:light", "example:dark"];

/// Reads `example:light`, `example:dark`, a decklist file, or `-` (standard input).
pub fn load_list(spec: &str) -> Result<DeckList, DeckError> {
    let (list, side, name) = match spec {
        "example:light" => (LIGHT, "light", "Example Light Side deck"),
        "example:dark" => (DARK, "dark", "Example Dark Side deck"),
        _ => return read_list(spec),
    };
    let mut text = format!("name: {name}\nside: {side}\n");
    for (id, n) in list {
        text.push_str(&format!("{n} {id}\n"));
    }
    parse_list(spec, &text, Some(ListFormat::Text))
}

/// The engine's deck: one definition per card. The engine's card pool reads the catalogue's
/// cards in order, so a card's catalogue index is its definition id.
pub fn def_ids(deck: &ResolvedDeck) -> Vec<DefId> {
    deck.cards
        .iter()
        .flat_map(|c| std::iter::repeat_n(DefId(c.index as u16), c.count as usize))
        .collect()
}

/// Decks of each side, built so that together they hold every card with game text the rules
/// let a deck of that side hold. Returns the decks (as pool definitions) and the catalogue ids
/// of the cards with text they hold.
pub fn covering_decks(
    cat: &crate::catalogue::Catalogue,
    pool: &crate::engine::CardPool,
    seed: u64,
) -> (
    Vec<(crate::catalogue::Side, Vec<DefId>)>,
    std::collections::BTreeSet<String>,
) {
    let has_text = |i: usize| pool.get(DefId(i as u16)).text.is_some();
    let rules = crate::deck::RulesSet::named("standard").expect("standard rules");
    let mut decks = Vec::new();
    let mut covered = std::collections::BTreeSet::new();
    for side in [crate::catalogue::Side::Light, crate::catalogue::Side::Dark] {
        let mut left: Vec<usize> = (0..cat.cards().len())
            .filter(|&i| {
                has_text(i)
                    && crate::deck::fix::items::refusal(&cat.cards()[i], side, &rules, cat)
                        .is_none()
            })
            .collect();
        let mut n = 0u64;
        while !left.is_empty() {
            let around: Vec<(usize, u32)> = left.iter().take(6).map(|&i| (i, 1)).collect();
            let cards = crate::deck::build::random(&around, side, &rules, seed ^ n, cat)
                .expect("a legal random deck");
            n += 1;
            let before = left.len();
            left.retain(|i| !cards.iter().any(|c| c.0 == *i));
            for &(i, _) in &cards {
                if has_text(i) {
                    covered.insert(cat.cards()[i].id.clone());
                }
            }
            // A card the rules never let stay (an objective beside another, say) is dropped
            // from the list rather than looped on.
            if left.len() == before {
                left.remove(0);
            }
            let defs = cards
                .iter()
                .flat_map(|&(i, k)| std::iter::repeat_n(DefId(i as u16), k as usize))
                .collect();
            decks.push((side, defs));
        }
    }
    (decks, covered)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{Resolver, RulesSet, check};
    use crate::engine::CardPool;
    use crate::engine::sample_decks::sample_decks;

    #[test]
    fn the_example_decks_load_as_lists_and_match_the_engine_decks() {
        let cat = crate::deck::test_catalogue();
        let pool = CardPool::from_catalogue(cat);
        let engine = sample_decks(&pool).unwrap();
        let rules = RulesSet::named("standard").unwrap();
        let mut resolver = Resolver::new(cat);
        for (spec, expected) in EXAMPLES.iter().zip(engine) {
            let list = load_list(spec).unwrap();
            let deck = resolver.resolve(&list);
            assert!(deck.unresolved.is_empty(), "{spec}");
            let mut ids = def_ids(&deck);
            let mut expected = expected;
            ids.sort();
            expected.sort();
            assert_eq!(ids, expected, "{spec}");
            let report = check(&list, &deck, cat, &rules, false);
            assert_eq!(report.cards, 60, "{spec}");
        }
    }
}
