//! Every real card of a template the engine plays, run through a probe (issue 12: "a test that
//! shows the text changing a game where it should and not applying where it should not").
//! One test per template; each names every failing card.

use super::*;
use crate::catalogue::abilities::{Ability, Condition, Filter, Whose};
use crate::catalogue::{Card, CardType, Planet};
use crate::engine::CardPool;
use crate::engine::text::Arena;
use crate::engine::text_templates;

/// A card that fights (a character, an Armed & Dangerous card or a starship) with known facts.
fn fights(c: &Card) -> bool {
    matches!(
        c.card_type,
        CardType::Character | CardType::ArmedAndDangerous | CardType::Starship
    ) && c.power.is_some()
        && c.damage.is_some()
}

/// The first catalogue card (one without game text first, so its own text does not blur the
/// probe) that passes `kind` and fits `filters` (`want`) or not.
fn pick<'a>(
    cards: &'a [Card],
    filters: &[Filter],
    want: bool,
    kind: &dyn Fn(&Card) -> bool,
    not: &str,
) -> Option<&'a Card> {
    let fit = |c: &&Card| kind(c) && c.id != not && filters.iter().any(|f| f.matches(c)) == want;
    let book = crate::catalogue::abilities::AbilityBook::embedded();
    cards
        .iter()
        .filter(fit)
        .find(|c| book.get(&c.id).is_none())
        .or_else(|| cards.iter().find(fit))
}

