//! Starting the game (rulebook "Starting the Game", "Objective Cards", "Effect Cards").

use std::sync::Arc;

use thiserror::Error;

use super::card_pool::{CardPool, DefId, Kind};
use super::event::Event;
use super::player::{CardRef, Player};
use super::state::{GameOptions, GameState, Phase, Table};

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error(
        "deck {0:?} has no location card, so it could never start a planet; add one location for each planet (the three-planet rule)"
    )]
    NoLocation(Player),
    #[error("deck {0:?} has {1} objectives; a deck may have only one")]
    Objectives(Player, usize),
    #[error("deck {0:?} is empty")]
    Empty(Player),
    #[error("the two decks hold {0} cards; the engine handles at most 60000")]
    TooMany(usize),
}

impl SetupError {
    /// The player whose deck cannot start a game, if one deck is at fault.
    pub fn player(&self) -> Option<Player> {
        match *self {
            SetupError::NoLocation(p) | SetupError::Objectives(p, _) | SetupError::Empty(p) => {
                Some(p)
            }
            SetupError::TooMany(_) => None,
        }
    }
}

impl GameState {
    /// Sets up a game: objectives into play, shuffles, destiny draws for who goes first (redrawn
    /// on ties). The game then waits for the first player's starting location.
    pub fn new(
        pool: Arc<CardPool>,
        decks: [&[DefId]; 2],
        options: GameOptions,
        seed: u64,
    ) -> Result<GameState, SetupError> {
        let total = decks[0].len() + decks[1].len();
        if total > 60000 {
            return Err(SetupError::TooMany(total));
        }
        let mut cards = Vec::with_capacity(total);
        for p in Player::BOTH {
            let deck = decks[p.index()];
            if deck.is_empty() {
                return Err(SetupError::Empty(p));
            }
            let objectives = deck
                .iter()
                .filter(|&&d| pool.get(d).kind == Kind::Objective)
                .count();
            if objectives > 1 {
                return Err(SetupError::Objectives(p, objectives));
            }
            if !deck.iter().any(|&d| pool.get(d).location.is_some()) {
                return Err(SetupError::NoLocation(p));
            }
            cards.extend(deck.iter().map(|&d| (p, d)));
        }
        let table = Arc::new(Table::new(pool, cards));
        let mut g = GameState::empty(table, options, seed);
        // Room for what a game's zones commonly hold, taken once: grown from empty, the deck,
        // hand and discard pile reallocated several times in every game.
        for p in Player::BOTH {
            let n = decks[p.index()].len();
            let ps = &mut g.players[p.index()];
            ps.deck.reserve(n);
            ps.discard.reserve(n);
            ps.hand.reserve(16);
            ps.held.reserve(8);
        }
        g.log.reserve(64);
        for i in 0..g.card_count() {
            let c = CardRef::new(i);
            let p = g.owner(c);
            if g.def(c).kind == Kind::Objective {
                // "Play your Objective card when the game begins (before you draw destiny to
                // see who goes first)."
                g.players[p.index()].objective = Some(c);
                g.zones_changed();
                g.emit(Event::ObjectivePlaced { player: p, card: c });
            } else {
                g.players[p.index()].deck.push(c);
            }
        }
        for p in Player::BOTH {
            g.shuffle_deck(p);
        }
        let first = g.draw_for_first_player();
        g.emit(Event::FirstPlayer(first));
        g.active = first;
        g.phase = Phase::StartingLocation(first);
        Ok(g)
    }

    /// "Each player draws destiny. The player who draws the higher number gets to go first. (If
    /// the two destiny numbers are the same, each player draws destiny again.)" The destiny
    /// cards go back into the decks, which are shuffled again.
    fn draw_for_first_player(&mut self) -> Player {
        let mut first = None;
        while first.is_none() {
            let (Some(a), Some(b)) = (self.players[0].deck.pop(), self.players[1].deck.pop())
            else {
                // Only decks of all-equal destiny get here: player A goes first.
                first = Some(Player::A);
                break;
            };
            self.players[0].held.push(a);
            self.players[1].held.push(b);
            self.zones_changed();
            // A Double Impact card: its higher half (`engine::double_impact`).
            let (va, vb) = (self.first_player_number(a), self.first_player_number(b));
            self.emit(Event::FirstPlayerDestiny {
                player: Player::A,
                card: a,
                value: va,
            });
            self.first_player_half(Player::A, a, va);
            self.emit(Event::FirstPlayerDestiny {
                player: Player::B,
                card: b,
                value: vb,
            });
            self.first_player_half(Player::B, b, vb);
            if va != vb {
                first = Some(if va > vb { Player::A } else { Player::B });
            }
        }
        for p in Player::BOTH {
            let held = std::mem::take(&mut self.players[p.index()].held);
            self.players[p.index()].deck.extend(held);
        }
        self.zones_changed();
        first.unwrap_or(Player::A)
    }
}
