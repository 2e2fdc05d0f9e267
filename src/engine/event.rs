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
    /// The loser's draw deck became empty (RULINGS.md E1).
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
    /// The half of a Double Impact battle card it is used as: the half of its use line
    /// (card-text 16.1), so the reader knows which of the two depicted cards was played.
    pub battle_half: Option<super::use_lines::Half>,
    pub power: i16,
    /// What `power` is made of (they add up to it).
    pub parts: PowerParts,
}

/// The parts of a fight's total power, or of a dueling hand's size, so a reader can follow
/// the sum: they add up to the total.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PowerParts {
    /// Printed power of the fighters (a `?` counts 0: its destiny draw is in `destiny`).
    pub printed: i16,
    /// Location bonuses at the site fought at.
    pub location: i16,
    /// What game text added (or took away).
    pub text: i16,
    /// The weapon's bonus dots (an Armed & Dangerous card's own weapon half included).
    pub weapon: i16,
    /// The battle card's bonus dots.
    pub battle_card: i16,
    /// Destiny drawn for chance cubes, `?` power and starfighters.
    pub destiny: i16,
}

impl PowerParts {
    pub fn total(&self) -> i16 {
        self.printed + self.location + self.text + self.weapon + self.battle_card + self.destiny
    }
}

/// Why a card went to the discard pile without a line of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiscardReason {
    /// The weapon a defeated character was using ("discard the weapon along with the
    /// character").
    WithDefeated,
    /// An Effect at a planet just controlled or surrendered.
    PlanetWon,
    /// A battle card after the battle (used, misplaced or never reached in the plan).
    BattleCard,
    /// Discarded from play as the cost of its own text (not a defeat: no damage).
    TextCost,
    /// Discarded by an opposing card's text (not a defeat: no damage).
    ByText,
    /// By game text, not from play: a dueling card's "discard this card" (card-text 16.6),
    /// a destiny card redrawn.
    Text,
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
    /// A planet's first location: the start of the game, or the next planet.
    LocationPlaced {
        player: Player,
        card: CardRef,
        planet: Planet,
    },
    /// A location deployed on top of the current planet's: the scene changes, not the planet.
    SiteChanged {
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
    /// `player` took no Effect when a planet's first location entered play (RULINGS.md R3:
    /// "may"): said, so a reader knows the step was offered and declined.
    NoEffectFetched {
        player: Player,
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
    /// The card just deployed face up joined a stack of its character or weapon at the planet
    /// ("Stackable Cards"): `cards` face-up cards of it there now, each coming up in the
    /// battle plan on its own.
    Stacked {
        player: Player,
        card: CardRef,
        cards: u8,
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
    /// The draw pile was empty, so the last lap card played is taken instead ("Lap Cards":
    /// they remain part of the draw deck); where it goes is the next line (a draw, damage).
    LapCardTaken {
        player: Player,
        card: CardRef,
    },
    Refueled {
        player: Player,
        count: u8,
    },
    DeckSearched {
        player: Player,
        took: Option<CardRef>,
        /// The card taken deploys face down (the Hidden Cards rule on a first turn at a
        /// planet): "not shown" (card-text 14-A.3), so the play-by-play does not name it.
        hidden: bool,
    },
    /// A text searched the draw deck for a card to take into hand (card-text 14-B): the card
    /// found, shown to the opponent (None: nothing taken, no penalty).
    TookIntoHand {
        player: Player,
        card: Option<CardRef>,
    },
    EvacuationStarted {
        player: Player,
        planet: Planet,
        cards: u8,
        /// Battle of Naboo rules: the transport played from hand to carry them (Duel of the
        /// Fates rules: None, every starship of the Hyperspace pile goes).
        transport: Option<CardRef>,
    },
    StarshipAdded {
        player: Player,
        card: CardRef,
    },
    Intercepted {
        player: Player,
        /// Battle of Naboo rules: the starfighter played from hand to intercept.
        starfighter: Option<CardRef>,
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
    /// The evacuees' transport was destroyed: `cards` characters and weapons are discarded
    /// (the transport itself is said defeated).
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
        /// The weapons chosen: the initiator's lightsaber (if any), the defender's weapon.
        attacker_weapon: Option<CardRef>,
        defender_weapon: Option<CardRef>,
    },
    DuelHand {
        player: Player,
        /// Cards drawn: `wanted`, or what the draw deck had.
        cards: u8,
        /// The total power the hand is sized by ("draw a number of cards equal to that total
        /// power number").
        wanted: u8,
        parts: PowerParts,
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
        /// The number it blocks with: a Double Impact card's half's (RULINGS.md T6).
        value: u8,
    },
    DuelHit {
        player: Player,
        hits: u8,
    },
    DuelPass {
        player: Player,
    },
    /// Hits taken off `player`'s duelist by game text (Twist Of Fate): `left` remain.
    DuelHitsRemoved {
        player: Player,
        removed: u8,
        left: u8,
    },
    /// Cards drawn into a dueling hand during the duel, by game text (a hit's "draw a card for
    /// your dueling hand", Ki-Adi-Mundi's pass): `cards` of the `wanted`, fewer when the draw
    /// deck ran short.
    DuelDrew {
        player: Player,
        cards: u8,
        wanted: u8,
    },
    /// `player` named two destiny numbers for `card`'s text (V1-JC-21 Yarael Poof, before the
    /// opponent's draw that is matched against them).
    NumbersNamed {
        player: Player,
        card: CardRef,
        numbers: [u8; 2],
    },
    DuelEnded {
        defeated: Option<CardRef>,
        /// Hits on each player's duelist (index by `Player::index`).
        hits: [u8; 2],
        /// The damage due before hits scored are taken off: the loser's damage (after text),
        /// or, with no one defeated, the larger number of hits.
        due: u8,
        /// The damage then taken (0: no damage).
        damage: u8,
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
    /// Drawn Double Impact card `card` counts for its right half's destiny number (`right`)
    /// or its left half's: `value` (RULINGS.md T6).
    DestinyHalf {
        player: Player,
        card: CardRef,
        right: bool,
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
        /// The character just after it is an Armed & Dangerous card, which fights with its
        /// own weapon half and ignores weapon cards: the reason a reader needs.
        armed: bool,
    },
    Defeated {
        player: Player,
        card: CardRef,
        /// The damage this defeat deals, after text (a duel's, before the hits scored are
        /// taken off: `DuelEnded` says the rest). 0: no damage, and the play-by-play says why.
        damage: u8,
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
    /// The hand shown to the opponent by a text (`cards`: its size then).
    HandRevealed {
        player: Player,
        cards: u8,
    },
    PlanetControlled {
        planet: Planet,
        by: Player,
        surrendered: bool,
    },
    /// Even Up: the cards drawn to bring the hand back to six (discards are their own events),
    /// said every turn, when nothing is drawn too, so a reader can follow hand and deck sizes.
    EvenUp {
        player: Player,
        drew: u8,
        /// The hand's size once evened up.
        hand: u8,
    },
    /// A card discarded by the rules as a consequence of something else.
    Discarded {
        player: Player,
        card: CardRef,
        reason: DiscardReason,
    },
    /// A card's game text took effect (the play-by-play narrates it; playtest counts the games
    /// in which each card's text did, `text_fired`).
    TextUsed {
        /// The owner of the card whose text it is.
        player: Player,
        card: CardRef,
        /// Which ability of the card's specification (`data/abilities`), in printed order;
        /// [`WHOLE_TEXT`](super::text::WHOLE_TEXT) for a text written in code or a lasting
        /// effect.
        ability: u8,
        /// The card it acted on: the fighter whose power changed, the card found or saved.
        on: Option<CardRef>,
        /// The number it changed (of `on`, or of the player), and by how much.
        number: Option<super::text::Number>,
        by: i16,
    },
    /// `player` looked at the top card of the opponent's draw deck by `card`'s text (DF-24,
    /// DF-56) and put it beneath that deck (`bottom`) or left it on top. The card looked at
    /// is not here: only `player` saw it.
    TopCardLooked {
        player: Player,
        card: CardRef,
        bottom: bool,
    },
    /// `player` was offered a "you may" of `card`'s text (ability `ability`, as in
    /// `TextUsed`) and declined it. Said only where the offer came from something that
    /// happened (a trigger, the text just begun) and the card is face up in play, so the
    /// play-by-play shows the text could have taken effect and names no hidden card.
    TextDeclined {
        player: Player,
        card: CardRef,
        ability: u8,
    },
    GameOver(GameResult),
}

/// The events of one action.
pub type Events = Vec<Event>;
