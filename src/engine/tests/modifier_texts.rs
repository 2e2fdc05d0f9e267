//! Double Impact halves (rulebook "Double Impact Cards", card-text 16.1) and the conditions of
//! `modifier` texts in real play, over the real cards.

use super::*;
use crate::catalogue::abilities::AbilityBook;
use crate::catalogue::{Card, CardType, Catalogue, Planet};
use crate::engine::use_lines::Half;

/// The first catalogue character without game text that has `trait_`.
fn plain_with(trait_: &str) -> Card {
    Catalogue::embedded_for_tests()
        .cards()
        .iter()
        .find(|c| {
            c.card_type == CardType::Character
                && c.has_trait(trait_)
                && matches!(c.power, Some(crate::catalogue::Power::Value(_)))
                && c.counters.is_some()
                && AbilityBook::embedded().get(&c.id).is_none()
        })
        .unwrap_or_else(|| panic!("a plain {trait_}"))
        .clone()
}

fn power_of(g: &GameState, c: CardRef) -> i16 {
    g.view(g.owner(c))
        .power(c, crate::engine::Arena::Battle, None, None)
        .unwrap()
}

#[test]
fn double_impact_effect_half_deploys_as_an_effect_and_works_in_play() {
    // RF-DI2 Grueling Contest & Da Dug Chaaa!: card-text 16.1, an Effect half "is deployed as
    // that Effect: you pay the counters printed on that half, it is your one Effect, and it
    // stays in play"; its right half gives each Podracer pilot +1 power and -1 damage.
    let mut b = at_naboo();
    b.phase(Phase::Deploy, A);
    let pilot = b.add(
        A,
        plain_with("podracer-pilot"),
        Zone::At(Planet::Naboo, true),
    );
    let di = b.add(A, real("RF-DI2"), Zone::Hand);
    let effect = b.add(A, real("BP-56"), Zone::Hand);
    b.deck_filler(A, 1, 5);
    let mut g = b.build();
    let (power, damage) = (power_of(&g, pilot), g.def(pilot).damage() as i16);
    assert!(legal(&g).contains(&Action::Deploy(di)));
    let ev = play(&mut g, &[Action::Deploy(di)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Deployed { card, .. } if *card == di))
    );
    assert_eq!(g.ts.spent, 2, "the Effect half's counters");
    assert_eq!(power_of(&g, pilot), power + 1);
    let d = g
        .view(A)
        .damage(pilot, crate::engine::Arena::Battle)
        .unwrap() as i16;
    assert_eq!(d, damage - 1);
    // "Each player may have only one Effect card deployed at a time."
    assert!(!legal(&g).contains(&Action::Deploy(effect)));
}

#[test]
fn double_impact_battle_half_does_not_carry_its_effect_half_text() {
    // RF-DI2 used as its left battle half ("any Podracer pilot or any pit droid", 2 dots): the
    // Effect half's +1 power is not in force (card-text 16.1: the half is chosen when the card
    // is played).
    let mut b = at_naboo();
    let pilot_card = plain_with("podracer-pilot");
    let printed = match pilot_card.power {
        Some(crate::catalogue::Power::Value(v)) => v as i16,
        _ => panic!("a printed power"),
    };
    let pilot = b.add(A, pilot_card, Zone::At(Planet::Naboo, true));
    let di = b.add(A, real("RF-DI2"), Zone::Hand);
    let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
    // Every kind a line names must be a card the pool knows.
    b.add(B, ch("Pit Droid", 1, 1), Zone::Discard);
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let bonus = g.def(pilot).location_bonus(Planet::Naboo, 0) as i16;
    let ev = battle(&mut g, [&[di], &[]], [&[di, pilot], &[y]]);
    assert_eq!(fights(&ev)[0].0, printed + bonus + 2);
    assert!(g.player(A).discard.contains(&di));
}

