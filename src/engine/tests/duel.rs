//! Lightsaber duels: rulebook "Lightsaber Dueling" and its worked examples.

use super::*;
use crate::catalogue::Planet;
use crate::engine::text::Number;

#[test]
fn mace_windu_vs_aurra_sing_worked_example() {
    // "Mace draws 10 cards for his dueling hand. Aurra is weaponless so she draws 7 cards. Mace
    // leads off with a destiny 2 card, A Powerful Opponent. Aurra has no destiny 2 cards in her
    // hand so she takes 2 hits and declares Pass ... Mace plays ... a destiny 4 card. Aurra has
    // a 4, and blocks that attack with the card, To The Death. Mace has no more destiny 4 cards
    // and takes a hit, Aurra discards To The Death to do 2 extra hits to Mace. Mace strikes with
    // a destiny 2 card, which Aurra cannot block ... Aurra is defeated and normally would deal 3
    // damage, but since she scored 3 hits on Mace, she reduces her damage by 3."
    let mut b = at_naboo();
    let mace = b.add(
        A,
        fx::character("Mace Windu", "Jedi Councilor", 6, 6, 2),
        Zone::At(Planet::Naboo, true),
    );
    let aurra = b.add(
        B,
        fx::bonus(
            fx::character("Aurra Sing", "Trophy Collector", 5, 3, 3),
            Planet::Naboo,
            [2, 0, 0],
        ),
        Zone::At(Planet::Naboo, true),
    );
    let guard = b.add(B, ch("Guard", 1, 1), Zone::At(Planet::Naboo, true));
    let apo = b.add(A, fx::destiny(2), Zone::Deck);
    let four = b.add(A, fx::destiny(4), Zone::Deck);
    let two = b.add(A, fx::destiny(2), Zone::Deck);
    for v in [1, 1, 1, 3, 3, 3, 5] {
        b.add(A, fx::destiny(v), Zone::Deck);
    }
    b.deck_filler(A, 6, 5);
    let ttd = b.add(B, fx::destiny(4), Zone::Deck);
    for v in [1, 1, 5, 5, 6, 6] {
        b.add(B, fx::destiny(v), Zone::Deck);
    }
    b.deck_filler(B, 6, 5);
    // Game text the worked example relies on, given as test texts: Mace Windu, Jedi
    // Councilor's ("the light side already controls Coruscant": 4 more dueling cards); A
    // Powerful Opponent: 1 extra hit; To The Death: 2 extra hits.
    let saber = saber_for(&mut b, A, "Mace Windu");
    let mut g = b
        .build()
        .with_text(mace, own(Number::DuelHand, 4))
        .with_text(apo, own(Number::DuelHits, 1))
        .with_text(ttd, own(Number::DuelHits, 2));
    let ev = start_duel(&mut g, mace, saber, aurra);
    assert_eq!(dueling_hands(&ev), vec![(A, 10), (B, 7)]);
    // Aurra has no 2: her only move is to take the hit.
    let ev2 = play(&mut g, &[Action::DuelAttack(apo)]);
    assert_eq!(legal(&g), vec![Action::DuelNoBlock]);
    let ev3 = play(
        &mut g,
        &[
            Action::DuelNoBlock,
            Action::DuelPass,
            Action::DuelAttack(four),
            Action::DuelBlock(ttd),
            Action::DuelNoBlock,
            Action::DuelAttack(two),
            Action::DuelNoBlock,
        ],
    );
    let hits: Vec<_> = ev2
        .iter()
        .chain(&ev3)
        .filter(|e| matches!(e, Event::DuelHit { .. }))
        .collect();
    assert_eq!(
        hits,
        vec![
            &Event::DuelHit { player: B, hits: 2 },
            &Event::DuelHit { player: A, hits: 3 },
            &Event::DuelHit { player: B, hits: 3 },
        ]
    );
    // Damage 3, less the 3 hits she scored: none.
    assert!(ev3.contains(&Event::DuelEnded {
        defeated: Some(aurra),
        hits: [3, 3],
        due: 3,
        damage: 0,
    }));
    // "Result: Aurra is defeated, but ... she takes no damage."
    assert!(!ev3.iter().any(|e| matches!(e, Event::Damage { .. })));
    assert!(g.player(B).discard.contains(&aurra));
    assert_eq!(g.player(B).deck.len(), 12);
    assert_eq!(g.player(A).deck.len(), 15);
    // Aurra passed, not Mace: Mace may still battle ("Any cards that participated in a duel
    // may also participate in a battle this turn").
    assert_eq!(g.phase(), Phase::BattleStep);
    assert!(legal(&g).contains(&Action::DeclareBattle));
    let _ = guard;
}

