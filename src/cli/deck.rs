//! `yj deck`: check decklists against a rules set, print a registration sheet, compare two
//! lists, list the rules sets.

mod build;
mod fix;
mod render;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{Args, Subcommand};

use super::output::Format;
use super::shortfall::{DeckNeed, check_collection, deck_need, need_for, render as render_need};
use super::{EXIT_INPUT, EXIT_PROBLEMS, InputError, open_db};
use crate::catalogue::{Catalogue, Database};
use crate::deck::{DeckList, Report, ResolvedDeck, Resolver, RulesSet, Verdict, check, read_list};

#[derive(Debug, Subcommand)]
pub enum DeckCommand {
    /// Check decklists against a rules set and explain every problem.
    ///
    /// Lists are text (`3 Darth Maul, Sith Apprentice`, `3x DM-71`), CSV or TOML; `-` reads
    /// standard input. Exit 0 when every deck is legal, 1 when any is illegal, has
    /// unresolved lines or cannot be decided (a card whose dot the catalogue lacks), or with
    /// --owned needs cards the collection lacks, 2 when a file cannot be read.
    Check(CheckArgs),
    /// A registration sheet: the cards by colour, with totals and a deck hash.
    ///
    /// The hash does not depend on order, spelling, or names versus ids. Exit 0 when the deck
    /// is legal, 1 otherwise.
    Sheet(SheetArgs),
    /// What differs between two decklists.
    ///
    /// For a judge comparing a submitted list with the deck on the table. Exit 0 when they
    /// are the same deck, 1 when they differ.
    Diff(DiffArgs),
    /// The built-in rules sets.
    Rules(RulesArgs),
    /// Which cards, and how many, a collection lacks to build a deck.
    ///
    /// Each card is counted once across the deck, however many lines name it; a virtual card
    /// also needs its original (it is sleeved with it). Exit 0 when the collection has
    /// everything, 1 when something is missing or a line is not understood.
    Need(NeedArgs),
    /// The fewest changes that make a deck legal, with the resulting list and its check.
    ///
    /// A change removes one copy, adds one, or swaps one for another card; the search is
    /// exhaustive, so no smaller fix exists. Exit 0 when the deck is already legal, 1 when it
    /// needed changes (or cannot be made legal), 2 when a file cannot be read.
    Fix(fix::FixArgs),
    /// Build a legal deck of the strongest cards, around cards you name, from the catalogue
    /// or your collection; `--vs` refines it by simulated play.
    ///
    /// Cards are scored by the strength measure in the README ("Building a deck"). Exit 0 for
    /// a legal deck (with --owned, of owned cards only), 1 when the collection cannot make
    /// one, 2 for a usage or input error.
    Build(build::BuildArgs),
}

/// `--collection`: which named collection a deck command reads (`yj collection
/// --collection` names them).
#[derive(Debug, Args)]
pub struct CollectionArg {
    #[arg(
        long,
        env = "YJ_COLLECTION",
        default_value = crate::collection::model::DEFAULT_COLLECTION,
        value_name = "NAME"
    )]
    collection: String,
}

/// `--owned` and `--collection` of `check`, `fix` and `build`; `fix` and `build` say in their
/// own words what the collection is for (`mut_arg`).
#[derive(Debug, Args)]
#[command(mut_arg("collection", |a| a.help("The collection to check against (with --owned)")))]
pub struct OwnedArgs {
    /// Also check that the collection owns every card of the deck.
    #[arg(long)]
    owned: bool,
    #[command(flatten)]
    collection: CollectionArg,
}

impl OwnedArgs {
    /// The collection's name, with --owned.
    fn collection(&self) -> Option<&str> {
        self.owned.then_some(self.collection.collection.as_str())
    }
}

