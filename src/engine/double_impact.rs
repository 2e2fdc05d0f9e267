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
//! A lap card stands for either half's number (`GameState::lap_fit`), and the draw for first
//! player counts the higher half's (`GameState::first_player_number`): both choices the
//! engine makes, as neither can cost the owner anything.
//!
//! The second card of EBN-P15's "draw two and choose one", when kept, is asked as a draw
//! (`GameState::keep_destiny`). The card drawn against V1-JC-21's two named numbers is asked
//! of its drawer too, by that text's own prompt (`text_templates::one_off`): whether a tied
//! duel suits the drawer is theirs to weigh.

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

    /// The destiny numbers the card may be used for: its own twice, or a Double Impact
    /// card's left and right halves'.
    #[inline]
    pub fn destiny_numbers(&self) -> [u8; 2] {
        [
            self.destiny(),
            self.right_half_destiny().unwrap_or(self.destiny()),
        ]
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

    /// Says which half's number `value` of `card` drawn by `p` counts for, once `p` chose it
    /// outside a fight (V1-JC-21's guess).
    pub(crate) fn destiny_half_said(&mut self, p: Player, card: CardRef, value: u8) {
        let right = self
            .destiny_halves(p, card)
            .is_some_and(|h| h[0] != value && h[1] == value);
        self.emit(Event::DestinyHalf {
            player: p,
            card,
            right,
            value,
        });
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

    /// Lap card `card` of `p`, a Double Impact card, was played for lap number `lap`
    /// (`handling`: as a handling card): the play-by-play says which half's number it stood
    /// for. The engine picks the half, which never loses the owner anything: the half of the
    /// needed number when there is one (a handling card is a substitute, two a lap at most),
    /// else the half that matches the racing pilot's handling (`GameState::lap_fit`).
    pub(crate) fn lap_half(&mut self, p: Player, card: CardRef, lap: u8, handling: bool) {
        let def = self.def(card);
        let Some(right) = def.right_half_destiny() else {
            return;
        };
        let left = def.destiny();
        let use_right = if handling {
            // As `lap_fit` matches a handling card; the left half when both match.
            let Some(pilot) = self.racing_pilot(p) else {
                return;
            };
            let numbers = [self.def(pilot).handling, self.extra_handling(p, pilot)];
            let fits = |h: u8| super::deploy::usable_handling(h) && numbers.contains(&Some(h));
            !fits(left)
        } else {
            right == lap
        };
        let value = if use_right { right } else { left };
        self.emit(Event::DestinyHalf {
            player: p,
            card,
            right: use_right,
            value,
        });
    }

    /// The destiny number `card` counts for in the draw for first player: a Double Impact
    /// card's higher half's. "The player who draws the higher number gets to go first": going
    /// first is the draw's prize, and the rules offer no way to decline it, so the higher
    /// number is always its owner's choice.
    pub(crate) fn first_player_number(&self, card: CardRef) -> u8 {
        let [left, right] = self.def(card).destiny_numbers();
        left.max(right)
    }

    /// After `p`'s draw for first player of `card` counting `value`: a Double Impact card's
    /// half said.
    pub(crate) fn first_player_half(&mut self, p: Player, card: CardRef, value: u8) {
        if self.def(card).right_half_destiny().is_some() {
            self.emit(Event::DestinyHalf {
                player: p,
                card,
                right: value != self.def(card).destiny(),
                value,
            });
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
