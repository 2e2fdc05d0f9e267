//! Decks broken in each way the validator knows (rulebook "Deck Construction"), built by hand
//! from the example decks so that the fewest changes are known, repaired by exactly that
//! many; and random breakages, which the fix never repairs with more changes than made them.

use super::*;
use crate::catalogue::{Catalogue, Side};
use crate::deck::{Code, ListFormat, Report, Resolver, RulesSet, check, parse_list};
use crate::engine::rng::GameRng;

const LIGHT: &str = include_str!("../../../examples/decks/light.txt");
const DARK: &str = include_str!("../../../examples/decks/dark.txt");

fn cat() -> &'static Catalogue {
    crate::deck::test_catalogue()
}

fn idx(id: &str) -> usize {
    cat().index_of(id).unwrap_or_else(|| panic!("{id}"))
}

fn deck_of(text: &str) -> Vec<(usize, u32)> {
    let list = parse_list("t", text, Some(ListFormat::Text)).unwrap();
    let deck = Resolver::new(cat()).resolve(&list);
    assert!(deck.unresolved.is_empty());
    deck.cards.iter().map(|c| (c.index, c.count)).collect()
}

/// `base` with each `(id, delta)` applied.
fn edit(base: &[(usize, u32)], edits: &[(&str, i32)]) -> Vec<(usize, u32)> {
    let mut out = base.to_vec();
    for &(id, delta) in edits {
        let i = idx(id);
        match out.iter_mut().find(|(c, _)| *c == i) {
            Some((_, n)) => *n = u32::try_from(*n as i32 + delta).expect("copies to remove"),
            None => out.push((i, u32::try_from(delta).expect("copies to remove"))),
        }
    }
    out.retain(|(_, n)| *n > 0);
    out
}

fn standard() -> RulesSet {
    RulesSet::named("standard").unwrap()
}

fn check_cards(cards: &[(usize, u32)], side: Side, rules: &RulesSet) -> Report {
    // Built directly (not written out and parsed): the minimality check judges thousands.
    let list = parse_list("t", &format!("side: {side}\n"), Some(ListFormat::Text)).unwrap();
    let mut sorted = cards.to_vec();
    sorted.sort_unstable();
    let deck = crate::deck::ResolvedDeck {
        side: Some(side),
        side_declared: true,
        cards: sorted
            .iter()
            .map(|&(i, n)| crate::deck::DeckCard {
                index: i,
                id: cat().cards()[i].id.clone(),
                count: n,
                lines: vec![1],
            })
            .collect(),
        unresolved: Vec::new(),
    };
    check(&list, &deck, cat(), rules, false)
}

fn fix_with(deck: &[(usize, u32)], side: Side, rules: &RulesSet, supply: Supply) -> Fix {
    let request = Request {
        deck,
        side,
        rules,
        size: 60,
        supply,
        mode: Mode::Fix,
    };
    fix(&request, cat(), &|_| 1).unwrap()
}

fn run(deck: &[(usize, u32)], side: Side, rules: &RulesSet) -> Fix {
    let fix = fix_with(deck, side, rules, Supply::Catalogue);
    let report = check_cards(&fix.cards, side, rules);
    assert!(report.is_legal(), "{:?}", report.violations);
    assert!(fix.minimal);
    fix
}

/// Runs the fix on a deck the validator rejects with `code`, and returns its changes.
fn repaired(deck: &[(usize, u32)], side: Side, rules: &RulesSet, code: Code) -> Vec<Change> {
    assert!(
        check_cards(deck, side, rules).has(code),
        "not broken by {code}"
    );
    run(deck, side, rules).changes
}

fn actions(changes: &[Change]) -> Vec<(Action, &str, Option<&str>)> {
    changes
        .iter()
        .map(|c| (c.action, c.card.as_str(), c.for_card.as_deref()))
        .collect()
}

#[test]
fn a_legal_deck_changes_nothing() {
    for (text, side) in [(LIGHT, Side::Light), (DARK, Side::Dark)] {
        let deck = deck_of(text);
        let fix = run(&deck, side, &standard());
        assert!(fix.changes.is_empty());
        let mut expected = deck.clone();
        expected.sort_unstable();
        assert_eq!(fix.cards, expected);
    }
}

