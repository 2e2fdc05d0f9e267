//! The heuristic agent's choices in small positions, and its strength against random agents.

use std::sync::Arc;

use super::HeuristicAgent;
use super::eval::{Fighter, pair};
use crate::bots::Agent;
use crate::catalogue::{Card, Catalogue, CatalogueSource, Planet};
use crate::engine::builder::{Builder, Zone, fx};
use crate::engine::{Action, CardRef, GameState, Phase, Player, legal_actions};

use Player::{A, B};

/// What the agent does for the player to act.
fn decide(agent: &mut HeuristicAgent, g: &GameState) -> Action {
    let p = g.to_act().expect("someone acts");
    let view = g.view(p);
    let mut legal = Vec::new();
    legal_actions(&view, &mut legal);
    agent.choose(&view, &legal)
}

fn ch(title: &str, power: u8, damage: u8, counters: u8) -> Card {
    Card {
        counters: Some(counters),
        ..fx::character(title, "", power, damage, 1)
    }
}

/// Naboo, Theed Palace; A to act in `phase`; both decks with filler.
fn naboo(phase: Phase) -> Builder {
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(phase, A);
    b.deck_filler(A, 2, 30);
    b.deck_filler(B, 2, 30);
    b
}

fn here(face_up: bool) -> Zone {
    Zone::At(Planet::Naboo, face_up)
}

/// `f` asked of A's evaluation context on `g`, built as the agent builds it at a decision
/// (default weights, no line-ups kept).
fn with_ctx<R>(g: &GameState, f: impl FnOnce(&super::eval::Ctx) -> R) -> R {
    let view = g.view(A);
    let weights = super::Weights::default();
    let lineups = super::lineups::Lineups::default();
    let scratch = super::eval::Scratch::default();
    f(&super::eval::Ctx::new(
        &view, &weights, false, &lineups, &scratch,
    ))
}

#[test]
fn declares_a_battle_it_should_win_and_skips_one_it_would_lose() {
    let mut b = naboo(Phase::BattleStep);
    b.add(A, ch("Strong", 7, 2, 1), here(true));
    b.add(A, ch("Also Strong", 6, 2, 1), here(true));
    b.add(B, ch("Weak", 2, 2, 1), here(true));
    let g = b.build();
    assert_eq!(
        decide(&mut HeuristicAgent::default(), &g),
        Action::DeclareBattle
    );

    let mut b = naboo(Phase::BattleStep);
    b.add(A, ch("Weak", 2, 2, 1), here(true));
    b.add(B, ch("Strong", 7, 2, 1), here(true));
    b.add(B, ch("Also Strong", 6, 2, 1), here(true));
    let g = b.build();
    assert_eq!(
        decide(&mut HeuristicAgent::default(), &g),
        Action::SkipBattle
    );
}

/// A battle whose breakthrough alone empties the opponent's draw deck is declared whatever
/// its fights cost (rulebook "2. Battle": each leftover attacker takes one card; "Deck
/// Victory"), as long as those fights cannot empty ours first: from `podrace-dark.txt` against
/// `reflections-light.txt` and patient-random, master seed 7, game 9, turn 22 (six of ours
/// against one, 5 cards in the opponent's draw deck): skipping won 25 of 72 sampled playouts,
/// declaring 72.
#[test]
fn declares_a_battle_whose_breakthrough_empties_the_opponents_draw_deck() {
    // Four 1-power characters (damage 1) against one 9: the fight is lost, three break through.
    let build = |ours: usize, theirs: usize| {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::BattleStep, A);
        b.deck_filler(A, 2, ours);
        b.deck_filler(B, 2, theirs);
        for i in 0..4 {
            b.add(A, ch(&format!("Raider {i}"), 1, 1, 1), here(true));
        }
        b.add(B, ch("Master", 9, 2, 1), here(true));
        b.build()
    };
    let mut agent = HeuristicAgent::default();
    // A long draw deck: the lost fight is not worth three cards of breakthrough.
    assert_eq!(decide(&mut agent, &build(30, 30)), Action::SkipBattle);
    // Three cards left to them: the breakthrough wins the game.
    assert_eq!(decide(&mut agent, &build(30, 3)), Action::DeclareBattle);
    // Unless the lost fight's damage empties our draw deck first.
    assert_eq!(decide(&mut agent, &build(1, 3)), Action::SkipBattle);
}

