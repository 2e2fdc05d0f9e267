//! The turn: starting locations, Effect fetches, the start of a turn (turning up hidden cards),
//! Even Up, planet control, surrender and the next planet (rulebook "What To Do On Your Turn",
//! "Controlling the Planet", "On to the Second Planet!", "Surrender", "Effect Cards").

use super::card_pool::Kind;
use super::event::{DiscardReason, Event, LocationFrom, Victory};
use super::player::{CardRef, Player};
use super::state::{Flow, GameState, Phase, PlanetStatus, TurnState};
use super::text::{Scope, Trigger};
use crate::catalogue::Planet;

/// "You always have to bring your hand back to six cards."
pub const HAND_SIZE: usize = 6;
/// "Each turn, you get to put up to six counters into play."
pub const COUNTERS_PER_TURN: i16 = 6;

impl GameState {
    /// Location cards `p` may start a planet with: from the deck at the start of the game; from
    /// hand, discard pile or deck for the next planet, of a planet not yet played. Cards found
    /// in the draw deck come in card order, not deck order (see [`deck_order_hidden`]).
    pub(crate) fn location_candidates(&self, p: Player, next_planet: bool, out: &mut Vec<CardRef>) {
        let ps = &self.players[p.index()];
        let ok = |c: &CardRef| match self.def(*c).location {
            Some((planet, _)) => {
                !next_planet || self.planets[planet as usize].status == PlanetStatus::Unplayed
            }
            None => false,
        };
        if next_planet {
            out.extend(ps.hand.iter().filter(|c| ok(c)));
            out.extend(ps.discard.iter().filter(|c| ok(c)));
        }
        let from = out.len();
        out.extend(ps.deck.iter().filter(|c| ok(c)));
        deck_order_hidden(&mut out[from..]);
    }

    pub(crate) fn effect_candidates(&self, p: Player, out: &mut Vec<CardRef>) {
        let from = out.len();
        out.extend(
            self.players[p.index()]
                .deck
                .iter()
                .filter(|&&c| self.def(c).kind == Kind::Effect),
        );
        deck_order_hidden(&mut out[from..]);
    }

    fn put_location(&mut self, p: Player, card: CardRef, from: LocationFrom) {
        let (planet, _) = self.def(card).location.expect("candidate is a location");
        self.current = Some(planet);
        let ps = &mut self.planets[planet as usize];
        ps.status = PlanetStatus::Current;
        ps.locations.push(card);
        // Both sides deploy here now: room for a few cards each, taken once rather than grown.
        for cards in &mut ps.cards {
            cards.reserve(8);
        }
        self.zones_changed();
        self.emit(Event::LocationPlaced {
            player: p,
            card,
            planet,
            from,
        });
    }

    /// "Take any Location card from your deck and put it on the table as the starting location.
    /// Both players then shuffle their decks again ... and draw six cards."
    pub(crate) fn starting_location(&mut self, p: Player, card: CardRef) -> Flow {
        let deck = &mut self.players[p.index()].deck;
        let i = deck.iter().position(|&c| c == card).expect("legal");
        deck.remove(i);
        self.put_location(p, card, LocationFrom::DrawDeck);
        for q in Player::BOTH {
            self.shuffle_deck(q);
        }
        // One action for both players: if it empties both decks, nobody wins.
        let before = self.draw_deck_lens();
        for q in [p, p.other()] {
            self.draw_cards(q, HAND_SIZE)?;
        }
        self.check_decks(before)?;
        self.next_turn = p;
        self.phase = Phase::EffectFetch {
            player: p,
            next: Some(p.other()),
        };
        Ok(())
    }

    /// RULINGS.md R3: each player may take one Effect from the draw deck, showing it, then
    /// reshuffles; the player who put the location into play goes first.
    pub(crate) fn fetch_effect(&mut self, p: Player, card: Option<CardRef>) -> Flow {
        if let Some(card) = card {
            let deck = &mut self.players[p.index()].deck;
            let i = deck.iter().position(|&c| c == card).expect("legal");
            deck.remove(i);
            self.players[p.index()].hand.push(card);
            self.emit(Event::EffectFetched { player: p, card });
            self.shuffle_deck(p);
        } else {
            self.emit(Event::NoEffectFetched { player: p });
        }
        match self.phase {
            Phase::EffectFetch {
                next: Some(next), ..
            } => {
                self.phase = Phase::EffectFetch {
                    player: next,
                    next: None,
                };
                Ok(())
            }
            _ => self.start_turn(self.next_turn),
        }
    }

