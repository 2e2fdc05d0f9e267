//! Hooks for card abilities (game text), which are a later issue. The engine consults an
//! [`Abilities`] value at every point where printed game text can change the rules: counters,
//! costs, power, damage, deploying from the draw deck, destiny redraws, fight-together groups,
//! duel hands and hits, and reactions to deploys, battles and planet control. The default,
//! [`Printed`], changes nothing: only printed statistics and use lines apply.

use std::fmt::Debug;

use super::player::{CardRef, Player};
use super::state::GameState;
use crate::catalogue::Planet;

/// What a deploy lets its owner fetch from the draw deck ("Deploying cards from your draw
/// deck"): one card matching `allowed`, at `cost` counters (None: its printed counters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeckDeploy {
    pub source: CardRef,
    pub cost: Option<u8>,
}

/// Extra effects of a duel hit scored with a card that has "When dueling..." text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DuelHit {
    pub extra_hits: u8,
    pub extra_cards: u8,
}

/// A moment an ability may react to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    Deployed(CardRef),
    BattleDeclared(Player),
    PlanetControlled(Planet, Player),
}

pub trait Abilities: Debug + Send + Sync {
    /// Added to the 6 counters a player may deploy each turn. Asked whenever the counters left
    /// are counted, so an Effect deployed face up adds its counters at once ("You can start to
    /// use that benefit right away").
    fn counters_per_turn(&self, _state: &GameState, _player: Player) -> i8 {
        0
    }
    /// Added to a card's printed counters when it deploys.
    fn deploy_cost(&self, _state: &GameState, _card: CardRef) -> i8 {
        0
    }
    /// Added to a character's (or starship's) power in a fight; `opponent` is the card it
    /// fights (the first of a group).
    fn power(&self, _state: &GameState, _card: CardRef, _opponent: Option<CardRef>) -> i8 {
        0
    }
    /// Added to the damage a defeated card deals to its owner.
    fn damage(&self, _state: &GameState, _card: CardRef) -> i8 {
        0
    }
    /// A card that lets its owner deploy another from the draw deck when it deploys.
    fn deploy_from_deck(&self, _state: &GameState, _card: CardRef) -> Option<DeckDeploy> {
        None
    }
    /// Whether `player` may (and does) redraw the destiny card just drawn.
    fn redraw_destiny(&self, _state: &GameState, _player: Player, _drawn: CardRef) -> bool {
        false
    }
    /// A battle card whose text makes `n` characters fight together, where its use line does
    /// not say so.
    fn fight_together(&self, _state: &GameState, _battle_card: CardRef) -> Option<usize> {
        None
    }
    /// Added to a duelist's dueling hand.
    fn duel_hand(&self, _state: &GameState, _duelist: CardRef) -> i8 {
        0
    }
    /// Effects of a duel hit scored with `card`.
    fn duel_hit(&self, _state: &GameState, _card: CardRef) -> DuelHit {
        DuelHit::default()
    }
    /// Told of every trigger; reactions that need a player's decision come with the abilities
    /// issue.
    fn react(&self, _state: &GameState, _trigger: Trigger) {}
}

/// Printed statistics only: no game text.
#[derive(Debug, Clone, Copy, Default)]
pub struct Printed;

impl Abilities for Printed {}