/// Declares a battle and lets the agent plan A's side; returns A's plan.
fn a_plan(mut g: GameState) -> Vec<CardRef> {
    let mut agent = HeuristicAgent::default();
    for a in [
        Action::DeclareBattle,
        Action::BattleCardsDone,
        Action::BattleCardsDone,
    ] {
        g.apply(a).unwrap();
    }
    let mut plan = Vec::new();
    while g.phase() == Phase::BattlePlan(A) {
        match decide(&mut agent, &g) {
            Action::PlanNext(c) => {
                plan.push(c);
                g.apply(Action::PlanNext(c)).unwrap();
            }
            other => {
                g.apply(other).unwrap();
            }
        }
    }
    plan
}

#[test]
fn sends_the_weak_against_the_strong_it_cannot_beat() {
    // Their 6 beats both of ours; our 5 beats their 2. Sacrificing the 1 against the 6 wins
    // one fight instead of none.
    let mut b = naboo(Phase::BattleStep);
    let five = b.add(A, ch("Five", 5, 1, 1), here(true));
    let one = b.add(A, ch("One", 1, 1, 1), here(true));
    b.add(B, ch("Six", 6, 1, 1), here(true));
    b.add(B, ch("Two", 2, 1, 1), here(true));
    assert_eq!(a_plan(b.build()), vec![one, five]);
}

#[test]
fn puts_a_weapon_just_before_the_character_who_can_use_it() {
    let mut b = naboo(Phase::BattleStep);
    let hero = b.add(A, ch("Hero", 4, 1, 1), here(true));
    let rifle = b.add(A, fx::weapon("Hero Rifle", &[("Hero", 3, 0)]), here(true));
    b.add(B, ch("Foe", 5, 1, 1), here(true));
    assert_eq!(a_plan(b.build()), vec![rifle, hero]);
}

/// An agent asked in the middle of a battle plan that it did not begin (the search's
/// playouts and the counterfactual replay make a new agent at any decision) plans the cards
/// still to place: here the rifle before Hero, its only user (rulebook "Battle Plan": a weapon
/// works for the character just after it). Without that it placed Hero at once and the rifle
/// after him, unused, so every replayed plan decision was judged on plans the agent never
/// makes.
#[test]
fn a_plan_begun_elsewhere_is_planned_afresh_for_the_cards_left() {
    let mut b = naboo(Phase::BattleStep);
    let hero = b.add(A, ch("Hero", 4, 1, 1), here(true));
    let rifle = b.add(A, fx::weapon("Hero Rifle", &[("Hero", 3, 0)]), here(true));
    let other = b.add(A, ch("Other", 3, 1, 1), here(true));
    b.add(B, ch("Foe", 5, 1, 1), here(true));
    b.add(B, ch("Minion", 1, 1, 1), here(true));
    let mut g = b.build();
    for a in [
        Action::DeclareBattle,
        Action::BattleCardsDone,
        Action::BattleCardsDone,
        Action::PlanNext(other),
    ] {
        g.apply(a).unwrap();
    }
    let mut agent = HeuristicAgent::default();
    let mut rest = Vec::new();
    while g.phase() == Phase::BattlePlan(A) {
        let a = decide(&mut agent, &g);
        if let Action::PlanNext(c) = a {
            rest.push(c);
        }
        g.apply(a).unwrap();
    }
    assert_eq!(rest, vec![rifle, hero]);
}

#[test]
fn the_pairing_keeps_the_strong_for_fights_they_win() {
    let f = |s: f32| Fighter {
        card: CardRef::new(0),
        strength: s,
        damage: 1.0,
        weapon: None,
        armed: false,
    };
    // Ours 7, 3 against 6, 2: both win in order.
    assert_eq!(pair(&[f(7.0), f(3.0)], &[f(6.0), f(2.0)]), vec![0, 1]);
    // Ours 5, 4, 1 against 6, 3: the 1 takes the 6, the 5 the 3; the 4 breaks through.
    assert_eq!(
        pair(&[f(5.0), f(4.0), f(1.0)], &[f(6.0), f(3.0)]),
        vec![2, 0, 1]
    );
}

#[test]
fn deploys_the_strongest_force_its_counters_allow() {
    // Six counters: two 3-counter characters of power 4 (8 power) beat one 6-counter
    // character of power 6.
    let mut b = naboo(Phase::Deploy);
    let big = b.add(A, ch("Big", 6, 2, 6), Zone::Hand);
    let small = b.add(A, ch("Small", 4, 1, 3), Zone::Hand);
    let other = b.add(A, ch("Other Small", 4, 1, 3), Zone::Hand);
    let mut deployed = deploy_step(b.build());
    deployed.sort();
    assert_eq!(deployed, vec![small, other]);
    assert!(!deployed.contains(&big));
}

