//! The deploy step (rulebook "1. Deploy", "The Hidden Cards Rule", "Deploying Locations",
//! "Diamond Cards", "Stackable Cards", "Effect Cards", "Deploying cards from your draw deck",
//! "Boonta Eve Classic").

use std::cell::OnceCell;

use super::card_pool::Kind;
use super::card_traits::Traits;
use super::event::{DeployedTo, Event};
use super::player::{CardRef, Player};
use super::state::{Flow, GameState, InPlay, PersonaAt, Phase, Search, SearchKind, StarshipRules};
use super::text::{Listen, Number, Query, Trigger};
use crate::catalogue::{Planet, StarshipClass};

impl GameState {
    /// Whether `p` may deploy `card` now (from hand, or from the draw deck for a text's
    /// search: card-text 14-A "it is a normal deploy"); `pay`: its counters must fit in what
    /// is left this turn (false: the text deploys it for free).
    pub(crate) fn can_deploy_paying(&self, p: Player, card: CardRef, pay: bool) -> bool {
        let left = OnceCell::new();
        self.can_deploy_within(p, card, pay.then_some(&left))
    }

    /// [`GameState::can_deploy_paying`], the counters left read into `left` when a cost is
    /// checked (`None`: free). The deploy step's list asks it for every hand card, and the
    /// counters are a query of the texts: read once for the hand rather than once a card.
    pub(crate) fn can_deploy_within(
        &self,
        p: Player,
        card: CardRef,
        left: Option<&OnceCell<i16>>,
    ) -> bool {
        let d = self.facts(card);
        if !d.deployable() {
            return false;
        }
        let Some(planet) = self.current else {
            return false;
        };
        match d.kind {
            // A Double Impact card with an Effect half deploys as that Effect (card-text 16.1).
            Kind::Character | Kind::Weapon | Kind::Effect | Kind::Battle => {
                match self.cost(card) {
                    None => return false,
                    Some(c)
                        if left.is_some_and(|l| c > *l.get_or_init(|| self.counters_left())) =>
                    {
                        return false;
                    }
                    _ => {}
                }
                if d.is_effect() {
                    // "Each player may have only one Effect card deployed at a time."
                    return !self
                        .at(planet, p)
                        .iter()
                        .any(|c| self.facts(c.card).is_effect());
                }
                if d.diamond() {
                    return true;
                }
                if self.weapon_half_taken(p, card) {
                    return false;
                }
                match self.persona_planet(p, card) {
                    None => true,
                    // A second card of a persona at the current planet joins its stack.
                    Some(PersonaAt::Planet(pl)) => pl == planet && d.stackable(),
                    Some(PersonaAt::Objective) => false,
                }
            }
            Kind::Location => {
                // "When you change a Location card, you cannot change the planet."
                let (lp, site) = self.def(card).location.expect("deployable location");
                lp == planet && self.site().is_none_or(|(_, s)| s != site)
            }
            Kind::Starship => {
                self.options.starships == StarshipRules::DuelOfTheFates
                    && self.may_join_hyperspace(p, card)
            }
            _ => false,
        }
    }

    /// Deploys a hand card: to the current planet (hidden on the player's first turn there),
    /// a location on top of the pile, or a starship to the Hyperspace pile.
    pub(crate) fn deploy(&mut self, p: Player, card: CardRef) -> Flow {
        self.ts.podrace_open = false;
        self.remove_from_hand(p, card);
        self.put_in_play(p, card, true)
    }

    /// Deploys a card a text found in `p`'s draw deck (card-text 14-A: a normal deploy, to
    /// the current planet, hidden on a first turn there, or a starship to the Hyperspace
    /// pile); `pay`: it costs its counters (false: the text deploys it for free).
    pub(crate) fn deploy_from_deck(&mut self, p: Player, card: CardRef, pay: bool) -> Flow {
        let deck = &mut self.players[p.index()].deck;
        if let Some(i) = deck.iter().position(|&c| c == card) {
            deck.remove(i);
        }
        self.put_in_play(p, card, pay)
    }