#[test]
fn double_impact_with_two_battle_halves_the_line_used_is_the_half() {
    // RF-DI9 The Negotiations Were Short (left: first character of the plan, 3 dots) & Qui-Gon's
    // Final Stand (right: any character, no dots): first in the plan both halves work, so the
    // owner chooses (the choice is the half); later in the plan only the right half works.
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 3, 1), Zone::At(Planet::Naboo, true));
    let di = b.add(A, real("RF-DI9"), Zone::Hand);
    let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    battle(&mut g, [&[di], &[]], [&[di, x], &[y]]);
    match g.pending() {
        Some(crate::engine::Pending::BonusLine { card, lines, .. }) => {
            assert_eq!((card, lines), (di, 0b11));
        }
        other => panic!("the half is asked: {other:?}"),
    }
    // Until chosen, the fight reads the first line that fits.
    assert_eq!(g.half_in_fight(di), Some(Half::Left));
    let ev = play(&mut g, &[Action::ChooseLine(1)]);
    assert_eq!(
        fights(&ev),
        vec![(3, 1, Some(A))],
        "the right half adds no dots"
    );

    // Not first: only the right half's line fits; nothing is asked.
    let mut b = at_naboo();
    let x = b.add(A, ch("X", 3, 1), Zone::At(Planet::Naboo, true));
    let x2 = b.add(A, ch("X2", 3, 1), Zone::At(Planet::Naboo, true));
    let di = b.add(A, real("RF-DI9"), Zone::Hand);
    let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
    let y2 = b.add(B, ch("Y2", 1, 1), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let ev = battle(&mut g, [&[di], &[]], [&[x, di, x2], &[y, y2]]);
    assert_eq!(fights(&ev), vec![(3, 1, Some(A)), (3, 1, Some(A))]);
    assert!(g.player(A).discard.contains(&di));
}

#[test]
fn counts_as_lets_captain_panaka_use_royal_guard_cards() {
    // EBN-P11 Captain Panaka "counts as a ◆ Naboo Officer, ◆ Royal Guard and ◆ Naboo Security
    // for all your cards": DM-58 Security Volunteers (any ◆ Royal Guard, 2 dots) works with
    // him; with another character it is misplaced. The narration names the text.
    for id in ["EBN-P11", "DM-1"] {
        let mut b = at_naboo();
        let who = b.add(A, real(id), Zone::At(Planet::Naboo, true));
        let card = b.add(A, real("DM-58"), Zone::Hand);
        // "Royal Guard" must name a card of the pool.
        b.add(B, real("DM-31"), Zone::Discard);
        let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        let mut g = b.build();
        let base = power_of(&g, who);
        let ev = battle(&mut g, [&[card], &[]], [&[card, who], &[y]]);
        let panaka = id == "EBN-P11";
        assert_eq!(fights(&ev)[0].0, base + if panaka { 2 } else { 0 }, "{id}");
        let narrated = ev.iter().any(|e| {
            matches!(e, Event::TextUsed { card: c, on: Some(o), .. } if *c == who && *o == card)
        });
        assert_eq!(narrated, panaka, "{id}");
    }
}

#[test]
fn may_use_lets_aurra_sing_use_a_sith_lightsaber() {
    // DF-33 Aurra Sing "may use any ◆ Sith Lightsaber" (DM-107: "Darth Maul or Darth Sidious",
    // 1 dot 1 cube) as if it named her; BP-33 Aurra Sing (no such text) may not: the weapon is
    // ignored.
    for id in ["DF-33", "BP-33"] {
        let mut b = at_naboo();
        let aurra = b.add(A, real(id), Zone::At(Planet::Naboo, true));
        let saber = b.add(A, real("DM-107"), Zone::At(Planet::Naboo, true));
        b.add(B, real("DM-71"), Zone::Discard);
        b.add(B, real("BN-72"), Zone::Discard);
        let y = b.add(B, ch("Y", 1, 1), Zone::At(Planet::Naboo, true));
        b.deck_filler(A, 1, 5);
        b.deck_filler(B, 1, 5);
        let mut g = b.build();
        let ev = battle(&mut g, [&[], &[]], [&[saber, aurra], &[y]]);
        let side = ev
            .iter()
            .find_map(|e| match e {
                Event::Fight { attacker, .. } => Some(*attacker),
                _ => None,
            })
            .unwrap();
        let may = id == "DF-33";
        assert_eq!(side.weapon.is_some(), may, "{id}");
        assert_eq!(side.parts.weapon, if may { 1 } else { 0 }, "{id}");
        let ignored = ev
            .iter()
            .any(|e| matches!(e, Event::IgnoredWeapon { card, .. } if *card == saber));
        assert_eq!(ignored, !may, "{id}");
    }
}

