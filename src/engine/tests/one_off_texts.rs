//! Scenario tests for the one-off texts of single cards, each citing the card and its
//! card-text ruling: BP-34 Jabba The Hutt's second handling number (card-text 6), V1-JC-7
//! Mace Windu's shuffle with Jedi Training, V1-JC-12 Ki-Adi-Mundi's two cards on his first
//! pass (card-text 9), V1-JC-21 Yarael Poof's named-numbers tie, V1-JC-32 Republic Pilot as
//! a Republic ship's battle card (card-text 10). Each shows the text
//! changing the game where it applies and not where it does not.

use super::*;
use crate::catalogue::{Card, Planet};

fn text_used(ev: &[Event], card: CardRef) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::TextUsed { card: c, .. } if *c == card))
}

// --- BP-34 Jabba The Hutt, O Grandio Lust ------------------------------------------------------

/// A's Sebulba (handling 3) racing on A's Boonta Eve Classic, Thrust 5 taken; `jabba`: whose
/// BP-34 is at Naboo, and face up or not. Hand: lap cards of these destiny numbers.
fn race_with(jabba: Option<(Player, bool)>, hand: &[u8]) -> (GameState, Vec<CardRef>, CardRef) {
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.add(A, fx::boonta(), Zone::Objective);
    let pilot = b.add(
        A,
        Card {
            number: "73".into(),
            counters: Some(2),
            ..fx::character("Sebulba", "Bad-Tempered Dug", 4, 2, 3)
        },
        Zone::Pilot,
    );
    b.add(
        A,
        Card {
            counters: Some(1),
            diamond: Some(false),
            ..fx::weapon("Sebulba's Podracer", &[("Sebulba", 3, 1)])
        },
        Zone::Podracer,
    );
    let cards = hand
        .iter()
        .map(|&v| b.add(A, fx::destiny(v), Zone::Hand))
        .collect();
    let jabba_card = match jabba {
        Some((p, face_up)) => b.add(p, real("BP-34"), Zone::At(Planet::Naboo, face_up)),
        None => pilot,
    };
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    g.players[0].thrust = 4;
    play(&mut g, &[Action::Thrust]);
    (g, cards, jabba_card)
}

#[test]
fn jabba_gives_your_podracer_pilot_a_second_handling_number_one() {
    // BP-34 "Your Podracer pilot at Boonta Eve Classic may use 1 as a handling number";
    // card-text 6: in addition to his own (Sebulba's 3), while Jabba is face up in play; a
    // destiny-1 card may then stand in for the 2.
    let (mut g, c, jabba) = race_with(Some((A, true)), &[1, 1]);
    play(&mut g, &[Action::Lap(c[0])]);
    assert!(legal(&g).contains(&Action::Lap(c[1])), "{:?}", legal(&g));
    let ev = play(&mut g, &[Action::Lap(c[1])]);
    assert!(ev.contains(&Event::LapCard {
        player: A,
        card: c[1],
        value: 2,
        handling: true,
    }));
    assert!(
        text_used(&ev, jabba),
        "the play-by-play names Jabba: {ev:?}"
    );

    // Not in play, face down, or the opponent's: the 1 stands for nothing but lap 1.
    for jabba in [None, Some((A, false)), Some((B, true))] {
        let (mut g, c, _) = race_with(jabba, &[1, 1]);
        play(&mut g, &[Action::Lap(c[0])]);
        assert!(!legal(&g).contains(&Action::Lap(c[1])), "{jabba:?}");
    }
}

#[test]
fn jabbas_handling_number_and_the_pilots_share_the_two_handling_cards_of_a_lap() {
    // card-text 6: "The limit of two handling cards per completed lap covers both numbers
    // together." Lap 1 a 1; the 2 by Jabba's 1; lap 3 a 3; the 4 by Sebulba's own 3; a third
    // handling card (a 1 for the 5) is refused; the pilot's own number still works with Jabba.
    let (mut g, c, _) = race_with(Some((A, true)), &[1, 1, 3, 3, 1]);
    play(
        &mut g,
        &[
            Action::Lap(c[0]),
            Action::Lap(c[1]),
            Action::Lap(c[2]),
            Action::Lap(c[3]),
        ],
    );
    assert_eq!(g.player(A).laps.len(), 4);
    assert!(!legal(&g).contains(&Action::Lap(c[4])), "{:?}", legal(&g));
}

