//! The fight texts (`text_templates/fight.rs`, issue 12): a probe per template over every real
//! card the engine plays it for, each naming every failing card, and scenario tests citing the
//! cards and rulings. Every probe shows the text changing a battle where it should and not
//! where it should not.

use super::*;
use crate::catalogue::abilities::{Ability, AbilityBook, Filter};
use crate::catalogue::{Card, CardType, Planet};
use crate::engine::CardPool;
use crate::engine::text_templates;

const NABOO: Zone = Zone::At(Planet::Naboo, true);

/// Every catalogue card with an ability `is` picks that the engine plays, with the ability.
fn cards_playing(is: &dyn Fn(&Ability) -> bool) -> Vec<(Card, Ability)> {
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let pool = CardPool::from_cards(cat.cards());
    let mut out = Vec::new();
    for c in cat.cards() {
        let def = pool.get(pool.find(&c.id).unwrap());
        let Some(text) = def.text else { continue };
        for a in &text.abilities {
            if is(a) && text_templates::plays(a, def) {
                out.push((c.clone(), a.clone()));
            }
        }
    }
    out
}

/// A catalogue character (one without game text first) fitting `who` (any
/// when empty) whom `item`'s use line fits alone: the user a probe fights with.
fn user_for(item: &Card, who: &[Filter]) -> Option<Card> {
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let book = AbilityBook::embedded();
    let mut b = at_naboo();
    let it = b.add(A, item.clone(), Zone::Hand);
    let mut chars: Vec<(CardRef, &Card)> = Vec::new();
    let mut candidates: Vec<&Card> = cat
        .cards()
        .iter()
        .filter(|c| {
            c.card_type == CardType::Character
                && c.damage.is_some()
                && c.power.is_some()
                && (who.is_empty() || who.iter().any(|f| f.matches(c)))
        })
        .collect();
    candidates.sort_by_key(|c| book.get(&c.id).is_some());
    for c in candidates {
        chars.push((b.add(A, c.clone(), Zone::Hand), c));
    }
    let g = b.build();
    chars
        .into_iter()
        .find(|&(r, _)| g.use_line_for(it, &[r], true, false, false).is_some())
        .map(|(_, c)| c.clone())
}

/// A builder at Naboo (A's battle step) whose pool holds every catalogue character, so that
/// the use lines of real cards naming characters are read as in a real game (a name in a line
/// must name a card of the pool).
fn probe_game() -> Builder {
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let mut b = at_naboo();
    for c in cat.cards() {
        if c.card_type == CardType::Character {
            b.add(B, c.clone(), Zone::Discard);
        }
    }
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    b
}

/// Runs `probe` on every card, and fails naming each card whose probe fails (all of them,
/// not the first).
fn probe_each(cards: &[(Card, Ability)], probe: impl Fn(&Card, &Ability) -> Result<(), String>) {
    let failures: Vec<String> = cards
        .iter()
        .filter_map(|(card, a)| probe(card, a).err().map(|e| format!("{}: {e}", card.id)))
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

fn damage_to(events: &[Event], p: Player) -> u32 {
    events
        .iter()
        .map(|e| match e {
            Event::Damage { player, cards } if *player == p => *cards as u32,
            _ => 0,
        })
        .sum()
}

fn text_used_by(events: &[Event], card: CardRef) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::TextUsed { card: c, .. } if *c == card))
}

/// A saved-if-defeated probe's game, events, battle card, user and the group's other member.
type SavedRun = (GameState, Vec<Event>, CardRef, CardRef, Option<CardRef>);

/// A two-weapons probe's events, game, weapons, and the weapons' dots and cubes.
type TwoWeaponRun = (Vec<Event>, GameState, [CardRef; 2], i16, u8);

