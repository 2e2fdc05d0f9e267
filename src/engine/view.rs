//! What one player may see (README, Development: "Hidden information"; RULINGS.md R2): their own
//! hand, the public zones, counts — never the opponent's hand, hidden cards, battle plan or dueling
//! hand, nor the order of any deck. Discard piles show only their top card, except while a player
//! searches their own for the next planet's location.

use super::card_pool::CardDef;
use super::pending::Pending;
use super::player::{CardRef, Player};
use super::state::{GameState, Phase, PlanetState, PlanetStatus};
use super::text::{Arena, Number, Query, Text};
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

/// The public facts of a duel in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DuelView {
    pub initiator: Player,
    pub duelists: [Option<CardRef>; 2],
    pub weapons: [Option<CardRef>; 2],
    /// The attack value the player to act must block, if any.
    pub attack: Option<u8>,
}

pub struct PlayerView<'a> {
    state: &'a GameState,
    player: Player,
}

/// `d`'s printed power with its location bonus at `place` (none in space).
#[inline(always)]
fn printed_power_at(d: &CardDef, place: Option<(Planet, u8)>) -> i16 {
    let mut p = d.printed_power() as i16;
    if let Some((planet, site)) = place {
        p += d.location_bonus(planet, site) as i16;
    }
    p
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
    /// The whole state, for the rules code only: agents live outside `engine` and so can
    /// read nothing but the accessors below (README, Development: "Hidden information").
    pub(in crate::engine) fn state(&self) -> &'a GameState {
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

    /// The decision waiting above the phase (an ability window, a text's prompt), if any:
    /// when set, it is what the player to act answers.
    pub fn pending(&self) -> Option<Pending> {
        self.state.pending()
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

    /// Whether the numbers of a fight are the rules' values from printed facts and place
    /// (`engine::fight_numbers`): no face-up text in force nor lasting effect changes one.
    /// Then the cards at a planet have the numbers those cards, the planet and its site give
    /// them, unless a card's own text listens ([`PlayerView::fight_texts_at`]).
    pub fn fight_numbers_printed(&self) -> bool {
        self.state.fight_numbers_printed()
    }

    /// A version of `p`'s cards at `planet`: it changes whenever a card arrives there, leaves
    /// or turns face up (and may change when nothing did), never stays while they change.
    /// Two equal versions: the same cards, as the viewer sees them. It tells nothing a player
    /// at the table does not see happen.
    pub fn zone_version(&self, planet: Planet, p: Player) -> u64 {
        self.state.zone_versions[planet as usize][p.index()]
    }

    /// Whether a card of `p` at `planet` that the viewer sees (face up, or the viewer's own)
    /// has text of its own listening to a number of a fight: its numbers may then change
    /// while the cards stay as they are.
    pub fn fight_texts_at(&self, planet: Planet, p: Player) -> bool {
        let g = self.state;
        g.at(planet, p).iter().any(|c| {
            (c.face_up || p == self.player)
                && g.card_listen
                    .get(c.card.index())
                    .is_some_and(|l| l.any(super::fight_numbers::FIGHT_NUMBERS))
        })
    }

    /// Counters left to the active player this turn.
    pub fn counters_left(&self) -> i16 {
        self.state.counters_left()
    }

    pub fn hand(&self) -> &'a [CardRef] {
        &self.state.players[self.player.index()].hand
    }

    /// `p`'s hand, when a text has revealed it to the viewer this turn (BP-22, card-text
    /// 16.12); the viewer's own hand always.
    pub fn revealed_hand(&self, p: Player) -> Option<&'a [CardRef]> {
        (p == self.player || self.state.text_state.revealed_hand[p.index()])
            .then(|| self.state.players[p.index()].hand.as_slice())
    }

    pub fn hand_len(&self, p: Player) -> usize {
        self.state.players[p.index()].hand.len()
    }

    /// A player may count any draw deck (RULINGS.md R2); lap cards and dueling cards are still
    /// part of it.
    pub fn deck_len(&self, p: Player) -> usize {
        let ps = &self.state.players[p.index()];
        ps.deck.len() + ps.laps.len() + ps.duel_hand.len() + ps.duel_pile.len()
    }

    pub fn discard_len(&self, p: Player) -> usize {
        self.state.players[p.index()].discard.len()
    }

    /// What `card`, one of the viewer's cards of another kind used as a battle card by its own
    /// text (V1-JC-32), would add to the power of `before` placed just after it in the battle
    /// in progress, asked through the rules' power query; None when it may not be used so.
    pub fn text_battle_card_adds(&self, card: CardRef, before: CardRef) -> Option<i16> {
        let g = self.state;
        if g.owner(card) != self.player || !g.hand_battle_card(card, Some(before)) {
            return None;
        }
        let arena = if g.in_space_battle() {
            Arena::Space
        } else {
            Arena::Battle
        };
        let q = Query::new(Number::Power, g.owner(before))
            .card(before)
            .arena(arena)
            .place(g.place_of(arena));
        Some(g.power(q.battle_card(Some(card))) - g.power(q))
    }

    /// The viewer's own discard pile (the opponent's shows only its top card).
    pub fn own_discard(&self) -> &'a [CardRef] {
        &self.state.players[self.player.index()].discard
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

    /// Who controls each planet, which is current, which is still to come (public).
    pub fn planet_status(&self, planet: Planet) -> PlanetStatus {
        self.state.planets[planet as usize].status
    }

    /// As [`PlayerView::in_play`] without allocating: the cards of `p` at `planet`, with the
    /// definition of each card the viewer may see (own cards and face-up cards).
    pub fn seen_at(
        &self,
        planet: Planet,
        p: Player,
    ) -> impl Iterator<Item = (Seen, Option<&'a CardDef>)> + 'a {
        let g = self.state;
        let me = self.player;
        g.at(planet, p).iter().map(move |c| {
            if c.face_up || p == me {
                (
                    Seen::Card {
                        card: c.card,
                        face_up: c.face_up,
                    },
                    Some(g.def(c.card)),
                )
            } else {
                (Seen::Hidden, None)
            }
        })
    }

    /// The definition of one of the viewer's own cards, wherever it is. A player knows which
    /// cards make up their own deck; nothing here tells where a card is, nor the deck's order.
    pub fn own_def(&self, card: CardRef) -> Option<&'a CardDef> {
        (self.state.owner(card) == self.player).then(|| self.state.def(card))
    }

    /// Whether one of the viewer's own cards is in their draw deck (lap cards and dueling cards
    /// aside). The player may work this out: every other zone of their own cards is known to
    /// them (hand, discard pile, cards in play, Hyperspace, objective); it tells nothing of the
    /// deck's order.
    pub fn own_in_draw_deck(&self, card: CardRef) -> bool {
        self.state.owner(card) == self.player
            && self.state.players[self.player.index()].deck.contains(&card)
    }

    /// `p`'s Podracer pilot and Podracer at the objective (public: always face up).
    pub fn racers(&self, p: Player) -> (Option<CardRef>, Option<CardRef>) {
        let ps = &self.state.players[p.index()];
        (ps.pilot, ps.podracer)
    }

    /// Every card of the viewer's own deck list (objective included), in no particular order.
    pub fn own_cards(&self) -> impl Iterator<Item = (CardRef, &'a CardDef)> + 'a {
        let g = self.state;
        let me = self.player;
        (0..g.card_count())
            .map(CardRef::new)
            .filter(move |&c| g.owner(c) == me)
            .map(move |c| (c, g.def(c)))
    }

    /// What deploying `card` (one of the viewer's hand cards) face up at the current planet
    /// would do to the power of the face-up characters there, asked through the rules' own
    /// query with the card in play: the viewer's characters' gain minus the opponent's (an
    /// aura may reach both). For choosing a Double Impact card's Effect half (card-text 16.1)
    /// over keeping its battle half; 0 when the card is not in hand or no planet is current.
    pub fn deploy_power_gain(&self, card: CardRef) -> i16 {
        let g = self.state;
        let Some(planet) = g.current else { return 0 };
        if g.owner(card) != self.player || !g.players[self.player.index()].hand.contains(&card) {
            return 0;
        }
        let sum = |g: &GameState| -> i16 {
            let mut total = 0;
            for p in Player::BOTH {
                let sign = if p == self.player { 1 } else { -1 };
                for c in g.at(planet, p) {
                    if c.face_up && g.def(c.card).is_character() {
                        let q = Query::new(Number::Power, p)
                            .card(c.card)
                            .arena(Arena::Battle)
                            .place(g.place_of(Arena::Battle));
                        total += sign * g.power(q);
                    }
                }
            }
            total
        };
        let before = sum(g);
        let mut after = g.clone();
        after.remove_from_hand(self.player, card);
        after
            .at_mut(planet, self.player)
            .push(super::state::InPlay {
                card,
                face_up: true,
            });
        after.zones_changed();
        sum(&after) - before
    }

    /// What deploying a visible card costs (printed counters with ability changes); None when
    /// it cannot be deployed or the viewer cannot see it.
    pub fn cost(&self, card: CardRef) -> Option<i16> {
        if self.state.owner(card) != self.player && !self.visible(card) {
            return None;
        }
        self.state.cost(card)
    }

    /// The power `card` fights with at the current place, as the rules ask it (printed power,
    /// location bonus and what text changes; no weapon, battle card or destiny draw): the
    /// query of [`GameState::number`] with `arena` and, when given, the weapon used and the
    /// opposing card. None when the viewer cannot see the card.
    pub fn power(
        &self,
        card: CardRef,
        arena: Arena,
        weapon: Option<CardRef>,
        opponent: Option<CardRef>,
    ) -> Option<i16> {
        if self.state.owner(card) != self.player && !self.visible(card) {
            return None;
        }
        Some(self.power_query(card, arena, weapon, opponent))
    }

    fn power_query(
        &self,
        card: CardRef,
        arena: Arena,
        weapon: Option<CardRef>,
        opponent: Option<CardRef>,
    ) -> i16 {
        let q = Query::new(Number::Power, self.state.owner(card))
            .card(card)
            .arena(arena)
            .place(self.state.place_of(arena))
            .weapon(weapon)
            .opponent(opponent);
        self.state.power(q)
    }

    /// As [`PlayerView::power`], for a card whose definition `d` the viewer holds (read
    /// through this view): agents ask this in their inner loops. While no text can change the
    /// card's power (none in force listens, not its own, no lasting effect), the answer is read
    /// from `d` without looking for the card again; else the card must be one the viewer sees
    /// (else `d`'s printed reading is returned).
    // Inlined: the plain answer is cheaper than the call.
    #[inline(always)]
    pub fn power_of(&self, card: CardRef, d: &CardDef, arena: Arena) -> i16 {
        if self
            .state
            .plain_number(Number::Power, [Some(card), None, None])
        {
            return self.printed_power(d, arena);
        }
        self.power_of_asked(card, d, arena)
    }

    /// [`PlayerView::power_of`] in a battle at the current planet, for a caller that read
    /// the site ([`PlayerView::site`]) from this view already and passes it as `site`: the
    /// plain answer is then `d`'s printed power and location bonus without looking up the
    /// site again (agents ask this for every character they size up).
    #[inline(always)]
    pub fn battle_power_at(&self, card: CardRef, d: &CardDef, site: Option<(Planet, u8)>) -> i16 {
        debug_assert_eq!(site, self.state.place_of(Arena::Battle), "a stale site");
        if self
            .state
            .plain_number(Number::Power, [Some(card), None, None])
        {
            return printed_power_at(d, site);
        }
        self.power_of_asked(card, d, Arena::Battle)
    }

    /// [`PlayerView::power_of`] when a text may change the power.
    #[inline(never)]
    fn power_of_asked(&self, card: CardRef, d: &CardDef, arena: Arena) -> i16 {
        if self.state.owner(card) != self.player && !self.visible(card) {
            return self.printed_power(d, arena);
        }
        self.power_query(card, arena, None, None)
    }

    /// `d`'s printed power with its location bonus at the place of `arena`.
    #[inline]
    fn printed_power(&self, d: &CardDef, arena: Arena) -> i16 {
        printed_power_at(d, self.state.place_of(arena))
    }

    /// The damage `card` would deal its owner if defeated here (the rules' query). None when
    /// the viewer cannot see the card.
    pub fn damage(&self, card: CardRef, arena: Arena) -> Option<u8> {
        if self.state.owner(card) != self.player && !self.visible(card) {
            return None;
        }
        Some(self.damage_query(card, arena))
    }

    fn damage_query(&self, card: CardRef, arena: Arena) -> u8 {
        let q = Query::new(Number::Damage, self.state.owner(card))
            .card(card)
            .arena(arena)
            .place(self.state.place_of(arena));
        self.state.damage_of(q)
    }

    /// As [`PlayerView::damage`] for a card whose definition `d` the viewer holds (see
    /// [`PlayerView::power_of`]).
    // Inlined: the plain answer is cheaper than the call.
    #[inline(always)]
    pub fn damage_of(&self, card: CardRef, d: &CardDef, arena: Arena) -> u8 {
        if self
            .state
            .plain_number(Number::Damage, [Some(card), None, None])
        {
            return d.damage();
        }
        self.damage_of_asked(card, d, arena)
    }

    /// [`PlayerView::damage_of`] when a text may change the damage.
    #[inline(never)]
    fn damage_of_asked(&self, card: CardRef, d: &CardDef, arena: Arena) -> u8 {
        if self.state.owner(card) != self.player && !self.visible(card) {
            return d.damage();
        }
        self.damage_query(card, arena)
    }

    /// Counters the viewer may deploy in each of their turns, as things stand.
    pub fn counters_per_turn(&self) -> i16 {
        self.state.counters_per_turn(self.player)
    }

    /// The hand size Even Up brings the viewer's hand to.
    pub fn even_up_size(&self) -> usize {
        self.state.even_up_size(self.player)
    }

    /// What line `line` of `card` (a weapon or battle card of the viewer's in the fight in
    /// progress) would add in this fight, as the rules count it: (dots, chance cubes), both 0
    /// when the line's bonus is "only vs" cards the opposing unit does not hold. None when
    /// the card is not the viewer's or not in the fight.
    pub fn line_value_in_fight(&self, card: CardRef, line: u8) -> Option<(u8, u8)> {
        if self.state.owner(card) != self.player {
            return None;
        }
        self.state.line_value_in_fight(card, line as usize)
    }

    /// A fight text's number (`Number::Saved`, `IgnoredWeapons`, `FightsAgain`,
    /// `ResultDamage` for `player`, `TwoWeapons`; 0 by the rules), as the rules would ask it
    /// for `card` fighting here with `weapon` and `battle_card` against `opponent`: what the
    /// viewer's plan would make of those texts. None when the viewer cannot see a card named.
    pub fn fight_number(
        &self,
        number: Number,
        player: Player,
        card: CardRef,
        weapon: Option<CardRef>,
        battle_card: Option<CardRef>,
        opponent: Option<CardRef>,
    ) -> Option<i16> {
        let seen = |c: CardRef| self.state.owner(c) == self.player || self.visible(c);
        if ![Some(card), weapon, battle_card, opponent]
            .into_iter()
            .flatten()
            .all(seen)
        {
            return None;
        }
        if !self.state.asks(number) {
            return Some(0);
        }
        let q = Query::new(number, player)
            .card(card)
            .arena(Arena::Battle)
            .place(self.state.place_of(Arena::Battle))
            .weapon(weapon)
            .battle_card(battle_card)
            .opponent(opponent);
        Some(self.state.number(q, 0))
    }

    /// What the weapons of `p`'s unit in the fight in progress add there, as the rules count
    /// them (dots, chance cubes; an ignored weapon adds nothing). None outside a fight.
    pub fn weapons_in_fight(&self, p: Player) -> Option<(u8, u8)> {
        self.state.weapons_in_fight(p)
    }

    /// The bonus line of a weapon or battle card that works for `group` (the whole group of
    /// characters, or starships with `space`) fighting at the current place now, if any; the
    /// same reading the rules use. `first_in_plan`: the group opens the battle plan. Only cards
    /// the viewer may see are read.
    // Inlined: agents ask it hundreds of times a decision, and most answers are one cell of
    // the pool's table (a third of them "no line", settled without a call).
    #[inline]
    pub fn use_line(
        &self,
        card: CardRef,
        group: &[CardRef],
        first_in_plan: bool,
        space: bool,
    ) -> Option<&'a super::card_pool::Use> {
        // The line first: it is the cheaper test, and when no line fits, whether the viewer
        // may see the cards does not matter.
        let line = self
            .state
            .use_line_for(card, group, first_in_plan, space, false)?;
        self.line_if_usable(card, group, line)
    }

    /// The alternatives of `card`'s use lines (numbered across its lines in order, a bit
    /// each) of `size` members: a group of that size has a line ([`PlayerView::use_line`])
    /// only if all its members may fill one of them ([`PlayerView::group_member_alts`]).
    /// Every bit set when the card has more than 64 alternatives.
    pub fn group_alts(&self, card: CardRef, size: usize) -> u64 {
        let mut alts = 0u64;
        let mut k = 0;
        for u in &self.state.def(card).uses {
            for g in &u.rule.alts {
                if k >= 64 {
                    return u64::MAX;
                }
                if g.members.len() == size {
                    alts |= 1 << k;
                }
                k += 1;
            }
        }
        alts
    }

    /// The alternatives of two or more members of `card`'s use lines (numbered as in
    /// [`PlayerView::group_alts`]) that `fighter` may fill as one member: by the pool's table
    /// of printed-fact fits, or unsettled by it (a member the fight decides, a card with too
    /// many members to count), which count as filled. A group whose members share none of
    /// the alternatives of its size has no line, as the rules' reading (`line_fits_with`:
    /// each member of the group fills a member of one alternative) would find; agents that
    /// try many groups rule those out without reading the lines.
    pub fn group_member_alts(&self, card: CardRef, fighter: CardRef) -> u64 {
        let g = self.state;
        // The same row of the pool's table the rules read for a group (`group_fits`).
        let row = g.table.pool.member_fits(g.def_id(card), g.def_id(fighter));
        let mut alts = 0u64;
        let mut k = 0;
        for (line, u) in g.def(card).uses.iter().enumerate() {
            let bases = row.and_then(|(t, bits)| Some((t.members.as_ref()?.get(line)?, t, bits)));
            for (a, alt) in u.rule.alts.iter().enumerate() {
                if k >= 64 {
                    return u64::MAX;
                }
                let may = alt.members.len() >= 2
                    && match bases {
                        Some((bases, t, bits)) => (0..alt.members.len()).any(|mi| {
                            let bit = bases[a] as usize + mi;
                            bit >= 64
                                || t.situational_members >> bit & 1 == 1
                                || bits >> bit & 1 == 1
                        }),
                        None => true,
                    };
                if may {
                    alts |= 1 << k;
                }
                k += 1;
            }
        }
        alts
    }

    /// Line `line` of `card`, which [`PlayerView::use_line`] found for `group`, when the
    /// viewer may see the cards (a line read for unseen cards is never returned) and no
    /// restriction forbids the use.
    #[inline(never)]
    fn line_if_usable(
        &self,
        card: CardRef,
        group: &[CardRef],
        line: usize,
    ) -> Option<&'a super::card_pool::Use> {
        let seen = |c: CardRef| self.state.owner(c) == self.player || self.visible(c);
        if !seen(card) || !group.iter().all(|&c| seen(c)) {
            return None;
        }
        // A restriction the rules would apply (DF-23: tanks use no weapons; V1-JC-3: no
        // battle cards) makes the card work for nobody here.
        let d = self.state.def(card);
        let allowed = match d.kind {
            super::card_pool::Kind::Weapon => group
                .first()
                .is_none_or(|&u| self.state.may_use(u, Some(card), None)),
            super::card_pool::Kind::Battle => group
                .iter()
                .all(|&u| self.state.may_use(u, None, Some(card))),
            _ => true,
        };
        if !allowed {
            return None;
        }
        d.uses.get(line)
    }

    /// The duel in progress, as both players see it: the duelists and weapons (index by
    /// player) and the attack waiting to be blocked.
    pub fn duel(&self) -> Option<DuelView> {
        self.state.duel.as_ref().map(|d| DuelView {
            initiator: d.initiator,
            duelists: d.duelists,
            weapons: d.weapons,
            attack: d.attack,
        })
    }

    /// The destiny cards drawn in the fight or duel in progress (both players', as drawn in
    /// the open) and the number each counts for now, in games whose texts change them.
    pub fn drawn_destiny(&self) -> &'a [crate::engine::text::Drawn] {
        self.state.drawn_destiny()
    }

    /// `p`'s fighters in the battle fight in progress (turned up, so public).
    pub fn fight_fighters(&self, p: Player) -> [Option<CardRef>; 3] {
        self.state.fight_unit(p).map_or([None; 3], |u| u.cards)
    }

    /// The destiny number `card` shows when drawn (the rules' query), for a card the viewer
    /// holds or sees.
    pub fn destiny_value(&self, card: CardRef) -> Option<u8> {
        let g = self.state;
        let held = g.players[self.player.index()].hand.contains(&card);
        if g.owner(card) != self.player && !self.visible(card) && !held {
            return None;
        }
        Some(g.destiny_of(g.owner(card), card))
    }

    /// The cards game text adds to (or takes from) the dueling hand `duelist` would draw here
    /// (the rules' dueling-hand query, over a hand of 0).
    pub fn duel_hand_extra(&self, duelist: CardRef) -> i16 {
        let g = self.state;
        if !g.asks(Number::DuelHand) || g.owner(duelist) != self.player && !self.visible(duelist) {
            return 0;
        }
        let q = Query::new(Number::DuelHand, g.owner(duelist))
            .card(duelist)
            .arena(Arena::Duel)
            .place(g.site());
        g.number(q, 0)
    }

    /// The starship battle's planet, when the battle being planned is one.
    pub fn battle_in_space(&self) -> bool {
        self.state
            .battle
            .as_ref()
            .is_some_and(|b| b.space.is_some())
    }

    /// The viewer's own battle cards set aside for the battle in progress.
    pub fn own_battle_cards(&self) -> Vec<CardRef> {
        if self.state.battle.is_none() {
            return Vec::new();
        }
        self.state.held_battle_cards(self.player).collect()
    }

    /// The lap cards of the lap in progress (public: they are played face up).
    pub fn laps(&self, p: Player) -> &'a [CardRef] {
        &self.state.players[p.index()].laps
    }

    /// The evacuation in progress: who evacuates, from where, and (Battle of Naboo rules) the
    /// transport played for it, which is face up.
    pub fn evacuation(&self) -> Option<(Player, Planet, Option<&'a CardDef>)> {
        let g = self.state;
        g.evacuation
            .as_ref()
            .map(|e| (e.player, e.planet, e.transport.map(|t| g.def(t))))
    }

    /// Battle of Naboo rules: the starfighter intercepting the transport (face up), once played.
    pub fn interceptor(&self) -> Option<&'a CardDef> {
        let g = self.state;
        g.interception().map(|i| g.def(i.starfighter))
    }

    /// How many battle cards `p` has declared for the battle in progress (said out loud).
    pub fn battle_cards_held(&self, p: Player) -> usize {
        if self.state.battle.is_none() {
            return 0;
        }
        self.state.held_battle_cards(p).count()
    }

    /// The card's definition, when the viewer may see it.
    pub fn def(&self, card: CardRef) -> Option<&'a CardDef> {
        self.visible(card).then(|| self.state.def(card))
    }

    // Inlined: agents ask mostly about face-up cards at the current planet, found there
    // without a call.
    #[inline]
    fn visible(&self, card: CardRef) -> bool {
        let g = self.state;
        if let Some(cur) = g.current {
            let owner = g.owner(card);
            // `&` and `|`: one branch a card (found or not) rather than three.
            let own = owner == self.player;
            if g.planets[cur as usize].cards[owner.index()]
                .iter()
                .any(|c| (c.card == card) & (c.face_up | own))
            {
                return true;
            }
        }
        self.visible_anywhere(card)
    }

    /// [`PlayerView::visible`] in every zone.
    #[inline(never)]
    fn visible_anywhere(&self, card: CardRef) -> bool {
        let g = self.state;
        let me = self.player;
        let owner = g.owner(card);
        let ps = &g.players[owner.index()];
        let at = |pl: &PlanetState| {
            pl.locations.contains(&card)
                || pl.cards[owner.index()]
                    .iter()
                    .any(|c| c.card == card && (c.face_up || owner == me))
        };
        // Agents ask mostly about cards at the current planet: look there first.
        let public = g.current.is_some_and(|cur| at(&g.planets[cur as usize]))
            || ps.hyperspace.contains(&card)
            || ps.objective == Some(card)
            || ps.pilot == Some(card)
            || ps.podracer == Some(card)
            || ps.laps.contains(&card)
            || ps.duel_pile.contains(&card)
            || ps.discard.last() == Some(&card)
            || g.planets.iter().any(at);
        if public {
            return true;
        }
        // A card a text's prompt offers the viewer to choose: a card found by searching
        // their own draw deck, the top card of the opponent's they look at.
        if let Some(super::Pending::Prompt {
            player,
            source,
            key,
            ..
        }) = g.pending()
            && player == me
            && let Some((_, text)) = g.texts.get(g.def_id(source))
        {
            let mut answers = Vec::new();
            text.answers(g, source, key, &mut answers);
            if answers.contains(&super::Action::ChooseCard(card)) {
                return true;
            }
        }
        if owner != me {
            // A hand revealed by a text (BP-22, card-text 16.12) is shown until the turn ends.
            return g.text_state.revealed_hand[owner.index()] && ps.hand.contains(&card);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::builder::{Builder, Zone, fx};

    #[test]
    fn a_group_ruled_out_by_the_alternatives_its_members_fill_has_no_line() {
        // Rulebook "Fight Together": "Are You An Angel?" makes Anakin and Padmé fight as one.
        // Agents skip reading the lines of a group whose members share no alternative of its
        // size (`group_member_alts`): that must never skip a group with a line, and must
        // skip the groups with none that the printed facts settle.
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::BattleStep, Player::A);
        let here = Zone::At(Planet::Naboo, true);
        let anakin = b.add(
            Player::A,
            fx::character("Anakin Skywalker", "", 2, 2, 1),
            here,
        );
        let padme = b.add(
            Player::A,
            fx::character("Padmé Naberrie", "", 2, 3, 1),
            here,
        );
        let hero = b.add(Player::A, fx::character("Hero", "", 4, 1, 1), here);
        let other = b.add(Player::A, fx::character("Other", "", 3, 1, 1), here);
        let angel = b.add(
            Player::A,
            fx::battle("Are You An Angel?", &[("Anakin and Padmé together", 3, 0)]),
            Zone::Hand,
        );
        let g = b.build();
        let view = g.view(Player::A);
        let (two, three) = (view.group_alts(angel, 2), view.group_alts(angel, 3));
        assert_ne!(two, 0);
        assert_eq!(three, 0);
        let fills = |c| view.group_member_alts(angel, c);
        assert_ne!(two & fills(anakin) & fills(padme), 0);
        assert!(
            view.use_line(angel, &[anakin, padme], false, false)
                .is_some()
        );
        assert_eq!(fills(hero), 0, "Hero is neither Anakin nor Padmé");
        let fighters = [anakin, padme, hero, other];
        let mut ruled_out = 0;
        for (i, &x) in fighters.iter().enumerate() {
            for &y in &fighters[i + 1..] {
                if two & fills(x) & fills(y) == 0 {
                    ruled_out += 1;
                    assert_eq!(view.use_line(angel, &[x, y], false, false), None);
                }
            }
        }
        // Every pair but Anakin and Padmé.
        assert_eq!(ruled_out, 5);
    }
}
