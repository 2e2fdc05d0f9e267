//! Dueling text, destiny rules and duel restrictions of the real cards (template `duel`,
//! `destiny`, `restriction` in data/abilities; text_templates/duel.rs): a probe per template
//! over every card that carries it, naming every failure, and scenarios for the decisions.

use super::*;
use crate::catalogue::abilities::{Ability, AbilityBook, Condition, DestinyRule, DuelEffect};
use crate::catalogue::{Card, CardType, Planet};
use crate::engine::CardPool;
use crate::engine::text_templates;

fn catalogue() -> &'static [Card] {
    crate::catalogue::Catalogue::embedded_for_tests().cards()
}

fn real(id: &str) -> Card {
    catalogue()
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("{id}"))
        .clone()
}

/// A catalogue character without game text that passes `ok`.
fn plain(ok: &dyn Fn(&Card) -> bool) -> Card {
    let book = AbilityBook::embedded();
    catalogue()
        .iter()
        .find(|c| {
            c.card_type == CardType::Character
                && book.get(&c.id).is_none()
                && matches!(c.power, Some(crate::catalogue::Power::Value(_)))
                && c.damage.is_some()
                && ok(c)
        })
        .expect("a plain character")
        .clone()
}

/// A's Jedi duelist (damage 6 or more) and B's target (damage 6 or more), both without text.
fn duelists() -> (Card, Card) {
    let jedi = plain(&|c| c.has_trait("jedi") && c.damage >= Some(6));
    let target = plain(&|c| c.side == crate::catalogue::Side::Dark && c.damage >= Some(6));
    (jedi, target)
}

/// What a hit left in the duel: hits on A's and B's duelists, A's dueling hand size, whether
/// the attack card went to A's discard pile, whether A was asked.
#[derive(Debug, PartialEq, Eq)]
struct After {
    hits: [u8; 2],
    hand: usize,
    discarded: bool,
    asked: bool,
}

/// A duel at Naboo: A's Jedi against B's character, A with one hit already on its duelist;
/// A's attack card is `card` (on top of A's deck) unless `other_attack`; A's duelist defends
/// when `defending`; B's duelist is `target` (a plain one by default). B cannot block. A
/// answers a prompt "yes" when `accept`.
fn hit_probe(
    card: &Card,
    other_attack: bool,
    defending: bool,
    target: Option<Card>,
    accept: bool,
) -> Result<After, String> {
    let (jedi, plain_target) = duelists();
    let target = target.unwrap_or(plain_target);
    let mut b = at_naboo();
    let obi = b.add(A, jedi.clone(), Zone::At(Planet::Naboo, true));
    let foe = b.add(B, target, Zone::At(Planet::Naboo, true));
    let saber = saber_for(&mut b, A, &jedi.title);
    let v = card.destiny.unwrap_or(0);
    let other = if v == 6 { 1 } else { 6 };
    let me = b.add(A, card.clone(), Zone::Deck);
    let filler = b.add(A, fx::destiny(other), Zone::Deck);
    b.deck_filler(A, other, 20);
    b.deck_filler(B, if v == 6 || other == 6 { 3 } else { 6 }, 20);
    let mut g = b.build();
    play(
        &mut g,
        &[
            Action::Duel {
                duelist: obi,
                saber,
                target: foe,
            },
            Action::DuelDefender(foe),
            Action::DuelWeapon(None),
        ],
    );
    {
        let d = g.duel.as_mut().ok_or("no duel")?;
        d.hits[A.index()] = 1;
        d.to_act = A;
        if defending {
            d.initiator = B;
        }
    }
    let attack = if other_attack { filler } else { me };
    if !g.player(A).duel_hand.contains(&attack) {
        return Err(format!("attack card not in the dueling hand ({})", card.id));
    }
    play(&mut g, &[Action::DuelAttack(attack), Action::DuelNoBlock]);
    let mut asked = false;
    if let Some(crate::engine::Pending::Prompt { player, source, .. }) = g.pending() {
        asked = player == A && source == me;
        let yes = legal(&g)
            .into_iter()
            .find(|a| matches!(a, Action::UseAbility { .. }))
            .ok_or("a prompt with no yes")?;
        play(&mut g, &[if accept { yes } else { Action::Decline }]);
    }
    let d = g.duel.as_ref().ok_or("the duel ended")?;
    Ok(After {
        hits: d.hits,
        hand: g.player(A).duel_hand.len(),
        discarded: g.player(A).discard.contains(&me),
        asked,
    })
}

/// The hand a duel probe leaves A when nothing happens (the hand before the attack, less the
/// attack card).
fn plain_hand() -> usize {
    let (jedi, _) = duelists();
    let card = fx::destiny(2);
    let r = hit_probe(&card, false, false, None, true).expect("plain probe");
    let _ = jedi;
    r.hand
}

