//! What the fight texts of battle cards and weapons are worth to a battle plan (saved if
//! defeated, opposing weapons ignored, extra damage on the result, fighting again, two
//! weapons), read through the engine's own queries (`PlayerView::fight_number`), and the
//! optional ability to discard a weapon to ignore the opposing one.

use super::eval::{Ctx, Fighter};
use crate::catalogue::abilities::{Ability, Condition, Cost, Half};
use crate::engine::{Action, CardRef, Number, ability_played};

/// What battle card `b`'s fight texts add to `f`'s fight against `t` (with `add`, the card's
/// power bonus), in the units of the plan's battle-card gain (a change of win chance): a
/// saved character loses nothing, an ignored weapon weakens the foe, extra damage and a
/// second fight are worth part of the fight's stakes.
pub(super) fn text_gain(cx: &Ctx, b: CardRef, f: &Fighter, t: &Fighter, add: f32) -> f32 {
    let ask = |n: Number, player, opponent| {
        cx.view
            .fight_number(n, player, f.card, f.weapon, Some(b), opponent)
            .unwrap_or(0)
    };
    let kill = cx.w.battle.kill;
    let stakes = (f.damage + t.damage + 2.0 * kill).max(1.0);
    let mine = f.strength + add;
    let mut theirs = t.strength;
    let mut gain = 0.0;
    if let Some(w) = t.weapon
        && ask(Number::IgnoredWeapons, cx.me, Some(t.card)) > 0
    {
        let w_adds = cx.adds(w, t.card, false, false).unwrap_or(0.0);
        gain += cx.p_win(mine, theirs - w_adds) - cx.p_win(mine, theirs);
        theirs -= w_adds;
    }
    let p_win = cx.p_win(mine, theirs);
    let p_lose = cx.p_win(theirs, mine);
    if ask(Number::Saved, cx.me, Some(t.card)) > 0 {
        gain += p_lose * (f.damage + kill) / stakes;
    }
    let win = ask(Number::ResultDamage, cx.opp, Some(t.card)) as f32;
    let lose = ask(Number::ResultDamage, cx.me, Some(t.card)) as f32;
    gain += (p_win * win - p_lose * lose) / stakes;
    if ask(Number::FightsAgain, cx.me, Some(t.card)) > 0 {
        // Another fight for a fighter who just won: worth a part of one.
        gain += 0.25 * p_win;
    }
    gain
}

/// For two-weapons battle card `b` and `f` (armed with `f.weapon` or not): a weapon of
/// `spare` that `b` lets it use as a second one (both weapons fitting `b`'s two slots), and
/// the first weapon when `f` has none. Returns (first, second).
pub(super) fn two_weapons(
    cx: &Ctx,
    b: CardRef,
    f: &Fighter,
    spare: &[CardRef],
) -> Option<(CardRef, CardRef)> {
    let slots = |w: CardRef| {
        cx.view
            .fight_number(Number::TwoWeapons, cx.me, f.card, Some(w), Some(b), None)
            .unwrap_or(0)
    };
    let pair = |a: i16, c: i16| a & 1 != 0 && c & 2 != 0 || a & 2 != 0 && c & 1 != 0;
    match f.weapon {
        Some(w1) => {
            let s1 = slots(w1);
            spare
                .iter()
                .copied()
                .find(|&w| w != w1 && pair(s1, slots(w)))
                .map(|w| (w1, w))
        }
        None => spare.iter().enumerate().find_map(|(i, &w1)| {
            let s1 = slots(w1);
            spare[i + 1..]
                .iter()
                .copied()
                .find(|&w| pair(s1, slots(w)))
                .map(|w| (w1, w))
        }),
    }
}

/// What weapon `w` adds to `fighter` as a second weapon: its line that fits, else its first
/// (the battle card's text lets the fighter use it).
pub(super) fn weapon_adds(cx: &Ctx, w: CardRef, fighter: CardRef) -> f32 {
    cx.adds(w, fighter, false, false)
        .or_else(|| cx.def(w)?.uses.first().map(|u| cx.line_value(u)))
        .unwrap_or(0.0)
}

