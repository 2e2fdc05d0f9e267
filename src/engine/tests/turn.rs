//! Even Up, planet control, the next planet, surrender and the victories: rulebook "3. Even
//! Up", "Controlling the Planet", "On to the Second Planet!", "Surrender".

use super::*;
use crate::catalogue::Planet;
use crate::engine::{PlanetStatus, Victory};

fn even_up() -> Builder {
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EvenUp, A);
    b
}

#[test]
fn even_up_draws_or_discards_to_six() {
    // "If you hold less than six, you must draw ... If you hold more than six, you must discard."
    let mut b = even_up();
    for _ in 0..3 {
        b.add(A, fx::destiny(1), Zone::Hand);
    }
    b.deck_filler(A, 1, 10);
    let mut g = b.build();
    play(&mut g, &[Action::EvenUpDone]);
    assert_eq!(g.player(A).hand.len(), 6);
    assert_eq!(g.phase(), Phase::EndOfTurn);

    let mut b = even_up();
    for _ in 0..8 {
        b.add(A, fx::destiny(1), Zone::Hand);
    }
    let mut g = b.build();
    play(&mut g, &[Action::EvenUpDone]);
    assert_eq!(g.phase(), Phase::EvenUpDiscard);
    let h = g.player(A).hand.clone();
    play(
        &mut g,
        &[Action::EvenUpDiscard(h[0]), Action::EvenUpDiscard(h[1])],
    );
    assert_eq!((g.player(A).hand.len(), g.phase()), (6, Phase::EndOfTurn));
}

#[test]
fn locations_or_the_whole_hand_may_be_discarded_first() {
    // "You may discard any Location cards from your hand" and "Recycling Your Entire Hand".
    let mut b = even_up();
    let loc = b.add(A, fx::location(Planet::Tatooine, 0), Zone::Hand);
    let x = b.add(A, fx::destiny(1), Zone::Hand);
    b.deck_filler(A, 1, 20);
    let mut g = b.build();
    assert!(!legal(&g).contains(&Action::DiscardLocation(x)));
    play(
        &mut g,
        &[
            Action::DiscardLocation(loc),
            Action::RecycleHand,
            Action::EvenUpDone,
        ],
    );
    assert!(g.player(A).discard.contains(&loc) && g.player(A).discard.contains(&x));
    assert_eq!(g.player(A).hand.len(), 6);
}

#[test]
fn control_needs_face_up_characters_and_no_opposing_cards() {
    // "If you have one or more characters face up on the current planet and your opponent has
    // no characters there, you win control ... (You can't win control of a planet while your
    // opponent has hidden cards there.)"
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EndOfTurn, A);
    b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    b.add(
        B,
        fx::weapon("Blaster", &[]),
        Zone::At(Planet::Naboo, false),
    );
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(&mut g, &[Action::EndTurn]);
    assert_eq!(g.planet(Planet::Naboo).status, PlanetStatus::Current);

    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EndOfTurn, A);
    b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    let effect = b.add(A, fx::effect("E", 1), Zone::At(Planet::Naboo, true));
    b.add(B, fx::weapon("Blaster", &[]), Zone::At(Planet::Naboo, true));
    let loc = b.add(B, fx::location(Planet::Tatooine, 1), Zone::Discard);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let ev = play(&mut g, &[Action::EndTurn]);
    assert!(ev.contains(&Event::PlanetControlled {
        planet: Planet::Naboo,
        by: A,
        surrendered: false
    }));
    // "Effect cards are discarded when the current planet is controlled or surrendered."
    assert!(g.player(A).discard.contains(&effect));
    // The loser chooses the next planet's location, here from the discard pile, and takes the
    // first turn there; the Hidden Cards rule applies again.
    assert_eq!(g.phase(), Phase::NextLocation(B));
    assert_eq!(legal(&g), vec![Action::NextLocation(loc)]);
    play(
        &mut g,
        &[
            Action::NextLocation(loc),
            Action::NoEffect,
            Action::NoEffect,
        ],
    );
    assert_eq!(
        (g.active(), g.current_planet()),
        (B, Some(Planet::Tatooine))
    );
    // Cards left on Naboo are stranded there.
    assert_eq!(g.at(Planet::Naboo, A).len(), 1);
}

