//! Battles: whether to declare one, which battle cards to take from hand, the battle plan, and
//! intercepting an evacuation.

use super::duel;
use super::eval::{Ctx, Fighter, pair_into, sort_strongest_first};
use super::fight_text;
use crate::catalogue::abilities::{Ability, Condition, Half};
use crate::engine::{Action, CardRef, Kind, Number};

/// The battle step: a duel when one is worth it, then a battle when the odds favour it.
pub(super) fn step(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    if let Some(d) = duel::initiate(cx, legal) {
        return Some(d);
    }
    if legal.contains(&Action::DeclareBattle) {
        let (mut mine, mut theirs) = (cx.scratch.fighters(), cx.scratch.fighters());
        cx.ground_into(cx.me, false, &mut mine);
        cx.ground_into(cx.opp, false, &mut theirs);
        let mut order = cx.scratch.order();
        pair_into(&mine, &theirs, &mut order);
        let gain = cx.battle_gain(&mine, &order, &theirs, true, false);
        // A sure win is taken whatever the gain's estimate says.
        let lethal = breakthrough_wins(cx, &mine, &order, &theirs);
        cx.scratch.give_order(order);
        cx.scratch.give(mine);
        cx.scratch.give(theirs);
        let mut needed = cx.w.battle.declare;
        if cx.view.deck_len(cx.me) < cx.w.battle.deck_caution as usize {
            needed *= 2.0;
        }
        if gain > needed || cx.restless || lethal {
            return Some(Action::DeclareBattle);
        }
    }
    Some(Action::SkipBattle)
}

/// Whether our breakthrough alone empties the opponent's draw deck (an empty draw deck loses:
/// rulebook "Deck Victory"; each leftover character of the attacker's takes one card: "2.
/// Battle") before the fights can empty ours: even if every one of ours paired with one of
/// theirs loses, its damage leaves our draw deck a card.
fn breakthrough_wins(cx: &Ctx, mine: &[Fighter], order: &[usize], theirs: &[Fighter]) -> bool {
    let through = mine.len().saturating_sub(theirs.len());
    let risked: f32 = order
        .iter()
        .take(theirs.len())
        .map(|&i| mine[i].damage)
        .sum();
    through > 0 && through >= cx.view.deck_len(cx.opp) && risked < cx.view.deck_len(cx.me) as f32
}

/// A battle plan: fighters in order, each with the weapon and battle card it uses.
struct Plan {
    fights: Vec<(Fighter, Option<CardRef>)>,
    /// Fight-together groups: the first member (the fighter of its fight) and the others.
    groups: Vec<(CardRef, Vec<CardRef>)>,
    /// A second weapon for the fighter of fight `.0` (a two-weapons battle card's).
    second: Vec<(usize, CardRef)>,
    /// Spare weapons placed first, where they are ignored, so that nothing follows the last
    /// fighter (a no-breakthrough-loss card's condition, card-text 16.5).
    front: Vec<CardRef>,
}

