//! Triggered texts (card-text 15, "When he deploys…", "If he defeats…", "When you win
//! control of…", "When he declares his first pass in a duel…"): a moment, an optional "you may", and an effect. Damage that a defeat makes
//! larger ("+2 damage", "double damage") is a change to the defeated card's damage number,
//! asked where the damage is worked out.
//!
//! Prompts are keyed by the ability's index in the spec, plus [`STAGE`] for the second
//! question of a two-part effect (which hand card goes under the draw deck, the hand cards
//! discarded as a cost), so each card's prompts never clash with its other abilities'.

use super::deploy::discard_from_play;
use super::{DefSet, Part, planet_of};
use crate::catalogue::abilities::{Ability, Effect, Trigger as On};
use crate::catalogue::{Card, Planet};
use crate::engine::action::Action;
use crate::engine::card_pool::CardDef;
use crate::engine::event::{DiscardReason, Event};
use crate::engine::player::CardRef;
use crate::engine::state::{Flow, GameState};
use crate::engine::text::{Arena, Listen, Num, Number, Query, Scope, Trigger};

/// Added to an ability's index for the second question of its effect.
const STAGE: u8 = 32;

/// What a triggered text reacts to, read for the engine.
#[derive(Debug, Clone)]
enum When {
    /// This card deploys face up, to this planet (None: anywhere) or to the objective.
    Deploys { to: Option<Planet>, objective: bool },
    /// Another of the owner's cards that fits deploys at this card's planet.
    OtherDeploysHere(DefSet),
    /// This card defeats a character.
    Defeats,
    /// The owner wins control of the planet this card is on.
    PlanetWon,
    /// This card, dueling, passes (its first pass: a duelist passes at most once a duel).
    FirstPass,
}

/// What a triggered text does, read for the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Does {
    Draw(u8),
    /// Draw into the dueling hand (card-text 9).
    DrawIntoDuelingHand(u8),
    OpponentDamage(u8),
    ThrustTokens(u8),
    OpponentDiscards(u8),
    DiscardOpponentLapCard,
    /// Discard this card and `discard` hand cards (the whole cost), then draw `draw`.
    DiscardThisAndHandThenDraw {
        discard: u8,
        draw: u8,
    },
    /// Choose: a hand card under the draw deck, or draw one.
    UnderDeckOrDraw,
    /// The defeated card deals this much more damage.
    ExtraDamage(u8),
    /// The defeated card's damage is multiplied (last, after every other change).
    DamageTimes(u8),
}

#[derive(Debug, Clone)]
struct Triggered {
    ability: u8,
    when: When,
    optional: bool,
    does: Does,
}

/// The triggered abilities of one card.
#[derive(Debug, Clone, Default)]
pub(super) struct TriggeredTexts {
    triggers: Vec<Triggered>,
    listen: Listen,
}

/// The effect a triggered ability's list of effects comes to, if the engine plays it.
fn does(effects: &[Effect]) -> Option<Does> {
    let [e] = effects else { return None };
    Some(match e {
        Effect::Draw(n) => Does::Draw(*n),
        Effect::DrawIntoDuelingHand(n) => Does::DrawIntoDuelingHand(*n),
        Effect::OpponentDamage(n) => Does::OpponentDamage(*n),
        Effect::ThrustTokens(n) => Does::ThrustTokens(*n),
        Effect::OpponentDiscards(n) => Does::OpponentDiscards(*n),
        Effect::DiscardOpponentLapCard => Does::DiscardOpponentLapCard,
        Effect::DiscardThisAndHandThenDraw { discard, draw } => Does::DiscardThisAndHandThenDraw {
            discard: *discard,
            draw: *draw,
        },
        Effect::DefeatedExtraDamage(n) => Does::ExtraDamage(*n),
        Effect::DamageTimes(n) => Does::DamageTimes(*n),
        Effect::ChooseOne(v)
            if matches!(v.as_slice(), [Effect::HandCardUnderDeck, Effect::Draw(1)]) =>
        {
            Does::UnderDeckOrDraw
        }
        _ => return None,
    })
}

