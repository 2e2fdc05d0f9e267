//! Card game text: how a card's printed text takes part in the rules.
//!
//! # Design
//!
//! **Registration.** A card's text is one value implementing [`Text`], registered for its card
//! *definition* in the pool's [`Texts`] table ([`Texts::register`]; the pool builds its table
//! once, from the cards' ability specifications, and a game shares it through an `Arc`). Every physical card of
//! that definition in a game then carries the text. [`Text::listens`] says which calls the text
//! answers ([`Listen`] bits); the engine calls nothing else. A game keeps the union of the bits
//! of the cards it holds, so a number or an event no card of the game listens to costs one bit
//! test, and decks without text cost nothing more.
//!
//! **Where text works.** The engine, not the text, decides which texts apply: every face-up card
//! in play (at any planet, the top location of each planet, objectives, the Podracer pilot and
//! Podracer at an objective, the Hyperspace piles), plus the card a number is about and the
//! weapon and battle card of the fight it is asked for, wherever those are (a battle card is
//! used from the hand, a card's cost is asked in hand), unless face down at a planet ("You
//! can't use the game text of a hidden card until it is turned face up"). A text is handed
//! `me`, its own card.
//!
//! **Changing a number.** Every number the rules use goes through one query,
//! [`GameState::number`](super::GameState::number), with a [`Query`] saying which [`Number`]
//! and its context: whose number, the card, the arena (battle fight, duel, space battle), the
//! planet and site, the weapon and battle card in use, the opposing card (for damage: what
//! defeated the card). Texts listening to that number get [`Text::modify`] with a [`Num`] and
//! may add to it (`+2 power`) or fix it (`costs 3`, `Even Up to 7`). Agents ask the same
//! queries through their [`PlayerView`](super::PlayerView).
//!
//! **Offering a decision.** A text may offer optional uses at decision points ([`Window`]):
//! [`Text::offers`] lists option numbers, which players see as
//! [`Action::UseAbility`](super::Action::UseAbility) among their legal actions, and
//! [`Text::use_ability`] does it. A text that must ask in the middle of a step ("choose a
//! character", "you may…") pushes a [`Pending::Prompt`](super::Pending::Prompt) with
//! [`GameState::ask`](super::GameState::ask); the engine stops there, lists
//! [`Text::answers`] as the asked player's legal actions (plus
//! [`Action::Decline`](super::Action::Decline) when `optional`), hands the choice to
//! [`Text::answer`] and resumes the interrupted step.
//!
//! **Reacting to an event.** [`Text::react`] is called with a [`Trigger`] (a deploy, a battle
//! declared, a destiny drawn, a card defeated, a planet won, a turn begun); it gets the state
//! mutably and may change it, draw, or ask a player.
//!
//! **State text needs** lives in [`TextState`] (`GameState::text_state`): memos kept for this
//! fight, battle, turn or game (once-per-turn flags, counts), lasting effects on a number, who
//! fought this turn, a revealed hand. The engine clears each memo when its scope ends and
//! applies lasting effects in the same query.

use std::fmt::Debug;
use std::sync::Arc;

use serde::Serialize;

use super::action::Action;
use super::card_pool::{CardDef, DefId};
use super::player::{CardRef, Player};
use super::state::{Flow, GameState};
use super::text_templates::SpecText;
use crate::catalogue::Planet;

