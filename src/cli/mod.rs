//! The command line: argument definitions (clap) and all printing. One module per command
//! group; each has its own `Args` and `run`.

mod card_text;
pub(crate) mod cards;
mod collection;
mod db;
mod deck;
mod game_args;
mod game_decks;
mod output;
mod play;
mod play_log;
mod playtest;
mod shortfall;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

use crate::catalogue::Database;

/// Exit codes (README, "Exit codes"): 0 success, 1 the command ran and found problems, 2 a
/// usage or input error, 3 a failure of the environment (the database engine, the disk) or of
/// `yj` itself.
pub const EXIT_PROBLEMS: u8 = 1;
pub const EXIT_INPUT: u8 = 2;
pub const EXIT_FAILURE: u8 = 3;

#[derive(Debug, Parser)]
#[command(
    name = "yj",
    version,
    about = "Young Jedi CCG: card database, deck validator, collection manager and playtest engine"
)]
pub struct Cli {
    /// The database file (default: your data directory; see `yj db path`).
    #[arg(long, global = true, env = "YJ_DB", value_name = "PATH")]
    db: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Search, show, export and count the cards.
    #[command(subcommand)]
    Cards(cards::CardsCommand),
    /// Check decklists against the deck-construction rules; sheets and diffs for judges.
    #[command(subcommand)]
    Deck(deck::DeckCommand),
    /// What you own, want and can trade: import, export, completion, history, undo, backup.
    Collection(collection::CollectionArgs),
    /// Play one game between two agents and print it move by move.
    Play(play::PlayArgs),
    /// Play many games of a deck against opponents: win rates, victory types, game length,
    /// per-card statistics.
    Playtest(playtest::PlaytestArgs),
    /// Where the database is, what it holds, and rebuilding its catalogue.
    #[command(subcommand)]
    Db(db::DbCommand),
}

/// An error that is the user's input, not a failure: printed, then exit code 2.
#[derive(Debug)]
pub struct InputError(pub String);

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Parses the arguments, runs the command, prints any error, and returns the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // A panic is a bug in `yj`: the default hook has printed where; say what it means.
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(Ok(code)) => code,
        Ok(Err(err)) => {
            let code = exit_code(&err);
            // Whatever part of the message came from a file or an argument, a terminal escape
            // code in it is shown, not obeyed.
            eprintln!("error: {}", shown(&format!("{err:#}")));
            if code == EXIT_FAILURE {
                eprintln!(
                    "this is a failure of the system or of yj (the database engine, the disk), \
                     not of your input: exit code 3"
                );
            }
            ExitCode::from(code)
        }
        Err(_) => {
            eprintln!("error: internal error (a bug in yj); please report it (exit code 3)");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

/// The exit code of an error, from the first typed error in its chain (outermost first): the
/// user's input is 2, a failure of SQLite, of reading or writing files `yj` keeps or writes, or
/// of `yj` itself is 3. An error no library module typed (a message built in `cli`) is the
/// user's input.
pub fn exit_code(err: &anyhow::Error) -> u8 {
    use crate::catalogue::CatalogueError;
    use crate::collection::CollectionError;
    fn catalogue(e: &CatalogueError) -> u8 {
        match e {
            CatalogueError::Database { .. } | CatalogueError::Sql(_) => EXIT_FAILURE,
            CatalogueError::Folder { .. } => EXIT_FAILURE,
            // The embedded catalogue is part of the binary: if it does not load, yj is broken.
            CatalogueError::Inconsistent(_) => EXIT_FAILURE,
            _ => EXIT_INPUT,
        }
    }
    for cause in err.chain() {
        if cause.is::<InputError>() {
            return EXIT_INPUT;
        }
        if let Some(e) = cause.downcast_ref::<CatalogueError>() {
            return catalogue(e);
        }
        // A decklist or rules file the user names that cannot be read is their input (README
        // "Exit codes"), whatever I/O error is its source.
        if cause.is::<crate::deck::DeckError>() || cause.is::<crate::deck::RulesError>() {
            return EXIT_INPUT;
        }
        if let Some(e) = cause.downcast_ref::<CollectionError>() {
            return match e {
                CollectionError::Catalogue(e) => catalogue(e),
                CollectionError::Sql(_)
                | CollectionError::Io { .. }
                | CollectionError::Busy
                | CollectionError::Conflict(_) => EXIT_FAILURE,
                _ => EXIT_INPUT,
            };
        }
        if cause.is::<rusqlite::Error>() || cause.is::<std::io::Error>() {
            return EXIT_FAILURE;
        }
    }
    EXIT_INPUT
}

pub fn run(cli: Cli) -> Result<ExitCode> {
    let db_path = cli.db.clone().map(Ok).unwrap_or_else(default_db_path)?;
    match cli.command {
        Command::Cards(cmd) => cards::run(cmd, &db_path),
        Command::Db(cmd) => db::run(cmd, &db_path),
        Command::Collection(args) => collection::run(args, &db_path),
        Command::Play(args) => play::run(args, &db_path),
        Command::Playtest(args) => playtest::run(args, &db_path),
        Command::Deck(cmd) => deck::run(cmd, &db_path),
    }
}

/// A message with its control characters escaped (line ends kept), so that input it quotes
/// cannot move the cursor or clear the screen.
pub fn shown(message: &str) -> String {
    message
        .split('\n')
        .map(|line| {
            if line.chars().any(char::is_control) {
                line.chars()
                    .map(|c| match c {
                        '\t' => "\\t".to_string(),
                        '\r' => "\\r".to_string(),
                        c if c.is_control() => format!("\\u{{{:x}}}", c as u32),
                        c => c.to_string(),
                    })
                    .collect()
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The default database: `yj.db` in the user's data directory.
pub fn default_db_path() -> Result<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "yj")
        .context("cannot find your home directory; pass --db PATH or set YJ_DB")?;
    Ok(dirs.data_dir().join("yj.db"))
}

/// Opens the database (creating it and loading the catalogue on first use). A database
/// created at a path the user gave (`--db`, `YJ_DB`) is announced on stderr: a mistyped path
/// would otherwise show an empty collection as if the collection had been lost.
fn open_db(path: &std::path::Path) -> Result<Database> {
    let db = Database::open(path)
        .with_context(|| format!("failed to open database `{}`", path.display()))?;
    if let Some(created) = db.created()
        && default_db_path().map_or(true, |default| default != path)
    {
        let folders = match created.folders.as_slice() {
            [] => String::new(),
            [one] => format!(" and the folder `{}`", one.display()),
            [first, ..] => format!(
                " and {} folders from `{}` down",
                created.folders.len(),
                first.display()
            ),
        };
        eprintln!(
            "note: created a new database `{}`{folders}: there was none; if you meant an \
             existing one, check the path given with --db or YJ_DB",
            path.display()
        );
    }
    Ok(db)
}