/// Defending against more attackers than fighters (some will break through): a battle card
/// whose text spares breakthrough losses while its user is the last card of the plan (DF-19
/// Qui-Gon's Final Stand) goes with the last fighter, if its line fits him and that fight has
/// no battle card. Returns the spare weapons to place first (ignored there), so that nothing
/// follows the last fighter.
pub(super) fn last_stand(
    cx: &Ctx,
    fights: &mut [(Fighter, Option<CardRef>)],
    weapons: &[CardRef],
    second: &[(usize, CardRef)],
    battle_cards: &[CardRef],
) -> Vec<CardRef> {
    if cx.view.active() == cx.me || fights.is_empty() {
        return Vec::new();
    }
    let last = fights.len() - 1;
    if fights[last].1.is_some() {
        return Vec::new();
    }
    let user = fights[last].0.card;
    let Some(b) = battle_cards.iter().copied().find(|&b| {
        !fights.iter().any(|(_, used)| *used == Some(b))
            && spares_breakthrough(cx, b).is_some()
            && cx.adds(b, user, last == 0, false).is_some()
    }) else {
        return Vec::new();
    };
    fights[last].1 = Some(b);
    weapons
        .iter()
        .copied()
        .filter(|w| {
            !fights.iter().any(|(f, _)| f.weapon == Some(*w)) && !second.iter().any(|s| s.1 == *w)
        })
        .collect()
}

/// Whether battle card `b`'s text spares breakthrough losses while its user is the last card
/// of the plan (DF-19; the right halves of RF-DI6/DI9, card-text 16.5), and for which half
/// (None: the whole card; Some(Right): only when used as its right half).
pub(super) fn spares_breakthrough(cx: &Ctx, b: CardRef) -> Option<Option<Half>> {
    let d = cx.def(b)?;
    d.text?.abilities.iter().find_map(|a| match a {
        Ability::NoBreakthroughLoss { when, half }
            if when.iter().all(|c| *c == Condition::LastInPlan) && ability_played(a, d) =>
        {
            Some(*half)
        }
        _ => None,
    })
}

/// Before a fight: discard a weapon to ignore the opposing one (BP-49 Gaderffii Stick) when
/// the opposing weapons add more than the own; every other offer is declined.
pub(super) fn before_fight(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let value = |v: Option<(u8, u8)>| {
        v.map_or(0.0, |(dots, cubes)| {
            dots as f32 + cubes as f32 * cx.w.estimates.destiny
        })
    };
    let theirs = value(cx.view.weapons_in_fight(cx.opp));
    let mine = value(cx.view.weapons_in_fight(cx.me));
    legal
        .iter()
        .copied()
        .find(|&a| match a {
            Action::UseAbility { card, option } => {
                let discards_to_ignore = cx
                    .def(card)
                    .and_then(|d| d.text)
                    .and_then(|t| t.abilities.get(option as usize))
                    .is_some_and(|a| {
                        matches!(
                            a,
                            Ability::IgnoreOpposingWeapon {
                                cost: Some(Cost::DiscardThis),
                                ..
                            }
                        )
                    });
                discards_to_ignore && theirs > mine
            }
            _ => false,
        })
        .or(Some(Action::Decline))
}

#[cfg(test)]
mod tests {
    use super::super::HeuristicAgent;
    use crate::bots::Agent;
    use crate::catalogue::{Card, Planet};
    use crate::engine::builder::{Builder, Zone, fx};
    use crate::engine::{Action, GameState, Pending, Phase, Player, legal_actions};
    use Player::{A, B};

    fn decide(g: &GameState) -> Action {
        let p = g.to_act().expect("someone acts");
        let view = g.view(p);
        let mut legal = Vec::new();
        legal_actions(&view, &mut legal);
        HeuristicAgent::default().choose(&view, &legal)
    }