/// What A deploys in one deploy step, in order.
fn deploy_step(mut g: GameState) -> Vec<CardRef> {
    let mut agent = HeuristicAgent::default();
    let mut deployed = Vec::new();
    loop {
        match decide(&mut agent, &g) {
            Action::Deploy(c) => {
                deployed.push(c);
                g.apply(Action::Deploy(c)).unwrap();
            }
            a => {
                assert_eq!(a, Action::EndDeploy);
                return deployed;
            }
        }
    }
}

#[test]
fn does_not_feed_weak_characters_to_a_planet_it_cannot_contest() {
    // Issue 12: against a stronger force here, a character that loses every fight it could
    // meet only hands the opponent battle damage, which comes off our draw deck, so a deck
    // victory (rulings "Deck victory happens when a draw deck is empty") comes closer. README
    // "The agents": kept in hand while the
    // planet can be given up; deployed when giving it up would lose the game (the opponent
    // holds a planet already), or when our force could contest it.
    let build = |theirs_held: bool, strong_in_hand: bool| {
        let mut b = naboo(Phase::Deploy);
        b.add(B, ch("Brute", 7, 2, 1), here(true));
        b.add(B, ch("Other Brute", 7, 2, 1), here(true));
        let weak = b.add(A, ch("Weakling", 2, 1, 1), Zone::Hand);
        let strong = strong_in_hand.then(|| b.add(A, ch("Champion", 13, 2, 2), Zone::Hand));
        if theirs_held {
            b.controlled(Planet::Tatooine, B);
        }
        (b.build(), weak, strong)
    };
    let (g, _, _) = build(false, false);
    assert_eq!(deploy_step(g), vec![]);
    let (g, weak, _) = build(true, false);
    assert_eq!(deploy_step(g), vec![weak]);
    let (g, weak, strong) = build(false, true);
    let mut deployed = deploy_step(g);
    deployed.sort();
    let mut both = vec![weak, strong.unwrap()];
    both.sort();
    assert_eq!(deployed, both);
}

#[test]
fn surrenders_a_hopeless_planet_only_when_that_does_not_lose_the_game() {
    let build = |theirs_held: bool| {
        let mut b = naboo(Phase::EndOfTurn);
        b.add(A, ch("Lonely", 1, 1, 1), here(true));
        for i in 0..4 {
            b.add(B, ch(&format!("Brute {i}"), 7, 2, 1), here(true));
        }
        if theirs_held {
            b.controlled(Planet::Tatooine, B);
        }
        b.build()
    };
    let mut agent = HeuristicAgent::default();
    assert_eq!(decide(&mut agent, &build(false)), Action::Surrender);
    assert_eq!(decide(&mut agent, &build(true)), Action::EndTurn);
}

#[test]
fn surrenders_a_planet_whose_next_battle_may_empty_the_draw_deck() {
    // RULINGS.md E1: an empty draw deck loses at once; rulebook "Surrender": a surrendered
    // planet strands our characters and costs no card. Their three 5s against our one 5
    // (damage 2): their battle is expected to take 1 card for the even fight and 2 for
    // breakthrough. The forces are too close for the old rule (15 against 2 x 5 + 6), so with 30
    // cards in the draw deck it plays on; with 4 it surrenders, unless that loses the game.
    let build = |deck: usize, theirs_held: bool| {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::EndOfTurn, A);
        b.deck_filler(A, 2, deck);
        b.deck_filler(B, 2, 30);
        b.add(A, ch("Guard", 5, 2, 1), here(true));
        for i in 0..3 {
            b.add(B, ch(&format!("Raider {i}"), 5, 1, 1), here(true));
        }
        if theirs_held {
            b.controlled(Planet::Tatooine, B);
        }
        b.build()
    };
    let mut agent = HeuristicAgent::default();
    assert_eq!(decide(&mut agent, &build(30, false)), Action::EndTurn);
    assert_eq!(decide(&mut agent, &build(4, false)), Action::Surrender);
    assert_eq!(decide(&mut agent, &build(4, true)), Action::EndTurn);
}

#[test]
fn duels_a_character_printed_with_zero_damage() {
    // "Second Exception": a 0-damage character in a duel is simply discarded.
    let mut b = naboo(Phase::BattleStep);
    let jedi = b.add(
        A,
        fx::character("Mace Windu", "Jedi Master", 3, 3, 1),
        here(true),
    );
    let droid = b.add(B, ch("Astromech", 2, 0, 1), here(true));
    b.add(B, ch("Guard", 9, 3, 1), here(true));
    // RULINGS.md E2: a duel is initiated with a lightsaber.
    let saber = b.add(
        A,
        fx::weapon("Mace Windu's Lightsaber", &[("Mace Windu", 2, 1)]),
        here(true),
    );
    let g = b.build();
    assert_eq!(
        decide(&mut HeuristicAgent::default(), &g),
        Action::Duel {
            duelist: jedi,
            saber,
            target: droid
        }
    );
}

