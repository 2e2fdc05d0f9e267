//! Starting the game: rulebook "Starting the Game", "Objective Cards", "Effect Cards".

use std::sync::Arc;

use super::*;
use crate::catalogue::{Card, Planet};
use crate::engine::card_pool::{CardPool, DefId};
use crate::engine::{GameOptions, SetupError};

/// A pool of fixture cards and two decks of indexes into it.
fn decks(a: &[(Card, usize)], b: &[(Card, usize)]) -> (Arc<CardPool>, Vec<DefId>, Vec<DefId>) {
    let mut cards = Vec::new();
    let mut da = Vec::new();
    let mut db = Vec::new();
    for (list, out) in [(a, &mut da), (b, &mut db)] {
        for (c, n) in list {
            cards.push(c.clone());
            out.extend(std::iter::repeat_n(DefId(cards.len() as u16 - 1), *n));
        }
    }
    (Arc::new(CardPool::from_cards(&cards)), da, db)
}

fn d(v: u8) -> Card {
    fx::destiny(v)
}

#[test]
fn higher_destiny_goes_first_and_ties_are_redrawn() {
    // "Each player draws destiny. The player who draws the higher number gets to go first. (If
    // the two destiny numbers are the same, each player draws destiny again.)"
    let (pool, a, b) = decks(
        &[(d(2), 10), (d(4), 10), (fx::location(Planet::Naboo, 0), 1)],
        &[
            (d(2), 10),
            (d(3), 10),
            (fx::location(Planet::Tatooine, 0), 1),
        ],
    );
    let mut ties = 0;
    for seed in 0..40 {
        let mut g = GameState::new(pool.clone(), [&a, &b], GameOptions::default(), seed).unwrap();
        let ev = std::mem::take(&mut g.log);
        let draws: Vec<(Player, u8)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::FirstPlayerDestiny { player, value, .. } => Some((*player, *value)),
                _ => None,
            })
            .collect();
        let pairs: Vec<_> = draws.chunks(2).collect();
        for p in &pairs[..pairs.len() - 1] {
            assert_eq!(p[0].1, p[1].1, "only ties are redrawn");
            ties += 1;
        }
        let last = pairs.last().unwrap();
        let first = if last[0].1 > last[1].1 { A } else { B };
        assert_ne!(last[0].1, last[1].1);
        assert!(ev.contains(&Event::FirstPlayer(first)));
        assert_eq!(g.phase(), Phase::StartingLocation(first));
        // The destiny cards went back: every card is in a zone, decks full.
        g.check_zones().unwrap();
        assert_eq!(g.player(A).deck.len() + g.player(B).deck.len(), 42);
    }
    assert!(ties > 0, "some seed should tie at 2-2");
}

#[test]
fn the_first_player_picks_the_starting_location_then_hands_and_effects() {
    // "Take any Location card from your deck and put it on the table as the starting location.
    // Both players then shuffle their decks again ... and draw six cards." Then RULINGS.md R3:
    // each may fetch one Effect, the player who put the location into play first (7 cards).
    let (pool, a, b) = decks(
        &[
            (d(6), 20),
            (fx::location(Planet::Naboo, 1), 1),
            (fx::location(Planet::Tatooine, 0), 1),
            (fx::effect("E", 1), 1),
        ],
        &[
            (d(1), 20),
            (fx::location(Planet::Coruscant, 0), 1),
            (fx::boonta(), 1),
        ],
    );
    let mut g = GameState::new(pool, [&a, &b], GameOptions::default(), 5).unwrap();
    assert_eq!(g.phase(), Phase::StartingLocation(A));
    // The objective is in play from the start, not in the deck.
    assert!(g.player(B).objective.is_some());
    assert_eq!(g.player(B).deck.len(), 21);
    let l = legal(&g);
    assert_eq!(l.len(), 2);
    let Action::StartingLocation(naboo) = l.iter().copied().find(|a| matches!(a, Action::StartingLocation(c) if g.def(*c).location == Some((Planet::Naboo, 1)))).unwrap() else { unreachable!() };
    play(&mut g, &[Action::StartingLocation(naboo)]);
    assert_eq!(g.site(), Some((Planet::Naboo, 1)));
    assert_eq!((g.player(A).hand.len(), g.player(B).hand.len()), (6, 6));
    assert!(matches!(
        g.phase(),
        Phase::EffectFetch {
            player: A,
            next: Some(B)
        }
    ));
    let fetch = legal(&g)
        .into_iter()
        .find(|a| matches!(a, Action::FetchEffect(_)));
    // Seed 5 leaves A's one Effect in the draw deck, so A is offered it.
    let Some(f) = fetch else {
        panic!("A is offered no Effect to fetch: {:?}", legal(&g))
    };
    let ev = play(&mut g, &[f]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::EffectFetched { player: A, .. }))
    );
    assert_eq!(g.player(A).hand.len(), 7);
    play(&mut g, &[Action::NoEffect]);
    assert_eq!((g.phase(), g.active(), g.turn()), (Phase::Deploy, A, 1));
}

#[test]
fn decks_that_cannot_start_are_refused() {
    let (pool, a, b) = decks(
        &[(d(1), 10)],
        &[(d(1), 10), (fx::location(Planet::Naboo, 0), 1)],
    );
    assert_eq!(
        GameState::new(pool, [&a, &b], GameOptions::default(), 1).err(),
        Some(SetupError::NoLocation(A))
    );
}

