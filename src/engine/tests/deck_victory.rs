//! Deck Victory: RULINGS.md E1, a deck victory happens as soon as a draw deck is empty (rulebook
//! "Deck Victory: You win if your opponent's deck runs out of cards before yours does", and the
//! dueling exception in "Lightsaber Dueling").

use super::*;
use crate::catalogue::Planet;
use crate::engine::Victory;

fn result(g: &GameState) -> (Option<Player>, Victory) {
    let r = g.result().expect("the game is over");
    (r.winner, r.victory)
}

#[test]
fn breakthrough_damage_that_empties_the_deck_ends_the_game_at_once() {
    // The seed-40 game of issue 11: breakthrough damage took Dark's last cards and the game ran
    // on for two turns. A player loses "as soon as their draw deck holds no card after ...
    // damage, breakthrough": no Even Up, no next turn.
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 5, 1), Zone::At(Planet::Naboo, true));
    let x2 = b.add(A, ch("X2", 3, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 2);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[x, x2], &[y]]);
    assert_eq!(result(&g), (Some(A), Victory::Deck));
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.player(B).deck.len(), 0);
    let tail: Vec<&Event> = ev.iter().rev().take(3).collect();
    assert!(matches!(tail[0], Event::GameOver(_)), "{tail:?}");
    assert_eq!(
        tail[1],
        &Event::Damage {
            player: B,
            cards: 1
        }
    );
    assert_eq!(
        tail[2],
        &Event::Breakthrough {
            player: A,
            cards: 1
        }
    );
}

#[test]
fn damage_that_takes_exactly_the_last_card_loses() {
    // Before this ruling a deck left empty by damage played on until it had to give a card.
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 5, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 1, 3), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 3);
    let mut g = b.build();
    battle(&mut g, [&[], &[]], [&[x], &[y]]);
    assert_eq!(result(&g), (Some(A), Victory::Deck));
}

#[test]
fn a_destiny_draw_of_the_last_card_loses_before_the_fight() {
    // "after a draw, a destiny draw": the chance cube's draw empties A's deck, so A has lost
    // before the fight is decided.
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 9, 1), Zone::At(Planet::Naboo, true));
    let rifle = b.add(
        A,
        fx::weapon("Blaster Rifle", &[("any character", 0, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 1);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[rifle, x], &[y]]);
    assert_eq!(result(&g), (Some(B), Victory::Deck));
    assert!(!fights(&ev).iter().any(|_| true), "no fight after the loss");
    assert!(g.player(B).discard.is_empty(), "Y was never defeated");
}

#[test]
fn even_up_drawing_the_last_card_loses() {
    // "after a draw": Even Up takes the last card.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EvenUp, A);
    for _ in 0..3 {
        b.add(A, fx::destiny(1), Zone::Hand);
    }
    b.deck_filler(A, 1, 3);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(&mut g, &[Action::EvenUpDone]);
    assert_eq!(g.player(A).hand.len(), 6);
    assert_eq!(result(&g), (Some(B), Victory::Deck));
}

#[test]
fn a_deck_with_cards_left_plays_on() {
    // The same Even Up with one card more: not a loss.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EvenUp, A);
    for _ in 0..3 {
        b.add(A, fx::destiny(1), Zone::Hand);
    }
    b.deck_filler(A, 1, 4);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(&mut g, &[Action::EvenUpDone]);
    assert_eq!(g.result(), None);
    assert_eq!(g.player(A).deck.len(), 1);
}

#[test]
fn lap_cards_are_part_of_the_draw_deck() {
    // Rulebook "Lap Cards": "these cards remain a part of your draw deck, so you may lose them
    // for damage or draw them to Even Up, but only if your draw deck is already exhausted."
    // An empty pile with lap cards left is not an empty draw deck.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EvenUp, A);
    for _ in 0..3 {
        b.add(A, fx::destiny(1), Zone::Hand);
    }
    let lap = b.add(A, fx::destiny(1), Zone::Hand);
    b.deck_filler(A, 1, 3);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    g.remove_from_hand(A, lap);
    g.players[A.index()].laps.push(lap);
    play(&mut g, &[Action::EvenUpDone]);
    assert_eq!(g.result(), None, "the lap card is still to be drawn");
    assert_eq!(g.player(A).deck.len(), 0);
    assert_eq!(g.player(A).laps, vec![lap]);
}

