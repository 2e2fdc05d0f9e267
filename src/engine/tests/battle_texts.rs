//! The battle texts over the real cards (issue 12): fight-together groups (rulebook "Fight
//! Together"), who alone is defeated when a group loses, the `bonus only if` conditions left
//! to text and the battle restrictions. A probe per template names every failing card; the
//! decisions have scenario tests.

use super::*;
use crate::catalogue::abilities::{Ability, Condition, Restriction};
use crate::catalogue::{Card, CardType, Planet};
use crate::engine::CardPool;
use crate::engine::card_pool::{CardDef, Kind};
use crate::engine::text_support::ability_played;
use crate::engine::use_lines::Single;

/// The catalogue and its pool.
fn catalogue() -> (&'static crate::catalogue::Catalogue, CardPool) {
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let pool = CardPool::from_cards(cat.cards());
    (cat, pool)
}

/// A catalogue character (with known facts) for each member, all different characters (no
/// two of one persona, none of `avoid`), preferring cards without game text.
fn members<'a>(
    cards: &'a [Card],
    pool: &CardPool,
    want: &[Single],
    distinct: bool,
    avoid: &[&str],
) -> Option<Vec<&'a Card>> {
    let book = crate::catalogue::abilities::AbilityBook::embedded();
    let mut out: Vec<&Card> = Vec::new();
    for m in want {
        let ok = |c: &&Card| {
            let d = pool.get(pool.find(&c.id).unwrap());
            d.kind == Kind::Character
                && c.power.is_some()
                && c.damage.is_some()
                && !avoid.contains(&c.id.as_str())
                && m.matches(d, false, false)
                && out.iter().all(|o| {
                    // Diamond cards of one name are different characters (several may be in
                    // play); a named character is one, whatever its card.
                    let od = pool.get(pool.find(&o.id).unwrap());
                    od.persona != d.persona || d.diamond && !distinct
                })
        };
        let c = cards
            .iter()
            .filter(ok)
            .find(|c| book.get(&c.id).is_none())
            .or_else(|| cards.iter().find(ok))?;
        out.push(c);
    }
    Some(out)
}

/// Two cards of one character stack (add together).
fn one_stack<'a>(cards: &'a [Card], pool: &CardPool) -> Option<[&'a Card; 2]> {
    let def = |c: &Card| pool.get(pool.find(&c.id).unwrap());
    let chars: Vec<&Card> = cards
        .iter()
        .filter(|c| def(c).kind == Kind::Character && c.power.is_some() && c.damage.is_some())
        .collect();
    chars.iter().find_map(|a| {
        chars
            .iter()
            .find(|b| b.id != a.id && def(b).persona == def(a).persona && def(a).stackable)
            .map(|b| [*a, *b])
    })
}

/// A battle at Naboo: A plays `card` (from hand) before `group`, against one fixture
/// character of B with `their_power`; returns the events. `weapon`: a card placed between.
fn group_battle(
    card: &Card,
    group: &[&Card],
    weapon: Option<Card>,
    their_power: u8,
) -> (GameState, Vec<CardRef>, Option<CardRef>, Vec<Event>) {
    let mut b = at_naboo();
    b.deck_filler(A, 1, 12);
    b.deck_filler(B, 1, 12);
    // The use-line reader reads a kind only if some card of the pool has it (`use_lines.rs`), as
    // in a real game's pool of the whole catalogue: every character is in B's discard pile.
    for c in crate::catalogue::Catalogue::embedded_for_tests().cards() {
        if c.card_type == CardType::Character {
            b.add(B, c.clone(), Zone::Discard);
        }
    }
    let me = b.add(A, card.clone(), Zone::Hand);
    let refs: Vec<CardRef> = group
        .iter()
        .map(|c| b.add(A, (*c).clone(), Zone::At(Planet::Naboo, true)))
        .collect();
    let w = weapon.map(|w| b.add(A, w, Zone::At(Planet::Naboo, true)));
    let y = b.add(B, ch("Y", their_power, 1), Zone::At(Planet::Naboo, true));
    let mut g = b.build();
    let mut plan = vec![me];
    plan.extend(w);
    plan.extend(&refs);
    let ev = battle(&mut g, [&[me], &[]], [&plan, &[y]]);
    (g, refs, w, ev)
}

