//! `yj playtest --gauntlet`: every deck of a field against every deck of the other side
//! (`sim::gauntlet`), printed as a matrix of win rates with their 95% intervals, each deck's
//! average over the field, and which decks of a side the intervals tell apart.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Result;
use comfy_table::{CellAlignment, Table};
use serde::Serialize;
use serde_json::{Value, json};

use super::{
    AgentsInfo, CSV_STATISTIC, PlaytestArgs, csv_rows, fresh_seed, html, interval, pct,
    progress_bar, replay,
};
use crate::bots::Weights;
use crate::catalogue::{Catalogue, Side};
use crate::cli::InputError;
use crate::cli::game_decks::{GameDeck, load_field, setup_error};
use crate::cli::output::{Format, table};
use crate::deck::RulesSet;
use crate::engine::{CardPool, GameOptions, StarshipRules};
use crate::sim::gauntlet::{FieldResult, Gauntlet, Pairing, pairings};
use crate::sim::report::Rate;
use crate::sim::{AgentKind, OpponentReport, RunConfig, SimError};

/// What `playtest::run` has read before it knows the run is a gauntlet.
pub struct Setup<'a> {
    pub catalogue: &'a Catalogue,
    pub pool: Arc<CardPool>,
    pub rules: Option<RulesSet>,
    pub kinds: [AgentKind; 2],
    pub weights: Arc<Weights>,
    pub starships: StarshipRules,
}

/// The run as a whole, for the report's header and JSON.
#[derive(Serialize)]
pub struct GauntletInfo {
    pub master_seed: u64,
    pub games_per_pairing: u64,
    pub mirror: bool,
    pub agents: AgentsInfo,
    pub starships: StarshipRules,
    /// How to replay game I of a pairing (and, with --mirror, its mirrored game).
    pub replay: String,
    pub replay_mirrored: Option<String>,
    pub decks: Vec<DeckEntry>,
}

#[derive(Serialize)]
pub struct DeckEntry {
    pub file: String,
    pub name: String,
    pub side: Side,
}

/// A finished gauntlet: the field, its pairings' reports (in `sim::gauntlet::pairings`
/// order) and each deck's results over the field.
pub struct Results {
    pub info: GauntletInfo,
    pub pairings: Vec<(Pairing, OpponentReport)>,
    pub field: Vec<FieldResult>,
}

impl Results {
    /// How the tables and the HTML report name a deck: its list's name, with the file when
    /// two decks share a name.
    pub fn label(&self, deck: usize) -> String {
        let d = &self.info.decks[deck];
        if self.info.decks.iter().filter(|e| e.name == d.name).count() > 1 {
            format!("{} ({})", d.name, d.file)
        } else {
            d.name.clone()
        }
    }

    /// The decks of one side, in the field's order.
    pub fn of_side(&self, side: Side) -> Vec<usize> {
        (0..self.info.decks.len())
            .filter(|&i| self.info.decks[i].side == side)
            .collect()
    }

    /// The pairing of `deck` against `opponent`, with its index in `pairings`.
    pub fn pairing(&self, deck: usize, opponent: usize) -> Option<(usize, &OpponentReport)> {
        self.pairings
            .iter()
            .position(|(p, _)| p.deck == deck && p.opponent == opponent)
            .map(|i| (i, &self.pairings[i].1))
    }

    /// The decks of `side` ranked by field win rate, best first (ties in field order).
    pub fn ranked(&self, side: Side) -> Vec<usize> {
        let mut decks = self.of_side(side);
        let key = |i: usize| self.field[i].rate.win_rate.unwrap_or(-1.0);
        decks.sort_by(|&a, &b| key(b).total_cmp(&key(a)).then(a.cmp(&b)));
        decks
    }

    /// Decks of the same side that `deck` is not told apart from, in rank order.
    pub fn not_apart(&self, deck: usize) -> Vec<usize> {
        let f = &self.field[deck];
        self.ranked(self.info.decks[deck].side)
            .into_iter()
            .filter(|&o| o != deck && !f.above.contains(&o) && !f.below.contains(&o))
            .collect()
    }