#[test]
fn recycles_a_hand_without_characters() {
    let mut b = naboo(Phase::EvenUp);
    for i in 0..6 {
        b.add(
            A,
            fx::battle(&format!("Trick {i}"), &[("any character", 2, 0)]),
            Zone::Hand,
        );
    }
    let g = b.build();
    assert_eq!(
        decide(&mut HeuristicAgent::default(), &g),
        Action::RecycleHand
    );
    // With characters to deploy it keeps the hand.
    let mut b = naboo(Phase::EvenUp);
    b.add(A, ch("Hero", 5, 2, 3), Zone::Hand);
    b.add(
        A,
        fx::battle("Trick", &[("any character", 2, 0)]),
        Zone::Hand,
    );
    let g = b.build();
    assert_eq!(
        decide(&mut HeuristicAgent::default(), &g),
        Action::EvenUpDone
    );
}

#[test]
fn it_plays_only_legal_actions_and_beats_random_agents() {
    // The measurement is `cargo run --release --example heuristic_strength` (1,000 games on
    // each of several deck pairs, both sides); this is its small version: both example decks,
    // each side, against both random agents.
    use crate::sim::decks::{def_ids, load_list};
    use crate::sim::{AgentKind, Matchup, OpponentReport, RunConfig};
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
    let pool = crate::engine::CardPool::from_catalogue(&cat);
    let mut resolver = crate::deck::Resolver::new(&cat);
    let mut load = |s: &str| def_ids(&resolver.resolve(&load_list(s).unwrap()));
    let (light, dark) = (load("example:light"), load("example:dark"));
    for opponent in [AgentKind::PatientRandom, AgentKind::Random] {
        for (deck, opp) in [(&light, &dark), (&dark, &light)] {
            let m = Matchup {
                pool: Arc::clone(&pool),
                deck,
                opponent: opp,
                agents: [AgentKind::Heuristic, opponent],
                weights: Arc::new(super::Weights::default()),
                options: Default::default(),
            };
            let config = RunConfig {
                games: 100,
                master_seed: 11,
                mirror: false,
                jobs: 1,
            };
            let (distinct, tally) = m.run(&config, &|| {}).unwrap();
            let r = OpponentReport::new("opp", &tally, &distinct, deck, &pool);
            assert!(
                r.win_rate.unwrap() >= 0.95,
                "against {opponent:?}: {} of {}",
                r.wins,
                r.games
            );
        }
    }
}

#[test]
fn plays_a_fight_together_group_where_it_wins_the_fight() {
    // Rulebook "Fight Together": two characters of 3 each lose alone to a 5, together (6)
    // they beat it. The agent takes the battle card from hand and puts it just before the
    // pair; without the card it plans them one by one.
    for with_card in [true, false] {
        let mut b = naboo(Phase::BattleStep);
        let left = b.add(A, ch("Lefty Lucy", 3, 1, 1), here(true));
        let right = b.add(A, ch("Righty Rob", 3, 1, 1), here(true));
        let card = b.add(
            A,
            fx::battle(
                "Side By Side",
                &[("Lefty Lucy and Righty Rob together", 0, 0)],
            ),
            if with_card { Zone::Hand } else { Zone::Discard },
        );
        b.add(B, ch("Big", 5, 1, 1), here(true));
        let mut g = b.build();
        let mut agent = HeuristicAgent::default();
        g.apply(Action::DeclareBattle).unwrap();
        let mut plan = Vec::new();
        while matches!(g.phase(), Phase::BattleCards(_) | Phase::BattlePlan(_)) {
            let me = g.to_act() == Some(A);
            let a = decide(&mut agent, &g);
            if me && let Action::PlanNext(c) = a {
                plan.push(c);
            }
            g.apply(a).unwrap();
            if g.phase() == Phase::BattlePlan(B) {
                break;
            }
        }
        if with_card {
            assert_eq!(plan.len(), 3, "{plan:?}");
            assert_eq!(plan[0], card);
            assert!(plan[1..].contains(&left) && plan[1..].contains(&right));
        } else {
            assert!(!plan.contains(&card), "{plan:?}");
        }
    }
}