#[test]
fn a_duel_counts_as_a_fight_for_fought_this_turn() {
    // DF-1 Obi-Wan Kenobi: +2 power if Darth Maul or Darth Sidious has fought this turn.
    // card-text 15: "a duel counts" ("A duel is considered to be a fight"); before it ends,
    // nobody has fought.
    let mut b = at_naboo();
    let obi = b.add(A, real("DF-1"), Zone::At(Planet::Naboo, true));
    let maul = b.add(B, real("DM-71"), Zone::At(Planet::Naboo, true));
    b.deck_filler(A, 1, 10);
    b.deck_filler(B, 2, 10);
    let saber = saber_for(&mut b, A, "Obi-Wan Kenobi");
    let mut g = b.build();
    let before = power_of(&g, obi);
    start_duel(&mut g, obi, saber, maul);
    assert_eq!(power_of(&g, obi), before, "the duel is not over");
    play(&mut g, &[Action::DuelPass, Action::DuelPass]);
    assert!(g.text_state().fought.contains(&maul));
    assert_eq!(power_of(&g, obi), before + 2);
}

#[test]
fn a_kind_named_by_a_text_is_a_word_of_the_name_not_letters_inside_one() {
    // BP-58 Gangster's Paradise: "Add power bonus to each Hutt, Diva, Bith, Nikto, and
    // Weequay", kinds read from names (RULINGS.md R1). DM-76 Jabba the Hutt is a Hutt; RF-A6
    // Valorum, Supreme Chancellor & Planetary Shuttle is not ("sHUTTle"), nor is JC-19
    // Saesee Tiin, Iktotchi Jedi Master a Nikto ("tiiN IKTOtchi"): read as letters of the
    // name run together, both got +2 from the opponent's Effect (seen in play).
    let powers = |with_effect: bool| {
        let mut b = at_naboo();
        let cards = ["DM-76", "RF-A6", "JC-19"].map(|id| {
            let p = if id == "DM-76" { B } else { A };
            b.add(p, real(id), Zone::At(Planet::Naboo, true))
        });
        if with_effect {
            b.add(B, real("BP-58"), Zone::At(Planet::Naboo, true));
        }
        let g = b.build();
        cards.map(|c| power_of(&g, c))
    };
    let (without, with) = (powers(false), powers(true));
    assert_eq!(with[0], without[0] + 2, "Jabba the Hutt");
    assert_eq!(with[1], without[1], "Valorum & Planetary Shuttle");
    assert_eq!(with[2], without[2], "Saesee Tiin");
}