    /// The JSON document: the run, `pairings` (each a playtest report with `deck` added) and
    /// `field`.
    pub fn json(&self) -> Result<Value> {
        let files = |ds: &[usize]| -> Vec<&str> {
            ds.iter()
                .map(|&d| self.info.decks[d].file.as_str())
                .collect()
        };
        let mut doc = serde_json::to_value(&self.info)?;
        let pairings: Vec<Value> = self
            .pairings
            .iter()
            .map(|(p, r)| {
                let mut v = serde_json::to_value(r).expect("reports serialise");
                v["deck"] = json!(self.info.decks[p.deck].file);
                v
            })
            .collect();
        doc["pairings"] = json!(pairings);
        let field: Vec<Value> = self
            .field
            .iter()
            .map(|f| {
                let d = &self.info.decks[f.deck];
                json!({
                    "deck": d.file,
                    "name": d.name,
                    "side": d.side,
                    "opponents": f.opponents,
                    "games": f.rate.games,
                    "wins": f.rate.wins,
                    "win_rate": f.rate.win_rate,
                    "interval": f.rate.interval,
                    "above": files(&f.above),
                    "below": files(&f.below),
                    "not_told_apart": files(&self.not_apart(f.deck)),
                })
            })
            .collect();
        doc["field"] = json!(field);
        Ok(doc)
    }
}

pub fn run(args: &PlaytestArgs, setup: Setup) -> Result<ExitCode> {
    let specs = expand(&args.gauntlet)?;
    let spec_refs: Vec<&str> = specs.iter().map(String::as_str).collect();
    let decks = match load_field(
        &spec_refs,
        &setup.rules,
        setup.catalogue,
        args.allow_illegal,
    )? {
        Ok(d) => d,
        Err(code) => return Ok(code),
    };
    let sides = sides(&decks)?;
    let html_file = html::create(args.html.as_deref())?;
    let master_seed = args.seed.unwrap_or_else(fresh_seed);
    let kinds = setup.kinds;
    let info = GauntletInfo {
        master_seed,
        games_per_pairing: args.games * if args.mirror { 2 } else { 1 },
        mirror: args.mirror,
        agents: AgentsInfo {
            deck: kinds[0],
            opponent: kinds[1],
        },
        starships: setup.starships,
        replay: replay(args, "DECK", "OPP", kinds, master_seed),
        replay_mirrored: args
            .mirror
            .then(|| replay(args, "OPP", "DECK", [kinds[1], kinds[0]], master_seed)),
        decks: decks
            .iter()
            .zip(&sides)
            .map(|(d, &side)| DeckEntry {
                file: d.spec.clone(),
                name: d.name.clone(),
                side,
            })
            .collect(),
    };
    let g = Gauntlet {
        pool: Arc::clone(&setup.pool),
        decks: decks.iter().map(|d| d.cards.as_slice()).collect(),
        sides: sides.clone(),
        agents: kinds,
        weights: setup.weights,
        options: GameOptions {
            starships: setup.starships,
            ..GameOptions::default()
        },
    };
    let config = RunConfig {
        games: args.games,
        master_seed,
        mirror: args.mirror,
        jobs: args.jobs,
    };
    let all = pairings(&sides);
    let progress = progress_bar(info.games_per_pairing * all.len() as u64);
    let tick = || {
        if let Some(bar) = &progress {
            bar.inc(1);
        }
    };
    let mut results = Vec::new();
    let mut reports = Vec::new();
    for p in all {
        let (deck, opp) = (&decks[p.deck], &decks[p.opponent]);
        if let Some(bar) = &progress {
            bar.set_message(format!("{} vs {}", deck.name, opp.name));
        }
        let r = g.run_pairing(p, &config, &tick).map_err(|e| match e {
            // The deck under test plays seat A, the opponent seat B.
            SimError::Setup(e) => setup_error(&e, [&deck.spec, &opp.spec]),
            e => InputError(format!("{} against {}: {e}", deck.spec, opp.spec)),
        })?;
        reports.push((
            p,
            OpponentReport::new(&opp.spec, &r.tally, &r.distinct, &deck.cards, &setup.pool),
        ));
        results.push(r);
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let results = Results {
        field: crate::sim::gauntlet::field(&sides, &results),
        info,
        pairings: reports,
    };
    match args.format {
        Format::Json => {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            serde_json::to_writer_pretty(&mut out, &results.json()?)?;
            writeln!(out)?;
        }
        Format::Csv => print_csv(&results)?,
        Format::Table => print_tables(&results)?,
    }
    if let Some(file) = html_file {
        html::write_gauntlet(file, args, &results)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The decklists named on the command line: files as given, and for a folder every `.txt`,
/// `.csv` and `.toml` file in it, by name. A deck named twice is an error.
fn expand(items: &[String]) -> Result<Vec<String>> {
    let mut specs: Vec<String> = Vec::new();
    let mut seen: Vec<(PathBuf, String)> = Vec::new();
    for item in items {
        let path = Path::new(item);
        let mut found = Vec::new();
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| {
                InputError(format!(
                    "{item}: cannot read the folder: {}",
                    e.to_string().to_lowercase()
                ))
            })?;
            let mut names: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && is_decklist(p))
                .collect();
            names.sort();
            if names.is_empty() {
                return Err(InputError(format!(
                    "{item}: the folder holds no decklist (.txt, .csv or .toml file)"
                ))
                .into());
            }
            found.extend(names.into_iter().map(|p| p.display().to_string()));
        } else {
            found.push(item.clone());
        }
        for spec in found {
            // The same file reached twice (`a.txt` and `./a.txt`, or a folder and a file in it).
            let key = std::fs::canonicalize(&spec).unwrap_or_else(|_| PathBuf::from(&spec));
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                let also = if *first == spec {
                    String::new()
                } else {
                    format!(" (as {first})")
                };
                return Err(InputError(format!(
                    "{spec}: this deck is in the gauntlet twice{also}; give each deck once"
                ))
                .into());
            }
            seen.push((key, spec.clone()));
            specs.push(spec);
        }
    }
    Ok(specs)
}

