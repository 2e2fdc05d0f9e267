//! The HTML report's charts, drawn as inline SVG: win rates as bars with their 95% intervals,
//! how the games ended as one stacked bar, the game-length histogram, and the colour scale
//! of the gauntlet's heat map.
//!
//! Labels and numbers are HTML beside the drawing, not SVG text: they wrap on a phone and
//! keep their size when a bar is stretched or squeezed. Every number shown carries the JSON
//! pointer of the value it writes (`data-json`) and how it is written (`data-fmt`), so the
//! report's browser test can check each one against the JSON report.

use maud::{Markup, html};

use super::interval;
use super::pct;
use crate::sim::report::{OpponentReport, Rate, Turns};

/// A number (or name) as shown, tagged with where it comes from in the JSON report.
pub fn shown(pointer: &str, fmt: &str, text: &str) -> Markup {
    html! { span data-json=(pointer) data-fmt=(fmt) { (text) } }
}

/// One bar of a win-rate chart.
pub struct RateRow<'a> {
    pub label: Markup,
    pub rate: &'a Rate,
    /// The JSON pointer of the object holding `games`, `wins`, `win_rate` and `interval`.
    pub at: String,
}

/// Win rates as bars from 0 to 100%, each with its 95% interval as a whisker, a mark at
/// 50%, and the rate, the interval and the games written beside it.
pub fn rate_bars(rows: &[RateRow]) -> Markup {
    // The drawing is 1,000 units wide, one per mille, stretched to the column's width; its
    // lines keep their thickness (`non-scaling-stroke`).
    let x = |v: f64| format!("{:.1}", v.clamp(0.0, 1.0) * 1000.0);
    html! {
        div.bars {
            @for row in rows {
                div.bar-row {
                    div.label { (row.label) }
                    @let r = row.rate;
                    svg.bar viewBox="0 0 1000 24" preserveAspectRatio="none" role="img"
                        aria-label=(format!("{} ({})", pct(r.win_rate), interval(r))) {
                        rect.track x="0" y="4" width="1000" height="16" {}
                        @if let Some(w) = r.win_rate {
                            rect.fill x="0" y="4" width=(x(w)) height="16" {}
                        }
                        line.even x1="500" x2="500" y1="0" y2="24" vector-effect="non-scaling-stroke" {}
                        @if let Some(i) = r.interval {
                            line.whisker x1=(x(i.low)) x2=(x(i.high)) y1="12" y2="12" vector-effect="non-scaling-stroke" {}
                            line.whisker x1=(x(i.low)) x2=(x(i.low)) y1="6" y2="18" vector-effect="non-scaling-stroke" {}
                            line.whisker x1=(x(i.high)) x2=(x(i.high)) y1="6" y2="18" vector-effect="non-scaling-stroke" {}
                        }
                    }
                    div.value {
                        @if r.games > 0 {
                            strong { (shown(&format!("{}/win_rate", row.at), "pct", &pct(r.win_rate))) }
                            " "
                            span.interval { (shown(&format!("{}/interval", row.at), "interval", &interval(r))) }
                        }
                        " "
                        span.games {
                            (shown(&format!("{}/wins", row.at), "int", &r.wins.to_string()))
                            " of "
                            (shown(&format!("{}/games", row.at), "int", &r.games.to_string()))
                        }
                    }
                }
            }
            div.bar-row.axis aria-hidden="true" {
                div {}
                div.ticks {
                    @for t in [0, 25, 50, 75, 100] {
                        span style=(format!("left:{t}%")) { (t) "%" }
                    }
                }
                div {}
            }
        }
    }
}

