//! The `triggered` template over every real card the engine plays it for (issue 12: the text
//! changes a game where it should and not where it should not), and scenarios for the choices
//! they ask. card-text 15 ("When he deploys…" is a face-up deploy; "to X": X is the current
//! planet; "here": the trigger card's own planet; the objective is not a planet location).

use super::*;
use crate::catalogue::abilities::{Ability, AbilityBook, Effect, Trigger as On};
use crate::catalogue::{Card, CardType, Catalogue, Planet};
use crate::engine::card_pool::CardPool;
use crate::engine::event::DiscardReason;
use crate::engine::text_templates;

fn cat() -> &'static Catalogue {
    Catalogue::embedded_for_tests()
}

fn card(id: &str) -> Card {
    cat().cards().iter().find(|c| c.id == id).unwrap().clone()
}

/// Whether `events` say ability `ability` of `me` took effect.
fn used(events: &[Event], me: CardRef, ability: u8) -> bool {
    events.iter().any(
        |e| matches!(e, Event::TextUsed { card, ability: a, .. } if *card == me && *a == ability),
    )
}

/// Answers every prompt of the text (yes to a "you may", the first choice otherwise) until
/// none is pending; returns the events.
fn answer_all(g: &mut GameState) -> Vec<Event> {
    let mut events = Vec::new();
    while let Some(Pending::Prompt { .. }) = g.pending() {
        let l = legal(g);
        let a = l
            .iter()
            .copied()
            .find(|a| *a != Action::Decline)
            .unwrap_or(Action::Decline);
        events.extend(g.apply(a).unwrap());
        g.check_zones().unwrap();
    }
    events
}

/// The played triggered abilities of the catalogue: (card, ability index, trigger, effects).
fn triggered() -> Vec<(Card, u8, On, Vec<Effect>)> {
    let pool = CardPool::from_cards(cat().cards());
    let mut out = Vec::new();
    for c in cat().cards() {
        let def = pool.get(pool.find(&c.id).unwrap());
        let Some(text) = def.text else { continue };
        for (i, a) in text.abilities.iter().enumerate() {
            if let Ability::Triggered { on, effect, .. } = a
                && text_templates::plays(a, def)
            {
                out.push((c.clone(), i as u8, on.clone(), effect.clone()));
            }
        }
    }
    out
}

/// A real character of `side` that fits the other-deploys filter of `id`'s text, or does not.
fn character_like(id: &str, want_fit: bool) -> Card {
    let book = AbilityBook::embedded();
    let spec = book.get(id).unwrap();
    let who = spec
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Triggered {
                on: On::OtherDeploys { who, .. },
                ..
            } => Some(who.clone()),
            _ => None,
        })
        .unwrap();
    let me = card(id);
    cat()
        .cards()
        .iter()
        .find(|c| {
            c.card_type == CardType::Character
                && c.side == me.side
                && c.id != id
                && c.counters.is_some_and(|n| n <= 4)
                && !c.title.contains(&me.title)
                && who.iter().any(|f| f.matches(c)) == want_fit
        })
        .unwrap()
        .clone()
}

