//! From what a collector types to a printing: the card (through `Catalogue::lookup`) and, when
//! the text names a foil printing (`BN-F10`, `3_F10`), its finish.

use super::error::CollectionError;
use super::model::{List, Slot};
use crate::catalogue::{
    Card, Catalogue, Finish, LookupError, LookupOptions, Set, lookup::normalise,
};

/// A card found from a query.
#[derive(Debug, Clone, Copy)]
pub struct Resolved<'c> {
    pub card: &'c Card,
    /// `Some(Foil)` when the query was a foil printing's number or community id.
    pub named_finish: Option<Finish>,
    /// The release of the foil printing the query named (`7_45`: RF), if it named one.
    pub named_printing: Option<Set>,
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
    let foil = names_a_foil(catalogue, card, query);
    Ok(Resolved {
        card,
        named_finish: foil.then_some(Finish::Foil),
        named_printing: if foil {
            catalogue
                .printing_named(query)
                .and_then(|p| super::completion::release_of(catalogue, p))
        } else {
            None
        },
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

/// A printing a command names: the card, its finish and (for a card with several foil
/// printings) which foil, with any warnings to show.
#[derive(Debug, Clone)]
pub struct Chosen {
    pub card_id: String,
    pub finish: Finish,
    pub printing: Option<Set>,
    pub warnings: Vec<String>,
}

impl Chosen {
    /// The slot of this printing in a list.
    pub fn slot(&self, list: List) -> Slot {
        Slot {
            lot: 0,
            list,
            card_id: self.card_id.clone(),
            finish: self.finish,
            printing: self.printing,
        }
    }
}

/// Resolves a query to a printing for a command, as an error when it fails. `asked` is a
/// `--printing` option: it implies `--foil`.
pub fn printing(
    catalogue: &Catalogue,
    query: &str,
    foil: bool,
    asked: Option<Set>,
) -> Result<Chosen, CollectionError> {
    let resolved = resolve(catalogue, query)?;
    let foil = foil || asked.is_some();
    let finish = finish_of(&resolved, query, foil.then_some(Finish::Foil))
        .map_err(CollectionError::Input)?;
    let mut warnings: Vec<String> = check_printing(catalogue, resolved.card, finish)
        .map_err(CollectionError::Input)?
        .into_iter()
        .collect();
    let (printing, warning) = super::printings::settle(
        catalogue,
        resolved.card,
        finish,
        resolved.named_printing,
        asked,
    )
    .map_err(CollectionError::Input)?;
    warnings.extend(warning);
    Ok(Chosen {
        card_id: resolved.card.id.clone(),
        finish,
        printing,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    fn catalogue() -> &'static Catalogue {
        Catalogue::embedded_for_tests()
    }

    #[test]
    fn a_foil_number_names_the_foil_printing() {
        // Battle of Naboo foil F10 is a printing of BN-71.
        for q in ["BN-F10", "3_F10", "bn f10"] {
            let c = printing(catalogue(), q, false, None).unwrap();
            assert_eq!(
                (c.card_id.as_str(), c.finish),
                ("BN-71", Finish::Foil),
                "{q}"
            );
            assert!(c.warnings.is_empty());
            // BN-71 has one foil printing, so none is stored.
            assert_eq!(c.printing, None);
        }
        let c = printing(catalogue(), "BN-71", false, None).unwrap();
        assert_eq!((c.card_id.as_str(), c.finish), ("BN-71", Finish::Regular));
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
        let err = printing(catalogue(), "V1-JC-3", true, None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("virtual card"), "{err}");
        // A foil the catalogue lists: no warning.
        let c = printing(catalogue(), "BN-71", true, None).unwrap();
        assert!(c.warnings.is_empty());
        // A card the catalogue lists no foil of: accepted, with a warning.
        let plain = catalogue()
            .cards()
            .iter()
            .find(|c| !c.is_virtual() && catalogue().foils_of(&c.id).next().is_none())
            .unwrap();
        let c = printing(catalogue(), &plain.id, true, None).unwrap();
        assert_eq!(c.finish, Finish::Foil);
        assert!(c.warnings[0].contains("lists no foil printing"));
    }

    #[test]
    fn a_reflections_community_id_names_that_foil_printing() {
        // 7_45 is the Reflections foil of DF-31, which also has its own-number foil.
        let c = printing(catalogue(), "7_45", false, None).unwrap();
        assert_eq!(
            (c.card_id.as_str(), c.finish, c.printing),
            ("DF-31", Finish::Foil, Some(Set::RF))
        );
        assert!(c.warnings.is_empty());
        let c = printing(catalogue(), "DF-31", false, Some(Set::DF)).unwrap();
        assert_eq!((c.finish, c.printing), (Finish::Foil, Some(Set::DF)));
        // `--foil` alone: printing not recorded, with a warning naming both.
        let c = printing(catalogue(), "DF-31", true, None).unwrap();
        assert_eq!(c.printing, None);
        assert!(c.warnings[0].contains("--printing RF"), "{:?}", c.warnings);
        let err = printing(catalogue(), "7_45", false, Some(Set::DF))
            .unwrap_err()
            .to_string();
        assert!(err.contains("printing says DF"), "{err}");
    }
}
