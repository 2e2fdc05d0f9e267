//! Decks: decklist parsing (text, CSV, TOML), name resolution, rules sets, validation
//! against the rules (the exact dot-slot solver), registration sheets and list diffs.

pub mod decklist;
pub mod error;
pub mod resolve;
pub mod rules;
pub mod solver;

pub use decklist::{DeckList, Entry, ListFormat, parse_list, read_list};
pub use error::{DeckError, RulesError};
pub use resolve::{DeckCard, ResolvedDeck, Resolver, Unresolved, UnresolvedLine};
pub use rules::RulesSet;

/// The embedded catalogue, parsed once, for the module's tests.
#[cfg(test)]
pub(crate) fn test_catalogue() -> &'static crate::catalogue::Catalogue {
    use std::sync::OnceLock;
    static CATALOGUE: OnceLock<crate::catalogue::Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        crate::catalogue::Catalogue::from_source(&crate::catalogue::CatalogueSource::embedded())
            .expect("the embedded catalogue loads")
    })
}
