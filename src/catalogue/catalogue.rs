//! `Catalogue`: every card and printing, indexed for lookup.

use std::collections::BTreeMap;

use super::card::Card;
use super::embedded::CatalogueSource;
use super::error::CatalogueError;
use super::load::{parse_cards, parse_printings};
use super::lookup::normalise;
use super::printing::Printing;

#[derive(Debug, Clone)]
pub struct Catalogue {
    cards: Vec<Card>,
    printings: Vec<Printing>,
    by_id: BTreeMap<String, usize>,
    /// Per card, the lookup keys of `Title Subtitle` and of `Title` (see `lookup::normalise`),
    /// computed once: name lookups compare against every card.
    name_keys: Vec<(String, String)>,
    /// Per card, the lookup key of its id (`dm71`), for forgiving ids.
    id_keys: Vec<String>,
    /// Per printing, the lookup key of its foil number with its card's set (`bnf10`), or
    /// empty.
    foil_keys: Vec<String>,
    /// Per letter pair (see `lookup::pairs_of`), the cards whose full name or title holds
    /// it, with how often each does: `(card index, in the full name, in the title)`. A
    /// suggestion counts the pairs a query shares with each name from the query's pairs
    /// alone, not by reading every name.
    pair_postings: Vec<Vec<(u16, u8, u8)>>,
    /// Per card, how many of each letter its full name and its title hold (see
    /// `lookup::letter_counts`), to bound a suggestion's score.
    name_letters: Vec<([u8; 37], [u8; 37])>,
}

impl Catalogue {
    /// The embedded catalogue, built once per test binary: unit tests across modules read it.
    #[cfg(test)]
    pub(crate) fn embedded_for_tests() -> &'static Catalogue {
        static CATALOGUE: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
        CATALOGUE.get_or_init(|| {
            Catalogue::from_source(&CatalogueSource::embedded()).expect("embedded catalogue")
        })
    }

    /// Builds a catalogue, checking that ids are unique and that every reference (a virtual
    /// card's original, a printing's card) points at a card.
    pub fn new(cards: Vec<Card>, printings: Vec<Printing>) -> Result<Catalogue, CatalogueError> {
        let mut by_id = BTreeMap::new();
        for (i, card) in cards.iter().enumerate() {
            if by_id.insert(card.id.to_ascii_uppercase(), i).is_some() {
                return Err(CatalogueError::Inconsistent(format!(
                    "card id `{}` appears twice",
                    card.id
                )));
            }
        }
        for card in &cards {
            if let Some(original) = &card.replaces
                && !by_id.contains_key(&original.to_ascii_uppercase())
            {
                return Err(CatalogueError::Inconsistent(format!(
                    "{} replaces `{original}`, which is not in the catalogue",
                    card.id
                )));
            }
        }
        for p in &printings {
            if !by_id.contains_key(&p.card_id.to_ascii_uppercase()) {
                return Err(CatalogueError::Inconsistent(format!(
                    "printing {} is of card `{}`, which is not in the catalogue",
                    p.foil_number
                        .as_deref()
                        .or(p.gemp_id.as_deref())
                        .unwrap_or("?"),
                    p.card_id
                )));
            }
        }
        let name_keys: Vec<(String, String)> = cards
            .iter()
            .map(|c| {
                (
                    normalise(&format!("{} {}", c.title, c.subtitle)),
                    normalise(&c.title),
                )
            })
            .collect();
        let id_keys = cards.iter().map(|c| normalise(&c.id)).collect();
        let foil_keys = printings
            .iter()
            .map(|p| {
                p.foil_number.as_deref().map_or(String::new(), |n| {
                    let set = p.card_id.split('-').next().unwrap_or("");
                    normalise(&format!("{set}{n}"))
                })
            })
            .collect();
        let mut pair_postings: Vec<Vec<(u16, u8, u8)>> = vec![Vec::new(); 37 * 37];
        for (i, (full, title)) in name_keys.iter().enumerate() {
            let mut counts: BTreeMap<u16, (u8, u8)> = BTreeMap::new();
            for p in super::lookup::pairs_of(full) {
                let c = &mut counts.entry(p).or_default().0;
                *c = c.saturating_add(1);
            }
            for p in super::lookup::pairs_of(title) {
                let c = &mut counts.entry(p).or_default().1;
                *c = c.saturating_add(1);
            }
            for (p, (f, t)) in counts {
                pair_postings[p as usize].push((i as u16, f, t));
            }
        }
        let name_letters = name_keys
            .iter()
            .map(|(full, title)| {
                (
                    super::lookup::letter_counts(full),
                    super::lookup::letter_counts(title),
                )
            })
            .collect();
        Ok(Catalogue {
            cards,
            printings,
            by_id,
            name_keys,
            id_keys,
            foil_keys,
            pair_postings,
            name_letters,
        })
    }

    /// Parses catalogue files (the embedded ones, or a test's).
    pub fn from_source(source: &CatalogueSource) -> Result<Catalogue, CatalogueError> {
        let mut cards = Vec::new();
        for (name, text) in &source.card_files {
            cards.extend(parse_cards(name, text)?);
        }
        let printings = parse_printings("printings.csv", &source.printings)?;
        Catalogue::new(cards, printings)
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn printings(&self) -> &[Printing] {
        &self.printings
    }

    /// The foil printings of one card.
    pub fn foils_of<'a>(&'a self, card_id: &'a str) -> impl Iterator<Item = &'a Printing> + 'a {
        self.printings
            .iter()
            .filter(move |p| p.card_id.eq_ignore_ascii_case(card_id))
    }

    /// A card by its exact id (case-insensitive).
    pub fn get(&self, id: &str) -> Option<&Card> {
        self.by_id
            .get(&id.to_ascii_uppercase())
            .map(|&i| &self.cards[i])
    }

    /// The normalised `(full name, title)` keys of the card at `index`.
    pub(crate) fn name_keys(&self, index: usize) -> (&str, &str) {
        let (full, title) = &self.name_keys[index];
        (full, title)
    }

    /// The normalised id key of the card at `index`.
    pub(crate) fn id_key(&self, index: usize) -> &str {
        &self.id_keys[index]
    }

    /// The normalised foil-number key of the printing at `index` (empty: no foil number).
    pub(crate) fn foil_key(&self, index: usize) -> &str {
        &self.foil_keys[index]
    }

    /// The cards whose names hold one letter pair, as `pair_postings` keeps them.
    pub(crate) fn pair_postings(&self, pair: u16) -> &[(u16, u8, u8)] {
        &self.pair_postings[pair as usize]
    }

    /// The letter counts of the full name and of the title of the card at `index`.
    pub(crate) fn name_letters(&self, index: usize) -> (&[u8; 37], &[u8; 37]) {
        let (full, title) = &self.name_letters[index];
        (full, title)
    }

    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(&id.to_ascii_uppercase()).copied()
    }
}