fn fight_sides(ev: &[Event]) -> Vec<(usize, Option<CardRef>, Option<CardRef>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Fight { attacker, .. } => Some((
                attacker.cards.iter().flatten().count(),
                attacker.battle_card,
                attacker.weapon,
            )),
            _ => None,
        })
        .collect()
}

fn misplaced(ev: &[Event], card: CardRef) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::MisplacedBattleCard { card: c, .. } if *c == card))
}

/// The group a card's played fight-together ability is read with: the first alternative
/// of its first (left-half) line naming two or more characters.
fn group_of(def: &CardDef) -> Option<&crate::engine::use_lines::Group> {
    def.uses.iter().find_map(|u| {
        u.rule
            .alts
            .iter()
            .find(|g| g.members.len() >= 2 && !g.members.iter().any(is_ship))
    })
}

fn is_ship(m: &Single) -> bool {
    matches!(m.pred, crate::engine::use_lines::Pred::Class(_))
}

#[test]
fn every_played_fight_together_card_makes_its_group_fight_as_one() {
    // Rulebook "Fight Together": "you turn up cards until you get the group of characters.
    // The characters in that group fight like they were one big character"; "suppose you
    // didn't use the right kinds of characters ... just discard the first Battle card".
    // Yes-probe: the card before the real characters it names: one fight, all of them on
    // A's side, with the card. No-probe: the last member swapped for a character who fits
    // nothing: the card is misplaced (discarded) and each character fights alone.
    let (cat, pool) = catalogue();
    let cards = cat.cards();
    let mut failures = Vec::new();
    let mut probed = 0;
    for card in cards {
        let def = pool.get(pool.find(&card.id).unwrap());
        let Some(text) = def.text else { continue };
        let Some(a) = text
            .abilities
            .iter()
            .find(|a| matches!(a, Ability::FightTogether { .. }) && ability_played(a, def))
        else {
            continue;
        };
        let Some(g) = group_of(def) else {
            failures.push(format!("{}: played, but no group on its lines", card.id));
            continue;
        };
        let same_stack = matches!(
            a,
            Ability::FightTogether {
                same_stack: true,
                ..
            }
        );
        let group: Vec<&Card> = if same_stack {
            match one_stack(cards, &pool) {
                Some(two) => two.to_vec(),
                None => {
                    failures.push(format!("{}: no stack of two", card.id));
                    continue;
                }
            }
        } else {
            match members(cards, &pool, &g.members, g.distinct, &[]) {
                Some(m) => m,
                None => {
                    failures.push(format!("{}: no real characters fit {:?}", card.id, g));
                    continue;
                }
            }
        };
        probed += 1;
        let n = group.len();
        let (_, _, _, ev) = group_battle(card, &group, None, 1);
        let sides = fight_sides(&ev);
        if sides.first().map(|s| s.0) != Some(n) || sides[0].1.is_none() {
            let ids: Vec<&str> = group.iter().map(|c| c.id.as_str()).collect();
            failures.push(format!(
                "{}: {n} fitting characters {ids:?} did not fight as one: {sides:?}",
                card.id
            ));
        }
        let nobody = fx::character("Nobody In Particular", "", 1, 1, 1);
        let mut wrong = group.clone();
        wrong[n - 1] = &nobody;
        let (_, _, _, ev) = group_battle(card, &wrong, None, 1);
        let sides = fight_sides(&ev);
        if sides.iter().any(|s| s.0 > 1)
            || !ev
                .iter()
                .any(|e| matches!(e, Event::MisplacedBattleCard { .. }))
        {
            failures.push(format!(
                "{}: a group with a character who fits nothing still fought as one: {sides:?}",
                card.id
            ));
        }
    }
    assert!(probed >= 40, "only {probed} fight-together cards probed");
    assert!(
        failures.is_empty(),
        "{} of {probed} fight-together cards fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_only_defeated_card_loses_only_the_member_it_names() {
    // Rulebook "Fight Together": "all of your characters that were fighting together are
    // defeated – and you suffer Damage ... for each of them (unless the Battle card says that
    // only [one] of them is defeated)". BN-48, BN-119, BN-122, BP-23, DF-49. Yes-probe: the
    // group loses: only the members that fit are defeated, the others stay at the planet,
    // and the damage is theirs alone. No-probe: the same characters with a battle card of
    // the same use line and no text: all are defeated.
    let (cat, pool) = catalogue();
    let cards = cat.cards();
    let mut failures = Vec::new();
    let mut probed = 0;
    for card in cards {
        let def = pool.get(pool.find(&card.id).unwrap());
        let Some(text) = def.text else { continue };
        let Some(Ability::OnlyDefeated { who }) = text
            .abilities
            .iter()
            .find(|a| matches!(a, Ability::OnlyDefeated { .. }) && ability_played(a, def))
        else {
            continue;
        };
        let g = group_of(def).expect("an only-defeated card names a group");
        let Some(group) = members(cards, &pool, &g.members, g.distinct, &[]) else {
            failures.push(format!("{}: no real characters fit", card.id));
            continue;
        };
        probed += 1;
        let fits: Vec<bool> = group.iter().map(|c| who.matches(c)).collect();
        if fits.iter().all(|&f| f) || !fits.iter().any(|&f| f) {
            failures.push(format!("{}: probe group {fits:?} tests nothing", card.id));
            continue;
        }
        let defeated = |ev: &[Event], refs: &[CardRef]| -> Vec<bool> {
            refs.iter()
                .map(|r| {
                    ev.iter()
                        .any(|e| matches!(e, Event::Defeated { card, .. } if card == r))
                })
                .collect()
        };
        let damage = |ev: &[Event]| -> u32 {
            ev.iter()
                .filter_map(|e| match e {
                    Event::Damage { player: A, cards } => Some(*cards as u32),
                    _ => None,
                })
                .sum()
        };
        let (g1, refs, _, ev) = group_battle(card, &group, None, 60);
        let got = defeated(&ev, &refs);
        let want_damage: u32 = group
            .iter()
            .zip(&fits)
            .filter(|(_, f)| **f)
            .map(|(c, _)| c.damage.unwrap() as u32)
            .sum();
        let stayed = refs
            .iter()
            .zip(&fits)
            .filter(|(_, f)| !**f)
            .all(|(r, _)| g1.at(Planet::Naboo, A).iter().any(|c| c.card == *r));
        if got != fits || damage(&ev) != want_damage || !stayed {
            failures.push(format!(
                "{}: defeated {got:?} (want {fits:?}), damage {} (want {want_damage}), others stayed: {stayed}",
                card.id,
                damage(&ev)
            ));
        }
        let who_text = &card.uses[0].who;
        let plain = fx::battle("Plain Group", &[(who_text.as_str(), 0, 0)]);
        let (_, refs, _, ev) = group_battle(&plain, &group, None, 60);
        if defeated(&ev, &refs).iter().any(|d| !d) {
            failures.push(format!(
                "{}: without its text some of the group survived",
                card.id
            ));
        }
    }
    assert!(probed >= 5, "only {probed} only-defeated cards probed");
    assert!(
        failures.is_empty(),
        "{} of {probed} only-defeated cards fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A's real battle card `card` used by fixture character X (power 3) against B's Y (power
/// 1); `setup` changes the game before the battle, `after` is played once the plans are made
/// (answers to the fight's window). Returns the game, the card and the events.
fn bonus_battle(
    card: &Card,
    setup: &dyn Fn(&mut GameState),
    after: &dyn Fn(CardRef) -> Vec<Action>,
) -> (GameState, CardRef, Vec<Event>) {
    let mut b = at_naboo();
    b.deck_filler(A, 1, 12);
    b.deck_filler(B, 1, 12);
    let me = b.add(A, card.clone(), Zone::Hand);
    let x = b.add(A, ch("X", 3, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
    let mut g = b.build();
    setup(&mut g);
    let mut ev = battle(&mut g, [&[me], &[]], [&[me, x], &[y]]);
    ev.extend(play(&mut g, &after(me)));
    (g, me, ev)
}

fn battle_card_dots(ev: &[Event]) -> Option<i16> {
    ev.iter().find_map(|e| match e {
        Event::Fight { attacker, .. } => Some(attacker.parts.battle_card),
        _ => None,
    })
}

#[test]
fn every_played_bonus_condition_counts_only_when_it_holds() {
    // Template `bonus-only-if`, the conditions the use-line reader leaves to text.
    // BP-24, BP-52 "Add power bonus only if your opponent controls a planet you did not
    // surrender": yes-probe, B won Tatooine; no-probes, nobody controls a planet, B controls
    // one A surrendered, A controls one. BP-22, BP-53 "only if you reveal the cards in your
    // hand" (card-text 16.12, the choice made when the card is turned up): yes-probe, A uses
    // the offered ability before the fight; no-probe, A declines. The card is used (and
    // discarded) either way.
    let (cat, pool) = catalogue();
    let cards = cat.cards();
    let mut failures = Vec::new();
    let mut probed = 0;
    for card in cards {
        let def = pool.get(pool.find(&card.id).unwrap());
        let Some(text) = def.text else { continue };
        for (i, a) in text.abilities.iter().enumerate() {
            let Ability::BonusOnlyIf { when, .. } = a else {
                continue;
            };
            if !crate::engine::text_templates::plays(a, def) {
                continue;
            }
            let dots = card.uses[0].dots.unwrap() as i16;
            probed += 1;
            let none = |_: CardRef| Vec::new();
            let no_setup = |_: &mut GameState| {};
            let status = |by: Player, surrendered: bool| {
                move |g: &mut GameState| {
                    g.planets[Planet::Tatooine as usize].status =
                        crate::engine::state::PlanetStatus::Controlled { by, surrendered };
                }
            };
            let (yes, nos): (Option<i16>, Vec<Option<i16>>) = match when.as_slice() {
                [Condition::OpponentControlsUnsurrendered] => (
                    battle_card_dots(&bonus_battle(card, &status(B, false), &none).2),
                    vec![
                        battle_card_dots(&bonus_battle(card, &no_setup, &none).2),
                        battle_card_dots(&bonus_battle(card, &status(B, true), &none).2),
                        battle_card_dots(&bonus_battle(card, &status(A, false), &none).2),
                    ],
                ),
                [Condition::RevealHand] => {
                    let reveal = |me: CardRef| {
                        vec![
                            Action::UseAbility {
                                card: me,
                                option: i as u8,
                            },
                            Action::Decline,
                        ]
                    };
                    let (g, me, ev) = bonus_battle(card, &no_setup, &reveal);
                    // Said twice over: the text used, and the reveal itself (a reader must
                    // see the hand was shown, not infer it from "only if you reveal").
                    let narrated = ev.iter().any(|e| {
                        matches!(e, Event::TextUsed { card, ability, .. } if *card == me && *ability == i as u8)
                    }) && ev.iter().any(|e| {
                        matches!(e, Event::HandRevealed { player: A, .. })
                    });
                    if !g.text_state.revealed_hand[A.index()] || !narrated {
                        failures.push(format!("{}: the hand is not shown as revealed", card.id));
                    }
                    let decline = |_: CardRef| vec![Action::Decline];
                    (
                        battle_card_dots(&ev),
                        vec![battle_card_dots(&bonus_battle(card, &no_setup, &decline).2)],
                    )
                }
                other => {
                    failures.push(format!("{}: no probe for {other:?}", card.id));
                    continue;
                }
            };
            if yes != Some(dots) || nos.iter().any(|n| *n != Some(0)) {
                failures.push(format!(
                    "{}: bonus {yes:?} where the condition holds (want {dots}), {nos:?} where not",
                    card.id
                ));
            }
        }
    }
    assert!(probed >= 4, "only {probed} bonus conditions probed");
    assert!(
        failures.is_empty(),
        "{} of {probed} bonus conditions fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A fixture weapon any character may use: +2 power.
fn any_blaster() -> Card {
    fx::weapon("Probe Blaster", &[("any character", 2, 0)])
}

fn weapon_used(ev: &[Event], side: Player) -> Option<bool> {
    ev.iter().find_map(|e| match e {
        Event::Fight {
            attacker, defender, ..
        } => Some(if side == A { attacker } else { defender }.weapon.is_some()),
        _ => None,
    })
}

#[test]
fn every_played_battle_restriction_forbids_only_what_it_names() {
    // Template `restriction` in battles. DM-50, RF-C2 "(the characters it is used with) may
    // not use a Weapon card": a weapon placed between the card and its group is ignored (rulebook
    // "What if you make a mistake?": a weapon that does not work is ignored), where a plain
    // card of the same line lets it work. DF-23 "Trade Federation Tanks may not use weapons"
    // (card-text 16.10): with the Effect at the planet, an opposing tank's weapon is ignored,
    // another character's is not. V1-JC-3 "may not use battle cards" (card-text 8): a battle
    // card placed before him is misplaced, before another character it works.
    let (cat, pool) = catalogue();
    let cards = cat.cards();
    let mut failures = Vec::new();
    let mut probed = 0;
    for card in cards {
        let def = pool.get(pool.find(&card.id).unwrap());
        let Some(text) = def.text else { continue };
        for a in &text.abilities {
            let Ability::Restriction { rule, .. } = a else {
                continue;
            };
            if !crate::engine::text_templates::plays(a, def) {
                continue;
            }
            probed += 1;
            match rule {
                Restriction::NoWeaponCard => {
                    let g = group_of(def).expect("a group");
                    let Some(group) = members(cards, &pool, &g.members, g.distinct, &[]) else {
                        failures.push(format!("{}: no group", card.id));
                        continue;
                    };
                    let (_, _, _, ev) = group_battle(card, &group, Some(any_blaster()), 1);
                    let plain = fx::battle("Plain Group", &[(card.uses[0].who.as_str(), 0, 0)]);
                    let (_, _, _, ev2) = group_battle(&plain, &group, Some(any_blaster()), 1);
                    let ignored = ev.iter().any(|e| matches!(e, Event::IgnoredWeapon { .. }));
                    if weapon_used(&ev, A) != Some(false)
                        || !ignored
                        || weapon_used(&ev2, A) != Some(true)
                    {
                        failures.push(format!(
                            "{}: weapon used {:?} with it, {:?} with a plain card",
                            card.id,
                            weapon_used(&ev, A),
                            weapon_used(&ev2, A)
                        ));
                    }
                }
                Restriction::NoWeapons(f) => {
                    let run = |fits: bool| {
                        let mut b = at_naboo();
                        b.deck_filler(A, 1, 12);
                        b.deck_filler(B, 1, 12);
                        b.add(A, card.clone(), Zone::At(Planet::Naboo, true));
                        let x = b.add(A, ch("X", 1, 1), Zone::At(Planet::Naboo, true));
                        let target = cards
                            .iter()
                            .find(|c| {
                                c.card_type == CardType::Character
                                    && c.power.is_some()
                                    && f.iter().any(|f| f.matches(c)) == fits
                            })
                            .expect("a character");
                        let t = b.add(B, target.clone(), Zone::At(Planet::Naboo, true));
                        let w = b.add(B, any_blaster(), Zone::At(Planet::Naboo, true));
                        let mut g = b.build();
                        let ev = battle(&mut g, [&[], &[]], [&[x], &[w, t]]);
                        weapon_used(&ev, B)
                    };
                    if run(true) != Some(false) || run(false) != Some(true) {
                        failures.push(format!(
                            "{}: a fitting card's weapon used {:?}, another's {:?}",
                            card.id,
                            run(true),
                            run(false)
                        ));
                    }
                }
                Restriction::NoBattleCards => {
                    let run = |him: bool| {
                        let mut b = at_naboo();
                        b.deck_filler(A, 1, 12);
                        b.deck_filler(B, 1, 12);
                        let user = if him {
                            b.add(A, card.clone(), Zone::At(Planet::Naboo, true))
                        } else {
                            b.add(A, ch("X", 1, 1), Zone::At(Planet::Naboo, true))
                        };
                        let bc = b.add(
                            A,
                            fx::battle("Plain", &[("any character", 2, 0)]),
                            Zone::Hand,
                        );
                        let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
                        let mut g = b.build();
                        let ev = battle(&mut g, [&[bc], &[]], [&[bc, user], &[y]]);
                        misplaced(&ev, bc)
                    };
                    if !run(true) || run(false) {
                        failures.push(format!(
                            "{}: battle card misplaced before him {}, before another {}",
                            card.id,
                            run(true),
                            run(false)
                        ));
                    }
                }
                // The duel restrictions are probed in duel_texts.rs (V1-JC-3, V1-JC-16).
                // Every restriction has its probe: a new one fails to compile here until it does.
                Restriction::NotDefendedInDuel | Restriction::MayNotPassInDuel => {}
            }
        }
    }
    assert!(probed >= 4, "only {probed} restrictions probed");
    assert!(
        failures.is_empty(),
        "{} of {probed} restrictions fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn gungan_battle_cry_keeps_captain_tarpals_and_his_weapon_when_the_group_loses() {
    // BN-48 Gungan Battle Cry: "Captain Tarpals and any ◆ Gungan ... If they lose, only the
    // Gungan is defeated." Reading chosen: the Captain stays, and so does the weapon he
    // used (the rulebook discards a weapon with its defeated user only); the damage is the
    // Gungan's alone.
    let mut b = at_naboo();
    b.deck_filler(A, 1, 12);
    b.deck_filler(B, 1, 12);
    let cry = b.add(A, real("BN-48"), Zone::Hand);
    let w = b.add(A, any_blaster(), Zone::At(Planet::Naboo, true));
    let tarpals = b.add(A, real("BN-14"), Zone::At(Planet::Naboo, true));
    let gungan = b.add(A, real("BN-31"), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Giant", 40, 1), Zone::At(Planet::Naboo, true));
    let mut g = b.build();
    assert!(g.def(gungan).diamond, "BN-31 is a diamond Gungan");
    let ev = battle(&mut g, [&[cry], &[]], [&[cry, w, tarpals, gungan], &[y]]);
    let sides = fight_sides(&ev);
    assert_eq!(sides[0], (2, Some(cry), Some(w)), "{ev:?}");
    let defeated: Vec<CardRef> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Defeated { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(defeated, vec![gungan]);
    let here: Vec<CardRef> = g.at(Planet::Naboo, A).iter().map(|c| c.card).collect();
    assert!(here.contains(&tarpals) && here.contains(&w), "{here:?}");
    let damage = g.def(gungan).damage();
    assert!(ev.contains(&Event::Damage {
        player: A,
        cards: damage
    }));
    // Narrated as the card's text: "Gungan Battle Cry: only the Gungan is defeated".
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TextUsed { card, on: Some(on), .. } if *card == cry && *on == tarpals
    )));
}

#[test]
fn jar_jar_outcast_fails_a_fight_together_card_whose_group_holds_him() {
    // V1-JC-3 Jar Jar Binks, Gungan Outcast: "May not use battle cards" — card-text 8: "a
    // fight-together card fails if its group would include him". RF-C5 names Anakin and Jar
    // Jar: with another Jar Jar (DM-3) the pair fights as one; with this one the card is
    // misplaced and discarded, and each fights alone.
    for outcast in [false, true] {
        let mut b = at_naboo();
        b.deck_filler(A, 1, 12);
        b.deck_filler(B, 1, 12);
        let card = b.add(A, real("RF-C5"), Zone::Hand);
        let anakin = b.add(A, real("BN-4"), Zone::At(Planet::Naboo, true));
        let jar_jar = b.add(
            A,
            real(if outcast { "V1-JC-3" } else { "DM-3" }),
            Zone::At(Planet::Naboo, true),
        );
        let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
        let z = b.add(B, ch("Z", 1, 1), Zone::At(Planet::Naboo, true));
        let mut g = b.build();
        let ev = battle(&mut g, [&[card], &[]], [&[card, anakin, jar_jar], &[y, z]]);
        assert_eq!(misplaced(&ev, card), outcast, "{ev:?}");
        assert_eq!(fight_sides(&ev)[0].0, if outcast { 1 } else { 2 });
    }
}

#[test]
fn dis_is_nutsen_shows_the_hand_to_the_opponent_when_used() {
    // BP-22 Dis Is Nutsen: "Add power bonus only if you reveal the cards in your hand to your
    // opponent" (card-text 16.12: chosen when the card is turned up). Before, B's view sees
    // nothing of A's hand; once A reveals for the bonus, B sees every card of it (until the
    // turn ends).
    let mut b = at_naboo();
    b.deck_filler(A, 1, 12);
    b.deck_filler(B, 1, 12);
    let card = b.add(A, real("BP-22"), Zone::Hand);
    let kept = b.add(A, ch("Kept", 2, 2), Zone::Hand);
    let x = b.add(A, ch("X", 3, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
    let mut g = b.build();
    battle(&mut g, [&[card], &[]], [&[card, x], &[y]]);
    assert!(g.view(B).def(kept).is_none());
    assert_eq!(g.view(B).revealed_hand(A), None);
    assert!(legal(&g).contains(&Action::UseAbility { card, option: 0 }));
    let ev = play(
        &mut g,
        &[Action::UseAbility { card, option: 0 }, Action::Decline],
    );
    assert!(g.view(B).def(kept).is_some());
    assert_eq!(g.view(B).revealed_hand(A), Some(&[kept][..]));
    assert_eq!(battle_card_dots(&ev), Some(2));
}

#[test]
fn gungan_energy_shield_takes_a_dueled_tanks_weapon_too() {
    // DF-23 Gungan Energy Shield: "Trade Federation Tanks may not use weapons" — card-text
    // 16.10: "in battles and in duels". A's Obi-Wan duels B's tank; with the Effect at the
    // planet the tank's laser cannon is not among its weapons to choose, without it it is.
    for shield in [false, true] {
        let mut b = at_naboo();
        b.deck_filler(A, 1, 20);
        b.deck_filler(B, 1, 20);
        let obi = b.add(A, real("DM-1"), Zone::At(Planet::Naboo, true));
        let saber = b.add(A, real("DM-34"), Zone::At(Planet::Naboo, true));
        if shield {
            b.add(A, real("DF-23"), Zone::At(Planet::Naboo, true));
        }
        let tank = b.add(B, real("BN-81"), Zone::At(Planet::Naboo, true));
        let cannon = b.add(B, real("BN-112"), Zone::At(Planet::Naboo, true));
        let mut g = b.build();
        play(
            &mut g,
            &[
                Action::Duel {
                    duelist: obi,
                    saber,
                    target: tank,
                },
                Action::DuelDefender(tank),
            ],
        );
        let weapons = legal(&g);
        assert_eq!(
            weapons.contains(&Action::DuelWeapon(Some(cannon))),
            !shield,
            "{weapons:?}"
        );
    }
}

#[test]
fn move_against_the_jedi_first_adds_only_at_the_jedi_council_chamber() {
    // JC-123 Move Against The Jedi First: "●●●● Use with any character who is fighting at the
    // Jedi Council Chamber." At Coruscant's Jedi Council Chamber the fighter gets +4; at the
    // Galactic Senate the card fits nobody (misplaced, no bonus).
    for (site, bonus) in [(0, 4), (1, 0)] {
        let mut b = Builder::new();
        b.current(Planet::Coruscant, site);
        b.phase(Phase::BattleStep, A);
        b.deck_filler(A, 1, 12);
        b.deck_filler(B, 1, 12);
        let here = Zone::At(Planet::Coruscant, true);
        let card = b.add(A, real("JC-123"), Zone::Hand);
        let x = b.add(A, ch("X", 3, 1), here);
        let y = b.add(B, ch("Y", 1, 1), here);
        let mut g = b.build();
        let ev = battle(&mut g, [&[card], &[]], [&[card, x], &[y]]);
        assert_eq!(fights(&ev)[0].0, 3 + bonus, "site {site}: {ev:?}");
    }
}

#[test]
fn gunga_city_works_with_a_rep_but_not_a_representative() {
    // BN-47 Gunga City: "●●● Use with Boss Nass, any Rep or any ◆ Gungan Official." BN-32 Rep
    // Officer is a Rep (+3); JC-8 Queen Amidala, Representative of Naboo is not (the card is
    // misplaced: +0), though "Representative" starts with the same letters (RULINGS.md R1:
    // kinds are read from whole words of names).
    for (id, bonus) in [("BN-32", 3), ("JC-8", 0)] {
        let mut b = at_naboo();
        b.deck_filler(A, 1, 12);
        b.deck_filler(B, 1, 12);
        let card = b.add(A, real("BN-47"), Zone::Hand);
        // The line's names and kinds must name cards of the pool: Boss Nass, a Rep, a Gungan
        // Official.
        for named in ["BN-12", "BN-32", "DM-22"] {
            b.add(A, real(named), Zone::Discard);
        }
        let x = b.add(A, real(id), Zone::At(Planet::Naboo, true));
        let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
        let mut g = b.build();
        let base = g
            .view(A)
            .power(x, crate::engine::Arena::Battle, None, None)
            .unwrap();
        let ev = battle(&mut g, [&[card], &[]], [&[card, x], &[y]]);
        assert_eq!(fights(&ev)[0].0, base + bonus, "{id}: {ev:?}");
    }
}

/// Rulebook "Fight Together": one Weapon card may come after the battle card "if the weapon
/// works with the first character in the group": the first character uses it, the others use
/// none. BN-72 Darth Sidious, Sith Manipulator (+1 power and 1 less DAMAGE while he uses a ◆
/// Sith Lightsaber) behind DM-71 Darth Maul with BN-124 Now There Are Two Of Them and BN-110
/// Sith Lightsaber: Maul's saber is not Sidious's, so no +1 and, when the group loses, his
/// full DAMAGE 6. In front, Sidious uses it: +1, and 5. The engine gave every member the
/// first one's weapon.
#[test]
fn only_the_first_of_a_group_uses_its_weapon_for_while_using_texts() {
    for (sidious_first, text, damage) in [(false, 0, 5 + 6), (true, 1, 6 - 1 + 5)] {
        let run = |their_power: u8| {
            let group = if sidious_first {
                [real("BN-72"), real("DM-71")]
            } else {
                [real("DM-71"), real("BN-72")]
            };
            let refs: Vec<&Card> = group.iter().collect();
            group_battle(&real("BN-124"), &refs, Some(real("BN-110")), their_power)
        };
        let (_, _, w, ev) = run(1);
        let fight = ev
            .iter()
            .find_map(|e| match e {
                Event::Fight { attacker, .. } => Some(*attacker),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no fight: {ev:?}"));
        assert_eq!(fight.cards.iter().flatten().count(), 2, "{ev:?}");
        assert_eq!(fight.weapon, w, "the saber is used");
        assert_eq!(
            fight.parts.text, text,
            "Sidious first: {sidious_first}: {:?}",
            fight.parts
        );
        let (_, _, _, ev) = run(60);
        let taken: u32 = ev
            .iter()
            .filter_map(|e| match e {
                Event::Damage { player: A, cards } => Some(*cards as u32),
                _ => None,
            })
            .sum();
        assert_eq!(taken, damage, "Sidious first: {sidious_first}: {ev:?}");
    }
}
