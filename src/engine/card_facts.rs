//! The few printed facts of a card that the legal list and the deploy rules read of every card
//! in hand or in play at each decision (kind, counters, persona, diamond...), packed in 16
//! bytes per card of the game ([`Table::facts`](super::state::Table)). A definition
//! ([`CardDef`]) is several hundred bytes reached through two shared tables; the game's packed
//! facts sit together, so these scans read a small array instead of a definition per card.

use super::card_pool::{CardDef, Kind};
use super::card_traits::Traits;
use crate::catalogue::StarshipClass;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CardFacts {
    pub kind: Kind,
    flags: u8,
    /// The printed deploy cost (`CardDef::counters`).
    pub counters: Option<u8>,
    /// `CardDef::persona_id`.
    pub persona_id: u32,
    /// `CardDef::weapon_key`.
    pub weapon_key: Option<u32>,
}

const DIAMOND: u8 = 1;
const DEPLOYABLE: u8 = 1 << 1;
const EFFECT: u8 = 1 << 2;
const STACKABLE: u8 = 1 << 3;
const PODRACER_PILOT: u8 = 1 << 4;
const PODRACER: u8 = 1 << 5;
const TRANSPORT: u8 = 1 << 6;
const STARFIGHTER: u8 = 1 << 7;

impl CardFacts {
    pub(crate) fn of(d: &CardDef) -> CardFacts {
        let deployable = d.deployable();
        let flags = [
            (d.diamond, DIAMOND),
            (deployable, DEPLOYABLE),
            (d.is_effect(), EFFECT),
            (d.stackable, STACKABLE),
            (d.traits.contains(Traits::PODRACER_PILOT), PODRACER_PILOT),
            (d.traits.contains(Traits::PODRACER), PODRACER),
            (
                deployable && d.starship == Some(StarshipClass::Transport),
                TRANSPORT,
            ),
            (
                deployable && d.starship == Some(StarshipClass::Starfighter),
                STARFIGHTER,
            ),
        ]
        .into_iter()
        .filter(|&(on, _)| on)
        .fold(0, |acc, (_, bit)| acc | bit);
        CardFacts {
            kind: d.kind,
            flags,
            counters: d.counters,
            persona_id: d.persona_id,
            weapon_key: d.weapon_key,
        }
    }

    /// `CardDef::diamond`.
    #[inline]
    pub(crate) fn diamond(self) -> bool {
        self.flags & DIAMOND != 0
    }

    /// [`CardDef::deployable`].
    #[inline]
    pub(crate) fn deployable(self) -> bool {
        self.flags & DEPLOYABLE != 0
    }

    /// [`CardDef::is_effect`].
    #[inline]
    pub(crate) fn is_effect(self) -> bool {
        self.flags & EFFECT != 0
    }

    /// `CardDef::stackable`.
    #[inline]
    pub(crate) fn stackable(self) -> bool {
        self.flags & STACKABLE != 0
    }

    /// A Podracer pilot (its traits).
    #[inline]
    pub(crate) fn podracer_pilot(self) -> bool {
        self.flags & PODRACER_PILOT != 0
    }

    /// A Podracer weapon (its traits).
    #[inline]
    pub(crate) fn podracer(self) -> bool {
        self.flags & PODRACER != 0
    }

    /// A deployable starship of `class` (`GameState::is_class`).
    #[inline]
    pub(crate) fn is_class(self, class: StarshipClass) -> bool {
        let bit = match class {
            StarshipClass::Transport => TRANSPORT,
            StarshipClass::Starfighter => STARFIGHTER,
        };
        self.flags & bit != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Catalogue, CatalogueSource};
    use crate::engine::CardPool;

    #[test]
    fn the_packed_facts_are_the_definitions_for_every_card_of_the_catalogue() {
        let cat = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
        let pool = CardPool::from_catalogue(&cat);
        let mut seen = [false; 8];
        for i in 0..pool.len() {
            let d = pool.get(super::super::card_pool::DefId(i as u16));
            let f = CardFacts::of(d);
            assert_eq!(f.kind, d.kind, "{}", d.name);
            assert_eq!(f.counters, d.counters, "{}", d.name);
            assert_eq!(f.persona_id, d.persona_id, "{}", d.name);
            assert_eq!(f.weapon_key, d.weapon_key, "{}", d.name);
            let flags = [
                (f.diamond(), d.diamond),
                (f.deployable(), d.deployable()),
                (f.is_effect(), d.is_effect()),
                (f.stackable(), d.stackable),
                (
                    f.podracer_pilot(),
                    d.traits.contains(Traits::PODRACER_PILOT),
                ),
                (f.podracer(), d.traits.contains(Traits::PODRACER)),
                (
                    f.is_class(StarshipClass::Transport),
                    d.deployable() && d.starship == Some(StarshipClass::Transport),
                ),
                (
                    f.is_class(StarshipClass::Starfighter),
                    d.deployable() && d.starship == Some(StarshipClass::Starfighter),
                ),
            ];
            for (k, (packed, def)) in flags.into_iter().enumerate() {
                assert_eq!(packed, def, "flag {k} of {}", d.name);
                seen[k] |= def;
            }
        }
        // Every flag is set for some card, so none is compared only while false.
        assert_eq!(seen, [true; 8]);
    }
}
