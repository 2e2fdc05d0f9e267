//! Issue 15's safety findings, each reproduced through the real binary: restore, odd output
//! paths, long and hostile input, other programs' databases, a mistyped `--db`, read-only
//! files, files with no rows, `yj db check`, and spreadsheet formulas.

mod common;

#[allow(unused_imports)]
use common::{Run, Scratch, ok};

#[test]
fn a_huge_unknown_name_is_quoted_short_with_no_suggestion_search() {
    // Issue 15: a 1 MB decklist line took 471 s (suggestions compared it with every name) and
    // the error repeated all of it.
    let s = Scratch::new();
    let line = format!("1 {}\n", "Darth Mual ".repeat(30_000));
    s.write("long.txt", &line);
    let r = s.run(&["collection", "import", "long.txt"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "long.txt:1: no card matches `Darth Mual Darth Mual Darth Mual Darth Mual Darth Mual \
         Darth… (329999 characters)` (it has 270000 letters and digits, more than twice any \
         card name's, so no similar names were looked for)\n\
         1 rejected row; nothing was imported (see them all with --dry-run, fix the file and \
         import it again)\n"
    );
    // An argument is bounded the same way.
    let arg = "x".repeat(120_000);
    let r = s.run(&["collection", "add", &arg]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.len() < 300, "{}", r.stderr);
    assert!(r.stderr.contains("(120000 characters)"), "{}", r.stderr);
}

#[test]
fn messages_show_terminal_escape_codes_escaped_and_long_headers_cut() {
    let s = Scratch::new();
    s.write("esc.txt", "1 \u{1b}[2JDarth Mual\n");
    let r = s.run(&["collection", "import", "esc.txt", "--dry-run"]);
    assert_eq!(r.code, 1);
    assert!(!r.stderr.contains('\u{1b}'), "{:?}", r.stderr);
    assert!(
        r.stderr
            .starts_with("esc.txt:1: no card matches `\\u{1b}[2JDarth Mual`"),
        "{}",
        r.stderr
    );
    // A header of 100,000 unknown columns: the message quotes one, shortly.
    let header: Vec<String> = (0..100_000).map(|i| format!("column{i}")).collect();
    s.write(
        "wide.csv",
        &format!("qty,card_id,{}\n1,DM-71\n", header.join(",")),
    );
    let r = s.run(&["collection", "import", "wide.csv"]);
    assert_eq!(r.code, 1, "the row is short of the header's fields");
    assert!(
        r.stderr.len() < 600,
        "{} bytes: {}",
        r.stderr.len(),
        &r.stderr[..600]
    );
    assert!(
        r.stderr.contains("`column4`, and 99995 more ignored"),
        "{}",
        r.stderr
    );
    // A card name on the command line with an escape code.
    let r = s.run(&["collection", "add", "\u{1b}]0;pwned\u{7}"]);
    assert_eq!(r.code, 2);
    assert!(
        !r.stderr.contains('\u{1b}') && !r.stderr.contains('\u{7}'),
        "{:?}",
        r.stderr
    );
}

/// `yj ARGS` as a user the file permissions apply to: as root (who may write anything) the
/// command runs as `nobody`, to whom the scratch directory and database are given.
#[cfg(unix)]
fn as_user(s: &Scratch, args: &[&str]) -> Run {
    use std::os::unix::process::CommandExt;
    let mut cmd = s.command(args);
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        cmd.uid(NOBODY).gid(NOBODY);
    }
    Run::from(cmd.output().expect("run yj"))
}

#[cfg(unix)]
const NOBODY: u32 = 65534;

#[cfg(unix)]
fn give_to_user(s: &Scratch) {
    use std::os::unix::fs::PermissionsExt;
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        std::fs::set_permissions(s.dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        for entry in std::fs::read_dir(s.dir.path()).unwrap() {
            std::os::unix::fs::chown(entry.unwrap().path(), Some(NOBODY), Some(NOBODY)).unwrap();
        }
        std::os::unix::fs::chown(s.dir.path(), Some(NOBODY), Some(NOBODY)).unwrap();
    }
}

