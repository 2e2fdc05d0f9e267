//! The game state: zones, planets, the turn, and the decision being waited for.

use std::sync::Arc;

use serde::Serialize;

use super::card_facts::CardFacts;
use super::card_pool::{CardDef, CardPool, DefId};
use super::event::{Event, GameResult, Victory};
use super::player::{CardRef, Player};
use super::rng::GameRng;
use super::text::{Listen, TextState, Texts};
use crate::catalogue::Planet;

/// Which starship rules are in force (RULINGS.md D6: Duel of the Fates by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StarshipRules {
    #[default]
    DuelOfTheFates,
    BattleOfNaboo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameOptions {
    pub starships: StarshipRules,
    /// Turns after which the game stops with no winner (reported as a turn cap, never a win).
    pub turn_cap: u32,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            starships: StarshipRules::DuelOfTheFates,
            turn_cap: 400,
        }
    }
}

/// The fixed part of a game: the card pool and which card belongs to whom. Shared.
#[derive(Debug)]
pub struct Table {
    pub pool: Arc<CardPool>,
    /// Per card of the game: owner and definition.
    pub cards: Vec<(Player, DefId)>,
    /// Per card of the game: the facts of its definition the legal list reads most.
    pub(crate) facts: Vec<CardFacts>,
}

impl Table {
    /// The table of a game of `cards` (owner and definition each), with their packed facts.
    pub fn new(pool: Arc<CardPool>, cards: Vec<(Player, DefId)>) -> Table {
        let facts = cards
            .iter()
            .map(|&(_, d)| CardFacts::of(pool.get(d)))
            .collect();
        Table { pool, cards, facts }
    }
}

/// A card at a planet (character, weapon or effect).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct InPlay {
    pub card: CardRef,
    pub face_up: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum PlanetStatus {
    Unplayed,
    Current,
    Controlled { by: Player, surrendered: bool },
}

#[derive(Debug, Clone, Serialize)]
pub struct PlanetState {
    pub status: PlanetStatus,
    /// Location cards, bottom to top: the top one is where the action is.
    pub locations: Vec<CardRef>,
    /// Each player's characters, weapons and effects here.
    pub cards: [Vec<InPlay>; 2],
    /// Turns each player has begun while this was the current planet (the Hidden Cards rule
    /// applies to the first).
    pub turns: [u8; 2],
}

impl PlanetState {
    fn new() -> PlanetState {
        PlanetState {
            status: PlanetStatus::Unplayed,
            locations: Vec::new(),
            cards: [Vec::new(), Vec::new()],
            turns: [0, 0],
        }
    }
}

/// Each player's zones.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PlayerState {
    /// The draw deck; the top card is the last.
    pub deck: Vec<CardRef>,
    pub hand: Vec<CardRef>,
    pub discard: Vec<CardRef>,
    pub hyperspace: Vec<CardRef>,
    pub objective: Option<CardRef>,
    /// The Podracer pilot and Podracer at the objective ("for the entire game").
    pub pilot: Option<CardRef>,
    pub podracer: Option<CardRef>,
    pub thrust: u8,
    /// The podracing pile of the lap in progress, in playing order.
    pub laps: Vec<CardRef>,
    pub lap_tokens: u8,
    pub duel_hand: Vec<CardRef>,
    pub duel_pile: Vec<CardRef>,
    /// Cards set aside for the step in progress: battle cards taken from hand for a battle,
    /// evacuees and starships of an evacuation.
    pub held: Vec<CardRef>,
}

/// The decision the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Phase {
    StartingLocation(Player),
    /// `player` may fetch an Effect; then `next` (if any) may.
    EffectFetch {
        player: Player,
        next: Option<Player>,
    },
    NextLocation(Player),
    Deploy,
    /// A deploy from the draw deck is offered (`searching` once the deck is open).
    DeckSearch {
        searching: bool,
    },
    /// The opponent of an evacuation may add starships and intercept.
    Interception,
    BattleStep,
    DuelDefender,
    DuelWeapon,
    DuelPlay,
    BattleCards(Player),
    BattlePlan(Player),
    /// Both plans are made: the fights are fought one by one, stopping for the decisions
    /// they need (pending.rs); no one acts in this phase but through a pending decision.
    Fights,
    EvenUp,
    EvenUpDiscard,
    EndOfTurn,
    GameOver,
}