#[test]
fn every_dueling_text_works_when_its_card_scores_a_hit_and_only_then() {
    // card-text 16.6: "When dueling ..." applies only when that card scores a hit (rulebook:
    // "when the card that scores a hit has special dueling game text, you do what the card
    // says"). Yes-probe: the card hits (conditions met): its effect, exactly. No-probe:
    // another card hits, or a condition fails (V1-JC-42 when the Jedi attacks): nothing.
    // Cancel-probe: V1-JC-14 Depa Billaba is hit: "dueling cards that hit her have their
    // dueling text negated".
    let pool = CardPool::from_cards(catalogue());
    let base = plain_hand();
    let depa = real("V1-JC-14");
    let mut failures = Vec::new();
    let mut probed = 0;
    for card in catalogue() {
        let def = pool.get(pool.find(&card.id).unwrap());
        let Some(text) = def.text else { continue };
        for a in &text.abilities {
            let Ability::Duel {
                on_hit: true,
                when,
                optional,
                effect,
                ..
            } = a
            else {
                continue;
            };
            assert!(text_templates::plays(a, def), "{}: not played", card.id);
            probed += 1;
            let defending = when.contains(&Condition::DefendingInDuel);
            let mut want = After {
                hits: [1, 1],
                hand: base,
                discarded: false,
                asked: *optional,
            };
            for e in effect {
                match *e {
                    DuelEffect::ExtraHits(n) => want.hits[1] += n,
                    DuelEffect::DiscardForExtraHits(n) => {
                        want.hits[1] += n;
                        want.discarded = true;
                    }
                    DuelEffect::DiscardToDraw(n) => {
                        want.hand += n as usize;
                        want.discarded = true;
                    }
                    DuelEffect::DrawIntoDuelingHand(n) => want.hand += n as usize,
                    DuelEffect::RemoveOwnHit(n) => want.hits[0] -= n.min(1),
                    _ => {}
                }
            }
            let none = After {
                hits: [1, 1],
                hand: base,
                discarded: false,
                asked: false,
            };
            let check = |what: &str, got: Result<After, String>, want: &After| match got {
                Ok(g) if g == *want => None,
                Ok(g) => Some(format!("{} {what}: {g:?}, want {want:?}", card.id)),
                Err(e) => Some(format!("{} {what}: {e}", card.id)),
            };
            let yes = hit_probe(card, false, defending, None, true);
            let no = if when.is_empty() {
                hit_probe(card, true, false, None, true)
            } else {
                hit_probe(card, false, !defending, None, true)
            };
            let mut depa_target = depa.clone();
            // Depa must survive the uncancelled hit too, to be measured.
            depa_target.damage = Some(9);
            let cancelled = hit_probe(card, false, defending, Some(depa_target), true);
            failures.extend(check("hits", yes, &want));
            failures.extend(check("another hit", no, &none));
            failures.extend(check("hitting Depa Billaba", cancelled, &none));
            if *optional {
                let declined = hit_probe(card, false, defending, None, false);
                let asked = After {
                    asked: true,
                    ..none
                };
                failures.extend(check("declined", declined, &asked));
            }
        }
    }
    assert!(probed >= 11, "only {probed} dueling texts");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn obi_wan_jedi_warrior_draws_a_card_more_per_damage_2_3_4_character_here() {
    // V1-JC-39 (card-text 11): one more dueling card for each other face-up character of his
    // owner here with printed DAMAGE 2, 3 or 4; not for DAMAGE 5, not for a hidden one, and
    // only when he is the dueling character.
    let wanted = |helpers: &[(u8, bool)], with_him: bool| -> u8 {
        let mut b = at_naboo();
        let who = if with_him {
            real("V1-JC-39")
        } else {
            plain(&|c| c.has_trait("jedi"))
        };
        let obi = b.add(A, who.clone(), Zone::At(Planet::Naboo, true));
        let saber = saber_for(&mut b, A, &who.title);
        for &(damage, face_up) in helpers {
            b.add(A, ch("Helper", 1, damage), Zone::At(Planet::Naboo, face_up));
        }
        let foe = b.add(B, ch("Foe", 3, 5), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 30);
        b.deck_filler(B, 1, 30);
        let mut g = b.build();
        let ev = play(
            &mut g,
            &[
                Action::Duel {
                    duelist: obi,
                    saber,
                    target: foe,
                },
                Action::DuelDefender(foe),
                Action::DuelWeapon(None),
            ],
        );
        ev.iter()
            .find_map(|e| match e {
                Event::DuelHand {
                    player: A, wanted, ..
                } => Some(*wanted),
                _ => None,
            })
            .unwrap()
    };
    let alone = wanted(&[], true);
    assert_eq!(wanted(&[(2, true), (3, true), (4, true)], true), alone + 3);
    assert_eq!(wanted(&[(5, true), (1, true)], true), alone);
    assert_eq!(wanted(&[(2, false)], true), alone, "a hidden one does not count");
    // Another duelist gains nothing from them.
    let other = wanted(&[], false);
    assert_eq!(wanted(&[(2, true), (3, true)], false), other);
}

