//! `yj collection`: what a collector owns, wants and can trade, with history, undo, import,
//! export and backups. All the work is in `crate::collection`; this module parses arguments
//! and prints.

mod reports;
mod transfer;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use serde_json::{Value as Json, json};

use super::cards::parse_with;
use super::output::{Format, Record, counted, plural, print_records, table};
use super::{EXIT_PROBLEMS, InputError, open_db};
use crate::catalogue::{Catalogue, Database, Finish, Set};
use crate::collection::completion::completion;
use crate::collection::edit::{self, Details};
use crate::collection::import::{self, Mode, Rejected};
use crate::collection::model::{
    Condition, DEFAULT_COLLECTION, DEFAULT_KEEP, EVERY_CARD, check_collection_name,
};
use crate::collection::resolve::{Chosen, printing};
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
    /// Add copies of one or more cards, named as in `yj cards show` (id, community id, foil number, name).
    Add(AddArgs),
    /// Remove copies of a card.
    Remove(RemoveArgs),
    /// Make the copies of a card exactly QTY (0 removes them all).
    Set(SetArgs),
    /// Say which foil printing owned foils recorded without one are (`printing DF-31 RF`).
    Printing(PrintingArgs),
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
    /// The copies beyond the keep reserve, which can be traded away (copies in built decks
    /// are not offered).
    Trades(TradesArgs),
    /// Set the keep reserve: `keep 4` for every card, `keep 2 DM-71` for one card,
    /// `keep default DM-71` to drop a card's own reserve.
    Keep(KeepArgs),
    /// The latest changes, newest first.
    History(HistoryArgs),
    /// Revert the latest changes (each undo is recorded too).
    Undo(UndoArgs),
    /// Re-apply what undo reverted, the latest undo first (each redo is recorded too); a new
    /// change after an undo clears what can be redone.
    Redo(UndoArgs),
    /// A consistent copy of the whole database, safe while other `yj` commands run.
    Backup(BackupArgs),
    /// Replace the whole database with a backup (every collection and its history), keeping
    /// a copy of the database as it was beside it.
    Restore(RestoreArgs),
    /// The named collections in this database.
    Names(NamesArgs),
    /// Record a deck as built: the copies it needs move to lots marked with the deck's name
    /// (still owned, no longer free to trade or to build another deck with).
    Build(BuildArgs),
    /// Take a built deck apart: its copies are free again.
    Unbuild(UnbuildArgs),
    /// The built decks and their copies.
    Decks(NamesArgs),
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// A decklist, as `yj deck check` reads it.
    file: String,
    /// The deck's name (default: the file's name without its extension, which is what
    /// `yj deck need FILE` looks for to count the deck's own copies).
    #[arg(long)]
    name: Option<String>,
}

#[derive(Debug, Args)]
pub struct UnbuildArgs {
    /// The built deck's name, as `collection decks` lists it.
    name: String,
}

/// A quantity argument, checked like an import file's.
fn qty_arg(s: &str) -> Result<u32, String> {
    import::parse_qty(s)
}

/// A price paid for each copy in hundredths, or none (`--price none`).
#[derive(Debug, Clone, Copy)]
pub struct PriceArg(Option<u32>);

/// A price paid for each copy (`1.50`), or `none` for no price.
fn price_arg(s: &str) -> Result<PriceArg, String> {
    if s.trim().eq_ignore_ascii_case("none") {
        Ok(PriceArg(None))
    } else {
        crate::collection::model::parse_price(s).map(|p| PriceArg(Some(p)))
    }
}

/// What `set` and `remove` say to pick a lot of a printing (and `set --lot` relabels).
#[derive(Debug, Args)]
pub struct LotArgs {
    /// One lot of the printing, by the number `collection list` shows in its `lot` column.
    #[arg(long, value_name = "N")]
    lot: Option<u32>,
    /// mint (M), near-mint (NM), lightly-played (LP), moderately-played (MP),
    /// heavily-played (HP), damaged (DMG).
    #[arg(long, value_parser = parse_with::<Condition>)]
    condition: Option<Condition>,
    /// The lot's note (`""`: no note).
    #[arg(long)]
    note: Option<String>,
    /// The price paid for each copy (`1.50`; `none`: no price).
    #[arg(long, value_parser = price_arg, value_name = "PRICE")]
    price: Option<PriceArg>,
}

impl LotArgs {
    fn details(self) -> Details {
        Details {
            condition: self.condition,
            note: self.note,
            price: self.price.map(|p| p.0),
            lot: self.lot,
        }
    }
}

