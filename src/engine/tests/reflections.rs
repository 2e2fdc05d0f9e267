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
