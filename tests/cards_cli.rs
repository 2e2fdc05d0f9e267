//! `yj cards` and `yj db` through the real binary, with a scratch database.

mod common;

use common::Scratch;

#[test]
fn show_prints_every_fact_of_a_card() {
    let s = Scratch::new();
    let r = s.run(&["cards", "show", "DM-71"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for expected in [
        "Darth Maul, Sith Apprentice",
        "Menace of Darth Maul (DM) #71",
        "r----- (red)",
        "Counters",
        "Mos Espa +1, Desert Landing Site +2, Podrace Arena +1",
        "Damage",
        "Destiny",
    ] {
        assert!(
            r.stdout.contains(expected),
            "missing {expected:?} in\n{}",
            r.stdout
        );
    }
}

#[test]
fn show_accepts_names_and_community_ids() {
    let s = Scratch::new();
    for q in [
        "darth maul: sith apprentice",
        "1_71",
        "Darth Maul Sith Apprentice",
    ] {
        let r = s.run(&["cards", "show", q, "--format", "json"]);
        assert_eq!(r.code, 0, "{q}: {}", r.stderr);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(v[0]["id"], "DM-71", "{q}");
    }
}

#[test]
fn an_unknown_card_suggests_and_exits_2() {
    let s = Scratch::new();
    let r = s.run(&["cards", "show", "Darth Mual, Sith Apprentice"]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty());
    assert!(
        r.stderr.starts_with("error: no card matches `Darth Mual, Sith Apprentice`; did you mean DM-71 (Darth Maul, Sith Apprentice)"),
        "{}",
        r.stderr
    );
}

#[test]
fn an_ambiguous_name_lists_candidates_and_exits_2() {
    let s = Scratch::new();
    let r = s.run(&["cards", "show", "Qui-Gon Jinn"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("DM-2 (Qui-Gon Jinn, Jedi Master)"),
        "{}",
        r.stderr
    );
}

#[test]
fn export_csv_has_the_agreed_columns_first() {
    let s = Scratch::new();
    let r = s.run(&["cards", "export", "--format", "csv"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut reader = csv::Reader::from_reader(r.stdout.as_bytes());
    let headers: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let agreed = "id,set,number,title,subtitle,side,type,rarity,dots,counters,power,bonus,damage,destiny,diamond,stackable";
    assert_eq!(headers[..16].join(","), agreed);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    // Every card, virtual ones included, printings not: ids are unique.
    let ids: std::collections::BTreeSet<&str> = rows.iter().map(|r| &r[0]).collect();
    assert_eq!(ids.len(), rows.len());
    assert!(ids.contains("V1-JC-42"));
    let maul = rows.iter().find(|r| &r[0] == "DM-71").unwrap();
    assert_eq!(&maul[8], "r-----");
    assert_eq!(&maul[11], "1/2/1");
    assert_eq!(&maul[14], "no");
    assert_eq!(&maul[15], "yes");
    // Destiny power is written `?`.
    let anakin = rows.iter().find(|r| &r[0] == "DM-4").unwrap();
    assert_eq!(&anakin[10], "?");
}

#[test]
fn export_json_matches_csv() {
    let s = Scratch::new();
    let json = s.run(&["cards", "export", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let csv_out = s.run(&["cards", "export", "--format", "csv"]);
    let rows = csv::Reader::from_reader(csv_out.stdout.as_bytes())
        .records()
        .count();
    assert_eq!(v.as_array().unwrap().len(), rows);
    let maul = v
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "DM-71")
        .unwrap();
    assert_eq!(maul["counters"], 6);
    assert_eq!(maul["bonus"], "1/2/1");
}

#[test]
fn search_filters_combine() {
    let s = Scratch::new();
    let r = s.run(&[
        "cards",
        "search",
        "lightsaber",
        "--side",
        "dark",
        "--type",
        "weapon",
        "--format",
        "json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let cards = v.as_array().unwrap();
    assert!(!cards.is_empty());
    for c in cards {
        assert_eq!(c["side"], "dark");
        assert_eq!(c["type"], "weapon");
        assert!(
            c["title"]
                .as_str()
                .unwrap()
                .to_lowercase()
                .contains("lightsaber"),
            "{c}"
        );
    }
    // --wild keeps only cards with a white dot; --dot red keeps cards that can fill red.
    let r = s.run(&[
        "cards", "search", "--wild", "--dot", "red", "--format", "csv",
    ]);
    let mut reader = csv::Reader::from_reader(r.stdout.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert!(!rows.is_empty());
    for row in rows {
        let dots = &row[6];
        assert!(
            dots.contains('w') && matches!(&dots[0..1], "r" | "w"),
            "{dots}"
        );
    }
}

#[test]
fn a_bad_filter_value_is_a_usage_error() {
    let s = Scratch::new();
    let r = s.run(&["cards", "search", "--side", "grey"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown side `grey`"), "{}", r.stderr);
}

#[test]
fn stats_count_sets_and_totals() {
    let s = Scratch::new();
    let r = s.run(&["cards", "stats", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let find = |group: &str, value: &str| {
        v.as_array()
            .unwrap()
            .iter()
            .find(|r| r["group"] == group && r["value"].as_str().unwrap().starts_with(value))
            .unwrap_or_else(|| panic!("{group} {value}"))
            .clone()
    };
    assert_eq!(find("set", "DM ")["count"], 140);
    assert_eq!(find("set", "V1 ")["count"], 11);
    assert_eq!(find("total", "virtual cards")["count"], 11);
    assert_eq!(find("rarity", "ultra-rare")["rulebook"], 4);
}

#[test]
fn db_path_follows_the_flag_then_the_environment() {
    let s = Scratch::new();
    let r = s.run(&["db", "path"]);
    assert_eq!(r.stdout.trim(), s.db().display().to_string());
    let other = s.path("other.db");
    let r = s.run(&["--db", other.to_str().unwrap(), "db", "path"]);
    assert_eq!(r.stdout.trim(), other.display().to_string());
}

#[test]
fn db_info_and_rebuild() {
    let s = Scratch::new();
    let r = s.run(&["db", "info", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v[0]["schema_version"],
        youngjedi::catalogue::migrations::latest()
    );
    assert_eq!(v[0]["catalogue_version"].as_str().unwrap().len(), 16);
    let cards = v[0]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == "cards")
        .unwrap()["rows"]
        .as_i64()
        .unwrap();
    assert!(cards > 500, "{cards}");
    let r = s.run(&["db", "rebuild"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("rebuilt the catalogue in "),
        "{}",
        r.stdout
    );
}

/// Ids of `yj cards search ARGS --format json`.
fn search_ids(s: &Scratch, args: &[&str]) -> Vec<String> {
    let mut all = vec!["cards", "search"];
    all.extend(args);
    all.extend(["--format", "json"]);
    let r = s.run(&all);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn deck_building_filters_agree_with_the_exported_facts() {
    // The SQL filters (trait, stat ranges, planet, ability words) checked against the same
    // facts read from `yj cards export`, card by card, so a wrong clause cannot hide.
    let s = Scratch::new();
    let r = s.run(&["cards", "export", "--format", "json"]);
    let export: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let cards = export.as_array().unwrap();
    let expect = |keep: &dyn Fn(&serde_json::Value) -> bool| -> Vec<String> {
        cards
            .iter()
            .filter(|c| keep(c))
            .map(|c| c["id"].as_str().unwrap().to_string())
            .collect()
    };
    let has_trait = |c: &serde_json::Value, t: &str| {
        c["traits"]
            .as_str()
            .is_some_and(|ts| ts.split(';').any(|x| x == t))
    };

    // RULINGS.md E5 (Anakin Skywalker is never a Jedi): EBN-P9 (Tested by the Jedi Council) is not found.
    let jedi = search_ids(&s, &["--trait", "jedi"]);
    assert!(!jedi.contains(&"EBN-P9".to_string()), "{jedi:?}");
    assert!(jedi.contains(&"DM-2".to_string()), "{jedi:?}");

    let got = search_ids(&s, &["--trait", "jedi-master", "--power", "5+"]);
    let want = expect(&|c| has_trait(c, "jedi-master") && c["power"].as_i64() >= Some(5));
    assert_eq!(got, want);
    assert!(got.contains(&"DM-2".to_string()), "{got:?}");

    // `?` power (a destiny draw) and unknown power never match a range.
    let got = search_ids(&s, &["--power", "..1"]);
    let want = expect(&|c| c["power"].as_i64().is_some_and(|p| p <= 1));
    assert_eq!(got, want);
    assert!(!got.is_empty());

    let got = search_ids(
        &s,
        &[
            "--counters",
            "2..3",
            "--side",
            "dark",
            "--type",
            "character",
        ],
    );
    let want = expect(&|c| {
        c["side"] == "dark"
            && c["type"] == "character"
            && c["counters"].as_i64().is_some_and(|n| (2..=3).contains(&n))
    });
    assert_eq!(got, want);

    let got = search_ids(&s, &["--destiny", "6", "--damage", "..2"]);
    let want = expect(&|c| {
        c["destiny"].as_i64() == Some(6) && c["damage"].as_i64().is_some_and(|d| d <= 2)
    });
    assert_eq!(got, want);

    // Locations of a planet: the three base sets print one per side and set.
    let got = search_ids(&s, &["--planet", "naboo", "--type", "location"]);
    assert_eq!(got.len(), 6, "{got:?}");
    let want = expect(&|c| c["planet"] == "naboo" && c["type"] == "location");
    assert_eq!(got, want);

    let got = search_ids(&s, &["--ability", "DEPLOY", "--side", "light"]);
    let want = expect(&|c| {
        c["side"] == "light"
            && c["ability"]
                .as_str()
                .is_some_and(|a| a.to_lowercase().contains("deploy"))
    });
    assert_eq!(got, want);
    assert!(!got.is_empty());
}

#[test]
fn an_unknown_trait_or_a_bad_range_is_a_usage_error_with_a_hint() {
    let s = Scratch::new();
    let r = s.run(&["cards", "search", "--trait", "jedy"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: no card has the trait `jedy`; did you mean `jedi`? (`yj cards traits` lists them)\n"
    );
    let r = s.run(&["collection", "list", "--trait", "podracer-piot"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("did you mean `podracer-pilot`?"),
        "{}",
        r.stderr
    );
    let r = s.run(&["cards", "search", "--power", "4..2"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("`4..2`: the range is empty (4 is more than 2)"),
        "{}",
        r.stderr
    );
}

#[test]
fn traits_lists_each_trait_with_its_card_count() {
    let s = Scratch::new();
    let r = s.run(&["cards", "traits", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    for row in v.as_array().unwrap() {
        let name = row["trait"].as_str().unwrap();
        let count = row["cards"].as_u64().unwrap() as usize;
        assert_eq!(search_ids(&s, &["--trait", name]).len(), count, "{name}");
    }
    assert!(v.as_array().unwrap().iter().any(|r| r["trait"] == "jedi"));
}

/// V1 prints some numbers with an asterisk (`JC-4*`): that number is the virtual card's
/// alone, so it must not fall through to the original JC-4 by dropping the asterisk.
#[test]
fn a_virtual_cards_printed_asterisk_number_names_the_virtual_card() {
    let s = Scratch::new();
    for (query, id) in [
        ("JC-4*", "V1-JC-4"),
        ("jc 14*", "V1-JC-14"),
        ("JC-21*", "V1-JC-21"),
        ("JC-4", "JC-4"),
    ] {
        let r = s.run(&["cards", "show", query, "--format", "json"]);
        assert_eq!(r.code, 0, "{query}: {}", r.stderr);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(v[0]["id"], id, "{query}");
    }
}

/// `--ability` matches words like the name search does: accents ignored, every word
/// anywhere in the note.
#[test]
fn ability_search_ignores_accents_and_matches_each_word() {
    let s = Scratch::new();
    let accented = search_ids(&s, &["--ability", "Padmé"]);
    assert!(!accented.is_empty());
    assert_eq!(search_ids(&s, &["--ability", "padme"]), accented);
    // RF-DI1's note: "... each Gungan +1 power; Boss Nass, Rep Been -2 damage".
    let both = search_ids(&s, &["--ability", "gungan damage"]);
    assert!(both.contains(&"RF-DI1".to_string()), "{both:?}");
    for id in &both {
        let r = s.run(&["cards", "show", id, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        let note = v[0]["ability"].as_str().unwrap().to_lowercase();
        assert!(
            note.contains("gungan") && note.contains("damage"),
            "{id}: {note}"
        );
    }
}

/// A search text or ability with no letter or digit would match every card: refuse it.
#[test]
fn a_search_for_punctuation_only_is_a_usage_error() {
    let s = Scratch::new();
    for args in [
        &["cards", "search", "•"][..],
        &["cards", "search", "--ability", "%"],
    ] {
        let r = s.run(args);
        assert_eq!(r.code, 2, "{args:?}: {} lines", r.stdout.lines().count());
        assert!(
            r.stderr.contains("no letter or digit") && r.stdout.is_empty(),
            "{args:?}: {}",
            r.stderr
        );
    }
    // `_` and `%` are not SQL wildcards inside words either.
    let r = s.run(&["cards", "search", "--ability", "_x_", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

/// A location is often called by its site alone (`Theed Palace`): the suggestions must
/// offer the cards whose name holds those words before anything merely similar.
#[test]
fn an_unknown_site_name_suggests_the_locations_that_hold_it() {
    let s = Scratch::new();
    let r = s.run(&["cards", "show", "Mos Espa"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("did you mean ")
            && r.stderr.contains("JC-65 (Tatooine • Mos Espa)")
            && r.stderr.contains("BN-134 (Tatooine • Mos Espa)"),
        "{}",
        r.stderr
    );
    let r = s.run(&["cards", "show", "Theed Palace"]);
    assert!(
        r.stderr.contains("DM-67 (Naboo • Theed Palace)")
            && r.stderr.contains("BN-136 (Naboo • Theed Palace)"),
        "{}",
        r.stderr
    );
}

/// An ambiguous name says how to pick one.
#[test]
fn an_ambiguous_name_says_to_give_the_id() {
    let s = Scratch::new();
    let r = s.run(&["cards", "show", "Blaster (DM)"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("DM-45 (Blaster), DM-119 (Blaster)")
            && r.stderr.contains("give one of these ids"),
        "{}",
        r.stderr
    );
}

/// The `Fact ┆ Value` rows of a `yj cards show` table, wrapped values joined with a space.
fn show_rows(table: &str) -> Vec<(String, String)> {
    let mut rows: Vec<(String, String)> = Vec::new();
    for line in table.lines() {
        let Some((label, value)) = line.split_once('┆') else {
            continue;
        };
        let label = label.trim_start_matches('│').trim();
        let value = value.trim_end_matches('│').trim();
        match (label, rows.last_mut()) {
            ("", Some(last)) => {
                last.1.push(if last.0 == "Foil printings" {
                    '\n'
                } else {
                    ' '
                });
                last.1.push_str(value);
            }
            _ => rows.push((label.to_string(), value.to_string())),
        }
    }
    rows
}

/// Every fact `data/cards` holds for a card is in its `show` table, an empty one is never
/// shown as a number, and every foil printing is listed with what is known of it: checked on
/// the first card of each type in each set (two-part, virtual and foil cards among them).
#[test]
fn show_prints_every_fact_the_data_files_hold() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/cards");
    let read = |file: &str| -> Vec<std::collections::HashMap<String, String>> {
        csv::Reader::from_path(dir.join(file))
            .unwrap()
            .deserialize()
            .map(Result::unwrap)
            .collect()
    };
    let printings = read("printings.csv");
    let mut seen = std::collections::BTreeSet::new();
    let mut cards = Vec::new();
    for file in [
        "DM.csv", "JC.csv", "BN.csv", "EDM.csv", "DF.csv", "EBN.csv", "RF.csv", "BP.csv", "PR.csv",
        "V1.csv",
    ] {
        for row in read(file) {
            let has_foils = printings.iter().any(|p| p["card_id"] == row["id"]);
            if seen.insert((row["set"].clone(), row["type"].clone(), has_foils)) {
                cards.push(row);
            }
        }
    }
    for extra in ["DM-72", "BN-130"] {
        let row = ["DM.csv", "BN.csv"]
            .iter()
            .flat_map(|f| read(f))
            .find(|r| r["id"] == extra)
            .unwrap();
        cards.push(row);
    }
    let s = Scratch::new();
    for card in &cards {
        let id = &card["id"];
        let r = s.run(&["cards", "show", id]);
        assert_eq!(r.code, 0, "{id}: {}", r.stderr);
        let rows = show_rows(&r.stdout);
        let get = |label: &str| {
            rows.iter()
                .find(|(l, _)| l == label)
                .map(|(_, v)| v.as_str())
        };
        let fact =
            |label: &str| get(label).unwrap_or_else(|| panic!("{id}: no {label} in\n{}", r.stdout));
        assert_eq!(fact("Id"), id);
        assert_eq!(fact("Title"), card["title"], "{id}");
        if !card["subtitle"].is_empty() {
            assert_eq!(fact("Subtitle"), card["subtitle"], "{id}");
        }
        assert!(
            fact("Set").ends_with(&format!("#{}", card["number"])),
            "{id}"
        );
        assert_eq!(fact("Side"), card["side"], "{id}");
        assert!(fact("Type").starts_with(card["type"].as_str()), "{id}");
        assert!(
            fact("Type").contains(card["starship_class"].as_str()),
            "{id}"
        );
        assert_eq!(fact("Rarity"), card["rarity"], "{id}");
        let dots = if card["dots"].is_empty() {
            "unknown"
        } else {
            &card["dots"]
        };
        assert!(fact("Dots").starts_with(dots), "{id}");
        if !card["gemp_id"].is_empty() {
            assert_eq!(fact("Community id"), card["gemp_id"], "{id}");
        }
        for (column, label) in [
            ("counters", "Counters"),
            ("power", "Power"),
            ("damage", "Damage"),
            ("destiny", "Destiny"),
        ] {
            let value = &card[column];
            match get(label) {
                Some(shown) if value.is_empty() => assert_eq!(shown, "unknown", "{id} {label}"),
                Some(shown) => assert!(shown.starts_with(value.as_str()), "{id} {label}: {shown}"),
                None => assert!(value.is_empty(), "{id}: {column} {value} not shown"),
            }
        }
        if !card["counters2"].is_empty() || !card["destiny2"].is_empty() {
            let half = get("Weapon half").or(get("Right half")).unwrap();
            for column in ["counters2", "destiny2"] {
                let word = column.trim_end_matches('2');
                let value = if card[column].is_empty() {
                    "unknown"
                } else {
                    &card[column]
                };
                assert!(half.contains(&format!("{word} {value}")), "{id}: {half}");
            }
        }
        for who in ["use1_who", "use2_who", "use3_who"] {
            if !card[who].is_empty() {
                assert!(
                    rows.iter()
                        .any(|(l, v)| l == "Bonus line" && v.starts_with(card[who].as_str())),
                    "{id}: {who}"
                );
            }
        }
        if !card["replaces"].is_empty() {
            assert!(
                fact("Replaces").starts_with(card["replaces"].as_str()),
                "{id}"
            );
        }
        for t in card["traits"].split(';').filter(|t| !t.is_empty()) {
            assert!(fact("Traits").split(", ").any(|x| x == t), "{id}: {t}");
        }
        let foils: Vec<_> = printings.iter().filter(|p| p["card_id"] == *id).collect();
        let listed: Vec<&str> = get("Foil printings")
            .map(|v| v.lines().collect())
            .unwrap_or_default();
        assert_eq!(listed.len(), foils.len(), "{id}: {listed:?}");
        for (p, line) in foils.iter().zip(&listed) {
            for column in ["foil_number", "foil_tier", "gemp_id"] {
                assert!(
                    line.contains(p[column].as_str()),
                    "{id}: {column} in {line}"
                );
            }
            if p["foil_tier"].is_empty() {
                assert!(line.contains("tier unknown"), "{id}: {line}");
            }
        }
    }
    assert!(cards.len() > 40, "{}", cards.len());
}

/// `cards export` in CSV and in JSON gives back every column of every row of `data/cards`
/// exactly (an empty `checked` reads as `no`, as the loader defines it), and no card more.
#[test]
fn export_round_trips_every_column_of_the_data_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/cards");
    let mut data: Vec<std::collections::BTreeMap<String, String>> = Vec::new();
    for file in [
        "DM.csv", "JC.csv", "BN.csv", "EDM.csv", "DF.csv", "EBN.csv", "RF.csv", "BP.csv", "PR.csv",
        "V1.csv",
    ] {
        for row in csv::Reader::from_path(dir.join(file))
            .unwrap()
            .deserialize()
        {
            let mut row: std::collections::BTreeMap<String, String> = row.unwrap();
            if row["checked"].is_empty() {
                row.insert("checked".into(), "no".into());
            }
            data.push(row);
        }
    }
    let s = Scratch::new();
    let csv_out = s.run(&["cards", "export", "--format", "csv"]);
    assert_eq!(csv_out.code, 0, "{}", csv_out.stderr);
    // `text` is computed (what the engine plays of the card's text), not a data column.
    let exported: Vec<std::collections::BTreeMap<String, String>> =
        csv::Reader::from_reader(csv_out.stdout.as_bytes())
            .deserialize()
            .map(|r: Result<std::collections::BTreeMap<String, String>, _>| {
                let mut r = r.unwrap();
                r.remove("text");
                r
            })
            .collect();
    assert_eq!(exported.len(), data.len());
    for (want, got) in data.iter().zip(&exported) {
        assert_eq!(got, want, "csv row of {}", want["id"]);
    }
    let json_out = s.run(&["cards", "export", "--format", "json"]);
    let json: Vec<serde_json::Map<String, serde_json::Value>> =
        serde_json::from_str(&json_out.stdout).unwrap();
    assert_eq!(json.len(), data.len());
    for (want, got) in data.iter().zip(&json) {
        let as_text: std::collections::BTreeMap<String, String> = got
            .iter()
            .filter(|(k, _)| k.as_str() != "text")
            .map(|(k, v)| {
                let text = match v {
                    serde_json::Value::Null => String::new(),
                    serde_json::Value::Bool(true) => "yes".into(),
                    serde_json::Value::Bool(false) => "no".into(),
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (k.clone(), text)
            })
            .collect();
        assert_eq!(&as_text, want, "json row of {}", want["id"]);
    }
}

#[test]
fn search_finds_a_card_by_its_community_id_or_a_foil_printings() {
    let s = Scratch::new();
    assert!(search_ids(&s, &["1_71"]).contains(&"DM-71".to_string()));
    // `7_45` is the Reflections foil of DF-31: the search lists the card.
    assert_eq!(search_ids(&s, &["7_45"]), ["DF-31"]);
}

/// Rows of `yj cards show ID` from `Ability` on, as (fact, value) with wrapped values joined.
fn text_rows(s: &Scratch, id: &str) -> Vec<(String, String)> {
    let r = s.run(&["cards", "show", id]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let rows = show_rows(&r.stdout);
    let at = rows.iter().position(|(k, _)| k == "Ability").unwrap();
    rows[at..]
        .iter()
        .filter(|(k, _)| k != "Foil printings")
        .cloned()
        .collect()
}

#[test]
fn show_says_how_the_engine_plays_the_text_and_whether_it_does_yet() {
    // Issue 12: sentences generated from data/abilities, the ruling followed, and the
    // engine's support (engine::text_support).
    let s = Scratch::new();
    let row = |k: &str, v: &str| (k.to_string(), v.to_string());
    assert_eq!(
        text_rows(&s, "BN-48"),
        vec![
            row(
                "Ability",
                "Captain Tarpals + ◆ Gungan fight together; lose → only Gungan defeated"
            ),
            row(
                "Text played as",
                "Captain Tarpals + diamond Gungan fight together. If they lose, only the diamond Gungan is defeated."
            ),
            row(
                "Reading",
                "when the group loses, the member who stays keeps the weapon he used; only the defeated member's damage is taken"
            ),
            row("Engine plays it", "yes, all of it"),
            row("Checked", "against the card scan"),
        ]
    );
    assert_eq!(
        text_rows(&s, "DF-26"),
        vec![
            row(
                "Ability",
                "any Jedi deploys: may discard it from play → fetch 1 lightsaber from draw deck"
            ),
            row(
                "Text played as",
                "When your Jedi deploys, you may discard this card to search your draw deck for a lightsaber weapon and deploy it."
            ),
            row("Ruling", "card-text 14-A"),
            row(
                "Reading",
                "'when a Jedi deploys': one of your own, deploying face up (the opponent's deploys are not your text's moment, and the other side holds no such card)"
            ),
            row("Engine plays it", "yes, all of it"),
            row("Checked", "against the card scan"),
        ]
    );
    assert_eq!(
        text_rows(&s, "DM-121"),
        vec![
            row("Ability", "Darth Maul only; bonus only vs a Jedi"),
            row("Text played as", "Its bonus counts only against Jedi."),
            row("Engine plays it", "yes, all of it"),
            row("Checked", "against the card scan"),
        ]
    );
    // No game text: no text rows.
    assert_eq!(
        text_rows(&s, "DM-71"),
        vec![
            row("Ability", "none (no game text)"),
            row("Checked", "against the card scan"),
        ]
    );
}

#[test]
fn export_has_a_text_column_and_stats_count_what_is_played() {
    let s = Scratch::new();
    let r = s.run(&["cards", "export", "--format", "csv"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut reader = csv::Reader::from_reader(r.stdout.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let col = headers.iter().position(|h| h == "text").unwrap();
    let idc = 0;
    let mut by_value: std::collections::BTreeMap<String, usize> = Default::default();
    let mut of = std::collections::BTreeMap::new();
    for rec in reader.records() {
        let rec = rec.unwrap();
        *by_value.entry(rec[col].to_string()).or_default() += 1;
        of.insert(rec[idc].to_string(), rec[col].to_string());
    }
    assert_eq!(of["DM-71"], "none");
    assert_eq!(of["DM-52"], "played"); // a plain use line
    assert_eq!(of["DM-121"], "played"); // bonus only vs any Jedi, read from its use line
    assert_eq!(of["BN-48"], "played"); // the group and 'only the Gungan is defeated'
    assert_eq!(of["V1-JC-3"], "played"); // double damage, no battle cards, not defended in a duel
    assert_eq!(of["DF-26"], "played"); // a deck search
    assert_eq!(of["BN-10"], "not-played"); // a cost change whose number is unknown
    let with_text: usize = by_value
        .iter()
        .filter(|(k, _)| k.as_str() != "none")
        .map(|(_, n)| n)
        .sum();
    assert_eq!(with_text, 267);
    // The stats rows count the same.
    let st = s.run(&["cards", "stats", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&st.stdout).unwrap();
    let count = |value: &str| {
        v.as_array()
            .unwrap()
            .iter()
            .find(|r| r["group"] == "text" && r["value"] == value)
            .map_or(0, |r| r["count"].as_u64().unwrap() as usize)
    };
    // A value no card has (today `partly`) is in no export row; its stats row counts 0.
    let exported = |value: &str| by_value.get(value).copied().unwrap_or(0);
    assert_eq!(count("cards with game text"), 267);
    assert_eq!(count("played"), exported("played"));
    assert_eq!(count("partly played"), exported("partly"));
    assert_eq!(count("not played yet"), exported("not-played"));
    assert_eq!(count("not played yet"), 1, "BN-10 only");
}
