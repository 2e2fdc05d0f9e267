//! A text's questions in the middle of a step (`Pending::Prompt`): which card to give up,
//! which of two effects, whether to use a "you may". The agent answers from what the answers
//! are, never from which card asks, so one rule serves every text of the same shape.

use super::eval::Ctx;
use crate::engine::{Action, CardRef};

/// Below this many cards in its draw deck the agent stops drawing for texts: each card
/// drawn brings its own deck victory closer (rulings "Deck victory happens when a draw deck is
/// empty").
const LOW_DECK: usize = 6;

pub(super) fn answer(cx: &Ctx, legal: &[Action]) -> Option<Action> {
    let me = cx.view.player();
    let hand = cx.view.hand();
    // A card of its own hand to give up (a discard, a card under the draw deck): the least
    // worth keeping, as Even Up discards.
    let own: Vec<CardRef> = legal
        .iter()
        .filter_map(|a| match a {
            Action::ChooseCard(c) if hand.contains(c) => Some(*c),
            _ => None,
        })
        .collect();
    if !own.is_empty() {
        return own
            .into_iter()
            .min_by(|&a, &b| {
                let v = |c| cx.def(c).map_or(0.0, |d| cx.hand_value(c, d));
                v(a).total_cmp(&v(b))
            })
            .map(Action::ChooseCard);
    }
    let low = cx.view.deck_len(me) < LOW_DECK;
    // "Put a card under your draw deck, or draw one": draw while the deck is safe.
    if legal.contains(&Action::ChooseNumber(1)) {
        let draw = !low || !legal.contains(&Action::ChooseNumber(0));
        return Some(Action::ChooseNumber(if draw { 1 } else { 0 }));
    }
    // A "you may" (to draw, to hurt the opponent): yes, unless the deck is nearly empty.
    if let Some(&yes) = legal
        .iter()
        .find(|a| matches!(a, Action::UseAbility { .. }))
    {
        if low && legal.contains(&Action::Decline) {
            return Some(Action::Decline);
        }
        return Some(yes);
    }
    legal.iter().copied().find(|&a| a != Action::Decline)
}
