//! The deploy step: podracing first (the rules demand it), then the scene, starships,
//! evacuations, and the strongest force the counters allow.

use std::cell::OnceCell;

use super::eval::Ctx;
use crate::catalogue::Planet;
use crate::engine::card_traits::Traits;
use crate::engine::{Action, CardRef, Kind, PlanetStatus, Seen};

pub(super) fn choose(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    // Which rules have an action of theirs on offer, read in one pass: podracing, abilities,
    // scene changes, starships and evacuations choose only among their own actions, and most
    // decisions offer none.
    // The rules' bits are or-ed from a table of constants (`offer_bits`) rather than a
    // `match` per action with an arm each, which jumped through a table on every action
    // listed (a mispredicted jump at most changes of variant along the list). Two passes:
    // in one loop with the deploys' test the compiler made one jump table of both again.
    let offered = legal.iter().fold(0u8, |bits, a| bits | offer_bits(a));
    let (mut scene, mut ship) = (false, false);
    for a in legal {
        if let Action::Deploy(c) = *a {
            let kind = cx.def(c).map(|d| d.kind);
            scene |= kind == Some(Kind::Location);
            ship |= kind == Some(Kind::Starship);
        }
    }
    let race = offered & RACE != 0;
    let ability = offered & ABILITY != 0;
    let evacuation = offered & EVACUATION != 0;
    // The opposing characters a new one of ours would have to fight ([`opposition`]), read at
    // most once a decision: both the current planet's evacuation and the force ask.
    let opposed = OnceCell::new();
    let chosen = race
        .then(|| podrace(cx, legal))
        .flatten()
        .or_else(|| {
            ability
                .then(|| super::texts::deploy_step(cx, legal))
                .flatten()
        })
        // A location or starship leaves the hand like any card deployed (`spare_cards`).
        .or_else(|| {
            (scene && spare_cards(cx) > 0)
                .then(|| location(cx, legal))
                .flatten()
        })
        .or_else(|| {
            (ship && spare_cards(cx) > 0)
                .then(|| starship(legal, cx))
                .flatten()
        })
        .or_else(|| evacuation.then(|| evacuate(cx, legal, &opposed)).flatten())
        .or_else(|| force(cx, legal, &opposed))
        .or(Some(Action::EndDeploy));
    if let Some(v) = opposed.into_inner() {
        cx.scratch.give(v);
    }
    chosen
}

const RACE: u8 = 1;
const ABILITY: u8 = 2;
const EVACUATION: u8 = 4;

/// Which of the deploy step's rules an action belongs to: podracing, an ability, an
/// evacuation (none: 0). Every arm a constant, so that the match compiles to a table read.
fn offer_bits(a: &Action) -> u8 {
    match a {
        Action::Thrust | Action::Lap(_) | Action::Refuel(_) => RACE,
        Action::UseAbility { .. } => ABILITY,
        Action::Evacuate(_) | Action::EvacuateWith(..) => EVACUATION,
        _ => 0,
    }
}

/// Thrust, lap cards, refuel: always when the pilot races (the race is a way to win that
/// costs no counters), refuelling only while the draw deck can spare the cards.
fn podrace(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    if legal.contains(&Action::Thrust) {
        return Some(Action::Thrust);
    }
    let needed = cx.view.laps(cx.me).len() as u8 + 1;
    // A card of the needed number first; handling substitutes only when there is none.
    let lap = legal
        .iter()
        .filter_map(|a| match a {
            Action::Lap(c) => cx.def(*c).map(|d| (*c, d)),
            _ => None,
        })
        .min_by(|&(ca, a), &(cb, b)| {
            // A Double Impact card is of the needed number if either half is (T6).
            let key = |c, d: &crate::engine::CardDef| {
                (!d.destiny_numbers().contains(&needed), cx.hand_value(c, d))
            };
            let (ka, kb) = (key(ca, a), key(cb, b));
            ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
        });
    if let Some((c, _)) = lap {
        return Some(Action::Lap(c));
    }
    if cx.view.deck_len(cx.me) >= cx.w.turn.refuel_min_deck as usize {
        return legal
            .iter()
            .filter(|a| matches!(a, Action::Refuel(_)))
            .max_by_key(|a| match a {
                Action::Refuel(n) => *n,
                _ => 0,
            })
            .copied();
    }
    None
}