#[test]
fn searching_the_draw_deck_reveals_no_order() {
    // RULINGS.md R2 and issue 6: a player's view shows "not any deck order". Searching the
    // draw deck for an Effect (RULINGS.md R3), a location ("On to the Second Planet!") or a
    // Podracer ("Boonta Eve Classic") offers the cards found; a player who declines (or takes
    // the location from hand or discard pile) does not reshuffle, so the order in which the
    // cards are offered must not follow their order in the deck.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.controlled(Planet::Tatooine, B);
    b.phase(
        Phase::EffectFetch {
            player: A,
            next: None,
        },
        A,
    );
    for i in 0..3 {
        b.add(A, fx::effect(&format!("E{i}"), 1), Zone::Deck);
        b.add(A, fx::location(Planet::Coruscant, i), Zone::Deck);
    }
    b.add(A, fx::location(Planet::Coruscant, 1), Zone::Hand);
    b.deck_filler(A, 1, 5);
    let g = b.build();
    let mut reversed = g.clone();
    reversed.players[0].deck.reverse();
    assert_eq!(legal(&g).len(), 4);
    assert_eq!(legal(&g), legal(&reversed));
    for mut g in [g, reversed] {
        g.phase = Phase::NextLocation(A);
        let l = legal(&g);
        assert_eq!(l.len(), 4);
        let mut rev = g.clone();
        rev.players[0].deck.reverse();
        assert_eq!(l, legal(&rev));
    }
}

#[test]
fn fetching_an_effect_reshuffles_the_deck_and_declining_does_not() {
    // RULINGS.md R3 (rulebook "Effect Cards"): "each of you may get one Effect from your respective
    // draw decks, show it to your opponent, place it in your hand, and reshuffle your draw deck."
    let mut b = crate::engine::builder::Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(
        Phase::EffectFetch {
            player: A,
            next: Some(B),
        },
        A,
    );
    let e = b.add(A, fx::effect("E", 1), Zone::Deck);
    b.add(B, fx::effect("F", 1), Zone::Deck);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let ev = play(&mut g, &[Action::FetchEffect(e)]);
    assert!(ev.contains(&Event::EffectFetched { player: A, card: e }));
    assert!(ev.contains(&Event::Shuffled(A)));
    assert!(g.player(A).hand.contains(&e));
    let ev = play(&mut g, &[Action::NoEffect]);
    assert!(!ev.contains(&Event::Shuffled(B)));
    // Declining the "may" is told (the play-by-play says B took none).
    assert!(ev.contains(&Event::NoEffectFetched { player: B }));
    assert!(!ev.contains(&Event::NoEffectFetched { player: A }));
}

#[test]
fn setup_stops_at_each_players_decisions_and_for_a_text_at_the_first_turn() {
    // Setup's decisions are the players': the first player's starting location, then each
    // player's Effect fetch in order (RULINGS.md R3), each offered as legal actions. No card
    // text acts in setup (the only objectives, BP-29/BP-59, are played by the rules), so its
    // one point for text is the start of the first turn, which ends it: there a text of the
    // second player's (its objective, in play from the start) asks that player, and the turn
    // resumes with the choices and events of a game that asked nothing.
    let objective = fx::card("Objective", crate::catalogue::CardType::Objective);
    let run = |probed: bool| {
        let (pool, a, b) = decks(
            &[
                (d(6), 20),
                (fx::location(Planet::Naboo, 1), 1),
                (fx::effect("E", 1), 1),
            ],
            &[
                (d(1), 20),
                (fx::location(Planet::Coruscant, 0), 1),
                (objective.clone(), 1),
            ],
        );
        let mut g = GameState::new(pool, [&a, &b], GameOptions::default(), 5).unwrap();
        let obj = g.player(B).objective.expect("in play from the start");
        if probed {
            g = g.with_text(obj, Arc::new(super::StepProbe));
        }
        let mut asked = Vec::new();
        let mut ev = Vec::new();
        for _ in 0..3 {
            let l = legal(&g);
            asked.push((g.to_act(), g.phase(), l.clone()));
            // The starting location, then no Effect fetched (A's is its last choice).
            let a = l[0];
            ev.extend(play(&mut g, &[a]));
        }
        let prompt = g.pending();
        if prompt.is_some() {
            asked.push((g.to_act(), g.phase(), legal(&g)));
            ev.extend(play(&mut g, &[Action::ChooseNumber(0)]));
        }
        (g, ev, asked, prompt, obj)
    };
    let (plain, probed) = (run(false), run(true));
    let phases: Vec<_> = probed.2.iter().map(|a| (a.0, a.1)).collect();
    assert_eq!(
        phases[..3],
        [
            (Some(A), Phase::StartingLocation(A)),
            (
                Some(A),
                Phase::EffectFetch {
                    player: A,
                    next: Some(B)
                }
            ),
            (
                Some(B),
                Phase::EffectFetch {
                    player: B,
                    next: None
                }
            ),
        ]
    );
    assert_eq!(plain.2[..3], probed.2[..3]);
    assert_eq!(
        probed.3,
        Some(Pending::Prompt {
            player: B,
            source: probed.4,
            key: super::STEP_PROMPT,
            optional: false
        })
    );
    assert_eq!(
        probed.2[3],
        (
            Some(B),
            Phase::Deploy,
            vec![Action::ChooseNumber(0), Action::ChooseNumber(1)]
        )
    );
    assert_eq!(plain.3, None);
    // Resumed: A's first turn, as in the game that asked nothing.
    assert_eq!(probed.0.to_act(), Some(A));
    assert_eq!(legal(&probed.0), legal(&plain.0));
    assert_eq!(probed.1, plain.1);
}
