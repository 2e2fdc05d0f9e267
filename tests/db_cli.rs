//! `yj db` and opening the database, through the real binary: files that are not a yj
//! database, folders, databases from a newer yj, and rebuilding beside a collection.

mod common;

use common::Scratch;

/// A database written by a newer yj (a higher `user_version`) is refused before anything
/// touches it: not even its journal mode may change, or the newer yj's file is altered.
#[test]
fn a_database_from_a_newer_yj_is_refused_and_left_byte_for_byte() {
    let s = Scratch::new();
    assert_eq!(s.run(&["db", "info"]).code, 0);
    {
        let conn = rusqlite::Connection::open(s.db()).unwrap();
        conn.pragma_update(None, "journal_mode", "DELETE").unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
    }
    let before = std::fs::read(s.db()).unwrap();
    for args in [
        &["db", "info"][..],
        &["db", "rebuild"],
        &["cards", "show", "DM-1"],
    ] {
        let r = s.run(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stdout);
        assert!(
            r.stderr.contains("schema version 99")
                && r.stderr.contains("upgrade yj")
                && !r.stderr.contains("inconsistent"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
    }
    assert!(std::fs::read(s.db()).unwrap() == before, "the file changed");
    assert!(!s.path("yj.db-wal").exists(), "a WAL file was created");
}

#[test]
fn a_file_that_is_not_a_database_is_named_and_left_alone() {
    let s = Scratch::new();
    let path = s.write("notes.db", "my card notes, not a database\n");
    let r = s.run(&["--db", path.to_str().unwrap(), "cards", "show", "DM-1"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("notes.db")
            && r.stderr.contains("is not a SQLite database")
            && r.stderr.contains("--db"),
        "{}",
        r.stderr
    );
    // One clear sentence, not SQLite's error repeated three times.
    assert_eq!(
        r.stderr.matches("not a SQLite database").count(),
        1,
        "{}",
        r.stderr
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "my card notes, not a database\n"
    );
}

#[test]
fn a_folder_given_as_the_database_says_to_name_a_file_in_it() {
    let s = Scratch::new();
    let folder = s.path("cards");
    std::fs::create_dir(&folder).unwrap();
    let r = s.run(&["--db", folder.to_str().unwrap(), "db", "info"]);
    assert_eq!(r.code, 2);
    let suggestion = folder.join("yj.db").display().to_string();
    assert!(
        r.stderr.contains("is a folder") && r.stderr.contains(&suggestion),
        "{}",
        r.stderr
    );
}

#[test]
fn db_rebuild_keeps_the_collection() {
    let s = Scratch::new();
    let r = s.run(&["collection", "add", "DM-12", "--qty", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let before = s.run(&["collection", "list", "--format", "json"]);
    assert_eq!(before.code, 0, "{}", before.stderr);
    assert!(before.stdout.contains("DM-12"), "{}", before.stdout);
    let r = s.run(&["db", "rebuild"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let after = s.run(&["collection", "list", "--format", "json"]);
    assert_eq!(after.stdout, before.stdout);
    let info = s.run(&["db", "info", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&info.stdout).unwrap();
    let rows = |table: &str| {
        v[0]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["table"] == table)
            .unwrap_or_else(|| panic!("{table}"))["rows"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(rows("collection_items"), 1);
    // `db info` counts what the catalogue holds: every card row of data/cards, every printing.
    let data = |file: &str| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data/cards")
            .join(file);
        csv::Reader::from_path(path).unwrap().records().count() as i64
    };
    let cards: i64 = [
        "DM.csv", "JC.csv", "BN.csv", "EDM.csv", "DF.csv", "EBN.csv", "RF.csv", "BP.csv", "PR.csv",
        "V1.csv",
    ]
    .iter()
    .map(|f| data(f))
    .sum();
    assert_eq!(rows("cards"), cards);
    assert_eq!(rows("printings"), data("printings.csv"));
}