#[derive(Debug, Args)]
pub struct NeedArgs {
    /// The decklist; `-` reads standard input.
    #[arg(value_name = "DECK")]
    file: String,
    #[command(flatten)]
    collection: CollectionArg,
    /// List every card of the deck, not only the missing ones.
    #[arg(long)]
    all: bool,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct RulesChoice {
    /// The rules set: `standard` (the rulebook as it stands, the default) or `decipher` (as
    /// published up to 2001). Overrides a `rules` line in the list.
    #[arg(long, value_name = "NAME")]
    rules: Option<String>,
    /// A rules file of your own, written like data/rules/standard.toml.
    #[arg(long, value_name = "PATH", conflicts_with = "rules")]
    rules_file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Decklist files; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    #[command(flatten)]
    rules: RulesChoice,
    /// Check 30-card starter decks (five cards per colour).
    #[arg(long)]
    starter: bool,
    /// One line per deck (verdict and problem codes) instead of the full report.
    #[arg(long)]
    brief: bool,
    #[command(flatten)]
    owned: OwnedArgs,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct SheetArgs {
    /// The decklist; `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: String,
    #[command(flatten)]
    rules: RulesChoice,
    #[arg(long)]
    starter: bool,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    #[arg(value_name = "A")]
    a: String,
    #[arg(value_name = "B")]
    b: String,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct RulesArgs {
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(cmd: DeckCommand, db_path: &Path) -> Result<ExitCode> {
    if let DeckCommand::Rules(args) = &cmd {
        render::rules(&RulesSet::built_in(), args.format)?;
        return Ok(ExitCode::SUCCESS);
    }
    let db = open_db(db_path)?;
    let catalogue = db.catalogue()?;
    match cmd {
        DeckCommand::Check(args) => run_check(args, &db, &catalogue),
        DeckCommand::Need(args) => run_need(args, &db, &catalogue),
        DeckCommand::Sheet(args) => run_sheet(args, &catalogue),
        DeckCommand::Diff(args) => run_diff(args, &catalogue),
        DeckCommand::Fix(args) => fix::run(args, &db, &catalogue),
        DeckCommand::Build(args) => build::run(args, &db, &catalogue),
        DeckCommand::Rules(_) => unreachable!("handled above"),
    }
}

/// The rules named on the command line, if any (`--rules-file` wins over `--rules`). With
/// `--starter` they must know a starter size: that is the command's mistake, said once.
fn chosen_rules(
    choice: &RulesChoice,
    catalogue: &Catalogue,
    starter: bool,
) -> Result<Option<RulesSet>> {
    let Some(rules) = RulesSet::chosen(
        choice.rules.as_deref(),
        choice.rules_file.as_deref(),
        catalogue,
    )?
    else {
        return Ok(None);
    };
    if starter && rules.starter_size.is_none() {
        bail!(InputError(format!(
            "the {} rules set ({}) has no starter_size, so it cannot check starter decks; add `starter_size = 30` or leave out --starter",
            rules.name, rules.source
        )));
    }
    Ok(Some(rules))
}

/// The rules for one list ([`RulesSet::for_list`]); with `--starter`, they must know a
/// starter size.
fn rules_for(
    list: &DeckList,
    chosen: &Option<RulesSet>,
    catalogue: &Catalogue,
    starter: bool,
) -> Result<RulesSet, String> {
    let rules = RulesSet::for_list(list, chosen.as_ref(), catalogue).map_err(|e| e.to_string())?;
    if starter && rules.starter_size.is_none() {
        return Err(format!(
            "the {} rules set has no starter_size, so it cannot check starter decks",
            rules.name
        ));
    }
    Ok(rules)
}

/// One file of a batch: checked, or not readable.
pub(crate) enum Outcome {
    Checked(Box<Report>),
    Unreadable { file: String, error: String },
}

/// A decklist read, resolved and checked, with the rules it was checked against.
struct Loaded {
    list: DeckList,
    deck: ResolvedDeck,
    report: Report,
    rules: RulesSet,
}

/// Reads `file`, resolves its lines and checks it under the rules that apply to it; the
/// error is the file's (unreadable, or naming rules that do not exist).
fn load(
    file: &str,
    chosen: &Option<RulesSet>,
    resolver: &mut Resolver,
    starter: bool,
) -> Result<Loaded, String> {
    // The message with its source (the I/O error), as `cli::main` prints an error.
    let list = read_list(file).map_err(|e| format!("{:#}", anyhow::Error::new(e)))?;
    let rules = rules_for(&list, chosen, resolver.catalogue(), starter)?;
    let deck = resolver.resolve(&list);
    let mut report = check(&list, &deck, resolver.catalogue(), &rules, starter);
    report.rules_from_list = chosen.is_none() && list.rules.is_some();
    Ok(Loaded {
        list,
        deck,
        report,
        rules,
    })
}

fn run_need(args: NeedArgs, db: &Database, catalogue: &Catalogue) -> Result<ExitCode> {
    let name = &args.collection.collection;
    check_collection(db, name)?;
    let mut resolver = Resolver::new(catalogue);
    let need = deck_need(db, catalogue, &mut resolver, &args.file, name)?;
    render_need(&need, catalogue, args.format, args.all)?;
    Ok(if need.buildable() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_PROBLEMS)
    })
}

fn run_check(args: CheckArgs, db: &Database, catalogue: &Catalogue) -> Result<ExitCode> {
    if let Some(name) = args.owned.collection() {
        check_collection(db, name)?;
    }
    if args.files.iter().filter(|f| *f == "-").count() > 1 {
        bail!(InputError(
            "standard input (`-`) can be given only once".into()
        ));
    }
    let chosen = chosen_rules(&args.rules, catalogue, args.starter)?;
    let mut resolver = Resolver::new(catalogue);
    let mut decks: Vec<Option<ResolvedDeck>> = Vec::new();
    let mut outcomes: Vec<Outcome> = Vec::new();
    for file in &args.files {
        match load(file, &chosen, &mut resolver, args.starter) {
            Ok(Loaded { deck, report, .. }) => {
                decks.push(Some(deck));
                outcomes.push(Outcome::Checked(Box::new(report)));
            }
            Err(error) => {
                decks.push(None);
                outcomes.push(Outcome::Unreadable {
                    file: file.clone(),
                    error,
                });
            }
        }
    }
    // --owned compares the decks already read (each list is read once, so standard input
    // works too); an unreadable list has nothing to compare.
    let needs: Vec<Option<DeckNeed>> = if let Some(name) = args.owned.collection() {
        args.files
            .iter()
            .zip(decks)
            .map(|(file, deck)| {
                deck.map(|d| need_for(db, catalogue, file, d, name))
                    .transpose()
            })
            .collect::<Result<_>>()?
    } else {
        Vec::new()
    };
    render::check(&outcomes, &needs, catalogue, args.format, args.brief)?;
    // --brief says on each deck's line what the collection lacks; the tables are the long form.
    if args.format == Format::Table && !args.brief {
        for need in needs.iter().flatten() {
            println!(
                "Owned cards ({}, collection `{}`):",
                need.file, need.collection
            );
            render_need(need, catalogue, args.format, false)?;
        }
    }
    // --owned: a deck the collection cannot build is a problem like an illegal one.
    let all_owned = needs.iter().flatten().all(DeckNeed::buildable);
    let unreadable = outcomes
        .iter()
        .any(|o| matches!(o, Outcome::Unreadable { .. }));
    let all_legal = outcomes
        .iter()
        .all(|o| matches!(o, Outcome::Checked(r) if r.verdict == Verdict::Legal));
    Ok(if unreadable {
        ExitCode::from(EXIT_INPUT)
    } else if all_legal && all_owned {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_PROBLEMS)
    })
}

fn run_sheet(args: SheetArgs, catalogue: &Catalogue) -> Result<ExitCode> {
    let chosen = chosen_rules(&args.rules, catalogue, args.starter)?;
    let mut resolver = Resolver::new(catalogue);
    let Loaded { deck, report, .. } =
        load(&args.file, &chosen, &mut resolver, args.starter).map_err(InputError)?;
    if report.verdict == Verdict::Unresolved {
        // A sheet must list exactly the deck; with unknown lines it cannot.
        render::check(
            &[Outcome::Checked(Box::new(report))],
            &[],
            catalogue,
            args.format,
            false,
        )?;
        return Ok(ExitCode::from(EXIT_PROBLEMS));
    }
    let sheet = crate::deck::sheet(&report, &deck, catalogue);
    render::sheet(&sheet, &report, args.format)?;
    Ok(if report.is_legal() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_PROBLEMS)
    })
}

fn run_diff(args: DiffArgs, catalogue: &Catalogue) -> Result<ExitCode> {
    if args.a == "-" && args.b == "-" {
        bail!(InputError(
            "only one of the two lists can be standard input".into()
        ));
    }
    let mut resolver = Resolver::new(catalogue);
    let mut decks = Vec::new();
    for file in [&args.a, &args.b] {
        let list = read_list(file)?;
        let deck = resolver.resolve(&list);
        decks.push((list, deck));
    }
    let (a, b) = (&decks[0], &decks[1]);
    let rows = crate::deck::diff(&a.1, &b.1, catalogue);
    // Printings (foil against regular) do not change the deck, so not the exit code either.
    let printings = crate::deck::printing_diff(&a.1, &b.1, catalogue);
    let unresolved = !a.1.unresolved.is_empty() || !b.1.unresolved.is_empty();
    render::diff(&a.0, &a.1, &b.0, &b.1, &rows, &printings, args.format)?;
    Ok(if rows.is_empty() && !unresolved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_PROBLEMS)
    })
}
