//! The exit codes, one test each, through the real binary (README "Exit codes"): 0 success,
//! 1 the command ran and found problems, 2 the user's usage or input, 3 a failure of the
//! environment (SQLite, the disk) or of yj itself.

mod common;

use common::{Run, Scratch, ok};

const DECKS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/decks");

#[test]
fn a_legal_deck_exits_0_and_an_illegal_one_1() {
    let s = Scratch::new();
    let legal = s.run(&["deck", "check", "--brief", &format!("{DECKS}/light.txt")]);
    assert_eq!(legal.code, 0, "{}", legal.stderr);
    let illegal = s.run(&[
        "deck",
        "check",
        "--brief",
        &format!("{DECKS}/illegal-title-limit.txt"),
    ]);
    assert_eq!(illegal.code, 1, "{}", illegal.stderr);
    assert_eq!(illegal.stderr, "");
}

#[test]
fn an_unknown_option_and_an_unknown_card_exit_2() {
    let s = Scratch::new();
    assert_eq!(s.run(&["cards", "search", "--no-such-option"]).code, 2);
    let r = s.run(&["cards", "show", "DM-999"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    // The user's input is not called a failure of the system.
    assert!(!r.stderr.contains("exit code 3"), "{}", r.stderr);
}

/// A folder or a file that is not a database, given as `--db`, is the user's choice of path:
/// named, with the fix, exit 2.
#[test]
fn a_database_path_that_is_a_folder_is_the_users_input_and_exits_2() {
    let s = Scratch::new();
    let folder = s.path("cards");
    std::fs::create_dir(&folder).unwrap();
    let r = s.run(&["--db", folder.to_str().unwrap(), "db", "info"]);
    assert_eq!(r.code, 2);
    let f = folder.display();
    assert_eq!(
        r.stderr,
        format!(
            "error: failed to open database `{f}`: `{f}` is a folder, not a database file: \
             pass --db `{f}/yj.db`\n"
        )
    );
}

/// A yj database whose pages are damaged is not something the user typed: SQLite fails, and
/// yj says so with exit code 3, naming the file.
#[test]
fn a_damaged_database_is_a_failure_of_the_environment_and_exits_3() {
    let s = Scratch::new();
    assert_eq!(s.run(&["db", "info"]).code, 0);
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(s.db())
            .unwrap();
        // Past the 100-byte header, so it is still a SQLite file, with a broken schema page.
        f.seek(SeekFrom::Start(100)).unwrap();
        f.write_all(&[0xff; 20_000]).unwrap();
    }
    let r = s.run(&["cards", "show", "DM-1"]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    let db = s.db();
    let db = db.display();
    assert_eq!(
        r.stderr,
        format!(
            "error: failed to open database `{db}`: database `{db}`: database disk image is \
             malformed: database disk image is malformed: Error code 11: The database disk \
             image is malformed\n\
             this is a failure of the system or of yj (the database engine, the disk), not of \
             your input: exit code 3\n"
        )
    );
}

/// The database's folder cannot be created (here a file stands where the folder should be):
/// yj cannot keep its data there, exit 3.
#[test]
fn a_database_folder_that_cannot_be_created_exits_3() {
    let s = Scratch::new();
    let file = s.write("plain-file", "not a folder\n");
    let r = s.run(&[
        "--db",
        file.join("yj.db").to_str().unwrap(),
        "cards",
        "show",
        "DM-1",
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(
        r.stderr
            .contains(&format!("cannot create the folder `{}`", file.display()))
            && r.stderr.ends_with("not of your input: exit code 3\n"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder\n");
}

/// `deck fix -o` and `deck build -o` write a file the user named. A path that cannot be that
/// file (a folder, a folder that does not exist) is the user's input, exit 2; a write the
/// disk refuses (`/dev/full`: no space left) is the environment's, exit 3, said in a second
/// line. Nothing is printed to stdout before the file is written.
#[test]
fn an_output_path_that_is_a_folder_exits_2_and_a_full_disk_3() {
    let s = Scratch::new();
    let deck = format!("{DECKS}/illegal-59-cards.txt");
    std::fs::create_dir(s.path("folder")).unwrap();
    for command in [
        vec!["deck", "fix", deck.as_str(), "-o"],
        vec!["deck", "build", "--side", "light", "-o"],
    ] {
        let fix = command[1] == "fix";
        let not_written = if fix {
            "the fixed deck was not written: "
        } else {
            ""
        };
        for (path, why) in [
            ("folder", "Is a directory (os error 21)"),
            (
                "no/such/dir/d.txt",
                "No such file or directory (os error 2)",
            ),
        ] {
            let r = s.run(&[command.as_slice(), &[path]].concat());
            assert_eq!(r.code, 2, "{path}: {}", r.stderr);
            assert_eq!(
                r.stderr,
                format!("error: {not_written}cannot write `{path}`: {why}\n")
            );
            assert_eq!(r.stdout, "");
        }
        if cfg!(target_os = "linux") {
            let r = s.run(&[command.as_slice(), &["/dev/full"]].concat());
            assert_eq!(r.code, 3, "{}", r.stderr);
            assert_eq!(
                r.stderr,
                format!(
                    "error: {not_written}cannot write `/dev/full`: No space left on device (os \
                     error 28)\n\
                     this is a failure of the system or of yj (the database engine, the disk), \
                     not of your input: exit code 3\n"
                )
            );
            assert_eq!(r.stdout, "");
        }
    }
}

/// A collection export the disk refuses: the I/O error is kept as the source of the
/// collection's error, so the message names the file and what the system said, exit 3.
#[cfg(target_os = "linux")]
#[test]
fn an_export_the_disk_refuses_names_the_file_and_the_system_error_and_exits_3() {
    let s = Scratch::new();
    let r = s.run(&["collection", "export", "-o", "/dev/full"]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: cannot write `/dev/full`: No space left on device (os error 28)\n\
         this is a failure of the system or of yj (the database engine, the disk), not of your \
         input: exit code 3\n"
    );
}

/// The test harness's guard (tests/common): every command a test runs sees a home and a data
/// directory inside its scratch directory, so one that falls back to the default database
/// (no `YJ_DB`) writes there, never to the user's `~/.local/share/yj`, and the scratch fails
/// the test when it is dropped.
#[test]
fn a_command_without_the_scratch_database_fails_the_test_and_spares_the_users_data() {
    let s = Scratch::new();
    let run = |args: &[&str]| {
        Run::from(
            s.command(args)
                .env_remove("YJ_DB")
                .output()
                .expect("run yj"),
        )
    };
    let default = s.path(common::DATA_HOME).join("yj").join("yj.db");
    let r = run(&["db", "path"]);
    assert_eq!(r.stdout, format!("{}\n", default.display()));
    ok(&run(&["collection", "names"]));
    assert!(default.exists());
    let dropped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(s)));
    assert!(
        dropped.is_err(),
        "the scratch did not notice the default database"
    );
}

/// A decklist or rules file that cannot be read is the user's input (exit 2), whatever the I/O
/// error underneath: the error keeps it as its source, and the message shows it.
#[test]
fn a_list_or_rules_file_that_cannot_be_read_is_the_users_input_and_exits_2() {
    let s = Scratch::new();
    std::fs::create_dir(s.path("folder.txt")).unwrap();
    let light = format!("{DECKS}/light.txt");
    for (args, message) in [
        (
            vec!["deck", "diff", "folder.txt", light.as_str()],
            "cannot read `folder.txt`: Is a directory (os error 21)",
        ),
        (
            vec!["deck", "need", "missing.txt"],
            "cannot read `missing.txt`: No such file or directory (os error 2)",
        ),
        (
            vec!["play", "missing.txt", "example:dark"],
            "cannot read `missing.txt`: No such file or directory (os error 2)",
        ),
        (
            vec![
                "deck",
                "check",
                light.as_str(),
                "--rules-file",
                "missing.toml",
            ],
            "cannot read rules file `missing.toml`: No such file or directory (os error 2)",
        ),
    ] {
        let r = s.run(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr, format!("error: {message}\n"), "{args:?}");
    }
}