    /// Says when `card`, just deployed (or turned) face up at `planet`, joined a stack: the
    /// face-up cards of its character or weapon there (hidden ones are not counted: that
    /// would tell what they are).
    pub(crate) fn say_stack(&mut self, p: Player, card: CardRef, planet: Planet) {
        let def = self.facts(card);
        if def.diamond() {
            return;
        }
        let cards = self
            .at(planet, p)
            .iter()
            .filter(|c| {
                let d = self.facts(c.card);
                // `&`: compares of facts read, no branch on each card.
                c.face_up & (d.kind == def.kind) & !d.diamond() & (d.persona_id == def.persona_id)
            })
            .count();
        if cards > 1 {
            self.emit(Event::Stacked {
                player: p,
                card,
                cards: cards.min(u8::MAX as usize) as u8,
            });
        }
    }

    /// Whether `card`, put into play now, would go face down: a character, weapon or Effect
    /// on a turn of the Hidden Cards rule (locations and starships never do).
    pub(crate) fn would_deploy_hidden(&self, card: CardRef) -> bool {
        self.ts.hidden && !matches!(self.def(card).kind, Kind::Location | Kind::Starship)
    }

    /// Puts a card taken from hand or deck into play (see [`GameState::deploy`]).
    fn put_in_play(&mut self, p: Player, card: CardRef, pay: bool) -> Flow {
        let planet = self.current.expect("checked");
        match self.def(card).kind {
            Kind::Location => {
                // The top location's text is in force: the one covered leaves the index.
                let locations = &mut self.planets[planet as usize].locations;
                let covered = locations.last().copied();
                locations.push(card);
                match covered {
                    Some(c) if self.card_listen.get(c.index()) != Some(&Listen::NONE) => {
                        self.zones_changed()
                    }
                    _ => self.zones_changed_for(card),
                }
                self.emit(Event::SiteChanged {
                    player: p,
                    card,
                    planet,
                });
            }
            Kind::Starship => {
                // "Starships are never deployed face down."
                self.players[p.index()].hyperspace.push(card);
                self.zones_changed_for(card);
                self.emit(Event::Deployed {
                    player: p,
                    card,
                    hidden: false,
                    to: DeployedTo::Hyperspace,
                });
            }
            _ => {
                if pay {
                    self.pay_counters(p, card);
                }
                let hidden = self.ts.hidden;
                self.at_mut(planet, p).push(InPlay {
                    card,
                    face_up: !hidden,
                });
                self.zones_changed_for(card);
                self.emit(Event::Deployed {
                    player: p,
                    card,
                    hidden,
                    to: DeployedTo::Planet(planet),
                });
                if !hidden {
                    self.say_stack(p, card, planet);
                }
                // "You can't use the game text of a hidden card until it is turned face up."
                if !hidden {
                    self.trigger(Trigger::Deployed(card))?;
                }
            }
        }
        Ok(())
    }

    /// Spends what deploying `card` costs, narrating the texts that changed the cost and,
    /// when this spending goes past the rules' six, those that let the turn hold more.
    fn pay_counters(&mut self, p: Player, card: CardRef) {
        let cost = self.cost(card).unwrap_or(0);
        let before = self.ts.spent;
        self.ts.spent += cost;
        if self.asks(Number::DeployCost) {
            let d = self.def(card);
            let printed = d.counters.unwrap_or(0) as i16;
            if cost != printed {
                let base = printed - d.fixed_counters as i16;
                let q = Query::new(Number::DeployCost, p)
                    .card(card)
                    .place(self.site());
                self.note_number(q, base);
            }
        }
        let six = super::turn::COUNTERS_PER_TURN;
        if before <= six && self.ts.spent > six && self.asks(Number::CountersPerTurn) {
            let q = Query::new(Number::CountersPerTurn, p).place(self.site());
            self.note_number(q, six);
        }
    }

    /// RULINGS.md E3: for uniqueness (rulebook "Diamond Cards", "Stackable Cards") an Armed &
    /// Dangerous card's weapon half counts as a card of that weapon's title, under the same
    /// rules as the separate weapon card. Whether `card` (a weapon, or an Armed & Dangerous
    /// card) meets a non-diamond card of its weapon title already in play for `p` (a weapon
    /// card, or an Armed & Dangerous card's half) where it may not join it: at another planet,
    /// or at the current one when `card`'s weapon is not stackable. A diamond weapon meets
    /// none. So a second Adi Gallia & Adi Gallia's Lightsaber joins the first one's stacks
    /// (both halves print the stack icon), and a second Boss Nass & Fambaa is a second Fambaa.
    pub(crate) fn weapon_half_taken(&self, p: Player, card: CardRef) -> bool {
        // Only weapons of a title some Armed & Dangerous card carries, and those cards, have a
        // key (`CardDef::weapon_key`): the title compared as a number.
        let Some(key) = self.facts(card).weapon_key else {
            return false;
        };
        let (diamond, stackable) = self.def(card).weapon_marks();
        if diamond {
            return false;
        }
        let clash = |c: CardRef| {
            // The packed facts first: most cards have another key or none.
            c != card && self.facts(c).weapon_key == Some(key) && !self.def(c).weapon_marks().0
        };
        crate::catalogue::Planet::ALL
            .into_iter()
            .filter(|&pl| !stackable || self.current != Some(pl))
            .any(|pl| self.at(pl, p).iter().any(|c| clash(c.card)))
    }

