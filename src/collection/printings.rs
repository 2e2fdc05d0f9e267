//! Which foil printing a foil copy is.
//!
//! Most cards have at most one foil printing, and a foil of such a card needs nothing more
//! than its finish. A few (BN-74, BP-2, BP-4, BP-33, DF-6, DF-31, JC-78, JC-80 in the
//! catalogue) have two: a Reflections reprint (`7_45`) and a foil printed with the card's own
//! number. A collection names such a foil by the release it came out in (`RF`, `DF`): the
//! release is what completion counts it under, it is printed on the card (the expansion
//! icon), and unlike a printing's row number it stays the same when the catalogue is rebuilt.
//! A foil of such a card recorded without its release is kept as "printing not recorded",
//! never assigned to one of them by a guess.

use super::completion::release_of;
use super::model::Slot;
use crate::catalogue::{Card, Catalogue, Finish, Printing, Set};

/// The releases of a card's foil printings the catalogue lists, in release order.
pub fn foil_releases(catalogue: &Catalogue, card_id: &str) -> Vec<Set> {
    let mut releases: Vec<Set> = catalogue
        .foils_of(card_id)
        .filter_map(|p| release_of(catalogue, p))
        .collect();
    releases.sort();
    releases.dedup();
    releases
}

/// Whether a foil of this card must say which printing it is to be exact.
pub fn has_several(catalogue: &Catalogue, card_id: &str) -> bool {
    foil_releases(catalogue, card_id).len() > 1
}

/// `RF (Reflections, 7_45)` or `DF (Duel of the Fates, own number)`: one foil printing as a
/// collector can find it.
fn describe(catalogue: &Catalogue, card: &Card, release: Set) -> String {
    let printing: Option<&Printing> = catalogue
        .foils_of(&card.id)
        .find(|p| release_of(catalogue, p) == Some(release));
    let how = match printing {
        Some(p) => match (&p.foil_number, &p.gemp_id) {
            (Some(n), _) => format!("{}-{n}", card.set.code()),
            (None, Some(g)) => g.clone(),
            (None, None) => "the card's own number".into(),
        },
        None => "?".into(),
    };
    format!("{} ({}, {how})", release.code(), release.name())
}

/// The card's foil printings, described, joined with `and`.
pub fn described(catalogue: &Catalogue, card: &Card) -> String {
    let all: Vec<String> = foil_releases(catalogue, &card.id)
        .into_iter()
        .map(|r| describe(catalogue, card, r))
        .collect();
    match all.len() {
        0 => "none".into(),
        1 => all[0].clone(),
        _ => format!(
            "{} and {}",
            all[..all.len() - 1].join(", "),
            all[all.len() - 1]
        ),
    }
}

/// Settles which foil printing a copy is: `named` is what the card's text named (`7_45` names
/// the Reflections foil), `asked` what a `--printing` option or a `printing` column says. The
/// result is the printing to store: a release only for a card with several foil printings,
/// `None` otherwise (a card with one foil printing needs none). With several and none named,
/// the copy is recorded as "printing not recorded" and the warning says how to pick one.
pub fn settle(
    catalogue: &Catalogue,
    card: &Card,
    finish: Finish,
    named: Option<Set>,
    asked: Option<Set>,
) -> Result<(Option<Set>, Option<String>), String> {
    if finish == Finish::Regular {
        return match asked.or(named) {
            Some(p) => Err(format!(
                "printing {} is a foil printing, but the finish says regular",
                p.code()
            )),
            None => Ok((None, None)),
        };
    }
    if let (Some(n), Some(a)) = (named, asked)
        && n != a
    {
        return Err(format!(
            "the card named is {}'s {} foil, but the printing says {}",
            card.id,
            n.code(),
            a.code()
        ));
    }
    let releases = foil_releases(catalogue, &card.id);
    match asked.or(named) {
        Some(p) if !releases.contains(&p) => Err(format!(
            "{} ({}) has no foil printing from {} ({}); the catalogue lists: {}",
            card.id,
            card.full_name(),
            p.code(),
            p.name(),
            described(catalogue, card)
        )),
        Some(p) => Ok(((releases.len() > 1).then_some(p), None)),
        None if releases.len() > 1 => Ok((
            None,
            Some(format!(
                "{} ({}) has {} foil printings: {}; recorded as foil, printing not recorded \
                 (it counts once, under {}); say which with {} (in a file, a `printing` \
                 column), or later with `yj collection printing {} RELEASE`",
                card.id,
                card.full_name(),
                releases.len(),
                described(catalogue, card),
                card.set.code(),
                releases
                    .iter()
                    .map(|r| format!("`--printing {}`", r.code()))
                    .collect::<Vec<_>>()
                    .join(" or "),
                card.id
            )),
        )),
        None => Ok((None, None)),
    }
}

