//! A small position builder for scenario tests: fixture cards (built here, not read from the
//! catalogue, so tests do not move when the catalogue's facts are corrected) placed in chosen
//! zones, and a game state in a chosen phase.

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
    current: Option<Planet>,
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
            current: None,
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
        self.current = Some(planet);
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

    pub fn build(self) -> GameState {
        let pool = Arc::new(CardPool::from_cards(&self.cards));
        let table = Arc::new(Table {
            pool,
            cards: self
                .place
                .iter()
                .enumerate()
                .map(|(i, (p, _))| (*p, DefId(i as u16)))
                .collect(),
        });
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
        if let Some(planet) = self.current {
            g.current = Some(planet);
            let pl = &mut g.planets[planet as usize];
            pl.status = PlanetStatus::Current;
            pl.turns = [2, 2];
        }
        g.turn = 5;
        g.active = self.active;
        g.phase = self.phase;
        g.ts = TurnState {
            hidden: self.hidden,
            podrace_open: true,
            ..TurnState::default()
        };
        g.zones_changed();
        g
    }
}
