//! A small position builder for scenario tests: fixture cards (built here, not read from the
//! catalogue, so tests do not move when the catalogue's facts are corrected) placed in chosen
//! zones, and a game state in a chosen phase. Test-only (compiled under `cfg(test)`): a game
//! starts through `GameState::new`. Like an unvalidated chess setup that becomes a position
//! only through validation, [`Builder::try_build`] refuses a position the rules cannot reach
//! (cards in zones they cannot be in, a phase without the planet or sub-state it is played
//! in) and names every problem; [`Builder::build`] panics with them.

use std::sync::Arc;

use super::card_pool::{CardPool, DefId};
use super::player::{CardRef, Player};
use super::state::{GameOptions, GameState, InPlay, Phase, PlanetStatus, Table, TurnState};
use crate::catalogue::{Card, CardType, Planet, Power, Rarity, Set, Side, StarshipClass, UseLine};

/// Fixture cards.
pub mod fx {
    use super::*;

    /// A card of `kind` with every fact known and small.
    pub fn card(title: &str, kind: CardType) -> Card {
        Card {
            id: format!("FX-{}", title.replace(' ', "-")),
            set: Set::DM,
            number: "1".into(),
            gemp_id: None,
            title: title.into(),
            subtitle: String::new(),
            side: Side::Light,
            card_type: kind,
            starship_class: None,
            rarity: Rarity::Common,
            dots: None,
            diamond: Some(false),
            stackable: Some(true),
            counters: Some(1),
            power: None,
            planet: None,
            bonus: None,
            damage: None,
            destiny: Some(1),
            counters2: None,
            destiny2: None,
            uses: Vec::new(),
            replaces: None,
            traits: Vec::new(),
            ability: None,
            checked: true,
        }
    }

    /// A character: `power`, `damage`, `destiny`, no location bonus.
    pub fn character(title: &str, subtitle: &str, power: u8, damage: u8, destiny: u8) -> Card {
        Card {
            subtitle: subtitle.into(),
            power: Some(Power::Value(power)),
            damage: Some(damage),
            destiny: Some(destiny),
            ..card(title, CardType::Character)
        }
    }

    /// Adds printed location bonuses.
    pub fn bonus(mut c: Card, planet: Planet, bonus: [u8; 3]) -> Card {
        c.planet = Some(planet);
        c.bonus = Some(bonus);
        c
    }

    pub fn diamond(mut c: Card) -> Card {
        c.diamond = Some(true);
        c.stackable = Some(false);
        c
    }

    fn lines(uses: &[(&str, u8, u8)]) -> Vec<UseLine> {
        uses.iter()
            .map(|(who, dots, cubes)| UseLine {
                who: who.to_string(),
                dots: Some(*dots),
                cubes: Some(*cubes),
            })
            .collect()
    }

    /// A weapon with use lines `(who, dots, cubes)`.
    pub fn weapon(title: &str, uses: &[(&str, u8, u8)]) -> Card {
        Card {
            uses: lines(uses),
            diamond: Some(true),
            stackable: Some(false),
            destiny: Some(3),
            ..card(title, CardType::Weapon)
        }
    }

    pub fn battle(title: &str, uses: &[(&str, u8, u8)]) -> Card {
        Card {
            uses: lines(uses),
            counters: None,
            destiny: Some(4),
            ..card(title, CardType::Battle)
        }
    }

    /// A card that only matters for its destiny number (a battle card with no use line).
    pub fn destiny(value: u8) -> Card {
        Card {
            destiny: Some(value),
            counters: None,
            ..card(&format!("Destiny {value}"), CardType::Battle)
        }
    }

    pub fn effect(title: &str, counters: u8) -> Card {
        Card {
            counters: Some(counters),
            ..card(title, CardType::Effect)
        }
    }

    /// `Planet • Site`, site index as in `Planet::sites`.
    pub fn location(planet: Planet, site: usize) -> Card {
        Card {
            planet: Some(planet),
            counters: None,
            ..card(
                &format!("{} • {}", planet.as_str(), planet.sites()[site]),
                CardType::Location,
            )
        }
    }

