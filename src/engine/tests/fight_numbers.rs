//! Whether the numbers of a fight are the rules' values (`engine/fight_numbers.rs`): while no
//! face-up text in force nor lasting effect changes one. The heuristic agent reuses its
//! line-ups only then (and debug builds check every reuse).

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
fn printed_while_no_text_in_force_changes_a_fight_number() {
    let mut g = naboo(None);
    assert!(g.fight_numbers_printed());
    play(&mut g, &[Action::SkipBattle]);
    assert!(g.fight_numbers_printed());
    // A text in force that changes another number (counters per turn) does not count.
    let g = naboo(Some(owners(Number::CountersPerTurn, 1)));
    assert!(g.fight_numbers_printed());
}

#[test]
fn not_printed_while_a_face_up_text_changes_power_or_damage() {
    for n in [Number::Power, Number::Damage] {
        let g = naboo(Some(owners(n, 1)));
        assert!(!g.fight_numbers_printed(), "{n:?}");
        assert!(!g.view(A).fight_numbers_printed(), "{n:?}");
    }
}

#[test]
fn not_printed_while_a_lasting_effect_changes_a_fight_number() {
    let mut g = naboo(None);
    let source = g.planet(Planet::Naboo).cards[B.index()][0].card;
    g.add_lasting(crate::engine::text::Lasting {
        source,
        number: Number::Damage,
        target: None,
        player: B,
        add: 1,
        scope: crate::engine::text::Scope::Turn,
        said: false,
    });
    assert!(!g.fight_numbers_printed());
}

#[test]
fn a_card_whose_own_text_changes_power_is_seen_only_by_whom_may_see_it() {
    // B's character face up with a power text of its own: both players see it listen.
    let g = naboo(Some(own(Number::Power, 1)));
    assert!(g.view(A).fight_texts_at(Planet::Naboo, B));
    assert!(!g.view(A).fight_texts_at(Planet::Naboo, A));
    // Face down, only its owner knows its text.
    let mut b = at_naboo();
    let hidden = b.add(B, ch("Hidden B", 3, 2), Zone::At(Planet::Naboo, false));
    b.deck_filler(A, 10, 4);
    b.deck_filler(B, 10, 4);
    let g = b.build().with_text(hidden, own(Number::Power, 1));
    assert!(!g.view(A).fight_texts_at(Planet::Naboo, B));
    assert!(g.view(B).fight_texts_at(Planet::Naboo, B));
}