    // --- Boonta Eve Classic ----------------------------------------------------------------

    pub(crate) fn has_boonta(&self, p: Player) -> bool {
        self.players[p.index()]
            .objective
            .is_some_and(|o| self.def(o).objective_boonta)
    }

    /// Whether `card` (in hand or draw deck) may go to `p`'s objective now.
    pub(crate) fn can_deploy_to_objective(&self, p: Player, card: CardRef) -> bool {
        if !self.has_boonta(p) {
            return false;
        }
        let d = self.facts(card);
        let ps = &self.players[p.index()];
        // The cheapest test first (every card in hand is asked at every deploy decision, and
        // few are Podracer pilots or Podracers); the tests are pure, so order is free.
        let slot_free = match d.kind {
            Kind::Character => d.podracer_pilot() && ps.pilot.is_none(),
            Kind::Weapon => d.podracer() && ps.podracer.is_none(),
            _ => false,
        };
        slot_free
            && d.deployable()
            && self.cost(card).is_some_and(|c| c <= self.counters_left())
            && (d.diamond() || self.persona_planet(p, card).is_none())
    }

    /// Whether the turn's race flags let `p` play a lap card now (thrusted this turn, not
    /// refuelled, a lap of the thrust left): no card fits a lap otherwise ([`GameState::lap_fit`]).
    #[inline]
    pub(crate) fn laps_open(&self, p: Player) -> bool {
        self.ts.podrace_open
            && self.ts.thrusted
            && !self.ts.refueled
            && self.ts.laps_played < self.players[p.index()].thrust
    }

    /// "A matching Podracer Weapon card has the character's name in its card title."
    pub(crate) fn matching_podracer(&self, pilot: CardRef, podracer: CardRef) -> bool {
        let (a, b) = (self.def(pilot), self.def(podracer));
        a.traits.contains(Traits::PODRACER_PILOT)
            && b.traits.contains(Traits::PODRACER)
            && b.persona.contains(a.persona.as_str())
    }

    pub(crate) fn deploy_to_objective(&mut self, p: Player, card: CardRef) -> Flow {
        let from_hand = self.remove_from_hand(p, card);
        if !from_hand {
            let deck = &mut self.players[p.index()].deck;
            if let Some(i) = deck.iter().position(|&c| c == card) {
                deck.remove(i);
            }
        }
        self.pay_counters(p, card);
        let is_pilot = self.def(card).kind == Kind::Character;
        let ps = &mut self.players[p.index()];
        if is_pilot {
            ps.pilot = Some(card);
        } else {
            ps.podracer = Some(card);
        }
        self.zones_changed();
        // "Cards at your Objective are always face up (never hidden)."
        self.emit(Event::Deployed {
            player: p,
            card,
            hidden: false,
            to: DeployedTo::Objective,
        });
        self.trigger(Trigger::Deployed(card))?;
        // "When you deploy a Podracer pilot here, you may deploy a matching Podracer Weapon
        // card from your draw deck (and vice versa)."
        let ps = &self.players[p.index()];
        let other_free = if is_pilot {
            ps.podracer.is_none()
        } else {
            ps.pilot.is_none()
        };
        if from_hand && other_free {
            self.search = Some(Search {
                source: card,
                kind: if is_pilot {
                    SearchKind::Podracer
                } else {
                    SearchKind::Pilot
                },
            });
            self.phase = Phase::DeckSearch { searching: false };
        }
        Ok(())
    }

