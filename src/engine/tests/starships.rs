//! Starships and evacuation: rulebook "Starships and Evacuation", "Hyperspace", "Starship
//! Battle Plans", and the Battle of Naboo sidebar.

use super::*;
use crate::catalogue::{Planet, StarshipClass};
use crate::engine::{GameOptions, StarshipRules};

fn stranded() -> Builder {
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.controlled(Planet::Tatooine, B);
    b
}

#[test]
fn an_evacuation_without_interception_takes_everyone_and_one_transport_home() {
    // "If one or more of the defender's transports ... survived, then the evacuation is
    // successful: the characters and weapons ... are shuffled back into the owner's draw deck.
    // In addition, the transporting player randomly selects one of his surviving transports."
    let mut b = stranded();
    let x = b.add(
        A,
        ch("Obi-Wan Kenobi", 5, 5),
        Zone::At(Planet::Tatooine, true),
    );
    let w = b.add(
        A,
        fx::weapon("Blaster", &[]),
        Zone::At(Planet::Tatooine, true),
    );
    let t1 = b.add(
        A,
        fx::starship("Cruiser", StarshipClass::Transport, 5, 5),
        Zone::Hyperspace,
    );
    let t2 = b.add(
        A,
        fx::starship("Cruiser 2", StarshipClass::Transport, 5, 5),
        Zone::Hyperspace,
    );
    b.deck_filler(A, 1, 5);
    let mut g = b.build();
    assert!(legal(&g).contains(&Action::Evacuate(Planet::Tatooine)));
    let ev = play(
        &mut g,
        &[Action::Evacuate(Planet::Tatooine), Action::NoIntercept],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Evacuated {
            player: A,
            cards: 2,
            transport: Some(_),
            ..
        }
    )));
    let deck = &g.player(A).deck;
    assert!(deck.contains(&x) && deck.contains(&w));
    assert_eq!(deck.len(), 5 + 2 + 1);
    assert_eq!(g.player(A).hyperspace.len(), 1);
    assert!([t1, t2].iter().any(|t| deck.contains(t)));
    assert!(g.at(Planet::Tatooine, A).is_empty());
    assert_eq!(g.phase(), Phase::Deploy);
}

#[test]
fn no_transport_no_evacuation_and_no_face_up_cards_no_evacuation() {
    // "You must have at least one transport to attempt an evacuation." "You can't use a
    // transport where you have no face-up cards to be evacuated."
    let mut b = stranded();
    b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
    b.add(
        A,
        fx::starship("Fighter", StarshipClass::Starfighter, 5, 5),
        Zone::Hyperspace,
    );
    assert!(
        !legal(&b.build())
            .iter()
            .any(|a| matches!(a, Action::Evacuate(_)))
    );
    let mut b = stranded();
    b.add(A, ch("X", 5, 5), Zone::At(Planet::Naboo, false));
    b.add(
        A,
        fx::starship("Cruiser", StarshipClass::Transport, 5, 5),
        Zone::Hyperspace,
    );
    assert!(
        !legal(&b.build())
            .iter()
            .any(|a| matches!(a, Action::Evacuate(_)))
    );
}

