//! `yj collection redo`: re-applies what undo reverted, newest undo first, as editors do; a
//! new change after an undo clears what can be redone.

mod common;

use common::{Scratch, ok};

/// The whole collection as `export` writes it (owned, wants, keep reserves, notes).
fn exported(s: &Scratch) -> String {
    s.export_rows("main").join("\n")
}

#[test]
fn undo_undo_redo_redo_returns_to_the_start() {
    let s = Scratch::new();
    let empty = exported(&s);
    ok(&s.run(&[
        "collection",
        "add",
        "DM-71",
        "--qty",
        "2",
        "--condition",
        "NM",
        "--note",
        "binder 1",
    ]));
    let one = exported(&s);
    let file = s.write("box.txt", "3 DM-72\n1 BN-71 (foil)\n");
    ok(&s.run(&[
        "collection",
        "import",
        file.to_str().unwrap(),
        "--mode",
        "add",
    ]));
    let two = exported(&s);
    ok(&s.run(&["collection", "undo"]));
    assert_eq!(exported(&s), one);
    ok(&s.run(&["collection", "undo"]));
    assert_eq!(exported(&s), empty);

    // The most recently undone change comes back first.
    let r = s.run(&["collection", "redo"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "redid #1 (yj collection add DM-71 --qty 2 --condition NM --note 'binder 1'), recorded as #5:\n  \
         DM-71 Darth Maul, Sith Apprentice (regular): 0 → 2, condition near-mint, note “binder 1”\n"
    );
    assert_eq!(exported(&s), one);
    let r = s.run(&["collection", "redo"]);
    ok(&r);
    assert!(
        r.stdout.starts_with("redid #2 (yj collection import "),
        "{}",
        r.stdout
    );
    assert_eq!(exported(&s), two);
    let r = s.run(&["collection", "redo"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("nothing to redo in collection `main`"),
        "{}",
        r.stderr
    );
    assert_eq!(exported(&s), two);

    // Redos are recorded like undos, and can themselves be undone and redone.
    let r = s.run(&["collection", "history", "--format", "json"]);
    ok(&r);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let e = v.as_array().unwrap();
    let kinds: Vec<(i64, Option<i64>, Option<i64>)> = e
        .iter()
        .map(|e| {
            (
                e["id"].as_i64().unwrap(),
                e["undoes"].as_i64(),
                e["redoes"].as_i64(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            (6, None, Some(3)),
            (5, None, Some(4)),
            (4, Some(1), None),
            (3, Some(2), None),
            (2, None, None),
            (1, None, None),
        ]
    );
    assert_eq!(e[2]["redone_by"], 5);
    ok(&s.run(&["collection", "undo", "-n", "2"]));
    assert_eq!(exported(&s), empty);
    ok(&s.run(&["collection", "redo", "-n", "2"]));
    assert_eq!(exported(&s), two);
}

#[test]
fn a_new_change_after_an_undo_clears_what_can_be_redone() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    ok(&s.run(&["collection", "add", "DM-72"]));
    ok(&s.run(&["collection", "undo"]));
    ok(&s.run(&["collection", "add", "DM-73"]));
    let before = exported(&s);
    let r = s.run(&["collection", "redo"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains(
            "nothing to redo in collection `main`: change #4 came after the last undo, and a \
             new change clears what could be redone"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(exported(&s), before);
    // Undo still walks back past the cleared redo: DM-73, then DM-71.
    ok(&s.run(&["collection", "undo", "-n", "2"]));
    assert_eq!(exported(&s), exported(&Scratch::new()));
}

#[test]
fn a_change_that_changes_nothing_keeps_the_redo() {
    // A command that changes nothing is not recorded, so it is not a new change.
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "--qty", "2"]));
    ok(&s.run(&["collection", "set", "DM-72", "1"]));
    ok(&s.run(&["collection", "undo"]));
    let r = s.run(&["collection", "set", "DM-71", "2"]);
    ok(&r);
    assert_eq!(r.stdout, "nothing changed in collection `main`\n");
    ok(&s.run(&["collection", "redo"]));
    assert!(exported(&s).contains("owned,DM-72,regular,1,"));
}

#[test]
fn redo_after_redo_and_undo_follows_the_editor_order() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    let a = exported(&s);
    ok(&s.run(&["collection", "add", "DM-72"]));
    let b = exported(&s);
    ok(&s.run(&["collection", "undo", "-n", "2"]));
    ok(&s.run(&["collection", "redo"]));
    assert_eq!(exported(&s), a);
    // Undo now reverts the redo, then redo brings back a, then b.
    let r = s.run(&["collection", "undo"]);
    ok(&r);
    assert!(
        r.stdout
            .starts_with("undid #5 (redo of #1: yj collection add DM-71)"),
        "{}",
        r.stdout
    );
    assert_eq!(exported(&s), exported(&Scratch::new()));
    let r = s.run(&["collection", "redo"]);
    ok(&r);
    assert!(
        r.stdout.starts_with("redid #1 (yj collection add DM-71)"),
        "{}",
        r.stdout
    );
    assert_eq!(exported(&s), a);
    ok(&s.run(&["collection", "redo"]));
    assert_eq!(exported(&s), b);
}

#[test]
fn every_kind_of_change_undoes_and_redoes_exactly() {
    let s = Scratch::new();
    let empty = exported(&s);
    let file = s.write(
        "binder.csv",
        "list,card_id,finish,qty,condition,note\nowned,DM-1,regular,2,LP,\"page 3, top\"\nwant,JC-1,foil,1,,\n",
    );
    let steps: Vec<Vec<&str>> = vec![
        vec!["collection", "import", file.to_str().unwrap()],
        vec![
            "collection",
            "add",
            "DM-71",
            "--qty",
            "3",
            "--note",
            "deck box",
        ],
        vec!["collection", "set", "DM-1", "4", "--condition", "NM"],
        vec!["collection", "remove", "DM-71"],
        vec!["collection", "want", "add", "DM-72", "--qty", "2"],
        vec!["collection", "want", "remove", "JC-1", "--foil"],
        vec!["collection", "keep", "2"],
        vec!["collection", "keep", "0", "DM-71"],
        vec!["collection", "set", "DM-1", "0"],
    ];
    let mut states = vec![empty];
    for step in &steps {
        ok(&s.run(step));
        states.push(exported(&s));
    }
    // Undo all, one at a time, checking each state; then redo all, one at a time.
    for i in (0..steps.len()).rev() {
        ok(&s.run(&["collection", "undo"]));
        assert_eq!(exported(&s), states[i], "after undoing step {}", i + 1);
    }
    for (i, state) in states.iter().enumerate().skip(1) {
        ok(&s.run(&["collection", "redo"]));
        assert_eq!(&exported(&s), state, "after redoing step {i}");
    }
}

#[test]
fn redo_refuses_bad_counts_and_keeps_collections_apart() {
    let s = Scratch::new();
    let r = s.run(&["collection", "redo"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("nothing to redo in collection `main`"),
        "{}",
        r.stderr
    );
    ok(&s.run(&["collection", "add", "DM-71"]));
    ok(&s.run(&["collection", "--collection", "trade", "add", "DM-72"]));
    ok(&s.run(&["collection", "undo"]));
    // The undo was in `main`; `trade` has nothing to redo.
    let r = s.run(&["collection", "--collection", "trade", "redo"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("nothing to redo in collection `trade`"),
        "{}",
        r.stderr
    );
    let before = exported(&s);
    let r = s.run(&["collection", "redo", "-n", "2"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("only 1 change left to redo, not 2; nothing was redone (try `-n 1`)"),
        "{}",
        r.stderr
    );
    assert_eq!(exported(&s), before, "nothing was redone");
    let r = s.run(&["collection", "redo", "-n", "0"]);
    assert_eq!(r.code, 2);
    ok(&s.run(&["collection", "redo"]));
    assert!(exported(&s).contains("owned,DM-71,regular,1,"));
}
