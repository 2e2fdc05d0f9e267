//! Battles: battle cards, battle plans and fights (rulebook "2. Battle", "Location Bonuses",
//! "Who Wins This Fight?", "Using Weapon Cards in Your Battle Plan", "Adding Battle Cards to
//! Your Battle Plan", "What if you make a mistake?", "Fight Together", "Stackable Cards").
//! Starship battles ("Starship Battle Plans") use the same plans and fights.

use std::collections::VecDeque;

use super::card_pool::{Kind, Use};
use super::event::{DiscardReason, Event, FightSide, PowerParts};
use super::pending::Pending;
use super::player::{CardRef, Player};
use super::state::{Battle, Flow, GameState, Phase};
use super::text::{Arena, Number, Query, Scope, Trigger, Window};
use super::use_lines::{Group, Half, Place, Pred};
use crate::catalogue::abilities::Ability;
use crate::catalogue::{Planet, StarshipClass};

/// The memo key (`TextState`, on the card) of a Double Impact card used as its right half in
/// a fight of this battle ([`GameState::used_as_right_half`]); texts' own keys are below 0xF0,
/// the battle texts' reveal is 0xF0.
const RIGHT_HALF_USED: u8 = 0xF1;

/// A card as the use-line matcher sees it without the kinds it `counts-as`.
struct PrintedOnly<'a>(&'a super::card_pool::CardDef);

impl super::use_lines::Candidate for PrintedOnly<'_> {
    fn title_words(&self) -> &[String] {
        &self.0.title_words
    }
    fn name_key(&self) -> &str {
        &self.0.name_key
    }
    fn traits(&self) -> super::card_traits::Traits {
        self.0.traits
    }
    fn is_diamond(&self) -> bool {
        self.0.diamond
    }
    fn starship_class(&self) -> Option<StarshipClass> {
        self.0.starship
    }
}

/// A group's rows of the pool's member table against one card's alternatives
/// ([`super::card_pool::CardPool::member_fits`]): bit per member, per fighter, and the
/// layout that numbers them (None: no fighter has a row).
struct GroupFits<'p> {
    bits: [u64; 3],
    table: Option<&'p super::card_pool::AltBits>,
}

/// One side's cards in one fight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Unit {
    pub cards: [Option<CardRef>; 3],
    pub weapon: Option<(CardRef, usize)>,
    /// A second weapon of the same user, where a battle card's text allows two (card-text
    /// 16.8).
    pub weapon2: Option<(CardRef, usize)>,
    pub battle: Option<(CardRef, usize)>,
    /// A card of another kind used as the battle card by its own text (V1-JC-32): it has no
    /// bonus line; its text answers the fight's queries (`Query::battle_card`).
    pub by_text: Option<CardRef>,
}

/// A fight in progress: both sides' cards, and how far it has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fight {
    /// Each player's unit (index by player).
    pub units: [Unit; 2],
    pub step: FightStep,
    /// Each player's destiny drawn so far (the rest of the power is asked when the fight is
    /// decided), and the draws still to make.
    pub power: [i16; 2],
    pub draws: [u8; 2],
    /// Whether each side's unit opens its battle plan (some lines are for the first only).
    pub first: [bool; 2],
    /// The bonus-line choices already asked: bit `2 * player + (0 weapon, 1 battle card)`.
    pub asked: u8,
}

/// The steps of one fight, in order; a pending decision can stop the fight between any two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FightStep {
    /// The owner of a weapon or battle card with several lines that fit chooses one (the
    /// attacker first).
    Lines,
    /// Both sides may use abilities before the fight (the attacker first).
    Windows,
    /// The power of `player`'s unit before its destiny draws.
    Power(Player),
    /// `player`'s destiny draws, one at a time.
    Draw(Player),
    /// All destiny is drawn: `player`'s texts about the numbers drawn act (the attacker's
    /// first, card-text 4).
    Drawn(Player),
    /// Compare, defeat, damage.
    Resolve,
}

/// Whether `list` (a battle's few cards: a plan, the units, the cards used by text) holds
/// `card`: every entry compared, with no exit at the first match. The plan's decisions ask
/// it of each unit and battle card at every step, and `contains`'s exit was a branch on the
/// data, mispredicted in most searches; the compares without it run side by side.
#[inline(always)]
fn holds(list: &[CardRef], card: CardRef) -> bool {
    list.iter().fold(false, |found, &c| found | (c == card))
}

impl Unit {
    fn fighters(&self) -> impl Iterator<Item = CardRef> + '_ {
        self.cards.iter().flatten().copied()
    }

    /// The weapon cards the unit uses, with their lines: the weapon, then a second one.
    fn weapons(&self) -> impl Iterator<Item = (CardRef, usize)> {
        self.weapon.into_iter().chain(self.weapon2)
    }

    /// The weapon cards, then the battle card, each with its line and whether it is a weapon.
    fn items(&self) -> impl Iterator<Item = (CardRef, usize, bool)> {
        self.weapons()
            .map(|(c, l)| (c, l, true))
            .chain(self.battle.map(|(c, l)| (c, l, false)))
    }
}

impl GameState {
    /// Whether `card` is out of sight in its owner's battle plan: picked up for the battle at
    /// its planet ("pick up all your characters", the plan "face down on the table") and not
    /// yet turned up. A card there is not present: "it needs to be able to see the card in
    /// question. This means that the card has to be face-up at the time" (rulebook "Present";
    /// "Face up": "they have to have already fought"). A starship battle picks up no card of a
    /// planet.
    pub(crate) fn in_face_down_plan(&self, card: CardRef) -> bool {
        let Some(b) = self.battle.as_deref() else {
            return false;
        };
        let p = self.owner(card);
        if b.space.is_some() || !b.units[p.index()].contains(&card) {
            return false;
        }
        // Before the fights every card of the battle is in a hand or a plan; during them the
        // unread rest of the plan is face down (a fighter put back to fight again has fought).
        self.phase != Phase::Fights
            || b.again[p.index()] != Some(card) && b.queue[p.index()].contains(&card)
    }

    /// Whether a battle may be declared now: "if you and your opponent both have characters
    /// face up there".
    pub(crate) fn can_declare_battle(&self) -> bool {
        !self.ts.passed_in_duel
            && Player::BOTH
                .into_iter()
                .all(|p| self.face_up_characters(p).next().is_some())
    }

    pub(crate) fn declare_battle(&mut self) -> Flow {
        let a = self.active;
        let planet = self.current.expect("a planet is in play");
        let mut b = self.new_battle(a, None);
        for p in Player::BOTH {
            b.units[p.index()].extend(
                self.at(planet, p)
                    .iter()
                    .filter(|c| {
                        c.face_up
                            && matches!(self.facts(c.card).kind, Kind::Character | Kind::Weapon)
                    })
                    .map(|c| c.card),
            );
        }
        b.room_for_plans();
        self.battle = Some(b);
        self.emit(Event::BattleDeclared {
            attacker: a,
            space: false,
        });
        self.phase = Phase::BattleCards(a);
        self.trigger(Trigger::BattleDeclared(a))
    }

    /// A battle card taken from hand for the battle ("take out those Battle cards and place
    /// them (face down) on the table").
    pub(crate) fn add_battle_card(&mut self, p: Player, card: CardRef) {
        self.remove_from_hand(p, card);
        self.players[p.index()].held.push(card);
        self.zones_changed_for(card);
        if self.def(card).kind != Kind::Battle {
            self.battle.as_mut().expect("battle").by_text.push(card);
        }
    }

    /// Whether `card`, a card of another kind in hand, may be used as a battle card in the
    /// battle in progress (`before`: placed just before that fighter), by its own text.
    pub(crate) fn hand_battle_card(&self, card: CardRef, before: Option<CardRef>) -> bool {
        if !self.asks(Number::HandBattleCard) {
            return false;
        }
        let space = self.in_space_battle();
        let mut q = Query::new(Number::HandBattleCard, self.owner(card))
            .arena(if space { Arena::Space } else { Arena::Battle })
            .battle_card(Some(card));
        q.card = before;
        self.number(q, 0) > 0
    }

    /// "You do have to say how many Battle cards you are adding ... (The attacker does this
    /// first, then the defender.)"
    pub(crate) fn battle_cards_done(&mut self, p: Player) {
        let count = self.held_battle_cards(p).count() as u8;
        self.emit(Event::BattleCardsDeclared { player: p, count });
        let attacker = self.battle.as_ref().expect("battle").attacker;
        self.phase = if p == attacker {
            Phase::BattleCards(p.other())
        } else {
            Phase::BattlePlan(attacker)
        };
    }