/// Changes the scene when our characters (at the planet and in hand) gain more from the new
/// site's bonuses than the opponent's face-up ones do.
fn location(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let planet = cx.view.current_planet()?;
    let (_, cur) = cx.site?;
    let mut best: Option<(f32, CardRef)> = None;
    for a in legal {
        let Action::Deploy(c) = *a else { continue };
        let Some(d) = cx.def(c) else { continue };
        let Some((_, site)) = d.location.filter(|_| d.kind == Kind::Location) else {
            continue;
        };
        let gain = |def: &crate::engine::CardDef| {
            def.location_bonus(planet, site) as f32 - def.location_bonus(planet, cur) as f32
        };
        let mut total = 0.0;
        for p in [cx.me, cx.opp] {
            let sign = if p == cx.me { 1.0 } else { -1.0 };
            for (_, def) in cx.view.seen_at(planet, p) {
                if let Some(def) = def.filter(|d| d.is_character()) {
                    total += sign * gain(def);
                }
            }
        }
        for &h in cx.view.hand() {
            if let Some(def) = cx.def(h).filter(|d| d.is_character()) {
                total += 0.5 * gain(def);
            }
        }
        if total >= cx.w.deploy.location_change && best.is_none_or(|(b, _)| total > b) {
            best = Some((total, c));
        }
    }
    best.map(|(_, c)| Action::Deploy(c))
}

/// Starships cost no counters: into the Hyperspace pile, ready to evacuate or intercept.
fn starship(legal: &[Action], cx: &Ctx) -> Option<Action> {
    legal.iter().copied().find(|a| match a {
        Action::Deploy(c) => cx.def(*c).is_some_and(|d| d.kind == Kind::Starship),
        _ => false,
    })
}

/// Evacuates cards stranded on a won or lost planet (they come back into the draw deck, and a
/// stranded persona no longer blocks its other copies), when our starships can carry it, or
/// whatever the escort when our draw deck holds fewer than `starships.evacuate_deck` cards:
/// then an interception risks little (stranded cards never fight again) and the cards brought
/// home keep the draw deck from running out (an empty one loses: rulebook "Deck Victory").
/// Also evacuates the current planet, with the same escort, when [`give_up_current`] says so.
fn evacuate(cx: &Ctx, legal: &[Action], opposed: &Opposed) -> Option<Action> {
    let stranded = |pl: Planet| {
        matches!(cx.view.planet_status(pl), PlanetStatus::Controlled { .. })
            && cx.view.seen_at(pl, cx.me).next().is_some()
    };
    // Our edge in starships, worked out only when an evacuation is on offer.
    let edge = OnceCell::new();
    let edge = || *edge.get_or_init(|| cx.space_strength(cx.me) - cx.space_strength(cx.opp));
    let short = cx.view.deck_len(cx.me) < cx.w.starships.evacuate_deck as usize;
    for a in legal {
        match *a {
            Action::Evacuate(pl)
                if stranded(pl)
                    && (short || edge() >= cx.w.starships.evacuate_edge || cx.restless) =>
            {
                return Some(*a);
            }
            // The draw decks are compared first: it is free and rules out most offers, while
            // the escort and the opposition each size up a side.
            Action::Evacuate(pl)
                if Some(pl) == cx.view.current_planet()
                    && deck_not_longer(cx)
                    && (short || edge() >= cx.w.starships.evacuate_edge)
                    && give_up_current(cx, opposed) =>
            {
                return Some(*a);
            }
            // Battle of Naboo rules: the opponent's starfighters are in hand, unseen.
            Action::EvacuateWith(_, pl) if stranded(pl) => return Some(*a),
            _ => {}
        }
    }
    None
}

