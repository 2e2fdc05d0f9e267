//! Lightsaber duels (rulebook "Lightsaber Dueling", "Passing in a duel", "How does a character
//! get defeated in a duel?", "What happens if neither character is defeated?"; RULINGS.md R4).

use super::card_pool::Kind;
use super::card_traits::Traits;
use super::event::{DiscardReason, Event, PowerParts};
use super::player::{CardRef, Player};
use super::state::{Duel, Flow, GameState, Phase};
use super::text::{Arena, Number, Query, Trigger};

impl GameState {
    /// Duels the active player may initiate: one of their face-up dueling characters and a
    /// lightsaber there usable by it, against one of the opponent's face-up characters.
    /// RULINGS.md E2 (rulebook "Lightsaber Dueling"): "When you initiate a duel, choose one
    /// of your dueling characters and a lightsaber Weapon card there usable by that
    /// character"; an Armed & Dangerous character's lightsaber half is its own (and its only
    /// weapon: a weapon card is never used by it).
    pub(crate) fn duel_options(&self, out: &mut Vec<super::action::Action>) {
        if self.ts.duel_done {
            return;
        }
        let p = self.active;
        let Some(planet) = self.current else { return };
        // The targets are walked afresh for each saber found (a decision's few cards) rather
        // than gathered into a vector at every battle step.
        let targets = || self.face_up_characters(p.other());
        if targets().next().is_none() {
            return;
        }
        let mut offer = |duelist: CardRef, saber: CardRef| {
            out.extend(targets().map(|target| super::action::Action::Duel {
                duelist,
                saber,
                target,
            }));
        };
        for duelist in self.face_up_characters(p) {
            let dd = self.def(duelist);
            if !dd.traits.contains(Traits::DUELING) {
                continue;
            }
            if dd.armed {
                if dd
                    .weapon_half
                    .as_ref()
                    .is_some_and(|(_, t)| t.contains(Traits::LIGHTSABER))
                    && self.duel_line(duelist, duelist).is_some()
                {
                    offer(duelist, duelist);
                }
            } else {
                for c in self.at(planet, p) {
                    let d = self.def(c.card);
                    if c.face_up
                        && d.kind == Kind::Weapon
                        && d.traits.contains(Traits::LIGHTSABER)
                        && self.duel_line(c.card, duelist).is_some()
                    {
                        offer(duelist, c.card);
                    }
                }
            }
        }
    }

    /// The line of `weapon` that `duelist` may use in a duel (an Armed & Dangerous card's
    /// weapon half is `weapon == duelist`).
    fn duel_line(&self, weapon: CardRef, duelist: CardRef) -> Option<usize> {
        self.use_line_for(weapon, &[duelist], false, false, true)
            // A restriction forbids it (DF-23: tanks use no weapons, in duels too: card-text
            // 16.10).
            .filter(|_| weapon == duelist || self.may_use(duelist, Some(weapon), None))
    }

    pub(crate) fn start_duel(&mut self, duelist: CardRef, saber: CardRef, target: CardRef) {
        let p = self.active;
        let mut duelists = [None, None];
        let mut weapons = [None, None];
        duelists[p.index()] = Some(duelist);
        duelists[p.other().index()] = Some(target);
        weapons[p.index()] = Some(saber);
        self.duel = Some(Box::new(Duel {
            initiator: p,
            duelists,
            weapons,
            to_act: p,
            attack: None,
            hits: [0, 0],
            passed: [false, false],
            hands: 0,
            destiny: [0, 0],
            drew_power: [false, false],
            hit: None,
        }));
        self.ts.duel_done = true;
        self.phase = Phase::DuelDefender;
    }

