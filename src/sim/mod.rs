//! The playtest runner: many seeded games, and the statistics reported about them.

pub mod wilson;