fn is_decklist(p: &Path) -> bool {
    let ext = p
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    matches!(ext.as_deref(), Some("txt" | "csv" | "toml"))
}

/// Every deck's side; a field needs decks of both.
fn sides(decks: &[GameDeck]) -> Result<Vec<Side>> {
    let mut sides = Vec::new();
    for d in decks {
        match d.side {
            Some(s) => sides.push(s),
            None => {
                return Err(InputError(format!(
                    "{}: the deck has no side of the Force (its cards are of both sides, or it has none); a gauntlet plays each deck against the other side's decks",
                    d.spec
                ))
                .into());
            }
        }
    }
    for (side, other) in [(Side::Light, Side::Dark), (Side::Dark, Side::Light)] {
        if !sides.contains(&side) {
            let list: Vec<&str> = decks.iter().map(|d| d.spec.as_str()).collect();
            return Err(InputError(format!(
                "a gauntlet needs decks of both sides, and every deck given is a {} Side deck ({}); add a {} Side deck",
                title(other),
                list.join(", "),
                title(side)
            ))
            .into());
        }
    }
    Ok(sides)
}

pub fn title(side: Side) -> &'static str {
    match side {
        Side::Light => "Light",
        Side::Dark => "Dark",
    }
}

/// A rate as a matrix cell: `61.4% (58.3–64.4%)`.
pub fn rate_cell(r: &Rate) -> String {
    match r.interval {
        Some(_) => format!("{} ({})", pct(r.win_rate), interval(r)),
        None => String::new(),
    }
}

pub fn overall(r: &OpponentReport) -> Rate {
    Rate {
        games: r.games,
        wins: r.wins,
        win_rate: r.win_rate,
        interval: r.interval,
    }
}

