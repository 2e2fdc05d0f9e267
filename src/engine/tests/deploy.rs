//! The deploy step: rulebook "1. Deploy" and the sections it refers to.

use super::*;
use crate::catalogue::Planet;
use crate::catalogue::StarshipClass;
use crate::engine::{GameOptions, StarshipRules};

fn deploy_step() -> Builder {
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b
}

#[test]
fn six_counters_per_turn() {
    // "Each turn, you get to put up to six counters into play."
    let mut b = deploy_step();
    let four = b.add(
        A,
        Card {
            counters: Some(4),
            ..ch("Four", 4, 2)
        },
        Zone::Hand,
    );
    let three = b.add(
        A,
        Card {
            counters: Some(3),
            ..ch("Three", 3, 2)
        },
        Zone::Hand,
    );
    let two = b.add(
        A,
        Card {
            counters: Some(2),
            ..ch("Two", 2, 2)
        },
        Zone::Hand,
    );
    let mut g = b.build();
    play(&mut g, &[Action::Deploy(four)]);
    let l = legal(&g);
    assert!(l.contains(&Action::Deploy(two)) && !l.contains(&Action::Deploy(three)));
    play(&mut g, &[Action::Deploy(two)]);
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Deploy(_))));
}

use crate::catalogue::Card;

#[test]
fn hidden_cards_on_the_first_turn_turn_up_next_turn() {
    // "The Hidden Cards Rule": deploys on your first turn at a planet are face down; "At the
    // start of your second turn ... turn those hidden cards face up". Locations and starships
    // are never hidden.
    let mut b = deploy_step();
    b.hidden_turn();
    let x = b.add(A, ch("X", 2, 1), Zone::Hand);
    let loc = b.add(A, fx::location(Planet::Naboo, 2), Zone::Hand);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let ev = play(&mut g, &[Action::Deploy(x), Action::Deploy(loc)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Deployed { card, hidden: true, .. } if *card == x))
    );
    assert_eq!(g.site(), Some((Planet::Naboo, 2)));
    // B cannot see it.
    assert_eq!(
        g.view(B).in_play(Planet::Naboo, A),
        vec![crate::engine::Seen::Hidden]
    );
    assert!(g.view(B).def(x).is_none() && g.view(A).def(x).is_some());
    // Ending A's turn: A does not control the planet with a hidden card; B's turn, then A's.
    play(
        &mut g,
        &[
            Action::EndDeploy,
            Action::SkipBattle,
            Action::EvenUpDone,
            Action::EndTurn,
        ],
    );
    assert_eq!(g.active(), B);
    play(
        &mut g,
        &[Action::EndDeploy, Action::SkipBattle, Action::EvenUpDone],
    );
    let ev = play(&mut g, &[Action::EndTurn]);
    assert!(ev.contains(&Event::Revealed { player: A, card: x }));
    assert!(g.at(Planet::Naboo, A).iter().all(|c| c.face_up));
}

#[test]
fn locations_change_the_scene_on_the_same_planet_only() {
    // "Deploying Locations": "when you change a Location card, you cannot change the planet."
    let mut b = deploy_step();
    let same = b.add(A, fx::location(Planet::Naboo, 0), Zone::Hand);
    let swamp = b.add(A, fx::location(Planet::Naboo, 2), Zone::Hand);
    let other = b.add(A, fx::location(Planet::Tatooine, 0), Zone::Hand);
    let g = b.build();
    let l = legal(&g);
    assert!(l.contains(&Action::Deploy(swamp)));
    assert!(!l.contains(&Action::Deploy(other)) && !l.contains(&Action::Deploy(same)));
}