/// What the active player has done this turn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct TurnState {
    /// Counters spent this turn. What is left is asked of the rules each time
    /// (`GameState::counters_left`): an Effect that adds counters works "right away".
    pub spent: i16,
    /// Deploys are hidden this turn (the player's first turn at this planet).
    pub hidden: bool,
    /// Podracing actions are still allowed (nothing else has been done this deploy step).
    pub podrace_open: bool,
    pub thrusted: bool,
    pub refueled: bool,
    pub laps_played: u8,
    pub duel_done: bool,
    /// Passed in a duel: may not initiate a battle this turn.
    pub passed_in_duel: bool,
}

/// A pending deploy from the draw deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Search {
    /// The card whose deploy allows the search.
    pub source: CardRef,
    /// What may be taken: the matching Podracer (or pilot) for the objective.
    pub kind: SearchKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SearchKind {
    /// The Podracer matching this pilot, to the objective.
    Podracer,
    /// A pilot matching this Podracer, to the objective.
    Pilot,
}

/// A battle (of characters, or of starships during an evacuation) being set up, then fought
/// fight by fight.
#[derive(Debug, Clone)]
pub struct Battle {
    pub attacker: Player,
    /// A starship battle over this planet's evacuation.
    pub space: Option<Planet>,
    /// The cards each side must (characters, starships) or may (weapons) place in its plan.
    pub units: [Vec<CardRef>; 2],
    pub plans: [Vec<CardRef>; 2],
    /// Once both plans are made: what is left of each plan to read, front first.
    pub(crate) queue: [std::collections::VecDeque<CardRef>; 2],
    /// Each side's next fight is the first of its plan.
    pub(crate) first: [bool; 2],
    /// The fight in progress.
    pub(crate) fight: Option<super::battle::Fight>,
    /// A fighter put back at the front of its side's plan to fight the next fight too
    /// (fights-again text), until that fight begins: it is no leftover at breakthrough.
    pub(crate) again: [Option<CardRef>; 2],
    /// Cards of another kind added from hand as battle cards, as their text allows (V1-JC-32).
    pub(crate) by_text: Vec<CardRef>,
}

impl Battle {
    /// This battle's fields made those of a new battle with no units yet, its vectors kept
    /// for their room.
    fn restart(&mut self, attacker: Player, space: Option<Planet>) {
        self.attacker = attacker;
        self.space = space;
        for p in 0..2 {
            self.units[p].clear();
            self.plans[p].clear();
            self.queue[p].clear();
        }
        self.first = [true, true];
        self.fight = None;
        self.again = [None, None];
        self.by_text.clear();
    }

    /// Room in each plan for its side's units and a few battle cards, once the units are in.
    pub(crate) fn room_for_plans(&mut self) {
        for p in 0..2 {
            let n = self.units[p].len() + 4;
            self.plans[p].reserve(n.saturating_sub(self.plans[p].len()));
        }
    }

    pub(crate) fn new(attacker: Player, space: Option<Planet>, units: [Vec<CardRef>; 2]) -> Battle {
        // Every unit goes into its side's plan, and battle cards may follow: room taken once.
        let plans = std::array::from_fn(|i| Vec::with_capacity(units[i].len() + 4));
        Battle {
            attacker,
            space,
            units,
            plans,
            queue: Default::default(),
            first: [true, true],
            fight: None,
            again: [None, None],
            by_text: Vec::new(),
        }
    }
}

/// The last battle's box and vectors, kept for the next ([`GameState::new_battle`]): taken
/// once a game instead of at every battle. A copy of the state starts without one (a search
/// agent's copies would only copy its vectors).
#[derive(Debug, Default)]
pub(crate) struct SpareBattle(Option<Box<Battle>>);

