//! Invariants every catalogue row must satisfy (issue #3): counts, ids, dots by kind of card,
//! the statistics each card type prints, and links between cards and printings.
//! A failure names the card, so a data error is found at once.

use std::collections::BTreeSet;

use youngjedi::catalogue::{CardType, Catalogue, CatalogueSource, Finish, Power, Set};

fn catalogue() -> Catalogue {
    Catalogue::from_source(&CatalogueSource::embedded()).expect("embedded catalogue parses")
}

/// Cards whose dots no scan shows: DM-116 (an unfinished scan) and RF-A9 (no scan at all).
/// data/cards/NOTES.md says which and why.
const DOTS_NOT_PRINTED_ON_SCAN: &[&str] = &["DM-116", "RF-A9"];

#[test]
fn every_set_has_its_published_size() {
    let c = catalogue();
    for set in Set::ALL {
        let n = c.cards().iter().filter(|card| card.set == set).count();
        assert_eq!(n, set.size(), "{} has {n} cards", set.code());
    }
    let real = c.cards().iter().filter(|card| !card.is_virtual()).count();
    assert_eq!(real, 599, "rulebook: 599 unique cards");
}

#[test]
fn ids_are_unique_and_shaped_set_dash_number() {
    let c = catalogue();
    let mut seen = BTreeSet::new();
    for card in c.cards() {
        assert!(
            seen.insert(card.id.to_ascii_uppercase()),
            "duplicate id {}",
            card.id
        );
        let expected = match card.set {
            Set::V1 => format!("V1-{}", card.number.trim_end_matches('*')),
            set => format!("{}-{}", set.code(), card.number),
        };
        assert_eq!(card.id, expected, "id of {}", card.full_name());
    }
}

#[test]
fn dots_match_the_kind_of_card() {
    // Rulebook "Deck Construction": one coloured dot on a normal card; a wild card has two or
    // more white dots; a semi-wild card has white dots and one coloured dot; "Objective
    // Cards": white at orange, yellow and purple.
    for card in catalogue().cards() {
        let Some(dots) = card.dots else {
            assert!(
                DOTS_NOT_PRINTED_ON_SCAN.contains(&card.id.as_str()),
                "{}: dots unknown",
                card.id
            );
            continue;
        };
        let whites = dots.white().count();
        if card.card_type == CardType::Objective {
            assert_eq!(dots.to_string(), "-w-w-w", "{}", card.id);
        } else if dots.is_wild() {
            assert!(
                whites >= 2,
                "{}: wild card with {whites} white dot",
                card.id
            );
        } else if dots.is_semi_wild() {
            assert!(dots.colour().is_some() && whites >= 1, "{}", card.id);
        } else {
            assert!(
                dots.colour().is_some(),
                "{}: no dot at all ({dots})",
                card.id
            );
        }
    }
}

#[test]
fn characters_print_their_statistics() {
    for card in catalogue().cards() {
        if card.card_type != CardType::Character || card.is_virtual() && !card.checked {
            continue;
        }
        let id = &card.id;
        assert!(card.counters.is_some(), "{id}: counters");
        assert!(card.power.is_some(), "{id}: power");
        assert!(
            card.bonus.is_some() && card.planet.is_some(),
            "{id}: location bonus"
        );
        assert!(card.damage.is_some(), "{id}: damage");
        assert!(card.destiny.is_some(), "{id}: destiny");
        // A printed number is at most 12; the only other form is a destiny-number power.
        match card.power {
            Some(Power::Value(p)) => assert!(p <= 12, "{id}: power {p}"),
            Some(Power::Destiny) => {}
            None => panic!("{id}: no power"),
        }
    }
}

#[test]
fn weapons_print_who_may_use_them() {
    for card in catalogue().cards() {
        if card.card_type == CardType::Weapon && card.checked {
            assert!(
                !card.uses.is_empty(),
                "{}: a weapon without a use line",
                card.id
            );
            for u in &card.uses {
                assert!(
                    u.dots.is_some() || u.cubes.is_some(),
                    "{}: empty bonus line {u:?}",
                    card.id
                );
            }
        }
    }
}

#[test]
fn every_card_but_objectives_has_a_destiny_number() {
    // Rulebook "Card Types": all cards except Objectives have a destiny number.
    for card in catalogue().cards() {
        if card.checked && card.card_type != CardType::Objective {
            assert!(card.destiny.is_some(), "{}: destiny", card.id);
        }
    }
}

