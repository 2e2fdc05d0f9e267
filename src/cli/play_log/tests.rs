//! The JSON schema in README "yj play" against what the play-by-play emits: every kind
//! emitted is in the table with exactly its fields, and every kind in the table is emitted.

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::catalogue::Catalogue;
use crate::engine::sample_decks::sample_decks;
use crate::engine::{CardPool, GameOptions};

/// Which variant an event is. Exhaustive on purpose: a new variant does not compile until
/// it is numbered here, and `one_of_each` must then hold one.
fn variant(e: &Event) -> usize {
    match e {
        Event::ObjectivePlaced { .. } => 0,
        Event::FirstPlayerDestiny { .. } => 1,
        Event::FirstPlayer(_) => 2,
        Event::LocationPlaced { .. } => 3,
        Event::SiteChanged { .. } => 4,
        Event::Shuffled(_) => 5,
        Event::Drew { .. } => 6,
        Event::EffectFetched { .. } => 7,
        Event::TurnStarted { .. } => 8,
        Event::Revealed { .. } => 9,
        Event::Deployed { .. } => 10,
        Event::Stacked { .. } => 11,
        Event::Thrust { .. } => 12,
        Event::LapCard { .. } => 13,
        Event::LapCompleted { .. } => 14,
        Event::LapCardTaken { .. } => 15,
        Event::Refueled { .. } => 16,
        Event::DeckSearched { .. } => 17,
        Event::TookIntoHand { .. } => 18,
        Event::EvacuationStarted { .. } => 19,
        Event::StarshipAdded { .. } => 20,
        Event::Intercepted { .. } => 21,
        Event::NotIntercepted { .. } => 22,
        Event::Evacuated { .. } => 23,
        Event::EvacueesLost { .. } => 24,
        Event::FlewAway { .. } => 25,
        Event::DuelStarted { .. } => 26,
        Event::DuelHand { .. } => 27,
        Event::DuelZeroDamage { .. } => 28,
        Event::DuelAttack { .. } => 29,
        Event::DuelBlock { .. } => 30,
        Event::DuelHit { .. } => 31,
        Event::DuelPass { .. } => 32,
        Event::DuelHitsRemoved { .. } => 33,
        Event::DuelDrew { .. } => 34,
        Event::DuelEnded { .. } => 35,
        Event::BattleDeclared { .. } => 36,
        Event::BattleCardsDeclared { .. } => 37,
        Event::DestinyDrawn { .. } => 38,
        Event::Fight { .. } => 39,
        Event::MisplacedBattleCard { .. } => 40,
        Event::IgnoredWeapon { .. } => 41,
        Event::Defeated { .. } => 42,
        Event::Damage { .. } => 43,
        Event::Breakthrough { .. } => 44,
        Event::BattleEnded => 45,
        Event::DiscardedFromHand { .. } => 46,
        Event::HandRecycled { .. } => 47,
        Event::HandRevealed { .. } => 48,
        Event::PlanetControlled { .. } => 49,
        Event::EvenUp { .. } => 50,
        Event::Discarded { .. } => 51,
        Event::TextUsed { .. } => 52,
        Event::GameOver(_) => 53,
        Event::NumbersNamed { .. } => 54,
        Event::TopCardLooked { .. } => 55,
        Event::TextDeclined { .. } => 56,
        Event::NoEffectFetched { .. } => 57,
        Event::DestinyHalf { .. } => 58,
    }
}

