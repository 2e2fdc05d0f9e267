//! Output formats shared by every command: a table for people, JSON and CSV for machines,
//! with the same fields in each.

use std::io::{ErrorKind, Write};
use std::path::Path;

use anyhow::{Context, Result};
use clap::ValueEnum;
use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    #[default]
    Table,
    Json,
    Csv,
}

/// One output row: field names and values, in order.
pub type Record = Vec<(&'static str, Value)>;

/// A value as a table or CSV cell: strings bare, null empty.
pub fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
        other => other.to_string(),
    }
}

pub fn table(headers: &[&str]) -> Table {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(headers.to_vec());
    // Wrap long cells to the terminal; when output goes to a file or pipe there is no
    // terminal width, so keep tables readable at 160 columns (long cells such as ability notes wrap).
    if table.width().is_none() {
        table.set_width(160);
    }
    table
}

/// Prints records in the chosen format. Every record must have the same fields.
pub fn print_records(records: &[Record], headers: &[&'static str], format: Format) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match format {
        Format::Table => {
            let mut t = table(headers);
            for r in records {
                t.add_row(r.iter().map(|(_, v)| cell(v)).collect::<Vec<_>>());
            }
            writeln!(out, "{t}")?;
        }
        Format::Json => {
            let array: Vec<Value> = records
                .iter()
                .map(|r| Value::Object(r.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()))
                .collect();
            serde_json::to_writer_pretty(&mut out, &array)?;
            writeln!(out)?;
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(out);
            w.write_record(headers)?;
            for r in records {
                w.write_record(r.iter().map(|(_, v)| cell(v)))?;
            }
            w.flush()?;
        }
    }
    Ok(())
}

/// `1 copy`, `3 copies`: for words whose plural is not just an `s`.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n thing` / `n things`.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Writes a file the user named (`-o FILE`). A path that cannot be a file this user may
/// write (a folder, in a folder that does not exist, read-only) is the user's input, exit 2;
/// any other failure (a full disk, an I/O error) is the environment's, exit 3 (README "Exit
/// codes": another path fixes the first; the same command on a healthy machine, the second).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    let what = || format!("cannot write `{}`", path.display());
    std::fs::write(path, bytes).or_else(|e| match e.kind() {
        ErrorKind::NotFound
        | ErrorKind::PermissionDenied
        | ErrorKind::IsADirectory
        | ErrorKind::NotADirectory
        | ErrorKind::ReadOnlyFilesystem
        | ErrorKind::InvalidFilename => Err(super::InputError(format!("{}: {e}", what())).into()),
        _ => Err(e).with_context(what),
    })
}