/// Whether this part plays ability `a` of `def`.
pub fn plays(a: &Ability, _def: &CardDef) -> bool {
    match a {
        Ability::Triggered {
            on, when, effect, ..
        } => {
            when.is_empty()
                && matches!(
                    on,
                    On::Deploys { .. }
                        | On::OtherDeploys { here: true, .. }
                        | On::Defeats
                        | On::PlanetWon
                        | On::FirstPass
                )
                && does(effect).is_some()
                && {
                    // A damage change reacts to nothing: it is asked with the damage.
                    let d = does(effect).expect("checked");
                    (!matches!(d, Does::ExtraDamage(_) | Does::DamageTimes(_))
                        || matches!(on, On::Defeats))
                        // A dueling hand exists only in a duel.
                        && (matches!(d, Does::DrawIntoDuelingHand(_)) == matches!(on, On::FirstPass))
                }
        }
        _ => false,
    }
}

impl Part for TriggeredTexts {
    fn take(&mut self, index: u8, a: &Ability, def: &CardDef, cards: &[Card]) -> bool {
        if !plays(a, def) {
            return false;
        }
        let Ability::Triggered {
            on,
            optional,
            effect,
            ..
        } = a
        else {
            return false;
        };
        let when = match on {
            On::Deploys { to, to_objective } => When::Deploys {
                to: *to,
                objective: *to_objective,
            },
            On::OtherDeploys { who, .. } => When::OtherDeploysHere(DefSet::of(cards, who)),
            On::Defeats => When::Defeats,
            On::PlanetWon => When::PlanetWon,
            On::FirstPass => When::FirstPass,
            _ => return false,
        };
        let does = does(effect).expect("plays checked it");
        self.listen = self.listen.union(match (&when, does) {
            (_, Does::ExtraDamage(_) | Does::DamageTimes(_)) => Listen::number(Number::Damage),
            (When::Deploys { .. } | When::OtherDeploysHere(_), _) => Listen::DEPLOYED,
            (When::Defeats, _) => Listen::DEFEATED,
            (When::PlanetWon, _) => Listen::PLANET_CONTROLLED,
            (When::FirstPass, _) => Listen::DUEL_PASSED,
        });
        self.triggers.push(Triggered {
            ability: index,
            when,
            optional: *optional,
            does,
        });
        true
    }

