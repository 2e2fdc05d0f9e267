//! Battles: whether to declare one, which battle cards to take from hand, the battle plan, and
//! intercepting an evacuation.

use super::duel;
use super::eval::{Ctx, Fighter, pair, sort_strongest_first};
use super::fight_text;
use crate::engine::{Action, CardRef, Kind};

/// The battle step: a duel when one is worth it, then a battle when the odds favour it.
pub(super) fn step(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    if let Some(d) = duel::initiate(cx, legal) {
        return Some(d);
    }
    if legal.contains(&Action::DeclareBattle) {
        let (mine, _) = cx.ground(cx.me, false);
        let (theirs, _) = cx.ground(cx.opp, false);
        let order = pair(&mine, &theirs);
        let gain = cx.battle_gain(&mine, &order, &theirs, true, false);
        let mut needed = cx.w.battle.declare;
        if cx.view.deck_len(cx.me) < cx.w.battle.deck_caution as usize {
            needed *= 2.0;
        }
        if gain > needed || cx.restless {
            return Some(Action::DeclareBattle);
        }
    }
    Some(Action::SkipBattle)
}

/// A battle plan: fighters in order, each with the weapon and battle card it uses.
struct Plan {
    fights: Vec<(Fighter, Option<CardRef>)>,
    /// A second weapon for the fighter of fight `.0` (a two-weapons battle card's).
    second: Vec<(usize, CardRef)>,
    /// Spare weapons placed first, where they are ignored, so that nothing follows the last
    /// fighter (a no-breakthrough-loss card's condition, card-text 16.5).
    front: Vec<CardRef>,
}

impl Plan {
    /// The cards in plan order: battle card, weapon, fighter.
    fn cards(&self) -> Vec<CardRef> {
        let mut out = self.front.clone();
        for (k, (f, battle)) in self.fights.iter().enumerate() {
            out.extend(battle);
            out.extend(f.weapon);
            out.extend(self.second.iter().filter(|s| s.0 == k).map(|s| s.1));
            out.push(f.card);
        }
        out
    }

    fn battle_cards(&self) -> impl Iterator<Item = CardRef> + '_ {
        self.fights.iter().filter_map(|(_, b)| *b)
    }
}

/// Plans the battle in progress with `battle_cards` available: fighters paired strong against
/// weak, weapons where they add most, battle cards where they turn a fight.
fn make_plan(cx: &Ctx, units: &[CardRef], battle_cards: &[CardRef]) -> Plan {
    let space = cx.view.battle_in_space();
    let (mut mine, weapons, theirs) = if space {
        let mine: Vec<Fighter> = cx
            .space(cx.me)
            .into_iter()
            .filter(|f| units.contains(&f.card))
            .collect();
        (mine, Vec::new(), cx.space(cx.opp))
    } else {
        let (mut mine, _) = cx.ground(cx.me, false);
        mine.retain(|f| units.contains(&f.card));
        // Weapons are re-armed below among the fighters actually in this battle.
        for f in &mut mine {
            if let Some(w) = f.weapon.take() {
                f.strength -= cx.adds(w, f.card, false, false).unwrap_or(0.0);
            }
        }
        let weapons: Vec<CardRef> = units
            .iter()
            .copied()
            .filter(|&c| cx.def(c).is_some_and(|d| d.kind == Kind::Weapon))
            .collect();
        (mine, weapons, cx.ground(cx.opp, false).0)
    };
    cx.arm(&mut mine, weapons.iter().copied(), false);
    sort_strongest_first(&mut mine);
    let order = pair(&mine, &theirs);
    let mut fights: Vec<(Fighter, Option<CardRef>)> =
        order.iter().map(|&i| (mine[i], None)).collect();
    // Battle cards: each where it turns a loss or a toss-up into a likely win, the smallest
    // card that does it first.
    for &b in battle_cards {
        let mut best: Option<(usize, f32)> = None;
        for (k, (f, used)) in fights.iter().enumerate() {
            if used.is_some() {
                continue;
            }
            let Some(add) = cx.adds(b, f.card, k == 0, space) else {
                continue;
            };
            // What the card's fight texts are worth (saved, weapons ignored, ...).
            let text = match (space, theirs.get(k)) {
                (false, Some(t)) => fight_text::text_gain(cx, b, f, t, add),
                _ => 0.0,
            };
            if add < cx.w.battle.battle_card_min && text <= 0.0 {
                continue;
            }
            let gain = match theirs.get(k) {
                Some(t) => {
                    cx.p_win(f.strength + add, t.strength) - cx.p_win(f.strength, t.strength) + text
                }
                // A fighter who breaks through fights no one.
                None => 0.0,
            };
            if gain > 0.05 && best.is_none_or(|(_, g)| gain > g) {
                best = Some((k, gain));
            }
        }
        if let Some((k, _)) = best {
            fights[k].1 = Some(b);
            let add = cx.adds(b, fights[k].0.card, k == 0, space).unwrap_or(0.0);
            fights[k].0.strength += add;
        }
    }
    let second = if space {
        Vec::new()
    } else {
        plan_two_weapons(cx, &mut fights, &weapons, &theirs, battle_cards)
    };
    let front = if space || theirs.len() <= fights.len() {
        Vec::new()
    } else {
        fight_text::last_stand(cx, &mut fights, &weapons, &second, battle_cards)
    };
    Plan {
        fights,
        second,
        front,
    }
}

