//! Locations for new planets, Effect fetches, Even Up and the end of the turn.

use super::eval::{Ctx, Fighter, pair_into};
use crate::engine::{Action, CardRef, Kind};

/// The starting or next location: the site where our characters' bonuses add up highest
/// (those in hand count double: they can deploy now). Ties keep the first offered, which is
/// hand before discard pile before draw deck.
pub(super) fn location(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let hand = cx.view.hand();
    // Our characters sorted out once for all the locations offered rather than our whole
    // deck walked for each: a score is a sum of small whole numbers, the same in any order.
    let (mut held, mut rest) = (cx.scratch.cards(), cx.scratch.cards());
    for (card, d) in cx.view.own_cards() {
        if d.is_character() {
            if hand.contains(&card) {
                held.push(card);
            } else {
                rest.push(card);
            }
        }
    }
    let mut best: Option<(f32, Action)> = None;
    for &a in legal {
        let (Action::StartingLocation(c) | Action::NextLocation(c)) = a else {
            continue;
        };
        let Some((planet, site)) = cx.def(c).and_then(|d| d.location) else {
            continue;
        };
        let bonus = |card: CardRef| {
            cx.def(card)
                .map_or(0.0, |d| d.location_bonus(planet, site) as f32)
        };
        let score: f32 = held
            .iter()
            .map(|&card| 2.0 * bonus(card))
            .chain(rest.iter().map(|&card| bonus(card)))
            .sum();
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, a));
        }
    }
    cx.scratch.give_cards(held);
    cx.scratch.give_cards(rest);
    best.map(|(_, a)| a)
}

/// Fetch the Effect worth most (its played text, and the weights' value of an Effect), when
/// one is worth anything.
pub(super) fn effect_fetch(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let best = legal
        .iter()
        .filter_map(|&a| match a {
            Action::FetchEffect(c) => cx.def(c).map(|d| (a, cx.hand_value(c, d))),
            _ => None,
        })
        .max_by(|x, y| x.1.total_cmp(&y.1));
    match best {
        Some((a, v)) if v > 0.0 => Some(a),
        _ => Some(Action::NoEffect),
    }
}

/// Even Up: discard locations (they come back from the discard pile when a planet needs
/// them) unless one would improve the scene here; recycle a dead hand.
pub(super) fn even_up(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    if let Some(a) = super::texts::even_up_step(cx, legal) {
        return Some(a);
    }
    let current = cx.view.current_planet();
    // Each location discarded is one more card drawn from the draw deck: with few left, keep
    // them (an empty draw deck loses: rulebook "Deck Victory").
    let keep_locations = cx.view.deck_len(cx.me) < cx.w.turn.keep_locations_deck as usize;
    for &a in legal {
        if let Action::DiscardLocation(c) = a
            && !keep_locations
            && let Some(d) = cx.def(c)
            && !d
                .location
                .is_some_and(|(p, _)| Some(p) == current && helps_here(cx, c))
        {
            return Some(a);
        }
    }
    let min_deck = if cx.restless {
        // Rather a faster end than a standstill; never so few that the draw loses the game.
        cx.view.even_up_size()
    } else {
        cx.w.turn.recycle_min_deck as usize
    };
    if legal.contains(&Action::RecycleHand) && cx.view.deck_len(cx.me) >= min_deck {
        // Without a character to deploy, weapons and battle cards have nobody to serve and
        // the planet goes to whoever has characters there: dig for some.
        let hand = cx.view.hand();
        let per_turn = cx.view.counters_per_turn();
        let characters = hand
            .iter()
            .filter_map(|&c| cx.def(c).map(|d| (c, d)))
            .filter(|&(c, d)| cx.could_deploy(d) && cx.view.cost(c).is_some_and(|k| k <= per_turn))
            .count();
        let value: f32 = hand
            .iter()
            .filter_map(|&c| cx.def(c).map(|d| cx.hand_value(c, d)))
            .sum();
        if characters == 0 || value <= cx.w.turn.recycle_hand_value || cx.restless {
            return Some(Action::RecycleHand);
        }
    }
    Some(Action::EvenUpDone)
}