#[test]
fn one_card_short_is_one_addition_in_its_colour() {
    // Without Ishi Tib red holds 9 (rulebook "The 6-By-10 Rule"); one copy more is the least.
    let deck = edit(&deck_of(LIGHT), &[("DM-27", -1)]);
    let changes = repaired(&deck, Side::Light, &standard(), Code::DeckSize);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].action, Action::Add);
    assert_eq!(changes[0].reason, "red keeps 9 cards and needs 10");
    // Another copy of a red card the deck plays before a new card.
    let red_in_deck = ["DM-1", "DM-2", "DM-7", "DM-27"];
    assert!(
        red_in_deck.contains(&changes[0].card.as_str()),
        "{changes:?}"
    );
}

#[test]
fn twenty_cards_short_is_twenty_additions() {
    let deck = edit(
        &deck_of(LIGHT),
        &[
            ("DM-1", -3),
            ("DM-34", -3),
            ("DM-10", -2),
            ("DM-57", -2),
            ("DM-8", -2),
            ("DM-20", -2),
            ("DM-65", -2),
            ("DM-69", -2),
            ("DM-13", -2),
        ],
    );
    let changes = repaired(&deck, Side::Light, &standard(), Code::DeckSize);
    assert_eq!(changes.len(), 20);
    assert!(changes.iter().all(|c| c.action == Action::Add));
    // The only Tatooine location went: one addition says so.
    assert!(
        changes
            .iter()
            .any(|c| c.reason == "the deck has no Tatooine location"),
        "{changes:?}"
    );
}

#[test]
fn one_card_over_is_one_removal() {
    let deck = edit(&deck_of(LIGHT), &[("DM-1", 1)]);
    let changes = repaired(&deck, Side::Light, &standard(), Code::DeckSize);
    // Red holds 10 red-dot cards and its wild card: one of the four Obi-Wans goes (the
    // largest stack), not the wild card.
    assert_eq!(actions(&changes), [(Action::Remove, "DM-1", None)]);
    assert_eq!(changes[0].reason, "the deck has 61 cards; a deck has 60");
}

#[test]
fn a_card_of_the_other_side_is_swapped_for_one_of_the_deck() {
    // examples/decks/illegal-mixed-sides.txt: the dark Blaster DM-119 in a light deck.
    let deck = edit(&deck_of(LIGHT), &[("DM-45", -1), ("DM-119", 1)]);
    let changes = repaired(&deck, Side::Light, &standard(), Code::MixedSides);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].action, Action::Swap);
    assert_eq!(changes[0].card, "DM-119");
    assert_eq!(
        changes[0].reason,
        "it is a dark side card in a light side deck"
    );
    let orange = ["DM-34", "DM-35", "DM-45", "DM-46"];
    assert!(orange.contains(&changes[0].for_card.as_deref().unwrap()));
}

#[test]
fn virtual_cards_go_under_rules_without_them() {
    // light-virtual.txt: one virtual Obi-Wan; the decipher rules allow no virtual cards.
    let deck = edit(&deck_of(LIGHT), &[("DM-27", -1), ("V1-JC-39", 1)]);
    let rules = RulesSet::named("decipher").unwrap();
    let changes = repaired(&deck, Side::Light, &rules, Code::VirtualNotAllowed);
    assert_eq!(actions(&changes)[0].0, Action::Swap);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].card, "V1-JC-39");
}

#[test]
fn banned_copies_are_each_swapped() {
    let mut rules = standard();
    rules.banned = vec!["DM-45".into()];
    let deck = deck_of(LIGHT);
    let changes = repaired(&deck, Side::Light, &rules, Code::Banned);
    assert_eq!(changes.len(), 3);
    for c in &changes {
        assert_eq!(c.card, "DM-45");
        assert_ne!(c.for_card.as_deref(), Some("DM-45"));
        assert_eq!(c.reason, "it is banned under the standard rules");
    }
}

#[test]
fn a_set_the_rules_do_not_allow() {
    let mut rules = standard();
    rules.sets.retain(|s| *s != crate::catalogue::Set::EDM);
    // EDM-P1, the wild Qui-Gon, fills red's wild slot: one swap for a red card.
    let changes = repaired(&deck_of(LIGHT), Side::Light, &rules, Code::SetNotAllowed);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].card, "EDM-P1");
}

#[test]
fn a_second_objective_is_one_swap() {
    // Orange and yellow each one short, an Objective (a wild card for orange, yellow or
    // purple: data/rules/RULINGS.md D2) in each: legal colours, but at most one Objective.
    let deck = edit(
        &deck_of(LIGHT),
        &[("DM-45", -1), ("DM-49", -1), ("BP-29", 2)],
    );
    let changes = repaired(&deck, Side::Light, &standard(), Code::Objectives);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].card, "BP-29");
    assert_eq!(
        changes[0].reason,
        "the deck has 2 Objectives; at most 1 is allowed"
    );
}

