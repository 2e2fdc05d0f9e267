//! Card texts through the one query for every number (text.rs, query.rs): at every place the
//! rules ask a number, a test text that changes it changes the game, and the query carries
//! its context. Each test fails if its call site stops asking the query.

use std::sync::Mutex;

use super::*;
use crate::catalogue::{Planet, StarshipClass};
use crate::engine::text::{Arena, Trigger};
use crate::engine::{GameOptions, StarshipRules};

/// A text that adds `add` to `number` for its own card and records every query it is asked.
#[derive(Debug)]
struct Recorder {
    number: Number,
    add: i16,
    seen: Mutex<Vec<Query>>,
}

impl Recorder {
    fn new(number: Number, add: i16) -> Arc<Recorder> {
        Arc::new(Recorder {
            number,
            add,
            seen: Mutex::new(Vec::new()),
        })
    }
    fn seen(&self) -> Vec<Query> {
        self.seen.lock().unwrap().clone()
    }
}

impl Text for Recorder {
    fn listens(&self) -> Listen {
        Listen::number(self.number)
    }
    fn modify(&self, _: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        if q.card == Some(me) {
            self.seen.lock().unwrap().push(*q);
            n.add(self.add);
        }
    }
}

#[test]
fn power_in_a_battle_fight_is_asked_with_the_fight_as_context() {
    // 3 against 3 is a tie ("they both stay"); the text's +1 wins the fight.
    for text in [false, true] {
        let mut b = at_naboo();
        let x = b.add(A, ch("X", 3, 1), Zone::At(Planet::Naboo, true));
        let gun = b.add(
            A,
            fx::weapon("Blaster", &[("any character", 0, 0)]),
            Zone::At(Planet::Naboo, true),
        );
        let y = b.add(B, ch("Y", 3, 1), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        let rec = Recorder::new(Number::Power, 1);
        let mut g = b.build();
        if text {
            g = g.with_text(x, rec.clone());
        }
        let ev = battle(&mut g, [&[], &[]], [&[gun, x], &[y]]);
        let want = if text { (4, 3, Some(A)) } else { (3, 3, None) };
        assert_eq!(fights(&ev), vec![want]);
        if text {
            let q = rec.seen()[0];
            assert_eq!(
                (q.player, q.arena, q.planet, q.site),
                (A, Arena::Battle, Some(Planet::Naboo), Some(0))
            );
            assert_eq!((q.weapon, q.opponent), (Some(gun), Some(y)));
        }
    }
}

#[test]
fn damage_of_a_defeated_fighter_is_asked_knowing_what_defeated_it() {
    // Y (damage 3) loses to X: its owner discards 3 cards, or 1 with a text's -2.
    for text in [false, true] {
        let mut b = at_naboo();
        let x = b.add(A, ch("X", 5, 1), Zone::At(Planet::Naboo, true));
        let y = b.add(B, ch("Y", 3, 3), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        let rec = Recorder::new(Number::Damage, -2);
        let mut g = b.build();
        if text {
            g = g.with_text(y, rec.clone());
        }
        let ev = battle(&mut g, [&[], &[]], [&[x], &[y]]);
        let cards = if text { 1 } else { 3 };
        assert!(ev.contains(&Event::Damage { player: B, cards }), "{ev:?}");
        if text {
            let q = rec.seen()[0];
            assert_eq!((q.player, q.opponent, q.arena), (B, Some(x), Arena::Battle));
        }
    }
}

/// A duel at Naboo: A's Obi-Wan (power 5, damage 5) with a lightsaber against B's `y`;
/// A's attack cards first in its deck.
fn duel_position(y: crate::catalogue::Card, a_cards: &[u8]) -> (Builder, [CardRef; 3]) {
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::character("Obi-Wan Kenobi", "Jedi Knight", 5, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let y = b.add(B, y, Zone::At(Planet::Naboo, true));
    for &v in a_cards {
        b.add(A, fx::destiny(v), Zone::Deck);
    }
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 2, 10);
    (b, [obi, saber, y])
}

#[test]
fn damage_of_a_defeated_duelist_is_asked() {
    // Y (damage 1) takes one hit and is defeated: its owner takes 1 damage, 3 with a text's
    // +2 ("The loser ... must take damage equal to their printed damage (after modifiers)").
    for text in [false, true] {
        let (b, [obi, saber, y]) = duel_position(ch("Y", 1, 1), &[3]);
        let mut g = b.build();
        if text {
            g = g.with_text(y, own(Number::Damage, 2));
        }
        let attack = g.player(A).deck[g.player(A).deck.len() - 1];
        let ev = start_duel(&mut g, obi, saber, y);
        assert!(dueling_hands(&ev).contains(&(A, 5)));
        let ev = play(&mut g, &[Action::DuelAttack(attack), Action::DuelNoBlock]);
        let cards = if text { 3 } else { 1 };
        assert!(ev.contains(&Event::Damage { player: B, cards }), "{ev:?}");
    }
}

#[test]
fn the_cards_a_duel_hit_adds_to_the_dueling_hand_are_asked() {
    // A hit with a card whose text adds a card: the hitter's dueling hand grows by one.
    for text in [false, true] {
        let (b, [obi, saber, y]) = duel_position(ch("Y", 1, 3), &[3]);
        let mut g = b.build();
        let attack = g.player(A).deck[g.player(A).deck.len() - 1];
        if text {
            g = g.with_text(attack, own(Number::DuelHitCards, 1));
        }
        play(
            &mut g,
            &[
                Action::Duel {
                    duelist: obi,
                    saber,
                    target: y,
                },
                Action::DuelDefender(y),
                Action::DuelWeapon(None),
                Action::DuelAttack(attack),
                Action::DuelNoBlock,
            ],
        );
        let want = if text { 5 } else { 4 };
        assert_eq!(g.player(A).duel_hand.len(), want);
    }
}

#[test]
fn a_fixed_cost_replaces_the_printed_counters() {
    // "costs 3": a 5-counter character costs 3 whatever it printed; additions apply on top.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    let five = b.add(
        A,
        crate::catalogue::Card {
            counters: Some(5),
            ..ch("Five", 5, 2)
        },
        Zone::Hand,
    );
    let g = b.build();
    assert_eq!(g.cost(five), Some(5));
    let fixed = Arc::new(Adds {
        number: Number::DeployCost,
        add: 3,
        whom: Whom::Own,
        set: true,
    });
    let g = g.with_text(five, fixed);
    assert_eq!(g.cost(five), Some(3));
    assert_eq!(g.view(A).cost(five), Some(3));
}

#[test]
fn the_even_up_hand_size_is_asked() {
    // "Even Up to 7": a hand of 3 draws 4, not 3; a hand of 7 keeps its seventh card.
    for text in [false, true] {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::EvenUp, A);
        for _ in 0..3 {
            b.add(A, fx::destiny(1), Zone::Hand);
        }
        let x = b.add(A, ch("X", 1, 1), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 10);
        let mut g = b.build();
        if text {
            g = g.with_text(x, owners(Number::EvenUpHand, 1));
        }
        assert_eq!(g.view(A).even_up_size(), if text { 7 } else { 6 });
        play(&mut g, &[Action::EvenUpDone]);
        assert_eq!(g.player(A).hand.len(), if text { 7 } else { 6 });
    }
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    b.phase(Phase::EvenUp, A);
    let hand: Vec<CardRef> = (0..8)
        .map(|_| b.add(A, fx::destiny(1), Zone::Hand))
        .collect();
    let x = b.add(A, ch("X", 1, 1), Zone::At(Planet::Naboo, true));
    let mut g = b.build().with_text(x, owners(Number::EvenUpHand, 1));
    play(
        &mut g,
        &[Action::EvenUpDone, Action::EvenUpDiscard(hand[0])],
    );
    assert_eq!(g.phase(), Phase::EndOfTurn);
    assert_eq!(g.player(A).hand.len(), 7);
}

