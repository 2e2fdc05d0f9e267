//! Issue 15's collector features through the real binary: sync imports, other tools'
//! spreadsheets, and the smaller fixes.

mod common;

use common::{Scratch, ok};

#[test]
fn sync_makes_the_collection_equal_to_the_file_and_undoes_as_one_change() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "DM-1", "DM-2", "--qty", "2"]));
    ok(&s.run(&["collection", "want", "add", "DM-10", "--qty", "1"]));
    let before = s.export_rows("main");
    // The binder as it is now: DM-1 is gone, DM-71 is down to one, DM-3 is new.
    s.write("binder.csv", "qty,card_id\n1,DM-71\n2,DM-2\n1,DM-3\n");
    let r = s.run(&[
        "collection",
        "import",
        "binder.csv",
        "--mode",
        "sync",
        "--dry-run",
    ]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "\
┌───────┬───────┬───────────────────────────────────┬─────────┬────────┬───────┐
│ List  ┆ Card  ┆ Name                              ┆ Finish  ┆ Before ┆ After │
╞═══════╪═══════╪═══════════════════════════════════╪═════════╪════════╪═══════╡
│ owned ┆ DM-1  ┆ Obi-Wan Kenobi, Young Jedi        ┆ regular ┆ 2      ┆ –     │
│ owned ┆ DM-3  ┆ Jar Jar Binks, Gungan Chuba Thief ┆ regular ┆ –      ┆ 1     │
│ owned ┆ DM-71 ┆ Darth Maul, Sith Apprentice       ┆ regular ┆ 2      ┆ 1     │
└───────┴───────┴───────────────────────────────────┴─────────┴────────┴───────┘
"
    );
    assert_eq!(
        r.stderr,
        "dry run of binder.csv (3 rows, csv): 3 changes (1 removal), 0 rejected rows; nothing \
         was changed\n"
    );
    assert_eq!(s.export_rows("main"), before, "a dry run changes nothing");
    let r = s.run(&["collection", "import", "binder.csv", "--mode", "sync"]);
    ok(&r);
    assert!(
        r.stderr.ends_with(
            "imported 3 rows from binder.csv: 3 changes (1 removal) in collection `main`, \
             recorded as change #3 (`yj collection undo` reverts it)\n"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(
        s.export_rows("main"),
        [
            "owned,DM-2,regular,2,,,\"Qui-Gon Jinn, Jedi Master\",DM,rare,,,",
            "owned,DM-3,regular,1,,,\"Jar Jar Binks, Gungan Chuba Thief\",DM,rare,,,",
            "owned,DM-71,regular,1,,,\"Darth Maul, Sith Apprentice\",DM,rare,,,",
            // The file has no want rows, so the want list is left alone.
            "want,DM-10,regular,1,,,\"Yoda, Jedi Master\",DM,rare,,,",
        ]
    );
    // Syncing again changes nothing; one undo takes the whole sync back.
    let r = s.run(&["collection", "import", "binder.csv", "--mode", "sync"]);
    ok(&r);
    assert!(r.stderr.contains("already matches"), "{}", r.stderr);
    ok(&s.run(&["collection", "undo"]));
    assert_eq!(s.export_rows("main"), before);
}

#[test]
fn other_tools_spreadsheets_are_read_with_their_extra_columns_named() {
    // A Deckbox-style export: its own columns, a trade count, a price, a trailing blank
    // header; condition words of its own; `1,000`-style and `3.0` quantities.
    let s = Scratch::new();
    s.write(
        "deckbox.csv",
        "Count,Tradelist Count,Name,Edition,Card Number,Condition,Foil,My Price,\n\
         2,1,\"Darth Maul, Sith Apprentice\",DM,71,Near Mint/Mint,,$4.00,\n\
         \"1,000\",0,Gungan Guard,DM,24,Played,,,\n\
         3.0,0,Jawa,DM,29,Excellent,,,\n\
         1,0,,BN,1,Light Played,foil,,\n",
    );
    let r = s.run(&["collection", "import", "deckbox.csv"]);
    ok(&r);
    assert_eq!(
        r.stderr,
        "deckbox.csv:1: warning: columns `Tradelist Count`, `My Price` ignored: yj does not \
         keep them (known columns: qty, card_id, name, set, number, finish, printing, \
         condition, note, price_paid, deck, list, collection (and rarity, which is ignored))\n\
         deckbox.csv:1: warning: 1 column with no name in the header row ignored\n\
         imported 4 rows from deckbox.csv: 4 changes in collection `main`, recorded as change \
         #1 (`yj collection undo` reverts it)\n"
    );
    assert_eq!(
        s.export_rows("main"),
        [
            "owned,DM-24,regular,1000,moderately-played,,Gungan Guard,DM,common,,,",
            "owned,DM-29,regular,3,lightly-played,,\"Jawa, Thief\",DM,common,,,",
            "owned,DM-71,regular,2,near-mint,,\"Darth Maul, Sith Apprentice\",DM,rare,,,",
            "owned,BN-1,foil,1,lightly-played,,\"Obi-Wan Kenobi, Jedi Knight\",BN,rare,,,",
        ]
    );
    // A set and number pair names the card without id or name; `x3` is a quantity; Excel's
    // `sep=;` line says the separator.
    s.write(
        "checklist.csv",
        "sep=;\nqty;set;number;condition\nx3;DM;45;Heavily Played\n2;JC;1;Poor\n",
    );
    ok(&s.run(&["collection", "import", "checklist.csv", "--collection", "b"]));
    assert_eq!(
        s.export_rows("b"),
        [
            "owned,DM-45,regular,3,heavily-played,,Blaster,DM,common,,,",
            "owned,JC-1,regular,2,damaged,,\"Obi-Wan Kenobi, Jedi Apprentice\",JC,rare,,,",
        ]
    );
    // Quantities that are not whole numbers are still refused, naming the line.
    s.write("bad.csv", "qty,card_id\n2.5,DM-71\n1,5,DM-72\n");
    let r = s.run(&["collection", "import", "bad.csv", "--collection", "c"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .starts_with("bad.csv:2: quantity `2.5` is not a whole number\n"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_windows_1252_file_is_read_with_a_warning() {
    let s = Scratch::new();
    std::fs::write(
        s.path("excel.csv"),
        b"qty,name\n1,Padm\xe9 Naberrie: Loyal Handmaiden\n",
    )
    .unwrap();
    let r = s.run(&["collection", "import", "excel.csv"]);
    ok(&r);
    assert!(
        r.stderr.starts_with(
            "excel.csv: warning: line 2, column 7: byte 0xE9 is not UTF-8; read as \
             Windows-1252 (what Excel saves as \"CSV\" on Windows): check accented names, or \
             save it as CSV UTF-8\n"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(
        s.export_rows("main"),
        ["owned,EBN-P10,regular,1,,,\"Padmé Naberrie, Loyal Handmaiden\",EBN,premium,,,"]
    );
}

#[test]
fn json_with_a_key_given_twice_is_refused_and_one_line_json_names_the_entry() {
    let s = Scratch::new();
    s.write(
        "dup.json",
        "[\n  {\"card_id\": \"DM-71\", \"qty\": 1, \"qty\": 3},\n  {\"card_id\": \"DM-1\", \"qty\": 1, \"quantity\": 2}\n]\n",
    );
    let r = s.run(&["collection", "import", "dup.json"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "dup.json:2: field `qty` is given twice\n\
         dup.json:3: fields `qty` and `quantity` are the same column, given twice\n\
         2 rejected rows; nothing was imported (see them all with --dry-run, fix the file and \
         import it again)\n"
    );
    s.write(
        "one.json",
        "[{\"card_id\": \"DM-71\", \"qty\": 1}, {\"card_id\": \"DM-7l\", \"qty\": 1}]",
    );
    let r = s.run(&["collection", "import", "one.json"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .starts_with("one.json:1: entry 2 of the array: no card matches `DM-7l`"),
        "{}",
        r.stderr
    );
    assert!(s.export_rows("main").is_empty());
}

#[test]
fn listing_an_exact_id_shows_that_card_only() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-1", "DM-10", "DM-12"]));
    let r = s.run(&["collection", "list", "DM-1", "--format", "csv"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "card_id,name,set,rarity,finish,qty,condition,note\n\
         DM-1,\"Obi-Wan Kenobi, Young Jedi\",DM,rare,regular,1,,\n"
    );
    // Part of a name still searches.
    let r = s.run(&["collection", "list", "kenobi", "--format", "csv"]);
    ok(&r);
    assert_eq!(r.stdout.lines().count(), 2, "{}", r.stdout);
}

#[test]
fn a_deck_s_missing_cards_and_a_set_s_playset_go_on_the_want_list_in_one_change() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "--qty", "2"]));
    ok(&s.run(&["collection", "want", "add", "DM-107", "--qty", "3"]));
    s.write("deck.txt", "3 DM-71\n2 DM-107\n1 DM-72\n");
    let r = s.run(&["collection", "want", "add", "--deck", "deck.txt"]);
    ok(&r);
    // DM-71: 2 owned, 3 needed, so 3 wanted in all; DM-107 already wanted 3 (kept).
    assert_eq!(
        r.stdout,
        "want DM-71 Darth Maul, Sith Apprentice (regular): 0 → 3\n\
         want DM-72 Darth Sidious, Sith Master (regular): 0 → 1\n"
    );
    assert!(r.stderr.contains("recorded as change #3"), "{}", r.stderr);
    // A playset of Episode I's six premiums, in one change.
    let r = s.run(&["collection", "want", "add", "--set", "EDM", "--qty", "5"]);
    ok(&r);
    assert_eq!(r.stdout.lines().count(), 6, "{}", r.stdout);
    assert!(
        r.stdout
            .starts_with("want EDM-P1 Qui-Gon Jinn, Jedi Protector (regular): 0 → 5\n"),
        "{}",
        r.stdout
    );
    ok(&s.run(&["collection", "undo"]));
    let wants: Vec<String> = s
        .export_rows("main")
        .into_iter()
        .filter(|r| r.starts_with("want,"))
        .collect();
    assert_eq!(
        wants.len(),
        3,
        "one undo takes the whole set back: {wants:?}"
    );
    // A deck line that names no card stops it: what it lacks is not known.
    s.write("bad.txt", "3 DM-71\n1 Darth Mual\n");
    let r = s.run(&["collection", "want", "add", "--deck", "bad.txt"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("bad.txt: 1 line of the deck names no card"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_trade_list_as_text_imports_as_it_is_and_takes_a_trade_binder_s_copies() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-24", "--qty", "7"]));
    ok(&s.run(&["collection", "keep", "5"]));
    ok(&s.run(&[
        "collection",
        "add",
        "DM-45",
        "BN-F10",
        "--collection",
        "binder",
    ]));
    let r = s.run(&["collection", "trades", "--text", "--binder", "binder"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "# For trade: 4 copies from collection `main` and trade binder `binder`\n\
         2 DM-24 Gungan Guard\n\
         1 DM-45 Blaster\n\
         1 BN-71 Darth Maul, Dark Lord of the Sith (foil)\n"
    );
    // The partner imports the text as it is.
    s.write("offer.txt", &r.stdout);
    ok(&s.run(&[
        "collection",
        "import",
        "offer.txt",
        "--collection",
        "partner",
    ]));
    assert_eq!(
        s.export_rows("partner"),
        [
            "owned,DM-24,regular,2,,,Gungan Guard,DM,common,,,",
            "owned,DM-45,regular,1,,,Blaster,DM,common,,,",
            "owned,BN-71,foil,1,,,\"Darth Maul, Dark Lord of the Sith\",BN,rare,,,",
        ]
    );
    let r = s.run(&["collection", "trades", "--binder", "binder"]);
    assert_eq!(r.code, 2, "--binder goes with --text");
}

#[test]
fn deck_need_counts_several_collections_together() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "--qty", "2"]));
    ok(&s.run(&[
        "collection",
        "add",
        "DM-71",
        "DM-72",
        "--collection",
        "binder",
    ]));
    s.write("deck.txt", "3 DM-71\n1 DM-72\n");
    let r = s.run(&["deck", "need", "deck.txt"]);
    assert_eq!(r.code, 1);
    let r = s.run(&["deck", "need", "deck.txt", "--collection", "main,binder"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "deck.txt: collections `main` and `binder` own every card the deck needs\n"
    );
    let r = s.run(&["deck", "need", "deck.txt", "--collection", "main,nope"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("there is no collection `nope`"),
        "{}",
        r.stderr
    );
}

#[test]
fn every_collection_exports_in_one_file_and_imports_back_into_each() {
    let s = Scratch::new();
    ok(&s.run(&[
        "collection",
        "add",
        "DM-71",
        "--qty",
        "2",
        "--note",
        "=binder 1",
    ]));
    ok(&s.run(&["collection", "want", "add", "DM-1", "--qty", "3"]));
    ok(&s.run(&[
        "collection",
        "add",
        "BN-F10",
        "--collection",
        "trade-binder",
    ]));
    ok(&s.run(&["collection", "keep", "2", "--collection", "trade-binder"]));
    for format in ["csv", "json"] {
        let file = format!("all.{format}");
        let r = s.run(&[
            "collection",
            "export",
            "--all",
            "--format",
            format,
            "-o",
            &file,
        ]);
        ok(&r);
        assert_eq!(
            r.stderr,
            format!("exported 4 entries of every collection (main, trade-binder) to {file}\n")
        );
        let copy = Scratch::new();
        std::fs::copy(s.path(&file), copy.path(&file)).unwrap();
        let r = copy.run(&["collection", "import", &file]);
        ok(&r);
        assert!(
            r.stderr.ends_with(&format!(
                "imported 4 rows from {file} into 2 collections: `main` 2 changes (change #1), \
                 `trade-binder` 2 changes (change #2) (`yj collection undo --collection NAME` \
                 reverts each)\n"
            )),
            "{}",
            r.stderr
        );
        for name in ["main", "trade-binder"] {
            assert_eq!(
                copy.export_rows(name),
                s.export_rows(name),
                "{format} {name}"
            );
        }
        ok(&copy.run(&["collection", "undo", "--collection", "trade-binder"]));
        assert!(copy.export_rows("trade-binder").is_empty());
        assert_eq!(copy.export_rows("main"), s.export_rows("main"));
    }
    let r = s.run(&["collection", "export", "--all"]);
    assert_eq!(
        r.stdout.lines().next(),
        Some(
            "collection,list,card_id,finish,qty,condition,note,name,set,rarity,printing,price_paid,deck"
        )
    );
}