/// The segments of the victory bar, in order from won to lost: (label, JSON field, CSS class).
const ENDINGS: [(&str, &str, &str); 10] = [
    ("won: planet", "/won_by/planet", "won1"),
    ("won: surrender", "/won_by/surrender", "won2"),
    ("won: deck", "/won_by/deck", "won3"),
    ("won: podrace", "/won_by/podrace", "won4"),
    ("no winner: turn cap", "/no_winner_by/turn_cap", "none1"),
    (
        "no winner: no location",
        "/no_winner_by/no_location",
        "none2",
    ),
    ("lost: podrace", "/lost_by/podrace", "lost4"),
    ("lost: deck", "/lost_by/deck", "lost3"),
    ("lost: surrender", "/lost_by/surrender", "lost2"),
    ("lost: planet", "/lost_by/planet", "lost1"),
];

fn ending_count(r: &OpponentReport, field: &str) -> u64 {
    match field {
        "/won_by/planet" => r.won_by.planet,
        "/won_by/surrender" => r.won_by.surrender,
        "/won_by/deck" => r.won_by.deck,
        "/won_by/podrace" => r.won_by.podrace,
        "/lost_by/planet" => r.lost_by.planet,
        "/lost_by/surrender" => r.lost_by.surrender,
        "/lost_by/deck" => r.lost_by.deck,
        "/lost_by/podrace" => r.lost_by.podrace,
        "/no_winner_by/turn_cap" => r.no_winner_by.turn_cap,
        "/no_winner_by/no_location" => r.no_winner_by.no_location,
        _ => unreachable!("every ending is listed"),
    }
}

/// How the games ended: one bar split by victory type, won from the left, lost from the
/// right, games nobody won between; and a legend with every count. Games with no location
/// left (illegal decks only) are listed only when there were some, as in the table.
pub fn victories(r: &OpponentReport, at: &str) -> Markup {
    let total = r.games.max(1) as f64;
    let mut x = 0.0;
    let segments: Vec<(f64, f64, &str, &str, &str, u64)> = ENDINGS
        .iter()
        .map(|&(label, field, class)| {
            let n = ending_count(r, field);
            let w = n as f64 / total * 1000.0;
            let s = (x, w, field, class, label, n);
            x += w;
            s
        })
        .collect();
    html! {
        div.victories {
            svg.stack viewBox="0 0 1000 24" preserveAspectRatio="none" role="img"
                aria-label=(format!("{} won, {} lost, {} with no winner", r.wins, r.losses, r.no_winner)) {
                @for &(x, w, _, class, label, n) in &segments {
                    @if n > 0 {
                        rect class=(class) x=(format!("{x:.1}")) y="0" width=(format!("{w:.1}")) height="24" {
                            title { (label) ": " (n) }
                        }
                    }
                }
            }
            ul.legend {
                @for &(_, _, field, class, label, n) in &segments {
                    @if n > 0 || field != "/no_winner_by/no_location" {
                        li {
                            svg.swatch viewBox="0 0 10 10" aria-hidden="true" { rect class=(class) width="10" height="10" {} }
                            " " (label) " "
                            (shown(&format!("{at}{field}"), "int", &n.to_string()))
                        }
                    }
                }
            }
        }
    }
}

/// The game-length summary and histogram: one bar per bucket of turns, as long as its share
/// of the largest bucket.
pub fn turns(t: &Turns, at: &str) -> Markup {
    let most = t
        .histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let stat = |label: &str, field: &str, fmt: &str, text: String| {
        html! { span.stat { (label) " " (shown(&format!("{at}/turns/{field}"), fmt, &text)) } }
    };
    html! {
        p.summary {
            (stat("mean", "mean", "num1", format!("{:.1}", t.mean)))
            (stat("min", "min", "int", t.min.to_string()))
            (stat("10%", "p10", "int", t.p10.to_string()))
            (stat("median", "median", "int", t.median.to_string()))
            (stat("90%", "p90", "int", t.p90.to_string()))
            (stat("max", "max", "int", t.max.to_string()))
        }
        div.bars.histogram {
            @for (k, b) in t.histogram.iter().enumerate() {
                div.bar-row {
                    div.label {
                        (shown(&format!("{at}/turns/histogram/{k}/from"), "int", &b.from.to_string()))
                        "–"
                        (shown(&format!("{at}/turns/histogram/{k}/to"), "int", &b.to.to_string()))
                        " turns"
                    }
                    svg.bar viewBox="0 0 1000 24" preserveAspectRatio="none" role="img"
                        aria-label=(format!("{} games", b.games)) {
                        rect.fill x="0" y="4" width=(format!("{:.1}", b.games as f64 / most * 1000.0)) height="16" {}
                    }
                    div.value {
                        (shown(&format!("{at}/turns/histogram/{k}/games"), "int", &b.games.to_string()))
                        @if b.games == 1 { " game" } @else { " games" }
                    }
                }
            }
        }
    }
}

