//! Agents that play the engine, and a loop that plays one game between two of them.

pub mod heuristic;
pub mod mcts;
mod random;

pub use heuristic::{HeuristicAgent, Weights};
pub use mcts::{MctsAgent, MctsConfig};
pub use random::RandomAgent;

use crate::engine::{Action, Event, GameResult, GameState, IllegalAction, Player, PlayerView};

/// A player: picks one of the legal actions, seeing only its [`PlayerView`].
pub trait Agent {
    fn choose(&mut self, view: &PlayerView, legal: &[Action]) -> Action;
}

/// What went wrong in a game that could not finish: a broken engine invariant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("no legal action for the player to act at step {step} (phase {phase})")]
    Stuck { step: usize, phase: String },
    #[error("the engine refused its own legal action {action} at step {step}")]
    Refused { step: usize, action: String },
    #[error("zone check failed at step {step}: {reason}")]
    Zones { step: usize, reason: String },
}

/// Options of [`play`].
#[derive(Default)]
pub struct PlayOptions<'a> {
    /// Check that every card is in exactly one zone after every action (slow; for tests).
    pub check_zones: bool,
    /// Receives every event.
    pub events: Option<&'a mut Vec<Event>>,
}

/// Plays a game to its end. `agents[0]` plays player A.
pub fn play(
    state: &mut GameState,
    mut agents: [&mut dyn Agent; 2],
    mut options: PlayOptions,
) -> Result<GameResult, PlayError> {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut step = 0;
    if options.check_zones {
        state
            .check_zones()
            .map_err(|reason| PlayError::Zones { step, reason })?;
    }
    while state.to_act().is_some() {
        step += 1;
        let [a, b] = &mut agents;
        let result = state.decide_into(&mut legal, &mut events, |view, legal| {
            let agent = if view.player() == Player::A { a } else { b };
            agent.choose(view, legal)
        });
        match result {
            Ok(_) => {}
            Err(IllegalAction::NoLegalAction { .. }) => {
                return Err(PlayError::Stuck {
                    step,
                    phase: format!("{:?}", state.phase()),
                });
            }
            Err(IllegalAction::NotLegal { action, .. }) => {
                return Err(PlayError::Refused {
                    step,
                    action: format!("{action:?}"),
                });
            }
            Err(IllegalAction::GameOver) => break,
        }
        if let Some(sink) = options.events.as_deref_mut() {
            sink.extend_from_slice(&events);
        }
        events.clear();
        if options.check_zones {
            state
                .check_zones()
                .map_err(|reason| PlayError::Zones { step, reason })?;
        }
    }
    Ok(state.result().expect("a game with no one to act is over"))
}
