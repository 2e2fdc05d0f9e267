//! Files in and out of `yj collection`: import and export.

use super::*;
use crate::collection::destination::Destination;

impl Ctx<'_> {
    fn print_rejected(&self, file: &Path, rejected: &[Rejected]) {
        for r in rejected {
            eprintln!(
                "{}:{}: {}",
                file.display(),
                r.line,
                super::super::shown(&r.reason)
            );
        }
    }

    pub(super) fn import(&self, db: &mut Database, a: ImportArgs) -> Result<ExitCode> {
        let (text, encoding) = import::read(&a.file).map_err(input)?;
        if let Some(note) = encoding {
            eprintln!("{}: warning: {note}", a.file.display());
        }
        let parsed =
            import::parse(&a.file.display().to_string(), &text, self.catalogue).map_err(input)?;
        let mode = match a.mode {
            ImportMode::Set => Mode::Set,
            ImportMode::Add => Mode::Add,
            ImportMode::Sync => Mode::Sync,
        };
        // One warning per reason: a file that repeats a card repeats its warning.
        let mut warnings: Vec<(&Rejected, Vec<u64>)> = Vec::new();
        let mut by_reason: std::collections::HashMap<&str, usize> = Default::default();
        for w in &parsed.warnings {
            match by_reason.get(w.reason.as_str()) {
                Some(&i) => warnings[i].1.push(w.line),
                None => {
                    by_reason.insert(&w.reason, warnings.len());
                    warnings.push((w, Vec::new()));
                }
            }
        }
        for (w, also) in &warnings {
            let more = match also.len() {
                0 => String::new(),
                n => {
                    let shown: Vec<String> = also.iter().take(5).map(u64::to_string).collect();
                    format!(
                        " (also line{} {}{})",
                        if n == 1 { "" } else { "s" },
                        shown.join(", "),
                        if n > 5 {
                            format!(" and {} more", n - 5)
                        } else {
                            String::new()
                        }
                    )
                }
            };
            eprintln!(
                "{}:{}: warning: {}{more}",
                a.file.display(),
                w.line,
                super::super::shown(&w.reason)
            );
        }
        // An export of every collection sends each row to the collection it names.
        let mut targets: Vec<String> = Vec::new();
        for r in &parsed.rows {
            let t = r.collection.as_deref().unwrap_or(self.name);
            if !targets.iter().any(|k| k == t) {
                targets.push(t.to_string());
            }
        }
        if targets.iter().any(|t| t != self.name) {
            targets.sort();
            return self.import_each(db, &a, &parsed, mode, &targets);
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
                "dry run of {} ({}, {}): {}{}, {}; nothing was changed",
                a.file.display(),
                plural(parsed.rows.len() + parsed.rejected.len(), "row"),
                parsed.format.as_str(),
                plural(changes.len(), "change"),
                removals(&changes),
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
                        "imported {} from {}: {}{} in collection `{}`, recorded as change \
                         #{entry} (`yj collection undo` reverts it)",
                        plural(parsed.rows.len(), "row"),
                        a.file.display(),
                        plural(written.changes.len(), "change"),
                        removals(&written.changes),
                        self.name
                    ),
                    None => eprintln!(
                        "imported {} from {}: the collection `{}` already matches, nothing \
                         changed",
                        plural(parsed.rows.len(), "row"),
                        a.file.display(),
                        self.name
                    ),
                }
                Ok(ExitCode::SUCCESS)
            }
        }
    }

    /// An import whose rows name their collections: every collection planned first (so every
    /// rejected row is reported before anything is written), then all written in one
    /// transaction, a change of its own in each collection.
    fn import_each(
        &self,
        db: &mut Database,
        a: &ImportArgs,
        parsed: &import::Parsed,
        mode: Mode,
        targets: &[String],
    ) -> Result<ExitCode> {
        let rows_of = |t: &str| -> Vec<import::ImportRow> {
            parsed
                .rows
                .iter()
                .filter(|r| r.collection.as_deref().unwrap_or(self.name) == t)
                .cloned()
                .collect()
        };
        let mut rejected = parsed.rejected.clone();
        let mut planned = Vec::new();
        for t in targets {
            let h = store::load(db.connection(), t).map_err(input)?;
            match import::plan(&rows_of(t), mode, &h) {
                Ok(c) => planned.push((t.clone(), c)),
                Err(r) => rejected.extend(r),
            }
        }
        rejected.sort_by_key(|r| r.line);
        let names: Vec<String> = targets.iter().map(|t| format!("`{t}`")).collect();
        if a.dry_run {
            for (t, c) in &planned {
                if !c.is_empty() {
                    println!("collection `{t}`:");
                    self.print_changes(c);
                }
            }
            self.print_rejected(&a.file, &rejected);
            let n: usize = planned.iter().map(|(_, c)| c.len()).sum();
            eprintln!(
                "dry run of {} ({}, {}) into collections {}: {}, {}; nothing was changed",
                a.file.display(),
                plural(parsed.rows.len() + parsed.rejected.len(), "row"),
                parsed.format.as_str(),
                names.join(", "),
                plural(n, "change"),
                plural(rejected.len(), "rejected row")
            );
            return Ok(if rejected.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(EXIT_PROBLEMS)
            });
        }
        if !rejected.is_empty() {
            self.print_rejected(&a.file, &rejected);
            eprintln!(
                "{}; nothing was imported (see them all with --dry-run, fix the file and \
                 import it again)",
                plural(rejected.len(), "rejected row")
            );
            return Ok(ExitCode::from(EXIT_PROBLEMS));
        }
        let result = store::write_each(db, targets, &command_line(), write_options(), |t, h| {
            import::plan(&rows_of(t), mode, h).map_err(CollectionError::Rejected)
        });
        let written = match result {
            Err(CollectionError::Rejected(rejected)) => {
                self.print_rejected(&a.file, &rejected);
                eprintln!(
                    "{}; nothing was imported",
                    plural(rejected.len(), "rejected row")
                );
                return Ok(ExitCode::from(EXIT_PROBLEMS));
            }
            other => other.map_err(input)?,
        };
        let mut parts = Vec::new();
        for (t, w) in &written {
            match w.entry {
                Some(entry) => {
                    println!("collection `{t}`:");
                    self.print_changes(&w.changes);
                    parts.push(format!(
                        "`{t}` {} (change #{entry})",
                        plural(w.changes.len(), "change")
                    ));
                }
                None => parts.push(format!("`{t}` already matches")),
            }
        }
        eprintln!(
            "imported {} from {} into {}: {} (`yj collection undo --collection NAME` reverts \
             each)",
            plural(parsed.rows.len(), "row"),
            a.file.display(),
            plural(targets.len(), "collection"),
            parts.join(", ")
        );
        Ok(ExitCode::SUCCESS)
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
                    if let Some(p) = v.price {
                        s.push_str(&format!(
                            " at {}",
                            crate::collection::model::format_price(p)
                        ));
                    }
                    if let Some(d) = &v.deck {
                        s.push_str(&format!(" in {d}"));
                    }
                    s
                })
            };
            t.add_row(vec![
                c.slot.list.as_str().to_string(),
                c.slot.card_id.clone(),
                self.card_name(&c.slot.card_id),
                match c.slot.list {
                    List::Keep => String::new(),
                    List::Owned if c.slot.lot > 0 => {
                        format!("{}, lot {}", self.finish_label(&c.slot), c.slot.lot)
                    }
                    List::Owned => self.finish_label(&c.slot),
                    List::Want => self.want_label(&c.slot),
                },
                q(&c.before),
                q(&c.after),
            ]);
        }
        println!("{t}");
    }

    pub(super) fn export(&self, db: &Database, a: ExportArgs) -> Result<ExitCode> {
        let (orphans, text, what) = if a.all {
            let names = store::collections(db).map_err(input)?;
            let mut all = Vec::new();
            let mut orphans = Vec::new();
            for name in &names {
                let h = store::load(db.connection(), name).map_err(input)?;
                let (rows, o) = export::rows(self.catalogue, &h);
                orphans.extend(o);
                all.push((name.clone(), rows));
            }
            let tagged: Vec<export::AllRow<'_>> = all
                .iter()
                .flat_map(|(name, rows)| {
                    rows.iter().map(move |row| export::AllRow {
                        collection: name,
                        row,
                    })
                })
                .collect();
            let text = match a.format {
                ExportFormat::Csv => export::to_csv_all(&tagged),
                ExportFormat::Json => export::to_json_all(&tagged),
            };
            let n = tagged.len();
            (
                orphans,
                text,
                format!(
                    "{} of every collection ({})",
                    counted(n, "entry", "entries"),
                    names.join(", ")
                ),
            )
        } else {
            let h = self.holdings(db)?;
            let (rows, orphans) = export::rows(self.catalogue, &h);
            let text = match a.format {
                ExportFormat::Csv => export::to_csv(&rows),
                ExportFormat::Json => export::to_json(&rows),
            };
            let what = format!(
                "{} of collection `{}`",
                counted(rows.len(), "entry", "entries"),
                self.name
            );
            (orphans, text, what)
        };
        if !orphans.is_empty() {
            eprintln!(
                "warning: {} name{} a card the catalogue no longer has ({}); they are exported \
                 marked `{}`, and `import` restores them as they are",
                counted(orphans.len(), "entry", "entries"),
                if orphans.len() == 1 { "s" } else { "" },
                orphans.join(", "),
                export::NOT_IN_CATALOGUE
            );
        }
        match &a.output {
            None => print!("{text}"),
            Some(path) => {
                // A file is replaced by a rename: never let that be the database, its log,
                // or a backup of it. A device or pipe is written through, never read.
                let target = Destination::of(path).map_err(input)?;
                backup::not_the_database(db.path(), target.path(), "export to").map_err(input)?;
                if target.is_existing_file() && backup::is_sqlite_file(target.path()) {
                    return Err(InputError(format!(
                        "`{}` is a database (a yj database or backup?), not an export; export \
                         to another file",
                        path.display()
                    ))
                    .into());
                }
                target.write(path, text.as_bytes()).map_err(input)?;
                eprintln!("exported {what} to {}", path.display());
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// ` (2 removals)`: entries a sync removes (and any change that empties an entry).
fn removals(changes: &[Change]) -> String {
    match changes.iter().filter(|c| c.after.is_none()).count() {
        0 => String::new(),
        n => format!(" ({})", plural(n, "removal")),
    }
}
