//! The state key: a number that changes whenever the numbers of a fight (power, damage,
//! whether a card may use a weapon or battle card, whether a card acts as a battle card) could
//! answer differently for the same cards in the same places. Agents that size up the cards at
//! a planet keep what they worked out under the key and the cards, and reuse it while both
//! stand (the heuristic agent's line-ups: `bots::heuristic::lineups`).
//!
//! While no face-up text in force listens to one of those numbers and no lasting effect
//! changes one, each is the rules' value from the card's printed facts and its place: it
//! cannot change unless the card, its place or its own text does, which the agent sees in the
//! cards themselves. So the key is renewed after every action that starts or ends in a state
//! where such a text is in force or such a lasting effect runs, and otherwise stands. That is
//! coarser than tracking what each text reads (any action then counts as a change), but it
//! cannot miss a change a text makes or reads, whatever the text.
//!
//! While such a text is in force the key is not handed out ([`GameState::state_key`] is
//! None): what an agent kept under it could serve only within the same decision, and keeping
//! it would cost more than it saves.
//!
//! What the key reveals: it depends on which actions were applied (every player sees each
//! one happen), on the face-up cards in play and on lasting effects (public), never on a
//! hidden card. New values come from one counter shared by every game of the process, so two
//! games, or two copies of a game that went different ways, never share a key they did not
//! reach by the same play; its values mean nothing beyond equality.

use std::sync::atomic::{AtomicU64, Ordering};

use super::state::GameState;
use super::text::{Listen, Number};

/// The last key handed out, across all games.
static LAST: AtomicU64 = AtomicU64::new(0);

/// A key no game has had yet.
pub(crate) fn fresh() -> u64 {
    LAST.fetch_add(1, Ordering::Relaxed) + 1
}

/// The numbers of a fight, which the key follows.
pub(crate) const FIGHT_NUMBERS: Listen = Listen::numbers(&[
    Number::Power,
    Number::Damage,
    Number::MayUse,
    Number::HandBattleCard,
]);

impl GameState {
    /// Whether every number of a fight is the rules' value for the cards and places it is
    /// asked about (leaving aside the asked cards' own texts): no text in force listens to
    /// one and no lasting effect changes one.
    #[inline]
    pub(crate) fn numbers_quiet(&self) -> bool {
        !self.in_force_listen.any(FIGHT_NUMBERS)
            && self
                .text_state
                .lasting
                .iter()
                .all(|l| !FIGHT_NUMBERS.any(Listen::number(l.number)))
    }

    /// The key of this state (see the module documentation); None while a text in force or
    /// a lasting effect changes a number of a fight, when the next action renews the key
    /// whatever it does, so that nothing kept under it could serve again.
    pub fn state_key(&self) -> Option<u64> {
        self.numbers_quiet().then_some(self.key)
    }

    /// Gives this state a key of its own: after a change the key cannot follow, such as a
    /// determinized copy or a test's direct edit.
    pub(crate) fn renew_key(&mut self) {
        self.key = fresh();
    }
}
