//! `yj collection` through the real binary, with a scratch database per test.

mod common;

use common::{Run, Scratch, ok};

/// The collection as `export --format csv` writes it, without the header.
fn exported(s: &Scratch, collection: &str) -> String {
    s.export_rows(collection).join("\n")
}

#[test]
fn add_remove_and_set_print_each_change() {
    let s = Scratch::new();
    let r = s.run(&[
        "collection",
        "add",
        "DM-71",
        "--qty",
        "2",
        "--condition",
        "NM",
    ]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "DM-71 Darth Maul, Sith Apprentice (regular): 0 → 2, condition near-mint\n"
    );
    assert!(r.stderr.contains("recorded as change #1"), "{}", r.stderr);
    // A name and a community id reach the same printing. The new copy, said to be in no
    // condition, is a lot of its own (issue 15, "Lots").
    let r = s.run(&["collection", "add", "Darth Maul, Sith Apprentice"]);
    assert_eq!(
        r.stdout,
        "DM-71 Darth Maul, Sith Apprentice (regular, lot 1): 0 → 1\n"
    );
    let r = s.run(&["collection", "remove", "1_71", "--qty", "2"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: DM-71 (regular) has 2 lots that fit in collection `main` (lot 0: 2 near-mint; \
         lot 1: 1 unlabelled); say which with --lot N (or --condition, --note, --price); \
         nothing was changed\n"
    );
    let r = s.run(&[
        "collection",
        "remove",
        "1_71",
        "--qty",
        "2",
        "--condition",
        "nm",
    ]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "DM-71 Darth Maul, Sith Apprentice (regular): 2 → 0\n"
    );
    // The printing's one lot left is the one `set` sets, relabelled with what is said.
    let r = s.run(&["collection", "set", "DM-71", "4", "--note", "binder 2"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "DM-71 Darth Maul, Sith Apprentice (regular, lot 1): 1 → 4, note “binder 2”\n"
    );
    let r = s.run(&[
        "collection",
        "set",
        "DM-71",
        "4",
        "--lot",
        "1",
        "--condition",
        "NM",
    ]);
    ok(&r);
    let r = s.run(&["collection", "set", "DM-71", "4"]);
    ok(&r);
    assert_eq!(r.stdout, "nothing changed in collection `main`\n");
    assert_eq!(
        exported(&s, "main"),
        "owned,DM-71,regular,4,near-mint,binder 2,\"Darth Maul, Sith Apprentice\",DM,rare,,,"
    );
}

#[test]
fn bad_edits_are_refused_and_change_nothing() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    for (args, message) in [
        (
            vec!["collection", "remove", "DM-71", "--qty", "2"],
            "error: cannot remove 2 DM-71 (regular): the collection `main` owns 1; nothing was changed\n",
        ),
        (
            vec!["collection", "add", "Qui-Gon Jinn"],
            "DM-2 (Qui-Gon Jinn, Jedi Master)",
        ),
        (
            vec!["collection", "add", "Darth Mual, Sith Apprentice"],
            "did you mean DM-71 (Darth Maul, Sith Apprentice)",
        ),
        (
            vec!["collection", "add", "DM-71", "--qty", "-3"],
            "negative quantity `-3`",
        ),
        (
            vec!["collection", "add", "DM-71", "--qty", "100000"],
            "absurd",
        ),
        (vec!["collection", "set", "DM-71", "9999999999"], "absurd"),
        (
            vec!["collection", "set", "DM-71", "-1"],
            "negative quantity `-1`",
        ),
        (vec!["collection", "keep", "-1"], "negative quantity `-1`"),
        (
            vec!["collection", "add", "DM-71", "--qty", "9999"],
            "more than 9999",
        ),
        (
            vec!["collection", "add", "V1-JC-3", "--foil"],
            "virtual card",
        ),
        (
            vec!["collection", "add", "BN-F10", "--condition", "shiny"],
            "unknown condition `shiny`",
        ),
        (
            vec!["collection", "add", "DM-71", "--collection", "a b"],
            "bad collection name `a b`",
        ),
    ] {
        let r = s.run(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
    }
    assert_eq!(
        exported(&s, "main"),
        "owned,DM-71,regular,1,,,\"Darth Maul, Sith Apprentice\",DM,rare,,,"
    );
    let r = s.run(&["collection", "history", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v.as_array().unwrap().len(),
        1,
        "only the first add is recorded"
    );
}

#[test]
fn foils_named_by_number_and_foils_the_catalogue_does_not_list() {
    let s = Scratch::new();
    let r = s.run(&["collection", "add", "BN-F10"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "BN-71 Darth Maul, Dark Lord of the Sith (foil): 0 → 1\n"
    );
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
    // DM-1 has no foil in the catalogue: accepted, with a warning.
    let r = s.run(&["collection", "add", "DM-1", "--foil"]);
    ok(&r);
    assert!(
        r.stderr
            .contains("warning: the catalogue lists no foil printing of DM-1"),
        "{}",
        r.stderr
    );
    let r = s.run(&["collection", "list", "--foil", "--format", "csv"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "card_id,name,set,rarity,finish,qty,condition,note\n\
         DM-1,\"Obi-Wan Kenobi, Young Jedi\",DM,rare,foil,1,,\n\
         BN-71,\"Darth Maul, Dark Lord of the Sith\",BN,rare,foil,1,,\n"
    );
}

#[test]
fn list_filters_like_cards_search_and_shows_missing_cards() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "--qty", "3"]));
    ok(&s.run(&["collection", "add", "BN-1"]));
    let r = s.run(&["collection", "list", "--set", "BN", "--format", "json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["card_id"], "BN-1");
    assert_eq!(v[0]["qty"], 1);
    let r = s.run(&["collection", "list", "maul", "--format", "csv"]);
    ok(&r);
    assert_eq!(r.stdout.lines().count(), 2, "{}", r.stdout);
    let r = s.run(&[
        "collection",
        "list",
        "--set",
        "EDM",
        "--missing",
        "--format",
        "json",
    ]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 6, "no EDM card is owned");
    let r = s.run(&[
        "collection",
        "list",
        "--set",
        "DM",
        "--missing",
        "--format",
        "csv",
    ]);
    ok(&r);
    assert!(!r.stdout.contains("DM-71,"), "DM-71 is owned");
    assert!(r.stdout.contains("DM-72,"));
    let r = s.run(&["collection", "list"]);
    ok(&r);
    assert!(r.stdout.contains("Darth Maul, Sith Apprentice"));
    assert_eq!(r.stderr, "2 printings, 4 copies\n");
}

const DECKLIST: &str = "# a shoebox
3 DM-71
2x Qui-Gon Jinn, Jedi Master
1 BN-F10
";

#[test]
fn import_decklist_text_in_set_and_add_modes() {
    let s = Scratch::new();
    let file = s.write("box.txt", DECKLIST);
    let file = file.to_str().unwrap();
    let r = s.run(&["collection", "import", file]);
    ok(&r);
    assert!(
        r.stderr.contains("3 changes in collection `main`"),
        "{}",
        r.stderr
    );
    let once = exported(&s, "main");
    assert_eq!(
        once,
        "owned,DM-2,regular,2,,,\"Qui-Gon Jinn, Jedi Master\",DM,rare,,,\n\
         owned,DM-71,regular,3,,,\"Darth Maul, Sith Apprentice\",DM,rare,,,\n\
         owned,BN-71,foil,1,,,\"Darth Maul, Dark Lord of the Sith\",BN,rare,,,"
    );
    // --mode set is idempotent.
    let r = s.run(&["collection", "import", file, "--mode", "set"]);
    ok(&r);
    assert!(r.stderr.contains("already matches"), "{}", r.stderr);
    assert_eq!(exported(&s, "main"), once);
    // --mode add adds.
    ok(&s.run(&["collection", "import", file, "--mode", "add"]));
    assert!(exported(&s, "main").contains("owned,DM-71,regular,6,"));
}

#[test]
fn a_dry_run_lists_changes_and_every_rejected_row_and_changes_nothing() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    let before = exported(&s, "main");
    let file = s.write(
        "box.csv",
        "qty,card_id,condition\n3,DM-71,NM\n-1,DM-72,\n2,Obi-Wan Kenobi,\n1,DM-3,shiny\n1,DM-4\n2.5,DM-5,\n",
    );
    let r = s.run(&["collection", "import", file.to_str().unwrap(), "--dry-run"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    // The file's near-mint copies are a lot of their own: the unlabelled copy stays.
    assert!(
        r.stdout
            .contains("┆ regular, lot 1 ┆ –      ┆ 3 near-mint │"),
        "{}",
        r.stdout
    );
    let rejected: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.contains("box.csv:"))
        .collect();
    assert_eq!(rejected.len(), 5, "{}", r.stderr);
    for (line, why) in [
        (3, "negative quantity `-1`"),
        (4, "`Obi-Wan Kenobi` matches"),
        (5, "unknown condition `shiny`"),
        (6, "2 fields where the header has 3"),
        (7, "quantity `2.5` is not a whole number"),
    ] {
        assert!(
            rejected
                .iter()
                .any(|l| l.contains(&format!("box.csv:{line}: {why}"))),
            "line {line}: {}",
            r.stderr
        );
    }
    assert!(
        r.stderr
            .contains("1 change, 5 rejected rows; nothing was changed"),
        "{}",
        r.stderr
    );
    assert_eq!(exported(&s, "main"), before);
    // The real import refuses the whole file.
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("5 rejected rows; nothing was imported"),
        "{}",
        r.stderr
    );
    assert_eq!(exported(&s, "main"), before);
}

#[test]
fn a_row_that_only_fails_against_the_collection_is_rejected_too() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "set", "DM-71", "9000"]));
    let file = s.write("more.txt", "1 DM-72\n999 DM-71\n1 DM-71\n");
    let r = s.run(&[
        "collection",
        "import",
        file.to_str().unwrap(),
        "--mode",
        "add",
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("more.txt:3: DM-71 regular would hold 10000 copies"),
        "{}",
        r.stderr
    );
    assert!(!exported(&s, "main").contains("DM-72"));
}