/// A number of the rules that game text may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[repr(u8)]
pub enum Number {
    /// A character's (or starship's) power in a fight or duel: printed power plus the location
    /// bonus of the place (no weapon, battle card or destiny: those are added by the rules).
    Power,
    /// The damage a defeated card deals its owner (`Query::opponent`: what defeated it).
    Damage,
    /// The counters a card costs to deploy (the part an ability may change; an Armed &
    /// Dangerous card's weapon half is always paid in full on top).
    DeployCost,
    /// The counters a player may deploy each turn (6).
    CountersPerTurn,
    /// The hand size Even Up brings a hand to (6).
    EvenUpHand,
    /// The number of cards of a dueling hand.
    DuelHand,
    /// The destiny number of a card drawn for destiny.
    Destiny,
    /// The hits a duel hit scored with `Query::card` counts for (1).
    DuelHits,
    /// Cards the hitter adds from the draw deck to the dueling hand after a hit with
    /// `Query::card` (0).
    DuelHitCards,
    /// How many characters battle card `Query::card` makes fight together where its use line
    /// does not say so (0: as printed).
    FightTogether,
    /// Whether the dueling text of `Query::card`, which scored a hit on duelist
    /// `Query::opponent`, takes effect (1) or not (0).
    DuelText,
    /// Whether another dueling character may defend in a duel in place of `Query::card`, the
    /// character chosen to be dueled (1), or not (0).
    DefendedInDuel,
    /// Whether duelist `Query::card` may pass in this duel (1) or not (0).
    MayPass,
    /// Whether `Query::card` may use the weapon `Query::weapon` and the battle card
    /// `Query::battle_card` its plan puts with it (1: yes; 0 or less: a restriction forbids).
    MayUse,
    /// Whether fighter `Query::card`, of a unit that lost its fight with battle card
    /// `Query::battle_card`, is defeated (1) or stays in play (0 or less: "only the X is
    /// defeated").
    Defeated,
    /// Whether the bonus of battle card `Query::battle_card`'s line counts for `Query::card`
    /// where the line's condition is left to its text (`bonus only if ...`): 0 no, 1 yes.
    BonusCounts,
    /// Whether defeated card `Query::card` (with its unit's weapon and battle card) goes back
    /// to its owner's hand with its weapon, its owner taking no damage for it (0: no, by the
    /// rules; 1: yes).
    Saved,
    /// How many of the opposing unit's weapons add nothing in this fight (0 by the rules),
    /// asked for the unit whose text ignores them (`Query::card` its lead fighter, with its
    /// weapon and battle card; `Query::opponent` the opposing lead fighter).
    IgnoredWeapons,
    /// The extra damage `Query::player` takes on a fight's result (0), asked once with each
    /// side's battle card (`Query::card`: the lead fighter of that battle card's side;
    /// `Query::opponent`: the other side's).
    ResultDamage,
    /// Whether the winner of a fight (`Query::card`, with its weapon and battle card) also
    /// fights the next fight, with the same weapon, for defeating `Query::opponent` (0: no).
    FightsAgain,
    /// The cards `Query::player` loses from breakthrough (the rules' value: one per leftover
    /// attacker), asked with each battle card of the player's in this battle.
    BreakthroughLoss,
    /// For battle card `Query::battle_card` letting its user `Query::card` use two weapons
    /// (card-text 16.8): which of its two weapon slots `Query::weapon` fits, as bits (1 the
    /// first, 2 the second; 0 by the rules: none).
    TwoWeapons,
    /// A second handling number of `Query::player`'s Podracer pilot `Query::card` on its Boonta
    /// Eve Classic (0 by the rules: none; card-text 6).
    Handling,
    /// Whether `Query::battle_card`, a card of another kind in `Query::player`'s hand, may be
    /// used as a battle card in arena `Query::arena` (`Query::card` None), placed before
    /// fighter `Query::card` (1: yes; 0 by the rules: V1-JC-32, card-text 10).
    HandBattleCard,
}

impl Number {
    pub const ALL: [Number; 24] = [
        Number::Power,
        Number::Damage,
        Number::DeployCost,
        Number::CountersPerTurn,
        Number::EvenUpHand,
        Number::DuelHand,
        Number::Destiny,
        Number::DuelHits,
        Number::DuelHitCards,
        Number::FightTogether,
        Number::DuelText,
        Number::DefendedInDuel,
        Number::MayPass,
        Number::MayUse,
        Number::Defeated,
        Number::BonusCounts,
        Number::Saved,
        Number::IgnoredWeapons,
        Number::ResultDamage,
        Number::FightsAgain,
        Number::BreakthroughLoss,
        Number::TwoWeapons,
        Number::Handling,
        Number::HandBattleCard,
    ];
}

// A bit per number in `Listen`: bits 0-15, then 32-63 (the trigger bits lie between).
const _: () = assert!(Number::ALL.len() <= 48);

/// Where a number is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Arena {
    /// Outside any fight (deploying, Even Up...).
    #[default]
    None,
    /// A fight of a battle at a planet.
    Battle,
    /// A lightsaber duel.
    Duel,
    /// A starship battle (or a Battle of Naboo interception).
    Space,
}

/// One question to the rules: which number, for whom, and the situation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Query {
    pub number: Number,
    /// Whose number it is (the card's owner, or the player whose turn's counters are asked).
    pub player: Player,
    /// The card the number belongs to.
    pub card: Option<CardRef>,
    pub arena: Arena,
    pub planet: Option<Planet>,
    pub site: Option<u8>,
    /// The weapon the card uses in this fight or duel (for an Armed & Dangerous card, itself).
    pub weapon: Option<CardRef>,
    /// The battle card used in this fight.
    pub battle_card: Option<CardRef>,
    /// The opposing card (the first of a group); for damage, the card that defeated this one.
    pub opponent: Option<CardRef>,
    /// Every opposing card of the fight (a fight-together group), `opponent` first: what "vs"
    /// texts look at ("the opposing fighter, any member of a group").
    pub opposing: [Option<CardRef>; 3],
}

