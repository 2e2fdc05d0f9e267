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
    // Rulebook "Weapon Cards": "A weapon card may have up to three actions that can be chosen from
    // when used in a battle"; RULINGS.md E4: the owner chooses which line that fits, each time; the
    // engine never simply takes the first.
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
    // Rulebook "Other": "any other Jedi" leaves out the Jedi the first line names. Mace Windu
    // (a Jedi by his name, RULINGS.md R1) fits only his own line (+2): one line, no decision;
    // another Jedi fits only the 0-dot line. Read as plain "any Jedi", Mace would be asked
    // to choose (RULINGS.md E4) and could take the 0-dot line with his own lightsaber.
    for (who, want) in [
        (fx::character("Mace Windu", "Jedi Councilor", 5, 1, 1), 8),
        (fx::character("Obi-Wan Kenobi", "Young Jedi", 5, 1, 1), 6),
    ] {
        let mut b = at_naboo();
        let jedi = b.add(A, who, Zone::At(Planet::Naboo, true));
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
        let ev = battle(&mut g, [&[], &[]], [&[saber, jedi], &[theirs]]);
        assert_eq!(fights(&ev), vec![(want, 3, Some(A))], "{:?}", g.pending());
    }
}

#[test]
fn no_catalogue_character_fits_both_the_first_line_and_an_any_other_line() {
    // Rulebook "Other", for every catalogue card with a later "any other ..." line (BN-34 Mace
    // Windu's Lightsaber, DM-39 Electropole "any diamond Gungan" / "any other character",
    // DF-13 Booma's two later lines, DF-43 Neimoidian Viewscreen...): whoever its first line
    // takes in fits none of them, and someone else does.
    use crate::catalogue::Catalogue;
    use crate::engine::card_pool::{CardDef, CardPool, DefId, Use};
    let cat = Catalogue::embedded_for_tests();
    let pool = CardPool::from_catalogue(cat);
    let fits = |u: &Use, c: &CardDef| {
        u.rule
            .alts
            .iter()
            .any(|g| matches!(g.members.as_slice(), [m] if m.matches(c, false, false)))
    };
    let mut lines = 0;
    for (i, card) in cat.cards().iter().enumerate() {
        let d = pool.get(DefId(i as u16));
        for (l, u) in card.uses.iter().enumerate().skip(1) {
            if !u.who.to_lowercase().starts_with("any other ") {
                continue;
            }
            let (mut first, mut other) = (0, 0);
            for j in 0..pool.len() {
                let c = pool.get(DefId(j as u16));
                if !c.is_character() {
                    continue;
                }
                let (f, o) = (fits(&d.uses[0], c), fits(&d.uses[l], c));
                assert!(
                    !(f && o),
                    "{} fits lines 1 and {} of {}",
                    c.name,
                    l + 1,
                    card.id
                );
                first += usize::from(f);
                other += usize::from(o);
            }
            assert!(first > 0 && other > 0, "{} line {}", card.id, l + 1);
            lines += 1;
        }
    }
    assert_eq!(lines, 45, "the catalogue's 'any other' lines");
}

/// A Battle of Naboo evacuation from Tatooine: A's transport of power 4 (in hand) and B's
/// starfighter of power 2 (in hand), B's next destiny a 1. With `probed`, both carry the
/// probe text.
fn naboo_interception(probed: bool) -> (GameState, [CardRef; 2]) {
    use crate::catalogue::StarshipClass;
    use crate::engine::{GameOptions, StarshipRules};
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.controlled(Planet::Tatooine, B);
    b.options(GameOptions {
        starships: StarshipRules::BattleOfNaboo,
        ..GameOptions::default()
    });
    b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
    let t = b.add(
        A,
        fx::starship("Cruiser", StarshipClass::Transport, 4, 2),
        Zone::Hand,
    );
    let f = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 1),
        Zone::Hand,
    );
    b.add(B, fx::destiny(1), Zone::Deck);
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    if probed {
        g = g.with_text(t, probe()).with_text(f, probe());
    }
    (g, [t, f])
}

#[test]
fn a_battle_of_naboo_interception_stops_before_its_fight_and_after_the_destiny_draw() {
    // Sidebar: playing the starfighter "starts a starship battle": like a battle's fight, both
    // players may decide before it (the interceptor first, as the attacker), and a text may
    // ask after the starfighter's destiny draw; the fight is decided once answered.
    let (mut g, [t, f]) = naboo_interception(true);
    let ev = play(
        &mut g,
        &[
            Action::EvacuateWith(t, Planet::Tatooine),
            Action::InterceptWith(f),
        ],
    );
    assert!(fights(&ev).is_empty());
    assert_eq!(g.phase(), Phase::Interception);
    assert_eq!(
        g.pending(),
        Some(Pending::Window {
            player: B,
            window: Window::BeforeFight
        })
    );
    assert_eq!(
        legal(&g),
        vec![Action::UseAbility { card: f, option: 0 }, Action::Decline]
    );
    let view = g.view(A);
    assert_eq!(view.pending(), g.pending());
    assert_eq!(
        view.interceptor().map(|d| d.title.as_str()),
        Some("Droid Starfighter")
    );
    play(&mut g, &[Action::Decline]);
    assert_eq!(g.to_act(), Some(A));
    assert_eq!(
        legal(&g),
        vec![Action::UseAbility { card: t, option: 0 }, Action::Decline]
    );
    let ev = play(&mut g, &[Action::Decline]);
    // The starfighter's destiny is drawn; the fight waits for its owner's answer.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DestinyDrawn {
            player: B,
            value: 1,
            ..
        }
    )));
    assert!(fights(&ev).is_empty());
    assert!(matches!(
        g.pending(),
        Some(Pending::Prompt {
            player: B,
            key: 7,
            optional: true,
            ..
        })
    ));
    let ev = play(&mut g, &[Action::ChooseNumber(0)]);
    assert_eq!(fights(&ev), vec![(3, 4, Some(A))]);
    assert_eq!(g.phase(), Phase::Deploy);
    assert_eq!(g.pending(), None);
    assert!(g.text_state().lasting.is_empty());
}

