//! Decisions in the middle of a step: a stack of pending decisions above the phase's own
//! (Riftcaller's prompts). A step of the rules that must ask a player pushes a [`Pending`]
//! and returns; the player to act is then the top decision's, `legal_actions` lists its
//! answers, and once it is answered the interrupted step resumes from the state it left
//! (`GameState::resume`). Battles stop fight by fight this way, as do duels and a Battle of
//! Naboo interception, and texts ask through [`GameState::ask`].

use serde::Serialize;

use super::action::Action;
use super::player::{CardRef, Player};
use super::state::{Flow, GameState, Phase};
use super::text::{Text, Window};

/// A decision the game waits for above its phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Pending {
    /// `source`'s text asks `player` its prompt `key` (text.rs); `optional`: `Decline` is one
    /// of the answers.
    Prompt {
        player: Player,
        source: CardRef,
        key: u8,
        optional: bool,
    },
    /// `player` may use abilities at `window` (`UseAbility`), or `Decline` to go on.
    Window { player: Player, window: Window },
    /// `player` chooses which bonus line of `card` (a weapon or battle card in the fight in
    /// progress) it uses: `ChooseLine(i)` for each line `i` set in `lines` (RULINGS.md E4).
    BonusLine {
        player: Player,
        card: CardRef,
        lines: u8,
    },
    /// `player` chooses which half's destiny number drawn Double Impact card `card` counts
    /// for: `ChooseNumber(n)` for each half's number (RULINGS.md T6, `engine::double_impact`).
    DestinyHalf { player: Player, card: CardRef },
}

impl Pending {
    pub fn player(&self) -> Player {
        match *self {
            Pending::Prompt { player, .. }
            | Pending::Window { player, .. }
            | Pending::BonusLine { player, .. }
            | Pending::DestinyHalf { player, .. } => player,
        }
    }
}

impl GameState {
    /// Asks `player` prompt `key` of `source`'s text: the step in progress stops after the
    /// calling text returns, and resumes once the answer has been handed to `Text::answer`.
    pub fn ask(&mut self, player: Player, source: CardRef, key: u8, optional: bool) {
        self.pending.push(Pending::Prompt {
            player,
            source,
            key,
            optional,
        });
    }

    /// The decision on top of the stack, if any.
    pub fn pending(&self) -> Option<Pending> {
        self.pending.last().copied()
    }

    /// Offers `player` the abilities usable at `window`, if they have any.
    pub(crate) fn open_window(&mut self, player: Player, window: Window) {
        let mut offers = Vec::new();
        self.offers(player, window, &mut offers);
        if !offers.is_empty() {
            self.pending.push(Pending::Window { player, window });
        }
    }

    /// The answers to the decision on top.
    pub(crate) fn pending_legal(&self, top: Pending, out: &mut Vec<Action>) {
        match top {
            Pending::Prompt {
                source,
                key,
                optional,
                ..
            } => {
                if let Some((_, text)) = self.texts.get(self.def_id(source)) {
                    text.answers(self, source, key, out);
                }
                if optional || out.is_empty() {
                    out.push(Action::Decline);
                }
            }
            Pending::Window { player, window } => {
                self.ability_actions(player, window, out);
                out.push(Action::Decline);
            }
            Pending::BonusLine { lines, .. } => {
                out.extend(
                    (0..8u8)
                        .filter(|i| lines >> i & 1 == 1)
                        .map(Action::ChooseLine),
                );
            }
            Pending::DestinyHalf { player, card } => self.destiny_half_actions(player, card, out),
        }
    }

    /// `UseAbility` actions for the abilities `p` may use at `window`.
    pub(crate) fn ability_actions(&self, p: Player, window: Window, out: &mut Vec<Action>) {
        let mut offers = Vec::new();
        self.offers(p, window, &mut offers);
        out.extend(
            offers
                .into_iter()
                .map(|(card, option)| Action::UseAbility { card, option }),
        );
    }

    /// Uses an offered ability.
    pub(crate) fn use_ability(&mut self, card: CardRef, option: u8) -> Flow {
        let texts = std::sync::Arc::clone(&self.texts);
        match texts.get(self.def_id(card)) {
            Some((_, text)) => text.use_ability(self, card, option),
            None => Ok(()),
        }
    }

    /// Answers the decision on top, then resumes the step it interrupted.
    pub(crate) fn answer_pending(&mut self, top: Pending, action: Action) -> Flow {
        match top {
            Pending::Prompt { source, key, .. } => {
                self.pending.pop();
                let texts = std::sync::Arc::clone(&self.texts);
                if let Some((_, text)) = texts.get(self.def_id(source)) {
                    text.answer(self, source, key, action)?;
                }
            }
            Pending::Window { .. } => match action {
                // The window stays open: the player may use another ability (each text says
                // how often it may be used, through its offers).
                Action::UseAbility { card, option } => self.use_ability(card, option)?,
                _ => {
                    self.pending.pop();
                }
            },
            Pending::BonusLine { card, .. } => {
                self.pending.pop();
                if let Action::ChooseLine(line) = action {
                    self.choose_line(card, line);
                }
            }
            Pending::DestinyHalf { player, card } => {
                self.pending.pop();
                if let Action::ChooseNumber(value) = action {
                    self.choose_destiny_half(player, card, value);
                }
            }
        }
        self.resume()
    }

    /// Continues the step of the rules that was waiting, once no decision is pending.
    pub(crate) fn resume(&mut self) -> Flow {
        if !self.pending.is_empty() {
            return Ok(());
        }
        match self.phase {
            Phase::Fights => self.run_battle(),
            Phase::DuelPlay => self.continue_duel(),
            // Battle of Naboo rules: an interception's fight (Duel of the Fates rules fight
            // theirs as a battle, in `Phase::Fights`).
            Phase::Interception => self.run_interception(),
            _ => Ok(()),
        }
    }
}
