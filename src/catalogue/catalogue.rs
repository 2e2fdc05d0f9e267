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
        let name_keys = cards
            .iter()
            .map(|c| {
                (
                    normalise(&format!("{} {}", c.title, c.subtitle)),
                    normalise(&c.title),
                )
            })
            .collect();
        Ok(Catalogue {
            cards,
            printings,
            by_id,
            name_keys,
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

    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(&id.to_ascii_uppercase()).copied()
    }
}