#[test]
fn interception_is_a_starship_battle_where_starfighters_draw_destiny() {
    // "Your opponent may then add starships from his hand to his Hyperspace pile, and then must
    // use all of them if he chooses to intercept ... starfighters drawing destiny and adding to
    // their power. Defeated starships are discarded, and the owner must take DAMAGE." If no
    // transport survives, the evacuees are discarded.
    let mut b = stranded();
    let x = b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
    let t = b.add(
        A,
        fx::starship("Cruiser", StarshipClass::Transport, 5, 2),
        Zone::Hyperspace,
    );
    let f = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 1),
        Zone::Hand,
    );
    // A second starfighter of B's is left over: no breakthrough in a starship battle.
    let f2 = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 1),
        Zone::Hyperspace,
    );
    b.add(B, fx::destiny(4), Zone::Deck);
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::Evacuate(Planet::Tatooine),
            Action::AddStarship(f),
            Action::Intercept,
            Action::BattleCardsDone,
            Action::BattleCardsDone,
            Action::PlanNext(f),
            Action::PlanNext(f2),
            Action::PlanDone,
            Action::PlanNext(t),
            Action::PlanDone,
        ],
    );
    assert_eq!(fights(&ev), vec![(6, 5, Some(B))]);
    // "The intercepting player is the attacker, and must declare how many Battle cards he is
    // using first, then the evacuating player (who is the defender)."
    let declared: Vec<Player> = ev
        .iter()
        .filter_map(|e| match e {
            Event::BattleCardsDeclared { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    assert_eq!(declared, vec![B, A]);
    assert!(ev.contains(&Event::BattleDeclared {
        attacker: B,
        space: true
    }));
    assert!(ev.contains(&Event::EvacueesLost {
        player: A,
        cards: 1
    }));
    assert!(g.player(A).discard.contains(&x) && g.player(A).discard.contains(&t));
    // The transport's damage; no breakthrough in a starship battle.
    assert!(ev.contains(&Event::Damage {
        player: A,
        cards: 2
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Breakthrough { .. })));
    assert_eq!(g.player(A).deck.len(), 5 - 2);
    // The surviving starfighters return to their Hyperspace pile.
    assert_eq!(g.player(B).hyperspace, vec![f2, f]);
    assert_eq!(g.phase(), Phase::Deploy);
}

#[test]
fn battle_of_naboo_rules_one_transport_against_one_starfighter() {
    // Sidebar: "If your Transport has more Power, your opponent's Starfighter is destroyed ...
    // your characters and weapons stacked underneath it have been successfully evacuated ...
    // any starships that didn't get destroyed ... 'fly away' (discard them, but take no
    // Damage)."
    let mut b = stranded();
    b.options(GameOptions {
        starships: StarshipRules::BattleOfNaboo,
        ..GameOptions::default()
    });
    let x = b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
    let t = b.add(
        A,
        fx::starship("Cruiser", StarshipClass::Transport, 5, 5),
        Zone::Hand,
    );
    let f = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 1),
        Zone::Hand,
    );
    b.add(B, fx::destiny(1), Zone::Deck);
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::EvacuateWith(t, Planet::Tatooine),
            Action::InterceptWith(f),
        ],
    );
    assert_eq!(fights(&ev), vec![(3, 5, Some(A))]);
    assert!(g.player(A).deck.contains(&x));
    assert!(g.player(A).discard.contains(&t) && g.player(B).discard.contains(&f));
    assert!(ev.contains(&Event::Damage {
        player: B,
        cards: 1
    }));
    assert!(ev.contains(&Event::FlewAway { player: A, card: t }));
}

#[test]
fn a_surviving_transport_carries_the_evacuees_home() {
    // "Starship Battle Plans": "All of the starships that survive the battle are placed back
    // into their owner's Hyperspace piles. If one or more of the defender's transports in the
    // battle survived, then the evacuation is successful ... the transporting player randomly
    // selects one of his surviving transports. It is shuffled into the deck." The evacuating
    // player must use every starship of his pile; the interceptor's defeated starfighter is
    // discarded and its owner takes its damage.
    let mut b = stranded();
    let x = b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
    let t = b.add(
        A,
        fx::starship("Cruiser", StarshipClass::Transport, 5, 2),
        Zone::Hyperspace,
    );
    let escort = b.add(
        A,
        fx::starship("Naboo Starfighter", StarshipClass::Starfighter, 1, 1),
        Zone::Hyperspace,
    );
    let f = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 3),
        Zone::Hyperspace,
    );
    b.add(B, fx::destiny(1), Zone::Deck);
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    play(
        &mut g,
        &[
            Action::Evacuate(Planet::Tatooine),
            Action::Intercept,
            Action::BattleCardsDone,
            Action::BattleCardsDone,
            Action::PlanNext(f),
            Action::PlanDone,
        ],
    );
    // Every starship of A's pile is in A's plan.
    assert!(!legal(&g).contains(&Action::PlanDone));
    let ev = play(
        &mut g,
        &[
            Action::PlanNext(t),
            Action::PlanNext(escort),
            Action::PlanDone,
        ],
    );
    assert_eq!(fights(&ev), vec![(3, 5, Some(A))]);
    assert!(g.player(B).discard.contains(&f));
    assert!(ev.contains(&Event::Damage {
        player: B,
        cards: 3
    }));
    // The only surviving transport goes home with X; the escort stays in Hyperspace.
    assert!(g.player(A).deck.contains(&x) && g.player(A).deck.contains(&t));
    assert_eq!(g.player(A).hyperspace, vec![escort]);
    assert_eq!(g.phase(), Phase::Deploy);
}