    pub fn starship(title: &str, class: StarshipClass, power: u8, damage: u8) -> Card {
        Card {
            starship_class: Some(class),
            power: Some(Power::Value(power)),
            damage: Some(damage),
            counters: None,
            diamond: Some(true),
            ..card(title, CardType::Starship)
        }
    }

    pub fn boonta() -> Card {
        Card {
            counters: None,
            destiny: None,
            ..card("Boonta Eve Classic", CardType::Objective)
        }
    }
}

/// Where the builder puts a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    /// The draw deck; cards added first are on top.
    Deck,
    Hand,
    Discard,
    At(Planet, bool),
    Location(Planet),
    Hyperspace,
    Objective,
    Pilot,
    Podracer,
}

pub struct Builder {
    cards: Vec<Card>,
    place: Vec<(Player, Zone)>,
    /// Every planet `current` was called with, in order (more than one is a problem).
    current: Vec<Planet>,
    controlled: Vec<(Planet, Player)>,
    phase: Phase,
    active: Player,
    options: GameOptions,
    seed: u64,
    hidden: bool,
}

impl Default for Builder {
    fn default() -> Self {
        Builder::new()
    }
}

impl Builder {
    pub fn new() -> Builder {
        Builder {
            cards: Vec::new(),
            place: Vec::new(),
            current: Vec::new(),
            controlled: Vec::new(),
            phase: Phase::Deploy,
            active: Player::A,
            options: GameOptions::default(),
            seed: 1,
            hidden: false,
        }
    }

    pub fn add(&mut self, p: Player, card: Card, zone: Zone) -> CardRef {
        self.cards.push(card);
        self.place.push((p, zone));
        CardRef::new(self.cards.len() - 1)
    }

    /// Adds `n` filler cards of destiny `value` to the bottom of `p`'s deck.
    pub fn deck_filler(&mut self, p: Player, value: u8, n: usize) {
        for _ in 0..n {
            self.add(p, fx::destiny(value), Zone::Deck);
        }
    }

    /// The current planet, with this location on top.
    pub fn current(&mut self, planet: Planet, site: usize) -> CardRef {
        if !self.current.contains(&planet) {
            self.current.push(planet);
        }
        self.add(
            Player::A,
            fx::location(planet, site),
            Zone::Location(planet),
        )
    }

    pub fn controlled(&mut self, planet: Planet, by: Player) {
        self.controlled.push((planet, by));
    }

    pub fn phase(&mut self, phase: Phase, active: Player) {
        self.phase = phase;
        self.active = active;
    }

    /// The active player's deploys this turn are hidden (first turn at the planet).
    pub fn hidden_turn(&mut self) {
        self.hidden = true;
    }

    pub fn options(&mut self, options: GameOptions) {
        self.options = options;
    }

    pub fn seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The position, or the test's mistake: panics naming every problem [`Builder::try_build`]
    /// finds.
    pub fn build(self) -> GameState {
        match self.try_build() {
            Ok(g) => g,
            Err(problems) => panic!("the builder cannot build this position: {problems}"),
        }
    }

    /// The position, once it is one the rules can reach; otherwise every problem found.
    pub fn try_build(self) -> Result<GameState, Problems> {
        let problems = self.problems();
        if !problems.is_empty() {
            return Err(Problems(problems));
        }
        Ok(self.assemble())
    }