#[test]
fn a_card_with_unknown_dots_is_swapped() {
    // DM-116 (STAP): the catalogue has no legible scan of its dots.
    let deck = edit(&deck_of(DARK), &[("DM-119", -1), ("DM-116", 1)]);
    let changes = repaired(&deck, Side::Dark, &standard(), Code::UnknownDots);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].card, "DM-116");
}

#[test]
fn colours_off_by_two_take_two_swaps() {
    // examples/decks/illegal-colours.txt: 12 purple, 8 yellow. A swap moves one card from one
    // colour to another, and four cards are off, so two swaps are the least.
    let deck = edit(&deck_of(LIGHT), &[("DM-69", 2), ("DM-63", -2)]);
    let changes = repaired(&deck, Side::Light, &standard(), Code::ColourOver);
    assert_eq!(changes.len(), 2);
    for c in &changes {
        assert_eq!(c.action, Action::Swap);
        let out = cat().get(&c.card).unwrap();
        let put = cat().get(c.for_card.as_deref().unwrap()).unwrap();
        assert_eq!(
            out.dots.unwrap().colour(),
            Some(crate::catalogue::DotColour::Purple)
        );
        assert_eq!(
            put.dots.unwrap().colour(),
            Some(crate::catalogue::DotColour::Yellow)
        );
    }
}

#[test]
fn a_wild_card_with_no_slot_is_removed() {
    // Every colour already has 10 cards: a seventh wild card has no place.
    let deck = edit(&deck_of(LIGHT), &[("EBN-P8", 1)]);
    let changes = repaired(&deck, Side::Light, &standard(), Code::NoWildSlot);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].action, Action::Remove);
}

#[test]
fn six_of_a_title_in_one_colour_is_one_swap() {
    // examples/decks/illegal-title-limit.txt: six Obi-Wan Kenobi in red.
    let deck = edit(&deck_of(LIGHT), &[("DM-7", -2), ("DM-27", -1), ("JC-1", 3)]);
    let changes = repaired(&deck, Side::Light, &standard(), Code::TitleLimit);
    assert_eq!(changes.len(), 1);
    let c = &changes[0];
    assert_eq!(c.action, Action::Swap);
    assert!(["DM-1", "JC-1"].contains(&c.card.as_str()), "{c:?}");
    assert_eq!(
        c.reason,
        "`Obi-Wan Kenobi`: 6 cards in red; at most 5 of a title per colour (subtitles ignored)"
    );
}

#[test]
fn a_missing_planet_is_one_swap_in_purple() {
    // examples/decks/illegal-three-planets.txt: Bravo 1 instead of the Naboo locations.
    let deck = edit(&deck_of(LIGHT), &[("DM-67", -2), ("JC-68", 2)]);
    let changes = repaired(&deck, Side::Light, &standard(), Code::ThreePlanet);
    assert_eq!(changes.len(), 1);
    let put = cat().get(changes[0].for_card.as_deref().unwrap()).unwrap();
    assert_eq!(put.planet, Some(crate::catalogue::Planet::Naboo));
    assert_eq!(changes[0].reason, "the deck has no Naboo location");
}

#[test]
fn owned_adds_only_what_the_collection_has_beyond_the_deck() {
    // Both Coruscant locations gone: 58 cards, no Coruscant.
    let deck = edit(&deck_of(LIGHT), &[("DM-66", -2)]);
    let mut owned = vec![0u32; cat().cards().len()];
    // The collection: one Capital City and three Theed Palaces beyond the deck's two.
    owned[idx("DM-66")] = 1;
    owned[idx("DM-67")] = 3;
    let fix = fix_with(&deck, Side::Light, &standard(), Supply::Owned(&owned));
    assert!(check_cards(&fix.cards, Side::Light, &standard()).is_legal());
    assert_eq!(fix.missing, 0);
    assert_eq!(fix.changes.len(), 2);
    let mut added = vec![0u32; owned.len()];
    for c in &fix.changes {
        assert_eq!(c.action, Action::Add);
        assert_eq!(c.owned, Some(true));
        added[idx(&c.card)] += 1;
    }
    assert!(
        added.iter().zip(&owned).all(|(a, o)| a <= o),
        "{:?}",
        fix.changes
    );
    assert_eq!(added[idx("DM-66")], 1);
}