    /// Cards of the draw deck the pending search may take.
    pub(crate) fn search_candidates(&self, p: Player, out: &mut Vec<CardRef>) {
        let Some(s) = self.search else { return };
        let from = out.len();
        for &c in &self.players[p.index()].deck {
            let ok = match s.kind {
                SearchKind::Podracer => self.matching_podracer(s.source, c),
                SearchKind::Pilot => self.matching_podracer(c, s.source),
            };
            if ok && self.can_deploy_to_objective(p, c) {
                out.push(c);
            }
        }
        super::turn::deck_order_hidden(&mut out[from..]);
    }

    /// "When you're done searching through your draw deck for the specified card, you must
    /// reshuffle that deck ... if you didn't deploy that card ... you must take 1 DAMAGE as a
    /// penalty after you reshuffle."
    pub(crate) fn finish_search(&mut self, p: Player, took: Option<CardRef>) -> Flow {
        self.search = None;
        self.phase = Phase::Deploy;
        // The objective's cards are always face up.
        self.emit(Event::DeckSearched {
            player: p,
            took,
            hidden: false,
        });
        if let Some(c) = took {
            self.deploy_to_objective(p, c)?;
        }
        self.shuffle_deck(p);
        if took.is_none() {
            self.damage(p, 1)?;
        }
        Ok(())
    }

    // --- podracing -----------------------------------------------------------------------------

    /// The pilot at the objective, when it has its matching Podracer there.
    pub(crate) fn racing_pilot(&self, p: Player) -> Option<CardRef> {
        let ps = &self.players[p.index()];
        match (ps.pilot, ps.podracer) {
            (Some(a), Some(b)) if self.matching_podracer(a, b) => Some(a),
            _ => None,
        }
    }

    pub(crate) fn can_thrust(&self, p: Player) -> bool {
        self.ts.podrace_open
            && !self.ts.thrusted
            && !self.ts.refueled
            && self.racing_pilot(p).is_some()
    }

    /// Whether `card` from hand can be the next lap card, and whether as a handling card.
    /// One race per deploy step, in order: the Thrust token, then lap cards, then Refuel
    /// ("Before you Thrust ..., place a Thrust token"; "Once you have Refueled, you may not
    /// Thrust again in the same Deploy step"). Thrusting is read as playing lap cards; see the
    /// scenario test `a_deploy_step_races_in_order_thrust_then_lap_cards_then_refuel`.
    pub(crate) fn lap_fit(&self, p: Player, card: CardRef) -> Option<bool> {
        let ps = &self.players[p.index()];
        // The turn's race flags before the pilot's Podracer match (a name search): asked for
        // every card in hand at every deploy decision, and most turns have no race open.
        if !self.laps_open(p) {
            return None;
        }
        let pilot = self.racing_pilot(p)?;
        let d = self.def(card);
        // "You may not play Location cards as lap cards."
        if d.kind == Kind::Location || d.destiny.is_none() {
            return None;
        }
        let needed = ps.laps.len() as u8 + 1;
        // A Double Impact card stands for either half's number (`engine::double_impact`).
        let numbers = d.destiny_numbers();
        if numbers.contains(&needed) {
            return Some(false);
        }
        let fits = |h: u8| usable_handling(h) && numbers.contains(&h);
        // card-text 6: a text's second number (BP-34) is "in addition to" the pilot's own;
        // the limit of two handling cards a lap covers both.
        if (self.def(pilot).handling.is_some_and(fits)
            || self.extra_handling(p, pilot).is_some_and(fits))
            && self.lap_handling(p) < 2
        {
            return Some(true);
        }
        None
    }

    /// The second handling number a text gives `p`'s racing pilot (card-text 6), if any.
    pub(crate) fn extra_handling(&self, p: Player, pilot: CardRef) -> Option<u8> {
        if !self.asks(Number::Handling) {
            return None;
        }
        let q = Query::new(Number::Handling, p).card(pilot);
        match self.number(q, 0) {
            h @ 1..=9 => Some(h as u8),
            _ => None,
        }
    }

    /// The handling cards in the lap in progress: the cards whose destiny is not the number
    /// they stand for (a card of the needed number is never played as a handling card).
    /// Counted from the pile rather than kept, because lap cards can leave it: "you may lose
    /// them for damage or draw them to Even Up" once the draw deck is exhausted.
    pub(crate) fn lap_handling(&self, p: Player) -> usize {
        self.players[p.index()]
            .laps
            .iter()
            .enumerate()
            .filter(|&(i, &c)| {
                !self
                    .def(c)
                    .destiny_numbers()
                    .iter()
                    .any(|&n| n as usize == i + 1)
            })
            .count()
    }

