//! Determinization: a full game state drawn at random among those a player cannot tell from
//! the real one (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree
//! Search"). Search agents plan on such states, so they never read what their
//! [`PlayerView`] hides.
//!
//! What the viewer is taken to know (README, Development: "Hidden information";
//! RULINGS.md R2):
//! - both deck lists (a playtest plays decks its user chose), so the opponent's unseen cards
//!   are the opponent's cards not in a public zone;
//! - every public zone, and the discard piles whole: every card reaches a discard pile face
//!   up in front of both players, and remembering them is not looking through the pile;
//! - the cards of the opponent's hand it has seen go there ([`Known`]: fetched Effects,
//!   destiny draws, any card the events name as revealed), until the opponent moves an unnamed
//!   card from hand to a hidden place (a hidden deploy, battle cards declared), after which it
//!   could be any of them and all of that hand is unknown again;
//! - the number of cards in every zone, the kind of each held card the rules make public
//!   (battle cards are declared by number, and only battle cards are held that way).
//!
//! Everything else is drawn afresh: the opponent's hand (its unknown part), dueling hand,
//! declared battle cards not yet read in a fight, the order of the opponent's battle plan not
//! yet read, hidden cards at planets (each a card that could lie face down there),
//! both draw decks' order, and the game's random generator. The sample depends on nothing but
//! what the viewer knows and the seed: the hidden cards are gathered as a set, in card order,
//! before they are shuffled and dealt.

use super::card_pool::Kind;
use super::event::Event;
use super::player::{CardRef, Player};
use super::rng::GameRng;
use super::state::{GameState, Phase};
use super::view::PlayerView;
use crate::catalogue::Planet;

/// The cards of each player's hand that player's opponent has seen go there.
#[derive(Debug, Clone, Default)]
pub(crate) struct Known {
    hand: [Vec<CardRef>; 2],
}

impl Known {
    /// The cards of `p`'s hand its opponent has seen go there (some may have left since, in
    /// plain sight).
    pub(crate) fn hand(&self, p: Player) -> &[CardRef] {
        &self.hand[p.index()]
    }

    /// Reads one event as the opponent of its player sees it.
    pub(crate) fn observe(&mut self, e: &Event) {
        match *e {
            Event::EffectFetched { player, card }
            | Event::TookIntoHand {
                player,
                card: Some(card),
            }
            | Event::DestinyDrawn { player, card, .. }
            | Event::Revealed { player, card } => {
                let list = &mut self.hand[player.index()];
                if !list.contains(&card) {
                    list.push(card);
                }
            }
            // An unnamed card left the hand for a hidden place: any seen card may be it.
            Event::Deployed {
                player,
                hidden: true,
                ..
            } => self.hand[player.index()].clear(),
            Event::BattleCardsDeclared { player, count } if count > 0 => {
                self.hand[player.index()].clear()
            }
            _ => {}
        }
    }
}

impl PlayerView<'_> {
    /// A full game state drawn at random among those this player cannot tell from the real
    /// one (see the module documentation), for a search agent to play out. The same view and
    /// seed always give the same state, whatever the hidden cards really are.
    pub fn sample_state(&self, seed: u64) -> GameState {
        self.state().determinize(self.player(), seed)
    }
}

/// Where a hidden card of the opponent lies, and what may be dealt there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// Face down at a planet: a card that could have been deployed there hidden.
    FaceDown(Planet),
    /// A battle card taken from hand for the battle in progress.
    HeldBattle,
}