#[test]
fn aurra_sing_vs_bravo_pilot_worked_example() {
    // "Aurra Sing, Bounty Hunter using her stolen lightsaber, duels a Bravo Pilot ... Aurra
    // draws 7 cards, the Pilot draws 6 ... The Duel ends in a draw. Aurra has 2 hits on her, the
    // Pilot one hit. Aurra takes one damage ... Since she did not pass, Aurra can now get her
    // revenge by initiating a battle."
    let mut b = at_naboo();
    let aurra = b.add(
        A,
        fx::character("Aurra Sing", "Bounty Hunter", 5, 3, 3),
        Zone::At(Planet::Naboo, true),
    );
    let saber = b.add(
        A,
        fx::weapon("Jedi Lightsaber", &[("Aurra Sing", 2, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let pilot = b.add(
        B,
        fx::diamond(fx::bonus(
            fx::character("Bravo Pilot", "Squadron Pilot", 2, 2, 4),
            Planet::Naboo,
            [1, 1, 1],
        )),
        Zone::At(Planet::Naboo, true),
    );
    let a: Vec<CardRef> = [4, 4, 3, 3, 5, 5, 5]
        .iter()
        .map(|&v| b.add(A, fx::destiny(v), Zone::Deck))
        .collect();
    b.deck_filler(A, 1, 5);
    let p: Vec<CardRef> = [4, 3, 3, 5, 5, 5]
        .iter()
        .map(|&v| b.add(B, fx::destiny(v), Zone::Deck))
        .collect();
    b.deck_filler(B, 1, 5);
    // The Bravo Squadron Effect's +3 for the pilot is game text.
    let mut g = b.build().with_text(pilot, own(Number::Power, 3));
    let ev = start_duel(&mut g, aurra, saber, pilot);
    assert_eq!(dueling_hands(&ev), vec![(A, 7), (B, 6)]);
    let ev = play(
        &mut g,
        &[
            // "Aurra leads with a 4, the pilot blocks, Aurra responds, the Pilot is out of 4's
            // and is hit. He passes."
            Action::DuelAttack(a[0]),
            Action::DuelBlock(p[0]),
            Action::DuelBlock(a[1]),
            Action::DuelNoBlock,
            Action::DuelPass,
            // "She leads with a 3, the pilot blocks. Aurra blocks with another 3, and the Pilot
            // is ready with a 3, so Aurra is hit."
            Action::DuelAttack(a[2]),
            Action::DuelBlock(p[1]),
            Action::DuelBlock(a[3]),
            Action::DuelBlock(p[2]),
            Action::DuelNoBlock,
            // "Aurra lashes out with a 5, the Pilot blocks, Aurra blocks, the Pilot blocks,
            // Aurra blocks with her last card, the Pilot blocks with his last card."
            Action::DuelAttack(a[4]),
            Action::DuelBlock(p[3]),
            Action::DuelBlock(a[5]),
            Action::DuelBlock(p[4]),
            Action::DuelBlock(a[6]),
            Action::DuelBlock(p[5]),
            Action::DuelNoBlock,
        ],
    );
    assert!(ev.contains(&Event::DuelEnded {
        defeated: None,
        hits: [2, 1],
        due: 2,
        damage: 1,
    }));
    assert!(ev.contains(&Event::Damage {
        player: A,
        cards: 1
    }));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Damage { player: B, .. }))
    );
    assert_eq!(g.player(A).deck.len(), 11);
    assert!(legal(&g).contains(&Action::DeclareBattle));
}

#[test]
fn a_zero_damage_character_is_simply_discarded() {
    // "Second Exception: When a character printed with 0 DAMAGE has to fight in a duel, that
    // character is simply discarded. (Sorry, Artoo.) Dueling hands are not drawn."
    let mut b = at_naboo();
    let maul = b.add(
        A,
        fx::character("Darth Maul", "Sith Lord", 6, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let r2 = b.add(
        B,
        fx::character("R2-D2", "Astromech Droid", 1, 0, 6),
        Zone::At(Planet::Naboo, true),
    );
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let saber = saber_for(&mut b, A, "Darth Maul");
    let mut g = b.build();
    let ev = start_duel(&mut g, maul, saber, r2);
    assert!(ev.contains(&Event::DuelZeroDamage { card: r2 }));
    assert!(dueling_hands(&ev).is_empty());
    assert!(g.player(B).discard.contains(&r2));
    assert_eq!(g.player(B).deck.len(), 10);
}

#[test]
fn anakin_draws_destiny_for_his_power_first() {
    // "First Exception: When Anakin Skywalker has to fight in a duel, draw destiny for his power
    // first. Add in all his bonus dots ... Take the card drawn for destiny into hand."
    let mut b = at_naboo();
    let maul = b.add(
        A,
        fx::character("Darth Maul", "Sith Lord", 3, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let mut anakin = fx::bonus(
        fx::character("Anakin Skywalker", "Podracer Pilot", 0, 4, 4),
        Planet::Naboo,
        [1, 1, 3],
    );
    anakin.power = Some(crate::catalogue::Power::Destiny);
    let anakin = b.add(B, anakin, Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    let d = b.add(B, fx::destiny(5), Zone::Deck);
    b.deck_filler(B, 1, 10);
    let saber = saber_for(&mut b, A, "Darth Maul");
    let mut g = b.build();
    let ev = start_duel(&mut g, maul, saber, anakin);
    assert_eq!(dueling_hands(&ev), vec![(A, 3), (B, 6)]);
    assert!(g.player(B).hand.contains(&d));
}

#[test]
fn the_defender_may_choose_its_own_dueling_character() {
    // "If your opponent has a dueling character at the same location, then your opponent may
    // choose that character to defend instead."
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::character("Obi-Wan Kenobi", "Jedi Knight", 5, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let droid = b.add(B, ch("Battle Droid", 2, 1), Zone::At(Planet::Naboo, true));
    let maul = b.add(
        B,
        fx::character("Darth Maul", "Sith Lord", 6, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    // Only a dueling character may take the chosen target's place: not another droid.
    b.add(B, ch("Guard", 3, 1), Zone::At(Planet::Naboo, true));
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let mut g = b.build();
    play(
        &mut g,
        &[Action::Duel {
            duelist: obi,
            saber,
            target: droid,
        }],
    );
    let mut options = legal(&g);
    options.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        options,
        vec![Action::DuelDefender(droid), Action::DuelDefender(maul)]
    );
    // Only dueling characters may initiate a duel.
    let mut b = at_naboo();
    b.add(A, ch("Battle Droid", 2, 1), Zone::At(Planet::Naboo, true));
    b.add(B, ch("Y", 2, 1), Zone::At(Planet::Naboo, true));
    assert!(
        !legal(&b.build())
            .iter()
            .any(|a| matches!(a, Action::Duel { .. }))
    );
}

#[test]
fn passing_forbids_the_passer_a_battle_and_two_passes_end_the_duel() {
    // RULINGS.md R4 and rulebook "Passing in a duel": "Once a player has passed, they may only
    // block ... and they may not initiate a battle for the remainder of the turn. If both players
    // pass, the duel ends with neither player being defeated."
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::character("Obi-Wan Kenobi", "Jedi Knight", 3, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 3, 2), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 2, 10);
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::Duel {
                duelist: obi,
                saber,
                target: y,
            },
            Action::DuelDefender(y),
            Action::DuelWeapon(None),
            Action::DuelPass,
            Action::DuelPass,
        ],
    );
    // No hits either side: "If there's a tie, then neither player takes damage."
    assert!(ev.contains(&Event::DuelEnded {
        defeated: None,
        hits: [0, 0],
        due: 0,
        damage: 0,
    }));
    assert_eq!(g.phase(), Phase::BattleStep);
    assert_eq!(legal(&g), vec![Action::SkipBattle]);
    // Only one duel per turn.
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Duel { .. })));
    assert_eq!(g.player(A).deck.len(), 10);
}

#[test]
fn a_defeated_duelist_takes_damage_minus_hits_it_scored() {
    // "The loser of the duel (if any) must take damage equal to their printed damage ... minus
    // the number of hits they scored on their opponent." Its weapon is discarded with it.
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::character("Obi-Wan Kenobi", "Jedi Knight", 2, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(B, ch("Y", 1, 2), Zone::At(Planet::Naboo, true));
    let gun = b.add(
        B,
        fx::weapon("Blaster", &[("any character", 1, 1)]),
        Zone::At(Planet::Naboo, true),
    );
    let a: Vec<CardRef> = [3, 3]
        .iter()
        .map(|&v| b.add(A, fx::destiny(v), Zone::Deck))
        .collect();
    b.deck_filler(A, 1, 5);
    let bb: Vec<CardRef> = [4, 4]
        .iter()
        .map(|&v| b.add(B, fx::destiny(v), Zone::Deck))
        .collect();
    b.deck_filler(B, 1, 5);
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::Duel {
                duelist: obi,
                saber,
                target: y,
            },
            Action::DuelDefender(y),
            Action::DuelWeapon(Some(gun)),
            Action::DuelAttack(a[0]),
            Action::DuelNoBlock,
            Action::DuelAttack(bb[0]),
            Action::DuelNoBlock,
            Action::DuelAttack(a[1]),
            Action::DuelNoBlock,
        ],
    );
    assert!(ev.contains(&Event::DuelEnded {
        defeated: Some(y),
        hits: [1, 2],
        due: 2,
        damage: 1,
    }));
    assert!(g.player(B).discard.contains(&y) && g.player(B).discard.contains(&gun));
    // The weapon's discard is an event of its own, so the play-by-play can say so.
    assert!(ev.contains(&Event::Discarded {
        player: B,
        card: gun,
        reason: crate::engine::DiscardReason::WithDefeated,
    }));
    // Damage 2, one hit scored: 1 card.
    assert!(ev.contains(&Event::Damage {
        player: B,
        cards: 1
    }));
}

#[test]
fn a_dueling_hand_counts_the_site_bonus_and_may_empty_the_draw_deck() {
    // "Draw your dueling hand!": "Total up the power of your character, using all available
    // power bonus dots (including bonuses for location and weapon) ... If you can't draw
    // enough cards to make your dueling hand from your draw deck, you'll just have to make do
    // ... The cards you use when dueling are still considered to be part of draw deck. (If
    // you draw the last card from your draw deck to make your dueling hand, you don't lose the
    // game due to a deck victory.)" At the Gungan Swamp (site 2) Obi-Wan's bonus is 3, not
    // the 1 of Theed Palace; the defender's, 1 at the swamp.
    let mut b = Builder::new();
    b.current(Planet::Naboo, 2);
    b.phase(Phase::BattleStep, A);
    let obi = b.add(
        A,
        fx::bonus(
            fx::character("Obi-Wan Kenobi", "Jedi Knight", 5, 5, 1),
            Planet::Naboo,
            [1, 0, 3],
        ),
        Zone::At(Planet::Naboo, true),
    );
    let y = b.add(
        B,
        fx::bonus(ch("Y", 2, 3), Planet::Naboo, [0, 3, 1]),
        Zone::At(Planet::Naboo, true),
    );
    b.deck_filler(A, 1, 4);
    b.deck_filler(B, 2, 10);
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let mut g = b.build();
    let ev = start_duel(&mut g, obi, saber, y);
    // Obi-Wan 5 + 3 = 8, but only 4 cards are left; Y 2 + 1 (not the 3 of the Battle Plains).
    assert_eq!(dueling_hands(&ev), vec![(A, 4), (B, 3)]);
    assert!(g.player(A).deck.is_empty() && g.result().is_none());
    // A player may count a draw deck (RULINGS.md R2): the dueling hand still counts.
    assert_eq!(g.view(B).deck_len(A), 4);
    play(&mut g, &[Action::DuelPass, Action::DuelPass]);
    assert_eq!(g.player(A).deck.len(), 4);
    assert_eq!(g.phase(), Phase::BattleStep);
}

#[test]
fn a_duel_needs_a_lightsaber_usable_by_the_duelist_to_start() {
    // RULINGS.md E2 (rulebook "Lightsaber Dueling"): "When you initiate a duel, choose one of your
    // dueling characters and a lightsaber Weapon card there usable by that character." No such
    // lightsaber: no duel. The defender needs none.
    let duels = |weapons: &[crate::catalogue::Card]| {
        let mut b = at_naboo();
        b.add(
            A,
            fx::character("Obi-Wan Kenobi", "Jedi Knight", 5, 5, 1),
            Zone::At(Planet::Naboo, true),
        );
        b.add(B, ch("Y", 2, 1), Zone::At(Planet::Naboo, true));
        let cards: Vec<CardRef> = weapons
            .iter()
            .map(|w| b.add(A, w.clone(), Zone::At(Planet::Naboo, true)))
            .collect();
        let g = b.build();
        let sabers: Vec<CardRef> = legal(&g)
            .into_iter()
            .filter_map(|a| match a {
                Action::Duel { saber, .. } => Some(saber),
                _ => None,
            })
            .collect();
        (sabers, cards)
    };
    assert_eq!(duels(&[]).0, vec![]);
    // A weapon that is no lightsaber, and a lightsaber for someone else.
    let blaster = fx::weapon("Blaster", &[("any character", 2, 0)]);
    let mauls = fx::weapon("Darth Maul's Lightsaber", &[("Darth Maul", 2, 1)]);
    assert_eq!(duels(&[blaster.clone(), mauls.clone()]).0, vec![]);
    let own = fx::weapon("Obi-Wan Kenobi's Lightsaber", &[("Obi-Wan Kenobi", 2, 1)]);
    let (sabers, cards) = duels(&[blaster, mauls, own]);
    assert_eq!(sabers, vec![cards[2]]);
}

#[test]
fn the_defender_may_duel_without_a_weapon() {
    // "The defender may choose one Weapon card usable by the defending character (it doesn't
    // have to be a lightsaber)" — or none.
    let mut b = at_naboo();
    let obi = b.add(
        A,
        fx::character("Obi-Wan Kenobi", "Jedi Knight", 5, 5, 1),
        Zone::At(Planet::Naboo, true),
    );
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let y = b.add(B, ch("Y", 2, 1), Zone::At(Planet::Naboo, true));
    let gun = b.add(
        B,
        fx::weapon("Blaster", &[("any character", 1, 0)]),
        Zone::At(Planet::Naboo, true),
    );
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 1, 10);
    let mut g = b.build();
    play(
        &mut g,
        &[
            Action::Duel {
                duelist: obi,
                saber,
                target: y,
            },
            Action::DuelDefender(y),
        ],
    );
    assert_eq!(
        legal(&g),
        vec![Action::DuelWeapon(None), Action::DuelWeapon(Some(gun))]
    );
}
