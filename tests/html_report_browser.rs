//! `yj playtest --html` in a real browser: headless Chromium opens the report the binary wrote
//! and the test checks that it logs nothing to the console, that every number (and name) it
//! shows equals the JSON report's, that a click on a column header sorts the per-card table,
//! and keeps screenshots for review (their paths are printed).
//!
//! Needs Chromium (Debian: `apt-get install chromium`; `YJ_CHROMIUM=/path` for another
//! binary). `.ci/run` installs it and sets `YJ_REQUIRE_BROWSER=1`, which turns a missing
//! browser into a failure; elsewhere the tests say how to run them and pass.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{Scratch, ok};
use serde_json::Value;

const DECKS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/decks/");
const GAUNTLET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/gauntlet/");

/// Printed past the test harness's capture, so that a plain `cargo test` shows it.
fn say(msg: &str) {
    let _ = writeln!(std::io::stderr(), "{msg}");
}

fn browser() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("YJ_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in [
            "chromium",
            "chromium-browser",
            "google-chrome",
            "google-chrome-stable",
        ] {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// The browser, or None (after saying how to get one) when the test is to be skipped.
fn browser_or_skip(test: &str) -> Option<PathBuf> {
    match browser() {
        Some(b) => Some(b),
        None if std::env::var_os("YJ_REQUIRE_BROWSER").is_some() => {
            panic!("YJ_REQUIRE_BROWSER is set but no Chromium was found (PATH or YJ_CHROMIUM)")
        }
        None => {
            say(&format!(
                "skipped {test}: no Chromium found. Install it (Debian: apt-get install chromium) or set YJ_CHROMIUM=/path/to/chromium, then run `cargo test --test html_report_browser`; .ci/run installs it and runs this test"
            ));
            None
        }
    }
}

/// Headless Chromium on `page`: returns (stdout, stderr). No network: every host name fails
/// to resolve, and the background services that would phone home are off.
fn chromium(browser: &Path, profile: &Path, extra: &[String], page: &Path) -> (String, String) {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("run chromium");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The console messages Chromium logged (`...:INFO:CONSOLE...] "message", source: ...`).
fn console(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| l.contains(":CONSOLE")).collect()
}

/// The page after its scripts ran, as Chromium serialises it.
fn dump(browser: &Path, profile: &Path, page: &Path) -> String {
    let (dom, stderr) = chromium(browser, profile, &["--dump-dom".into()], page);
    assert_eq!(console(&stderr), Vec::<&str>::new(), "console messages");
    assert!(dom.contains("</html>"), "no page: {dom}");
    dom
}

fn unescape(s: &str) -> String {
    s.replace("&nbsp;", "\u{a0}")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Every element the report tagged with `data-json` (a JSON pointer) and `data-fmt`: the
/// pointer, the format and the text shown. The report keeps these elements leaves.
fn tagged(dom: &str) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut rest = dom;
    while let Some(i) = rest.find("data-json=\"") {
        rest = &rest[i + 11..];
        let end = rest.find('"').unwrap();
        let pointer = unescape(&rest[..end]);
        let tag_end = rest.find('>').unwrap();
        let tag = &rest[..tag_end];
        let f = tag.find("data-fmt=\"").expect("data-fmt beside data-json") + 10;
        let fmt = tag[f..f + tag[f..].find('"').unwrap()].to_string();
        let text_end = rest[tag_end..].find('<').unwrap();
        let text = unescape(&rest[tag_end + 1..tag_end + text_end]);
        out.push((pointer, fmt, text));
    }
    out
}

/// A JSON value written as the tables write it (README "An example"): win rates as
/// percentages with one decimal, intervals as `low–high%`.
fn written(v: &Value, fmt: &str) -> String {
    let pct = |x: f64| format!("{:.1}", x * 100.0);
    match (fmt, v) {
        (_, Value::Null) => String::new(),
        ("pct", v) => format!("{}%", pct(v.as_f64().unwrap())),
        ("interval", v) => format!(
            "{}–{}%",
            pct(v["low"].as_f64().unwrap()),
            pct(v["high"].as_f64().unwrap())
        ),
        ("int", v) => v.as_u64().unwrap().to_string(),
        ("num1", v) => format!("{:.1}", v.as_f64().unwrap()),
        ("num2", v) => format!("{:.2}", v.as_f64().unwrap()),
        ("text", v) => v.as_str().unwrap().to_string(),
        (f, _) => panic!("unknown data-fmt {f}"),
    }
}

/// Checks every tagged number against the JSON and returns the pointers seen.
fn check_numbers(dom: &str, json: &Value) -> Vec<String> {
    let tags = tagged(dom);
    for (pointer, fmt, text) in &tags {
        let v = json
            .pointer(pointer)
            .unwrap_or_else(|| panic!("{pointer} is not in the JSON report"));
        assert_eq!(text, &written(v, fmt), "{pointer} ({fmt})");
    }
    tags.into_iter().map(|(p, _, _)| p).collect()
}

/// Screenshots of the page as a desktop and as a phone shows it, kept under the target
/// directory; returns their paths.
fn screenshots(browser: &Path, profile: &Path, page: &Path, name: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-report");
    std::fs::create_dir_all(&dir).unwrap();
    let mut shots = Vec::new();
    for (what, size) in [("desktop", "1100,2400"), ("phone", "390,1800")] {
        let png = dir.join(format!("{name}-{what}.png"));
        let _ = std::fs::remove_file(&png);
        chromium(
            browser,
            profile,
            &[
                format!("--screenshot={}", png.display()),
                format!("--window-size={size}"),
            ],
            page,
        );
        let bytes = std::fs::read(&png).expect("screenshot written");
        assert!(
            bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
            "{png:?}"
        );
        say(&format!("screenshot for review: {}", png.display()));
        shots.push(png);
    }
    shots
}

fn json_and_html(s: &Scratch, args: &[&str]) -> (Value, PathBuf, String) {
    let html = s.path("report.html");
    let mut all: Vec<&str> = args.to_vec();
    let html_arg = html.display().to_string();
    all.extend(["--format", "json", "--html", &html_arg]);
    let run = s.run(&all);
    ok(&run);
    let json: Value = serde_json::from_str(&run.stdout).expect("JSON report");
    let text = std::fs::read_to_string(&html).expect("HTML report written");
    // Self-contained: nothing to fetch, no external script, style sheet, image or font.
    for needle in ["http://", "https://", "<link", " src=", "url(", "@import"] {
        assert!(
            !text.contains(needle),
            "the report refers outside: {needle}"
        );
    }
    (json, html, text)
}

#[test]
fn the_console_check_sees_a_console_message() {
    // The checks below read Chromium's console log from stderr; a page that logs must show.
    let Some(browser) = browser_or_skip("the_console_check_sees_a_console_message") else {
        return;
    };
    let s = Scratch::new();
    let page = s.write(
        "probe.html",
        "<!doctype html><title>probe</title><script>console.error('probe-7f3a'); nosuch();</script>",
    );
    let (_, stderr) = chromium(&browser, &s.path("profile"), &["--dump-dom".into()], &page);
    let logged = console(&stderr);
    assert!(logged.iter().any(|l| l.contains("probe-7f3a")), "{stderr}");
    assert!(logged.iter().any(|l| l.contains("nosuch")), "{stderr}");
}

#[test]
fn the_playtest_report_shows_the_json_reports_numbers() {
    let Some(browser) = browser_or_skip("the_playtest_report_shows_the_json_reports_numbers")
    else {
        return;
    };
    let s = Scratch::new();
    let (light, dark) = (format!("{DECKS}light.txt"), format!("{DECKS}dark.txt"));
    let (json, page, _) = json_and_html(
        &s,
        &[
            "playtest",
            &light,
            "--vs",
            &dark,
            "--vs",
            "example:dark",
            "--games",
            "40",
            "--seed",
            "7",
            "--mirror",
        ],
    );
    let profile = s.path("profile");
    let dom = dump(&browser, &profile, &page);
    let seen = check_numbers(&dom, &json);
    // Everything the report is meant to show is there (and so was checked above).
    let opponents = json["opponents"].as_array().unwrap();
    let mut want = vec![
        "/master_seed".to_string(),
        "/replay".into(),
        "/replay_mirrored".into(),
    ];
    for (k, o) in opponents.iter().enumerate() {
        let at = format!("/opponents/{k}");
        for f in [
            "/win_rate",
            "/interval",
            "/wins",
            "/games",
            "/went_first/win_rate",
            "/went_first/interval",
            "/went_second/win_rate",
            "/won_by/planet",
            "/won_by/deck",
            "/lost_by/planet",
            "/lost_by/deck",
            "/no_winner_by/turn_cap",
            "/turns/mean",
            "/turns/median",
            "/turns/p90",
        ] {
            want.push(format!("{at}{f}"));
        }
        for b in 0..o["turns"]["histogram"].as_array().unwrap().len() {
            want.push(format!("{at}/turns/histogram/{b}/games"));
        }
        for c in 0..o["cards"].as_array().unwrap().len() {
            for f in [
                "/name",
                "/id",
                "/copies",
                "/drawn/games",
                "/drawn/win_rate",
                "/deployed/games",
                "/deployed/win_rate",
                "/avg_damage",
            ] {
                want.push(format!("{at}/cards/{c}{f}"));
            }
        }
    }
    let missing: Vec<&String> = want.iter().filter(|w| !seen.contains(w)).collect();
    assert!(missing.is_empty(), "not shown: {missing:?}");
    assert!(
        dom.contains("yj playtest "),
        "the command that makes the report again"
    );

    // A click on `drawn` sorts the first card table, most drawn first.
    let script =
        "<script>document.querySelector('table.sortable th:nth-child(4) button').click();</script>";
    let clicked = s.write(
        "clicked.html",
        &std::fs::read_to_string(&page)
            .unwrap()
            .replace("</body>", &format!("{script}</body>")),
    );
    let dom = dump(&browser, &profile, &clicked);
    let first_table = &dom[dom.find("<table class=\"cards sortable\"").unwrap()..];
    let first_table = &first_table[..first_table.find("</table>").unwrap()];
    let order: Vec<usize> = tagged(first_table)
        .iter()
        .filter(|(p, _, _)| p.ends_with("/drawn/games"))
        .map(|(p, _, _)| p.split('/').nth(4).unwrap().parse().unwrap())
        .collect();
    let cards = opponents[0]["cards"].as_array().unwrap();
    let drawn: Vec<u64> = order
        .iter()
        .map(|&i| cards[i]["drawn"]["games"].as_u64().unwrap())
        .collect();
    assert_eq!(order.len(), cards.len());
    assert!(drawn.windows(2).all(|w| w[0] >= w[1]), "{drawn:?}");
    assert_ne!(
        order,
        (0..cards.len()).collect::<Vec<_>>(),
        "the rows moved"
    );
    assert!(first_table.contains("aria-sort=\"descending\""));

    screenshots(&browser, &profile, &page, "playtest");
}

#[test]
fn the_gauntlet_report_shows_the_json_reports_numbers() {
    let Some(browser) = browser_or_skip("the_gauntlet_report_shows_the_json_reports_numbers")
    else {
        return;
    };
    let s = Scratch::new();
    let (light, dark) = (format!("{DECKS}light.txt"), format!("{DECKS}dark.txt"));
    let (json, page, _) = json_and_html(
        &s,
        &[
            "playtest",
            "--games",
            "20",
            "--seed",
            "3",
            "--gauntlet",
            &light,
            &dark,
            &format!("{GAUNTLET}hutt-cartel.txt"),
            &format!("{GAUNTLET}queens-guard.txt"),
        ],
    );
    let profile = s.path("profile");
    let dom = dump(&browser, &profile, &page);
    let seen = check_numbers(&dom, &json);
    let pairings = json["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 8);
    let mut want = vec!["/master_seed".to_string(), "/games_per_pairing".into()];
    for k in 0..pairings.len() {
        // The heat map's cells and each deck's bars.
        for f in [
            "/win_rate",
            "/interval",
            "/went_first/win_rate",
            "/cards/0/drawn/games",
        ] {
            want.push(format!("/pairings/{k}{f}"));
        }
    }
    for d in 0..4 {
        for f in ["/win_rate", "/interval", "/name"] {
            want.push(format!("/field/{d}{f}"));
        }
        want.push(format!("/decks/{d}/name"));
    }
    let missing: Vec<&String> = want.iter().filter(|w| !seen.contains(w)).collect();
    assert!(missing.is_empty(), "not shown: {missing:?}");
    // Every pairing's rate is in the heat map: a cell shows it beside its interval.
    for k in 0..pairings.len() {
        assert!(
            dom.contains(&format!("data-json=\"/pairings/{k}/interval\"")),
            "{k}"
        );
    }
    screenshots(&browser, &profile, &page, "gauntlet");
}
