//! Decks: decklist parsing (text, CSV, TOML), name resolution, rules sets, validation
//! against the rules (the exact dot-slot solver), registration sheets and list diffs.

pub mod build;
pub mod decklist;
pub mod error;
pub mod fix;
pub mod report;
pub mod resolve;
pub mod rules;
pub mod sheet;
pub mod solver;
pub mod strength;
pub mod validate;
pub mod violation;

pub use decklist::{DeckList, Entry, ListFormat, parse_list, read_list};
pub use error::{DeckError, RulesError};
pub use report::{AssignmentKind, ColourReport, Report, Slot, Verdict};
pub use resolve::{DeckCard, ResolvedDeck, Resolver, Unresolved, UnresolvedLine};
pub use rules::RulesSet;
pub use sheet::{DiffRow, Sheet, deck_hash, diff, sheet};
pub use validate::check;
pub use violation::{Code, Severity, Violation};

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
