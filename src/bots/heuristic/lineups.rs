//! The line-ups the agent sized up earlier ([`Ctx::ground`](super::eval::Ctx::ground)), kept
//! from one decision to the next and reused while nothing they read has changed. While the
//! numbers of a fight are the rules' values from printed facts and place
//! (`PlayerView::fight_numbers_printed`: no face-up text in force nor lasting effect changes
//! one), a line-up depends only on the side's cards at the planet as the viewer sees them,
//! the planet and its site: when those are as they were (the zone's version,
//! `PlayerView::zone_version`, and the site), the line-up is. About half the
//! line-ups an agent asks for are the one it asked for last for that side (its deploys
//! elsewhere, the steps of a battle, the end of its turn).
//!
//! Nothing is kept while a text in force or a lasting effect changes such a number, nor a
//! line-up holding a card whose own text listens to one (such a text may read anything).
//! Debug builds check every reuse against a fresh line-up (`Ctx::ground`), so a reuse that
//! missed a change fails the tests.

use std::cell::RefCell;

use super::eval::Fighter;
use crate::catalogue::Planet;
use crate::engine::{Player, PlayerView, Seen};

/// One line-up and what it was read from; `planet` None: nothing kept.
#[derive(Default)]
struct Lineup {
    viewer: Option<Player>,
    planet: Option<Planet>,
    site: Option<(Planet, u8)>,
    /// The version of the side's cards at the planet.
    version: u64,
    fighters: Vec<Fighter>,
    unseen: usize,
}

/// The last line-up of each side, with and without the viewer's hidden cards (either serves
/// for the viewer's side while it has no card face down).
#[derive(Default)]
pub(super) struct Lineups {
    slots: RefCell<[Lineup; 4]>,
}

fn slot(p: Player, hidden: bool) -> usize {
    p.index() * 2 + usize::from(hidden)
}

impl Lineups {
    /// Forgets every line-up kept; their vectors stay, for another agent to fill
    /// (`HeuristicAgent::new` takes a dropped agent's).
    pub fn forget(&mut self) {
        for l in self.slots.get_mut() {
            l.planet = None;
        }
    }

    /// The line-up of `p` at `planet` kept from earlier, if nothing it read has changed:
    /// its fighters appended to `out`, and its unseen cards returned. `site` is the site as
    /// the caller read it from `view` (once a decision).
    pub fn get_into(
        &self,
        view: &PlayerView,
        planet: Planet,
        site: Option<(Planet, u8)>,
        p: Player,
        hidden: bool,
        out: &mut Vec<Fighter>,
    ) -> Option<usize> {
        if !view.fight_numbers_printed() {
            return None;
        }
        let slots = self.slots.borrow();
        let current = |l: &Lineup| {
            l.planet == Some(planet)
                && l.viewer == Some(view.player())
                && l.version == view.zone_version(planet, p)
                && l.site == site
        };
        let l = &slots[slot(p, hidden)];
        let l = if current(l) {
            l
        } else {
            // The viewer's own side with none of its cards face down: with or without its
            // hidden cards it is the same line-up (the viewer sees every card of its own, so
            // none is unseen either), and the other slot may hold it.
            let other = &slots[slot(p, !hidden)];
            let all_face_up = || {
                view.seen_at(planet, p)
                    .all(|(seen, _)| matches!(seen, Seen::Card { face_up: true, .. }))
            };
            if p != view.player() || !current(other) || !all_face_up() {
                return None;
            }
            other
        };
        out.extend_from_slice(&l.fighters);
        Some(l.unseen)
    }

    /// Keeps `lineup`, the line-up of `p` at `planet` (and `site`, as for
    /// [`Lineups::get_into`]) just sized up, unless a text in force or a lasting effect
    /// changes numbers of a fight, or a card of the side has text of its own that does.
    #[allow(clippy::too_many_arguments)]
    pub fn put(
        &self,
        view: &PlayerView,
        planet: Planet,
        site: Option<(Planet, u8)>,
        p: Player,
        hidden: bool,
        fighters: &[Fighter],
        unseen: usize,
    ) {
        let mut slots = self.slots.borrow_mut();
        let l = &mut slots[slot(p, hidden)];
        l.planet = None;
        if !view.fight_numbers_printed() || view.fight_texts_at(planet, p) {
            return;
        }
        // The slot's vectors are reused.
        l.planet = Some(planet);
        l.viewer = Some(view.player());
        l.site = site;
        l.version = view.zone_version(planet, p);
        l.fighters.clear();
        l.fighters.extend_from_slice(fighters);
        l.unseen = unseen;
    }
}
