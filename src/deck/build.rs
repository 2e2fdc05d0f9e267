//! The deck builder (`yj deck build`): a legal deck of the strongest cards, around cards the
//! player names, from the whole catalogue or a collection.
//!
//! A build is a fix ([`crate::deck::fix`]) of the list of `--around` cards, costed for
//! building ([`Mode::Build`]): the search keeps as many named cards as the rules allow and
//! fills every colour with the strongest cards ([`crate::deck::strength`]), each further copy
//! of a card worth an eighth of its points less. Strength depends on the deck (a weapon is worth what its
//! best user in the deck makes of it, a location the bonuses its characters have there), so
//! the build is repeated with the last deck's cards as the partners until the deck stops
//! changing (at most four rounds).

use serde::Serialize;

use super::fix::items::refusal;
use super::fix::{Change, FixError, Mode, Request, Supply, fix};
use super::rules::RulesSet;
use super::strength::Strength;
use crate::catalogue::{Catalogue, Side};
use crate::engine::CardPool;

/// A built deck.
#[derive(Debug, Clone, Serialize)]
pub struct Built {
    /// `(catalogue index, copies)` in catalogue order.
    #[serde(skip)]
    pub cards: Vec<(usize, u32)>,
    /// Named cards the rules did not let stay (a title over its limit, say), as changes.
    pub dropped: Vec<Change>,
    /// Copies the collection lacks (with `--owned`).
    pub missing: u32,
    /// The deck's strength: its cards' points, with the deck as partners.
    pub points: u64,
    /// True when every round's search finished.
    pub minimal: bool,
}

const ROUNDS: usize = 4;

/// Builds a `side` deck of `size` cards around `around` (`(catalogue index, copies)`).
pub fn build(
    around: &[(usize, u32)],
    side: Side,
    rules: &RulesSet,
    size: u32,
    supply: Supply,
    catalogue: &Catalogue,
    pool: &CardPool,
) -> Result<Built, FixError> {
    let candidates: Vec<usize> = (0..catalogue.cards().len())
        .filter(|&i| refusal(&catalogue.cards()[i], side, rules, catalogue).is_none())
        .collect();
    let mut strength = Strength::new(catalogue, pool, side, &candidates);
    let mut last: Option<Vec<(usize, u32)>> = None;
    let mut minimal = true;
    let mut result = None;
    for _ in 0..ROUNDS {
        let request = Request {
            deck: around,
            side,
            rules,
            size,
            supply: match &supply {
                Supply::Catalogue => Supply::Catalogue,
                Supply::Owned(o) => Supply::Owned(o),
            },
            mode: Mode::Build,
        };
        let f = fix(&request, catalogue, &|i| strength.of(i))?;
        minimal &= f.minimal;
        let indexes: Vec<usize> = f.cards.iter().map(|c| c.0).collect();
        strength = Strength::for_deck(catalogue, pool, &indexes);
        let stable = last.as_ref() == Some(&f.cards);
        last = Some(f.cards.clone());
        result = Some(f);
        if stable {
            break;
        }
    }
    let f = result.expect("at least one round");
    let points = f
        .cards
        .iter()
        .map(|&(i, n)| u64::from(strength.of(i)) * u64::from(n))
        .sum();
    Ok(Built {
        dropped: f
            .changes
            .into_iter()
            .filter(|c| c.action != super::fix::Action::Add)
            .collect(),
        missing: f.missing,
        cards: f.cards,
        points,
        minimal,
    })
}