#[test]
fn diamonds_are_many_and_personas_are_one() {
    // "Diamond Cards": "as many copies ... as you want, even at different planets".
    // "Stackable Cards": "if Obi-Wan is stranded on the first planet, you can't deploy another
    // Obi-Wan Kenobi card to a different planet"; at the current planet a second card joins
    // the stack.
    let mut b = deploy_step();
    b.controlled(Planet::Tatooine, B);
    b.add(
        A,
        fx::diamond(ch("Battle Droid", 2, 1)),
        Zone::At(Planet::Tatooine, true),
    );
    let droid = b.add(A, fx::diamond(ch("Battle Droid", 2, 1)), Zone::Hand);
    b.add(
        A,
        ch("Obi-Wan Kenobi", 5, 5),
        Zone::At(Planet::Tatooine, true),
    );
    let obi = b.add(A, ch("Obi-Wan Kenobi", 5, 5), Zone::Hand);
    b.add(A, ch("Qui-Gon Jinn", 5, 5), Zone::At(Planet::Naboo, true));
    let qui = b.add(A, ch("Qui-Gon Jinn", 1, 5), Zone::Hand);
    let mut unique = ch("Watto", 1, 1);
    unique.stackable = Some(false);
    b.add(A, unique.clone(), Zone::At(Planet::Naboo, true));
    let watto = b.add(A, unique, Zone::Hand);
    let g = b.build();
    let l = legal(&g);
    assert!(l.contains(&Action::Deploy(droid)));
    assert!(!l.contains(&Action::Deploy(obi)));
    assert!(l.contains(&Action::Deploy(qui)));
    assert!(!l.contains(&Action::Deploy(watto)));
}

#[test]
fn a_card_joining_its_stack_is_said_and_a_diamond_copy_is_not() {
    // "Stackable Cards": a second Obi-Wan card deployed to the "Obi-Wan stack" lets him fight
    // twice in each battle; the play-by-play says the stack grew, not only "deploys". Diamond
    // copies are separate characters ("Diamond Cards"), so no stack.
    let mut b = deploy_step();
    b.add(A, ch("Qui-Gon Jinn", 5, 5), Zone::At(Planet::Naboo, true));
    let qui = b.add(A, ch("Qui-Gon Jinn", 1, 5), Zone::Hand);
    b.add(
        A,
        fx::diamond(ch("Battle Droid", 2, 1)),
        Zone::At(Planet::Naboo, true),
    );
    let droid = b.add(A, fx::diamond(ch("Battle Droid", 2, 1)), Zone::Hand);
    let mut g = b.build();
    let ev = play(&mut g, &[Action::Deploy(qui)]);
    assert!(
        ev.contains(&Event::Stacked {
            player: A,
            card: qui,
            cards: 2
        }),
        "{ev:?}"
    );
    let ev = play(&mut g, &[Action::Deploy(droid)]);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Stacked { .. })),
        "{ev:?}"
    );
}

#[test]
fn cards_turned_up_onto_their_stack_are_said_once_with_the_whole_stack() {
    // "Stackable Cards" and hidden cards turned face up at the start of their owner's turn:
    // two hidden Qui-Gon cards turned up onto a face-up one make one stack of 3, said once
    // (after both are up); a hidden card of another character joins no stack.
    let mut b = deploy_step();
    b.add(A, ch("Qui-Gon Jinn", 5, 5), Zone::At(Planet::Naboo, true));
    let first = b.add(A, ch("Qui-Gon Jinn", 1, 5), Zone::At(Planet::Naboo, false));
    let second = b.add(A, ch("Qui-Gon Jinn", 2, 5), Zone::At(Planet::Naboo, false));
    let other = b.add(
        A,
        ch("Obi-Wan Kenobi", 2, 5),
        Zone::At(Planet::Naboo, false),
    );
    // Nobody controls Naboo, so the game goes on to A's next turn.
    b.add(B, ch("Battle Droid", 9, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let mut ev = Vec::new();
    for step in [
        &[Action::EndDeploy, Action::SkipBattle, Action::EvenUpDone][..],
        &[Action::EndTurn],
        &[Action::EndDeploy, Action::SkipBattle, Action::EvenUpDone],
        &[Action::EndTurn],
    ] {
        ev = play(&mut g, step);
    }
    assert_eq!(g.active(), A);
    for c in [first, second, other] {
        assert!(
            ev.contains(&Event::Revealed { player: A, card: c }),
            "{ev:?}"
        );
    }
    let stacked: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::Stacked { .. }))
        .collect();
    assert_eq!(
        stacked,
        vec![&Event::Stacked {
            player: A,
            card: second,
            cards: 3
        }],
        "{ev:?}"
    );
}

#[test]
fn one_effect_at_a_time() {
    // "Each player may have only one Effect card deployed at a time."
    let mut b = deploy_step();
    let e1 = b.add(A, fx::effect("Sando Aqua Monster", 2), Zone::Hand);
    let e2 = b.add(A, fx::effect("After Her!", 2), Zone::Hand);
    let mut g = b.build();
    play(&mut g, &[Action::Deploy(e1)]);
    assert!(!legal(&g).contains(&Action::Deploy(e2)));
}

