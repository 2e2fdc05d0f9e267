//! The typed ability specification of one card's game text (`data/abilities/<SET>.toml`).
//!
//! Every struct refuses unknown fields, so a typo in the data fails the tests instead of being
//! silently ignored. Each template is one variant of [`Ability`] with its parameters; filters
//! ([`Filter`]) and conditions ([`Condition`]) are typed data, never free text. The short
//! human summary stays the catalogue's `ability` note; this is what the engine plays.

use serde::{Deserialize, Serialize};

use super::filter::Filter;
use crate::catalogue::Planet;

/// One card's game text.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CardText {
    /// The catalogue id (`BN-1`).
    pub id: String,
    /// The text was read on the card's scan (not only from the catalogue note).
    pub checked: bool,
    /// The item of the project's card-text rulings this specification follows (`14-A`, `16.8`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
    /// Where the printed words allow two readings and no ruling settles it: the reading
    /// chosen, closest to the printed words, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
    /// What the scan does not show (an illegible number): it stays unknown here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unknown: Option<String>,
    /// The abilities, in printed order.
    #[serde(rename = "ability")]
    pub abilities: Vec<Ability>,
}

/// The half of a Double Impact card an ability belongs to (rulebook "Double Impact Cards").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Half {
    Left,
    Right,
}

/// A number that game text changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stat {
    Power,
    Damage,
}

/// Whose cards a text reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Whose {
    /// The card's owner's ("your").
    #[default]
    Yours,
    Opponents,
    /// Either player's ("each Gungan").
    Any,
}

/// A step of a turn (rulebook "Turn Sequence").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    Deploy,
    EvenUp,
}

/// Where a card searched from the draw deck goes (card-text 14: A deploys, B takes into hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Destination {
    /// Deployed like any deploy (counters, uniqueness, Hidden Cards, 1 damage if nothing).
    Play,
    /// Revealed and put in hand; no counters, no penalty.
    Hand,
}

/// A condition under which a text applies. All conditions of a list must hold.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Condition {
    /// The character uses (in this fight) a weapon or battle card that fits one of these.
    WhileUsing(Vec<Filter>),
    /// The character has no weapon in this fight.
    NoWeapon,
    /// The opposing fighter (any member of a fight-together group) fits one of these.
    Vs(Vec<Filter>),
    /// Only in a duel ("when dueling").
    InDuel,
    /// Only outside duels.
    NotInDuel,
    /// A space battle whose evacuation is from this planet (card-text 5).
    SpaceBattleAt(Planet),
    /// The card is at the current planet.
    OnCurrentPlanet,
    /// The card is on this planet (current or stranded).
    OnPlanet(Planet),
    /// Deploying onto a stack of a card that fits one of these.
    StackingOn(Vec<Filter>),
    /// One of your face-up cards at the same place fits one of these.
    Present(Vec<Filter>),
    /// During this player's turn (`yours`: the card owner's).
    DuringTurn(Whose),
    /// A character that fits (either player's) has fought this turn (card-text 15).
    FoughtThisTurn(Vec<Filter>),
    /// One of your cards that fits has fought this turn, or your Podracer pilot took Thrust
    /// this turn (BP-32, card-text 15).
    YoursFoughtOrThrusted(Vec<Filter>),
    /// This player (`yours`/`opponents`) has controlled this planet this game (`None`: any).
    HasControlled {
        whose: Whose,
        planet: Option<Planet>,
    },
    /// Your opponent controls a planet that you did not surrender.
    OpponentControlsUnsurrendered,
    /// A starship evacuating with one of these among the evacuees.
    Evacuating(Vec<Filter>),
    /// The starship is evacuating from the planet where this card is (EBN-P13).
    EvacuatingThisPlanet,
    /// Your Podracer pilot is strictly ahead in the race (card-text 7).
    AheadInRace,
    /// You choose to reveal your hand to the opponent (card-text 16.12).
    RevealHand,
    /// The card is the last card of your battle plan (card-text 16.5).
    LastInPlan,
    /// Your character in this duel is defending.
    DefendingInDuel,
    /// Your character in this duel fits one of these.
    Dueling(Vec<Filter>),
}

