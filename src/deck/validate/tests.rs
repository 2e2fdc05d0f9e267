//! Validation against the real catalogue. Each test cites the rule it checks: rulebook
//! "Deck Construction" (60 cards, the 6-by-10 rule, wild and semi-wild cards, five per title
//! per colour, the three-planet rule), "Virtual Cards", and `data/rules/RULINGS.md` R5 (the title limit), D1 (doubled
//! starters), D2 (objectives), D3 (titles of two-title cards) and D4 (virtual cards).

use super::*;
use crate::deck::decklist::{ListFormat, parse_list};
use crate::deck::resolve::Resolver;
use crate::deck::test_catalogue;

const LIGHT: &str = include_str!("../../../examples/decks/light.txt");
const DARK: &str = include_str!("../../../examples/decks/dark.txt");
const LIGHT_STARTER: &str = include_str!("../../../examples/decks/starter-style-light.txt");

fn run(text: &str, rules: &str, starter: bool) -> Report {
    let list = parse_list("deck.txt", text, Some(ListFormat::Text)).unwrap();
    let deck = Resolver::new(test_catalogue()).resolve(&list);
    check(
        &list,
        &deck,
        test_catalogue(),
        &RulesSet::named(rules).unwrap(),
        starter,
    )
}

fn standard(text: &str) -> Report {
    run(text, "standard", false)
}