#[derive(Debug, Args)]
pub struct AddArgs {
    /// Card ids (`DM-71`), community ids (`1_71`), foil numbers (`BN-F10`) or names: several
    /// at once (a booster pack's eleven) go in as one change; a card named twice counts twice.
    #[arg(required = true, num_args = 1.., value_name = "CARD")]
    card: Vec<String>,
    #[arg(long, default_value = "1", value_parser = qty_arg, allow_negative_numbers = true)]
    qty: u32,
    #[command(flatten)]
    finish: FinishArgs,
    #[command(flatten)]
    details: DetailsArgs,
}

#[derive(Debug, Args)]
pub struct RemoveArgs {
    card: String,
    #[arg(long, default_value = "1", value_parser = qty_arg, allow_negative_numbers = true)]
    qty: u32,
    #[command(flatten)]
    finish: FinishArgs,
    #[command(flatten)]
    lot: LotArgs,
}

#[derive(Debug, Args)]
pub struct SetArgs {
    card: String,
    #[arg(value_parser = qty_arg, allow_negative_numbers = true)]
    qty: u32,
    #[command(flatten)]
    finish: FinishArgs,
    #[command(flatten)]
    lot: LotArgs,
}

/// Which printing of a card `add`, `remove`, `set` and `want` mean: the regular one, or a foil.
#[derive(Debug, Args)]
pub struct FinishArgs {
    /// The foil printing (a foil number such as `BN-F10` implies it).
    #[arg(long)]
    foil: bool,
    /// Which foil printing, by its release: `RF` for a Reflections reprint, the card's own set
    /// for its own-number foil (only cards with two foil printings need it; implies --foil).
    #[arg(long, value_parser = parse_with::<Set>, value_name = "RELEASE")]
    printing: Option<Set>,
}

/// What `add` records of the new copies (what is not said is not recorded).
#[derive(Debug, Args)]
pub struct DetailsArgs {
    /// mint (M), near-mint (NM), lightly-played (LP), moderately-played (MP),
    /// heavily-played (HP), damaged (DMG).
    #[arg(long, value_parser = parse_with::<Condition>)]
    condition: Option<Condition>,
    /// A free note kept with the copies (where they are, where they came from, `signed`).
    #[arg(long)]
    note: Option<String>,
    /// The price paid for each copy (`1.50`), in your currency; summed by `collection list`.
    #[arg(long, value_parser = parse_with_price, value_name = "PRICE")]
    price: Option<u32>,
}

fn parse_with_price(s: &str) -> Result<u32, String> {
    crate::collection::model::parse_price(s)
}

impl From<DetailsArgs> for Details {
    fn from(a: DetailsArgs) -> Details {
        Details {
            condition: a.condition,
            note: a.note,
            price: a.price.map(Some),
            lot: None,
        }
    }
}

#[derive(Debug, Args)]
pub struct PrintingArgs {
    /// A card with two foil printings (`DF-31`).
    card: String,
    /// The release of the printing the foils are: `RF` (Reflections) or the card's own set.
    #[arg(value_parser = parse_with::<Set>)]
    release: Set,
    /// How many of the foils whose printing is not recorded (default: all of them).
    #[arg(long, value_parser = qty_arg, allow_negative_numbers = true)]
    qty: Option<u32>,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub(super) filter: crate::cli::cards::FilterArgs,
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
    /// The collection ends equal to the file: as `set`, and what the file lacks is removed
    /// (in each list the file has rows of: owned, want, keep). Try it with --dry-run first.
    Sync,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A CSV with a header row (`qty,card_id` at least), JSON written by `export`, or decklist
    /// text (`3 DM-71`, `2x Darth Maul, Sith Apprentice`, `1 BN-F10`); at most 8 MiB.
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
    /// Every collection of the database in one file, with a `collection` column; `import`
    /// puts each row back in its collection.
    #[arg(long)]
    all: bool,
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
    /// Instead: what the collection lacks to build this deck (as `yj deck need`).
    #[arg(long, value_name = "FILE", conflicts_with = "set")]
    deck: Option<String>,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Subcommand)]
