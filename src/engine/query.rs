//! The one query for every number, and the calls to card texts (`text.rs` describes the
//! design). Every number of the rules that text may change is asked here with its context,
//! by the rules and, through `PlayerView`, by the agents.

use std::sync::Arc;

use super::event::Event;
use super::player::{CardRef, Player};
use super::state::{Flow, GameState};
use super::text::{
    Arena, CardText, Listen, Num, Number, Query, Text, Texts, Trigger, WHOLE_TEXT, Window,
};
use crate::catalogue::Planet;

impl GameState {
    /// The number `q` asks, starting from the rules' value `base`: every text in force that
    /// listens to `q.number` changes it, then lasting effects. No listener: `base`, after one
    /// bit test.
    #[inline]
    pub fn number(&self, q: Query, base: i16) -> i16 {
        let bit = Listen::number(q.number);
        if !self.listen.any(bit) {
            return base;
        }
        self.number_slow(q, base, bit)
    }

    #[inline(never)]
    fn number_slow(&self, q: Query, base: i16, bit: Listen) -> i16 {
        let mut n = Num::new(base);
        let texts = &*self.texts;
        let extra = [q.card, q.weapon, q.battle_card];
        let hears = |c: &Option<CardRef>| c.is_some_and(|c| self.card_listen[c.index()].any(bit));
        if self.in_force_listen.any(bit) || extra.iter().any(hears) {
            self.each_text(texts, bit, extra, |text, me| {
                text.modify(self, me, &q, &mut n)
            });
        }
        for l in &self.text_state.lasting {
            if l.number == q.number
                && l.player == q.player
                && (l.target.is_none() || l.target == q.card)
            {
                n.add(l.add);
            }
        }
        n.value()
    }

    /// Tells the play-by-play which texts changed the number `q` asks (the rules' value
    /// `base`): one [`Event::TextUsed`] per ability (or lasting effect) that changed it. The
    /// rules call it where a changed number is used (a fighter's power in a fight, a defeated
    /// card's damage, a deploy cost), after the number came out different from `base`, so an
    /// unchanged number costs nothing more.
    pub(crate) fn note_number(&mut self, q: Query, base: i16) {
        self.note(q, base, true);
    }

    /// As [`GameState::note_number`] for a number that says whether a text takes effect (a
    /// card saved, weapons ignored, a fighter fighting again): the play-by-play names the
    /// text and the card it acted on (`q.card`), not a number.
    pub(crate) fn note_text(&mut self, q: Query, base: i16) {
        self.note(q, base, false);
    }

    fn note(&mut self, q: Query, base: i16, as_number: bool) {
        let bit = Listen::number(q.number);
        if !self.listen.any(bit) {
            return;
        }
        // At most a handful of texts change one number; more than eight go unnarrated.
        let mut seen = [None::<(CardRef, u8, i16)>; 8];
        let mut len = 0;
        let mut n = Num::new(base);
        let texts = Arc::clone(&self.texts);
        self.each_text(
            &texts,
            bit,
            [q.card, q.weapon, q.battle_card],
            |text, me| {
                text.explain(self, me, &q, &mut n, &mut |ability, by| {
                    if len < seen.len() {
                        seen[len] = Some((me, ability, by));
                        len += 1;
                    }
                })
            },
        );
        for l in &self.text_state.lasting {
            if l.number == q.number
                && !l.said
                && l.player == q.player
                && (l.target.is_none() || l.target == q.card)
                && len < seen.len()
            {
                seen[len] = Some((l.source, WHOLE_TEXT, l.add));
                len += 1;
            }
        }
        for (card, ability, by) in seen.into_iter().flatten() {
            self.emit(Event::TextUsed {
                player: self.owner(card),
                card,
                ability,
                on: q.card,
                number: as_number.then_some(q.number),
                by: if as_number { by } else { 0 },
            });
        }
    }

    /// Tells the play-by-play that ability `ability` of `card`'s text took effect (on `on`,
    /// if it acted on a card): the rules call it for every text that does something other
    /// than change a number.
    pub(crate) fn text_used(&mut self, card: CardRef, ability: u8, on: Option<CardRef>) {
        self.emit(Event::TextUsed {
            player: self.owner(card),
            card,
            ability,
            on,
            number: None,
            by: 0,
        });
    }

    /// Tells the play-by-play that `player` declined a "you may" of ability `ability` of
    /// `card`'s text, when the card is public (its owner's opponent sees it): a text of a
    /// card in hand or face down, declined, would name a hidden card.
    pub(crate) fn text_declined(&mut self, player: Player, card: CardRef, ability: u8) {
        if self.view(self.owner(card).other()).def(card).is_some() {
            self.emit(Event::TextDeclined {
                player,
                card,
                ability,
            });
        }
    }