#[cfg(unix)]
fn chmod(path: &std::path::Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn files_in(s: &Scratch) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(s.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn a_read_only_database_is_read_leaving_nothing_and_a_write_names_the_file_and_the_fix() {
    // Issue 15: `chmod 444` gave "attempt to write a readonly database" without the file, and
    // a read left a read-only `-shm` behind, so writes still failed after `chmod 644`.
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "--qty", "2"]));
    give_to_user(&s);
    chmod(&s.db(), 0o444);
    let r = as_user(&s, &["collection", "list"]);
    ok(&r);
    assert_eq!(r.stderr, "1 printing, 2 copies\n");
    ok(&as_user(&s, &["collection", "export"]));
    ok(&as_user(&s, &["db", "check"]));
    assert_eq!(
        files_in(&s),
        ["yj.db"],
        "a read leaves nothing beside the database"
    );
    let r = as_user(&s, &["collection", "add", "DM-1"]);
    assert_eq!(r.code, 2);
    let db = s.db().display().to_string();
    assert_eq!(
        r.stderr,
        format!(
            "error: `{db}` is read-only (its permissions do not let you write it), and this \
             command changes it; nothing was changed: make it writable (`chmod u+w {db}`) and \
             run the command again\n"
        )
    );
    chmod(&s.db(), 0o644);
    let r = as_user(&s, &["collection", "add", "DM-1"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        "DM-1 Obi-Wan Kenobi, Young Jedi (regular): 0 → 1\n"
    );
    // A read-only `-shm` left by an older yj is named too.
    std::fs::write(s.path("yj.db-shm"), "").unwrap();
    give_to_user(&s);
    chmod(&s.path("yj.db-shm"), 0o444);
    let r = as_user(&s, &["collection", "add", "DM-1"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains(&format!(
            "`{db}-shm` beside the database `{db}` is read-only (left behind by a read while \
             the database was read-only?), so the database cannot be written; nothing was \
             changed: make it writable too (`chmod u+w {db}-shm`)"
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn another_program_s_sqlite_file_is_refused_and_left_as_it_was() {
    // Issue 15: `--db` at another program's SQLite file added yj's tables to it (8 KB grew
    // to 196 KB).
    let s = Scratch::new();
    let other = s.path("notes.sqlite");
    {
        let conn = rusqlite::Connection::open(&other).unwrap();
        conn.execute_batch(
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);
             CREATE TABLE tags (name TEXT);
             INSERT INTO notes (text) VALUES ('buy milk');",
        )
        .unwrap();
    }
    let before = std::fs::read(&other).unwrap();
    for args in [
        vec!["collection", "list"],
        vec!["collection", "add", "DM-71"],
        vec!["db", "info"],
    ] {
        let r = s
            .cmd(&args)
            .env("YJ_DB", &other)
            .output()
            .map(Run::from)
            .unwrap();
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(
            r.stderr,
            format!(
                "error: failed to open database `{0}`: `{0}` is a SQLite database of another \
                 program (2 tables: notes, tags), not a yj database; it was left untouched: \
                 pass --db with yj's own database, or a new file name for a new one\n",
                other.display()
            )
        );
    }
    assert_eq!(std::fs::read(&other).unwrap(), before, "not a byte changed");
    assert_eq!(files_in(&s), ["notes.sqlite", "yj.db"]);
}

#[test]
fn a_new_database_at_a_given_path_is_announced_once() {
    // Issue 15: a mistyped --db made a new database (and its folders) silently, then
    // reported "0 printings", which reads like a lost collection.
    let s = Scratch::fresh();
    let r = s.run(&[
        "--db",
        "colection/yj.db",
        "collection",
        "list",
        "--format",
        "csv",
    ]);
    ok(&r);
    assert_eq!(
        r.stderr,
        "note: created a new database `colection/yj.db` and the folder `colection`: there was \
         none; if you meant an existing one, check the path given with --db or YJ_DB\n"
    );
    let r = s.run(&[
        "--db",
        "colection/yj.db",
        "collection",
        "list",
        "--format",
        "csv",
    ]);
    ok(&r);
    assert_eq!(r.stderr, "", "the second time it exists");
    let r = s.run(&["collection", "names"]);
    ok(&r);
    assert!(
        r.stderr.starts_with(&format!(
            "note: created a new database `{}`: there was none;",
            s.db().display()
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn db_check_reports_plainly_and_old_sqlite_versions_find_nothing_to_report() {
    // Issue 15: Debian's sqlite3 3.40 said "NULL value in collection_items.qty" of every yj
    // database with rows (a false alarm of that version, about WITHOUT ROWID tables).
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "DM-1", "--condition", "NM"]));
    let r = s.run(&["db", "check"]);
    ok(&r);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", r.stdout);
    assert_eq!(lines[0], format!("database:     {}", s.db().display()));
    assert!(
        lines[1].starts_with("checked with: SQLite 3."),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2..], ["integrity:    ok", "foreign keys: ok"]);
    let r = s.run(&["db", "check", "--format", "json"]);
    ok(&r);
    assert!(r.stdout.contains("\"ok\": true"), "{}", r.stdout);
    // The table is one every SQLite version checks right.
    let conn = rusqlite::Connection::open(s.db()).unwrap();
    let sql: String = conn
        .query_row(
            "SELECT sql FROM sqlite_master WHERE name = 'collection_items'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(!sql.contains("WITHOUT ROWID"), "{sql}");
    drop(conn);
    // Where the system's own sqlite3 is installed (3.40 on Debian 12), it agrees; only its
    // absence skips the check, and says so.
    match std::process::Command::new("sqlite3")
        .arg(s.db())
        .arg("PRAGMA integrity_check;")
        .output()
    {
        Ok(out) => assert_eq!(String::from_utf8_lossy(&out.stdout), "ok\n"),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("no sqlite3 on PATH: the system SQLite's integrity check was skipped");
        }
        Err(e) => panic!("cannot run sqlite3: {e}"),
    }
}

/// Runs `cmd`, failing the test (not hanging it) if it has not finished in 60 s.
fn finishes(mut cmd: std::process::Command, what: &str) -> Run {
    use std::process::Stdio;
    let child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn yj");
    let id = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(out) => Run::from(out.expect("run yj")),
        Err(_) => {
            // SAFETY: kill sends a signal to the child started above.
            #[cfg(unix)]
            unsafe {
                libc::kill(id as i32, libc::SIGKILL);
            }
            panic!("{what}: yj was still running after 60 s");
        }
    }
}

#[cfg(unix)]
#[test]
fn output_paths_write_through_pipes_and_links_and_replace_only_regular_files() {
    // Issue 15: `-o /dev/stdout` into a pipe hung (yj read its own output to see whether it
    // was a database), and `-o` on a link replaced the link with a file.
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "--qty", "2"]));
    let export = s.run(&["collection", "export"]).stdout;
    let r = finishes(
        s.command(&["collection", "export", "-o", "/dev/stdout"]),
        "export to a pipe",
    );
    ok(&r);
    assert_eq!(r.stdout, export);
    // A named pipe, read by another thread.
    let fifo = s.path("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo reads the NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let r = finishes(
        s.command(&["collection", "export", "-o", "pipe"]),
        "export to a named pipe",
    );
    ok(&r);
    assert_eq!(reader.join().unwrap(), export);
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo_like()
    );
    // A backup through a pipe is the database and nothing else.
    let r = finishes(
        s.command(&["collection", "backup", "/dev/stdout"]),
        "backup to a pipe",
    );
    ok(&r);
    assert!(r.stdout.starts_with("SQLite format 3\0"));
    assert!(r.stderr.starts_with("backed up `"), "{}", r.stderr);
    // A link: the file it points at is replaced, the link stays.
    std::fs::create_dir(s.path("exports")).unwrap();
    s.write("exports/main.csv", "old\n");
    std::os::unix::fs::symlink("exports/main.csv", s.path("latest.csv")).unwrap();
    ok(&s.run(&["collection", "export", "-o", "latest.csv"]));
    assert!(
        std::fs::symlink_metadata(s.path("latest.csv"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_to_string(s.path("exports/main.csv")).unwrap(),
        export
    );
    std::os::unix::fs::symlink("exports/backup.db", s.path("latest.db")).unwrap();
    ok(&s.run(&["collection", "backup", "latest.db"]));
    assert!(
        std::fs::symlink_metadata(s.path("latest.db"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(s.path("exports/backup.db").is_file());
    // No temporary file is left anywhere.
    assert_eq!(
        files_in(&s),
        ["exports", "latest.csv", "latest.db", "pipe", "yj.db"]
    );
}

#[cfg(unix)]
trait FifoLike {
    fn is_fifo_like(&self) -> bool;
}

#[cfg(unix)]
impl FifoLike for std::fs::FileType {
    fn is_fifo_like(&self) -> bool {
        std::os::unix::fs::FileTypeExt::is_fifo(self)
    }
}

#[test]
fn restore_goes_through_sqlite_even_with_a_log_left_by_a_killed_process() {
    // Issue 15: the README's restore (copy the backup over the database) let a `-wal` left by
    // an earlier kill be replayed onto the copy: the restore was lost or the file malformed.
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71", "--qty", "2"]));
    let backup = s.path("backup.db");
    ok(&s.run(&["collection", "backup", backup.to_str().unwrap()]));
    let at_backup = s.export_rows("main");
    for card in ["DM-1", "DM-2", "DM-3"] {
        ok(&s.run(&["collection", "add", card]));
    }
    let before_restore = s.export_rows("main");
    // Committed changes still in the write-ahead log, as a process killed before it
    // checkpointed leaves them: this connection is never closed.
    let conn = rusqlite::Connection::open(s.db()).unwrap();
    conn.execute_batch(
        "CREATE TABLE filler (b BLOB);
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
         INSERT INTO filler SELECT randomblob(3000) FROM n;",
    )
    .unwrap();
    std::mem::forget(conn);
    assert!(s.path("yj.db-wal").exists());

    let r = s.run(&["collection", "restore", "backup.db"]);
    ok(&r);
    assert_eq!(
        r.stdout,
        format!(
            "restored `backup.db` into `{}`: 1 collection entries, 1 history entries; \
             integrity checked\n",
            s.db().display()
        )
    );
    let kept = r
        .stderr
        .strip_prefix("the database as it was is kept in `")
        .and_then(|rest| rest.split('`').next())
        .unwrap_or_else(|| panic!("{}", r.stderr))
        .to_string();
    assert_eq!(s.export_rows("main"), at_backup);
    ok(&s.run(&["db", "check"]));
    // The copy kept is the database as it was, and restoring it goes back.
    let r = s.run(&["collection", "restore", &kept]);
    ok(&r);
    assert_eq!(s.export_rows("main"), before_restore);
    ok(&s.run(&["collection", "undo"]));
    assert_eq!(s.export_rows("main").len(), 3, "its history came back too");
}

#[test]
fn restore_refuses_what_is_not_a_sound_yj_backup_and_changes_nothing() {
    let s = Scratch::new();
    ok(&s.run(&["collection", "add", "DM-71"]));
    let before = s.export_rows("main");
    s.write("notes.txt", "not a database\n");
    {
        let conn = rusqlite::Connection::open(s.path("other.sqlite")).unwrap();
        conn.execute_batch("CREATE TABLE notes (text TEXT);")
            .unwrap();
    }
    let db = s.db().display().to_string();
    for (file, message) in [
        (
            "notes.txt",
            "error: `notes.txt` is not a SQLite database, so not a yj backup; nothing was \
             changed\n"
                .to_string(),
        ),
        (
            "other.sqlite",
            "error: `other.sqlite` is a SQLite database but not a yj database or backup (it has \
             no collection tables); nothing was changed, and the database is as it was\n"
                .to_string(),
        ),
        (
            "missing.db",
            "error: cannot read the backup `missing.db`: No such file or directory (os error 2)\n"
                .to_string(),
        ),
        (
            &db,
            format!("error: `{db}` is the database itself; give the backup to restore from\n"),
        ),
    ] {
        let r = s.run(&["collection", "restore", file]);
        assert_eq!(r.code, 2, "{file}");
        assert_eq!(r.stderr, message, "{file}");
    }
    assert_eq!(s.export_rows("main"), before);
    assert_eq!(
        files_in(&s),
        ["notes.txt", "other.sqlite", "yj.db"],
        "no copy kept of a refused restore"
    );
}

#[test]
fn a_file_with_no_rows_is_refused_like_an_empty_one() {
    // Issue 15: a comment-only file, a header-only CSV and `[]` imported "0 rows" with exit 0
    // while an empty file was an error; `deck need` on an empty list said the collection
    // "owns every card the deck needs".
    let s = Scratch::new();
    s.write("comments.txt", "# the shoebox\n\n// nothing yet\n");
    s.write("header.csv", "qty,card_id,condition\n");
    s.write("empty.json", "[\n]\n");
    s.write("empty.txt", "");
    for (file, why) in [
        (
            "comments.txt",
            "has no rows to import (only comments, headings and blank lines)",
        ),
        (
            "header.csv",
            "has no rows to import (a header row and nothing under it)",
        ),
        ("empty.json", "has no rows to import (an empty JSON array)"),
        ("empty.txt", "is empty"),
    ] {
        for dry in [false, true] {
            let mut args = vec!["collection", "import", file];
            if dry {
                args.push("--dry-run");
            }
            let r = s.run(&args);
            assert_eq!(r.code, 2, "{file}");
            assert_eq!(
                r.stderr,
                format!("error: {file}: {why}: there is nothing to import\n")
            );
        }
    }
    s.write("deck.txt", "# my deck\nCharacters:\n");
    let r = s.run(&["deck", "need", "deck.txt"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: deck.txt: lists no cards (only comments, headings or blank lines), so there is \
         nothing to compare with the collection\n"
    );
    assert_eq!(s.run(&["collection", "want", "--deck", "deck.txt"]).code, 2);
    assert_eq!(s.export_rows("main"), Vec::<String>::new());
}

#[test]
fn formulas_in_notes_are_exported_as_text_and_read_back_as_written() {
    // Issue 15: a note `=SUM(...)` was exported as it is, and a spreadsheet runs it.
    let s = Scratch::new();
    for (card, note) in [
        ("DM-71", "=SUM(A1:A9)"),
        ("DM-1", "+1 from Bob"),
        ("DM-2", "-trade bait"),
        ("DM-3", "@cmd|' /C calc'!A0"),
        ("DM-4", "'=already quoted"),
        ("DM-5", "'plain quote"),
    ] {
        ok(&s.run(&["collection", "add", card, &format!("--note={note}")]));
    }
    let r = s.run(&["collection", "export"]);
    ok(&r);
    let notes: Vec<&str> = r
        .stdout
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(5).unwrap())
        .collect();
    assert_eq!(
        notes,
        [
            "'+1 from Bob",
            "'-trade bait",
            "'@cmd|' /C calc'!A0",
            "''=already quoted",
            "'plain quote",
            "'=SUM(A1:A9)"
        ]
    );
    s.write("export.csv", &r.stdout);
    ok(&s.run(&["collection", "import", "export.csv", "--collection", "copy"]));
    assert_eq!(
        s.export_rows("copy"),
        s.export_rows("main"),
        "the import undoes it"
    );
    let r = s.run(&["collection", "list", "--format", "csv"]);
    ok(&r);
    assert!(r.stdout.contains(",'=SUM(A1:A9)\n"), "{}", r.stdout);
}