#[test]
fn surrender_gives_control_and_strands_the_surrenderer() {
    // "Surrender": "your opponent wins control of the planet just as if he had defeated your
    // last character there; ... any characters and weapons you have there will also be
    // stranded."
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EndOfTurn, A);
    let x = b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    b.add(B, ch("Y", 2, 1), Zone::At(Planet::Naboo, true));
    b.add(A, fx::location(Planet::Coruscant, 0), Zone::Deck);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let ev = play(&mut g, &[Action::Surrender]);
    assert!(ev.contains(&Event::PlanetControlled {
        planet: Planet::Naboo,
        by: B,
        surrendered: true
    }));
    assert_eq!(g.phase(), Phase::NextLocation(A));
    assert!(g.at(Planet::Naboo, A).iter().any(|c| c.card == x));
}

#[test]
fn two_planets_win() {
    // "In the full game, to win you have to control two planets."
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.controlled(Planet::Tatooine, A);
    b.phase(Phase::EndOfTurn, A);
    b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(&mut g, &[Action::EndTurn]);
    let r = g.result().unwrap();
    assert_eq!(
        (r.winner, r.victory),
        (Some(A), Victory::Planet([Planet::Tatooine, Planet::Naboo]))
    );
    assert!(legal(&g).is_empty());
    assert_eq!(
        g.apply(Action::EndTurn),
        Err(crate::engine::IllegalAction::GameOver)
    );
}

#[test]
fn drawing_from_an_empty_deck_loses() {
    // "Deck Victory": Even Up must draw; with an empty draw deck, the player has lost.
    let mut b = even_up();
    b.deck_filler(A, 1, 3);
    let mut g = b.build();
    play(&mut g, &[Action::EvenUpDone]);
    let r = g.result().unwrap();
    assert_eq!((r.winner, r.victory), (Some(B), Victory::Deck));
}

#[test]
fn an_illegal_action_leaves_the_state_untouched() {
    let mut b = even_up();
    let x = b.add(A, fx::destiny(1), Zone::Hand);
    b.deck_filler(A, 1, 10);
    let mut g = b.build();
    let before = format!("{:?}", (g.players.clone(), g.phase(), g.turn()));
    assert!(g.apply(Action::DiscardLocation(x)).is_err());
    assert!(g.apply(Action::EndTurn).is_err());
    assert_eq!(
        before,
        format!("{:?}", (g.players.clone(), g.phase(), g.turn()))
    );
}

#[test]
fn hidden_cards_stranded_by_a_surrender_turn_up_at_their_owners_next_turn() {
    // "The Hidden Cards Rule": "Hidden cards are concealed from your opponent for one turn ...
    // At the start of your second turn ... you have to turn those hidden cards face up." A
    // player who surrenders at the end of his first turn at a planet strands his hidden cards
    // there ("Surrender"); they still turn up at the start of his next turn, at the next
    // planet, and can then be evacuated ("you can't use a transport where you have no face-up
    // cards to be evacuated", so face-down forever would strand them for good).
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EndOfTurn, A);
    let x = b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, false));
    b.add(B, ch("Y", 2, 1), Zone::At(Planet::Naboo, true));
    let next = b.add(A, fx::location(Planet::Coruscant, 0), Zone::Hand);
    b.add(
        A,
        fx::starship("Cruiser", crate::catalogue::StarshipClass::Transport, 5, 5),
        Zone::Hyperspace,
    );
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::Surrender,
            Action::NextLocation(next),
            Action::NoEffect,
            Action::NoEffect,
        ],
    );
    assert_eq!(
        (g.active(), g.current_planet(), g.phase()),
        (A, Some(Planet::Coruscant), Phase::Deploy)
    );
    assert!(ev.contains(&Event::Revealed { player: A, card: x }));
    assert!(g.at(Planet::Naboo, A).iter().all(|c| c.face_up));
    assert_eq!(g.view(B).def(x).map(|d| d.name.as_str()), Some("X"));
    assert!(legal(&g).contains(&Action::Evacuate(Planet::Naboo)));
}

