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
            "owned,DM-2,regular,2,,,\"Qui-Gon Jinn, Jedi Master\",DM,rare,",
            "owned,DM-3,regular,1,,,\"Jar Jar Binks, Gungan Chuba Thief\",DM,rare,",
            "owned,DM-71,regular,1,,,\"Darth Maul, Sith Apprentice\",DM,rare,",
            // The file has no want rows, so the want list is left alone.
            "want,DM-10,regular,1,,,\"Yoda, Jedi Master\",DM,rare,",
        ]
    );
    // Syncing again changes nothing; one undo takes the whole sync back.
    let r = s.run(&["collection", "import", "binder.csv", "--mode", "sync"]);
    ok(&r);
    assert!(r.stderr.contains("already matches"), "{}", r.stderr);
    ok(&s.run(&["collection", "undo"]));
    assert_eq!(s.export_rows("main"), before);
}