impl Query {
    pub fn new(number: Number, player: Player) -> Query {
        Query {
            number,
            player,
            card: None,
            arena: Arena::None,
            planet: None,
            site: None,
            weapon: None,
            battle_card: None,
            opponent: None,
            opposing: [None; 3],
        }
    }

    pub fn card(mut self, card: CardRef) -> Query {
        self.card = Some(card);
        self
    }

    pub fn arena(mut self, arena: Arena) -> Query {
        self.arena = arena;
        self
    }

    pub fn place(mut self, place: Option<(Planet, u8)>) -> Query {
        self.planet = place.map(|p| p.0);
        self.site = place.map(|p| p.1);
        self
    }

    pub fn weapon(mut self, weapon: Option<CardRef>) -> Query {
        self.weapon = weapon;
        self
    }

    pub fn battle_card(mut self, card: Option<CardRef>) -> Query {
        self.battle_card = card;
        self
    }

    /// The opposing card, alone (see [`Query::opposing`] for a group).
    pub fn opponent(mut self, card: Option<CardRef>) -> Query {
        self.opponent = card;
        self.opposing = [card, None, None];
        self
    }

    /// The opposing cards of a fight (a group, the first being `opponent`).
    pub fn opposing(mut self, cards: [Option<CardRef>; 3]) -> Query {
        self.opponent = cards.iter().flatten().next().copied();
        self.opposing = cards;
        self
    }

    /// The opposing cards of the fight.
    pub fn opponents(&self) -> impl Iterator<Item = CardRef> + '_ {
        self.opposing.iter().flatten().copied()
    }
}

/// A number being worked out: the rules' value, then what texts do to it. A fixed value
/// ("costs 3", "Even Up to 7") replaces the rules' value; additions apply on top of it, and a
/// multiplier last, so the order texts are asked in does not matter (two fixed values: the
/// last asked wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Num {
    base: i16,
    fixed: Option<i16>,
    add: i16,
    /// A multiplier applied last (card-text "General decisions": multiplied damage applies
    /// after every plus and minus).
    times: i16,
}

impl Num {
    pub fn new(base: i16) -> Num {
        Num {
            base,
            fixed: None,
            add: 0,
            times: 1,
        }
    }

    /// The rules' value before any text.
    pub fn base(&self) -> i16 {
        self.base
    }

    pub fn add(&mut self, n: i16) {
        self.add = self.add.saturating_add(n);
    }

    pub fn set(&mut self, n: i16) {
        self.fixed = Some(n);
    }

    /// Fixes the value at `n` unless the rules' value (or an earlier fixed value) is already
    /// higher: for standing changes that "do not add up" (card-text 15: two "7 counters"
    /// Effects give 7, an 8 and a 7 give 8).
    pub fn raise_to(&mut self, n: i16) {
        self.fixed = Some(self.fixed.unwrap_or(self.base).max(n));
    }

    /// Multiplies the final value ("double damage"); two multipliers multiply.
    pub fn times(&mut self, n: i16) {
        self.times = self.times.saturating_mul(n);
    }

    pub fn value(&self) -> i16 {
        self.fixed
            .unwrap_or(self.base)
            .saturating_add(self.add)
            .saturating_mul(self.times)
    }
}

/// A moment texts may react to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// A card was deployed face up (or turned face up is not this: see `TurnStarted`).
    Deployed(CardRef),
    BattleDeclared(Player),
    PlanetControlled(Planet, Player),
    TurnStarted(Player),
    /// A card was drawn for destiny (its value already counted).
    DestinyDrawn {
        player: Player,
        card: CardRef,
    },
    /// A card was defeated in a fight or duel, by `by`: the opposing card, or every member
    /// of the opposing fight-together group (rulebook "Fight Together": the group fights "like
    /// they were one big character", so each member defeated it, wherever it stood in the plan).
    Defeated {
        card: CardRef,
        by: [Option<CardRef>; 3],
    },
    /// `card`, played in a duel by `player`, scored a hit: its hits are counted but not yet
    /// marked, so its dueling text may still add to them (rulebook "Lightsaber Dueling").
    HitScored {
        player: Player,
        card: CardRef,
    },
    /// Both sides of the battle fight in progress have drawn all their destiny; `player`'s
    /// texts about the numbers drawn act now (the attacker's first, card-text 4).
    DestinyDone(Player),
    /// Duelist `card` of `player` passed in the duel in progress (RULINGS.md R4: a duelist
    /// passes at most once in a duel, so this is his first pass).
    DuelPassed {
        player: Player,
        card: CardRef,
    },
    /// `card` is the defending character of the duel about to be played (its defender and
    /// weapon chosen, no dueling hand drawn yet).
    Dueled(CardRef),
    /// `card` was discarded from play as the cost of its own draw-deck search, a search that
    /// the deploy of `deployed` started (V1-JC-7: "when he discards Jedi Training").
    DiscardedToSearch {
        card: CardRef,
        deployed: CardRef,
    },
}