/// The heat map's colour for a win rate: red through white (50%) to blue (ColorBrewer's
/// RdBu, which reads for red-green colour blindness), with the text colour that stays legible
/// on it.
pub fn heat(rate: f64) -> (String, &'static str) {
    const STOPS: [(f64, [f64; 3]); 5] = [
        (0.0, [178.0, 24.0, 43.0]),
        (0.25, [239.0, 138.0, 98.0]),
        (0.5, [247.0, 247.0, 247.0]),
        (0.75, [103.0, 169.0, 207.0]),
        (1.0, [33.0, 102.0, 172.0]),
    ];
    let v = rate.clamp(0.0, 1.0);
    let k = STOPS
        .windows(2)
        .position(|w| v <= w[1].0)
        .unwrap_or(STOPS.len() - 2);
    let ((a, ca), (b, cb)) = (STOPS[k], STOPS[k + 1]);
    let t = (v - a) / (b - a);
    let c: Vec<f64> = (0..3).map(|i| ca[i] + (cb[i] - ca[i]) * t).collect();
    // Relative luminance (sRGB weights, without the gamma curve: enough to pick black or white).
    let lum = (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255.0;
    (
        format!("#{:02x}{:02x}{:02x}", c[0] as u8, c[1] as u8, c[2] as u8),
        if lum < 0.45 { "#fff" } else { "#111" },
    )
}

/// The heat map's legend: the colour scale from 0 to 100%.
pub fn heat_scale() -> Markup {
    html! {
        div.scale {
            svg viewBox="0 0 1000 16" preserveAspectRatio="none" role="img" aria-label="colour scale from 0% (red) through 50% (white) to 100% (blue)" {
                @for i in 0..50 {
                    rect x=(i * 20) y="0" width="21" height="16" fill=(heat((i as f64 + 0.5) / 50.0).0) {}
                }
            }
            div.ticks aria-hidden="true" {
                @for t in [0, 25, 50, 75, 100] {
                    span style=(format!("left:{t}%")) { (t) "%" }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heat_scale_runs_from_red_through_white_to_blue() {
        assert_eq!(heat(0.0), ("#b2182b".to_string(), "#fff"));
        assert_eq!(heat(0.5), ("#f7f7f7".to_string(), "#111"));
        assert_eq!(heat(1.0), ("#2166ac".to_string(), "#fff"));
        // Out of range clamps; a middling blue keeps dark text.
        assert_eq!(heat(1.5), heat(1.0));
        assert_eq!(heat(0.6).1, "#111");
    }

    #[test]
    fn a_bar_is_as_long_as_the_rate_and_its_whisker_spans_the_interval() {
        let r = Rate::new(614, 1000);
        let html = rate_bars(&[RateRow {
            label: html! { "Sith and Droids" },
            rate: &r,
            at: "/opponents/0".into(),
        }])
        .into_string();
        assert!(html.contains(r#"<rect class="fill" x="0" y="4" width="614.0""#));
        // 58.3–64.4%: the whisker's ends.
        assert!(
            html.contains(r#"<line class="whisker" x1="583.4" x2="643.7" y1="12""#),
            "{html}"
        );
        assert!(html.contains(r#"data-json="/opponents/0/win_rate" data-fmt="pct">61.4%<"#));
        assert!(html.contains(r#"data-fmt="interval">58.3–64.4%<"#));
    }
}
