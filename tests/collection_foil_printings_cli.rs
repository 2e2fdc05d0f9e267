//! Which foil printing a collection holds, through the real binary: DF-31 has a Reflections
//! foil (`7_45`) and its own-number Duel of the Fates foil.

mod common;

use common::{Scratch, ok};

fn exported(s: &Scratch) -> Vec<String> {
    s.export_rows("main")
}

/// `(owned, total)` of the foils column of one completion row.
fn foils(s: &Scratch, key: &str) -> (u64, u64) {
    let r = s.run(&["collection", "completion", "--format", "json"]);
    ok(&r);
    let rows: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let row = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["key"] == key)
        .unwrap_or_else(|| panic!("no row {key}"));
    (
        row["foils_owned"].as_u64().unwrap(),
        row["foils_total"].as_u64().unwrap(),
    )
}

#[test]
fn one_reflections_foil_of_df31_is_one_foil_of_all() {
    let s = Scratch::new();
    let r = s.run(&["collection", "add", "7_45"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "DF-31 Darth Maul, Student of the Dark Side (foil RF): 0 → 1\n"
    );
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
    assert_eq!(foils(&s, "RF"), (1, 59));
    assert_eq!(foils(&s, "DF"), (0, 2));
    assert_eq!(foils(&s, "all"), (1, 115));
    // The same printing named by option.
    ok(&s.run(&["collection", "add", "DF-31", "--printing", "RF"]));
    assert_eq!(foils(&s, "all"), (1, 115));
    let r = s.run(&["collection", "list", "--foil", "--format", "csv"]);
    assert!(r.stdout.contains("DF-31,"), "{}", r.stdout);
    assert!(r.stdout.contains(",foil RF,2,"), "{}", r.stdout);
}

#[test]
fn foil_without_a_printing_is_kept_as_not_recorded_and_can_be_set_later() {
    let s = Scratch::new();
    let r = s.run(&["collection", "add", "DF-31", "--foil", "--condition", "NM"]);
    ok(&r);
    assert!(
        r.stdout.contains("(foil, printing not recorded): 0 → 1"),
        "{}",
        r.stdout
    );
    for part in [
        "warning: DF-31",
        "2 foil printings",
        "RF (Reflections, 7_45)",
        "DF (Duel of the Fates",
        "`--printing DF` or `--printing RF`",
    ] {
        assert!(r.stderr.contains(part), "{part}: {}", r.stderr);
    }
    // Counted once, under DF.
    assert_eq!(foils(&s, "DF"), (1, 2));
    assert_eq!(foils(&s, "RF"), (0, 59));
    assert_eq!(foils(&s, "all"), (1, 115));
    let r = s.run(&["collection", "completion"]);
    assert!(
        r.stdout
            .contains("Foils whose printing is not recorded (DF-31)"),
        "{}",
        r.stdout
    );
    // Setting the printing moves the copy, with its condition, in one change.
    let r = s.run(&["collection", "printing", "DF-31", "RF"]);
    ok(&r);
    assert!(
        r.stdout.contains("(foil, printing not recorded): 1 → 0\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("(foil RF): 0 → 1, condition near-mint"),
        "{}",
        r.stdout
    );
    assert_eq!(foils(&s, "RF"), (1, 59));
    assert_eq!(foils(&s, "DF"), (0, 2));
    // Undo puts it back as not recorded; redo sets it again.
    ok(&s.run(&["collection", "undo"]));
    assert_eq!(foils(&s, "DF"), (1, 2));
    assert_eq!(
        exported(&s),
        vec![
            "owned,DF-31,foil,1,near-mint,,\"Darth Maul, Student of the Dark Side\",DF,ultra-rare,,,"
        ]
    );
    ok(&s.run(&["collection", "redo"]));
    assert_eq!(
        exported(&s),
        vec![
            "owned,DF-31,foil,1,near-mint,,\"Darth Maul, Student of the Dark Side\",DF,ultra-rare,RF,,"
        ]
    );
    // Nothing left to set; a card with one foil printing needs none.
    let r = s.run(&["collection", "printing", "DF-31", "DF"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("no foil of DF-31 with its printing not recorded"),
        "{}",
        r.stderr
    );
    let r = s.run(&["collection", "printing", "BN-71", "BN"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("one foil printing"), "{}", r.stderr);
    // A printing a card does not have is refused, naming the ones it has.
    let r = s.run(&["collection", "add", "BN-71", "--printing", "RF"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("no foil printing from RF"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("BN-F10"), "{}", r.stderr);
}

#[test]
fn remove_set_and_want_name_the_printing() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "7_45"]));
    ok(&s.run(&["collection", "set", "DF-31", "2", "--printing", "DF"]));
    let r = s.run(&["collection", "remove", "DF-31", "--foil"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("2 foil DF (--printing DF), 1 foil RF (--printing RF)"),
        "{}",
        r.stderr
    );
    ok(&s.run(&["collection", "remove", "7_45"]));
    // Want the Reflections foil: the DF foils do not meet it, and are tradeable.
    let r = s.run(&["collection", "want", "add", "DF-31", "--printing", "RF"]);
    ok(&r);
    assert!(r.stdout.contains("want DF-31"), "{}", r.stdout);
    let r = s.run(&["collection", "want", "--format", "csv"]);
    ok(&r);
    assert!(
        r.stdout.contains(",foil RF,1,0,1,want list"),
        "{}",
        r.stdout
    );
    ok(&s.run(&["collection", "keep", "0"]));
    let r = s.run(&["collection", "trades", "--format", "csv"]);
    ok(&r);
    assert!(r.stdout.contains(",0,2,0,0,2,2 DF\n"), "{}", r.stdout);
    // A deck needs the card in any finish: the foils count.
    let deck = s.write("deck.txt", "1 DF-31\n");
    let r = s.run(&["deck", "need", deck.to_str().unwrap(), "--format", "csv"]);
    ok(&r);
    let r = s.run(&["collection", "want", "--deck", deck.to_str().unwrap()]);
    ok(&r);
}

#[test]
fn export_round_trips_printings_and_the_old_layout_still_imports() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "7_45", "--note", "trade night"]));
    ok(&s.run(&[
        "collection",
        "add",
        "DF-31",
        "--printing",
        "DF",
        "--qty",
        "2",
    ]));
    ok(&s.run(&["collection", "add", "DF-31", "--foil"]));
    ok(&s.run(&["collection", "want", "add", "BP-2", "--printing", "BP"]));
    let before = exported(&s);
    assert!(
        before.iter().any(|l| l.ends_with(",DF,ultra-rare,RF,,")),
        "{before:?}"
    );
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
        let name = format!("copy-{format}");
        ok(&s.run(&[
            "collection",
            "import",
            file.to_str().unwrap(),
            "--collection",
            &name,
        ]));
        let r = s.run(&["collection", "export", "--collection", &name]);
        let copy: Vec<String> = r.stdout.lines().skip(1).map(str::to_string).collect();
        assert_eq!(copy, before, "{format}");
    }
    // The layout from before printings: a foil of a card with two is "not recorded"; a
    // Reflections row of a reprinted card is that Reflections foil.
    let old = s.write(
        "old.csv",
        "list,card_id,finish,qty,condition,note,name,set,rarity\n\
         owned,DF-31,foil,1,,,\"Darth Maul, Student of the Dark Side\",DF,ultra-rare\n\
         owned,JC-78,foil,1,,,,RF,\n",
    );
    let r = s.run(&[
        "collection",
        "import",
        old.to_str().unwrap(),
        "--collection",
        "old",
    ]);
    ok(&r);
    assert!(
        r.stdout.contains("foil, printing not recorded"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("foil RF"), "{}", r.stdout);
    assert!(
        r.stderr.contains("old.csv:2: warning: DF-31"),
        "{}",
        r.stderr
    );
}