/// Whether a slot is a foil of a card with several foil printings that does not say which.
pub fn unrecorded(catalogue: &Catalogue, slot: &Slot) -> bool {
    slot.finish == Finish::Foil && slot.printing.is_none() && has_several(catalogue, &slot.card_id)
}

/// How a slot's finish is shown: `regular`, `foil`, `foil RF`, or `foil (printing not
/// recorded)` for a card with several foil printings.
pub fn finish_label(catalogue: &Catalogue, slot: &Slot) -> String {
    if unrecorded(catalogue, slot) {
        "foil, printing not recorded".into()
    } else {
        slot.finish_text()
    }
}

/// The release an owned foil counts under in completion: its recorded printing; else the one
/// foil printing the catalogue lists; else (printing not recorded, or no foil listed) the
/// card's own set.
pub fn counted_release(catalogue: &Catalogue, slot: &Slot) -> Option<Set> {
    if let Some(p) = slot.printing {
        return Some(p);
    }
    let releases = foil_releases(catalogue, &slot.card_id);
    match releases.as_slice() {
        [one] => Some(*one),
        _ => catalogue.get(&slot.card_id).map(|c| c.set),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn catalogue() -> &'static Catalogue {
        Catalogue::embedded_for_tests()
    }

    #[test]
    fn the_cards_with_two_foil_printings_are_the_eight_the_catalogue_lists() {
        let cat = catalogue();
        let several: Vec<&str> = cat
            .cards()
            .iter()
            .filter(|c| has_several(cat, &c.id))
            .map(|c| c.id.as_str())
            .collect();
        let mut expected = vec![
            "BN-74", "BP-2", "BP-4", "BP-33", "DF-6", "DF-31", "JC-78", "JC-80",
        ];
        expected.sort_by_key(|id| cat.index_of(id));
        assert_eq!(several, expected);
        // Each is a Reflections reprint and the card's own-number foil.
        for id in expected {
            let own = cat.get(id).unwrap().set;
            let mut both = vec![own, Set::RF];
            both.sort();
            assert_eq!(foil_releases(cat, id), both, "{id}");
        }
    }

    #[test]
    fn a_printing_is_kept_only_where_a_card_has_several() {
        let cat = catalogue();
        let df31 = cat.get("DF-31").unwrap();
        assert_eq!(
            settle(cat, df31, Finish::Foil, Some(Set::RF), None).unwrap(),
            (Some(Set::RF), None)
        );
        assert_eq!(
            settle(cat, df31, Finish::Foil, None, Some(Set::DF)).unwrap(),
            (Some(Set::DF), None)
        );
        let (p, warning) = settle(cat, df31, Finish::Foil, None, None).unwrap();
        let warning = warning.unwrap();
        assert_eq!(p, None);
        for part in [
            "RF (Reflections, 7_45)",
            "DF (Duel of the Fates",
            "--printing RF",
        ] {
            assert!(warning.contains(part), "{part}: {warning}");
        }
        // BN-71 has one foil (F10): naming it stores nothing more.
        let bn71 = cat.get("BN-71").unwrap();
        assert_eq!(
            settle(cat, bn71, Finish::Foil, None, Some(Set::BN)).unwrap(),
            (None, None)
        );
        let err = settle(cat, bn71, Finish::Foil, None, Some(Set::RF)).unwrap_err();
        assert!(err.contains("no foil printing from RF"), "{err}");
        assert!(err.contains("BN-F10"), "{err}");
        let err = settle(cat, df31, Finish::Foil, Some(Set::RF), Some(Set::DF)).unwrap_err();
        assert!(err.contains("printing says DF"), "{err}");
        let err = settle(cat, df31, Finish::Regular, None, Some(Set::RF)).unwrap_err();
        assert!(err.contains("finish says regular"), "{err}");
    }

    #[test]
    fn labels_and_counted_releases() {
        let cat = catalogue();
        let foil = Slot::owned("DF-31", Finish::Foil);
        assert_eq!(finish_label(cat, &foil), "foil, printing not recorded");
        assert_eq!(counted_release(cat, &foil), Some(Set::DF));
        let rf = foil.clone().with_printing(Some(Set::RF));
        assert_eq!(finish_label(cat, &rf), "foil RF");
        assert_eq!(counted_release(cat, &rf), Some(Set::RF));
        let bn71 = Slot::owned("BN-71", Finish::Foil);
        assert_eq!(finish_label(cat, &bn71), "foil");
        assert_eq!(counted_release(cat, &bn71), Some(Set::BN));
    }
}