/// Every variant at least once (both forms where a line differs: a search that took
/// nothing, an Even Up with no draw), and every discard reason.
fn one_of_each(c: CardRef) -> Vec<Event> {
    use crate::engine::{DeployedTo, DiscardReason, FightSide, GameResult, Number};
    let (p, planet) = (Player::A, Planet::Naboo);
    let side = FightSide {
        player: p,
        cards: [Some(c), None, None],
        weapon: Some(c),
        battle_card: None,
        battle_half: None,
        power: 3,
        parts: PowerParts::default(),
    };
    let mut all = vec![
        Event::ObjectivePlaced { player: p, card: c },
        Event::FirstPlayerDestiny {
            player: p,
            card: c,
            value: 3,
        },
        Event::FirstPlayer(p),
        Event::LocationPlaced {
            player: p,
            card: c,
            planet,
        },
        Event::SiteChanged {
            player: p,
            card: c,
            planet,
        },
        Event::Shuffled(p),
        Event::Drew {
            player: p,
            count: 6,
        },
        Event::EffectFetched { player: p, card: c },
        Event::NoEffectFetched { player: p },
        Event::TurnStarted { player: p, turn: 1 },
        Event::Revealed { player: p, card: c },
        Event::Deployed {
            player: p,
            card: c,
            hidden: false,
            to: DeployedTo::Planet(planet),
        },
        Event::Stacked {
            player: p,
            card: c,
            cards: 2,
        },
        Event::Thrust {
            player: p,
            thrust: 1,
        },
        Event::LapCard {
            player: p,
            card: c,
            value: 1,
            handling: false,
        },
        Event::LapCompleted { player: p, laps: 1 },
        Event::LapCardTaken { player: p, card: c },
        Event::Refueled {
            player: p,
            count: 1,
        },
        Event::DeckSearched {
            player: p,
            took: Some(c),
            hidden: false,
        },
        Event::DeckSearched {
            player: p,
            took: Some(c),
            hidden: true,
        },
        Event::DeckSearched {
            player: p,
            took: None,
            hidden: false,
        },
        Event::TookIntoHand {
            player: p,
            card: Some(c),
        },
        Event::EvacuationStarted {
            player: p,
            planet,
            cards: 2,
            transport: Some(c),
        },
        Event::StarshipAdded { player: p, card: c },
        Event::Intercepted {
            player: p,
            starfighter: Some(c),
        },
        Event::NotIntercepted { player: p },
        Event::Evacuated {
            player: p,
            planet,
            cards: 2,
            transport: Some(c),
        },
        Event::EvacueesLost {
            player: p,
            cards: 2,
        },
        Event::FlewAway { player: p, card: c },
        Event::DuelStarted {
            attacker: c,
            defender: c,
            attacker_weapon: Some(c),
            defender_weapon: None,
        },
        Event::DuelHand {
            player: p,
            cards: 5,
            wanted: 5,
            parts: PowerParts::default(),
        },
        Event::DuelZeroDamage { card: c },
        Event::DuelAttack {
            player: p,
            card: c,
            value: 2,
        },
        Event::DuelBlock {
            player: p,
            card: c,
            value: 2,
        },
        Event::DuelHit { player: p, hits: 1 },
        Event::DuelPass { player: p },
        Event::DuelHitsRemoved {
            player: p,
            removed: 1,
            left: 0,
        },
        Event::DuelDrew {
            player: p,
            cards: 1,
            wanted: 1,
        },
        Event::NumbersNamed {
            player: p,
            card: c,
            numbers: [2, 5],
        },
        Event::DuelEnded {
            defeated: Some(c),
            hits: [1, 0],
            due: 2,
            damage: 1,
        },
        Event::BattleDeclared {
            attacker: p,
            space: false,
        },
        Event::BattleCardsDeclared {
            player: p,
            count: 1,
        },
        Event::DestinyDrawn {
            player: p,
            card: c,
            value: 4,
        },
        Event::DestinyHalf {
            player: p,
            card: c,
            right: true,
            value: 5,
        },
        Event::Fight {
            attacker: side,
            defender: side,
            winner: None,
        },
        Event::MisplacedBattleCard { player: p, card: c },
        Event::IgnoredWeapon {
            player: p,
            card: c,
            armed: false,
        },
        Event::Defeated {
            player: p,
            card: c,
            damage: 2,
        },
        Event::TopCardLooked {
            player: p,
            card: c,
            bottom: true,
        },
        Event::TextDeclined {
            player: p,
            card: c,
            ability: 0,
        },
        Event::Damage {
            player: p,
            cards: 2,
        },
        Event::Breakthrough {
            player: p,
            cards: 2,
        },
        Event::BattleEnded,
        Event::DiscardedFromHand { player: p, card: c },
        Event::HandRecycled {
            player: p,
            cards: 3,
        },
        Event::HandRevealed {
            player: p,
            cards: 3,
        },
        Event::PlanetControlled {
            planet,
            by: p,
            surrendered: false,
        },
        Event::EvenUp {
            player: p,
            drew: 2,
            hand: 6,
        },
        Event::EvenUp {
            player: p,
            drew: 0,
            hand: 6,
        },
        Event::TextUsed {
            player: p,
            card: c,
            ability: 0,
            on: Some(c),
            number: Some(Number::Power),
            by: 1,
        },
        Event::GameOver(GameResult {
            winner: Some(p),
            victory: Victory::Deck,
            turn: 9,
        }),
    ];
    for reason in [
        DiscardReason::WithDefeated,
        DiscardReason::PlanetWon,
        DiscardReason::BattleCard,
        DiscardReason::TextCost,
        DiscardReason::ByText,
        DiscardReason::Text,
    ] {
        all.push(Event::Discarded {
            player: p,
            card: c,
            reason,
        });
    }
    all
}

