//! The Boonta Eve Classic: rulebook "Objective Cards", "Boonta Eve Classic", "Lap Cards",
//! "Podracing Characteristics", and "Deploying cards from your draw deck".

use super::*;
use crate::catalogue::{Card, Planet};
use crate::engine::Victory;

#[test]
fn a_pilot_to_the_objective_may_fetch_its_podracer_from_the_draw_deck() {
    // "You may deploy one Podracer pilot and one Podracer Weapon card to your Boonta Eve
    // Classic Objective card, using your deploy counters ... when you deploy a Podracer pilot
    // here, you may deploy a matching Podracer Weapon card from your draw deck."
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.add(A, fx::boonta(), Zone::Objective);
    let p = b.add(A, pilot(), Zone::Hand);
    let r = b.add(A, podracer(), Zone::Deck);
    let again = b.add(A, pilot(), Zone::Hand);
    b.deck_filler(A, 1, 5);
    let mut g = b.build();
    play(&mut g, &[Action::DeployToObjective(p), Action::SearchDeck]);
    assert_eq!(
        legal(&g),
        vec![Action::SearchTake(r), Action::SearchTakeNothing]
    );
    let ev = play(&mut g, &[Action::SearchTake(r)]);
    assert!(ev.contains(&Event::Shuffled(A)));
    assert_eq!(
        (g.player(A).pilot, g.player(A).podracer),
        (Some(p), Some(r))
    );
    assert_eq!(g.counters_left(), 6 - 2 - 1);
    // The pilot is in play ("These cards are in play"): no second Sebulba anywhere.
    let l = legal(&g);
    assert!(!l.contains(&Action::Deploy(again)) && !l.contains(&Action::DeployToObjective(again)));
}

#[test]
fn declining_a_deck_search_costs_one_damage() {
    // "If you didn't deploy that card from your draw deck (because you didn't find one ... or
    // you changed your mind), then you must take 1 DAMAGE as a penalty after you reshuffle."
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.add(A, fx::boonta(), Zone::Objective);
    let p = b.add(A, pilot(), Zone::Hand);
    b.deck_filler(A, 1, 5);
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::DeployToObjective(p),
            Action::SearchDeck,
            Action::SearchTakeNothing,
        ],
    );
    // The penalty comes "after you reshuffle".
    let shuffled = ev.iter().position(|e| *e == Event::Shuffled(A));
    let damaged = ev.iter().position(|e| {
        *e == Event::Damage {
            player: A,
            cards: 1,
        }
    });
    assert!(shuffled.is_some() && damaged.is_some() && shuffled < damaged);
    assert_eq!(g.player(A).deck.len(), 4);
    // Not searching at all costs nothing.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.add(A, fx::boonta(), Zone::Objective);
    let p = b.add(A, pilot(), Zone::Hand);
    b.deck_filler(A, 1, 5);
    let mut g = b.build();
    play(&mut g, &[Action::DeployToObjective(p), Action::SkipSearch]);
    assert_eq!(g.player(A).deck.len(), 5);
}

#[test]
fn laps_run_one_to_six_with_at_most_two_handling_cards() {
    // "You must start your Podracing pile with a card with a destiny number of 1, then ... 2,
    // and so on up to 6." Handling: "you may play any card with that destiny number as a
    // handling card ... no more than two ... in a completed lap." Thrust: "The maximum number
    // of lap cards that pilot may play ... each Deploy Step".
    let (mut b, _, _) = racing();
    let c: Vec<CardRef> = [1, 2, 3, 3, 3, 3, 6]
        .iter()
        .map(|&v| b.add(A, fx::destiny(v), Zone::Hand))
        .collect();
    let mut g = b.build();
    g.players[0].thrust = 6;
    play(&mut g, &[Action::Thrust]);
    assert_eq!(g.player(A).thrust, 7);
    play(
        &mut g,
        &[
            Action::Lap(c[0]),
            Action::Lap(c[1]),
            Action::Lap(c[2]),
            Action::Lap(c[3]),
            Action::Lap(c[4]),
        ],
    );
    // Two handling cards used (for the 4 and the 5): the last 3 cannot stand in for the 6.
    let l = legal(&g);
    assert!(!l.contains(&Action::Lap(c[5])) && l.contains(&Action::Lap(c[6])));
    let ev = play(&mut g, &[Action::Lap(c[6])]);
    assert!(ev.contains(&Event::LapCompleted { player: A, laps: 1 }));
    // "Place a lap token ... and then shuffle those six cards back into your draw deck."
    assert!(g.player(A).laps.is_empty());
    assert_eq!(g.player(A).deck.len(), 16);
}