/// `text` with the first line equal to `from` replaced by `to` (which may be several lines).
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(
        text.lines().any(|l| l == from),
        "no line `{from}` in the deck"
    );
    let mut done = false;
    text.lines()
        .map(|l| {
            if !done && l == from {
                done = true;
                to.to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn codes(report: &Report) -> Vec<Code> {
    report.violations.iter().map(|v| v.code).collect()
}

fn colour(report: &Report, c: DotColour) -> &ColourReport {
    &report.colours[c as usize]
}

#[test]
fn the_example_decks_are_legal() {
    for (text, side) in [(LIGHT, Side::Light), (DARK, Side::Dark)] {
        let report = standard(text);
        assert_eq!(report.verdict, Verdict::Legal, "{:#?}", report.violations);
        assert_eq!(report.side, Some(side));
        assert_eq!(report.cards, 60);
        assert_eq!(report.assignment, AssignmentKind::Legal);
        for fill in &report.colours {
            assert_eq!(fill.count, 10, "{}", fill.colour);
            assert!(fill.cards.iter().filter(|s| s.wild).count() <= 1);
        }
    }
    // Each deck's wild card fills red, the one colour with nine cards of its own.
    let light = standard(LIGHT);
    let red = colour(&light, DotColour::Red);
    let wild: Vec<&str> = red
        .cards
        .iter()
        .filter(|s| s.wild)
        .map(|s| s.id.as_str())
        .collect();
    assert_eq!(wild, ["EDM-P1"]);
}

#[test]
fn fifty_nine_and_sixty_one_cards_are_illegal() {
    // "Deck Construction": exactly ten cards of each colour, 60 in all.
    let short = standard(&edit(LIGHT, "1 Ishi Tib, Warrior", ""));
    assert_eq!(short.verdict, Verdict::Illegal);
    assert_eq!(codes(&short), [Code::DeckSize, Code::ColourShort]);
    assert_eq!(short.violations[0].actual.as_deref(), Some("59"));
    assert_eq!(short.violations[0].allowed.as_deref(), Some("60"));
    assert_eq!(short.violations[1].colour, Some(DotColour::Red));
    // With 61 cards the wild Qui-Gon Jinn has nowhere to go: red already has ten.
    let long = standard(&edit(LIGHT, "1 Ishi Tib, Warrior", "2 Ishi Tib, Warrior"));
    assert_eq!(codes(&long), [Code::DeckSize, Code::NoWildSlot]);
    assert_eq!(
        long.violations[1].message,
        "EDM-P1 (Qui-Gon Jinn, Jedi Protector) has no place: every colour it could fill (red, orange, blue, yellow, green, purple) already has 10 cards or its one wild card"
    );
}

#[test]
fn purple_overflow_is_explained() {
    // Twelve purple cards and eight yellow: no wild card can move either.
    let text = edit(
        &edit(
            LIGHT,
            "2 Naboo Starfighter (DM)",
            "4 Naboo Starfighter (DM)",
        ),
        "2 We're Not In Trouble Yet",
        "",
    );
    let report = standard(&text);
    assert_eq!(codes(&report), [Code::ColourShort, Code::ColourOver]);
    let messages: Vec<&str> = report
        .violations
        .iter()
        .map(|v| v.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "yellow has 8 yellow-dot cards and a colour takes only one wild card, so it cannot reach 10",
            "purple has 12 purple-dot cards and no wild card can leave it",
        ]
    );
    assert_eq!(colour(&report, DotColour::Purple).count, 12);
    assert_eq!(report.assignment, AssignmentKind::Closest);
}

#[test]
fn an_objective_can_be_the_sixtieth_card() {
    // RULINGS.md D2: an Objective is wild at orange, yellow and purple and counts in the 60.
    // BP-29 is the light side Boonta Eve Classic.
    let text = edit(
        LIGHT,
        "2 We're Not In Trouble Yet",
        "1 We're Not In Trouble Yet\n1 BP-29",
    );
    let report = standard(&text);
    assert_eq!(report.verdict, Verdict::Legal, "{:#?}", report.violations);
    let yellow = colour(&report, DotColour::Yellow);
    assert!(yellow.cards.iter().any(|s| s.id == "BP-29" && s.wild));
}

#[test]
fn two_objectives_are_one_too_many() {
    // RULINGS.md D2: at most one Objective.
    let text = edit(LIGHT, "2 We're Not In Trouble Yet", "2 BP-29");
    let report = standard(&text);
    assert_eq!(report.verdict, Verdict::Illegal);
    let objectives = report
        .violations
        .iter()
        .find(|v| v.code == Code::Objectives)
        .expect("an objectives violation");
    assert_eq!(objectives.actual.as_deref(), Some("2"));
    assert_eq!(objectives.allowed.as_deref(), Some("1"));
}

#[test]
fn a_mixed_side_deck_is_illegal() {
    // A deck is of one side; DM-119 is the dark side Blaster.
    let text = edit(LIGHT, "3 Blaster (DM)", "2 Blaster (DM)\n1 DM-119");
    let report = standard(&text);
    assert_eq!(codes(&report), [Code::MixedSides]);
    assert_eq!(report.violations[0].cards, ["DM-119"]);
    assert_eq!(
        report.violations[0].message,
        "the list declares a light side deck, but 1 card is dark side: DM-119"
    );
}

#[test]
fn the_three_planet_rule_alone_can_fail() {
    // Swap the Naboo location for Bravo 1, another purple card: counts stay right.
    let text = edit(
        LIGHT,
        "2 Naboo • Theed Palace",
        "2 Bravo 1, Naboo Starfighter",
    );
    let report = standard(&text);
    assert_eq!(codes(&report), [Code::ThreePlanet]);
    assert_eq!(
        report.violations[0].message,
        "the deck has no Naboo location; the purple cards must include a location of Tatooine, Coruscant and Naboo"
    );
    assert_eq!(
        report.violations[0].actual.as_deref(),
        Some("purple locations: tatooine, coruscant")
    );
}

#[test]
fn six_of_a_title_in_one_colour_break_the_limit() {
    // Five per title per colour, subtitles ignored: three Young Jedi and three Jedi
    // Padawan Obi-Wans are six `Obi-Wan Kenobi` in red.
    let text = edit(
        &edit(
            LIGHT,
            "2 Mace Windu, Jedi Master",
            "3 Obi-Wan Kenobi, Jedi Padawan",
        ),
        "1 Ishi Tib, Warrior",
        "",
    );
    let report = standard(&text);
    assert_eq!(codes(&report), [Code::TitleLimit]);
    let v = &report.violations[0];
    assert_eq!(v.colour, Some(DotColour::Red));
    assert_eq!(v.cards, ["DM-1", "DM-33"]);
    assert_eq!(
        v.message,
        "`Obi-Wan Kenobi`: 6 cards in red (3 DM-1, 3 DM-33), and a colour may hold at most 5 cards of one title (subtitles do not count); all 6 have only a red dot, so none can count in another colour"
    );
    assert_eq!(
        (v.actual.as_deref(), v.allowed.as_deref()),
        (Some("6"), Some("5"))
    );
    // The decipher rules have no title limit.
    assert_eq!(run(&text, "decipher", false).verdict, Verdict::Legal);
}

#[test]
fn a_wild_card_counts_toward_the_title_of_the_colour_it_fills() {
    // Five Qui-Gon Jinn in red plus the wild Qui-Gon Jinn, Jedi Protector, which can only go
    // to red (the one short colour): six Qui-Gons in red.
    let text = edit(
        &edit(
            LIGHT,
            "3 Qui-Gon Jinn, Jedi Master",
            "5 Qui-Gon Jinn, Jedi Master",
        ),
        "2 Mace Windu, Jedi Master",
        "",
    );
    let report = standard(&text);
    assert_eq!(codes(&report), [Code::TitleLimit]);
    assert_eq!(report.violations[0].cards, ["DM-2", "EDM-P1"]);
    assert_eq!(
        report.violations[0].message,
        "`Qui-Gon Jinn`: 6 cards in red (5 DM-2, 1 EDM-P1), and a colour may hold at most 5 cards of one title (subtitles do not count); 5 of them have only a red dot, so they cannot count in another colour; red has only 9 cards with a red dot, so it needs a wild card to reach 10, and the only wild card that can fill red is EDM-P1 (Qui-Gon Jinn, Jedi Protector), one more `Qui-Gon Jinn`"
    );
    assert_eq!(run(&text, "decipher", false).verdict, Verdict::Legal);
}

#[test]
fn a_title_over_the_limit_says_why_no_wild_card_can_help() {
    // Rulebook "Deck Construction" (one wild card per colour) and RULINGS.md D2 (an
    // Objective is a wild card): red needs a wild card, the only one that can fill red is a sixth Qui-Gon
    // Jinn, and the Objective can go only to orange, yellow or purple.
    let text = edit(
        &edit(
            &edit(
                LIGHT,
                "3 Qui-Gon Jinn, Jedi Master",
                "5 Qui-Gon Jinn, Jedi Master",
            ),
            "2 Mace Windu, Jedi Master",
            "",
        ),
        "2 Naboo Starfighter (DM)",
        "1 Naboo Starfighter (DM)\n1 Boonta Eve Classic",
    );
    let report = standard(&text);
    assert_eq!(
        codes(&report),
        [Code::TitleLimit],
        "{:#?}",
        report.violations
    );
    assert_eq!(
        report.violations[0].message,
        "`Qui-Gon Jinn`: 6 cards in red (5 DM-2, 1 EDM-P1), and a colour may hold at most 5 cards of one title (subtitles do not count); 5 of them have only a red dot, so they cannot count in another colour; red has only 9 cards with a red dot, so it needs a wild card to reach 10, and the only wild card that can fill red is EDM-P1 (Qui-Gon Jinn, Jedi Protector), one more `Qui-Gon Jinn`; BP-29 (Boonta Eve Classic) is an Objective and can fill only orange, yellow or purple"
    );
}

#[test]
fn virtual_cards_follow_the_rules_set() {
    // "Virtual Cards": V1-JC-39 (Obi-Wan Kenobi, Jedi Warrior, virtual) is red and keeps its
    // original's title, so with three Young Jedi Obi-Wans it makes four, within the limit.
    let text = edit(LIGHT, "1 Ishi Tib, Warrior", "1 V1-JC-39");
    assert_eq!(standard(&text).verdict, Verdict::Legal);
    let report = run(&text, "decipher", false);
    assert_eq!(codes(&report), [Code::VirtualNotAllowed]);
    assert_eq!(report.violations[0].cards, ["V1-JC-39"]);
}

#[test]
fn unresolved_lines_stop_the_verdict() {
    let text = edit(LIGHT, "1 Ishi Tib, Warrior", "1 Ishi Tibb, Warior");
    let report = standard(&text);
    assert_eq!(report.verdict, Verdict::Unresolved);
    assert_eq!(codes(&report), [Code::UnknownCard]);
    let v = &report.violations[0];
    assert_eq!(v.line, Some(11));
    assert_eq!(
        v.message,
        "deck.txt, line 11: no card matches `Ishi Tibb, Warior`; did you mean DM-27 (Ishi Tib, Warrior)?"
    );
    // Without every card known, the 60-card and colour checks do not run.
    assert!(report.colours.is_empty());
    assert_eq!(report.assignment, AssignmentKind::None);
}

#[test]
fn a_card_with_unknown_dots_is_reported_not_guessed() {
    // DM-116 (STAP) has no known dots in the catalogue yet.
    let card = test_catalogue().get("DM-116").unwrap();
    assert!(
        card.dots.is_none(),
        "DM-116 now has dots; pick another card"
    );
    // Its colour decides the 6-by-10 rule, so the verdict cannot be decided, and no colour
    // count built on a guess is shown.
    let report = standard(&edit(DARK, "2 Blaster (DM)", "1 Blaster (DM)\n1 DM-116"));
    assert_eq!(codes(&report), [Code::UnknownDots]);
    assert_eq!(report.verdict, Verdict::Undecided);
    assert!(report.colours.is_empty());
    assert_eq!(
        report.violations[0].message,
        "DM-116 (STAP): the catalogue does not know its deck-building dot yet, so whether the deck meets the 6-by-10 rule cannot be decided; check the printed card"
    );
    // A rule broken whatever the dot is still makes the deck illegal.
    let report = standard(&edit(DARK, "2 Blaster (DM)", "3 DM-116"));
    assert_eq!(codes(&report), [Code::UnknownDots, Code::DeckSize]);
    assert_eq!(report.verdict, Verdict::Illegal);
}

#[test]
fn starter_decks_have_five_per_colour() {
    let report = run(LIGHT_STARTER, "standard", true);
    assert_eq!(report.verdict, Verdict::Legal, "{:#?}", report.violations);
    assert_eq!(report.required, 30);
    assert!(report.colours.iter().all(|c| c.count == 5));
    // As a full deck it is 30 cards short.
    let full = standard(LIGHT_STARTER);
    assert_eq!(full.violations[0].code, Code::DeckSize);
}

#[test]
fn two_identical_starter_decks_make_a_deck_under_decipher_only() {
    // The rulebook: any two starter decks of one side make a legal deck; the five-per-title
    // rule (standard) forbids doubling a deck with three of a title in one colour.
    let doubled = format!("{LIGHT_STARTER}\n{LIGHT_STARTER}");
    assert_eq!(run(&doubled, "decipher", false).verdict, Verdict::Legal);
    let report = standard(&doubled);
    assert_eq!(codes(&report), [Code::TitleLimit]);
    assert_eq!(report.violations[0].actual.as_deref(), Some("6"));
}

#[test]
fn every_report_names_its_rules() {
    assert_eq!(standard(LIGHT).rules, "standard");
    let report = run(LIGHT, "decipher", false);
    assert_eq!(report.rules, "decipher");
    assert!(report.rules_description.contains("no title limit"));
}

#[test]
fn absurd_quantities_fail_the_size_rule_without_trouble() {
    let report = standard("side: dark\n4000000000 DM-71\n4000000000 DM-72\n3 DM-107\n");
    assert_eq!(codes(&report), [Code::DeckSize]);
    assert_eq!(report.cards, 8_000_000_003);
    assert!(report.colours.is_empty());
}

#[test]
fn an_armed_and_dangerous_card_counts_toward_its_character_title() {
    // RULINGS.md D3: a card counts toward every title
    // printed on it, and "Subtitles are ignored for deck construction" (rulebook "The 6-By-10
    // Rule"). RF-A3 "Adi Gallia, Corellian Jedi Master & Adi Gallia's Lightsaber" is an
    // `Adi Gallia` card: five JC-13 Adi Gallia and RF-A3, all red, are six in red.
    let five = edit(
        &edit(
            LIGHT,
            "3 Qui-Gon Jinn, Jedi Master",
            "5 Adi Gallia, Corellian Jedi Master",
        ),
        "2 Mace Windu, Jedi Master",
        "",
    );
    assert_eq!(standard(&five).verdict, Verdict::Legal);
    let report = standard(&edit(&five, "1 Ishi Tib, Warrior", "1 RF-A3"));
    assert_eq!(
        codes(&report),
        [Code::TitleLimit],
        "{:#?}",
        report.violations
    );
    let v = &report.violations[0];
    assert_eq!(v.colour, Some(DotColour::Red));
    assert_eq!(v.cards, ["JC-13", "RF-A3"]);
    assert_eq!(
        v.message,
        "`Adi Gallia`: 6 cards in red (5 JC-13, 1 RF-A3), and a colour may hold at most 5 cards of one title (subtitles do not count); all 6 have only a red dot, so none can count in another colour; RF-A3 (Adi Gallia, Corellian Jedi Master & Adi Gallia's Lightsaber) prints two titles, `Adi Gallia` and `Adi Gallia's Lightsaber`, and counts as each"
    );
}

#[test]
fn every_title_of_a_two_part_card_is_a_title_of_the_game() {
    // The halves of Armed & Dangerous, Combo Battle and Double Impact cards are printed as
    // `Title, Subtitle` or `Title`; each must count toward the bare title the other cards of
    // that name carry, or the five-per-title rule misses them.
    let two_part = |c: &Card| {
        matches!(
            c.card_type,
            CardType::ArmedAndDangerous | CardType::ComboBattle | CardType::DoubleImpact
        )
    };
    let catalogue = test_catalogue();
    let titles: Vec<String> = catalogue
        .cards()
        .iter()
        .filter(|c| !two_part(c))
        .map(|c| title_key(&c.title))
        .collect();
    let mut checked = 0;
    for card in catalogue.cards().iter().filter(|c| two_part(c)) {
        let mut interned = Titles::default();
        let ids = title_ids(card, catalogue, &mut interned);
        assert_eq!(ids.len(), 2, "{}", card.id);
        for id in ids {
            let name = interned.name(id);
            assert!(
                titles.contains(&title_key(name)),
                "{} counts toward `{name}`, which no other card is titled",
                card.id
            );
        }
        checked += 1;
    }
    assert!(checked >= 40, "{checked} two-part cards");
}

#[test]
fn a_virtual_card_needs_its_original_s_set_to_be_legal() {
    // "Virtual Cards": a virtual card is sleeved with its original, whose card number it must
    // match, so it plays only where the original could. Rules for a Menace of Darth Maul
    // event (DM and EDM) with virtual cards allowed still refuse V1-JC-39, a JC-39.
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/rules/standard.toml"
    ));
    let sets = text
        .lines()
        .find(|l| l.starts_with("sets = "))
        .expect("a sets line");
    let rules = RulesSet::parse(
        "dm-event.toml",
        &text.replace(sets, "sets = [\"DM\", \"EDM\"]"),
    )
    .unwrap();
    assert!(rules.virtual_cards);
    let list = parse_list(
        "deck.txt",
        &edit(LIGHT, "1 Ishi Tib, Warrior", "1 V1-JC-39"),
        Some(ListFormat::Text),
    )
    .unwrap();
    let deck = Resolver::new(test_catalogue()).resolve(&list);
    let report = check(&list, &deck, test_catalogue(), &rules, false);
    assert_eq!(
        codes(&report),
        [Code::SetNotAllowed],
        "{:#?}",
        report.violations
    );
    let v = &report.violations[0];
    assert_eq!(v.cards, ["V1-JC-39", "JC-39"]);
    assert_eq!(
        v.message,
        "V1-JC-39 (Obi-Wan Kenobi, Jedi Warrior) is a virtual card sleeved with JC-39, from The Jedi Council, which the standard rules do not allow"
    );
}

