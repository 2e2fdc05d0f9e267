//! Decisions in the middle of a step (pending.rs): battles stop fight by fight, and a destiny
//! draw can stop its fight, for either player; the step resumes once answered.

use super::*;
use crate::catalogue::Planet;
use crate::engine::{Pending, Window};

fn probe() -> Arc<dyn Text> {
    Arc::new(Probe)
}

#[test]
fn a_battle_stops_before_each_fight_for_both_players_and_resumes() {
    // Two fights. Before each, the attacker's window, then the defender's; the first fight is
    // over (its Fight event out) before the second's windows open.
    let mut b = at_naboo();
    let a1 = b.add(A, ch("A1", 3, 1), Zone::At(Planet::Naboo, true));
    let a2 = b.add(A, ch("A2", 3, 1), Zone::At(Planet::Naboo, true));
    let d1 = b.add(B, ch("D1", 3, 1), Zone::At(Planet::Naboo, true));
    let d2 = b.add(B, ch("D2", 3, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    for c in [a1, a2, d1, d2] {
        g = g.with_text(c, probe());
    }
    let mut ev = play(
        &mut g,
        &[
            Action::DeclareBattle,
            Action::BattleCardsDone,
            Action::BattleCardsDone,
            Action::PlanNext(a1),
            Action::PlanNext(a2),
            Action::PlanDone,
            Action::PlanNext(d1),
            Action::PlanNext(d2),
            Action::PlanDone,
        ],
    );
    assert_eq!(g.phase(), Phase::Fights);
    assert_eq!(
        g.pending(),
        Some(Pending::Window {
            player: A,
            window: Window::BeforeFight
        })
    );
    assert_eq!(
        legal(&g),
        vec![
            Action::UseAbility {
                card: a1,
                option: 0
            },
            Action::Decline
        ]
    );
    // The view tells the agent what is asked.
    assert_eq!(g.view(A).pending(), g.pending());
    assert!(fights(&ev).is_empty());
    // A uses it (+1: 4 to 3), then may not again; B declines.
    ev.extend(play(
        &mut g,
        &[Action::UseAbility {
            card: a1,
            option: 0,
        }],
    ));
    assert_eq!(legal(&g), vec![Action::Decline]);
    ev.extend(play(&mut g, &[Action::Decline]));
    assert_eq!(g.to_act(), Some(B));
    assert_eq!(
        legal(&g),
        vec![
            Action::UseAbility {
                card: d1,
                option: 0
            },
            Action::Decline
        ]
    );
    ev.extend(play(&mut g, &[Action::Decline]));
    // The first fight is fought; the battle waits before the second.
    assert_eq!(fights(&ev), vec![(4, 3, Some(A))]);
    assert_eq!(g.to_act(), Some(A));
    assert_eq!(g.phase(), Phase::Fights);
    // B uses its ability in the second fight: +1 lasts for that fight only (3 to 4).
    ev.extend(play(
        &mut g,
        &[
            Action::Decline,
            Action::UseAbility {
                card: d2,
                option: 0,
            },
            Action::Decline,
        ],
    ));
    assert_eq!(fights(&ev), vec![(4, 3, Some(A)), (3, 4, Some(B))]);
    assert_eq!(g.phase(), Phase::EvenUp);
    assert_eq!(g.pending(), None);
    assert!(g.text_state().lasting.is_empty());
}

#[test]
fn a_destiny_draw_stops_its_fight_for_a_decision() {
    // A chance cube: the fight stops after the destiny draw, before it is decided; the answer
    // (a text's -1) changes the total it is decided with.
    for answer in [0, 1] {
        let mut b = at_naboo();
        let mine = b.add(A, ch("Rebel", 2, 1), Zone::At(Planet::Naboo, true));
        let rifle = b.add(
            A,
            fx::weapon("Blaster Rifle", &[("any character", 0, 1)]),
            Zone::At(Planet::Naboo, true),
        );
        let theirs = b.add(B, ch("Trooper", 4, 2), Zone::At(Planet::Naboo, true));
        b.add(A, fx::destiny(3), Zone::Deck);
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        let mut g = b.build().with_text(mine, probe());
        let mut ev = play(
            &mut g,
            &[
                Action::DeclareBattle,
                Action::BattleCardsDone,
                Action::BattleCardsDone,
                Action::PlanNext(rifle),
                Action::PlanNext(mine),
                Action::PlanDone,
                Action::PlanNext(theirs),
                Action::PlanDone,
                // The window before the fight.
                Action::Decline,
            ],
        );
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::DestinyDrawn { value: 3, .. }))
        );
        assert!(fights(&ev).is_empty());
        assert!(matches!(
            g.pending(),
            Some(Pending::Prompt {
                player: A,
                key: 7,
                optional: true,
                ..
            })
        ));
        assert_eq!(
            legal(&g),
            vec![
                Action::ChooseNumber(0),
                Action::ChooseNumber(1),
                Action::Decline
            ]
        );
        ev.extend(play(&mut g, &[Action::ChooseNumber(answer)]));
        let want = if answer == 0 {
            (5, 4, Some(A))
        } else {
            (4, 4, None)
        };
        assert_eq!(fights(&ev), vec![want]);
        assert_eq!(g.phase(), Phase::EvenUp);
    }
}

