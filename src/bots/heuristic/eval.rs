//! Shared estimates: how strong a card is where the action is, what a weapon or battle card
//! adds, how a battle between two lines of fighters is likely to go.

use std::cell::{Cell, RefCell};

use super::lineups::Lineups;
use super::weights::Weights;
use crate::catalogue::{Planet, StarshipClass};
use crate::engine::card_pool::Use;
use crate::engine::{Arena, CardDef, CardRef, Kind, PlanetStatus, Player, PlayerView, Seen};

/// One decision's context: the view, the weights, and facts read once.
pub(super) struct Ctx<'v, 'a> {
    pub view: &'v PlayerView<'a>,
    pub w: &'v Weights,
    pub me: Player,
    pub opp: Player,
    pub site: Option<(Planet, u8)>,
    /// Several idle turns in a row: take the risks that break a standstill.
    pub restless: bool,
    /// Whether the opponent controls a planet (losing the current one loses the game), read
    /// at the first question: most decisions never ask it, and reading every planet's status
    /// at each decision was 1.5% of a game.
    deciding: Cell<Option<bool>>,
    /// Line-ups sized up in earlier decisions (`lineups.rs`).
    lineups: &'v Lineups,
    /// The agent's buffers for lists a decision builds, kept so as not to allocate them.
    pub scratch: &'v Scratch,
}

/// Buffers that a decision clears and fills rather than allocates (each borrowed by one
/// rule at a time, never across a call to another rule).
#[derive(Default)]
pub(super) struct Scratch {
    /// The deploy step's candidates: action, cost, value (`deploy::force`).
    pub deploys: RefCell<Vec<(crate::engine::Action, usize, f32)>>,
    /// Line-up vectors given back after use ([`Scratch::fighters`]).
    fighters: RefCell<Vec<Vec<Fighter>>>,
    /// A pairing's vector given back after use ([`Scratch::order`]).
    order: Cell<Vec<usize>>,
    /// Card lists given back after use ([`Scratch::cards`]).
    cards: RefCell<Vec<Vec<CardRef>>>,
    /// The deploy knapsack's table (`deploy::force`), taken and put back.
    pub knapsack: Cell<Vec<f32>>,
    /// A list of cards with their costs given back after use ([`Scratch::priced`]).
    priced: Cell<Vec<(CardRef, i16)>>,
}

impl Scratch {
    /// An empty line-up vector, one given back earlier when there is one: a line-up is
    /// sized up a hundred times a game, and allocating and freeing its vector each time cost
    /// about as much as copying it. Never fails: with none given back it is a new vector.
    pub fn fighters(&self) -> Vec<Fighter> {
        self.fighters.borrow_mut().pop().unwrap_or_default()
    }

    /// Gives back a vector from [`Scratch::fighters`] for a later decision to fill (a few
    /// are kept: no decision holds more than three at once).
    pub fn give(&self, v: Vec<Fighter>) {
        keep(&self.fighters, v);
    }

    /// An empty vector for a pairing ([`pair_into`]), the one given back earlier if any (a
    /// new one when it is in use).
    pub fn order(&self) -> Vec<usize> {
        self.order.take()
    }

    /// An empty list of cards, one given back earlier when there is one (the battle steps'
    /// units, battle cards and weapons, at every plan).
    pub fn cards(&self) -> Vec<CardRef> {
        self.cards.borrow_mut().pop().unwrap_or_default()
    }

    /// Gives back a list from [`Scratch::cards`] (a few are kept).
    pub fn give_cards(&self, v: Vec<CardRef>) {
        keep(&self.cards, v);
    }

    /// An empty list of cards with costs (the deploy step's weapon users), the one given
    /// back earlier if any (a new one when it is in use).
    pub fn priced(&self) -> Vec<(CardRef, i16)> {
        self.priced.take()
    }

    /// Gives back a list from [`Scratch::priced`].
    pub fn give_priced(&self, mut v: Vec<(CardRef, i16)>) {
        v.clear();
        self.priced.set(v);
    }