    fn listens(&self) -> Listen {
        self.listen
    }

    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        for t in &self.triggers {
            if defeated_by_me(g, me, q) {
                match t.does {
                    Does::ExtraDamage(k) => n.add(k as i16),
                    Does::DamageTimes(k) => n.times(k as i16),
                    _ => {}
                }
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
        for t in &self.triggers {
            if defeated_by_me(g, me, q) {
                let before = n.value();
                match t.does {
                    Does::ExtraDamage(k) => n.add(k as i16),
                    Does::DamageTimes(k) => n.times(k as i16),
                    _ => continue,
                }
                seen(t.ability, n.value() - before);
            }
        }
    }

    fn react(&self, g: &mut GameState, me: CardRef, trigger: Trigger) -> Flow {
        for t in &self.triggers {
            if fires(g, me, &t.when, trigger) {
                self.fire(g, me, t)?;
            }
        }
        Ok(())
    }

    fn answers(&self, g: &GameState, me: CardRef, key: u8, out: &mut Vec<Action>) {
        let Some(t) = self.triggers.iter().find(|t| t.ability == key % STAGE) else {
            return;
        };
        let owner = g.owner(me);
        let stage = key >= STAGE;
        match (t.does, stage) {
            (Does::OpponentDiscards(_), _) => out.extend(
                g.players[owner.other().index()]
                    .hand
                    .iter()
                    .map(|&c| Action::ChooseCard(c)),
            ),
            (Does::UnderDeckOrDraw, false) => {
                if !g.players[owner.index()].hand.is_empty() {
                    out.push(Action::ChooseNumber(0));
                }
                out.push(Action::ChooseNumber(1));
            }
            (Does::UnderDeckOrDraw | Does::DiscardThisAndHandThenDraw { .. }, true) => out.extend(
                g.players[owner.index()]
                    .hand
                    .iter()
                    .map(|&c| Action::ChooseCard(c)),
            ),
            // "You may": yes is using the ability, no is `Decline`.
            _ => out.push(Action::UseAbility {
                card: me,
                option: t.ability,
            }),
        }
    }

    fn answer(&self, g: &mut GameState, me: CardRef, key: u8, answer: Action) -> Flow {
        let Some(t) = self.triggers.iter().find(|t| t.ability == key % STAGE) else {
            return Ok(());
        };
        let owner = g.owner(me);
        if answer == Action::Decline {
            // A triggered "you may", declined when first asked: said, so a reader knows the
            // text fired and was not used (the later asks are its cost's choices).
            if key < STAGE
                && (t.optional || matches!(t.does, Does::DiscardThisAndHandThenDraw { .. }))
            {
                g.text_declined(owner, me, t.ability);
            }
            return Ok(());
        }
        match (t.does, key >= STAGE, answer) {
            (Does::OpponentDiscards(_), _, Action::ChooseCard(c)) => {
                // Said before the discard it explains.
                g.text_used(me, t.ability, Some(c));
                g.discard_from_hand(owner.other(), c);
                let left = g.text_state.memo(me, key).unwrap_or(1) - 1;
                if left > 0 && !g.players[owner.other().index()].hand.is_empty() {
                    g.text_state.set_memo(me, key, Scope::Turn, left);
                    g.ask(owner.other(), me, key, false);
                }
                Ok(())
            }
            (Does::UnderDeckOrDraw, false, Action::ChooseNumber(0)) => {
                g.ask(owner, me, t.ability + STAGE, false);
                Ok(())
            }
            (Does::UnderDeckOrDraw, false, _) => {
                g.text_used(me, t.ability, None);
                g.draw_to_hand(owner, 1)
            }
            (Does::UnderDeckOrDraw, true, Action::ChooseCard(c)) => {
                if g.remove_from_hand(owner, c) {
                    g.players[owner.index()].deck.insert(0, c);
                }
                g.text_used(me, t.ability, None);
                Ok(())
            }
            (Does::DiscardThisAndHandThenDraw { discard, draw }, false, _) => {
                // Said once accepted, before the cards it costs are chosen and discarded.
                g.text_used(me, t.ability, None);
                g.text_state
                    .set_memo(me, t.ability + STAGE, Scope::Turn, discard as i16);
                let _ = draw;
                g.ask(owner, me, t.ability + STAGE, false);
                Ok(())
            }
            (Does::DiscardThisAndHandThenDraw { draw, .. }, true, Action::ChooseCard(c)) => {
                g.discard_from_hand(owner, c);
                let left = g.text_state.memo(me, key).unwrap_or(1) - 1;
                g.text_state.set_memo(me, key, Scope::Turn, left);
                if left > 0 {
                    g.ask(owner, me, key, false);
                    return Ok(());
                }
                // card-text "General decisions": discarding a card as the cost of its own text
                // is not a defeat; nobody takes damage for it.
                discard_from_play(g, me);
                g.draw_to_hand(owner, draw as usize)
            }
            _ => self.effect(g, me, t),
        }
    }
}

impl TriggeredTexts {
    /// The trigger `t` of `me` fired: ask first when the effect needs a choice or a "may".
    fn fire(&self, g: &mut GameState, me: CardRef, t: &Triggered) -> Flow {
        let owner = g.owner(me);
        match t.does {
            Does::ExtraDamage(_) | Does::DamageTimes(_) => Ok(()),
            Does::OpponentDiscards(n) => {
                if !g.players[owner.other().index()].hand.is_empty() {
                    g.text_state.set_memo(me, t.ability, Scope::Turn, n as i16);
                    g.ask(owner.other(), me, t.ability, false);
                }
                Ok(())
            }
            Does::UnderDeckOrDraw => {
                g.ask(owner, me, t.ability, false);
                Ok(())
            }
            // "A cost must be paid whole": with fewer hand cards the text cannot be used.
            Does::DiscardThisAndHandThenDraw { discard, .. } => {
                if g.players[owner.index()].hand.len() >= discard as usize {
                    g.ask(owner, me, t.ability, true);
                }
                Ok(())
            }
            Does::DiscardOpponentLapCard if g.players[owner.other().index()].laps.is_empty() => {
                Ok(())
            }
            _ if t.optional => {
                g.ask(owner, me, t.ability, true);
                Ok(())
            }
            _ => self.effect(g, me, t),
        }
    }