// --- V1-JC-12 Ki-Adi-Mundi, Cerean Jedi Knight ------------------------------------------------

/// A duel at Naboo: A's `duelist` (with a lightsaber) initiates against B's plain character;
/// A's draw deck holds `deck` cards. Returns the game with the dueling hands drawn.
fn duel_of(duelist: Card, deck: usize) -> GameState {
    let mut b = at_naboo();
    let me = b.add(A, duelist.clone(), Zone::At(Planet::Naboo, true));
    let saber = saber_for(&mut b, A, &duelist.title);
    let foe = b.add(B, ch("Foe", 2, 6), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 2, deck);
    b.deck_filler(B, 2, 30);
    let mut g = b.build();
    start_duel(&mut g, me, saber, foe);
    g
}

#[test]
fn ki_adi_mundi_draws_two_into_his_dueling_hand_on_his_first_pass() {
    // V1-JC-12 "When Ki-Adi-Mundi declares his first pass in a duel, draw 2 cards";
    // card-text 9: into his dueling hand, from the top of the draw deck.
    let ki = real("V1-JC-12");
    let mut g = duel_of(ki.clone(), 30);
    let (hand, deck) = (g.player(A).duel_hand.len(), g.player(A).deck.len());
    assert!(hand > 0);
    let ev = play(&mut g, &[Action::DuelPass]);
    assert_eq!(g.player(A).duel_hand.len(), hand + 2);
    assert_eq!(g.player(A).deck.len(), deck - 2);
    assert_eq!(g.player(A).hand.len(), 0, "not into the hand");
    assert!(ev.iter().any(|e| matches!(e, Event::TextUsed { .. })));

    // "If fewer than two cards are left, draw what there is."
    let mut g = duel_of(ki.clone(), 6);
    let left = g.player(A).deck.len();
    let hand = g.player(A).duel_hand.len();
    play(&mut g, &[Action::DuelPass]);
    assert_eq!(g.player(A).duel_hand.len(), hand + left.min(2));

    // Another duelist's pass draws nothing.
    let plain = ch("Plain Jedi", 5, 6);
    let mut g = duel_of(plain, 30);
    let hand = g.player(A).duel_hand.len();
    let ev = play(&mut g, &[Action::DuelPass]);
    assert_eq!(g.player(A).duel_hand.len(), hand);
    assert!(!ev.iter().any(|e| matches!(e, Event::TextUsed { .. })));
}

// --- V1-JC-21 Yarael Poof, Quermian Jedi Master -----------------------------------------------

/// A's plain Jedi initiates a duel against B's `target` at Naboo; A's draw deck is all
/// destiny `a_destiny`; A has characters of destiny `a_seen` face up there too. Returns the
/// game after B's defender and weapon, and B's target.
fn duel_yarael(target: Card, a_destiny: u8, a_seen: &[u8]) -> (GameState, CardRef) {
    let mut b = at_naboo();
    for &v in a_seen {
        b.add(
            A,
            fx::character("Seen", "", 1, 1, v),
            Zone::At(Planet::Naboo, true),
        );
    }
    let jedi = ch("Plain Jedi", 5, 6);
    let me = b.add(A, jedi, Zone::At(Planet::Naboo, true));
    let saber = saber_for(&mut b, A, "Plain Jedi");
    let t = b.add(B, target, Zone::At(Planet::Naboo, true));
    b.deck_filler(A, a_destiny, 30);
    b.deck_filler(B, 2, 30);
    let mut g = b.build();
    start_duel(&mut g, me, saber, t);
    (g, t)
}

