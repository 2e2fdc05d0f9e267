//! The playtest runner: many seeded games in parallel, and the statistics reported about them.
//!
//! - [`runner`]: a [`Matchup`] of one deck against one opponent, played for a [`RunConfig`].
//! - [`observe`]: what one game's events say about the deck under test.
//! - [`tally`]: integer counts that merge in any order (results do not depend on `--jobs`).
//! - [`report`]: rates with their 95% Wilson intervals ([`wilson`]), victory types, game
//!   length, per-card statistics.
//! - [`gauntlet`]: every deck of a field against every deck of the other side, and each
//!   deck's average over the field.

pub mod decks;
pub mod digest;
pub mod gauntlet;
pub mod observe;
pub mod refine;
pub mod report;
pub mod runner;
pub mod tally;
pub mod wilson;

pub use observe::VictoryKind;
pub use report::OpponentReport;
pub use runner::{AgentKind, AgentNameError, Matchup, RunConfig, SimError, agent_seed, make_agent};
pub use tally::Tally;