    /// Does the effect of `t` that needs no further choice.
    fn effect(&self, g: &mut GameState, me: CardRef, t: &Triggered) -> Flow {
        let owner = g.owner(me);
        match t.does {
            Does::Draw(n) => {
                g.text_used(me, t.ability, None);
                g.draw_to_hand(owner, n as usize)
            }
            Does::OpponentDamage(n) => {
                g.text_used(me, t.ability, None);
                g.damage(owner.other(), n)
            }
            // card-text 9: from the top of the draw deck, what there is if fewer are left.
            Does::DrawIntoDuelingHand(n) => {
                g.text_used(me, t.ability, None);
                g.draw_into_duel_hand(owner, n);
                Ok(())
            }
            Does::ThrustTokens(n) => {
                let ps = &mut g.players[owner.index()];
                ps.thrust = ps.thrust.saturating_add(n);
                g.text_used(me, t.ability, None);
                Ok(())
            }
            Does::DiscardOpponentLapCard => {
                let o = owner.other();
                if let Some(c) = g.players[o.index()].laps.pop() {
                    g.players[o.index()].discard.push(c);
                    g.text_used(me, t.ability, Some(c));
                    g.emit(Event::Discarded {
                        player: o,
                        card: c,
                        reason: DiscardReason::ByText,
                    });
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

/// Whether the damage asked by `q` is that of a card `me` defeated in a fight or duel: `me`
/// fought it alone or as any member of a fight-together group (the group fights "like they
/// were one big character", rulebook "Fight Together"; EBN-P8 second in its group).
fn defeated_by_me(g: &GameState, me: CardRef, q: &Query) -> bool {
    q.number == Number::Damage
        && q.arena != Arena::None
        && q.opponents().any(|c| c == me)
        && q.card.is_some_and(|c| g.owner(c) != g.owner(me))
}

/// Whether trigger `trigger` is the moment `when` of `me`'s text (card-text 15: "when he
/// deploys" is a face-up deploy; "to X": X is the current planet then; "here": at the trigger
/// card's own planet; the objective is not a planet location).
fn fires(g: &GameState, me: CardRef, when: &When, trigger: Trigger) -> bool {
    match (when, trigger) {
        (When::Deploys { to, objective }, Trigger::Deployed(c)) if c == me => {
            let at_objective = {
                let ps = &g.players[g.owner(me).index()];
                ps.pilot == Some(me) || ps.podracer == Some(me)
            };
            if *objective {
                at_objective
            } else {
                !at_objective && to.is_none_or(|p| planet_of(g, me) == Some(p))
            }
        }
        (When::OtherDeploysHere(who), Trigger::Deployed(c)) => {
            c != me
                && g.owner(c) == g.owner(me)
                && who.has(g.def_id(c))
                && planet_of(g, me).is_some_and(|p| planet_of(g, c) == Some(p))
        }
        (When::Defeats, Trigger::Defeated { card, by }) => {
            by.contains(&Some(me)) && g.owner(card) != g.owner(me)
        }
        (When::PlanetWon, Trigger::PlanetControlled(planet, by)) => {
            by == g.owner(me) && planet_of(g, me) == Some(planet)
        }
        (When::FirstPass, Trigger::DuelPassed { card, .. }) => card == me,
        _ => false,
    }
}
