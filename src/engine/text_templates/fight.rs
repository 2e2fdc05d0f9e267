//! Texts that change how a battle fight ends: saved-if-defeated (BN-57 Young Skywalker: Anakin
//! and his weapon go back to hand, no damage), ignoring the opposing weapons (BN-51 Jedi Force
//! Push; BP-49 Gaderffii Stick, discarded to ignore one), fights-again (JC-64 Wisdom Of The
//! Council), extra damage on a fight's result (DF-16 Critical Confrontation), no
//! breakthrough loss (DF-19 Qui-Gon's Final Stand) and two weapons for one user (DF-17
//! Gungan Mounted Troops, card-text 16.8). Each answers a number the battle rules ask
//! where the text takes effect (`Number::Saved`, `IgnoredWeapons`, `FightsAgain`,
//! `ResultDamage`, `BreakthroughLoss`, `TwoWeapons`), with the text's card as the unit's battle card or
//! weapon of the query, so a text that cannot apply costs the rules one bit test.
//!
//! A Double Impact card's text acts only for the half in use: a left half's for a user of a
//! left line, a right half's (RF-DI6/DI9) once the card is used as its right half in this
//! battle (`GameState::used_as_right_half`).

use super::{Cond, DefSet, Part};
use crate::catalogue::Card;
use crate::catalogue::abilities::{Ability, Condition, Cost, Half};
use crate::engine::card_pool::{CardDef, Kind};
use crate::engine::event::{DiscardReason, Event};
use crate::engine::player::CardRef;
use crate::engine::state::{Flow, GameState};
use crate::engine::text::{Lasting, Listen, Num, Number, Query, Scope, Window};

/// A unit has at most two weapons (two-weapons, card-text 16.8): "any weapon ... is ignored".
const ALL_WEAPONS: i16 = 2;

/// What one ability of this part does.
#[derive(Debug, Clone)]
enum Does {
    /// Its user (those fitting the set, or any) is saved when defeated.
    Saved(Option<DefSet>),
    /// The opposing weapons add nothing while the conditions hold.
    Ignore(Vec<Cond>),
    /// Discard this weapon during its user's fight to ignore one opposing weapon (BP-49).
    IgnoreForDiscard,
    /// Extra damage on the fight's result: to the opponent when won, to the owner when lost.
    ResultDamage { win: i16, lose: i16 },
    /// The user fights the next fight too, after defeating a card of the set.
    FightsAgain(DefSet),
    /// No breakthrough loss for this battle while the user is the last card of the plan.
    NoBreakthroughLoss,
    /// A user that fits may use two weapons, one fitting each set (card-text 16.8).
    TwoWeapons {
        user: DefSet,
        first: DefSet,
        second: DefSet,
    },
}

#[derive(Debug, Clone)]
struct FightText {
    /// The ability's index in the card's specification.
    ability: u8,
    /// The ability is a Double Impact card's left half's: it acts only for a user of that
    /// half's line (card-text 16.1).
    left: bool,
    /// The ability is a Double Impact card's right (battle) half's: it acts only while the
    /// card is used as that half in this battle (RF-DI6/DI9, card-text 16.1, 16.5).
    right: bool,
    kind: Does,
}

/// The fight abilities of one card.
#[derive(Debug, Clone, Default)]
pub(crate) struct FightTexts {
    texts: Vec<FightText>,
    listen: Listen,
}

