//! The invariant sweep: random games from fixed seeds finish without panic, every card is in
//! exactly one zone after every action, and every game ends with a result. The 10,000-game
//! sweep is `cargo run --release --example sweep`.

use std::sync::Arc;

use crate::bots::{PlayOptions, RandomAgent, play};
use crate::catalogue::{Catalogue, CatalogueSource};
use crate::engine::sample_decks::sample_decks;
use crate::engine::{CardPool, GameOptions, GameState, StarshipRules, Victory, game_seed};

fn pool() -> Arc<CardPool> {
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
    CardPool::from_catalogue(&cat)
}

fn run(
    seed: u64,
    options: GameOptions,
    patient: bool,
) -> (crate::engine::GameResult, Vec<crate::engine::Event>) {
    let pool = pool();
    let decks = sample_decks(&pool).unwrap();
    let mut g = GameState::new(pool, [&decks[0], &decks[1]], options, seed).unwrap();
    let mut a = if patient {
        RandomAgent::never_surrendering(seed ^ 1)
    } else {
        RandomAgent::new(seed ^ 1)
    };
    let mut b = if patient {
        RandomAgent::never_surrendering(seed ^ 2)
    } else {
        RandomAgent::new(seed ^ 2)
    };
    let mut events = Vec::new();
    let r = play(
        &mut g,
        [&mut a, &mut b],
        PlayOptions {
            check_zones: true,
            events: Some(&mut events),
        },
    )
    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    (r, events)
}