#[test]
fn thrust_limits_lap_cards_and_refuel_is_half_the_thrust() {
    // "Refuel - ... equal to one half his current Thrust, rounded up. You must Thrust first ...
    // Once you have Refueled, you may not Thrust again."
    let (mut b, _, _) = racing();
    let one = b.add(A, fx::destiny(1), Zone::Hand);
    let two = b.add(A, fx::destiny(2), Zone::Hand);
    let mut g = b.build();
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Refuel(_))));
    g.players[0].thrust = 2;
    play(
        &mut g,
        &[Action::Thrust, Action::Lap(one), Action::Lap(two)],
    );
    assert_eq!(g.player(A).thrust, 3);
    let refuels: Vec<Action> = legal(&g)
        .into_iter()
        .filter(|a| matches!(a, Action::Refuel(_)))
        .collect();
    assert_eq!(refuels, vec![Action::Refuel(1), Action::Refuel(2)]);
    play(&mut g, &[Action::Refuel(2)]);
    assert_eq!(g.player(A).hand.len(), 2);
    assert!(!legal(&g).contains(&Action::Thrust));
}

#[test]
fn podracing_comes_before_anything_else_in_the_deploy_step() {
    // "You must perform all of your Podracing actions ... before performing any other actions
    // in your Deploy Step."
    let (mut b, _, _) = racing();
    let x = b.add(A, ch("X", 1, 1), Zone::Hand);
    let one = b.add(A, fx::destiny(1), Zone::Hand);
    let two = b.add(A, fx::destiny(2), Zone::Hand);
    let mut g = b.build();
    g.players[0].thrust = 3;
    assert!(legal(&g).contains(&Action::Thrust));
    play(&mut g, &[Action::Thrust, Action::Lap(one)]);
    let l = legal(&g);
    assert!(l.contains(&Action::Lap(two)) && l.contains(&Action::Refuel(2)));
    play(&mut g, &[Action::Deploy(x)]);
    // No more thrust, lap cards or refuel this deploy step.
    let l = legal(&g);
    assert!(!l.contains(&Action::Thrust) && !l.contains(&Action::Lap(two)));
    assert!(!l.iter().any(|a| matches!(a, Action::Refuel(_))));
}

#[test]
fn three_laps_win_the_podrace() {
    // "When you finish three laps ... your opponent must immediately place the remaining cards
    // in his draw deck into his discard pile, and you win the game!"
    let (mut b, _, _) = racing();
    let six = b.add(A, fx::destiny(6), Zone::Hand);
    let mut g = b.build();
    g.players[0].lap_tokens = 2;
    for _ in 0..5 {
        let c = g.players[0].deck.pop().unwrap();
        g.players[0].laps.push(c);
    }
    play(&mut g, &[Action::Thrust, Action::Lap(six)]);
    let r = g.result().unwrap();
    assert_eq!((r.winner, r.victory), (Some(A), Victory::Podrace));
    assert!(g.player(B).deck.is_empty());
    assert_eq!(g.player(B).discard.len(), 10);
}

#[test]
fn lap_cards_are_still_part_of_the_draw_deck() {
    // "These cards remain a part of your draw deck, so you may lose them for damage or draw
    // them to Even Up, but only if your draw deck is already exhausted. Use them in the reverse
    // order of playing them."
    let (b, _, _) = racing();
    let mut g = b.build();
    let laps: Vec<CardRef> = g.players[0].deck.drain(..).take(10).collect();
    g.players[0].laps = laps[..3].to_vec();
    g.players[0].discard.extend(&laps[3..]);
    g.log.clear();
    g.damage(A, 1).unwrap();
    assert_eq!(g.player(A).discard.last(), Some(&laps[2]));
    assert_eq!(g.player(A).laps.len(), 2);
    assert!(g.result().is_none());
    // The play-by-play says where the card came from: the pile is empty, so a lap card.
    assert_eq!(
        g.log[..],
        [
            Event::LapCardTaken {
                player: A,
                card: laps[2]
            },
            Event::Damage {
                player: A,
                cards: 1
            }
        ]
    );
}

#[test]
fn handling_cards_lost_from_the_pile_no_longer_count() {
    // "You may play no more than two cards as handling cards in a completed lap." Lap cards
    // are "part of your draw deck, so you may lose them for damage ... Use them in the reverse
    // order of playing them." A handling card lost that way is no longer in the lap: the lap
    // holds one handling card, and may take another.
    let (mut b, _, _) = racing();
    let c: Vec<CardRef> = [1, 3, 3, 3, 3, 3]
        .iter()
        .map(|&v| b.add(A, fx::destiny(v), Zone::Hand))
        .collect();
    let mut g = b.build();
    g.players[0].thrust = 6;
    // 1, then 3 for the 2 (handling), 3, then 3 for the 4 (handling): two handling cards.
    play(
        &mut g,
        &[
            Action::Thrust,
            Action::Lap(c[0]),
            Action::Lap(c[1]),
            Action::Lap(c[2]),
            Action::Lap(c[3]),
        ],
    );
    assert!(!legal(&g).contains(&Action::Lap(c[4])));
    // The draw deck runs out; a damage takes the last lap card played (the handling 4).
    g.players[0].deck.clear();
    g.damage(A, 1).unwrap();
    assert_eq!(g.player(A).laps, c[..3].to_vec());
    // The pile needs a 4 again, and one handling card may stand in for it.
    assert!(legal(&g).contains(&Action::Lap(c[4])));
}