#[test]
fn every_saved_if_defeated_card_sends_its_user_and_weapon_to_hand_without_damage() {
    // Template `saved-if-defeated` (BN-57 Young Skywalker: "If he is defeated, return him
    // (and his weapon, if any) to your hand. You don't lose any cards for this damage.").
    // Yes: the user (with a weapon) loses: both go to hand, no damage. No: the same fight
    // without the card: discarded with damage; and in RF-C5's group, only Jar Jar is saved.
    let cards = cards_playing(&|a| matches!(a, Ability::SavedIfDefeated { .. }));
    assert_eq!(
        cards.len(),
        9,
        "BN-49 BN-57 BN-126 DM-56 JC-57 RF-C4/C5/C6/C14"
    );
    probe_each(&cards, |card, a| {
        let Ability::SavedIfDefeated { who } = a else {
            unreachable!("cards_playing chose this template")
        };
        let run = |with_card: bool| -> Result<SavedRun, String> {
            let mut b = probe_game();
            let bc = b.add(A, card.clone(), Zone::Hand);
            let mut plan = vec![];
            let mut other = None;
            let user;
            if who.is_empty() {
                let u = user_for(card, &[]).ok_or("no user")?;
                let w = b.add(
                    A,
                    fx::weapon("Probe Blaster", &[("any character", 1, 0)]),
                    NABOO,
                );
                user = b.add(A, u, NABOO);
                plan.extend([bc, w, user]);
            } else {
                // A fight-together group: the saved member and the other one.
                let Some(Ability::FightTogether { groups, .. }) = card_ability_group(card) else {
                    return Err("saved member of a group without a group".into());
                };
                let mut members = Vec::new();
                for f in &groups[0] {
                    let c = user_for_group(f).ok_or("no group member")?;
                    members.push(c);
                }
                let refs: Vec<CardRef> = members.into_iter().map(|c| b.add(A, c, NABOO)).collect();
                let fits = |r: usize| {
                    groups[0][r..r + 1]
                        .iter()
                        .any(|f| who.iter().any(|w| w == f))
                };
                let (s, o) = if fits(0) { (0, 1) } else { (1, 0) };
                user = refs[s];
                other = Some(refs[o]);
                plan.push(bc);
                plan.extend(refs.iter().copied());
            }
            let foe = b.add(B, ch("Probe Wall", 30, 1), NABOO);
            let mut g = b.build();
            let with: &[CardRef] = if with_card { &[bc] } else { &[] };
            if !with_card {
                plan.retain(|&c| c != bc);
            }
            let ev = battle(&mut g, [with, &[]], [&plan, &[foe]]);
            Ok((g, ev, bc, user, other))
        };
        let (g, ev, bc, user, other) = run(true)?;
        let ps = &g.players[A.index()];
        if !ps.hand.contains(&user) {
            return Err(format!("user not back in hand: {ev:?}"));
        }
        if other.is_none() && ps.hand.len() < 2 {
            return Err("weapon not back in hand".into());
        }
        let want = other.map_or(0, |o| g.def(o).damage() as u32);
        if damage_to(&ev, A) != want {
            return Err(format!("damage {} (want {want})", damage_to(&ev, A)));
        }
        if let Some(o) = other
            && !ps.discard.contains(&o)
        {
            return Err("the other member was saved too".into());
        }
        if !text_used_by(&ev, bc) {
            return Err("not narrated".into());
        }
        // The saved user's defeat states it deals no damage (the play-by-play says why).
        let saved = Event::Defeated {
            player: A,
            card: user,
            damage: 0,
        };
        if !ev.contains(&saved) {
            return Err(format!("the defeat does not state 0 damage: {ev:?}"));
        }
        if who.is_empty() {
            let (g, ev, _, user, _) = run(false)?;
            let want = g.def(user).damage() as u32;
            if !g.players[A.index()].discard.contains(&user) || damage_to(&ev, A) != want {
                return Err("without the card the user is saved too".into());
            }
        }
        Ok(())
    });
}

/// The fight-together ability of `card`'s specification, if any.
fn card_ability_group(card: &Card) -> Option<Ability> {
    AbilityBook::embedded()
        .get(&card.id)?
        .abilities
        .iter()
        .find(|a| matches!(a, Ability::FightTogether { .. }))
        .cloned()
}

/// A catalogue character (without text first) that fits `f`.
fn user_for_group(f: &Filter) -> Option<Card> {
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let book = AbilityBook::embedded();
    let mut fits: Vec<&Card> = cat
        .cards()
        .iter()
        .filter(|c| {
            c.card_type == CardType::Character
                && c.damage.is_some()
                && c.power.is_some()
                && f.matches(c)
        })
        .collect();
    fits.sort_by_key(|c| book.get(&c.id).is_some());
    fits.first().map(|c| (*c).clone())
}

/// The fight events' sides: (attacker, defender).
fn sides(
    events: &[Event],
) -> Vec<(
    crate::engine::event::FightSide,
    crate::engine::event::FightSide,
)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Fight {
                attacker, defender, ..
            } => Some((*attacker, *defender)),
            _ => None,
        })
        .collect()
}