#[test]
fn every_played_deploy_trigger_fires_on_its_deploy_only() {
    let mut failures = Vec::new();
    let mut probed = 0;
    for (c, i, on, _) in triggered() {
        let On::Deploys { to, to_objective } = on else {
            continue;
        };
        probed += 1;
        // yes: deployed face up where the text says; no: hidden, or elsewhere.
        for yes in [true, false] {
            let mut b = Builder::new();
            let planet = match (to, yes) {
                (Some(p), true) => p,
                (Some(Planet::Coruscant), false) => Planet::Naboo,
                (Some(_), false) => Planet::Coruscant,
                (None, _) => Planet::Naboo,
            };
            b.current(planet, 0);
            b.phase(Phase::Deploy, A);
            b.deck_filler(A, 1, 8);
            b.deck_filler(B, 1, 8);
            if to_objective {
                b.add(A, fx::boonta(), Zone::Objective);
            } else if !yes && to.is_none() {
                b.hidden_turn();
            }
            let me = b.add(A, c.clone(), Zone::Hand);
            let mut g = b.build();
            let action = if to_objective && yes {
                Action::DeployToObjective(me)
            } else {
                Action::Deploy(me)
            };
            let Ok(mut ev) = g.apply(action) else {
                failures.push(format!(
                    "{}: cannot {action:?}; legal {:?}",
                    c.id,
                    legal(&g)
                ));
                continue;
            };
            ev.extend(answer_all(&mut g));
            if used(&ev, me, i) != yes {
                failures.push(format!(
                    "{} ({}): fired = {}",
                    c.id,
                    if yes { "yes" } else { "no" },
                    !yes
                ));
            }
        }
    }
    assert!(probed >= 4, "{probed} deploy triggers probed");
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_played_other_deploys_trigger_fires_for_a_fitting_card_here_only() {
    let mut failures = Vec::new();
    let mut probed = 0;
    for (c, i, on, _) in triggered() {
        let On::OtherDeploys { .. } = on else {
            continue;
        };
        probed += 1;
        for yes in [true, false] {
            let mut b = Builder::new();
            b.current(Planet::Tatooine, 0);
            b.phase(Phase::Deploy, A);
            b.deck_filler(A, 1, 8);
            b.deck_filler(B, 1, 8);
            let me = b.add(A, c.clone(), Zone::At(Planet::Tatooine, true));
            let other = b.add(A, character_like(&c.id, yes), Zone::Hand);
            let mut g = b.build();
            let Ok(mut ev) = g.apply(Action::Deploy(other)) else {
                failures.push(format!("{}: cannot deploy; legal {:?}", c.id, legal(&g)));
                continue;
            };
            ev.extend(answer_all(&mut g));
            if used(&ev, me, i) != yes {
                failures.push(format!("{} ({yes}): wrong", c.id));
            }
        }
    }
    assert!(probed >= 3, "{probed} probed");
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_played_defeat_trigger_fires_when_its_card_defeats_and_not_when_it_loses() {
    let mut failures = Vec::new();
    let mut probed = 0;
    for (c, i, on, effect) in triggered() {
        if on != On::Defeats {
            continue;
        }
        probed += 1;
        for yes in [true, false] {
            let mut b = at_naboo();
            b.deck_filler(A, 1, 10);
            b.deck_filler(B, 1, 10);
            let me = b.add(A, c.clone(), Zone::At(Planet::Naboo, true));
            // The opponent: power 0 (it loses) or 20 (it wins), damage 2.
            let foe = b.add(
                B,
                ch("Foe", if yes { 0 } else { 20 }, 2),
                Zone::At(Planet::Naboo, true),
            );
            if effect == [Effect::DiscardOpponentLapCard] {
                let lap = b.add(B, fx::destiny(3), Zone::Hand);
                let mut g = b.build();
                g.players[B.index()].hand.retain(|&x| x != lap);
                g.players[B.index()].laps.push(lap);
                let ev = probe_battle(&mut g, me, foe, i, yes, &c.id, &mut failures);
                // The lap card's discard is said, as every discard by text is.
                let said = ev.contains(&Event::Discarded {
                    player: B,
                    card: lap,
                    reason: DiscardReason::ByText,
                });
                if said != yes {
                    failures.push(format!("{} ({yes}): lap card discard said: {said}", c.id));
                }
                continue;
            }
            if effect == [Effect::OpponentDiscards(1)] {
                b.add(B, ch("In hand", 1, 1), Zone::Hand);
            }
            let mut g = b.build();
            probe_battle(&mut g, me, foe, i, yes, &c.id, &mut failures);
        }
    }
    assert!(probed >= 4, "{probed} probed");
    assert!(failures.is_empty(), "{failures:#?}");
}

fn probe_battle(
    g: &mut GameState,
    me: CardRef,
    foe: CardRef,
    i: u8,
    yes: bool,
    id: &str,
    failures: &mut Vec<String>,
) -> Vec<Event> {
    let mut ev = battle(g, [&[], &[]], [&[me], &[foe]]);
    ev.extend(answer_all(g));
    if used(&ev, me, i) != yes {
        failures.push(format!("{id} ({yes}): wrong; {ev:?}"));
    }
    ev
}

/// EBN-P8 Obi-Wan Kenobi: "+2 damage" to each character he defeats; V1-JC-3 Jar Jar Binks:
/// double damage (card-text "General decisions": multiplied damage applies last).
#[test]
fn defeats_that_change_the_damage_dealt() {
    for (id, want) in [("EBN-P8", 2 + 2), ("V1-JC-3", 2 * 2)] {
        let mut b = at_naboo();
        b.deck_filler(A, 1, 10);
        b.deck_filler(B, 1, 10);
        let me = b.add(A, card(id), Zone::At(Planet::Naboo, true));
        let foe = b.add(B, ch("Foe", 0, 2), Zone::At(Planet::Naboo, true));
        let mut g = b.build();
        let ev = battle(&mut g, [&[], &[]], [&[me], &[foe]]);
        let dealt = ev.iter().find_map(|e| match e {
            Event::Damage { player: B, cards } => Some(*cards),
            _ => None,
        });
        assert_eq!(dealt, Some(want), "{id}: {ev:?}");
        assert!(
            ev.iter().any(|e| matches!(e, Event::TextUsed { card, number: Some(Number::Damage), .. } if *card == me)),
            "{id}: narrated"
        );
        // Not when the card is the one defeated: its own damage is plain.
        let mut b = at_naboo();
        b.deck_filler(A, 1, 10);
        b.deck_filler(B, 1, 10);
        let me = b.add(A, card(id), Zone::At(Planet::Naboo, true));
        let foe = b.add(B, ch("Foe", 20, 2), Zone::At(Planet::Naboo, true));
        let mut g = b.build();
        let ev = battle(&mut g, [&[], &[]], [&[me], &[foe]]);
        let printed = card(id).damage.unwrap();
        let taken = ev.iter().find_map(|e| match e {
            Event::Damage { player: A, cards } => Some(*cards),
            _ => None,
        });
        assert_eq!(taken, Some(printed), "{id} defeated");
    }
}

/// A battle at Naboo: A's battle card `bc` before `group` (fighting together) against B's
/// `foe`; the whole catalogue's characters sit in B's discard pile so every name the card's
/// group reads is known, as in a real game's pool.
fn group_beats(bc: &str, group: &[&str], foe: Card) -> (GameState, Vec<CardRef>, Vec<Event>) {
    let mut b = at_naboo();
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    for c in cat().cards() {
        if c.card_type == CardType::Character {
            b.add(B, c.clone(), Zone::Discard);
        }
    }
    let bc = b.add(A, card(bc), Zone::Hand);
    let refs: Vec<CardRef> = group
        .iter()
        .map(|id| b.add(A, card(id), Zone::At(Planet::Naboo, true)))
        .collect();
    let foe = b.add(B, foe, Zone::At(Planet::Naboo, true));
    let mut g = b.build();
    let mut plan = vec![bc];
    plan.extend(&refs);
    let mut ev = battle(&mut g, [&[bc], &[]], [&plan, &[foe]]);
    ev.extend(answer_all(&mut g));
    (g, refs, ev)
}

/// Rulebook "Fight Together": the group "fight[s] like they were one big character" and,
/// with more power, "your opponent's character is defeated": every member of the winning
/// group defeated it, whatever its place in the plan. EBN-P8 Obi-Wan Kenobi, Jedi Avenger
/// (a character he defeats deals 2 more damage) second behind Qui-Gon with BN-46 Guardians
/// Of The Queen; BP-33 Aurra Sing, Formidable Adversary (may draw 1 when she defeats a
/// character) as the second card of a DM-134 You Have Been Well Trained pair.
/// The engine credited only the group's first card.
#[test]
fn a_defeat_by_a_group_is_every_members_defeat() {
    for order in [["DM-2", "EBN-P8"], ["EBN-P8", "DM-2"]] {
        let (_, refs, ev) = group_beats("BN-46", &order, ch("Foe", 0, 2));
        assert_eq!(
            ev.iter()
                .filter(|e| matches!(e, Event::Fight { .. }))
                .count(),
            1,
            "{order:?} fought as one: {ev:?}"
        );
        let dealt = ev.iter().find_map(|e| match e {
            Event::Damage { player: B, cards } => Some(*cards),
            _ => None,
        });
        assert_eq!(dealt, Some(2 + 2), "{order:?}: {ev:?}");
        let obi = refs[order.iter().position(|&id| id == "EBN-P8").unwrap()];
        assert!(
            ev.iter().any(|e| matches!(e, Event::TextUsed { card, number: Some(Number::Damage), .. } if *card == obi)),
            "{order:?}: narrated"
        );
    }
    for order in [["DM-75", "BP-33"], ["BP-33", "DM-75"]] {
        let (g, refs, ev) = group_beats("DM-134", &order, ch("Foe", 0, 2));
        let aurra = refs[order.iter().position(|&id| id == "BP-33").unwrap()];
        assert!(used(&ev, aurra, 1), "{order:?}: {ev:?}");
        assert_eq!(g.players[A.index()].hand.len(), 1, "{order:?} drew one");
    }
}

/// Player A's turn ends with DF-7 Yoda at Naboo, which A wins, and `hand` cards in A's hand:
/// the state after `EndTurn`, and Yoda.
fn yoda_wins_naboo(hand: usize) -> (GameState, CardRef) {
    let mut b = at_naboo();
    b.phase(Phase::EndOfTurn, A);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let yoda = b.add(A, card("DF-7"), Zone::At(Planet::Naboo, true));
    // The loser's next location, so the game goes on.
    b.add(B, fx::location(Planet::Tatooine, 0), Zone::Hand);
    for k in 0..hand {
        b.add(A, ch(&format!("Hand {k}"), 1, 1), Zone::Hand);
    }
    let mut g = b.build();
    g.apply(Action::EndTurn).unwrap();
    (g, yoda)
}

/// DF-7 Yoda / DF-32 Darth Sidious: when you win control of his planet you may discard him
/// and three cards from hand, then draw three; with fewer than three cards in hand the cost
/// cannot be paid whole (card-text "General decisions") and nothing is asked.
#[test]
fn winning_the_planet_offers_the_discard_and_draw_only_with_three_cards_to_pay() {
    for (hand, asked) in [(3, true), (2, false)] {
        let (mut g, yoda) = yoda_wins_naboo(hand);
        let prompt = matches!(g.pending(), Some(Pending::Prompt { source, .. }) if source == yoda);
        assert_eq!(prompt, asked, "hand of {hand}");
        if asked {
            let ev = answer_all(&mut g);
            assert!(used(&ev, yoda, 0), "{ev:?}");
            assert!(g.players[A.index()].discard.contains(&yoda));
            let discarded = ev
                .iter()
                .filter(|e| matches!(e, Event::DiscardedFromHand { player: A, .. }))
                .count();
            assert_eq!(discarded, 3);
            assert_eq!(g.players[A.index()].hand.len(), 3, "drew three");
            // Said in the order a reader follows: the text first, then what it costs (the
            // three hand cards, Yoda himself), then the draw.
            let at = |f: &dyn Fn(&Event) -> bool| ev.iter().position(f).unwrap();
            let said = at(&|e| matches!(e, Event::TextUsed { card, .. } if *card == yoda));
            let paid = at(&|e| matches!(e, Event::DiscardedFromHand { player: A, .. }));
            assert!(said < paid, "{ev:?}");
        }
    }
    // Declined: told (the text fired and was not used), and Yoda stays.
    let (mut g, yoda) = yoda_wins_naboo(3);
    let ev = g.apply(Action::Decline).unwrap();
    let declined = Event::TextDeclined {
        player: A,
        card: yoda,
        ability: 0,
    };
    assert!(ev.contains(&declined), "{ev:?}");
    assert!(!used(&ev, yoda, 0));
    assert_eq!(g.players[A.index()].hand.len(), 3);
}

/// BP-15 Shmi Skywalker: when Anakin deploys here, put a hand card under the draw deck or
/// draw one: the player chooses (two answers), and the card chosen goes to the bottom.
#[test]
fn shmi_offers_the_choice_and_puts_the_card_at_the_bottom() {
    let mut b = Builder::new();
    b.current(Planet::Tatooine, 0);
    b.phase(Phase::Deploy, A);
    b.deck_filler(A, 1, 8);
    b.deck_filler(B, 1, 8);
    let shmi = b.add(A, card("BP-15"), Zone::At(Planet::Tatooine, true));
    let kept = b.add(A, ch("Spare", 1, 1), Zone::Hand);
    let anakin = b.add(A, character_like("BP-15", true), Zone::Hand);
    let mut g = b.build();
    g.apply(Action::Deploy(anakin)).unwrap();
    assert_eq!(
        legal(&g),
        vec![Action::ChooseNumber(0), Action::ChooseNumber(1)]
    );
    g.apply(Action::ChooseNumber(0)).unwrap();
    assert_eq!(legal(&g), vec![Action::ChooseCard(kept)]);
    let ev = g.apply(Action::ChooseCard(kept)).unwrap();
    assert!(used(&ev, shmi, 0));
    assert_eq!(g.players[A.index()].deck[0], kept, "under the draw deck");
    g.check_zones().unwrap();
}

/// BP-37 UrrOr'RuuR: the opponent chooses which card of their hand to discard.
#[test]
fn the_opponent_chooses_the_card_it_discards() {
    let mut b = at_naboo();
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let me = b.add(A, card("BP-37"), Zone::At(Planet::Naboo, true));
    let foe = b.add(B, ch("Foe", 0, 1), Zone::At(Planet::Naboo, true));
    let x = b.add(B, ch("X", 1, 1), Zone::Hand);
    let y = b.add(B, ch("Y", 1, 1), Zone::Hand);
    let mut g = b.build();
    battle(&mut g, [&[], &[]], [&[me], &[foe]]);
    assert_eq!(g.to_act(), Some(B));
    assert_eq!(
        legal(&g),
        vec![Action::ChooseCard(x), Action::ChooseCard(y)]
    );
    let ev = g.apply(Action::ChooseCard(y)).unwrap();
    assert_eq!(g.players[B.index()].hand, vec![x]);
    // The text is said first, then the discard it makes.
    let said = ev
        .iter()
        .position(|e| matches!(e, Event::TextUsed { card, .. } if *card == me));
    let discarded = ev
        .iter()
        .position(|e| *e == Event::DiscardedFromHand { player: B, card: y });
    assert!(said.is_some() && said < discarded, "{ev:?}");
}

/// "When Anakin deploys here" (BP-15 Shmi Skywalker, PR-P7, BP-3 C-3PO with Shmi), "When
/// Darth Maul or Darth Sidious deploys" (DF-57 The Duel Begins, RF-DI5): the scans name a
/// character; a title filter alone also took the weapons titled so (DM-36 Anakin Skywalker's
/// Podracer set off Shmi's draw in podrace-light vs podrace-dark, seed 5, turn 9). Every
/// deploy trigger that names who deploys fits characters only (an Armed & Dangerous card is
/// one), of the card's own side.
#[test]
fn a_deploy_trigger_naming_who_deploys_fits_no_weapon_of_that_name() {
    use crate::catalogue::abilities::SearchTrigger;
    let book = AbilityBook::embedded();
    let mut checked = 0;
    let mut failures = Vec::new();
    for me in cat().cards() {
        let Some(spec) = book.get(&me.id) else {
            continue;
        };
        for a in &spec.abilities {
            let who = match a {
                Ability::Triggered {
                    on: On::OtherDeploys { who, .. },
                    ..
                } => who,
                Ability::DeckSearch {
                    trigger: SearchTrigger::OtherDeploys(who),
                    ..
                } => who,
                _ => continue,
            };
            checked += 1;
            for c in cat().cards() {
                if c.side == me.side
                    && !matches!(
                        c.card_type,
                        CardType::Character | CardType::ArmedAndDangerous
                    )
                    && who.iter().any(|f| f.matches(c))
                {
                    failures.push(format!("{}: {} fits", me.id, c.id));
                }
            }
        }
    }
    assert!(checked >= 6, "only {checked} deploy triggers");
    assert!(failures.is_empty(), "{failures:#?}");
}

/// BP-15 Shmi Skywalker in play: DM-36 Anakin Skywalker's Podracer deploying is not "Anakin
/// deploys here" (nothing asked, nothing drawn); an Anakin deploying is.
#[test]
fn shmi_hears_anakin_not_his_podracer() {
    for (id, fires) in [("DM-36", false), ("BP-1", true)] {
        let mut b = Builder::new();
        b.current(Planet::Tatooine, 0);
        b.phase(Phase::Deploy, A);
        b.deck_filler(A, 1, 8);
        b.deck_filler(B, 1, 8);
        let shmi = b.add(A, card("BP-15"), Zone::At(Planet::Tatooine, true));
        let c = b.add(A, card(id), Zone::Hand);
        let mut g = b.build();
        g.apply(Action::Deploy(c)).unwrap();
        let asked = matches!(g.pending(), Some(Pending::Prompt { source, .. }) if source == shmi);
        assert_eq!(asked, fires, "{id}");
    }
}