    /// The start of a turn: hidden cards are turned up ("At the start of your second turn ...
    /// you have to turn those hidden cards face up"). At every planet, not just the current
    /// one: cards hidden at a planet surrendered at the end of their owner's first turn there
    /// are stranded, and still turn up now ("concealed from your opponent for one turn").
    pub(crate) fn start_turn(&mut self, p: Player) -> Flow {
        if self.turn >= self.options.turn_cap {
            return Err(self.end(None, Victory::TurnCap));
        }
        self.turn += 1;
        self.active = p;
        let planet = self.current.expect("a planet is in play");
        let pl = &mut self.planets[planet as usize];
        pl.turns[p.index()] = pl.turns[p.index()].saturating_add(1);
        let hidden = pl.turns[p.index()] == 1;
        self.emit(Event::TurnStarted {
            player: p,
            turn: self.turn,
        });
        let mut revealed = Vec::new();
        for pl in Planet::ALL {
            // Taking the list for change gives it a new version, which makes the agents size
            // up its line-up again: only where a card is face down.
            if self.at(pl, p).iter().all(|c| c.face_up) {
                continue;
            }
            for c in self.at_mut(pl, p).iter_mut() {
                if !c.face_up {
                    c.face_up = true;
                    revealed.push((pl, c.card));
                }
            }
        }
        // Only the cards turned up moved into the index: rebuilt when one of them listens.
        match revealed.as_slice() {
            [] => {}
            [(_, c)] => self.zones_changed_for(*c),
            _ => self.zones_changed(),
        }
        for &(_, card) in &revealed {
            self.emit(Event::Revealed { player: p, card });
        }
        // A card turned up onto a stack of its character or weapon is said as one deployed
        // face up onto it is; several turned up onto one stack, once, with the whole stack.
        for (k, &(pl, card)) in revealed.iter().enumerate() {
            let d = self.def(card);
            let later = revealed[k + 1..].iter().any(|&(l, c)| {
                let o = self.def(c);
                l == pl && o.kind == d.kind && o.persona_id == d.persona_id
            });
            if !later {
                self.say_stack(p, card, pl);
            }
        }
        self.ts = TurnState {
            hidden,
            podrace_open: true,
            ..TurnState::default()
        };
        self.text_state.end(Scope::Turn);
        self.phase = Phase::Deploy;
        self.trigger(Trigger::TurnStarted(p))
    }

    /// Counters the active player may still deploy this turn: six, plus what abilities in play
    /// add ("Some Effect cards (such as Sando Aqua Monster) increase the number of counters you
    /// may put into play each turn. You can start to use that benefit right away"), minus what
    /// was spent. Asked afresh each time, so such an Effect counts from the moment it is face
    /// up (not while hidden: only face-up text works).
    pub(crate) fn counters_left(&self) -> i16 {
        self.counters_per_turn(self.active) - self.ts.spent
    }

    // --- Even Up -------------------------------------------------------------------------

    pub(crate) fn discard_from_hand(&mut self, p: Player, card: CardRef) {
        if self.remove_from_hand(p, card) {
            self.players[p.index()].discard.push(card);
            self.emit(Event::DiscardedFromHand { player: p, card });
        }
    }

    /// "Before you draw cards to Even Up, you may discard your entire hand."
    pub(crate) fn recycle_hand(&mut self, p: Player) {
        let hand = std::mem::take(&mut self.players[p.index()].hand);
        let n = hand.len() as u8;
        self.players[p.index()].discard.extend(hand);
        self.emit(Event::HandRecycled {
            player: p,
            cards: n,
        });
    }

    /// "If you hold less than six, you must draw ... If you hold more than six, you must
    /// discard." Six is asked of the rules: text may change it.
    pub(crate) fn even_up(&mut self, p: Player) -> Flow {
        let n = self.players[p.index()].hand.len();
        let size = self.even_up_size(p);
        if size != HAND_SIZE {
            let q = super::text::Query::new(super::text::Number::EvenUpHand, p);
            self.note_number(q, HAND_SIZE as i16);
        }
        if n > size {
            self.phase = Phase::EvenUpDiscard;
            return Ok(());
        }
        let before = self.draw_deck_lens();
        let drew = self.take_cards(p, size - n)?;
        let hand = self.players[p.index()].hand.len() as u8;
        self.emit(Event::EvenUp {
            player: p,
            drew,
            hand,
        });
        self.check_decks(before)?;
        self.phase = Phase::EndOfTurn;
        Ok(())
    }