    /// Calls `f` for every text in force that listens to `bit`: the face-up cards in play
    /// (evacuees included while their evacuation lasts, and under Battle of Naboo rules its
    /// transport and the starfighter intercepting it), then each of `extra` (the card asked
    /// about, the weapon and battle card in use) that is elsewhere than at a planet. Face-down
    /// cards at a planet are never asked. `texts` is the game's own table: a card's bits are
    /// read from `card_listen`, so a card without the bit costs one load and test.
    #[inline]
    fn each_text<F: FnMut(&CardText, CardRef)>(
        &self,
        texts: &Texts,
        bit: Listen,
        extra: [Option<CardRef>; 3],
        mut f: F,
    ) {
        debug_assert_eq!(
            self.in_force,
            self.walk_in_force(),
            "the index of texts in force is stale: a zone changed without zones_changed()"
        );
        let listen = &*self.card_listen;
        let hears = |c: CardRef| listen[c.index()].any(bit);
        let mut call = |c: CardRef| {
            if hears(c)
                && let Some((_, text)) = texts.get(self.def_id(c))
            {
                f(text, c);
            }
        };
        for &c in &self.in_force {
            call(c);
        }
        let ev = self.evacuation.as_deref();
        // Where an extra card is is looked up only when its text listens.
        for (i, e) in extra.iter().enumerate() {
            let Some(c) = *e else { continue };
            if !hears(c) || extra[..i].contains(&Some(c)) || self.visited(c, ev) {
                continue;
            }
            call(c);
        }
    }

    /// The cards with text in force, in the order texts are asked: the face-up cards at each
    /// planet (its top location first), objectives, Podracer pilots and Podracers, the
    /// Hyperspace piles, then evacuees while an evacuation lasts (card-text 13: an evacuee,
    /// face up when taken up, counts until the evacuation is resolved; the transport played
    /// from hand under Battle of Naboo rules is a fighter, not an evacuee).
    pub(crate) fn walk_in_force(&self) -> Vec<CardRef> {
        let mut out = Vec::new();
        self.walk_in_force_into(&mut out);
        out
    }

    /// [`GameState::walk_in_force`] into `out` (emptied first).
    fn walk_in_force_into(&self, out: &mut Vec<CardRef>) {
        out.clear();
        let listen = &*self.card_listen;
        let mut put = |c: CardRef| {
            if listen[c.index()] != Listen::NONE {
                out.push(c);
            }
        };
        for planet in &self.planets {
            if let Some(&top) = planet.locations.last() {
                put(top);
            }
            for list in &planet.cards {
                for c in list {
                    if c.face_up {
                        put(c.card);
                    }
                }
            }
        }
        for ps in &self.players {
            for c in ps.objective.into_iter().chain(ps.pilot).chain(ps.podracer) {
                put(c);
            }
            for &c in &ps.hyperspace {
                put(c);
            }
        }
        if let Some(ev) = self.evacuation.as_deref() {
            for &c in &self.players[ev.player.index()].held {
                if Some(c) != ev.transport {
                    put(c);
                }
            }
            // Battle of Naboo rules: the transport is played to the table for the evacuation,
            // and the starfighter intercepting it for their starship battle.
            for c in [ev.transport, ev.intercept.map(|i| i.starfighter)]
                .into_iter()
                .flatten()
            {
                put(c);
            }
        }
    }

    /// Rebuilds the index of texts in force (`in_force`, `in_force_listen`). The rules call
    /// it after every change of the cards in play, face up, at objectives, in Hyperspace or
    /// evacuating, so that a query walks only the cards with text in force and a number none
    /// of them listens to costs a bit test (debug builds check the index at every query).
    pub(crate) fn zones_changed(&mut self) {
        // No card of this game has text (the card table says so): nothing to index.
        if self.listen == Listen::NONE {
            return;
        }
        // The list's buffer is reused: no allocation once it has grown.
        let mut cards = std::mem::take(&mut self.in_force);
        self.walk_in_force_into(&mut cards);
        let mut by = [Listen::NONE; 2];
        for &c in &cards {
            let owner = self.owner(c).index();
            by[owner] = by[owner].union(self.card_listen[c.index()]);
        }
        self.in_force = cards;
        self.in_force_listen = by[0].union(by[1]);
        self.in_force_listen_by = by;
    }