enum WantAction {
    /// Want QTY copies of a card in total (replacing an earlier target); or with --deck, the
    /// copies a deck needs of every card the collection lacks; or with --set, QTY of every
    /// card of a set (`--set DM --qty 5` for a playset). --deck and --set only raise targets.
    #[command(mut_arg("printing", |a| a.help(
        "One foil printing (`RF`, or the card's own set); without it any foil meets a foil want"
    )))]
    Add {
        #[arg(required_unless_present_any = ["deck", "set"], conflicts_with_all = ["deck", "set"])]
        card: Option<String>,
        /// A decklist: want what the collection lacks to build it.
        #[arg(long, value_name = "FILE", conflicts_with = "set")]
        deck: Option<String>,
        /// Every card of this set (virtual cards aside), QTY of each.
        #[arg(long, value_parser = parse_with::<Set>)]
        set: Option<Set>,
        #[arg(long, default_value = "1", value_parser = qty_arg, allow_negative_numbers = true)]
        qty: u32,
        #[command(flatten)]
        finish: FinishArgs,
    },
    /// Take a card off the want list.
    Remove {
        card: String,
        #[command(flatten)]
        finish: FinishArgs,
    },
}

#[derive(Debug, Args)]
pub struct TradesArgs {
    #[arg(long, value_enum, default_value_t, conflicts_with = "text")]
    format: Format,
    /// Plain text to send to a trade partner, one card a line (`2 DM-24 Gungan Guard`); it
    /// imports as it is into their `yj`.
    #[arg(long)]
    text: bool,
    /// Also every copy a trade-binder collection holds (all of it is for trade), with --text.
    #[arg(long, value_name = "COLLECTION", requires = "text")]
    binder: Option<String>,
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
    /// How many changes, newest first.
    #[arg(short = 'n', default_value_t = 1)]
    n: usize,
}

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the copy (kept if it exists, unless --force).
    file: PathBuf,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
}

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// A backup written by `yj collection backup` (or any yj database).
    file: PathBuf,
}