#[test]
fn an_illegal_answer_to_a_pending_decision_is_refused() {
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 3, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 3, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 3);
    b.deck_filler(B, 1, 3);
    let mut g = b.build().with_text(x, probe());
    play(
        &mut g,
        &[
            Action::DeclareBattle,
            Action::BattleCardsDone,
            Action::BattleCardsDone,
            Action::PlanNext(x),
            Action::PlanDone,
            Action::PlanNext(y),
            Action::PlanDone,
        ],
    );
    let before = format!("{:?}", g.pending());
    assert!(g.apply(Action::SkipBattle).is_err());
    assert!(g.apply(Action::ChooseNumber(0)).is_err());
    assert_eq!(format!("{:?}", g.pending()), before);
}

/// A position with A's weapon of two lines that both fit A's character, against `theirs`.
fn two_line_weapon(theirs: crate::catalogue::Card) -> (GameState, [CardRef; 3]) {
    let mut b = at_naboo();
    let mine = b.add(A, ch("Rebel", 2, 1), Zone::At(Planet::Naboo, true));
    let blaster = b.add(
        A,
        fx::weapon(
            "Hold-Out Blaster",
            &[
                ("any character", 1, 0),
                ("any character (bonus only vs any Jedi)", 3, 0),
            ],
        ),
        Zone::At(Planet::Naboo, true),
    );
    let theirs = b.add(B, theirs, Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    (b.build(), [mine, blaster, theirs])
}

#[test]
fn a_weapon_with_several_lines_that_fit_lets_its_owner_choose_each_time() {
    // Rulebook "Weapon Cards": "A weapon card may have up to three actions that can be chosen
    // from when used in a battle"; rulings.md "A weapon with several bonus lines": the owner
    // chooses which line that fits, each time; the engine never simply takes the first.
    for (line, want) in [(0u8, (3, 3, None)), (1, (5, 3, Some(A)))] {
        let (mut g, [mine, blaster, theirs]) =
            two_line_weapon(fx::character("Ki-Adi-Mundi", "Jedi Master", 3, 1, 1));
        let mut ev = play(
            &mut g,
            &[
                Action::DeclareBattle,
                Action::BattleCardsDone,
                Action::BattleCardsDone,
                Action::PlanNext(blaster),
                Action::PlanNext(mine),
                Action::PlanDone,
                Action::PlanNext(theirs),
                Action::PlanDone,
            ],
        );
        assert_eq!(
            g.pending(),
            Some(Pending::BonusLine {
                player: A,
                card: blaster,
                lines: 0b11
            })
        );
        assert_eq!(
            legal(&g),
            vec![Action::ChooseLine(0), Action::ChooseLine(1)]
        );
        ev.extend(play(&mut g, &[Action::ChooseLine(line)]));
        assert_eq!(fights(&ev), vec![want], "line {line}");
    }
}

#[test]
fn the_heuristic_agent_chooses_the_line_that_adds_most_in_this_fight() {
    // Against a Jedi the "only vs Jedi" line adds 3; against anyone else it adds nothing and
    // the plain line's 1 is better.
    use crate::bots::{Agent, HeuristicAgent};
    for (theirs, want) in [
        (fx::character("Ki-Adi-Mundi", "Jedi Master", 3, 1, 1), 1u8),
        (ch("Trooper", 3, 1), 0),
    ] {
        let (mut g, [mine, blaster, theirs]) = two_line_weapon(theirs);
        play(
            &mut g,
            &[
                Action::DeclareBattle,
                Action::BattleCardsDone,
                Action::BattleCardsDone,
                Action::PlanNext(blaster),
                Action::PlanNext(mine),
                Action::PlanDone,
                Action::PlanNext(theirs),
                Action::PlanDone,
            ],
        );
        let l = legal(&g);
        if want == 0 {
            // Against anyone else only the plain line counts, so the engine takes it and
            // asks nothing (a line whose condition fails adds nothing).
            assert!(
                !l.iter().any(|a| matches!(a, Action::ChooseLine(_))),
                "{l:?}"
            );
            continue;
        }
        let chosen = HeuristicAgent::default().choose(&g.view(A), &l);
        assert_eq!(chosen, Action::ChooseLine(want));
    }
}

#[test]
fn a_weapon_with_one_line_that_fits_asks_nothing() {
    // "any other Jedi" lines exclude the named user: one line fits, no decision.
    let mut b = at_naboo();
    let mace = b.add(A, ch("Mace Windu", 5, 1), Zone::At(Planet::Naboo, true));
    let saber = b.add(
        A,
        fx::weapon(
            "Mace Windu's Lightsaber",
            &[("Mace Windu", 2, 1), ("any other Jedi", 0, 1)],
        ),
        Zone::At(Planet::Naboo, true),
    );
    let theirs = b.add(B, ch("Trooper", 3, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[saber, mace], &[theirs]]);
    assert_eq!(fights(&ev), vec![(8, 3, Some(A))]);
}