    /// [`GameState::zones_changed`] after a change that moved only `card` into or out of the
    /// zones the index reads (or turned it face up): a card whose text listens to nothing is
    /// never in the index, so the index stands as it was and is not rebuilt.
    #[inline]
    pub(crate) fn zones_changed_for(&mut self, card: CardRef) {
        match self.card_listen.get(card.index()) {
            Some(&l) if l == Listen::NONE => {}
            _ => self.zones_changed(),
        }
    }

    /// Whether [`GameState::each_text`]'s walk of the cards in play reaches `c`, or passes it
    /// face down at a planet.
    fn visited(&self, c: CardRef, ev: Option<&super::state::Evacuation>) -> bool {
        let p = self.owner(c);
        let ps = &self.players[p.index()];
        ps.objective == Some(c)
            || ps.pilot == Some(c)
            || ps.podracer == Some(c)
            || ps.hyperspace.contains(&c)
            || self.planets.iter().any(|pl| {
                pl.locations.last() == Some(&c) || pl.cards[p.index()].iter().any(|x| x.card == c)
            })
            || ev.is_some_and(|ev| {
                ev.player == p && Some(c) != ev.transport && ps.held.contains(&c)
                    || ev.transport == Some(c)
                    || ev.intercept.is_some_and(|i| i.starfighter == c)
            })
    }

    /// Tells the texts in force of an event; each may change the state or ask a player.
    pub(crate) fn trigger(&mut self, t: Trigger) -> Flow {
        let bit = t.listen();
        if !self.listen.any(bit) {
            return Ok(());
        }
        let texts = Arc::clone(&self.texts);
        let mut cards = Vec::new();
        let about = match t {
            Trigger::Deployed(c)
            | Trigger::DestinyDrawn { card: c, .. }
            | Trigger::HitScored { card: c, .. } => [Some(c), None, None],
            Trigger::Defeated { card, .. } => [Some(card), None, None],
            // The battle card `p` uses in the fight (it is in hand, not in play).
            Trigger::DestinyDone(p) => [self.fight_battle_card(p), None, None],
            _ => [None; 3],
        };
        self.each_text(&texts, bit, about, |_, me| cards.push(me));
        for me in cards {
            if let Some((_, text)) = texts.get(self.def_id(me)) {
                text.react(self, me, t)?;
            }
        }
        Ok(())
    }

    /// The abilities `p` may use now at `window`: (card, option) pairs, in zone order.
    pub(crate) fn offers(&self, p: Player, window: Window, out: &mut Vec<(CardRef, u8)>) {
        if !self.listen.any(Listen::OFFERS) {
            return;
        }
        let mut options = Vec::new();
        // The battle cards of the fight in progress are asked too (BP-22: reveal the hand
        // when the card is turned up).
        let mut extra = [None; 3];
        if let Some(f) = self.battle.as_ref().and_then(|b| b.fight.as_ref()) {
            extra[0] = f.units[0].battle.map(|b| b.0);
            extra[1] = f.units[1].battle.map(|b| b.0);
        }
        self.each_text(&self.texts, Listen::OFFERS, extra, |text, me| {
            if self.owner(me) == p {
                options.clear();
                text.offers(self, me, window, &mut options);
                out.extend(options.iter().map(|&o| (me, o)));
            }
        });
    }

    /// Adds a lasting effect (text.rs), in force from now until its scope ends.
    pub fn add_lasting(&mut self, l: super::text::Lasting) {
        self.listen = self.listen.union(Listen::number(l.number));
        self.text_state.lasting.push(l);
    }

    /// Recomputes which texts the cards of this game listen to (after the table changes).
    pub(crate) fn refresh_listen(&mut self) {
        let mut bits = Listen::NONE;
        let cards: Arc<[Listen]> = self
            .table
            .cards
            .iter()
            .map(|&(_, def)| self.texts.listens(def))
            .collect();
        for &l in cards.iter() {
            bits = bits.union(l);
        }
        self.card_listen = cards;
        for l in &self.text_state.lasting {
            bits = bits.union(Listen::number(l.number));
        }
        self.listen = bits;
        self.zones_changed();
    }

    /// Replaces the card texts of this game (the pool's by default).
    pub fn with_texts(mut self, texts: Arc<Texts>) -> GameState {
        self.texts = texts;
        self.refresh_listen();
        self
    }

    /// Gives `card`'s definition (so every card of this game sharing it) the text `text`.
    pub fn with_text(self, card: CardRef, text: Arc<dyn Text>) -> GameState {
        let mut texts = (*self.texts).clone();
        texts.register(self.def_id(card), text);
        self.with_texts(Arc::new(texts))
    }

    // --- the numbers, each with the rules' value ------------------------------------------

