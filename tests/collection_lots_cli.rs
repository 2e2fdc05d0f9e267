//! Lots, price paid and built decks through the real binary (issue 15: "Lots", "Price paid",
//! and "counting cards already in your built decks").

mod common;

use common::{Scratch, ok};

#[test]
fn a_price_paid_is_kept_per_lot_summed_by_list_and_exported() {
    let s = Scratch::new();
    let r = s.run(&[
        "collection",
        "add",
        "DM-45",
        "--qty",
        "4",
        "--price",
        "1.25",
    ]);
    ok(&r);
    assert_eq!(r.stdout, "DM-45 Blaster (regular): 0 → 4, paid 1.25 each\n");
    // The same card bought at another price is another lot; unpriced copies a third.
    let r = s.run(&[
        "collection",
        "add",
        "DM-45",
        "--qty",
        "2",
        "--price",
        "$0,5",
    ]);
    assert_eq!(
        r.stdout,
        "DM-45 Blaster (regular, lot 1): 0 → 2, paid 0.50 each\n"
    );
    ok(&s.run(&["collection", "add", "DM-45"]));
    let r = s.run(&["collection", "list", "DM-45"]);
    ok(&r);
    assert_eq!(
        r.stderr,
        "3 lots in 1 printing, 7 copies; paid 6.00 for 6 copies (1 without a price)\n"
    );
    let rows = s.export_rows("main");
    assert_eq!(
        rows,
        [
            "owned,DM-45,regular,4,,,Blaster,DM,common,,1.25,",
            "owned,DM-45,regular,2,,,Blaster,DM,common,,0.50,",
            "owned,DM-45,regular,1,,,Blaster,DM,common,,,",
        ]
    );
    // `set --lot N --price none` takes a lot's price away; it then joins the unpriced lot.
    let r = s.run(&[
        "collection",
        "set",
        "DM-45",
        "2",
        "--lot",
        "1",
        "--price",
        "none",
    ]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "DM-45 Blaster (regular, lot 1): 2 → 0\nDM-45 Blaster (regular, lot 2): 1 → 3\n"
    );
    ok(&s.run(&["collection", "undo"]));
    assert_eq!(
        s.export_rows("main")[1],
        "owned,DM-45,regular,2,,,Blaster,DM,common,,0.50,"
    );
    // Other tools' "Purchase price" column is read; a bare `price` (a market price) is not.
    let file = s.write(
        "manabox.csv",
        "Quantity,Name,Set,Purchase price,Price\n2,Gungan Guard,DM,0.10,9.99\n",
    );
    let r = s.run(&[
        "collection",
        "import",
        file.to_str().unwrap(),
        "--mode",
        "add",
    ]);
    ok(&r);
    assert!(r.stderr.contains("column `Price` ignored"), "{}", r.stderr);
    assert!(
        s.export_rows("main")
            .contains(&"owned,DM-24,regular,2,,,Gungan Guard,DM,common,,0.10,".to_string())
    );
}