    pub(crate) fn even_up_discard(&mut self, p: Player, card: CardRef) {
        self.discard_from_hand(p, card);
        let hand = self.players[p.index()].hand.len();
        if hand <= self.even_up_size(p) {
            self.emit(Event::EvenUp {
                player: p,
                drew: 0,
                hand: hand as u8,
            });
            self.phase = Phase::EndOfTurn;
        }
    }

    // --- end of turn: control, surrender, next planet ------------------------------------

    /// Whether `p` controls the current planet now: face-up characters there, and the opponent
    /// has no characters there and no hidden cards ("Controlling the Planet").
    pub(crate) fn wins_control(&self, p: Player) -> bool {
        let Some(planet) = self.current else {
            return false;
        };
        let mine = self.face_up_characters(p).next().is_some();
        let theirs = self
            .at(planet, p.other())
            .iter()
            .any(|c| !c.face_up || self.def(c.card).is_character());
        mine && !theirs
    }

    /// The end of the active player's turn (after Even Up), with or without surrender.
    pub(crate) fn end_turn(&mut self, surrender: bool) -> Flow {
        let p = self.active;
        let planet = self.current.expect("a planet is in play");
        let winner = if surrender {
            Some(p.other())
        } else {
            Player::BOTH.into_iter().find(|&q| self.wins_control(q))
        };
        let Some(w) = winner else {
            return self.start_turn(p.other());
        };
        self.planet_controlled(planet, w, surrender)?;
        let loser = w.other();
        let mut buf = Vec::new();
        self.location_candidates(loser, true, &mut buf);
        let chooser = if !buf.is_empty() {
            loser
        } else {
            self.location_candidates(w, true, &mut buf);
            if buf.is_empty() {
                return Err(self.end(None, Victory::NoLocation));
            }
            w
        };
        self.phase = Phase::NextLocation(chooser);
        Ok(())
    }

    fn planet_controlled(&mut self, planet: Planet, by: Player, surrendered: bool) -> Flow {
        self.planets[planet as usize].status = PlanetStatus::Controlled { by, surrendered };
        self.current = None;
        // Said before its consequences, so the play-by-play tells who won the planet before
        // the Effects it discards ("the planet is decided").
        self.emit(Event::PlanetControlled {
            planet,
            by,
            surrendered,
        });
        // "Effect cards are discarded when the current planet is controlled or surrendered."
        for q in Player::BOTH {
            let effects: Vec<CardRef> = self
                .at(planet, q)
                .iter()
                .filter(|c| self.def(c.card).is_effect())
                .map(|c| c.card)
                .collect();
            for c in effects {
                self.remove_from_planet(planet, q, c);
                self.players[q.index()].discard.push(c);
                self.emit(Event::Discarded {
                    player: q,
                    card: c,
                    reason: DiscardReason::PlanetWon,
                });
            }
        }
        self.trigger(Trigger::PlanetControlled(planet, by))?;
        let won: Vec<Planet> = Planet::ALL
            .into_iter()
            .filter(|pl| {
                matches!(self.planets[*pl as usize].status,
                    PlanetStatus::Controlled { by: b, .. } if b == by)
            })
            .collect();
        if won.len() >= 2 {
            return Err(self.end(Some(by), Victory::Planet([won[0], won[1]])));
        }
        Ok(())
    }

    /// "If you are the player who just lost the planet, you get to choose the next planet
    /// location ... you take the first turn at this location."
    pub(crate) fn next_location(&mut self, p: Player, card: CardRef) -> Flow {
        let ps = &mut self.players[p.index()];
        let from = if let Some(i) = ps.hand.iter().position(|&c| c == card) {
            ps.hand.remove(i);
            LocationFrom::Hand
        } else if let Some(i) = ps.discard.iter().position(|&c| c == card) {
            ps.discard.remove(i);
            LocationFrom::DiscardPile
        } else {
            let i = ps.deck.iter().position(|&c| c == card).expect("legal");
            ps.deck.remove(i);
            LocationFrom::DrawDeck
        };
        self.put_location(p, card, from);
        if from == LocationFrom::DrawDeck {
            self.shuffle_deck(p);
        }
        self.next_turn = p;
        self.phase = Phase::EffectFetch {
            player: p,
            next: Some(p.other()),
        };
        Ok(())
    }
}

/// Cards found by searching a draw deck, put in card order: the order they are offered in (as
/// legal actions, or through the view) must not tell where they lie in the deck, which is
/// not always reshuffled afterwards (a declined Effect fetch, a next location taken from the
/// hand). Issue 6: a player's view shows "not any deck order"; RULINGS.md R2.
pub(crate) fn deck_order_hidden(found: &mut [CardRef]) {
    found.sort_unstable();
}