impl Trigger {
    pub fn listen(&self) -> Listen {
        match self {
            Trigger::Deployed(_) => Listen::DEPLOYED,
            Trigger::BattleDeclared(_) => Listen::BATTLE_DECLARED,
            Trigger::PlanetControlled(..) => Listen::PLANET_CONTROLLED,
            Trigger::TurnStarted(_) => Listen::TURN_STARTED,
            Trigger::DestinyDrawn { .. } => Listen::DESTINY_DRAWN,
            Trigger::Defeated { .. } => Listen::DEFEATED,
            Trigger::HitScored { .. } => Listen::HIT_SCORED,
            Trigger::DestinyDone(_) => Listen::DESTINY_DONE,
            Trigger::DuelPassed { .. } => Listen::DUEL_PASSED,
            Trigger::Dueled(_) => Listen::DUELED,
            Trigger::DiscardedToSearch { .. } => Listen::DISCARDED_TO_SEARCH,
        }
    }
}

/// When optional abilities are offered to the player to act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Window {
    /// The deploy step, beside deploying.
    Deploy,
    /// The battle step, before declaring a duel or battle.
    BattleStep,
    /// A battle, before each fight (the attacker first, then the defender).
    BeforeFight,
    /// A duel, after a hit, to the player whose duelist was hit.
    DuelHit,
    /// The Even Up step, beside discarding and drawing (card-text 12).
    EvenUp,
}

/// Which calls of [`Text`] a text answers: a bit per [`Number`], per [`Trigger`] kind, and one
/// for offered abilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Listen(pub u64);

impl Listen {
    pub const NONE: Listen = Listen(0);
    pub const DEPLOYED: Listen = Listen(1 << 16);
    pub const BATTLE_DECLARED: Listen = Listen(1 << 17);
    pub const PLANET_CONTROLLED: Listen = Listen(1 << 18);
    pub const TURN_STARTED: Listen = Listen(1 << 19);
    pub const DESTINY_DRAWN: Listen = Listen(1 << 20);
    pub const DEFEATED: Listen = Listen(1 << 21);
    pub const HIT_SCORED: Listen = Listen(1 << 22);
    pub const DESTINY_DONE: Listen = Listen(1 << 23);
    /// [`Text::offers`] may list abilities at some [`Window`].
    pub const OFFERS: Listen = Listen(1 << 24);
    pub const DUEL_PASSED: Listen = Listen(1 << 25);
    pub const DUELED: Listen = Listen(1 << 26);
    pub const DISCARDED_TO_SEARCH: Listen = Listen(1 << 27);

    pub const fn number(n: Number) -> Listen {
        let i = n as u32;
        // The first 16 numbers keep bits 0-15; later ones go above the trigger bits.
        Listen(1 << if i < 16 { i } else { i + 16 })
    }

    pub const fn numbers(ns: &[Number]) -> Listen {
        let mut bits = 0;
        let mut i = 0;
        while i < ns.len() {
            bits |= Listen::number(ns[i]).0;
            i += 1;
        }
        Listen(bits)
    }

    pub const fn union(self, other: Listen) -> Listen {
        Listen(self.0 | other.0)
    }

    pub const fn any(self, other: Listen) -> bool {
        self.0 & other.0 != 0
    }
}

/// One card's game text. Every method has a default that does nothing; a text implements the
/// ones its [`Text::listens`] bits name. `me` is the text's own card in this game.
pub trait Text: Debug + Send + Sync {
    fn listens(&self) -> Listen;

    /// Changes the number asked by `q` (`n` holds the rules' value and earlier texts' changes).
    fn modify(&self, _g: &GameState, _me: CardRef, _q: &Query, _n: &mut Num) {}