#[test]
fn every_ignore_opposing_weapon_card_voids_the_opposing_weapon_while_its_user_has_none() {
    // Template `ignore-opposing-weapon` without a cost (BN-51 Jedi Force Push: "If he is not
    // using a weapon, then any weapon used by your opponent in this fight is ignored"; card-text
    // "an ignored weapon" adds nothing but is still its user's weapon). Yes: the user unarmed,
    // the opposing weapon adds nothing (dots and cube) and stays the weapon of a loser, discarded
    // with him. No: the user armed, the opposing weapon counts.
    let cards = cards_playing(&|a| matches!(a, Ability::IgnoreOpposingWeapon { cost: None, .. }));
    assert_eq!(cards.len(), 4, "BN-51 BN-125 RF-C7 RF-C9");
    probe_each(&cards, |card, _| {
        let run = |armed: bool| -> Result<(Vec<Event>, GameState, CardRef), String> {
            let mut b = probe_game();
            let bc = b.add(A, card.clone(), Zone::Hand);
            let user = user_for(card, &[]).ok_or("no user")?;
            let mut plan = vec![bc];
            if armed {
                plan.push(b.add(
                    A,
                    fx::weapon("Probe Pike", &[("any character", 0, 0)]),
                    NABOO,
                ));
            }
            plan.push(b.add(A, user, NABOO));
            let w = b.add(
                B,
                fx::weapon("Probe Cannon", &[("any character", 3, 1)]),
                NABOO,
            );
            let foe = b.add(B, ch("Probe Foe", 0, 1), NABOO);
            let mut g = b.build();
            let ev = battle(&mut g, [&[bc], &[]], [&plan, &[w, foe]]);
            Ok((ev, g, w))
        };
        let (ev, g, w) = run(false)?;
        let s = sides(&ev);
        let d = s.first().ok_or("no fight")?.1;
        if d.weapon != Some(w) || d.parts.weapon != 0 || d.parts.destiny != 0 {
            return Err(format!("the opposing weapon counted: {d:?}"));
        }
        if !text_used_by(&ev, g.battle_card_of(&ev, A).ok_or("no battle card")?) {
            return Err("not narrated".into());
        }
        if s[0].0.power > d.power && !g.players[B.index()].discard.contains(&w) {
            return Err("the ignored weapon was not discarded with its user".into());
        }
        let (ev, _, _) = run(true)?;
        let d = sides(&ev).first().ok_or("no fight")?.1;
        if d.parts.weapon != 3 {
            return Err(format!("armed user: the weapon was ignored: {d:?}"));
        }
        Ok(())
    });
}

impl GameState {
    /// The battle card `p` fought with in the first fight of `events`.
    fn battle_card_of(&self, events: &[Event], p: Player) -> Option<CardRef> {
        sides(events).into_iter().find_map(|(a, d)| {
            [a, d]
                .into_iter()
                .find(|s| s.player == p)
                .and_then(|s| s.battle_card)
        })
    }
}

#[test]
fn every_fight_result_damage_card_adds_damage_on_a_win_and_on_a_loss() {
    // Template `fight-result-damage` (DF-16 Critical Confrontation: "If you win this fight,
    // opponent takes 2 extra DAMAGE. If you lose this fight, you take 1 extra DAMAGE"; card-text
    // 15 "this fight"). Once per fight, on top of the defeated card's damage; nothing without
    // the card.
    let cards = cards_playing(&|a| matches!(a, Ability::FightResultDamage { .. }));
    assert_eq!(cards.len(), 2, "DF-16 DF-46");
    probe_each(&cards, |card, a| {
        let Ability::FightResultDamage { win, lose } = a else {
            unreachable!("cards_playing chose this template")
        };
        let run = |with: bool, foe_power: u8| -> Result<(Vec<Event>, u32), String> {
            let mut b = probe_game();
            let bc = b.add(A, card.clone(), Zone::Hand);
            let user = user_for(card, &[]).ok_or("no user")?;
            let own = user.damage.unwrap_or(0) as u32;
            let u = b.add(A, user, NABOO);
            let foe = b.add(B, ch("Probe Foe", foe_power, 2), NABOO);
            let mut g = b.build();
            let plan: Vec<CardRef> = if with { vec![bc, u] } else { vec![u] };
            let used: &[CardRef] = if with { &[bc] } else { &[] };
            Ok((battle(&mut g, [used, &[]], [&plan, &[foe]]), own))
        };
        let (ev, _) = run(true, 0)?;
        if damage_to(&ev, B) != 2 + *win as u32 {
            return Err(format!("won: B took {}", damage_to(&ev, B)));
        }
        let (ev, _) = run(false, 0)?;
        if damage_to(&ev, B) != 2 {
            return Err("won without the card: extra damage".into());
        }
        let (ev, own) = run(true, 40)?;
        if damage_to(&ev, A) != own + *lose as u32 || damage_to(&ev, B) != 0 {
            return Err(format!("lost: A took {}", damage_to(&ev, A)));
        }
        Ok(())
    });
}