    pub(crate) fn thrust(&mut self, p: Player) {
        self.ts.thrusted = true;
        let ps = &mut self.players[p.index()];
        ps.thrust = ps.thrust.saturating_add(1);
        let thrust = ps.thrust;
        self.emit(Event::Thrust { player: p, thrust });
    }

    pub(crate) fn play_lap(&mut self, p: Player, card: CardRef) -> Flow {
        let handling = self.lap_fit(p, card).expect("legal");
        // Played as handling by a text's number, not the pilot's own: the play-by-play
        // names the text.
        if handling
            && let Some(pilot) = self.racing_pilot(p)
            && self
                .def(pilot)
                .handling
                .is_none_or(|h| !self.def(card).destiny_numbers().contains(&h))
        {
            self.note_text(Query::new(Number::Handling, p).card(pilot), 0);
        }
        self.remove_from_hand(p, card);
        self.ts.laps_played += 1;
        let ps = &mut self.players[p.index()];
        let value = ps.laps.len() as u8 + 1;
        ps.laps.push(card);
        self.emit(Event::LapCard {
            player: p,
            card,
            value,
            handling,
        });
        self.lap_half(p, card, value, handling);
        if value == 6 {
            let ps = &mut self.players[p.index()];
            ps.lap_tokens += 1;
            let laps = std::mem::take(&mut ps.laps);
            ps.deck.extend(laps);
            let tokens = ps.lap_tokens;
            self.emit(Event::LapCompleted {
                player: p,
                laps: tokens,
            });
            self.shuffle_deck(p);
            if tokens >= 3 {
                // "Your opponent must immediately place the remaining cards in his draw deck
                // into his discard pile, and you win the game!"
                let o = &mut self.players[p.other().index()];
                let rest = std::mem::take(&mut o.deck);
                o.discard.extend(rest);
                let laps = std::mem::take(&mut o.laps);
                o.discard.extend(laps);
                return Err(self.end(Some(p), super::event::Victory::Podrace));
            }
        }
        Ok(())
    }

    /// Refuel: "one half his current Thrust, rounded up".
    pub(crate) fn refuel_limit(&self, p: Player) -> u8 {
        if !self.ts.podrace_open || !self.ts.thrusted || self.ts.refueled {
            return 0;
        }
        let thrust = self.players[p.index()].thrust;
        let n = thrust.div_ceil(2) as usize;
        n.min(self.players[p.index()].deck.len()) as u8
    }

    pub(crate) fn refuel(&mut self, p: Player, n: u8) -> Flow {
        self.ts.refueled = true;
        self.emit(Event::Refueled {
            player: p,
            count: n,
        });
        self.draw_to_hand(p, n as usize)
    }

    // --- starships: which evacuations may start --------------------------------------------

    pub(crate) fn evacuees(&self, p: Player, planet: crate::catalogue::Planet) -> Vec<CardRef> {
        self.at(planet, p)
            .iter()
            .filter(|c| self.evacuee(c))
            .map(|c| c.card)
            .collect()
    }

    /// Whether [`GameState::evacuees`] would take up any card of `p` at `planet`: asked for
    /// every planet at every deploy decision while an evacuation is possible, so without
    /// gathering the cards.
    pub(crate) fn has_evacuees(&self, p: Player, planet: crate::catalogue::Planet) -> bool {
        self.at(planet, p).iter().any(|c| self.evacuee(c))
    }

    /// A face-up character or weapon: what an evacuation takes up.
    fn evacuee(&self, c: &InPlay) -> bool {
        c.face_up && matches!(self.facts(c.card).kind, Kind::Character | Kind::Weapon)
    }

    pub(crate) fn is_class(&self, card: CardRef, class: StarshipClass) -> bool {
        self.facts(card).is_class(class)
    }
}

/// Whether a pilot's handling number `h` can ever be used: handling 0, 7, 8 and 9 cannot, no
/// card shows them (card-text 6; the rulebook's "Ratts Tyerell gets a 6, which he can't use"
/// is its slip for his 7). A 6 can: a handling card represents "any number needed in a lap
/// sequence".
#[inline]
pub(crate) fn usable_handling(h: u8) -> bool {
    (1..=6).contains(&h)
}
