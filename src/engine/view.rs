//! What one player may see (DESIGN.md "Hidden information", rulings.md #2): their own hand,
//! the public zones, counts — never the opponent's hand, hidden cards, battle plan or dueling
//! hand, nor the order of any deck. Discard piles show only their top card, except while a
//! player searches their own for the next planet's location.

use super::card_pool::CardDef;
use super::player::{CardRef, Player};
use super::state::{GameState, Phase};
use crate::catalogue::Planet;

/// A card at a planet as a player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    Card {
        card: CardRef,
        face_up: bool,
    },
    /// One of the opponent's hidden cards.
    Hidden,
}

pub struct PlayerView<'a> {
    state: &'a GameState,
    player: Player,
}

impl GameState {
    pub fn view(&self, player: Player) -> PlayerView<'_> {
        PlayerView {
            state: self,
            player,
        }
    }
}

impl<'a> PlayerView<'a> {
    pub(crate) fn state(&self) -> &'a GameState {
        self.state
    }

    pub fn player(&self) -> Player {
        self.player
    }

    pub fn to_act(&self) -> Option<Player> {
        self.state.to_act()
    }

    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    pub fn turn(&self) -> u32 {
        self.state.turn
    }

    pub fn active(&self) -> Player {
        self.state.active
    }

    pub fn current_planet(&self) -> Option<Planet> {
        self.state.current
    }

    pub fn site(&self) -> Option<(Planet, u8)> {
        self.state.site()
    }

    /// Counters left to the active player this turn.
    pub fn counters_left(&self) -> i16 {
        self.state.ts.counters
    }

    pub fn hand(&self) -> &'a [CardRef] {
        &self.state.players[self.player.index()].hand
    }

    pub fn hand_len(&self, p: Player) -> usize {
        self.state.players[p.index()].hand.len()
    }

    /// A player may count any draw deck (rulings.md #2); lap cards and dueling cards are still
    /// part of it.
    pub fn deck_len(&self, p: Player) -> usize {
        let ps = &self.state.players[p.index()];
        ps.deck.len() + ps.laps.len() + ps.duel_hand.len() + ps.duel_pile.len()
    }

    pub fn discard_len(&self, p: Player) -> usize {
        self.state.players[p.index()].discard.len()
    }

    pub fn discard_top(&self, p: Player) -> Option<CardRef> {
        self.state.players[p.index()].discard.last().copied()
    }

    /// The cards of `p` at `planet`; the opponent's hidden cards show only as hidden.
    pub fn in_play(&self, planet: Planet, p: Player) -> Vec<Seen> {
        self.state
            .at(planet, p)
            .iter()
            .map(|c| {
                if c.face_up || p == self.player {
                    Seen::Card {
                        card: c.card,
                        face_up: c.face_up,
                    }
                } else {
                    Seen::Hidden
                }
            })
            .collect()
    }

    pub fn locations(&self, planet: Planet) -> &'a [CardRef] {
        &self.state.planets[planet as usize].locations
    }

    pub fn hyperspace(&self, p: Player) -> &'a [CardRef] {
        &self.state.players[p.index()].hyperspace
    }

    pub fn lap_tokens(&self, p: Player) -> u8 {
        self.state.players[p.index()].lap_tokens
    }

    /// The viewer's own dueling hand.
    pub fn duel_hand(&self) -> &'a [CardRef] {
        &self.state.players[self.player.index()].duel_hand
    }

    /// Hits on each player's duelist, during a duel.
    pub fn duel_hits(&self) -> Option<[u8; 2]> {
        self.state.duel.as_ref().map(|d| d.hits)
    }

    /// The viewer's own battle plan so far.
    pub fn own_plan(&self) -> &'a [CardRef] {
        match &self.state.battle {
            Some(b) => &b.plans[self.player.index()],
            None => &[],
        }
    }

    /// The card's definition, when the viewer may see it.
    pub fn def(&self, card: CardRef) -> Option<&'a CardDef> {
        self.visible(card).then(|| self.state.def(card))
    }

    fn visible(&self, card: CardRef) -> bool {
        let g = self.state;
        let me = self.player;
        let owner = g.owner(card);
        let ps = &g.players[owner.index()];
        let public = ps.hyperspace.contains(&card)
            || ps.objective == Some(card)
            || ps.pilot == Some(card)
            || ps.podracer == Some(card)
            || ps.laps.contains(&card)
            || ps.duel_pile.contains(&card)
            || ps.discard.last() == Some(&card)
            || g.planets.iter().any(|pl| {
                pl.locations.contains(&card)
                    || pl.cards[owner.index()]
                        .iter()
                        .any(|c| c.card == card && (c.face_up || owner == me))
            });
        if public {
            return true;
        }
        if owner != me {
            return false;
        }
        if ps.hand.contains(&card) || ps.held.contains(&card) || ps.duel_hand.contains(&card) {
            return true;
        }
        // Cards the viewer is searching for right now.
        let mut found = Vec::new();
        match g.phase {
            Phase::StartingLocation(p) if p == me => g.location_candidates(me, false, &mut found),
            Phase::NextLocation(p) if p == me => g.location_candidates(me, true, &mut found),
            Phase::EffectFetch { player, .. } if player == me => {
                g.effect_candidates(me, &mut found)
            }
            Phase::DeckSearch { searching: true } if g.active == me => {
                g.search_candidates(me, &mut found)
            }
            _ => {}
        }
        found.contains(&card)
    }
}