/// A legal `side` deck of 60 cards around `around` (kept as far as the rules allow), filled
/// with cards of the whole catalogue chosen at random by `seed`: the builder's search with
/// a random price on every card. For sweeps that must play every card of the catalogue.
pub fn random(
    around: &[(usize, u32)],
    side: Side,
    rules: &RulesSet,
    seed: u64,
    catalogue: &Catalogue,
) -> Result<Vec<(usize, u32)>, FixError> {
    // A splitmix64 step per card: the same seed gives the same deck on every machine.
    let price = |i: usize| {
        let mut z = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % 1000) as u32 + 1
    };
    let request = Request {
        deck: around,
        side,
        rules,
        size: 60,
        supply: Supply::Catalogue,
        mode: Mode::Build,
    };
    Ok(fix(&request, catalogue, &price)?.cards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{ListFormat, Resolver, check, parse_list};
    use crate::engine::rng::GameRng;

    fn legal(cards: &[(usize, u32)], side: Side, rules: &RulesSet, starter: bool) -> bool {
        let cat = crate::deck::test_catalogue();
        let mut text = format!("side: {side}\n");
        for &(i, n) in cards {
            text.push_str(&format!("{n} {}\n", cat.cards()[i].id));
        }
        let list = parse_list("t", &text, Some(ListFormat::Text)).unwrap();
        let deck = Resolver::new(cat).resolve(&list);
        let report = check(&list, &deck, cat, rules, starter);
        if !report.is_legal() {
            eprintln!("{:?}", report.violations);
        }
        report.is_legal()
    }

    #[test]
    fn a_build_is_legal_for_100_random_sets_of_around_cards() {
        // Seeded sets of 0 to 8 named cards (1 to 3 copies each) of the side, from any
        // colour, standard or starter size.
        let cat = crate::deck::test_catalogue();
        let pool = CardPool::from_catalogue(cat);
        let rules = RulesSet::named("standard").unwrap();
        for seed in 0..100u64 {
            let mut rng = GameRng::new(seed);
            let side = if seed % 2 == 0 {
                Side::Light
            } else {
                Side::Dark
            };
            let starter = seed % 5 == 4;
            let size = if starter { 30 } else { 60 };
            let pickable: Vec<usize> = (0..cat.cards().len())
                .filter(|&i| refusal(&cat.cards()[i], side, &rules, cat).is_none())
                .collect();
            let mut around: Vec<(usize, u32)> = Vec::new();
            for _ in 0..rng.below(9) {
                let card = pickable[rng.below(pickable.len())];
                let n = 1 + rng.below(3) as u32;
                match around.iter_mut().find(|(c, _)| *c == card) {
                    Some((_, k)) => *k += n,
                    None => around.push((card, n)),
                }
            }
            let built = build(&around, side, &rules, size, Supply::Catalogue, cat, &pool)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert!(legal(&built.cards, side, &rules, starter), "seed {seed}");
            assert_eq!(
                built.cards.iter().map(|c| c.1).sum::<u32>(),
                size,
                "seed {seed}"
            );
            // Every named card stays unless a change says why it went.
            for &(card, n) in &around {
                let kept = built.cards.iter().find(|c| c.0 == card).map_or(0, |c| c.1);
                let dropped = built
                    .dropped
                    .iter()
                    .filter(|c| c.card == cat.cards()[card].id)
                    .count() as u32;
                assert!(kept + dropped >= n, "seed {seed}: {}", cat.cards()[card].id);
            }
        }
    }

    #[test]
    fn an_owned_build_uses_only_owned_cards() {
        let cat = crate::deck::test_catalogue();
        let pool = CardPool::from_catalogue(cat);
        let rules = RulesSet::named("standard").unwrap();
        // The collection: exactly the light example deck twice over.
        let list = parse_list(
            "t",
            include_str!("../../examples/decks/light.txt"),
            Some(ListFormat::Text),
        )
        .unwrap();
        let deck = Resolver::new(cat).resolve(&list);
        let mut owned = vec![0u32; cat.cards().len()];
        for c in &deck.cards {
            owned[c.index] = 2 * c.count;
        }
        let built = build(
            &[],
            Side::Light,
            &rules,
            60,
            Supply::Owned(&owned),
            cat,
            &pool,
        )
        .unwrap();
        assert_eq!(built.missing, 0);
        assert!(legal(&built.cards, Side::Light, &rules, false));
        for &(i, n) in &built.cards {
            assert!(n <= owned[i], "{} x{n}", cat.cards()[i].id);
        }
    }

    #[test]
    fn the_strongest_cards_come_in_and_copies_diminish() {
        let cat = crate::deck::test_catalogue();
        let pool = CardPool::from_catalogue(cat);
        let rules = RulesSet::named("standard").unwrap();
        let built = build(&[], Side::Light, &rules, 60, Supply::Catalogue, cat, &pool).unwrap();
        // No card fills a colour alone: each further copy is worth an eighth less.
        assert!(built.cards.iter().all(|c| c.1 <= 5), "{:?}", built.cards);
        assert!(built.cards.iter().any(|c| c.1 >= 2), "{:?}", built.cards);
        let strength = Strength::for_deck(
            cat,
            &pool,
            &built.cards.iter().map(|c| c.0).collect::<Vec<_>>(),
        );
        // The strongest red card of the catalogue is in the deck.
        let red: Vec<usize> = (0..cat.cards().len())
            .filter(|&i| {
                let c = &cat.cards()[i];
                refusal(c, Side::Light, &rules, cat).is_none()
                    && c.dots.and_then(|d| d.colour()) == Some(crate::catalogue::DotColour::Red)
            })
            .collect();
        let best = *red
            .iter()
            .max_by_key(|&&i| (strength.of(i), std::cmp::Reverse(i)))
            .unwrap();
        assert!(
            built.cards.iter().any(|c| c.0 == best),
            "{} missing",
            cat.cards()[best].id
        );
    }
}