#[test]
fn location_cards_are_never_lap_cards_and_handling_resets_each_lap() {
    // "You may not play Location cards as lap cards." "You may play no more than two cards as
    // handling cards in a completed lap": the limit is per lap.
    let (mut b, _, _) = racing();
    let mut loc = fx::location(Planet::Tatooine, 0);
    loc.destiny = Some(1);
    let loc = b.add(A, loc, Zone::Hand);
    let c: Vec<CardRef> = [1, 3, 3, 3, 5, 6, 3]
        .iter()
        .map(|&v| b.add(A, fx::destiny(v), Zone::Hand))
        .collect();
    let mut g = b.build();
    g.players[0].thrust = 6;
    play(&mut g, &[Action::Thrust]);
    let l = legal(&g);
    assert!(!l.contains(&Action::Lap(loc)) && l.contains(&Action::Lap(c[0])));
    // 1, 3 for 2, 3, 3 for 4, 5, 6: a lap with two handling cards; then a new lap, whose 1
    // may be a handling 3 again.
    play(
        &mut g,
        &[
            Action::Lap(c[0]),
            Action::Lap(c[1]),
            Action::Lap(c[2]),
            Action::Lap(c[3]),
            Action::Lap(c[4]),
            Action::Lap(c[5]),
        ],
    );
    assert_eq!(g.player(A).lap_tokens, 1);
    assert!(legal(&g).contains(&Action::Lap(c[6])));
}

#[test]
fn a_deploy_step_races_in_order_thrust_then_lap_cards_then_refuel() {
    // "Podracing Characteristics": "Before you Thrust in each of your Deploy Steps ..., place a
    // Thrust token on your Podracer pilot. You may only Thrust once per each of your Deploy
    // Steps." "You must Thrust first in the same Deploy Step before you can Refuel. Once you
    // have Refueled, you may not Thrust again in the same Deploy step." Read as one race per
    // deploy step: the token first, then the lap cards (thrusting), then the refuel; cards
    // drawn by refuelling cannot go to the pile the same step. (The other reading, "Thrust" as
    // placing the token alone, would make "Before you Thrust ... place a Thrust token" circular
    // and "may not Thrust again" say nothing that "only once" had not.)
    let (mut b, _, _) = racing();
    let one = b.add(A, fx::destiny(1), Zone::Hand);
    let two = b.add(A, fx::destiny(2), Zone::Deck);
    let mut g = b.build();
    // `two` on top of the draw deck.
    g.players[0].deck.retain(|&c| c != two);
    g.players[0].deck.push(two);
    g.players[0].thrust = 3;
    // No lap card before the token.
    assert!(!legal(&g).contains(&Action::Lap(one)));
    play(
        &mut g,
        &[Action::Thrust, Action::Lap(one), Action::Refuel(1)],
    );
    assert!(g.player(A).hand.contains(&two));
    // Thrust 4 would allow more lap cards, but the race is over for this step.
    assert!(!legal(&g).contains(&Action::Lap(two)));
}

#[test]
fn handling_zero_and_seven_cannot_be_used_but_six_can() {
    // "Poor Ben Quadrinaros gets a 0 for handling, which he can't use. ... Ratts Tyerell gets
    // a 6, which he can't use either": Ratts is JC-87, handling 7 (card-text 6, "Rulebook
    // slip": handling 0, 7, 8 and 9 can never be used, "a 6 would be usable"). A handling card
    // represents "any number needed in a lap sequence", so JC-86 Ody Mandrell's 6 stands in for
    // a 2; a 0 never stands in for a 1 nor a 7 for a 2.
    for (number, stand_in, usable) in [("86", 6, true), ("80", 0, false), ("87", 7, false)] {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.add(A, fx::boonta(), Zone::Objective);
        b.add(
            A,
            Card {
                number: number.into(),
                ..pilot()
            },
            Zone::Pilot,
        );
        b.add(A, podracer(), Zone::Podracer);
        let one = b.add(A, fx::destiny(1), Zone::Hand);
        let odd = b.add(A, fx::destiny(stand_in), Zone::Hand);
        b.deck_filler(A, 1, 10);
        let mut g = b.build();
        g.players[0].thrust = 5;
        play(&mut g, &[Action::Thrust]);
        if stand_in != 0 {
            play(&mut g, &[Action::Lap(one)]);
        }
        assert_eq!(
            legal(&g).contains(&Action::Lap(odd)),
            usable,
            "handling {stand_in}"
        );
    }
}
