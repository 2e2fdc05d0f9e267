//! `yj collection`: what a collector owns, wants and can trade, with history, undo, import,
//! export and backups. All the work is in `crate::collection`; this module parses arguments
//! and prints.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use serde_json::{Value as Json, json};

use super::cards::parse_with;
use super::output::{Format, Record, plural, print_records, table};
use super::{EXIT_PROBLEMS, InputError, open_db};
use crate::catalogue::{
    CardFilter, CardType, Catalogue, Database, DotColour, Finish, Rarity, Set, Side,
};
use crate::collection::completion::completion;
use crate::collection::edit::{self, Details};
use crate::collection::import::{self, Mode, Rejected};
use crate::collection::model::{
    Condition, DEFAULT_COLLECTION, DEFAULT_KEEP, EVERY_CARD, check_collection_name,
};
use crate::collection::resolve::printing;
use crate::collection::store::{self, WriteOptions};
use crate::collection::wants::{WantReason, trades, wants};
use crate::collection::{Change, CollectionError, Holdings, List, backup, export};

#[derive(Debug, Args)]
pub struct CollectionArgs {
    /// Which named collection (one database holds several).
    #[arg(
        long,
        global = true,
        env = "YJ_COLLECTION",
        default_value = DEFAULT_COLLECTION,
        value_name = "NAME"
    )]
    collection: String,
    #[command(subcommand)]
    command: CollectionCommand,
}

#[derive(Debug, Subcommand)]
pub enum CollectionCommand {
    /// Add copies of a card, named as in `yj cards show` (id, community id, foil number, name).
    Add(AddArgs),
    /// Remove copies of a card.
    Remove(RemoveArgs),
    /// Make the copies of a card exactly QTY (0 removes them all).
    Set(SetArgs),
    /// The cards owned (or, with --missing, not owned), with the filters of `yj cards search`.
    List(ListArgs),
    /// Import a CSV (with a header row), the JSON of `export`, or decklist text (`3 DM-71`).
    Import(ImportArgs),
    /// Write the whole collection (owned, wants, keep reserves) as CSV or JSON.
    Export(ExportArgs),
    /// Unique cards owned per set and by rarity, foils separately, with a bar per set.
    Completion(CompletionArgs),
    /// What is still wanted: the want list, or with --set every card of a set not owned.
    Want(WantArgs),
    /// The copies beyond the keep reserve, which can be traded away.
    Trades(TradesArgs),
    /// Set the keep reserve: `keep 4` for every card, `keep 2 DM-71` for one card,
    /// `keep default DM-71` to drop a card's own reserve.
    Keep(KeepArgs),
    /// The latest changes, newest first.
    History(HistoryArgs),
    /// Revert the latest changes (each undo is recorded too).
    Undo(UndoArgs),
    /// A consistent copy of the whole database, safe while other `yj` commands run.
    Backup(BackupArgs),
    /// The named collections in this database.
    Names(NamesArgs),
}

/// A quantity argument, checked like an import file's.
fn qty_arg(s: &str) -> Result<u32, String> {
    import::parse_qty(s)
}

#[derive(Debug, Args)]
pub struct AddArgs {
    /// A card id (`DM-71`), community id (`1_71`), foil number (`BN-F10`) or name.
    card: String,
    #[arg(long, default_value = "1", value_parser = qty_arg, allow_negative_numbers = true)]
    qty: u32,
    /// The foil printing (a foil number such as `BN-F10` implies it).
    #[arg(long)]
    foil: bool,
    /// mint (M), near-mint (NM), lightly-played (LP), moderately-played (MP),
    /// heavily-played (HP), damaged (DMG).
    #[arg(long, value_parser = parse_with::<Condition>)]
    condition: Option<Condition>,
    /// A free note kept with the printing (where it is, where it came from).
    #[arg(long)]
    note: Option<String>,
}

#[derive(Debug, Args)]
pub struct RemoveArgs {
    card: String,
    #[arg(long, default_value = "1", value_parser = qty_arg, allow_negative_numbers = true)]
    qty: u32,
    #[arg(long)]
    foil: bool,
}

