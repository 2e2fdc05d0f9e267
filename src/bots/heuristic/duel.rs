//! Lightsaber duels: whom to challenge, whom to defend with, and how to attack and block.

use std::cell::OnceCell;

use super::eval::Ctx;
use crate::catalogue::abilities::{Ability, DestinyRule};
use crate::engine::card_traits::Traits;
use crate::engine::{Action, Arena, CardDef, CardRef, Kind, Player, Seen};

/// The dueling hand a character would draw: power, location bonus and weapon dots ("don't
/// draw destiny to add power to the weapon"; a `?` power draws one).
fn hand_size(cx: &Ctx, d: &CardDef, weapon: Option<CardRef>, duelist: CardRef) -> f32 {
    // Text that adds dueling cards (V1-JC-39) counts through the rules' own query.
    let mut n = cx.char_power(duelist, d) + cx.view.duel_hand_extra(duelist) as f32;
    if let Some(w) = weapon
        && let Some(u) = cx.view.use_line(w, &[duelist], false, false)
    {
        n += u.dots as f32;
    }
    n
}

/// The best dueling hand `p` can field with `duelist`, over its face-up weapons there (an
/// Armed & Dangerous duelist has its own weapon half, and only that).
fn best_hand(cx: &Ctx, p: Player, duelist: CardRef) -> f32 {
    let Some(d) = cx.def(duelist) else { return 0.0 };
    if d.armed {
        return hand_size(cx, d, Some(duelist), duelist);
    }
    let mut best = hand_size(cx, d, None, duelist);
    if let Some(planet) = cx.view.current_planet() {
        for (s, def) in cx.view.seen_at(planet, p) {
            if let (
                Seen::Card {
                    card,
                    face_up: true,
                },
                Some(wd),
            ) = (s, def)
                && wd.kind == Kind::Weapon
            {
                best = best.max(hand_size(cx, d, Some(card), duelist));
            }
        }
    }
    best
}

/// A duel worth fighting: our dueling hand beats theirs (the opponent may defend with any of
/// its dueling characters, so the best of them counts), weighed with the hits each side can
/// take. A target printed with 0 damage is simply discarded: always worth it.
pub(super) fn initiate(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let mut best: Option<(f32, Action)> = None;
    // The opponent's best defence with any of its dueling characters is the same for every
    // challenge: worked out once, when first needed. (Hand sizes are finite, non-negative
    // sums, so taking the maximum in another order gives the same number.)
    let defenders = OnceCell::new();
    let mut targets: Vec<(CardRef, f32)> = Vec::new();
    let best_defender = || {
        let mut best = f32::NEG_INFINITY;
        if let Some(planet) = cx.view.current_planet() {
            for (s, def) in cx.view.seen_at(planet, cx.opp) {
                if let (
                    Seen::Card {
                        card,
                        face_up: true,
                    },
                    Some(d),
                ) = (s, def)
                    && d.is_character()
                    && d.traits.contains(Traits::DUELING)
                {
                    best = best.max(best_hand(cx, cx.opp, card));
                }
            }
        }
        best
    };
    for &a in legal {
        let Action::Duel {
            duelist,
            saber,
            target,
        } = a
        else {
            continue;
        };
        let (Some(dd), Some(td)) = (cx.def(duelist), cx.def(target)) else {
            continue;
        };
        if dd.damage() == 0 {
            continue;
        }
        let score = if td.damage == Some(0) {
            f32::MAX
        } else {
            let mine = hand_size(cx, dd, Some(saber), duelist);
            // Each target once, however many of our duelists and sabers could challenge it.
            let target_hand = match targets.iter().find(|&&(t, _)| t == target) {
                Some(&(_, h)) => h,
                None => {
                    let h = best_hand(cx, cx.opp, target);
                    targets.push((target, h));
                    h
                }
            };
            let theirs = target_hand.max(*defenders.get_or_init(best_defender));
            (mine - theirs) + cx.w.duel.damage * (dd.damage() as f32 - td.damage() as f32)
        };
        if score >= cx.w.duel.edge && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, a));
        }
    }
    best.map(|(_, a)| a)
}