    /// A fighter's power (printed power and the location bonus of the fight's place; `?`
    /// power counts 0 here, its destiny is drawn by the rules).
    pub(crate) fn power(&self, q: Query) -> i16 {
        let c = q.card.expect("power of a card");
        let d = self.def(c);
        let mut base = d.printed_power() as i16;
        if let (Some(planet), Some(site)) = (q.planet, q.site) {
            base += d.location_bonus(planet, site) as i16;
        }
        self.number(
            Query {
                number: Number::Power,
                ..q
            },
            base,
        )
    }

    /// The damage a defeated card deals its owner (never below 0).
    pub(crate) fn damage_of(&self, q: Query) -> u8 {
        let c = q.card.expect("damage of a card");
        let base = self.def(c).damage() as i16;
        self.number(
            Query {
                number: Number::Damage,
                ..q
            },
            base,
        )
        .clamp(0, u8::MAX as i16) as u8
    }

    /// Narrates the texts that made `q`'s damage `damage` (from [`GameState::damage_of`]):
    /// called once the defeat, which states the damage, is told.
    pub(crate) fn note_damage(&mut self, q: Query, damage: u8) {
        let c = q.card.expect("damage of a card");
        let base = self.def(c).damage() as i16;
        if damage as i16 != base {
            self.note_number(
                Query {
                    number: Number::Damage,
                    ..q
                },
                base,
            );
        }
    }

    /// Whether some text of this game (or a lasting effect) listens to `n`: when not, the
    /// rules' value is the answer, and the callers below skip building the query.
    #[inline]
    pub(crate) fn asks(&self, n: Number) -> bool {
        self.listen.any(Listen::number(n))
    }

    /// Whether [`GameState::number`] would answer the base for `n` asked about `cards` (the
    /// query's card, weapon and battle card) without reading a text: none in force and none
    /// of theirs listens to `n`, and no lasting effect runs. Agents ask numbers of every card
    /// in their inner loops; this lets them skip building the query.
    #[inline]
    pub(crate) fn plain_number(&self, n: Number, cards: [Option<CardRef>; 3]) -> bool {
        let bit = Listen::number(n);
        !self.listen.any(bit)
            || !self.in_force_listen.any(bit)
                && self.text_state.lasting.is_empty()
                && cards
                    .iter()
                    .all(|c| c.is_none_or(|c| !self.card_listen[c.index()].any(bit)))
    }

    /// A card's destiny number as drawn.
    pub(crate) fn destiny_of(&self, p: Player, card: CardRef) -> u8 {
        let base = self.def(card).destiny() as i16;
        if !self.asks(Number::Destiny) {
            return base as u8;
        }
        let q = Query::new(Number::Destiny, p).card(card);
        self.number(q, base).clamp(0, u8::MAX as i16) as u8
    }

    /// What deploying `card` costs (None: it cannot be deployed at all). Abilities change only
    /// the part that may change: an Armed & Dangerous card's weapon half is always paid in
    /// full (rulebook "Armed & Dangerous Cards").
    // Inlined: asked of every hand card at every deploy decision, mostly with no text that
    // changes costs in the game.
    #[inline]
    pub(crate) fn cost(&self, card: CardRef) -> Option<i16> {
        let printed = self.facts(card).counters? as i16;
        if !self.asks(Number::DeployCost) {
            return Some(printed);
        }
        self.cost_asked(card, printed)
    }

    /// [`GameState::cost`] in a game where a text may change costs.
    #[inline(never)]
    fn cost_asked(&self, card: CardRef, printed: i16) -> Option<i16> {
        let fixed = self.def(card).fixed_counters as i16;
        if self.plain_number(Number::DeployCost, [Some(card), None, None]) {
            return Some((printed - fixed).max(0) + fixed);
        }
        let q = Query::new(Number::DeployCost, self.owner(card))
            .card(card)
            .place(self.site());
        Some(self.number(q, printed - fixed).max(0) + fixed)
    }

    /// Counters `p` may deploy each turn.
    pub(crate) fn counters_per_turn(&self, p: Player) -> i16 {
        if self.plain_number(Number::CountersPerTurn, [None; 3]) {
            return super::turn::COUNTERS_PER_TURN;
        }
        // Only a text of `p`'s own changes `p`'s counters (text_templates/deploy.rs): when
        // none of theirs in force listens and no lasting effect runs, the walk of every text
        // in force (the opponent's Effect that listens, asked at each of `p`'s deploy
        // decisions) would answer the rules' six.
        let bit = Listen::number(Number::CountersPerTurn);
        if !self.in_force_listen_by[p.index()].any(bit) && self.text_state.lasting.is_empty() {
            return super::turn::COUNTERS_PER_TURN;
        }
        let q = Query::new(Number::CountersPerTurn, p).place(self.site());
        self.number(q, super::turn::COUNTERS_PER_TURN).max(0)
    }