    /// Gives back a vector from [`Scratch::order`].
    pub fn give_order(&self, mut v: Vec<usize>) {
        v.clear();
        self.order.set(v);
    }
}

/// Keeps `v`, emptied, among `kept` for a later decision: at most four (no decision holds
/// more than three at once), and none that never allocated.
fn keep<T>(kept: &RefCell<Vec<Vec<T>>>, mut v: Vec<T>) {
    let mut kept = kept.borrow_mut();
    if kept.len() < 4 && v.capacity() > 0 {
        v.clear();
        kept.push(v);
    }
}

/// A character (or starship) with its expected power in a fight, and what losing it costs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Fighter {
    pub card: CardRef,
    pub strength: f32,
    pub damage: f32,
    pub weapon: Option<CardRef>,
    /// An Armed & Dangerous character: it fights with its own weapon half only.
    pub armed: bool,
}

impl<'v, 'a> Ctx<'v, 'a> {
    pub fn new(
        view: &'v PlayerView<'a>,
        w: &'v Weights,
        restless: bool,
        lineups: &'v Lineups,
        scratch: &'v Scratch,
    ) -> Ctx<'v, 'a> {
        let me = view.player();
        let opp = me.other();
        Ctx {
            view,
            w,
            me,
            opp,
            site: view.site(),
            restless,
            deciding: Cell::new(None),
            lineups,
            scratch,
        }
    }

    /// The opponent controls a planet: losing the current one loses the game.
    pub fn deciding(&self) -> bool {
        if let Some(d) = self.deciding.get() {
            return d;
        }
        let opp = self.opp;
        let d = Planet::ALL.into_iter().any(
            |p| matches!(self.view.planet_status(p), PlanetStatus::Controlled { by, .. } if by == opp),
        );
        self.deciding.set(Some(d));
        d
    }

