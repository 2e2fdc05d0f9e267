//! What the events say, for a play-by-play a player can follow (issue 11 item 5): a fight's
//! total by its parts, the cards the rules discard on their own, a scene change, Even Up, a
//! duel's weapons and dueling hands, and the draw-deck sizes after each event.

use super::*;
use crate::catalogue::Planet;
use crate::engine::{DiscardReason, PowerParts};

#[test]
fn a_fight_names_its_weapon_and_battle_card_and_its_total_adds_up() {
    // Rulebook "Location Bonuses", "Using Weapon Cards", "Adding Battle Cards": power, the
    // site's bonus, the weapon's and battle card's dots and the destiny drawn make the total.
    let mut b = at_naboo();
    let x = b.add(
        A,
        fx::bonus(ch("X", 3, 1), Planet::Naboo, [2, 0, 0]),
        Zone::At(Planet::Naboo, true),
    );
    let rifle = b.add(
        A,
        fx::weapon("Blaster Rifle", &[("any character", 2, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let card = b.add(
        A,
        fx::battle("Sneak Attack", &[("any character", 1, 0)]),
        Zone::Hand,
    );
    let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
    b.add(A, fx::destiny(4), Zone::Deck);
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[card], &[]], [&[card, rifle, x], &[y]]);
    let (attacker, defender) = ev
        .iter()
        .find_map(|e| match e {
            Event::Fight {
                attacker, defender, ..
            } => Some((*attacker, *defender)),
            _ => None,
        })
        .expect("a fight");
    assert_eq!(attacker.weapon, Some(rifle));
    assert_eq!(attacker.battle_card, Some(card));
    assert_eq!(
        attacker.parts,
        PowerParts {
            printed: 3,
            location: 2,
            text: 0,
            weapon: 2,
            battle_card: 1,
            destiny: 4,
        }
    );
    assert_eq!(attacker.power, 12);
    assert_eq!(attacker.parts.total(), attacker.power);
    assert_eq!(defender.parts.printed, 1);
    assert_eq!(defender.power, 1);
    // "Each Battle card is discarded after you use it": said, with the card.
    assert!(ev.contains(&Event::Discarded {
        player: A,
        card,
        reason: DiscardReason::BattleCard,
    }));
}

#[test]
fn the_weapon_of_a_defeated_character_is_discarded_in_an_event() {
    // "If a character is defeated when using a weapon, discard the weapon along with the
    // character."
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 1, 1), Zone::At(Planet::Naboo, true));
    let gun = b.add(
        A,
        fx::weapon("Blaster", &[("any character", 1, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 5, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[gun, x], &[y]]);
    let i = ev
        .iter()
        .position(|e| {
            *e == Event::Defeated {
                player: A,
                card: x,
                damage: 1,
            }
        })
        .expect("X is defeated");
    assert_eq!(
        ev[i + 1],
        Event::Discarded {
            player: A,
            card: gun,
            reason: DiscardReason::WithDefeated,
        }
    );
    assert!(g.player(A).discard.contains(&gun));
}

#[test]
fn effects_discarded_when_a_planet_is_won_are_events() {
    // "Effect cards are discarded when the current planet is controlled or surrendered."
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EndOfTurn, A);
    b.add(A, ch("X", 3, 1), Zone::At(Planet::Naboo, true));
    let fx_a = b.add(
        A,
        fx::effect("Our Effect", 1),
        Zone::At(Planet::Naboo, true),
    );
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    b.add(B, fx::location(Planet::Tatooine, 0), Zone::Hand);
    let mut g = b.build();
    let ev = play(&mut g, &[Action::EndTurn]);
    let at = |e: &Event| ev.iter().position(|x| x == e);
    let discarded = at(&Event::Discarded {
        player: A,
        card: fx_a,
        reason: DiscardReason::PlanetWon,
    });
    let won = at(&Event::PlanetControlled {
        planet: Planet::Naboo,
        by: A,
        surrendered: false,
    });
    // Told in the order a reader follows: who won the planet, then the Effects it discards.
    assert!(
        won.is_some() && discarded.is_some() && won < discarded,
        "{ev:?}"
    );
    assert!(g.player(A).discard.contains(&fx_a));
}

#[test]
fn a_new_site_at_the_current_planet_is_a_scene_change() {
    // "When you change a Location card, you cannot change the planet": the event says the
    // site changed, not that a planet started.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::Deploy, A);
    let site = b.add(A, fx::location(Planet::Naboo, 1), Zone::Hand);
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = play(&mut g, &[Action::Deploy(site)]);
    assert_eq!(
        ev,
        vec![Event::SiteChanged {
            player: A,
            card: site,
            planet: Planet::Naboo,
        }]
    );
}

/// A's Even Up from a hand of `hand` cards with 10 in the draw deck; the events of Even Up
/// and, for a hand over six, of discarding its first card.
fn even_up_from(hand: usize) -> Vec<Event> {
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EvenUp, A);
    let cards: Vec<_> = (0..hand)
        .map(|_| b.add(A, fx::destiny(1), Zone::Hand))
        .collect();
    b.deck_filler(A, 1, 10);
    let mut g = b.build();
    let mut actions = vec![Action::EvenUpDone];
    if hand > 6 {
        actions.push(Action::EvenUpDiscard(cards[0]));
    }
    play(&mut g, &actions)
}

