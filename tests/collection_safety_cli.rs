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
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.len() < 400,
        "{} bytes: {}",
        r.stderr.len(),
        &r.stderr[..400]
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
