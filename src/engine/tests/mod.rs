//! Scenario tests (one rule each, citing the rulebook section) and the invariant sweep.

mod battle;
mod battle_texts;
mod bonus_conditions;
mod catalogue_sweep;
mod decisions;
mod deck_victory;
mod deploy;
mod deploy_texts;
mod double_impact_destiny;
mod double_impact_texts;
mod duel;
mod duel_texts;
mod events;
mod fight_numbers;
mod fight_texts;
mod modifier_texts;
mod one_off_texts;
mod podrace;
mod reflections;
mod setup;
mod starships;
mod sweep;
mod text_templates;
mod texts;
mod triggered_texts;
mod turn;
mod view;

use std::sync::Arc;

use super::builder::{Builder, Zone, fx};
use super::text::{Listen, Num, Number, Query, Text};
use super::{Action, CardRef, Event, GameState, Pending, Phase, Player, legal_actions};

pub(crate) use Player::{A, B};

/// The legal actions of the player to act.
fn legal(g: &GameState) -> Vec<Action> {
    let mut out = Vec::new();
    if let Some(p) = g.to_act() {
        legal_actions(&g.view(p), &mut out);
    }
    out
}

/// Applies actions in order, panicking (with the legal list) on an illegal one; returns all
/// events.
fn play(g: &mut GameState, actions: &[Action]) -> Vec<Event> {
    let mut events = Vec::new();
    for &a in actions {
        match g.apply(a) {
            Ok(e) => events.extend(e),
            Err(err) => panic!("{err}; legal: {:?}", legal(g)),
        }
        g.check_zones().unwrap();
    }
    events
}

/// A battle at the current planet: A attacks; each side's battle cards and plan in order.
fn battle(g: &mut GameState, cards: [&[CardRef]; 2], plans: [&[CardRef]; 2]) -> Vec<Event> {
    let mut actions = vec![Action::DeclareBattle];
    for p in [A, B] {
        actions.extend(cards[p.index()].iter().map(|&c| Action::AddBattleCard(c)));
        actions.push(Action::BattleCardsDone);
    }
    for p in [A, B] {
        actions.extend(plans[p.index()].iter().map(|&c| Action::PlanNext(c)));
        actions.push(Action::PlanDone);
    }
    play(g, &actions)
}

fn fights(events: &[Event]) -> Vec<(i16, i16, Option<Player>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Fight {
                attacker,
                defender,
                winner,
            } => Some((attacker.power, defender.power, *winner)),
            _ => None,
        })
        .collect()
}

/// `duelist` (with `saber`) duels `target`, and the defender uses no weapon: the three
/// decisions that start a duel (rulebook "Lightsaber Dueling"); returns their events.
fn start_duel(g: &mut GameState, duelist: CardRef, saber: CardRef, target: CardRef) -> Vec<Event> {
    play(
        g,
        &[
            Action::Duel {
                duelist,
                saber,
                target,
            },
            Action::DuelDefender(target),
            Action::DuelWeapon(None),
        ],
    )
}

/// The dueling hands drawn, in order: each player with its hand's size.
fn dueling_hands(ev: &[Event]) -> Vec<(Player, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::DuelHand { player, cards, .. } => Some((*player, *cards)),
            _ => None,
        })
        .collect()
}

/// Sebulba, Bad-Tempered Dug, a Podracer pilot for the Boonta Eve Classic.
fn pilot() -> crate::catalogue::Card {
    // Handling is the last digit of the collector number: 3.
    crate::catalogue::Card {
        number: "73".into(),
        counters: Some(2),
        ..fx::character("Sebulba", "Bad-Tempered Dug", 4, 2, 3)
    }
}

/// His matching Podracer.
fn podracer() -> crate::catalogue::Card {
    crate::catalogue::Card {
        counters: Some(1),
        diamond: Some(false),
        ..fx::weapon("Sebulba's Podracer", &[("Sebulba", 3, 1)])
    }
}

