//! `yj deck` through the real binary, with a scratch database and the example decklists
//! copied into a scratch directory (so file names in the output are short and stable).

mod common;

use common::{Run, Scratch};

macro_rules! example {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/examples/decks/",
                $name
            )),
        )
    };
}

const EXAMPLES: &[(&str, &str)] = &[
    example!("light.txt"),
    example!("light.toml"),
    example!("dark.txt"),
    example!("dark.toml"),
    example!("light-virtual.txt"),
    example!("illegal-59-cards.txt"),
    example!("illegal-colours.txt"),
    example!("illegal-title-limit.txt"),
    example!("illegal-three-planets.txt"),
    example!("illegal-mixed-sides.txt"),
    example!("unresolved.txt"),
    example!("starter-style-light.txt"),
    example!("starter-style-dark.txt"),
];

fn scratch() -> Scratch {
    let s = Scratch::new();
    for (name, text) in EXAMPLES {
        s.write(name, text);
    }
    s
}

fn text(name: &str) -> &'static str {
    EXAMPLES.iter().find(|(n, _)| *n == name).expect(name).1
}

#[track_caller]
fn assert_output(r: &Run, code: i32, stdout: &str) {
    assert_eq!(r.code, code, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    assert_eq!(r.stdout, stdout, "stdout differs; got:\n{}", r.stdout);
}

#[test]
fn a_legal_deck_shows_its_assignment_and_exits_0() {
    let s = scratch();
    let r = s.run(&["deck", "check", "dark.txt"]);
    assert_output(
        &r,
        0,
        "\
dark.txt: legal deck under the standard rules
Sith and Droids, dark side, 60 of 60 cards
┌────────┬───────┬─────────────────────────────────────────────────┐
│ Colour ┆ Cards ┆ Assigned                                        │
╞════════╪═══════╪═════════════════════════════════════════════════╡
│ red    ┆ 10/10 ┆ 2 DM-71 Darth Maul, Sith Apprentice             │
│        ┆       ┆ 2 DM-72 Darth Sidious, Sith Master              │
│        ┆       ┆ 2 DM-75 Aurra Sing, Bounty Hunter               │
│        ┆       ┆ 2 DM-88 Trade Federation Tank, Armored Division │
│        ┆       ┆ 1 DM-106 Darth Maul, Sith Lord                  │
│        ┆       ┆ 1 EDM-P4 Darth Maul, Sith Assassin (wild)       │
│ orange ┆ 10/10 ┆ 3 DM-107 Sith Lightsaber                        │
│        ┆       ┆ 2 DM-108 Aurra Sing's Blaster Rifle             │
│        ┆       ┆ 3 DM-118 Battle Droid Blaster Rifle             │
│        ┆       ┆ 2 DM-119 Blaster                                │
│ blue   ┆ 10/10 ┆ 2 DM-73 Sebulba, Bad-Tempered Dug               │
│        ┆       ┆ 2 DM-74 Watto, Slave Owner                      │
│        ┆       ┆ 2 DM-90 Destroyer Droid, Defense Droid          │
│        ┆       ┆ 2 DM-97 Battle Droid: Pilot, MTT Division       │
│        ┆       ┆ 2 DM-99 Battle Droid: Infantry, MTT Division    │
│ yellow ┆ 10/10 ┆ 2 DM-121 At Last We Will Have Revenge           │
│        ┆       ┆ 2 DM-122 Begin Landing Your Troops              │
│        ┆       ┆ 2 DM-125 In Complete Control                    │
│        ┆       ┆ 2 DM-129 Sandstorm                              │
│        ┆       ┆ 2 DM-131 The Invasion Is On Schedule            │
│ green  ┆ 10/10 ┆ 2 DM-92 Pit Droid, Engineer                     │
│        ┆       ┆ 2 DM-93 Pit Droid, Heavy Lifter                 │
│        ┆       ┆ 2 DM-95 Tusken Raider, Nomad                    │
│        ┆       ┆ 2 DM-101 Battle Droid: Pilot, AAT Division      │
│        ┆       ┆ 2 DM-104 Battle Droid: Officer, AAT Division    │
│ purple ┆ 10/10 ┆ 2 DM-135 Tatooine • Desert Landing Site         │
│        ┆       ┆ 2 DM-136 Coruscant • Jedi Council Chamber       │
│        ┆       ┆ 2 DM-137 Naboo • Gungan Swamp                   │
│        ┆       ┆ 2 DM-139 Droid Starfighter                      │
│        ┆       ┆ 2 DM-140 Battleship, Trade Federation Transport │
└────────┴───────┴─────────────────────────────────────────────────┘
1 deck checked: 1 legal, 0 illegal, 0 unresolved, 0 unreadable
",
    );
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}

#[test]
fn an_illegal_deck_explains_each_colour_and_exits_1() {
    let s = scratch();
    let r = s.run(&["deck", "check", "illegal-colours.txt"]);
    assert_output(
        &r,
        1,
        "\
illegal-colours.txt: illegal deck under the standard rules
Jedi and Gungans, too many ships, light side, 60 of 60 cards
no assignment meets every dot rule; the closest one:
┌────────┬───────┬──────────────────────────────────────────────────────┐
│ Colour ┆ Cards ┆ Assigned                                             │
╞════════╪═══════╪══════════════════════════════════════════════════════╡
│ red    ┆ 10/10 ┆ 3 DM-1 Obi-Wan Kenobi, Young Jedi                    │
│        ┆       ┆ 3 DM-2 Qui-Gon Jinn, Jedi Master                     │
│        ┆       ┆ 2 DM-7 Mace Windu, Jedi Master                       │
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
│ yellow ┆ 8/10  ┆ 2 DM-49 Cha Skrunee Da Pat, Sleemo                   │
│        ┆       ┆ 2 DM-51 Da Beings Hereabouts Cawazy                  │
│        ┆       ┆ 2 DM-57 I've Been Trained In Defense                 │
│        ┆       ┆ 2 DM-61 The Negotiations Were Short                  │
│ green  ┆ 10/10 ┆ 2 DM-8 Queen Amidala, Ruler of Naboo                 │
│        ┆       ┆ 2 DM-20 Naboo Security, Guard                        │
│        ┆       ┆ 2 DM-23 Gungan Soldier, Scout                        │
│        ┆       ┆ 2 DM-25 Gungan Warrior, Infantry                     │
│        ┆       ┆ 2 DM-26 Gungan Soldier, Veteran                      │
│ purple ┆ 12/10 ┆ 2 DM-65 Tatooine • Podrace Arena                     │
│        ┆       ┆ 2 DM-66 Coruscant • Capital City                     │
│        ┆       ┆ 2 DM-67 Naboo • Theed Palace                         │
│        ┆       ┆ 4 DM-69 Naboo Starfighter                            │
│        ┆       ┆ 2 DM-70 Republic Cruiser, Transport                  │
└────────┴───────┴──────────────────────────────────────────────────────┘
┌──────────────┬────────────────────────────────────────────────────────────────┬────────┬─────────┐
│ Code         ┆ Problem                                                        ┆ Actual ┆ Allowed │
╞══════════════╪════════════════════════════════════════════════════════════════╪════════╪═════════╡
│ colour-short ┆ yellow has 8 yellow-dot cards and a colour takes only one wild ┆ 8      ┆ 10      │
│              ┆ card, so it cannot reach 10                                    ┆        ┆         │
│ colour-over  ┆ purple has 12 purple-dot cards and no wild card can leave it   ┆ 12     ┆ 10      │
└──────────────┴────────────────────────────────────────────────────────────────┴────────┴─────────┘
1 deck checked: 0 legal, 1 illegal, 0 unresolved, 0 unreadable
",
    );
}

#[test]
fn unresolved_lines_are_listed_with_file_line_and_suggestions() {
    let s = scratch();
    let r = s.run(&["deck", "check", "unresolved.txt"]);
    assert_output(
        &r,
        1,
        "\
unresolved.txt: unresolved deck under the standard rules
Jedi and Gungans, typed in a hurry, light side, 54 cards on the lines that resolved
┌────────────────┬──────────────────────────────────────────────────────────────┬────────┬─────────┐
│ Code           ┆ Problem                                                      ┆ Actual ┆ Allowed │
╞════════════════╪══════════════════════════════════════════════════════════════╪════════╪═════════╡
│ unknown-card   ┆ unresolved.txt, line 11: no card matches `Ishi Tibb,         ┆        ┆         │
│                ┆ Warior`; did you mean DM-27 (Ishi Tib, Warrior)?             ┆        ┆         │
│ unknown-card   ┆ unresolved.txt, line 14: no card matches `Yoda, Jedi Mastr`; ┆        ┆         │
│                ┆ did you mean DM-10 (Yoda, Jedi Master), BP-2 (Yoda, Jedi     ┆        ┆         │
│                ┆ Instructor), BN-10 (Yoda, Jedi Elder)?                       ┆        ┆         │
│ ambiguous-card ┆ unresolved.txt, line 27: `Blaster` matches 3 cards: DM-45    ┆        ┆         │
│                ┆ (Blaster), JC-50 (Blaster), BN-42 (Blaster); write the card  ┆        ┆         │
│                ┆ id, or add the set as in `Blaster (DM)`                      ┆        ┆         │
└────────────────┴──────────────────────────────────────────────────────────────┴────────┴─────────┘
1 deck checked: 0 legal, 0 illegal, 1 unresolved, 0 unreadable
",
    );
}

#[test]
fn a_batch_ends_with_a_summary_and_the_worst_exit_code() {
    let s = scratch();
    let r = s.run(&[
        "deck",
        "check",
        "--brief",
        "light.txt",
        "dark.toml",
        "illegal-59-cards.txt",
        "illegal-title-limit.txt",
        "illegal-three-planets.txt",
        "illegal-mixed-sides.txt",
        "unresolved.txt",
    ]);
    assert_output(
        &r,
        1,
        "\
light.txt: legal
dark.toml: legal
illegal-59-cards.txt: illegal (deck-size, colour-short)
illegal-title-limit.txt: illegal (title-limit)
illegal-three-planets.txt: illegal (three-planet)
illegal-mixed-sides.txt: illegal (mixed-sides)
unresolved.txt: unresolved (unknown-card, ambiguous-card)
7 decks checked: 2 legal, 4 illegal, 1 unresolved, 0 unreadable
",
    );
    // An unreadable file makes the batch exit 2, after checking the others.
    let r = s.run(&["deck", "check", "--brief", "light.txt", "missing.txt"]);
    assert_output(
        &r,
        2,
        "light.txt: legal\nmissing.txt: unreadable\n2 decks checked: 1 legal, 0 illegal, 0 unresolved, 1 unreadable\n",
    );
    assert!(
        r.stderr
            .starts_with("error: cannot read `missing.txt`: No such file or directory"),
        "{}",
        r.stderr
    );
    let r = s.run(&["deck", "check", "--brief", "light.txt", "dark.txt"]);
    assert_eq!(r.code, 0);
}

#[test]
fn json_carries_the_same_report() {
    let s = scratch();
    let r = s.run(&[
        "deck",
        "check",
        "light.toml",
        "illegal-title-limit.txt",
        "--format",
        "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v["summary"],
        serde_json::json!({"checked": 2, "legal": 1, "illegal": 1, "undecided": 0, "unresolved": 0, "unreadable": 0})
    );
    let legal = &v["decks"][0];
    assert_eq!(legal["file"], "light.toml");
    assert_eq!(legal["verdict"], "legal");
    assert_eq!(legal["rules"], "standard");
    assert_eq!(legal["assignment"], "legal");
    assert_eq!(legal["colours"][0]["colour"], "red");
    assert_eq!(legal["colours"][0]["count"], 10);
    let wild = &legal["colours"][0]["cards"][4];
    assert_eq!(
        (wild["id"].as_str(), wild["wild"].as_bool()),
        (Some("EDM-P1"), Some(true))
    );
    let v = &v["decks"][1]["violations"][0];
    assert_eq!(v["code"], "title-limit");
    assert_eq!(v["colour"], "red");
    assert_eq!(v["cards"], serde_json::json!(["DM-1", "DM-33"]));
    assert_eq!(
        (v["actual"].as_str(), v["allowed"].as_str()),
        (Some("6"), Some("5"))
    );
}

#[test]
fn the_rules_set_is_chosen_on_the_command_line_or_in_the_list() {
    let s = scratch();
    // Six Obi-Wans in red: illegal under standard, legal under decipher (no title limit).
    let r = s.run(&[
        "deck",
        "check",
        "--brief",
        "illegal-title-limit.txt",
        "--rules",
        "decipher",
    ]);
    assert_output(
        &r,
        0,
        "illegal-title-limit.txt: legal\n1 deck checked: 1 legal, 0 illegal, 0 unresolved, 0 unreadable\n",
    );
    // A virtual card: legal under standard, not under decipher.
    let r = s.run(&[
        "deck",
        "check",
        "--brief",
        "light-virtual.txt",
        "--rules",
        "decipher",
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .starts_with("light-virtual.txt: illegal (virtual-not-allowed)\n")
    );
    // The list may name its rules; the command line wins.
    s.write(
        "decipher-list.txt",
        &format!("rules: decipher\n{}", text("illegal-title-limit.txt")),
    );
    assert_eq!(s.run(&["deck", "check", "decipher-list.txt"]).code, 0);
    assert_eq!(
        s.run(&["deck", "check", "decipher-list.txt", "--rules", "standard"])
            .code,
        1
    );
    let r = s.run(&["deck", "check", "light.txt", "--rules", "modern"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: unknown rules set `modern` (expected one of: standard, decipher); use --rules-file PATH for your own\n"
    );
}

#[test]
fn a_rules_file_can_ban_cards() {
    let s = scratch();
    let standard = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/rules/standard.toml"
    ));
    s.write(
        "no-maul.toml",
        &standard
            .replace("name = \"standard\"", "name = \"no-maul\"")
            .replace("banned = []", "banned = [\"EDM-P4\"]"),
    );
    let r = s.run(&[
        "deck",
        "check",
        "dark.txt",
        "--rules-file",
        "no-maul.toml",
        "--format",
        "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let deck = &v["decks"][0];
    assert_eq!(deck["rules"], "no-maul");
    assert_eq!(deck["violations"][0]["code"], "banned");
    assert_eq!(
        deck["violations"][0]["message"],
        "EDM-P4 (Darth Maul, Sith Assassin) is banned under the no-maul rules"
    );
    s.write(
        "bad.toml",
        &standard.replace("banned = []", "banned = [\"XX-1\"]"),
    );
    let r = s.run(&["deck", "check", "dark.txt", "--rules-file", "bad.toml"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: rules file `bad.toml`: banned card: no card matches `XX-1`\n"
    );
    // A ban may name the card as a list would: a community id or a foil number bans the card
    // itself, so no printing of it slips through.
    s.write(
        "no-maul-foil.toml",
        &standard
            .replace("name = \"standard\"", "name = \"no-maul-foil\"")
            .replace("banned = []", "banned = [\"7_31\", \"1_71\"]"),
    );
    let r = s.run(&[
        "deck",
        "check",
        "dark.txt",
        "--rules-file",
        "no-maul-foil.toml",
        "--format",
        "json",
    ]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let banned: Vec<&str> = v["decks"][0]["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["code"] == "banned")
        .flat_map(|x| x["cards"].as_array().unwrap().iter())
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(
        banned.contains(&"DM-71") && banned.contains(&"DM-75"),
        "{v}"
    );
    // A name several cards share is not guessed.
    s.write(
        "vague.toml",
        &standard.replace("banned = []", "banned = [\"Blaster\"]"),
    );
    let r = s.run(&["deck", "check", "dark.txt", "--rules-file", "vague.toml"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .starts_with("error: rules file `vague.toml`: banned card: `BLASTER` matches"),
        "{}",
        r.stderr
    );
}

#[test]
fn standard_input_and_every_list_format_are_read() {
    let s = scratch();
    let r = s
        .cmd(&["deck", "check", "--brief", "-"])
        .write_stdin(text("dark.txt"))
        .output()
        .unwrap();
    let r = Run::from(r);
    assert_output(
        &r,
        0,
        "-: legal\n1 deck checked: 1 legal, 0 illegal, 0 unresolved, 0 unreadable\n",
    );
    // TOML on standard input is recognised by its keys.
    let r = Run::from(
        s.cmd(&["deck", "check", "--brief", "-"])
            .write_stdin(text("light.toml"))
            .output()
            .unwrap(),
    );
    assert_eq!(r.code, 0, "{}", r.stdout);
    // CSV with a header row.
    let csv: String = std::iter::once("quantity,card".to_string())
        .chain(text("dark.toml").lines().filter_map(|l| {
            let l = l.trim().strip_prefix('"')?;
            let (line, _) = l.split_once('"')?;
            let (n, id) = line.split_once(' ')?;
            Some(format!("{n},{id}"))
        }))
        .collect::<Vec<_>>()
        .join("\n");
    s.write("dark.csv", &csv);
    let r = s.run(&["deck", "check", "--brief", "dark.csv"]);
    assert_output(
        &r,
        0,
        "dark.csv: legal\n1 deck checked: 1 legal, 0 illegal, 0 unresolved, 0 unreadable\n",
    );
}

#[test]
fn bad_toml_is_unreadable_input() {
    let s = scratch();
    s.write("broken.toml", "name = \"x\"\ncolour = \"red\"\n");
    let r = s.run(&["deck", "check", "broken.toml"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: broken.toml, line 2: unknown key `colour` (expected name, side, rules or cards)\n"
    );
}

#[test]
fn starter_decks_are_checked_at_thirty_cards() {
    let s = scratch();
    let r = s.run(&[
        "deck",
        "check",
        "--starter",
        "--brief",
        "starter-style-light.txt",
        "starter-style-dark.txt",
    ]);
    assert_output(
        &r,
        0,
        "\
starter-style-light.txt: legal
starter-style-dark.txt: legal
2 decks checked: 2 legal, 0 illegal, 0 unresolved, 0 unreadable
",
    );
    // Two identical starter decks make a 60-card deck: legal as published, but the
    // five-per-title rule forbids six Obi-Wan Kenobi in red.
    let doubled = format!(
        "{}\n{}",
        text("starter-style-light.txt"),
        text("starter-style-light.txt")
    );
    s.write("doubled.txt", &doubled);
    let r = s.run(&[
        "deck",
        "check",
        "--brief",
        "doubled.txt",
        "--rules",
        "decipher",
    ]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let r = s.run(&["deck", "check", "--brief", "doubled.txt"]);
    assert_output(
        &r,
        1,
        "doubled.txt: illegal (title-limit)\n1 deck checked: 0 legal, 1 illegal, 0 unresolved, 0 unreadable\n",
    );
}

#[test]
fn the_sheet_groups_cards_by_colour_with_a_stable_hash() {
    let s = scratch();
    let r = s.run(&["deck", "sheet", "light.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "registration sheet: Jedi and Gungans, light side");
    assert_eq!(lines[1], "file: light.txt; rules: standard; verdict: legal");
    let hash = lines[2].strip_prefix("deck hash: ").unwrap();
    assert_eq!(
        &lines[3..11],
        [
            "┌────────┬─────┬────────┬──────────────────────────────────────────────┐",
            "│ Colour ┆ Qty ┆ Id     ┆ Card                                         │",
            "╞════════╪═════╪════════╪══════════════════════════════════════════════╡",
            "│ red    ┆ 3   ┆ DM-1   ┆ Obi-Wan Kenobi, Young Jedi                   │",
            "│        ┆ 3   ┆ DM-2   ┆ Qui-Gon Jinn, Jedi Master                    │",
            "│        ┆ 2   ┆ DM-7   ┆ Mace Windu, Jedi Master                      │",
            "│        ┆ 1   ┆ DM-27  ┆ Ishi Tib, Warrior                            │",
            "│        ┆ 1   ┆ EDM-P1 ┆ Qui-Gon Jinn, Jedi Protector (wild)          │",
        ]
    );
    assert_eq!(
        lines[11],
        "│        ┆ 10  ┆        ┆ red total (of 10)                            │"
    );
    assert_eq!(*lines.last().unwrap(), "total: 60 cards");
    // The same deck written by id, in TOML, in another order, has the same hash.
    let toml = s.run(&["deck", "sheet", "light.toml", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&toml.stdout).unwrap();
    assert_eq!(v["hash"], hash);
    assert_eq!(v["total"], 60);
    let csv = s.run(&["deck", "sheet", "dark.txt", "--format", "csv"]);
    let dark = s.run(&["deck", "sheet", "dark.txt", "--format", "json"]);
    let dark: serde_json::Value = serde_json::from_str(&dark.stdout).unwrap();
    let first: Vec<&str> = csv.stdout.lines().take(2).collect();
    assert_eq!(
        first,
        [
            "colour,quantity,id,card,wild,deck_hash".to_string(),
            format!(
                "red,2,DM-71,\"Darth Maul, Sith Apprentice\",no,{}",
                dark["hash"].as_str().unwrap()
            )
        ]
    );
}

#[test]
fn the_sheet_as_json_or_csv_carries_what_the_table_shows() {
    // A judge filing sheets as JSON or CSV keeps the deck hash, the problems and whether the
    // list picked its own rules, as the table prints them.
    let s = scratch();
    let table = s.run(&["deck", "sheet", "illegal-colours.txt"]);
    assert_eq!(table.code, 1);
    assert!(
        table
            .stdout
            .contains("- colour-over: purple has 12 purple-dot cards")
    );
    let r = s.run(&["deck", "sheet", "illegal-colours.txt", "--format", "json"]);
    assert_eq!(r.code, 1);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let codes: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["colour-short", "colour-over"]);
    assert_eq!(v["rules_from_list"], false);
    let r = s.run(&["deck", "sheet", "illegal-colours.txt", "--format", "csv"]);
    let hash = v["hash"].as_str().unwrap();
    assert!(
        r.stdout
            .lines()
            .skip(1)
            .all(|l| l.ends_with(&format!(",{hash}"))),
        "{}",
        r.stdout
    );
}

#[test]
fn diff_shows_what_changed_between_two_lists() {
    let s = scratch();
    let r = s.run(&["deck", "diff", "light.txt", "light.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.ends_with("the two lists are the same deck\n"),
        "{}",
        r.stdout
    );
    let r = s.run(&["deck", "diff", "light.txt", "illegal-colours.txt"]);
    let lines: Vec<&str> = r.stdout.lines().skip(2).collect();
    assert_eq!(r.code, 1);
    assert_eq!(
        lines.join("\n"),
        "\
┌───────┬──────────────────────────┬───┬───┬────────┐
│ Id    ┆ Card                     ┆ A ┆ B ┆ Change │
╞═══════╪══════════════════════════╪═══╪═══╪════════╡
│ DM-63 ┆ We're Not In Trouble Yet ┆ 2 ┆ 0 ┆ -2     │
│ DM-69 ┆ Naboo Starfighter        ┆ 2 ┆ 4 ┆ +2     │
└───────┴──────────────────────────┴───┴───┴────────┘
2 cards differ"
    );
}

#[test]
fn the_rules_sets_are_listed() {
    let s = scratch();
    let r = s.run(&["deck", "rules", "--format", "csv"]);
    assert_eq!(r.code, 0);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "name,description,deck_size,starter_size,title_limit,three_planet_rule,max_objectives,virtual_cards,sets,banned"
    );
    assert!(lines[1].starts_with("standard,"));
    assert!(lines[2].starts_with("decipher,"));
}

#[test]
fn sheet_and_diff_refuse_to_guess_unresolved_lines() {
    let s = scratch();
    let r = s.run(&["deck", "sheet", "unresolved.txt", "--brief"]);
    assert_eq!(r.code, 2, "--brief is not a sheet option: {}", r.stderr);
    let r = s.run(&["deck", "sheet", "unresolved.txt"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .starts_with("unresolved.txt: unresolved deck under the standard rules\n")
    );
    assert!(!r.stdout.contains("deck hash"));
    let r = s.run(&["deck", "diff", "light.txt", "unresolved.txt"]);
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().skip(2).take(3).collect();
    assert_eq!(
        lines,
        [
            "unresolved: unresolved.txt, line 11: `1 Ishi Tibb, Warior`: no card matches",
            "unresolved: unresolved.txt, line 14: `2 Yoda, Jedi Mastr`: no card matches",
            "unresolved: unresolved.txt, line 27: `3 Blaster`: matches DM-45, JC-50, BN-42",
        ]
    );
}

#[test]
fn a_list_that_names_its_own_rules_says_so_even_in_brief() {
    // A judge checking an event's lists with the default rules must not see a bare `legal`
    // for a list that picked the decipher rules itself (six Obi-Wans in red).
    let s = scratch();
    s.write(
        "decipher-list.txt",
        &format!("rules: decipher\n{}", text("illegal-title-limit.txt")),
    );
    let r = s.run(&["deck", "check", "--brief", "light.txt", "decipher-list.txt"]);
    assert_output(
        &r,
        0,
        "\
light.txt: legal
decipher-list.txt: legal under the decipher rules, as the list asks
2 decks checked: 2 legal, 0 illegal, 0 unresolved, 0 unreadable
",
    );
    let r = s.run(&["deck", "check", "decipher-list.txt"]);
    assert!(
        r.stdout.starts_with(
            "decipher-list.txt: legal deck, checked under the decipher rules, as the list asks\n"
        ),
        "{}",
        r.stdout
    );
    let r = s.run(&["deck", "check", "decipher-list.txt", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["decks"][0]["rules_from_list"], true);
    // Chosen on the command line, the rules are the judge's: nothing to point out.
    let r = s.run(&[
        "deck",
        "check",
        "--brief",
        "decipher-list.txt",
        "--rules",
        "decipher",
    ]);
    assert_eq!(r.stdout.lines().next(), Some("decipher-list.txt: legal"));
}

#[test]
fn a_huge_file_is_refused_unread() {
    // A decklist is a few kilobytes; a file of megabytes (or an endless stream such as
    // /dev/zero) is the wrong file, refused before it fills the memory.
    let s = scratch();
    let line = "# not a deck\n";
    s.write("huge.txt", &line.repeat(2 * 1024 * 1024 / line.len()));
    let r = s.run(&["deck", "check", "--brief", "huge.txt", "light.txt"]);
    assert_output(
        &r,
        2,
        "huge.txt: unreadable\nlight.txt: legal\n2 decks checked: 1 legal, 0 illegal, 0 unresolved, 1 unreadable\n",
    );
    assert_eq!(
        r.stderr,
        "error: cannot read `huge.txt`: it is larger than 1 MiB, and a decklist is a few kilobytes; is this the right file?\n"
    );
    let r = Run::from(
        s.cmd(&["deck", "check", "--brief", "-"])
            .write_stdin(line.repeat(2 * 1024 * 1024 / line.len()))
            .output()
            .unwrap(),
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    if std::path::Path::new("/dev/zero").exists() {
        let r = s.run(&["deck", "check", "--brief", "/dev/zero"]);
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert!(r.stderr.contains("larger than 1 MiB"), "{}", r.stderr);
    }
}

#[test]
fn a_huge_rules_file_is_refused_unread() {
    let s = scratch();
    let line = "# not rules\n";
    s.write("huge.toml", &line.repeat(2 * 1024 * 1024 / line.len()));
    let r = s.run(&["deck", "check", "light.txt", "--rules-file", "huge.toml"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert_eq!(
        r.stderr,
        "error: cannot read rules file `huge.toml`: it is larger than 1 MiB, and a rules file is a few lines; is this the right file?\n"
    );
}

#[test]
fn diff_gives_no_hash_for_a_list_with_unresolved_lines_and_csv_lists_them() {
    // A judge compares hashes: a list with a line that names no card must not show the same
    // hash as the complete deck, and the CSV must not come out empty while the exit code says
    // the lists differ.
    let s = scratch();
    s.write("a.txt", "side: dark\n1 BN-71\n");
    s.write(
        "b.txt",
        "side: dark\n1 Darth Maul, Dark Lord of the Sith\n1 Darth Mual\n",
    );
    let r = s.run(&["deck", "diff", "a.txt", "b.txt"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(
        lines[0].starts_with("A: a.txt (1 card, deck hash "),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        "B: b.txt (1 card on the lines that resolved, no deck hash: 1 line unresolved)"
    );
    let r = s.run(&["deck", "diff", "a.txt", "b.txt", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(v["a"]["hash"].is_string());
    assert!(v["b"]["hash"].is_null(), "{}", r.stdout);
    assert_eq!(v["same"], false);
    let r = s.run(&["deck", "diff", "a.txt", "b.txt", "--format", "csv"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "id,card,a,b,change\n,\"b.txt, line 3: `1 Darth Mual`: no card matches\",,,unresolved\n"
    );
}

#[test]
fn starter_with_rules_that_have_no_starter_size_is_one_usage_error() {
    // The rules on the command line cannot check starter decks: that is the command's
    // mistake, said once, not every list reported as unreadable.
    let s = scratch();
    let rules: String = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/rules/standard.toml"
    ))
    .lines()
    .filter(|l| !l.starts_with("starter_size"))
    .map(|l| format!("{l}\n"))
    .collect();
    s.write("nostarter.toml", &rules);
    let r = s.run(&[
        "deck",
        "check",
        "--starter",
        "--rules-file",
        "nostarter.toml",
        "starter-style-light.txt",
        "light.txt",
    ]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "error: the standard rules set (nostarter.toml) has no starter_size, so it cannot check starter decks; add `starter_size = 30` or leave out --starter\n"
    );
}

#[test]
fn a_line_with_an_id_and_its_name_resolves_and_a_mismatch_is_not_guessed() {
    // Lists copied from a registration sheet carry both the id and the name.
    let s = scratch();
    s.write(
        "both.txt",
        "side: light\n2 DM-45 Blaster\n1 JC-39 Obi-Wan Kenobi, Jedi Warrior\n1 JC-39 Obi-Wan Kenobi, Jedi Negotiator\n",
    );
    let r = s.run(&["deck", "check", "--format", "json", "both.txt"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let report: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let deck = &report["decks"][0];
    // Lines 2 and 3 resolve (three copies); line 4's id and name are two different cards,
    // so it is the only problem, and it offers both.
    assert_eq!(deck["cards"], 3, "{deck}");
    let violations = deck["violations"].as_array().unwrap();
    assert_eq!(violations.len(), 1, "{deck}");
    assert_eq!(violations[0]["code"], "id-name-mismatch");
    assert_eq!(violations[0]["line"], 4);
    assert_eq!(
        violations[0]["cards"],
        serde_json::json!(["JC-39", "BN-33"])
    );
}

#[test]
fn a_list_naming_an_unknown_rules_set_is_told_which_line() {
    let s = scratch();
    s.write("typo.txt", "side: light\nrules: stndard\n2 DM-45\n");
    let r = s.run(&["deck", "check", "typo.txt"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains(
            "typo.txt, line 2: unknown rules set `stndard` (expected one of: standard, decipher)"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn the_sheet_of_an_illegal_deck_says_its_grouping_is_not_an_approval() {
    let s = scratch();
    let r = s.run(&["deck", "sheet", "illegal-colours.txt"]);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[1],
        "file: illegal-colours.txt; rules: standard; verdict: illegal"
    );
    assert_eq!(
        lines[3],
        "note: the deck is not legal; cards are grouped by the closest assignment found"
    );
    let r = s.run(&["deck", "sheet", "light.txt"]);
    assert!(
        !r.stdout.contains("note: the deck is not legal"),
        "{}",
        r.stdout
    );
}

#[test]
fn an_ambiguous_name_gets_the_hint_that_would_settle_it() {
    // Blaster in one set is printed for both sides: only the side (or the id) settles it, so
    // suggesting the set would send the player round in circles.
    let s = scratch();
    s.write("sided.txt", "3 Blaster (DM)\n");
    let r = s.run(&["deck", "check", "--format", "json", "sided.txt"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let message = v["decks"][0]["violations"][0]["message"].as_str().unwrap();
    assert!(
        message.ends_with(
            "write the card id, or say which side the deck is (`side: light` or `side: dark`)"
        ),
        "{message}"
    );
    // Across sets, the set settles it.
    s.write("sets.txt", "side: light\n3 Blaster\n");
    let r = s.run(&["deck", "check", "--format", "json", "sets.txt"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let message = v["decks"][0]["violations"][0]["message"].as_str().unwrap();
    assert!(
        message.ends_with("write the card id, or add the set as in `Blaster (DM)`"),
        "{message}"
    );
}
