//! The game engine: a pure rules kernel for the full game of Young Jedi (rulebook "The Full Game"
//! and after, with the decisions of `data/rules/RULINGS.md`). It knows nothing of files, databases,
//! the command line or the clock: it takes an immutable card pool and two decks, and returns states
//! and events.
//!
//! - [`GameState::new`] sets up a game from a seed; [`GameState::view`] gives a player's
//!   [`PlayerView`]; [`legal_actions`] lists what that player may do; [`GameState::apply`]
//!   does it (an illegal action leaves the state untouched) and returns the [`Event`]s.
//! - Printed statistics and the structured use lines of weapons and battle cards apply. Card
//!   game text takes part through [`text`]: every number goes through one query
//!   ([`GameState::number`]) that registered texts may change.

pub mod action;
mod battle;
#[cfg(test)]
pub mod builder;
mod card_facts;
pub mod card_pool;
pub mod card_traits;
mod deploy;
mod destiny;
pub(crate) mod determinize;
mod double_impact;
mod duel;
pub mod event;
mod fight_numbers;
mod legal;
pub mod pending;
pub mod player;
mod query;
pub mod rng;
pub mod sample_decks;
mod setup;
mod starships;
pub mod state;
pub mod text;
pub mod text_support;
pub mod text_templates;
mod turn;
pub mod use_lines;
pub mod view;

#[cfg(test)]
mod tests;

pub use action::{Action, IllegalAction};
pub use card_pool::{CardDef, CardPool, DefId, Kind, Unknowns};
pub use event::{
    DeployedTo, DiscardReason, Event, Events, FightSide, GameResult, LocationFrom, PowerParts,
    Victory,
};
pub use legal::legal_actions;
pub use pending::Pending;
pub use player::{CardRef, Player};
pub use rng::game_seed;
pub use setup::SetupError;
pub use state::{Ended, Flow, GameOptions, GameState, Phase, PlanetStatus, StarshipRules};
pub use text::{Arena, Listen, Num, Number, Query, Text, Texts, Trigger, Window};
pub use text_support::{TextSupport, ability_played};
pub use text_templates::deploy_prompt_ability;
pub use turn::{COUNTERS_PER_TURN, HAND_SIZE};
pub use view::{DuelView, PlayerView, Seen};