    fn card(id: &str) -> Card {
        let cat = crate::catalogue::Catalogue::embedded_for_tests();
        cat.cards().iter().find(|c| c.id == id).unwrap().clone()
    }

    fn naboo() -> Builder {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::BattleStep, A);
        b.deck_filler(A, 2, 30);
        b.deck_filler(B, 2, 30);
        b
    }

    #[test]
    fn takes_a_saving_battle_card_into_a_fight_it_would_lose() {
        // BN-57 Young Skywalker adds no power, but saves Anakin (back to hand, no damage) if
        // he loses: against a stronger foe the agent takes it (the engine's Saved query).
        let mut b = naboo();
        b.add(A, card("BN-4"), Zone::At(Planet::Naboo, true));
        let ys = b.add(A, card("BN-57"), Zone::Hand);
        b.add(
            B,
            fx::character("Foe", "", 9, 3, 1),
            Zone::At(Planet::Naboo, true),
        );
        b.add(
            B,
            fx::character("Other Foe", "", 1, 1, 1),
            Zone::At(Planet::Naboo, true),
        );
        let mut g = b.build();
        assert_eq!(g.def(ys).name, "Young Skywalker");
        g.apply(Action::DeclareBattle).unwrap();
        assert_eq!(decide(&g), Action::AddBattleCard(ys));
    }

    #[test]
    fn defending_outnumbered_it_ends_its_plan_with_a_last_stand() {
        // DF-19 Qui-Gon's Final Stand (card-text 16.5): the defender who will suffer
        // breakthrough takes it for its last fighter, and puts its spare weapon first so that
        // the fighter is the very last card of the plan.
        let mut b = naboo();
        for i in 0..3 {
            let c = fx::character(&format!("Raider {i}"), "", 6, 1, 1);
            b.add(A, c, Zone::At(Planet::Naboo, true));
        }
        let stand = b.add(B, card("DF-19"), Zone::Hand);
        let guard = b.add(
            B,
            fx::character("Guard", "", 2, 1, 1),
            Zone::At(Planet::Naboo, true),
        );
        let odd = fx::weapon("Odd Relic", &[("Raider 0", 1, 0)]);
        let odd = b.add(B, odd, Zone::At(Planet::Naboo, true));
        let mut g = b.build();
        g.apply(Action::DeclareBattle).unwrap();
        g.apply(Action::BattleCardsDone).unwrap();
        assert_eq!(decide(&g), Action::AddBattleCard(stand));
        g.apply(Action::AddBattleCard(stand)).unwrap();
        g.apply(Action::BattleCardsDone).unwrap();
        let raiders: Vec<_> = g
            .view(A)
            .own_cards()
            .filter(|(_, d)| d.kind == crate::engine::Kind::Character)
            .map(|(c, _)| c)
            .collect();
        for c in raiders {
            g.apply(Action::PlanNext(c)).unwrap();
        }
        g.apply(Action::PlanDone).unwrap();
        let mut agent = HeuristicAgent::default();
        let mut plan = Vec::new();
        while g.phase() == Phase::BattlePlan(B) {
            let view = g.view(B);
            let mut legal = Vec::new();
            legal_actions(&view, &mut legal);
            let a = agent.choose(&view, &legal);
            if let Action::PlanNext(c) = a {
                plan.push(c);
            }
            g.apply(a).unwrap();
        }
        assert_eq!(plan, vec![odd, stand, guard]);
    }

    #[test]
    fn defending_outnumbered_it_uses_a_double_impact_last_stand_as_its_right_half() {
        // RF-DI9, right half Qui-Gon's Final Stand (card-text 16.5), left half 3 dots for the
        // first character of the plan. Defending one guard against three raiders, the agent
        // takes it for its last (and only) fighter and, where both halves fit, chooses the
        // right half: the two raiders left over break through for nothing. With as many
        // fighters as the attacker, no one breaks through and it takes the 3 dots.
        for outnumbered in [true, false] {
            let mut b = naboo();
            let raiders = if outnumbered { 3 } else { 1 };
            for i in 0..raiders {
                let c = fx::character(&format!("Raider {i}"), "", 6, 1, 1);
                b.add(A, c, Zone::At(Planet::Naboo, true));
            }
            let di = b.add(B, card("RF-DI9"), Zone::Hand);
            b.add(
                B,
                fx::character("Guard", "", 2, 1, 1),
                Zone::At(Planet::Naboo, true),
            );
            let mut g = b.build();
            g.apply(Action::DeclareBattle).unwrap();
            g.apply(Action::BattleCardsDone).unwrap();
            g.apply(Action::AddBattleCard(di)).unwrap();
            g.apply(Action::BattleCardsDone).unwrap();
            let attackers: Vec<_> = g
                .view(A)
                .own_cards()
                .filter(|(_, d)| d.kind == crate::engine::Kind::Character)
                .map(|(c, _)| c)
                .collect();
            for c in attackers {
                g.apply(Action::PlanNext(c)).unwrap();
            }
            g.apply(Action::PlanDone).unwrap();
            let mut agent = HeuristicAgent::default();
            let mut chose = None;
            let mut events = Vec::new();
            while g.battle.is_some() {
                let p = g.to_act().expect("someone acts");
                let view = g.view(p);
                let mut legal = Vec::new();
                legal_actions(&view, &mut legal);
                let a = agent.choose(&view, &legal);
                if let (B, Action::ChooseLine(l)) = (p, a) {
                    chose = Some(l);
                }
                events.extend(g.apply(a).unwrap());
            }
            let right = chose.map(|l| g.def(di).uses[l as usize].rule.half);
            let want = if outnumbered {
                crate::engine::who::Half::Right
            } else {
                crate::engine::who::Half::Left
            };
            assert_eq!(right, Some(Some(want)), "outnumbered {outnumbered}");
            if outnumbered {
                let lost: u32 = events
                    .iter()
                    .map(|e| match e {
                        crate::engine::Event::Damage { player: B, cards } => *cards as u32,
                        _ => 0,
                    })
                    .sum();
                assert_eq!(lost, 1, "only the guard's own damage");
            }
        }
    }

    /// BP-49 Gaderffii Stick's user against a foe with `foe_weapon`, stopped at A's window
    /// before the fight.
    fn at_the_window(foe_weapon: Card) -> (GameState, crate::engine::CardRef) {
        let mut b = naboo();
        let stick = b.add(A, card("BP-49"), Zone::At(Planet::Naboo, true));
        let tusken = b.add(A, card("DM-95"), Zone::At(Planet::Naboo, true));
        let w = b.add(B, foe_weapon, Zone::At(Planet::Naboo, true));
        let foe = b.add(
            B,
            fx::character("Foe", "", 4, 1, 1),
            Zone::At(Planet::Naboo, true),
        );
        let mut g = b.build();
        for a in [
            Action::DeclareBattle,
            Action::BattleCardsDone,
            Action::BattleCardsDone,
            Action::PlanNext(stick),
            Action::PlanNext(tusken),
            Action::PlanDone,
            Action::PlanNext(w),
            Action::PlanNext(foe),
            Action::PlanDone,
        ] {
            g.apply(a).unwrap();
        }
        assert!(matches!(
            g.pending(),
            Some(Pending::Window { player: A, .. })
        ));
        (g, stick)
    }

    #[test]
    fn discards_the_stick_only_against_a_stronger_weapon() {
        // BP-49: "you may discard this weapon from play to ignore one opponent's weapon" —
        // worth it when the opposing weapon adds more than the stick (1 dot, 1 cube).
        let (g, stick) = at_the_window(fx::weapon("Cannon", &[("any character", 4, 1)]));
        assert_eq!(
            decide(&g),
            Action::UseAbility {
                card: stick,
                option: 1
            }
        );
        let (g, _) = at_the_window(fx::weapon("Twig", &[("any character", 0, 0)]));
        assert_eq!(decide(&g), Action::Decline);
    }
}