/// A price paid before a text's effect.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cost {
    /// Discard this card from play (not a defeat: no damage).
    DiscardThis,
    /// Discard this many cards from your hand.
    DiscardFromHand(u8),
}

/// A moment a triggered text reacts to.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum Trigger {
    /// This card deploys face up (card-text 15), optionally only to this planet
    /// (`to-objective`: to your Boonta Eve Classic).
    Deploys {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Planet>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        to_objective: bool,
    },
    /// One of your cards that fits deploys (here: at this card's place).
    OtherDeploys {
        who: Vec<Filter>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        here: bool,
    },
    /// This card defeats a character in a fight.
    Defeats,
    /// You win control of the planet this card is on.
    PlanetWon,
    /// This card's first pass in a duel.
    FirstPass,
    /// Your character is chosen as the defender of a duel.
    Dueled,
}

/// Something a text does.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Draw cards from your draw deck into your hand.
    Draw(u8),
    /// Draw cards into your dueling hand (card-text 9).
    DrawIntoDuelingHand(u8),
    /// The opponent takes damage.
    OpponentDamage(u8),
    /// Put Thrust tokens on this Podracer pilot.
    ThrustTokens(u8),
    /// Put one card of your hand under your draw deck.
    HandCardUnderDeck,
    /// Show your hand to the opponent.
    RevealHand,
    /// Look at the top card of the opponent's draw deck; you may put it at the bottom.
    LookAtOpponentTop,
    /// The opponent chooses and discards cards from hand.
    OpponentDiscards(u8),
    /// Discard the lap card the opponent played last.
    DiscardOpponentLapCard,
    /// Choose and discard one opposing face-up card that fits, at this planet (card-text 12).
    DiscardOpposing(Vec<Filter>),
    /// The defeated character's damage is multiplied.
    DamageTimes(u8),
    /// The defeated character deals more damage.
    DefeatedExtraDamage(u8),
    /// Discard this card and this many hand cards, then draw this many.
    DiscardThisAndHandThenDraw { discard: u8, draw: u8 },
    /// Shuffle up to this many cards with dueling text from hand or discard into the deck.
    ShuffleDuelingCards(u8),
    /// Discard a hand card, then draw one.
    CycleHandCard,
    /// The player chooses one of these.
    ChooseOne(Vec<Effect>),
}

/// Rules about destiny numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DestinyRule {
    /// Once per turn: discard a destiny card just drawn for a weapon, battle card or his own
    /// power, and draw again.
    RedrawOncePerTurn,
    /// Each destiny draw for a weapon or battle card: draw two, use one, both go to hand.
    DrawTwoKeepOne,
    /// You may replace one of your destiny numbers in this fight with the character's damage
    /// after modifiers (card-text 16.7).
    ReplaceWithDamage,
    /// Switch one of your lower destiny numbers with a higher one of the opponent's
    /// (card-text 4).
    SwitchLowerWithHigher,
    /// If the character's printed destiny is lower than the opponent's, add the difference to
    /// its power (card-text 3).
    AddDestinyDifference,
}

/// A duel effect of a card that scores a hit, or of a duelist (rulebook "Dueling").
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuelEffect {
    ExtraHits(u8),
    /// Discard this card (to the discard pile, card-text 16.6) for extra hits.
    DiscardForExtraHits(u8),
    /// Discard this card to draw into the dueling hand.
    DiscardToDraw(u8),
    DrawIntoDuelingHand(u8),
    RemoveOwnHit(u8),
    /// Cards that score a hit on this duelist lose their dueling text.
    CancelOpposingDuelText,
    /// One more dueling-hand card per other face-up character of yours here whose printed
    /// damage is one of these (card-text 11).
    ExtraCardPerCharacterWithDamage(Vec<u8>),
}

