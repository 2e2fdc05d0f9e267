//! `yj collection import` of the files collectors really keep: spreadsheets saved by Excel or
//! LibreOffice (CRLF, byte-order mark, semicolons, tabs, old Mac line ends), set names beside
//! card names, foil columns written `Y`. Each test failed before its fix.

mod common;

use common::{Scratch, ok};

/// The owned entries as `list,card_id,finish,qty` lines.
fn owned(s: &Scratch) -> Vec<String> {
    s.export_rows("main")
        .iter()
        .map(|l| l.split(',').take(4).collect::<Vec<_>>().join(","))
        .collect()
}

#[test]
fn rejected_rows_of_a_crlf_file_name_their_real_line() {
    // Excel writes CRLF; the CSV reader's own line count runs one behind on such files.
    let s = Scratch::new();
    let file = s.write(
        "binder.csv",
        "qty,card_id\r\n2,DM-71\r\n1,Darth Mual\r\n\r\n3,DM-72\r\n1,DM-999\r\n",
    );
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("binder.csv:3: no card matches `Darth Mual`"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("binder.csv:6: no card matches `DM-999`"),
        "{}",
        r.stderr
    );
    assert!(owned(&s).is_empty(), "nothing may change");
}

#[test]
fn a_semicolon_separated_spreadsheet_with_a_bom_imports() {
    // Excel in most European locales saves "CSV" with semicolons (and a BOM for UTF-8).
    let s = Scratch::new();
    let file = s.write(
        "sammlung.csv",
        "\u{feff}Quantity;Card Name;Foil\r\n2;Darth Maul, Sith Apprentice;no\r\n1;BN-71;yes\r\n",
    );
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    ok(&r);
    assert_eq!(
        owned(&s),
        vec!["owned,DM-71,regular,2", "owned,BN-71,foil,1"]
    );
}

#[test]
fn a_tab_separated_file_imports() {
    let s = Scratch::new();
    let file = s.write("paste.tsv", "qty\tname\n3\tKaadu (DM)\n");
    ok(&s.run(&["collection", "import", file.to_str().unwrap()]));
    assert_eq!(owned(&s), vec!["owned,DM-41,regular,3"]);
    // A `card` column holding names works with a set column as a `name` column does.
    let file = s.write("paste2.tsv", "Qty\tCard\tSet\n1\tKaadu\tBN\n");
    ok(&s.run(&["collection", "import", file.to_str().unwrap()]));
    assert_eq!(
        owned(&s),
        vec!["owned,DM-41,regular,3", "owned,BN-40,regular,1"]
    );
}

#[test]
fn a_file_with_old_mac_line_ends_imports_every_row() {
    let s = Scratch::new();
    let file = s.write("mac.csv", "qty,card_id\r3,DM-71\r2,DM-72\r");
    ok(&s.run(&["collection", "import", file.to_str().unwrap()]));
    assert_eq!(
        owned(&s),
        vec!["owned,DM-71,regular,3", "owned,DM-72,regular,2"]
    );
    let s = Scratch::new();
    let file = s.write("mac.txt", "3 DM-71\r2 DM-72\r");
    ok(&s.run(&["collection", "import", file.to_str().unwrap()]));
    assert_eq!(
        owned(&s),
        vec!["owned,DM-71,regular,3", "owned,DM-72,regular,2"]
    );
}

#[test]
fn foil_columns_written_y_and_n_are_read() {
    let s = Scratch::new();
    let file = s.write(
        "foils.csv",
        "qty,card_id,foil\n1,BN-71,Y\n2,DM-71,n\n1,BN-75,foil\n1,JC-4,1\n1,DM-72,\n",
    );
    ok(&s.run(&["collection", "import", file.to_str().unwrap()]));
    assert_eq!(
        owned(&s),
        vec![
            "owned,DM-71,regular,2",
            "owned,DM-72,regular,1",
            "owned,JC-4,foil,1",
            "owned,BN-71,foil,1",
            "owned,BN-75,foil,1",
        ]
    );
}