#[test]
fn values_a_fight_together_card_by_the_group_it_makes_here() {
    // A fight-together card adds no dots of its own; held with two characters it works for,
    // it is worth the power the second one adds to the first's fight (Even Up keeps it), and
    // nothing when they are not here.
    for present in [true, false] {
        let mut b = naboo(Phase::EvenUp);
        let zone = if present { here(true) } else { Zone::Discard };
        b.add(A, ch("Lefty Lucy", 3, 1, 1), zone);
        b.add(A, ch("Righty Rob", 2, 1, 1), zone);
        let card = b.add(
            A,
            fx::battle(
                "Side By Side",
                &[("Lefty Lucy and Righty Rob together", 0, 0)],
            ),
            Zone::Hand,
        );
        let g = b.build();
        let v = with_ctx(&g, |cx| cx.hand_value(card, g.def(card)));
        if present {
            assert!((v - 0.7 * 2.0).abs() < 1e-6, "{v}");
        } else {
            assert_eq!(v, 0.0);
        }
    }
}

#[test]
fn deploys_a_double_impact_effect_half_only_when_it_helps_here() {
    // card-text 16.1 / issue 12 "picks the Double Impact half that fits the moment": RF-DI2's
    // Effect half (each Podracer pilot +1 power) is deployed where two pilots of ours are, and
    // kept for its battle half (2 dots) where none is.
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
    let book = crate::catalogue::abilities::AbilityBook::embedded();
    let pilots: Vec<Card> = cat
        .cards()
        .iter()
        .filter(|c| {
            c.has_trait("podracer-pilot")
                && c.card_type == crate::catalogue::CardType::Character
                && matches!(c.power, Some(crate::catalogue::Power::Value(_)))
                && c.counters.is_some()
                && book.get(&c.id).is_none()
        })
        .take(2)
        .cloned()
        .collect();
    assert_eq!(pilots.len(), 2);
    assert_ne!(pilots[0].title, pilots[1].title);
    let di2 = cat.get("RF-DI2").unwrap().clone();
    for with_pilots in [true, false] {
        let mut b = naboo(Phase::Deploy);
        if with_pilots {
            for p in &pilots {
                b.add(A, p.clone(), here(true));
            }
        } else {
            b.add(A, ch("Not A Pilot", 4, 2, 2), here(true));
        }
        b.add(B, ch("Y", 4, 2, 2), here(true));
        let di = b.add(A, di2.clone(), Zone::Hand);
        let g = b.build();
        let chosen = decide(&mut HeuristicAgent::default(), &g);
        assert_eq!(
            chosen == Action::Deploy(di),
            with_pilots,
            "with pilots: {with_pilots}, chose {chosen:?}"
        );
    }
}

#[test]
fn deploys_a_double_impact_effect_half_for_its_other_text() {
    // RF-DI7 Starfighter Screen & Blockade: the Effect half adds no power, but in the Even Up
    // step it discards an opposing ◆ card (card-text 12, 16.1): valued as an Effect's step
    // action, it is deployed rather than kept for a battle half with no group to fit here;
    // then, in the Even Up step, it discards the ◆ card.
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
    let mut b = naboo(Phase::Deploy);
    b.add(A, ch("Mine", 4, 2, 2), here(true));
    let target = b.add(B, fx::diamond(ch("Target", 4, 2, 2)), here(true));
    let di = b.add(A, cat.get("RF-DI7").unwrap().clone(), Zone::Hand);
    let mut g = b.build();
    let mut agent = HeuristicAgent::default();
    assert_eq!(decide(&mut agent, &g), Action::Deploy(di));
    g.apply(Action::Deploy(di)).unwrap();
    while g.phase() != Phase::EvenUp {
        let a = decide(&mut agent, &g);
        g.apply(a).unwrap();
    }
    let use_it = Action::UseAbility {
        card: di,
        option: 1,
    };
    assert_eq!(decide(&mut agent, &g), use_it);
    g.apply(use_it).unwrap();
    assert_eq!(decide(&mut agent, &g), Action::ChooseCard(target));
}

#[test]
fn an_armed_and_dangerous_fighter_counts_its_own_weapon_half_and_takes_no_weapon_card() {
    // Rulebook "Armed & Dangerous Cards": the character always has its weapon half in its
    // fights, and a weapon card placed before it is ignored (engine `battle.rs`). RF-A3 Adi
    // Gallia's half adds +2 dots and a cube for her: the opponent's estimate of her must
    // carry it, and a spare weapon card beside her goes to no one.
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
    let adi = cat.get("RF-A3").unwrap().clone();
    let mut b = naboo(Phase::BattleStep);
    b.add(A, ch("Mine", 4, 2, 1), here(true));
    let adi = b.add(B, adi, here(true));
    let any = b.add(
        B,
        fx::weapon("Blaster Rifle", &[("any character", 3, 0)]),
        here(true),
    );
    let g = b.build();
    let view = g.view(A);
    let weights = super::Weights::default();
    let lineups = super::lineups::Lineups::default();
    let scratch = super::eval::Scratch::default();
    let cx = super::eval::Ctx::new(&view, &weights, false, &lineups, &scratch);
    let own = view
        .use_line(adi, &[adi], false, false)
        .expect("her own line");
    assert_eq!((own.dots, own.cubes), (2, 1));
    let power = view.power_of(adi, g.def(adi), crate::engine::Arena::Battle) as f32;
    let (theirs, _) = cx.ground(B, false);
    assert_eq!(theirs.len(), 1);
    assert_eq!(theirs[0].weapon, None, "the rifle is not hers: {any:?}");
    let expected = power + 2.0 + weights.estimates.destiny;
    assert!((theirs[0].strength - expected).abs() < 1e-6, "{theirs:?}");
}