    /// "If your opponent has a dueling character at the same location, then your opponent may
    /// choose that character to defend instead."
    pub(crate) fn defender_options(&self, out: &mut Vec<CardRef>) {
        let d = self.duel.as_ref().expect("duel");
        let o = d.initiator.other();
        let target = d.duelists[o.index()].expect("target");
        out.push(target);
        // Jar Jar Binks, Gungan Outcast (V1-JC-3) "may not be defended in a duel" (card-text
        // 8): when he is chosen, no one defends in his place.
        if self.asks(Number::DefendedInDuel) {
            let q = Query::new(Number::DefendedInDuel, o)
                .card(target)
                .arena(Arena::Duel);
            if self.number(q, 1) <= 0 {
                return;
            }
        }
        out.extend(
            self.face_up_characters(o)
                .filter(|&c| c != target && self.def(c).traits.contains(Traits::DUELING)),
        );
    }

    /// Whether the defending duelist is an Armed & Dangerous card.
    pub(crate) fn duel_defender_armed(&self) -> bool {
        let d = self.duel.as_ref().expect("duel");
        d.duelists[d.initiator.other().index()].is_some_and(|c| self.def(c).armed)
    }

    pub(crate) fn set_defender(&mut self, card: CardRef) {
        let d = self.duel.as_mut().expect("duel");
        let o = d.initiator.other();
        d.duelists[o.index()] = Some(card);
        self.phase = Phase::DuelWeapon;
    }

    /// "The defender may choose one Weapon card usable by the defending character (it doesn't
    /// have to be a lightsaber)." An Armed & Dangerous defender always has its weapon half
    /// (rulebook "Armed & Dangerous Cards": "in its fights it always has its weapon"), and no
    /// other.
    pub(crate) fn defender_weapons(&self, out: &mut Vec<CardRef>) {
        let d = self.duel.as_ref().expect("duel");
        let o = d.initiator.other();
        let duelist = d.duelists[o.index()].expect("defender");
        if self.def(duelist).armed {
            out.push(duelist);
            return;
        }
        let Some(planet) = self.current else { return };
        for c in self.at(planet, o) {
            if c.face_up
                && self.def(c.card).kind == Kind::Weapon
                && self.duel_line(c.card, duelist).is_some()
            {
                out.push(c.card);
            }
        }
    }

    /// The defender's weapon is chosen: the exceptions, then the dueling hands.
    pub(crate) fn begin_duel(&mut self, weapon: Option<CardRef>) -> Flow {
        let d = self.duel.as_mut().expect("duel");
        let init = d.initiator;
        d.weapons[init.other().index()] = weapon;
        let duelists = d.duelists.map(|x| x.expect("duelist"));
        let attacker_weapon = d.weapons[init.index()];
        self.emit(Event::DuelStarted {
            attacker: duelists[init.index()],
            defender: duelists[init.other().index()],
            attacker_weapon,
            defender_weapon: weapon,
        });
        // "Second Exception: When a character printed with 0 DAMAGE has to fight in a duel,
        // that character is simply discarded ... That duel is over immediately."
        for p in [init.other(), init] {
            let c = duelists[p.index()];
            if self.def(c).damage == Some(0) {
                let planet = self.current.expect("planet");
                self.remove_from_planet(planet, p, c);
                self.players[p.index()].discard.push(c);
                self.emit(Event::DuelZeroDamage { card: c });
                self.emit(Event::DuelEnded {
                    defeated: Some(c),
                    hits: [0, 0],
                    due: 0,
                    damage: 0,
                });
                self.duel = None;
                self.phase = Phase::BattleStep;
                return Ok(());
            }
        }
        self.phase = Phase::DuelPlay;
        // "When he is dueled" (V1-JC-21): before the dueling hands; a text may end the duel.
        self.trigger(Trigger::Dueled(duelists[init.other().index()]))?;
        self.continue_duel()
    }