    pub(crate) fn held_battle_cards(&self, p: Player) -> impl Iterator<Item = CardRef> + '_ {
        self.players[p.index()].held.iter().copied().filter(|&c| {
            self.facts(c).kind == Kind::Battle
                || self.battle.as_ref().is_some_and(|b| holds(&b.by_text, c))
        })
    }

    /// The cards `p` may still put in the battle plan, each given to `each` in order: the
    /// units, then the battle cards held. Loops rather than an iterator: the legal list
    /// collected the chained filter through the general `extend`, several times the cost.
    pub(crate) fn each_plan_candidate(&self, p: Player, mut each: impl FnMut(CardRef)) {
        let b = self.battle.as_ref().expect("battle");
        let placed = &b.plans[p.index()];
        for &c in &b.units[p.index()] {
            if !holds(placed, c) {
                each(c);
            }
        }
        for c in self.held_battle_cards(p) {
            if !holds(placed, c) {
                each(c);
            }
        }
    }

    /// A plan is complete once every character (or starship) is in it; leftover weapons and
    /// battle cards go to its right end.
    pub(crate) fn plan_complete(&self, p: Player) -> bool {
        let b = self.battle.as_ref().expect("battle");
        b.units[p.index()]
            .iter()
            .filter(|&&c| self.is_fighter(c, b.space.is_some()))
            .all(|&c| holds(&b.plans[p.index()], c))
    }

    pub(crate) fn plan_next(&mut self, p: Player, card: CardRef) {
        self.battle.as_mut().expect("battle").plans[p.index()].push(card);
    }

    pub(crate) fn plan_done(&mut self, p: Player) -> Flow {
        let mut rest: Vec<CardRef> = Vec::new();
        self.each_plan_candidate(p, |c| rest.push(c));
        let b = self.battle.as_mut().expect("battle");
        b.plans[p.index()].extend(rest);
        let attacker = b.attacker;
        if p == attacker {
            self.phase = Phase::BattlePlan(p.other());
            Ok(())
        } else {
            self.resolve_battle()
        }
    }

    fn is_fighter(&self, card: CardRef, space: bool) -> bool {
        let k = self.facts(card).kind;
        if space {
            k == Kind::Starship
        } else {
            k == Kind::Character
        }
    }

    /// The place of the fight: the current planet and its top site (a starship battle has no
    /// site; its place conditions never match).
    fn fight_place(&self, space: bool) -> Option<(Planet, u8)> {
        if space { None } else { self.site() }
    }

    fn place_ok(&self, group: &Group, space: bool) -> bool {
        match (group.at, self.fight_place(space)) {
            (None, _) => true,
            (Some(Place::Planet(p)), Some((q, _))) => p == q,
            (Some(Place::Site(p, s)), Some((q, t))) => p == q && s == t,
            _ => false,
        }
    }

    /// The first line of a weapon or battle card that works with `group` (which must be the
    /// whole group of characters), in the current situation: the line a card is read with
    /// when its plan is read. "A weapon card may have up to three actions that can be chosen
    /// from": where more than one line fits, the owner then chooses (`FightStep::Lines`,
    /// RULINGS.md E4).
    ///
    /// A line this reader cannot interpret is usable by nobody (`use_lines.rs`).
    // Inlined: agents ask it hundreds of times a decision, and most answers are one cell of
    // a table, cheaper than the call.
    #[inline(always)]
    pub(crate) fn use_line_for(
        &self,
        card: CardRef,
        group: &[CardRef],
        first_in_plan: bool,
        space: bool,
        duel: bool,
    ) -> Option<usize> {
        // A lone fighter outside a duel whose printed facts settle the line (most pairs the
        // agents weigh): one cell of the pool's table.
        if let [c] = *group
            && !duel
            && let Some(line) = self
                .table
                .pool
                .plain_line(self.def_id(card), self.def_id(c))
        {
            return line;
        }
        self.use_line_read(card, group, first_in_plan, space, duel)
    }

    /// [`GameState::use_line_for`] when the table does not settle it: the lines read.
    #[inline(never)]
    fn use_line_read(
        &self,
        card: CardRef,
        group: &[CardRef],
        first_in_plan: bool,
        space: bool,
        duel: bool,
    ) -> Option<usize> {
        let d = self.def(card);
        // A lone fighter (every weapon, most battle cards) is read from the pool's table of
        // printed-fact matches; groups that fight together are matched in full.
        if let [c] = *group
            && let fighter = self.def_id(c)
            && let Some((alts, fits)) = self.table.pool.fits_alone(self.def_id(card), fighter)
        {
            // No alternative fits by printed facts (most weapons name their users): no line
            // needs a look.
            let direct = if fits == 0 {
                None
            } else {
                d.uses.iter().zip(&alts.lines).position(|(u, &line)| {
                    let hits = fits & line;
                    !(duel && not_for_duels(u))
                        && (hits & !alts.situational != 0
                            || hits & alts.situational != 0
                                && self.situational_fit(
                                    card,
                                    u,
                                    c,
                                    hits,
                                    line,
                                    first_in_plan,
                                    space,
                                ))
                })
            };
            // One bit test for every fighter without `may-use` (a weapon, never in space).
            if space || self.table.pool.get(fighter).may_use.is_none() {
                return direct;
            }
            let named = d
                .uses
                .iter()
                .position(|u| !(duel && not_for_duels(u)) && self.may_use_fits(card, u, c));
            return match (direct, named) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        let fits = self.group_fits(card, group);
        (0..d.uses.len())
            .position(|i| self.line_fits_with(card, i, group, &fits, first_in_plan, space, duel))
    }

    /// Every line of `card` that works with `group` now, as bits (bit `i`: line `i`).
    pub(crate) fn lines_for(
        &self,
        card: CardRef,
        group: &[CardRef],
        first_in_plan: bool,
        space: bool,
        duel: bool,
    ) -> u8 {
        let d = self.def(card);
        let fits = self.group_fits(card, group);
        let mut bits = 0u8;
        for i in 0..d.uses.len().min(8) {
            if self.line_fits_with(card, i, group, &fits, first_in_plan, space, duel) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// Whether one of the alternatives of line `u` marked in `hits` (the line's own bits being
    /// `line`), which `fighter` fits by its printed facts, also fits the fight: its place, the
    /// first character of the plan, the card itself. The rest of [`GameState::line_fits`]
    /// for a group of one.
    #[allow(clippy::too_many_arguments)]
    fn situational_fit(
        &self,
        card: CardRef,
        u: &Use,
        fighter: CardRef,
        hits: u64,
        line: u64,
        first_in_plan: bool,
        space: bool,
    ) -> bool {
        let first_bit = line.trailing_zeros();
        u.rule.alts.iter().enumerate().any(|(i, g)| {
            hits >> (first_bit as usize + i) & 1 == 1
                && self.place_ok(g, space)
                && match g.members[0].pred {
                    Pred::FirstInPlan => first_in_plan,
                    Pred::ThisCard => fighter == card,
                    _ => true,
                }
        })
    }

    /// `may-use` (DF-33 Aurra Sing: "may use any ◆ Sith Lightsaber"): `fighter` may use
    /// weapon `card` as if line `u` named him, when `u` names a character.
    fn may_use_fits(&self, card: CardRef, u: &Use, fighter: CardRef) -> bool {
        self.def(fighter)
            .may_use
            .as_ref()
            .is_some_and(|(_, set)| set.has(self.def_id(card)))
            && u.rule.alts.iter().any(|g| {
                matches!(g.members.as_slice(), [m] if matches!(m.pred, Pred::Named(_) | Pred::OneOf(_)))
                    && self.place_ok(g, false)
            })
    }

    /// Whether line `line` of `card` works with `group` now: the full reading, which
    /// `use_line_for` shortens for a lone fighter.
    fn line_fits(
        &self,
        card: CardRef,
        line: usize,
        group: &[CardRef],
        first_in_plan: bool,
        space: bool,
        duel: bool,
    ) -> bool {
        let fits = self.group_fits(card, group);
        self.line_fits_with(card, line, group, &fits, first_in_plan, space, duel)
    }

    /// The pool's table rows for `group` against the alternatives of `card`: the members'
    /// printed facts (names are string work), the same for every line of `card`, so read
    /// once for all the lines a caller tries.
    fn group_fits(&self, card: CardRef, group: &[CardRef]) -> GroupFits<'_> {
        let item = self.def_id(card);
        let mut fits = GroupFits {
            bits: [0; 3],
            table: None,
        };
        for (f, &c) in fits.bits.iter_mut().zip(group) {
            if let Some((layout, bits)) = self.table.pool.member_fits(item, self.def_id(c)) {
                fits.table = Some(layout);
                *f = bits;
            }
        }
        fits
    }

    /// [`GameState::line_fits`] with `group`'s table rows read by
    /// [`GameState::group_fits`]: only what the fight decides is matched here.
    #[allow(clippy::too_many_arguments)]
    fn line_fits_with(
        &self,
        card: CardRef,
        line: usize,
        group: &[CardRef],
        fits: &GroupFits<'_>,
        first_in_plan: bool,
        space: bool,
        duel: bool,
    ) -> bool {
        let u = &self.def(card).uses[line];
        if duel && not_for_duels(u) {
            return false;
        }
        if let [c] = *group
            && !space
            && self.may_use_fits(card, u, c)
        {
            return true;
        }
        let (fits, table) = (fits.bits, fits.table);
        let bases = table.and_then(|t| Some((t.members.as_ref()?.get(line)?, t)));
        u.rule.alts.iter().enumerate().any(|(a, g)| {
            g.members.len() == group.len()
                && self.place_ok(g, space)
                && (!g.same_stack
                    || group
                        .windows(2)
                        .all(|w| self.def(w[0]).persona == self.def(w[1]).persona))
                && (!g.distinct || self.different_characters(group))
                && assign(group, |mi, c, ci| {
                    let m = &g.members[mi];
                    match bases {
                        Some((bases, t)) => {
                            let bit = bases[a] as usize + mi;
                            if t.situational_members >> bit & 1 == 0 {
                                return fits[ci] >> bit & 1 == 1;
                            }
                            m.matches(self.def(c), first_in_plan && ci == 0, c == card)
                        }
                        None => m.matches(self.def(c), first_in_plan && ci == 0, c == card),
                    }
                })
        })
    }

    /// Narrates the `counts-as` and `may-use` texts that let a fighter of `u` use its weapon
    /// or battle card: a fighter that fits no member of the line used by its printed facts
    /// alone. One bit test per fighter without those texts.
    fn note_use_texts(&mut self, u: &Unit) {
        let mut used = [None; 3];
        for (i, f) in u.fighters().enumerate() {
            let d = self.def(f);
            if d.counts_as.is_empty() && d.may_use.is_none() {
                continue;
            }
            let plain = PrintedOnly(d);
            for (item, line) in u.weapon.into_iter().chain(u.battle) {
                let Some(l) = self.def(item).uses.get(line) else {
                    continue;
                };
                let fits_plainly = l
                    .rule
                    .alts
                    .iter()
                    .any(|g| g.members.iter().any(|m| m.matches(&plain, true, item == f)));
                if fits_plainly {
                    continue;
                }
                let ability = d.text.and_then(|t| {
                    t.abilities.iter().position(|a| {
                        matches!(
                            (
                                a,
                                d.may_use.is_some() && u.weapon.is_some_and(|w| w.0 == item)
                            ),
                            (Ability::MayUse { .. }, true) | (Ability::CountsAs { .. }, false)
                        )
                    })
                });
                used[i] = ability.map(|a| (f, a as u8, item));
            }
        }
        for (f, a, item) in used.into_iter().flatten() {
            self.text_used(f, a, Some(item));
        }
    }

    /// No two cards of `group` are the same character (two cards of one stack are not).
    fn different_characters(&self, group: &[CardRef]) -> bool {
        group.iter().enumerate().all(|(i, &a)| {
            group[i + 1..]
                .iter()
                .all(|&b| self.def(a).persona != self.def(b).persona)
        })
    }

    /// Reads the next fight's cards from the top of a plan, applying "What if you make a
    /// mistake?": a weapon not just before a character who can use it is ignored (it stays in
    /// play); a battle card not just before the characters it works with is discarded.
    fn next_unit(
        &mut self,
        p: Player,
        plan: &mut VecDeque<CardRef>,
        first: bool,
        space: bool,
    ) -> Option<Unit> {
        loop {
            let c = *plan.front()?;
            let kind = self.def(c).kind;
            if self.is_fighter(c, space) {
                plan.pop_front();
                return Some(Unit {
                    cards: [Some(c), None, None],
                    ..Unit::default()
                });
            }
            plan.pop_front();
            match kind {
                Kind::Weapon if !space => {
                    // A weapon card just before an Armed & Dangerous card is ignored: it fights
                    // with its own weapon half (rulebook "Armed & Dangerous Cards").
                    if let Some(&n) = plan.front()
                        && self.is_fighter(n, space)
                        && !self.def(n).armed
                        && let Some(line) = self.use_line_for(c, &[n], first, space, false)
                        && self.may_use_noted(n, Some(c), None)
                    {
                        plan.pop_front();
                        return Some(Unit {
                            cards: [Some(n), None, None],
                            weapon: Some((c, line)),
                            weapon2: None,
                            battle: None,
                            by_text: None,
                        });
                    }
                    let armed = plan
                        .front()
                        .is_some_and(|&n| self.is_fighter(n, space) && self.def(n).armed);
                    self.emit(Event::IgnoredWeapon {
                        player: p,
                        card: c,
                        armed,
                    });
                }
                Kind::Battle => {
                    if let Some(u) = self.battle_card_unit(p, c, plan, first, space) {
                        return Some(u);
                    }
                    self.emit(Event::MisplacedBattleCard { player: p, card: c });
                }
                // A card used as a battle card by its own text (V1-JC-32), just before a
                // fighter the text names; otherwise misplaced, and discarded.
                _ if self.held_battle_cards(p).any(|h| h == c) => {
                    if let Some(&n) = plan.front()
                        && self.is_fighter(n, space)
                        && self.hand_battle_card(c, Some(n))
                    {
                        plan.pop_front();
                        return Some(Unit {
                            cards: [Some(n), None, None],
                            by_text: Some(c),
                            ..Unit::default()
                        });
                    }
                    self.emit(Event::MisplacedBattleCard { player: p, card: c });
                }
                _ => {}
            }
        }
    }

    /// A battle card followed by (at most one weapon and) the characters it works with.
    fn battle_card_unit(
        &mut self,
        p: Player,
        b: CardRef,
        plan: &mut VecDeque<CardRef>,
        first: bool,
        space: bool,
    ) -> Option<Unit> {
        if !space && let Some(u) = self.two_weapon_unit(p, b, plan, first) {
            return Some(u);
        }
        let skip = usize::from(
            !space
                && plan
                    .front()
                    .is_some_and(|&c| self.def(c).kind == Kind::Weapon),
        );
        let d = self.def(b);
        // The group sizes the card's lines name (and a fight-together text's), largest first:
        // only sizes 1 to 3 can be a group, so they are bits of a mask rather than a vector
        // sorted at every battle card.
        let mut sizes = 0u8;
        let mut size = |n: usize| {
            if (1..=3).contains(&n) {
                sizes |= 1 << n;
            }
        };
        for g in d.uses.iter().flat_map(|u| u.rule.alts.iter()) {
            size(g.members.len());
        }
        let together = self.fight_together(b);
        if let Some(n) = together {
            size(n);
        }
        for n in (1..=3).rev().filter(|n| sizes >> n & 1 == 1) {
            if plan.len() < skip + n {
                continue;
            }
            let mut members = [b; 3];
            for (m, &c) in members.iter_mut().zip(plan.iter().skip(skip).take(n)) {
                *m = c;
            }
            let group = &members[..n];
            if !group.iter().all(|&c| self.is_fighter(c, space)) {
                continue;
            }
            let line = self
                .use_line_for(b, group, first, space, false)
                .or_else(|| {
                    // An ability that makes the group fight together uses the card's first line.
                    (together == Some(n)).then_some(0)
                });
            let Some(line) = line else { continue };
            // A character that may not use battle cards fails the card (card-text 8).
            if !group.iter().all(|&c| self.may_use_noted(c, None, Some(b))) {
                continue;
            }
            let weapon = if skip == 1 {
                let w = plan.pop_front().expect("peeked");
                let line = if self.def(group[0]).armed {
                    None
                } else {
                    self.use_line_for(w, &group[..1], first, space, false)
                };
                // DM-50: the card's characters use no weapon card; DF-23: tanks no weapon.
                let line = line.filter(|_| self.may_use_noted(group[0], Some(w), Some(b)));
                match line {
                    Some(l) => Some((w, l)),
                    None => {
                        let armed = self.def(group[0]).armed;
                        self.emit(Event::IgnoredWeapon {
                            player: p,
                            card: w,
                            armed,
                        });
                        None
                    }
                }
            } else {
                None
            };
            let mut cards = [None; 3];
            for slot in cards.iter_mut().take(n) {
                *slot = plan.pop_front();
            }
            return Some(Unit {
                cards,
                weapon,
                weapon2: None,
                battle: Some((b, line)),
                by_text: None,
            });
        }
        None
    }

    /// Card-text 16.8 (DF-17 Gungan Mounted Troops: "that character may use two weapons and
    /// draw destiny for both"): battle card `b`, then two weapons its text names (either
    /// order), then a user it names. Each weapon adds the bonus of its line that fits the user,
    /// else of its first line (the text lets him use it); the battle card its own line, if
    /// it has one. None when the plan does not read so: the card is then read as usual (a
    /// card without a line that fits is misplaced, "if either weapon is missing or wrong").
    fn two_weapon_unit(
        &mut self,
        p: Player,
        b: CardRef,
        plan: &mut VecDeque<CardRef>,
        first: bool,
    ) -> Option<Unit> {
        if !self.asks(Number::TwoWeapons) {
            return None;
        }
        let (&w1, &w2, &c) = (plan.front()?, plan.get(1)?, plan.get(2)?);
        let weapon = |w: CardRef| {
            let d = self.def(w);
            d.kind == Kind::Weapon && !d.uses.is_empty()
        };
        if !weapon(w1) || !weapon(w2) || !self.is_fighter(c, false) || self.def(c).armed {
            return None;
        }
        let q = Query::new(Number::TwoWeapons, p)
            .card(c)
            .arena(Arena::Battle)
            .place(self.fight_place(false))
            .battle_card(Some(b));
        let slots = [w1, w2].map(|w| self.number(q.weapon(Some(w)), 0));
        if !(slots[0] & 1 != 0 && slots[1] & 2 != 0 || slots[0] & 2 != 0 && slots[1] & 1 != 0) {
            return None;
        }
        let line = |w: CardRef| self.use_line_for(w, &[c], first, false, false).unwrap_or(0);
        let (l1, l2) = (line(w1), line(w2));
        plan.drain(..3);
        self.note_text(q.weapon(Some(w2)), 0);
        Some(Unit {
            cards: [Some(c), None, None],
            weapon: Some((w1, l1)),
            weapon2: Some((w2, l2)),
            battle: (!self.def(b).uses.is_empty()).then_some((b, 0)),
            by_text: None,
        })
    }

    /// How many destiny draws a unit's power takes: `?` power, a starfighter's cube in space,
    /// and the chance cubes of the lines it uses (as [`GameState::unit_static_power`] counts
    /// them, without asking the power queries).
    fn unit_draws(&self, p: Player, u: &Unit, against: &Unit, space: bool) -> u8 {
        let mut draws = 0u8;
        let mut ignored = self.ignored_weapons(p.other(), against, u, space);
        for c in u.fighters() {
            let d = self.def(c);
            draws += u8::from(d.draws_power());
            draws += u8::from(space && d.starship == Some(StarshipClass::Starfighter));
            if d.armed
                && !space
                && let Some(line) = self.use_line_for(c, &[c], false, space, false)
            {
                let l = &d.uses[line];
                if ignored > 0 {
                    ignored -= 1;
                } else if self.bonus_counts(l, u, against) {
                    draws += l.cubes;
                }
            }
        }
        for (card, line, weapon) in u.items() {
            if weapon && ignored > 0 {
                ignored -= 1;
                continue;
            }
            let l = &self.def(card).uses[line];
            if self.bonus_counts(l, u, against) {
                draws += l.cubes;
            }
        }
        draws
    }

    /// How many of `against`'s weapons (an Armed & Dangerous fighter's own, then its weapon
    /// card) add nothing in this fight because of the texts of `p`'s unit `u` (BN-51 Jedi
    /// Force Push: "any weapon used by your opponent in this fight is ignored"; card-text
    /// "an ignored weapon" adds nothing but is still the weapon its user uses).
    pub(crate) fn ignored_weapons(&self, p: Player, u: &Unit, against: &Unit, space: bool) -> i16 {
        if !self.asks(Number::IgnoredWeapons) || space {
            return 0;
        }
        let Some(lead) = u.cards[0] else { return 0 };
        let q = Query {
            number: Number::IgnoredWeapons,
            ..self.fighter_query(p, lead, u, against, space)
        };
        self.number(q, 0).max(0)
    }

    /// The part of a unit's power known before any destiny draw (by its parts, for the
    /// play-by-play), and how many draws it adds.
    pub(crate) fn unit_static_power(
        &self,
        p: Player,
        u: &Unit,
        against: &Unit,
        space: bool,
    ) -> (PowerParts, u8) {
        let site = self.fight_place(space);
        let mut parts = PowerParts::default();
        let mut draws = 0u8;
        let mut ignored = self.ignored_weapons(p.other(), against, u, space);
        for c in u.fighters() {
            let d = self.def(c);
            let q = self.fighter_query(p, c, u, against, space);
            let printed = d.printed_power() as i16;
            let location = site.map_or(0, |(planet, s)| d.location_bonus(planet, s) as i16);
            parts.printed += printed;
            parts.location += location;
            parts.text += self.power(q) - printed - location;
            if d.draws_power() {
                draws += 1;
            }
            if space && d.starship == Some(StarshipClass::Starfighter) {
                draws += 1;
            }
            // "In its fights it always has its weapon": an Armed & Dangerous card's own line.
            if d.armed
                && !space
                && let Some(line) = self.use_line_for(c, &[c], false, space, false)
            {
                let l = &self.def(c).uses[line];
                if ignored > 0 {
                    ignored -= 1;
                } else if self.bonus_counts(l, u, against) {
                    parts.weapon += l.dots as i16;
                    draws += l.cubes;
                }
            }
        }
        for (card, line, weapon) in u.items() {
            if weapon && ignored > 0 {
                ignored -= 1;
                continue;
            }
            let Some(line) = self.counting_line(card, line, u, against, space) else {
                continue;
            };
            let l = &self.def(card).uses[line];
            *(if weapon {
                &mut parts.weapon
            } else {
                &mut parts.battle_card
            }) += l.dots as i16;
            draws += l.cubes;
        }
        (parts, draws)
    }

    /// The power query of fighter `c` of unit `u` (player `p`) against `against`.
    fn fighter_query(&self, p: Player, c: CardRef, u: &Unit, against: &Unit, space: bool) -> Query {
        Query::new(Number::Power, p)
            .card(c)
            .arena(if space { Arena::Space } else { Arena::Battle })
            .place(self.fight_place(space))
            .weapon(self.weapon_of(c, u))
            .battle_card(u.battle.map(|b| b.0).or(u.by_text))
            .opposing(against.cards)
    }

    /// The weapon fighter `c` of unit `u` uses: an Armed & Dangerous card its own; else the
    /// unit's Weapon card, which only its first character uses (rulebook "Fight Together":
    /// the weapon after the battle card must "work with the first character in the group").
    fn weapon_of(&self, c: CardRef, u: &Unit) -> Option<CardRef> {
        if self.def(c).armed {
            Some(c)
        } else if u.cards[0] == Some(c) {
            u.weapon.map(|w| w.0)
        } else {
            None
        }
    }

    /// Narrates the texts that changed the fighters' power in the fight being decided.
    fn note_fight_texts(&mut self, p: Player, u: &Unit, against: &Unit, space: bool) {
        for c in u.fighters() {
            let q = self.fighter_query(p, c, u, against, space);
            let d = self.def(c);
            let base = d.printed_power() as i16
                + q.planet
                    .zip(q.site)
                    .map_or(0, |(planet, s)| d.location_bonus(planet, s) as i16);
            self.note_number(q, base);
        }
    }

    /// The use line of `card` whose bonus counts in this fight: `line` (the line used for
    /// it), or when that line's condition fails, the next line the user also fits whose
    /// condition holds (DF-13 Booma: "Jar Jar Binks or any other character fighting a
    /// Tank", then "any other character" with the cube only). None: no bonus.
    fn counting_line(
        &self,
        card: CardRef,
        line: usize,
        u: &Unit,
        against: &Unit,
        space: bool,
    ) -> Option<usize> {
        let uses = &self.def(card).uses;
        if self.bonus_counts(&uses[line], u, against) {
            return Some(line);
        }
        // A weapon's user is the first fighter of the unit; a battle card's, all of them.
        let mut user = [u.cards[0]?; 3];
        let mut n = 0;
        for c in u.fighters() {
            user[n] = c;
            n += 1;
        }
        if u.weapon.is_some_and(|(w, _)| w == card) {
            n = 1;
        }
        (line + 1..uses.len()).find(|&k| {
            self.line_fits(card, k, &user[..n], false, space, false)
                && self.bonus_counts(&uses[k], u, against)
        })
    }

    /// A line's bonus conditions: `(bonus only vs X or Y)` (one of the opposing fighters is X
    /// or Y), `(bonus only if not vs X)`, `(bonus only while using X)` (the unit's weapon is
    /// titled X); a condition the engine does not evaluate yet never holds.
    fn bonus_counts(&self, l: &super::card_pool::Use, own: &Unit, against: &Unit) -> bool {
        let r = &l.rule;
        (!r.unplayed_condition
            || own
                .battle
                .is_some_and(|(b, _)| self.text_bonus(own.cards[0], b)))
            && self.opponents_fit(r, against.fighters())
            && (r.while_using.is_empty()
                || own.weapon.is_some_and(|(w, _)| {
                    r.while_using.iter().any(|name| {
                        self.def(w)
                            .title_words
                            .windows(name.len())
                            .any(|x| x == name.as_slice())
                    })
                }))
    }

    /// A line's opponent conditions against the opposing fighters: `(bonus only vs X or Y)`
    /// one of them is X or Y, `(bonus only if not vs X)` none of them is X. The fighters come
    /// as a generic iterator, not `&mut dyn Iterator`: every line's bonus asks this in every
    /// fight, and most lines have no opponent condition.
    fn opponents_fit(
        &self,
        r: &super::use_lines::UseRule,
        against: impl Iterator<Item = CardRef>,
    ) -> bool {
        if r.vs.is_empty() && r.not_vs.is_empty() {
            return true;
        }
        let (mut vs, mut not_vs) = (false, false);
        for c in against {
            let d = self.def(c);
            vs |= r.vs.iter().any(|m| m.matches(d, false, false));
            not_vs |= r.not_vs.iter().any(|m| m.matches(d, false, false));
        }
        (r.vs.is_empty() || vs) && !not_vs
    }

    /// The line of `weapon` whose dots size `duelist`'s dueling hand against `opponent`: the
    /// first line the duelist fits that a duel may use and whose bonus holds against the
    /// opposing duelist. "A duel is considered to be a fight" (rulebook "Lightsaber
    /// Dueling"), so a bonus limited to some opponents (V1-JC-42: "only the cube when
    /// fighting a droid") is weighed against the duelist fought, as [`Self::bonus_counts`]
    /// weighs it in a battle fight; whether the weapon may be used at all stays
    /// [`GameState::use_line_for`]'s question.
    pub(crate) fn duel_bonus_line(
        &self,
        weapon: CardRef,
        duelist: CardRef,
        opponent: Option<CardRef>,
    ) -> Option<usize> {
        let uses = &self.def(weapon).uses;
        (0..uses.len()).find(|&i| {
            let r = &uses[i].rule;
            !(r.not_in_duel || r.unplayed_condition || !r.while_using.is_empty())
                && self.line_fits(weapon, i, &[duelist], false, false, false)
                && self.opponents_fit(r, opponent.into_iter())
        })
    }

    fn side(&self, p: Player, u: &Unit, parts: PowerParts) -> FightSide {
        FightSide {
            player: p,
            cards: u.cards,
            weapon: u.weapon.map(|w| w.0),
            battle_card: u.battle.map(|b| b.0),
            battle_half: u
                .battle
                .and_then(|(b, line)| self.def(b).uses.get(line)?.rule.half),
            power: parts.total(),
            parts,
        }
    }

    /// Removes a defeated fighter (and the weapon it used) and deals its damage; `by` is the
    /// unit that defeated it.
    fn defeat(&mut self, p: Player, u: &Unit, by: &Unit, space: bool) -> Flow {
        let mut damage: u8 = 0;
        let arena = if space { Arena::Space } else { Arena::Battle };
        // "Unless the Battle card says that only one of them is defeated" (rulebook "Fight
        // Together"): the others stay, and deal no damage.
        let mut stays = [false; 3];
        if let Some((b, _)) = u.battle
            && u.cards[1].is_some()
        {
            for (i, c) in u.cards.iter().enumerate() {
                stays[i] = c.is_some_and(|c| !self.defeated_in_group(c, b));
            }
        }
        // The weapon's user (the unit's first fighter) went back to hand: the weapon too.
        let mut weapon_saved = false;
        for (i, c) in u.cards.into_iter().enumerate() {
            let Some(c) = c else { continue };
            if stays[i] {
                continue;
            }
            if space {
                let hs = &mut self.players[p.index()].hyperspace;
                if let Some(i) = hs.iter().position(|&x| x == c) {
                    hs.remove(i);
                    self.zones_changed();
                }
            } else {
                let planet = self.current.expect("a planet is in play");
                self.remove_from_planet(planet, p, c);
            }
            let q = Query::new(Number::Damage, p)
                .card(c)
                .arena(arena)
                .place(self.fight_place(space))
                .weapon(self.weapon_of(c, u))
                .battle_card(u.battle.map(|b| b.0).or(u.by_text))
                .opposing(by.cards);
            // BN-57 Young Skywalker: "if he is defeated, return him (and his weapon, if any)
            // to your hand. You don't lose any cards for this damage."
            let saved = Query {
                number: Number::Saved,
                ..q
            };
            let is_saved = self.asks(Number::Saved) && self.number(saved, 0) > 0;
            // The defeat states its damage (a reader of a 0 sees why no damage follows); the
            // texts that made it are told right after it.
            let dealt = if is_saved { 0 } else { self.damage_of(q) };
            self.emit(Event::Defeated {
                player: p,
                card: c,
                damage: dealt,
            });
            if is_saved {
                self.players[p.index()].hand.push(c);
                self.note_text(saved, 0);
                weapon_saved |= i == 0;
            } else {
                self.players[p.index()].discard.push(c);
                self.note_damage(q, dealt);
                damage = damage.saturating_add(dealt);
            }
            self.trigger(Trigger::Defeated {
                card: c,
                by: by.cards,
            })?;
        }
        // "If a character is defeated when using a weapon, discard the weapon along with the
        // character." (A weapon's user is the first of the unit.) Card-text 16.8: "if the
        // character is defeated, both weapons are discarded with him".
        for (w, _) in u.weapons().filter(|_| !stays[0]) {
            let planet = self.current.expect("a planet is in play");
            self.remove_from_planet(planet, p, w);
            if weapon_saved {
                self.players[p.index()].hand.push(w);
            } else {
                self.players[p.index()].discard.push(w);
                self.emit(Event::Discarded {
                    player: p,
                    card: w,
                    reason: DiscardReason::WithDefeated,
                });
            }
        }
        self.damage(p, damage)
    }

    /// Both plans are made: the fights begin.
    pub(crate) fn resolve_battle(&mut self) -> Flow {
        let b = self.battle.as_mut().expect("battle");
        // Into the queues' own room (kept from battle to battle), front first as planned.
        let Battle { plans, queue, .. } = &mut **b;
        for (q, plan) in queue.iter_mut().zip(plans.iter()) {
            q.clear();
            q.extend(plan.iter().copied());
        }
        b.first = [true, true];
        self.phase = Phase::Fights;
        self.run_battle()
    }

    /// Plays out both battle plans fight by fight, step by step, until a decision is pending
    /// or the battle is over.
    pub(crate) fn run_battle(&mut self) -> Flow {
        while self.pending.is_empty() {
            let b = self.battle.as_ref().expect("battle");
            let (a, space) = (b.attacker, b.space.is_some());
            let defender = a.other();
            let Some(f) = &b.fight else {
                match self.next_fight(a, space)? {
                    true => continue,
                    false => return self.end_battle(),
                }
            };
            // Most steps change a field or two of the fight where it is: copying the whole
            // fight out and back at every step was a measurable part of a battle.
            match f.step {
                FightStep::Lines => {
                    let mut f = *f;
                    if !self.ask_line(&mut f, a, space) {
                        f.step = FightStep::Windows;
                        // The defender's window goes under the attacker's: the attacker is
                        // asked first.
                        self.set_fight(f);
                        self.open_window(defender, Window::BeforeFight);
                        self.open_window(a, Window::BeforeFight);
                    } else {
                        self.set_fight(f);
                    }
                }
                FightStep::Windows => self.fight_mut().step = FightStep::Power(a),
                FightStep::Power(p) => {
                    let (u, against) = (&f.units[p.index()], &f.units[p.other().index()]);
                    let draws = self.unit_draws(p, u, against, space);
                    let f = self.fight_mut();
                    f.draws[p.index()] = draws;
                    f.step = FightStep::Draw(p);
                }
                FightStep::Draw(p) => {
                    let f = self.fight_mut();
                    if f.draws[p.index()] == 0 {
                        f.step = if p == a {
                            FightStep::Power(defender)
                        } else {
                            FightStep::Drawn(a)
                        };
                        continue;
                    }
                    f.draws[p.index()] -= 1;
                    let v = self.draw_destiny(p)? as i16;
                    if let Some(f) = self.battle.as_mut().and_then(|b| b.fight.as_mut()) {
                        f.power[p.index()] += v;
                    }
                }
                FightStep::Drawn(p) => {
                    self.fight_mut().step = if p == a {
                        FightStep::Drawn(defender)
                    } else {
                        FightStep::Resolve
                    };
                    self.trigger(Trigger::DestinyDone(p))?;
                }
                FightStep::Resolve => {
                    let f = *f;
                    // The powers are asked now, when the fight is decided: what text did
                    // during the fight (after a destiny draw, say) counts. `f.power` holds
                    // the destiny drawn so far.
                    let mut parts = [PowerParts::default(); 2];
                    for p in [a, defender] {
                        let (u, against) = (f.units[p.index()], f.units[p.other().index()]);
                        let mut s = self.unit_static_power(p, &u, &against, space).0;
                        s.destiny += f.power[p.index()];
                        parts[p.index()] = s;
                        if s.text != 0 {
                            self.note_fight_texts(p, &u, &against, space);
                        }
                        let armed = u.weapon.is_some() || u.fighters().any(|c| self.def(c).armed);

                        if armed && self.ignored_weapons(p.other(), &against, &u, space) > 0 {
                            let lead = against.cards[0].expect("a fighter");
                            let q = Query {
                                number: Number::IgnoredWeapons,
                                ..self.fighter_query(p.other(), lead, &against, &u, space)
                            };
                            self.note_text(q, 0);
                        }
                    }
                    self.battle.as_mut().expect("battle").fight = None;
                    self.resolve_fight(a, &f, parts, space)?;
                }
            }
        }
        Ok(())
    }

    /// Whether `card` fights (as a fighter, weapon or battle card) in the fight in progress: a
    /// battle's, or a Battle of Naboo interception's (the transport and the starfighter).
    pub fn in_fight(&self, card: CardRef) -> bool {
        if let Some(i) = self.interception() {
            let ev = self.evacuation.as_deref().expect("evacuation");
            return card == i.starfighter || Some(card) == ev.transport;
        }
        self.battle
            .as_ref()
            .and_then(|b| b.fight.as_ref())
            .is_some_and(|f| {
                f.units.iter().any(|u| {
                    u.fighters().any(|c| c == card)
                        || u.weapons().any(|w| w.0 == card)
                        || u.battle.is_some_and(|b| b.0 == card)
                })
            })
    }

    /// Whether Double Impact card `card` is used as its right half in this battle: in the
    /// fight in progress, or in a fight of this battle already resolved (card-text 16.1: the
    /// half is chosen when the card is played). Recorded only while a text listens to
    /// `Number::BreakthroughLoss`, the one number asked after the fights.
    pub(crate) fn used_as_right_half(&self, card: CardRef) -> bool {
        self.half_in_fight(card) == Some(Half::Right)
            || self.text_state.memo(card, RIGHT_HALF_USED).is_some()
    }

    /// The half of Double Impact card `card` played in the fight in progress: the half of
    /// the line it is used with (card-text 16.1; None: not a battle card of this fight, or a
    /// line of no half). Texts of one half ask it before acting.
    pub(crate) fn half_in_fight(&self, card: CardRef) -> Option<Half> {
        let f = self.battle.as_ref()?.fight.as_ref()?;
        let (_, line) = f
            .units
            .iter()
            .find_map(|u| u.battle.filter(|b| b.0 == card))?;
        self.def(card).uses.get(line)?.rule.half
    }

    fn set_fight(&mut self, f: Fight) {
        self.battle.as_mut().expect("battle").fight = Some(f);
    }

    /// The fight in progress, to change in place.
    fn fight_mut(&mut self) -> &mut Fight {
        self.battle
            .as_mut()
            .and_then(|b| b.fight.as_mut())
            .expect("a fight in progress")
    }

    /// Reads the next fight from both plans. Returns whether a fight begins; when not, the
    /// attacker's leftover characters have broken through (damage dealt) or nobody is left.
    fn next_fight(&mut self, a: Player, space: bool) -> Result<bool, super::state::Ended> {
        let defender = a.other();
        let b = self.battle.as_mut().expect("battle");
        let first = b.first;
        let mut qa = std::mem::take(&mut b.queue[a.index()]);
        let ua = self.next_unit(a, &mut qa, first[a.index()], space);
        let Some(ua) = ua else {
            self.battle.as_mut().expect("battle").queue[a.index()] = qa;
            return Ok(false);
        };
        let b = self.battle.as_mut().expect("battle");
        let mut qd = std::mem::take(&mut b.queue[defender.index()]);
        let ud = self.next_unit(defender, &mut qd, first[defender.index()], space);
        let b = self.battle.as_mut().expect("battle");
        b.queue[a.index()] = qa;
        b.queue[defender.index()] = qd;
        let Some(ud) = ud else {
            // "If you (the attacker) have any leftover characters ... each one of them
            // breaks through the battle line." No breakthrough in a starship battle.
            if !space {
                // A fighter who fights again (JC-64) has fought: no next fight, no leftover.
                let again = self.battle.as_mut().expect("battle").again[a.index()].take();
                let left = ua.fighters().filter(|&c| again != Some(c)).count()
                    + self.battle.as_ref().expect("battle").queue[a.index()]
                        .iter()
                        .filter(|&&c| self.is_fighter(c, false))
                        .count();
                if left > 0 {
                    self.emit(Event::Breakthrough {
                        player: a,
                        cards: left as u8,
                    });
                    let lost = self.breakthrough_loss(defender, left as u8);
                    self.damage(defender, lost)?;
                }
            }
            return Ok(false);
        };
        let mut units = [Unit::default(); 2];
        units[a.index()] = ua;
        units[defender.index()] = ud;
        for u in &units {
            self.note_use_texts(u);
        }
        let b = self.battle.as_mut().expect("battle");
        b.first = [false, false];
        b.again = [None, None];
        b.fight = Some(Fight {
            units,
            step: FightStep::Lines,
            power: [0, 0],
            draws: [0, 0],
            first,
            asked: 0,
        });
        Ok(true)
    }

    /// Asks for the next bonus line to choose in fight `f`, if any is left: a weapon or
    /// battle card with more than one line that fits (RULINGS.md E4: each time it is used,
    /// its user's owner chooses which fitting line applies). Returns whether it asked.
    fn ask_line(&mut self, f: &mut Fight, a: Player, space: bool) -> bool {
        for p in [a, a.other()] {
            let u = f.units[p.index()];
            let first = f.first[p.index()];
            let Some(lead) = u.cards[0] else { continue };
            let mut group = [lead; 3];
            let mut n = 0;
            for c in u.fighters() {
                group[n] = c;
                n += 1;
            }
            for (slot, item) in [u.weapon, u.battle].into_iter().enumerate() {
                let bit = 1 << (2 * p.index() + slot);
                let Some((card, _)) = item else { continue };
                if f.asked & bit != 0 {
                    continue;
                }
                f.asked |= bit;
                // A card of one line has nothing to choose.
                if self.def(card).uses.len() < 2 {
                    continue;
                }
                let users = if slot == 0 { &group[..1] } else { &group[..n] };
                let lines = self.lines_for(card, users, first, space, false);
                // A line whose bonus condition fails in this fight adds nothing, so the
                // choice is among the lines that count (DF-13 Booma, V1-JC-42: the next
                // fitting line counts); with one left there is nothing to ask.
                let (own, against) = (f.units[p.index()], f.units[p.other().index()]);
                let d = self.def(card);
                let counting = (0..d.uses.len().min(8))
                    .filter(|&i| {
                        lines >> i & 1 == 1 && self.bonus_counts(&d.uses[i], &own, &against)
                    })
                    .fold(0u8, |b, i| b | 1 << i);
                let lines = if counting != 0 { counting } else { lines };
                if lines.count_ones() == 1 {
                    let unit = &mut f.units[p.index()];
                    let chosen = if slot == 0 {
                        &mut unit.weapon
                    } else {
                        &mut unit.battle
                    };
                    if let Some(it) = chosen {
                        it.1 = lines.trailing_zeros() as usize;
                    }
                    continue;
                }
                if lines.count_ones() > 1 {
                    self.pending.push(Pending::BonusLine {
                        player: p,
                        card,
                        lines,
                    });
                    return true;
                }
            }
        }
        false
    }

    /// What line `line` of `card`, in the fight in progress, adds there: (dots, cubes).
    pub(crate) fn line_value_in_fight(&self, card: CardRef, line: usize) -> Option<(u8, u8)> {
        let f = self.battle.as_ref()?.fight.as_ref()?;
        let p = self.owner(card);
        let own = &f.units[p.index()];
        let against = &f.units[p.other().index()];
        let l = self.def(card).uses.get(line)?;
        Some(if self.bonus_counts(l, own, against) {
            (l.dots, l.cubes)
        } else {
            (0, 0)
        })
    }

    /// What the weapons of `p`'s unit (an Armed & Dangerous fighter's own, its weapon cards)
    /// add in the fight in progress: (dots, cubes), counted as `unit_static_power` does.
    pub(crate) fn weapons_in_fight(&self, p: Player) -> Option<(u8, u8)> {
        let f = self.battle.as_ref()?.fight.as_ref()?;
        let space = self.battle.as_ref()?.space.is_some();
        let (u, against) = (&f.units[p.index()], &f.units[p.other().index()]);
        let (parts, _) = self.unit_static_power(p, u, against, space);
        let mut cubes = 0u8;
        let mut ignored = self.ignored_weapons(p.other(), against, u, space);
        for c in u.fighters().filter(|&c| self.def(c).armed && !space) {
            if let Some(line) = self.use_line_for(c, &[c], false, space, false) {
                let l = &self.def(c).uses[line];
                if ignored > 0 {
                    ignored -= 1;
                } else if self.bonus_counts(l, u, against) {
                    cubes += l.cubes;
                }
            }
        }
        for (card, line) in u.weapons() {
            if ignored > 0 {
                ignored -= 1;
                continue;
            }
            if let Some(line) = self.counting_line(card, line, u, against, space) {
                cubes += self.def(card).uses[line].cubes;
            }
        }
        Some((parts.weapon.clamp(0, u8::MAX as i16) as u8, cubes))
    }

    /// The owner chose line `line` for `card` in the fight in progress.
    pub(crate) fn choose_line(&mut self, card: CardRef, line: u8) {
        if let Some(f) = self.battle.as_mut().and_then(|b| b.fight.as_mut()) {
            for u in &mut f.units {
                for item in [&mut u.weapon, &mut u.battle].into_iter().flatten() {
                    if item.0 == card {
                        item.1 = line as usize;
                    }
                }
            }
        }
    }

    /// The fight's outcome: "the character with the higher total Power wins"; ties stay.
    fn resolve_fight(&mut self, a: Player, f: &Fight, parts: [PowerParts; 2], space: bool) -> Flow {
        let defender = a.other();
        let (ua, ud) = (f.units[a.index()], f.units[defender.index()]);
        let (pa, pd) = (parts[a.index()], parts[defender.index()]);
        let winner = match pa.total().cmp(&pd.total()) {
            std::cmp::Ordering::Greater => Some(a),
            std::cmp::Ordering::Less => Some(defender),
            // "If both characters have the same total Power, they both stay."
            std::cmp::Ordering::Equal => None,
        };
        self.emit(Event::Fight {
            attacker: self.side(a, &ua, pa),
            defender: self.side(defender, &ud, pd),
            winner,
        });
        let fought = &mut self.text_state.fought;
        fought.extend(ua.fighters().chain(ud.fighters()));
        self.text_state.end(Scope::Fight);
        // A Double Impact card's half outlasts its fight: the right halves of RF-DI6/DI9 spare
        // breakthrough losses after the last fight (card-text 16.5), so the battle keeps it.
        if self.asks(Number::BreakthroughLoss) {
            for (b, line) in [ua.battle, ud.battle].into_iter().flatten() {
                if self.def(b).uses.get(line).and_then(|u| u.rule.half) == Some(Half::Right) {
                    self.text_state
                        .set_memo(b, RIGHT_HALF_USED, Scope::Battle, 1);
                }
            }
        }
        let Some(w) = winner else { return Ok(()) };
        let (won, lost) = if w == a { (ua, ud) } else { (ud, ua) };
        let again = self.fights_again(w, &won, &lost, space);
        self.defeat(w.other(), &lost, &won, space)?;
        self.result_damage(w.other(), &won, &lost, space)?;
        if let Some(q) = again {
            self.fight_again(w, &won, q);
        }
        Ok(())
    }

    /// The query by which the winner's unit `won` fights the next fight too (JC-64 Wisdom Of
    /// The Council: "if that Jedi defeats any ◆ character in this fight, that Jedi fights the
    /// next fight using the same weapon, if any"), if one of the defeated fits.
    fn fights_again(&self, w: Player, won: &Unit, lost: &Unit, space: bool) -> Option<Query> {
        if !self.asks(Number::FightsAgain) || won.battle.is_none() {
            return None;
        }
        let lead = won.cards[0]?;
        let q = Query {
            number: Number::FightsAgain,
            ..self.fighter_query(w, lead, won, lost, space)
        };
        lost.fighters()
            .map(|c| q.opponent(Some(c)))
            .find(|&q| self.number(q, 0) > 0)
    }

    /// Puts the winner (and the weapon it used) back at the front of its plan: it fights the
    /// next fight (card-text 15: "this fight" is the one just resolved).
    fn fight_again(&mut self, w: Player, won: &Unit, q: Query) {
        let Some(lead) = won.cards[0] else { return };
        self.note_text(q, 0);
        let b = self.battle.as_mut().expect("battle");
        let queue = &mut b.queue[w.index()];
        queue.push_front(lead);
        // In plan order: the weapons just before their user (a second weapon after the
        // first is read only after a battle card that allows two, so it is left out).
        if let Some((weapon, _)) = won.weapon {
            queue.push_front(weapon);
        }
        b.again[w.index()] = Some(lead);
    }

    /// Extra damage the loser `l` takes on the fight's result, from either side's battle card
    /// (DF-16 Critical Confrontation: "if you win this fight, opponent takes 2 extra DAMAGE.
    /// If you lose this fight, you take 1 extra DAMAGE").
    fn result_damage(&mut self, l: Player, won: &Unit, lost: &Unit, space: bool) -> Flow {
        if !self.asks(Number::ResultDamage) {
            return Ok(());
        }
        let arena = if space { Arena::Space } else { Arena::Battle };
        let mut extra = 0i16;
        for (side, other) in [(won, lost), (lost, won)] {
            let Some(b) = side.battle else { continue };
            let q = Query::new(Number::ResultDamage, l)
                .card(side.cards[0].expect("a fighter"))
                .arena(arena)
                .place(self.fight_place(space))
                .battle_card(Some(b.0))
                .opponent(other.cards[0]);
            let n = self.number(q, 0);
            if n != 0 {
                self.note_number(q, 0);
                extra += n;
            }
        }
        self.damage(l, extra.clamp(0, u8::MAX as i16) as u8)
    }

    /// The cards `defender` loses from the breakthrough of `left` attackers: fewer when a
    /// battle card of theirs in this battle says so (DF-19 Qui-Gon's Final Stand, card-text
    /// 16.5: "you lose no cards from breakthrough for this battle").
    fn breakthrough_loss(&mut self, defender: Player, left: u8) -> u8 {
        if !self.asks(Number::BreakthroughLoss) {
            return left;
        }
        let held: Vec<CardRef> = self.held_battle_cards(defender).collect();
        let mut lost = left as i16;
        for b in held {
            let q = Query::new(Number::BreakthroughLoss, defender)
                .arena(Arena::Battle)
                .place(self.fight_place(false))
                .battle_card(Some(b));
            let n = self.number(q, left as i16);
            if n < lost {
                self.note_number(q, left as i16);
                lost = n;
            }
        }
        lost.clamp(0, u8::MAX as i16) as u8
    }

    /// "Each Battle card is discarded after you use it"; misplaced ones are discarded too.
    fn end_battle(&mut self) -> Flow {
        for p in Player::BOTH {
            // One at a time, the first left each time (the order of the list gathered before).
            loop {
                let Some(c) = self.held_battle_cards(p).next() else {
                    break;
                };
                let h = &mut self.players[p.index()].held;
                h.retain(|&x| x != c);
                self.players[p.index()].discard.push(c);
                self.zones_changed();
                self.emit(Event::Discarded {
                    player: p,
                    card: c,
                    reason: DiscardReason::BattleCard,
                });
            }
        }
        let b = self.battle.take().expect("battle");
        let space = b.space;
        self.keep_spare_battle(b);
        self.text_state.end(Scope::Battle);
        self.emit(Event::BattleEnded);
        match space {
            Some(planet) => self.finish_space_battle(planet),
            None => {
                self.phase = Phase::EvenUp;
                Ok(())
            }
        }
    }
}

/// A line that does not let a character use its card in a duel: marked so, or a bonus with
/// a condition. A bonus limited to some opponents is weighed against the opposing duelist
/// when the dueling hand is sized (`duel_bonus_line`).
fn not_for_duels(u: &Use) -> bool {
    let r = &u.rule;
    r.not_in_duel
        || !r.vs.is_empty()
        || !r.not_vs.is_empty()
        || !r.while_using.is_empty()
        || r.unplayed_condition
}

/// Whether the members of an alternative as long as `group` can be matched one-to-one to
/// it (at most three: every permutation is tried); `ok(member, card, position)` says whether
/// the alternative's member `member` fits the card at `position` of `group`.
/// Generic rather than `&dyn Fn`: the test of each member is inlined into the permutation
/// loop instead of called through a pointer (whether the compiler saw through the pointer
/// turned on unrelated changes elsewhere in the crate: 13 K instructions a game), and always
/// inlined into its two callers (left out of line, its calls cost 7 K a game more).
#[inline(always)]
fn assign(group: &[CardRef], ok: impl Fn(usize, CardRef, usize) -> bool) -> bool {
    let n = group.len();
    let perms: &[&[usize]] = match n {
        1 => &[&[0]],
        2 => &[&[0, 1], &[1, 0]],
        3 => &[
            &[0, 1, 2],
            &[0, 2, 1],
            &[1, 0, 2],
            &[1, 2, 0],
            &[2, 0, 1],
            &[2, 1, 0],
        ],
        _ => return false,
    };
    perms.iter().any(|perm| {
        perm.iter()
            .enumerate()
            .all(|(ci, &mi)| ok(mi, group[ci], ci))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::builder::{Builder, Zone};

    /// Every card of the catalogue in A's hand, the game at Tatooine's second site.
    fn whole_catalogue() -> (GameState, Vec<CardRef>) {
        let cat = crate::deck::test_catalogue();
        let mut b = Builder::new();
        b.current(Planet::Tatooine, 2);
        let cards = cat
            .cards()
            .iter()
            .map(|c| b.add(Player::A, c.clone(), Zone::Hand))
            .collect();
        (b.build(), cards)
    }

    #[test]
    fn the_pools_match_table_reads_every_lone_fighter_as_the_full_matcher_does() {
        // `use_line_for` reads a lone fighter from `CardPool::fits_alone`; `line_fits` is the
        // full reading. Every weapon and battle card of the catalogue against every character
        // and starship, in every situation the table leaves to the caller, must agree.
        let (g, cards) = whole_catalogue();
        let items: Vec<CardRef> = cards
            .iter()
            .copied()
            .filter(|&c| !g.def(c).uses.is_empty())
            .collect();
        let fighters: Vec<CardRef> = cards
            .iter()
            .copied()
            .filter(|&c| matches!(g.def(c).kind, Kind::Character | Kind::Starship))
            .collect();
        assert!(items.len() > 100 && fighters.len() > 200);
        let mut fits = 0;
        for &item in &items {
            for &f in &fighters {
                for (first, space, duel) in [
                    (false, false, false),
                    (true, false, false),
                    (false, true, false),
                    (false, false, true),
                ] {
                    let full = g
                        .def(item)
                        .uses
                        .iter()
                        .enumerate()
                        .position(|(i, _)| g.line_fits(item, i, &[f], first, space, duel));
                    assert_eq!(
                        g.use_line_for(item, &[f], first, space, duel),
                        full,
                        "{} for {}",
                        g.def(item).name,
                        g.def(f).name
                    );
                    fits += usize::from(full.is_some());
                }
            }
        }
        // Not a vacuous agreement: many pairs fit.
        assert!(fits > 1000, "{fits}");
    }

    #[test]
    fn the_pools_member_table_reads_groups_as_the_members_own_matcher_does() {
        // `line_fits` reads the members' printed facts from `CardPool::member_fits`. Every
        // line with an alternative of two members or more (rulebook "Fight Together"), for
        // pairs of characters, both ways round, must read as matching each member against
        // the cards does.
        let (g, cards) = whole_catalogue();
        let reference = |item: CardRef, line: usize, group: &[CardRef], first: bool| {
            g.def(item).uses[line].rule.alts.iter().any(|a| {
                a.members.len() == group.len()
                    && g.place_ok(a, false)
                    && (!a.same_stack
                        || group
                            .windows(2)
                            .all(|w| g.def(w[0]).persona == g.def(w[1]).persona))
                    && (!a.distinct || g.different_characters(group))
                    && assign(group, |mi, c, ci| {
                        a.members[mi].matches(g.def(c), first && ci == 0, c == item)
                    })
            })
        };
        let lines: Vec<(CardRef, usize)> = cards
            .iter()
            .flat_map(|&c| (0..g.def(c).uses.len()).map(move |i| (c, i)))
            .filter(|&(c, i)| {
                g.def(c).uses[i]
                    .rule
                    .alts
                    .iter()
                    .any(|a| a.members.len() > 1)
            })
            .collect();
        let characters: Vec<CardRef> = cards
            .iter()
            .copied()
            .filter(|&c| g.def(c).kind == Kind::Character)
            .collect();
        assert!(
            lines.len() >= 5 && characters.len() > 200,
            "{}",
            lines.len()
        );
        let mut fits = 0;
        for &(item, line) in &lines {
            // The characters some member fits by its own matcher, and every tenth other one
            // (those fit no group: a sample keeps the test quick).
            let alts = &g.def(item).uses[line].rule.alts;
            let some: Vec<CardRef> = characters
                .iter()
                .enumerate()
                .filter(|&(i, &c)| {
                    i % 10 == 0
                        || alts
                            .iter()
                            .flat_map(|a| &a.members)
                            .any(|m| m.matches(g.def(c), true, true))
                })
                .map(|(_, &c)| c)
                .collect();
            for (i, &x) in some.iter().enumerate() {
                for &y in &some[i + 1..] {
                    for group in [[x, y], [y, x]] {
                        for first in [false, true] {
                            let full = reference(item, line, &group, first);
                            assert_eq!(
                                g.line_fits(item, line, &group, first, false, false),
                                full,
                                "{} line {line} for {} and {}",
                                g.def(item).name,
                                g.def(group[0]).name,
                                g.def(group[1]).name
                            );
                            fits += usize::from(full);
                        }
                    }
                }
            }
        }
        // Not a vacuous agreement: many pairs fight together.
        assert!(fits > 100, "{fits}");
    }
}