#[test]
fn a_list_with_no_card_lines_says_so_once() {
    // An empty file (or one of comments only) is one problem, not ten: a judge reading the
    // report must see "no card lines", not six empty colours and three missing planets.
    let report = standard("# my deck\nname: Empty\nCharacters:\n");
    assert_eq!(report.verdict, Verdict::Illegal);
    assert_eq!(codes(&report), [Code::DeckSize]);
    let v = &report.violations[0];
    assert_eq!(
        v.message,
        "the list has no card lines; a deck must have exactly 60 cards"
    );
    assert_eq!(
        (v.actual.as_deref(), v.allowed.as_deref()),
        (Some("0"), Some("60"))
    );
}

#[test]
fn a_short_colour_counts_its_own_dots_apart_from_its_wild_card() {
    // Rulebook "Wild Cards": one wild card per colour. Two Objectives and one Blaster: orange
    // holds 8 orange-dot cards plus one Objective as its wild card, 9 in all. The message
    // said "orange has 8 cards" beside an actual of 9; it must say which cards it counts.
    let text = edit(
        LIGHT,
        "3 Blaster (DM)",
        "1 Blaster (DM)\n2 Boonta Eve Classic",
    );
    let report = standard(&text);
    let short = report
        .violations
        .iter()
        .find(|v| v.code == Code::ColourShort)
        .expect("orange is short");
    assert_eq!(
        short.message,
        "orange has 8 orange-dot cards and a colour takes only one wild card, so it cannot reach 10"
    );
    assert_eq!(short.actual.as_deref(), Some("9"));
}
