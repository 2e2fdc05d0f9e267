//! Agents that play the engine, and a loop that plays one game between two of them.

pub mod heuristic;
mod random;

pub use heuristic::{HeuristicAgent, Weights};
pub use random::RandomAgent;

use crate::engine::{Action, Event, GameResult, GameState, PlayerView, legal_actions};

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
    agents: [&mut dyn Agent; 2],
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
    while let Some(p) = state.to_act() {
        step += 1;
        let view = state.view(p);
        legal_actions(&view, &mut legal);
        if legal.is_empty() {
            return Err(PlayError::Stuck {
                step,
                phase: format!("{:?}", state.phase()),
            });
        }
        let action = agents[p.index()].choose(&view, &legal);
        events.clear();
        state
            .apply_into(action, &mut events)
            .map_err(|_| PlayError::Refused {
                step,
                action: format!("{action:?}"),
            })?;
        if let Some(sink) = options.events.as_deref_mut() {
            sink.extend_from_slice(&events);
        }
        if options.check_zones {
            state
                .check_zones()
                .map_err(|reason| PlayError::Zones { step, reason })?;
        }
    }
    Ok(state.result().expect("a game with no one to act is over"))
}