/// The most valuable set of characters, weapons and Effects (and podracing cards for the
/// objective) that the counters left can pay for: a small knapsack over the hand, solved
/// exactly (a character at a planet not worth contesting is valued by the fights it would win:
/// [`char_deploy_value`]). Deploys the most valuable card of that set; the next decision solves again.
fn force(cx: &Ctx, legal: &[Action], opposed: &Opposed) -> Option<Action> {
    if spare_cards(cx) == 0 {
        return None;
    }
    let left = cx.view.counters_left();
    let budget = left.max(0) as usize;
    // The agent's buffer, cleared: this runs at every deploy decision, and allocating the
    // list each time was a measurable part of it.
    let mut items = cx.scratch.deploys.borrow_mut();
    items.clear();
    // Our characters here that may take a weapon card, for valuing weapons: only when a
    // weapon can be deployed.
    let present = OnceCell::new();
    // And our characters on offer that may come with a weapon, with their costs: read once,
    // not once for each weapon on offer.
    let users = OnceCell::new();
    for &a in legal {
        let (c, to_objective) = match a {
            Action::Deploy(c) => (c, false),
            Action::DeployToObjective(c) => (c, true),
            _ => continue,
        };
        let Some(d) = cx.def(c) else { continue };
        let Some(cost) = cx.view.cost(c) else {
            continue;
        };
        let value = if to_objective {
            podrace_value(cx, c)
        } else {
            match d.kind {
                Kind::Character => {
                    char_deploy_value(cx, c, d, opposed.get_or_init(|| opposition(cx)))
                }
                Kind::Weapon => {
                    let present = present.get_or_init(|| unarmed_here(cx));
                    let users = users.get_or_init(|| unarmed_on_offer(cx, legal));
                    weapon_value(cx, c, cost, left, present, users)
                }
                Kind::Effect => cx.w.deploy.effect + super::texts::effect_text_value(d),
                // A Double Impact card's Effect half (card-text 16.1): deployed when what it
                // does to the power of the characters here, and its other text (a search, a
                // step action, a cost), beat keeping its battle half.
                Kind::Battle if d.effect_half => {
                    let gain = cx.w.deploy.power * cx.view.deploy_power_gain(c) as f32
                        + super::texts::effect_half_text_value(d);
                    if gain <= cx.hand_value(c, d) {
                        continue;
                    }
                    gain
                }
                _ => continue,
            }
        };
        if value > 0.0 {
            items.push((a, cost.max(0) as usize, value));
        }
    }
    // Characters before weapons, so each weapon finds its user already there; then value.
    let order = |a: &(Action, usize, f32), b: &(Action, usize, f32)| {
        let is_char = |x: &(Action, usize, f32)| match x.0 {
            Action::Deploy(c) => cx.def(c).is_some_and(|d| d.is_character()),
            _ => true,
        };
        is_char(a)
            .cmp(&is_char(b))
            .then(a.2.total_cmp(&b.2))
            .then(b.1.cmp(&a.1))
    };
    // The greatest of the chosen set in the knapsack's order, the last of equals (as
    // `Iterator::max_by` picks), without gathering the set in a vector.
    let mut best: Option<(Action, usize, f32)> = None;
    match items[..] {
        // One card worth deploying: the knapsack takes it when the counters pay for it (its
        // value is positive), and nothing else; solved without the table.
        [x] => {
            if x.1 <= budget {
                best = Some(x);
            }
        }
        _ => {
            let mut table = cx.scratch.knapsack.take();
            knapsack(&items, budget, &mut table, |i| {
                let x = items[i];
                if best.is_none_or(|b| order(&b, &x) != std::cmp::Ordering::Greater) {
                    best = Some(x);
                }
            });
            cx.scratch.knapsack.set(table);
        }
    }
    if let Some(v) = present.into_inner() {
        cx.scratch.give_cards(v);
    }
    if let Some(v) = users.into_inner() {
        cx.scratch.give_priced(v);
    }
    best.map(|x| x.0)
}

/// How many more cards may leave the hand this turn before Even Up, which draws one for each,
/// would take the last card of the draw deck: a player whose draw deck is empty loses at once
/// (RULINGS.md E1), so a deploy that makes the turn's own Even Up empty it loses the game,
/// whatever it gains on the table.
pub(super) fn spare_cards(cx: &Ctx) -> usize {
    (cx.view.hand().len() + cx.view.deck_len(cx.me)).saturating_sub(cx.view.even_up_size() + 1)
}