    /// Plays the duel on from where it stopped, until a player must decide (a duel move, or a
    /// pending decision: a text's prompt while a hand is drawn or a hit is scored): the
    /// dueling hands (the initiator's first), then the hit being scored, then the next move.
    pub(crate) fn continue_duel(&mut self) -> Flow {
        while self.pending.is_empty() {
            let Some(d) = self.duel.as_ref() else {
                return Ok(());
            };
            if d.hands < 2 {
                let p = if d.hands == 0 {
                    d.initiator
                } else {
                    d.initiator.other()
                };
                let c = d.duelists[p.index()].expect("duelist");
                // Anakin (power `?`) "draws destiny to find out his power" first ("First
                // Exception"): a destiny draw, so texts may stop it for a decision (EBN-P9's
                // redraw); the hand is drawn once nothing is pending.
                if self.def(c).draws_power() && !d.drew_power[p.index()] {
                    self.duel.as_mut().expect("duel").drew_power[p.index()] = true;
                    let v = self.draw_destiny(p)? as i16;
                    if let Some(d) = self.duel.as_mut() {
                        d.destiny[p.index()] += v;
                    }
                    continue;
                }
                self.draw_duel_hand(p);
                self.duel.as_mut().expect("duel").hands += 1;
                continue;
            }
            if d.hit.is_some() {
                self.mark_hit()?;
                continue;
            }
            return self.advance_duel();
        }
        Ok(())
    }

    /// Draws `p`'s dueling hand.
    fn draw_duel_hand(&mut self, p: Player) {
        let parts = self.duel_hand_size(p);
        let n = parts.total().clamp(0, u8::MAX as i16) as usize;
        let ps = &mut self.players[p.index()];
        // "If you can't draw enough cards ... you'll just have to make do."
        let take = n.min(ps.deck.len());
        let at = ps.deck.len() - take;
        let mut hand = ps.deck.split_off(at);
        hand.reverse();
        ps.duel_hand = hand;
        self.emit(Event::DuelHand {
            player: p,
            cards: take as u8,
            wanted: n as u8,
            parts,
        });
    }

    /// "Total up the power of your character, using all available power bonus dots (including
    /// bonuses for location and weapon). However, don't draw destiny to add power to the
    /// weapon." Anakin (power `?`) has drawn destiny for his power first ("First Exception").
    /// Returned by its parts (the play-by-play says why a hand has its size); a total below
    /// 0 draws no card.
    fn duel_hand_size(&mut self, p: Player) -> PowerParts {
        let d = self.duel.as_ref().expect("duel");
        let c = d.duelists[p.index()].expect("duelist");
        let weapon = d.weapons[p.index()];
        let opponent = d.duelists[p.other().index()];
        let destiny = d.destiny[p.index()];
        let q = Query::new(Number::Power, p)
            .card(c)
            .arena(Arena::Duel)
            .place(self.site())
            .weapon(weapon)
            .opponent(opponent);
        let def = self.def(c);
        let mut parts = PowerParts {
            printed: def.printed_power() as i16,
            location: self
                .site()
                .map_or(0, |(planet, s)| def.location_bonus(planet, s) as i16),
            ..PowerParts::default()
        };
        parts.text = self.power(q) - parts.printed - parts.location;
        if parts.text != 0 {
            self.note_number(q, parts.printed + parts.location);
        }
        parts.destiny = destiny;
        if let Some(w) = weapon
            && let Some(line) = self.duel_bonus_line(w, c, opponent)
        {
            parts.weapon += self.def(w).uses[line].dots as i16;
        }
        let hand = Query {
            number: Number::DuelHand,
            ..q
        };
        let total = self.number(hand, parts.total());
        if total != parts.total() {
            self.note_number(hand, parts.total());
        }
        parts.text += total - parts.total();
        parts
    }

    fn can_attack(&self, p: Player) -> bool {
        let d = self.duel.as_ref().expect("duel");
        !d.passed[p.index()] && !self.players[p.index()].duel_hand.is_empty()
    }