    /// [`Text::modify`], telling `seen` which of the card's abilities changed the number and by
    /// how much (`seen(ability, by)`, the ability's index in the card's specification, or
    /// [`WHOLE_TEXT`]). Asked only for the play-by-play, after a number came out changed; the
    /// default reports the whole text as one.
    fn explain(
        &self,
        g: &GameState,
        me: CardRef,
        q: &Query,
        n: &mut Num,
        seen: &mut dyn FnMut(u8, i16),
    ) {
        let before = n.value();
        self.modify(g, me, q, n);
        if n.value() != before {
            seen(WHOLE_TEXT, n.value() - before);
        }
    }

    /// Reacts to an event.
    fn react(&self, _g: &mut GameState, _me: CardRef, _t: Trigger) -> Flow {
        Ok(())
    }

    /// The options of `me`'s optional abilities usable now, at `window`, by `me`'s owner.
    fn offers(&self, _g: &GameState, _me: CardRef, _window: Window, _out: &mut Vec<u8>) {}

    /// Uses option `option` of an ability offered by [`Text::offers`].
    fn use_ability(&self, _g: &mut GameState, _me: CardRef, _option: u8) -> Flow {
        Ok(())
    }

    /// The answers to prompt `key` this text asked ([`GameState::ask`]).
    fn answers(&self, _g: &GameState, _me: CardRef, _key: u8, _out: &mut Vec<Action>) {}

    /// The asked player answered prompt `key` with `answer` (one of [`Text::answers`], or
    /// `Decline` for an optional prompt).
    fn answer(&self, _g: &mut GameState, _me: CardRef, _key: u8, _answer: Action) -> Flow {
        Ok(())
    }
}

/// The ability index [`Text::explain`] and [`Event::TextUsed`](super::Event::TextUsed) give
/// when a change is not one ability of the card's specification (a text written in code, a
/// lasting effect).
pub const WHOLE_TEXT: u8 = u8::MAX;

/// One card definition's text: built from its ability specification (called statically, as
/// the engine's hot loop wants), or written in code (a test's probe, called through `dyn`).
#[derive(Debug, Clone)]
pub(crate) enum CardText {
    Spec(Arc<SpecText>),
    Code(Arc<dyn Text>),
}

/// Calls the same method of whichever text `$t` holds.
macro_rules! either {
    ($t:expr, $x:ident => $call:expr) => {
        match $t {
            CardText::Spec($x) => $call,
            CardText::Code($x) => $call,
        }
    };
}

impl Text for CardText {
    fn listens(&self) -> Listen {
        either!(self, t => t.listens())
    }

    #[inline]
    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        either!(self, t => t.modify(g, me, q, n))
    }

    fn explain(
        &self,
        g: &GameState,
        me: CardRef,
        q: &Query,
        n: &mut Num,
        seen: &mut dyn FnMut(u8, i16),
    ) {
        either!(self, t => t.explain(g, me, q, n, seen))
    }

    fn react(&self, g: &mut GameState, me: CardRef, t: Trigger) -> Flow {
        either!(self, x => x.react(g, me, t))
    }

    fn offers(&self, g: &GameState, me: CardRef, window: Window, out: &mut Vec<u8>) {
        either!(self, t => t.offers(g, me, window, out))
    }

    fn use_ability(&self, g: &mut GameState, me: CardRef, option: u8) -> Flow {
        either!(self, t => t.use_ability(g, me, option))
    }

    fn answers(&self, g: &GameState, me: CardRef, key: u8, out: &mut Vec<Action>) {
        either!(self, t => t.answers(g, me, key, out))
    }

    fn answer(&self, g: &mut GameState, me: CardRef, key: u8, answer: Action) -> Flow {
        either!(self, t => t.answer(g, me, key, answer))
    }
}

/// The texts of a card pool: at most one [`Text`] per card definition.
#[derive(Debug, Clone, Default)]
pub struct Texts {
    /// Per definition, its entry in `entries` (`u16::MAX`: no text).
    by_def: Vec<u16>,
    entries: Vec<(Listen, CardText)>,
}

impl Texts {
    /// A table for a pool of `defs` (read from catalogue `cards`, same order), with the texts
    /// the engine knows for catalogue cards.
    pub fn for_pool(cards: &[crate::catalogue::Card], defs: &[CardDef]) -> Texts {
        let mut t = Texts {
            by_def: vec![u16::MAX; defs.len()],
            entries: Vec::new(),
        };
        for (i, d) in defs.iter().enumerate() {
            if let Some(text) = super::text_templates::build(d, cards) {
                t.put(DefId(i as u16), CardText::Spec(Arc::new(text)));
            }
        }
        t
    }