#[test]
fn a_unique_starship_is_in_a_hyperspace_pile_only_once() {
    // "Diamond Cards": "You may have as many copies of these cards in play as you want"; "Stackable
    // Cards": "Cards without the diamond symbol represent people and things that there is only
    // one of in the universe". A starship placed in the Hyperspace pile is deployed ("During
    // your Deploy step, starships may be placed in the 'Hyperspace' pile"), so a second Darth
    // Maul's Starfighter may not join the first; a second diamond Droid Starfighter may. The
    // same holds for starships an interceptor adds from hand.
    let unique = |title: &str| crate::catalogue::Card {
        diamond: Some(false),
        stackable: Some(false),
        ..fx::starship(title, StarshipClass::Starfighter, 4, 2)
    };
    let mut b = stranded();
    b.add(A, unique("Darth Maul's Starfighter"), Zone::Hyperspace);
    let second = b.add(A, unique("Darth Maul's Starfighter"), Zone::Hand);
    b.add(
        A,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 0),
        Zone::Hyperspace,
    );
    let droid = b.add(
        A,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 0),
        Zone::Hand,
    );
    b.add(
        A,
        fx::starship("Battleship", StarshipClass::Transport, 5, 5),
        Zone::Hyperspace,
    );
    b.add(A, ch("X", 2, 1), Zone::At(Planet::Tatooine, true));
    b.add(B, unique("Bravo 1"), Zone::Hyperspace);
    let bravo = b.add(B, unique("Bravo 1"), Zone::Hand);
    let other = b.add(B, unique("Bravo 2"), Zone::Hand);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let l = legal(&g);
    assert!(l.contains(&Action::Deploy(droid)));
    assert!(!l.contains(&Action::Deploy(second)));
    play(&mut g, &[Action::Evacuate(Planet::Tatooine)]);
    let l = legal(&g);
    assert!(l.contains(&Action::AddStarship(other)));
    assert!(!l.contains(&Action::AddStarship(bravo)));
}

#[test]
fn the_transport_that_goes_home_is_chosen_at_random() {
    // "The transporting player randomly selects one of his surviving transports. It is
    // shuffled into the deck along with the characters and weapons that it transported."
    let mut home = std::collections::HashSet::new();
    for seed in 0..16 {
        let mut b = stranded();
        b.seed(seed);
        b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
        let t1 = b.add(
            A,
            fx::starship("Cruiser", StarshipClass::Transport, 5, 5),
            Zone::Hyperspace,
        );
        let t2 = b.add(
            A,
            fx::starship("Battleship", StarshipClass::Transport, 5, 5),
            Zone::Hyperspace,
        );
        b.deck_filler(A, 1, 5);
        let mut g = b.build();
        play(
            &mut g,
            &[Action::Evacuate(Planet::Tatooine), Action::NoIntercept],
        );
        let deck = &g.player(A).deck;
        assert!(deck.contains(&t1) != deck.contains(&t2));
        home.insert(deck.contains(&t1));
    }
    assert_eq!(home.len(), 2, "the same transport went home every time");
}