#[test]
fn unusable_files_are_refused_whole_with_exit_2() {
    let s = Scratch::new();
    let empty = s.write("empty.csv", "");
    // Neither UTF-8 nor Windows-1252 (0x81 is undefined there); Windows-1252 files are read.
    let latin1 = s.path("latin1.txt");
    std::fs::write(&latin1, b"1 DM-71\n1 Padm\x81 Naberrie, Loyal Handmaiden\n").unwrap();
    // A column one slip from a known one would lose its values silently; other unknown
    // columns are ignored with a warning (collection_features_cli).
    let bad_header = s.write("x.csv", "qty,card_id,conditon\n1,DM-71,NM\n");
    let no_header = s.write("y.csv", "Darth Maul,3\n");
    let bad_json = s.write("z.json", "[{\"card_id\": \"DM-71\", \"qty\": 1},\n");
    // A 100 MB file is refused by its size, before it is read.
    let big = s.path("big.csv");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(100_000_000)
        .unwrap();
    for (file, message) in [
        (&empty, "is empty"),
        (&latin1, "line 2, column 7: byte 0x81 is not UTF-8"),
        (
            &bad_header,
            "unknown column `conditon` in the header row: did you mean `condition`?",
        ),
        (&no_header, "is not a header row"),
        (&bad_json, "line 2, column 0: not valid JSON"),
        (&big, "is 95.4 MiB; a collection file is at most 8 MiB"),
        (
            &s.path("missing.csv"),
            "missing.csv: cannot read it: No such file or directory (os error 2)",
        ),
    ] {
        let r = s.run(&["collection", "import", file.to_str().unwrap()]);
        assert_eq!(r.code, 2, "{file:?}: {}", r.stderr);
        assert!(r.stderr.contains(message), "{file:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    }
    assert_eq!(exported(&s, "main"), "");
}

/// A collection with every list, conditions, notes (with commas, quotes and a line break),
/// foils, a virtual card and keep reserves.
fn rich_collection(s: &Scratch) {
    for args in [
        vec![
            "collection",
            "add",
            "DM-71",
            "--qty",
            "3",
            "--condition",
            "LP",
            "--note",
            "from \"Bob\", box 2\nsleeved",
        ],
        vec!["collection", "add", "BN-F10", "--qty", "2"],
        vec!["collection", "add", "V1-JC-3"],
        vec![
            "collection",
            "add",
            "JC-3",
            "--qty",
            "7",
            "--condition",
            "M",
        ],
        vec!["collection", "want", "add", "DM-1", "--qty", "2"],
        vec!["collection", "want", "add", "BN-1", "--foil"],
        vec!["collection", "keep", "3"],
        vec!["collection", "keep", "0", "JC-3"],
    ] {
        ok(&s.run(&args));
    }
}

#[test]
fn export_then_import_set_into_an_empty_collection_reproduces_it_exactly() {
    let s = Scratch::new();
    rich_collection(&s);
    let original = exported(&s, "main");
    let rows = csv::Reader::from_reader(format!("h\n{original}").as_bytes())
        .records()
        .count();
    assert_eq!(rows, 8, "{original}");
    for format in ["csv", "json"] {
        let file = s.path(&format!("all.{format}"));
        ok(&s.run(&[
            "collection",
            "export",
            "--format",
            format,
            "-o",
            file.to_str().unwrap(),
        ]));
        let copy = format!("copy-{format}");
        let r = s.run(&[
            "collection",
            "import",
            file.to_str().unwrap(),
            "--mode",
            "set",
            "--collection",
            &copy,
        ]);
        ok(&r);
        assert_eq!(exported(&s, &copy), original, "{format}");
        // And the JSON export is identical too (every field, not just the CSV's text).
        let a = s.run(&["collection", "export", "--format", "json"]);
        let b = s.run(&[
            "collection",
            "export",
            "--format",
            "json",
            "--collection",
            &copy,
        ]);
        assert_eq!(a.stdout, b.stdout, "{format}");
    }
}

#[test]
fn completion_reports_sets_rarities_and_foils() {
    let s = Scratch::new();
    rich_collection(&s);
    let r = s.run(&["collection", "completion", "--format", "json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let row = |group: &str, key: &str| {
        v.as_array()
            .unwrap()
            .iter()
            .find(|r| r["group"] == group && r["key"] == key)
            .unwrap_or_else(|| panic!("no {group} {key} in {v}"))
            .clone()
    };
    // DM-71 and the BN-71 foil; JC-3 (and its virtual card, counted apart).
    assert_eq!(row("set", "DM")["owned"], 1);
    assert_eq!(row("set", "JC")["owned"], 1);
    assert_eq!(row("set", "BN")["owned"], 1);
    assert_eq!(row("set", "BN")["foils_owned"], 1);
    assert_eq!(row("set", "V1")["owned"], 1);
    assert_eq!(row("overall", "all")["owned"], 3);
    assert_eq!(row("overall", "all")["foils_owned"], 1);
    assert_eq!(row("set", "DM")["percent"], 0.7);
    let bn_foils = row("set", "BN")["foils_total"].clone();
    let table = s.run(&["collection", "completion"]);
    ok(&table);
    assert!(
        table.stdout.contains("│ BN  ┆ Battle of Naboo"),
        "{}",
        table.stdout
    );
    assert!(
        table.stdout.contains(&format!(
            "1/140 ┆ 0.7% ┆ ░░░░░░░░░░░░░░░░░░░░ ┆ 1/{bn_foils}"
        )),
        "{}",
        table.stdout
    );
    assert!(table.stdout.contains("By rarity (All printed sets)"));
    let one = s.run(&["collection", "completion", "--set", "BN", "--format", "csv"]);
    ok(&one);
    assert!(
        one.stdout
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("set,BN,Battle of Naboo,1,"),
        "{}",
        one.stdout
    );
}

#[test]
fn want_lists_unmet_wants_and_missing_set_cards() {
    let s = Scratch::new();
    rich_collection(&s);
    let r = s.run(&["collection", "want", "--format", "csv"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "card_id,name,set,rarity,finish,wanted,owned,missing,reason\n\
         DM-1,\"Obi-Wan Kenobi, Young Jedi\",DM,rare,regular,2,0,2,want list\n\
         BN-1,\"Obi-Wan Kenobi, Jedi Knight\",BN,rare,foil,1,0,1,want list\n"
    );
    let r = s.run(&["collection", "want", "--set", "EDM", "--format", "json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 6);
    assert_eq!(v[0]["reason"], "missing from set");
    ok(&s.run(&["collection", "want", "remove", "DM-1"]));
    let r = s.run(&["collection", "want", "--format", "csv"]);
    assert!(!r.stdout.contains("DM-1,"), "{}", r.stdout);
}

#[test]
fn trades_offer_copies_beyond_the_keep_reserve() {
    let s = Scratch::new();
    rich_collection(&s);
    let r = s.run(&["collection", "trades", "--format", "csv"]);
    ok(&r);
    // keep 3 of every card; JC-3 keeps none. DM-71: 3 owned, nothing spare.
    assert_eq!(
        r.stdout,
        "card_id,name,owned_regular,owned_foil,keep,trade_regular,trade_foil,foil_printings\n\
         JC-3,\"Jar Jar Binks, Gungan Outcast\",7,0,0,7,0,\n"
    );
    ok(&s.run(&["collection", "keep", "default", "JC-3"]));
    ok(&s.run(&["collection", "keep", "1", "DM-71"]));
    let r = s.run(&["collection", "trades", "--format", "csv"]);
    assert_eq!(
        r.stdout,
        "card_id,name,owned_regular,owned_foil,keep,trade_regular,trade_foil,foil_printings\n\
         DM-71,\"Darth Maul, Sith Apprentice\",3,0,1,2,0,\n\
         JC-3,\"Jar Jar Binks, Gungan Outcast\",7,0,3,4,0,\n"
    );
}

#[test]
fn history_records_every_change_and_undo_reverts_them() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "--qty", "2"]));
    let file = s.write("box.txt", DECKLIST);
    ok(&s.run(&[
        "collection",
        "import",
        file.to_str().unwrap(),
        "--mode",
        "add",
    ]));
    let after_import = exported(&s, "main");
    ok(&s.run(&["collection", "want", "add", "DM-1"]));
    let r = s.run(&["collection", "history", "-n", "2"]);
    ok(&r);
    assert!(
        r.stdout.contains("yj collection want add DM-1"),
        "{}",
        r.stdout
    );
    // The table wraps long cells, so look for the change's two halves.
    assert!(
        r.stdout.contains("DM-71 Darth Maul, Sith Apprentice")
            && r.stdout.contains("(regular): 2 → 5"),
        "{}",
        r.stdout
    );
    assert!(
        !r.stdout.contains("--qty 2"),
        "only two entries: {}",
        r.stdout
    );

    let r = s.run(&["collection", "undo"]);
    ok(&r);
    assert!(
        r.stdout
            .starts_with("undid #3 (yj collection want add DM-1), recorded as #4:"),
        "{}",
        r.stdout
    );
    assert_eq!(exported(&s, "main"), after_import);
    let r = s.run(&["collection", "undo", "-n", "2"]);
    ok(&r);
    assert_eq!(exported(&s, "main"), "");
    let r = s.run(&["collection", "undo"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("nothing to undo in collection `main`"),
        "{}",
        r.stderr
    );

    let r = s.run(&["collection", "history", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let entries = v.as_array().unwrap();
    assert_eq!(entries.len(), 6, "three changes and three undos");
    let ids: Vec<(i64, Option<i64>)> = entries
        .iter()
        .map(|e| (e["id"].as_i64().unwrap(), e["undoes"].as_i64()))
        .collect();
    assert_eq!(
        ids,
        vec![
            (6, Some(1)),
            (5, Some(2)),
            (4, Some(3)),
            (3, None),
            (2, None),
            (1, None)
        ]
    );
    assert_eq!(entries[5]["undone_by"], 6);
    assert_eq!(entries[5]["changes"][0]["after"]["qty"], 2);
    assert!(entries[5]["time"].as_str().unwrap().ends_with('Z'));
}

#[test]
fn collections_are_separate() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    ok(&s.run(&[
        "collection",
        "--collection",
        "binder",
        "add",
        "DM-72",
        "--qty",
        "2",
    ]));
    assert!(!exported(&s, "main").contains("DM-72"));
    assert!(!exported(&s, "binder").contains("DM-71"));
    let r = s.run(&["collection", "undo", "--collection", "binder"]);
    ok(&r);
    assert!(
        exported(&s, "main").contains("DM-71"),
        "undo touches one collection only"
    );
    let r = s.run(&["collection", "names", "--format", "csv"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "collection,printings,copies,wanted,last_change\nbinder,0,0,0,3\nmain,1,1,0,1\n"
    );
    let r = s.run(&["collection", "list", "--collection", "mian"]);
    ok(&r);
    assert!(
        r.stderr
            .contains("note: collection `mian` is empty; this database has: binder, main"),
        "{}",
        r.stderr
    );
}

#[test]
fn backup_copies_the_database_and_keeps_existing_files() {
    let s = Scratch::new();
    rich_collection(&s);
    let dest = s.path("backup.db");
    let r = s.run(&["collection", "backup", dest.to_str().unwrap()]);
    ok(&r);
    assert!(
        r.stdout
            .contains("8 collection entries, 8 history entries; integrity checked"),
        "{}",
        r.stdout
    );
    // The backup is a database `yj` can use as it is.
    let r = s
        .cmd(&["collection", "export"])
        .env("YJ_DB", &dest)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&r.stdout)
            .lines()
            .skip(1)
            .collect::<Vec<_>>()
            .join("\n"),
        exported(&s, "main")
    );
    let r = s.run(&["collection", "backup", dest.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("already exists"), "{}", r.stderr);
    ok(&s.run(&["collection", "backup", dest.to_str().unwrap(), "--force"]));
}

#[test]
fn the_guide_s_example_files_import_as_it_shows() {
    let s = Scratch::new();
    let example = |name: &str| format!("{}/examples/collection/{name}", env!("CARGO_MANIFEST_DIR"));
    let r = s.run(&["collection", "import", &example("shoebox.txt")]);
    ok(&r);
    assert!(r.stderr.contains("7 changes"), "{}", r.stderr);
    ok(&s.run(&[
        "collection",
        "import",
        &example("binder.csv"),
        "--mode",
        "add",
    ]));
    let r = s.run(&[
        "collection",
        "import",
        &example("trade-night.txt"),
        "--dry-run",
    ]);
    assert_eq!(r.code, 1);
    for line in [3, 4, 5] {
        assert!(
            r.stderr.contains(&format!("trade-night.txt:{line}: ")),
            "{}",
            r.stderr
        );
    }
    let r = s.run(&["collection", "completion", "--format", "csv"]);
    ok(&r);
    assert!(
        r.stdout.contains("overall,all,All printed sets,10,"),
        "{}",
        r.stdout
    );
}

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_imported_and_recorded() {
    // Paths are bytes on Unix; the history records the command line readably instead of
    // panicking on it.
    use std::os::unix::ffi::OsStrExt;
    let s = Scratch::new();
    let name = std::ffi::OsStr::from_bytes(b"binder-\xff.txt");
    std::fs::write(s.dir.path().join(name), "2 DM-71\n").unwrap();
    let r = Run::from(s.cmd(&["collection", "import"]).arg(name).output().unwrap());
    ok(&r);
    let r = s.run(&["collection", "history", "--format", "json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v[0]["command"], "yj collection import binder-\u{fffd}.txt",
        "{}",
        r.stdout
    );
}

#[test]
fn history_of_zero_entries_is_a_usage_error_not_an_empty_history() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    let r = s.run(&["collection", "history", "-n", "0"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr, "error: -n must be at least 1\n");
}

#[test]
fn an_entry_whose_card_left_the_catalogue_can_still_be_edited() {
    // A card id a catalogue correction dropped stays in the collection (and in its exports);
    // the collector must be able to set or remove it by that id.
    let s = Scratch::new();
    s.write(
        "old.csv",
        "list,card_id,finish,qty,name\nowned,XX-9,regular,3,(not in the catalogue)\nkeep,XX-9,,1,(not in the catalogue)\n",
    );
    ok(&s.run(&["collection", "import", "old.csv"]));
    let r = s.run(&["collection", "remove", "xx-9"]);
    ok(&r);
    assert_eq!(r.stdout, "XX-9 (not in the catalogue) (regular): 3 → 2\n");
    ok(&s.run(&["collection", "set", "XX-9", "0"]));
    ok(&s.run(&["collection", "keep", "default", "XX-9"]));
    assert_eq!(exported(&s, "main"), "");
    // An id the collection does not hold is still unknown.
    let r = s.run(&["collection", "remove", "XX-10"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no card matches `XX-10`"), "{}", r.stderr);
}

#[test]
fn several_cards_go_in_as_one_change_or_not_at_all() {
    // Opening a booster: eleven cards in one command, one history entry, one undo.
    let s = Scratch::new();
    let r = s.run(&[
        "collection",
        "add",
        "DM-1",
        "DM-45",
        "1_45",
        "7_45",
        "Yoda, Jedi Master",
    ]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "DM-1 Obi-Wan Kenobi, Young Jedi (regular): 0 → 1\n\
         DM-45 Blaster (regular): 0 → 2\n\
         DF-31 Darth Maul, Student of the Dark Side (foil RF): 0 → 1\n\
         DM-10 Yoda, Jedi Master (regular): 0 → 1\n"
    );
    assert!(r.stderr.contains("recorded as change #1"), "{}", r.stderr);
    // One bad name among several: nothing is written.
    let before = exported(&s, "main");
    let r = s.run(&["collection", "add", "DM-2", "Yodaa"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no card matches `Yodaa`"), "{}", r.stderr);
    assert_eq!(exported(&s, "main"), before);
    // One undo takes the whole pack back.
    ok(&s.run(&["collection", "undo"]));
    assert_eq!(exported(&s, "main"), "");
}

#[test]
fn history_as_json_says_which_foil_printing_each_change_is() {
    // Setting the printing of a foil recorded without one moves it between two slots that
    // differ only by printing; JSON must tell them apart as the table does.
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DF-31", "--foil"]));
    ok(&s.run(&["collection", "printing", "DF-31", "RF"]));
    let r = s.run(&["collection", "history", "-n", "1", "--format", "json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let changes = v[0]["changes"].as_array().unwrap();
    let printings: Vec<&serde_json::Value> = changes.iter().map(|c| &c["printing"]).collect();
    assert_eq!(
        printings,
        [&serde_json::Value::Null, &serde_json::json!("RF")]
    );
    assert_eq!(changes[1]["after"]["qty"], 1);
}

#[test]
fn a_foil_number_with_its_set_in_brackets_is_still_the_foil() {
    // `BN-F10 (BN)` as a list or a spreadsheet writes it: the set must not cost the finish.
    let s = Scratch::new();
    let r = s.run(&["collection", "add", "BN-F10 (BN)"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "BN-71 Darth Maul, Dark Lord of the Sith (foil): 0 → 1\n"
    );
    let r = s.run(&["collection", "add", "BN-F10 (JC)"]);
    assert_eq!(r.code, 2);
    assert_eq!(exported(&s, "main").lines().count(), 1);
}