/// The opponent's face-up characters here that a character deployed now would have to fight,
/// when this planet is not worth contesting: their face-up strength here is more than all we
/// could bring (our characters here, hidden ones included, and every character in hand), and
/// giving the planet up does not lose the game (the opponent controls no planet yet). Empty
/// otherwise: then every character counts for holding the planet.
fn opposition(cx: &Ctx) -> Vec<super::eval::Fighter> {
    if cx.deciding() {
        return Vec::new();
    }
    // In a vector of the agent's, given back at the end of `force`.
    let mut theirs = cx.scratch.fighters();
    cx.ground_into(cx.opp, false, &mut theirs);
    // Nobody to fight: empty whatever we could bring, and our side is not worth sizing up.
    if theirs.is_empty() {
        return theirs;
    }
    let mut mine = cx.scratch.fighters();
    cx.ground_into(cx.me, true, &mut mine);
    let in_hand: f32 = cx
        .view
        .hand()
        .iter()
        .filter_map(|&c| cx.def(c).map(|d| (c, d)))
        .filter(|&(c, d)| d.kind == Kind::Character && cx.view.cost(c).is_some())
        .map(|(c, d)| cx.char_strength(c, d))
        .sum();
    let ours: f32 = mine.iter().map(|f| f.strength).sum::<f32>() + in_hand;
    cx.scratch.give(mine);
    let total: f32 = theirs.iter().map(|f| f.strength).sum();
    if total <= cx.w.deploy.contest_ratio * ours {
        theirs.clear();
    }
    theirs
}

/// Whether to give up the current planet by evacuating our cards there back into the draw
/// deck: it is not worth contesting (the opponent's face-up strength there is more than all we
/// could bring, and giving it up does not lose the game: [`opposition`]), and our draw deck is
/// no longer than the opponent's, so the race to an empty draw deck is not ours to win by
/// fighting there. Each of our characters left there is defeated in its turn for its damage
/// from our draw deck; evacuated, they refill it (rulebook "Starships and Evacuation": "even
/// the current planet, if you really want to try to get cards back into your draw deck"), and
/// the opponent's strongest characters stay stranded on the planet it wins. Counterfactual
/// replay of podrace-light.txt's lost games against dark.txt and example:dark (master seed 7):
/// an evacuation of the current planet beat the chosen action on 48 fresh samples at 144
/// decisions, in 28 of the 40 games.
fn give_up_current(cx: &Ctx, opposed: &Opposed) -> bool {
    deck_not_longer(cx) && !opposed.get_or_init(|| opposition(cx)).is_empty()
}

/// [`opposition`], worked out when first asked in a decision; `choose` gives the vector back.
type Opposed = OnceCell<Vec<super::eval::Fighter>>;

/// Whether our draw deck is no longer than the opponent's ([`give_up_current`]'s condition).
fn deck_not_longer(cx: &Ctx) -> bool {
    cx.view.deck_len(cx.me) <= cx.view.deck_len(cx.opp)
}

/// What deploying a character here is worth. Unopposed, its value at the planet
/// ([`Ctx::char_value`]). Against face-up opposing characters its power and presence count
/// only as often as it would win its fight (averaged over the characters it could meet), and
/// the fight's expected gain counts too: a character that loses every fight it could meet is
/// no help in holding the planet, only the damage its defeat costs from the draw deck, which is
/// how a deck runs out (issue 12: deck victories against decks that outmatch ours here).
fn char_deploy_value(
    cx: &Ctx,
    c: CardRef,
    d: &crate::engine::CardDef,
    theirs: &[super::eval::Fighter],
) -> f32 {
    if theirs.is_empty() {
        return cx.char_value(c, d);
    }
    let w = &cx.w.deploy;
    let mine = super::eval::Fighter {
        card: c,
        strength: cx.char_strength(c, d),
        damage: cx.damage(c, d, crate::engine::Arena::Battle),
        weapon: None,
        armed: d.armed,
    };
    let n = theirs.len() as f32;
    let p_win = theirs
        .iter()
        .map(|t| cx.p_win(mine.strength, t.strength))
        .sum::<f32>()
        / n;
    let gain = theirs.iter().map(|t| cx.fight_gain(&mine, t)).sum::<f32>() / n;
    p_win * (w.power * mine.strength + w.presence) + gain - w.damage_risk * mine.damage
}

