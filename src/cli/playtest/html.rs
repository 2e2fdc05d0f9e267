//! `--html FILE`: the playtest (or gauntlet) report as one self-contained HTML file, with
//! its charts as inline SVG ([`super::charts`]), its styles and its one script (sorting the
//! per-card tables) inline: no network, no external scripts or fonts, so it opens offline by
//! double-clicking. Numbers are written as the tables write them. Built with `maud`, whose
//! templates escape every value (deck names and file names are user input).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::cards::CARD_COLUMNS;
use super::charts::{RateRow, heat, heat_scale, rate_bars, shown, turns, victories};
use super::gauntlet::{Results, overall, title};
use super::{PlaytestArgs, RunInfo, interval, pct, shell_word};
use crate::catalogue::Side;
use crate::cli::InputError;
use crate::cli::game_decks::GameDeck;
use crate::engine::StarshipRules;
use crate::sim::OpponentReport;

/// The report file, opened before any game is played so that a path that cannot be written
/// is an input error at once, not after the run. Opening it changes nothing: an existing file
/// is replaced only when the report is written, and a file created for the report is removed
/// again if the run stops before that.
pub struct HtmlFile {
    path: PathBuf,
    file: File,
    created: bool,
    written: bool,
}

pub fn create(path: Option<&Path>) -> Result<Option<HtmlFile>> {
    let Some(path) = path else { return Ok(None) };
    let created = !path.exists();
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| {
            InputError(format!(
                "{}: cannot write the HTML report: {}",
                path.display(),
                e.to_string().to_lowercase()
            ))
        })?;
    Ok(Some(HtmlFile {
        path: path.to_path_buf(),
        file,
        created,
        written: false,
    }))
}

impl HtmlFile {
    fn write(mut self, page: Markup) -> Result<()> {
        let page = page.into_string();
        self.file
            .set_len(0)
            .and_then(|_| self.file.write_all(page.as_bytes()))
            .and_then(|_| self.file.flush())
            .with_context(|| format!("failed to write the HTML report {}", self.path.display()))?;
        self.written = true;
        Ok(())
    }
}

