//! What a `PlayerView` shows: RULINGS.md R2 ("What a player may see"), "The Hidden Cards Rule",
//! "Adding Battle Cards to Your Battle Plan" ("Don't show your opponent the Battle cards you
//! are using - they're a secret!"), "Draw your dueling hand!".

use super::*;
use crate::catalogue::Planet;
use crate::engine::Seen;

#[test]
fn a_view_shows_the_table_not_the_opponents_secrets() {
    let mut b = at_naboo();
    let mine = b.add(A, ch("Mine", 2, 1), Zone::At(Planet::Naboo, true));
    let rifle = b.add(
        A,
        fx::weapon("Blaster Rifle", &[("any character", 0, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let own_deck = b.add(A, fx::destiny(2), Zone::Deck);
    let their_hand = b.add(B, ch("In Hand", 1, 1), Zone::Hand);
    let their_hidden = b.add(B, ch("Hidden", 1, 1), Zone::At(Planet::Naboo, false));
    let their_up = b.add(B, ch("Up", 1, 1), Zone::At(Planet::Naboo, true));
    let buried = b.add(B, fx::destiny(3), Zone::Discard);
    let top = b.add(B, fx::destiny(4), Zone::Discard);
    let g = b.build();
    let v = g.view(A);
    // The opponent's hand, hidden cards and discard pile below its top card are unseen.
    for c in [their_hand, their_hidden, buried] {
        assert!(v.def(c).is_none(), "{c:?}");
    }
    assert!(v.def(top).is_some() && v.def(their_up).is_some());
    // The viewer's own draw deck is known as a list, not as cards found somewhere.
    assert!(v.def(own_deck).is_none() && v.own_def(own_deck).is_some());
    // Hidden cards show only as hidden, however asked.
    assert_eq!(
        v.in_play(Planet::Naboo, B),
        vec![
            Seen::Hidden,
            Seen::Card {
                card: their_up,
                face_up: true
            }
        ]
    );
    let seen: Vec<_> = v.seen_at(Planet::Naboo, B).collect();
    assert!(matches!(seen[0], (Seen::Hidden, None)));
    assert!(v.cost(their_hidden).is_none() && v.cost(their_hand).is_none());
    assert!(v.use_line(rifle, &[their_hidden], false, false).is_none());
    assert!(v.use_line(rifle, &[mine], false, false).is_some());
    // The owner sees its own hidden card.
    let w = g.view(B);
    assert!(w.def(their_hidden).is_some() && w.cost(their_hidden).is_some());
}

#[test]
fn battle_cards_and_dueling_hands_stay_secret() {
    // Battle cards: only their number is said out loud.
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 2, 1), Zone::At(Planet::Naboo, true));
    let secret = b.add(
        B,
        fx::battle("Secret", &[("any character", 1, 0)]),
        Zone::Hand,
    );
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(
        &mut g,
        &[
            Action::DeclareBattle,
            Action::BattleCardsDone,
            Action::AddBattleCard(secret),
            Action::BattleCardsDone,
            Action::PlanNext(x),
        ],
    );
    let v = g.view(A);
    assert_eq!(v.battle_cards_held(B), 1);
    assert!(v.def(secret).is_none());
    assert!(v.own_battle_cards().is_empty() && v.own_plan() == [x]);
    assert_eq!(g.view(B).own_battle_cards(), vec![secret]);
    let _ = y;

    // Dueling hands: each player sees their own; played cards are face up.
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::character("Obi-Wan Kenobi", "Jedi Knight", 3, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let maul = b.add(
        B,
        fx::character("Darth Maul", "Sith Lord", 3, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    b.deck_filler(A, 2, 10);
    b.deck_filler(B, 3, 10);
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let mut g = b.build();
    start_duel(&mut g, obi, saber, maul);
    let theirs = g.player(B).duel_hand.clone();
    let attack = g.player(A).duel_hand[0];
    assert_eq!(theirs.len(), 3);
    assert!(theirs.iter().all(|&c| g.view(A).def(c).is_none()));
    assert!(g.view(B).duel_hand() == theirs.as_slice());
    assert!(g.view(B).def(attack).is_none());
    assert!(g.view(A).def(attack).is_some());
    play(&mut g, &[Action::DuelAttack(attack)]);
    assert!(g.view(B).def(attack).is_some());
    // Dueling cards are still part of the draw deck when counted.
    assert_eq!(g.view(A).deck_len(B), 10);
}

#[test]
fn a_zone_version_changes_with_the_cards_there_and_stands_otherwise() {
    // What the heuristic agent reuses its line-ups on (`PlayerView::zone_version`): a card
    // deployed to Naboo ("1. Deploy") changes A's version there and no other.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    let card = b.add(
        A,
        crate::catalogue::Card {
            counters: Some(2),
            ..ch("Deployed", 2, 1)
        },
        Zone::Hand,
    );
    b.add(B, ch("Theirs", 2, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 10, 4);
    b.deck_filler(B, 10, 4);
    let mut g = b.build();
    let versions = |g: &GameState| {
        let v = g.view(B);
        [A, B].map(|p| Planet::ALL.map(|pl| v.zone_version(pl, p)))
    };
    let before = versions(&g);
    play(&mut g, &[Action::Deploy(card)]);
    let after = versions(&g);
    for p in [A, B] {
        for (i, pl) in Planet::ALL.into_iter().enumerate() {
            let changed = p == A && pl == Planet::Naboo;
            assert_eq!(
                before[p.index()][i] != after[p.index()][i],
                changed,
                "{p:?} at {pl:?}"
            );
        }
    }
    // Ending the deploy step moves no card: every version stands.
    play(&mut g, &[Action::EndDeploy]);
    assert_eq!(versions(&g), after);
    // A copy that goes another way never meets the original's versions for other cards.
    let (mut one, mut two) = (g.clone(), g);
    let theirs = one.planet(Planet::Naboo).cards[B.index()][0].card;
    assert!(one.remove_from_planet(Planet::Naboo, B, theirs));
    assert!(two.remove_from_planet(Planet::Naboo, B, theirs));
    assert_ne!(versions(&one), versions(&two));
}