/// Our characters at the current planet, face down ones too, but for the Armed & Dangerous
/// ones (they fight with their own weapon half only). Only who they are counts here, not
/// their power: [`Ctx::ground`] would work that out too, at several times the cost.
fn unarmed_here(cx: &Ctx) -> Vec<CardRef> {
    let Some(planet) = cx.view.current_planet() else {
        return Vec::new();
    };
    // A list of the agent's, given back at the end of `force`.
    let mut present = cx.scratch.cards();
    present.extend(
        cx.view
            .seen_at(planet, cx.me)
            .filter_map(|(seen, def)| match (seen, def) {
                (Seen::Card { card, .. }, Some(d)) if d.kind == Kind::Character && !d.armed => {
                    Some(card)
                }
                _ => None,
            }),
    );
    present
}

/// Our characters on offer to deploy that may use a weapon card (not Armed & Dangerous),
/// each with its cost, in the order offered; in a list of the agent's, given back at the end
/// of `force`.
fn unarmed_on_offer(cx: &Ctx, legal: &[Action]) -> Vec<(CardRef, i16)> {
    let mut users = cx.scratch.priced();
    for a in legal {
        if let Action::Deploy(c) = *a
            && cx.def(c).is_some_and(|d| d.is_character() && !d.armed)
            && let Some(k) = cx.view.cost(c)
        {
            users.push((c, k));
        }
    }
    users
}

/// A weapon, costing `own`, is worth its best bonus for one of our characters here
/// (`present`, as [`unarmed_here`] lists them) or for one on offer (`users`, as
/// [`unarmed_on_offer`] lists them) that the counters left (`left`) pay for together with
/// it. A user that cannot come this turn gave the weapon its value while the counters
/// went to weapons alone, which then waited unused at the planet: a hand of a 6-counter Darth
/// Maul and three lightsabers only he can use deployed the lightsabers and kept Maul
/// (`duel-dark.txt` against `reflections-light.txt` and patient-random, master seed 7, game
/// 350, turn 8; deploying Maul instead won 43 of 48 sampled playouts, a lightsaber 25).
fn weapon_value(
    cx: &Ctx,
    w: CardRef,
    own: i16,
    left: i16,
    present: &[CardRef],
    users: &[(CardRef, i16)],
) -> f32 {
    let mut best: f32 = 0.0;
    for &f in present {
        if let Some(v) = cx.adds(w, f, false, false) {
            best = best.max(v);
        }
    }
    for &(c, k) in users {
        if k + own <= left
            && let Some(v) = cx.adds(w, c, false, false)
        {
            best = best.max(v);
        }
    }
    cx.w.deploy.weapon * best
}

/// A Podracer pilot or Podracer for the Boonta Eve Classic: worth racing when its match is
/// at the objective already, or when the partner's slot is free and its match is among our
/// cards. Only a pilot with his own Podracer races ("Lap Cards"), and each slot takes one card
/// for the whole game, so a card beside another's partner ends the race for the game.
pub(super) fn podrace_value(cx: &Ctx, card: CardRef) -> f32 {
    let Some(d) = cx.def(card) else { return 0.0 };
    let pilot = d.kind == Kind::Character;
    let matches = |o: &crate::engine::CardDef| {
        if pilot {
            o.traits.contains(Traits::PODRACER) && o.persona.contains(d.persona.as_str())
        } else {
            o.traits.contains(Traits::PODRACER_PILOT) && d.persona.contains(o.persona.as_str())
        }
    };
    let (at_pilot, at_podracer) = cx.view.racers(cx.me);
    let partner = if pilot { at_podracer } else { at_pilot };
    let matched = match partner {
        Some(p) => cx.def(p).is_some_and(matches),
        None => cx.view.own_cards().any(|(c, o)| c != card && matches(o)),
    };
    if matched { cx.w.deploy.podrace } else { 0.0 }
}

