//! Battles: rulebook "2. Battle" and what follows it.

use super::*;
use crate::catalogue::Planet;

#[test]
fn blaster_rifle_worked_example() {
    // "Using Weapon Cards in Your Battle Plan": a Power 2 character with a Blaster Rifle (a
    // chance cube) draws a destiny 3 and beats the opponent's Power 4 character, 5 to 4.
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
    let ev = battle(&mut g, [&[], &[]], [&[rifle, mine], &[theirs]]);
    assert_eq!(fights(&ev), vec![(5, 4, Some(A))]);
    // "He must place that character face up in a discard pile ... discard from the top of his
    // draw deck" its Damage; "Put your destiny card in your hand."
    assert!(g.player(B).discard.contains(&theirs));
    assert_eq!(g.player(B).discard.len(), 1 + 2);
    assert_eq!(g.player(B).deck.len(), 3);
    assert!(g.player(A).hand.contains(&destiny));
    // The winner and its weapon stay at the location.
    assert!(g.at(Planet::Naboo, A).iter().any(|c| c.card == rifle));
    assert_eq!(g.phase(), Phase::EvenUp);
}

#[test]
fn location_bonus_adds_to_power() {
    // "Location Bonuses": a battle droid with 2 red dots for the Battle Plains fights at 4.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 1);
    b.phase(Phase::BattleStep, A);
    let droid = b.add(
        A,
        fx::bonus(ch("Battle Droid", 2, 1), Planet::Naboo, [0, 2, 0]),
        Zone::At(Planet::Naboo, true),
    );
    let other = b.add(B, ch("Guard", 3, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 3);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[droid], &[other]]);
    assert_eq!(fights(&ev), vec![(4, 3, Some(A))]);
}

#[test]
fn a_tie_leaves_both_and_costs_nothing() {
    // "If both characters have the same total Power, they both stay ... nobody has to discard."
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 3, 2), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 3, 2), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 3);
    b.deck_filler(B, 1, 3);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[x], &[y]]);
    assert_eq!(fights(&ev), vec![(3, 3, None)]);
    assert_eq!(
        g.at(Planet::Naboo, A).len() + g.at(Planet::Naboo, B).len(),
        2
    );
    assert_eq!(g.player(A).deck.len() + g.player(B).deck.len(), 6);
}

#[test]
fn breakthrough_only_for_the_attacker() {
    // "If you (the attacker) have any leftover characters ... your opponent must discard one
    // card from the top of his draw deck for each." "You can't hit your opponent with
    // breakthrough unless you are the attacker!"
    let mut b = at_naboo();
    let a1 = b.add(A, ch("A1", 5, 1), Zone::At(Planet::Naboo, true));
    let a2 = b.add(A, ch("A2", 1, 1), Zone::At(Planet::Naboo, true));
    let a3 = b.add(A, ch("A3", 1, 1), Zone::At(Planet::Naboo, true));
    let d1 = b.add(B, ch("D1", 2, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[a1, a2, a3], &[d1]]);
    assert!(ev.contains(&Event::Breakthrough {
        player: A,
        cards: 2
    }));
    // 1 damage for D1, 2 for the breakthrough.
    assert_eq!(g.player(B).deck.len(), 7);

    // The defender's leftovers do nothing.
    let mut b = at_naboo();
    let a1 = b.add(A, ch("A1", 5, 1), Zone::At(Planet::Naboo, true));
    let d1 = b.add(B, ch("D1", 1, 1), Zone::At(Planet::Naboo, true));
    let d2 = b.add(B, ch("D2", 1, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[a1], &[d1, d2]]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Breakthrough { .. })));
    assert_eq!(g.player(A).deck.len(), 10);
    assert_eq!(g.player(B).deck.len(), 9);
}

