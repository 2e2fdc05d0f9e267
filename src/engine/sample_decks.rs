//! Two 60-card example decks built from catalogue ids, for tests, sweeps and `yj play`. They
//! follow the 6-by-10 and three-planet rules as the catalogue prints the dots (the Light Side
//! deck's Boonta Eve Classic objective fills its purple wild slot), and between them exercise
//! every part of the engine: duelists and lightsabers, weapons and battle cards of many
//! kinds (names, kinds, places, fight-together groups, the first character of the plan),
//! stacks, diamonds, effects (one with unknown counters), starships of both classes, the
//! Boonta Eve Classic with Anakin and his Podracer, a `?`-power character and a 0-damage one.

use super::card_pool::{CardPool, DefId};

/// `(catalogue id, copies)` of the Light Side example deck.
pub const LIGHT: &[(&str, usize)] = &[
    // red
    ("DM-1", 2),
    ("DM-2", 2),
    ("DM-7", 1),
    ("JC-12", 1),
    ("DM-27", 2),
    ("DM-28", 2),
    // orange
    ("DM-34", 1),
    ("JC-40", 1),
    ("BN-34", 1),
    ("DM-36", 1),
    ("DM-46", 2),
    ("DM-45", 2),
    ("DM-44", 1),
    ("DM-37", 1),
    // blue
    ("DM-4", 2),
    ("DM-3", 1),
    ("DM-6", 2),
    ("DM-21", 3),
    ("DM-31", 2),
    // yellow
    ("DM-58", 2),
    ("DM-61", 2),
    ("DM-51", 1),
    ("BN-61", 1),
    ("DM-59", 1),
    ("DM-63", 1),
    ("DM-48", 2),
    // green
    ("DM-8", 1),
    ("DM-11", 1),
    ("DM-20", 2),
    ("DM-32", 2),
    ("DM-29", 2),
    ("DM-16", 1),
    ("DM-18", 1),
    // purple (and the objective as its wild card)
    ("DM-65", 1),
    ("DM-66", 1),
    ("DM-67", 1),
    ("DM-68", 1),
    ("DM-69", 2),
    ("DM-70", 3),
    ("BP-29", 1),
];

/// `(catalogue id, copies)` of the Dark Side example deck.
pub const DARK: &[(&str, usize)] = &[
    // red
    ("DM-71", 2),
    ("DM-72", 1),
    ("DM-75", 2),
    ("DM-88", 2),
    ("DM-89", 2),
    ("DM-105", 1),
    // orange
    ("BN-109", 1),
    ("DM-107", 2),
    ("DM-108", 1),
    ("DM-114", 1),
    ("DM-118", 2),
    ("DM-120", 2),
    ("DM-109", 1),
    // blue
    ("DM-73", 1),
    ("DM-74", 1),
    ("DM-76", 1),
    ("DM-97", 2),
    ("DM-98", 2),
    ("DM-99", 2),
    ("DM-90", 1),
    // yellow
    ("DM-125", 2),
    ("DM-121", 1),
    ("DM-129", 2),
    ("DM-131", 1),
    ("DM-122", 1),
    ("DF-53", 1),
    ("BN-131", 1),
    ("BN-129", 1),
    // green
    ("DM-95", 2),
    ("DM-101", 2),
    ("DM-102", 2),
    ("DM-91", 2),
    ("DM-84", 1),
    ("DM-85", 1),
    // purple
    ("DM-135", 1),
    ("DM-136", 1),
    ("DM-137", 1),
    ("DM-138", 1),
    ("DM-139", 3),
    ("DM-140", 3),
];

/// Expands a list of `(id, copies)` against a pool.
pub fn resolve(pool: &CardPool, list: &[(&str, usize)]) -> Result<Vec<DefId>, String> {
    let mut out = Vec::new();
    for &(id, n) in list {
        let def = pool
            .find(id)
            .ok_or_else(|| format!("example deck card `{id}` is not in the catalogue"))?;
        out.extend(std::iter::repeat_n(def, n));
    }
    Ok(out)
}

/// Both example decks: `[light, dark]`.
pub fn sample_decks(pool: &CardPool) -> Result<[Vec<DefId>; 2], String> {
    Ok([resolve(pool, LIGHT)?, resolve(pool, DARK)?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Catalogue, CatalogueSource, DotColour, Planet};
    use crate::engine::card_pool::Kind;

    #[test]
    fn both_decks_have_sixty_cards_and_three_planets() {
        let cat = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
        let pool = CardPool::from_catalogue(&cat);
        for deck in sample_decks(&pool).unwrap() {
            assert_eq!(deck.len(), 60);
            for planet in Planet::ALL {
                assert!(
                    deck.iter()
                        .any(|&d| pool.get(d).location.is_some_and(|(p, _)| p == planet)),
                    "{planet:?}"
                );
            }
            // Ten of each dot colour, counting a wild card where it fills (6-by-10 rule);
            // cards whose dots are not known yet count where their colour is printed.
            let mut per = [0usize; 6];
            let mut unknown = 0;
            for &d in &deck {
                let card = cat.get(&pool.get(d).catalogue_id).unwrap();
                match card.dots.and_then(|x| x.colour()) {
                    Some(c) => per[c as usize] += 1,
                    None => unknown += 1,
                }
            }
            assert!(per.iter().all(|&n| n <= 10), "{per:?}");
            assert_eq!(per.iter().sum::<usize>() + unknown, 60);
            let _ = DotColour::ALL;
            assert!(
                deck.iter()
                    .filter(|&&d| pool.get(d).kind == Kind::Objective)
                    .count()
                    <= 1
            );
        }
    }
}