impl Drop for HtmlFile {
    fn drop(&mut self) {
        if self.created && !self.written {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// One opponent's report as the page shows it, with the JSON pointer of that report.
struct Opponent<'a> {
    name: &'a str,
    file: &'a str,
    report: &'a OpponentReport,
    at: String,
}

pub fn write_playtest(
    file: HtmlFile,
    args: &PlaytestArgs,
    info: &RunInfo,
    reports: &[(&GameDeck, OpponentReport)],
) -> Result<()> {
    let opponents: Vec<Opponent> = reports
        .iter()
        .enumerate()
        .map(|(k, (deck, r))| Opponent {
            name: &deck.name,
            file: &deck.spec,
            report: r,
            at: format!("/opponents/{k}"),
        })
        .collect();
    let mirror = if info.mirror {
        " (each deal played both ways)"
    } else {
        ""
    };
    let body = html! {
        header {
            h1 { "Playtest: " (shown("/deck/name", "text", &info.deck.name)) }
            p.meta {
                (shown("/deck/file", "text", &info.deck.file)) " · "
                (info.agents.deck.name()) " agent vs " (info.agents.opponent.name()) " agent · "
                (shown("/games_per_opponent", "int", &info.games_per_opponent.to_string()))
                " games per opponent" (mirror) " · "
                (starships(info.starships)) " · master seed "
                (shown("/master_seed", "int", &info.master_seed.to_string()))
            }
        }
        (deck_section(&opponents, true))
        (replay_section(args, info.master_seed, &info.replay, info.replay_mirrored.as_deref()))
    };
    file.write(page(&format!("Playtest: {}", info.deck.name), body))
}

pub fn write_gauntlet(file: HtmlFile, args: &PlaytestArgs, res: &Results) -> Result<()> {
    let info = &res.info;
    let mirror = if info.mirror {
        " (each deal played both ways)"
    } else {
        ""
    };
    let (light, dark) = (res.of_side(Side::Light), res.of_side(Side::Dark));
    let body = html! {
        header {
            h1 { "Gauntlet: " (info.decks.len()) " decks" }
            p.meta {
                (light.len()) " Light Side and " (dark.len()) " Dark Side decks, "
                (res.pairings.len()) " pairings · "
                (info.agents.deck.name()) " agent vs " (info.agents.opponent.name()) " agent · "
                (shown("/games_per_pairing", "int", &info.games_per_pairing.to_string()))
                " games per pairing" (mirror) " · "
                (starships(info.starships)) " · master seed "
                (shown("/master_seed", "int", &info.master_seed.to_string()))
            }
            nav {
                "Decks: "
                @for (i, _) in info.decks.iter().enumerate() {
                    a href=(format!("#deck-{i}")) { (res.label(i)) }
                    " "
                }
            }
        }
        section {
            h2 { "Win rates" }
            p.note { "The row deck's win rate against the column deck, and its 95% interval. The field column pools the row deck's games against every deck of the other side." }
            (heat_scale())
            @for (rows, cols) in [(&light, &dark), (&dark, &light)] {
                (heat_map(res, rows, cols))
            }
        }
        section {
            h2 { "Over the field" }
            p.note { "Each deck's games against every deck of the other side. A deck is above another of its side when their 95% intervals do not overlap; decks whose intervals overlap have not been told apart: more games narrow the intervals." }
            @for side in [Side::Light, Side::Dark] {
                h3 { (title(side)) " Side" }
                @let ranked = res.ranked(side);
                (rate_bars(&ranked.iter().map(|&d| RateRow {
                    label: html! { (shown(&format!("/field/{d}/name"), "text", &info.decks[d].name)) },
                    rate: &res.field[d].rate,
                    at: format!("/field/{d}"),
                }).collect::<Vec<_>>()))
                div.scroll {
                    table.apart {
                        thead { tr { th { "deck" } th { "above" } th { "not told apart from" } } }
                        tbody {
                            @for &d in &ranked {
                                tr {
                                    td { (res.label(d)) }
                                    td { (names(res, &res.field[d].above)) }
                                    td { (names(res, &res.not_apart(d))) }
                                }
                            }
                        }
                    }
                }
            }
        }
        @for (i, d) in info.decks.iter().enumerate() {
            section.deck id=(format!("deck-{i}")) {
                h2 { (shown(&format!("/decks/{i}/name"), "text", &d.name)) }
                p.meta { (shown(&format!("/decks/{i}/file"), "text", &d.file)) " · " (title(d.side)) " Side" }
                @let opponents: Vec<Opponent> = res.pairings.iter().enumerate()
                    .filter(|(_, (p, _))| p.deck == i)
                    .map(|(k, (p, r))| Opponent {
                        name: &info.decks[p.opponent].name,
                        file: &info.decks[p.opponent].file,
                        report: r,
                        at: format!("/pairings/{k}"),
                    })
                    .collect();
                (deck_section(&opponents, false))
            }
        }
        (replay_section(args, info.master_seed, &info.replay, info.replay_mirrored.as_deref()))
    };
    file.write(page(&format!("Gauntlet: {} decks", info.decks.len()), body))
}

/// Deck names for the told-apart table; a dash for none.
fn names(res: &Results, decks: &[usize]) -> String {
    if decks.is_empty() {
        return "—".into();
    }
    decks
        .iter()
        .map(|&d| res.label(d))
        .collect::<Vec<_>>()
        .join(", ")
}

fn starships(s: StarshipRules) -> &'static str {
    match s {
        StarshipRules::DuelOfTheFates => "Duel of the Fates starship rules",
        StarshipRules::BattleOfNaboo => "Battle of Naboo starship rules",
    }
}

/// One side's block of the heat map: its decks in rows, the other side's in columns, and
/// each row deck's field rate last.
fn heat_map(res: &Results, rows: &[usize], cols: &[usize]) -> Markup {
    let side = title(res.info.decks[rows[0]].side);
    let other = title(res.info.decks[cols[0]].side);
    let cell = |rate: &crate::sim::report::Rate, at: String| {
        let (bg, fg) = rate.win_rate.map(heat).unwrap_or(("#fff".into(), "#111"));
        html! {
            td.heat style=(format!("background:{bg};color:{fg}")) {
                @if rate.games > 0 {
                    strong { (shown(&format!("{at}/win_rate"), "pct", &pct(rate.win_rate))) }
                    br;
                    small { (shown(&format!("{at}/interval"), "interval", &interval(rate))) }
                }
            }
        }
    };
    html! {
        // Above the table, not its caption: the caption would scroll away with a wide table.
        p.caption { (side) " Side decks (rows) against " (other) " Side decks (columns)" }
        div.scroll {
            table.heatmap {
                thead {
                    tr {
                        th { }
                        @for &c in cols { th scope="col" { (res.label(c)) } }
                        th scope="col" { "field" }
                    }
                }
                tbody {
                    @for &r in rows {
                        tr {
                            th scope="row" { a href=(format!("#deck-{r}")) { (res.label(r)) } }
                            @for &c in cols {
                                @if let Some((k, rep)) = res.pairing(r, c) {
                                    (cell(&overall(rep), format!("/pairings/{k}")))
                                } @else {
                                    td {}
                                }
                            }
                            (cell(&res.field[r].rate, format!("/field/{r}")))
                        }
                    }
                }
            }
        }
    }
}

/// A deck's results against its opponents: the win rate against each, then per opponent who
/// went first, how the games ended, game length and the per-card table. `open` shows the
/// opponents' details at once (a playtest); a gauntlet's start folded (they open for print).
fn deck_section(opponents: &[Opponent], open: bool) -> Markup {
    let overall_rates: Vec<_> = opponents.iter().map(|o| overall(o.report)).collect();
    html! {
        section {
            h3 { "Win rate against each opponent" }
            (rate_bars(&opponents.iter().zip(&overall_rates).map(|(o, r)| RateRow {
                label: html! { (o.name) " " span.file { (shown(&format!("{}/opponent", o.at), "text", o.file)) } },
                rate: r,
                at: o.at.clone(),
            }).collect::<Vec<_>>()))
            @for (o, all) in opponents.iter().zip(&overall_rates) {
                details.opponent open[open] {
                    summary { "Against " strong { (o.name) } " " span.file { "(" (o.file) ")" } }
                    h4 { "Who went first" }
                    (rate_bars(&[
                        RateRow { label: html! { "all games" }, rate: all, at: o.at.clone() },
                        RateRow { label: html! { "went first" }, rate: &o.report.went_first, at: format!("{}/went_first", o.at) },
                        RateRow { label: html! { "went second" }, rate: &o.report.went_second, at: format!("{}/went_second", o.at) },
                    ]))
                    h4 { "How the games ended" }
                    (victories(o.report, &o.at))
                    @if let Some(t) = &o.report.turns {
                        h4 { "Game length in turns" }
                        (turns(t, &o.at))
                    }
                    h4 { "Cards" }
                    (card_table(o))
                }
            }
        }
    }
}

/// The per-card table, one column per [`CARD_COLUMNS`] entry; a click on a header sorts by
/// that column (cards with no value last).
fn card_table(o: &Opponent) -> Markup {
    let cards: Vec<serde_json::Value> = o
        .report
        .cards
        .iter()
        .map(|c| serde_json::to_value(c).expect("cards serialise"))
        .collect();
    html! {
        div.scroll {
            table.cards.sortable {
                thead {
                    tr {
                        @for col in CARD_COLUMNS {
                            th.num[col.kind.numeric()] scope="col" data-type=(if col.kind.numeric() { "num" } else { "text" }) {
                                button type="button" { (col.header) }
                            }
                        }
                    }
                }
                tbody {
                    @for (i, card) in cards.iter().enumerate() {
                        tr {
                            @for col in CARD_COLUMNS {
                                @let v = col.value(card);
                                @let sort = match v {
                                    serde_json::Value::String(s) => s.clone(),
                                    serde_json::Value::Number(n) => n.to_string(),
                                    _ => String::new(),
                                };
                                td.num[col.kind.numeric()] data-sort=(sort)
                                    data-json=(format!("{}/cards/{i}{}", o.at, col.field))
                                    data-fmt=(col.kind.name()) { (col.cell(card)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn replay_section(args: &PlaytestArgs, seed: u64, replay: &str, mirrored: Option<&str>) -> Markup {
    html! {
        section.replay {
            h2 { "Repeat and replay" }
            p { "This report again (the same numbers on any machine, with any " code { "--jobs" } "):" }
            pre { code { (rerun(args, seed)) } }
            p { "Any one game, move by move: put the game's number for " code { "I" } }
            pre { code { (shown("/replay", "text", replay)) } }
            @if let Some(m) = mirrored {
                p { "and its mirrored game:" }
                pre { code { (shown("/replay_mirrored", "text", m)) } }
            }
            p { "Master seed " (shown("/master_seed", "int", &seed.to_string())) "." }
        }
    }
}

/// The `yj playtest` command that makes this report again: the decks and every option that
/// changes a number, with the run's master seed.
fn rerun(args: &PlaytestArgs, seed: u64) -> String {
    let mut s = String::from("yj playtest");
    if let Some(deck) = &args.deck {
        s.push(' ');
        s.push_str(&shell_word(deck));
        for v in &args.vs {
            s.push_str(&format!(" --vs {}", shell_word(v)));
        }
    }
    s.push_str(&format!(" --games {} --seed {seed}", args.games));
    if args.mirror {
        s.push_str(" --mirror");
    }
    if args.agent != "heuristic" {
        s.push_str(&format!(" --agent {}", shell_word(&args.agent)));
    }
    if args.opponent_agent != "heuristic" {
        s.push_str(&format!(
            " --opponent-agent {}",
            shell_word(&args.opponent_agent)
        ));
    }
    s.push_str(&args.shared.words(shell_word));
    if args.allow_illegal {
        s.push_str(" --allow-illegal");
    }
    // Last: `--gauntlet` takes every word up to the next option.
    if !args.gauntlet.is_empty() {
        s.push_str(" --gauntlet");
        for g in &args.gauntlet {
            s.push(' ');
            s.push_str(&shell_word(g));
        }
    }
    s
}

fn page(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="generator" content=(concat!("yj ", env!("CARGO_PKG_VERSION")));
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body {
                main { (body) }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    }
}

const CSS: &str = include_str!("report.css");
const SCRIPT: &str = include_str!("report.js");