/// Whether a location of the current planet would give our characters there more bonus than
/// the site on top.
fn helps_here(cx: &Ctx, loc: CardRef) -> bool {
    let (Some(planet), Some((_, cur))) = (cx.view.current_planet(), cx.site) else {
        return false;
    };
    let Some((_, site)) = cx.def(loc).and_then(|d| d.location) else {
        return false;
    };
    let gain: i32 = cx
        .view
        .seen_at(planet, cx.me)
        .filter_map(|(_, d)| d.filter(|d| d.is_character()))
        .map(|d| d.location_bonus(planet, site) as i32 - d.location_bonus(planet, cur) as i32)
        .sum();
    gain > 0
}

/// Too many cards: discard the least useful.
pub(super) fn discard(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::EvenUpDiscard(c) => cx.def(c).map(|d| (cx.hand_value(c, d), a)),
            _ => None,
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}

/// Surrender a hopeless planet: the opponent's force there dwarfs ours, or its next battle may
/// empty our draw deck, and giving it up does not hand them the game (they hold no planet
/// yet). Otherwise end the turn.
pub(super) fn end(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    if legal.contains(&Action::Surrender) && hopeless(cx) {
        return Some(Action::Surrender);
    }
    Some(Action::EndTurn)
}

fn hopeless(cx: &Ctx) -> bool {
    if cx.deciding() {
        return false;
    }
    let mut mine = cx.scratch.fighters();
    cx.ground_into(cx.me, true, &mut mine);
    if mine.is_empty() {
        // Nothing to save: the planet goes (or not) by control anyway.
        cx.scratch.give(mine);
        return false;
    }
    let ours: f32 = mine.iter().map(|f| f.strength).sum();
    cx.scratch.give(mine);
    let mut theirs = cx.scratch.fighters();
    let hidden = cx.ground_into(cx.opp, false, &mut theirs);
    let total: f32 =
        theirs.iter().map(|f| f.strength).sum::<f32>() + hidden as f32 * cx.w.estimates.destiny;
    let in_hand: f32 = cx
        .view
        .hand()
        .iter()
        .filter_map(|&c| cx.def(c).map(|d| (c, d)))
        .filter(|(_, d)| d.kind == Kind::Character)
        .map(|(c, d)| cx.char_strength(c, d))
        .sum();
    let hopeless = total
        >= cx.w.turn.surrender_ratio * (ours + in_hand) + cx.w.turn.surrender_margin
        || battle_empties_deck(cx, &theirs, hidden);
    cx.scratch.give(theirs);
    hopeless
}

/// Whether the opponent's battle on their next turn may take our whole draw deck: the cards
/// it is expected to take, times `turn.surrender_deck` (they may deploy more before it), are
/// at least our draw deck. Expected: the damage of our characters in the fights they would win
/// (ours paired as our battle plan pairs them against theirs, strongest first), and one card
/// for each of theirs left over (breakthrough; their hidden cards are turned up before it, so
/// each counts as one more). An empty draw deck loses at once (RULINGS.md E1); a surrendered
/// planet strands our characters but costs no card (rulebook "Surrender").
fn battle_empties_deck(cx: &Ctx, theirs: &[Fighter], hidden: usize) -> bool {
    // Our hidden cards stay hidden through their turn and do not fight; with none face up
    // there is no battle.
    let mut mine = cx.scratch.fighters();
    cx.ground_into(cx.me, false, &mut mine);
    if mine.is_empty() {
        cx.scratch.give(mine);
        return false;
    }
    let mut order = cx.scratch.order();
    pair_into(&mine, theirs, &mut order);
    let lost: f32 = order
        .iter()
        .zip(theirs)
        .map(|(&i, t)| cx.p_win(t.strength, mine[i].strength) * mine[i].damage)
        .sum();
    let through = (theirs.len() + hidden).saturating_sub(mine.len()) as f32;
    cx.scratch.give_order(order);
    cx.scratch.give(mine);
    cx.w.turn.surrender_deck * (lost + through) >= cx.view.deck_len(cx.me) as f32
}