    /// What makes this position one the rules cannot reach, in the order it was found.
    fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let current = self.current.first().copied();
        if let [first, second, ..] = self.current[..] {
            out.push(Problem::TwoCurrentPlanets(first, second));
        }
        for (i, &(planet, _)) in self.controlled.iter().enumerate() {
            if self.controlled[..i].iter().any(|&(p, _)| p == planet) {
                out.push(Problem::ControlledTwice(planet));
            }
            if self.current.contains(&planet) {
                out.push(Problem::CurrentAndControlled(planet));
            }
        }
        out.extend(self.phase_problems(current));
        out.extend(self.zone_problems());
        out
    }

    fn phase_problems(&self, current: Option<Planet>) -> Vec<Problem> {
        let phase = self.phase;
        let mut out = Vec::new();
        let turn_phase = matches!(
            phase,
            Phase::Deploy
                | Phase::BattleStep
                | Phase::EvenUp
                | Phase::EvenUpDiscard
                | Phase::EndOfTurn
        );
        match phase {
            Phase::DeckSearch { .. }
            | Phase::Interception
            | Phase::DuelDefender
            | Phase::DuelWeapon
            | Phase::DuelPlay
            | Phase::BattleCards(_)
            | Phase::BattlePlan(_)
            | Phase::Fights
            | Phase::GameOver => out.push(Problem::Unbuildable(phase)),
            // "Take any Location card from your deck and put it on the table as the starting
            // location": nothing is on the table yet, and the first player chooses it.
            Phase::StartingLocation(p) => {
                if let Some(planet) = current {
                    out.push(Problem::PlanetTooSoon(phase, planet));
                }
                if !self.controlled.is_empty() || self.placed(|z| matches!(z, Zone::Location(_))) {
                    out.push(Problem::TableNotEmpty);
                }
                if p != self.active {
                    out.push(Problem::NotActive(phase, self.active));
                }
            }
            // A planet was just won (turn.rs `end_turn`): none is current until the next
            // location is chosen.
            Phase::NextLocation(_) => {
                if let Some(planet) = current {
                    out.push(Problem::PlanetTooSoon(phase, planet));
                }
                if self.controlled.is_empty() {
                    out.push(Problem::NoPlanetWon);
                }
            }
            Phase::EffectFetch { player, next } => {
                if current.is_none() {
                    out.push(Problem::NoCurrentPlanet(phase));
                }
                if next.is_some_and(|n| n != player.other()) {
                    out.push(Problem::FetchTwice(player));
                }
            }
            _ if current.is_none() => out.push(Problem::NoCurrentPlanet(phase)),
            _ => {}
        }
        if self.hidden && !turn_phase {
            out.push(Problem::HiddenOutsideTurn(phase));
        }
        out
    }

    fn zone_problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        for (i, (card, &(p, zone))) in self.cards.iter().zip(&self.place).enumerate() {
            let kind = card.card_type;
            let fits = match zone {
                Zone::Location(planet) => kind == CardType::Location && card.planet == Some(planet),
                Zone::At(..) => !matches!(kind, CardType::Location | CardType::Objective),
                Zone::Objective => kind == CardType::Objective,
                // "one Podracer pilot and one Podracer Weapon card to your Boonta Eve Classic
                // Objective card".
                Zone::Pilot => kind == CardType::Character,
                Zone::Podracer => kind == CardType::Weapon,
                Zone::Deck | Zone::Hand | Zone::Discard | Zone::Hyperspace => true,
            };
            if !fits {
                out.push(Problem::WrongZone {
                    card: i,
                    title: card.title.clone(),
                    zone,
                });
            }
            let single = matches!(zone, Zone::Objective | Zone::Pilot | Zone::Podracer);
            if single && self.place[..i].contains(&(p, zone)) {
                out.push(Problem::TwoInZone(p, zone));
            }
            if matches!(zone, Zone::Pilot | Zone::Podracer)
                && !self.place.contains(&(p, Zone::Objective))
            {
                out.push(Problem::NoObjective(p, zone));
            }
        }
        out
    }

    fn placed(&self, zone: impl Fn(Zone) -> bool) -> bool {
        self.place.iter().any(|&(_, z)| zone(z))
    }

    fn assemble(self) -> GameState {
        let pool = Arc::new(CardPool::from_cards(&self.cards));
        let table = Arc::new(Table::new(
            pool,
            self.place
                .iter()
                .enumerate()
                .map(|(i, (p, _))| (*p, DefId(i as u16)))
                .collect(),
        ));
        let mut g = GameState::empty(table, self.options, self.seed);
        for (i, &(p, zone)) in self.place.iter().enumerate() {
            let c = CardRef::new(i);
            let ps = &mut g.players[p.index()];
            match zone {
                Zone::Deck => ps.deck.insert(0, c),
                Zone::Hand => ps.hand.push(c),
                Zone::Discard => ps.discard.push(c),
                Zone::Hyperspace => ps.hyperspace.push(c),
                Zone::Objective => ps.objective = Some(c),
                Zone::Pilot => ps.pilot = Some(c),
                Zone::Podracer => ps.podracer = Some(c),
                Zone::Location(planet) => g.planets[planet as usize].locations.push(c),
                Zone::At(planet, face_up) => {
                    g.planets[planet as usize].cards[p.index()].push(InPlay { card: c, face_up })
                }
            }
        }
        for (planet, by) in self.controlled {
            g.planets[planet as usize].status = PlanetStatus::Controlled {
                by,
                surrendered: false,
            };
        }
        if let Some(&planet) = self.current.first() {
            g.current = Some(planet);
            let pl = &mut g.planets[planet as usize];
            pl.status = PlanetStatus::Current;
            // Both players have had turns here, but for a hidden turn, which is the active
            // player's first (turn.rs `start_turn`).
            pl.turns = [2, 2];
            if self.hidden {
                pl.turns[self.active.index()] = 1;
            }
        }
        g.turn = 5;
        g.active = self.active;
        g.phase = self.phase;
        // The player who put the location into play fetches first and takes the turn
        // (turn.rs `starting_location`, `next_location`).
        if let Phase::EffectFetch { player, next } = self.phase {
            g.next_turn = if next.is_some() {
                player
            } else {
                player.other()
            };
        }
        g.ts = TurnState {
            hidden: self.hidden,
            podrace_open: true,
            ..TurnState::default()
        };
        g.zones_changed();
        g
    }
}

