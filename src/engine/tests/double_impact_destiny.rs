//! Double Impact destiny numbers (engine/double_impact.rs): RULINGS.md T6 "The owner of a
//! Double Impact card chooses either half's destiny number each time the number is used";
//! card-text 16.2 "a destiny draw ... the card's owner chooses one half's number for that use".

use super::*;
use crate::catalogue::Planet;
use crate::engine::Pending;

/// RF-DI13, You Have Been Well Trained & After Her!: destiny 1 on its left half, 5 on its
/// right half (catalogue `destiny`, `destiny2`).
const DI13: &str = "RF-DI13";

/// A's Rebel (power 2) with a one-cube rifle against B's Trooper (power 4), RF-DI13 on top of
/// A's deck for the rifle's destiny draw: 2 + 1 = 3 loses, 2 + 5 = 7 wins. Returns the game
/// with A's window before the fight still open, and RF-DI13.
fn rifle_fight(text: Option<Arc<dyn Text>>) -> (GameState, CardRef, Vec<Event>) {
    let mut b = at_naboo();
    let mine = b.add(A, ch("Rebel", 2, 1), Zone::At(Planet::Naboo, true));
    let rifle = b.add(
        A,
        fx::weapon("Blaster Rifle", &[("any character", 0, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let theirs = b.add(B, ch("Trooper", 4, 2), Zone::At(Planet::Naboo, true));
    let di = b.add(A, real(DI13), Zone::Deck);
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    if let Some(t) = text {
        g = g.with_text(mine, t);
    }
    assert_eq!(g.def(di).destiny(), 1);
    assert_eq!(g.def(di).right_destiny, Some(5));
    let ev = battle(&mut g, [&[], &[]], [&[rifle, mine], &[theirs]]);
    (g, di, ev)
}

fn halves(ev: &[Event]) -> Vec<(bool, u8)> {
    ev.iter()
        .filter_map(|e| match *e {
            Event::DestinyHalf { right, value, .. } => Some((right, value)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_fight_draw_of_a_double_impact_card_counts_its_higher_half_when_no_text_cares() {
    // T6: the owner chooses; with no text of the game acting on destiny draws the higher
    // number is always the better one for the fight's total, so the engine takes it: the
    // right half's 5 wins a fight that the left half's 1 would lose.
    let (mut g, di, mut ev) = rifle_fight(None);
    // No window (no text offers one): the fight is fought.
    if g.pending().is_some() {
        ev.extend(play(&mut g, &[Action::Decline]));
    }
    assert!(ev.contains(&Event::DestinyHalf {
        player: A,
        card: di,
        right: true,
        value: 5
    }));
    assert_eq!(fights(&ev), vec![(7, 4, Some(A))]);
}

#[test]
fn a_fight_draw_of_a_double_impact_card_asks_its_owner_when_a_text_listens_to_draws() {
    // T6, card-text 16.2: with a text that acts on destiny draws in the game (the probe's
    // prompt after each draw), the owner is asked which half's number counts, before that
    // text's prompt; either answer is played.
    for (value, want) in [(1, (3, 4, Some(B))), (5, (7, 4, Some(A)))] {
        let (mut g, di, mut ev) = rifle_fight(Some(Arc::new(Probe)));
        // A's window before the fight (the probe's +1 ability), declined.
        ev.extend(play(&mut g, &[Action::Decline]));
        assert!(fights(&ev).is_empty());
        assert_eq!(
            g.pending(),
            Some(Pending::DestinyHalf {
                player: A,
                card: di
            })
        );
        assert_eq!(g.view(A).pending(), g.pending());
        assert_eq!(
            legal(&g),
            vec![Action::ChooseNumber(1), Action::ChooseNumber(5)]
        );
        ev.extend(play(&mut g, &[Action::ChooseNumber(value)]));
        // The probe's own prompt comes next; its 0 changes nothing.
        assert!(matches!(g.pending(), Some(Pending::Prompt { key: 7, .. })));
        ev.extend(play(&mut g, &[Action::ChooseNumber(0)]));
        assert_eq!(halves(&ev), vec![(value == 5, value)]);
        assert_eq!(fights(&ev), vec![want]);
    }
}

/// A duel at Naboo: A's Jedi (RF-DI13, 1 or 5, on top of its deck) against B's Guard, whose
/// deck holds a plain 5 and RF-DI3 (3 or 5) on top. Returns the game in A's first attack,
/// RF-DI13, B's 5 and RF-DI3.
fn di_duel() -> (GameState, [CardRef; 3]) {
    let mut b = at_naboo();
    let jedi = b.add(A, ch("Jedi", 5, 2), Zone::At(Planet::Naboo, true));
    let saber = saber_for(&mut b, A, "Jedi");
    let guard = b.add(B, ch("Guard", 5, 2), Zone::At(Planet::Naboo, true));
    let di = b.add(A, real(DI13), Zone::Deck);
    let five = b.add(B, fx::destiny(5), Zone::Deck);
    let di3 = b.add(B, real("RF-DI3"), Zone::Deck);
    b.deck_filler(A, 6, 30);
    b.deck_filler(B, 6, 30);
    let mut g = b.build();
    start_duel(&mut g, jedi, saber, guard);
    assert!(g.player(A).duel_hand.contains(&di));
    assert!(g.player(B).duel_hand.contains(&five) && g.player(B).duel_hand.contains(&di3));
    (g, [di, five, di3])
}

#[test]
fn a_double_impact_card_attacks_in_a_duel_as_either_half() {
    // T6, card-text 16.2 ("an attack or block in a duel"): RF-DI13 attacks as its left half's
    // 1, which B cannot block, or as its right half's 5, which B blocks with a 5 or with
    // RF-DI3's right half (its left half's 3 does not match).
    let (mut g, [di, five, di3]) = di_duel();
    let moves = legal(&g);
    assert!(
        moves.contains(&Action::DuelAttack(di)) && moves.contains(&Action::DuelAttackRight(di))
    );
    let mut left = g.clone();
    let ev = play(&mut left, &[Action::DuelAttack(di)]);
    assert!(ev.contains(&Event::DuelAttack {
        player: A,
        card: di,
        value: 1
    }));
    assert_eq!(legal(&left), vec![Action::DuelNoBlock]);
    let ev = play(&mut g, &[Action::DuelAttackRight(di)]);
    assert!(ev.contains(&Event::DestinyHalf {
        player: A,
        card: di,
        right: true,
        value: 5
    }));
    let blocks = legal(&g);
    assert!(blocks.contains(&Action::DuelBlock(five)));
    assert!(blocks.contains(&Action::DuelBlockRight(di3)));
    assert!(!blocks.contains(&Action::DuelBlock(di3)));
    let ev = play(&mut g, &[Action::DuelBlockRight(di3)]);
    // The block is made with the right half's 5, and says so (judge8: the line read "blocks
    // with Gunga City & Gungan Energy Shield (destiny 3)" and then "uses the right half's
    // destiny 5").
    assert!(ev.contains(&Event::DuelBlock {
        player: B,
        card: di3,
        value: 5
    }));
    assert!(ev.contains(&Event::DestinyHalf {
        player: B,
        card: di3,
        right: true,
        value: 5
    }));
    // The block is the attack A must now answer: a 5, which A does not hold.
    assert_eq!(legal(&g), vec![Action::DuelNoBlock]);
}

#[test]
fn a_double_impact_lap_card_stands_for_either_half() {
    // T6, card-text 16.2 ("a lap card"): RF-DI13 is the first lap's 1 as its left half, and
    // the fifth lap's 5 as its right half (the racing pilot's handling, 3, is neither).
    let (mut b, _, _) = racing();
    let di = b.add(A, real(DI13), Zone::Hand);
    let plain: Vec<CardRef> = (1..=4)
        .map(|v| b.add(A, fx::destiny(v), Zone::Hand))
        .collect();
    let mut g = b.build();
    g.players[0].thrust = 5;
    let mut first = g.clone();
    let ev = play(&mut first, &[Action::Thrust, Action::Lap(di)]);
    assert!(ev.contains(&Event::DestinyHalf {
        player: A,
        card: di,
        right: false,
        value: 1
    }));
    let mut ev = play(&mut g, &[Action::Thrust]);
    for &c in &plain {
        ev.extend(play(&mut g, &[Action::Lap(c)]));
    }
    ev.extend(play(&mut g, &[Action::Lap(di)]));
    assert!(ev.contains(&Event::LapCard {
        player: A,
        card: di,
        value: 5,
        handling: false
    }));
    assert!(ev.contains(&Event::DestinyHalf {
        player: A,
        card: di,
        right: true,
        value: 5
    }));
}

#[test]
fn the_draw_for_first_player_counts_a_double_impact_cards_higher_half() {
    // T6, card-text 16.2 ("the draw for first player"): "The player who draws the higher
    // number gets to go first". RF-DI13's right half's 5 beats B's 4, where its left half's 1
    // would lose.
    use crate::engine::GameOptions;
    use crate::engine::card_pool::{CardPool, DefId};
    let cards = [
        real(DI13),
        fx::location(Planet::Naboo, 0),
        fx::destiny(4),
        fx::location(Planet::Tatooine, 0),
    ];
    let pool = Arc::new(CardPool::from_cards(&cards));
    let deck = |card: u16, location: u16| {
        let mut d = vec![DefId(card); 20];
        d.push(DefId(location));
        d
    };
    let (a, b) = (deck(0, 1), deck(2, 3));
    let mut seen = 0;
    for seed in 0..20 {
        let mut g = GameState::new(pool.clone(), [&a, &b], GameOptions::default(), seed).unwrap();
        let ev = std::mem::take(&mut g.log);
        let last: Vec<(Player, CardRef, u8)> = ev
            .iter()
            .filter_map(|e| match *e {
                Event::FirstPlayerDestiny {
                    player,
                    card,
                    value,
                } => Some((player, card, value)),
                _ => None,
            })
            .collect();
        let [(_, card, va), (_, _, 4)] = last[last.len() - 2..] else {
            continue;
        };
        if g.def(card).right_destiny.is_none() {
            continue;
        }
        seen += 1;
        assert_eq!(va, 5);
        assert!(ev.contains(&Event::DestinyHalf {
            player: A,
            card,
            right: true,
            value: 5
        }));
        assert!(ev.contains(&Event::FirstPlayer(A)));
    }
    assert!(seen > 0, "some seed should draw RF-DI13 against a 4");
}

#[test]
fn a_double_impact_card_kept_of_two_draws_is_asked_its_half() {
    // T6 with EBN-P15 Watto ("draw two and choose one"): RF-DI13 drawn second and kept counts
    // for the half its owner chooses, here the right half's 5: Watto's 3 + 5 beats the Foe.
    let mut b = at_naboo();
    let watto = b.add(A, real("EBN-P15"), Zone::At(Planet::Naboo, true));
    let blaster = b.add(
        A,
        fx::weapon("Blaster", &[("Watto", 0, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let foe = b.add(
        B,
        fx::character("Foe", "", 6, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    b.add(A, fx::destiny(1), Zone::Deck);
    let di = b.add(A, real(DI13), Zone::Deck);
    b.deck_filler(A, 3, 10);
    b.deck_filler(B, 3, 10);
    let mut g = b.build();
    let mut ev = battle(&mut g, [&[], &[]], [&[blaster, watto], &[foe]]);
    // Windows before the fight, declined, up to Watto's prompt: keep RF-DI13.
    while let Some(Pending::Window { .. }) = g.pending() {
        ev.extend(play(&mut g, &[Action::Decline]));
    }
    assert!(matches!(g.pending(), Some(Pending::Prompt { source, .. }) if source == watto));
    ev.extend(play(&mut g, &[Action::ChooseCard(di)]));
    assert_eq!(
        g.pending(),
        Some(Pending::DestinyHalf {
            player: A,
            card: di
        })
    );
    ev.extend(play(&mut g, &[Action::ChooseNumber(5)]));
    while let Some(Pending::Window { .. }) = g.pending() {
        ev.extend(play(&mut g, &[Action::Decline]));
    }
    assert_eq!(fights(&ev), vec![(8, 6, Some(A))]);
}