/// Plays the rest of the active player's turn doing nothing more.
fn pass_turn(g: &mut GameState) -> Vec<Event> {
    play(
        g,
        &[
            Action::EndDeploy,
            Action::SkipBattle,
            Action::EvenUpDone,
            Action::EndTurn,
        ],
    )
}

fn hidden_deploy(ev: &[Event], card: CardRef) -> Option<bool> {
    ev.iter().find_map(|e| match e {
        Event::Deployed {
            card: c, hidden, ..
        } if *c == card => Some(*hidden),
        _ => None,
    })
}

#[test]
fn the_hidden_cards_rule_applies_again_at_each_new_planet() {
    // "On to the Second Planet!": "The Hidden Cards rule applies at each new planet. (If you
    // deploy any characters, weapons or effects on your first turn there, you must deploy them
    // face down as hidden cards; remember to turn them face up at the start of your new turn.
    // This also applies to your opponent's first turn on that planet.)"
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EndOfTurn, A);
    b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    let next = b.add(B, fx::location(Planet::Coruscant, 0), Zone::Hand);
    let b1 = b.add(B, ch("B1", 1, 1), Zone::Hand);
    let b2 = b.add(B, ch("B2", 1, 1), Zone::Hand);
    let a1 = b.add(A, ch("A1", 1, 1), Zone::Hand);
    let a2 = b.add(A, ch("A2", 1, 1), Zone::Hand);
    b.deck_filler(A, 1, 20);
    b.deck_filler(B, 1, 20);
    let mut g = b.build();
    // A, long past its first turn of the game, wins Naboo; B picks Coruscant and goes first.
    play(
        &mut g,
        &[
            Action::EndTurn,
            Action::NextLocation(next),
            Action::NoEffect,
            Action::NoEffect,
        ],
    );
    assert_eq!(
        (g.active(), g.current_planet()),
        (B, Some(Planet::Coruscant))
    );
    let ev = play(&mut g, &[Action::Deploy(b1)]);
    assert_eq!(hidden_deploy(&ev, b1), Some(true));
    pass_turn(&mut g);
    // A's first turn at Coruscant: hidden too.
    let ev = play(&mut g, &[Action::Deploy(a1)]);
    assert_eq!(hidden_deploy(&ev, a1), Some(true));
    // Nobody controls Coruscant while the other has hidden cards there.
    pass_turn(&mut g);
    assert_eq!(g.planet(Planet::Coruscant).status, PlanetStatus::Current);
    // B's second turn: B1 turned up, new deploys face up; A1 still hidden.
    assert!(g.at(Planet::Coruscant, B).iter().all(|c| c.face_up));
    assert!(g.at(Planet::Coruscant, A).iter().all(|c| !c.face_up));
    let ev = play(&mut g, &[Action::Deploy(b2)]);
    assert_eq!(hidden_deploy(&ev, b2), Some(false));
    pass_turn(&mut g);
    let ev = play(&mut g, &[Action::Deploy(a2)]);
    assert_eq!(hidden_deploy(&ev, a2), Some(false));
}

