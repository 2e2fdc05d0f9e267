//! Podrace text: a second handling number for your Podracer pilot (BP-34 Jabba The Hutt, O
//! Grandio Lust, card-text 6). The rules ask [`Number::Handling`] for the racing pilot when a
//! lap card could be a handling card; the text answers its number for its owner's pilot.

use super::Part;
use crate::catalogue::Card;
use crate::catalogue::abilities::Ability;
use crate::engine::card_pool::CardDef;
use crate::engine::player::CardRef;
use crate::engine::state::GameState;
use crate::engine::text::{Listen, Num, Number, Query};

/// The `extra-handling` ability of one card: its index in the spec and the number.
#[derive(Debug, Clone, Default)]
pub(super) struct PodraceTexts {
    handling: Option<(u8, u8)>,
}

/// Whether this part plays ability `a` of `def`.
pub fn plays(a: &Ability, _def: &CardDef) -> bool {
    matches!(a, Ability::ExtraHandling { number } if *number > 0)
}

impl Part for PodraceTexts {
    fn take(&mut self, index: u8, a: &Ability, def: &CardDef, _cards: &[Card]) -> bool {
        if !plays(a, def) {
            return false;
        }
        let Ability::ExtraHandling { number } = a else {
            return false;
        };
        self.handling = Some((index, *number));
        true
    }

    fn listens(&self) -> Listen {
        match self.handling {
            Some(_) => Listen::number(Number::Handling),
            None => Listen::NONE,
        }
    }

    /// card-text 6: "in addition to" the pilot's own number, while this card is face up in
    /// play anywhere (the engine asks only face-up cards in play), for its owner's pilot
    /// (the rules ask only for the pilot racing on its owner's objective).
    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        if let Some((_, number)) = self.handling
            && q.number == Number::Handling
            && q.player == g.owner(me)
        {
            n.set(number as i16);
        }
    }

    fn explain(
        &self,
        g: &GameState,
        me: CardRef,
        q: &Query,
        n: &mut Num,
        seen: &mut dyn FnMut(u8, i16),
    ) {
        let before = n.value();
        self.modify(g, me, q, n);
        if let Some((ability, _)) = self.handling
            && n.value() != before
        {
            seen(ability, n.value() - before);
        }
    }
}