    /// Moves the turn of the duel past players who cannot attack (they passed, or have no
    /// cards); ends the duel when nobody can.
    fn advance_duel(&mut self) -> Flow {
        let d = self.duel.as_ref().expect("duel");
        if d.attack.is_some() {
            return Ok(());
        }
        let q = d.to_act;
        if self.can_attack(q) {
            return Ok(());
        }
        if self.can_attack(q.other()) {
            self.duel.as_mut().expect("duel").to_act = q.other();
            return Ok(());
        }
        self.finish_duel(None)
    }

    /// Legal duel moves of the player to act.
    pub(crate) fn duel_moves(&self, out: &mut Vec<super::action::Action>) {
        use super::action::Action;
        let d = self.duel.as_ref().expect("duel");
        let q = d.to_act;
        let hand = &self.players[q.index()].duel_hand;
        match d.attack {
            Some(v) => {
                // A block needs "the same Destiny number as your attack card" (either
                // half's, for a Double Impact card: `engine::double_impact`).
                for &c in hand {
                    let d = self.def(c);
                    if d.destiny() == v {
                        out.push(Action::DuelBlock(c));
                    }
                    if d.right_half_destiny() == Some(v) {
                        out.push(Action::DuelBlockRight(c));
                    }
                }
                out.push(Action::DuelNoBlock);
            }
            None => {
                for &c in hand {
                    out.push(Action::DuelAttack(c));
                    if self.def(c).right_half_destiny().is_some() {
                        out.push(Action::DuelAttackRight(c));
                    }
                }
                if self.may_pass(q) {
                    out.push(Action::DuelPass);
                }
            }
        }
    }

    /// An attack or a block: the card goes to the dueling pile and becomes the attack to block.
    /// `right`: a Double Impact card played as its right half, with that half's number.
    pub(crate) fn duel_play(&mut self, card: CardRef, block: bool, right: bool) -> Flow {
        let d = self.duel.as_mut().expect("duel");
        let q = d.to_act;
        let ps = &mut self.players[q.index()];
        ps.duel_hand.retain(|&c| c != card);
        ps.duel_pile.push(card);
        let def = self.def(card);
        let half = def.right_half_destiny();
        let value = match half {
            Some(r) if right => r,
            _ => def.destiny(),
        };
        let d = self.duel.as_mut().expect("duel");
        d.attack = Some(value);
        d.to_act = q.other();
        if block {
            self.emit(Event::DuelBlock {
                player: q,
                card,
                value,
            });
        } else {
            self.emit(Event::DuelAttack {
                player: q,
                card,
                value,
            });
        }
        if half.is_some() {
            self.emit(Event::DestinyHalf {
                player: q,
                card,
                right,
                value,
            });
        }
        Ok(())
    }

    /// Whether `p`'s duelist may pass (Even Piell, V1-JC-16: "May not pass").
    fn may_pass(&self, p: Player) -> bool {
        if !self.asks(Number::MayPass) {
            return true;
        }
        let d = self.duel.as_ref().expect("duel");
        let q = Query::new(Number::MayPass, p)
            .card(d.duelists[p.index()].expect("duelist"))
            .arena(Arena::Duel);
        self.number(q, 1) > 0
    }

    /// No block: the attack scores a hit; "when the card that scores a hit has special dueling
    /// game text, you do what the card says" (its texts are told, and may ask the hitter),
    /// then the hit is marked; "After he marks the hit, then he gets to play the next attack."
    pub(crate) fn duel_no_block(&mut self) -> Flow {
        let d = self.duel.as_ref().expect("duel");
        let q = d.to_act;
        let hitter = q.other();
        let card = *self.players[hitter.index()]
            .duel_pile
            .last()
            .expect("an attack was played");
        let target = self.duel.as_ref().expect("duel").duelists[q.index()];
        let (hits, cards) = self.duel_hit(card, target);
        if (hits, cards) != (1, 0) {
            let base = Query::new(Number::DuelHits, hitter)
                .card(card)
                .arena(Arena::Duel)
                .opponent(target);
            if hits != 1 {
                self.note_number(base, 1);
            }
            if cards != 0 {
                self.note_number(
                    Query {
                        number: Number::DuelHitCards,
                        ..base
                    },
                    0,
                );
            }
        }
        let d = self.duel.as_mut().expect("duel");
        d.attack = None;
        d.to_act = q;
        d.hit = Some(super::state::DuelHit {
            card,
            on: q,
            hits,
            cards,
        });
        self.trigger(Trigger::HitScored {
            player: hitter,
            card,
        })?;
        self.continue_duel()
    }

