//! The state key (`engine/state_key.rs`): it stands over actions while no text in force, nor a
//! lasting effect, changes a number of a fight, and is renewed by every action (and not handed
//! out) while one does.
//! The heuristic agent reuses its line-ups under it (and debug builds check every reuse).

use super::*;
use crate::catalogue::Planet;

/// A's plain character and B's at Naboo, face up, in A's battle step; `text`, if any, is B's
/// character's.
fn naboo(text: Option<Arc<dyn Text>>) -> GameState {
    let mut b = at_naboo();
    b.add(A, ch("Plain A", 3, 2), Zone::At(Planet::Naboo, true));
    let theirs = b.add(B, ch("Plain B", 3, 2), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 10, 4);
    b.deck_filler(B, 10, 4);
    let g = b.build();
    match text {
        Some(t) => g.with_text(theirs, t),
        None => g,
    }
}

#[test]
fn the_key_stands_over_actions_while_no_text_changes_a_fight_number() {
    let mut g = naboo(None);
    let key = g.state_key();
    assert!(key.is_some());
    play(&mut g, &[Action::SkipBattle]);
    assert_eq!(g.state_key(), key);
    // A text in force that changes no number of a fight (counters per turn) leaves it too.
    let mut g = naboo(Some(owners(Number::CountersPerTurn, 1)));
    let key = g.state_key();
    play(&mut g, &[Action::SkipBattle]);
    assert_eq!(g.state_key(), key);
}

#[test]
fn every_action_renews_the_key_while_a_text_in_force_changes_power() {
    let mut g = naboo(Some(owners(Number::Power, 1)));
    assert_eq!(g.state_key(), None);
    let key = g.key;
    play(&mut g, &[Action::SkipBattle]);
    assert_ne!(g.key, key);
}

#[test]
fn a_lasting_effect_renews_the_key() {
    let mut g = naboo(None);
    let key = g.key;
    let source = g.planet(Planet::Naboo).cards[B.index()][0].card;
    g.add_lasting(super::super::text::Lasting {
        source,
        number: Number::Damage,
        target: None,
        player: B,
        add: 1,
        scope: super::super::text::Scope::Turn,
        said: false,
    });
    let after_lasting = g.key;
    assert_ne!(after_lasting, key);
    assert_eq!(g.state_key(), None);
    // And so does the next action, the effect running.
    play(&mut g, &[Action::SkipBattle]);
    assert_ne!(g.key, after_lasting);
}

#[test]
fn a_copy_that_goes_its_own_way_never_meets_its_original_key() {
    let mut g = naboo(Some(owners(Number::Power, 1)));
    let mut copy = g.clone();
    assert_eq!(copy.key, g.key);
    play(&mut g, &[Action::SkipBattle]);
    play(&mut copy, &[Action::SkipBattle]);
    assert_ne!(copy.key, g.key);
}