#[test]
fn owned_with_an_empty_collection_says_how_many_are_missing() {
    let deck = edit(&deck_of(LIGHT), &[("DM-66", -2)]);
    let owned = vec![0u32; cat().cards().len()];
    let fix = fix_with(&deck, Side::Light, &standard(), Supply::Owned(&owned));
    // Two cards must come in, and the collection has none.
    assert_eq!(fix.missing, 2);
    assert_eq!(fix.changes.len(), 2);
    assert!(fix.changes.iter().all(|c| c.owned == Some(false)));
}

#[test]
fn random_breakages_are_repaired_in_no_more_changes_than_made_them() {
    // Each breakage makes k random changes (remove, add or swap one copy, any card of the
    // catalogue, either side): the fix must reach a legal deck in at most k changes.
    let cards = cat().cards();
    for seed in 0..60u64 {
        let mut rng = GameRng::new(seed);
        let (text, side) = if seed % 2 == 0 {
            (LIGHT, Side::Light)
        } else {
            (DARK, Side::Dark)
        };
        let mut deck = deck_of(text);
        let k = 1 + rng.below(20);
        for _ in 0..k {
            let action = rng.below(3);
            if action != 1 && !deck.is_empty() {
                let at = rng.below(deck.len());
                deck[at].1 -= 1;
                deck.retain(|(_, n)| *n > 0);
            }
            if action != 0 {
                let card = rng.below(cards.len());
                match deck.iter_mut().find(|(c, _)| *c == card) {
                    Some((_, n)) => *n += 1,
                    None => deck.push((card, 1)),
                }
            }
        }
        let fix = run(&deck, side, &standard());
        assert!(
            fix.changes.len() <= k,
            "seed {seed}: {} changes for {k} breakages",
            fix.changes.len()
        );
    }
}

#[test]
fn when_two_changes_are_needed_no_single_change_is_legal() {
    // An independent check of minimality: every single change (remove a copy, add any card
    // of the side, swap a copy for any card of the side) is judged by the validator.
    let cards = cat().cards();
    let rules = standard();
    let mut checked = 0;
    for seed in 100..400u64 {
        if checked == 1 {
            break;
        }
        let mut rng = GameRng::new(seed);
        let (text, side) = if seed % 2 == 0 {
            (LIGHT, Side::Light)
        } else {
            (DARK, Side::Dark)
        };
        let mut deck = deck_of(text);
        for _ in 0..2 {
            let at = rng.below(deck.len());
            deck[at].1 -= 1;
            deck.retain(|(_, n)| *n > 0);
            let card = rng.below(cards.len());
            match deck.iter_mut().find(|(c, _)| *c == card) {
                Some((_, n)) => *n += 1,
                None => deck.push((card, 1)),
            }
        }
        if run(&deck, side, &rules).changes.len() != 2 {
            continue;
        }
        checked += 1;
        let of_side: Vec<usize> = (0..cards.len())
            .filter(|&i| cards[i].side == side)
            .collect();
        let legal = |d: &[(usize, u32)]| check_cards(d, side, &rules).is_legal();
        let with = |d: &[(usize, u32)], out: Option<usize>, add: Option<usize>| {
            let mut d = d.to_vec();
            if let Some(o) = out {
                d[o].1 -= 1;
            }
            if let Some(a) = add {
                match d.iter_mut().find(|(c, _)| *c == a) {
                    Some((_, n)) => *n += 1,
                    None => d.push((a, 1)),
                }
            }
            d.retain(|(_, n)| *n > 0);
            d
        };
        for o in 0..deck.len() {
            assert!(!legal(&with(&deck, Some(o), None)), "seed {seed}");
            for &a in &of_side {
                assert!(!legal(&with(&deck, Some(o), Some(a))), "seed {seed}");
            }
        }
        for &a in &of_side {
            assert!(!legal(&with(&deck, None, Some(a))), "seed {seed}");
        }
    }
    assert_eq!(checked, 1);
}

#[test]
fn an_absurd_quantity_is_refused_not_listed() {
    let deck = [(idx("DM-1"), 3_000_000)];
    let request = Request {
        deck: &deck,
        side: Side::Light,
        rules: &standard(),
        size: 60,
        supply: Supply::Catalogue,
        mode: Mode::Fix,
    };
    let err = fix(&request, cat(), &|_| 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the list has 3000000 cards; the deck doctor mends lists of at most 10000 (a typo in a quantity?)"
    );
}