#[test]
fn weapons_are_ignored_unless_just_before_a_character_who_can_use_them() {
    // "A Weapon card must be ignored (but not discarded) if it doesn't come just before a
    // character or doesn't work with that character." A defeated character's weapon is
    // discarded with it.
    let mut b = at_naboo();
    let x = b.add(A, ch("Obi-Wan Kenobi", 2, 1), Zone::At(Planet::Naboo, true));
    let saber = b.add(
        A,
        fx::weapon("Sith Lightsaber", &[("Darth Maul", 5, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    let spare = b.add(
        A,
        fx::weapon("Blaster", &[("any character", 1, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 4, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[saber, x, spare], &[y]]);
    assert!(ev.contains(&Event::IgnoredWeapon {
        player: A,
        card: saber,
        armed: false
    }));
    assert_eq!(fights(&ev), vec![(2, 4, Some(B))]);
    // The ignored saber and the unused blaster stay; the character is discarded.
    let left: Vec<CardRef> = g.at(Planet::Naboo, A).iter().map(|c| c.card).collect();
    assert_eq!(left, vec![saber, spare]);

    let mut b = at_naboo();
    let x = b.add(A, ch("X", 1, 1), Zone::At(Planet::Naboo, true));
    let blaster = b.add(
        A,
        fx::weapon("Blaster", &[("any character", 1, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 4, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    let mut g = b.build();
    battle(&mut g, [&[], &[]], [&[blaster, x], &[y]]);
    assert!(g.player(A).discard.contains(&blaster) && g.player(A).discard.contains(&x));
}

#[test]
fn battle_cards_add_their_bonus_and_are_discarded() {
    // "Adding Battle Cards to Your Battle Plan": from hand, before the character (and before
    // its weapon); "Each Battle card is discarded after you use it."
    let mut b = at_naboo();
    let x = b.add(A, ch("Darth Maul", 3, 1), Zone::At(Planet::Naboo, true));
    let blaster = b.add(
        A,
        fx::weapon("Blaster", &[("any character", 1, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    let card = b.add(
        A,
        fx::battle("At Last", &[("Darth Maul", 3, 0)]),
        Zone::Hand,
    );
    let y = b.add(B, ch("Y", 6, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[card], &[]], [&[card, blaster, x], &[y]]);
    assert_eq!(fights(&ev), vec![(7, 6, Some(A))]);
    assert!(g.player(A).discard.contains(&card));
    // The count is declared, attacker first.
    let declared: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::BattleCardsDeclared { .. }))
        .collect();
    assert_eq!(
        declared,
        vec![
            &Event::BattleCardsDeclared {
                player: A,
                count: 1
            },
            &Event::BattleCardsDeclared {
                player: B,
                count: 0
            }
        ]
    );
}

#[test]
fn a_battle_card_that_does_not_work_is_discarded() {
    // "A Battle card must be discarded if it doesn't come just before a character (or that
    // character's weapon), doesn't work with that character, or doesn't work in the current
    // situation."
    let mut b = at_naboo();
    let x = b.add(A, ch("Watto", 3, 1), Zone::At(Planet::Naboo, true));
    let wrong = b.add(A, fx::battle("Wrong", &[("Darth Maul", 3, 0)]), Zone::Hand);
    let tatooine = b.add(
        A,
        fx::battle("Sandstorm", &[("any character fighting on Tatooine", 3, 0)]),
        Zone::Hand,
    );
    let y = b.add(B, ch("Y", 3, 1), Zone::At(Planet::Naboo, true));
    let mut g = b.build();
    let ev = battle(
        &mut g,
        [&[wrong, tatooine], &[]],
        [&[wrong, tatooine, x], &[y]],
    );
    assert!(ev.contains(&Event::MisplacedBattleCard {
        player: A,
        card: wrong
    }));
    assert!(ev.contains(&Event::MisplacedBattleCard {
        player: A,
        card: tatooine
    }));
    assert_eq!(fights(&ev), vec![(3, 3, None)]);
    assert!(g.player(A).discard.contains(&wrong) && g.player(A).discard.contains(&tatooine));
}

#[test]
fn fight_together_groups_add_their_power_and_fall_together() {
    // "Fight Together": "Add all of their Power numbers together ... If you have less total
    // Power, all of your characters that were fighting together are defeated - and you suffer
    // Damage to your draw deck for each of them."
    let mut b = at_naboo();
    let anakin = b.add(
        A,
        ch("Anakin Skywalker", 2, 2),
        Zone::At(Planet::Naboo, true),
    );
    let padme = b.add(A, ch("Padmé Naberrie", 2, 3), Zone::At(Planet::Naboo, true));
    let angel = b.add(
        A,
        fx::battle("Are You An Angel?", &[("Anakin and Padmé together", 3, 0)]),
        Zone::Hand,
    );
    let big = b.add(B, ch("Big", 6, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[angel], &[]], [&[angel, padme, anakin], &[big]]);
    assert_eq!(fights(&ev), vec![(7, 6, Some(A))]);

    let mut b = at_naboo();
    let anakin = b.add(
        A,
        ch("Anakin Skywalker", 1, 2),
        Zone::At(Planet::Naboo, true),
    );
    let padme = b.add(A, ch("Padmé Naberrie", 1, 3), Zone::At(Planet::Naboo, true));
    let angel = b.add(
        A,
        fx::battle("Are You An Angel?", &[("Anakin and Padmé together", 1, 0)]),
        Zone::Hand,
    );
    let big = b.add(B, ch("Big", 6, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    let mut g = b.build();
    let ev = battle(&mut g, [&[angel], &[]], [&[angel, anakin, padme], &[big]]);
    assert_eq!(fights(&ev), vec![(3, 6, Some(B))]);
    assert!(g.at(Planet::Naboo, A).is_empty());
    assert_eq!(g.player(A).deck.len(), 10 - 5);
}

#[test]
fn each_card_of_a_stack_fights_once_and_falls_alone() {
    // "Stackable Cards": "the first Obi-Wan card in your battle plan comes up and defeats an
    // opposing character. Then, the second Obi-Wan Kenobi card takes on the next challenger!
    // ... If Obi-Wan loses one of his fights, discard that Character card."
    let mut b = at_naboo();
    let obi1 = b.add(A, ch("Obi-Wan Kenobi", 5, 1), Zone::At(Planet::Naboo, true));
    let obi2 = b.add(A, ch("Obi-Wan Kenobi", 2, 1), Zone::At(Planet::Naboo, true));
    let y1 = b.add(B, ch("Y1", 3, 1), Zone::At(Planet::Naboo, true));
    let y2 = b.add(B, ch("Y2", 3, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[obi1, obi2], &[y1, y2]]);
    assert_eq!(fights(&ev), vec![(5, 3, Some(A)), (2, 3, Some(B))]);
    let left: Vec<CardRef> = g.at(Planet::Naboo, A).iter().map(|c| c.card).collect();
    assert_eq!(left, vec![obi1]);
}

#[test]
fn hidden_cards_cannot_battle() {
    // "The Hidden Cards Rule": hidden cards "do not participate in battles or duels".
    let mut b = at_naboo();
    b.add(A, ch("X", 3, 1), Zone::At(Planet::Naboo, true));
    b.add(B, ch("Y", 3, 1), Zone::At(Planet::Naboo, false));
    let g = b.build();
    assert!(!legal(&g).contains(&Action::DeclareBattle));
}

#[test]
fn damage_that_empties_the_draw_deck_loses_the_game() {
    // "Deck Victory: You win if your opponent's deck runs out of cards before yours does."
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 5, 1), Zone::At(Planet::Naboo, true));
    let y = b.add(B, ch("Y", 1, 3), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 2);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[x], &[y]]);
    let r = g.result().unwrap();
    assert_eq!(
        (r.winner, r.victory),
        (Some(A), crate::engine::Victory::Deck)
    );
    assert!(matches!(ev.last(), Some(Event::GameOver(_))));
}

#[test]
fn characters_get_the_bonus_of_the_current_site_only() {
    // "Location Bonuses": "If the Character card has one or more red Power bonus dots for the
    // location where that character is fighting, you get to add the number of dots." Each of
    // the three pictures is one site; only the site on top counts, and a change of scene
    // ("Deploying Locations") moves everyone to the new site's bonus. A character whose
    // bonuses are for another planet gets none.
    let setup = |site: usize| {
        let mut b = Builder::new();
        b.current(Planet::Naboo, site);
        b.phase(Phase::BattleStep, A);
        let x = b.add(
            A,
            fx::bonus(ch("X", 2, 1), Planet::Naboo, [1, 2, 4]),
            Zone::At(Planet::Naboo, true),
        );
        let y = b.add(
            B,
            fx::bonus(ch("Y", 2, 1), Planet::Tatooine, [3, 3, 3]),
            Zone::At(Planet::Naboo, true),
        );
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        (b, x, y)
    };
    for (site, power) in [(0, 3), (1, 4), (2, 6)] {
        let (b, x, y) = setup(site);
        let mut g = b.build();
        let ev = battle(&mut g, [&[], &[]], [&[x], &[y]]);
        assert_eq!(fights(&ev), vec![(power, 2, Some(A))], "site {site}");
    }
    // The scene changes from Theed Palace (site 0) to the Gungan Swamp (site 2) in the
    // deploy step: the battle that follows is fought at the swamp.
    let (mut b, x, y) = setup(0);
    b.phase(Phase::Deploy, A);
    let swamp = b.add(A, fx::location(Planet::Naboo, 2), Zone::Hand);
    let mut g = b.build();
    play(&mut g, &[Action::Deploy(swamp), Action::EndDeploy]);
    let ev = battle(&mut g, [&[], &[]], [&[x], &[y]]);
    assert_eq!(fights(&ev), vec![(6, 2, Some(A))]);
}

#[test]
fn hidden_cards_stay_out_of_battles_and_duels() {
    // "The Hidden Cards Rule": "Hidden cards are not present at the location for any purpose
    // other than uniqueness. They do not participate in battles or duels."
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::character("Obi-Wan Kenobi", "Jedi Knight", 5, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 3, 1), Zone::At(Planet::Naboo, true));
    let maul = b.add(
        B,
        fx::character("Darth Maul", "Sith Lord", 6, 5, 1),
        Zone::At(Planet::Naboo, false),
    );
    let gun = b.add(
        B,
        fx::weapon("Blaster", &[("any character", 1, 0)]),
        Zone::At(Planet::Naboo, false),
    );
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let g0 = b.build();
    // The hidden Maul can be neither dueled nor chosen to defend; the hidden blaster is no
    // duel weapon.
    let duels: Vec<Action> = legal(&g0)
        .into_iter()
        .filter(|a| matches!(a, Action::Duel { .. }))
        .collect();
    assert_eq!(
        duels,
        vec![Action::Duel {
            duelist: obi,
            saber,
            target: y
        }]
    );
    let mut g = g0.clone();
    play(
        &mut g,
        &[Action::Duel {
            duelist: obi,
            saber,
            target: y,
        }],
    );
    assert_eq!(legal(&g), vec![Action::DuelDefender(y)]);
    play(&mut g, &[Action::DuelDefender(y)]);
    assert_eq!(legal(&g), vec![Action::DuelWeapon(None)]);
    // In a battle, B's plan holds Y alone: neither Maul nor the blaster.
    let mut g = g0;
    play(
        &mut g,
        &[
            Action::DeclareBattle,
            Action::BattleCardsDone,
            Action::BattleCardsDone,
            Action::PlanNext(obi),
            Action::PlanDone,
        ],
    );
    assert_eq!(legal(&g), vec![Action::PlanNext(y)]);
    let ev = play(&mut g, &[Action::PlanNext(y), Action::PlanDone]);
    assert_eq!(fights(&ev), vec![(5, 3, Some(A))]);
    assert!(g.at(Planet::Naboo, B).iter().any(|c| c.card == maul));
    assert!(g.at(Planet::Naboo, B).iter().any(|c| c.card == gun));
}

#[test]
fn one_battle_card_per_fight_an_earlier_one_is_discarded() {
    // "You can use only one Battle card in each fight." "What if you make a mistake? ... Or
    // maybe you included more than one weapon or more than one Battle card before the
    // characters ... just discard the first Battle card and put the cards that came after it
    // back on top of your battle plan." Both cards here would work with X: only the second
    // adds its bonus; both end in the discard pile.
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    let first = b.add(
        A,
        fx::battle("First", &[("any character", 3, 0)]),
        Zone::Hand,
    );
    let second = b.add(
        A,
        fx::battle("Second", &[("any character", 1, 0)]),
        Zone::Hand,
    );
    let y = b.add(B, ch("Y", 4, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[first, second], &[]], [&[first, second, x], &[y]]);
    assert!(ev.contains(&Event::MisplacedBattleCard {
        player: A,
        card: first
    }));
    assert_eq!(fights(&ev), vec![(3, 4, Some(B))]);
    assert!(g.player(A).discard.contains(&first) && g.player(A).discard.contains(&second));
    // Likewise two weapons: the first is ignored (not discarded) and the second used; it
    // is discarded with its defeated character.
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    let w1 = b.add(
        A,
        fx::weapon("Rifle", &[("any character", 3, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    let w2 = b.add(
        A,
        fx::weapon("Pistol", &[("any character", 1, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 4, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[], &[]], [&[w1, w2, x], &[y]]);
    assert_eq!(fights(&ev), vec![(3, 4, Some(B))]);
    assert!(g.at(Planet::Naboo, A).iter().any(|c| c.card == w1));
    assert!(g.player(A).discard.contains(&w2));
}

#[test]
fn a_destiny_draw_from_an_empty_draw_deck_loses() {
    // "Deck Victory" (issue 6: a player who must draw or discard from an empty draw deck has
    // lost): a weapon's chance cube must draw destiny ("Draw the top card from your draw
    // deck").
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 2, 1), Zone::At(Planet::Naboo, true));
    let rifle = b.add(
        A,
        fx::weapon("Blaster Rifle", &[("any character", 0, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 4, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    battle(&mut g, [&[], &[]], [&[rifle, x], &[y]]);
    let r = g.result().unwrap();
    assert_eq!(
        (r.winner, r.victory),
        (Some(B), crate::engine::Victory::Deck)
    );
}

#[test]
fn a_weapon_after_a_fight_together_card_works_with_the_first_character_of_the_group() {
    // "Fight Together": "(You may have one Weapon card after the Battle card, if the weapon
    // works with the first character in the group.)" A weapon that only the second character
    // could use is ignored (and stays in play); one the first can use adds its bonus.
    let setup = |first_uses: bool| {
        let mut b = at_naboo();
        let anakin = b.add(
            A,
            ch("Anakin Skywalker", 2, 2),
            Zone::At(Planet::Naboo, true),
        );
        let padme = b.add(A, ch("Padmé Naberrie", 2, 3), Zone::At(Planet::Naboo, true));
        let blaster = b.add(
            A,
            fx::weapon("Padmé's Blaster", &[("Padmé Naberrie", 3, 0)]),
            Zone::At(Planet::Naboo, true),
        );
        let angel = b.add(
            A,
            fx::battle("Are You An Angel?", &[("Anakin and Padmé together", 1, 0)]),
            Zone::Hand,
        );
        let big = b.add(B, ch("Big", 6, 1), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 10);
        b.deck_filler(B, 1, 10);
        let mut g = b.build();
        let group = if first_uses {
            [padme, anakin]
        } else {
            [anakin, padme]
        };
        let ev = battle(
            &mut g,
            [&[angel], &[]],
            [&[angel, blaster, group[0], group[1]], &[big]],
        );
        (g, ev, blaster)
    };
    // Padmé first: 2 + 2 + 1 (battle card) + 3 (her blaster) = 8 beats 6.
    let (_, ev, _) = setup(true);
    assert_eq!(fights(&ev), vec![(8, 6, Some(A))]);
    // Anakin first: the blaster is ignored, 5 loses to 6, and the blaster is not discarded.
    let (g, ev, blaster) = setup(false);
    assert!(ev.contains(&Event::IgnoredWeapon {
        player: A,
        card: blaster,
        armed: false
    }));
    assert_eq!(fights(&ev), vec![(5, 6, Some(B))]);
    assert!(g.at(Planet::Naboo, A).iter().any(|c| c.card == blaster));
}
