//! The line-ups the agent sized up earlier ([`Ctx::ground`](super::eval::Ctx::ground)), kept
//! from one decision to the next and reused while nothing they read has changed: the same
//! cards seen at the same planet and site, and the same engine state key (`engine::state_key`:
//! it stands only while no text in force, nor any lasting effect, can change a number of a
//! fight). About
//! half the line-ups an agent asks for in a turn are the one it asked for last for that side
//! (its own deploys elsewhere, the steps of a battle, the end of its turn).
//!
//! A line-up holding a card whose own text listens to a number of a fight is not kept: such a text may
//! read anything while the key stands. Debug builds check every reuse against a fresh
//! line-up (`Ctx::ground`), so a key that missed a change fails the tests.

use std::cell::RefCell;

use super::eval::Fighter;
use crate::catalogue::Planet;
use crate::engine::{Player, PlayerView, Seen};

/// One line-up and what it was read from; `key` None: nothing kept.
#[derive(Default)]
struct Lineup {
    key: Option<u64>,
    viewer: Option<Player>,
    planet: Option<Planet>,
    site: Option<(Planet, u8)>,
    /// The side's cards at the planet as the viewer saw them, in the zone's order.
    seen: Vec<Seen>,
    fighters: Vec<Fighter>,
    unseen: usize,
}

/// The last line-up of each side, with and without the viewer's hidden cards.
#[derive(Default)]
pub(super) struct Lineups {
    slots: RefCell<[Lineup; 4]>,
}

fn slot(p: Player, hidden: bool) -> usize {
    p.index() * 2 + usize::from(hidden)
}

impl Lineups {
    /// The line-up of `p` at `planet` kept from earlier, if nothing it read has changed.
    pub fn get(
        &self,
        view: &PlayerView,
        planet: Planet,
        p: Player,
        hidden: bool,
    ) -> Option<(Vec<Fighter>, usize)> {
        let key = view.state_key()?;
        let slots = self.slots.borrow();
        let l = &slots[slot(p, hidden)];
        let same = l.key == Some(key)
            && l.viewer == Some(view.player())
            && l.planet == Some(planet)
            && l.site == view.site()
            && view
                .seen_at(planet, p)
                .map(|(s, _)| s)
                .eq(l.seen.iter().copied());
        same.then(|| (l.fighters.clone(), l.unseen))
    }

    /// Keeps `lineup`, the line-up of `p` at `planet` just sized up, unless the state key is
    /// not handed out (a text in force changes numbers of a fight) or a card of the side has
    /// text of its own that changes them.
    pub fn put(
        &self,
        view: &PlayerView,
        planet: Planet,
        p: Player,
        hidden: bool,
        lineup: &(Vec<Fighter>, usize),
    ) {
        let mut slots = self.slots.borrow_mut();
        let l = &mut slots[slot(p, hidden)];
        l.key = None;
        let Some(key) = view.state_key() else {
            return;
        };
        if view.fight_texts_at(planet, p) {
            return;
        }
        // The slot's vectors are reused.
        l.key = Some(key);
        l.viewer = Some(view.player());
        l.planet = Some(planet);
        l.site = view.site();
        l.seen.clear();
        l.seen.extend(view.seen_at(planet, p).map(|(s, _)| s));
        l.fighters.clear();
        l.fighters.extend_from_slice(&lineup.0);
        l.unseen = lineup.1;
    }
}