    /// The hand size Even Up brings `p`'s hand to.
    pub(crate) fn even_up_size(&self, p: Player) -> usize {
        if !self.asks(Number::EvenUpHand) {
            return super::turn::HAND_SIZE;
        }
        let q = Query::new(Number::EvenUpHand, p);
        self.number(q, super::turn::HAND_SIZE as i16).max(0) as usize
    }

    /// How many characters battle card `card` makes fight together beyond its use lines.
    pub(crate) fn fight_together(&self, card: CardRef) -> Option<usize> {
        if !self.asks(Number::FightTogether) {
            return None;
        }
        let q = Query::new(Number::FightTogether, self.owner(card)).card(card);
        match self.number(q, 0) {
            n if n > 0 => Some(n as usize),
            _ => None,
        }
    }

    /// Whether `user` may use `weapon` and `battle_card` (a restriction says no: DM-50's
    /// characters use no weapon card, DF-23's tanks no weapon, V1-JC-3 no battle card).
    // Inlined: asked of every line an agent finds, and mostly no text restricts it.
    #[inline]
    pub(crate) fn may_use(
        &self,
        user: CardRef,
        weapon: Option<CardRef>,
        battle_card: Option<CardRef>,
    ) -> bool {
        self.plain_number(Number::MayUse, [Some(user), weapon, battle_card])
            || self.may_use_asked(user, weapon, battle_card)
    }

    /// [`GameState::may_use`] when a text may restrict it: the query asked.
    #[inline(never)]
    fn may_use_asked(
        &self,
        user: CardRef,
        weapon: Option<CardRef>,
        battle_card: Option<CardRef>,
    ) -> bool {
        let q = Query::new(Number::MayUse, self.owner(user))
            .card(user)
            .place(self.site())
            .weapon(weapon)
            .battle_card(battle_card);
        self.number(q, 1) > 0
    }

    /// [`GameState::may_use`], narrating the restriction when it forbids.
    pub(crate) fn may_use_noted(
        &mut self,
        user: CardRef,
        weapon: Option<CardRef>,
        battle_card: Option<CardRef>,
    ) -> bool {
        let ok = self.may_use(user, weapon, battle_card);
        if !ok {
            let q = Query::new(Number::MayUse, self.owner(user))
                .card(user)
                .place(self.site())
                .weapon(weapon)
                .battle_card(battle_card);
            self.note_number(q, 1);
        }
        ok
    }

    /// Whether fighter `card` of a unit that lost using `battle_card` is defeated (false: the
    /// card's text says only another member is), narrating the text that spared it.
    pub(crate) fn defeated_in_group(&mut self, card: CardRef, battle_card: CardRef) -> bool {
        if !self.asks(Number::Defeated) {
            return true;
        }
        let q = Query::new(Number::Defeated, self.owner(card))
            .card(card)
            .battle_card(Some(battle_card));
        let defeated = self.number(q, 1) > 0;
        if !defeated {
            self.note_number(q, 1);
        }
        defeated
    }

    /// Whether the bonus of battle card `battle_card` counts for `user` where its line's
    /// condition is left to the card's text (`bonus only if ...`: BP-22, BP-24).
    pub(crate) fn text_bonus(&self, user: Option<CardRef>, battle_card: CardRef) -> bool {
        if !self.asks(Number::BonusCounts) {
            return false;
        }
        let mut q = Query::new(Number::BonusCounts, self.owner(battle_card))
            .battle_card(Some(battle_card))
            .place(self.site());
        q.card = user;
        self.number(q, 0) > 0
    }

    /// The hits and extra dueling cards a duel hit scored with `card` gives.
    pub(crate) fn duel_hit(&self, card: CardRef, opponent: Option<CardRef>) -> (u8, u8) {
        let q = Query::new(Number::DuelHits, self.owner(card))
            .card(card)
            .arena(Arena::Duel)
            .opponent(opponent);
        let hits = self.number(q, 1).clamp(0, u8::MAX as i16) as u8;
        let cards = self
            .number(
                Query {
                    number: Number::DuelHitCards,
                    ..q
                },
                0,
            )
            .clamp(0, u8::MAX as i16) as u8;
        (hits, cards)
    }

    /// The place of a fight at the current planet: the planet and its top site.
    #[inline]
    pub(crate) fn place_of(&self, arena: Arena) -> Option<(Planet, u8)> {
        match arena {
            Arena::Space => None,
            _ => self.site(),
        }
    }
}