/// 0/1 knapsack by dynamic programming (a hand holds a handful of cards and the budget is a
/// few counters). Calls `chosen` with each chosen item's index, last index first.
fn knapsack(
    items: &[(Action, usize, f32)],
    budget: usize,
    table: &mut Vec<f32>,
    mut chosen: impl FnMut(usize),
) {
    let n = items.len();
    let width = budget + 1;
    // The table in a buffer kept across decisions (this runs at every deploy decision),
    // cleared only as far as this budget and hand need: a fixed 1 KB array on the stack was
    // zeroed whole at every call. Only row 0 is read before it is written, but the rest is
    // a few dozen entries.
    table.clear();
    table.resize((n + 1) * width, 0.0);
    let best: &mut [f32] = table;
    for (i, &(_, cost, value)) in items.iter().enumerate() {
        // Row i + 1 from row i, as two slices so that the loops carry no index checks (this
        // table was most of the deploy step's own cost). Below the cost the item cannot be
        // taken and the row is copied (what `skip.max(f32::MIN)` gave: every entry is a sum
        // of positive values); from the cost up, the better of skipping and taking it.
        let (done, rest) = best.split_at_mut((i + 1) * width);
        let prev = &done[i * width..];
        let next = &mut rest[..width];
        let cut = cost.min(width);
        next[..cut].copy_from_slice(&prev[..cut]);
        for ((out, &skip), &before) in next[cut..].iter_mut().zip(&prev[cut..]).zip(prev) {
            *out = skip.max(before + value);
        }
    }
    let mut b = budget;
    for i in (0..n).rev() {
        if best[(i + 1) * width + b] != best[i * width + b] {
            chosen(i);
            b -= items[i].1;
        }
    }
}

/// A deploy from the draw deck (the Boonta Eve Classic's free search): search only when a
/// match of the card just deployed is in the draw deck and can be paid for (looking and
/// finding nothing costs 1 damage); take the first match found.
pub(super) fn search(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    if legal.contains(&Action::SearchDeck) {
        // The search looks for the partner of whichever racer is at the objective.
        let (pilot, podracer) = cx.view.racers(cx.me);
        let source = pilot.or(podracer).and_then(|c| cx.def(c));
        let can_find = source.is_some_and(|s| {
            cx.view.own_cards().any(|(c, d)| {
                let matches = if pilot.is_some() {
                    d.traits.contains(Traits::PODRACER) && d.persona.contains(s.persona.as_str())
                } else {
                    d.traits.contains(Traits::PODRACER_PILOT)
                        && s.persona.contains(d.persona.as_str())
                };
                matches
                    && cx.view.own_in_draw_deck(c)
                    && cx
                        .view
                        .cost(c)
                        .is_some_and(|k| k <= cx.view.counters_left())
            })
        });
        return Some(if can_find {
            Action::SearchDeck
        } else {
            Action::SkipSearch
        });
    }
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::SearchTake(_)))
        .or(Some(Action::SearchTakeNothing))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_knapsack_finds_the_best_set_within_the_budget() {
        let a = |i| Action::Refuel(i);
        // Budget 6: {4: 5.0, 3: 3.5, 3: 3.5, 0: 0.5} -> the two threes and the free card (7.5)
        // beat the four and the free card (5.5).
        let items = [
            (a(1), 4, 5.0),
            (a(2), 3, 3.5),
            (a(3), 3, 3.5),
            (a(4), 0, 0.5),
        ];
        let chosen = |items: &[(Action, usize, f32)], budget| {
            let mut chosen = Vec::new();
            knapsack(items, budget, &mut Vec::new(), |i| chosen.push(i));
            chosen.sort();
            chosen
        };
        assert_eq!(chosen(&items, 6), vec![1, 2, 3]);
        assert!(chosen(&items[..1], 3).is_empty());
    }
}