fn print_tables(res: &Results) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let info = &res.info;
    let (light, dark) = (res.of_side(Side::Light), res.of_side(Side::Dark));
    writeln!(
        out,
        "Gauntlet: {} decks ({} Light Side, {} Dark Side), {} pairings",
        info.decks.len(),
        light.len(),
        dark.len(),
        res.pairings.len()
    )?;
    writeln!(
        out,
        "{} agent vs {} agent, {} games per pairing{}; master seed {}",
        info.agents.deck.name(),
        info.agents.opponent.name(),
        info.games_per_pairing,
        if info.mirror {
            " (each deal played both ways)"
        } else {
            ""
        },
        info.master_seed
    )?;
    writeln!(out, "Replay game I of a pairing: {}", info.replay)?;
    if let Some(m) = &info.replay_mirrored {
        writeln!(out, "  mirrored:                 {m}")?;
    }
    writeln!(out)?;
    let mut t = table(&["deck", "side", "file"]);
    for (i, d) in info.decks.iter().enumerate() {
        t.add_row(vec![
            res.label(i),
            title(d.side).to_string(),
            d.file.clone(),
        ]);
    }
    writeln!(out, "{t}")?;
    for (rows, cols) in [(&light, &dark), (&dark, &light)] {
        let side = title(info.decks[rows[0]].side);
        let other = title(info.decks[cols[0]].side);
        writeln!(out)?;
        writeln!(
            out,
            "{side} Side decks against {other} Side decks: the row deck's win rate (95% interval)"
        )?;
        let mut header = vec![String::new()];
        header.extend(cols.iter().map(|&c| res.label(c)));
        header.push("field".into());
        let mut t = table(&header.iter().map(String::as_str).collect::<Vec<_>>());
        for &r in rows.iter() {
            let mut row = vec![res.label(r)];
            for &c in cols.iter() {
                row.push(
                    res.pairing(r, c)
                        .map(|(_, rep)| rate_cell(&overall(rep)))
                        .unwrap_or_default(),
                );
            }
            row.push(rate_cell(&res.field[r].rate));
            t.add_row(row);
        }
        right(&mut t, 1);
        writeln!(out, "{t}")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Over the field: each deck's games against every deck of the other side. A deck is above another of its side when their 95% intervals do not overlap."
    )?;
    let mut t = table(&[
        "deck",
        "side",
        "games",
        "wins",
        "win rate",
        "95% interval",
        "above",
        "not told apart from",
    ]);
    for side in [Side::Light, Side::Dark] {
        for d in res.ranked(side) {
            let f = &res.field[d];
            let names = |ds: &[usize]| {
                ds.iter()
                    .map(|&o| res.label(o))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            t.add_row(vec![
                res.label(d),
                title(side).to_string(),
                f.rate.games.to_string(),
                f.rate.wins.to_string(),
                pct(f.rate.win_rate),
                interval(&f.rate),
                names(&f.above),
                names(&res.not_apart(d)),
            ]);
        }
    }
    for i in 2..6 {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    writeln!(out, "{t}")?;
    writeln!(
        out,
        "Each pairing's full report (victories, game length, cards): --format json or --html FILE."
    )?;
    Ok(())
}

fn right(t: &mut Table, from: usize) {
    for i in from..t.column_count() {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
}

/// CSV: the playtest's rows for every pairing, with the deck under test in a column of its
/// own, then each deck's field rate and the decks it is told apart from (and not).
fn print_csv(res: &Results) -> Result<()> {
    let mut w = csv::Writer::from_writer(std::io::stdout().lock());
    let mut header = vec!["master_seed", "deck", "opponent"];
    header.extend(CSV_STATISTIC);
    w.write_record(header)?;
    let seed = res.info.master_seed.to_string();
    let file = |d: usize| res.info.decks[d].file.as_str();
    for (p, r) in &res.pairings {
        for row in csv_rows(r) {
            w.write_record(
                [seed.as_str(), file(p.deck), r.opponent.as_str()]
                    .into_iter()
                    .chain(row.iter().map(String::as_str)),
            )?;
        }
    }
    for f in &res.field {
        let r = &f.rate;
        let n = |x: Option<f64>| x.map(|v| format!("{v:.6}")).unwrap_or_default();
        w.write_record([
            seed.as_str(),
            file(f.deck),
            "",
            "field",
            "all",
            &r.games.to_string(),
            &r.wins.to_string(),
            &n(r.win_rate),
            &n(r.interval.map(|i| i.low)),
            &n(r.interval.map(|i| i.high)),
            "",
        ])?;
        for (section, ds) in [
            ("field-above", f.above.clone()),
            ("field-below", f.below.clone()),
            ("field-not-told-apart", res.not_apart(f.deck)),
        ] {
            for o in ds {
                w.write_record([
                    seed.as_str(),
                    file(f.deck),
                    "",
                    section,
                    file(o),
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                ])?;
            }
        }
    }
    w.flush()?;
    Ok(())
}
