//! Dueling text ("When dueling...", extra hits and cards, hits removed, a duelist whose hits
//! lose their text, extra dueling cards), rules about destiny numbers (redraw, draw two and
//! keep one, replace with damage, switch, the difference of printed destiny) and the duel
//! restrictions (not defended for, may not pass).
//!
//! A card's "When dueling" text applies only when that card scores a hit (card-text 16.6):
//! the rules tell its text ([`Trigger::HitScored`]) before the hit is marked; extra hits and
//! mandatory draws change the hit's numbers ([`Number::DuelHits`], [`Number::DuelHitCards`]),
//! optional ones ask the hitter (prompt key = the ability's index; "yes" is
//! `UseAbility { card, option: key }`). A duelist whose text negates the dueling text of the
//! cards hitting it answers [`Number::DuelText`]. Destiny decisions are asked when the destiny
//! is drawn (redraw, keep one) or once the fight's draws are done ([`Trigger::DestinyDone`]:
//! replace, switch); the numbers change through `GameState::change_destiny`.

use super::{DefSet, Part};
use crate::catalogue::Card;
use crate::catalogue::abilities::{Ability, Condition, DestinyRule, DuelEffect, Half, Restriction};
use crate::engine::action::Action;
use crate::engine::card_pool::CardDef;
use crate::engine::player::{CardRef, Player};
use crate::engine::state::{Flow, GameState};
use crate::engine::text::{Arena, Listen, Num, Number, Query, Scope, Trigger};

/// What a hit scored with the card does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HitEffect {
    ExtraHits(u8),
    DiscardForExtraHits(u8),
    DiscardToDraw(u8),
    Draw(u8),
    RemoveOwnHit(u8),
}

/// A condition of a hit's dueling text.
#[derive(Debug, Clone)]
enum HitCond {
    /// The hitter's duelist is the defender.
    Defending,
    /// The hitter's duelist fits.
    Dueling(DefSet),
}

#[derive(Debug, Clone)]
enum Kind {
    /// "When dueling": when this card scores a hit.
    OnHit {
        optional: bool,
        effects: Vec<HitEffect>,
        when: Vec<HitCond>,
    },
    /// Cards that hit this duelist have their dueling text negated (V1-JC-14).
    Cancel,
    /// One more dueling-hand card per other face-up character of yours here with one of these
    /// printed damage numbers (V1-JC-39, card-text 11).
    ExtraCards(Vec<u8>),
    Destiny(DestinyRule),
    NotDefended,
    MayNotPass,
}

#[derive(Debug, Clone)]
struct DuelAbility {
    /// The ability's index in the card's specification.
    ability: u8,
    kind: Kind,
}

/// The abilities of one card this part plays.
#[derive(Debug, Clone, Default)]
pub(super) struct DuelTexts {
    abilities: Vec<DuelAbility>,
    listen: Listen,
}

/// The duel in progress' duelist of `p`.
fn duelist(g: &GameState, p: Player) -> Option<CardRef> {
    g.duel.as_ref()?.duelists[p.index()]
}

/// Whether `me`'s dueling text works on a hit on `target`: no duelist negates it.
fn duel_text_works(g: &GameState, me: CardRef, target: Option<CardRef>) -> bool {
    if !g.asks(Number::DuelText) {
        return true;
    }
    let q = Query::new(Number::DuelText, g.owner(me))
        .card(me)
        .arena(Arena::Duel)
        .opponent(target);
    g.number(q, 1) > 0
}

impl DuelAbility {
    /// Whether this on-hit text applies to a hit scored with `me` on `target`.
    fn hit_applies(
        &self,
        g: &GameState,
        me: CardRef,
        when: &[HitCond],
        target: Option<CardRef>,
    ) -> bool {
        let Some(d) = g.duel.as_ref() else {
            return false;
        };
        let p = g.owner(me);
        when.iter().all(|c| match c {
            HitCond::Defending => d.initiator != p,
            HitCond::Dueling(s) => duelist(g, p).is_some_and(|c| s.has(g.def_id(c))),
        }) && duel_text_works(g, me, target)
    }

    /// The power DF-22/47 add to `q`'s character: the difference of printed destiny numbers
    /// when the opponent's is higher (card-text 3; a group: its highest).
    fn destiny_difference(&self, g: &GameState, me: CardRef, q: &Query) -> i16 {
        if q.battle_card != Some(me) || q.arena != Arena::Battle {
            return 0;
        }
        let Some(c) = q.card else { return 0 };
        let mine = g.def(c).destiny() as i16;
        let p = g.owner(me);
        let theirs = match g.fight_unit(p.other()) {
            Some(u) if g.fight_battle_card(p) == Some(me) => u
                .cards
                .iter()
                .flatten()
                .map(|&o| g.def(o).destiny() as i16)
                .max(),
            _ => q.opponent.map(|o| g.def(o).destiny() as i16),
        };
        theirs.map_or(0, |t| (t - mine).max(0))
    }

