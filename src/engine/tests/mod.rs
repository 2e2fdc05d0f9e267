//! Scenario tests (one rule each, citing the rulebook section) and the invariant sweep.

mod battle;
mod bonus_conditions;
mod deck_victory;
mod deploy;
mod duel;
mod events;
mod podrace;
mod reflections;
mod setup;
mod starships;
mod sweep;
mod turn;
mod view;

use std::sync::Arc;

use super::builder::{Builder, Zone, fx};
use super::text::{Listen, Num, Number, Query, Text};
use super::{Action, CardRef, Event, GameState, Phase, Player, legal_actions};

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

/// A builder at Naboo's Theed Palace in A's battle step.
fn at_naboo() -> Builder {
    let mut b = Builder::new();
    b.current(crate::catalogue::Planet::Naboo, 0);
    b.phase(Phase::BattleStep, A);
    b
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