    /// Marks the hit being scored, once its dueling text is done.
    fn mark_hit(&mut self) -> Flow {
        let d = self.duel.as_mut().expect("duel");
        let Some(hit) = d.hit.take() else {
            return Ok(());
        };
        let q = hit.on;
        d.hits[q.index()] = d.hits[q.index()].saturating_add(hit.hits);
        let hits = d.hits[q.index()];
        let duelist = d.duelists[q.index()].expect("duelist");
        self.emit(Event::DuelHit { player: q, hits });
        self.draw_into_duel_hand(q.other(), hit.cards);
        // "If the number of hits a Character card has taken equals or exceeds the printed
        // DAMAGE number on that character's card, then that character is defeated."
        if hits >= self.def(duelist).damage() {
            return self.finish_duel(Some(q));
        }
        self.open_window(q, super::text::Window::DuelHit);
        Ok(())
    }

    /// Up to `n` cards from the top of `p`'s draw deck into the dueling hand (card-text 9;
    /// they are still part of the draw deck, so this never loses the game).
    pub(crate) fn draw_into_duel_hand(&mut self, p: Player, n: u8) {
        if n == 0 {
            return;
        }
        let ps = &mut self.players[p.index()];
        let mut drew = 0;
        for _ in 0..n {
            if let Some(c) = ps.deck.pop() {
                ps.duel_hand.push(c);
                drew += 1;
            }
        }
        // Said, so that a reader knows the text's draw happened and how many cards it found.
        self.emit(Event::DuelDrew {
            player: p,
            cards: drew,
            wanted: n,
        });
    }

    /// The hit being scored in the duel in progress.
    pub(crate) fn scoring_hit(&self) -> Option<super::state::DuelHit> {
        self.duel.as_ref()?.hit
    }

    /// Adds `n` hits to the hit being scored.
    pub(crate) fn add_to_hit(&mut self, n: u8) {
        if let Some(h) = self.duel.as_mut().and_then(|d| d.hit.as_mut()) {
            h.hits = h.hits.saturating_add(n);
        }
    }

    /// Removes up to `n` hits from `p`'s duelist.
    pub(crate) fn remove_duel_hits(&mut self, p: Player, n: u8) {
        if let Some(d) = self.duel.as_mut() {
            let before = d.hits[p.index()];
            let left = before.saturating_sub(n);
            d.hits[p.index()] = left;
            // Said, so that the next "is hit (N hits so far)" adds up for a reader.
            if left < before {
                self.emit(Event::DuelHitsRemoved {
                    player: p,
                    removed: before - left,
                    left,
                });
            }
        }
    }

    /// Discards `card` from its owner's dueling pile (or hand) to the discard pile: it does
    /// not go back into the draw deck with the other dueling cards (card-text 16.6).
    pub(crate) fn discard_dueling_card(&mut self, card: CardRef) {
        let p = self.owner(card);
        let ps = &mut self.players[p.index()];
        let before = ps.duel_pile.len() + ps.duel_hand.len();
        ps.duel_pile.retain(|&c| c != card);
        ps.duel_hand.retain(|&c| c != card);
        if ps.duel_pile.len() + ps.duel_hand.len() < before {
            ps.discard.push(card);
            self.emit(Event::Discarded {
                player: p,
                card,
                reason: DiscardReason::Text,
            });
        }
    }