/// One reason a position cannot be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A phase with a sub-state (battle, duel, deck search, evacuation, result) the builder
    /// does not build.
    Unbuildable(Phase),
    /// A phase played at the current planet, with none set.
    NoCurrentPlanet(Phase),
    /// A phase in which no planet is current yet.
    PlanetTooSoon(Phase, Planet),
    TwoCurrentPlanets(Planet, Planet),
    CurrentAndControlled(Planet),
    ControlledTwice(Planet),
    /// The starting location is to be chosen, but a location or planet is already in play.
    TableNotEmpty,
    /// The next location is to be chosen, but no planet has been won.
    NoPlanetWon,
    /// The phase's player is not the active player.
    NotActive(Phase, Player),
    /// An Effect fetch whose second fetcher is the first one again.
    FetchTwice(Player),
    /// Hidden deploys outside a turn.
    HiddenOutsideTurn(Phase),
    /// A card in a zone its type cannot be in (`card`: its index, as `CardRef::new`).
    WrongZone {
        card: usize,
        title: String,
        zone: Zone,
    },
    /// Two cards in a zone of one card.
    TwoInZone(Player, Zone),
    /// A pilot or Podracer with no objective to be at.
    NoObjective(Player, Zone),
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Unbuildable(phase) => write!(
                f,
                "phase {phase:?} needs a battle, duel, deck search, evacuation or result the \
                 builder does not build: build an earlier phase and play to it"
            ),
            Problem::NoCurrentPlanet(phase) => {
                write!(
                    f,
                    "phase {phase:?} is played at a current planet: call `current`"
                )
            }
            Problem::PlanetTooSoon(phase, planet) => {
                write!(
                    f,
                    "in phase {phase:?} no planet is current yet, but {planet:?} is"
                )
            }
            Problem::TwoCurrentPlanets(a, b) => {
                write!(f, "two current planets: {a:?} and {b:?}")
            }
            Problem::CurrentAndControlled(planet) => {
                write!(f, "{planet:?} is both the current planet and controlled")
            }
            Problem::ControlledTwice(planet) => write!(f, "{planet:?} is controlled twice"),
            Problem::TableNotEmpty => write!(
                f,
                "the starting location is to be chosen, but a location or planet is in play"
            ),
            Problem::NoPlanetWon => {
                write!(
                    f,
                    "the next location is to be chosen, but no planet is controlled"
                )
            }
            Problem::NotActive(phase, active) => {
                write!(
                    f,
                    "phase {phase:?} is not {active:?}'s, the active player's"
                )
            }
            Problem::FetchTwice(p) => {
                write!(
                    f,
                    "{p:?} fetches an Effect, then {p:?} again instead of the other"
                )
            }
            Problem::HiddenOutsideTurn(phase) => {
                write!(
                    f,
                    "a hidden turn in phase {phase:?}, which is no step of a turn"
                )
            }
            Problem::WrongZone { card, title, zone } => {
                write!(f, "card {card} ({title}) cannot be in zone {zone:?}")
            }
            Problem::TwoInZone(p, zone) => write!(f, "{p:?} has two cards in zone {zone:?}"),
            Problem::NoObjective(p, zone) => {
                write!(f, "{p:?} has a card in zone {zone:?} but no objective")
            }
        }
    }
}