#[test]
fn destiny_numbers_are_asked() {
    // The Blaster Rifle's chance cube draws a destiny 3 (5 against 4); a text making that
    // card's destiny 2 less loses the fight.
    for text in [false, true] {
        let mut b = at_naboo();
        let mine = b.add(A, ch("Rebel", 2, 1), Zone::At(Planet::Naboo, true));
        let rifle = b.add(
            A,
            fx::weapon("Blaster Rifle", &[("any character", 0, 1)]),
            Zone::At(Planet::Naboo, true),
        );
        let theirs = b.add(B, ch("Trooper", 4, 2), Zone::At(Planet::Naboo, true));
        let destiny = b.add(A, fx::destiny(3), Zone::Deck);
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        let mut g = b.build();
        if text {
            g = g.with_text(destiny, own(Number::Destiny, -2));
        }
        let ev = battle(&mut g, [&[], &[]], [&[rifle, mine], &[theirs]]);
        let want = if text {
            (3, 4, Some(B))
        } else {
            (5, 4, Some(A))
        };
        assert_eq!(fights(&ev), vec![want]);
    }
}

#[test]
fn fight_together_is_asked_for_a_battle_card() {
    // A battle card for one character, whose text makes two fight together: the two fight as
    // one unit (2 + 2 + 1 against 4), instead of the card being read with the first alone.
    for text in [false, true] {
        let mut b = at_naboo();
        let x1 = b.add(A, ch("X1", 2, 1), Zone::At(Planet::Naboo, true));
        let x2 = b.add(A, ch("X2", 2, 1), Zone::At(Planet::Naboo, true));
        let card = b.add(
            A,
            fx::battle("Together", &[("any character", 1, 0)]),
            Zone::Hand,
        );
        let y = b.add(B, ch("Y", 4, 1), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        let mut g = b.build();
        if text {
            let two = Arc::new(Adds {
                number: Number::FightTogether,
                add: 2,
                whom: Whom::Own,
                set: false,
            });
            g = g.with_text(card, two);
        }
        let ev = battle(&mut g, [&[card], &[]], [&[card, x1, x2], &[y]]);
        let got = fights(&ev);
        if text {
            assert_eq!(got, vec![(5, 4, Some(A))]);
        } else {
            // X1 with the card (3) loses to Y; X2 breaks through.
            assert_eq!(got, vec![(3, 4, Some(B))]);
        }
    }
}

/// A Battle of Naboo interception: A's transport (power 5, damage 5) against B's starfighter
/// (power 2, damage `sf_damage`), which draws a destiny 1.
fn interception() -> (GameState, [CardRef; 2]) {
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
        fx::starship("Cruiser", StarshipClass::Transport, 5, 5),
        Zone::Hand,
    );
    let f = b.add(
        B,
        fx::starship("Droid Starfighter", StarshipClass::Starfighter, 2, 3),
        Zone::Hand,
    );
    b.add(B, fx::destiny(1), Zone::Deck);
    b.deck_filler(A, 1, 8);
    b.deck_filler(B, 1, 8);
    (b.build(), [t, f])
}