#[test]
fn printings_and_virtual_cards_link_to_real_cards() {
    let c = catalogue();
    for p in c.printings() {
        let card = c
            .get(&p.card_id)
            .unwrap_or_else(|| panic!("printing of unknown {}", p.card_id));
        assert!(!card.is_virtual(), "a foil of a virtual card: {}", card.id);
        assert_eq!(p.finish, Finish::Foil);
    }
    let reflections = c
        .printings()
        .iter()
        .filter(|p| p.source.as_deref() == Some("reflections"))
        .count();
    assert!(reflections >= 59, "Reflections foils: {reflections}");
    for card in c.cards().iter().filter(|card| card.is_virtual()) {
        let original = card
            .replaces
            .as_deref()
            .unwrap_or_else(|| panic!("{} replaces nothing", card.id));
        let original = c.get(original).expect("original exists");
        assert_eq!(original.set, Set::JC, "{}", card.id);
        assert_eq!(
            card.title, original.title,
            "{} keeps its original's title",
            card.id
        );
    }
}

#[test]
fn catalogue_files_have_every_column_in_order() {
    for (name, text) in &CatalogueSource::embedded().card_files {
        let header = text.lines().next().unwrap_or_default();
        assert_eq!(
            header,
            youngjedi::catalogue::load::CARD_COLUMNS.join(","),
            "{name}"
        );
    }
}

#[test]
fn traits_follow_the_card_name_with_the_rulebook_exceptions() {
    // RULINGS.md R1 and E5, and rulebook "Jedi Masters & Bounty Hunters", "Boonta Eve Classic".
    let c = catalogue();
    let has = |id: &str, t: &str| c.get(id).unwrap_or_else(|| panic!("{id}")).has_trait(t);
    // "Padawan" is not "Jedi": Battle of Naboo #4 Anakin Skywalker is not a Jedi...
    assert!(!has("BN-4", "jedi"));
    // ...but every Anakin and every Sebulba is a Podracer pilot, named so or not.
    assert!(has("BN-4", "podracer-pilot"));
    assert!(has("DM-73", "podracer-pilot"));
    // Every Jedi is a Jedi Master except Ki-Adi-Mundi and Obi-Wan Kenobi.
    assert!(has("DM-1", "jedi") && !has("DM-1", "jedi-master"));
    assert!(has("JC-12", "jedi") && !has("JC-12", "jedi-master"));
    assert!(has("DM-2", "jedi-master"));
    // Every Aurra Sing is a bounty hunter; her Armed & Dangerous card's weapon half
    // ("Jedi Lightsaber") does not make her a Jedi.
    assert!(has("DM-75", "bounty-hunter"));
    assert!(has("RF-A7", "bounty-hunter") && has("RF-A7", "lightsaber"));
    assert!(!has("RF-A7", "jedi"));
    // RULINGS.md E5 (Anakin Skywalker is never a Jedi): EBN-P9 Anakin Skywalker, Tested by the Jedi Council,
    // although his subtitle holds the word; still a Podracer pilot.
    assert!(!has("EBN-P9", "jedi") && !has("EBN-P9", "jedi-master"));
    assert!(has("EBN-P9", "podracer-pilot"));
}

#[test]
fn the_catalogue_and_the_engine_give_characters_the_same_traits() {
    // Both read traits from the name (RULINGS.md R1): `yj cards search --trait` and the game
    // must never disagree on who is a Jedi (as they did on EBN-P9).
    use youngjedi::engine::card_traits::{Traits, character_traits};
    let pairs = [
        ("jedi", Traits::JEDI),
        ("jedi-master", Traits::JEDI_MASTER),
        ("podracer-pilot", Traits::PODRACER_PILOT),
        ("bounty-hunter", Traits::BOUNTY_HUNTER),
        ("senator", Traits::SENATOR),
        ("gungan", Traits::GUNGAN),
        ("neimoidian", Traits::NEIMOIDIAN),
        ("handmaiden", Traits::HANDMAIDEN),
    ];
    let mut checked = 0;
    for card in catalogue().cards() {
        if card.card_type != CardType::Character {
            continue;
        }
        let engine = character_traits(&card.title, &card.subtitle);
        for (name, t) in pairs {
            assert_eq!(
                card.has_trait(name),
                engine.contains(t),
                "{} {}, {}: {name}",
                card.id,
                card.title,
                card.subtitle
            );
        }
        checked += 1;
    }
    assert!(checked > 250, "{checked}");
}

#[test]
fn counters_exist_exactly_on_the_types_that_print_them() {
    // Rulebook "Hyperspace": starships have no counters; battle cards, locations and
    // objectives never have any. Characters, weapons and effects always print a cost (0 when
    // no bar is printed).
    for card in catalogue().cards() {
        match card.card_type {
            CardType::Starship
            | CardType::Battle
            | CardType::Location
            | CardType::Objective
            | CardType::ComboBattle => {
                assert_eq!(card.counters, None, "{}", card.id)
            }
            CardType::Character | CardType::Weapon | CardType::Effect => {
                assert!(
                    card.counters.is_some() || !card.checked,
                    "{}: counters",
                    card.id
                )
            }
            _ => {}
        }
    }
}