    /// The change this ability makes to the number `q` asks (0: none).
    fn change(&self, g: &GameState, me: CardRef, q: &Query) -> Option<Change> {
        match &self.kind {
            Kind::OnHit { effects, when, .. } if q.card == Some(me) && q.arena == Arena::Duel => {
                let mut n = 0i16;
                for e in effects {
                    match (e, q.number) {
                        (HitEffect::ExtraHits(k), Number::DuelHits)
                        | (HitEffect::Draw(k), Number::DuelHitCards) => n += *k as i16,
                        _ => {}
                    }
                }
                (n != 0 && self.mandatory() && self.hit_applies(g, me, when, q.opponent))
                    .then_some(Change::Add(n))
            }
            Kind::Cancel if q.number == Number::DuelText && q.opponent == Some(me) => {
                Some(Change::Set(0))
            }
            Kind::NotDefended if q.number == Number::DefendedInDuel && q.card == Some(me) => {
                Some(Change::Set(0))
            }
            Kind::MayNotPass if q.number == Number::MayPass && q.card == Some(me) => {
                Some(Change::Set(0))
            }
            Kind::ExtraCards(damages)
                if q.number == Number::DuelHand && q.card == Some(me) && q.arena == Arena::Duel =>
            {
                let p = g.owner(me);
                let n = g
                    .face_up_characters(p)
                    .filter(|&c| c != me && g.def(c).damage.is_some_and(|d| damages.contains(&d)))
                    .count() as i16;
                (n > 0).then_some(Change::Add(n))
            }
            Kind::Destiny(DestinyRule::AddDestinyDifference) if q.number == Number::Power => {
                let n = self.destiny_difference(g, me, q);
                (n > 0).then_some(Change::Add(n))
            }
            _ => None,
        }
    }

    fn mandatory(&self) -> bool {
        !matches!(self.kind, Kind::OnHit { optional: true, .. })
    }
}

#[derive(Debug, Clone, Copy)]
enum Change {
    Add(i16),
    Set(i16),
}

impl Change {
    fn apply(self, n: &mut Num) -> i16 {
        let before = n.value();
        match self {
            Change::Add(k) => n.add(k),
            Change::Set(k) => n.set(k),
        }
        n.value() - before
    }
}

/// The destiny card `p` drew last in this fight or duel.
fn last_drawn(g: &GameState, p: Player) -> Option<CardRef> {
    g.drawn_destiny()
        .iter()
        .rev()
        .find(|d| d.player == p)
        .map(|d| d.card)
}

/// Whether the destiny `p` just drew is one of `me`'s (a fighter of `p`'s side in the battle
/// fight, or the duelist drawing for his `?` power).
fn draws_for(g: &GameState, me: CardRef, p: Player) -> bool {
    if g.owner(me) != p {
        return false;
    }
    if let Some(u) = g.fight_unit(p) {
        return !g.in_space_battle() && u.cards.contains(&Some(me));
    }
    g.duel
        .as_ref()
        .is_some_and(|d| d.hands < 2 && d.duelists[p.index()] == Some(me))
}

/// Memo keys of this part: the ability index (once per turn), or this plus 64 (the second
/// card of a draw-two).
const SECOND: u8 = 64;

impl DuelTexts {
    fn get(&self, key: u8) -> Option<&DuelAbility> {
        self.abilities.iter().find(|a| a.ability == key)
    }

    fn hit_react(&self, g: &mut GameState, me: CardRef, card: CardRef) -> Flow {
        if card != me {
            return Ok(());
        }
        let Some(hit) = g.scoring_hit() else {
            return Ok(());
        };
        let target = duelist(g, hit.on);
        for a in &self.abilities {
            let Kind::OnHit {
                optional,
                effects,
                when,
            } = &a.kind
            else {
                continue;
            };
            if !a.hit_applies(g, me, when, target) {
                continue;
            }
            let p = g.owner(me);
            if *optional {
                // Removing a hit is asked only when there is one to remove.
                let useless = effects.iter().all(|e| {
                    matches!(e, HitEffect::RemoveOwnHit(_))
                        && g.duel.as_ref().is_some_and(|d| d.hits[p.index()] == 0)
                });
                if !useless {
                    g.ask(p, me, a.ability, true);
                }
            } else if effects
                .iter()
                .any(|e| !matches!(e, HitEffect::ExtraHits(_) | HitEffect::Draw(_)))
            {
                // Mandatory effects other than the hit's numbers (none printed so far).
                g.text_used(me, a.ability, target);
                apply_hit(g, me, effects, false);
            }
        }
        Ok(())
    }

