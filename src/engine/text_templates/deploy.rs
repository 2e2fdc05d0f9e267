//! Texts about deploying and the draw deck: deck searches (card-text 14), deploy costs,
//! counters per turn, the Even Up hand size, and once-per-step actions.

use super::Part;
use crate::catalogue::Card;
use crate::catalogue::abilities::Ability;
use crate::engine::card_pool::CardDef;
use crate::engine::text::Listen;

/// The abilities of one card this part plays.
#[derive(Debug, Clone, Default)]
pub(super) struct DeployTexts {
    listen: Listen,
}

impl Part for DeployTexts {
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
