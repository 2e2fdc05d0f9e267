//! Texts that act in battle fights: fight-together groups (and who alone is defeated),
//! conditional bonuses, saved-if-defeated, ignoring an opposing weapon, two weapons,
//! fights-again, no breakthrough loss, extra damage on a fight's result, restrictions.
//!
//! Played here: `only-defeated` (BN-48: when the group loses, only the ◆ Gungan is defeated),
//! the `bonus-only-if` conditions the use-line reader leaves to text (BP-24: the opponent
//! controls a planet you did not surrender; BP-22: you reveal your hand, card-text 16.12) and
//! the battle `restriction`s (DM-50: its characters use no Weapon card; DF-23 and RF-DI3's
//! Effect half: Trade Federation Tanks use no weapons; V1-JC-3: he uses no battle cards,
//! card-text 8). The fight-together groups themselves are read from the use lines
//! (`use_lines.rs`, `battle.rs`).

use super::{DefSet, Part};
use crate::catalogue::Card;
use crate::catalogue::abilities::{Ability, Condition, Half, Restriction};
use crate::engine::card_pool::{CardDef, Kind};
use crate::engine::player::CardRef;
use crate::engine::state::{Flow, GameState, PlanetStatus};
use crate::engine::text::{Listen, Num, Number, Query, Scope, Window};

/// What one ability of this part does.
#[derive(Debug, Clone)]
enum Rule {
    /// This battle card's losing group: only the members in the set are defeated.
    OnlyDefeated(DefSet),
    /// This battle card's characters may not use a weapon card (DM-50, RF-C2).
    NoWeaponCard,
    /// The cards of the set may not use weapons (DF-23, an Effect at the planet; the right
    /// half of RF-DI3 while deployed as that Effect, card-text 16.1, never while its battle
    /// half is used: `true`).
    NoWeapons(DefSet, bool),
    /// This character may not use battle cards (V1-JC-3).
    NoBattleCards,
    /// This battle card's bonus counts only if the opponent controls a planet its owner did
    /// not surrender (BP-24, BP-52).
    OpponentControlsUnsurrendered,
    /// This battle card's bonus counts only if its owner reveals the hand when the card is
    /// turned up (BP-22, BP-53; card-text 16.12): offered before the fight.
    RevealHand,
}

/// The abilities of one card this part plays.
#[derive(Debug, Clone, Default)]
pub(super) struct BattleTexts {
    rules: Vec<(u8, Rule)>,
    listen: Listen,
}

impl BattleTexts {
    /// The change ability `rule` makes to `q` (None: it does not apply).
    fn applies(&self, g: &GameState, me: CardRef, q: &Query, rule: &Rule) -> Option<i16> {
        let fits = |c: Option<CardRef>, s: &DefSet| c.is_some_and(|c| s.has(g.def_id(c)));
        let mine = q.battle_card == Some(me);
        match (rule, q.number) {
            (Rule::OnlyDefeated(who), Number::Defeated) if mine && !fits(q.card, who) => Some(0),
            (Rule::NoWeaponCard, Number::MayUse) if mine && q.weapon.is_some() => Some(0),
            (Rule::NoWeapons(who, effect_half), Number::MayUse)
                if q.weapon.is_some()
                    && fits(q.card, who)
                    && (!effect_half || super::planet_of(g, me).is_some()) =>
            {
                Some(0)
            }
            (Rule::NoBattleCards, Number::MayUse)
                if q.card == Some(me) && q.battle_card.is_some() =>
            {
                Some(0)
            }
            (Rule::OpponentControlsUnsurrendered, Number::BonusCounts)
                if mine && opponent_holds_unsurrendered(g, me) =>
            {
                Some(1)
            }
            (Rule::RevealHand, Number::BonusCounts) if mine && revealed(g, me) => Some(1),
            _ => None,
        }
    }
}

/// "Your opponent controls a planet you did not surrender" (BP-24): a planet the opponent
/// won by battle or by holding it, not one the card's owner gave up.
fn opponent_holds_unsurrendered(g: &GameState, me: CardRef) -> bool {
    let opp = g.owner(me).other();
    g.planets.iter().any(
        |p| matches!(p.status, PlanetStatus::Controlled { by, surrendered: false } if by == opp),
    )
}