#[derive(Debug, Args)]
pub struct NamesArgs {
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// The command line as typed, for the history. Arguments are read as bytes (`args_os`): a
/// file name need not be UTF-8, and `std::env::args` would panic on it.
fn command_line() -> String {
    std::iter::once("yj".to_string())
        .chain(
            std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned()),
        )
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

/// A collection error as the command's error. The user's input (a quantity, a name, a file)
/// is exit 2; a busy database (`Busy`), a collection changed underneath the command or a
/// stored entry that cannot be read (`Conflict`), as SQLite and file failures, exit 3: the
/// same command works again on a healthy database (README "Exit codes", `cli::exit_code`).
fn input(e: CollectionError) -> anyhow::Error {
    match e {
        CollectionError::Input(_) | CollectionError::Lookup(_) | CollectionError::File { .. } => {
            InputError(e.to_string()).into()
        }
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
    // Names are case-sensitive; a name that differs from an existing one only in case is a
    // slip that would start a second, separate collection.
    let known = store::collections(&db).map_err(input)?;
    if !known.contains(&name)
        && let Some(meant) = known.iter().find(|k| k.eq_ignore_ascii_case(&name))
    {
        return Err(InputError(format!(
            "there is no collection `{name}`; did you mean `{meant}`? (collection names are \
             case-sensitive)"
        ))
        .into());
    }
    let catalogue = db.catalogue()?;
    let c = Ctx {
        name: &name,
        catalogue: &catalogue,
    };
    match args.command {
        CollectionCommand::Add(a) => {
            // Every card is found before anything is written: one unknown name changes nothing.
            // The same printing named twice is added once with both quantities, so the change
            // reads "DM-45: 0 → 2", not two steps.
            let mut slots: Vec<(crate::collection::Slot, u32)> = Vec::new();
            for card in &a.card {
                let chosen =
                    printing(&catalogue, card, a.finish.foil, a.finish.printing).map_err(input)?;
                warn(&chosen.warnings);
                let slot = chosen.slot(List::Owned);
                match slots.iter_mut().find(|(s, _)| *s == slot) {
                    Some((_, qty)) => *qty = qty.saturating_add(a.qty),
                    None => slots.push((slot, a.qty)),
                }
            }
            let details = Details::from(a.details);
            c.write(&mut db, |h| {
                let mut changes = Vec::new();
                for (slot, qty) in slots {
                    changes.extend(edit::add(h, slot, qty, &details)?);
                }
                Ok(changes)
            })
        }
        CollectionCommand::Remove(a) => {
            // Removing needs no warning: what is there is what is removed.
            let chosen = c.stored_printing(&db, &a.card, a.finish.foil, a.finish.printing)?;
            let details = a.lot.details();
            c.write(&mut db, |h| {
                edit::remove(h, chosen.slot(List::Owned), a.qty, &details)
            })
        }
        CollectionCommand::Set(a) => {
            let chosen = c.stored_printing(&db, &a.card, a.finish.foil, a.finish.printing)?;
            warn(&chosen.warnings);
            let details = a.lot.details();
            c.write(&mut db, |h| {
                edit::set(h, chosen.slot(List::Owned), a.qty, &details)
            })
        }
        CollectionCommand::Printing(a) => {
            let chosen = printing(&catalogue, &a.card, true, Some(a.release)).map_err(input)?;
            if chosen.printing.is_none() {
                return Err(InputError(format!(
                    "{} has one foil printing, so its foils need no printing set",
                    chosen.card_id
                ))
                .into());
            }
            c.write(&mut db, |h| {
                edit::assign(h, &chosen.card_id, a.release, a.qty)
            })
        }
        CollectionCommand::List(a) => c.list(&db, a),
        CollectionCommand::Import(a) => c.import(&mut db, a),
        CollectionCommand::Export(a) => c.export(&db, a),
        CollectionCommand::Completion(a) => c.completion(&db, a),
        CollectionCommand::Want(a) => match a.action {
            Some(WantAction::Add {
                card: None,
                deck,
                set,
                qty,
                ..
            }) => {
                let targets: Vec<(String, u32)> = match (deck, set) {
                    (Some(file), _) => {
                        let mut resolver = crate::deck::Resolver::new(&catalogue);
                        let need = super::shortfall::deck_need(
                            &db,
                            &catalogue,
                            &mut resolver,
                            &file,
                            &name,
                        )?;
                        if !need.deck.unresolved.is_empty() {
                            return Err(InputError(format!(
                                "{file}: {} of the deck name{} no card, so what it lacks is \
                                 not known; nothing was changed (`yj deck need {file}` lists \
                                 them)",
                                plural(need.deck.unresolved.len(), "line"),
                                if need.deck.unresolved.len() == 1 {
                                    "s"
                                } else {
                                    ""
                                }
                            ))
                            .into());
                        }
                        need.rows
                            .iter()
                            .filter(|r| r.missing() > 0)
                            .map(|r| (r.card_id.clone(), r.needed))
                            .collect()
                    }
                    (None, Some(set)) => catalogue
                        .cards()
                        .iter()
                        .filter(|c| c.set == set && !c.is_virtual())
                        .map(|c| (c.id.clone(), qty))
                        .collect(),
                    (None, None) => unreachable!("clap requires a card, --deck or --set"),
                };
                c.write(&mut db, |h| edit::raise_wants(h, &targets))
            }
            Some(WantAction::Add {
                card: Some(card),
                qty,
                finish,
                ..
            }) => {
                let chosen =
                    printing(&catalogue, &card, finish.foil, finish.printing).map_err(input)?;
                // A foil want without a printing is "any foil": no warning to pick one.
                let several = chosen.finish == Finish::Foil
                    && crate::collection::printings::has_several(&catalogue, &chosen.card_id);
                let warnings: Vec<String> = chosen
                    .warnings
                    .iter()
                    .filter(|_| !several)
                    .cloned()
                    .collect();
                warn(&warnings);
                c.write(&mut db, |h| edit::want(h, chosen.slot(List::Want), qty))
            }
            Some(WantAction::Remove { card, finish }) => {
                let chosen = c.stored_printing(&db, &card, finish.foil, finish.printing)?;
                c.write(&mut db, |h| edit::want(h, chosen.slot(List::Want), 0))
            }
            None => match &a.deck {
                Some(file) => {
                    super::shortfall::check_collection(&db, &name)?;
                    let mut resolver = crate::deck::Resolver::new(&catalogue);
                    let need =
                        super::shortfall::deck_need(&db, &catalogue, &mut resolver, file, &name)?;
                    super::shortfall::render(&need, &catalogue, a.format, false)?;
                    Ok(if need.buildable() {
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::from(super::EXIT_PROBLEMS)
                    })
                }
                None => c.wants(&db, a.set, a.format),
            },
        },
        CollectionCommand::Trades(a) if a.text => c.trade_text(&db, a.binder.as_deref()),
        CollectionCommand::Trades(a) => c.trades(&db, a.format),
        CollectionCommand::Keep(a) => {
            let id = match &a.card {
                Some(card) => c.stored_printing(&db, card, false, None)?.card_id,
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
        CollectionCommand::Undo(a) => c.undo(&mut db, a.n, false),
        CollectionCommand::Redo(a) => c.undo(&mut db, a.n, true),
        CollectionCommand::Backup(a) => {
            let report = backup::backup(&db, &a.file, a.force).map_err(input)?;
            let summary = format!(
                "backed up `{}` to `{}`: {} ({} collection entries, {} history entries; \
                 integrity checked)",
                db.path().display(),
                report.path.display(),
                human_bytes(report.bytes),
                report.items,
                report.history
            );
            // A backup written to standard output must be nothing but the database.
            if report.streamed {
                eprintln!("{summary}");
            } else {
                println!("{summary}");
            }
            Ok(ExitCode::SUCCESS)
        }
        CollectionCommand::Restore(a) => {
            let report = backup::restore(&mut db, &a.file).map_err(input)?;
            let path = db.path().to_path_buf();
            drop(db);
            // Opening again migrates a backup from an older yj and reloads its catalogue.
            let db = open_db(&path)?;
            let check = db.check()?;
            if !check.ok() {
                return Err(InputError(format!(
                    "the restored database fails its check ({}); the database as it was is in \
                     `{}`",
                    check.integrity.join("; "),
                    report.kept.display()
                ))
                .into());
            }
            println!(
                "restored `{}` into `{}`: {} collection entries, {} history entries; integrity \
                 checked",
                a.file.display(),
                path.display(),
                report.items,
                report.history
            );
            eprintln!(
                "the database as it was is kept in `{}` (`yj collection restore` it to go back)",
                report.kept.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        CollectionCommand::Names(a) => reports::names(&db, a.format),
        CollectionCommand::Decks(a) => c.decks(&db, a.format),
        CollectionCommand::Unbuild(a) => c.write(&mut db, |h| edit::unbuild(h, &a.name)),
        CollectionCommand::Build(a) => {
            let deck_name = match a.name {
                Some(n) => n,
                None => super::shortfall::deck_name(&a.file).ok_or_else(|| {
                    InputError(format!(
                        "{}: the file's name is not a deck name (letters, digits, `-`, `_`, \
                         `.`); give one with --name",
                        a.file
                    ))
                })?,
            };
            crate::collection::model::check_deck_name(&deck_name).map_err(input)?;
            let list = crate::deck::read_list(&a.file)?;
            let mut resolver = crate::deck::Resolver::new(&catalogue);
            let deck = resolver.resolve(&list);
            if let Some(u) = deck.unresolved.first() {
                return Err(InputError(format!(
                    "{}, line {}: `{}` names no card, so the deck cannot be built; nothing \
                     was changed ({} not understood)",
                    list.source,
                    u.line,
                    crate::catalogue::lookup::excerpt(&u.text),
                    plural(deck.unresolved.len(), "line")
                ))
                .into());
            }
            if deck.cards.is_empty() {
                return Err(InputError(format!(
                    "{}: lists no cards, so there is no deck to build",
                    list.source
                ))
                .into());
            }
            let wanted: Vec<(String, u32)> =
                deck.cards.iter().map(|c| (c.id.clone(), c.count)).collect();
            c.write(&mut db, |h| {
                let needs: Vec<(String, u32)> =
                    crate::collection::requirements(h, &catalogue, &wanted)
                        .into_iter()
                        .map(|r| (r.card_id, r.needed))
                        .collect();
                edit::build(h, &deck_name, &needs)
            })
        }
    }
}

fn warn(warnings: &[String]) {
    for w in warnings {
        eprintln!("warning: {w}");
    }
}

fn human_bytes(bytes: u64) -> String {
    if bytes < 1024 * 1024 {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    } else {
        format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
    }
}

/// One row of `list`: a lot (or, with --missing, a printing not owned) and what it holds.
type ListRow = (crate::collection::Slot, crate::collection::Value);

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
            .map_or_else(|| export::NOT_IN_CATALOGUE.into(), |c| c.full_name())
    }

    /// An owned slot's finish: `foil RF`, or `foil, printing not recorded`.
    fn finish_label(&self, slot: &crate::collection::Slot) -> String {
        crate::collection::printings::finish_label(self.catalogue, slot)
    }

    /// A want's finish: a foil want of no printing is met by any foil.
    fn want_label(&self, slot: &crate::collection::Slot) -> String {
        if crate::collection::printings::unrecorded(self.catalogue, slot) {
            "foil, any printing".into()
        } else {
            slot.finish_text()
        }
    }

    fn describe(&self, change: &Change) -> String {
        let qty = |v: &Option<crate::collection::Value>| v.as_ref().map_or(0, |v| v.qty);
        let what = match change.slot.list {
            List::Owned => format!(
                "{} {} ({}{})",
                change.slot.card_id,
                self.card_name(&change.slot.card_id),
                self.finish_label(&change.slot),
                if change.slot.lot > 0 {
                    format!(", lot {}", change.slot.lot)
                } else {
                    String::new()
                }
            ),
            List::Want => format!(
                "want {} {} ({})",
                change.slot.card_id,
                self.card_name(&change.slot.card_id),
                self.want_label(&change.slot)
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
        let price = |v: Option<&crate::collection::Value>| v.and_then(|v| v.price);
        if price(b) != price(a)
            && let Some(p) = price(a)
        {
            text.push_str(&format!(
                ", paid {} each",
                crate::collection::model::format_price(p)
            ));
        }
        let deck = |v: Option<&crate::collection::Value>| v.and_then(|v| v.deck.clone());
        if deck(b) != deck(a) {
            match (deck(b), deck(a)) {
                (_, Some(d)) => text.push_str(&format!(", in deck {d}")),
                (Some(d), None) => text.push_str(&format!(", out of deck {d}")),
                (None, None) => {}
            }
        }
        text
    }

    /// A printing named on the command line, as [`printing`] finds it; failing that, an entry
    /// the collection holds under exactly that id for a card the catalogue no longer has, so
    /// the collector can still set or remove it.
    fn stored_printing(
        &self,
        db: &Database,
        query: &str,
        foil: bool,
        asked: Option<Set>,
    ) -> Result<Chosen> {
        let err = match printing(self.catalogue, query, foil, asked) {
            Ok(found) => return Ok(found),
            Err(err @ CollectionError::Lookup(crate::catalogue::LookupError::Unknown { .. })) => {
                err
            }
            Err(err) => return Err(input(err)),
        };
        let h = store::load(db.connection(), self.name).map_err(input)?;
        let query = query.trim();
        let stored = h.entries.keys().find(|s| {
            s.card_id != EVERY_CARD
                && s.card_id.eq_ignore_ascii_case(query)
                && self.catalogue.get(&s.card_id).is_none()
        });
        match stored {
            Some(slot) => Ok(Chosen {
                card_id: slot.card_id.clone(),
                finish: if foil || asked.is_some() {
                    Finish::Foil
                } else {
                    Finish::Regular
                },
                printing: asked,
                warnings: Vec::new(),
            }),
            None => Err(input(err)),
        }
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

    /// `undo`, or with `redo` set, `redo`.
    fn undo(&self, db: &mut Database, n: usize, redo: bool) -> Result<ExitCode> {
        if n == 0 {
            return Err(InputError("-n must be at least 1".into()).into());
        }
        let done = if redo {
            store::redo(db, self.name, n, &command_line())
        } else {
            store::undo(db, self.name, n, &command_line())
        }
        .map_err(input)?;
        for u in &done {
            // Name the change whose effect goes or comes back, not the undo or redo between.
            let what = if redo {
                format!("redid #{} ({})", u.origin.id, u.origin.command)
            } else if u.origin.id == u.target.id {
                format!("undid #{} ({})", u.target.id, u.target.command)
            } else {
                format!(
                    "undid #{} (redo of #{}: {})",
                    u.target.id, u.origin.id, u.origin.command
                )
            };
            println!("{what}, recorded as #{}:", u.entry);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{EXIT_FAILURE, EXIT_INPUT, exit_code};

    /// README "Exit codes": the user's input is 2; a busy database or a collection that
    /// changed underneath the command is not the input (the same command works again), 3.
    #[test]
    fn busy_and_conflict_exit_3_and_the_users_input_2() {
        let code = |e: CollectionError| exit_code(&input(e));
        assert_eq!(code(CollectionError::Busy), EXIT_FAILURE);
        assert_eq!(
            code(CollectionError::Conflict("DM-71".into())),
            EXIT_FAILURE
        );
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        assert_eq!(
            code(CollectionError::io("cannot write `x.csv`".into(), full)),
            EXIT_FAILURE
        );
        assert_eq!(code(CollectionError::Input("--qty".into())), EXIT_INPUT);
        // An import file the user names that cannot be read is their input, whatever the
        // I/O error its source.
        let gone = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(
            code(CollectionError::FileRead {
                file: "x.csv".into(),
                source: gone
            }),
            EXIT_INPUT
        );
        assert_eq!(
            code(CollectionError::File {
                file: "x.csv".into(),
                reason: "empty".into()
            }),
            EXIT_INPUT
        );
    }
}