#[test]
fn a_bad_price_names_the_file_line_and_value_and_changes_nothing() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    let before = s.export_rows("main");
    let file = s.write(
        "prices.csv",
        "qty,card_id,price_paid\n1,DM-45,1.50\n1,DM-24,\"1,000.00\"\n1,DM-29,-2\n1,DM-3,12.345\n1,DM-2,cheap\n",
    );
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    for (line, value) in [(3, "1,000.00"), (4, "-2"), (5, "12.345"), (6, "cheap")] {
        assert!(
            r.stderr
                .contains(&format!("prices.csv:{line}: bad price `{value}`")),
            "line {line}: {}",
            r.stderr
        );
    }
    assert!(r.stderr.contains("nothing was imported"), "{}", r.stderr);
    assert_eq!(s.export_rows("main"), before);
    // A want has no price paid.
    let file = s.write(
        "want.csv",
        "list,qty,card_id,price_paid\nwant,1,DM-45,2.00\n",
    );
    let r = s.run(&["collection", "import", file.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("want.csv:2: a want row cannot have a price paid"),
        "{}",
        r.stderr
    );
    let r = s.run(&["collection", "add", "DM-45", "--price", "2.5.0"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("bad price `2.5.0`"), "{}", r.stderr);
    assert_eq!(s.export_rows("main"), before);
}

#[test]
fn built_decks_hold_their_copies_back_from_trades_and_other_decks() {
    let s = Scratch::new();
    ok(&s.run(&[
        "collection",
        "add",
        "DM-71",
        "--qty",
        "3",
        "--condition",
        "NM",
    ]));
    ok(&s.run(&[
        "collection",
        "add",
        "DM-45",
        "--qty",
        "2",
        "--price",
        "1.00",
    ]));
    ok(&s.run(&["collection", "keep", "0"]));
    let deck = s.write("dark.txt", "Darth Maul, Sith Apprentice x2\n2 DM-45\n");
    let r = s.run(&["collection", "build", deck.to_str().unwrap()]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "DM-45 Blaster (regular): 2 → 2, in deck dark\n\
         DM-71 Darth Maul, Sith Apprentice (regular): 3 → 1\n\
         DM-71 Darth Maul, Sith Apprentice (regular, lot 1): 0 → 2, condition near-mint, in deck dark\n"
    );
    let r = s.run(&["collection", "decks", "--format", "csv"]);
    assert_eq!(r.stdout, "deck,copies\ndark,4\n");
    // Only the free copy can be traded.
    let r = s.run(&["collection", "trades", "--text"]);
    assert_eq!(
        r.stdout
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>(),
        ["1 DM-71 Darth Maul, Sith Apprentice"]
    );
    // The built deck itself needs nothing; another deck of the same cards lacks them.
    ok(&s.run(&["deck", "need", deck.to_str().unwrap()]));
    let other = s.write("other.txt", "3 DM-71\n");
    let r = s.run(&["deck", "need", other.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("┆ 3      ┆ 1     ┆ 2       │"),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr
            .contains("other.txt: not counted, as they are in built decks: 2 DM-71"),
        "{}",
        r.stderr
    );
    // Building it is refused, naming what lacks, and changes nothing.
    let before = s.export_rows("main");
    let r = s.run(&["collection", "build", other.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: cannot build `other` from collection `main`: DM-71 needs 3, 1 free (2 in \
         built decks) (`yj deck need` lists what is missing); nothing was changed\n"
    );
    let r = s.run(&["collection", "build", deck.to_str().unwrap()]);
    assert!(
        r.stderr.contains("already has a built deck `dark`"),
        "{}",
        r.stderr
    );
    assert_eq!(s.export_rows("main"), before);
    assert!(
        before.contains(
            &"owned,DM-71,regular,2,near-mint,,\"Darth Maul, Sith Apprentice\",DM,rare,,,dark"
                .to_string()
        ),
        "{before:?}"
    );
    // Taking the deck apart gives back the lots as they were; undo builds it again.
    let r = s.run(&["collection", "unbuild", "dark"]);
    ok(&r);
    assert_eq!(
        s.export_rows("main"),
        [
            "owned,DM-45,regular,2,,,Blaster,DM,common,,1.00,",
            "owned,DM-71,regular,3,near-mint,,\"Darth Maul, Sith Apprentice\",DM,rare,,,",
            "keep,*,,0,,,(every card),,,,,",
        ]
    );
    ok(&s.run(&["collection", "undo"]));
    assert_eq!(s.export_rows("main"), before);
    // A built deck survives an export and import into another collection.
    let all = s.path("all.csv");
    ok(&s.run(&["collection", "export", "-o", all.to_str().unwrap()]));
    ok(&s.run(&[
        "collection",
        "import",
        all.to_str().unwrap(),
        "--collection",
        "copy",
    ]));
    assert_eq!(s.export_rows("copy"), before);
    // A deck with a line that names no card is not built.
    let bad = s.write("bad.txt", "2 DM-45\n1 Darth Mual\n");
    let r = s.run(&["collection", "build", bad.to_str().unwrap(), "--name", "x"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("bad.txt, line 2: `1 Darth Mual` names no card"),
        "{}",
        r.stderr
    );
    let r = s.run(&["collection", "unbuild", "nope"]);
    assert_eq!(
        r.stderr,
        "error: collection `main` has no built deck `nope` (built decks: dark); nothing was \
         changed\n"
    );
}
