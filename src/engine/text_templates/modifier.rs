//! The `modifier` template: a change to power or damage while conditions hold (Bombad General:
//! each Gungan +1 power; BN-1: +1 power while using Obi-Wan's lightsaber).

use super::{Cond, DefSet, Part};
use crate::catalogue::Card;
use crate::catalogue::abilities::{Ability, Half, Stat, Whose};
use crate::engine::card_pool::{CardDef, Kind};
use crate::engine::player::CardRef;
use crate::engine::state::GameState;
use crate::engine::text::{Listen, Num, Number, Query};

/// Which card a modifier changes.
#[derive(Debug, Clone)]
enum Target {
    /// The text's own card (a character or starship).
    This,
    /// The card using the text's card (a weapon or battle card) in this fight.
    User,
    /// Each card of `whose` that fits.
    Fits(DefSet, Whose),
}

/// One `modifier` ability: `amount` on `number` of `target` while every condition holds.
#[derive(Debug, Clone)]
struct Modifier {
    /// The ability's index in the card's specification.
    ability: u8,
    number: Number,
    amount: i16,
    target: Target,
    when: Vec<Cond>,
    /// A Double Impact card's Effect-half text: only while the card is in play (deployed as
    /// that Effect, card-text 16.1), never while its battle half is used.
    effect_half: bool,
}

impl Modifier {
    fn applies(&self, g: &GameState, me: CardRef, q: &Query) -> bool {
        if q.number != self.number {
            return false;
        }
        let Some(card) = q.card else { return false };
        let target = match &self.target {
            Target::This => card == me,
            Target::User => q.weapon == Some(me) || q.battle_card == Some(me),
            Target::Fits(set, whose) => {
                set.has(g.def_id(card))
                    && match whose {
                        Whose::Yours => g.owner(card) == g.owner(me),
                        Whose::Opponents => g.owner(card) != g.owner(me),
                        Whose::Any => true,
                    }
            }
        };
        target
            && self.when.iter().all(|c| c.holds(g, me, q))
            && (!self.effect_half || super::planet_of(g, me).is_some())
    }
}

/// The `modifier` abilities of one card.
#[derive(Debug, Clone, Default)]
pub(super) struct Modifiers {
    modifiers: Vec<Modifier>,
    listen: Listen,
}

impl Part for Modifiers {
    fn take(&mut self, index: u8, a: &Ability, def: &CardDef, cards: &[Card]) -> bool {
        if !plays(a, def) {
            return false;
        }
        let Ability::Modifier {
            stat,
            amount,
            affects,
            whose,
            when,
            half,
        } = a
        else {
            return false;
        };
        let number = match stat {
            Stat::Power => Number::Power,
            Stat::Damage => Number::Damage,
        };
        let target = if !affects.is_empty() {
            Target::Fits(DefSet::of(cards, affects), *whose)
        } else if matches!(def.kind, Kind::Weapon | Kind::Battle) {
            Target::User
        } else {
            Target::This
        };
        self.modifiers.push(Modifier {
            ability: index,
            number,
            amount: *amount as i16,
            target,
            when: when.iter().filter_map(|c| Cond::read(c, cards)).collect(),
            effect_half: *half == Some(Half::Right) && def.effect_half,
        });
        self.listen = self.listen.union(Listen::number(number));
        true
    }

    fn listens(&self) -> Listen {
        self.listen
    }

    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        for m in &self.modifiers {
            if m.applies(g, me, q) {
                n.add(m.amount);
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
        for m in &self.modifiers {
            if m.applies(g, me, q) {
                n.add(m.amount);
                seen(m.ability, m.amount);
            }
        }
    }
}

/// Whether the engine plays ability `a` of `def` as a `modifier`.
pub fn plays(a: &Ability, def: &CardDef) -> bool {
    match a {
        Ability::Modifier {
            affects,
            when,
            half,
            ..
        } => {
            // A right half is played when it is an Effect half (its battle half has no
            // modifier on any card).
            (*half != Some(Half::Right) || def.effect_half)
                && def.kind != Kind::Other
                && (!affects.is_empty()
                    || matches!(
                        def.kind,
                        Kind::Character | Kind::Starship | Kind::Weapon | Kind::Battle
                    ))
                && when.iter().all(Cond::reads)
        }
        _ => false,
    }
}
