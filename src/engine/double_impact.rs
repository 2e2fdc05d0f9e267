//! Double Impact destiny: a Double Impact card prints a destiny number on each half, and "the
//! owner of a Double Impact card chooses either half's destiny number each time the number is
//! used" (RULINGS.md T6; card-text 16.2; rulebook "Double Impact Cards": "choose which of the
//! two depicted cards you wish to use").
//!
//! Played here: the destiny draws that add to a side's total (a battle's or space battle's
//! fight, a Battle of Naboo interception, a `?` duelist's power). For such a total the higher
//! number is always at least as good for its drawer unless a text may later act on the exact
//! number drawn (DF-21/45 switch the drawer's lowest number with the opponent's highest, which
//! a lower number can make cheaper); the engine so takes the higher half itself when no text of
//! the game listens to destiny draws (as card-text 4 lets it choose DF-21's best pair), and
//! otherwise asks the owner ([`Pending::DestinyHalf`]). Either way an
//! [`Event::DestinyHalf`] says which half's number counts.
//!
//! In a duel, a Double Impact card of the dueling hand attacks or blocks as either half
//! (`Action::DuelAttackRight`, `Action::DuelBlockRight` for the right half), with that
//! half's printed number (the duel reads printed numbers). It is one card of the hand. Only
//! RF-DI6 and RF-DI9 carry dueling text, on their right halves, and both print 4 on each
//! half: there the half is chosen by the text's own prompt when the card hits
//! (`text_templates::duel::plays`).
//!
//! Still the left half's number: a lap card, the draw for first player, the second card of
//! EBN-P15's "draw two and keep one" and V1-JC-21's guess (README, "What is not played yet").

use super::action::Action;
use super::card_pool::CardDef;
use super::event::Event;
use super::pending::Pending;
use super::player::{CardRef, Player};
use super::state::GameState;
use super::text::{Number, Query};

impl CardDef {
    /// A Double Impact card's right half's destiny number when it differs from its left
    /// half's (None: one number, nothing to choose).
    #[inline]
    pub fn right_half_destiny(&self) -> Option<u8> {
        self.right_destiny.filter(|&r| r != self.destiny())
    }
}

impl GameState {
    /// Both halves' destiny numbers of `card` drawn by `p`, each asked of the rules as
    /// [`GameState::destiny_of`] asks the left one's, when it is a Double Impact card whose
    /// halves print different numbers (None otherwise: there is nothing to choose).
    pub(crate) fn destiny_halves(&self, p: Player, card: CardRef) -> Option<[u8; 2]> {
        let def = self.def(card);
        let right = def.right_half_destiny()?;
        let asked = |base: u8| {
            if !self.asks(Number::Destiny) {
                return base;
            }
            let q = Query::new(Number::Destiny, p).card(card);
            self.number(q, base as i16).clamp(0, u8::MAX as i16) as u8
        };
        let halves = [asked(def.destiny()), asked(right)];
        (halves[0] != halves[1]).then_some(halves)
    }

    /// The number a destiny draw of `card` by `p` for a fight's or duelist's total counts for
    /// as drawn (`left`: its left half's, asked of the rules), and whether its owner must
    /// still choose the half ([`GameState::ask_destiny_half`], once the draw's texts are told).
    pub(crate) fn drawn_half(&mut self, p: Player, card: CardRef, left: u8) -> (u8, bool) {
        let Some(halves) = self.destiny_halves(p, card) else {
            return (left, false);
        };
        // A text listening to destiny draws may act on the exact number: the owner chooses,
        // and until then the left half's counts.
        if self.records_destiny() {
            return (halves[0], true);
        }
        let right = halves[1] > halves[0];
        let value = halves[right as usize];
        self.emit(Event::DestinyHalf {
            player: p,
            card,
            right,
            value,
        });
        (value, false)
    }

    /// Asks `p` which half's destiny number drawn `card` counts for (`ChooseNumber(n)` for
    /// each half's number `n`).
    pub(crate) fn ask_destiny_half(&mut self, p: Player, card: CardRef) {
        self.pending.push(Pending::DestinyHalf { player: p, card });
    }

    /// The answers to [`Pending::DestinyHalf`].
    pub(crate) fn destiny_half_actions(&self, p: Player, card: CardRef, out: &mut Vec<Action>) {
        if let Some(halves) = self.destiny_halves(p, card) {
            out.extend(halves.map(Action::ChooseNumber));
        }
    }

    /// `p` chose number `value` (one half's) for drawn `card`: the draw counts for it.
    pub(crate) fn choose_destiny_half(&mut self, p: Player, card: CardRef, value: u8) {
        let Some(halves) = self.destiny_halves(p, card) else {
            return;
        };
        let right = value == halves[1];
        self.change_destiny(card, value as i16);
        self.emit(Event::DestinyHalf {
            player: p,
            card,
            right,
            value,
        });
    }
}