#[test]
fn an_interception_that_stops_and_resumes_plays_as_one_that_asks_nothing() {
    // Declining every decision gives the very events of the game without the probe.
    let run = |probed: bool| {
        let (mut g, [t, f]) = naboo_interception(probed);
        let mut ev = play(
            &mut g,
            &[
                Action::EvacuateWith(t, Planet::Tatooine),
                Action::InterceptWith(f),
            ],
        );
        while g.pending().is_some() {
            ev.extend(play(&mut g, &[Action::Decline]));
        }
        (ev, format!("{:?}", (g.player(A), g.player(B), g.phase())))
    };
    let (plain, probed) = (run(false), run(true));
    assert_eq!(fights(&plain.0), vec![(3, 4, Some(A))]);
    assert_eq!(plain, probed);
}

#[test]
fn the_answers_in_an_interception_decide_its_fight() {
    // B's +1 before the fight ties it (4 to 4: both ships survive and fly away); B's -1 after
    // the draw; A's +1 for the transport.
    type Step = fn([CardRef; 2]) -> Action;
    type Fight = (i16, i16, Option<Player>);
    let cases: [([Step; 3], Fight); 3] = [
        (
            [
                |[_, f]| Action::UseAbility { card: f, option: 0 },
                |_| Action::Decline,
                |_| Action::ChooseNumber(0),
            ],
            (4, 4, None),
        ),
        (
            [
                |_| Action::Decline,
                |_| Action::Decline,
                |_| Action::ChooseNumber(1),
            ],
            (2, 4, Some(A)),
        ),
        (
            [
                |_| Action::Decline,
                |[t, _]| Action::UseAbility { card: t, option: 0 },
                |_| Action::ChooseNumber(0),
            ],
            (3, 5, Some(A)),
        ),
    ];
    for (steps, want) in cases {
        let (mut g, cards @ [t, f]) = naboo_interception(true);
        let mut ev = play(
            &mut g,
            &[
                Action::EvacuateWith(t, Planet::Tatooine),
                Action::InterceptWith(f),
            ],
        );
        for step in steps {
            let a = step(cards);
            ev.extend(play(&mut g, &[a]));
            // A used window stays open: decline it to go on.
            if matches!(a, Action::UseAbility { .. }) {
                ev.extend(play(&mut g, &[Action::Decline]));
            }
        }
        assert_eq!(fights(&ev), vec![want]);
        assert_eq!(g.pending(), None);
        assert_eq!(g.phase(), Phase::Deploy);
        if want.2.is_none() {
            assert!(ev.contains(&Event::FlewAway { player: B, card: f }));
            assert!(ev.contains(&Event::FlewAway { player: A, card: t }));
        }
    }
}

#[test]
fn a_duel_of_the_fates_evacuation_stops_in_its_space_battle_and_then_resolves() {
    // The space battle of an interception is a battle: its fight stops for both players'
    // windows and the starfighter's destiny prompt; once answered, the evacuation is resolved
    // (here no transport survives: the evacuees are lost) exactly as without the decisions.
    use crate::catalogue::StarshipClass;
    let run = |probed: bool| {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.controlled(Planet::Tatooine, B);
        b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
        let t = b.add(
            A,
            fx::starship("Cruiser", StarshipClass::Transport, 5, 2),
            Zone::Hyperspace,
        );
        let f = b.add(
            B,
            fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 1),
            Zone::Hyperspace,
        );
        b.add(B, fx::destiny(4), Zone::Deck);
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        let mut g = b.build();
        if probed {
            g = g.with_text(t, probe()).with_text(f, probe());
        }
        let mut ev = play(
            &mut g,
            &[
                Action::Evacuate(Planet::Tatooine),
                Action::Intercept,
                Action::BattleCardsDone,
                Action::BattleCardsDone,
                Action::PlanNext(f),
                Action::PlanDone,
                Action::PlanNext(t),
                Action::PlanDone,
            ],
        );
        let mut asked = Vec::new();
        while let Some(top) = g.pending() {
            assert_eq!(g.phase(), Phase::Fights);
            assert!(fights(&ev).is_empty(), "decided before the decisions");
            asked.push((top.player(), legal(&g)));
            ev.extend(play(&mut g, &[Action::Decline]));
        }
        (
            ev,
            asked,
            format!("{:?}", (g.player(A), g.player(B), g.phase())),
        )
    };
    let (plain, probed) = (run(false), run(true));
    assert!(plain.1.is_empty());
    // The interceptor's window, the evacuating player's, then the starfighter's prompt.
    let who: Vec<Player> = probed.1.iter().map(|a| a.0).collect();
    assert_eq!(who, vec![B, A, B]);
    assert_eq!(
        probed.1[2].1,
        vec![
            Action::ChooseNumber(0),
            Action::ChooseNumber(1),
            Action::Decline
        ]
    );
    assert_eq!(fights(&plain.0), vec![(6, 5, Some(B))]);
    assert!(plain.0.contains(&Event::EvacueesLost {
        player: A,
        cards: 1
    }));
    assert_eq!((plain.0, plain.2), (probed.0, probed.2));
}