#[test]
fn both_decks_emptied_by_one_action_is_a_draw() {
    // "If both decks become empty through the same action, nobody wins": the starting
    // location's "Both players then shuffle their decks again ... and draw six cards" is one
    // action for both players.
    let mut b = Builder::new();
    b.phase(Phase::StartingLocation(A), A);
    let loc = b.add(A, fx::location(Planet::Naboo, 0), Zone::Deck);
    b.deck_filler(A, 1, 6);
    b.deck_filler(B, 1, 6);
    let mut g = b.build();
    play(&mut g, &[Action::StartingLocation(loc)]);
    assert_eq!(result(&g), (None, Victory::BothDecksEmpty));
    assert_eq!(g.player(A).hand.len(), 6);
    assert_eq!(g.player(B).hand.len(), 6);
}

#[test]
fn only_the_emptied_deck_loses_when_the_other_keeps_a_card() {
    let mut b = Builder::new();
    b.phase(Phase::StartingLocation(A), A);
    let loc = b.add(A, fx::location(Planet::Naboo, 0), Zone::Deck);
    b.deck_filler(A, 1, 6);
    b.deck_filler(B, 1, 7);
    let mut g = b.build();
    play(&mut g, &[Action::StartingLocation(loc)]);
    assert_eq!(result(&g), (Some(B), Victory::Deck));
}

/// A duel at Naboo: A's Obi-Wan (power 1, damage 2) with a lightsaber against B's Maul
/// (power 6, damage 3); A's deck holds `a_deck` cards of destiny 1, B's ten of destiny 6.
fn duel_with_small_deck(a_deck: usize) -> (GameState, Vec<Event>) {
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::character("Obi-Wan Kenobi", "Young Jedi", 1, 2, 1),
        Zone::At(Planet::Naboo, true),
    );
    let saber = b.add(
        A,
        fx::weapon("Jedi Lightsaber", &[("Obi-Wan Kenobi", 0, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let maul = b.add(
        B,
        fx::character("Darth Maul", "Sith Apprentice", 6, 3, 1),
        Zone::At(Planet::Naboo, true),
    );
    b.deck_filler(A, 1, a_deck);
    b.deck_filler(B, 6, 10);
    let mut g = b.build();
    let ev = start_duel(&mut g, obi, saber, maul);
    (g, ev)
}

#[test]
fn drawing_the_last_card_into_a_dueling_hand_does_not_lose() {
    // "If you draw the last card from your draw deck to make your dueling hand, you don't lose
    // the game due to a deck victory": the dueling hand is still part of the draw deck.
    let (g, ev) = duel_with_small_deck(1);
    // Power 1 wants one card; the deck's last is drawn.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DuelHand {
            player: A,
            cards: 1,
            wanted: 1,
            ..
        }
    )));
    assert_eq!(g.player(A).deck.len(), 0);
    assert_eq!(g.result(), None);
    assert_eq!(g.phase(), Phase::DuelPlay);
}

#[test]
fn the_dueling_hand_goes_back_and_damage_can_then_empty_the_deck() {
    // "if the deck is then empty, that player loses": A's one card goes back into the deck at
    // the end of the duel, and the loser's damage (2, minus the 1 hit A scored) takes it.
    let (mut g, _) = duel_with_small_deck(1);
    let a_card = g.player(A).duel_hand[0];
    let b_card = g.player(B).duel_hand[0];
    // A attacks with its 1; Maul holds only 6s and takes the hit; Maul strikes twice with 6s,
    // which A (no cards left) cannot block: Obi-Wan is defeated.
    let b_card2 = g.player(B).duel_hand[1];
    let ev = play(
        &mut g,
        &[
            Action::DuelAttack(a_card),
            Action::DuelNoBlock,
            Action::DuelAttack(b_card),
            Action::DuelNoBlock,
            Action::DuelAttack(b_card2),
            Action::DuelNoBlock,
        ],
    );
    assert!(
        ev.contains(&Event::Damage {
            player: A,
            cards: 1
        }),
        "{ev:?}"
    );
    assert_eq!(result(&g), (Some(B), Victory::Deck));
}