impl Clone for SpareBattle {
    fn clone(&self) -> SpareBattle {
        SpareBattle(None)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Duel {
    pub initiator: Player,
    pub duelists: [Option<CardRef>; 2],
    pub weapons: [Option<CardRef>; 2],
    pub to_act: Player,
    /// The attack value to block, when a block is due.
    pub attack: Option<u8>,
    /// Hits on each player's duelist.
    pub hits: [u8; 2],
    pub passed: [bool; 2],
    /// How many dueling hands are drawn (the initiator's first); the duel is played once
    /// both are.
    pub hands: u8,
    /// The destiny each duelist drew for a `?` power, once drawn.
    pub destiny: [i16; 2],
    pub drew_power: [bool; 2],
    /// A hit scored and not yet marked: its dueling text may be deciding.
    pub hit: Option<DuelHit>,
}

/// A hit being scored in a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DuelHit {
    /// The card that scored it.
    pub card: CardRef,
    /// The player whose duelist is hit.
    pub on: Player,
    pub hits: u8,
    /// Cards the hitter adds to the dueling hand from the draw deck.
    pub cards: u8,
}

#[derive(Debug, Clone, Serialize)]
pub struct Evacuation {
    pub player: Player,
    pub planet: Planet,
    /// Battle of Naboo rules: the transport played from hand.
    pub transport: Option<CardRef>,
    /// Battle of Naboo rules: the interception in progress, once a starfighter is played.
    pub intercept: Option<Intercept>,
}

/// Battle of Naboo rules: a starfighter intercepting the transport, a starship battle of one
/// fight that stops for decisions as a battle's fight does (pending.rs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Intercept {
    pub starfighter: CardRef,
    pub step: InterceptStep,
    /// The destiny the starfighter has drawn so far.
    pub destiny: i16,
}

/// The steps of an interception's fight, in order; a pending decision can stop it between
/// any two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum InterceptStep {
    /// Both players may use abilities before the fight (the interceptor first, as the
    /// attacker of a battle).
    Windows,
    /// The starfighter's destiny draw ("only Starfighters are maneuverable enough to draw
    /// destiny").
    Draw,
    /// Compare, destroy, damage, fly away.
    Resolve,
}

#[derive(Debug, Clone)]
pub struct GameState {
    pub(crate) table: Arc<Table>,
    /// The card texts of the pool (text.rs).
    pub(crate) texts: Arc<Texts>,
    /// What the texts of this game's cards (and its lasting effects) listen to.
    pub(crate) listen: Listen,
    /// What each card's text listens to, by card (`refresh_listen`).
    pub(crate) card_listen: Arc<[Listen]>,
    /// The cards with text in force, in the order texts are asked, and the union of what
    /// they listen to: kept by `zones_changed` (query.rs).
    pub(crate) in_force: Vec<CardRef>,
    pub(crate) in_force_listen: Listen,
    /// `in_force_listen` by the cards' owner: a number only its owner's texts change (the
    /// counters a turn) is answered without a walk when none of theirs listens.
    pub(crate) in_force_listen_by: [Listen; 2],
    /// The state card texts keep.
    pub(crate) text_state: TextState,
    pub(crate) options: GameOptions,
    pub(crate) rng: GameRng,
    pub(crate) players: [PlayerState; 2],
    pub(crate) planets: [PlanetState; 3],
    pub(crate) current: Option<Planet>,
    pub(crate) turn: u32,
    pub(crate) active: Player,
    pub(crate) phase: Phase,
    pub(crate) ts: TurnState,
    /// Who takes the turn after the next Effect fetch.
    pub(crate) next_turn: Player,
    pub(crate) search: Option<Search>,
    pub(crate) battle: Option<Box<Battle>>,
    pub(crate) spare_battle: SpareBattle,
    pub(crate) duel: Option<Box<Duel>>,
    pub(crate) evacuation: Option<Box<Evacuation>>,
    pub(crate) result: Option<GameResult>,
    /// Decisions waiting above the phase's own, the last on top (pending.rs).
    pub(crate) pending: Vec<super::pending::Pending>,
    pub(crate) log: Vec<Event>,
    /// Both draw decks' sizes after each event since [`GameState::trace_draw_decks`], for a
    /// play-by-play (None, the default, records nothing).
    pub(crate) deck_trace: Option<Vec<[u16; 2]>>,
    /// `apply`'s buffer for listing the legal actions it checks against (no allocation per
    /// action); holds nothing between calls.
    pub(crate) legal_scratch: Vec<super::action::Action>,
    /// What each player has seen of the other's hand, for determinization.
    pub(crate) known: super::determinize::Known,
    /// A version of each side's cards at each planet (`zone_version`).
    pub(crate) zone_versions: [[u64; 2]; 3],
}

/// A zone version no game has had yet: versions come from one counter shared by every game
/// of the process, so two games, or two copies of a game that went different ways, never
/// share one for different cards.
pub(crate) fn fresh_version() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static LAST: AtomicU64 = AtomicU64::new(0);
    LAST.fetch_add(1, Ordering::Relaxed) + 1
}

/// The game stopped (someone won, or the turn cap): unwinds the rules code with `?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended;

