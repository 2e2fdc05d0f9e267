//! `yj deck` reports that explain themselves (issue 14): what a judge or a player reads
//! around the verdict. Each test runs the real binary and asserts the whole output.

mod common;

use common::Scratch;

/// An example decklist's text (`examples/decks/NAME`).
macro_rules! example {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/decks/",
            $name
        ))
    };
}

/// Runs `yj ARGS` in the scratch directory and asserts the exit code and the whole output:
/// stdout as given, stderr empty (every report here is on stdout).
#[track_caller]
fn expect(s: &Scratch, args: &[&str], code: i32, stdout: &str) {
    let r = s.run(args);
    assert_eq!(r.code, code, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    assert_eq!(r.stdout, stdout, "stdout differs; got:\n{}", r.stdout);
    assert_eq!(r.stderr, "", "stderr");
}

const LIGHT: &str = example!("light.txt");
const DARK: &str = example!("dark.txt");
const VIRTUAL: &str = example!("light-virtual.txt");
const STARTER_LIGHT: &str = example!("dm-starter-light.txt");
const STARTER_DARK: &str = example!("dm-starter-dark.txt");

/// A list's card and comment lines without its `name:` line (to double a starter deck: a
/// list naming itself twice with two names is refused).
fn without_name(text: &str) -> String {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with("name:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `text` with its first line equal to `from` replaced by `to`.
#[track_caller]
fn edit(text: &str, from: &str, to: &str) -> String {
    let mut done = false;
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            if !done && l == from {
                done = true;
                to.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(done, "no line `{from}`");
    out.join("\n") + "\n"
}

/// dark.txt with one Blaster (DM) replaced by DM-116 (STAP), a card whose deck-building dot
/// the catalogue does not know yet (data/cards/NOTES.md).
fn dark_with_stap() -> String {
    edit(DARK, "2 Blaster (DM)", "1 Blaster (DM)\n1 DM-116")
}

/// dark.txt with one of its Darth Sidious a foil and its Wattos Reflections reprints: other
/// printings of the same cards, so the same deck (hash 1277b90dd76a693f).
fn dark_with_foils() -> String {
    edit(
        &edit(
            DARK,
            "2 Darth Sidious, Sith Master",
            "1 Darth Sidious, Sith Master\n1 Darth Sidious, Sith Master (foil)",
        ),
        "2 Watto, Slave Owner",
        "2 Watto, Slave Owner (RF)",
    )
}

#[test]
fn comments_are_cut_after_a_hash_or_double_slash_even_without_a_space() {
    // README "Decks": comments after `#` or `//` are ignored; no card name holds either.
    let s = Scratch::new();
    let text = edit(
        &edit(LIGHT, "3 Blaster (DM)", "3 DM-45 Blaster#the good ones"),
        "2 Blaster Rifle (DM)",
        "2 DM-46//rifles",
    );
    s.write("d.txt", &text);
    expect(
        &s,
        &["deck", "check", "--brief", "d.txt"],
        0,
        "d.txt: legal\n1 deck checked: 1 legal, 0 illegal, 0 unresolved, 0 unreadable\n",
    );
}
#[test]
fn an_id_with_another_cards_name_says_which_card_each_is() {
    // The issue's example: DM-1 is Obi-Wan Kenobi, Young Jedi; the name is DM-2's.
    let s = Scratch::new();
    s.write(
        "d.txt",
        &edit(
            LIGHT,
            "3 Obi-Wan Kenobi, Young Jedi",
            "3 DM-1 Qui-Gon Jinn, Jedi Master",
        ),
    );
    expect(
        &s,
        &["deck", "check", "d.txt"],
        1,
        r#"d.txt: unresolved deck under the standard rules
Jedi and Gungans, light side, 57 cards on the lines that resolved
┌──────────────────┬────────────────────────────────────────────────────────────┬────────┬─────────┐
│ Code             ┆ Problem                                                    ┆ Actual ┆ Allowed │
╞══════════════════╪════════════════════════════════════════════════════════════╪════════╪═════════╡
│ id-name-mismatch ┆ d.txt, line 8: `DM-1 Qui-Gon Jinn, Jedi Master`: DM-1 is   ┆        ┆         │
│                  ┆ Obi-Wan Kenobi, Young Jedi; the name is DM-2's; write the  ┆        ┆         │
│                  ┆ id or the name of the card you mean                        ┆        ┆         │
└──────────────────┴────────────────────────────────────────────────────────────┴────────┴─────────┘
1 deck checked: 0 legal, 0 illegal, 1 unresolved, 0 unreadable
"#,
    );
}

#[test]
fn a_side_line_the_cards_contradict_is_said_once_and_the_deck_keeps_its_side() {
    // The dark starter deck with `side: light`: shared location names stay dark, the header
    // says dark side, and one line says the side line is wrong.
    let s = Scratch::new();
    s.write(
        "d.txt",
        &format!("side: light\n{}", without_name(STARTER_DARK)),
    );
    expect(
        &s,
        &["deck", "check", "--starter", "d.txt"],
        1,
        r#"d.txt: illegal starter deck under the standard rules
(unnamed), dark side, 30 of 30 cards
┌────────┬───────┬──────────────────────────────────────────────┐
│ Colour ┆ Cards ┆ Assigned                                     │
╞════════╪═══════╪══════════════════════════════════════════════╡
│ red    ┆ 5/5   ┆ 4 DM-105 Neimoidian, Trade Federation Pilot  │
│        ┆       ┆ 1 DM-106 Darth Maul, Sith Lord               │
│ orange ┆ 5/5   ┆ 2 DM-119 Blaster                             │
│        ┆       ┆ 3 DM-120 Blaster Rifle                       │
│ blue   ┆ 5/5   ┆ 5 DM-99 Battle Droid: Infantry, MTT Division │
│ yellow ┆ 5/5   ┆ 5 DM-125 In Complete Control                 │
│ green  ┆ 5/5   ┆ 5 DM-104 Battle Droid: Officer, AAT Division │
│ purple ┆ 5/5   ┆ 3 DM-135 Tatooine • Desert Landing Site      │
│        ┆       ┆ 1 DM-136 Coruscant • Jedi Council Chamber    │
│        ┆       ┆ 1 DM-137 Naboo • Gungan Swamp                │
└────────┴───────┴──────────────────────────────────────────────┘
┌───────────────┬───────────────────────────────────────────────────────┬─────────────┬────────────┐
│ Code          ┆ Problem                                               ┆ Actual      ┆ Allowed    │
╞═══════════════╪═══════════════════════════════════════════════════════╪═════════════╪════════════╡
│ side-mismatch ┆ the list's side line says light, but all 30 cards are ┆ side: light ┆ side: dark │
│               ┆ dark side; correct the side line                      ┆             ┆            │
└───────────────┴───────────────────────────────────────────────────────┴─────────────┴────────────┘
1 deck checked: 0 legal, 1 illegal, 0 unresolved, 0 unreadable
"#,
    );
}

#[test]
fn a_card_of_unknown_dot_makes_the_verdict_cannot_be_decided() {
    // DM-116 (STAP) has no dot in the catalogue yet (data/cards/NOTES.md): no colour count
    // built on a guess, the verdict `cannot be decided`, and the problem code unknown-dots.
    let s = Scratch::new();
    s.write("d.txt", &dark_with_stap());
    s.write("dark.txt", DARK);
    expect(
        &s,
        &["deck", "check", "d.txt"],
        1,
        r#"d.txt: deck that cannot be decided under the standard rules
Sith and Droids, dark side, 60 of 60 cards
┌──────────────┬───────────────────────────────────────────────────────┬─────────────┬─────────────┐
│ Code         ┆ Problem                                               ┆ Actual      ┆ Allowed     │
╞══════════════╪═══════════════════════════════════════════════════════╪═════════════╪═════════════╡
│ unknown-dots ┆ DM-116 (STAP): the catalogue does not know its        ┆ dot unknown ┆ a known dot │
│              ┆ deck-building dot yet, so whether the deck meets the  ┆             ┆             │
│              ┆ 6-by-10 rule cannot be decided; check the printed     ┆             ┆             │
│              ┆ card                                                  ┆             ┆             │
└──────────────┴───────────────────────────────────────────────────────┴─────────────┴─────────────┘
1 deck checked: 0 legal, 0 illegal, 1 cannot be decided, 0 unresolved, 0 unreadable
"#,
    );
    expect(
        &s,
        &["deck", "check", "--brief", "d.txt", "dark.txt"],
        1,
        r#"d.txt: cannot be decided (unknown-dots)
dark.txt: legal
2 decks checked: 1 legal, 0 illegal, 1 cannot be decided, 0 unresolved, 0 unreadable
"#,
    );
}

#[test]
fn a_subtitle_less_name_is_settled_only_by_side_and_colour() {
    // `Gungan Guard` is DM-24 (green) and the title of BN-29 (blue): ambiguous. `Qui-Gon
    // Jinn's Lightsaber` is JC-40 and the title of DF-12, both light orange: taken as JC-40,
    // and the report says so.
    let s = Scratch::new();
    s.write(
        "d.txt",
        &edit(
            &edit(LIGHT, "2 Gungan Soldier, Scout", "2 Gungan Guard"),
            "2 Jedi Lightsaber, Constructed by Ki-Adi-Mundi",
            "2 Qui-Gon Jinn's Lightsaber",
        ),
    );
    expect(
        &s,
        &["deck", "check", "d.txt"],
        1,
        r#"d.txt: unresolved deck under the standard rules
Jedi and Gungans, light side, 58 cards on the lines that resolved
note: line 26: `Qui-Gon Jinn's Lightsaber` is the whole name of JC-40 and the title of DF-12 (Qui-Gon Jinn's Lightsaber, Wielded by Obi-Wan Kenobi); all are light side and orange, so the verdict is the same either way: took JC-40, the card of that whole name (write the id to choose)
┌────────────────┬──────────────────────────────────────────────────────────┬────────┬─────────┐
│ Code           ┆ Problem                                                  ┆ Actual ┆ Allowed │
╞════════════════╪══════════════════════════════════════════════════════════╪════════╪═════════╡
│ ambiguous-card ┆ d.txt, line 20: `Gungan Guard` matches 2 cards: DM-24    ┆        ┆         │
│                ┆ (Gungan Guard), BN-29 (Gungan Guard, Lookout); write the ┆        ┆         │
│                ┆ card id, or add the set as in `Blaster (DM)`             ┆        ┆         │
└────────────────┴──────────────────────────────────────────────────────────┴────────┴─────────┘
1 deck checked: 0 legal, 0 illegal, 1 unresolved, 0 unreadable
"#,
    );
}

#[test]
fn names_with_a_finish_or_a_set_in_brackets_resolve() {
    // BN-71 has a foil (F10); EDM-P1 has a Reflections reprint (7_7) and JC-2 shares its name;
    // DM-1 has no foil printing (catalogue printings.csv).
    let s = Scratch::new();
    s.write(
        "a.txt",
        r#"side: light
1 EDM-P1
"#,
    );
    s.write(
        "b.txt",
        r#"side: light
1 Qui-Gon Jinn, Jedi Protector (RF)
"#,
    );
    s.write(
        "c.txt",
        r#"side: dark
2 BN-71
"#,
    );
    s.write(
        "d.txt",
        r#"side: dark
1 Darth Maul, Dark Lord of the Sith (foil)
1 Darth Maul, Dark Lord of the Sith [Foil]
"#,
    );
    s.write(
        "e.txt",
        r#"side: light
1 Obi-Wan Kenobi, Young Jedi (foil)
"#,
    );
    expect(
        &s,
        &["deck", "diff", "a.txt", "b.txt"],
        0,
        r#"A: a.txt (1 card, deck hash c3e9e45ad6912cc2)
B: b.txt (1 card, deck hash c3e9e45ad6912cc2)
printing: EDM-P1 Qui-Gon Jinn, Jedi Protector: A 1 regular; B 1 Reflections reprint (the same cards, so the same deck)
the two lists are the same deck
"#,
    );
    expect(
        &s,
        &["deck", "diff", "c.txt", "d.txt"],
        0,
        r#"A: c.txt (2 cards, deck hash b94c41e1f13b3117)
B: d.txt (2 cards, deck hash b94c41e1f13b3117)
printing: BN-71 Darth Maul, Dark Lord of the Sith: A 2 regular; B 2 foil (the same cards, so the same deck)
the two lists are the same deck
"#,
    );
    expect(
        &s,
        &["deck", "check", "e.txt"],
        1,
        r#"e.txt: unresolved deck under the standard rules
(unnamed), light side, 0 cards on the lines that resolved
┌──────────────┬──────────────────────────────────────────────────────────┬────────┬─────────┐
│ Code         ┆ Problem                                                  ┆ Actual ┆ Allowed │
╞══════════════╪══════════════════════════════════════════════════════════╪════════╪═════════╡
│ unknown-card ┆ e.txt, line 2: `Obi-Wan Kenobi, Young Jedi (foil)`: DM-1 ┆        ┆         │
│              ┆ (Obi-Wan Kenobi, Young Jedi) has no foil; leave out the  ┆        ┆         │
│              ┆ bracket                                                  ┆        ┆         │
└──────────────┴──────────────────────────────────────────────────────────┴────────┴─────────┘
1 deck checked: 0 legal, 0 illegal, 1 unresolved, 0 unreadable
"#,
    );
}

#[test]
fn a_list_naming_its_own_rules_says_so_in_the_header() {
    // A judge who forgot --rules sees that the list chose them.
    let s = Scratch::new();
    s.write("d.txt", &format!("rules: decipher\n{STARTER_LIGHT}"));
    expect(
        &s,
        &["deck", "check", "--starter", "d.txt"],
        0,
        r#"d.txt: legal starter deck, checked under the decipher rules, as the list asks
Menace of Darth Maul starter deck (light), light side, 30 of 30 cards
┌────────┬───────┬──────────────────────────────────────┐
│ Colour ┆ Cards ┆ Assigned                             │
╞════════╪═══════╪══════════════════════════════════════╡
│ red    ┆ 5/5   ┆ 4 DM-30 Jawa, Bargainer              │
│        ┆       ┆ 1 DM-33 Obi-Wan Kenobi, Jedi Padawan │
│ orange ┆ 5/5   ┆ 2 DM-45 Blaster                      │
│        ┆       ┆ 3 DM-46 Blaster Rifle                │
│ blue   ┆ 5/5   ┆ 5 DM-31 Royal Guard, Leader          │
│ yellow ┆ 5/5   ┆ 5 DM-58 Security Volunteers          │
│ green  ┆ 5/5   ┆ 5 DM-32 Royal Guard, Veteran         │
│ purple ┆ 5/5   ┆ 3 DM-65 Tatooine • Podrace Arena     │
│        ┆       ┆ 1 DM-66 Coruscant • Capital City     │
│        ┆       ┆ 1 DM-67 Naboo • Theed Palace         │
└────────┴───────┴──────────────────────────────────────┘
1 deck checked: 1 legal, 0 illegal, 0 unresolved, 0 unreadable
"#,
    );
}

#[test]
fn the_sheet_marks_foils_reprints_and_virtual_cards_and_keeps_the_hash() {
    // The hash is the deck: dark.txt with a foil Sidious and Reflections Wattos hashes as
    // dark.txt (1277b90dd76a693f).
    let s = Scratch::new();
    s.write("foils.txt", &dark_with_foils());
    s.write("virtual.txt", VIRTUAL);
    expect(
        &s,
        &["deck", "sheet", "foils.txt"],
        0,
        r#"registration sheet: Sith and Droids, dark side
file: foils.txt; rules: standard; verdict: legal
deck hash: 1277b90dd76a693f
┌────────┬─────┬────────┬────────────────────────────────────────────────┐
│ Colour ┆ Qty ┆ Id     ┆ Card                                           │
╞════════╪═════╪════════╪════════════════════════════════════════════════╡
│ red    ┆ 2   ┆ DM-71  ┆ Darth Maul, Sith Apprentice                    │
│        ┆ 2   ┆ DM-72  ┆ Darth Sidious, Sith Master (1 foil, 1 regular) │
│        ┆ 2   ┆ DM-75  ┆ Aurra Sing, Bounty Hunter                      │
│        ┆ 2   ┆ DM-88  ┆ Trade Federation Tank, Armored Division        │
│        ┆ 1   ┆ DM-106 ┆ Darth Maul, Sith Lord                          │
│        ┆ 1   ┆ EDM-P4 ┆ Darth Maul, Sith Assassin (wild)               │
│        ┆ 10  ┆        ┆ red total (of 10)                              │
│ orange ┆ 3   ┆ DM-107 ┆ Sith Lightsaber                                │
│        ┆ 2   ┆ DM-108 ┆ Aurra Sing's Blaster Rifle                     │
│        ┆ 3   ┆ DM-118 ┆ Battle Droid Blaster Rifle                     │
│        ┆ 2   ┆ DM-119 ┆ Blaster                                        │
│        ┆ 10  ┆        ┆ orange total (of 10)                           │
│ blue   ┆ 2   ┆ DM-73  ┆ Sebulba, Bad-Tempered Dug                      │
│        ┆ 2   ┆ DM-74  ┆ Watto, Slave Owner (Reflections reprint)       │
│        ┆ 2   ┆ DM-90  ┆ Destroyer Droid, Defense Droid                 │
│        ┆ 2   ┆ DM-97  ┆ Battle Droid: Pilot, MTT Division              │
│        ┆ 2   ┆ DM-99  ┆ Battle Droid: Infantry, MTT Division           │
│        ┆ 10  ┆        ┆ blue total (of 10)                             │
│ yellow ┆ 2   ┆ DM-121 ┆ At Last We Will Have Revenge                   │
│        ┆ 2   ┆ DM-122 ┆ Begin Landing Your Troops                      │
│        ┆ 2   ┆ DM-125 ┆ In Complete Control                            │
│        ┆ 2   ┆ DM-129 ┆ Sandstorm                                      │
│        ┆ 2   ┆ DM-131 ┆ The Invasion Is On Schedule                    │
│        ┆ 10  ┆        ┆ yellow total (of 10)                           │
│ green  ┆ 2   ┆ DM-92  ┆ Pit Droid, Engineer                            │
│        ┆ 2   ┆ DM-93  ┆ Pit Droid, Heavy Lifter                        │
│        ┆ 2   ┆ DM-95  ┆ Tusken Raider, Nomad                           │
│        ┆ 2   ┆ DM-101 ┆ Battle Droid: Pilot, AAT Division              │
│        ┆ 2   ┆ DM-104 ┆ Battle Droid: Officer, AAT Division            │
│        ┆ 10  ┆        ┆ green total (of 10)                            │
│ purple ┆ 2   ┆ DM-135 ┆ Tatooine • Desert Landing Site                 │
│        ┆ 2   ┆ DM-136 ┆ Coruscant • Jedi Council Chamber               │
│        ┆ 2   ┆ DM-137 ┆ Naboo • Gungan Swamp                           │
│        ┆ 2   ┆ DM-139 ┆ Droid Starfighter                              │
│        ┆ 2   ┆ DM-140 ┆ Battleship, Trade Federation Transport         │
│        ┆ 10  ┆        ┆ purple total (of 10)                           │
└────────┴─────┴────────┴────────────────────────────────────────────────┘
total: 60 cards
"#,
    );
    expect(
        &s,
        &["deck", "sheet", "virtual.txt"],
        0,
        r#"registration sheet: Jedi and Gungans, virtually, light side
file: virtual.txt; rules: standard; verdict: legal
deck hash: 176435b2a54006c4
┌────────┬─────┬──────────┬──────────────────────────────────────────────┐
│ Colour ┆ Qty ┆ Id       ┆ Card                                         │
╞════════╪═════╪══════════╪══════════════════════════════════════════════╡
│ red    ┆ 3   ┆ DM-1     ┆ Obi-Wan Kenobi, Young Jedi                   │
│        ┆ 3   ┆ DM-2     ┆ Qui-Gon Jinn, Jedi Master                    │
│        ┆ 2   ┆ DM-7     ┆ Mace Windu, Jedi Master                      │
│        ┆ 1   ┆ V1-JC-39 ┆ Obi-Wan Kenobi, Jedi Warrior (virtual)       │
│        ┆ 1   ┆ EDM-P1   ┆ Qui-Gon Jinn, Jedi Protector (wild)          │
│        ┆ 10  ┆          ┆ red total (of 10)                            │
│ orange ┆ 3   ┆ DM-34    ┆ Obi-Wan Kenobi's Lightsaber                  │
│        ┆ 2   ┆ DM-35    ┆ Jedi Lightsaber, Constructed by Ki-Adi-Mundi │
│        ┆ 3   ┆ DM-45    ┆ Blaster                                      │
│        ┆ 2   ┆ DM-46    ┆ Blaster Rifle                                │
│        ┆ 10  ┆          ┆ orange total (of 10)                         │
│ blue   ┆ 2   ┆ DM-3     ┆ Jar Jar Binks, Gungan Chuba Thief            │
│        ┆ 2   ┆ DM-10    ┆ Yoda, Jedi Master                            │
│        ┆ 2   ┆ DM-13    ┆ Boss Nass, Leader of the Gungans             │
│        ┆ 2   ┆ DM-15    ┆ Captain Tarpals, Gungan Guard                │
│        ┆ 2   ┆ DM-31    ┆ Royal Guard, Leader                          │
│        ┆ 10  ┆          ┆ blue total (of 10)                           │
│ yellow ┆ 2   ┆ DM-49    ┆ Cha Skrunee Da Pat, Sleemo                   │
│        ┆ 2   ┆ DM-51    ┆ Da Beings Hereabouts Cawazy                  │
│        ┆ 2   ┆ DM-57    ┆ I've Been Trained In Defense                 │
│        ┆ 2   ┆ DM-61    ┆ The Negotiations Were Short                  │
│        ┆ 2   ┆ DM-63    ┆ We're Not In Trouble Yet                     │
│        ┆ 10  ┆          ┆ yellow total (of 10)                         │
│ green  ┆ 2   ┆ DM-8     ┆ Queen Amidala, Ruler of Naboo                │
│        ┆ 2   ┆ DM-20    ┆ Naboo Security, Guard                        │
│        ┆ 2   ┆ DM-23    ┆ Gungan Soldier, Scout                        │
│        ┆ 2   ┆ DM-25    ┆ Gungan Warrior, Infantry                     │
│        ┆ 2   ┆ DM-26    ┆ Gungan Soldier, Veteran                      │
│        ┆ 10  ┆          ┆ green total (of 10)                          │
│ purple ┆ 2   ┆ DM-65    ┆ Tatooine • Podrace Arena                     │
│        ┆ 2   ┆ DM-66    ┆ Coruscant • Capital City                     │
│        ┆ 2   ┆ DM-67    ┆ Naboo • Theed Palace                         │
│        ┆ 2   ┆ DM-69    ┆ Naboo Starfighter                            │
│        ┆ 2   ┆ DM-70    ┆ Republic Cruiser, Transport                  │
│        ┆ 10  ┆          ┆ purple total (of 10)                         │
└────────┴─────┴──────────┴──────────────────────────────────────────────┘
total: 60 cards
"#,
    );
}

#[test]
fn diff_marks_virtual_cards_printings_and_quotes_lines_without_comments() {
    let s = Scratch::new();
    s.write("light.txt", LIGHT);
    s.write("virtual.txt", VIRTUAL);
    s.write("dark.txt", DARK);
    s.write("foils.txt", &dark_with_foils());
    s.write(
        "one.txt",
        &edit(
            LIGHT,
            "1 Ishi Tib, Warrior",
            "1 Ishi Tibb, Warior # the blue one",
        ),
    );
    expect(
        &s,
        &["deck", "diff", "light.txt", "virtual.txt"],
        1,
        r#"A: light.txt (60 cards, deck hash 81202bc76ca608e9)
B: virtual.txt (60 cards, deck hash 176435b2a54006c4)
┌──────────┬────────────────────────────────────────┬───┬───┬────────┐
│ Id       ┆ Card                                   ┆ A ┆ B ┆ Change │
╞══════════╪════════════════════════════════════════╪═══╪═══╪════════╡
│ DM-27    ┆ Ishi Tib, Warrior                      ┆ 1 ┆ 0 ┆ -1     │
│ V1-JC-39 ┆ Obi-Wan Kenobi, Jedi Warrior (virtual) ┆ 0 ┆ 1 ┆ +1     │
└──────────┴────────────────────────────────────────┴───┴───┴────────┘
2 cards differ
"#,
    );
    expect(
        &s,
        &["deck", "diff", "dark.txt", "foils.txt"],
        0,
        r#"A: dark.txt (60 cards, deck hash 1277b90dd76a693f)
B: foils.txt (60 cards, deck hash 1277b90dd76a693f)
printing: DM-72 Darth Sidious, Sith Master: A 2 regular; B 1 foil, 1 regular (the same cards, so the same deck)
printing: DM-74 Watto, Slave Owner: A 2 regular; B 2 Reflections reprints (the same cards, so the same deck)
the two lists are the same deck
"#,
    );
    expect(
        &s,
        &["deck", "diff", "light.txt", "one.txt"],
        1,
        r#"A: light.txt (60 cards, deck hash 81202bc76ca608e9)
B: one.txt (59 cards on the lines that resolved, no deck hash: 1 line unresolved)
unresolved: one.txt, line 11: `1 Ishi Tibb, Warior`: no card matches
┌───────┬───────────────────┬───┬───┬────────┐
│ Id    ┆ Card              ┆ A ┆ B ┆ Change │
╞═══════╪═══════════════════╪═══╪═══╪════════╡
│ DM-27 ┆ Ishi Tib, Warrior ┆ 1 ┆ 0 ┆ -1     │
└───────┴───────────────────┴───┴───┴────────┘
1 card differs
"#,
    );
}

#[test]
fn check_owned_says_in_the_summary_why_it_exits_1() {
    // The collection holds one light starter deck; two of them are legal under decipher but
    // need 30 more cards.
    let s = Scratch::new();
    s.write(
        "owned.txt",
        r#"4 DM-30
5 DM-31
5 DM-32
1 DM-33
2 DM-45
3 DM-46
5 DM-58
3 DM-65
1 DM-66
1 DM-67
"#,
    );
    s.write("starter.txt", STARTER_LIGHT);
    s.write(
        "doubled.txt",
        &format!("{STARTER_LIGHT}{}", without_name(STARTER_LIGHT)),
    );
    common::ok(&s.run(&["collection", "import", "owned.txt"]));
    expect(
        &s,
        &[
            "deck",
            "check",
            "--brief",
            "--owned",
            "--rules",
            "decipher",
            "doubled.txt",
        ],
        1,
        r#"doubled.txt: legal; collection `main` lacks 30 copies
1 deck checked: 1 legal, 0 illegal, 0 unresolved, 0 unreadable; collection `main` lacks 30 copies for 1 deck, which makes the exit code 1
"#,
    );
    expect(
        &s,
        &[
            "deck",
            "check",
            "--brief",
            "--owned",
            "--starter",
            "starter.txt",
        ],
        0,
        r#"starter.txt: legal; collection `main` holds every card
1 deck checked: 1 legal, 0 illegal, 0 unresolved, 0 unreadable
"#,
    );
}

#[test]
fn the_title_limit_example_says_why_no_wild_card_can_help() {
    // examples/decks/illegal-title-limit-wild.txt, as the README shows it: rulebook "Deck
    // Construction" (one wild card per colour) and RULINGS.md D2 (an Objective is a wild card).
    let s = Scratch::new();
    s.write(
        "illegal-title-limit-wild.txt",
        example!("illegal-title-limit-wild.txt"),
    );
    expect(
        &s,
        &["deck", "check", "illegal-title-limit-wild.txt"],
        1,
        r#"illegal-title-limit-wild.txt: illegal deck under the standard rules
Jedi and Gungans, five Qui-Gons and the Boonta Eve, light side, 60 of 60 cards
no assignment meets every dot rule; the closest one:
┌────────┬───────┬──────────────────────────────────────────────────────┐
│ Colour ┆ Cards ┆ Assigned                                             │
╞════════╪═══════╪══════════════════════════════════════════════════════╡
│ red    ┆ 10/10 ┆ 3 DM-1 Obi-Wan Kenobi, Young Jedi                    │
│        ┆       ┆ 5 DM-2 Qui-Gon Jinn, Jedi Master                     │
│        ┆       ┆ 1 DM-27 Ishi Tib, Warrior                            │
│        ┆       ┆ 1 EDM-P1 Qui-Gon Jinn, Jedi Protector (wild)         │
│ orange ┆ 10/10 ┆ 3 DM-34 Obi-Wan Kenobi's Lightsaber                  │
│        ┆       ┆ 2 DM-35 Jedi Lightsaber, Constructed by Ki-Adi-Mundi │
│        ┆       ┆ 3 DM-45 Blaster                                      │
│        ┆       ┆ 2 DM-46 Blaster Rifle                                │
│ blue   ┆ 10/10 ┆ 2 DM-3 Jar Jar Binks, Gungan Chuba Thief             │
│        ┆       ┆ 2 DM-10 Yoda, Jedi Master                            │
│        ┆       ┆ 2 DM-13 Boss Nass, Leader of the Gungans             │
│        ┆       ┆ 2 DM-15 Captain Tarpals, Gungan Guard                │
│        ┆       ┆ 2 DM-31 Royal Guard, Leader                          │
│ yellow ┆ 10/10 ┆ 2 DM-49 Cha Skrunee Da Pat, Sleemo                   │
│        ┆       ┆ 2 DM-51 Da Beings Hereabouts Cawazy                  │
│        ┆       ┆ 2 DM-57 I've Been Trained In Defense                 │
│        ┆       ┆ 2 DM-61 The Negotiations Were Short                  │
│        ┆       ┆ 2 DM-63 We're Not In Trouble Yet                     │
│ green  ┆ 10/10 ┆ 2 DM-8 Queen Amidala, Ruler of Naboo                 │
│        ┆       ┆ 2 DM-20 Naboo Security, Guard                        │
│        ┆       ┆ 2 DM-23 Gungan Soldier, Scout                        │
│        ┆       ┆ 2 DM-25 Gungan Warrior, Infantry                     │
│        ┆       ┆ 2 DM-26 Gungan Soldier, Veteran                      │
│ purple ┆ 10/10 ┆ 2 DM-65 Tatooine • Podrace Arena                     │
│        ┆       ┆ 2 DM-66 Coruscant • Capital City                     │
│        ┆       ┆ 2 DM-67 Naboo • Theed Palace                         │
│        ┆       ┆ 1 DM-69 Naboo Starfighter                            │
│        ┆       ┆ 2 DM-70 Republic Cruiser, Transport                  │
│        ┆       ┆ 1 BP-29 Boonta Eve Classic (wild)                    │
└────────┴───────┴──────────────────────────────────────────────────────┘
┌─────────────┬─────────────────────────────────────────────────────────────────┬────────┬─────────┐
│ Code        ┆ Problem                                                         ┆ Actual ┆ Allowed │
╞═════════════╪═════════════════════════════════════════════════════════════════╪════════╪═════════╡
│ title-limit ┆ `Qui-Gon Jinn`: 6 cards in red (5 DM-2, 1 EDM-P1), and a colour ┆ 6      ┆ 5       │
│             ┆ may hold at most 5 cards of one title (subtitles do not count); ┆        ┆         │
│             ┆ 5 of them have only a red dot, so they cannot count in another  ┆        ┆         │
│             ┆ colour; red has only 9 cards with a red dot, so it needs a wild ┆        ┆         │
│             ┆ card to reach 10, and the only wild card that can fill red is   ┆        ┆         │
│             ┆ EDM-P1 (Qui-Gon Jinn, Jedi Protector), one more `Qui-Gon Jinn`; ┆        ┆         │
│             ┆ BP-29 (Boonta Eve Classic) is an Objective and can fill only    ┆        ┆         │
│             ┆ orange, yellow or purple                                        ┆        ┆         │
└─────────────┴─────────────────────────────────────────────────────────────────┴────────┴─────────┘
1 deck checked: 0 legal, 1 illegal, 0 unresolved, 0 unreadable
"#,
    );
}

#[test]
fn a_sheet_that_cannot_be_decided_says_so_and_places_no_card() {
    // DM-116's dot is unknown: no colour grouping is offered as if it were an assignment.
    let s = Scratch::new();
    s.write("d.txt", &dark_with_stap());
    expect(
        &s,
        &["deck", "sheet", "d.txt"],
        1,
        r#"registration sheet: Sith and Droids, dark side
file: d.txt; rules: standard; verdict: cannot be decided
deck hash: 9cb221f6e3898549
note: the deck's legality cannot be decided (a card's dot is unknown); cards are listed without colours
┌──────────┬─────┬────────┬─────────────────────────────────────────┐
│ Colour   ┆ Qty ┆ Id     ┆ Card                                    │
╞══════════╪═════╪════════╪═════════════════════════════════════════╡
│ unplaced ┆ 2   ┆ DM-71  ┆ Darth Maul, Sith Apprentice             │
│          ┆ 2   ┆ DM-72  ┆ Darth Sidious, Sith Master              │
│          ┆ 2   ┆ DM-73  ┆ Sebulba, Bad-Tempered Dug               │
│          ┆ 2   ┆ DM-74  ┆ Watto, Slave Owner                      │
│          ┆ 2   ┆ DM-75  ┆ Aurra Sing, Bounty Hunter               │
│          ┆ 2   ┆ DM-88  ┆ Trade Federation Tank, Armored Division │
│          ┆ 2   ┆ DM-90  ┆ Destroyer Droid, Defense Droid          │
│          ┆ 2   ┆ DM-92  ┆ Pit Droid, Engineer                     │
│          ┆ 2   ┆ DM-93  ┆ Pit Droid, Heavy Lifter                 │
│          ┆ 2   ┆ DM-95  ┆ Tusken Raider, Nomad                    │
│          ┆ 2   ┆ DM-97  ┆ Battle Droid: Pilot, MTT Division       │
│          ┆ 2   ┆ DM-99  ┆ Battle Droid: Infantry, MTT Division    │
│          ┆ 2   ┆ DM-101 ┆ Battle Droid: Pilot, AAT Division       │
│          ┆ 2   ┆ DM-104 ┆ Battle Droid: Officer, AAT Division     │
│          ┆ 1   ┆ DM-106 ┆ Darth Maul, Sith Lord                   │
│          ┆ 3   ┆ DM-107 ┆ Sith Lightsaber                         │
│          ┆ 2   ┆ DM-108 ┆ Aurra Sing's Blaster Rifle              │
│          ┆ 1   ┆ DM-116 ┆ STAP                                    │
│          ┆ 3   ┆ DM-118 ┆ Battle Droid Blaster Rifle              │
│          ┆ 1   ┆ DM-119 ┆ Blaster                                 │
│          ┆ 2   ┆ DM-121 ┆ At Last We Will Have Revenge            │
│          ┆ 2   ┆ DM-122 ┆ Begin Landing Your Troops               │
│          ┆ 2   ┆ DM-125 ┆ In Complete Control                     │
│          ┆ 2   ┆ DM-129 ┆ Sandstorm                               │
│          ┆ 2   ┆ DM-131 ┆ The Invasion Is On Schedule             │
│          ┆ 2   ┆ DM-135 ┆ Tatooine • Desert Landing Site          │
│          ┆ 2   ┆ DM-136 ┆ Coruscant • Jedi Council Chamber        │
│          ┆ 2   ┆ DM-137 ┆ Naboo • Gungan Swamp                    │
│          ┆ 2   ┆ DM-139 ┆ Droid Starfighter                       │
│          ┆ 2   ┆ DM-140 ┆ Battleship, Trade Federation Transport  │
│          ┆ 1   ┆ EDM-P4 ┆ Darth Maul, Sith Assassin               │
└──────────┴─────┴────────┴─────────────────────────────────────────┘
total: 60 cards
problems (see `yj deck check`):
- unknown-dots: DM-116 (STAP): the catalogue does not know its deck-building dot yet, so whether the deck meets the 6-by-10 rule cannot be decided; check the printed card
"#,
    );
}