/// A at Naboo with the Boonta Eve Classic, its pilot and Podracer at the objective, both draw
/// decks of ten destiny-1 cards: the builder, the pilot and the Podracer.
fn racing() -> (Builder, CardRef, CardRef) {
    let mut b = Builder::new();
    b.current(crate::catalogue::Planet::Naboo, 0);
    b.add(A, fx::boonta(), Zone::Objective);
    let p = b.add(A, pilot(), Zone::Pilot);
    let r = b.add(A, podracer(), Zone::Podracer);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    (b, p, r)
}

/// The catalogue's card `id`, as printed (the real card, text and all).
fn real(id: &str) -> crate::catalogue::Card {
    crate::catalogue::Catalogue::embedded_for_tests()
        .get(id)
        .unwrap_or_else(|| panic!("{id}"))
        .clone()
}

/// A builder at Naboo's Theed Palace in A's battle step.
fn at_naboo() -> Builder {
    let mut b = Builder::new();
    b.current(crate::catalogue::Planet::Naboo, 0);
    b.phase(Phase::BattleStep, A);
    b
}

/// A lightsaber for `user` at Naboo, face up: no dots (so dueling hands stay what the
/// character makes them), a chance cube. RULINGS.md E2: a duel is initiated with a lightsaber.
fn saber_for(b: &mut Builder, p: Player, user: &str) -> CardRef {
    b.add(
        p,
        fx::weapon(&format!("{user}'s Lightsaber"), &[(user, 0, 1)]),
        Zone::At(crate::catalogue::Planet::Naboo, true),
    )
}

fn ch(title: &str, power: u8, damage: u8) -> crate::catalogue::Card {
    fx::character(title, "", power, damage, 1)
}

/// A test text: adds `add` to `number` when it is asked about the text's own card (`Own`), or
/// for the text's owner whatever the card (`Owner`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Adds {
    pub number: Number,
    pub add: i16,
    pub whom: Whom,
    /// A fixed value instead of an addition ("costs 3").
    pub set: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Whom {
    Own,
    Owner,
}

impl Text for Adds {
    fn listens(&self) -> Listen {
        Listen::number(self.number)
    }
    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        assert_eq!(q.number, self.number, "asked only what it listens to");
        let applies = match self.whom {
            Whom::Own => q.card == Some(me),
            Whom::Owner => q.player == g.owner(me),
        };
        if applies {
            if self.set {
                n.set(self.add);
            } else {
                n.add(self.add);
            }
        }
    }
}

/// `card`'s text adds `add` to `number` for itself.
pub(crate) fn own(number: Number, add: i16) -> Arc<dyn Text> {
    Arc::new(Adds {
        number,
        add,
        whom: Whom::Own,
        set: false,
    })
}

/// `card`'s text adds `add` to `number` for its owner.
pub(crate) fn owners(number: Number, add: i16) -> Arc<dyn Text> {
    Arc::new(Adds {
        number,
        add,
        whom: Whom::Owner,
        set: false,
    })
}

/// A test text that asks for decisions in the middle of battles and duels: before each fight
/// its card is in, an ability (option 0) gives it +1 power for the fight, once; after each
/// destiny draw of its owner during such a fight, an optional prompt (answers
/// `ChooseNumber(0)` and `ChooseNumber(1)`; 1 gives -1 power for the fight); after each duel
/// hit on its owner, an ability (option 1) that does nothing but be chosen.
#[derive(Debug)]
pub(crate) struct Probe;