    /// The definition of a card the agent may see (its own, or a public one).
    pub fn def(&self, card: CardRef) -> Option<&'a CardDef> {
        self.view.own_def(card).or_else(|| self.view.def(card))
    }

    /// Expected power of a character here, without any weapon: the rules' power query
    /// (printed power, location bonus and whatever text changes), and a `?` power's destiny
    /// draw. A dueling hand counts this (and the weapon's dots apart).
    // Inlined: asked for every character sized up, and most answers are the printed power
    // and the bonus at the site this context read once.
    #[inline]
    pub fn char_power(&self, c: CardRef, d: &CardDef) -> f32 {
        let mut s = self.view.battle_power_at(c, d, self.site) as f32;
        if d.draws_power() {
            s += self.w.estimates.destiny;
        }
        s
    }

    /// Expected power of a character fighting here: its power, and for an Armed & Dangerous
    /// card its own weapon half, which it always has in its fights and which no weapon card
    /// replaces (rulebook "Armed & Dangerous Cards"; the engine's fights add the line that
    /// fits it alone).
    pub fn char_strength(&self, c: CardRef, d: &CardDef) -> f32 {
        let mut s = self.char_power(c, d);
        if d.armed {
            s += self.adds(c, c, false, false).unwrap_or(0.0);
        }
        s
    }

    /// Expected power of a starship in a starship battle (the rules' power query;
    /// starfighters draw destiny).
    pub fn ship_strength(&self, c: CardRef, d: &CardDef) -> f32 {
        let mut s = self.view.power_of(c, d, Arena::Space) as f32;
        if d.starship == Some(StarshipClass::Starfighter) {
            s += self.w.estimates.destiny;
        }
        s
    }

    /// The damage a card deals its owner when defeated here (the rules' query).
    pub fn damage(&self, c: CardRef, d: &CardDef, arena: Arena) -> f32 {
        self.view.damage_of(c, d, arena) as f32
    }

    /// What a bonus line adds: its dots, and its chance cubes at the expected destiny.
    pub fn line_value(&self, u: &Use) -> f32 {
        u.dots as f32 + u.cubes as f32 * self.w.estimates.destiny
    }

    /// What `item` (a weapon or battle card) adds for `fighter` here, if it works for it.
    pub fn adds(&self, item: CardRef, fighter: CardRef, first: bool, space: bool) -> Option<f32> {
        self.view
            .use_line(item, &[fighter], first, space)
            .map(|u| self.line_value(u))
            // A card used as a battle card by its own text (V1-JC-32): what the rules add.
            .or_else(|| {
                self.view
                    .text_battle_card_adds(item, fighter)
                    .map(|n| n as f32)
            })
    }

    /// The best any line of a card could add, whoever uses it (for cards still in hand).
    pub fn best_line(&self, d: &CardDef) -> f32 {
        d.uses
            .iter()
            .filter(|u| !u.rule.is_nobody())
            .map(|u| self.line_value(u))
            .fold(0.0, f32::max)
    }

    /// The face-up characters of `p` at the current planet (and, for the viewer, its hidden
    /// ones when `hidden` is set), each with the best of the face-up weapons there assigned to
    /// it greedily; sorted strongest first. Also returns the opponent's hidden cards counted.
    pub fn ground(&self, p: Player, hidden: bool) -> (Vec<Fighter>, usize) {
        let mut fighters = Vec::new();
        let unseen = self.ground_into(p, hidden, &mut fighters);
        (fighters, unseen)
    }

    /// [`Ctx::ground`] written into `fighters` (cleared first), so that a caller may reuse a
    /// vector ([`Scratch::fighters`]); returns the opponent's hidden cards counted.
    pub fn ground_into(&self, p: Player, hidden: bool, fighters: &mut Vec<Fighter>) -> usize {
        fighters.clear();
        let Some(planet) = self.view.current_planet() else {
            return 0;
        };
        // Hidden cards add a fighter only for the viewer (the opponent's are never shown)
        // and only when it has a face-down character here: otherwise the line-up is the one
        // without them, sized up and kept once for both questions.
        #[cfg(debug_assertions)]
        let asked = hidden;
        let hidden = hidden
            && p == self.me
            && self.view.seen_at(planet, p).any(|(seen, def)| {
                matches!(seen, Seen::Card { face_up: false, .. })
                    && def.is_some_and(|d| d.kind == Kind::Character)
            });
        #[cfg(debug_assertions)]
        if asked != hidden {
            let (mut with, mut without) = (Vec::new(), Vec::new());
            assert_eq!(
                self.size_up(planet, p, asked, &mut with),
                self.size_up(planet, p, hidden, &mut without)
            );
            assert_eq!(with, without, "hidden cards that change the line-up");
        }
        if let Some(unseen) = self
            .lineups
            .get_into(self.view, planet, self.site, p, hidden, fighters)
        {
            // A stale line-up (a change the state key missed) fails here in the tests.
            #[cfg(debug_assertions)]
            {
                let mut fresh = Vec::new();
                let fresh_unseen = self.size_up(planet, p, hidden, &mut fresh);
                assert_eq!(
                    (&*fighters, unseen),
                    (&fresh, fresh_unseen),
                    "stale line-up"
                );
            }
            return unseen;
        }
        let unseen = self.size_up(planet, p, hidden, fighters);
        self.lineups
            .put(self.view, planet, self.site, p, hidden, fighters, unseen);
        unseen
    }

    /// [`Ctx::ground`] worked out, into `fighters` (empty).
    fn size_up(
        &self,
        planet: Planet,
        p: Player,
        hidden: bool,
        fighters: &mut Vec<Fighter>,
    ) -> usize {
        let cards = self.view.seen_at(planet, p);
        // Sized once: agents call this several times a decision, and growing the vector
        // push by push cost more than the estimate itself.
        fighters.reserve(cards.size_hint().0);
        let mut unseen = 0;
        for (seen, def) in cards {
            match (seen, def) {
                (Seen::Card { card, face_up }, Some(d))
                    if (face_up | hidden) & (d.kind == Kind::Character) =>
                {
                    fighters.push(Fighter {
                        card,
                        strength: self.char_strength(card, d),
                        damage: self.damage(card, d, Arena::Battle),
                        weapon: None,
                        armed: d.armed,
                    });
                }
                (Seen::Hidden, _) => unseen += 1,
                _ => {}
            }
        }
        // The face-up weapons, read again from the zone rather than gathered in a vector.
        let weapons = self
            .view
            .seen_at(planet, p)
            .filter_map(|(seen, def)| match (seen, def) {
                (
                    Seen::Card {
                        card,
                        face_up: true,
                    },
                    Some(d),
                ) if d.kind == Kind::Weapon => Some(card),
                _ => None,
            });
        self.arm(fighters, weapons, false);
        sort_strongest_first(fighters);
        unseen
    }

    /// The starships of `p`'s Hyperspace pile as fighters, strongest first.
    pub fn space(&self, p: Player) -> Vec<Fighter> {
        let mut fighters = Vec::new();
        self.space_into(p, &mut fighters);
        fighters
    }

    /// [`Ctx::space`] written into `fighters` (cleared first), so that a caller may reuse a
    /// vector ([`Scratch::fighters`]).
    pub fn space_into(&self, p: Player, fighters: &mut Vec<Fighter>) {
        fighters.clear();
        fighters.extend(self.view.hyperspace(p).iter().filter_map(|&c| {
            let d = self.def(c)?;
            Some(Fighter {
                card: c,
                strength: self.ship_strength(c, d),
                damage: self.damage(c, d, Arena::Space),
                weapon: None,
                armed: false,
            })
        }));
        sort_strongest_first(fighters);
    }

    /// The strengths of [`Ctx::space`] added up, strongest first as before (the order of a
    /// float sum), in a vector of the agent's: the evacuation and interception decisions
    /// ask only this, and allocated two line-ups for it.
    pub fn space_strength(&self, p: Player) -> f32 {
        let mut fighters = self.scratch.fighters();
        self.space_into(p, &mut fighters);
        let total = fighters.iter().map(|f| f.strength).sum();
        self.scratch.give(fighters);
        total
    }

    /// Gives each weapon to the unarmed fighter it helps most (one weapon per fight).
    pub fn arm(
        &self,
        fighters: &mut [Fighter],
        weapons: impl IntoIterator<Item = CardRef>,
        first_known: bool,
    ) {
        for w in weapons {
            let mut best: Option<(usize, f32)> = None;
            for (i, f) in fighters.iter().enumerate() {
                // An Armed & Dangerous fighter ignores a weapon card (its own half counts in
                // its strength already).
                // `|`: one branch on the fighter rather than two.
                if f.weapon.is_some() | f.armed {
                    continue;
                }
                if let Some(v) = self.adds(w, f.card, first_known && i == 0, false)
                    && best.is_none_or(|(_, b)| v > b)
                {
                    best = Some((i, v));
                }
            }
            if let Some((i, v)) = best {
                fighters[i].weapon = Some(w);
                fighters[i].strength += v;
            }
        }
    }

    /// The chance that a fighter of `mine` power beats one of `theirs`: a straight line from
    /// 0 to 1 across `spread` points either side (destiny draws blur close fights).
    pub fn p_win(&self, mine: f32, theirs: f32) -> f32 {
        (0.5 + (mine - theirs) / (2.0 * self.w.battle.spread)).clamp(0.0, 1.0)
    }

    /// Expected gain of one fight: damage dealt and kills, minus damage taken and losses.
    pub fn fight_gain(&self, mine: &Fighter, theirs: &Fighter) -> f32 {
        let p = self.p_win(mine.strength, theirs.strength);
        let q = self.p_win(theirs.strength, mine.strength);
        p * (theirs.damage + self.w.battle.kill) - q * (mine.damage + self.w.battle.kill)
    }

    /// Expected gain of a battle with `mine` in `order` against `theirs` strongest first.
    /// Breakthrough counts for the attacker only, and never in space.
    pub fn battle_gain(
        &self,
        mine: &[Fighter],
        order: &[usize],
        theirs: &[Fighter],
        attacker: bool,
        space: bool,
    ) -> f32 {
        let mut gain: f32 = order
            .iter()
            .zip(theirs)
            .map(|(&i, t)| self.fight_gain(&mine[i], t))
            .sum();
        if !space {
            let extra = mine.len() as f32 - theirs.len() as f32;
            if attacker && extra > 0.0 {
                gain += extra;
            }
            if !attacker && extra < 0.0 {
                gain += extra;
            }
        }
        gain
    }

    /// The value of having a character at the current planet; at a deciding planet its
    /// presence counts `presence_deciding`: there the planet is kept by whoever still has a
    /// character after the opponent's battle, and each battle defeats at most one of ours per
    /// character of theirs (rulebook "Controlling the Planet", "2. Battle").
    pub fn char_value(&self, c: CardRef, d: &CardDef) -> f32 {
        let w = &self.w.deploy;
        let presence = if self.deciding() {
            w.presence_deciding
        } else {
            w.presence
        };
        w.power * self.char_strength(c, d) + presence
            - w.damage_risk * self.damage(c, d, Arena::Battle)
    }

    /// Whether a character card could be deployed on a later turn: not while a copy of its
    /// persona is stranded on another planet, nor (unless stackable) at this one.
    pub fn could_deploy(&self, d: &CardDef) -> bool {
        if !d.is_character() || !d.deployable() {
            return false;
        }
        if d.diamond {
            return true;
        }
        let current = self.view.current_planet();
        Planet::ALL.into_iter().all(|pl| {
            let same = self.view.seen_at(pl, self.me).any(|(_, o)| {
                // `&`: compares of fields read, no branch on each.
                o.is_some_and(|o| (o.kind == d.kind) & !o.diamond & (o.persona_id == d.persona_id))
            });
            !same || (Some(pl) == current && d.stackable)
        })
    }

    /// What a fight-together card in hand adds with the viewer's face-up characters here:
    /// the most the engine's reading of its lines accepts for two or three of them, the
    /// members' power beyond the strongest's (one fight gets it all) and the line's bonus.
    /// 0 when no group of them fits (or the card names no group).
    pub fn group_value(&self, c: CardRef, d: &CardDef) -> f32 {
        let sizes = |n: usize| {
            d.uses
                .iter()
                .any(|u| u.rule.alts.iter().any(|g| g.members.len() == n))
        };
        if !sizes(2) && !sizes(3) {
            return 0.0;
        }
        let mut all = self.scratch.fighters();
        self.ground_into(self.me, false, &mut all);
        let mine = &all[..all.len().min(6)];
        // The alternatives each may fill: a group sharing none of its size has no line, and
        // is not read (`battle::group_up` does the same).
        let mut masks = [0u64; 6];
        for (m, f) in masks.iter_mut().zip(mine) {
            *m = self.view.group_member_alts(c, f.card);
        }
        let (two, three) = (self.view.group_alts(c, 2), self.view.group_alts(c, 3));
        let mut best: f32 = 0.0;
        for i in 0..mine.len() {
            for j in i + 1..mine.len() {
                if sizes(2)
                    && two & masks[i] & masks[j] != 0
                    && let Some(u) =
                        self.view
                            .use_line(c, &[mine[i].card, mine[j].card], false, false)
                {
                    best = best.max(mine[j].strength + self.line_value(u));
                }
                for k in j + 1..mine.len() {
                    if sizes(3)
                        && three & masks[i] & masks[j] & masks[k] != 0
                        && let Some(u) = self.view.use_line(
                            c,
                            &[mine[i].card, mine[j].card, mine[k].card],
                            false,
                            false,
                        )
                    {
                        best = best.max(mine[j].strength + mine[k].strength + self.line_value(u));
                    }
                }
            }
        }
        self.scratch.give(all);
        best
    }

    /// What a card in hand is worth keeping (Even Up discards the least).
    pub fn hand_value(&self, c: CardRef, d: &CardDef) -> f32 {
        match d.kind {
            Kind::Character if d.deployable() => self.char_value(c, d).max(0.1),
            Kind::Weapon if d.deployable() => 0.5 * self.w.deploy.weapon * self.best_line(d),
            Kind::Battle => 0.7 * self.best_line(d).max(self.group_value(c, d)),
            Kind::Starship if d.deployable() => 0.5 * self.view.power_of(c, d, Arena::Space) as f32,
            Kind::Effect if d.deployable() => {
                self.w.deploy.effect + super::texts::effect_text_value(d)
            }
            _ => 0.0,
        }
    }
}