#[test]
fn battle_of_naboo_a_destroyed_transport_costs_its_damage_not_its_passengers() {
    // Sidebar: "If his Starfighter has more total Power, your Transport is destroyed; discard
    // your Transport and all the characters and weapons stacked underneath it. (You also have
    // to discard cards from your draw deck equal to your Transport's Damage number, but
    // characters' Damage numbers are ignored while they are being carried aboard a transport.)"
    let mut b = stranded();
    b.options(GameOptions {
        starships: StarshipRules::BattleOfNaboo,
        ..GameOptions::default()
    });
    let x = b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
    let t = b.add(
        A,
        fx::starship("Cruiser", StarshipClass::Transport, 2, 3),
        Zone::Hand,
    );
    let f = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 1),
        Zone::Hand,
    );
    b.add(B, fx::destiny(1), Zone::Deck);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::EvacuateWith(t, Planet::Tatooine),
            Action::InterceptWith(f),
        ],
    );
    assert_eq!(fights(&ev), vec![(3, 2, Some(B))]);
    assert!(g.player(A).discard.contains(&x) && g.player(A).discard.contains(&t));
    assert_eq!(g.player(A).deck.len(), 10 - 3);
    // Told as played: the transport and the starfighter from hand are named, and the one
    // evacuee lost is counted apart from the transport (said defeated, with its damage).
    assert!(ev.contains(&Event::EvacuationStarted {
        player: A,
        planet: Planet::Tatooine,
        cards: 1,
        transport: Some(t),
    }));
    assert!(ev.contains(&Event::Intercepted {
        player: B,
        starfighter: Some(f),
    }));
    // The 3 cards of deck lost: the transport's damage (the evacuee's is ignored).
    assert!(ev.contains(&Event::Defeated {
        player: A,
        card: t,
        damage: 3,
    }));
    assert!(ev.contains(&Event::EvacueesLost {
        player: A,
        cards: 1
    }));
    // The surviving starfighter flies away: discarded, no damage to its owner. "Finally" in
    // the rulebook: after the transport's damage is taken, as the play-by-play tells it.
    let at = |e: &Event| ev.iter().position(|x| x == e).unwrap();
    assert!(
        at(&Event::Damage {
            player: A,
            cards: 3
        }) < at(&Event::FlewAway { player: B, card: f })
    );
    assert_eq!(g.player(B).deck.len(), 5);
}

/// A evacuates with a transport (power 5) with battle card `card` from hand placed before it;
/// B intercepts with a starfighter (power 2) that draws destiny 4. The events from the
/// evacuation on.
fn space_battle_with(card: &str) -> (Vec<Event>, CardRef) {
    let mut b = stranded();
    b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
    let t = b.add(
        A,
        fx::starship("Cruiser", StarshipClass::Transport, 5, 2),
        Zone::Hyperspace,
    );
    let bc = b.add(A, real(card), Zone::Hand);
    let f = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 1),
        Zone::Hand,
    );
    b.add(B, fx::destiny(4), Zone::Deck);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::Evacuate(Planet::Tatooine),
            Action::AddStarship(f),
            Action::Intercept,
            Action::BattleCardsDone,
            Action::AddBattleCard(bc),
            Action::BattleCardsDone,
            Action::PlanNext(f),
            Action::PlanDone,
            Action::PlanNext(bc),
            Action::PlanNext(t),
            Action::PlanDone,
        ],
    );
    (ev, bc)
}

#[test]
fn a_battle_card_for_a_character_does_not_work_with_a_starship() {
    // "Use with the first character in your battle plan" (DM-61, and the left half of the
    // Double Impact card RF-DI9), "Use with any character" (DF-53, RF-DI9's right half): a
    // starship is not a character (rulebook "Card Types"), so in a starship battle plan the
    // card "doesn't work with that character" and "must be discarded" (rulebook "What if you
    // make a mistake?"; card-text 3 and 16.7 read "any character" as not usable in space
    // battles). Seen in play: RF-DI6 gave a Battleship +3 against Radiant VII.
    for card in ["DM-61", "RF-DI9", "DF-53"] {
        let (ev, bc) = space_battle_with(card);
        // The transport's 5 alone against 2 + 4, not 5 + 3.
        assert_eq!(fights(&ev), vec![(6, 5, Some(B))], "{card}");
        assert!(
            ev.contains(&Event::MisplacedBattleCard {
                player: A,
                card: bc
            }),
            "{card}: {ev:?}"
        );
    }
}