#[test]
fn power_and_damage_in_a_battle_of_naboo_interception_are_asked() {
    let intercept = |g: &mut GameState, t, f| {
        play(
            g,
            &[
                Action::EvacuateWith(t, Planet::Tatooine),
                Action::InterceptWith(f),
            ],
        )
    };
    // Without text: 3 against 5, the starfighter is destroyed and deals its 3 damage.
    let (mut g, [t, f]) = interception();
    let ev = intercept(&mut g, t, f);
    assert_eq!(fights(&ev), vec![(3, 5, Some(A))]);
    assert!(ev.contains(&Event::Damage {
        player: B,
        cards: 3
    }));
    // Its damage, asked: 1 less.
    let (g, [t, f]) = interception();
    let mut g = g.with_text(f, own(Number::Damage, -1));
    let ev = intercept(&mut g, t, f);
    assert!(ev.contains(&Event::Damage {
        player: B,
        cards: 2
    }));
    // Its power, asked: +3 beats the transport, which deals its 5.
    let (g, [t, f]) = interception();
    let rec = Recorder::new(Number::Power, 3);
    let mut g = g.with_text(f, rec.clone());
    let ev = intercept(&mut g, t, f);
    assert_eq!(fights(&ev), vec![(6, 5, Some(B))]);
    assert!(ev.contains(&Event::Damage {
        player: A,
        cards: 5
    }));
    let q = rec.seen()[0];
    assert_eq!((q.arena, q.opponent), (Arena::Space, Some(t)));
}

/// A text that counts the triggers it is told of.
#[derive(Debug, Default)]
struct Told(Mutex<Vec<Trigger>>);

impl Text for Told {
    fn listens(&self) -> Listen {
        Listen::DEPLOYED.union(Listen::DEFEATED)
    }
    fn react(&self, _: &mut GameState, _: CardRef, t: Trigger) -> super::super::Flow {
        self.0.lock().unwrap().push(t);
        Ok(())
    }
}

#[test]
fn triggers_reach_face_up_texts_only() {
    // "You can't use the game text of a hidden card until it is turned face up": a card
    // deployed hidden is not told of its own deploy; face up, it is.
    for hidden in [false, true] {
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        if hidden {
            b.hidden_turn();
        }
        let x = b.add(A, ch("X", 1, 1), Zone::Hand);
        let told = Arc::new(Told::default());
        let mut g = b.build().with_text(x, told.clone());
        play(&mut g, &[Action::Deploy(x)]);
        let seen = told.0.lock().unwrap().clone();
        let want = if hidden {
            vec![]
        } else {
            vec![Trigger::Deployed(x)]
        };
        assert_eq!(seen, want);
    }
}

#[test]
fn a_defeated_card_is_told_what_defeated_it() {
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 5, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 3, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let told = Arc::new(Told::default());
    let mut g = b.build().with_text(y, told.clone());
    battle(&mut g, [&[], &[]], [&[x], &[y]]);
    assert_eq!(
        told.0.lock().unwrap().clone(),
        vec![Trigger::Defeated {
            card: y,
            by: [Some(x), None, None]
        }]
    );
}

#[test]
fn the_heuristic_agent_asks_the_power_query() {
    // A power 1 character against a power 5 one: the agent skips the battle; with a text
    // giving it +10 (which only the query knows of), it declares it.
    use crate::bots::{Agent, HeuristicAgent};
    for text in [false, true] {
        let mut b = at_naboo();
        let x = b.add(A, ch("X", 1, 1), Zone::At(Planet::Naboo, true));
        b.add(B, ch("Y", 5, 1), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 10);
        b.deck_filler(B, 1, 10);
        let mut g = b.build();
        if text {
            g = g.with_text(x, own(Number::Power, 10));
        }
        let l = legal(&g);
        let chosen = HeuristicAgent::default().choose(&g.view(A), &l);
        let want = if text {
            Action::DeclareBattle
        } else {
            Action::SkipBattle
        };
        assert_eq!(chosen, want);
    }
}
