//! Players and card references.

use serde::Serialize;
use std::num::NonZeroU16;

/// A seat at the table: `A` plays the first deck given, `B` the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Player {
    A,
    B,
}

impl Player {
    pub const BOTH: [Player; 2] = [Player::A, Player::B];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

/// One physical card of a game (an index into the game's card table). Non-zero inside, so
/// `Option<CardRef>` is as small as `CardRef`, which keeps `Action` small.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct CardRef(NonZeroU16);

impl CardRef {
    pub fn new(index: usize) -> CardRef {
        CardRef(NonZeroU16::new(index as u16 + 1).expect("card index fits in u16"))
    }

    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}
