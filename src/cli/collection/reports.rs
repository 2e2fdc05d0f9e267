//! The reports of `yj collection`: list, completion, want, trades, history, names.

use super::*;

impl Ctx<'_> {
    pub(super) fn list(&self, db: &Database, a: ListArgs) -> Result<ExitCode> {
        let h = self.holdings(db)?;
        let filter = a.filter.filter();
        // `list DM-1` means the card DM-1, not every card whose text holds `DM-1` (DM-10 to
        // DM-19 and more): a text that is a card's exact id names that card.
        let exact = filter
            .as_ref()
            .and_then(|f| f.text.as_deref())
            .and_then(|t| self.catalogue.get(t.trim()))
            .map(|c| c.id.clone());
        let wanted_trait = filter.as_ref().and_then(|f| f.traits.as_deref());
        crate::cli::cards::check_trait(self.catalogue, wanted_trait)?;
        let matching: Vec<String> = if let Some(filter) = &filter {
            db.search(filter)?
                .into_iter()
                .filter(|id| exact.as_ref().is_none_or(|e| e == id))
                .collect()
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
                    // Each foil printing lacking: for a card with several, each release not
                    // recorded as owned (a foil whose printing is not recorded may be either).
                    let releases = crate::collection::printings::foil_releases(self.catalogue, id);
                    if releases.len() > 1 {
                        for r in releases {
                            let slot = crate::collection::Slot::owned(id, Finish::Foil)
                                .with_printing(Some(r));
                            if h.qty(&slot) == 0 {
                                rows.push((slot, crate::collection::Value::qty(0)));
                            }
                        }
                    } else if !releases.is_empty() && h.owned(id, Finish::Foil) == 0 {
                        rows.push((
                            crate::collection::Slot::owned(id, Finish::Foil),
                            crate::collection::Value::qty(0),
                        ));
                    }
                } else if h.owned_total(id) == 0 {
                    rows.push((
                        crate::collection::Slot::owned(id, Finish::Regular),
                        crate::collection::Value::qty(0),
                    ));
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
                        || (filter.is_none() && self.catalogue.get(&s.card_id).is_none())
                })
                .collect();
            owned.sort_by_key(|(s, _)| export::order_key(self.catalogue, s));
            for (s, v) in owned {
                rows.push((s.clone(), v.clone()));
            }
        }
        // Lots, prices and built decks get columns when a listed row has one, so a collection
        // that records none lists as it always has.
        let lots = rows.iter().any(|(s, v)| {
            s.lot > 0 || v.price.is_some() || v.deck.is_some() || h.lots(s).count() > 1
        });
        let records: Vec<Record> = rows
            .iter()
            .map(|(slot, v)| {
                let (qty, condition, note) = (v.qty, v.condition, &v.note);
                let id = &slot.card_id;
                let card = self.catalogue.get(id);
                let mut record = vec![
                    ("card_id", json!(id)),
                    ("name", json!(self.card_name(id))),
                    ("set", json!(card.map(|c| c.set.code()))),
                    ("rarity", json!(card.map(|c| c.rarity.as_str()))),
                    ("finish", json!(self.finish_label(slot))),
                    ("qty", json!(qty)),
                    ("condition", json!(condition.map(|c| c.as_str()))),
                    // A note a spreadsheet would run as a formula is written as text.
                    (
                        "note",
                        json!(match (a.format, note) {
                            (Format::Csv, Some(n)) => Some(export::neutralise(n).into_owned()),
                            (_, n) => n.clone(),
                        }),
                    ),
                ];
                if lots {
                    record.push(("lot", json!(slot.lot)));
                    record.push((
                        "price_paid",
                        json!(v.price.map(crate::collection::model::format_price)),
                    ));
                    record.push(("deck", json!(v.deck)));
                }
                record
            })
            .collect();
        let mut headers = vec![
            "card_id",
            "name",
            "set",
            "rarity",
            "finish",
            "qty",
            "condition",
            "note",
        ];
        if lots {
            headers.extend(["lot", "price_paid", "deck"]);
        }
        print_records(&records, &headers, a.format)?;
        if a.format == Format::Table {
            let copies: u32 = rows.iter().map(|r| r.1.qty).sum();
            if a.missing {
                eprintln!("{} not owned", plural(rows.len(), "printing"));
            } else {
                let priced: u32 = rows
                    .iter()
                    .filter(|r| r.1.price.is_some())
                    .map(|r| r.1.qty)
                    .sum();
                let paid: u64 = rows
                    .iter()
                    .map(|r| r.1.price.unwrap_or(0) as u64 * r.1.qty as u64)
                    .sum();
                let in_decks: u32 = rows
                    .iter()
                    .filter(|r| r.1.deck.is_some())
                    .map(|r| r.1.qty)
                    .sum();
                let mut summary = format!(
                    "{} in {}, {}",
                    plural(rows.len(), "lot"),
                    plural(
                        {
                            let mut p: Vec<_> = rows
                                .iter()
                                .map(|r| (&r.0.card_id, r.0.finish, r.0.printing))
                                .collect();
                            p.dedup();
                            p.len()
                        },
                        "printing"
                    ),
                    counted(copies as usize, "copy", "copies")
                );
                if !lots {
                    summary = format!(
                        "{}, {}",
                        plural(rows.len(), "printing"),
                        counted(copies as usize, "copy", "copies")
                    );
                }
                if in_decks > 0 {
                    summary.push_str(&format!(", {in_decks} of them in built decks"));
                }
                if priced > 0 {
                    summary.push_str(&format!(
                        "; paid {} for {}{}",
                        format_paid(paid),
                        counted(priced as usize, "copy", "copies"),
                        if priced < copies {
                            format!(" ({} without a price)", copies - priced)
                        } else {
                            String::new()
                        }
                    ));
                }
                eprintln!("{summary}");
            }
        }
        Ok(ExitCode::SUCCESS)
    }

    /// The built decks: each with its copies (`collection decks`).
    pub(super) fn decks(&self, db: &Database, format: Format) -> Result<ExitCode> {
        let h = self.holdings(db)?;
        let decks = h.built_decks();
        let records: Vec<Record> = decks
            .iter()
            .map(|(name, copies)| vec![("deck", json!(name)), ("copies", json!(copies))])
            .collect();
        if format == Format::Table && records.is_empty() {
            println!(
                "collection `{}` has no built decks (`yj collection build DECKFILE` records one)",
                self.name
            );
            return Ok(ExitCode::SUCCESS);
        }
        print_records(&records, &["deck", "copies"], format)?;
        Ok(ExitCode::SUCCESS)
    }

    pub(super) fn completion(&self, db: &Database, a: CompletionArgs) -> Result<ExitCode> {
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
        if !report.unrecorded_foils.is_empty() {
            println!(
                "Foils whose printing is not recorded ({}): each counts once, under its card's \
                 own set; say which with `yj collection printing CARD RELEASE` (e.g. `yj \
                 collection printing {} RF`).",
                report.unrecorded_foils.join(", "),
                report.unrecorded_foils[0]
            );
        }
        if !report.unlisted_foils.is_empty() {
            println!(
                "Also owned: foils of {} the catalogue lists no foil printing of ({}).",
                plural(report.unlisted_foils.len(), "card"),
                report.unlisted_foils.join(", ")
            );
        }
        Ok(ExitCode::SUCCESS)
    }

    pub(super) fn wants(
        &self,
        db: &Database,
        set: Option<Set>,
        format: Format,
    ) -> Result<ExitCode> {
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
                    (
                        "finish",
                        json!(
                            self.want_label(
                                &crate::collection::Slot::want(&w.card_id, w.finish)
                                    .with_printing(w.printing)
                            )
                        ),
                    ),
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

    pub(super) fn trades(&self, db: &Database, format: Format) -> Result<ExitCode> {
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
                    ("foil_printings", json!(t.foil_printings)),
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
                "foil_printings",
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

    /// `trades --text`: the copies to spare (and a trade binder's), one line a printing, as a
    /// decklist: quantity, id, name, and `(foil)`, so a partner's `yj` imports it as it is.
    pub(super) fn trade_text(&self, db: &Database, binder: Option<&str>) -> Result<ExitCode> {
        let h = self.holdings(db)?;
        // (card, finish) -> copies, in catalogue order.
        let mut lines: Vec<(crate::collection::Slot, u32)> = Vec::new();
        let mut add = |slot: crate::collection::Slot, n: u32| {
            if n == 0 {
                return;
            }
            match lines.iter_mut().find(|(s, _)| *s == slot) {
                Some((_, q)) => *q += n,
                None => lines.push((slot, n)),
            }
        };
        for t in trades(self.catalogue, &h) {
            add(
                crate::collection::Slot::owned(&t.card_id, Finish::Regular),
                t.trade_regular,
            );
            add(
                crate::collection::Slot::owned(&t.card_id, Finish::Foil),
                t.trade_foil,
            );
        }
        if let Some(name) = binder {
            check_collection_name(name).map_err(input)?;
            if !store::collections(db)
                .map_err(input)?
                .iter()
                .any(|k| k == name)
            {
                return Err(
                    InputError(format!("there is no collection `{name}` to trade from")).into(),
                );
            }
            // A built deck kept in the binder's collection is not for trade.
            let b = store::load(db.connection(), name)
                .map_err(input)?
                .free(None);
            for (slot, v) in b.entries_of(List::Owned) {
                add(
                    crate::collection::Slot::owned(&slot.card_id, slot.finish),
                    v.qty,
                );
            }
        }
        lines.sort_by_key(|(s, _)| export::order_key(self.catalogue, s));
        let from = match binder {
            Some(b) => format!("collection `{}` and trade binder `{b}`", self.name),
            None => format!("collection `{}`", self.name),
        };
        let copies: u32 = lines.iter().map(|(_, n)| n).sum();
        println!(
            "# For trade: {} from {from}",
            counted(copies as usize, "copy", "copies")
        );
        for (slot, n) in &lines {
            println!(
                "{n} {} {}{}",
                slot.card_id,
                self.card_name(&slot.card_id),
                if slot.finish == Finish::Foil {
                    " (foil)"
                } else {
                    ""
                }
            );
        }
        Ok(ExitCode::SUCCESS)
    }

    pub(super) fn history(&self, db: &Database, a: HistoryArgs) -> Result<ExitCode> {
        if a.n == 0 {
            // Zero entries would print "no history yet", which is false.
            return Err(InputError("-n must be at least 1".into()).into());
        }
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
                                // Which foil printing (`RF`...); null for a regular copy, a
                                // card with one foil printing, or a printing not recorded.
                                "printing": c.slot.printing.map(|p| p.code()),
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
                        ("redoes", json!(e.redoes)),
                        ("redone_by", json!(e.redone_by)),
                        ("changes", Json::Array(changes)),
                    ]
                })
                .collect();
            print_records(
                &records,
                &[
                    "id",
                    "time",
                    "command",
                    "undoes",
                    "undone_by",
                    "redoes",
                    "redone_by",
                    "changes",
                ],
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
            if let Some(r) = e.redoes {
                command.push_str(&format!("\n(redoes #{r})"));
            }
            if let Some(r) = e.redone_by {
                command.push_str(&format!("\n(redone by #{r})"));
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
}

fn overall_name(set: Option<Set>) -> String {
    match set {
        Some(s) => s.name().to_string(),
        None => "All printed sets".to_string(),
    }
}

pub(super) fn names(db: &Database, format: Format) -> Result<ExitCode> {
    let mut records: Vec<Record> = Vec::new();
    for name in store::collections(db).map_err(input)? {
        let h = store::load(db.connection(), &name).map_err(input)?;
        let owned: Vec<_> = h.entries_of(List::Owned).collect();
        records.push(vec![
            ("collection", json!(name)),
            // Lots of one printing count once.
            (
                "printings",
                json!(
                    owned
                        .iter()
                        .map(|(s, _)| (&s.card_id, s.finish, s.printing))
                        .collect::<std::collections::BTreeSet<_>>()
                        .len()
                ),
            ),
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

/// A sum of prices in hundredths: `1234.50`.
fn format_paid(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}