#[test]
fn every_fights_again_card_sends_its_user_into_the_next_fight_after_a_diamond_kill() {
    // Template `fights-again` (JC-64 Wisdom Of The Council: "If that Jedi defeats any ◆
    // character in this fight, that Jedi fights the next fight using the same weapon, if any";
    // card-text 15). Yes: the user defeats a ◆ foe, then fights the next fight with the same
    // weapon, and A's other character, left over, breaks through alone. No: a foe without ◆,
    // the next fight is A's other character's.
    let cards = cards_playing(&|a| matches!(a, Ability::FightsAgain { .. }));
    assert_eq!(cards.len(), 4, "JC-64 JC-122 RF-DI4 RF-DI12");
    probe_each(&cards, |card, _| {
        let run = |diamond: bool| -> Result<(Vec<Event>, [CardRef; 3]), String> {
            let mut b = probe_game();
            let bc = b.add(A, card.clone(), Zone::Hand);
            let user = user_for(card, &[]).ok_or("no user")?;
            let w = b.add(
                A,
                fx::weapon("Probe Staff", &[("any character", 1, 0)]),
                NABOO,
            );
            let u = b.add(A, user, NABOO);
            let second = b.add(A, ch("Probe Second", 0, 1), NABOO);
            let first_foe = ch("Probe Foe", 0, 1);
            let first_foe = if diamond {
                fx::diamond(first_foe)
            } else {
                first_foe
            };
            let f1 = b.add(B, first_foe, NABOO);
            let f2 = b.add(B, ch("Probe Next", 0, 1), NABOO);
            let mut g = b.build();
            let ev = battle(&mut g, [&[bc], &[]], [&[bc, w, u, second], &[f1, f2]]);
            Ok((ev, [u, w, second]))
        };
        let (ev, [u, w, _]) = run(true)?;
        let s = sides(&ev);
        if s.len() != 2 || s[1].0.cards[0] != Some(u) || s[1].0.weapon != Some(w) {
            return Err(format!(
                "the user did not fight again with its weapon: {s:?}"
            ));
        }
        if !ev.contains(&Event::Breakthrough {
            player: A,
            cards: 1,
        }) {
            return Err("the other character did not break through alone".into());
        }
        let (ev, [_, _, second]) = run(false)?;
        let s = sides(&ev);
        if s.len() != 2 || s[1].0.cards[0] != Some(second) {
            return Err(format!("no ◆ defeated, yet the user fought again: {s:?}"));
        }
        Ok(())
    });
}

