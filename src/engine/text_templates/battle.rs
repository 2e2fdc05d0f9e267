//! Texts that act in battle fights: fight-together groups (and who alone is defeated),
//! conditional bonuses, saved-if-defeated, ignoring an opposing weapon, two weapons,
//! fights-again, no breakthrough loss, extra damage on a fight's result, restrictions.

use super::Part;
use crate::catalogue::Card;
use crate::catalogue::abilities::Ability;
use crate::engine::card_pool::CardDef;
use crate::engine::text::Listen;

/// The abilities of one card this part plays.
#[derive(Debug, Clone, Default)]
pub(super) struct BattleTexts {
    listen: Listen,
}

impl Part for BattleTexts {
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