/// Our defender: the biggest dueling hand, hardest to defeat. A 0-damage character would be
/// discarded at once, so it defends only when nobody else can.
pub(super) fn defender(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::DuelDefender(c) => cx.def(c).map(|d| {
                let score = if d.damage == Some(0) {
                    f32::MIN
                } else {
                    best_hand(cx, cx.me, c) + cx.w.duel.damage * d.damage() as f32
                };
                (score, a)
            }),
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}

/// The defender's weapon: the one adding most dots.
pub(super) fn weapon(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let duelist = cx.view.duel()?.duelists[cx.me.index()]?;
    let mut best = (0.0f32, *legal.first()?);
    for &a in legal {
        if let Action::DuelWeapon(Some(w)) = a
            && let Some(u) = cx.view.use_line(w, &[duelist], false, false)
            && u.dots as f32 > best.0
        {
            best = (u.dots as f32, a);
        }
    }
    Some(best.1)
}

/// Block whenever possible; attack with the number we hold most of (so we can answer the
/// opponent's blocks; a Double Impact card answers either half's number, RULINGS.md T6);
/// never pass while we can attack (passing forbids a battle this turn).
pub(super) fn play(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    if let Some(b) = legal
        .iter()
        .find(|a| matches!(a, Action::DuelBlock(_) | Action::DuelBlockRight(_)))
    {
        return Some(*b);
    }
    if legal.contains(&Action::DuelNoBlock) {
        return Some(Action::DuelNoBlock);
    }
    let hand = cx.view.duel_hand();
    let count = |v: u8| {
        hand.iter()
            .filter(|&&c| {
                cx.def(c)
                    .is_some_and(|d| d.destiny() == v || d.right_half_destiny() == Some(v))
            })
            .count()
    };
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::DuelAttack(c) => cx.def(c).map(|d| (count(d.destiny()), a)),
            Action::DuelAttackRight(c) => cx
                .def(c)
                .and_then(|d| d.right_half_destiny())
                .map(|v| (count(v), a)),
            _ => None,
        })
        // `max_by_key` keeps the last maximum; reverse so the first card in hand wins ties.
        .rev()
        .max_by_key(|(n, _)| *n)
        .map(|(_, a)| a)
        .or(Some(Action::DuelPass))
}

/// The answer to a prompt of a duel or destiny text (`text_templates::duel`): redraw a destiny
/// below what a draw is worth on average, keep the higher of two, replace the lowest destiny
/// with the character's damage when that is more, and take every dueling text a hit offers
/// (an extra hit, a card more, a hit removed). None: not one of these prompts.
pub(super) fn prompt(cx: &Ctx, source: CardRef, key: u8, legal: &[Action]) -> Option<Action> {
    let ability = cx.def(source)?.text?.abilities.get(key as usize)?;
    let value = |c: CardRef| cx.view.destiny_value(c).map_or(0.0, |v| v as f32);
    let cards = || {
        legal.iter().filter_map(|&a| match a {
            Action::ChooseCard(c) => Some(c),
            _ => None,
        })
    };
    let choose = |yes: bool, c: CardRef| {
        Some(if yes {
            Action::ChooseCard(c)
        } else {
            Action::Decline
        })
    };
    match ability {
        Ability::Destiny { rule, .. } => match rule {
            DestinyRule::RedrawOncePerTurn => {
                let c = cards().next()?;
                choose(value(c) < cx.w.estimates.destiny, c)
            }
            DestinyRule::DrawTwoKeepOne => cards()
                .rev()
                .max_by(|&a, &b| value(a).total_cmp(&value(b)))
                .map(Action::ChooseCard),
            DestinyRule::ReplaceWithDamage => {
                let drawn = cx.view.drawn_destiny();
                let now = |c: CardRef| {
                    drawn
                        .iter()
                        .find(|d| d.card == c)
                        .map_or(value(c), |d| d.value as f32)
                };
                let low = cards().min_by(|&a, &b| now(a).total_cmp(&now(b)))?;
                let user = cx.view.fight_fighters(cx.me)[0]?;
                let damage = cx.view.damage(user, Arena::Battle)? as f32;
                choose(damage > now(low), low)
            }
            _ => None,
        },
        Ability::Duel { .. } => legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::UseAbility { .. })),
        _ => None,
    }
}
