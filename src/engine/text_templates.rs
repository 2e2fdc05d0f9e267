//! The engine's texts built from the ability specifications (`data/abilities/`): one arm per
//! template, each turning a spec's parameters into a [`Text`]. Filters are read once per card
//! pool into sets of definitions ([`DefSet`]), so a text's check during a game is a bit test.
//! [`plays`] says which specs are built; `text_support` counts exactly those as played.

use std::sync::Arc;

use super::card_pool::{CardDef, DefId, Kind};
use super::player::CardRef;
use super::state::GameState;
use super::text::{Arena, Listen, Num, Number, Query, Text};
use crate::catalogue::Card;
use crate::catalogue::abilities::{Ability, Condition, Filter, Half, Stat, Whose};

/// A set of card definitions of a pool: those that fit a list of filters.
#[derive(Debug, Clone)]
pub(crate) struct DefSet(Box<[u64]>);

impl DefSet {
    fn of(cards: &[Card], filters: &[Filter]) -> DefSet {
        let mut bits = vec![0u64; cards.len().div_ceil(64)];
        for (i, c) in cards.iter().enumerate() {
            if filters.iter().any(|f| f.matches(c)) {
                bits[i / 64] |= 1 << (i % 64);
            }
        }
        DefSet(bits.into_boxed_slice())
    }

    #[inline]
    fn has(&self, d: DefId) -> bool {
        let i = d.0 as usize;
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
}

/// A condition of a modifier that the engine checks.
#[derive(Debug, Clone)]
enum Cond {
    /// The weapon or battle card in use fits.
    WhileUsing(DefSet),
    NoWeapon,
    /// The opposing card fits.
    Vs(DefSet),
    InDuel,
    NotInDuel,
}

impl Cond {
    fn read(c: &Condition, cards: &[Card]) -> Option<Cond> {
        Some(match c {
            Condition::WhileUsing(f) => Cond::WhileUsing(DefSet::of(cards, f)),
            Condition::NoWeapon => Cond::NoWeapon,
            Condition::Vs(f) => Cond::Vs(DefSet::of(cards, f)),
            Condition::InDuel => Cond::InDuel,
            Condition::NotInDuel => Cond::NotInDuel,
            _ => return None,
        })
    }

    fn holds(&self, g: &GameState, q: &Query) -> bool {
        let fits = |c: Option<CardRef>, s: &DefSet| c.is_some_and(|c| s.has(g.def_id(c)));
        match self {
            Cond::WhileUsing(s) => fits(q.weapon, s) || fits(q.battle_card, s),
            Cond::NoWeapon => q.weapon.is_none(),
            Cond::Vs(s) => fits(q.opponent, s),
            Cond::InDuel => q.arena == Arena::Duel,
            Cond::NotInDuel => q.arena != Arena::Duel,
        }
    }
}

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
        target && self.when.iter().all(|c| c.holds(g, q))
    }
}

/// The text of one card: the abilities of its spec the engine plays.
#[derive(Debug, Clone, Default)]
pub(crate) struct SpecText {
    modifiers: Vec<Modifier>,
    listen: Listen,
}

impl Text for SpecText {
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

/// Whether the engine plays ability `a` of `def` as a template of this module.
pub fn plays(a: &Ability, def: &CardDef) -> bool {
    match a {
        Ability::Modifier {
            affects,
            when,
            half,
            ..
        } => {
            *half != Some(Half::Right)
                && def.kind != Kind::Other
                && (!affects.is_empty()
                    || matches!(
                        def.kind,
                        Kind::Character | Kind::Starship | Kind::Weapon | Kind::Battle
                    ))
                && when.iter().all(|c| {
                    matches!(
                        c,
                        Condition::WhileUsing(_)
                            | Condition::NoWeapon
                            | Condition::Vs(_)
                            | Condition::InDuel
                            | Condition::NotInDuel
                    )
                })
        }
        _ => false,
    }
}

/// The engine's text for `def` (catalogue card `card`) in a pool of `cards`, if it plays any.
pub fn build(def: &CardDef, cards: &[Card]) -> Option<Arc<dyn Text>> {
    let spec = def.text?;
    let mut t = SpecText::default();
    for (i, a) in spec.abilities.iter().enumerate() {
        if !plays(a, def) {
            continue;
        }
        if let Ability::Modifier {
            stat,
            amount,
            affects,
            whose,
            when,
            ..
        } = a
        {
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
            t.modifiers.push(Modifier {
                ability: i as u8,
                number,
                amount: *amount as i16,
                target,
                when: when.iter().filter_map(|c| Cond::read(c, cards)).collect(),
            });
            t.listen = t.listen.union(Listen::number(number));
        }
    }
    if t.listen == Listen::NONE {
        return None;
    }
    Some(Arc::new(t))
}