/// The Boonta Eve Classic's search from the draw deck costs 1 damage when it finds nothing
/// (rulebook "Deploying cards from your draw deck"): search only when the pilot's matching
/// Podracer is in the draw deck, not when it is in the discard pile.
#[test]
fn searches_for_the_podracer_only_when_it_is_in_the_draw_deck() {
    let pilot = Card {
        number: "73".into(),
        counters: Some(2),
        ..fx::character("Sebulba", "Bad-Tempered Dug", 4, 2, 3)
    };
    let podracer = Card {
        counters: Some(1),
        diamond: Some(false),
        ..fx::weapon("Sebulba's Podracer", &[("Sebulba", 3, 1)])
    };
    for (zone, expected) in [
        (Zone::Deck, Action::SearchDeck),
        (Zone::Discard, Action::SkipSearch),
    ] {
        let mut b = naboo(Phase::Deploy);
        b.add(A, fx::boonta(), Zone::Objective);
        let p = b.add(A, pilot.clone(), Zone::Hand);
        b.add(A, podracer.clone(), zone);
        let mut g = b.build();
        g.apply(Action::DeployToObjective(p)).unwrap();
        assert_eq!(
            decide(&mut HeuristicAgent::default(), &g),
            expected,
            "Podracer in {zone:?}"
        );
    }
}

#[test]
fn keeps_its_locations_at_even_up_when_the_draw_deck_runs_low() {
    // Rulebook "3. Even Up": a location discarded before drawing is one more card drawn, and
    // "Deck Victory": the player whose draw deck empties first loses. With 40 cards left a dead
    // location goes (a fresh card is worth more); with 20 left it stays in hand.
    let build = |deck: usize| {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::EvenUp, A);
        b.deck_filler(A, 2, deck);
        b.deck_filler(B, 2, 30);
        let loc = b.add(A, fx::location(Planet::Tatooine, 0), Zone::Hand);
        b.add(A, ch("Hero", 5, 2, 3), Zone::Hand);
        (b.build(), loc)
    };
    let (g, loc) = build(40);
    assert_eq!(
        decide(&mut HeuristicAgent::default(), &g),
        Action::DiscardLocation(loc)
    );
    let (g, _) = build(20);
    assert_eq!(
        decide(&mut HeuristicAgent::default(), &g),
        Action::EvenUpDone
    );
}

#[test]
fn deploys_more_bodies_at_a_planet_whose_loss_loses_the_game() {
    // Rulebook "Controlling the Planet" and "2. Battle": the opponent's battle defeats at most
    // one of ours per character of theirs, and the planet goes to them only if none of ours is
    // left. With their two Brutes here and Tatooine theirs already, three cheap characters keep
    // the planet (one survives any battle of theirs) where one strong one would not; elsewhere
    // power counts and the strong one goes.
    let build = |theirs_held: bool| {
        let mut b = naboo(Phase::Deploy);
        if theirs_held {
            b.controlled(Planet::Tatooine, B);
            b.add(B, ch("Brute", 8, 2, 1), here(true));
            b.add(B, ch("Other Brute", 8, 2, 1), here(true));
        }
        let big = b.add(A, ch("Champion", 6, 2, 6), Zone::Hand);
        let small: Vec<CardRef> = (0..3)
            .map(|i| b.add(A, ch(&format!("Trooper {i}"), 1, 1, 2), Zone::Hand))
            .collect();
        (b.build(), big, small)
    };
    let (g, big, _) = build(false);
    assert_eq!(deploy_step(g), vec![big]);
    let (g, _, small) = build(true);
    let mut deployed = deploy_step(g);
    deployed.sort();
    assert_eq!(deployed, small);
}

