//! Use-line bonus conditions (data/cards readings, issue 12): `bonus only while using X`, a
//! condition the engine does not play yet (bonus refused, card still used), a later line when
//! the first line's condition fails, `bonus only if not vs X`, and `any non-diamond character`.

use super::*;
use crate::catalogue::Planet;
use crate::engine::use_lines;

fn fight_with(
    items: &[crate::catalogue::Card],
    me: crate::catalogue::Card,
    foe: crate::catalogue::Card,
) -> (Vec<Event>, Vec<CardRef>) {
    let mut b = at_naboo();
    let mut plan = Vec::new();
    let mut battle_cards = Vec::new();
    for it in items {
        let is_battle = it.card_type == crate::catalogue::CardType::Battle;
        let zone = if is_battle {
            Zone::Hand
        } else {
            Zone::At(Planet::Naboo, true)
        };
        let c = b.add(A, it.clone(), zone);
        if is_battle {
            battle_cards.push(c);
        }
        plan.push(c);
    }
    plan.push(b.add(A, me, Zone::At(Planet::Naboo, true)));
    let y = b.add(B, foe, Zone::At(Planet::Naboo, true));
    // A droid in the pool, so that a use line naming droids is read (a kind must name a card).
    b.add(B, ch("Battle Droid", 1, 1), Zone::Discard);
    b.deck_filler(A, 1, 5);
    b.deck_filler(B, 1, 5);
    let mut g = b.build();
    let mut ev = battle(&mut g, [&battle_cards, &[]], [&plan, &[y]]);
    // Several lines fit: the owner chooses (RULINGS.md E4);
    // these tests take the lowest line offered, so that a condition that fails falls through.
    while let Some(crate::engine::Pending::BonusLine { lines, .. }) = g.pending() {
        ev.extend(play(
            &mut g,
            &[Action::ChooseLine(lines.trailing_zeros() as u8)],
        ));
    }
    (ev, battle_cards)
}

#[test]
fn bonus_only_while_using_the_named_weapon() {
    // BN-56 The Will Of The Force: "Use with Qui-Gon. Add power bonus only if he is using
    // Qui-Gon Jinn's Lightsaber." Dots count with the saber, not without; the card is still
    // used (not misplaced) either way.
    let card = fx::battle(
        "The Will Of The Force",
        &[(
            "Qui-Gon (bonus only while using Qui-Gon Jinn's Lightsaber)",
            2,
            0,
        )],
    );
    let saber = fx::weapon("Qui-Gon Jinn's Lightsaber", &[("Qui-Gon Jinn", 1, 0)]);
    let blaster = fx::weapon("Blaster", &[("any character", 1, 0)]);
    let qui = || ch("Qui-Gon Jinn", 3, 1);
    let (ev, _) = fight_with(&[card.clone(), saber], qui(), ch("Y", 5, 1));
    assert_eq!(fights(&ev), vec![(6, 5, Some(A))]);
    let (ev, cards) = fight_with(&[card, blaster], qui(), ch("Y", 5, 1));
    assert_eq!(fights(&ev), vec![(4, 5, Some(B))]);
    assert!(!ev.contains(&Event::MisplacedBattleCard {
        player: A,
        card: cards[0]
    }));
}

#[test]
fn a_condition_not_played_yet_refuses_the_bonus_but_the_card_is_used() {
    // BP-22 Dis Is Nutsen: "Add power bonus only if you reveal the cards in your hand" — the
    // engine cannot ask yet, so the bonus never counts (it used to count always).
    let card = fx::battle(
        "Dis Is Nutsen",
        &[(
            "any character (bonus only if you reveal your hand to your opponent)",
            2,
            0,
        )],
    );
    let (ev, cards) = fight_with(&[card], ch("X", 3, 1), ch("Y", 4, 1));
    assert_eq!(fights(&ev), vec![(3, 4, Some(B))]);
    assert!(!ev.contains(&Event::MisplacedBattleCard {
        player: A,
        card: cards[0]
    }));
}