/// `s` without its parenthesised asides.
fn outside_parens(s: &str) -> String {
    let mut depth = 0;
    s.chars()
        .filter(|&ch| {
            match ch {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => return depth == 0,
            }
            false
        })
        .collect()
}

/// The `backticked` words of `s`.
fn ticked(s: &str) -> Vec<String> {
    s.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// README's table: each kind with its fields, and the discard reasons it lists.
fn documented() -> (BTreeMap<String, BTreeSet<String>>, BTreeSet<String>) {
    let readme = include_str!("../../../README.md");
    let start = readme
        .find("| kind | fields |")
        .expect("README's JSON table");
    let mut kinds = BTreeMap::new();
    let mut reasons = BTreeSet::new();
    for row in readme[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
    {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").collect();
        assert_eq!(cells.len(), 2, "{row}");
        let names = ticked(&outside_parens(cells[0]));
        // `a`; `b`: one group of fields per kind, in order; `field`: values...
        let fields = outside_parens(cells[1]);
        let groups: Vec<Vec<String>> = fields
            .split(';')
            .map(|g| ticked(g.split(':').next().unwrap_or("")))
            .collect();
        if let Some((_, values)) = fields.split_once("`reason`:") {
            reasons.extend(ticked(values));
        }
        for (i, k) in names.iter().enumerate() {
            let mine = if groups.len() == names.len() {
                groups[i].clone()
            } else {
                groups.concat()
            };
            assert!(
                kinds
                    .insert(k.clone(), mine.into_iter().collect())
                    .is_none(),
                "{k} twice"
            );
        }
    }
    (kinds, reasons)
}

#[test]
fn the_readme_json_table_lists_every_kind_emitted_with_its_fields() {
    let cat = Catalogue::embedded_for_tests();
    let pool = CardPool::from_catalogue(cat);
    let decks = sample_decks(&pool).unwrap();
    let game = GameState::new(pool, [&decks[0], &decks[1]], GameOptions::default(), 1).unwrap();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let events = one_of_each(CardRef::new(0));
    let variants: BTreeSet<usize> = events.iter().map(variant).collect();
    assert_eq!(variants.len(), 59, "one_of_each lacks a variant");
    let (table, reasons) = documented();
    let common = ["turn", "text", "kind", "player", "cards", "draw_decks"];
    let mut emitted = BTreeSet::new();
    for e in &events {
        let Some(line) = log.line(e, [10, 10]) else {
            continue;
        };
        let Value::Object(map) = line.json else {
            panic!("{e:?}: not an object");
        };
        for k in common {
            assert!(map.contains_key(k), "{e:?} lacks {k}");
        }
        let kind = map["kind"].as_str().unwrap().to_string();
        let fields: BTreeSet<String> = map
            .keys()
            .filter(|k| !common.contains(&k.as_str()))
            .cloned()
            .collect();
        let Some(want) = table.get(&kind) else {
            panic!("README's table lacks the kind {kind}");
        };
        assert_eq!(&fields, want, "the fields of {kind}");
        if let Some(r) = map.get("reason") {
            assert!(
                reasons.contains(r.as_str().unwrap()),
                "README lacks the reason {r}"
            );
        }
        emitted.insert(kind);
    }
    let listed: BTreeSet<String> = table.keys().cloned().collect();
    assert_eq!(listed, emitted, "kinds in README's table and kinds emitted");
}

#[test]
fn a_text_line_says_what_the_text_changed_here() {
    // Issue 12: a text that takes effect is said with its card and what it did. A number of
    // the owner's (BN-133 This Is Too Close!: 8 counters this step) is stated, as no other
    // line states it.
    use crate::engine::builder::{Builder, Zone};
    use crate::engine::text::Number;
    let cat = Catalogue::embedded_for_tests();
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    let effect = b.add(Player::B, cat.get("BN-133").unwrap().clone(), Zone::Hand);
    let game = b.build();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let line = |log: &mut Log, on, number| {
        let e = Event::TextUsed {
            player: Player::B,
            card: effect,
            ability: 0,
            on,
            number,
            by: 2,
        };
        log.line(&e, [10, 10]).unwrap().text
    };
    let counters = line(&mut log, None, Some(Number::CountersPerTurn));
    assert!(counters.starts_with("This Is Too Close!: "), "{counters}");
    assert!(counters.ends_with(" (counters this turn +2)"), "{counters}");
    let used = line(&mut log, None, None);
    assert!(!used.contains('('), "{used}");
}

#[test]
fn a_podrace_victory_says_how_many_cards_the_loser_discards() {
    // Rulebook "Lap Cards": on the third lap "your opponent must immediately place the
    // remaining cards in his draw deck into his discard pile". The draw-deck count then falls
    // to 0 at the last event: the line (and the result line printed after it) says why.
    use crate::engine::builder::Builder;
    let mut b = Builder::new();
    b.current(Planet::Tatooine, 0);
    let game = b.build();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let lap = Event::LapCompleted {
        player: Player::A,
        laps: 3,
    };
    log.line(&lap, [15, 19]);
    let over = GameResult {
        winner: Some(Player::A),
        victory: Victory::Podrace,
        turn: 17,
    };
    let line = log.line(&Event::GameOver(over), [15, 0]).unwrap();
    let said = "Light Side wins by podrace victory (Dark Side puts the 19 cards left in its draw \
                deck into its discard pile) on turn 17";
    assert_eq!(line.text, said);
    assert_eq!(log.result(over), said);
    assert_eq!(line.json["draw_decks"]["B"], 0);
    // With nothing left to discard, nothing is said.
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    log.line(&lap, [15, 0]);
    assert_eq!(
        log.line(&Event::GameOver(over), [15, 0]).unwrap().text,
        "Light Side wins by podrace victory on turn 17"
    );
}

/// A game whose one card is Light Side's location at the current planet (Tatooine): enough
/// for a line that names a card.
fn one_location_game() -> (crate::engine::GameState, CardRef) {
    let mut b = crate::engine::builder::Builder::new();
    let loc = b.current(Planet::Tatooine, 0);
    (b.build(), loc)
}

#[test]
fn a_next_location_taken_from_the_draw_deck_says_so() {
    // Rulebook "On to the Second Planet!": the loser of a planet "can look for the Location
    // card in your discard pile, your draw deck and/or your hand". Taken from the draw deck,
    // the count falls by one at this line (duel-light vs duel-dark, seed 31, turn 6: 36 to
    // 35 with nothing saying why): the line says where it came from and what is left.
    let (game, loc) = one_location_game();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let placed = Event::LocationPlaced {
        player: Player::A,
        card: loc,
        planet: Planet::Tatooine,
    };
    // The first planet: its location is chosen before the hands are drawn.
    log.line(&placed, [59, 60]);
    let damage = Event::Damage {
        player: Player::A,
        cards: 3,
    };
    log.line(&damage, [36, 40]);
    let name = game.def(loc).name.clone();
    assert_eq!(
        log.line(&placed, [35, 40]).unwrap().text,
        format!(
            "Light Side puts {name} into play from the draw deck (35 cards left in the draw \
             deck): the next planet is Tatooine"
        )
    );
    // From the hand or the discard pile, the draw deck is as it was: nothing more to say.
    assert_eq!(
        log.line(&placed, [35, 40]).unwrap().text,
        format!("Light Side puts {name} into play: the next planet is Tatooine")
    );
}

#[test]
fn a_battle_card_whose_bonus_condition_fails_is_said_to_add_nothing() {
    // BP-24 No Giben Up, General Jar Jar: ●● "only if your opponent controls a planet you did
    // not surrender". Used while the opponent controls only a planet its user surrendered,
    // the fight line showed the card and no battle-card part, with nothing saying why
    // (podrace-light vs podrace-dark, seed 21, mcts:60,heuristic, turns 11 and 17: "Yoda,
    // Jedi Instructor with Hold-Out Blaster and No Giben Up, General Jar Jar (7: power 4,
    // weapon +3)"). A card that adds dots whenever it counts says when it adds none; one that
    // never adds dots (a fight-together card) says nothing more.
    use crate::engine::builder::{Builder, Zone};
    let cat = Catalogue::embedded_for_tests();
    let mut b = Builder::new();
    b.current(Planet::Coruscant, 0);
    let kitster = b.add(Player::A, cat.get("BP-5").unwrap().clone(), Zone::Hand);
    let giben = b.add(Player::A, cat.get("BP-24").unwrap().clone(), Zone::Hand);
    let together = b.add(Player::A, cat.get("BN-48").unwrap().clone(), Zone::Hand);
    let foe = b.add(Player::B, cat.get("DM-85").unwrap().clone(), Zone::Hand);
    let game = b.build();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let side = |player, card, battle_card, parts: PowerParts| FightSide {
        player,
        cards: [Some(card), None, None],
        weapon: None,
        battle_card,
        battle_half: None,
        power: parts.total(),
        parts,
    };
    let plain = |power| PowerParts {
        printed: power,
        ..PowerParts::default()
    };
    let mut fight = |battle_card, parts| {
        let e = Event::Fight {
            attacker: side(Player::A, kitster, Some(battle_card), parts),
            defender: side(Player::B, foe, None, plain(1)),
            winner: None,
        };
        log.line(&e, [10, 10]).unwrap().text
    };
    let (k, g) = (game.def(kitster).name.clone(), game.def(giben).name.clone());
    let f = game.def(foe).name.clone();
    assert_eq!(
        fight(giben, plain(1)),
        format!(
            "fight: {k} with {g} (1: power 1, battle card +0: its bonus condition is not met) \
             vs {f} (1): tie, both stay"
        )
    );
    let counted = PowerParts {
        battle_card: 2,
        ..plain(1)
    };
    assert_eq!(
        fight(giben, counted),
        format!("fight: {k} with {g} (3: power 1, battle card +2) vs {f} (1): tie, both stay")
    );
    let t = game.def(together).name.clone();
    assert_eq!(
        fight(together, plain(1)),
        format!("fight: {k} with {t} (1) vs {f} (1): tie, both stay")
    );
}

#[test]
fn a_double_impact_battle_card_in_a_fight_is_named_with_the_half_played() {
    // Rulebook "Double Impact Cards": "choose which of the two depicted cards you wish to
    // use". The fight line named only the card: RF-DI9 played as its right half (no dots)
    // read like its left half's +3 lost (judge8: combo-light vs combo-dark, seed 2,
    // patient-random,heuristic, turn 8: "Queen Amidala, Keeper of the Peace with The
    // Negotiations Were Short & Qui-Gon's Final Stand (2)").
    use crate::engine::builder::{Builder, Zone};
    use crate::engine::use_lines::Half;
    let cat = Catalogue::embedded_for_tests();
    let mut b = Builder::new();
    b.current(Planet::Coruscant, 0);
    let queen = b.add(Player::A, cat.get("BN-9").unwrap().clone(), Zone::Hand);
    let di = b.add(Player::A, cat.get("RF-DI9").unwrap().clone(), Zone::Hand);
    let foe = b.add(Player::B, cat.get("BP-34").unwrap().clone(), Zone::Hand);
    let game = b.build();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let side = |player, card, battle_card, battle_half, printed| FightSide {
        player,
        cards: [Some(card), None, None],
        weapon: None,
        battle_card,
        battle_half,
        power: printed,
        parts: PowerParts {
            printed,
            ..PowerParts::default()
        },
    };
    let mut fight = |half| {
        let e = Event::Fight {
            attacker: side(Player::B, foe, None, None, 4),
            defender: side(Player::A, queen, Some(di), half, 2),
            winner: Some(Player::B),
        };
        log.line(&e, [10, 10]).unwrap()
    };
    let line = fight(Some(Half::Right));
    assert_eq!(
        line.text,
        "fight: Jabba The Hutt, O Grandio Lust (4) vs Queen Amidala, Keeper of the Peace with \
         The Negotiations Were Short & Qui-Gon's Final Stand as Qui-Gon's Final Stand (2): \
         Dark Side wins"
    );
    assert_eq!(line.json["defender"]["battle_card_half"], "right");
    assert_eq!(line.json["attacker"]["battle_card_half"], Value::Null);
    let line = fight(Some(Half::Left));
    assert!(
        line.text
            .contains("& Qui-Gon's Final Stand as The Negotiations Were Short (2)"),
        "{}",
        line.text
    );
}

#[test]
fn a_card_a_search_deploys_hidden_is_not_named() {
    // Card-text 14-A.3: on a first turn at a planet, a card deployed from the draw deck "goes
    // face down and is not shown". Random light vs dark decks, seed 12, heuristic,mcts:40,
    // BoN rules, turn 17: "Light Side searches the draw deck and takes Electropole", then
    // "Light Side deploys a hidden card to Coruscant", and two turns later the Electropole
    // turned up: the search had told the table what the hidden card was.
    let (game, loc) = one_location_game();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let searched = |hidden| Event::DeckSearched {
        player: Player::A,
        took: Some(loc),
        hidden,
    };
    let line = log.line(&searched(true), [10, 10]).unwrap();
    assert_eq!(
        line.text,
        "Light Side searches the draw deck and takes a card"
    );
    assert_eq!(line.json["cards"], json!([]));
    assert_eq!(line.json["damage"], 0);
    let line = log.line(&searched(false), [10, 10]).unwrap();
    let name = game.def(loc).name.clone();
    assert_eq!(
        line.text,
        format!("Light Side searches the draw deck and takes {name}")
    );
}

#[test]
fn a_weapon_ignored_before_an_armed_and_dangerous_card_says_why() {
    // Rulebook "Armed & Dangerous Cards": such a character fights with its own weapon half
    // and ignores weapon cards. "No character just after it can use it" read as if the
    // weapon simply fitted nobody (judge4: Comlink before an A&D character, game 12 turn 9).
    let (game, loc) = one_location_game();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let name = game.def(loc).name.clone();
    let said = |log: &mut Log, armed| {
        let e = Event::IgnoredWeapon {
            player: Player::A,
            card: loc,
            armed,
        };
        log.line(&e, [30, 30]).unwrap().text
    };
    assert_eq!(
        said(&mut log, true),
        format!(
            "Light Side's {name} is not used: the Armed & Dangerous character just after it \
             in the plan fights with its own weapon"
        )
    );
    assert_eq!(
        said(&mut log, false),
        format!(
            "Light Side's {name} is not used: no character just after it in the plan can use it"
        )
    );
}

#[test]
fn a_double_impact_card_deployed_is_named_with_its_effect_half() {
    // Card-text 16.1: a Double Impact card with an Effect half deploys as that Effect (its
    // right half). "Light Side deploys Wisdom Of The Council & Jedi Training to Coruscant"
    // did not say which of the two depicted cards was in play (judge8: di-light2 vs
    // di-dark2, seed 5, patient-random both sides, Battle of Naboo starships, turn 8).
    use crate::engine::builder::{Builder, Zone};
    let cat = Catalogue::embedded_for_tests();
    let mut b = Builder::new();
    b.current(Planet::Coruscant, 0);
    let di = b.add(Player::A, cat.get("RF-DI12").unwrap().clone(), Zone::Hand);
    let game = b.build();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let mut said = |e: Event| log.line(&e, [30, 30]).unwrap().text;
    let deployed = |hidden| Event::Deployed {
        player: Player::A,
        card: di,
        hidden,
        to: crate::engine::DeployedTo::Planet(Planet::Coruscant),
    };
    assert_eq!(
        said(deployed(false)),
        "Light Side deploys Wisdom Of The Council & Jedi Training as Jedi Training to Coruscant"
    );
    assert_eq!(
        said(deployed(true)),
        "Light Side deploys a hidden card to Coruscant"
    );
    assert_eq!(
        said(Event::Revealed {
            player: Player::A,
            card: di
        }),
        "Light Side turns up Wisdom Of The Council & Jedi Training as Jedi Training"
    );
}

#[test]
fn a_double_impact_block_says_the_number_of_the_half_it_blocks_with() {
    // RULINGS.md T6, card-text 16.2: a Double Impact card blocks in a duel as either half.
    // The block line (and its JSON `destiny`) said the left half's number even when the
    // right half blocked (judge8: "Light Side blocks with Yousa Guys Bombad! & Uh-Oh!
    // (destiny 1)" against an attack of 5, then "uses the right half's destiny 5").
    use crate::engine::builder::{Builder, Zone};
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    let di = b.add(
        Player::A,
        crate::catalogue::Catalogue::embedded_for_tests()
            .get("RF-DI14")
            .expect("RF-DI14")
            .clone(),
        Zone::Hand,
    );
    let game = b.build();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let e = Event::DuelBlock {
        player: Player::A,
        card: di,
        value: 5,
    };
    let line = log.line(&e, [30, 30]).unwrap();
    assert_eq!(
        line.text,
        "Light Side blocks with Yousa Guys Bombad! & Uh-Oh! (destiny 5)"
    );
    assert_eq!(line.json["destiny"], 5);
}

#[test]
fn a_defeat_that_deals_no_damage_says_why() {
    // Rulebook "Battles": the loser "must take damage equal to the damage number of the
    // defeated character". A defeat dealing 0 (a printed 0, or a text that took it all
    // away: BN-57 Young Skywalker's "you don't lose any cards for this damage") was said
    // "... is defeated" and then nothing: the reader wondered where the damage went.
    use crate::engine::builder::{Builder, Zone, fx};
    let mut b = Builder::new();
    b.current(Planet::Naboo, 0);
    let none = b.add(Player::A, fx::character("Zero", "", 3, 0, 1), Zone::Hand);
    let two = b.add(Player::A, fx::character("Two", "", 3, 2, 1), Zone::Hand);
    let game = b.build();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let mut said = |card, damage| {
        let e = Event::Defeated {
            player: Player::A,
            card,
            damage,
        };
        let line = log.line(&e, [30, 30]).unwrap();
        assert_eq!(line.json["damage"], damage);
        line.text
    };
    assert_eq!(
        said(none, 0),
        "Zero is defeated: its damage is 0, no damage"
    );
    assert_eq!(
        said(two, 0),
        "Two is defeated: its damage 2 is cancelled by game text, no damage"
    );
    // Damage dealt: the damage line (or the duel's end) says it next.
    assert_eq!(said(two, 2), "Two is defeated");
}

#[test]
fn a_look_at_the_opponents_top_card_says_where_it_went_and_not_what_it_was() {
    // DF-24 Sebulba's Podracer: "look at the top card of opponent's draw deck; you may put it
    // beneath that deck". The play-by-play said nothing when it stayed on top and repeated
    // "may put it" when it moved: it says which, naming only the card whose text it is (the
    // card looked at was seen by its player alone: rulings R2).
    let (game, loc) = one_location_game();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let mut said = |bottom| {
        let e = Event::TopCardLooked {
            player: Player::B,
            card: loc,
            bottom,
        };
        let line = log.line(&e, [30, 30]).unwrap();
        assert_eq!(line.json["cards"], json!([game.def(loc).catalogue_id]));
        assert_eq!(line.json["bottom"], bottom);
        line.text
    };
    assert_eq!(
        said(false),
        "Dark Side looks at the top card of Light Side's draw deck and leaves it on top"
    );
    assert_eq!(
        said(true),
        "Dark Side looks at the top card of Light Side's draw deck and puts it at the bottom"
    );
}

#[test]
fn a_declined_you_may_says_which_text_and_which_ability_when_several() {
    // A "you may" declined was not said: a judge could not tell the text had been offered.
    // One line naming the card; a card of several abilities says which one: DF-7 Yoda, Jedi
    // Philosopher has one ("may discard him + 3 cards"); BP-33 Aurra Sing, Formidable
    // Adversary two (+2 power vs a Jedi; when she defeats a character, may draw a card).
    let cat = Catalogue::embedded_for_tests();
    let mut b = crate::engine::builder::Builder::new();
    b.current(Planet::Naboo, 0);
    let mut add = |p, id: &str| {
        let card = cat.get(id).unwrap().clone();
        b.add(p, card, crate::engine::builder::Zone::Hand)
    };
    let yoda = add(Player::A, "DF-7");
    let aurra = add(Player::B, "BP-33");
    let game = b.build();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let mut said = |player, card, ability| {
        let e = Event::TextDeclined {
            player,
            card,
            ability,
        };
        let line = log.line(&e, [30, 30]).unwrap();
        assert_eq!(line.json["ability"], ability);
        assert_eq!(line.json["cards"], json!([game.def(card).catalogue_id]));
        line.text
    };
    let name = |c| game.def(c).name.clone();
    assert_eq!(
        said(Player::A, yoda, 0),
        format!("Light Side does not use {}'s text", name(yoda))
    );
    let both = said(Player::B, aurra, 1);
    let head = format!("Dark Side does not use {}'s text (", name(aurra));
    assert!(both.starts_with(&head), "{both}");
    assert!(both.to_lowercase().contains("draw"), "{both}");
    assert!(!both.contains("+2 power"), "{both}");
}

#[test]
fn a_declined_effect_fetch_is_said() {
    // RULINGS.md R3: at a planet's first location each player "may" take one Effect from the
    // draw deck. Taking none was not said: after "Dark Side puts Naboo ... into play" a reader
    // could not tell whether the fetch had been offered (duel-light vs duel-dark, seed 3,
    // turn 5).
    let (game, _) = one_location_game();
    let mut log = Log::new(&game, [Some(Side::Light), Some(Side::Dark)], false);
    let line = log
        .line(&Event::NoEffectFetched { player: Player::B }, [30, 30])
        .unwrap();
    assert_eq!(line.text, "Dark Side takes no Effect from the draw deck");
    assert_eq!(line.json["kind"], "no-effect-fetch");
    assert_eq!(line.json["player"], "B");
}