#[test]
fn the_pairing_gives_up_the_character_whose_defeat_costs_least() {
    // Rulebook "Who Wins This Fight?": a defeated character's owner takes its damage from the
    // draw deck. Their 8 beats both of ours: the one given up to it is the Cheap one (damage 1),
    // not the weaker Costly one (damage 3), so a lost fight costs 1 card instead of 3 ...
    let f = |s: f32, damage: f32| Fighter {
        card: CardRef::new(0),
        strength: s,
        damage,
        weapon: None,
        armed: false,
    };
    let (cheap, costly) = (f(3.0, 1.0), f(2.0, 3.0));
    assert_eq!(pair(&[cheap, costly], &[f(8.0, 1.0)]), vec![0, 1]);
    // ... unless the cheap one wins a later fight (their 2): then the costly one goes.
    assert_eq!(
        pair(&[cheap, costly], &[f(8.0, 1.0), f(2.0, 1.0)]),
        vec![1, 0]
    );
}

#[test]
fn deploys_no_card_that_makes_its_own_even_up_empty_the_draw_deck() {
    // RULINGS.md E1: a player whose draw deck is empty loses at once, and "3. Even Up" draws a
    // card for each one that left the hand. Three cheap characters and a starship in a hand of
    // four: with 30 cards in the draw deck all go; with 4 the Even Up after two of them would
    // draw the deck's last card (2 + 4 = 6 leaves 0), so only one goes; with 3, none.
    let build = |deck: usize| {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::Deploy, A);
        b.deck_filler(A, 2, deck);
        b.deck_filler(B, 2, 30);
        let ship = b.add(
            A,
            fx::starship(
                "Freighter",
                crate::catalogue::StarshipClass::Transport,
                3,
                1,
            ),
            Zone::Hand,
        );
        let troopers: Vec<CardRef> = (0..3)
            .map(|i| b.add(A, ch(&format!("Trooper {i}"), 4, 1, 2), Zone::Hand))
            .collect();
        (b.build(), ship, troopers)
    };
    let (g, ship, troopers) = build(30);
    let mut deployed = deploy_step(g);
    deployed.sort();
    let mut all = troopers;
    all.push(ship);
    all.sort();
    assert_eq!(deployed, all);
    let (g, _, _) = build(4);
    assert_eq!(deploy_step(g).len(), 1);
    let (g, _, _) = build(3);
    assert_eq!(deploy_step(g), vec![]);
}

/// Stranded cards come home past a stronger escort when the draw deck runs short: from
/// `podrace-light.txt` against `example:dark` and patient-random, master seed 7, game 256,
/// turn 18 (1 card in the draw deck, one transport against two starships): playing on lost
/// every sampled playout, evacuating won 37 of 48.
#[test]
fn evacuates_past_a_stronger_escort_only_when_the_draw_deck_is_short() {
    use crate::catalogue::StarshipClass;
    let build = |deck: usize| {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.controlled(Planet::Tatooine, B);
        b.phase(Phase::Deploy, A);
        b.add(A, ch("Stranded", 5, 3, 2), Zone::At(Planet::Tatooine, true));
        let ship = fx::starship("Transport", StarshipClass::Transport, 3, 2);
        b.add(A, ship, Zone::Hyperspace);
        let fighter = fx::starship("Fighter", StarshipClass::Starfighter, 5, 2);
        b.add(B, fighter, Zone::Hyperspace);
        b.deck_filler(A, 2, deck);
        b.deck_filler(B, 2, 30);
        b.build()
    };
    let evacuate = Action::Evacuate(Planet::Tatooine);
    let long = build(30);
    let mut legal = Vec::new();
    legal_actions(&long.view(A), &mut legal);
    assert!(legal.contains(&evacuate));
    assert_ne!(decide(&mut HeuristicAgent::default(), &long), evacuate);
    assert_eq!(decide(&mut HeuristicAgent::default(), &build(5)), evacuate);
}

/// A weapon is not deployed for a user in hand that the counters left cannot also pay for:
/// the hand of `weapon_value`'s example (`duel-dark.txt`, seed 7, game 350, turn 8), a
/// 6-counter Darth Maul and three lightsabers only he can use, took the lightsabers and left
/// him in hand. With him already there, a lightsaber is deployed.
#[test]
fn deploys_a_weapon_only_with_a_user_it_can_serve() {
    let build = |maul_here: bool| {
        let mut b = naboo(Phase::Deploy);
        let zone = if maul_here { here(true) } else { Zone::Hand };
        let maul = b.add(A, ch("Darth Maul", 6, 5, 6), zone);
        let saber = |title: &str, counters: u8, cubes: u8| Card {
            counters: Some(counters),
            ..fx::weapon(title, &[("Darth Maul", 0, cubes)])
        };
        let own = b.add(A, saber("Darth Maul's Lightsaber", 2, 2), Zone::Hand);
        b.add(A, saber("Sith Lightsaber", 1, 1), Zone::Hand);
        b.add(A, saber("Sith Lightsaber", 1, 1), Zone::Hand);
        (b.build(), maul, own)
    };
    let (g, maul, _) = build(false);
    assert_eq!(
        decide(&mut HeuristicAgent::default(), &g),
        Action::Deploy(maul)
    );
    let (g, _, own) = build(true);
    assert_eq!(
        decide(&mut HeuristicAgent::default(), &g),
        Action::Deploy(own)
    );
}