#[test]
fn random_games_finish_with_cards_conserved() {
    for i in 0..300 {
        let seed = game_seed(2024, i);
        let rules = if i % 3 == 2 {
            StarshipRules::BattleOfNaboo
        } else {
            StarshipRules::DuelOfTheFates
        };
        let options = GameOptions {
            starships: rules,
            ..GameOptions::default()
        };
        let (r, _) = run(seed, options, i % 2 == 0);
        match r.victory {
            Victory::TurnCap | Victory::NoLocation | Victory::BothDecksEmpty => {
                assert_eq!(r.winner, None)
            }
            _ => assert!(r.winner.is_some(), "{r:?}"),
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_event_stream() {
    let a = run(99, GameOptions::default(), true);
    let b = run(99, GameOptions::default(), true);
    assert_eq!(a.0, b.0);
    assert_eq!(a.1, b.1);
    assert!(a.1.len() > 50);
    let c = run(100, GameOptions::default(), true);
    assert_ne!(a.1, c.1);
}

#[test]
fn a_turn_cap_is_reported_as_such_never_as_a_win() {
    // Two turns cannot decide a game (turn 1's deploys are hidden, so no one controls Naboo).
    let options = GameOptions {
        turn_cap: 2,
        ..GameOptions::default()
    };
    let (r, events) = run(5, options, true);
    assert_eq!((r.winner, r.victory, r.turn), (None, Victory::TurnCap, 2));
    assert!(matches!(
        events.last(),
        Some(crate::engine::Event::GameOver(_))
    ));
}

/// The example decks with every kind of Reflections card the engine plays mixed in (Armed &
/// Dangerous, Combo Battle, Double Impact), so the sweep also covers their deploys and fights.
fn reflections_decks(pool: &CardPool) -> [Vec<crate::engine::card_pool::DefId>; 2] {
    use crate::engine::sample_decks::{DARK, LIGHT, resolve};
    let extra_light: &[(&str, usize)] = &[
        ("RF-A1", 1),
        ("RF-A3", 1),
        ("RF-A5", 1),
        ("RF-C1", 1),
        ("RF-C2", 1),
        ("RF-C7", 1),
        ("RF-DI3", 1),
        ("RF-DI8", 1),
        ("RF-DI9", 1),
        ("RF-DI12", 1),
    ];
    let extra_dark: &[(&str, usize)] = &[
        ("RF-A7", 1),
        ("RF-A8", 1),
        ("RF-A10", 1),
        ("RF-C8", 1),
        ("RF-C9", 1),
        ("RF-C14", 1),
        ("RF-DI2", 1),
        ("RF-DI6", 1),
        ("RF-DI11", 1),
        ("RF-DI13", 1),
    ];
    let mut light = resolve(pool, LIGHT).unwrap();
    let mut dark = resolve(pool, DARK).unwrap();
    // Replace cards other than locations, so the decks keep their size and every planet.
    let drop = |deck: &mut Vec<crate::engine::card_pool::DefId>, n: usize| {
        for _ in 0..n {
            let at = deck
                .iter()
                .position(|&d| pool.get(d).location.is_none())
                .expect("a card that is not a location");
            deck.remove(at);
        }
    };
    drop(&mut light, extra_light.len());
    drop(&mut dark, extra_dark.len());
    light.extend(resolve(pool, extra_light).unwrap());
    dark.extend(resolve(pool, extra_dark).unwrap());
    [light, dark]
}

#[test]
fn random_games_with_reflections_cards_finish_with_cards_conserved() {
    let pool = pool();
    let decks = reflections_decks(&pool);
    let mut armed_deployed = 0;
    for i in 0..150 {
        let seed = game_seed(2026, i);
        let mut g = GameState::new(
            pool.clone(),
            [&decks[0], &decks[1]],
            GameOptions::default(),
            seed,
        )
        .unwrap();
        let mut a = RandomAgent::never_surrendering(seed ^ 1);
        let mut b = RandomAgent::never_surrendering(seed ^ 2);
        let mut events = Vec::new();
        let r = play(
            &mut g,
            [&mut a, &mut b],
            PlayOptions {
                check_zones: true,
                events: Some(&mut events),
            },
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        match r.victory {
            Victory::TurnCap | Victory::NoLocation | Victory::BothDecksEmpty => {
                assert_eq!(r.winner, None)
            }
            _ => assert!(r.winner.is_some(), "{r:?}"),
        }
        armed_deployed += events
            .iter()
            .filter(
                |e| matches!(e, crate::engine::Event::Deployed { card, .. } if g.def(*card).armed),
            )
            .count();
    }
    // The sweep must exercise what it is for.
    assert!(
        armed_deployed > 20,
        "Armed & Dangerous deploys: {armed_deployed}"
    );
}

#[test]
fn deciding_through_the_engine_plays_the_same_games_as_listing_and_applying() {
    // `decide_into` lists the legal actions once and applies the choice without listing again;
    // `legal_actions` + `apply` is the external caller's path, which lists twice. The same
    // seeds and agents must give the same games, event for event, and both heuristic and
    // random agents must be covered.
    use crate::bots::{Agent, HeuristicAgent};
    use crate::engine::{Action, legal_actions};
    let pool = pool();
    let decks = sample_decks(&pool).unwrap();
    for i in 0..6 {
        let seed = game_seed(31, i);
        let agents = || -> [Box<dyn Agent>; 2] {
            if i % 2 == 0 {
                [
                    Box::new(HeuristicAgent::default()),
                    Box::new(HeuristicAgent::default()),
                ]
            } else {
                [
                    Box::new(RandomAgent::new(seed ^ 1)),
                    Box::new(RandomAgent::new(seed ^ 2)),
                ]
            }
        };
        let new = || {
            GameState::new(
                pool.clone(),
                [&decks[0], &decks[1]],
                GameOptions::default(),
                seed,
            )
            .unwrap()
        };
        let (mut g, mut ag) = (new(), agents());
        let (mut legal, mut decided) = (Vec::new(), Vec::new());
        while g.to_act().is_some() {
            g.decide_into(&mut legal, &mut decided, |view, legal| {
                ag[view.player().index()].choose(view, legal)
            })
            .unwrap();
        }
        let (mut h, mut ag) = (new(), agents());
        let mut applied = Vec::new();
        while let Some(p) = h.to_act() {
            let mut legal: Vec<Action> = Vec::new();
            legal_actions(&h.view(p), &mut legal);
            let a = ag[p.index()].choose(&h.view(p), &legal);
            applied.extend(h.apply(a).unwrap());
        }
        assert_eq!(decided, applied, "seed {seed}");
        assert_eq!(g.result(), h.result());
        assert!(decided.len() > 20);
    }
}

#[test]
fn deciding_refuses_a_choice_outside_the_list_and_changes_nothing() {
    use crate::engine::{Action, IllegalAction};
    let pool = pool();
    let decks = sample_decks(&pool).unwrap();
    let mut g = GameState::new(pool, [&decks[0], &decks[1]], GameOptions::default(), 7).unwrap();
    let before = format!("{:?}", (g.players.clone(), g.phase(), g.turn()));
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let r = g.decide_into(&mut legal, &mut events, |_, _| Action::Surrender);
    assert!(!legal.is_empty() && !legal.contains(&Action::Surrender));
    assert!(matches!(
        r,
        Err(IllegalAction::NotLegal {
            action: Action::Surrender,
            ..
        })
    ));
    assert!(events.is_empty());
    assert_eq!(
        before,
        format!("{:?}", (g.players.clone(), g.phase(), g.turn()))
    );
    // The first legal choice is then accepted.
    assert_eq!(
        g.decide_into(&mut legal, &mut events, |_, l| l[0]),
        Ok(legal[0])
    );
}

/// A random agent that counts the pending decisions it answers, by phase.
struct Counting {
    inner: RandomAgent,
    in_fights: usize,
    in_duels: usize,
}

impl crate::bots::Agent for Counting {
    fn choose(
        &mut self,
        view: &crate::engine::PlayerView,
        legal: &[crate::engine::Action],
    ) -> crate::engine::Action {
        if view.pending().is_some() {
            match view.phase() {
                crate::engine::Phase::Fights => self.in_fights += 1,
                crate::engine::Phase::DuelPlay => self.in_duels += 1,
                _ => {}
            }
        }
        self.inner.choose(view, legal)
    }
}

#[test]
fn random_games_with_decisions_in_battles_and_duels_finish_with_cards_conserved() {
    // Every character of the sample decks carries the probe text (tests/mod.rs): ability
    // windows before each fight and after each duel hit, and a prompt after each destiny draw
    // in a fight. Random agents answer them; the zone check runs after every action.
    let pool = pool();
    let decks = sample_decks(&pool).unwrap();
    let (mut fights, mut duels) = (0, 0);
    for i in 0..60 {
        let seed = game_seed(77, i);
        let rules = if i % 2 == 1 {
            StarshipRules::BattleOfNaboo
        } else {
            StarshipRules::DuelOfTheFates
        };
        let options = GameOptions {
            starships: rules,
            ..GameOptions::default()
        };
        let mut g =
            GameState::new(Arc::clone(&pool), [&decks[0], &decks[1]], options, seed).unwrap();
        let mut texts = (**pool.texts()).clone();
        for d in decks.iter().flatten() {
            if pool.get(*d).is_character() {
                texts.register(*d, Arc::new(super::Probe));
            }
        }
        g = g.with_texts(Arc::new(texts));
        let mut a = Counting {
            inner: RandomAgent::never_surrendering(seed ^ 1),
            in_fights: 0,
            in_duels: 0,
        };
        let mut b = Counting {
            inner: RandomAgent::never_surrendering(seed ^ 2),
            in_fights: 0,
            in_duels: 0,
        };
        let r = play(
            &mut g,
            [&mut a, &mut b],
            PlayOptions {
                check_zones: true,
                events: None,
            },
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        match r.victory {
            Victory::TurnCap | Victory::NoLocation => assert_eq!(r.winner, None),
            _ => assert!(r.winner.is_some(), "{r:?}"),
        }
        fights += a.in_fights + b.in_fights;
        duels += a.in_duels + b.in_duels;
    }
    // Not a vacuous sweep: the decisions were met, in fights and in duels.
    assert!(fights > 100, "{fights}");
    assert!(duels > 10, "{duels}");
}

/// A random agent that counts the pending decisions it answers at each stop of the steps
/// outside battles and duels: `[interception fight, space battle fight, Even Up, turn start]`.
struct CountingStops {
    inner: RandomAgent,
    stops: [usize; 4],
}

impl crate::bots::Agent for CountingStops {
    fn choose(
        &mut self,
        view: &crate::engine::PlayerView,
        legal: &[crate::engine::Action],
    ) -> crate::engine::Action {
        use crate::engine::Phase;
        if view.pending().is_some() {
            let evacuating = view.evacuation().is_some();
            let at = match view.phase() {
                Phase::Interception => Some(0),
                Phase::Fights if evacuating => Some(1),
                Phase::EvenUp => Some(2),
                Phase::Deploy => Some(3),
                _ => None,
            };
            if let Some(i) = at {
                self.stops[i] += 1;
            }
        }
        self.inner.choose(view, legal)
    }
}

#[test]
fn random_games_with_decisions_at_every_stop_finish_with_cards_conserved() {
    // Every character and starship of the sample decks carries the step probe (tests/mod.rs):
    // the fight probe's decisions (so in space battles and Battle of Naboo interceptions too),
    // a prompt to each player at the start of the other's turns (the first one ends setup),
    // and an Even Up ability that asks the opponent. Random agents answer; the zone check runs
    // after every action.
    let pool = pool();
    let decks = sample_decks(&pool).unwrap();
    let mut stops = [0; 4];
    for i in 0..60 {
        let seed = game_seed(78, i);
        let rules = if i % 2 == 1 {
            StarshipRules::BattleOfNaboo
        } else {
            StarshipRules::DuelOfTheFates
        };
        let options = GameOptions {
            starships: rules,
            ..GameOptions::default()
        };
        let mut g =
            GameState::new(Arc::clone(&pool), [&decks[0], &decks[1]], options, seed).unwrap();
        let mut texts = (**pool.texts()).clone();
        for d in decks.iter().flatten() {
            let def = pool.get(*d);
            if def.is_character() || def.kind == crate::engine::card_pool::Kind::Starship {
                texts.register(*d, Arc::new(super::StepProbe));
            }
        }
        g = g.with_texts(Arc::new(texts));
        let mut agents = [1, 2].map(|k| CountingStops {
            inner: RandomAgent::never_surrendering(seed ^ k),
            stops: [0; 4],
        });
        let [a, b] = &mut agents;
        let r = play(
            &mut g,
            [a, b],
            PlayOptions {
                check_zones: true,
                events: None,
            },
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        match r.victory {
            Victory::TurnCap | Victory::NoLocation | Victory::BothDecksEmpty => {
                assert_eq!(r.winner, None)
            }
            _ => assert!(r.winner.is_some(), "{r:?}"),
        }
        for a in &agents {
            for (s, n) in stops.iter_mut().zip(a.stops) {
                *s += n;
            }
        }
    }
    // Not a vacuous sweep: each stop was met.
    eprintln!("decisions at [interception, space battle, even up, turn start]: {stops:?}");
    assert!(stops.iter().all(|&n| n > 5), "{stops:?}");
}