#[derive(Debug, Args)]
pub struct SetArgs {
    card: String,
    #[arg(value_parser = qty_arg, allow_negative_numbers = true)]
    qty: u32,
    #[arg(long)]
    foil: bool,
    #[arg(long, value_parser = parse_with::<Condition>)]
    condition: Option<Condition>,
    #[arg(long)]
    note: Option<String>,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Part of a card's name or id.
    text: Option<String>,
    #[arg(long, value_parser = parse_with::<Set>)]
    set: Option<Set>,
    #[arg(long, value_parser = parse_with::<Side>)]
    side: Option<Side>,
    #[arg(long = "type", value_parser = parse_with::<CardType>)]
    card_type: Option<CardType>,
    #[arg(long, value_parser = parse_with::<DotColour>)]
    dot: Option<DotColour>,
    #[arg(long, value_parser = parse_with::<Rarity>)]
    rarity: Option<Rarity>,
    #[arg(long)]
    wild: bool,
    /// The matching cards owned in no finish (with --foil: the foil printings not owned).
    #[arg(long)]
    missing: bool,
    /// Only foil printings.
    #[arg(long)]
    foil: bool,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum ImportMode {
    /// Each printing in the file ends with the file's quantity (re-importing changes nothing).
    Set,
    /// The file's quantities are added to the collection's.
    Add,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    file: PathBuf,
    #[arg(long, value_enum, default_value = "set")]
    mode: ImportMode,
    /// Print what would change and every rejected row; change nothing.
    #[arg(long)]
    dry_run: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ExportFormat {
    Csv,
    Json,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[arg(long, value_enum, default_value = "csv")]
    format: ExportFormat,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CompletionArgs {
    #[arg(long, value_parser = parse_with::<Set>)]
    set: Option<Set>,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct WantArgs {
    #[command(subcommand)]
    action: Option<WantAction>,
    /// Also every card of this set owned in no finish.
    #[arg(long, value_parser = parse_with::<Set>)]
    set: Option<Set>,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Subcommand)]
enum WantAction {
    /// Want QTY copies of a card in total (replacing an earlier target).
    Add {
        card: String,
        #[arg(long, default_value = "1", value_parser = qty_arg, allow_negative_numbers = true)]
        qty: u32,
        #[arg(long)]
        foil: bool,
    },
    /// Take a card off the want list.
    Remove {
        card: String,
        #[arg(long)]
        foil: bool,
    },
}

#[derive(Debug, Args)]
pub struct TradesArgs {
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct KeepArgs {
    /// Copies to keep, or `default` (with CARD) to use the collection's reserve again.
    #[arg(allow_negative_numbers = true)]
    qty: String,
    /// One card; without it, the reserve of every card without its own.
    card: Option<String>,
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    #[arg(short = 'n', default_value_t = 10)]
    n: usize,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct UndoArgs {
    #[arg(short = 'n', default_value_t = 1)]
    n: usize,
}

#[derive(Debug, Args)]
pub struct BackupArgs {
    file: PathBuf,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
}

#[derive(Debug, Args)]
pub struct NamesArgs {
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// The command line as typed, for the history.
fn command_line() -> String {
    std::iter::once("yj".to_string())
        .chain(std::env::args().skip(1))
        .map(|a| {
            if a.is_empty() || a.contains(|c: char| c.is_whitespace() || c == '\'' || c == '"') {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn write_options() -> WriteOptions {
    WriteOptions {
        pause_per_change: std::env::var("YJ_TEST_PAUSE_PER_CHANGE_MS")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .map(Duration::from_millis),
    }
}

fn input(e: CollectionError) -> anyhow::Error {
    match e {
        CollectionError::Input(_)
        | CollectionError::Lookup(_)
        | CollectionError::File { .. }
        | CollectionError::Busy
        | CollectionError::Conflict(_) => InputError(e.to_string()).into(),
        other => anyhow::Error::new(other),
    }
}

pub fn run(args: CollectionArgs, db_path: &Path) -> Result<ExitCode> {
    let name = args.collection;
    check_collection_name(&name).map_err(input)?;
    let mut db = open_db(db_path)?;
    // How long to wait for another process's write; the database default is 10 s.
    if let Some(ms) = std::env::var("YJ_BUSY_TIMEOUT_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        db.connection()
            .busy_timeout(Duration::from_millis(ms))
            .context("cannot set the busy timeout")?;
    }
    let catalogue = db.catalogue()?;
    let c = Ctx {
        name: &name,
        catalogue: &catalogue,
    };
    match args.command {
        CollectionCommand::Add(a) => {
            let (id, finish, warning) = printing(&catalogue, &a.card, a.foil).map_err(input)?;
            warn(warning);
            let details = Details {
                condition: a.condition,
                note: a.note,
            };
            c.write(&mut db, |h| edit::add(h, &id, finish, a.qty, &details))
        }
        CollectionCommand::Remove(a) => {
            let (id, finish, _) = printing(&catalogue, &a.card, a.foil).map_err(input)?;
            c.write(&mut db, |h| edit::remove(h, &id, finish, a.qty))
        }
        CollectionCommand::Set(a) => {
            let (id, finish, warning) = printing(&catalogue, &a.card, a.foil).map_err(input)?;
            warn(warning);
            let details = Details {
                condition: a.condition,
                note: a.note,
            };
            c.write(&mut db, |h| edit::set(h, &id, finish, a.qty, &details))
        }
        CollectionCommand::List(a) => c.list(&db, a),
        CollectionCommand::Import(a) => c.import(&mut db, a),
        CollectionCommand::Export(a) => c.export(&db, a),
        CollectionCommand::Completion(a) => c.completion(&db, a),
        CollectionCommand::Want(a) => match a.action {
            Some(WantAction::Add { card, qty, foil }) => {
                let (id, finish, warning) = printing(&catalogue, &card, foil).map_err(input)?;
                warn(warning);
                c.write(&mut db, |h| edit::want(h, &id, finish, qty))
            }
            Some(WantAction::Remove { card, foil }) => {
                let (id, finish, _) = printing(&catalogue, &card, foil).map_err(input)?;
                c.write(&mut db, |h| edit::want(h, &id, finish, 0))
            }
            None => c.wants(&db, a.set, a.format),
        },
        CollectionCommand::Trades(a) => c.trades(&db, a.format),
        CollectionCommand::Keep(a) => {
            let id = match &a.card {
                Some(card) => printing(&catalogue, card, false).map_err(input)?.0,
                None => EVERY_CARD.to_string(),
            };
            let qty = if a.qty.eq_ignore_ascii_case("default") {
                if a.card.is_none() {
                    return Err(InputError(format!(
                        "`keep default` needs a card; the collection-wide reserve is a number \
                         (the built-in one is {DEFAULT_KEEP})"
                    ))
                    .into());
                }
                None
            } else {
                Some(import::parse_qty(&a.qty).map_err(InputError)?)
            };
            c.write(&mut db, |h| edit::keep(h, &id, qty))
        }
        CollectionCommand::History(a) => c.history(&db, a),
        CollectionCommand::Undo(a) => c.undo(&mut db, a.n),
        CollectionCommand::Backup(a) => {
            let report = backup::backup(&db, &a.file, a.force).map_err(input)?;
            println!(
                "backed up `{}` to `{}`: {} ({} collection entries, {} history entries; \
                 integrity checked)",
                db.path().display(),
                report.path.display(),
                human_bytes(report.bytes),
                report.items,
                report.history
            );
            Ok(ExitCode::SUCCESS)
        }
        CollectionCommand::Names(a) => names(&db, a.format),
    }
}

fn warn(warning: Option<String>) {
    if let Some(w) = warning {
        eprintln!("warning: {w}");
    }
}

fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn human_bytes(bytes: u64) -> String {
    if bytes < 1024 * 1024 {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    } else {
        format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
    }
}

/// One row of `list`: card id, finish, copies, condition, note.
type ListRow = (String, Finish, u32, Option<Condition>, Option<String>);

/// What every collection command needs.
struct Ctx<'a> {
    name: &'a str,
    catalogue: &'a Catalogue,
}

impl Ctx<'_> {
    fn card_name(&self, card_id: &str) -> String {
        if card_id == EVERY_CARD {
            return "(every card)".into();
        }
        self.catalogue
            .get(card_id)
            .map_or_else(|| "(not in the catalogue)".into(), |c| c.full_name())
    }

    fn describe(&self, change: &Change) -> String {
        let qty = |v: &Option<crate::collection::Value>| v.as_ref().map_or(0, |v| v.qty);
        let what = match change.slot.list {
            List::Owned => format!(
                "{} {} ({})",
                change.slot.card_id,
                self.card_name(&change.slot.card_id),
                change.slot.finish.as_str()
            ),
            List::Want => format!(
                "want {} {} ({})",
                change.slot.card_id,
                self.card_name(&change.slot.card_id),
                change.slot.finish.as_str()
            ),
            List::Keep if change.slot.card_id == EVERY_CARD => "keep, every card".into(),
            List::Keep => format!(
                "keep {} {}",
                change.slot.card_id,
                self.card_name(&change.slot.card_id)
            ),
        };
        let side = |v: &Option<crate::collection::Value>| match (change.slot.list, v) {
            (List::Keep, None) if change.slot.card_id == EVERY_CARD => {
                format!("{DEFAULT_KEEP} (built in)")
            }
            (List::Keep, None) => "the collection's".into(),
            _ => qty(v).to_string(),
        };
        let mut text = format!("{what}: {} → {}", side(&change.before), side(&change.after));
        let (b, a) = (change.before.as_ref(), change.after.as_ref());
        let cond = |v: Option<&crate::collection::Value>| v.and_then(|v| v.condition);
        if cond(b) != cond(a)
            && let Some(c) = cond(a)
        {
            text.push_str(&format!(", condition {c}"));
        }
        let note = |v: Option<&crate::collection::Value>| v.and_then(|v| v.note.clone());
        if note(b) != note(a)
            && let Some(n) = note(a)
        {
            text.push_str(&format!(", note “{n}”"));
        }
        text
    }

    fn holdings(&self, db: &Database) -> Result<Holdings> {
        let h = store::load(db.connection(), self.name).map_err(input)?;
        if h.is_empty() {
            let known = store::collections(db).map_err(input)?;
            if !known.iter().any(|k| k == self.name) && !known.is_empty() {
                eprintln!(
                    "note: collection `{}` is empty; this database has: {}",
                    self.name,
                    known.join(", ")
                );
            }
        }
        Ok(h)
    }

    fn write<F>(&self, db: &mut Database, plan: F) -> Result<ExitCode>
    where
        F: FnOnce(&Holdings) -> Result<Vec<Change>, CollectionError>,
    {
        let written =
            store::write(db, self.name, &command_line(), write_options(), plan).map_err(input)?;
        match written.entry {
            None => println!("nothing changed in collection `{}`", self.name),
            Some(entry) => {
                for change in &written.changes {
                    println!("{}", self.describe(change));
                }
                eprintln!(
                    "recorded as change #{entry} in collection `{}`; `yj collection undo` reverts it",
                    self.name
                );
            }
        }
        Ok(ExitCode::SUCCESS)
    }

    fn list(&self, db: &Database, a: ListArgs) -> Result<ExitCode> {
        let h = self.holdings(db)?;
        let filter = CardFilter {
            text: a.text,
            set: a.set,
            side: a.side,
            card_type: a.card_type,
            dot: a.dot,
            rarity: a.rarity,
            wild: a.wild,
        };
        let filtered = filter.text.is_some()
            || filter.set.is_some()
            || filter.side.is_some()
            || filter.card_type.is_some()
            || filter.dot.is_some()
            || filter.rarity.is_some()
            || filter.wild;
        let matching: Vec<String> = if filtered {
            db.search(&filter)?
        } else {
            self.catalogue
                .cards()
                .iter()
                .map(|c| c.id.clone())
                .collect()
        };
        let mut rows: Vec<ListRow> = Vec::new();
        if a.missing {
            for id in &matching {
                if a.foil {
                    if self.catalogue.foils_of(id).next().is_some()
                        && h.owned(id, Finish::Foil) == 0
                    {
                        rows.push((id.clone(), Finish::Foil, 0, None, None));
                    }
                } else if h.owned_total(id) == 0 {
                    rows.push((id.clone(), Finish::Regular, 0, None, None));
                }
            }
        } else {
            let wanted: std::collections::BTreeSet<&str> =
                matching.iter().map(String::as_str).collect();
            let mut owned: Vec<_> = h
                .entries_of(List::Owned)
                .filter(|(s, _)| !a.foil || s.finish == Finish::Foil)
                .filter(|(s, _)| {
                    wanted.contains(s.card_id.as_str())
                        || (!filtered && self.catalogue.get(&s.card_id).is_none())
                })
                .collect();
            owned.sort_by_key(|(s, _)| export::order_key(self.catalogue, s));
            for (s, v) in owned {
                rows.push((
                    s.card_id.clone(),
                    s.finish,
                    v.qty,
                    v.condition,
                    v.note.clone(),
                ));
            }
        }
        let records: Vec<Record> = rows
            .iter()
            .map(|(id, finish, qty, condition, note)| {
                let card = self.catalogue.get(id);
                vec![
                    ("card_id", json!(id)),
                    ("name", json!(self.card_name(id))),
                    ("set", json!(card.map(|c| c.set.code()))),
                    ("rarity", json!(card.map(|c| c.rarity.as_str()))),
                    ("finish", json!(finish.as_str())),
                    ("qty", json!(qty)),
                    ("condition", json!(condition.map(|c| c.as_str()))),
                    ("note", json!(note)),
                ]
            })
            .collect();
        print_records(
            &records,
            &[
                "card_id",
                "name",
                "set",
                "rarity",
                "finish",
                "qty",
                "condition",
                "note",
            ],
            a.format,
        )?;
        if a.format == Format::Table {
            let copies: u32 = rows.iter().map(|r| r.2).sum();
            if a.missing {
                eprintln!("{} not owned", plural(rows.len(), "printing"));
            } else {
                eprintln!(
                    "{}, {}",
                    plural(rows.len(), "printing"),
                    counted(copies as usize, "copy", "copies")
                );
            }
        }
        Ok(ExitCode::SUCCESS)
    }

    fn print_rejected(&self, file: &Path, rejected: &[Rejected]) {
        for r in rejected {
            eprintln!("{}:{}: {}", file.display(), r.line, r.reason);
        }
    }

    fn import(&self, db: &mut Database, a: ImportArgs) -> Result<ExitCode> {
        let text = import::read(&a.file).map_err(input)?;
        let parsed =
            import::parse(&a.file.display().to_string(), &text, self.catalogue).map_err(input)?;
        let mode = match a.mode {
            ImportMode::Set => Mode::Set,
            ImportMode::Add => Mode::Add,
        };
        for w in &parsed.warnings {
            eprintln!("{}:{}: warning: {}", a.file.display(), w.line, w.reason);
        }
        if a.dry_run {
            let h = store::load(db.connection(), self.name).map_err(input)?;
            let (changes, mut rejected) = match import::plan(&parsed.rows, mode, &h) {
                Ok(c) => (c, Vec::new()),
                Err(r) => (Vec::new(), r),
            };
            rejected.extend(parsed.rejected.iter().cloned());
            rejected.sort_by_key(|r| r.line);
            self.print_changes(&changes);
            self.print_rejected(&a.file, &rejected);
            eprintln!(
                "dry run of {} ({} rows, {}): {}, {}; nothing was changed",
                a.file.display(),
                parsed.rows.len() + parsed.rejected.len(),
                parsed.format.as_str(),
                plural(changes.len(), "change"),
                plural(rejected.len(), "rejected row")
            );
            return Ok(if rejected.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(EXIT_PROBLEMS)
            });
        }
        if !parsed.rejected.is_empty() {
            self.print_rejected(&a.file, &parsed.rejected);
            eprintln!(
                "{}; nothing was imported (see them all with --dry-run, fix the file and \
                 import it again)",
                plural(parsed.rejected.len(), "rejected row")
            );
            return Ok(ExitCode::from(EXIT_PROBLEMS));
        }
        let pausing = write_options().pause_per_change.is_some();
        let result = store::write(db, self.name, &command_line(), write_options(), |h| {
            if pausing {
                eprintln!("yj: import transaction open");
            }
            import::plan(&parsed.rows, mode, h).map_err(CollectionError::Rejected)
        });
        match result {
            Err(CollectionError::Rejected(rejected)) => {
                self.print_rejected(&a.file, &rejected);
                eprintln!(
                    "{}; nothing was imported",
                    plural(rejected.len(), "rejected row")
                );
                Ok(ExitCode::from(EXIT_PROBLEMS))
            }
            Err(e) => Err(input(e)),
            Ok(written) => {
                self.print_changes(&written.changes);
                match written.entry {
                    Some(entry) => eprintln!(
                        "imported {} rows from {}: {} in collection `{}`, recorded as change \
                         #{entry} (`yj collection undo` reverts it)",
                        parsed.rows.len(),
                        a.file.display(),
                        plural(written.changes.len(), "change"),
                        self.name
                    ),
                    None => eprintln!(
                        "imported {} rows from {}: the collection `{}` already matches, nothing \
                         changed",
                        parsed.rows.len(),
                        a.file.display(),
                        self.name
                    ),
                }
                Ok(ExitCode::SUCCESS)
            }
        }
    }

    fn print_changes(&self, changes: &[Change]) {
        if changes.is_empty() {
            return;
        }
        let mut sorted: Vec<&Change> = changes.iter().collect();
        sorted.sort_by_key(|c| export::order_key(self.catalogue, &c.slot));
        let mut t = table(&["List", "Card", "Name", "Finish", "Before", "After"]);
        for c in sorted {
            let q = |v: &Option<crate::collection::Value>| {
                v.as_ref().map_or("–".to_string(), |v| {
                    let mut s = v.qty.to_string();
                    if let Some(c) = v.condition {
                        s.push_str(&format!(" {c}"));
                    }
                    s
                })
            };
            t.add_row(vec![
                c.slot.list.as_str().to_string(),
                c.slot.card_id.clone(),
                self.card_name(&c.slot.card_id),
                if c.slot.list == List::Keep {
                    String::new()
                } else {
                    c.slot.finish.as_str().to_string()
                },
                q(&c.before),
                q(&c.after),
            ]);
        }
        println!("{t}");
    }

    fn export(&self, db: &Database, a: ExportArgs) -> Result<ExitCode> {
        let h = self.holdings(db)?;
        let (rows, orphans) = export::rows(self.catalogue, &h);
        if !orphans.is_empty() {
            eprintln!(
                "warning: {} name{} a card the catalogue no longer has ({}); they are exported, \
                 but `import` will refuse them until the catalogue knows the card again",
                counted(orphans.len(), "entry", "entries"),
                if orphans.len() == 1 { "s" } else { "" },
                orphans.join(", ")
            );
        }
        let text = match a.format {
            ExportFormat::Csv => export::to_csv(&rows),
            ExportFormat::Json => export::to_json(&rows),
        };
        match &a.output {
            None => print!("{text}"),
            Some(path) => {
                write_file(path, &text)?;
                eprintln!(
                    "exported {} of collection `{}` to {}",
                    counted(rows.len(), "entry", "entries"),
                    self.name,
                    path.display()
                );
            }
        }
        Ok(ExitCode::SUCCESS)
    }

    fn completion(&self, db: &Database, a: CompletionArgs) -> Result<ExitCode> {
        let h = self.holdings(db)?;
        let report = completion(self.catalogue, &h, a.set);
        let pct = |p: crate::collection::completion::Progress| (p.percent() * 10.0).round() / 10.0;
        if a.format != Format::Table {
            let mut records: Vec<Record> = Vec::new();
            let row = |group: &str,
                       key: &str,
                       name: &str,
                       cards: crate::collection::completion::Progress,
                       foils: Option<crate::collection::completion::Progress>|
             -> Record {
                vec![
                    ("group", json!(group)),
                    ("key", json!(key)),
                    ("name", json!(name)),
                    ("owned", json!(cards.owned)),
                    ("total", json!(cards.total)),
                    ("percent", json!(pct(cards))),
                    ("foils_owned", foils.map_or(Json::Null, |f| json!(f.owned))),
                    ("foils_total", foils.map_or(Json::Null, |f| json!(f.total))),
                ]
            };
            for s in &report.sets {
                records.push(row(
                    "set",
                    s.set.code(),
                    s.set.name(),
                    s.cards,
                    Some(s.foils),
                ));
            }
            records.push(row(
                "overall",
                a.set.map_or("all", |s| s.code()),
                &overall_name(a.set),
                report.overall.cards,
                Some(report.overall.foils),
            ));
            for (r, p) in &report.rarities {
                records.push(row("rarity", r.as_str(), r.as_str(), *p, None));
            }
            print_records(
                &records,
                &[
                    "group",
                    "key",
                    "name",
                    "owned",
                    "total",
                    "percent",
                    "foils_owned",
                    "foils_total",
                ],
                a.format,
            )?;
            return Ok(ExitCode::SUCCESS);
        }
        let frac = |p: crate::collection::completion::Progress| format!("{}/{}", p.owned, p.total);
        let foil_cell = |p: crate::collection::completion::Progress| {
            if p.total == 0 {
                "–".to_string()
            } else {
                frac(p)
            }
        };
        println!("Collection `{}`", self.name);
        let mut t = table(&["Set", "Release", "Cards", "%", "Progress", "Foils"]);
        for s in &report.sets {
            t.add_row(vec![
                s.set.code().to_string(),
                s.set.name().to_string(),
                frac(s.cards),
                format!("{:.1}%", s.cards.percent()),
                s.cards.bar(20),
                foil_cell(s.foils),
            ]);
        }
        if a.set.is_none() {
            let o = &report.overall;
            t.add_row(vec![
                "All".to_string(),
                overall_name(None),
                frac(o.cards),
                format!("{:.1}%", o.cards.percent()),
                o.cards.bar(20),
                foil_cell(o.foils),
            ]);
        }
        println!("{t}");
        let mut t = table(&["Rarity", "Cards", "%", "Progress"]);
        for (r, p) in &report.rarities {
            t.add_row(vec![
                r.to_string(),
                frac(*p),
                format!("{:.1}%", p.percent()),
                p.bar(20),
            ]);
        }
        if a.set.is_none() {
            println!(
                "Virtual cards are printouts: their row is shown, but they are not in All, nor \
                 below."
            );
        }
        println!("By rarity ({})", overall_name(a.set));
        println!("{t}");
        if !report.unlisted_foils.is_empty() {
            println!(
                "Also owned: foils of {} the catalogue lists no foil printing of ({}).",
                plural(report.unlisted_foils.len(), "card"),
                report.unlisted_foils.join(", ")
            );
        }
        Ok(ExitCode::SUCCESS)
    }

    fn wants(&self, db: &Database, set: Option<Set>, format: Format) -> Result<ExitCode> {
        let h = self.holdings(db)?;
        let list = wants(self.catalogue, &h, set);
        let records: Vec<Record> = list
            .iter()
            .map(|w| {
                let card = self.catalogue.get(&w.card_id);
                vec![
                    ("card_id", json!(w.card_id)),
                    ("name", json!(self.card_name(&w.card_id))),
                    ("set", json!(card.map(|c| c.set.code()))),
                    ("rarity", json!(card.map(|c| c.rarity.as_str()))),
                    ("finish", json!(w.finish.as_str())),
                    ("wanted", json!(w.wanted)),
                    ("owned", json!(w.owned)),
                    ("missing", json!(w.missing())),
                    (
                        "reason",
                        json!(match w.reason {
                            WantReason::WantList => "want list",
                            WantReason::MissingFromSet => "missing from set",
                        }),
                    ),
                ]
            })
            .collect();
        print_records(
            &records,
            &[
                "card_id", "name", "set", "rarity", "finish", "wanted", "owned", "missing",
                "reason",
            ],
            format,
        )?;
        if format == Format::Table {
            let missing: u32 = list.iter().map(|w| w.missing()).sum();
            eprintln!(
                "{} wanted, {} missing",
                plural(list.len(), "printing"),
                counted(missing as usize, "copy", "copies")
            );
        }
        Ok(ExitCode::SUCCESS)
    }

    fn trades(&self, db: &Database, format: Format) -> Result<ExitCode> {
        let h = self.holdings(db)?;
        let list = trades(self.catalogue, &h);
        let records: Vec<Record> = list
            .iter()
            .map(|t| {
                vec![
                    ("card_id", json!(t.card_id)),
                    ("name", json!(self.card_name(&t.card_id))),
                    ("owned_regular", json!(t.owned_regular)),
                    ("owned_foil", json!(t.owned_foil)),
                    ("keep", json!(t.keep)),
                    ("trade_regular", json!(t.trade_regular)),
                    ("trade_foil", json!(t.trade_foil)),
                ]
            })
            .collect();
        print_records(
            &records,
            &[
                "card_id",
                "name",
                "owned_regular",
                "owned_foil",
                "keep",
                "trade_regular",
                "trade_foil",
            ],
            format,
        )?;
        if format == Format::Table {
            let n: u32 = list.iter().map(|t| t.trade_regular + t.trade_foil).sum();
            eprintln!(
                "{} to trade ({} with copies to spare)",
                counted(n as usize, "copy", "copies"),
                plural(list.len(), "card")
            );
        }
        Ok(ExitCode::SUCCESS)
    }

    fn history(&self, db: &Database, a: HistoryArgs) -> Result<ExitCode> {
        let entries = store::history(db, self.name, a.n).map_err(input)?;
        if a.format != Format::Table {
            let records: Vec<Record> = entries
                .iter()
                .map(|e| {
                    let changes: Vec<Json> = e
                        .changes
                        .iter()
                        .map(|c| {
                            json!({
                                "list": c.slot.list.as_str(),
                                "card_id": c.slot.card_id,
                                "finish": c.slot.finish.as_str(),
                                "before": c.before,
                                "after": c.after,
                            })
                        })
                        .collect();
                    vec![
                        ("id", json!(e.id)),
                        ("time", json!(e.time)),
                        ("command", json!(e.command)),
                        ("undoes", json!(e.undoes)),
                        ("undone_by", json!(e.undone_by)),
                        ("changes", Json::Array(changes)),
                    ]
                })
                .collect();
            print_records(
                &records,
                &["id", "time", "command", "undoes", "undone_by", "changes"],
                a.format,
            )?;
            return Ok(ExitCode::SUCCESS);
        }
        if entries.is_empty() {
            println!("collection `{}` has no history yet", self.name);
            return Ok(ExitCode::SUCCESS);
        }
        let mut t = table(&["#", "Time (UTC)", "Command", "Changes"]);
        for e in &entries {
            let mut command = e.command.clone();
            if let Some(u) = e.undoes {
                command.push_str(&format!("\n(undoes #{u})"));
            }
            if let Some(u) = e.undone_by {
                command.push_str(&format!("\n(undone by #{u})"));
            }
            let mut lines: Vec<String> =
                e.changes.iter().take(3).map(|c| self.describe(c)).collect();
            if e.changes.len() > 3 {
                lines.push(format!("… and {} more", e.changes.len() - 3));
            }
            t.add_row(vec![
                e.id.to_string(),
                e.time.clone(),
                command,
                lines.join("\n"),
            ]);
        }
        println!("{t}");
        Ok(ExitCode::SUCCESS)
    }

    fn undo(&self, db: &mut Database, n: usize) -> Result<ExitCode> {
        if n == 0 {
            return Err(InputError("-n must be at least 1".into()).into());
        }
        let done = store::undo(db, self.name, n, &command_line()).map_err(input)?;
        for u in &done {
            println!(
                "undid #{} ({}), recorded as #{}:",
                u.target.id, u.target.command, u.entry
            );
            for c in u.changes.iter().take(10) {
                println!("  {}", self.describe(c));
            }
            if u.changes.len() > 10 {
                println!("  … and {} more", u.changes.len() - 10);
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

fn overall_name(set: Option<Set>) -> String {
    match set {
        Some(s) => s.name().to_string(),
        None => "All printed sets".to_string(),
    }
}

/// Writes a file whole or not at all: a temporary file beside it, then a rename.
fn write_file(path: &Path, text: &str) -> Result<()> {
    let name = path
        .file_name()
        .with_context(|| format!("`{}` is not a file name", path.display()))?;
    let tmp = path.with_file_name(format!(".{}.partial", name.to_string_lossy()));
    std::fs::write(&tmp, text).with_context(|| format!("cannot write `{}`", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write `{}`", path.display()))?;
    Ok(())
}

fn names(db: &Database, format: Format) -> Result<ExitCode> {
    let mut records: Vec<Record> = Vec::new();
    for name in store::collections(db).map_err(input)? {
        let h = store::load(db.connection(), &name).map_err(input)?;
        let owned: Vec<_> = h.entries_of(List::Owned).collect();
        records.push(vec![
            ("collection", json!(name)),
            ("printings", json!(owned.len())),
            (
                "copies",
                json!(owned.iter().map(|(_, v)| v.qty as u64).sum::<u64>()),
            ),
            ("wanted", json!(h.entries_of(List::Want).count())),
            (
                "last_change",
                json!(store::last_entry(db, &name).map_err(input)?),
            ),
        ]);
    }
    print_records(
        &records,
        &["collection", "printings", "copies", "wanted", "last_change"],
        format,
    )?;
    Ok(ExitCode::SUCCESS)
}