#[test]
fn unknown_counters_cannot_be_deployed() {
    // Safe default (card_pool.rs): a card whose counters are unknown cannot be deployed.
    let mut b = deploy_step();
    let x = b.add(
        A,
        Card {
            counters: None,
            ..ch("X", 2, 1)
        },
        Zone::Hand,
    );
    let g = b.build();
    assert!(!legal(&g).contains(&Action::Deploy(x)));
}

#[test]
fn starships_go_to_hyperspace_under_duel_of_the_fates_rules_only() {
    // "Hyperspace": "During your Deploy step, starships may be placed in the Hyperspace pile.
    // ... Starships are never deployed face down." The Battle of Naboo rules have no pile.
    let mut b = deploy_step();
    b.hidden_turn();
    let ship = b.add(
        A,
        fx::starship("Republic Cruiser", StarshipClass::Transport, 5, 5),
        Zone::Hand,
    );
    let mut g = b.build();
    let ev = play(&mut g, &[Action::Deploy(ship)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Deployed {
            hidden: false,
            to: crate::engine::DeployedTo::Hyperspace,
            ..
        }
    )));
    assert_eq!(g.player(A).hyperspace, vec![ship]);
    let mut b = deploy_step();
    b.options(GameOptions {
        starships: StarshipRules::BattleOfNaboo,
        ..GameOptions::default()
    });
    let ship = b.add(
        A,
        fx::starship("Republic Cruiser", StarshipClass::Transport, 5, 5),
        Zone::Hand,
    );
    assert!(!legal(&b.build()).contains(&Action::Deploy(ship)));
}

#[test]
fn hidden_cards_still_count_for_uniqueness_and_the_one_effect() {
    // "The Hidden Cards Rule": "Hidden cards are not present at the location for any purpose
    // other than uniqueness." A hidden Obi-Wan stranded on Tatooine keeps another Obi-Wan off
    // Naboo; a hidden Watto keeps a second Watto off; a hidden Effect is the player's one
    // Effect ("Each player may have only one Effect card deployed at a time").
    let mut b = deploy_step();
    b.controlled(Planet::Tatooine, B);
    b.add(
        A,
        ch("Obi-Wan Kenobi", 5, 5),
        Zone::At(Planet::Tatooine, false),
    );
    let obi = b.add(A, ch("Obi-Wan Kenobi", 5, 5), Zone::Hand);
    let mut unique = ch("Watto", 1, 1);
    unique.stackable = Some(false);
    b.add(A, unique.clone(), Zone::At(Planet::Naboo, false));
    let watto = b.add(A, unique, Zone::Hand);
    b.add(
        A,
        fx::effect("After Her!", 1),
        Zone::At(Planet::Naboo, false),
    );
    let effect = b.add(A, fx::effect("Sando Aqua Monster", 1), Zone::Hand);
    let other = b.add(A, ch("Qui-Gon Jinn", 1, 1), Zone::Hand);
    let l = legal(&b.build());
    assert!(l.contains(&Action::Deploy(other)));
    for c in [obi, watto, effect] {
        assert!(!l.contains(&Action::Deploy(c)), "{c:?}");
    }
}

#[test]
fn an_effect_that_adds_counters_works_at_once_unless_hidden() {
    // "Effect Cards": "Some Effect cards (such as Sando Aqua Monster) increase the number of
    // counters you may put into play each turn. You can start to use that benefit right away.
    // (But if you placed it face down because of the Hidden Cards rule, you have to wait until
    // it is turned face up before using it.)"
    for hidden in [false, true] {
        let mut b = deploy_step();
        if hidden {
            b.hidden_turn();
        }
        let sando = b.add(A, fx::effect("Sando Aqua Monster", 2), Zone::Hand);
        let five = b.add(
            A,
            Card {
                counters: Some(5),
                ..ch("Five", 5, 2)
            },
            Zone::Hand,
        );
        // Sando Aqua Monster's text: its owner may deploy 2 more counters each turn.
        let mut g = b.build().with_text(
            sando,
            owners(crate::engine::text::Number::CountersPerTurn, 2),
        );
        play(&mut g, &[Action::Deploy(sando)]);
        // 6 - 2 = 4 left; face up, Sando adds 2 this very turn.
        let want = if hidden { 4 } else { 6 };
        assert_eq!(g.view(A).counters_left(), want, "hidden: {hidden}");
        assert_eq!(legal(&g).contains(&Action::Deploy(five)), !hidden);
    }
}