#[test]
fn yarael_poof_ends_the_duel_in_a_tie_when_the_opponents_destiny_is_a_named_number() {
    // V1-JC-21 "When he is dueled, pick two numbers. Opponent shuffles his deck, and draws
    // destiny. If destiny = either guess, the duel immediately ends in a tie."
    for (named, tie) in [([2, 5], true), ([5, 2], true), ([4, 5], false)] {
        let (mut g, yarael) = duel_yarael(real("V1-JC-21"), 2, &[]);
        let Some(Pending::Prompt { player, source, .. }) = g.pending() else {
            panic!("no prompt: {:?}", g.pending());
        };
        assert_eq!((player, source), (B, yarael));
        // Any destiny number; the second differs from the first.
        let l = legal(&g);
        assert_eq!(l, (1..=6).map(Action::ChooseNumber).collect::<Vec<_>>());
        play(&mut g, &[Action::ChooseNumber(named[0])]);
        assert!(!legal(&g).contains(&Action::ChooseNumber(named[0])));
        assert_eq!(legal(&g).len(), 5);
        let ev = play(&mut g, &[Action::ChooseNumber(named[1])]);
        // The initiator drew a destiny card into his hand.
        assert_eq!(g.player(A).hand.len(), 1);
        // The numbers are said before the draw they are matched against: a reader of the
        // play-by-play learns what was named, and why a tie came of the draw or not.
        let said = ev.iter().position(|e| {
            *e == Event::NumbersNamed {
                player: B,
                card: yarael,
                numbers: named,
            }
        });
        let drawn = ev
            .iter()
            .position(|e| matches!(e, Event::DestinyDrawn { player: A, .. }));
        assert!(said.is_some() && said < drawn, "{named:?}: {ev:?}");
        let ended = ev.iter().any(|e| {
            matches!(
                e,
                Event::DuelEnded {
                    defeated: None,
                    hits: [0, 0],
                    damage: 0,
                    ..
                }
            )
        });
        assert_eq!(ended, tie, "{named:?}: {ev:?}");
        assert_eq!(g.duel.is_none(), tie);
        assert_eq!(text_used(&ev, yarael), tie);
        if tie {
            assert_eq!(g.phase(), Phase::BattleStep);
            assert!(g.player(A).duel_hand.is_empty() && g.player(B).duel_hand.is_empty());
        } else {
            assert_eq!(g.phase(), Phase::DuelPlay);
            assert!(!g.player(A).duel_hand.is_empty());
        }
    }
    // Another character dueled: no numbers, the duel goes on.
    let (g, _) = duel_yarael(ch("Someone", 4, 3), 2, &[]);
    assert_eq!(g.pending(), None);
    assert_eq!(g.phase(), Phase::DuelPlay);
}

