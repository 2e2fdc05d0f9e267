//! The decisions the deploying texts offer (engine `text_templates::deploy`): draw-deck
//! searches, once-per-step actions, paying for more counters; and what an Effect whose text
//! the engine plays is worth keeping and deploying.

use super::eval::Ctx;
use crate::catalogue::abilities::{Ability, Destination, Effect, Half, SearchTrigger};
use crate::engine::{Action, CardDef, CardRef, Kind, ability_played, deploy_prompt_ability};

/// The ability `option` of `card`'s specification, when the engine plays it.
fn ability<'a>(cx: &Ctx<'_, 'a>, card: CardRef, option: u8) -> Option<&'a Ability> {
    let d = cx.def(card)?;
    let a = d.text?.abilities.get(option as usize)?;
    ability_played(a, d).then_some(a)
}

/// What a card found or kept is worth to us (the value Even Up keeps cards by).
fn worth(cx: &Ctx, c: CardRef) -> f32 {
    cx.def(c).map_or(0.0, |d| cx.hand_value(c, d))
}

/// The least valuable card of our hand, and its worth.
fn weakest_in_hand(cx: &Ctx) -> Option<(CardRef, f32)> {
    cx.view
        .hand()
        .iter()
        .map(|&c| (c, worth(cx, c)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// What the played text of an Effect adds over a turn or two, in power points: more counters
/// or cards, a search, a step action; any other played text counts a little.
pub(super) fn effect_text_value(d: &CardDef) -> f32 {
    let Some(text) = d.text else { return 0.0 };
    text.abilities
        .iter()
        .filter(|a| ability_played(a, d))
        .map(ability_value)
        .sum()
}

/// What the played text of a Double Impact card's Effect half adds besides power (which
/// `PlayerView::deploy_power_gain` counts): a search, a step action, a cost or restriction.
pub(super) fn effect_half_text_value(d: &CardDef) -> f32 {
    let Some(text) = d.text else { return 0.0 };
    text.abilities
        .iter()
        .filter(|a| {
            let right = |h: &Option<Half>| *h == Some(Half::Right);
            let effect_text = match a {
                Ability::DeckSearch { half, .. }
                | Ability::StepAction { half, .. }
                | Ability::DeployCost { half, .. }
                | Ability::Restriction { half, .. } => right(half),
                _ => false,
            };
            effect_text && ability_played(a, d)
        })
        .map(ability_value)
        .sum()
}

fn ability_value(a: &Ability) -> f32 {
    match a {
        Ability::CountersPerTurn { total, cost } => {
            let extra = *total as f32 - crate::engine::COUNTERS_PER_TURN as f32;
            if cost.is_some() { extra * 0.5 } else { extra }
        }
        Ability::EvenUpHand { size } => *size as f32 - crate::engine::HAND_SIZE as f32,
        Ability::StepAction { effect, .. } => match effect.last() {
            Some(Effect::Draw(n)) => *n as f32,
            Some(Effect::DiscardOpposing(_)) => 2.0,
            Some(Effect::LookAtOpponentTop) => 0.3,
            _ => 0.5,
        },
        Ability::DeckSearch { .. } => 1.0,
        _ => 0.5,
    }
}

/// An ability to use in our Deploy step, before deploying from hand: a search whose find is
/// worth more than the card discarded for it, a step action that helps, more counters when
/// the hand holds more to deploy than the counters allow.
pub(super) fn deploy_step(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    for &a in legal {
        let Action::UseAbility { card, option } = a else {
            continue;
        };
        let Some(ab) = ability(cx, card, option) else {
            continue;
        };
        let useful = match ab {
            Ability::DeckSearch {
                trigger: SearchTrigger::DeployStep,
                ..
            } => {
                let best = best_found(cx, card, option).map_or(0.0, |(_, w)| w);
                best > 0.0 && best > worth_in_play(cx, card)
            }
            Ability::CountersPerTurn { total, .. } => more_counters_help(cx, *total),
            Ability::StepAction { effect, .. } => match effect.last() {
                Some(Effect::Draw(_)) => {
                    cx.view.deck_len(cx.me) >= cx.w.turn.refuel_min_deck as usize
                }
                Some(Effect::LookAtOpponentTop) => true,
                // A dead card goes beneath the deck (which it lengthens) rather than wait
                // for Even Up to discard it.
                Some(Effect::HandCardUnderDeck) => {
                    weakest_in_hand(cx).is_some_and(|(_, w)| w <= 0.0)
                }
                Some(Effect::CycleHandCard) => {
                    weakest_in_hand(cx).is_some_and(|(_, w)| w <= 0.0)
                        && cx.view.deck_len(cx.me) >= cx.w.turn.refuel_min_deck as usize
                }
                _ => false,
            },
            _ => false,
        };
        if useful {
            return Some(a);
        }
    }
    None
}

/// An ability to use in our Even Up step: discarding an opposing ◆ card (the Effect has no
/// other use).
pub(super) fn even_up_step(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    legal.iter().copied().find(|&a| match a {
        Action::UseAbility { card, option } => matches!(
            ability(cx, card, option),
            Some(Ability::StepAction { effect, .. })
                if matches!(effect.last(), Some(Effect::DiscardOpposing(_)))
        ),
        _ => false,
    })
}

/// The answer to a prompt of a deploying text (None: not one of theirs).
pub(super) fn prompt(cx: &Ctx, source: CardRef, key: u8, legal: &[Action]) -> Option<Action> {
    let option = deploy_prompt_ability(key);
    let ab = ability(cx, source, option)?;
    let chosen = |f: &dyn Fn(CardRef) -> f32, best: bool| {
        legal
            .iter()
            .filter_map(|&a| match a {
                Action::ChooseCard(c) => Some((a, f(c))),
                _ => None,
            })
            .max_by(|x, y| {
                if best {
                    x.1.total_cmp(&y.1)
                } else {
                    y.1.total_cmp(&x.1)
                }
            })
    };
    match ab {
        Ability::DeckSearch { to, .. } => {
            if legal.contains(&Action::SearchDeck) {
                // A card into hand is a card more; a deploy must find something worth it.
                let go = match to {
                    Destination::Hand => !cx.view.search_finds(source, option).is_empty(),
                    Destination::Play => best_found(cx, source, option).is_some_and(|f| f.1 > 0.0),
                };
                return Some(if go {
                    Action::SearchDeck
                } else {
                    Action::Decline
                });
            }
            let min = match to {
                Destination::Hand => f32::MIN,
                Destination::Play => 0.0,
            };
            // A Podracer found may go to the Boonta Eve Classic instead (card-text 2): worth
            // what the deploy step gives a racer there, against the best card to the planet.
            let to_objective = legal
                .iter()
                .filter_map(|&a| match a {
                    Action::DeployToObjective(c) => Some((a, super::deploy::podrace_value(cx, c))),
                    _ => None,
                })
                .max_by(|x, y| x.1.total_cmp(&y.1));
            let best = match (chosen(&|c| worth(cx, c), true), to_objective) {
                (Some(here), Some(there)) if there.1 > here.1 => Some(there),
                (None, there) => there,
                (here, _) => here,
            };
            Some(
                best.filter(|&(_, w)| w > min)
                    .map_or(Action::Decline, |(a, _)| a),
            )
        }
        // A cost or a card to be rid of: the least valuable.
        Ability::CountersPerTurn { .. } => chosen(&|c| worth(cx, c), false).map(|(a, _)| a),
        Ability::StepAction { effect, .. } => match effect.last()? {
            Effect::HandCardUnderDeck | Effect::CycleHandCard => {
                chosen(&|c| worth(cx, c), false).map(|(a, _)| a)
            }
            // Keep a weak card on top of the opponent's deck; send a strong one beneath.
            Effect::LookAtOpponentTop => Some(
                chosen(&|c| opponents_worth(cx, c), true)
                    .filter(|&(_, w)| w >= 4.0)
                    .map_or(Action::Decline, |(a, _)| a),
            ),
            Effect::DiscardOpposing(_) => chosen(&|c| opponents_worth(cx, c), true).map(|(a, _)| a),
            _ => None,
        },
        Ability::OneOff { .. } => one_off(cx, source, legal),
        _ => None,
    }
}

/// The one-off texts' questions, by what they ask: cards into the draw deck (V1-JC-7): from
/// the discard pile the one most worth having again (a longer draw deck is never worse), a
/// hand card stays in hand; a number to name (V1-JC-21): the likeliest destiny draw; the half
/// of a Double Impact card drawn against those numbers: the higher.
fn one_off(cx: &Ctx, source: CardRef, legal: &[Action]) -> Option<Action> {
    if legal.iter().any(|a| matches!(a, Action::ChooseNumber(_))) {
        if cx.view.own_def(source).is_none() {
            // The opponent's text asks us: the half of the Double Impact card we drew against
            // V1-JC-21's named numbers (RULINGS.md T6). The agent does not read what was
            // named, so it takes the higher number, as for any drawn Double Impact card.
            return super::highest_number(legal);
        }
        return name_number(cx, legal);
    }
    let discard = cx.view.own_discard();
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::ChooseCard(c) if discard.contains(&c) => Some((a, worth(cx, c))),
            _ => None,
        })
        .max_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(a, _)| a)
        .or_else(|| legal.contains(&Action::Decline).then_some(Action::Decline))
}

