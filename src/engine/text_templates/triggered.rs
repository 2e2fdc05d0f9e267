//! Triggered texts (on deploy, on defeat, on winning a planet, a duel's first pass), the
//! podrace texts, and the one-off texts written in code, each named by its card.

use super::Part;
use crate::catalogue::Card;
use crate::catalogue::abilities::Ability;
use crate::engine::card_pool::CardDef;
use crate::engine::text::Listen;

/// The abilities of one card this part plays.
#[derive(Debug, Clone, Default)]
pub(super) struct TriggeredTexts {
    listen: Listen,
}

impl Part for TriggeredTexts {
    fn take(&mut self, _index: u8, a: &Ability, def: &CardDef, _cards: &[Card]) -> bool {
        plays(a, def)
    }

    fn listens(&self) -> Listen {
        self.listen
    }
}

/// Whether this part plays ability `a` of `def` (none yet).
pub fn plays(_a: &Ability, _def: &CardDef) -> bool {
    false
}