#[test]
fn every_played_modifier_changes_its_number_only_where_it_applies() {
    // Template `modifier` (data/abilities): "+N power"/"damage -N" for the card itself, for the
    // user of a weapon or battle card, or for each card that fits (an aura), while its
    // conditions hold. Yes-probe: every condition met, the number moves by exactly the amount.
    // No-probe: one thing broken (the first condition, else the target), the number stays.
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let cards = cat.cards();
    let pool = CardPool::from_cards(cards);
    let weapons = |c: &Card| {
        matches!(
            c.card_type,
            CardType::Weapon | CardType::Battle | CardType::ComboBattle
        )
    };
    let mut failures = Vec::new();
    let mut probed = 0;
    let mut probed_ids = Vec::new();
    for card in cards {
        let def = pool.get(pool.find(&card.id).unwrap());
        let Some(text) = def.text else { continue };
        let played: Vec<&Ability> = text
            .abilities
            .iter()
            .filter(|a| matches!(a, Ability::Modifier { .. }) && text_templates::plays(a, def))
            .collect();
        for a in &played {
            let Ability::Modifier {
                stat,
                amount,
                affects,
                whose,
                when,
                ..
            } = a
            else {
                continue;
            };
            let number = match stat {
                crate::catalogue::abilities::Stat::Power => Number::Power,
                crate::catalogue::abilities::Stat::Damage => Number::Damage,
            };
            let same = played
                .iter()
                .filter(|b| matches!(b, Ability::Modifier { stat: s, .. } if s == stat))
                .count();
            // yes = true: everything holds; false: break one thing.
            let probe = |yes: bool| -> Result<i16, String> {
                let mut b = at_naboo();
                b.deck_filler(A, 1, 5);
                b.deck_filler(B, 1, 5);
                let is_item = matches!(
                    card.card_type,
                    CardType::Weapon | CardType::Battle | CardType::ComboBattle
                ) && affects.is_empty();
                // Where the text's card is: off the current planet when "on the current
                // planet" is the condition to break.
                let off_planet = when
                    .iter()
                    .position(|c| matches!(c, Condition::OnCurrentPlanet))
                    .is_some_and(|i| !(yes || i > 0));
                let here = if off_planet {
                    Zone::At(Planet::Tatooine, true)
                } else {
                    Zone::At(Planet::Naboo, true)
                };
                let me = match card.card_type {
                    CardType::Battle | CardType::ComboBattle => b.add(A, card.clone(), Zone::Hand),
                    CardType::Objective => b.add(A, card.clone(), Zone::Objective),
                    CardType::Starship => b.add(A, card.clone(), Zone::Hyperspace),
                    _ => b.add(A, card.clone(), here),
                };
                let break_target = yes || !when.is_empty();
                let mut weapon = None;
                let mut battle_card = None;
                let mut space = card.card_type == CardType::Starship;
                let subject = if is_item {
                    let user = pick(cards, &[], false, &fights, &card.id).ok_or("no user")?;
                    let u = b.add(A, user.clone(), Zone::At(Planet::Naboo, true));
                    if break_target {
                        if card.card_type == CardType::Weapon {
                            weapon = Some(me);
                        } else {
                            battle_card = Some(me);
                        }
                    }
                    u
                } else if affects.is_empty() {
                    if break_target {
                        me
                    } else {
                        let other = pick(cards, &[], false, &fights, &card.id).ok_or("no other")?;
                        b.add(A, other.clone(), Zone::At(Planet::Naboo, true))
                    }
                } else {
                    let owner = if *whose == Whose::Opponents { B } else { A };
                    let c = pick(cards, affects, break_target, &fights, "")
                        .ok_or("no card fits the aura's filter")?;
                    space = c.card_type == CardType::Starship;
                    let zone = if space {
                        Zone::Hyperspace
                    } else {
                        Zone::At(Planet::Naboo, true)
                    };
                    if c.id == card.id {
                        me
                    } else {
                        b.add(owner, c.clone(), zone)
                    }
                };
                let mut arena = if space { Arena::Space } else { Arena::Battle };
                let mut opposing = [None; 3];
                // What the built state needs set for the conditions: who fought, the turn,
                // an evacuation, the race, control of a planet.
                let mut fought = Vec::new();
                let mut active = A;
                let mut evacuation = None;
                let mut evacuees = Vec::new();
                let mut race = None;
                let mut controlled = None;
                for (i, c) in when.iter().enumerate() {
                    let hold = yes || i > 0;
                    match c {
                        Condition::WhileUsing(f) => {
                            let w = pick(cards, f, hold, &weapons, "").ok_or("no item to use")?;
                            let r = b.add(A, w.clone(), Zone::Discard);
                            if w.card_type == CardType::Weapon {
                                weapon = Some(r);
                            } else {
                                battle_card = Some(r);
                            }
                        }
                        Condition::NoWeapon if !hold => {
                            let w = pick(
                                cards,
                                &[],
                                false,
                                &|c: &Card| c.card_type == CardType::Weapon,
                                "",
                            )
                            .ok_or("no weapon")?;
                            weapon = Some(b.add(A, w.clone(), Zone::Discard));
                        }
                        Condition::Vs(f) => {
                            // A fight-together group: the member that fits (or not) is not
                            // the first, so "vs" must see the whole group.
                            let first = pick(cards, f, false, &fights, "").ok_or("no opponent")?;
                            let o = pick(cards, f, hold, &fights, "").ok_or("no opponent fits")?;
                            opposing[0] =
                                Some(b.add(B, first.clone(), Zone::At(Planet::Naboo, true)));
                            opposing[1] = Some(b.add(B, o.clone(), Zone::At(Planet::Naboo, true)));
                        }
                        Condition::InDuel => arena = if hold { Arena::Duel } else { Arena::Battle },
                        Condition::NotInDuel => {
                            arena = if hold { Arena::Battle } else { Arena::Duel }
                        }
                        Condition::DuringTurn(w) => {
                            let mine = *w != Whose::Opponents;
                            active = if mine == hold { A } else { B };
                        }
                        Condition::FoughtThisTurn(f) => {
                            let o = pick(cards, f, hold, &fights, "").ok_or("no fighter fits")?;
                            fought.push(b.add(B, o.clone(), Zone::Discard));
                        }
                        Condition::YoursFoughtOrThrusted(f) => {
                            // Not holding: the opponent's card fought (and no Thrust).
                            let o = pick(cards, f, true, &fights, "").ok_or("no fighter fits")?;
                            fought.push(b.add(if hold { A } else { B }, o.clone(), Zone::Discard));
                        }
                        Condition::SpaceBattleAt(p) => {
                            arena = Arena::Space;
                            let other = Planet::ALL.into_iter().find(|x| x != p).unwrap();
                            evacuation = Some((A, if hold { *p } else { other }));
                        }
                        Condition::Evacuating(f) => {
                            arena = Arena::Space;
                            evacuation = Some((A, Planet::Naboo));
                            let o = pick(cards, f, hold, &fights, "").ok_or("no evacuee fits")?;
                            evacuees.push(b.add(A, o.clone(), Zone::Discard));
                        }
                        Condition::EvacuatingThisPlanet => {
                            arena = Arena::Space;
                            let from = if hold {
                                Planet::Naboo
                            } else {
                                Planet::Tatooine
                            };
                            evacuation = Some((A, from));
                        }
                        Condition::AheadInRace => race = Some(if hold { [1, 0] } else { [0, 1] }),
                        Condition::HasControlled { whose: w, planet } => {
                            let by = if (*w == Whose::Opponents) == hold {
                                B
                            } else {
                                A
                            };
                            controlled = Some((planet.unwrap_or(Planet::Coruscant), by));
                        }
                        Condition::Present(f) => {
                            let o = pick(cards, f, hold, &fights, "").ok_or("no card present")?;
                            b.add(A, o.clone(), Zone::At(Planet::Naboo, true));
                        }
                        _ => {}
                    }
                }
                if race.is_some() {
                    let pilot = pick(
                        cards,
                        &[],
                        false,
                        &|c: &Card| c.traits.iter().any(|t| t == "podracer-pilot"),
                        "",
                    )
                    .ok_or("no pilot")?;
                    b.add(A, pilot.clone(), Zone::Pilot);
                }
                let mut g = b.build();
                g.active = active;
                g.text_state.fought = fought;
                if let Some((player, planet)) = evacuation {
                    g.evacuation = Some(Box::new(crate::engine::state::Evacuation {
                        player,
                        planet,
                        transport: None,
                        intercept: None,
                    }));
                    g.players[player.index()].held.extend(evacuees);
                }
                // Set after the build: the probe's current planet may be the one controlled.
                if let Some((planet, by)) = controlled {
                    g.planets[planet as usize].status = crate::engine::PlanetStatus::Controlled {
                        by,
                        surrendered: false,
                    };
                }
                if let Some([a, o]) = race {
                    g.players[0].lap_tokens = a;
                    g.players[1].lap_tokens = o;
                }
                let owner = g.owner(subject);
                let q = Query::new(number, owner)
                    .card(subject)
                    .arena(arena)
                    .weapon(weapon)
                    .battle_card(battle_card)
                    .opposing(opposing);
                Ok(g.number(q, 10) - 10)
            };
            probed += 1;
            probed_ids.push(card.id.as_str());
            match (probe(true), probe(false)) {
                (Ok(y), Ok(n)) => {
                    let ok = if same == 1 {
                        y == *amount as i16 && n == 0
                    } else {
                        y != 0
                    };
                    if !ok {
                        failures.push(format!(
                            "{}: {number:?} changed by {y} where it applies (want {amount}), {n} where not",
                            card.id
                        ));
                    }
                }
                (Err(e), _) | (_, Err(e)) => failures.push(format!("{}: {e}", card.id)),
            }
        }
    }
    assert!(probed >= 20, "only {probed} modifiers probed");
    // Every condition the engine reads is probed on its cards (issue 12): on the current
    // planet, the turn, who fought, evacuations, the race, control, presence, "vs" a group.
    for id in [
        "BP-2", "BP-26", "BP-56", "BP-30", "BP-60", "BP-32", "DF-1", "EBN-P10", "BP-33", "DF-33",
        "BP-40", "DF-5", "DF-6", "EBN-P12", "EBN-P17", "DF-10", "DF-30", "EBN-P13", "V1-JC-4",
    ] {
        assert!(probed_ids.contains(&id), "{id} not probed");
    }
    assert!(
        failures.is_empty(),
        "{} of {probed} modifiers fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
