//! `yj db`: where the database lives, what it holds, and rebuilding its catalogue tables.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use clap::Subcommand;
use serde_json::json;

use super::open_db;
use super::output::{Format, print_records, table};
use crate::catalogue::CatalogueSource;

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Print the database file's path (`--db`, then `YJ_DB`, then the data directory).
    Path,
    /// Schema version, catalogue version and row counts.
    Info {
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Reload the catalogue tables from the embedded data (user tables are kept).
    Rebuild,
    /// Check the whole file with the SQLite built into yj (integrity and foreign keys); exit
    /// 1 if it finds a problem.
    Check {
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
}

pub fn run(cmd: DbCommand, db_path: &Path) -> Result<ExitCode> {
    match cmd {
        DbCommand::Path => println!("{}", db_path.display()),
        DbCommand::Info { format } => {
            let info = open_db(db_path)?.info()?;
            if format == Format::Table {
                println!("database:          {}", info.path);
                println!("schema version:    {}", info.schema_version);
                println!("catalogue version: {}", info.catalogue_version);
                let mut t = table(&["Table", "Rows"]);
                for (name, rows) in &info.tables {
                    t.add_row(vec![name.clone(), rows.to_string()]);
                }
                println!("{t}");
            } else {
                let record = vec![
                    ("path", json!(info.path)),
                    ("schema_version", json!(info.schema_version)),
                    ("catalogue_version", json!(info.catalogue_version)),
                    (
                        "tables",
                        json!(
                            info.tables
                                .iter()
                                .map(|(n, c)| json!({"table": n, "rows": c}))
                                .collect::<Vec<_>>()
                        ),
                    ),
                ];
                print_records(
                    &[record],
                    &["path", "schema_version", "catalogue_version", "tables"],
                    format,
                )?;
            }
        }
        DbCommand::Check { format } => {
            let report = open_db(db_path)?.check()?;
            let status = |problems: &[String]| {
                if problems.is_empty() {
                    "ok".to_string()
                } else {
                    format!(
                        "{} problem{}",
                        problems.len(),
                        if problems.len() == 1 { "" } else { "s" }
                    )
                }
            };
            if format == Format::Table {
                println!("database:     {}", report.path);
                println!(
                    "checked with: SQLite {} (built into yj)",
                    report.sqlite_version
                );
                println!("integrity:    {}", status(&report.integrity));
                for p in &report.integrity {
                    println!("  {p}");
                }
                println!("foreign keys: {}", status(&report.foreign_keys));
                for p in &report.foreign_keys {
                    println!("  {p}");
                }
            } else {
                let record = vec![
                    ("path", json!(report.path)),
                    ("sqlite_version", json!(report.sqlite_version)),
                    ("ok", json!(report.ok())),
                    ("integrity", json!(report.integrity)),
                    ("foreign_keys", json!(report.foreign_keys)),
                ];
                print_records(
                    &[record],
                    &["path", "sqlite_version", "ok", "integrity", "foreign_keys"],
                    format,
                )?;
            }
            if !report.ok() {
                return Ok(ExitCode::from(super::EXIT_PROBLEMS));
            }
        }
        DbCommand::Rebuild => {
            let mut db = open_db(db_path)?;
            db.refresh_catalogue(&CatalogueSource::embedded(), true)?;
            let catalogue = db.catalogue()?;
            println!(
                "rebuilt the catalogue in {}: {} cards, {} foil printings (version {})",
                db_path.display(),
                catalogue.cards().len(),
                catalogue.printings().len(),
                db.catalogue_version()?.unwrap_or_default()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