/// The current planet is given up by evacuation when it is not worth contesting and our draw
/// deck is no longer than the opponent's: our characters there come back into the draw deck
/// rather than be defeated one by one for their damage (`podrace-light.txt` against `dark.txt`
/// and patient-random, master seed 7, game 475, turn 7: seven weak characters against Darth
/// Maul and Aurra Sing; evacuating won 47 of 48 sampled playouts, deploying more 33). Not
/// when our draw deck is the longer, nor when giving the planet up loses the game, nor when
/// our force could contest it.
#[test]
fn evacuates_the_current_planet_it_cannot_contest_when_its_draw_deck_is_shorter() {
    use crate::catalogue::StarshipClass;
    let build = |deck: usize, theirs_held: bool, strong: bool| {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::Deploy, A);
        b.add(A, ch("Weakling", 2, 1, 1), here(true));
        b.add(A, ch("Other Weakling", 2, 1, 1), here(true));
        if strong {
            b.add(A, ch("Champion", 13, 2, 2), here(true));
        }
        b.add(B, ch("Brute", 7, 2, 1), here(true));
        b.add(B, ch("Other Brute", 7, 2, 1), here(true));
        let ship = fx::starship("Transport", StarshipClass::Transport, 3, 2);
        b.add(A, ship, Zone::Hyperspace);
        if theirs_held {
            b.controlled(Planet::Tatooine, B);
        }
        b.deck_filler(A, 2, deck);
        b.deck_filler(B, 2, 30);
        b.build()
    };
    let evacuate = Action::Evacuate(Planet::Naboo);
    let short = build(20, false, false);
    let mut legal = Vec::new();
    legal_actions(&short.view(A), &mut legal);
    assert!(legal.contains(&evacuate));
    assert_eq!(decide(&mut HeuristicAgent::default(), &short), evacuate);
    for g in [
        build(40, false, false),
        build(20, true, false),
        build(20, false, true),
    ] {
        assert_ne!(decide(&mut HeuristicAgent::default(), &g), evacuate);
    }
}

/// "You may only have one copy of the character and the weapon card on the Objective for the
/// entire game", and only a pilot with his matching Podracer races ("Lap Cards"): a pilot is
/// sent to the Boonta Eve Classic only when the Podracer there is his (or the slot is free and
/// his Podracer can still come), never beside another pilot's Podracer, which would end the
/// race for the game (podrace-light.txt against podrace-dark.txt, seed 5 game 2: Anakin
/// joined Boles Roor's Podracer; seed 5 game 42: Mars Guo joined Sebulba's Podracer). The
/// deploy step values the pilot at the objective by `podrace_value`.
#[test]
fn sends_a_pilot_to_the_objective_only_beside_his_own_podracer() {
    let anakin = Card {
        number: "1".into(),
        counters: Some(2),
        ..fx::character("Anakin Skywalker", "Boonta Eve Podracer Pilot", 4, 2, 4)
    };
    let racer = |title: &str, user: &str| Card {
        counters: Some(1),
        diamond: Some(false),
        ..fx::weapon(title, &[(user, 3, 1)])
    };
    let his = racer("Anakin Skywalker's Podracer", "Anakin");
    let other = racer("Sebulba's Podracer", "Sebulba");
    for (at_objective, in_deck, sent) in [
        (Some(&his), None, true),
        (Some(&other), Some(&his), false),
        (None, Some(&his), true),
        (None, Some(&other), false),
    ] {
        let mut b = naboo(Phase::Deploy);
        b.add(A, fx::boonta(), Zone::Objective);
        let p = b.add(A, anakin.clone(), Zone::Hand);
        if let Some(r) = at_objective {
            b.add(A, r.clone(), Zone::Podracer);
        }
        if let Some(r) = in_deck {
            b.add(A, r.clone(), Zone::Deck);
        }
        let g = b.build();
        let value = with_ctx(&g, |cx| super::deploy::podrace_value(cx, p));
        assert_eq!(
            value > 0.0,
            sent,
            "{:?} at the objective, {:?} in the deck: {value}",
            at_objective.map(|c| &c.title),
            in_deck.map(|c| &c.title)
        );
        if !sent {
            assert_ne!(
                decide(&mut HeuristicAgent::default(), &g),
                Action::DeployToObjective(p)
            );
        }
    }
}