    fn destiny_react(&self, g: &mut GameState, me: CardRef, t: Trigger) -> Flow {
        for a in &self.abilities {
            let Kind::Destiny(rule) = a.kind else {
                continue;
            };
            match (rule, t) {
                (DestinyRule::RedrawOncePerTurn, Trigger::DestinyDrawn { player, .. })
                    if draws_for(g, me, player) && g.text_state().memo(me, a.ability).is_none() =>
                {
                    g.ask(player, me, a.ability, true);
                }
                (DestinyRule::DrawTwoKeepOne, Trigger::DestinyDrawn { player, card })
                    if draws_for(g, me, player) && g.fight_unit(player).is_some() =>
                {
                    if let Some(second) = g.draw_second_destiny(player)? {
                        let _ = card;
                        g.text_state_mut().set_memo(
                            me,
                            a.ability + SECOND,
                            Scope::Fight,
                            second.index() as i16,
                        );
                        g.ask(player, me, a.ability, false);
                    }
                }
                (DestinyRule::ReplaceWithDamage, Trigger::DestinyDone(p))
                    if self.uses_in_fight(g, me, p)
                        && g.drawn_destiny().iter().any(|d| d.player == p) =>
                {
                    g.ask(p, me, a.ability, true);
                }
                (DestinyRule::SwitchLowerWithHigher, Trigger::DestinyDone(p))
                    if self.uses_in_fight(g, me, p) =>
                {
                    let drawn = g.drawn_destiny();
                    let low = drawn
                        .iter()
                        .filter(|d| d.player == p)
                        .min_by_key(|d| d.value)
                        .copied();
                    let high = drawn
                        .iter()
                        .filter(|d| d.player != p)
                        .max_by_key(|d| d.value)
                        .copied();
                    // card-text 4: mandatory; the best pair for its owner is always their
                    // lowest number against the opponent's highest.
                    if let (Some(low), Some(high)) = (low, high)
                        && low.value < high.value
                    {
                        g.change_destiny(low.card, high.value);
                        g.change_destiny(high.card, low.value);
                        g.text_used(me, a.ability, Some(high.card));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Whether `me` is the battle card `p` uses in the battle fight in progress (not a space
    /// battle: these texts are for "any character").
    fn uses_in_fight(&self, g: &GameState, me: CardRef, p: Player) -> bool {
        g.owner(me) == p && g.fight_battle_card(p) == Some(me) && !g.in_space_battle()
    }

    /// The damage number of the character using battle card `me` in this fight, after
    /// modifiers (card-text 16.7).
    fn user_damage(g: &GameState, me: CardRef) -> Option<i16> {
        let p = g.owner(me);
        let u = g.fight_unit(p)?;
        let c = u.cards[0]?;
        let q = Query::new(Number::Damage, p)
            .card(c)
            .arena(Arena::Battle)
            .place(g.site())
            .weapon(u.weapon.map(|w| w.0))
            .battle_card(Some(me))
            .opponent(g.fight_unit(p.other()).and_then(|o| o.cards[0]));
        Some(g.damage_of(q) as i16)
    }
}

/// Does what a hit's optional (or non-numeric) dueling text says; `numbers`: the extra hits
/// and draws too (an optional text's, which no query counted).
fn apply_hit(g: &mut GameState, me: CardRef, effects: &[HitEffect], numbers: bool) {
    let p = g.owner(me);
    for &e in effects {
        match e {
            HitEffect::ExtraHits(n) if numbers => g.add_to_hit(n),
            HitEffect::Draw(n) if numbers => g.draw_into_duel_hand(p, n),
            HitEffect::ExtraHits(_) | HitEffect::Draw(_) => {}
            HitEffect::DiscardForExtraHits(n) => {
                g.discard_dueling_card(me);
                g.add_to_hit(n);
            }
            HitEffect::DiscardToDraw(n) => {
                g.discard_dueling_card(me);
                g.draw_into_duel_hand(p, n);
            }
            HitEffect::RemoveOwnHit(n) => g.remove_duel_hits(p, n),
        }
    }
}

impl Part for DuelTexts {
    fn take(&mut self, index: u8, a: &Ability, def: &CardDef, cards: &[Card]) -> bool {
        if !plays(a, def) {
            return false;
        }
        let (kind, listen) = match a {
            Ability::Duel {
                on_hit: true,
                when,
                optional,
                effect,
                ..
            } => {
                let effects: Vec<HitEffect> = effect
                    .iter()
                    .filter_map(|e| {
                        Some(match e {
                            DuelEffect::ExtraHits(n) => HitEffect::ExtraHits(*n),
                            DuelEffect::DiscardForExtraHits(n) => {
                                HitEffect::DiscardForExtraHits(*n)
                            }
                            DuelEffect::DiscardToDraw(n) => HitEffect::DiscardToDraw(*n),
                            DuelEffect::DrawIntoDuelingHand(n) => HitEffect::Draw(*n),
                            DuelEffect::RemoveOwnHit(n) => HitEffect::RemoveOwnHit(*n),
                            _ => return None,
                        })
                    })
                    .collect();
                let when = when
                    .iter()
                    .filter_map(|c| match c {
                        Condition::DefendingInDuel => Some(HitCond::Defending),
                        Condition::Dueling(f) => Some(HitCond::Dueling(DefSet::of(cards, f))),
                        _ => None,
                    })
                    .collect();
                let listen = if *optional {
                    Listen::HIT_SCORED
                } else {
                    let mut l = Listen::NONE;
                    for e in &effects {
                        l = l.union(match e {
                            HitEffect::ExtraHits(_) => Listen::number(Number::DuelHits),
                            HitEffect::Draw(_) => Listen::number(Number::DuelHitCards),
                            _ => Listen::HIT_SCORED,
                        });
                    }
                    l
                };
                (
                    Kind::OnHit {
                        optional: *optional,
                        effects,
                        when,
                    },
                    listen,
                )
            }
            Ability::Duel { effect, .. } => match effect.first() {
                Some(DuelEffect::CancelOpposingDuelText) => {
                    (Kind::Cancel, Listen::number(Number::DuelText))
                }
                Some(DuelEffect::ExtraCardPerCharacterWithDamage(d)) => (
                    Kind::ExtraCards(d.clone()),
                    Listen::number(Number::DuelHand),
                ),
                _ => return false,
            },
            Ability::Destiny { rule, .. } => (
                Kind::Destiny(*rule),
                match rule {
                    DestinyRule::RedrawOncePerTurn | DestinyRule::DrawTwoKeepOne => {
                        Listen::DESTINY_DRAWN
                    }
                    DestinyRule::ReplaceWithDamage | DestinyRule::SwitchLowerWithHigher => {
                        Listen::DESTINY_DONE
                    }
                    DestinyRule::AddDestinyDifference => Listen::number(Number::Power),
                },
            ),
            Ability::Restriction {
                rule: Restriction::NotDefendedInDuel,
                ..
            } => (Kind::NotDefended, Listen::number(Number::DefendedInDuel)),
            Ability::Restriction {
                rule: Restriction::MayNotPassInDuel,
                ..
            } => (Kind::MayNotPass, Listen::number(Number::MayPass)),
            _ => return false,
        };
        self.abilities.push(DuelAbility {
            ability: index,
            kind,
        });
        self.listen = self.listen.union(listen);
        true
    }

    fn listens(&self) -> Listen {
        self.listen
    }

    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        for a in &self.abilities {
            if let Some(c) = a.change(g, me, q) {
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
        for a in &self.abilities {
            if let Some(c) = a.change(g, me, q) {
                let by = c.apply(n);
                if by != 0 {
                    seen(a.ability, by);
                }
            }
        }
    }

    fn react(&self, g: &mut GameState, me: CardRef, t: Trigger) -> Flow {
        match t {
            Trigger::HitScored { card, .. } => self.hit_react(g, me, card),
            Trigger::DestinyDrawn { .. } | Trigger::DestinyDone(_) => self.destiny_react(g, me, t),
            _ => Ok(()),
        }
    }

    fn answers(&self, g: &GameState, me: CardRef, key: u8, out: &mut Vec<Action>) {
        let Some(a) = self.get(key) else { return };
        let p = g.owner(me);
        match a.kind {
            Kind::OnHit { .. } => out.push(Action::UseAbility {
                card: me,
                option: key,
            }),
            Kind::Destiny(DestinyRule::RedrawOncePerTurn) => {
                out.extend(last_drawn(g, p).map(Action::ChooseCard))
            }
            Kind::Destiny(DestinyRule::DrawTwoKeepOne) => {
                out.extend(last_drawn(g, p).map(Action::ChooseCard));
                if let Some(i) = g.text_state().memo(me, key + SECOND)
                    && i >= 0
                {
                    out.push(Action::ChooseCard(CardRef::new(i as usize)));
                }
            }
            Kind::Destiny(DestinyRule::ReplaceWithDamage) => out.extend(
                g.drawn_destiny()
                    .iter()
                    .filter(|d| d.player == p)
                    .map(|d| Action::ChooseCard(d.card)),
            ),
            _ => {}
        }
    }

    fn answer(&self, g: &mut GameState, me: CardRef, key: u8, answer: Action) -> Flow {
        let Some(a) = self.get(key) else {
            return Ok(());
        };
        match (&a.kind, answer) {
            (Kind::OnHit { effects, .. }, Action::UseAbility { .. }) => {
                // The card the text acts on: the duelist hit (extra hits), or for a text that
                // only acts on its own side, its own duelist: hits taken off it (Twist Of
                // Fate), or cards drawn into its dueling hand (Critical Confrontation, You Are
                // Strong With The Force). Naming the duelist hit after "draw 1 into the
                // dueling hand" read as if the opponent drew.
                let own = effects.iter().all(|e| {
                    matches!(
                        e,
                        HitEffect::RemoveOwnHit(_)
                            | HitEffect::Draw(_)
                            | HitEffect::DiscardToDraw(_)
                    )
                });
                let side = if own {
                    Some(g.owner(me))
                } else {
                    g.scoring_hit().map(|h| h.on)
                };
                let target = side.and_then(|p| duelist(g, p));
                g.text_used(me, key, target);
                apply_hit(g, me, effects, true);
            }
            // A hit's "you may", declined: said (one line a hit at most). The destiny
            // rules' declines are not: they are asked at every draw or fight the card is in,
            // and the destiny line shows what was kept.
            (Kind::OnHit { .. }, Action::Decline) => g.text_declined(g.owner(me), me, key),
            (Kind::Destiny(DestinyRule::RedrawOncePerTurn), Action::ChooseCard(c)) => {
                g.text_state_mut().set_memo(me, key, Scope::Turn, 1);
                g.text_used(me, key, Some(c));
                g.redraw_destiny(c)?;
            }
            (Kind::Destiny(DestinyRule::DrawTwoKeepOne), Action::ChooseCard(c)) => {
                let first = last_drawn(g, g.owner(me));
                g.text_state_mut()
                    .set_memo(me, key + SECOND, Scope::Fight, -1);
                if let Some(first) = first {
                    g.keep_destiny(first, c);
                }
                g.text_used(me, key, Some(c));
            }
            (Kind::Destiny(DestinyRule::ReplaceWithDamage), Action::ChooseCard(c)) => {
                if let Some(damage) = DuelTexts::user_damage(g, me) {
                    g.change_destiny(c, damage);
                    g.text_used(me, key, Some(c));
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Whether this part plays ability `a` of `def`: the dueling texts, the destiny rules and the
/// duel restrictions. A Double Impact card's right half is played in duels: both halves of
/// the cards that carry one (RF-DI6, RF-DI9) show the same destiny number, so choosing the
/// half when the card hits (card-text 16.2) is choosing whether its dueling text applies,
/// which the optional text's prompt asks.
pub fn plays(a: &Ability, _def: &CardDef) -> bool {
    match a {
        Ability::Duel {
            on_hit,
            when,
            optional,
            effect,
            ..
        } => {
            when.iter()
                .all(|c| matches!(c, Condition::DefendingInDuel | Condition::Dueling(_)))
                && !effect.is_empty()
                && effect.iter().all(|e| {
                    if *on_hit {
                        matches!(
                            e,
                            DuelEffect::ExtraHits(_)
                                | DuelEffect::DiscardForExtraHits(_)
                                | DuelEffect::DiscardToDraw(_)
                                | DuelEffect::DrawIntoDuelingHand(_)
                                | DuelEffect::RemoveOwnHit(_)
                        )
                    } else {
                        !optional
                            && effect.len() == 1
                            && matches!(
                                e,
                                DuelEffect::CancelOpposingDuelText
                                    | DuelEffect::ExtraCardPerCharacterWithDamage(_)
                            )
                    }
                })
        }
        Ability::Destiny { half, .. } => half.is_none() || *half == Some(Half::Left),
        Ability::Restriction {
            rule: Restriction::NotDefendedInDuel | Restriction::MayNotPassInDuel,
            ..
        } => true,
        _ => false,
    }
}