/// What a step of the rules returns: `Err(Ended)` once the game is over.
pub type Flow = Result<(), Ended>;

impl GameState {
    pub(crate) fn empty(table: Arc<Table>, options: GameOptions, seed: u64) -> GameState {
        let texts = Arc::clone(table.pool.texts());
        let mut g = GameState {
            table,
            texts,
            listen: Listen::NONE,
            card_listen: Arc::new([]),
            in_force: Vec::new(),
            in_force_listen: Listen::NONE,
            in_force_listen_by: [Listen::NONE; 2],
            text_state: TextState::default(),
            options,
            rng: GameRng::new(seed),
            players: [PlayerState::default(), PlayerState::default()],
            planets: [PlanetState::new(), PlanetState::new(), PlanetState::new()],
            current: None,
            turn: 0,
            active: Player::A,
            phase: Phase::GameOver,
            ts: TurnState::default(),
            next_turn: Player::A,
            search: None,
            battle: None,
            spare_battle: SpareBattle::default(),
            duel: None,
            evacuation: None,
            result: None,
            pending: Vec::new(),
            log: Vec::new(),
            deck_trace: None,
            legal_scratch: Vec::new(),
            known: Default::default(),
            zone_versions: std::array::from_fn(|_| [fresh_version(), fresh_version()]),
        };
        g.refresh_listen();
        g
    }

    /// The state card texts keep (memos, lasting effects, who fought this turn).
    pub fn text_state(&self) -> &TextState {
        &self.text_state
    }

    pub fn text_state_mut(&mut self) -> &mut TextState {
        &mut self.text_state
    }

    // --- read-only queries -------------------------------------------------------------

    pub fn def(&self, card: CardRef) -> &CardDef {
        self.table.pool.get(self.table.cards[card.index()].1)
    }

    /// The packed facts of `card`'s definition ([`CardFacts`]): what the scans over a hand or
    /// the cards in play read.
    #[inline]
    pub(crate) fn facts(&self, card: CardRef) -> CardFacts {
        self.table.facts[card.index()]
    }

    pub(crate) fn def_id(&self, card: CardRef) -> DefId {
        self.table.cards[card.index()].1
    }

    pub fn owner(&self, card: CardRef) -> Player {
        self.table.cards[card.index()].0
    }