/// The memo key of a battle card whose owner revealed the hand for it in this fight.
const REVEALED: u8 = 0xF0;

fn revealed(g: &GameState, me: CardRef) -> bool {
    g.text_state.memo(me, REVEALED).is_some()
}

impl Part for BattleTexts {
    fn take(&mut self, index: u8, a: &Ability, def: &CardDef, cards: &[Card]) -> bool {
        if !plays(a, def) {
            return false;
        }
        let (rule, listen) = match a {
            Ability::OnlyDefeated { who } => (
                Rule::OnlyDefeated(DefSet::of(cards, std::slice::from_ref(who))),
                Listen::number(Number::Defeated),
            ),
            Ability::Restriction { rule, .. } => (
                match rule {
                    Restriction::NoWeaponCard => Rule::NoWeaponCard,
                    Restriction::NoWeapons(f) => {
                        Rule::NoWeapons(DefSet::of(cards, f), def.kind != Kind::Effect)
                    }
                    Restriction::NoBattleCards => Rule::NoBattleCards,
                    _ => return false,
                },
                Listen::number(Number::MayUse),
            ),
            Ability::BonusOnlyIf { when, .. } => match when.as_slice() {
                [Condition::OpponentControlsUnsurrendered] => (
                    Rule::OpponentControlsUnsurrendered,
                    Listen::number(Number::BonusCounts),
                ),
                [Condition::RevealHand] => (
                    Rule::RevealHand,
                    Listen::number(Number::BonusCounts).union(Listen::OFFERS),
                ),
                _ => return false,
            },
            _ => return false,
        };
        self.rules.push((index, rule));
        self.listen = self.listen.union(listen);
        true
    }

    fn listens(&self) -> Listen {
        self.listen
    }

    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        for (_, r) in &self.rules {
            if let Some(v) = self.applies(g, me, q, r) {
                n.set(v);
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
        for (i, r) in &self.rules {
            if let Some(v) = self.applies(g, me, q, r) {
                let by = v - n.value();
                n.set(v);
                seen(*i, by);
            }
        }
    }

    fn offers(&self, g: &GameState, me: CardRef, window: Window, out: &mut Vec<u8>) {
        if window != Window::BeforeFight || revealed(g, me) {
            return;
        }
        let p = g.owner(me);
        let Some(f) = g.battle.as_ref().and_then(|b| b.fight.as_ref()) else {
            return;
        };
        if f.units[p.index()].battle.map(|b| b.0) != Some(me) {
            return;
        }
        for (i, r) in &self.rules {
            if matches!(r, Rule::RevealHand) {
                out.push(*i);
            }
        }
    }

    fn use_ability(&self, g: &mut GameState, me: CardRef, option: u8) -> Flow {
        if self
            .rules
            .iter()
            .any(|(i, r)| *i == option && matches!(r, Rule::RevealHand))
        {
            let p = g.owner(me);
            g.text_state.set_memo(me, REVEALED, Scope::Fight, 1);
            g.text_used(me, option, None);
            g.reveal_hand(p);
        }
        Ok(())
    }
}

/// Whether this part plays ability `a` of `def`.
pub fn plays(a: &Ability, def: &CardDef) -> bool {
    match a {
        Ability::OnlyDefeated { .. } => def.kind == Kind::Battle,
        // A Double Impact card's right half is played when it is an Effect half (RF-DI3).
        Ability::Restriction { rule, half } => match (rule, *half == Some(Half::Right)) {
            (Restriction::NoWeapons(_), true) => def.effect_half,
            (_, true) => false,
            (Restriction::NoWeaponCard, false) => def.kind == Kind::Battle,
            (Restriction::NoWeapons(_), false) => def.kind == Kind::Effect,
            (Restriction::NoBattleCards, false) => def.kind == Kind::Character,
            _ => false,
        },
        Ability::BonusOnlyIf { when, half, .. } => {
            *half != Some(Half::Right)
                && def.kind == Kind::Battle
                && matches!(
                    when.as_slice(),
                    [Condition::OpponentControlsUnsurrendered] | [Condition::RevealHand]
                )
        }
        _ => false,
    }
}