/// Two-weapons battle cards (card-text 16.8) not placed yet: each with the fighter whose
/// fight a second weapon (a spare one, not armed by the plan) turns most, when it does.
fn plan_two_weapons(
    cx: &Ctx,
    fights: &mut [(Fighter, Option<CardRef>)],
    weapons: &[CardRef],
    theirs: &[Fighter],
    battle_cards: &[CardRef],
) -> Vec<(usize, CardRef)> {
    let mut second = Vec::new();
    for &b in battle_cards {
        if fights.iter().any(|(_, used)| *used == Some(b)) {
            continue;
        }
        let spare: Vec<CardRef> = weapons
            .iter()
            .copied()
            .filter(|w| {
                !fights.iter().any(|(f, _)| f.weapon == Some(*w))
                    && !second.iter().any(|s: &(usize, CardRef)| s.1 == *w)
            })
            .collect();
        let mut best: Option<(usize, CardRef, CardRef, f32)> = None;
        for (k, (f, used)) in fights.iter().enumerate() {
            let Some(t) = theirs.get(k) else { continue };
            if used.is_some() {
                continue;
            }
            let Some((w1, w2)) = fight_text::two_weapons(cx, b, f, &spare) else {
                continue;
            };
            let mut add = fight_text::weapon_adds(cx, w2, f.card);
            if f.weapon.is_none() {
                add += fight_text::weapon_adds(cx, w1, f.card);
            }
            let gain = cx.p_win(f.strength + add, t.strength) - cx.p_win(f.strength, t.strength);
            if gain > 0.05 && best.is_none_or(|(.., g)| gain > g) {
                best = Some((k, w1, w2, add));
            }
        }
        if let Some((k, w1, w2, add)) = best {
            let f = &mut fights[k];
            f.1 = Some(b);
            f.0.weapon = Some(w1);
            f.0.strength += add;
            second.push((k, w2));
        }
    }
    second
}

fn plan_units(legal: &[Action]) -> Vec<CardRef> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::PlanNext(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// Battle cards from hand: those the plan would use.
pub(super) fn cards(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let held = cx.view.own_battle_cards();
    let mut available: Vec<CardRef> = held.clone();
    available.extend(legal.iter().filter_map(|a| match a {
        Action::AddBattleCard(c) => Some(*c),
        _ => None,
    }));
    let units = battle_units(cx);
    let plan = make_plan(cx, &units, &available);
    plan.battle_cards()
        .find(|c| !held.contains(c))
        .map(Action::AddBattleCard)
        .or(Some(Action::BattleCardsDone))
}

/// The viewer's own cards in the battle: face-up characters and weapons at the planet, or
/// the Hyperspace pile in a starship battle.
fn battle_units(cx: &Ctx) -> Vec<CardRef> {
    if cx.view.battle_in_space() {
        return cx.view.hyperspace(cx.me).to_vec();
    }
    let Some(planet) = cx.view.current_planet() else {
        return Vec::new();
    };
    cx.view
        .seen_at(planet, cx.me)
        .filter_map(|(s, _)| match s {
            crate::engine::Seen::Card {
                card,
                face_up: true,
            } => Some(card),
            _ => None,
        })
        .collect()
}

/// The next card of the plan, deciding the whole plan at its first card.
pub(super) fn plan_next(cx: &Ctx, legal: &[Action], plan: &mut Vec<CardRef>) -> Option<Action> {
    let placed = cx.view.own_plan().len();
    if placed == 0 {
        let units = plan_units(legal);
        let battle: Vec<CardRef> = units
            .iter()
            .copied()
            .filter(|&c| cx.def(c).is_some_and(|d| d.kind == Kind::Battle))
            .collect();
        *plan = make_plan(cx, &units, &battle).cards();
    }
    match plan.get(placed) {
        Some(&c) if legal.contains(&Action::PlanNext(c)) => Some(Action::PlanNext(c)),
        _ if legal.contains(&Action::PlanDone) => Some(Action::PlanDone),
        _ => legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::PlanNext(c) if cx.def(*c).is_some_and(|d| d.kind == Kind::Character || d.kind == Kind::Starship))),
    }
}

/// The opponent evacuates: add our starships, then intercept when our Hyperspace pile is the
/// stronger (Duel of the Fates), or when a starfighter in hand likely beats the transport
/// (Battle of Naboo).
pub(super) fn interception(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    if let Some(add) = legal.iter().find(|a| matches!(a, Action::AddStarship(_))) {
        return Some(*add);
    }
    if legal.contains(&Action::Intercept) {
        let mine: f32 = cx.space(cx.me).iter().map(|f| f.strength).sum();
        let theirs: f32 = cx.space(cx.opp).iter().map(|f| f.strength).sum();
        if mine - theirs >= cx.w.starships.intercept_edge {
            return Some(Action::Intercept);
        }
    }
    let transport = cx
        .view
        .evacuation()
        .and_then(|(_, _, t)| t)
        .map(|d| d.printed_power() as f32);
    if let Some(tp) = transport {
        let best = legal
            .iter()
            .filter_map(|a| match a {
                Action::InterceptWith(c) => cx.def(*c).map(|d| (*a, cx.ship_strength(*c, d))),
                _ => None,
            })
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((a, s)) = best
            && s - tp >= cx.w.starships.intercept_edge
        {
            return Some(a);
        }
    }
    Some(Action::NoIntercept)
}

/// The bonus line of `card` to use in this fight: the one adding most power against the
/// opposing unit, as the engine counts it (a line "only vs" someone else adds nothing).
pub(super) fn bonus_line(cx: &Ctx, card: CardRef, legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::ChooseLine(i) => cx.view.line_value_in_fight(card, i).map(|v| {
                let cubes = v.1 as f32 * cx.w.estimates.destiny;
                (v.0 as f32 + cubes, a)
            }),
            _ => None,
        })
        // The first of equal lines.
        .rev()
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}