    /// Gives definition `def` the text `text`, written in code (replacing any it had).
    pub fn register(&mut self, def: DefId, text: Arc<dyn Text>) {
        self.put(def, CardText::Code(text));
    }

    fn put(&mut self, def: DefId, text: CardText) {
        let i = def.0 as usize;
        if self.by_def.len() <= i {
            self.by_def.resize(i + 1, u16::MAX);
        }
        let entry = (text.listens(), text);
        match self.by_def[i] {
            u16::MAX => {
                self.by_def[i] = self.entries.len() as u16;
                self.entries.push(entry);
            }
            e => self.entries[e as usize] = entry,
        }
    }

    /// The text of a definition and what it listens to.
    #[inline]
    pub(crate) fn get(&self, def: DefId) -> Option<&(Listen, CardText)> {
        match self.by_def.get(def.0 as usize) {
            Some(&e) if e != u16::MAX => Some(&self.entries[e as usize]),
            _ => None,
        }
    }

    #[inline]
    pub fn listens(&self, def: DefId) -> Listen {
        self.get(def).map_or(Listen::NONE, |e| e.0)
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// How long a memo or a lasting effect lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    Fight,
    Battle,
    Turn,
    Game,
}

/// Something a text remembers ("once per turn", a count), kept until its scope ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Memo {
    pub card: CardRef,
    /// The text's own tag for what it remembers.
    pub key: u8,
    pub scope: Scope,
    pub value: i16,
}

/// A lasting change to a number ("+2 power for the rest of the turn"), applied by the engine's
/// query after the texts in play, until its scope ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Lasting {
    /// The card whose text made it.
    pub source: CardRef,
    pub number: Number,
    /// Only for this card (None: any card, or no card, of `player`).
    pub target: Option<CardRef>,
    pub player: Player,
    pub add: i16,
    pub scope: Scope,
    /// Its text was narrated when it was made (BP-49: "discard this card to ..." names the
    /// weapon it cancels), so the numbers it changes later are not said again as a vaguer
    /// "text takes effect".
    pub said: bool,
}

/// The state game text needs, kept by the engine.
#[derive(Debug, Clone, Default, Serialize)]
pub struct TextState {
    pub memos: Vec<Memo>,
    pub lasting: Vec<Lasting>,
    /// Characters and starships that fought this turn (in a battle fight or a duel).
    pub fought: Vec<CardRef>,
    /// A player's hand is revealed to the opponent (until the end of the turn).
    pub revealed_hand: [bool; 2],
    /// The destiny cards drawn in the fight or duel in progress and the number each counts
    /// for now (texts may redraw, replace or switch them: `engine::destiny`). Kept only in
    /// games whose texts listen to destiny draws.
    pub drawn: Vec<Drawn>,
}

/// A destiny card drawn in the fight in progress, and the number it counts for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Drawn {
    pub player: Player,
    pub card: CardRef,
    pub value: i16,
}

impl TextState {
    pub fn memo(&self, card: CardRef, key: u8) -> Option<i16> {
        self.memos
            .iter()
            .find(|m| m.card == card && m.key == key)
            .map(|m| m.value)
    }

    pub fn set_memo(&mut self, card: CardRef, key: u8, scope: Scope, value: i16) {
        match self
            .memos
            .iter_mut()
            .find(|m| m.card == card && m.key == key)
        {
            Some(m) => {
                m.value = value;
                m.scope = scope;
            }
            None => self.memos.push(Memo {
                card,
                key,
                scope,
                value,
            }),
        }
    }

    /// Forgets what lasted for `scope` (and shorter scopes): called by the engine when a fight,
    /// a battle or a turn ends.
    pub(crate) fn end(&mut self, scope: Scope) {
        let keep = |s: Scope| match scope {
            Scope::Fight => s != Scope::Fight,
            Scope::Battle => !matches!(s, Scope::Fight | Scope::Battle),
            Scope::Turn => s == Scope::Game,
            Scope::Game => false,
        };
        if !self.memos.is_empty() {
            self.memos.retain(|m| keep(m.scope));
        }
        if !self.lasting.is_empty() {
            self.lasting.retain(|l| keep(l.scope));
        }
        self.drawn.clear();
        if scope == Scope::Turn {
            self.fought.clear();
            self.revealed_hand = [false, false];
        }
    }
}