/// A rule a text forbids.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Restriction {
    /// These cards may not use weapons (at this planet).
    NoWeapons(Vec<Filter>),
    /// The characters this card is used with may not use a weapon card (DM-50, RF-C2).
    NoWeaponCard,
    /// This character may not use battle cards (card-text 8).
    NoBattleCards,
    /// No other character may defend in a duel for this one (card-text 8).
    NotDefendedInDuel,
    /// This character may not pass in a duel.
    MayNotPassInDuel,
}

/// One ability, by template.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(
    tag = "template",
    rename_all = "kebab-case",
    rename_all_fields = "kebab-case",
    deny_unknown_fields
)]
pub enum Ability {
    /// The text only says who may use the card and its bonus: the structured use lines.
    UseLine {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// A built-in rule of the rulebook that the card's text restates (Armed & Dangerous,
    /// the Boonta Eve Classic objective).
    Rulebook {
        rule: RulebookRule,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// A change to a number while conditions hold. `affects` empty: this card; else each of
    /// `whose` cards that fits one filter.
    Modifier {
        stat: Stat,
        amount: i8,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        affects: Vec<Filter>,
        #[serde(default)]
        whose: Whose,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// Deploys for `cost` counters while the conditions hold (`affects` empty: this card;
    /// else your cards that fit). `cost` absent: the scan does not show how many (unknown).
    DeployCost {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<u8>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        affects: Vec<Filter>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// A weapon or battle card's bonus counts only while the conditions hold; the card is
    /// still used (and discarded) otherwise. `line` counts from 1.
    BonusOnlyIf {
        #[serde(default = "one")]
        line: u8,
        when: Vec<Condition>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// Characters (or starships) fight together as one (rulebook "Fight Together"): one of
    /// `groups`, each a list of members. `same_stack`: two cards of one stack add together.
    FightTogether {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        groups: Vec<Vec<Filter>>,
        /// `count` characters, each fitting one of `each` ("any three ◆ Royal Guards, ◆ Naboo
        /// Security and/or ◆ Bravo Pilots"), as another group.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u8>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        each: Vec<Filter>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        same_stack: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// When the fight-together group loses, only its member that fits `who` is defeated.
    OnlyDefeated { who: Filter },
    /// If the user (those of `who` in a group) is defeated, it and its weapon go back to
    /// hand and its owner takes no damage for it.
    SavedIfDefeated {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        who: Vec<Filter>,
    },
    /// The opposing weapons add nothing in this fight (card-text "an ignored weapon").
    IgnoreOpposingWeapon {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<Cost>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// The user may use two weapons, one fitting each filter, and draws destiny for both
    /// (card-text 16.8).
    TwoWeapons {
        user: Vec<Filter>,
        first: Vec<Filter>,
        second: Vec<Filter>,
    },
    /// If the user defeats a card that fits, it also fights the next fight, with the same
    /// weapon (card-text 15 "this fight").
    FightsAgain {
        defeats: Vec<Filter>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// Search the draw deck for one card that fits (card-text 14). `free`: it costs no
    /// counters.
    DeckSearch {
        trigger: SearchTrigger,
        find: Vec<Filter>,
        to: Destination,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        free: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<Cost>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// When `on` happens (and `when` holds), do `effect` (`optional`: the player may).
    Triggered {
        on: Trigger,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        optional: bool,
        effect: Vec<Effect>,
    },
    /// Once in each of your `step`s (card-text 15), pay `cost` to do `effect`.
    StepAction {
        step: Step,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<Cost>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
        effect: Vec<Effect>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// You may deploy this many counters in each of your Deploy steps (optionally for a
    /// cost paid once in that step).
    CountersPerTurn {
        total: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cost: Option<Cost>,
    },
    /// Your Even Up step fills (or discards) your hand to this size.
    EvenUpHand { size: u8 },
    /// A rule about destiny numbers in this card's fights.
    Destiny {
        rule: DestinyRule,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// When this fight is won, the opponent takes extra damage; when lost, you do.
    FightResultDamage { win: u8, lose: u8 },
    /// You lose no cards from breakthrough in this battle while the conditions hold.
    NoBreakthroughLoss {
        when: Vec<Condition>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// Dueling text: when this card scores a hit (`on_hit`), or while this duelist duels.
    Duel {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        on_hit: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        when: Vec<Condition>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        optional: bool,
        effect: Vec<DuelEffect>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// Something this text forbids.
    Restriction {
        rule: Restriction,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<Half>,
    },
    /// This character counts as a card that fits each of these filters for all its owner's
    /// cards: their use lines and the filters of their texts (EBN-P11).
    CountsAs { filters: Vec<Filter> },
    /// This character may use weapons that fit, as if their use line named him.
    MayUse { weapons: Vec<Filter> },
    /// Your Podracer pilot on your Boonta Eve Classic also has this handling number
    /// (card-text 6).
    ExtraHandling { number: u8 },
    /// A text too particular for a template: implemented in code, named by the card.
    OneOff { summary: String },
}

fn one() -> u8 {
    1
}

/// Rules of the rulebook that a card's text restates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RulebookRule {
    /// Rulebook "Armed & Dangerous Cards": a weapon card placed just before it is ignored;
    /// it always has its own weapon.
    ArmedAndDangerous,
    /// Rulebook "Boonta Eve Classic": Podracer deploys, the matching search, Thrust, laps,
    /// Refuel (card-text 16.9).
    BoontaEveClassic,
}

/// What starts a draw-deck search.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SearchTrigger {
    /// This card deploys face up (optionally only to this planet).
    Deploys {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Planet>,
    },
    /// One of your cards that fits deploys.
    OtherDeploys(Vec<Filter>),
    /// In your Deploy step (once per card: the cost discards it).
    DeployStep,
}

impl Ability {
    /// The template's name as written in the data (`use-line`, `modifier`...).
    pub fn template(&self) -> &'static str {
        match self {
            Ability::UseLine { .. } => "use-line",
            Ability::Rulebook { .. } => "rulebook",
            Ability::Modifier { .. } => "modifier",
            Ability::DeployCost { .. } => "deploy-cost",
            Ability::BonusOnlyIf { .. } => "bonus-only-if",
            Ability::FightTogether { .. } => "fight-together",
            Ability::OnlyDefeated { .. } => "only-defeated",
            Ability::SavedIfDefeated { .. } => "saved-if-defeated",
            Ability::IgnoreOpposingWeapon { .. } => "ignore-opposing-weapon",
            Ability::TwoWeapons { .. } => "two-weapons",
            Ability::FightsAgain { .. } => "fights-again",
            Ability::DeckSearch { .. } => "deck-search",
            Ability::Triggered { .. } => "triggered",
            Ability::StepAction { .. } => "step-action",
            Ability::CountersPerTurn { .. } => "counters-per-turn",
            Ability::EvenUpHand { .. } => "even-up-hand",
            Ability::Destiny { .. } => "destiny",
            Ability::FightResultDamage { .. } => "fight-result-damage",
            Ability::NoBreakthroughLoss { .. } => "no-breakthrough-loss",
            Ability::Duel { .. } => "duel",
            Ability::Restriction { .. } => "restriction",
            Ability::CountsAs { .. } => "counts-as",
            Ability::MayUse { .. } => "may-use",
            Ability::ExtraHandling { .. } => "extra-handling",
            Ability::OneOff { .. } => "one-off",
        }
    }

    /// Every template name, for the data tests (each must be used by some card).
    pub const TEMPLATES: &'static [&'static str] = &[
        "use-line",
        "rulebook",
        "modifier",
        "deploy-cost",
        "bonus-only-if",
        "fight-together",
        "only-defeated",
        "saved-if-defeated",
        "ignore-opposing-weapon",
        "two-weapons",
        "fights-again",
        "deck-search",
        "triggered",
        "step-action",
        "counters-per-turn",
        "even-up-hand",
        "destiny",
        "fight-result-damage",
        "no-breakthrough-loss",
        "duel",
        "restriction",
        "counts-as",
        "may-use",
        "extra-handling",
        "one-off",
    ];
}
