//! Whether the numbers of a fight (power, damage, whether a card may use a weapon or battle
//! card, whether a card acts as a battle card) are, in this state, the rules' values from
//! printed facts and place: no face-up text in force listens to one and no lasting effect
//! changes one. Then the numbers of the cards at a planet depend on nothing but those cards
//! (who they are, face up or not), the planet and its site, and the cards' own texts; an
//! agent that sized them up may reuse what it worked out while those stand (the heuristic
//! agent's line-ups: `bots::heuristic::lineups`).
//!
//! It is a fact of the state, read from the face-up texts in play and the lasting effects
//! (both public), never from a hidden card.

use super::state::GameState;
use super::text::{Listen, Number};

/// The numbers of a fight.
pub(crate) const FIGHT_NUMBERS: Listen = Listen::numbers(&[
    Number::Power,
    Number::Damage,
    Number::MayUse,
    Number::HandBattleCard,
]);

impl GameState {
    /// Whether every number of a fight is the rules' value for the cards and places it is
    /// asked about, leaving aside the asked cards' own texts (see the module documentation).
    #[inline]
    pub fn fight_numbers_printed(&self) -> bool {
        !self.in_force_listen.any(FIGHT_NUMBERS)
            && self
                .text_state
                .lasting
                .iter()
                .all(|l| !FIGHT_NUMBERS.any(Listen::number(l.number)))
    }
}