/// A's Even Up step with three cards in hand; with `probed`, A's character carries the step
/// probe (an Even Up ability that asks B).
fn even_up(probed: bool) -> (GameState, CardRef) {
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EvenUp, A);
    let c = b.add(A, ch("Rebel", 3, 1), Zone::At(Planet::Naboo, true));
    for _ in 0..3 {
        b.add(A, ch("Spare", 1, 1), Zone::Hand);
    }
    b.deck_filler(A, 1, 8);
    b.deck_filler(B, 1, 8);
    let mut g = b.build();
    if probed {
        g = g.with_text(c, Arc::new(super::StepProbe));
    }
    (g, c)
}

#[test]
fn even_up_stops_for_a_decision_of_either_player_and_resumes() {
    // card-text 12: abilities of the Even Up step are offered "before you discard or draw";
    // one that asks the opponent stops the step for B's answer, then A's step goes on with
    // the same choices, and draws as it would have.
    let (mut plain, _) = even_up(false);
    let (mut g, c) = even_up(true);
    let use_it = Action::UseAbility { card: c, option: 2 };
    let before = legal(&plain);
    let offered = legal(&g);
    assert!(offered.contains(&use_it), "{offered:?}");
    assert_eq!(
        offered.iter().filter(|&&a| a != use_it).collect::<Vec<_>>(),
        before.iter().collect::<Vec<_>>()
    );
    play(&mut g, &[use_it]);
    assert_eq!(
        g.pending(),
        Some(Pending::Prompt {
            player: B,
            source: c,
            key: super::STEP_PROMPT,
            optional: false
        })
    );
    assert_eq!(g.to_act(), Some(B));
    assert_eq!(g.view(B).pending(), g.pending());
    assert_eq!(
        legal(&g),
        vec![Action::ChooseNumber(0), Action::ChooseNumber(1)]
    );
    play(&mut g, &[Action::ChooseNumber(1)]);
    assert_eq!(g.text_state().memo(c, super::STEP_PROMPT), Some(1));
    assert_eq!((g.phase(), g.to_act()), (Phase::EvenUp, Some(A)));
    // Used once this turn: A's choices are the plain game's.
    assert_eq!(legal(&g), before);
    let (a, b) = (
        play(&mut plain, &[Action::EvenUpDone]),
        play(&mut g, &[Action::EvenUpDone]),
    );
    assert_eq!(a, b);
    assert!(a.contains(&Event::EvenUp {
        player: A,
        drew: 3,
        hand: 6
    }));
    assert_eq!(g.phase(), Phase::EndOfTurn);
    assert_eq!(g.player(A).hand, plain.player(A).hand);
}

/// A test text: a destiny its owner draws in a fight of its card counts for 3.
#[derive(Debug)]
struct DestinyCountsThree;

impl Text for DestinyCountsThree {
    fn listens(&self) -> Listen {
        Listen::DESTINY_DRAWN
    }
    fn react(
        &self,
        g: &mut GameState,
        me: CardRef,
        t: crate::engine::Trigger,
    ) -> crate::engine::Flow {
        if let crate::engine::Trigger::DestinyDrawn { player, card } = t
            && player == g.owner(me)
            && g.in_fight(me)
        {
            g.change_destiny(card, 3);
        }
        Ok(())
    }
}

#[test]
fn a_destiny_drawn_in_an_interception_counts_for_what_a_text_makes_it() {
    // engine::destiny: a text that changes a number drawn changes the total it was added to;
    // the starfighter's destiny is recorded like a battle fight's (1 becomes 3: 5 beats 4).
    let (g, [t, f]) = naboo_interception(false);
    let mut g = g.with_text(f, Arc::new(DestinyCountsThree));
    let ev = play(
        &mut g,
        &[
            Action::EvacuateWith(t, Planet::Tatooine),
            Action::InterceptWith(f),
        ],
    );
    assert_eq!(fights(&ev), vec![(5, 4, Some(B))]);
    assert!(
        g.drawn_destiny().is_empty(),
        "forgotten once the fight is over"
    );
}