#[test]
fn even_up_says_how_many_cards_it_drew() {
    // "If you hold less than six, you must draw cards from your draw deck until you have six."
    let said = |drew| Event::EvenUp {
        player: A,
        drew,
        hand: 6,
    };
    assert_eq!(even_up_from(4), vec![said(2)]);
    // Even Up is a step of every turn; a reader following hand and deck sizes needs it said
    // when nothing is drawn too (issue 11, "Even Up draws and deck sizes are never shown"):
    // a full hand, and one discarded down to six.
    assert_eq!(even_up_from(6), vec![said(0)]);
    assert_eq!(even_up_from(7).last(), Some(&said(0)));
}

#[test]
fn a_duel_names_both_weapons_and_why_each_hand_has_its_size() {
    // "Total up the power of your character, using all available power bonus dots (including
    // bonuses for location and weapon) ... If you can't draw enough cards ... make do."
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::bonus(
            fx::character("Obi-Wan Kenobi", "Young Jedi", 4, 3, 1),
            Planet::Naboo,
            [1, 0, 0],
        ),
        Zone::At(Planet::Naboo, true),
    );
    let saber = b.add(
        A,
        fx::weapon("Jedi Lightsaber", &[("Obi-Wan Kenobi", 2, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let maul = b.add(
        B,
        fx::character("Darth Maul", "Sith Apprentice", 6, 3, 1),
        Zone::At(Planet::Naboo, true),
    );
    let gun = b.add(
        B,
        fx::weapon("Blaster", &[("any character", 1, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 6, 4);
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::Duel {
                duelist: obi,
                saber,
                target: maul,
            },
            Action::DuelDefender(maul),
            Action::DuelWeapon(Some(gun)),
        ],
    );
    assert!(ev.contains(&Event::DuelStarted {
        attacker: obi,
        defender: maul,
        attacker_weapon: Some(saber),
        defender_weapon: Some(gun),
    }));
    let hands: Vec<(Player, u8, u8, PowerParts)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::DuelHand {
                player,
                cards,
                wanted,
                parts,
            } => Some((*player, *cards, *wanted, *parts)),
            _ => None,
        })
        .collect();
    assert_eq!(
        hands,
        vec![
            (
                A,
                7,
                7,
                PowerParts {
                    printed: 4,
                    location: 1,
                    weapon: 2,
                    ..PowerParts::default()
                }
            ),
            // Maul wants 6 + the blaster's 1, but B's deck holds 4.
            (
                B,
                4,
                7,
                PowerParts {
                    printed: 6,
                    weapon: 1,
                    ..PowerParts::default()
                }
            ),
        ]
    );
}

#[test]
fn the_draw_deck_trace_follows_every_event() {
    // The play-by-play shows both draw decks after each event: one entry per event, each as
    // the decks are once the event has happened (damage after its cards are gone).
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 5, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 1, 2), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 6);
    b.deck_filler(B, 1, 9);
    let mut g = b.build();
    g.trace_draw_decks();
    let ev = battle(&mut g, [&[], &[]], [&[x], &[y]]);
    let trace = g.draw_deck_trace();
    assert_eq!(trace.len(), ev.len());
    let i = ev
        .iter()
        .position(|e| {
            *e == Event::Damage {
                player: B,
                cards: 2,
            }
        })
        .expect("Y's damage");
    assert_eq!(trace[i], [6, 7]);
    assert_eq!(*trace.last().unwrap(), [6, 7]);
    // Nothing is recorded unless asked for.
    let mut b = at_naboo();
    b.deck_filler(A, 1, 6);
    let g = b.build();
    assert!(g.draw_deck_trace().is_empty());
}