impl FightText {
    /// The change this ability makes to the number `q` asks (None: it does not apply).
    fn change(&self, g: &GameState, me: CardRef, q: &Query) -> Option<Change> {
        if self.left && q.card.is_some_and(|c| right_half_user(g, me, c))
            || self.right && !g.used_as_right_half(me)
        {
            return None;
        }
        let mine = q.battle_card == Some(me) || q.weapon == Some(me);
        match (&self.kind, q.number) {
            (Does::Saved(who), Number::Saved) if q.battle_card == Some(me) => {
                let c = q.card?;
                who.as_ref()
                    .is_none_or(|s| s.has(g.def_id(c)))
                    .then_some(Change::Set(1))
            }
            (Does::Ignore(when), Number::IgnoredWeapons) if mine => when
                .iter()
                .all(|c| c.holds(g, me, q))
                .then_some(Change::Set(ALL_WEAPONS)),
            (Does::ResultDamage { win, lose }, Number::ResultDamage)
                if q.battle_card == Some(me) =>
            {
                // Asked with the player who takes the damage: the loser.
                let n = if g.owner(me) == q.player { *lose } else { *win };
                Some(Change::Add(n))
            }
            (Does::FightsAgain(defeats), Number::FightsAgain) if q.battle_card == Some(me) => {
                let c = q.opponent?;
                defeats.has(g.def_id(c)).then_some(Change::Set(1))
            }
            (
                Does::TwoWeapons {
                    user,
                    first,
                    second,
                },
                Number::TwoWeapons,
            ) if q.battle_card == Some(me) => {
                let (c, w) = (q.card?, q.weapon?);
                if !user.has(g.def_id(c)) {
                    return None;
                }
                let w = g.def_id(w);
                let slots = i16::from(first.has(w)) | i16::from(second.has(w)) << 1;
                (slots != 0).then_some(Change::Set(slots))
            }
            (Does::NoBreakthroughLoss, Number::BreakthroughLoss)
                if q.battle_card == Some(me) && last_in_plan(g, me) =>
            {
                Some(Change::Set(0))
            }
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Change {
    Set(i16),
    Add(i16),
}

impl Change {
    fn apply(self, n: &mut Num) {
        match self {
            Change::Set(v) => n.set(v),
            Change::Add(v) => n.add(v),
        }
    }
}

/// Whether `c` uses Double Impact card `me` as its right half (the first line of `me` it
/// fits is a right-half line).
fn right_half_user(g: &GameState, me: CardRef, c: CardRef) -> bool {
    g.use_line_for(me, &[c], false, false, false)
        .and_then(|l| g.def(me).uses.get(l))
        .is_some_and(|u| u.rule.half == Some(crate::engine::use_lines::Half::Right))
}

/// Card-text 16.5: "if this character is the last card in your battle plan" — the battle card
/// `me` is followed in its owner's plan (past at most one weapon) by one character it works
/// with, and nothing after him: no weapon or battle card left over at the plan's right end.
fn last_in_plan(g: &GameState, me: CardRef) -> bool {
    let Some(b) = g.battle.as_ref() else {
        return false;
    };
    let plan = &b.plans[g.owner(me).index()];
    let Some(i) = plan.iter().position(|&c| c == me) else {
        return false;
    };
    let mut rest = &plan[i + 1..];
    if rest.first().is_some_and(|&c| g.def(c).kind == Kind::Weapon) {
        rest = &rest[1..];
    }
    match *rest {
        [c] => {
            g.def(c).kind == Kind::Character
                && g.use_line_for(me, &[c], i == 0, false, false).is_some()
        }
        _ => false,
    }
}

impl Part for FightTexts {
    fn take(&mut self, index: u8, a: &Ability, def: &CardDef, cards: &[Card]) -> bool {
        if !plays(a, def) {
            return false;
        }
        let (kind, listen) = match a {
            Ability::SavedIfDefeated { who } => (
                Does::Saved((!who.is_empty()).then(|| DefSet::of(cards, who))),
                Listen::number(Number::Saved),
            ),
            Ability::IgnoreOpposingWeapon { when, cost, .. } => match cost {
                Some(_) => (Does::IgnoreForDiscard, Listen::OFFERS),
                None => (
                    Does::Ignore(when.iter().filter_map(|c| Cond::read(c, cards)).collect()),
                    Listen::number(Number::IgnoredWeapons),
                ),
            },
            Ability::FightResultDamage { win, lose } => (
                Does::ResultDamage {
                    win: *win as i16,
                    lose: *lose as i16,
                },
                Listen::number(Number::ResultDamage),
            ),
            Ability::FightsAgain { defeats, .. } => (
                Does::FightsAgain(DefSet::of(cards, defeats)),
                Listen::number(Number::FightsAgain),
            ),
            Ability::NoBreakthroughLoss { .. } => (
                Does::NoBreakthroughLoss,
                Listen::number(Number::BreakthroughLoss),
            ),
            Ability::TwoWeapons {
                user,
                first,
                second,
            } => (
                Does::TwoWeapons {
                    user: DefSet::of(cards, user),
                    first: DefSet::of(cards, first),
                    second: DefSet::of(cards, second),
                },
                Listen::number(Number::TwoWeapons),
            ),
            _ => return false,
        };
        let left = matches!(
            a,
            Ability::FightsAgain {
                half: Some(Half::Left),
                ..
            } | Ability::IgnoreOpposingWeapon {
                half: Some(Half::Left),
                ..
            } | Ability::NoBreakthroughLoss {
                half: Some(Half::Left),
                ..
            }
        );
        let right = matches!(
            a,
            Ability::NoBreakthroughLoss {
                half: Some(Half::Right),
                ..
            }
        );
        self.texts.push(FightText {
            ability: index,
            left,
            right,
            kind,
        });
        self.listen = self.listen.union(listen);
        true
    }

    fn listens(&self) -> Listen {
        self.listen
    }

    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        for t in &self.texts {
            if let Some(c) = t.change(g, me, q) {
                c.apply(n);
            }
        }
    }

    fn explain(
        &self,
        g: &GameState,
        me: CardRef,
        q: &Query,
        n: &mut Num,
        seen: &mut dyn FnMut(u8, i16),
    ) {
        for t in &self.texts {
            if let Some(c) = t.change(g, me, q) {
                let before = n.value();
                c.apply(n);
                if n.value() != before {
                    seen(t.ability, n.value() - before);
                }
            }
        }
    }

    fn offers(&self, g: &GameState, me: CardRef, window: Window, out: &mut Vec<u8>) {
        if window != Window::BeforeFight {
            return;
        }
        for t in &self.texts {
            if matches!(t.kind, Does::IgnoreForDiscard) && g.discard_to_ignore(me).is_some() {
                out.push(t.ability);
            }
        }
    }

    fn use_ability(&self, g: &mut GameState, me: CardRef, option: u8) -> Flow {
        let ours = self
            .texts
            .iter()
            .any(|t| t.ability == option && matches!(t.kind, Does::IgnoreForDiscard));
        if !ours {
            return Ok(());
        }
        let Some((user, against)) = g.discard_to_ignore(me) else {
            return Ok(());
        };
        let p = g.owner(me);
        // "Discard this weapon from play": it leaves the fight and adds nothing (BP-49's
        // reading in data/abilities); not a defeat, so no damage.
        if let Some(f) = g.battle.as_mut().and_then(|b| b.fight.as_mut()) {
            let u = &mut f.units[p.index()];
            if u.weapon.is_some_and(|w| w.0 == me) {
                u.weapon = None;
            }
        }
        if let Some(planet) = g.current {
            g.remove_from_planet(planet, p, me);
        }
        g.players[p.index()].discard.push(me);
        g.emit(Event::Discarded {
            player: p,
            card: me,
            reason: DiscardReason::TextCost,
        });
        g.add_lasting(Lasting {
            source: me,
            number: Number::IgnoredWeapons,
            target: Some(user),
            player: p,
            add: 1,
            scope: Scope::Fight,
            said: true,
        });
        g.text_used(me, option, Some(against));
        Ok(())
    }
}

impl GameState {
    /// For a weapon whose text discards it to ignore an opposing weapon (BP-49): while it is
    /// the weapon of its owner's unit in the fight in progress and the opposing unit fights
    /// with a weapon that still counts, its user and that weapon.
    fn discard_to_ignore(&self, me: CardRef) -> Option<(CardRef, CardRef)> {
        let f = self.battle.as_ref()?.fight.as_ref()?;
        let p = self.owner(me);
        let own = &f.units[p.index()];
        if own.weapon.map(|w| w.0) != Some(me) {
            return None;
        }
        let user = own.cards[0]?;
        let against = &f.units[p.other().index()];
        let lead = against.cards[0]?;
        let weapon = match against.weapon {
            Some((w, _)) => w,
            None if self.def(lead).armed => lead,
            None => return None,
        };
        (self.ignored_weapons(p, own, against, false) == 0).then_some((user, weapon))
    }
}

/// Whether this part plays ability `a` of `def`: the fight texts of battle cards (and BP-49's
/// weapon), of a Double Impact card's left half, and the no-breakthrough text of a right half
/// that is a battle half (RF-DI6/DI9: its line is a right-half line of `def`).
pub fn plays(a: &Ability, def: &CardDef) -> bool {
    let battle = def.kind == Kind::Battle;
    let left = |h: &Option<Half>| *h != Some(Half::Right);
    match a {
        Ability::SavedIfDefeated { .. } => battle,
        Ability::IgnoreOpposingWeapon { when, cost, half } => {
            left(half)
                && match cost {
                    None => {
                        battle
                            && when
                                .iter()
                                .all(|c| matches!(c, Condition::NoWeapon | Condition::Vs(_)))
                    }
                    Some(Cost::DiscardThis) => def.kind == Kind::Weapon && when.is_empty(),
                    Some(_) => false,
                }
        }
        Ability::FightResultDamage { .. } | Ability::TwoWeapons { .. } => battle,
        Ability::FightsAgain { half, .. } => battle && left(half),
        Ability::NoBreakthroughLoss { when, half } => {
            let right_line = || {
                def.uses
                    .iter()
                    .any(|u| u.rule.half == Some(crate::engine::use_lines::Half::Right))
            };
            battle
                && (left(half) || right_line())
                && when.iter().all(|c| *c == Condition::LastInPlan)
        }
        _ => false,
    }
}