impl Plan {
    /// The cards in plan order: battle card, weapon, fighter (and the rest of its group).
    /// Written into `out` (the agent's plan, cleared) rather than a new vector.
    fn cards_into(&self, out: &mut Vec<CardRef>) {
        out.clear();
        out.extend_from_slice(&self.front);
        for (k, (f, battle)) in self.fights.iter().enumerate() {
            out.extend(battle);
            out.extend(f.weapon);
            out.extend(self.second.iter().filter(|s| s.0 == k).map(|s| s.1));
            out.push(f.card);
            if let Some((_, rest)) = self.groups.iter().find(|(first, _)| *first == f.card) {
                out.extend(rest);
            }
        }
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
        let mut mine = cx.scratch.fighters();
        cx.ground_into(cx.me, false, &mut mine);
        mine.retain(|f| units.contains(&f.card));
        // Weapons are re-armed below among the fighters actually in this battle.
        for f in &mut mine {
            if let Some(w) = f.weapon.take() {
                f.strength -= cx.adds(w, f.card, false, false).unwrap_or(0.0);
            }
        }
        let mut weapons = cx.scratch.cards();
        weapons.extend(
            units
                .iter()
                .copied()
                .filter(|&c| cx.def(c).is_some_and(|d| d.kind == Kind::Weapon)),
        );
        let mut theirs = cx.scratch.fighters();
        cx.ground_into(cx.opp, false, &mut theirs);
        (mine, weapons, theirs)
    };
    cx.arm(&mut mine, weapons.iter().copied(), false);
    sort_strongest_first(&mut mine);
    let groups = group_up(cx, &mut mine, &theirs, battle_cards, space);
    let mut order = cx.scratch.order();
    pair_into(&mine, &theirs, &mut order);
    let mut fights: Vec<(Fighter, Option<CardRef>)> = order
        .iter()
        .map(|&i| {
            let battle = groups
                .iter()
                .find(|(_, first, _)| *first == mine[i].card)
                .map(|g| g.0);
            (mine[i], battle)
        })
        .collect();
    cx.scratch.give_order(order);
    // Battle cards: each where it turns a loss or a toss-up into a likely win, the smallest
    // card that does it first.
    for &b in battle_cards {
        if groups.iter().any(|g| g.0 == b) {
            continue;
        }
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
    cx.scratch.give(mine);
    cx.scratch.give(theirs);
    cx.scratch.give_cards(weapons);
    Plan {
        fights,
        groups: groups.into_iter().map(|(_, f, rest)| (f, rest)).collect(),
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
        // In a list of the agent's, given back below: this runs for each battle card not
        // placed yet, at every plan.
        let mut spare = cx.scratch.cards();
        spare.extend(weapons.iter().copied().filter(|w| {
            !fights.iter().any(|(f, _)| f.weapon == Some(*w))
                && !second.iter().any(|s: &(usize, CardRef)| s.1 == *w)
        }));
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
        cx.scratch.give_cards(spare);
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

/// Fight-together groups (rulebook "Fight Together"): a battle card that makes two or three
/// of `mine` fight as one, where the engine's reading of its use line accepts them and the
/// battle's expected gain rises by it. Each group becomes one fighter of `mine` (its first
/// member's card, power added up with the card's bonus; losing costs every member). Returns
/// (battle card, first member, the other members).
fn group_up(
    cx: &Ctx,
    mine: &mut Vec<Fighter>,
    theirs: &[Fighter],
    battle_cards: &[CardRef],
    space: bool,
) -> Vec<(CardRef, CardRef, Vec<CardRef>)> {
    let attacker = cx.view.active() == cx.me;
    let mut groups: Vec<(CardRef, CardRef, Vec<CardRef>)> = Vec::new();
    // Combinations of two or three of at most this many fighters are tried.
    const MAX: usize = 9;
    // Scratch buffers for the line-up tried and its pairing, reused for every combination:
    // a battle card of three members tries up to 120 of them at every plan. Allocated at
    // their first use only: most plans try no combination.
    let mut after: Vec<Fighter> = Vec::new();
    let mut order: Vec<usize> = Vec::new();
    loop {
        let mut best: Option<(f32, CardRef, [usize; 3], usize, Fighter)> = None;
        let mut base = None;
        for &b in battle_cards {
            if groups.iter().any(|g| g.0 == b) {
                continue;
            }
            let Some(d) = cx.def(b) else { continue };
            let sizes = |n: usize| {
                d.uses
                    .iter()
                    .any(|u| u.rule.alts.iter().any(|g| g.members.len() == n))
            };
            let mut free = [0usize; MAX];
            let mut nfree = 0;
            for (i, f) in mine.iter().enumerate().take(MAX) {
                if !groups.iter().any(|g| g.1 == f.card) {
                    free[nfree] = i;
                    nfree += 1;
                }
            }
            let free = &free[..nfree];
            // The alternatives of two or more that each free fighter may fill, read when
            // some size is tried: a combination whose members share none of its size has no
            // line, and is not read (most are not, and reading one was most of this search).
            let mut masks = [0u64; MAX];
            let mut masked = false;
            for n in [2usize, 3] {
                if !sizes(n) || free.len() < n {
                    continue;
                }
                if !masked {
                    for &i in free {
                        masks[i] = cx.view.group_member_alts(b, mine[i].card);
                    }
                    masked = true;
                }
                let sized = cx.view.group_alts(b, n);
                // The battle without a group, worked out once some card may make one.
                let base = *base.get_or_insert_with(|| {
                    pair_into(mine, theirs, &mut order);
                    cx.battle_gain(mine, &order, theirs, attacker, space)
                });
                each_combination(free, n, |idx| {
                    let mut cards = [mine[idx[0]].card; 3];
                    for (k, &i) in idx.iter().enumerate() {
                        cards[k] = mine[i].card;
                    }
                    if idx.iter().fold(sized, |m, &i| m & masks[i]) == 0 {
                        debug_assert_eq!(
                            cx.view.use_line(b, &cards[..n], false, space),
                            None,
                            "a group ruled out that has a line"
                        );
                        return;
                    }
                    let Some(line) = cx.view.use_line(b, &cards[..n], false, space) else {
                        return;
                    };
                    let first = mine[idx[0]];
                    let mut unit = Fighter {
                        strength: first.strength + cx.line_value(line),
                        ..first
                    };
                    for &i in &idx[1..] {
                        let f = mine[i];
                        // Only the first member's weapon works in a group.
                        let lost = f
                            .weapon
                            .and_then(|w| cx.adds(w, f.card, false, space))
                            .unwrap_or(0.0);
                        unit.strength += f.strength - lost;
                        unit.damage += f.damage + cx.w.battle.kill;
                    }
                    after.clear();
                    after.extend(
                        (0..mine.len())
                            .filter(|i| !idx.contains(i))
                            .map(|i| mine[i]),
                    );
                    after.push(unit);
                    sort_strongest_first(&mut after);
                    pair_into(&after, theirs, &mut order);
                    let gain = cx.battle_gain(&after, &order, theirs, attacker, space);
                    if gain > base + 0.05 && best.as_ref().is_none_or(|x| gain > x.0) {
                        let mut kept = [0usize; 3];
                        kept[..n].copy_from_slice(idx);
                        best = Some((gain, b, kept, n, unit));
                    }
                });
            }
        }
        let Some((_, b, kept, n, unit)) = best else {
            return groups;
        };
        let idx = &kept[..n];
        let rest = idx[1..].iter().map(|&i| mine[i].card).collect();
        groups.push((b, unit.card, rest));
        let mut next: Vec<Fighter> = (0..mine.len())
            .filter(|i| !idx.contains(i))
            .map(|i| mine[i])
            .collect();
        next.push(unit);
        sort_strongest_first(&mut next);
        *mine = next;
    }
}

/// Calls `f` with every choice of `n` (two or three) of `items`, in order.
fn each_combination(items: &[usize], n: usize, mut f: impl FnMut(&[usize])) {
    for (a, &x) in items.iter().enumerate() {
        for (b, &y) in items.iter().enumerate().skip(a + 1) {
            if n == 2 {
                f(&[x, y]);
                continue;
            }
            for &z in &items[b + 1..] {
                f(&[x, y, z]);
            }
        }
    }
}

fn plan_units(legal: &[Action], units: &mut Vec<CardRef>) {
    units.extend(legal.iter().filter_map(|a| match a {
        Action::PlanNext(c) => Some(*c),
        _ => None,
    }));
}

/// Battle cards from hand: those the plan would use.
pub(super) fn cards(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let offered = legal.iter().filter_map(|a| match a {
        Action::AddBattleCard(c) => Some(*c),
        _ => None,
    });
    // Nothing to take: every card a plan could use is held already, so no plan can name one
    // to add (the plan's battle cards are drawn from `available` alone). Planning anyway was
    // most of this step's cost.
    if offered.clone().next().is_none() {
        return Some(Action::BattleCardsDone);
    }
    let mut units = cx.scratch.cards();
    battle_units(cx, &mut units);
    // No card offered could have a place in any plan: the plan would name none to add, so
    // it is not worked out (most of this step's cost when nothing fits).
    let space = cx.view.battle_in_space();
    if !offered.clone().any(|b| might_plan(cx, b, &units, space)) {
        cx.scratch.give_cards(units);
        return Some(Action::BattleCardsDone);
    }
    let held = cx.view.own_battle_cards();
    let mut available = cx.scratch.cards();
    available.extend_from_slice(&held);
    available.extend(offered);
    let plan = make_plan(cx, &units, &available);
    cx.scratch.give_cards(units);
    cx.scratch.give_cards(available);
    plan.battle_cards()
        .find(|c| !held.contains(c))
        .map(Action::AddBattleCard)
        .or(Some(Action::BattleCardsDone))
}

/// Whether [`make_plan`] could give battle card `b` a place among `units`: only when it has
/// a fight-together line (`group_up`), adds for one of our fighters there, first in the plan
/// or not (the fights, `fight_text::last_stand`), or gives one of them a second weapon's slot
/// (`plan_two_weapons`). False means no plan names it, whatever else is available.
fn might_plan(cx: &Ctx, b: CardRef, units: &[CardRef], space: bool) -> bool {
    let Some(d) = cx.def(b) else {
        return true;
    };
    if d.uses
        .iter()
        .any(|u| u.rule.alts.iter().any(|g| matches!(g.members.len(), 2 | 3)))
    {
        return true;
    }
    let kind = |c: CardRef| cx.def(c).map(|d| d.kind);
    // The plan's fighters: our starships in space, our face-up characters on the ground.
    let fighters = units
        .iter()
        .copied()
        .filter(|&c| space || kind(c) == Some(Kind::Character));
    for f in fighters.clone() {
        if cx.adds(b, f, false, space).is_some() || cx.adds(b, f, true, space).is_some() {
            return true;
        }
    }
    if space {
        return false;
    }
    let weapons = units
        .iter()
        .copied()
        .filter(|&c| kind(c) == Some(Kind::Weapon));
    fighters.clone().any(|f| {
        weapons.clone().any(|w| {
            cx.view
                .fight_number(Number::TwoWeapons, cx.me, f, Some(w), Some(b), None)
                .unwrap_or(0)
                != 0
        })
    })
}

/// The viewer's own cards in the battle: face-up characters and weapons at the planet, or
/// the Hyperspace pile in a starship battle; appended to `units` (empty).
fn battle_units(cx: &Ctx, units: &mut Vec<CardRef>) {
    if cx.view.battle_in_space() {
        units.extend_from_slice(cx.view.hyperspace(cx.me));
        return;
    }
    let Some(planet) = cx.view.current_planet() else {
        return;
    };
    units.extend(cx.view.seen_at(planet, cx.me).filter_map(|(s, _)| match s {
        crate::engine::Seen::Card {
            card,
            face_up: true,
        } => Some(card),
        _ => None,
    }));
}

/// The next card of the plan, deciding the whole plan at its first card. A plan begun by
/// someone else (an agent made in the middle of the plan, as the search's playouts and the
/// counterfactual replay make them, or cards placed other than this agent planned) is planned
/// afresh for the cards still to place, after those placed: without that, the agent ended
/// such a plan at once (`PlanDone` puts the rest in the order offered, a weapon after the
/// character it was for, where it adds nothing).
pub(super) fn plan_next(cx: &Ctx, legal: &[Action], plan: &mut Vec<CardRef>) -> Option<Action> {
    let own = cx.view.own_plan();
    let placed = own.len();
    if placed == 0 || plan.get(..placed) != Some(own) {
        let mut units = cx.scratch.cards();
        plan_units(legal, &mut units);
        // The battle cards taken for this battle (cards used so by their text included).
        let held = cx.view.own_battle_cards();
        let mut battle = cx.scratch.cards();
        battle.extend(units.iter().copied().filter(|c| held.contains(c)));
        make_plan(cx, &units, &battle).cards_into(plan);
        plan.splice(0..0, own.iter().copied());
        cx.scratch.give_cards(units);
        cx.scratch.give_cards(battle);
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
        let (mine, theirs) = (cx.space_strength(cx.me), cx.space_strength(cx.opp));
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
/// opposing unit, as the engine counts it (a line "only vs" someone else adds nothing). A
/// Double Impact card that the plan put with its last fighter for its right half's last
/// stand (RF-DI6/DI9, `fight_text::last_stand`) is used as that half, so that the attackers
/// left over break through for nothing (card-text 16.5).
pub(super) fn bonus_line(cx: &Ctx, card: CardRef, legal: &[Action]) -> Option<Action> {
    if let Some(a) = last_stand_half(cx, card, legal) {
        return Some(a);
    }
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

/// The right-half line of `card` when its right half spares breakthrough losses, we defend
/// outnumbered (some attackers will break through) and the card ends our plan with its user.
fn last_stand_half(cx: &Ctx, card: CardRef, legal: &[Action]) -> Option<Action> {
    use crate::engine::use_lines::Half as LineHalf;
    if cx.view.active() == cx.me || fight_text::spares_breakthrough(cx, card)? != Some(Half::Right)
    {
        return None;
    }
    let plan = cx.view.own_plan();
    let i = plan.iter().position(|&c| c == card)?;
    let after = plan.len() - i - 1;
    let weapon = plan
        .get(i + 1)
        .is_some_and(|&c| cx.def(c).is_some_and(|d| d.kind == Kind::Weapon));
    if after != 1 + usize::from(weapon)
        || cx.ground(cx.opp, false).0.len() <= cx.ground(cx.me, false).0.len()
    {
        return None;
    }
    let d = cx.def(card)?;
    legal.iter().copied().find(|a| {
        matches!(*a, Action::ChooseLine(l)
            if d.uses.get(l as usize).is_some_and(|u| u.rule.half == Some(LineHalf::Right)))
    })
}

/// Abilities offered before a fight: reveal the hand for a battle card's bonus (BP-22,
/// card-text 16.12) whenever the bonus would add power to our side; decline the rest.
pub(super) fn window(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let reveal = legal.iter().copied().find(|a| match *a {
        Action::UseAbility { card, option } => cx
            .def(card)
            .and_then(|d| d.text)
            .and_then(|t| t.abilities.get(option as usize))
            .is_some_and(|ab| {
                matches!(ab, Ability::BonusOnlyIf { when, .. } if when.as_slice() == [Condition::RevealHand])
            })
            && cx.def(card).is_some_and(|d| d.uses.iter().any(|u| u.dots + u.cubes > 0)),
        _ => false,
    });
    reveal.or(Some(Action::Decline))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::heuristic::Weights;
    use crate::catalogue::{Card, Planet};
    use crate::engine::builder::{Builder, Zone, fx};
    use crate::engine::{GameState, Phase, Player, legal_actions};

    /// A battle declared at Naboo, A's battle-card step: A's Hero (4) against B's Foe (5),
    /// battle card `card` in A's hand.
    fn battle_with(card: Card) -> (GameState, CardRef) {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::BattleStep, Player::A);
        b.deck_filler(Player::A, 2, 30);
        b.deck_filler(Player::B, 2, 30);
        let here = Zone::At(Planet::Naboo, true);
        b.add(Player::A, fx::character("Hero", "", 4, 1, 1), here);
        b.add(Player::B, fx::character("Foe", "", 5, 1, 1), here);
        let card = b.add(Player::A, card, Zone::Hand);
        let mut g = b.build();
        g.apply(Action::DeclareBattle).unwrap();
        assert_eq!(g.phase(), Phase::BattleCards(Player::A));
        (g, card)
    }

    #[test]
    fn a_battle_card_that_no_plan_can_place_is_not_planned_for() {
        // Rulebook "Battle Cards": a card adds only for a character its use line names. Hero's
        // +3 turns his fight with Foe (4 against 5), so the plan takes it; a card for a
        // character who is not here has no place in any plan, and the step ends at once.
        for (user, usable) in [("Hero", true), ("Nobody Here", false)] {
            let (g, card) = battle_with(fx::battle("Boost", &[(user, 3, 0)]));
            let view = g.view(Player::A);
            let weights = Weights::default();
            let lineups = super::super::lineups::Lineups::default();
            let scratch = super::super::eval::Scratch::default();
            let cx = Ctx::new(&view, &weights, false, &lineups, &scratch);
            let mut units = Vec::new();
            battle_units(&cx, &mut units);
            assert_eq!(might_plan(&cx, card, &units, false), usable, "{user}");
            // The shortcut is sound only if a plan never names a card it rules out.
            let named = make_plan(&cx, &units, &[card])
                .battle_cards()
                .any(|c| c == card);
            assert_eq!(named, usable, "{user}");
            let mut legal = Vec::new();
            legal_actions(&view, &mut legal);
            let expected = if usable {
                Action::AddBattleCard(card)
            } else {
                Action::BattleCardsDone
            };
            assert_eq!(cards(&cx, &legal), Some(expected), "{user}");
        }
    }
}
