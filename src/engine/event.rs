//! What happened: the event stream a game produces. Nothing here is formatted; the CLI turns
//! events into a play-by-play.

use serde::Serialize;

use super::player::{CardRef, Player};
use crate::catalogue::Planet;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Victory {
    /// Two planets controlled.
    Planet([Planet; 2]),
    /// The loser's draw deck became empty (rulings.md "Deck victory happens when a draw deck
    /// is empty").
    Deck,
    /// One step emptied both draw decks: nobody won.
    BothDecksEmpty,
    /// Three laps of the Boonta Eve Classic.
    Podrace,
    /// The engine's turn cap was reached: nobody won.
    TurnCap,
    /// No location is left for the next planet (possible only with illegal decks): nobody won.
    NoLocation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub winner: Option<Player>,
    pub victory: Victory,
    pub turn: u32,
}

/// Where a card was deployed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DeployedTo {
    Planet(Planet),
    Objective,
    Hyperspace,
}

/// One side of a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FightSide {
    pub player: Player,
    /// The fighting characters (or starships): one, or a fight-together group.
    pub cards: [Option<CardRef>; 3],
    pub weapon: Option<CardRef>,
    pub battle_card: Option<CardRef>,
    pub power: i16,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Event {
    ObjectivePlaced {
        player: Player,
        card: CardRef,
    },
    FirstPlayerDestiny {
        player: Player,
        card: CardRef,
        value: u8,
    },
    FirstPlayer(Player),
    LocationPlaced {
        player: Player,
        card: CardRef,
        planet: Planet,
    },
    Shuffled(Player),
    Drew {
        player: Player,
        count: u8,
    },
    EffectFetched {
        player: Player,
        card: CardRef,
    },
    TurnStarted {
        player: Player,
        turn: u32,
    },
    Revealed {
        player: Player,
        card: CardRef,
    },
    Deployed {
        player: Player,
        card: CardRef,
        hidden: bool,
        to: DeployedTo,
    },
    Thrust {
        player: Player,
        thrust: u8,
    },
    LapCard {
        player: Player,
        card: CardRef,
        value: u8,
        handling: bool,
    },
    LapCompleted {
        player: Player,
        laps: u8,
    },
    Refueled {
        player: Player,
        count: u8,
    },
    DeckSearched {
        player: Player,
        took: Option<CardRef>,
    },
    EvacuationStarted {
        player: Player,
        planet: Planet,
        cards: u8,
    },
    StarshipAdded {
        player: Player,
        card: CardRef,
    },
    Intercepted {
        player: Player,
    },
    NotIntercepted {
        player: Player,
    },
    Evacuated {
        player: Player,
        planet: Planet,
        cards: u8,
        transport: Option<CardRef>,
    },
    EvacueesLost {
        player: Player,
        cards: u8,
    },
    FlewAway {
        player: Player,
        card: CardRef,
    },
    DuelStarted {
        attacker: CardRef,
        defender: CardRef,
    },
    DuelHand {
        player: Player,
        cards: u8,
    },
    DuelZeroDamage {
        card: CardRef,
    },
    DuelAttack {
        player: Player,
        card: CardRef,
        value: u8,
    },
    DuelBlock {
        player: Player,
        card: CardRef,
    },
    DuelHit {
        player: Player,
        hits: u8,
    },
    DuelPass {
        player: Player,
    },
    DuelEnded {
        defeated: Option<CardRef>,
    },
    BattleDeclared {
        attacker: Player,
        space: bool,
    },
    BattleCardsDeclared {
        player: Player,
        count: u8,
    },
    DestinyDrawn {
        player: Player,
        card: CardRef,
        value: u8,
    },
    Fight {
        attacker: FightSide,
        defender: FightSide,
        winner: Option<Player>,
    },
    MisplacedBattleCard {
        player: Player,
        card: CardRef,
    },
    IgnoredWeapon {
        player: Player,
        card: CardRef,
    },
    Defeated {
        player: Player,
        card: CardRef,
    },
    Damage {
        player: Player,
        cards: u8,
    },
    Breakthrough {
        player: Player,
        cards: u8,
    },
    BattleEnded,
    DiscardedFromHand {
        player: Player,
        card: CardRef,
    },
    HandRecycled {
        player: Player,
        cards: u8,
    },
    PlanetControlled {
        planet: Planet,
        by: Player,
        surrendered: bool,
    },
    GameOver(GameResult),
}

/// The events of one action.
pub type Events = Vec<Event>;
