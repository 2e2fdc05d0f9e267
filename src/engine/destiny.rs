//! Destiny cards drawn in a fight or duel, as game text may change them after the draw: redraw
//! one (EBN-P9), draw a second and keep one (EBN-P15), replace a number with a damage number
//! (DF-14/51, card-text 16.7), switch two players' numbers (DF-21/45, card-text 4). The rules
//! add each draw to its side's total as it is drawn (the battle fight's destiny, or the `?`
//! power of a duelist); a text that changes a drawn number later goes through
//! [`GameState::change_destiny`], which keeps the record (`TextState::drawn`) and that total
//! in step.

use super::battle::Unit;
use super::event::{DiscardReason, Event};
use super::player::{CardRef, Player};
use super::state::{Ended, GameState};
use super::text::{Drawn, Listen};

impl GameState {
    /// Whether destiny draws are recorded in this game: some text listens to them.
    #[inline]
    pub(crate) fn records_destiny(&self) -> bool {
        self.listen
            .any(Listen::DESTINY_DRAWN.union(Listen::DESTINY_DONE))
    }

    /// Records a destiny card just drawn by `p` in the fight (a battle's, or an interception's)
    /// or duel in progress.
    pub(crate) fn record_destiny(&mut self, p: Player, card: CardRef, value: u8) {
        if self.records_destiny()
            && (self.fight_in_progress() || self.duel.is_some() || self.interception().is_some())
        {
            self.text_state.drawn.push(Drawn {
                player: p,
                card,
                value: value as i16,
            });
        }
    }

    fn fight_in_progress(&self) -> bool {
        self.battle.as_ref().is_some_and(|b| b.fight.is_some())
    }

    /// `p`'s cards in the battle fight in progress (None: no fight, or a duel).
    pub(crate) fn fight_unit(&self, p: Player) -> Option<Unit> {
        let f = self.battle.as_ref()?.fight.as_ref()?;
        Some(f.units[p.index()])
    }

    /// Whether the battle in progress is a starship battle.
    pub(crate) fn in_space_battle(&self) -> bool {
        self.battle.as_ref().is_some_and(|b| b.space.is_some())
    }

    /// The battle card `p` uses in the fight in progress.
    pub(crate) fn fight_battle_card(&self, p: Player) -> Option<CardRef> {
        self.fight_unit(p)?.battle.map(|b| b.0)
    }

    /// The destiny cards drawn in the fight or duel in progress, with what each counts for.
    pub fn drawn_destiny(&self) -> &[Drawn] {
        &self.text_state.drawn
    }

    /// Adds `delta` to the destiny `p` has drawn in the fight or duel in progress.
    fn add_destiny_total(&mut self, p: Player, delta: i16) {
        if let Some(f) = self.battle.as_mut().and_then(|b| b.fight.as_mut()) {
            f.power[p.index()] += delta;
        } else if let Some(d) = self.duel.as_mut() {
            d.destiny[p.index()] += delta;
        } else if self.interception().is_some() {
            // Only the starfighter draws.
            self.add_intercept_destiny(delta);
        }
    }

    /// Destiny card `card` (drawn in this fight) now counts for `value`; the total its side
    /// has drawn follows.
    pub(crate) fn change_destiny(&mut self, card: CardRef, value: i16) {
        let Some(i) = self.text_state.drawn.iter().position(|d| d.card == card) else {
            return;
        };
        let d = self.text_state.drawn[i];
        self.text_state.drawn[i].value = value;
        self.add_destiny_total(d.player, value - d.value);
    }

    /// "Discard that card and redraw" (EBN-P9): `card`, a destiny card of this fight in its
    /// owner's hand, goes to the discard pile and no longer counts; a new draw counts instead.
    pub(crate) fn redraw_destiny(&mut self, card: CardRef) -> Result<u8, Ended> {
        let p = self.owner(card);
        if let Some(i) = self.text_state.drawn.iter().position(|d| d.card == card) {
            let d = self.text_state.drawn.remove(i);
            self.add_destiny_total(p, -d.value);
        }
        if self.remove_from_hand(p, card) {
            self.players[p.index()].discard.push(card);
            self.emit(Event::Discarded {
                player: p,
                card,
                reason: DiscardReason::Text,
            });
        }
        let v = self.draw_destiny(p)?;
        self.add_destiny_total(p, v as i16);
        Ok(v)
    }

    /// A second card drawn for one destiny draw ("draw two and choose one", EBN-P15): to the
    /// hand like any destiny card, told to no text and counting for nothing until chosen
    /// ([`GameState::keep_destiny`]). None when the draw deck is empty.
    pub(crate) fn draw_second_destiny(&mut self, p: Player) -> Result<Option<CardRef>, Ended> {
        if self.draw_deck_len(p) == 0 || self.players[p.index()].deck.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.take_destiny_card(p)?.0))
    }

    /// Of the two cards of one draw, `keep` counts in place of `drawn`.
    pub(crate) fn keep_destiny(&mut self, drawn: CardRef, keep: CardRef) {
        if drawn == keep {
            return;
        }
        let value = self.destiny_of(self.owner(keep), keep) as i16;
        if let Some(i) = self.text_state.drawn.iter().position(|d| d.card == drawn) {
            let d = self.text_state.drawn[i];
            self.text_state.drawn[i] = Drawn {
                card: keep,
                value,
                ..d
            };
            self.add_destiny_total(d.player, value - d.value);
            // A Double Impact card kept counts for its owner's half, as any draw does
            // (`engine::double_impact`; a text listens to these draws, so the owner is asked).
            if self.destiny_halves(d.player, keep).is_some() {
                self.ask_destiny_half(d.player, keep);
            }
        }
    }
}