#[test]
fn a_set_column_settles_names_several_sets_print() {
    // "Kaadu" is DM-41, JC-46 and BN-40; the sheet's set column says which. The set may be
    // written as its code or its name.
    let s = Scratch::new();
    let file = s.write(
        "checklist.csv",
        "Qty,Name,Set\n2,Kaadu,The Jedi Council\n1,Kaadu,BN\n1,Qui-Gon Jinn, Jedi Protector,EDM\n",
    );
    // The unquoted comma in the third row makes four fields: it is rejected, not guessed.
    let r = s.run(&["collection", "import", file.to_str().unwrap(), "--dry-run"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("checklist.csv:4:"), "{}", r.stderr);
    let file = s.write(
        "checklist.csv",
        "Qty,Name,Set\n2,Kaadu,The Jedi Council\n1,Kaadu,BN\n1,\"Qui-Gon Jinn, Jedi Protector\",EDM\n",
    );
    ok(&s.run(&["collection", "import", file.to_str().unwrap()]));
    assert_eq!(
        owned(&s),
        vec![
            "owned,JC-46,regular,2",
            "owned,BN-40,regular,1",
            "owned,EDM-P1,regular,1"
        ]
    );
}

#[test]
fn a_set_column_that_contradicts_the_card_is_rejected_not_ignored() {
    let s = Scratch::new();
    let file = s.write(
        "wrong.csv",
        "qty,card_id,name,set\n1,DM-71,,JC\n1,,\"Darth Maul, Sith Apprentice\",Battle of Naboo\n1,DM-72,,Narnia\n",
    );
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("wrong.csv:2:") && r.stderr.contains("The Jedi Council"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("wrong.csv:3:") && r.stderr.contains("Battle of Naboo"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("wrong.csv:4: unknown set `Narnia`"),
        "{}",
        r.stderr
    );
    assert!(owned(&s).is_empty());
}

#[test]
fn a_reflections_row_of_a_reprinted_card_is_its_reflections_foil() {
    // Reflections reprints earlier cards as foils (DM-9 Queen Amidala, Royal Leader is 7_1): a
    // sheet listing it under Reflections holds that foil, not a regular DM-9.
    let s = Scratch::new();
    let file = s.write(
        "rf.csv",
        "qty,name,set\n1,\"Queen Amidala, Royal Leader\",Reflections\n",
    );
    ok(&s.run(&["collection", "import", file.to_str().unwrap()]));
    assert_eq!(owned(&s), vec!["owned,DM-9,foil,1"]);
    // Written as regular, it is a contradiction.
    let file = s.write(
        "rf2.csv",
        "qty,name,set,finish\n1,\"Queen Amidala, Royal Leader\",RF,regular\n",
    );
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("rf2.csv:2:"), "{}", r.stderr);
}

#[test]
fn want_deck_refuses_a_collection_that_does_not_exist() {
    // `yj deck need --collection` refuses a misspelt name; `collection want --deck` reported
    // the whole deck missing instead.
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    let deck = s.write("d.txt", "2 DM-71\n");
    let r = s.run(&[
        "collection",
        "--collection",
        "mian",
        "want",
        "--deck",
        deck.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 2, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("there is no collection `mian`"),
        "{}",
        r.stderr
    );
}

#[test]
fn copies_in_another_condition_or_note_are_a_lot_of_their_own_never_relabelled() {
    // Issue 15, "Lots": a printing held one condition and one note, so adding near-mint
    // copies to lightly-played ones either relabelled them all or was refused. Now each
    // description is a lot of its own, from the command line and from files alike.
    let s = Scratch::new();
    ok(&s.run(&[
        "collection",
        "add",
        "DM-71",
        "--qty",
        "3",
        "--condition",
        "LP",
        "--note",
        "binder 1",
    ]));
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
        "DM-71 Darth Maul, Sith Apprentice (regular, lot 1): 0 → 2, condition near-mint\n"
    );
    let file = s.write(
        "trade-night.csv",
        "qty,card_id,condition,note\n2,DM-71,NM,\n1,DM-71,LP,binder 1\n1,DM-71,DMG,signed\n",
    );
    ok(&s.run(&[
        "collection",
        "import",
        file.to_str().unwrap(),
        "--mode",
        "add",
    ]));
    let rows: Vec<String> = s
        .run(&["collection", "export"])
        .stdout
        .lines()
        .skip(1)
        .map(|l| l.split(',').take(6).collect::<Vec<_>>().join(","))
        .collect();
    assert_eq!(
        rows,
        [
            "owned,DM-71,regular,4,lightly-played,binder 1",
            "owned,DM-71,regular,4,near-mint,",
            "owned,DM-71,regular,1,damaged,signed",
        ]
    );
    // A file without a condition column cannot say which lot it sets: refused, nothing
    // changed; the one lot that fits what it does say is set.
    let before = s.run(&["collection", "export"]).stdout;
    let plain = s.write("plain.csv", "qty,card_id\n5,DM-71\n");
    let r = s.run(&["collection", "import", plain.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains(
            "plain.csv:2: DM-71 regular has 3 lots this row could mean (lot 0: \
             4 lightly-played, “binder 1”; lot 1: 4 near-mint; lot 2: 1 damaged, “signed”)"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(s.run(&["collection", "export"]).stdout, before);
    let signed = s.write("signed.csv", "qty,card_id,note\n2,DM-71,signed\n");
    ok(&s.run(&["collection", "import", signed.to_str().unwrap()]));
    let r = s.run(&["collection", "list", "DM-71"]);
    assert!(r.stdout.contains("┆ 2   ┆ damaged"), "{}", r.stdout);
    assert_eq!(r.stderr, "3 lots in 1 printing, 10 copies\n");
    // The export gives every lot back exactly, into an empty collection.
    let all = s.path("all.csv");
    ok(&s.run(&["collection", "export", "-o", all.to_str().unwrap()]));
    ok(&s.run(&[
        "collection",
        "import",
        all.to_str().unwrap(),
        "--collection",
        "copy",
    ]));
    let copy = s
        .run(&["collection", "export", "--collection", "copy"])
        .stdout;
    assert_eq!(copy, s.run(&["collection", "export"]).stdout);
    // Undo takes the last import back as one change.
    ok(&s.run(&["collection", "undo"]));
    let r = s.run(&["collection", "list", "DM-71"]);
    assert!(r.stdout.contains("┆ 1   ┆ damaged"), "{}", r.stdout);
}

#[test]
fn export_never_overwrites_the_database_or_a_backup() {
    // `export -o yj.db` renamed the CSV over the live database: every collection and its
    // whole history gone.
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "--qty", "2"]));
    ok(&s.run(&["collection", "backup", "backup.db"]));
    let db = s.db();
    let wal = format!("{}-wal", db.display());
    for target in [db.to_str().unwrap(), "./yj.db", wal.as_str(), "backup.db"] {
        let r = s.run(&["collection", "export", "-o", target]);
        assert_eq!(r.code, 2, "{target}: {}", r.stderr);
        assert!(r.stderr.contains("database"), "{target}: {}", r.stderr);
    }
    assert_eq!(owned(&s), vec!["owned,DM-71,regular,2"]);
    let r = s.run(&["--db", "backup.db", "collection", "export"]);
    ok(&r);
    assert!(r.stdout.contains("owned,DM-71,regular,2,"), "{}", r.stdout);
    // An earlier export is replaced as before.
    ok(&s.run(&["collection", "export", "-o", "mine.csv"]));
    ok(&s.run(&["collection", "export", "-o", "mine.csv"]));
}

#[test]
fn a_file_with_a_light_and_a_dark_deck_reads_each_name_on_its_own_side() {
    // Both decks of a player in one file: `Blaster (DM)` is DM-45 on the light side and
    // DM-119 on the dark. The second one was taken from the first one's lookup.
    let s = Scratch::new();
    let file = s.write(
        "both-decks.txt",
        "side: light\n1 Blaster (DM)\nside: dark\n1 Blaster (DM)\n",
    );
    ok(&s.run(&["collection", "import", file.to_str().unwrap()]));
    assert_eq!(
        owned(&s),
        vec!["owned,DM-45,regular,1", "owned,DM-119,regular,1"]
    );
}

#[test]
fn excel_unicode_text_utf16_imports() {
    // Excel's "Unicode Text" is tab-separated UTF-16 with a byte-order mark.
    let s = Scratch::new();
    let text = "qty\tname\r\n2\tPadmé Naberrie, Handmaiden\r\n";
    for (name, bom, big_endian) in [
        ("le.txt", [0xFF, 0xFE], false),
        ("be.txt", [0xFE, 0xFF], true),
    ] {
        let mut bytes = bom.to_vec();
        for unit in text.encode_utf16() {
            let pair = if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            };
            bytes.extend_from_slice(&pair);
        }
        let path = s.path(name);
        std::fs::write(&path, bytes).unwrap();
        ok(&s.run(&["collection", "import", path.to_str().unwrap()]));
    }
    assert_eq!(owned(&s), vec!["owned,DM-5,regular,2"]);
    // UTF-16 without its mark cannot be told from other bytes: refused, as before.
    let odd: Vec<u8> = "qty\tname\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    std::fs::write(s.path("odd.txt"), odd).unwrap();
    let r = s.run(&["collection", "import", "odd.txt"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
}

#[test]
fn a_card_id_and_a_name_that_disagree_are_rejected_not_resolved_by_the_id() {
    // Sorting one column of a sheet without the other leaves ids and names on the wrong rows;
    // the id alone decided, so the collection silently got other cards than the sheet shows.
    let s = Scratch::new();
    let file = s.write(
        "sorted.csv",
        "qty,card_id,name\n\
         2,DM-71,\"Darth Maul, Sith Apprentice\"\n\
         1,DM-72,Darth Maul\n\
         1,BN-F10,\"Darth Maul: Dark Lord of the Sith\"\n\
         1,DM-1,\"Qui-Gon Jinn, Jedi Master\"\n",
    );
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("sorted.csv:3:") && r.stderr.contains("DM-72"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("sorted.csv:5:") && r.stderr.contains("Qui-Gon Jinn, Jedi Master"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("sorted.csv:2:"), "{}", r.stderr);
    assert!(!r.stderr.contains("sorted.csv:4:"), "{}", r.stderr);
    assert!(owned(&s).is_empty());
}

#[test]
fn a_checklist_with_set_and_number_columns_imports() {
    let s = Scratch::new();
    let file = s.write(
        "checklist.csv",
        "Set,Number,Name,Qty\n\
         Menace of Darth Maul,71,\"Darth Maul, Sith Apprentice\",2\n\
         JC,46,Kaadu,1\n\
         BN,F10,,1\n",
    );
    ok(&s.run(&["collection", "import", file.to_str().unwrap()]));
    assert_eq!(
        owned(&s),
        vec![
            "owned,DM-71,regular,2",
            "owned,JC-46,regular,1",
            "owned,BN-71,foil,1"
        ]
    );
    let file = s.write(
        "bad.csv",
        "Set,Number,Name,Qty\nDM,72,\"Darth Maul, Sith Apprentice\",1\n,71,,1\n",
    );
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("bad.csv:2:") && r.stderr.contains("DM-72"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("bad.csv:3:") && r.stderr.contains("needs its set"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_warning_repeated_on_many_rows_is_printed_once() {
    // A big file repeating a foil the catalogue does not list printed the same warning on
    // every row, burying everything else.
    let s = Scratch::new();
    let mut text = String::from("qty,card_id,finish\n");
    for _ in 0..8 {
        text.push_str("1,DM-71,foil\n1,DM-72,regular\n");
    }
    let file = s.write("box.csv", &text);
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    ok(&r);
    let warnings: Vec<&str> = r.stderr.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warnings.len(), 1, "{}", r.stderr);
    assert!(
        warnings[0].starts_with(&format!("{}:2: warning: ", file.display()))
            && warnings[0].ends_with("(also lines 4, 6, 8, 10, 12 and 2 more)"),
        "{}",
        warnings[0]
    );
    assert_eq!(
        owned(&s),
        vec!["owned,DM-71,foil,8", "owned,DM-72,regular,8"]
    );
}

#[test]
fn a_collection_name_differing_only_in_case_is_refused_not_created() {
    // `--collection Main` made a second, empty collection beside `main`: cards added there
    // were missing from every report on `main`.
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    ok(&s.run(&["collection", "--collection", "Trade-Binder", "add", "DM-72"]));
    for (name, meant) in [("Main", "main"), ("trade-binder", "Trade-Binder")] {
        let r = s.run(&["collection", "--collection", name, "add", "DM-1"]);
        assert_eq!(r.code, 2, "{name}: {}", r.stdout);
        assert!(
            r.stderr.contains(&format!("did you mean `{meant}`")),
            "{name}: {}",
            r.stderr
        );
    }
    let r = s.run(&["collection", "names", "--format", "csv"]);
    ok(&r);
    assert_eq!(r.stdout.lines().count(), 3, "{}", r.stdout);
}