pub(super) fn sort_strongest_first(fighters: &mut [Fighter]) {
    // Stable, so equal fighters keep the zone's order: the choice stays deterministic.
    fighters.sort_by(|a, b| b.strength.total_cmp(&a.strength));
}

/// "Strong against weak": pairs `mine` (strongest first) against `theirs` (strongest first,
/// the order a sensible opponent is assumed to use). Where our strongest beats their strongest
/// it takes it; otherwise one of ours is given up to it, the one that costs least: not one that
/// would beat one of their later fighters, then the least damage (rulebook "Who Wins This
/// Fight?": the loser's owner takes its damage from the draw deck), then the weakest, saving
/// the strong for fights they can win. Returns indexes into `mine` in plan order; those past
/// `theirs.len()` fight no one (as attacker, they break through).
#[cfg(test)]
pub(super) fn pair(mine: &[Fighter], theirs: &[Fighter]) -> Vec<usize> {
    let mut order = Vec::with_capacity(mine.len());
    pair_into(mine, theirs, &mut order);
    order
}

/// [`pair`] into `order` (cleared first), for callers that pair many line-ups in a row.
pub(super) fn pair_into(mine: &[Fighter], theirs: &[Fighter], order: &mut Vec<usize>) {
    order.clear();
    // Which of ours are in the plan already: a bit each. 64 bits: a deck holds 60 cards
    // (rulebook "Deck Construction"), so no side has more fighters at a planet, and a 64-bit
    // word tests and sets in single instructions where a 128-bit one takes several.
    let mut used: u64 = 0;
    let n = mine.len().min(64);
    for (j, t) in theirs.iter().enumerate() {
        // Our strongest not in the plan yet: the first clear bit, as every fighter before it
        // is in the plan (each pick is it or one after it).
        let hi = (used.trailing_ones() as usize).min(n);
        if hi >= n {
            break;
        }
        let pick = if mine[hi].strength > t.strength {
            hi
        } else {
            let later = &theirs[j + 1..];
            let mut best = hi;
            // (wins a later fight, damage): the least of it goes.
            let mut best_key = (u8::MAX, f32::MAX);
            // From the weakest up, so that of equal cost the weakest goes.
            for i in (hi..n).rev() {
                if used & (1 << i) != 0 {
                    continue;
                }
                let key = (
                    u8::from(later.iter().any(|u| mine[i].strength > u.strength)),
                    mine[i].damage,
                );
                if key.0 < best_key.0 || (key.0 == best_key.0 && key.1 < best_key.1) {
                    best = i;
                    best_key = key;
                }
            }
            best
        };
        used |= 1 << pick;
        order.push(pick);
    }
    // The rest in order, read off the clear bits.
    let mut rest = !used & if n == 64 { u64::MAX } else { (1 << n) - 1 };
    while rest != 0 {
        order.push(rest.trailing_zeros() as usize);
        rest &= rest - 1;
    }
}
