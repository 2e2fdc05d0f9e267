//! From what a collector types to a printing: the card (through `Catalogue::lookup`) and, when
//! the text names a foil printing (`BN-F10`, `3_F10`), its finish.

use super::error::CollectionError;
use crate::catalogue::{Card, Catalogue, Finish, LookupError, LookupOptions, lookup::normalise};

/// A card found from a query.
#[derive(Debug, Clone, Copy)]
pub struct Resolved<'c> {
    pub card: &'c Card,
    /// `Some(Foil)` when the query was a foil printing's number or community id.
    pub named_finish: Option<Finish>,
}

/// Resolves an id, community id, foil number or name.
pub fn resolve<'c>(catalogue: &'c Catalogue, query: &str) -> Result<Resolved<'c>, LookupError> {
    resolve_with(catalogue, query, LookupOptions::default())
}

/// As [`resolve`], preferring one side's card where a name exists on both (a decklist that
/// says `side: dark`).
pub fn resolve_with<'c>(
    catalogue: &'c Catalogue,
    query: &str,
    options: LookupOptions,
) -> Result<Resolved<'c>, LookupError> {
    let card = catalogue.lookup_with(query, options)?;
    Ok(Resolved {
        card,
        named_finish: names_a_foil(catalogue, card, query).then_some(Finish::Foil),
    })
}

/// Whether `query` reached `card` through one of its foil printings rather than the card
/// itself (the same order `Catalogue::lookup` tries).
fn names_a_foil(catalogue: &Catalogue, card: &Card, query: &str) -> bool {
    let query = query.trim();
    let key = normalise(query);
    let names_card = card.id.eq_ignore_ascii_case(query)
        || normalise(&card.id) == key
        || card
            .gemp_id
            .as_deref()
            .is_some_and(|g| g.eq_ignore_ascii_case(query));
    if names_card {
        return false;
    }
    catalogue
        .printing_named(query)
        .is_some_and(|p| p.card_id.eq_ignore_ascii_case(&card.id))
}

/// Picks the finish from a query's own finish and an explicit one (`--foil`, a `finish`
/// column), refusing a contradiction.
pub fn finish_of(
    resolved: &Resolved<'_>,
    query: &str,
    explicit: Option<Finish>,
) -> Result<Finish, String> {
    match (resolved.named_finish, explicit) {
        (Some(Finish::Foil), Some(Finish::Regular)) => Err(format!(
            "`{}` names the foil printing of {}, but the finish says regular",
            query.trim(),
            resolved.card.id
        )),
        (named, explicit) => Ok(explicit.or(named).unwrap_or(Finish::Regular)),
    }
}

/// Checks that the catalogue allows this printing. Every card has a regular printing. A
/// virtual card is a printout, so it has no foil. A foil the catalogue does not list is
/// accepted with a warning: the catalogue knows only some of the 137 foils the rulebook counts
/// ("Collecting & Trading"), and refusing would keep a collector from recording a card they
/// hold; the warning catches a `--foil` typed by mistake.
pub fn check_printing(
    catalogue: &Catalogue,
    card: &Card,
    finish: Finish,
) -> Result<Option<String>, String> {
    if finish == Finish::Regular {
        return Ok(None);
    }
    if card.is_virtual() {
        return Err(format!(
            "{} is a virtual card: its printout is its only printing, there is no foil",
            card.id
        ));
    }
    if catalogue.foils_of(&card.id).next().is_some() {
        return Ok(None);
    }
    let known = catalogue.printings().len();
    Ok(Some(format!(
        "the catalogue lists no foil printing of {} ({}); recorded as foil anyway (the \
         catalogue knows {known} of the 137 foils), check the card",
        card.id,
        card.full_name()
    )))
}

/// Resolves a query to a card id and finish for a command, as an error when it fails.
pub fn printing(
    catalogue: &Catalogue,
    query: &str,
    foil: bool,
) -> Result<(String, Finish, Option<String>), CollectionError> {
    let resolved = resolve(catalogue, query)?;
    let finish = finish_of(&resolved, query, foil.then_some(Finish::Foil))
        .map_err(CollectionError::Input)?;
    let warning =
        check_printing(catalogue, resolved.card, finish).map_err(CollectionError::Input)?;
    Ok((resolved.card.id.clone(), finish, warning))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::CatalogueSource;
    use std::sync::OnceLock;

    fn catalogue() -> &'static Catalogue {
        static C: OnceLock<Catalogue> = OnceLock::new();
        C.get_or_init(|| Catalogue::from_source(&CatalogueSource::embedded()).unwrap())
    }

    #[test]
    fn a_foil_number_names_the_foil_printing() {
        // Battle of Naboo foil F10 is a printing of BN-71.
        for q in ["BN-F10", "3_F10", "bn f10"] {
            let (id, finish, warning) = printing(catalogue(), q, false).unwrap();
            assert_eq!((id.as_str(), finish), ("BN-71", Finish::Foil), "{q}");
            assert!(warning.is_none());
        }
        let (id, finish, _) = printing(catalogue(), "BN-71", false).unwrap();
        assert_eq!((id.as_str(), finish), ("BN-71", Finish::Regular));
    }

    #[test]
    fn a_foil_number_with_a_regular_finish_is_a_contradiction() {
        let r = resolve(catalogue(), "BN-F10").unwrap();
        let err = finish_of(&r, "BN-F10", Some(Finish::Regular)).unwrap_err();
        assert!(err.contains("foil printing of BN-71"), "{err}");
    }

    #[test]
    fn foils_are_checked_against_the_catalogue() {
        // A virtual card has no foil.
        let err = printing(catalogue(), "V1-JC-3", true)
            .unwrap_err()
            .to_string();
        assert!(err.contains("virtual card"), "{err}");
        // A foil the catalogue lists: no warning.
        let (_, _, warning) = printing(catalogue(), "BN-71", true).unwrap();
        assert!(warning.is_none());
        // A card the catalogue lists no foil of: accepted, with a warning.
        let plain = catalogue()
            .cards()
            .iter()
            .find(|c| !c.is_virtual() && catalogue().foils_of(&c.id).next().is_none())
            .unwrap();
        let (_, finish, warning) = printing(catalogue(), &plain.id, true).unwrap();
        assert_eq!(finish, Finish::Foil);
        assert!(warning.unwrap().contains("lists no foil printing"));
    }
}