#[test]
fn a_kind_named_by_a_use_line_is_a_word_of_the_name() {
    // RULINGS.md R1, a kind is a word of the name. BP-51 Watto's Datapad, line 2 "Gragra,
    // Bib Fortuna, or any Nikto, Pacithhip or Quarren": BP-43 Meddun, Nikto Mercenary fits
    // it, JC-19 Saesee Tiin, Iktotchi Jedi Master does not ("tiiN IKTOtchi" is no Nikto).
    use crate::engine::card_pool::CardPool;
    let cat = Catalogue::embedded_for_tests();
    let pool = CardPool::from_catalogue(cat);
    let def = |id: &str| pool.get(pool.find(id).unwrap_or_else(|| panic!("{id}")));
    let line = &def("BP-51").uses[1];
    let fits = |id: &str| {
        let c = def(id);
        line.rule
            .alts
            .iter()
            .any(|g| matches!(g.members.as_slice(), [m] if m.matches(c, false, false)))
    };
    assert!(fits("BP-43"));
    assert!(!fits("JC-19"));
    // BN-47 Gunga City: "Use with Boss Nass, any Rep or any diamond Gungan Official". BN-32
    // Rep Officer is a Rep; JC-31 Republic Captain and JC-8 Queen Amidala, Representative of
    // Naboo are not (their words begin with the letters, they are not the word).
    let line = &def("BN-47").uses[0];
    let fits = |id: &str| {
        line.rule
            .alts
            .iter()
            .any(|g| matches!(g.members.as_slice(), [m] if m.matches(def(id), false, false)))
    };
    assert!(fits("BN-32"));
    assert!(!fits("JC-31") && !fits("JC-8"));
}

#[test]
fn gangsters_paradise_reaches_hutts_and_nikto_by_whole_words_only() {
    // BP-58 Gangster's Paradise: "Add power bonus (●●) to each Hutt, Diva, Bith, Nikto, and
    // Weequay" (by name, RULINGS.md R1). BN-76 Jabba The Hutt and BN-94 Nikto get +2; RF-A6
    // Valorum & Planetary Shuttle ("shuttle" holds the letters of "Hutt") and JC-19 Saesee
    // Tiin, Iktotchi Jedi Master ("Tiin Iktotchi" holds "nikto") are neither: +0.
    for (id, bonus) in [("BN-76", 2), ("BN-94", 2), ("RF-A6", 0), ("JC-19", 0)] {
        let power = |with_effect: bool| {
            let mut b = at_naboo();
            let c = b.add(A, real(id), Zone::At(Planet::Naboo, true));
            if with_effect {
                b.add(B, real("BP-58"), Zone::At(Planet::Naboo, true));
            }
            b.deck_filler(A, 1, 5);
            b.deck_filler(B, 1, 5);
            let g = b.build();
            power_of(&g, c)
        };
        assert_eq!(power(true) - power(false), bonus, "{id}");
    }
}

#[test]
fn qui_gon_still_face_down_in_the_battle_plan_is_not_present_for_anakin() {
    // V1-JC-4 Anakin Skywalker, Child of Prophecy: "Adds bonus while Qui-Gon Jinn present"
    // (two dots). Rulebook "Present": the card "has to be face-up at the time"; "Face up": in a
    // battle, "they have to have already fought". A Qui-Gon later in the plan is face down
    // when Anakin fights: no bonus. Turned up before him (and still there, a tie), he is
    // present: +2. Anakin's power is his destiny draw, 2 (no Naboo bonus).
    let naboo = Zone::At(Planet::Naboo, true);
    for qui_gon_first in [false, true] {
        let mut b = at_naboo();
        let anakin = b.add(A, real("V1-JC-4"), naboo);
        let qui_gon = b.add(A, fx::character("Qui-Gon Jinn", "", 3, 3, 1), naboo);
        let foe = b.add(B, ch("Foe", 3, 1), naboo);
        let other = b.add(B, ch("Other Foe", 1, 1), naboo);
        b.deck_filler(A, 2, 10);
        b.deck_filler(B, 2, 10);
        let mut g = b.build();
        let plan = if qui_gon_first {
            [qui_gon, anakin]
        } else {
            [anakin, qui_gon]
        };
        let ev = battle(&mut g, [&[], &[]], [&plan, &[foe, other]]);
        let anakin_power = fights(&ev)[usize::from(qui_gon_first)].0;
        let want = if qui_gon_first { 2 + 2 } else { 2 };
        assert_eq!(anakin_power, want, "Qui-Gon first: {qui_gon_first}");
    }
}
