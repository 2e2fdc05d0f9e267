//! `yj`: the Young Jedi CCG card database, deck validator, collection manager and playtest
//! engine. The binary is a thin shell over this library (see `cli`).
//!
//! # Data flow
//!
//! Data flows one way: card facts → catalogue → decks, collections and games → reports.
//!
//! - [`catalogue`] loads the card files embedded from `data/cards/` into the card model and
//!   keeps them in SQLite (schema migrations numbered by `PRAGMA user_version`), with search
//!   and name lookup.
//! - [`deck`] parses decklists, resolves names against the catalogue and validates them
//!   against a rules set (`data/rules/*.toml`); its solver decides the dot assignment exactly.
//! - [`collection`] keeps owned printings, wants, history and backups in the same database,
//!   in its own tables.
//! - [`engine`] plays the game: it takes an immutable card pool and two decks and returns
//!   states and events; [`bots`] choose actions from a player's view; [`sim`] runs many
//!   seeded games and turns them into reports.
//! - [`cli`] reads the arguments, calls the modules above and prints what they return.
//!
//! # Dependency rules
//!
//! - `engine` (and `bots`) know no files, SQL, clap or clock: everything they need comes in as
//!   values, so a game is a pure function of its decks, agents and seed.
//! - `cli` is the only module that prints, and the only one that uses clap and `anyhow`; the
//!   library modules return typed errors.
//! - SQL lives in `catalogue` (the schema, its migrations and card queries) and in
//!   `collection` (its own tables, and the backup copies it writes and restores).
//!
//! # Conventions
//!
//! - **Output.** Tables for people by default, `--format json|csv` for machines with the same
//!   fields. Long runs show progress on stderr only when stderr is a terminal, so stdout stays
//!   the report.
//! - **Exit codes** (README, "Exit codes"): 0 success, 1 the command ran and found problems,
//!   2 a usage or input error, 3 a failure of the environment or of `yj` itself.
//! - **Determinism.** The engine's generator is seeded and portable; game *i* of a run takes a
//!   seed derived from the master seed and *i*; no `HashMap` iteration order in rules or bots.
//! - **Rules decisions.** What the rulebook leaves open, and what the project decides where
//!   sources disagree, is recorded in `data/rules/RULINGS.md`, one numbered entry per decision;
//!   code and tests cite entries by number (`RULINGS.md R1`).

pub mod bots;
pub mod catalogue;
pub mod cli;
pub mod collection;
pub mod deck;
pub mod engine;
pub mod sim;