#[test]
fn every_no_breakthrough_loss_card_spares_the_defender_when_its_user_ends_the_plan() {
    // Template `no-breakthrough-loss` (DF-19 Qui-Gon's Final Stand: "If this character is the
    // last card in your battle plan, you lose no cards from breakthrough for this battle";
    // card-text 16.5: literally last, a weapon left over at the right end breaks it). Yes: the
    // defender's plan ends with the user: two attackers break through, no card lost for them.
    // No: a weapon after the user: both cards lost. The right halves of RF-DI6/DI9 are used
    // as that half (the owner's choice where both halves fit, card-text 16.1); the other half
    // is probed by `a_double_impact_last_stand_works_only_as_its_right_half`.
    let cards = cards_playing(&|a| matches!(a, Ability::NoBreakthroughLoss { .. }));
    assert_eq!(cards.len(), 4, "DF-19 DF-53 RF-DI6 RF-DI9");
    probe_each(&cards, |card, _| {
        let run = |weapon_after: bool| -> Result<(Vec<Event>, u32), String> {
            let mut b = probe_game();
            let bc = b.add(B, card.clone(), Zone::Hand);
            let user = user_for(card, &[]).ok_or("no user")?;
            let own = user.damage.unwrap_or(0) as u32;
            let u = b.add(B, user, NABOO);
            let mut plan = vec![bc, u];
            if weapon_after {
                plan.push(b.add(
                    B,
                    fx::weapon("Probe Spare", &[("any character", 1, 0)]),
                    NABOO,
                ));
            }
            let x: Vec<CardRef> = (0..3)
                .map(|i| b.add(A, ch(&format!("Probe Raider {i}"), 40, 1), NABOO))
                .collect();
            let mut g = b.build();
            let mut ev = battle(&mut g, [&[], &[bc]], [&x, &plan]);
            if let Some(Pending::BonusLine { lines, .. }) = g.pending() {
                let right = (0..8)
                    .find(|&l| lines & 1 << l != 0 && right_line(&g, bc, l))
                    .ok_or("no right-half line offered")?;
                ev.extend(play(&mut g, &[Action::ChooseLine(right)]));
            }
            Ok((ev, own))
        };
        let (ev, own) = run(false)?;
        if !ev.contains(&Event::Breakthrough {
            player: A,
            cards: 2,
        }) || damage_to(&ev, B) != own
        {
            return Err(format!("B lost {} (want {own})", damage_to(&ev, B)));
        }
        let (ev, own) = run(true)?;
        if damage_to(&ev, B) != own + 2 {
            return Err(format!(
                "not last: B lost {} (want {})",
                damage_to(&ev, B),
                own + 2
            ));
        }
        Ok(())
    });
}

/// Whether line `l` of `card` is a Double Impact card's right-half line.
fn right_line(g: &GameState, card: CardRef, l: u8) -> bool {
    g.def(card)
        .uses
        .get(l as usize)
        .is_some_and(|u| u.rule.half == Some(crate::engine::use_lines::Half::Right))
}

#[test]
fn a_double_impact_last_stand_works_only_as_its_right_half() {
    // RF-DI6 Opee Sea Killer & To The Death, RF-DI9 The Negotiations Were Short & Qui-Gon's
    // Final Stand: the right half "if this character is the last card in your battle plan, you
    // lose no cards from breakthrough for this battle" (card-text 16.5). Alone before the
    // defender's one character both halves fit (left: the first character of the plan), so
    // the owner chooses the half (card-text 16.1): as the right half two attackers break
    // through for nothing; as the left half (3 dots) the same plan loses both cards. Taken
    // into the battle but left out of the plan (so put at its right end, no half used), it
    // spares nothing.
    for id in ["RF-DI6", "RF-DI9"] {
        let run = |line: Option<u8>| -> (Vec<Event>, u32, GameState, CardRef) {
            let mut b = probe_game();
            let di = b.add(
                B,
                crate::catalogue::Catalogue::embedded_for_tests()
                    .get(id)
                    .unwrap()
                    .clone(),
                Zone::Hand,
            );
            let u = b.add(B, ch("Probe Guard", 2, 1), NABOO);
            let x: Vec<CardRef> = (0..3)
                .map(|i| b.add(A, ch(&format!("Probe Raider {i}"), 40, 1), NABOO))
                .collect();
            let mut g = b.build();
            let plan: Vec<CardRef> = if line.is_some() { vec![di, u] } else { vec![u] };
            let mut ev = battle(&mut g, [&[], &[di]], [&x, &plan]);
            if let Some(l) = line {
                match g.pending() {
                    Some(Pending::BonusLine { card, lines, .. }) => {
                        assert_eq!((card, lines), (di, 0b11), "{id}: both halves fit");
                    }
                    other => panic!("{id}: the half is asked: {other:?}"),
                }
                ev.extend(play(&mut g, &[Action::ChooseLine(l)]));
            }
            (ev, 1, g, di)
        };
        let (ev, own, g, di) = run(Some(1));
        assert!(right_line(&g, di, 1), "{id}: line 1 is the right half's");
        assert!(
            ev.contains(&Event::Breakthrough {
                player: A,
                cards: 2
            }),
            "{id}"
        );
        assert_eq!(
            damage_to(&ev, B),
            own,
            "{id}: right half, no breakthrough loss"
        );
        assert!(text_used_by(&ev, di), "{id}: the text is narrated");
        let (ev, own, ..) = run(Some(0));
        assert_eq!(
            damage_to(&ev, B),
            own + 2,
            "{id}: left half, both cards lost"
        );
        let (ev, own, ..) = run(None);
        assert_eq!(damage_to(&ev, B), own + 2, "{id}: not in the plan");
    }
}