    /// RULINGS.md R4: a dueling player may pass instead of attacking; after that they may only
    /// block for the rest of the duel, and may not initiate a battle that turn.
    pub(crate) fn duel_pass(&mut self) -> Flow {
        let d = self.duel.as_mut().expect("duel");
        let q = d.to_act;
        d.passed[q.index()] = true;
        d.to_act = q.other();
        if q == self.active {
            self.ts.passed_in_duel = true;
        }
        self.emit(Event::DuelPass { player: q });
        let card = self.duel.as_ref().expect("duel").duelists[q.index()].expect("duelist");
        // "When he declares his first pass in a duel" (V1-JC-12, card-text 9).
        self.trigger(Trigger::DuelPassed { player: q, card })?;
        self.advance_duel()
    }

    /// Ends the duel in progress at once in a tie (V1-JC-21): neither duelist is defeated,
    /// and with the hits as they are (none before the dueling hands) nobody takes damage.
    pub(crate) fn end_duel_in_tie(&mut self) -> Flow {
        self.finish_duel(None)
    }

    /// The end of a duel: dueling cards are reshuffled into the draw decks, then damage.
    fn finish_duel(&mut self, defeated: Option<Player>) -> Flow {
        let d = *self.duel.take().expect("duel");
        // "A duel is considered to be a fight" (card-text 15): what lasts for a fight ends,
        // and both duelists have fought this turn.
        self.text_state.fought.extend(d.duelists.iter().flatten());
        self.text_state.end(super::text::Scope::Fight);
        for p in Player::BOTH {
            let ps = &mut self.players[p.index()];
            let hand = std::mem::take(&mut ps.duel_hand);
            let pile = std::mem::take(&mut ps.duel_pile);
            ps.deck.extend(hand);
            ps.deck.extend(pile);
            self.shuffle_deck(p);
        }
        self.phase = Phase::BattleStep;
        match defeated {
            Some(q) => {
                let c = d.duelists[q.index()].expect("duelist");
                let planet = self.current.expect("planet");
                self.remove_from_planet(planet, q, c);
                self.players[q.index()].discard.push(c);
                // "Discard the Character card and the Weapon card the character was using."
                let weapon =
                    d.weapons[q.index()].filter(|&w| self.remove_from_planet(planet, q, w));
                // "The loser ... must take damage equal to their printed damage (after
                // modifiers) minus the number of hits they scored on their opponent."
                let by = d.duelists[q.other().index()];
                let query = Query::new(Number::Damage, q)
                    .card(c)
                    .arena(Arena::Duel)
                    .place(self.site())
                    .weapon(d.weapons[q.index()])
                    .opponent(by);
                let printed = self.damage_of(query);
                self.emit(Event::Defeated {
                    player: q,
                    card: c,
                    damage: printed,
                });
                if let Some(w) = weapon {
                    self.players[q.index()].discard.push(w);
                    self.emit(Event::Discarded {
                        player: q,
                        card: w,
                        reason: DiscardReason::WithDefeated,
                    });
                }
                self.note_damage(query, printed);
                let scored = d.hits[q.other().index()];
                let damage = printed.saturating_sub(scored);
                self.emit(Event::DuelEnded {
                    defeated: Some(c),
                    hits: d.hits,
                    due: printed,
                    damage,
                });
                self.trigger(Trigger::Defeated {
                    card: c,
                    by: [by, None, None],
                })?;
                self.damage(q, damage)
            }
            None => {
                // "The player with the most hit tokens on his dueling character must now take
                // damage ... equal to the number of those hit tokens minus the hits they scored."
                let (a, b) = (d.hits[0], d.hits[1]);
                self.emit(Event::DuelEnded {
                    defeated: None,
                    hits: d.hits,
                    due: a.max(b),
                    damage: a.abs_diff(b),
                });
                if a > b {
                    self.damage(Player::A, a - b)
                } else if b > a {
                    self.damage(Player::B, b - a)
                } else {
                    Ok(())
                }
            }
        }
    }
}
