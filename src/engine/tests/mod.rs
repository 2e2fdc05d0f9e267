//! Scenario tests (one rule each, citing the rulebook section) and the invariant sweep.

mod battle;
mod bonus_conditions;
mod deploy;
mod duel;
mod podrace;
mod reflections;
mod setup;
mod starships;
mod sweep;
mod turn;
mod view;

use super::builder::{Builder, Zone, fx};
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
