//! Reflections cards: rulebook "Armed & Dangerous Cards", "Double Impact Cards", "Combo Battle
//! Cards".

use super::*;
use crate::catalogue::{Card, CardType, Planet};

fn combo(title: &str, uses: &[(&str, u8, u8)]) -> Card {
    Card {
        card_type: CardType::ComboBattle,
        ..fx::battle(title, uses)
    }
}

#[test]
fn combo_battle_plays_like_a_battle_card() {
    // "Combo Battle Cards play just like a normal Battle card": from hand into the plan before
    // the characters it works with (here two that fight together), its dots add, and it is
    // discarded after use.
    let mut b = at_naboo();
    let anakin = b.add(
        A,
        ch("Anakin Skywalker", 2, 1),
        Zone::At(Planet::Naboo, true),
    );
    let padme = b.add(A, ch("Padmé Naberrie", 2, 1), Zone::At(Planet::Naboo, true));
    let card = b.add(
        A,
        combo(
            "Are You An Angel? & I've Been Trained In Defense",
            &[("Anakin and Padmé", 3, 0)],
        ),
        Zone::Hand,
    );
    let y = b.add(B, ch("Y", 6, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    assert!(legal(&g).contains(&Action::DeclareBattle));
    let ev = battle(&mut g, [&[card], &[]], [&[card, anakin, padme], &[y]]);
    assert_eq!(fights(&ev), vec![(7, 6, Some(A))]);
    assert!(g.player(A).discard.contains(&card));
}

#[test]
fn combo_battle_that_does_not_work_is_discarded() {
    // "Combo Battle Cards play just like a normal Battle card", so "A Battle card must be
    // discarded if it ... doesn't work with that character" (rulebook "What if you make a
    // mistake?").
    let mut b = at_naboo();
    let x = b.add(A, ch("Watto", 3, 1), Zone::At(Planet::Naboo, true));
    let card = b.add(
        A,
        combo(
            "Jedi Force Push & We're Not In Trouble Yet",
            &[("Qui-Gon Jinn", 2, 0)],
        ),
        Zone::Hand,
    );
    let _qui = b.add(B, ch("Qui-Gon Jinn", 1, 1), Zone::Discard);
    let y = b.add(B, ch("Y", 4, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[card], &[]], [&[card, x], &[y]]);
    assert_eq!(fights(&ev), vec![(3, 4, Some(B))]);
    assert!(ev.contains(&Event::MisplacedBattleCard { player: A, card }));
    assert!(g.player(A).discard.contains(&card));
}

/// An Armed & Dangerous card: `Name, Subtitle & Weapon`, character half power/damage/destiny,
/// counters for each half, and its own use line.
fn armed(name: &str, power: u8, counters: u8, weapon_counters: u8, line: (u8, u8)) -> Card {
    let who = format!("this character ({name})");
    Card {
        card_type: CardType::ArmedAndDangerous,
        counters: Some(counters),
        counters2: Some(weapon_counters),
        uses: vec![crate::catalogue::UseLine {
            who,
            dots: Some(line.0),
            cubes: Some(line.1),
        }],
        ..fx::character(
            &format!("{name}, Trophy Collector & Jedi Lightsaber"),
            "",
            power,
            2,
            1,
        )
    }
}

#[test]
fn armed_and_dangerous_fights_with_its_own_weapon() {
    // "Armed & Dangerous cards are a combination of a character and a weapon on a single
    // character card": power 3, the weapon half's 2 dots and a chance cube (destiny 3).
    let mut b = at_naboo();
    let aurra = b.add(
        A,
        armed("Aurra Sing", 3, 3, 1, (2, 1)),
        Zone::At(Planet::Naboo, true),
    );
    b.add(A, fx::destiny(3), Zone::Deck);
    b.deck_filler(A, 1, 5);
    let y = b.add(B, ch("Y", 7, 2), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[aurra], &[y]]);
    assert_eq!(fights(&ev), vec![(8, 7, Some(A))]);
}

#[test]
fn a_weapon_card_before_armed_and_dangerous_is_ignored() {
    // Rulebook "Armed & Dangerous Cards" ("The weapon may not be targeted as an individual
    // card") with "What if you make a mistake?": a separate weapon just before it is ignored and
    // stays in play; the card fights with its own weapon half only. Also after a battle card.
    let mut b = at_naboo();
    let aurra = b.add(
        A,
        armed("Aurra Sing", 3, 3, 1, (2, 0)),
        Zone::At(Planet::Naboo, true),
    );
    let rifle = b.add(
        A,
        fx::weapon("Blaster Rifle", &[("any character", 4, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    b.deck_filler(A, 1, 5);
    let y = b.add(B, ch("Y", 7, 2), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[rifle, aurra], &[y]]);
    assert_eq!(fights(&ev), vec![(5, 7, Some(B))]);
    // Said with its reason: the Armed & Dangerous card after it has its own weapon.
    assert!(ev.contains(&Event::IgnoredWeapon {
        player: A,
        card: rifle,
        armed: true
    }));
    assert!(g.at(Planet::Naboo, A).iter().any(|c| c.card == rifle));
    assert!(g.player(A).discard.contains(&aurra));

    // Battle card, weapon card, Armed & Dangerous: the battle card works (3 + 2 + 1), the
    // weapon card is ignored.
    let (mut g, [aurra, rifle, card, y]) = b2();
    let ev = battle(&mut g, [&[card], &[]], [&[card, rifle, aurra], &[y]]);
    assert_eq!(fights(&ev), vec![(6, 7, Some(B))]);
    // Said with its reason: the Armed & Dangerous card after it has its own weapon.
    assert!(ev.contains(&Event::IgnoredWeapon {
        player: A,
        card: rifle,
        armed: true
    }));
    assert!(g.player(A).discard.contains(&card));
}

/// The position of the test above: Aurra, the rifle, a battle card in hand, and Y.
fn b2() -> (GameState, [CardRef; 4]) {
    let mut b = at_naboo();
    let aurra = b.add(
        A,
        armed("Aurra Sing", 3, 3, 1, (2, 0)),
        Zone::At(Planet::Naboo, true),
    );
    let rifle = b.add(
        A,
        fx::weapon("Blaster Rifle", &[("any character", 4, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    let card = b.add(A, fx::battle("Any", &[("any character", 1, 0)]), Zone::Hand);
    let y = b.add(B, ch("Y", 7, 2), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    (b.build(), [aurra, rifle, card, y])
}

#[test]
fn armed_and_dangerous_pays_both_halves_and_the_weapon_half_in_full() {
    // "Armed & Dangerous cards cannot have their attached weapon's cost reduced by ANY means.
    // You must always pay the full cost for the weapon portion of their card."
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    let aurra = b.add(A, armed("Aurra Sing", 3, 3, 4, (2, 0)), Zone::Hand);
    let g = b.build();
    assert_eq!(g.cost(aurra), Some(7));
    // Six counters a turn: 3 + 4 is too much.
    assert!(!legal(&g).contains(&Action::Deploy(aurra)));
    let cheaper = |n| own(crate::engine::text::Number::DeployCost, n);
    let cheap = g.clone().with_text(aurra, cheaper(-10));
    assert_eq!(cheap.cost(aurra), Some(4));
    let cheap = g.clone().with_text(aurra, cheaper(-1));
    assert_eq!(cheap.cost(aurra), Some(6));
    let mut cheap = cheap;
    play(&mut cheap, &[Action::Deploy(aurra)]);
    assert!(cheap.at(Planet::Naboo, A).iter().any(|c| c.card == aurra));
}

#[test]
fn armed_and_dangerous_is_its_characters_persona() {
    // "Stackable Cards" with "Armed & Dangerous Cards" (a character card): Aurra Sing, Trophy
    // Collector & Jedi Lightsaber is an Aurra Sing; it joins her stack at the current planet and
    // cannot deploy while she is stranded at another planet.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    let here = b.add(A, ch("Aurra Sing", 4, 2), Zone::At(Planet::Naboo, true));
    let aurra = b.add(A, armed("Aurra Sing", 3, 3, 1, (2, 0)), Zone::Hand);
    let mut g = b.build();
    assert!(legal(&g).contains(&Action::Deploy(aurra)));
    play(&mut g, &[Action::Deploy(aurra)]);
    let at: Vec<CardRef> = g.at(Planet::Naboo, A).iter().map(|c| c.card).collect();
    assert!(at.contains(&here) && at.contains(&aurra));

    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.controlled(Planet::Tatooine, B);
    b.add(A, ch("Aurra Sing", 4, 2), Zone::At(Planet::Tatooine, true));
    let aurra = b.add(A, armed("Aurra Sing", 3, 3, 1, (2, 0)), Zone::Hand);
    let other = b.add(A, armed("Valorum", 3, 3, 1, (2, 0)), Zone::Hand);
    let l = legal(&b.build());
    assert!(!l.contains(&Action::Deploy(aurra)));
    assert!(l.contains(&Action::Deploy(other)));
}

fn double_impact(title: &str, uses: &[(&str, u8, u8)]) -> Card {
    Card {
        card_type: CardType::DoubleImpact,
        ..fx::battle(title, uses)
    }
}

#[test]
fn double_impact_plays_as_its_left_battle_half() {
    // "When you play a Double Impact card, choose which of the two depicted cards you wish to
    // use and follow the directions written on it then discard it": played as its left
    // (battle) half, with the left half's line only.
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 3, 1), Zone::At(Planet::Naboo, true));
    let card = b.add(
        A,
        double_impact(
            "The Negotiations Were Short & Qui-Gon's Final Stand",
            &[
                ("first character in your battle plan (left half)", 3, 0),
                ("right half: any character (effect)", 5, 0),
            ],
        ),
        Zone::Hand,
    );
    let y = b.add(B, ch("Y", 5, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[card], &[]], [&[card, x], &[y]]);
    assert_eq!(fights(&ev), vec![(6, 5, Some(A))]);
    assert!(g.player(A).discard.contains(&card));
}

#[test]
fn double_impact_without_a_battle_line_is_misplaced_in_a_plan() {
    // A Double Impact card is a battle card (card-text 16.1: a battle half is used in a battle
    // plan); with no battle half's line that works, it is discarded as misplaced ("What if you
    // make a mistake?") and adds nothing.
    let mut b = at_naboo();
    let x = b.add(A, ch("Gungan", 3, 1), Zone::At(Planet::Naboo, true));
    let card = b.add(
        A,
        double_impact(
            "Dos Mackineeks",
            &[("each Gungan (right-half effect)", 1, 0)],
        ),
        Zone::Hand,
    );
    let y = b.add(B, ch("Y", 5, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[card], &[]], [&[card, x], &[y]]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MisplacedBattleCard { card: c, .. } if *c == card))
    );
    assert_eq!(fights(&ev), vec![(3, 5, Some(B))]);
}

#[test]
fn combo_any_two_of_a_list_fight_together_but_not_one_stack() {
    // "Combo Battle Cards play just like a normal Battle card"; RF-C11 "any two of Jabba the
    // Hutt, Gardulla the Hutt, Bib Fortuna, Fode and Beed": two different characters of the
    // list "Fight Together" (their Power adds, with the card's dots).
    let line = "any two of Jabba the Hutt, Gardulla the Hutt, Bib Fortuna, Fode and Beed";
    let mut b = at_naboo();
    let jabba = b.add(A, ch("Jabba the Hutt", 2, 1), Zone::At(Planet::Naboo, true));
    let fode = b.add(A, ch("Fode and Beed", 2, 1), Zone::At(Planet::Naboo, true));
    // Every name of the line must name a card the pool knows.
    for name in ["Gardulla the Hutt", "Bib Fortuna"] {
        b.add(B, ch(name, 1, 1), Zone::Discard);
    }
    let card = b.add(A, combo("Boonta Eve Podrace", &[(line, 3, 0)]), Zone::Hand);
    let y = b.add(B, ch("Y", 6, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[card], &[]], [&[card, jabba, fode], &[y]]);
    assert_eq!(fights(&ev), vec![(7, 6, Some(A))]);
    assert!(g.player(A).discard.contains(&card));

    // Two cards of one Jabba stack are one character, not two: the card does not work.
    let mut b = at_naboo();
    let j1 = b.add(A, ch("Jabba the Hutt", 2, 1), Zone::At(Planet::Naboo, true));
    let j2 = b.add(A, ch("Jabba the Hutt", 2, 1), Zone::At(Planet::Naboo, true));
    for name in ["Gardulla the Hutt", "Bib Fortuna", "Fode and Beed"] {
        b.add(B, ch(name, 1, 1), Zone::Discard);
    }
    let card = b.add(A, combo("Boonta Eve Podrace", &[(line, 3, 0)]), Zone::Hand);
    let y = b.add(B, ch("Y", 6, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[card], &[]], [&[card, j1, j2], &[y]]);
    assert!(ev.contains(&Event::MisplacedBattleCard { player: A, card }));
}

#[test]
fn combo_together_with_makes_one_group() {
    // RF-C12 "Ann and Tann Gella together with Sebulba": the three fight together ("Fight
    // Together"), the card's dots added once.
    let mut b = at_naboo();
    let gellas = b.add(
        A,
        ch("Ann and Tann Gella", 1, 1),
        Zone::At(Planet::Naboo, true),
    );
    let sebulba = b.add(A, ch("Sebulba", 2, 1), Zone::At(Planet::Naboo, true));
    let card = b.add(
        A,
        combo(
            "Podrace Preparation",
            &[("Ann and Tann Gella together with Sebulba", 3, 0)],
        ),
        Zone::Hand,
    );
    let y = b.add(B, ch("Y", 5, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[card], &[]], [&[card, sebulba, gellas], &[y]]);
    assert_eq!(fights(&ev), vec![(6, 5, Some(A))]);
}

#[test]
fn combo_bonus_only_against_the_named_opponents() {
    // "Combo Battle Cards play just like a normal Battle card"; RF-C6 "Obi-Wan (bonus only vs
    // Darth Maul or Darth Sidious)": placed before Obi-Wan it works, but its dots count only
    // when the character he fights is one of those.
    let line = "Obi-Wan (bonus only vs Darth Maul or Darth Sidious)";
    for (foe, expected) in [
        ("Darth Maul", vec![(7, 5, Some(A))]),
        ("Darth Sidious", vec![(7, 5, Some(A))]),
        ("Aurra Sing", vec![(3, 5, Some(B))]),
    ] {
        let mut b = at_naboo();
        let obi = b.add(A, ch("Obi-Wan Kenobi", 3, 1), Zone::At(Planet::Naboo, true));
        let card = b.add(
            A,
            combo("I Have A Bad Feeling About This", &[(line, 4, 0)]),
            Zone::Hand,
        );
        for name in ["Darth Maul", "Darth Sidious"] {
            if name != foe {
                b.add(B, ch(name, 1, 1), Zone::Discard);
            }
        }
        let y = b.add(B, ch(foe, 5, 1), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        let mut g = b.build();
        let ev = battle(&mut g, [&[card], &[]], [&[card, obi], &[y]]);
        assert_eq!(fights(&ev), expected, "{foe}");
        assert!(
            !ev.contains(&Event::MisplacedBattleCard { player: A, card }),
            "{foe}"
        );
    }
}

/// An Armed & Dangerous Jedi: `name`, Jedi Master & `weapon`, power 5, damage 6; its weapon
/// half's line for itself.
fn armed_jedi(name: &str, weapon: &str, line: (u8, u8)) -> Card {
    Card {
        card_type: CardType::ArmedAndDangerous,
        counters: Some(3),
        counters2: Some(1),
        uses: vec![crate::catalogue::UseLine {
            who: format!("this character ({name})"),
            dots: Some(line.0),
            cubes: Some(line.1),
        }],
        ..fx::character(
            &format!("{name}, Zabrak Jedi Master & {weapon}"),
            "",
            5,
            6,
            1,
        )
    }
}

#[test]
fn an_armed_and_dangerous_lightsaber_half_starts_a_duel_and_its_dots_count() {
    // RULINGS.md E3: the weapon half is the character's weapon (rulebook "Lightsaber Dueling"): its
    // power bonus dots count toward the dueling hand ("using all available power bonus dots
    // (including bonuses for location and weapon)"), and a lightsaber half lets its own character
    // initiate a duel. Eeth Koth's: power 5 + 2 dots = 7 cards, not 5.
    let mut b = at_naboo();
    let eeth = b.add(
        A,
        armed_jedi("Eeth Koth", "Eeth Koth's Lightsaber", (2, 1)),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 2, 3), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let duel = Action::Duel {
        duelist: eeth,
        saber: eeth,
        target: y,
    };
    assert!(legal(&g).contains(&duel));
    let ev = play(
        &mut g,
        &[duel, Action::DuelDefender(y), Action::DuelWeapon(None)],
    );
    assert_eq!(dueling_hands(&ev), vec![(A, 7), (B, 2)]);

    // An Armed & Dangerous card whose weapon half is no lightsaber starts no duel.
    let mut b = at_naboo();
    b.add(
        A,
        armed_jedi("Eeth Koth", "Electropole", (2, 1)),
        Zone::At(Planet::Naboo, true),
    );
    b.add(B, ch("Y", 2, 3), Zone::At(Planet::Naboo, true));
    assert!(
        !legal(&b.build())
            .iter()
            .any(|a| matches!(a, Action::Duel { .. }))
    );
}

#[test]
fn an_armed_and_dangerous_defender_duels_with_its_weapon_half() {
    // Nobody but its own character may use or take the weapon half (RULINGS.md E3), and
    // in its fights it always has it: as defender its only weapon is its own half.
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::character("Obi-Wan Kenobi", "Jedi Knight", 3, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let eeth = b.add(
        B,
        armed_jedi("Eeth Koth", "Eeth Koth's Lightsaber", (2, 1)),
        Zone::At(Planet::Naboo, true),
    );
    b.add(
        B,
        fx::weapon("Blaster", &[("any character", 1, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(
        &mut g,
        &[
            Action::Duel {
                duelist: obi,
                saber,
                target: eeth,
            },
            Action::DuelDefender(eeth),
        ],
    );
    assert_eq!(legal(&g), vec![Action::DuelWeapon(Some(eeth))]);
    let ev = play(&mut g, &[Action::DuelWeapon(Some(eeth))]);
    assert_eq!(dueling_hands(&ev), vec![(A, 3), (B, 7)]);
}

#[test]
fn an_armed_and_dangerous_weapon_half_is_unique_as_that_weapon() {
    // RULINGS.md E3: for uniqueness (rulebook "Diamond Cards") the weapon half counts as a card
    // of that weapon's title, as the separate weapon card would (here Adi Gallia's Lightsaber).
    // Either way round; a diamond weapon card is no bar.
    let half = || armed_jedi("Adi Gallia", "Adi Gallia's Lightsaber", (2, 1));
    // Fixture weapons are diamond; this one is not.
    let weapon = || Card {
        diamond: Some(false),
        ..fx::weapon("Adi Gallia's Lightsaber", &[("Adi Gallia", 2, 1)])
    };
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.add(A, half(), Zone::At(Planet::Naboo, true));
    let w = b.add(A, weapon(), Zone::Hand);
    let d = b.add(
        A,
        fx::weapon("Adi Gallia's Lightsaber", &[("Adi Gallia", 2, 1)]),
        Zone::Hand,
    );
    let other = b.add(
        A,
        fx::weapon("Eeth Koth's Lightsaber", &[("Eeth Koth", 2, 1)]),
        Zone::Hand,
    );
    let l = legal(&b.build());
    assert!(!l.contains(&Action::Deploy(w)));
    assert!(l.contains(&Action::Deploy(d)) && l.contains(&Action::Deploy(other)));

    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.add(A, weapon(), Zone::At(Planet::Naboo, true));
    let a = b.add(A, half(), Zone::Hand);
    assert!(!legal(&b.build()).contains(&Action::Deploy(a)));
    // The opponent's weapon of that title is no bar.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.add(B, weapon(), Zone::At(Planet::Naboo, true));
    let a = b.add(A, half(), Zone::Hand);
    assert!(legal(&b.build()).contains(&Action::Deploy(a)));
}

#[test]
fn a_second_armed_and_dangerous_copy_joins_both_stacks() {
    // Rulebook "Stackable Cards" and RULINGS.md E3 (the weapon half is a card of its weapon's
    // title "under the same rules as the separate weapon card"). Both halves of Adi Gallia,
    // Corellian Jedi Master & Adi Gallia's Lightsaber (RF-A3) print the stack icon, as does
    // JC-42 Adi Gallia's Lightsaber; Boss Nass, Gungan Chief & Fambaa (RF-A2) prints a diamond
    // before Fambaa, as BN-38 does. A second copy joins the first one's stack at the current
    // planet; a stackable Adi Gallia's Lightsaber card may join the half's stack there too.
    // At another planet the unique character, and the unique weapon title, bar them.
    for (id, weapon) in [("RF-A3", "JC-42"), ("RF-A2", "BN-38")] {
        for here in [true, false] {
            let mut b = Builder::new();
            b.current(Planet::Naboo, 0);
            b.controlled(Planet::Tatooine, B);
            let at = if here {
                Planet::Naboo
            } else {
                Planet::Tatooine
            };
            b.add(A, real(id), Zone::At(at, true));
            let second = b.add(A, real(id), Zone::Hand);
            let card = b.add(A, real(weapon), Zone::Hand);
            b.deck_filler(A, 1, 6);
            b.deck_filler(B, 1, 6);
            let mut g = b.build();
            let l = legal(&g);
            assert_eq!(
                l.contains(&Action::Deploy(second)),
                here,
                "{id} here {here}"
            );
            // The diamond Fambaa card is no bar anywhere; the unique lightsaber's title is,
            // at another planet.
            let diamond = g.def(card).diamond;
            assert_eq!(
                l.contains(&Action::Deploy(card)),
                here || diamond,
                "{weapon} here {here}"
            );
            if here {
                play(&mut g, &[Action::Deploy(second)]);
                let copies = g
                    .at(Planet::Naboo, A)
                    .iter()
                    .filter(|c| g.def(c.card).armed);
                assert_eq!(copies.count(), 2, "{id}: a stack of two");
            }
        }
    }
}

#[test]
fn a_stackable_weapon_card_of_an_armed_and_dangerous_title_still_stacks() {
    // RULINGS.md E3 counts an Armed & Dangerous weapon half as a card of its title; that does
    // not take from the weapon cards of that title the rulebook's "Stackable Cards": DM-35
    // Jedi Lightsaber, Constructed by Ki-Adi-Mundi (the title of RF-A5's half; examples
    // light.txt holds two) prints the stack icon, so a second copy joins the first at the
    // current planet, and only there.
    for here in [true, false] {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.controlled(Planet::Tatooine, B);
        let at = if here {
            Planet::Naboo
        } else {
            Planet::Tatooine
        };
        b.add(A, real("DM-35"), Zone::At(at, true));
        let second = b.add(A, real("DM-35"), Zone::Hand);
        // RF-A5 in the pool (in the deck) gives DM-35's title a weapon key.
        b.add(A, real("RF-A5"), Zone::Deck);
        b.deck_filler(A, 1, 6);
        let g = b.build();
        assert_eq!(
            legal(&g).contains(&Action::Deploy(second)),
            here,
            "here {here}"
        );
    }
}