impl GameState {
    fn determinize(&self, viewer: Player, seed: u64) -> GameState {
        let mut rng = GameRng::new(seed);
        let mut g = self.clone();
        let opp = viewer.other();
        // The opponent's hidden cards at the planets change below.
        for versions in &mut g.zone_versions {
            versions[opp.index()] = super::state::fresh_version();
        }
        let o = opp.index();

        // The opponent's hidden cards, taken out of their places, which are remembered.
        let seen_in_hand: Vec<CardRef> = self
            .known
            .hand(opp)
            .iter()
            .copied()
            .filter(|c| self.players[o].hand.contains(c))
            .collect();
        let mut pool: Vec<CardRef> = Vec::new();
        let ps = &mut g.players[o];
        let hand_slots = ps.hand.len() - seen_in_hand.len();
        pool.extend(ps.hand.iter().filter(|c| !seen_in_hand.contains(c)));
        ps.hand = seen_in_hand;
        pool.append(&mut ps.deck);
        let duel_slots = ps.duel_hand.len();
        pool.append(&mut ps.duel_hand);
        // Battle cards stay held until the battle ends; those its fights have read are face
        // up.
        let read: Vec<CardRef> = match self.battle.as_deref() {
            Some(b) if self.phase == Phase::Fights => b.plans[o]
                .iter()
                .copied()
                .filter(|c| !b.queue[o].contains(c))
                .collect(),
            _ => Vec::new(),
        };
        let mut slots: Vec<(Slot, usize)> = Vec::new();
        for (i, &c) in ps.held.iter().enumerate() {
            if self.def(c).kind == Kind::Battle && !read.contains(&c) {
                slots.push((Slot::HeldBattle, i));
                pool.push(c);
            }
        }
        for planet in Planet::ALL {
            for (i, c) in g.planets[planet as usize].cards[o].iter().enumerate() {
                if !c.face_up {
                    slots.push((Slot::FaceDown(planet), i));
                    pool.push(c.card);
                }
            }
        }
        // A set, in card order: where each card really was must not matter.
        pool.sort_unstable();
        rng.shuffle(&mut pool);

        // Constrained places first, each with the first card of the shuffle that fits. The
        // places not yet dealt still hold their real cards: the checks skip them.
        let mut renamed: Vec<(CardRef, CardRef)> = Vec::new();
        for (k, &(slot, i)) in slots.iter().enumerate() {
            let old = match slot {
                Slot::HeldBattle => g.players[o].held[i],
                Slot::FaceDown(pl) => g.planets[pl as usize].cards[o][i].card,
            };
            let undealt = &slots[k..];
            let pick = pool
                .iter()
                .position(|&c| g.fits(slot, opp, c, undealt))
                .or_else(|| pool.iter().position(|&c| g.fits_loosely(slot, c)))
                // The cards really there fit together; this is never reached.
                .unwrap_or_else(|| pool.iter().position(|&c| c == old).expect("in the pool"));
            let new = pool.remove(pick);
            match slot {
                Slot::HeldBattle => g.players[o].held[i] = new,
                Slot::FaceDown(pl) => g.planets[pl as usize].cards[o][i].card = new,
            }
            renamed.push((old, new));
        }
        // The battle plan, and what is left of it to read, name the held battle cards.
        if let Some(b) = g.battle.as_mut() {
            let b = &mut **b;
            for c in b.plans[o].iter_mut().chain(b.queue[o].iter_mut()) {
                if let Some(&(_, new)) = renamed.iter().find(|(old, _)| old == c) {
                    *c = new;
                }
            }
        }
        // The order of the opponent's battle plan is hidden until its fights read it (plans
        // are made face down and turned up fight by fight): the part not yet read is dealt
        // afresh, as a set in card order then shuffled, so the sample does not depend on the
        // real order. Before the fights that is the whole plan; during them, what is left of
        // it (a fighter put back to fight again is public and stays first).
        if let Some(b) = g.battle.as_mut() {
            let b = &mut **b;
            let fights = self.phase == Phase::Fights;
            let again = b.queue[o]
                .front()
                .copied()
                .filter(|&c| b.again[o] == Some(c));
            let mut rest: Vec<CardRef> = if fights {
                b.queue[o]
                    .iter()
                    .copied()
                    .skip(usize::from(again.is_some()))
                    .collect()
            } else {
                b.plans[o].clone()
            };
            if rest.len() > 1 {
                rest.sort_unstable();
                rng.shuffle(&mut rest);
                let mut plan: Vec<CardRef> = b.plans[o]
                    .iter()
                    .copied()
                    .filter(|c| !rest.contains(c))
                    .collect();
                if fights {
                    b.queue[o] = again.into_iter().chain(rest.iter().copied()).collect();
                }
                plan.extend_from_slice(&rest);
                b.plans[o] = plan;
            }
        }
        // Then the free places: the hand, the dueling hand (drawn from the top of the deck),
        // the deck.
        let ps = &mut g.players[o];
        let mut rest = pool.into_iter();
        ps.hand.extend(rest.by_ref().take(hand_slots));
        ps.duel_hand.extend(rest.by_ref().take(duel_slots));
        ps.deck.extend(rest);

        // The viewer knows what its own deck holds, not in which order.
        let mut deck = std::mem::take(&mut g.players[viewer.index()].deck);
        deck.sort_unstable();
        rng.shuffle(&mut deck);
        g.players[viewer.index()].deck = deck;

        // The future is not known either.
        g.rng = GameRng::new(crate::engine::game_seed(seed, 0x5eed));
        g.log.clear();
        // Only hidden cards moved; the index of texts in force is rebuilt all the same.
        g.zones_changed();
        debug_assert_eq!(g.check_zones(), Ok(()));
        g
    }

    /// Whether `card` could be in `slot`: a battle card held for the battle; a character,
    /// weapon or Effect that could lie face down here (one persona in play at a time, one
    /// Effect per player at a planet). Face-down places in `undealt` are not looked at.
    fn fits(&self, slot: Slot, p: Player, card: CardRef, undealt: &[(Slot, usize)]) -> bool {
        if !self.fits_loosely(slot, card) {
            return false;
        }
        let Slot::FaceDown(planet) = slot else {
            return true;
        };
        let d = self.def(card);
        let dealt = |pl: Planet| {
            self.at(pl, p)
                .iter()
                .enumerate()
                .filter(move |(i, _)| !undealt.contains(&(Slot::FaceDown(pl), *i)))
                .map(|(_, c)| self.def(c.card))
        };
        match d.kind {
            Kind::Character if !d.diamond => {
                let same = |o: &super::card_pool::CardDef| {
                    o.kind == d.kind && !o.diamond && o.persona == d.persona
                };
                let ps = &self.players[p.index()];
                let at_objective = ps
                    .pilot
                    .into_iter()
                    .chain(ps.podracer)
                    .any(|c| same(self.def(c)));
                !at_objective
                    && Planet::ALL
                        .into_iter()
                        .all(|pl| !dealt(pl).any(same) || (pl == planet && d.stackable))
            }
            _ if d.is_effect() => !dealt(planet).any(|o| o.is_effect()),
            _ => true,
        }
    }

    /// The kind alone: what the rules let be in such a place at all.
    fn fits_loosely(&self, slot: Slot, card: CardRef) -> bool {
        let d = self.def(card);
        match slot {
            Slot::HeldBattle => d.kind == Kind::Battle,
            Slot::FaceDown(_) => {
                d.deployable()
                    && (matches!(d.kind, Kind::Character | Kind::Weapon) || d.is_effect())
            }
        }
    }
}
