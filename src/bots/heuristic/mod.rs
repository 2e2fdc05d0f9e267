//! `HeuristicAgent`: plays like a sensible player, from its [`PlayerView`] only. It deploys the
//! strongest force its counters allow, orders battle plans to win fights (strong against weak,
//! weapons and battle cards where they swing a fight), declares battles and duels when the odds
//! favour it, evacuates stranded characters, surrenders hopeless planets, recycles a dead hand
//! and races the podrace when it holds the cards. Its weights come from a TOML file
//! ([`Weights`]). It draws no random numbers: the same view gives the same choice.
//!
//! One module per part of the turn: `deploy`, `battle` (plans, battle cards, starships),
//! `duel`, `turn` (locations, Even Up, surrender); `eval` holds the shared estimates.

mod battle;
mod deploy;
mod duel;
mod eval;
mod fight_text;
mod lineups;
mod prompts;
mod texts;
mod turn;
pub mod weights;

use std::cell::RefCell;
use std::sync::Arc;

pub use weights::{DEFAULT_WEIGHTS, Weights, WeightsError};

use super::Agent;
use crate::engine::{Action, CardRef, Pending, Phase, Player, PlayerView, Window};
use eval::Ctx;

pub struct HeuristicAgent {
    weights: Arc<Weights>,
    /// The battle plan decided when planning began, played out one card per decision.
    plan: Vec<CardRef>,
    /// Whether this turn did anything (deployed, battled, dueled, raced, recycled).
    acted: bool,
    /// Our turns in a row that did nothing. Two cautious agents can wait on each other
    /// forever; after `turn.stall_turns` idle turns the agent takes what risks it has.
    idle: u32,
    /// Both draw decks' sizes when our last turn ended: a turn that leaves them as they were a
    /// round earlier moved nothing that counts, whatever it did (a Thrust every turn with no
    /// lap card to play, a lap card played and drawn back at Even Up).
    decks_at_end: Option<[usize; 2]>,
    /// Line-ups sized up in earlier decisions, reused while they stand.
    lineups: lineups::Lineups,
    /// Buffers a decision fills rather than allocates.
    scratch: eval::Scratch,
}

impl HeuristicAgent {
    pub fn new(weights: Arc<Weights>) -> HeuristicAgent {
        let Buffers {
            mut plan,
            mut lineups,
            scratch,
        } = Buffers::reused();
        plan.clear();
        lineups.forget();
        HeuristicAgent {
            weights,
            plan,
            acted: false,
            idle: 0,
            decks_at_end: None,
            lineups,
            scratch,
        }
    }
}

/// An agent's vectors, which outlive it: a run makes two agents a game, and each one's
/// vectors grew from nothing again (about 60 allocations a game). A dropped agent leaves
/// them in a small store of its thread, and the next agent made on it takes them, emptied
/// (the plan and the line-ups kept; every rule clears a scratch buffer before filling it).
#[derive(Default)]
struct Buffers {
    plan: Vec<CardRef>,
    lineups: lineups::Lineups,
    scratch: eval::Scratch,
}

thread_local! {
    static SPARE: RefCell<Vec<Buffers>> = const { RefCell::new(Vec::new()) };
}

