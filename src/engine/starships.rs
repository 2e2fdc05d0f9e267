//! Starships and evacuation (rulebook "Starships and Evacuation", "Hyperspace", "Starship
//! Battle Plans"; the Battle of Naboo rules in its sidebar, as a game option).

use super::event::Event;
use super::player::{CardRef, Player};
use super::state::{Evacuation, Flow, GameState, Intercept, InterceptStep, Phase, StarshipRules};
use super::text::{Arena, Number, Query, Scope, Window};
use crate::catalogue::{Planet, StarshipClass};

impl GameState {
    /// Planets `p` may evacuate now: "only at a planet where you have at least one Weapon or
    /// Character card" face up. Under Duel of the Fates rules a transport must be in the
    /// Hyperspace pile.
    pub(crate) fn evacuation_planets(&self, p: Player) -> impl Iterator<Item = Planet> + '_ {
        Planet::ALL
            .into_iter()
            .filter(move |&pl| self.has_evacuees(p, pl))
    }

    pub(crate) fn has_hyperspace_transport(&self, p: Player) -> bool {
        self.players[p.index()]
            .hyperspace
            .iter()
            .any(|&c| self.is_class(c, StarshipClass::Transport))
    }

    /// Whether `card` may join `p`'s Hyperspace pile: a starship without the diamond symbol is
    /// "only one of in the universe" ("Diamond Cards", "Stackable Cards"), so a second card of
    /// its title may not be placed while one is in the pile.
    pub(crate) fn may_join_hyperspace(&self, p: Player, card: CardRef) -> bool {
        let d = self.facts(card);
        d.diamond()
            || !self.players[p.index()].hyperspace.iter().any(|&c| {
                let e = self.facts(c);
                !e.diamond() && e.persona_id == d.persona_id
            })
    }

    /// Starts an evacuation: the characters and weapons are taken up (set aside) and the
    /// opponent may intercept.
    pub(crate) fn start_evacuation(
        &mut self,
        p: Player,
        planet: Planet,
        transport: Option<CardRef>,
    ) {
        self.ts.podrace_open = false;
        let cards = self.evacuees(p, planet);
        for &c in &cards {
            self.remove_from_planet(planet, p, c);
        }
        if let Some(t) = transport {
            self.remove_from_hand(p, t);
            self.players[p.index()].held.push(t);
        }
        self.players[p.index()].held.extend(&cards);
        self.emit(Event::EvacuationStarted {
            player: p,
            planet,
            cards: cards.len() as u8,
            transport,
        });
        self.evacuation = Some(Box::new(Evacuation {
            player: p,
            planet,
            transport,
            intercept: None,
        }));
        self.zones_changed();
        self.phase = Phase::Interception;
    }

    /// Duel of the Fates: "Your opponent may then add starships from his hand to his
    /// Hyperspace pile."
    pub(crate) fn add_starship(&mut self, p: Player, card: CardRef) {
        self.remove_from_hand(p, card);
        self.players[p.index()].hyperspace.push(card);
        self.zones_changed();
        self.emit(Event::StarshipAdded { player: p, card });
    }

    /// The opponent declines to intercept: the evacuation succeeds.
    pub(crate) fn no_intercept(&mut self) -> Flow {
        let ev = self.evacuation.clone().expect("evacuation");
        self.emit(Event::NotIntercepted {
            player: ev.player.other(),
        });
        match self.options.starships {
            StarshipRules::DuelOfTheFates => self.evacuation_succeeds(true),
            StarshipRules::BattleOfNaboo => {
                self.evacuation_succeeds(false)?;
                self.fly_away(ev.player, ev.transport.expect("BoN transport"));
                Ok(())
            }
        }
    }

    /// Duel of the Fates: "If you opponent chooses to intercept, a space battle begins"; the
    /// interceptor is the attacker and every starship of both Hyperspace piles fights.
    pub(crate) fn intercept(&mut self) {
        let ev = self.evacuation.clone().expect("evacuation");
        let interceptor = ev.player.other();
        self.emit(Event::Intercepted {
            player: interceptor,
            starfighter: None,
        });
        let mut b = self.new_battle(interceptor, Some(ev.planet));
        for p in Player::BOTH {
            b.units[p.index()].extend_from_slice(&self.players[p.index()].hyperspace);
        }
        b.room_for_plans();
        self.battle = Some(b);
        self.emit(Event::BattleDeclared {
            attacker: interceptor,
            space: true,
        });
        self.phase = Phase::BattleCards(interceptor);
    }

    /// After the starship battle: "If one or more of the defender's transports in the battle
    /// survived, then the evacuation is successful ... If none survived, then those characters
    /// and weapons are discarded."
    pub(crate) fn finish_space_battle(&mut self, _planet: Planet) -> Flow {
        let p = self.evacuation.as_ref().expect("evacuation").player;
        if self.has_hyperspace_transport(p) {
            self.evacuation_succeeds(true)
        } else {
            self.evacuees_lost(p);
            Ok(())
        }
    }

    fn evacuees_lost(&mut self, p: Player) {
        let held = std::mem::take(&mut self.players[p.index()].held);
        // The evacuees only: a Battle of Naboo transport held with them is discarded too, but
        // it was said defeated (and costs its own damage).
        let transport = self.evacuation.as_ref().and_then(|e| e.transport);
        let n = held.iter().filter(|&&c| Some(c) != transport).count() as u8;
        self.players[p.index()].discard.extend(held);
        self.emit(Event::EvacueesLost {
            player: p,
            cards: n,
        });
        self.evacuation = None;
        self.zones_changed();
        self.phase = Phase::Deploy;
    }

    /// The evacuees are shuffled back into the draw deck; under Duel of the Fates rules "the
    /// transporting player randomly selects one of his surviving transports. It is shuffled
    /// into the deck along with the characters and weapons that it transported."
    fn evacuation_succeeds(&mut self, with_transport: bool) -> Flow {
        let ev = self.evacuation.take().expect("evacuation");
        let p = ev.player;
        let ps = &mut self.players[p.index()];
        let evacuees: Vec<CardRef> = std::mem::take(&mut ps.held)
            .into_iter()
            .filter(|&c| Some(c) != ev.transport)
            .collect();
        if let Some(t) = ev.transport {
            self.players[p.index()].held.push(t);
        }
        let n = evacuees.len() as u8;
        self.players[p.index()].deck.extend(evacuees);
        let mut transport = None;
        if with_transport {
            let transports: Vec<CardRef> = self.players[p.index()]
                .hyperspace
                .iter()
                .copied()
                .filter(|&c| self.is_class(c, StarshipClass::Transport))
                .collect();
            if !transports.is_empty() {
                let t = transports[self.rng.below(transports.len())];
                let hs = &mut self.players[p.index()].hyperspace;
                hs.retain(|&c| c != t);
                self.players[p.index()].deck.push(t);
                transport = Some(t);
            }
        }
        self.zones_changed();
        self.emit(Event::Evacuated {
            player: p,
            planet: ev.planet,
            cards: n,
            transport,
        });
        self.shuffle_deck(p);
        self.phase = Phase::Deploy;
        Ok(())
    }

    /// "Any starships that didn't get destroyed in the starship battle now 'fly away' (discard
    /// them, but take no Damage)."
    /// `player`'s starship `card`, beaten by `opponent` in an interception, is defeated: its
    /// damage (after text, in space against that starship) is told and noted for the texts
    /// that read what defeated whom; the caller deals it, in its place in the sequence.
    fn defeated_in_space(&mut self, player: Player, card: CardRef, opponent: CardRef) -> u8 {
        let q = Query::new(Number::Damage, player)
            .card(card)
            .arena(Arena::Space)
            .opponent(Some(opponent));
        let damage = self.damage_of(q);
        self.emit(Event::Defeated {
            player,
            card,
            damage,
        });
        self.note_damage(q, damage);
        damage
    }

    fn fly_away(&mut self, p: Player, card: CardRef) {
        let h = &mut self.players[p.index()].held;
        h.retain(|&c| c != card);
        self.players[p.index()].discard.push(card);
        self.zones_changed();
        self.emit(Event::FlewAway { player: p, card });
    }

    /// Battle of Naboo rules: the interceptor plays `starfighter` from hand, which "starts a
    /// starship battle": the transport against that one starfighter. It is fought step by
    /// step (`run_interception`), stopping for decisions as a battle's fight does: both
    /// players' windows before it, the interceptor's first, and whatever a text asks after the
    /// starfighter's destiny draw.
    pub(crate) fn intercept_with(&mut self, starfighter: CardRef) -> Flow {
        let ev = self.evacuation.as_deref_mut().expect("evacuation");
        let p = ev.player;
        let o = p.other();
        ev.intercept = Some(Intercept {
            starfighter,
            step: InterceptStep::Windows,
            destiny: 0,
        });
        self.remove_from_hand(o, starfighter);
        self.players[o.index()].held.push(starfighter);
        self.zones_changed();
        self.emit(Event::Intercepted {
            player: o,
            starfighter: Some(starfighter),
        });
        // The transport's window goes under the starfighter's: the interceptor is asked first.
        self.open_window(p, Window::BeforeFight);
        self.open_window(o, Window::BeforeFight);
        self.run_interception()
    }

    /// The interception in progress (Battle of Naboo rules), if a starfighter was played.
    pub(crate) fn interception(&self) -> Option<Intercept> {
        self.evacuation.as_deref()?.intercept
    }

    fn set_interception(&mut self, i: Intercept) {
        if let Some(ev) = self.evacuation.as_deref_mut() {
            ev.intercept = Some(i);
        }
    }

    /// Adds `delta` to the destiny the intercepting starfighter has drawn.
    pub(crate) fn add_intercept_destiny(&mut self, delta: i16) {
        if let Some(i) = self
            .evacuation
            .as_deref_mut()
            .and_then(|e| e.intercept.as_mut())
        {
            i.destiny += delta;
        }
    }

    /// The power query of a card of the interception, against the other.
    fn intercept_power(&self, card: CardRef, player: Player, opponent: CardRef) -> Query {
        Query::new(Number::Power, player)
            .card(card)
            .arena(Arena::Space)
            .opponent(Some(opponent))
    }

    /// Plays out the interception step by step until a decision is pending or it is over.
    pub(crate) fn run_interception(&mut self) -> Flow {
        while self.pending.is_empty() {
            let Some(mut i) = self.interception() else {
                return Ok(());
            };
            let ev = self.evacuation.as_deref().expect("evacuation");
            let p = ev.player;
            let o = p.other();
            let t = ev.transport.expect("BoN transport");
            let sf = i.starfighter;
            match i.step {
                InterceptStep::Windows => {
                    i.step = InterceptStep::Draw;
                    self.set_interception(i);
                    // What texts make of both powers, told before the draw.
                    for (card, player, opponent) in [(t, p, sf), (sf, o, t)] {
                        let q = self.intercept_power(card, player, opponent);
                        let printed = self.def(card).printed_power() as i16;
                        if self.power(q) != printed {
                            self.note_number(q, printed);
                        }
                    }
                }
                InterceptStep::Draw => {
                    i.step = InterceptStep::Resolve;
                    self.set_interception(i);
                    let v = self.draw_destiny(o)? as i16;
                    self.add_intercept_destiny(v);
                }
                InterceptStep::Resolve => return self.resolve_interception(p, t, i),
            }
        }
        Ok(())
    }

    /// The interception's fight is decided: the powers are asked now, so what text did during
    /// the fight counts (the starfighter's destiny drawn so far is `i.destiny`).
    fn resolve_interception(&mut self, p: Player, t: CardRef, i: Intercept) -> Flow {
        let o = p.other();
        let starfighter = i.starfighter;
        let destiny = i.destiny;
        let pt = self.power(self.intercept_power(t, p, starfighter));
        let ps = self.power(self.intercept_power(starfighter, o, t)) + destiny;
        let r = self.interception_outcome(p, t, starfighter, [ps, pt], destiny);
        // The starship battle is over: what lasted for it ends.
        self.text_state.end(Scope::Battle);
        r
    }

    /// The outcome of the interception's fight, the starfighter's total `ps` (with `destiny`)
    /// against the transport's `pt`.
    fn interception_outcome(
        &mut self,
        p: Player,
        t: CardRef,
        starfighter: CardRef,
        [ps, pt]: [i16; 2],
        destiny: i16,
    ) -> Flow {
        let o = p.other();
        let winner = match ps.cmp(&pt) {
            std::cmp::Ordering::Greater => Some(o),
            std::cmp::Ordering::Less => Some(p),
            std::cmp::Ordering::Equal => None,
        };
        let side = |player, card, parts: super::event::PowerParts| super::event::FightSide {
            player,
            cards: [Some(card), None, None],
            weapon: None,
            battle_card: None,
            battle_half: None,
            power: parts.total(),
            parts,
        };
        let parts = |c: CardRef, power: i16, destiny: i16| {
            let printed = self.def(c).printed_power() as i16;
            super::event::PowerParts {
                printed,
                text: power - destiny - printed,
                destiny,
                ..Default::default()
            }
        };
        self.emit(Event::Fight {
            attacker: side(o, starfighter, parts(starfighter, ps, destiny)),
            defender: side(p, t, parts(t, pt, 0)),
            winner,
        });
        // As after a battle's fight: what lasted for the fight ends with its result.
        self.text_state.end(Scope::Fight);
        if winner == Some(o) {
            // "Discard your Transport and all the characters and weapons stacked underneath
            // it ... characters' Damage numbers are ignored."
            let dmg = self.defeated_in_space(p, t, starfighter);
            self.evacuees_lost(p);
            // "Finally, any starships that didn't get destroyed ... fly away": after the
            // transport's damage (a damage that ends the game leaves nothing to fly).
            self.damage(p, dmg)?;
            self.fly_away(o, starfighter);
            return Ok(());
        }
        if winner == Some(p) {
            let h = &mut self.players[o.index()].held;
            h.retain(|&c| c != starfighter);
            self.players[o.index()].discard.push(starfighter);
            self.zones_changed();
            let dmg = self.defeated_in_space(o, starfighter, t);
            self.damage(o, dmg)?;
        } else {
            self.fly_away(o, starfighter);
        }
        self.evacuation_succeeds(false)?;
        self.fly_away(p, t);
        Ok(())
    }
}
