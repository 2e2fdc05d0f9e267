//! `yj`: the Young Jedi CCG card database, deck validator, collection manager and playtest
//! engine. The binary is a thin shell over this library (see `cli`).

pub mod catalogue;
pub mod cli;
pub mod deck;