impl Buffers {
    /// The vectors of an agent dropped earlier on this thread, or new ones.
    fn reused() -> Buffers {
        SPARE
            .try_with(|s| s.borrow_mut().pop())
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Keeps these for the next agent made on this thread (a few at most: a run has two
    /// agents at a time, a search a few more).
    fn put_back(self) {
        // Failing only while the thread ends, when no agent comes next.
        let _ = SPARE.try_with(|s| {
            let mut s = s.borrow_mut();
            if s.len() < 4 {
                s.push(self);
            }
        });
    }
}

impl Drop for HeuristicAgent {
    /// The vectors go to the next agent made on this thread ([`Buffers`]).
    fn drop(&mut self) {
        Buffers {
            plan: std::mem::take(&mut self.plan),
            lineups: std::mem::take(&mut self.lineups),
            scratch: std::mem::take(&mut self.scratch),
        }
        .put_back();
    }
}

impl Default for HeuristicAgent {
    fn default() -> HeuristicAgent {
        HeuristicAgent::new(Arc::new(Weights::default()))
    }
}

/// The decision of the phase; `plan` is the battle plan being played out.
fn phase_choice(
    cx: &Ctx,
    view: &PlayerView,
    legal: &[Action],
    plan: &mut Vec<CardRef>,
) -> Option<Action> {
    {
        match view.phase() {
            Phase::StartingLocation(_) | Phase::NextLocation(_) => turn::location(cx, legal),
            Phase::EffectFetch { .. } => turn::effect_fetch(cx, legal),
            Phase::Deploy => deploy::choose(cx, legal),
            Phase::DeckSearch { .. } => deploy::search(cx, legal),
            Phase::Interception => battle::interception(cx, legal),
            Phase::BattleStep => battle::step(cx, legal),
            Phase::DuelDefender => duel::defender(cx, legal),
            Phase::DuelWeapon => duel::weapon(cx, legal),
            Phase::DuelPlay => duel::play(cx, legal),
            Phase::BattleCards(_) => battle::cards(cx, legal),
            Phase::BattlePlan(_) => battle::plan_next(cx, legal, plan),
            Phase::EvenUp => turn::even_up(cx, legal),
            Phase::EvenUpDiscard => turn::discard(cx, legal),
            Phase::EndOfTurn => turn::end(cx, legal),
            Phase::Fights | Phase::GameOver => None,
        }
    }
}

/// A decision in the middle of a step: optional abilities are declined unless one is known
/// to help (before a fight: `fight_text`, then `battle::window`); a text's prompt is answered
/// by `prompts`; a bonus line is the one adding most.
fn pending(cx: &Ctx, top: Pending, legal: &[Action]) -> Option<Action> {
    match top {
        Pending::Window {
            window: Window::BeforeFight,
            ..
        } => match fight_text::before_fight(cx, legal) {
            Some(Action::Decline) | None => battle::window(cx, legal),
            use_it => use_it,
        },
        Pending::Window { .. } => battle::window(cx, legal),
        // Duel and destiny texts first: their answers (destiny cards in hand) must not be
        // read as cards to give up.
        Pending::Prompt { source, key, .. } => duel::prompt(cx, source, key, legal)
            .or_else(|| texts::prompt(cx, source, key, legal))
            .or_else(|| prompts::answer(cx, legal)),
        Pending::BonusLine { card, .. } => battle::bonus_line(cx, card, legal),
        // A drawn Double Impact card's half (RULINGS.md T6): the higher number adds most to
        // the fight's or duelist's total. Not weighed: an opposing DF-21/45 that would switch
        // it for the drawer's lowest number.
        Pending::DestinyHalf { .. } => highest_number(legal),
    }
}

/// The highest `ChooseNumber` on offer: a drawn Double Impact card's half when nothing else
/// weighs (RULINGS.md T6).
fn highest_number(legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::ChooseNumber(_)))
        .max_by_key(|a| match a {
            Action::ChooseNumber(n) => *n,
            _ => 0,
        })
}

impl Agent for HeuristicAgent {
    fn choose(&mut self, view: &PlayerView, legal: &[Action]) -> Action {
        let restless = self.idle >= self.weights.turn.stall_turns;
        let cx = Ctx::new(view, &self.weights, restless, &self.lineups, &self.scratch);
        let action = match view.pending() {
            // One action offered: every rule would end at it (or at the fallback below, the
            // same action), so none is asked. Not in the battle plan's first decision, which
            // also decides the plan that the later ones play out.
            _ if legal.len() == 1
                && !(view.pending().is_none() && matches!(view.phase(), Phase::BattlePlan(_))) =>
            {
                Some(legal[0])
            }
            Some(top) => pending(&cx, top, legal),
            None => phase_choice(&cx, view, legal, &mut self.plan),
        };
        // Every rule above picks among `legal`; the fallback keeps the agent total should a
        // future phase or action appear that it does not know yet.
        let action = match action {
            Some(a) if legal.contains(&a) => a,
            _ => legal[0],
        };
        match action {
            Action::Deploy(_)
            | Action::DeployToObjective(_)
            | Action::DeclareBattle
            | Action::Duel { .. }
            | Action::Evacuate(_)
            | Action::EvacuateWith(..)
            | Action::Thrust
            | Action::RecycleHand => self.acted = true,
            Action::EndTurn | Action::Surrender => {
                let decks = Player::BOTH.map(|p| view.deck_len(p));
                let moved = self.decks_at_end != Some(decks);
                self.idle = if self.acted && moved {
                    0
                } else {
                    self.idle + 1
                };
                self.acted = false;
                self.decks_at_end = Some(decks);
            }
            _ => {}
        }
        action
    }
}

#[cfg(test)]
mod tests;