/// The first catalogue card (without game text first) of `kind` that fits one of `filters`.
fn first_fitting(filters: &[Filter], kind: CardType) -> Option<Card> {
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let book = AbilityBook::embedded();
    let mut fits: Vec<&Card> = cat
        .cards()
        .iter()
        .filter(|c| {
            c.card_type == kind
                && filters.iter().any(|f| f.matches(c))
                && (kind != CardType::Character || c.power.is_some() && c.damage.is_some())
        })
        .collect();
    fits.sort_by_key(|c| book.get(&c.id).is_some());
    fits.first().map(|c| (*c).clone())
}

#[test]
fn every_two_weapons_card_lets_its_user_add_both_weapons_and_lose_both() {
    // Template `two-weapons` (DF-17 Gungan Mounted Troops: "that character may use two
    // weapons and draw destiny for both"; card-text 16.8: plan order battle card, the two
    // weapons in either order, the character; each weapon adds its dots and draws its own
    // destiny; both are discarded with him; a weapon missing: read as usual). Yes: both
    // weapons' dots and cubes count, in either order, and a loss discards both. No: one
    // weapon only, no second weapon counts.
    let cards = cards_playing(&|a| matches!(a, Ability::TwoWeapons { .. }));
    assert_eq!(cards.len(), 5, "DF-15 DF-17 DF-44 RF-C3 RF-C10");
    probe_each(&cards, |card, a| {
        let Ability::TwoWeapons {
            user,
            first,
            second,
        } = a
        else {
            unreachable!("cards_playing chose this template")
        };
        // `order`: 0 first weapon first, 1 second weapon first, 2 the first weapon only.
        let run = |order: u8, foe_power: u8| -> Result<TwoWeaponRun, String> {
            let mut b = probe_game();
            let bc = b.add(A, card.clone(), Zone::Hand);
            let u = first_fitting(user, CardType::Character).ok_or("no user")?;
            let w1 = first_fitting(first, CardType::Weapon).ok_or("no first weapon")?;
            let w2 = first_fitting(second, CardType::Weapon).ok_or("no second weapon")?;
            let (w1, w2) = (b.add(A, w1, NABOO), b.add(A, w2, NABOO));
            let u = b.add(A, u, NABOO);
            let foe = b.add(B, ch("Probe Foe", foe_power, 1), NABOO);
            let mut g = b.build();
            let line = |w: CardRef| {
                let l = g.use_line_for(w, &[u], true, false, false).unwrap_or(0);
                let u = &g.def(w).uses[l];
                (u.dots, u.cubes)
            };
            let (l1, l2) = (line(w1), line(w2));
            let dots = l1.0 as i16 + l2.0 as i16;
            let cubes = l1.1 + l2.1;
            let plan = match order {
                0 => vec![bc, w1, w2, u],
                1 => vec![bc, w2, w1, u],
                _ => vec![bc, w1, u],
            };
            let mut ev = battle(&mut g, [&[bc], &[]], [&plan, &[foe]]);
            // A weapon with several lines that fit: its owner chooses; take the first offered.
            while let Some(crate::engine::Pending::BonusLine { lines, .. }) = g.pending() {
                ev.extend(play(
                    &mut g,
                    &[Action::ChooseLine(lines.trailing_zeros() as u8)],
                ));
            }
            Ok((ev, g, [w1, w2], dots, cubes))
        };
        for order in [0, 1] {
            let (ev, g, _, dots, cubes) = run(order, 0)?;
            let s = sides(&ev);
            let a = s.first().ok_or(format!("no fight: {ev:?}"))?.0;
            // Destiny cards of the filler are worth 1 each.
            let own_draws = i16::from(g.def(a.cards[0].unwrap()).draws_power());
            if a.parts.weapon != dots || a.parts.destiny != cubes as i16 + own_draws {
                return Err(format!(
                    "order {order}: weapons {:?}, want {dots} dots {cubes} cubes",
                    a.parts
                ));
            }
        }
        let (_, g, [w1, w2], _, _) = run(0, 60)?;
        let discard = &g.players[A.index()].discard;
        if !discard.contains(&w1) || !discard.contains(&w2) {
            return Err("a weapon stayed after its user's defeat".into());
        }
        let (ev, g, [w1, _], _, _) = run(2, 0)?;
        let fights = sides(&ev);
        let Some((a, _)) = fights.first() else {
            return Err("one weapon: no fight was fought".into());
        };
        let user = a.cards[0].unwrap();
        let line = g.use_line_for(w1, &[user], true, false, false).unwrap_or(0);
        if a.parts.weapon > g.def(w1).uses[line].dots as i16 {
            return Err("one weapon: more than its dots".into());
        }
        Ok(())
    });
}