/// The number most often printed as destiny on the opponent's cards in the open (the top of
/// the discard pile, face up in play): a guess at their deck's likeliest draw. Ties go to the
/// middle numbers.
fn name_number(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let mut seen = [0u32; 8];
    let mut count = |d: &CardDef| seen[(d.destiny() as usize).min(7)] += 1;
    if let Some(d) = cx.view.discard_top(cx.opp).and_then(|c| cx.def(c)) {
        count(d);
    }
    for planet in crate::catalogue::Planet::ALL {
        for (_, def) in cx.view.seen_at(planet, cx.opp) {
            if let Some(d) = def {
                count(d);
            }
        }
    }
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::ChooseNumber(n) => Some((a, n)),
            _ => None,
        })
        .max_by_key(|&(_, n)| (seen[(n as usize).min(7)], -(2 * n as i32 - 7).abs()))
        .map(|(a, _)| a)
}

/// The best card a search would find now, and its worth.
fn best_found(cx: &Ctx, source: CardRef, option: u8) -> Option<(CardRef, f32)> {
    cx.view
        .search_finds(source, option)
        .into_iter()
        .map(|c| (c, worth(cx, c)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// What a card of ours in play is worth keeping there.
fn worth_in_play(cx: &Ctx, c: CardRef) -> f32 {
    let Some(d) = cx.def(c) else { return 0.0 };
    match d.kind {
        Kind::Character => cx.char_value(c, d),
        Kind::Weapon => cx.w.deploy.weapon * cx.best_line(d),
        Kind::Starship => cx.ship_strength(c, d),
        _ => cx.hand_value(c, d),
    }
}

/// What an opposing card is worth to its owner: a character's power here, a card's destiny
/// otherwise (the top card of a deck is drawn next, often for destiny).
fn opponents_worth(cx: &Ctx, c: CardRef) -> f32 {
    let Some(d) = cx.def(c) else { return 0.0 };
    match d.kind {
        Kind::Character if cx.view.current_planet().is_some() => {
            cx.char_strength(c, d).max(d.destiny() as f32)
        }
        Kind::Weapon => (cx.w.deploy.weapon * cx.best_line(d)).max(d.destiny() as f32),
        _ => d.destiny() as f32,
    }
}

/// Whether `total` counters this step (for a hand card) let us deploy more than the counters
/// left: the hand's deployable characters, weapons and Effects cost more than what is left,
/// and one card of the hand is worth less than what the extra counters buy.
fn more_counters_help(cx: &Ctx, total: u8) -> bool {
    let extra = total as i16 - cx.view.counters_per_turn();
    if extra <= 0 || cx.view.hand().len() < 2 {
        return false;
    }
    let left = cx.view.counters_left();
    let Some((weakest, weak)) = weakest_in_hand(cx) else {
        return false;
    };
    let wanted: i16 = cx
        .view
        .hand()
        .iter()
        .filter(|&&c| c != weakest)
        .filter_map(|&c| {
            let d = cx.def(c)?;
            let useful = matches!(d.kind, Kind::Character | Kind::Weapon | Kind::Effect)
                && worth(cx, c) > weak;
            useful.then(|| cx.view.cost(c)).flatten()
        })
        .sum();
    wanted > left
}

#[cfg(test)]
mod tests {
    use super::super::HeuristicAgent;
    use crate::bots::Agent;
    use crate::catalogue::{Card, Catalogue, Planet};
    use crate::engine::builder::{Builder, Zone, fx};
    use crate::engine::{Action, GameState, Phase, Player, legal_actions};

    use Player::{A, B};

    fn card(id: &str) -> Card {
        Catalogue::embedded_for_tests()
            .cards()
            .iter()
            .find(|c| c.id == id)
            .unwrap()
            .clone()
    }

    fn decide(g: &GameState) -> Action {
        let p = g.to_act().expect("someone acts");
        let view = g.view(p);
        let mut legal = Vec::new();
        legal_actions(&view, &mut legal);
        HeuristicAgent::default().choose(&view, &legal)
    }

    fn at(planet: Planet, phase: Phase) -> Builder {
        let mut b = Builder::new();
        b.current(planet, 0);
        b.phase(phase, A);
        b
    }

    #[test]
    fn a_podracer_found_by_the_backpack_goes_to_the_pilot_at_the_objective() {
        // Card-text 2: BP-48 Tatooine Backpack's weapon may deploy to the objective where that
        // is legal. Sebulba waits at the Boonta Eve Classic without his Podracer: the Podracer
        // found goes to him (a race), not to Tatooine where no one of ours can use it (seen in
        // podrace-dark.txt games: 'deploys Sebulba's Podracer to Tatooine').
        let mut b = at(Planet::Tatooine, Phase::Deploy);
        let pack = b.add(A, card("BP-48"), Zone::At(Planet::Tatooine, true));
        b.add(A, fx::boonta(), Zone::Objective);
        b.add(A, card("BP-31"), Zone::Pilot);
        let podracer = b.add(A, card("DM-109"), Zone::Deck);
        b.deck_filler(A, 2, 20);
        b.deck_filler(B, 2, 20);
        let mut g = b.build();
        let view = g.view(A);
        let mut legal = Vec::new();
        legal_actions(&view, &mut legal);
        let use_it = legal
            .into_iter()
            .find(|a| matches!(a, Action::UseAbility { card, .. } if *card == pack))
            .unwrap();
        g.apply(use_it).unwrap();
        if decide(&g) == Action::SearchDeck {
            g.apply(Action::SearchDeck).unwrap();
        }
        assert_eq!(decide(&g), Action::DeployToObjective(podracer));
    }

    #[test]
    fn searches_only_when_the_deck_holds_a_find_and_takes_the_best() {
        // BP-6 Wald: "when he deploys you may reveal a Character card from your draw deck and
        // put it in your hand" (card-text 14-B): the strongest character is taken.
        let mut b = at(Planet::Tatooine, Phase::Deploy);
        let wald = b.add(A, card("BP-6"), Zone::Hand);
        let weak = b.add(A, fx::character("Weak", "", 1, 1, 1), Zone::Deck);
        let mut strong = fx::character("Strong", "", 6, 1, 1);
        strong.counters = Some(3);
        let strong = b.add(A, strong, Zone::Deck);
        let _ = weak;
        b.deck_filler(A, 2, 20);
        b.deck_filler(B, 2, 20);
        let mut g = b.build();
        g.apply(Action::Deploy(wald)).unwrap();
        assert_eq!(decide(&g), Action::SearchDeck);
        g.apply(Action::SearchDeck).unwrap();
        assert_eq!(decide(&g), Action::ChooseCard(strong));

        // BP-4 Jira deploys one of Anakin's Friends: with none in the deck, looking would
        // cost 1 damage for nothing (card-text 14-A.6), so it declines.
        let mut b = at(Planet::Tatooine, Phase::Deploy);
        let jira = b.add(A, card("BP-4"), Zone::Hand);
        b.deck_filler(A, 2, 20);
        b.deck_filler(B, 2, 20);
        let mut g = b.build();
        g.apply(Action::Deploy(jira)).unwrap();
        assert_eq!(decide(&g), Action::Decline);
    }

    #[test]
    fn pays_a_hand_card_for_more_counters_only_when_the_hand_needs_them() {
        // BN-60 Kiss Your Trade Franchise Goodbye: discard a hand card for 8 counters this
        // step. Two 4-counter characters in hand need 8; one needs 6 at most.
        let build = |two: bool| {
            let mut b = at(Planet::Naboo, Phase::Deploy);
            let kiss = b.add(A, card("BN-60"), Zone::At(Planet::Naboo, true));
            for i in 0..if two { 2 } else { 1 } {
                let mut c = fx::character(&format!("Four {i}"), "", 5, 1, 1);
                c.counters = Some(4);
                b.add(A, c, Zone::Hand);
            }
            let dead = b.add(A, fx::destiny(1), Zone::Hand);
            b.deck_filler(A, 2, 20);
            b.deck_filler(B, 2, 20);
            (b.build(), kiss, dead)
        };
        let (mut g, kiss, dead) = build(true);
        let use_it = Action::UseAbility {
            card: kiss,
            option: 0,
        };
        assert_eq!(decide(&g), use_it);
        g.apply(use_it).unwrap();
        assert_eq!(decide(&g), Action::ChooseCard(dead), "the card worth least");
        let (g, ..) = build(false);
        assert_ne!(decide(&g), use_it);
    }

    #[test]
    fn pounded_unto_death_discards_the_strongest_diamond_card() {
        // DF-28 (card-text 12): in our Even Up step, discard it to discard an opponent's ◆
        // card here: the strongest.
        let mut b = at(Planet::Naboo, Phase::EvenUp);
        let pounded = b.add(A, card("DF-28"), Zone::At(Planet::Naboo, true));
        b.add(
            B,
            fx::diamond(fx::character("Small", "", 2, 1, 1)),
            Zone::At(Planet::Naboo, true),
        );
        let big = b.add(
            B,
            fx::diamond(fx::character("Big", "", 6, 1, 1)),
            Zone::At(Planet::Naboo, true),
        );
        b.deck_filler(A, 2, 20);
        b.deck_filler(B, 2, 20);
        let mut g = b.build();
        let use_it = Action::UseAbility {
            card: pounded,
            option: 0,
        };
        assert_eq!(decide(&g), use_it);
        g.apply(use_it).unwrap();
        assert_eq!(decide(&g), Action::ChooseCard(big));
    }
}