    pub fn card_count(&self) -> usize {
        self.table.cards.len()
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Events not yet handed to a caller: right after [`GameState::new`], the setup
    /// (objectives put into play, shuffles, the destiny draws for the first turn, who goes
    /// first), which no action returns. Empty once the first action has been applied.
    pub fn pending_events(&self) -> &[Event] {
        &self.log
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn active(&self) -> Player {
        self.active
    }

    pub fn current_planet(&self) -> Option<Planet> {
        self.current
    }

    pub fn planet(&self, planet: Planet) -> &PlanetState {
        &self.planets[planet as usize]
    }

    pub fn player(&self, p: Player) -> &PlayerState {
        &self.players[p.index()]
    }

    pub fn options(&self) -> GameOptions {
        self.options
    }

    /// Who must decide now (None once the game is over).
    pub fn to_act(&self) -> Option<Player> {
        if let Some(top) = self.pending.last()
            && self.phase != Phase::GameOver
        {
            return Some(top.player());
        }
        Some(match self.phase {
            Phase::GameOver => return None,
            Phase::StartingLocation(p) | Phase::NextLocation(p) => p,
            Phase::EffectFetch { player, .. } => player,
            Phase::BattleCards(p) | Phase::BattlePlan(p) => p,
            Phase::Interception => self.active.other(),
            Phase::DuelDefender | Phase::DuelWeapon => self.active.other(),
            Phase::DuelPlay => self.duel.as_ref().map(|d| d.to_act)?,
            _ => self.active,
        })
    }

    /// A battle with no units yet (the caller adds them, then
    /// [`Battle::room_for_plans`]): the last battle's box and vectors when kept.
    pub(crate) fn new_battle(&mut self, attacker: Player, space: Option<Planet>) -> Box<Battle> {
        match self.spare_battle.0.take() {
            Some(mut b) => {
                b.restart(attacker, space);
                b
            }
            None => Box::new(Battle::new(attacker, space, Default::default())),
        }
    }

    /// Keeps an ended battle's box and vectors for the next ([`GameState::new_battle`]).
    pub(crate) fn keep_spare_battle(&mut self, b: Box<Battle>) {
        self.spare_battle.0 = Some(b);
    }

    /// The site on top at the current planet.
    #[inline]
    pub fn site(&self) -> Option<(Planet, u8)> {
        let planet = self.current?;
        let top = *self.planets[planet as usize].locations.last()?;
        self.def(top).location
    }

    pub(crate) fn at(&self, planet: Planet, p: Player) -> &Vec<InPlay> {
        &self.planets[planet as usize].cards[p.index()]
    }

    pub(crate) fn at_mut(&mut self, planet: Planet, p: Player) -> &mut Vec<InPlay> {
        // Whoever takes the list may change it.
        self.zone_versions[planet as usize][p.index()] = fresh_version();
        &mut self.planets[planet as usize].cards[p.index()]
    }

    /// Face-up characters of `p` at the current planet.
    pub(crate) fn face_up_characters(&self, p: Player) -> impl Iterator<Item = CardRef> + '_ {
        let list: &[InPlay] = match self.current {
            Some(planet) => self.at(planet, p),
            None => &[],
        };
        list.iter()
            .filter(|c| c.face_up && self.facts(c.card).kind == super::card_pool::Kind::Character)
            .map(|c| c.card)
    }

    /// Whether a non-diamond card of this persona is in play anywhere for its owner (at any
    /// planet, hidden or not, or at the objective): "can only be in one place at a time".
    pub(crate) fn persona_planet(&self, p: Player, card: CardRef) -> Option<PersonaAt> {
        let def = self.facts(card);
        // `&` rather than `&&`: three compares of facts already read, where each `&&` was a
        // branch on the card (most cards of a zone are of another persona).
        let same = |c: CardRef| {
            let d = self.facts(c);
            (d.kind == def.kind) & !d.diamond() & (d.persona_id == def.persona_id)
        };
        for planet in Planet::ALL {
            if self.at(planet, p).iter().any(|c| same(c.card)) {
                return Some(PersonaAt::Planet(planet));
            }
        }
        let ps = &self.players[p.index()];
        if ps.pilot.into_iter().chain(ps.podracer).any(same) {
            return Some(PersonaAt::Objective);
        }
        None
    }

    // --- mutations shared by the rules ---------------------------------------------------

    /// `p` shows the hand to the opponent (BP-22/BP-53's bonus, BP-28's step action): the
    /// opponent's view shows it until the turn ends, and the event says so, with its size.
    pub(crate) fn reveal_hand(&mut self, p: Player) {
        self.text_state.revealed_hand[p.index()] = true;
        let cards = self.players[p.index()].hand.len().min(u8::MAX as usize) as u8;
        self.emit(Event::HandRevealed { player: p, cards });
    }

    pub(crate) fn emit(&mut self, e: Event) {
        self.known.observe(&e);
        self.log.push(e);
        if self.deck_trace.is_some() {
            let sizes = self
                .draw_deck_lens()
                .map(|n| n.min(u16::MAX as usize) as u16);
            if let Some(t) = &mut self.deck_trace {
                t.push(sizes);
            }
        }
    }

    /// From now on, records both draw decks' sizes ([`GameState::draw_deck_len`]) after
    /// every event, for [`GameState::draw_deck_trace`]. Costs nothing when not asked for.
    pub fn trace_draw_decks(&mut self) {
        self.deck_trace = Some(Vec::new());
    }

    /// Both draw decks' sizes (A's first) after each event handed out since
    /// [`GameState::trace_draw_decks`], one entry per event, in order.
    pub fn draw_deck_trace(&self) -> &[[u16; 2]] {
        self.deck_trace.as_deref().unwrap_or(&[])
    }

    pub(crate) fn end(&mut self, winner: Option<Player>, victory: Victory) -> Ended {
        let result = GameResult {
            winner,
            victory,
            turn: self.turn,
        };
        self.result = Some(result);
        self.phase = Phase::GameOver;
        self.pending.clear();
        self.emit(Event::GameOver(result));
        Ended
    }

    pub(crate) fn shuffle_deck(&mut self, p: Player) {
        let mut deck = std::mem::take(&mut self.players[p.index()].deck);
        self.rng.shuffle(&mut deck);
        self.players[p.index()].deck = deck;
        self.emit(Event::Shuffled(p));
    }

    /// Takes the top card of the draw deck. Lap cards are part of the draw deck and are used,
    /// last played first, once the pile is empty ("Lap Cards"). With neither, `p` has lost
    /// (Deck Victory).
    pub(crate) fn take_top(&mut self, p: Player) -> Result<CardRef, Ended> {
        let ps = &mut self.players[p.index()];
        if let Some(c) = ps.deck.pop() {
            return Ok(c);
        }
        if let Some(c) = ps.laps.pop() {
            self.emit(Event::LapCardTaken { player: p, card: c });
            return Ok(c);
        }
        Err(self.end(Some(p.other()), Victory::Deck))
    }

    /// The cards of `p`'s draw deck for Deck Victory: the pile itself, the lap cards ("these
    /// cards remain a part of your draw deck") and, during a duel, the dueling hand and pile
    /// ("The cards you use when dueling are still considered to be part of draw deck").
    pub fn draw_deck_len(&self, p: Player) -> usize {
        let ps = &self.players[p.index()];
        ps.deck.len() + ps.laps.len() + ps.duel_hand.len() + ps.duel_pile.len()
    }

    pub(crate) fn draw_deck_lens(&self) -> [usize; 2] {
        Player::BOTH.map(|p| self.draw_deck_len(p))
    }

    /// RULINGS.md E1 (a deck victory happens as soon as a draw deck is empty): a player whose draw
    /// deck held cards at `before` and holds none now has lost, as soon as the step that emptied it
    /// is done; if one step emptied both, nobody wins. (A deck that was already empty, which only a
    /// test's hand-built state has, loses when a card must be taken from it.)
    pub(crate) fn check_decks(&mut self, before: [usize; 2]) -> Flow {
        if self.result.is_some() {
            return Ok(());
        }
        let now = self.draw_deck_lens();
        let emptied = Player::BOTH.map(|p| before[p.index()] > 0 && now[p.index()] == 0);
        match emptied {
            [true, true] => Err(self.end(None, Victory::BothDecksEmpty)),
            [true, false] => Err(self.end(Some(Player::B), Victory::Deck)),
            [false, true] => Err(self.end(Some(Player::A), Victory::Deck)),
            [false, false] => Ok(()),
        }
    }

    /// Draws `n` cards to `p`'s hand; the game ends if that empties the draw deck.
    pub(crate) fn draw_to_hand(&mut self, p: Player, n: usize) -> Flow {
        let before = self.draw_deck_lens();
        self.draw_cards(p, n)?;
        self.check_decks(before)
    }

    /// Draws `n` cards to `p`'s hand, leaving the Deck Victory check to the caller.
    pub(crate) fn draw_cards(&mut self, p: Player, n: usize) -> Flow {
        let drew = self.take_cards(p, n)?;
        if drew > 0 {
            self.emit(Event::Drew {
                player: p,
                count: drew,
            });
        }
        Ok(())
    }

    /// Up to `n` cards from the top of the draw deck to the hand, with no event and no check;
    /// stops at the last card (the player has then lost, which the caller's check says).
    /// Returns how many were taken.
    pub(crate) fn take_cards(&mut self, p: Player, n: usize) -> Result<u8, Ended> {
        let had = self.draw_deck_len(p);
        let mut taken = 0u8;
        for _ in 0..n {
            if had > 0 && self.draw_deck_len(p) == 0 {
                break;
            }
            let c = self.take_top(p)?;
            self.players[p.index()].hand.push(c);
            taken = taken.saturating_add(1);
        }
        Ok(taken)
    }

    /// Damage: `n` cards from the top of the draw deck to the discard pile.
    pub(crate) fn damage(&mut self, p: Player, n: u8) -> Flow {
        if n == 0 {
            return Ok(());
        }
        let before = self.draw_deck_lens();
        for _ in 0..n {
            // Damage beyond the last card changes nothing: the deck is empty and `p` has lost.
            if self.draw_deck_len(p) == 0 && before[p.index()] > 0 {
                break;
            }
            let c = self.take_top(p)?;
            self.players[p.index()].discard.push(c);
        }
        // Emitted once the cards are gone, so a play-by-play shows the deck as it is left.
        self.emit(Event::Damage {
            player: p,
            cards: n,
        });
        self.check_decks(before)
    }

    /// Draws destiny: the top card's destiny number (asked of the rules: text may change
    /// it); the card goes to hand ("Put your destiny card in your hand"). Texts are told, and
    /// may stop the game for a decision (a redraw...): the caller adds the value returned to
    /// its total and stops if a decision is pending; a text that changes the number later
    /// changes that total too (`engine::destiny`).
    pub(crate) fn draw_destiny(&mut self, p: Player) -> Result<u8, Ended> {
        let (c, value) = self.take_destiny_card(p)?;
        // A Double Impact card: its owner's half (engine::double_impact).
        let (value, ask_half) = self.drawn_half(p, c, value);
        self.record_destiny(p, c, value);
        self.trigger(super::text::Trigger::DestinyDrawn { player: p, card: c })?;
        if ask_half {
            // Above any prompt the draw's texts pushed: they act on the number chosen.
            self.ask_destiny_half(p, c);
        }
        Ok(value)
    }

    /// The part every destiny draw shares (and all of a draw outside any fight's numbers,
    /// V1-JC-21's guess, whose texts about fight draws are not told): the top card to hand ("Put your destiny card in
    /// your hand"), its number asked of the rules, the draw told to the play-by-play and a
    /// deck emptied by it checked. What the draw counts for, and which texts hear of it, is
    /// the caller's.
    pub(crate) fn take_destiny_card(&mut self, p: Player) -> Result<(CardRef, u8), Ended> {
        let before = self.draw_deck_lens();
        let c = self.take_top(p)?;
        let value = self.destiny_of(p, c);
        self.players[p.index()].hand.push(c);
        self.emit(Event::DestinyDrawn {
            player: p,
            card: c,
            value,
        });
        self.check_decks(before)?;
        Ok((c, value))
    }

    pub(crate) fn remove_from_hand(&mut self, p: Player, card: CardRef) -> bool {
        let hand = &mut self.players[p.index()].hand;
        match hand.iter().position(|&c| c == card) {
            Some(i) => {
                hand.remove(i);
                true
            }
            None => false,
        }
    }

    /// Removes a card from wherever it is at a planet; returns whether it was there.
    pub(crate) fn remove_from_planet(&mut self, planet: Planet, p: Player, card: CardRef) -> bool {
        // Looked for before the list is taken for change (which gives it a new version).
        match self.at(planet, p).iter().position(|c| c.card == card) {
            Some(i) => {
                self.at_mut(planet, p).remove(i);
                self.zones_changed_for(card);
                true
            }
            None => false,
        }
    }

    // --- the invariant -----------------------------------------------------------------------

    /// Every card of the game is in exactly one zone. Returns a description of the first
    /// violation.
    pub fn check_zones(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.card_count()];
        let mut mark = |c: CardRef, zone: &str| -> Result<(), String> {
            let s = seen
                .get_mut(c.index())
                .ok_or_else(|| format!("card {c:?} in {zone} is not a card of this game"))?;
            *s += 1;
            if *s > 1 {
                return Err(format!("card {c:?} is in two zones (second: {zone})"));
            }
            Ok(())
        };
        for p in Player::BOTH {
            let ps = &self.players[p.index()];
            for (zone, list) in [
                ("deck", &ps.deck),
                ("hand", &ps.hand),
                ("discard", &ps.discard),
                ("hyperspace", &ps.hyperspace),
                ("laps", &ps.laps),
                ("duel hand", &ps.duel_hand),
                ("duel pile", &ps.duel_pile),
                ("held", &ps.held),
            ] {
                for &c in list {
                    mark(c, zone)?;
                    if self.owner(c) != p {
                        return Err(format!(
                            "card {c:?} of {:?} is in {p:?}'s {zone}",
                            self.owner(c)
                        ));
                    }
                }
            }
            for c in ps.objective.into_iter().chain(ps.pilot).chain(ps.podracer) {
                mark(c, "objective")?;
            }
        }
        for planet in &self.planets {
            for &c in &planet.locations {
                mark(c, "locations")?;
            }
            for list in &planet.cards {
                for c in list {
                    mark(c.card, "planet")?;
                }
            }
        }
        if let Some(i) = seen.iter().position(|&s| s == 0) {
            return Err(format!("card {:?} is in no zone", CardRef::new(i)));
        }
        // The index of texts in force (`zones_changed`, `zones_changed_for`) is what a full
        // walk of the zones finds.
        if self.listen != super::text::Listen::NONE {
            let walked = self.walk_in_force();
            if self.in_force != walked {
                return Err(format!(
                    "the index of texts in force is stale: {:?}, the zones hold {walked:?}",
                    self.in_force
                ));
            }
        }
        Ok(())
    }
}

/// Where a persona already is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PersonaAt {
    Planet(Planet),
    Objective,
}
