//! `yj deck` reports that explain themselves (issue 14): what a judge or a player reads
//! around the verdict. Each test runs the real binary and asserts the whole output.

mod common;

use common::{Run, Scratch};

#[track_caller]
fn assert_output(r: &Run, code: i32, stdout: &str) {
    assert_eq!(r.code, code, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    assert_eq!(r.stdout, stdout, "stdout differs; got:\n{}", r.stdout);
}

const LIGHT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/decks/light.txt"
));
const DARK: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/decks/dark.txt"
));

/// `text` with its first line equal to `from` replaced by `to`.
#[track_caller]
fn edit(text: &str, from: &str, to: &str) -> String {
    let mut done = false;
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            if !done && l == from {
                done = true;
                to.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(done, "no line `{from}`");
    out.join("\n") + "\n"
}

#[test]
fn comments_are_cut_after_a_hash_or_double_slash_even_without_a_space() {
    // README "Decks": comments after `#` or `//` are ignored; no card name holds either.
    let s = Scratch::new();
    let text = edit(
        &edit(LIGHT, "3 Blaster (DM)", "3 DM-45 Blaster#the good ones"),
        "2 Blaster Rifle (DM)",
        "2 DM-46//rifles",
    );
    s.write("d.txt", &text);
    let r = s.run(&["deck", "check", "--brief", "d.txt"]);
    assert_output(
        &r,
        0,
        "d.txt: legal\n1 deck checked: 1 legal, 0 illegal, 0 unresolved, 0 unreadable\n",
    );
}