/// Every problem of a position, in the order found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl std::fmt::Display for Problems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{A, B};

    fn problems(b: Builder) -> Vec<Problem> {
        match b.try_build() {
            Ok(_) => Vec::new(),
            Err(Problems(p)) => p,
        }
    }

    /// A's Deploy step at Naboo, each deck with a card.
    fn at_naboo() -> Builder {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.deck_filler(A, 1, 1);
        b.deck_filler(B, 1, 1);
        b
    }

    #[test]
    fn every_phase_a_position_can_start_in_builds() {
        for phase in [
            Phase::Deploy,
            Phase::BattleStep,
            Phase::EvenUp,
            Phase::EvenUpDiscard,
            Phase::EndOfTurn,
            Phase::EffectFetch {
                player: A,
                next: Some(B),
            },
        ] {
            let mut b = at_naboo();
            b.phase(phase, A);
            assert_eq!(problems(b), [], "{phase:?}");
        }
        let mut b = Builder::new();
        b.phase(Phase::StartingLocation(B), B);
        b.add(B, fx::location(Planet::Naboo, 0), Zone::Deck);
        assert_eq!(problems(b), []);
        let mut b = Builder::new();
        b.controlled(Planet::Naboo, A);
        b.phase(Phase::NextLocation(B), A);
        assert_eq!(problems(b), []);
    }

    #[test]
    fn phases_with_a_sub_state_are_refused() {
        for phase in [
            Phase::DeckSearch { searching: false },
            Phase::Interception,
            Phase::DuelDefender,
            Phase::DuelWeapon,
            Phase::DuelPlay,
            Phase::BattleCards(A),
            Phase::BattlePlan(B),
            Phase::Fights,
            Phase::GameOver,
        ] {
            let mut b = at_naboo();
            b.phase(phase, A);
            assert_eq!(problems(b), [Problem::Unbuildable(phase)]);
        }
    }

    #[test]
    fn the_planets_must_fit_the_phase() {
        let mut b = Builder::new();
        b.phase(Phase::EndOfTurn, A);
        assert_eq!(problems(b), [Problem::NoCurrentPlanet(Phase::EndOfTurn)]);

        let mut b = at_naboo();
        b.current(Planet::Tatooine, 1);
        b.controlled(Planet::Naboo, B);
        b.controlled(Planet::Naboo, A);
        assert_eq!(
            problems(b),
            [
                Problem::TwoCurrentPlanets(Planet::Naboo, Planet::Tatooine),
                Problem::CurrentAndControlled(Planet::Naboo),
                Problem::ControlledTwice(Planet::Naboo),
                Problem::CurrentAndControlled(Planet::Naboo),
            ]
        );

        // Two locations on one current planet are a stack, not two planets.
        let mut b = at_naboo();
        b.current(Planet::Naboo, 1);
        assert_eq!(problems(b), []);

        let start = Phase::StartingLocation(A);
        let mut b = at_naboo();
        b.phase(start, B);
        assert_eq!(
            problems(b),
            [
                Problem::PlanetTooSoon(start, Planet::Naboo),
                Problem::TableNotEmpty,
                Problem::NotActive(start, B),
            ]
        );

        let next = Phase::NextLocation(A);
        let mut b = at_naboo();
        b.phase(next, B);
        assert_eq!(
            problems(b),
            [
                Problem::PlanetTooSoon(next, Planet::Naboo),
                Problem::NoPlanetWon
            ]
        );
    }

    #[test]
    fn an_effect_fetch_passes_to_the_other_player_and_sets_who_takes_the_turn() {
        let mut b = at_naboo();
        b.phase(
            Phase::EffectFetch {
                player: A,
                next: Some(A),
            },
            A,
        );
        assert_eq!(problems(b), [Problem::FetchTwice(A)]);
        // The one who fetches first put the location into play and takes the turn.
        for (player, next, turn) in [(B, Some(A), B), (B, None, A), (A, None, B)] {
            let mut b = at_naboo();
            b.phase(Phase::EffectFetch { player, next }, A);
            assert_eq!(b.build().next_turn, turn);
        }
    }

    #[test]
    fn a_hidden_turn_is_the_active_players_first_turn_at_the_planet() {
        let mut b = at_naboo();
        b.phase(
            Phase::EffectFetch {
                player: A,
                next: None,
            },
            A,
        );
        b.hidden_turn();
        assert_eq!(
            problems(b),
            [Problem::HiddenOutsideTurn(Phase::EffectFetch {
                player: A,
                next: None
            })]
        );
        let mut b = at_naboo();
        b.phase(Phase::Deploy, B);
        b.hidden_turn();
        let g = b.build();
        assert!(g.ts.hidden);
        assert_eq!(g.planet(Planet::Naboo).turns, [2, 1]);
    }

    #[test]
    fn cards_must_fit_their_zones() {
        let mut b = at_naboo();
        b.add(
            A,
            fx::location(Planet::Tatooine, 0),
            Zone::Location(Planet::Naboo),
        );
        b.add(A, fx::destiny(3), Zone::Objective);
        b.add(
            B,
            fx::location(Planet::Naboo, 1),
            Zone::At(Planet::Naboo, true),
        );
        b.add(B, fx::weapon("W", &[]), Zone::Pilot);
        b.add(B, fx::character("C", "", 1, 1, 1), Zone::Podracer);
        let title = |planet: Planet, site: usize| fx::location(planet, site).title;
        assert_eq!(
            problems(b),
            [
                Problem::WrongZone {
                    card: 3,
                    title: title(Planet::Tatooine, 0),
                    zone: Zone::Location(Planet::Naboo)
                },
                Problem::WrongZone {
                    card: 4,
                    title: "Destiny 3".into(),
                    zone: Zone::Objective
                },
                Problem::WrongZone {
                    card: 5,
                    title: title(Planet::Naboo, 1),
                    zone: Zone::At(Planet::Naboo, true)
                },
                Problem::WrongZone {
                    card: 6,
                    title: "W".into(),
                    zone: Zone::Pilot
                },
                Problem::NoObjective(B, Zone::Pilot),
                Problem::WrongZone {
                    card: 7,
                    title: "C".into(),
                    zone: Zone::Podracer
                },
                Problem::NoObjective(B, Zone::Podracer),
            ]
        );

        let mut b = at_naboo();
        b.add(A, fx::boonta(), Zone::Objective);
        b.add(A, fx::boonta(), Zone::Objective);
        b.add(A, fx::character("P", "", 1, 1, 1), Zone::Pilot);
        b.add(A, fx::weapon("R", &[]), Zone::Podracer);
        assert_eq!(problems(b), [Problem::TwoInZone(A, Zone::Objective)]);
    }

    #[test]
    #[should_panic(
        expected = "the builder cannot build this position: phase EndOfTurn is \
                               played at a current planet: call `current`; card 0 (Destiny 3) \
                               cannot be in zone Objective"
    )]
    fn build_names_every_problem() {
        let mut b = Builder::new();
        b.phase(Phase::EndOfTurn, A);
        b.add(A, fx::destiny(3), Zone::Objective);
        b.build();
    }
}
