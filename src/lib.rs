//! `yj`: the Young Jedi CCG card database, deck validator, collection manager and playtest
//! engine. The binary is a thin shell over this library (see `cli`).

pub mod bots;
pub mod catalogue;
pub mod cli;
pub mod collection;
pub mod deck;
pub mod engine;
pub mod sim;