#[test]
fn a_later_line_counts_when_the_first_lines_condition_fails() {
    // DF-13 Booma: "Jar Jar Binks or any other character fighting a Tank" ●● + cube; "Any
    // other character" cube only. The deck's draws are all 1s.
    let booma = fx::weapon(
        "Booma",
        &[
            ("Jar Jar Binks", 2, 1),
            ("any other character (bonus only vs any Tank)", 2, 1),
            ("any other character", 0, 1),
        ],
    );
    let tank = ch("Trade Federation Tank", 5, 1);
    let (ev, _) = fight_with(std::slice::from_ref(&booma), ch("X", 3, 1), tank);
    assert_eq!(fights(&ev), vec![(6, 5, Some(A))], "vs a Tank: 3 + 2 + 1");
    let (ev, _) = fight_with(std::slice::from_ref(&booma), ch("X", 3, 1), ch("Y", 5, 1));
    assert_eq!(
        fights(&ev),
        vec![(4, 5, Some(B))],
        "vs no Tank: the cube only"
    );
    let (ev, _) = fight_with(&[booma], ch("Jar Jar Binks", 3, 1), ch("Y", 5, 1));
    assert_eq!(fights(&ev), vec![(6, 5, Some(A))], "Jar Jar: always");
}

#[test]
fn bonus_not_against_the_named_opponents() {
    // V1-JC-42 Adi Gallia's Lightsaber: "Any Jedi Master ●● + cube (only the cube when
    // fighting a droid)".
    let saber = fx::weapon(
        "Adi Gallia's Lightsaber",
        &[
            ("Adi Gallia", 3, 1),
            ("any Jedi Master (bonus only if not vs any droid)", 2, 1),
            ("any Jedi Master", 0, 1),
        ],
    );
    let yoda = || fx::character("Yoda", "Jedi Master", 3, 1, 1);
    let (ev, _) = fight_with(std::slice::from_ref(&saber), yoda(), ch("Y", 5, 1));
    assert_eq!(fights(&ev), vec![(6, 5, Some(A))]);
    let droid = fx::character("Destroyer Droid", "Defense Droid", 5, 1, 1);
    let (ev, _) = fight_with(&[saber], yoda(), droid);
    assert_eq!(fights(&ev), vec![(4, 5, Some(B))]);
}

#[test]
fn non_diamond_user_against_a_diamond_character() {
    // BP-21 Hold-Out Blaster: "Any character (except a ◆ character) fighting a ◆ character"
    // ●●● + cube.
    let blaster = fx::weapon(
        "Hold-Out Blaster",
        &[
            ("any character (not in a duel)", 3, 0),
            (
                "any non-diamond character (bonus only vs any diamond character)",
                3,
                1,
            ),
        ],
    );
    // The first line always fits a character in battle, so the second is reached only when
    // the first's bonus does not count: here it always does (3 dots).
    let (ev, _) = fight_with(
        std::slice::from_ref(&blaster),
        ch("X", 3, 1),
        fx::diamond(ch("Y", 5, 1)),
    );
    assert_eq!(fights(&ev), vec![(6, 5, Some(A))]);
    // The reader: the second line's user must not be diamond, its bonus needs a diamond foe.
    let titles = vec![use_lines::name_words("X")];
    let r = use_lines::parse(
        "any non-diamond character (bonus only vs any diamond character)",
        &titles,
    );
    assert_eq!(r.alts[0].members[0].pred, use_lines::Pred::NonDiamond);
    assert!(r.vs[0].diamond);
}

#[test]
fn a_duel_weighs_a_bonus_against_the_opposing_duelist() {
    // V1-JC-42 Adi Gallia's Lightsaber: "Any Jedi Master ●● + cube (only the cube when
    // fighting a droid)". "A duel is considered to be a fight", and a dueling hand counts "all
    // available power bonus dots (including bonuses for location and weapon)" (rulebook
    // "Lightsaber Dueling"): a Jedi Master dueling anyone but a droid draws 2 cards more; one
    // dueling a droid, none.
    let saber = fx::weapon(
        "Adi Gallia's Lightsaber",
        &[
            ("Adi Gallia", 3, 1),
            ("any Jedi Master (bonus only if not vs any droid)", 2, 1),
            ("any Jedi Master", 0, 1),
        ],
    );
    let droid = fx::character("Destroyer Droid", "Defense Droid", 5, 1, 1);
    for (foe, want) in [(ch("Y", 5, 1), 5), (droid, 3)] {
        let mut b = at_naboo();
        let s = b.add(A, saber.clone(), Zone::At(Planet::Naboo, true));
        let yoda = b.add(
            A,
            fx::character("Yoda", "Jedi Master", 3, 1, 1),
            Zone::At(Planet::Naboo, true),
        );
        let y = b.add(B, foe, Zone::At(Planet::Naboo, true));
        b.add(B, ch("Battle Droid", 1, 1), Zone::Discard);
        b.deck_filler(A, 1, 10);
        b.deck_filler(B, 1, 10);
        let mut g = b.build();
        let ev = start_duel(&mut g, yoda, s, y);
        assert_eq!(dueling_hands(&ev)[0], (A, want));
    }
}