#[test]
fn a_double_impact_card_drawn_against_yarael_poofs_numbers_counts_for_the_drawers_half() {
    // V1-JC-21 with RULINGS.md T6 ("the owner of a Double Impact card chooses either half's
    // destiny number each time the number is used"; card-text 16.2): the initiator draws RF-DI8
    // (4 on its left half, 5 on its right) against the named 5 and 1, and chooses: the right
    // half's 5 ties the duel, the left half's 4 does not.
    let di = real("RF-DI8");
    assert_eq!((di.destiny, di.destiny2), (Some(4), Some(5)));
    for (half, tie) in [(5, true), (4, false)] {
        let mut b = at_naboo();
        let jedi = ch("Plain Jedi", 5, 6);
        let me = b.add(A, jedi, Zone::At(Planet::Naboo, true));
        let saber = saber_for(&mut b, A, "Plain Jedi");
        let yarael = b.add(B, real("V1-JC-21"), Zone::At(Planet::Naboo, true));
        for _ in 0..30 {
            b.add(A, di.clone(), Zone::Deck);
        }
        b.deck_filler(B, 2, 30);
        let mut g = b.build();
        start_duel(&mut g, me, saber, yarael);
        play(&mut g, &[Action::ChooseNumber(5), Action::ChooseNumber(1)]);
        let Some(Pending::Prompt { player, source, .. }) = g.pending() else {
            panic!("the drawer is not asked: {:?}", g.pending());
        };
        assert_eq!((player, source), (A, yarael));
        assert_eq!(
            legal(&g),
            vec![Action::ChooseNumber(4), Action::ChooseNumber(5)]
        );
        // The heuristic drawer takes the higher half, as for any drawn Double Impact card.
        {
            use crate::bots::{Agent, HeuristicAgent};
            let l = legal(&g);
            let pick = HeuristicAgent::default().choose(&g.view(A), &l);
            assert_eq!(pick, Action::ChooseNumber(5));
        }
        let ev = play(&mut g, &[Action::ChooseNumber(half)]);
        assert!(
            ev.iter().any(|e| matches!(
                e,
                Event::DestinyHalf { player: A, right, value, .. } if *value == half && *right == (half == 5)
            )),
            "{ev:?}"
        );
        assert_eq!(g.duel.is_none(), tie, "{half}: {ev:?}");
        assert_eq!(text_used(&ev, yarael), tie);
    }
}

#[test]
fn the_heuristic_names_the_destiny_it_has_seen_most_for_yarael() {
    // The agent names the numbers most often seen on the opponent's cards in the open.
    use crate::bots::{Agent, HeuristicAgent};
    let (mut g, _) = duel_yarael(real("V1-JC-21"), 2, &[4, 4]);
    let choose = |g: &GameState| {
        let l = legal(g);
        HeuristicAgent::default().choose(&g.view(B), &l)
    };
    assert_eq!(choose(&g), Action::ChooseNumber(4));
    play(&mut g, &[Action::ChooseNumber(4)]);
    assert!(matches!(choose(&g), Action::ChooseNumber(n) if n != 4));
}

// --- V1-JC-7 Mace Windu, Senior Jedi Council Member -------------------------------------------

/// A's deploy step at Naboo with DF-26 Jedi Training face up there (unless not `training`);
/// A deploys `jedi` from hand; A's discard pile holds DF-16 (dueling text) and a plain card.
/// A answers Jedi Training's "search?" with `search`. Returns the game, the DF-16 and the
/// plain card.
fn deploy_with_training(jedi: Card, training: bool, search: bool) -> (GameState, CardRef, CardRef) {
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    if training {
        b.add(A, real("DF-26"), Zone::At(Planet::Naboo, true));
    }
    let j = b.add(
        A,
        Card {
            counters: Some(2),
            ..jedi
        },
        Zone::Hand,
    );
    let duel_card = b.add(A, real("DF-16"), Zone::Discard);
    let plain = b.add(A, fx::destiny(3), Zone::Discard);
    b.deck_filler(A, 2, 20);
    b.deck_filler(B, 2, 20);
    let mut g = b.build();
    play(&mut g, &[Action::Deploy(j)]);
    if training {
        assert!(legal(&g).contains(&Action::SearchDeck), "{:?}", legal(&g));
        play(
            &mut g,
            &[if search {
                Action::SearchDeck
            } else {
                Action::Decline
            }],
        );
    }
    (g, duel_card, plain)
}