#[test]
fn control_is_checked_for_both_players_at_the_end_of_either_turn() {
    // "Controlling the Planet": "At the end of either player's turn, if you have one or more
    // characters face up on the current planet and your opponent has no characters there, you
    // win control." "You can only take control of a planet at the end of either player's
    // turn": knocking the last opposing character off during a battle is not yet control.
    // Here B wins Naboo at the end of A's turn; A, the loser, chooses the next planet and
    // takes the next turn ("whenever you lose a planet, you always choose the next planet and
    // take the next turn").
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::BattleStep, A);
    let x = b.add(A, ch("X", 1, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 5, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 20);
    // At the bottom of the deck, out of reach of X's damage.
    let loc = b.add(A, fx::location(Planet::Tatooine, 2), Zone::Deck);
    b.deck_filler(B, 1, 20);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[x], &[y]]);
    assert_eq!(fights(&ev), vec![(1, 5, Some(B))]);
    // Mid-turn: no control yet.
    assert_eq!(g.phase(), Phase::EvenUp);
    assert_eq!(g.planet(Planet::Naboo).status, PlanetStatus::Current);
    let ev = play(&mut g, &[Action::EvenUpDone, Action::EndTurn]);
    assert!(ev.contains(&Event::PlanetControlled {
        planet: Planet::Naboo,
        by: B,
        surrendered: false
    }));
    assert_eq!(g.phase(), Phase::NextLocation(A));
    // The location comes from A's draw deck, which is shuffled afterwards.
    let ev = play(&mut g, &[Action::NextLocation(loc)]);
    assert!(ev.contains(&Event::Shuffled(A)));
    // RULINGS.md R3: the player who put the location into play fetches first.
    assert_eq!(
        g.phase(),
        Phase::EffectFetch {
            player: A,
            next: Some(B)
        }
    );
    play(&mut g, &[Action::NoEffect, Action::NoEffect]);
    assert_eq!((g.active(), g.phase()), (A, Phase::Deploy));
}

#[test]
fn the_next_planet_is_one_not_yet_in_play_from_hand_discard_or_deck() {
    // "On to the Second Planet!": "You must choose a planet that has not yet been in play ...
    // You can look for the Location card in your discard pile, your draw deck and/or your
    // hand." Locations of the planet just won and of one won before are not offered.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.controlled(Planet::Tatooine, B);
    b.phase(Phase::EndOfTurn, A);
    b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    b.add(B, fx::location(Planet::Naboo, 1), Zone::Hand);
    b.add(B, fx::location(Planet::Tatooine, 0), Zone::Discard);
    b.add(B, fx::location(Planet::Tatooine, 1), Zone::Deck);
    let in_hand = b.add(B, fx::location(Planet::Coruscant, 0), Zone::Hand);
    let in_discard = b.add(B, fx::location(Planet::Coruscant, 1), Zone::Discard);
    let in_deck = b.add(B, fx::location(Planet::Coruscant, 2), Zone::Deck);
    // A's own Coruscant location is not B's to choose.
    b.add(A, fx::location(Planet::Coruscant, 0), Zone::Hand);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(&mut g, &[Action::EndTurn]);
    assert_eq!(g.phase(), Phase::NextLocation(B));
    let mut l = legal(&g);
    l.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![
        Action::NextLocation(in_hand),
        Action::NextLocation(in_discard),
        Action::NextLocation(in_deck),
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(l, want);
}

#[test]
fn one_planet_each_goes_on_to_the_third() {
    // "On to the Third Planet!": "if you and your opponent each control one planet, the game
    // will go on to the third and final planet for the tie-breaker ... the player who lost the
    // second planet chooses the starting location for the third one, and also takes the first
    // turn there."
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.controlled(Planet::Tatooine, B);
    b.phase(Phase::EndOfTurn, A);
    b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    let third = b.add(B, fx::location(Planet::Coruscant, 1), Zone::Hand);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(&mut g, &[Action::EndTurn]);
    assert_eq!(g.result(), None);
    assert_eq!(legal(&g), vec![Action::NextLocation(third)]);
    play(
        &mut g,
        &[
            Action::NextLocation(third),
            Action::NoEffect,
            Action::NoEffect,
        ],
    );
    assert_eq!(
        (g.active(), g.current_planet()),
        (B, Some(Planet::Coruscant))
    );
}