/// A fight of BP-49 Gaderffii Stick's user against a foe, armed (`foe_armed`) or not, stopped
/// at the first decision: the game, the stick, the foe's weapon.
fn stick_fight(foe_armed: bool) -> (GameState, CardRef, Option<CardRef>, Vec<Event>) {
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let stick_card = cat
        .cards()
        .iter()
        .find(|c| c.id == "BP-49")
        .unwrap()
        .clone();
    let mut b = probe_game();
    let user = user_for(&stick_card, &[]).expect("a Tusken Raider");
    let stick = b.add(A, stick_card, NABOO);
    let u = b.add(A, user, NABOO);
    let w = foe_armed.then(|| {
        b.add(
            B,
            fx::weapon("Probe Cannon", &[("any character", 3, 1)]),
            NABOO,
        )
    });
    let foe = b.add(B, ch("Probe Foe", 4, 1), NABOO);
    let mut g = b.build();
    let b_plan: Vec<CardRef> = w.into_iter().chain([foe]).collect();
    let ev = battle(&mut g, [&[], &[]], [&[stick, u], &b_plan]);
    (g, stick, w, ev)
}

#[test]
fn gaderffii_stick_may_be_discarded_to_ignore_the_opposing_weapon() {
    // BP-49 Gaderffii Stick: "During his fight, you may discard this weapon from play to
    // ignore one opponent's weapon" (reading in data/abilities: done before the totals, the
    // discarded stick adds nothing either; discarding for its own text is no defeat).
    let (mut g, stick, w, _) = stick_fight(true);
    let use_it = Action::UseAbility {
        card: stick,
        option: 1,
    };
    assert!(legal(&g).contains(&use_it), "{:?}", legal(&g));
    let mut ev = play(&mut g, &[use_it]);
    assert!(g.players[A.index()].discard.contains(&stick));
    assert!(ev.contains(&Event::Discarded {
        player: A,
        card: stick,
        reason: crate::engine::event::DiscardReason::TextCost,
    }));
    // Used once: the stick is gone, nothing more to offer; go on to the fight.
    assert!(!legal(&g).contains(&use_it));
    while g.pending().is_some() && g.phase() == Phase::Fights {
        ev.extend(play(&mut g, &[Action::Decline]));
    }
    let (a, d) = sides(&ev)[0];
    assert_eq!(d.weapon, w, "still the weapon its user uses");
    assert_eq!(
        (d.parts.weapon, d.parts.destiny),
        (0, 0),
        "the cannon is ignored"
    );
    assert_eq!(
        (a.weapon, a.parts.weapon),
        (None, 0),
        "the stick adds nothing"
    );
    // Said once, when used (naming the weapon it cancels), not again as the fight's numbers
    // are asked: a second, vaguer "Gaderffii Stick's text takes effect" line told nothing.
    let said: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::TextUsed { card, .. } if *card == stick))
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        matches!(said[0], Event::TextUsed { ability: 1, on, .. } if *on == w),
        "{said:?}"
    );

    // Declined: both weapons count.
    let (mut g, _, _, mut ev) = stick_fight(true);
    while g.pending().is_some() && g.phase() == Phase::Fights {
        ev.extend(play(&mut g, &[Action::Decline]));
    }
    let (a, d) = sides(&ev)[0];
    assert_eq!((a.parts.weapon, d.parts.weapon), (1, 3));

    // Nothing to ignore: not offered.
    let (g, stick, _, _) = stick_fight(false);
    assert!(!legal(&g).contains(&Action::UseAbility {
        card: stick,
        option: 1
    }));
}