#[test]
fn mace_windu_may_shuffle_dueling_cards_into_the_deck_when_he_discards_jedi_training() {
    // V1-JC-7 "When he discards Jedi Training, you may also shuffle up to 2 cards with dueling
    // text from hand and/or discard pile into draw deck": his own deploy makes Jedi Training
    // (DF-26) search; discarding it lets him return DF-16 ("When dueling…"), not a card
    // without dueling text.
    let (mut g, duel_card, plain) = deploy_with_training(real("V1-JC-7"), true, true);
    let Some(Pending::Prompt {
        player, optional, ..
    }) = g.pending()
    else {
        panic!("no prompt: {:?}", g.pending());
    };
    assert!(player == A && optional);
    let l = legal(&g);
    assert!(l.contains(&Action::ChooseCard(duel_card)), "{l:?}");
    assert!(!l.contains(&Action::ChooseCard(plain)), "{l:?}");
    let ev = play(&mut g, &[Action::ChooseCard(duel_card)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TextUsed { on: Some(c), .. } if *c == duel_card))
    );
    assert!(!g.player(A).discard.contains(&duel_card));
    assert!(g.player(A).deck.contains(&duel_card));
    // No other card with dueling text: the search goes on (nothing taken: 1 damage).
    assert!(!legal(&g).contains(&Action::ChooseCard(duel_card)));
    play(&mut g, &[Action::Decline]);
    assert_eq!(g.pending(), None);
    assert!(g.player(A).deck.contains(&duel_card));
}

#[test]
fn mace_windus_shuffle_needs_his_own_deploy_and_the_discard_of_jedi_training() {
    // Another Jedi's deploy discarding Jedi Training, Mace without Jedi Training, and a
    // declined search: nothing returns to the deck.
    let knight = real("V1-JC-12");
    for (jedi, training, search) in [
        (knight, true, true),
        (real("V1-JC-7"), false, true),
        (real("V1-JC-7"), true, false),
    ] {
        let id = jedi.id.clone();
        let (mut g, duel_card, _) = deploy_with_training(jedi, training, search);
        if training && search {
            // Only the search's own question: which lightsaber (none here).
            assert!(!legal(&g).contains(&Action::ChooseCard(duel_card)), "{id}");
            play(&mut g, &[Action::Decline]);
        }
        assert_eq!(g.pending(), None, "{id}");
        assert!(g.player(A).discard.contains(&duel_card), "{id}");
    }
}

// --- V1-JC-32 Republic Pilot, Veteran ---------------------------------------------------------

/// A evacuates Tatooine with transport `ship` (power 5, damage 2), Republic Pilot in hand; B
/// intercepts with a starfighter (power 2, damage 1) whose destiny draw is `b_destiny`. A
/// adds the pilot as a battle card when `use_pilot`, placed before the transport. Returns the
/// game, the events from the evacuation on, and the pilot.
fn space_battle(ship: &str, b_destiny: u8, use_pilot: bool) -> (GameState, Vec<Event>, CardRef) {
    use crate::catalogue::StarshipClass;
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.controlled(Planet::Tatooine, B);
    b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
    let t = b.add(
        A,
        fx::starship(ship, StarshipClass::Transport, 5, 2),
        Zone::Hyperspace,
    );
    let pilot = b.add(A, real("V1-JC-32"), Zone::Hand);
    let f = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 1),
        Zone::Hand,
    );
    b.add(B, fx::destiny(b_destiny), Zone::Deck);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let mut ev = play(
        &mut g,
        &[
            Action::Evacuate(Planet::Tatooine),
            Action::AddStarship(f),
            Action::Intercept,
            Action::BattleCardsDone,
        ],
    );
    // card-text 10: "From your hand only ... your one battle card for a fight".
    assert!(
        legal(&g).contains(&Action::AddBattleCard(pilot)),
        "{:?}",
        legal(&g)
    );
    let mut a_plan = vec![];
    if use_pilot {
        ev.extend(play(&mut g, &[Action::AddBattleCard(pilot)]));
        a_plan.push(Action::PlanNext(pilot));
    }
    a_plan.extend([Action::PlanNext(t), Action::PlanDone]);
    ev.extend(play(
        &mut g,
        &[
            Action::BattleCardsDone,
            Action::PlanNext(f),
            Action::PlanDone,
        ],
    ));
    ev.extend(play(&mut g, &a_plan));
    (g, ev, pilot)
}