impl Text for Probe {
    fn listens(&self) -> Listen {
        Listen::OFFERS.union(Listen::DESTINY_DRAWN)
    }
    fn offers(&self, g: &GameState, me: CardRef, window: super::Window, out: &mut Vec<u8>) {
        match window {
            super::Window::BeforeFight
                if g.in_fight(me) && g.text_state().memo(me, 0).is_none() =>
            {
                out.push(0)
            }
            super::Window::DuelHit if g.text_state().memo(me, 1).is_none() => out.push(1),
            _ => {}
        }
    }
    fn use_ability(&self, g: &mut GameState, me: CardRef, option: u8) -> super::Flow {
        let scope = if option == 0 {
            super::text::Scope::Fight
        } else {
            super::text::Scope::Turn
        };
        g.text_state_mut().set_memo(me, option, scope, 1);
        if option == 0 {
            let player = g.owner(me);
            g.add_lasting(super::text::Lasting {
                source: me,
                number: Number::Power,
                target: Some(me),
                player,
                add: 1,
                scope,
                said: false,
            });
        }
        Ok(())
    }
    fn react(&self, g: &mut GameState, me: CardRef, t: super::Trigger) -> super::Flow {
        if let super::Trigger::DestinyDrawn { player, .. } = t
            && player == g.owner(me)
            && g.in_fight(me)
        {
            g.ask(player, me, 7, true);
        }
        Ok(())
    }
    fn answers(&self, _: &GameState, _: CardRef, key: u8, out: &mut Vec<Action>) {
        assert_eq!(key, 7);
        out.extend([Action::ChooseNumber(0), Action::ChooseNumber(1)]);
    }
    fn answer(&self, g: &mut GameState, me: CardRef, _: u8, a: Action) -> super::Flow {
        if a == Action::ChooseNumber(1) {
            let player = g.owner(me);
            g.add_lasting(super::text::Lasting {
                source: me,
                number: Number::Power,
                target: Some(me),
                player,
                add: -1,
                scope: super::text::Scope::Fight,
                said: false,
            });
        }
        Ok(())
    }
}

/// The probe, and decisions outside battles and duels too: at the start of each turn of the
/// other player, a prompt to its card's owner (key 9, `ChooseNumber(0)` or `ChooseNumber(1)`,
/// not optional); and in its owner's Even Up step, an ability (option 2, once per turn) that
/// asks the opponent that prompt. The answers change nothing but a memo, so a game that asks
/// them plays as one that does not.
#[derive(Debug)]
pub(crate) struct StepProbe;

/// The prompt key of [`StepProbe`].
pub(crate) const STEP_PROMPT: u8 = 9;

impl Text for StepProbe {
    fn listens(&self) -> Listen {
        Probe.listens().union(Listen::TURN_STARTED)
    }
    fn offers(&self, g: &GameState, me: CardRef, window: super::Window, out: &mut Vec<u8>) {
        let owner = g.owner(me);
        if window == super::Window::EvenUp
            && g.active() == owner
            && g.text_state().memo(me, 2).is_none()
        {
            out.push(2);
        }
        Probe.offers(g, me, window, out);
    }
    fn use_ability(&self, g: &mut GameState, me: CardRef, option: u8) -> super::Flow {
        if option == 2 {
            g.text_state_mut()
                .set_memo(me, 2, super::text::Scope::Turn, 1);
            let opponent = g.owner(me).other();
            g.ask(opponent, me, STEP_PROMPT, false);
            return Ok(());
        }
        Probe.use_ability(g, me, option)
    }
    fn react(&self, g: &mut GameState, me: CardRef, t: super::Trigger) -> super::Flow {
        if let super::Trigger::TurnStarted(p) = t {
            if p != g.owner(me) {
                g.ask(g.owner(me), me, STEP_PROMPT, false);
            }
            return Ok(());
        }
        Probe.react(g, me, t)
    }
    fn answers(&self, g: &GameState, me: CardRef, key: u8, out: &mut Vec<Action>) {
        if key == STEP_PROMPT {
            out.extend([Action::ChooseNumber(0), Action::ChooseNumber(1)]);
            return;
        }
        Probe.answers(g, me, key, out)
    }
    fn answer(&self, g: &mut GameState, me: CardRef, key: u8, a: Action) -> super::Flow {
        if key == STEP_PROMPT {
            let v = i16::from(a == Action::ChooseNumber(1));
            g.text_state_mut()
                .set_memo(me, STEP_PROMPT, super::text::Scope::Game, v);
            return Ok(());
        }
        Probe.answer(g, me, key, a)
    }
}