#[test]
fn a_fighter_who_fights_again_with_no_next_fight_does_not_break_through() {
    // JC-64 Wisdom Of The Council, card-text 15: the Jedi "fights the next fight"; when the
    // defender has no one left there is no next fight, and the Jedi, who has fought, is no
    // leftover character breaking through (rulebook "Breakthrough": leftover characters).
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let card = cat
        .cards()
        .iter()
        .find(|c| c.id == "JC-64")
        .unwrap()
        .clone();
    let mut b = probe_game();
    let jedi = user_for(&card, &[]).expect("a Jedi");
    let bc = b.add(A, card, Zone::Hand);
    let j = b.add(A, jedi, NABOO);
    let foe = b.add(B, fx::diamond(ch("Probe Foe", 0, 1)), NABOO);
    let mut g = b.build();
    let ev = battle(&mut g, [&[bc], &[]], [&[bc, j], &[foe]]);
    assert_eq!(sides(&ev).len(), 1);
    assert!(text_used_by(&ev, bc), "the text took effect: narrated");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Breakthrough { .. })),
        "{ev:?}"
    );
    assert_eq!(damage_to(&ev, B), 1, "only the foe's own damage");
}

#[test]
fn captain_panaka_counts_as_a_naboo_officer_for_come_on_move() {
    // EBN-P11 Captain Panaka "is considered to be a ◆ Naboo Officer, ◆ Royal Guard and ◆ Naboo
    // Security for all your cards": DF-15 Come On, Move! ("Use with any speeder, Naboo Blaster
    // and ◆ Naboo Officer. That character may use two weapons") lets him use both weapons, as
    // it does DM-19 Naboo Officer; a character who is neither (DM-1 Obi-Wan) uses one only.
    // DM-42 Flash Speeder adds 2 dots to a ◆ Naboo Officer, DM-44 Naboo Blaster 2 to a ◆ Royal
    // Guard (Panaka is both, DM-19 only the first); each line left adds 0 dots and 1 cube.
    // Each weapon used draws one destiny (the filler's cards are worth 1).
    for (id, dots, draws) in [("EBN-P11", 4, 2), ("DM-19", 2, 2), ("DM-1", 0, 1)] {
        let mut b = probe_game();
        let bc = b.add(A, real_card("DF-15"), Zone::Hand);
        let speeder = b.add(A, real_card("DM-42"), NABOO);
        let blaster = b.add(A, real_card("DM-44"), NABOO);
        let u = b.add(A, real_card(id), NABOO);
        let foe = b.add(B, ch("Probe Foe", 0, 1), NABOO);
        let mut g = b.build();
        let mut ev = battle(&mut g, [&[bc], &[]], [&[bc, speeder, blaster, u], &[foe]]);
        // Both weapons have a second line for any other character: the first line offered
        // is the better one.
        while let Some(crate::engine::Pending::BonusLine { lines, .. }) = g.pending() {
            ev.extend(play(
                &mut g,
                &[Action::ChooseLine(lines.trailing_zeros() as u8)],
            ));
        }
        let s = sides(&ev);
        let a = s
            .first()
            .unwrap_or_else(|| panic!("{id}: no fight, {:?}", g.pending()))
            .0;
        assert_eq!(
            (a.parts.weapon, a.parts.destiny),
            (dots, draws),
            "{id}: {:?}",
            a.parts
        );
    }
}

fn real_card(id: &str) -> Card {
    crate::catalogue::Catalogue::embedded_for_tests()
        .get(id)
        .unwrap_or_else(|| panic!("{id}"))
        .clone()
}

#[test]
fn captain_panaka_counts_as_a_naboo_officer_in_a_fight_together_group() {
    // EBN-P11 Captain Panaka counts as a ◆ Naboo Officer "for all your cards": DM-60 The
    // Federation Has Gone Too Far ("any two ◆ Naboo Officers ... fight together", +1 power)
    // joins him with DM-19 Naboo Officer into one fighter; with DM-1 Obi-Wan instead of him
    // the card is misplaced and the two fight apart.
    for (id, together) in [("EBN-P11", true), ("DM-1", false)] {
        let mut b = probe_game();
        let bc = b.add(A, real_card("DM-60"), Zone::Hand);
        let officer = b.add(A, real_card("DM-19"), NABOO);
        let u = b.add(A, real_card(id), NABOO);
        let foe = b.add(B, ch("Probe Foe", 0, 1), NABOO);
        let foe2 = b.add(B, ch("Probe Foe 2", 0, 1), NABOO);
        let mut g = b.build();
        let ev = battle(&mut g, [&[bc], &[]], [&[bc, officer, u], &[foe, foe2]]);
        let grouped = sides(&ev)
            .first()
            .is_some_and(|(a, _)| a.cards.iter().flatten().count() == 2);
        assert_eq!(grouped, together, "{id}: {:?}", sides(&ev));
    }
}