#[test]
fn republic_pilot_is_a_battle_card_adding_two_to_a_republic_ship() {
    // V1-JC-32 "May be used as a battle card for any Republic ship, adding ●● to that ship";
    // card-text 10: from hand, before a ship with "Republic" in its name; discarded after.
    let (g, ev, pilot) = space_battle("Republic Cruiser", 4, true);
    // 5 + 2 against 2 + 4: the transport wins (without him it loses, below).
    assert_eq!(fights(&ev), vec![(6, 7, Some(A))]);
    assert!(text_used(&ev, pilot), "narrated: {ev:?}");
    assert!(g.player(A).discard.contains(&pilot));
    let (_, ev, _) = space_battle("Republic Cruiser", 4, false);
    assert_eq!(fights(&ev), vec![(6, 5, Some(B))]);

    // Before a ship that is not a Republic ship: misplaced, discarded, adds nothing.
    let (g, ev, pilot) = space_battle("Cruiser", 4, true);
    assert_eq!(fights(&ev), vec![(6, 5, Some(B))]);
    assert!(ev.contains(&Event::MisplacedBattleCard {
        player: A,
        card: pilot
    }));
    assert!(g.player(A).discard.contains(&pilot));
}

#[test]
fn republic_pilot_adds_his_damage_when_his_ship_is_defeated() {
    // "Take Damage if defeated" (card-text 10): the ship's damage (2) plus his printed 1.
    let damage = |ev: &[Event]| {
        ev.iter()
            .filter_map(|e| match e {
                Event::Damage { player: A, cards } => Some(*cards),
                _ => None,
            })
            .sum::<u8>()
    };
    let (_, ev, _) = space_battle("Republic Cruiser", 6, true);
    assert_eq!(fights(&ev), vec![(8, 7, Some(B))]);
    assert_eq!(damage(&ev), 3);
    let (_, ev, _) = space_battle("Republic Cruiser", 6, false);
    assert_eq!(damage(&ev), 2);
}

#[test]
fn republic_pilot_is_no_battle_card_in_a_character_battle() {
    // card-text 10: "It cannot be a battle card in a character battle."
    let mut b = at_naboo();
    b.add(A, ch("X", 5, 5), Zone::At(Planet::Naboo, true));
    b.add(B, ch("Y", 5, 5), Zone::At(Planet::Naboo, true));
    let pilot = b.add(A, real("V1-JC-32"), Zone::Hand);
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(&mut g, &[Action::DeclareBattle]);
    assert!(
        !legal(&g).contains(&Action::AddBattleCard(pilot)),
        "{:?}",
        legal(&g)
    );
}

#[test]
fn the_heuristic_uses_republic_pilot_before_its_republic_ship_when_it_turns_the_fight() {
    use crate::bots::{Agent, HeuristicAgent};
    use crate::catalogue::StarshipClass;
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.controlled(Planet::Tatooine, B);
    b.add(A, ch("X", 5, 5), Zone::At(Planet::Tatooine, true));
    let t = b.add(
        A,
        fx::starship("Republic Cruiser", StarshipClass::Transport, 5, 2),
        Zone::Hyperspace,
    );
    let pilot = b.add(A, real("V1-JC-32"), Zone::Hand);
    let f = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 4, 1),
        Zone::Hand,
    );
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(
        &mut g,
        &[
            Action::Evacuate(Planet::Tatooine),
            Action::AddStarship(f),
            Action::Intercept,
            Action::BattleCardsDone,
        ],
    );
    let mut agent = HeuristicAgent::default();
    let mut choose = |g: &GameState| {
        let l = legal(g);
        agent.choose(&g.view(A), &l)
    };
    // B's 4 and a destiny draw against 5: the pilot's +2 turns it.
    assert_eq!(choose(&g), Action::AddBattleCard(pilot));
    play(
        &mut g,
        &[Action::AddBattleCard(pilot), Action::BattleCardsDone],
    );
    play(&mut g, &[Action::PlanNext(f), Action::PlanDone]);
    assert_eq!(choose(&g), Action::PlanNext(pilot));
    play(&mut g, &[Action::PlanNext(pilot)]);
    assert_eq!(choose(&g), Action::PlanNext(t));
}
