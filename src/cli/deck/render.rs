//! Printing deck reports, sheets and diffs: tables for people, JSON and CSV with the same
//! content for machines.

use std::io::Write;

use anyhow::Result;
use serde_json::{Value, json};

use super::Outcome;
use crate::catalogue::Catalogue;
use crate::cli::output::{Format, counted, plural};
use crate::cli::shortfall::{DeckNeed, need_records};

/// A table that wraps to the terminal, or to 100 columns when output is not a terminal (so
/// piped and tested output is stable and readable).
fn table(headers: &[&str]) -> comfy_table::Table {
    let mut t = crate::cli::output::table(headers);
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        t.set_width(100);
    }
    t
}
use crate::deck::{
    AssignmentKind, DeckList, DiffRow, PrintingDiff, Report, ResolvedDeck, RulesSet, Sheet,
    Verdict, deck_hash, printings_text,
};

/// A deck's shortfall against the collection, inside its JSON report.
fn owned_json(need: &DeckNeed, catalogue: &Catalogue) -> Value {
    let missing: Vec<Value> = need_records(need, catalogue, false)
        .into_iter()
        .map(|r| Value::Object(r.into_iter().map(|(k, v)| (k.to_string(), v)).collect()))
        .collect();
    json!({
        "collection": need.collection,
        "missing_copies": need.missing(),
        "missing": missing,
    })
}

fn side_text(report: &Report) -> String {
    match report.side {
        Some(side) => format!("{side} side"),
        None => "side unknown".to_string(),
    }
}

/// How many decks got each verdict.
#[derive(Default)]
struct Counts {
    legal: usize,
    illegal: usize,
    undecided: usize,
    unresolved: usize,
    unreadable: usize,
}

fn summary(outcomes: &[Outcome]) -> Counts {
    let mut counts = Counts::default();
    for o in outcomes {
        match o {
            Outcome::Checked(r) => match r.verdict {
                Verdict::Legal => counts.legal += 1,
                Verdict::Illegal => counts.illegal += 1,
                Verdict::Undecided => counts.undecided += 1,
                Verdict::Unresolved => counts.unresolved += 1,
            },
            Outcome::Unreadable { .. } => counts.unreadable += 1,
        }
    }
    counts
}

/// The summary line's tail with `--owned`: the decks the collection cannot build are a
/// reason for exit code 1 of their own, which a judge reading `2 legal` must be told.
fn lacking_text(needs: &[Option<DeckNeed>]) -> String {
    let lacking: Vec<&DeckNeed> = needs.iter().flatten().filter(|n| !n.buildable()).collect();
    let Some(first) = lacking.first() else {
        return String::new();
    };
    let copies: u64 = lacking.iter().map(|n| n.missing() as u64).sum();
    format!(
        "; collection `{}` lacks {} for {}, which makes the exit code 1",
        first.collection,
        counted(copies as usize, "copy", "copies"),
        plural(lacking.len(), "deck")
    )
}

/// `needs` holds, with `--owned`, each deck's shortfall (none for an unreadable list); it is
/// empty otherwise. JSON and CSV carry it inside the one document; the table prints it after.
pub(super) fn check(
    outcomes: &[Outcome],
    needs: &[Option<DeckNeed>],
    catalogue: &Catalogue,
    format: Format,
    brief: bool,
) -> Result<()> {
    let counts = summary(outcomes);
    let Counts {
        legal,
        illegal,
        undecided,
        unresolved,
        unreadable,
    } = counts;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match format {
        Format::Json => {
            let decks: Vec<Value> = outcomes
                .iter()
                .enumerate()
                .map(|(i, o)| match o {
                    Outcome::Checked(r) => {
                        let mut deck = serde_json::to_value(r).unwrap_or(Value::Null);
                        if let (Some(Some(need)), Value::Object(fields)) = (needs.get(i), &mut deck)
                        {
                            fields.insert("owned".into(), owned_json(need, catalogue));
                        }
                        deck
                    }
                    Outcome::Unreadable { file, error } => {
                        json!({"file": file, "verdict": "unreadable", "error": error})
                    }
                })
                .collect();
            let doc = json!({
                "decks": decks,
                "summary": {
                    "checked": outcomes.len(),
                    "legal": legal,
                    "illegal": illegal,
                    "undecided": undecided,
                    "unresolved": unresolved,
                    "unreadable": unreadable,
                },
            });
            serde_json::to_writer_pretty(&mut out, &doc)?;
            writeln!(out)?;
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(out);
            let mut headers = vec![
                "file", "name", "side", "rules", "verdict", "cards", "codes", "problems",
            ];
            if !needs.is_empty() {
                headers.push("missing_copies");
            }
            w.write_record(&headers)?;
            for (i, o) in outcomes.iter().enumerate() {
                let mut record: Vec<String> = match o {
                    Outcome::Checked(r) => {
                        let codes: Vec<&str> =
                            r.violations.iter().map(|v| v.code.as_str()).collect();
                        let problems: Vec<&str> =
                            r.violations.iter().map(|v| v.message.as_str()).collect();
                        vec![
                            r.file.clone(),
                            r.name.clone().unwrap_or_default(),
                            r.side.map(|s| s.as_str()).unwrap_or("").to_string(),
                            r.rules.clone(),
                            r.verdict.as_str().to_string(),
                            r.cards.to_string(),
                            codes.join(";"),
                            problems.join(" | "),
                        ]
                    }
                    Outcome::Unreadable { file, error } => {
                        let mut row = vec![String::new(); 8];
                        row[0] = file.clone();
                        row[4] = "unreadable".into();
                        row[7] = error.clone();
                        row
                    }
                };
                if !needs.is_empty() {
                    record.push(match needs.get(i) {
                        Some(Some(need)) => need.missing().to_string(),
                        _ => String::new(),
                    });
                }
                w.write_record(&record)?;
            }
            w.flush()?;
        }
        Format::Table => {
            for (i, o) in outcomes.iter().enumerate() {
                if i > 0 && !brief {
                    writeln!(out)?;
                }
                match o {
                    Outcome::Checked(r) if brief => {
                        brief_line(&mut out, r, needs.get(i).and_then(Option::as_ref))?
                    }
                    Outcome::Checked(r) => report_table(&mut out, r)?,
                    Outcome::Unreadable { file, error } => {
                        writeln!(out, "{file}: unreadable")?;
                        eprintln!("error: {error}");
                    }
                }
            }
            if outcomes.len() > 1 && !brief {
                writeln!(out)?;
            }
            // `cannot be decided` only when some deck is: scripts reading the line keep it.
            let undecided = if undecided > 0 {
                format!(", {undecided} cannot be decided")
            } else {
                String::new()
            };
            writeln!(
                out,
                "{} checked: {legal} legal, {illegal} illegal{undecided}, {unresolved} unresolved, {unreadable} unreadable{}",
                plural(outcomes.len(), "deck"),
                lacking_text(needs)
            )?;
        }
    }
    Ok(())
}

/// One line per deck: the verdict and the codes of its problems, and with `--owned` whether
/// the collection holds every card.
fn brief_line(out: &mut impl Write, r: &Report, need: Option<&DeckNeed>) -> Result<()> {
    let mut codes: Vec<&str> = Vec::new();
    for v in &r.violations {
        if !codes.contains(&v.code.as_str()) {
            codes.push(v.code.as_str());
        }
    }
    // Rules a list picked for itself are named, so a batch checked with the default rules
    // cannot show a bare `legal` for a list that chose laxer ones.
    let rules = if r.rules_from_list && r.rules != crate::deck::rules::DEFAULT_RULES {
        format!(" under the {} rules, as the list asks", r.rules)
    } else {
        String::new()
    };
    let owned = match need {
        Some(n) if n.buildable() => format!("; collection `{}` holds every card", n.collection),
        Some(n) => format!(
            "; collection `{}` lacks {}",
            n.collection,
            counted(n.missing() as usize, "copy", "copies")
        ),
        None => String::new(),
    };
    if codes.is_empty() {
        writeln!(out, "{}: {}{rules}{owned}", r.file, r.verdict.as_str())?;
    } else {
        writeln!(
            out,
            "{}: {}{rules} ({}){owned}",
            r.file,
            r.verdict.as_str(),
            codes.join(", ")
        )?;
    }
    Ok(())
}

fn report_table(out: &mut impl Write, r: &Report) -> Result<()> {
    let what = if r.starter { "starter deck" } else { "deck" };
    let verdict = match r.verdict {
        Verdict::Undecided => format!("{what} that cannot be decided"),
        v => format!("{} {what}", v.as_str()),
    };
    // A judge who forgot --rules must see that the list chose the rules it was checked under.
    let rules = if r.rules_from_list {
        format!(", checked under the {} rules, as the list asks", r.rules)
    } else {
        format!(" under the {} rules", r.rules)
    };
    writeln!(out, "{}: {verdict}{rules}", r.file)?;
    let count = if r.verdict == Verdict::Unresolved {
        format!("{} cards on the lines that resolved", r.cards)
    } else {
        format!("{} of {} cards", r.cards, r.required)
    };
    writeln!(
        out,
        "{}, {}, {count}",
        r.name.as_deref().unwrap_or("(unnamed)"),
        side_text(r)
    )?;
    for note in &r.notes {
        writeln!(out, "note: {note}")?;
    }
    if !r.colours.is_empty() {
        if r.assignment == AssignmentKind::Closest {
            writeln!(out, "no assignment meets every dot rule; the closest one:")?;
        }
        let mut t = table(&["Colour", "Cards", "Assigned"]);
        for c in &r.colours {
            let cards: Vec<String> = c
                .cards
                .iter()
                .map(|s| {
                    format!(
                        "{} {} {}{}",
                        s.count,
                        s.id,
                        s.name,
                        if s.wild { " (wild)" } else { "" }
                    )
                })
                .collect();
            t.add_row(vec![
                c.colour.to_string(),
                format!("{}/{}", c.count, c.required),
                cards.join("\n"),
            ]);
        }
        writeln!(out, "{t}")?;
    }
    if !r.violations.is_empty() {
        let mut t = table(&["Code", "Problem", "Actual", "Allowed"]);
        for v in &r.violations {
            t.add_row(vec![
                v.code.to_string(),
                v.message.clone(),
                v.actual.clone().unwrap_or_default(),
                v.allowed.clone().unwrap_or_default(),
            ]);
        }
        writeln!(out, "{t}")?;
    }
    Ok(())
}

pub(super) fn sheet(sheet: &Sheet, report: &Report, format: Format) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let rows: Vec<(String, u32, String, String, bool)> = sheet
        .colours
        .iter()
        .flat_map(|c| {
            c.cards.iter().map(move |s| {
                (
                    c.colour.to_string(),
                    s.count,
                    s.id.clone(),
                    s.name.clone(),
                    s.wild,
                )
            })
        })
        .chain(sheet.unplaced.iter().map(|s| {
            (
                "unplaced".to_string(),
                s.count,
                s.id.clone(),
                s.name.clone(),
                false,
            )
        }))
        .collect();
    match format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, sheet)?;
            writeln!(out)?;
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(out);
            // The deck hash on every row keeps the sheet one table and the hash with it.
            w.write_record(["colour", "quantity", "id", "card", "wild", "deck_hash"])?;
            for (colour, n, id, name, wild) in rows {
                w.write_record([
                    colour,
                    n.to_string(),
                    id,
                    name,
                    if wild { "yes" } else { "no" }.to_string(),
                    sheet.hash.clone(),
                ])?;
            }
            w.flush()?;
        }
        Format::Table => {
            writeln!(
                out,
                "registration sheet: {}, {}",
                sheet.name.as_deref().unwrap_or("(unnamed)"),
                side_text(report)
            )?;
            writeln!(
                out,
                "file: {}; rules: {}{}; verdict: {}",
                sheet.file,
                sheet.rules,
                if report.rules_from_list {
                    ", as the list asks"
                } else {
                    ""
                },
                sheet.verdict.as_str()
            )?;
            writeln!(out, "deck hash: {}", sheet.hash)?;
            // An illegal deck has no assignment that meets every rule; the grouping below is
            // the closest one the solver found, and a judge must not read it as approved.
            if sheet.verdict == Verdict::Undecided {
                writeln!(
                    out,
                    "note: the deck's legality cannot be decided (a card's dot is unknown); cards are listed without colours"
                )?;
            } else if sheet.colours.is_empty() {
                writeln!(
                    out,
                    "note: the deck is not legal; cards are listed without colours (no assignment was made)"
                )?;
            } else if sheet.verdict != Verdict::Legal {
                writeln!(
                    out,
                    "note: the deck is not legal; cards are grouped by the closest assignment found"
                )?;
            }
            let mut t = table(&["Colour", "Qty", "Id", "Card"]);
            for c in &sheet.colours {
                for (i, s) in c.cards.iter().enumerate() {
                    t.add_row(vec![
                        if i == 0 {
                            c.colour.to_string()
                        } else {
                            String::new()
                        },
                        s.count.to_string(),
                        s.id.clone(),
                        format!("{}{}", s.name, if s.wild { " (wild)" } else { "" }),
                    ]);
                }
                t.add_row(vec![
                    String::new(),
                    c.count.to_string(),
                    String::new(),
                    format!("{} total (of {})", c.colour, c.required),
                ]);
            }
            for (i, s) in sheet.unplaced.iter().enumerate() {
                t.add_row(vec![
                    if i == 0 {
                        "unplaced".to_string()
                    } else {
                        String::new()
                    },
                    s.count.to_string(),
                    s.id.clone(),
                    s.name.clone(),
                ]);
            }
            writeln!(out, "{t}")?;
            writeln!(out, "total: {} cards", sheet.total)?;
            if !report.violations.is_empty() {
                writeln!(out, "problems (see `yj deck check`):")?;
                for v in &report.violations {
                    writeln!(out, "- {}: {}", v.code, v.message)?;
                }
            }
        }
    }
    Ok(())
}

fn unresolved_lines(list: &DeckList, deck: &ResolvedDeck) -> Vec<String> {
    deck.unresolved
        .iter()
        .map(|u| {
            let why = match &u.problem {
                crate::deck::Unresolved::Unknown { .. } => "no card matches".to_string(),
                crate::deck::Unresolved::Ambiguous { candidates } => format!(
                    "matches {}",
                    candidates
                        .iter()
                        .map(|(id, _)| id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                crate::deck::Unresolved::IdNameMismatch { id, named } => format!(
                    "{} is {}, the name is {}",
                    id.0,
                    id.1,
                    if named.is_empty() {
                        "no card's".to_string()
                    } else {
                        named
                            .iter()
                            .map(|(other, _)| format!("{other}'s"))
                            .collect::<Vec<_>>()
                            .join(" or ")
                    }
                ),
                crate::deck::Unresolved::NoSuchPrinting { card, printing } => {
                    format!("{} has no {printing}", card.0)
                }
                crate::deck::Unresolved::Malformed { reason } => reason.clone(),
            };
            // Quoted as the card line, without a trailing comment the judge need not read.
            format!(
                "{}, line {}: `{}`: {why}",
                list.source,
                u.line,
                crate::deck::decklist::strip_tail_comment(&u.text)
            )
        })
        .collect()
}

/// The deck hash, only for a list whose every line resolved: the hash of the lines that did
/// would match a different, complete deck.
fn complete_hash(deck: &ResolvedDeck) -> Option<String> {
    deck.unresolved.is_empty().then(|| deck_hash(deck))
}

pub(super) fn diff(
    a_list: &DeckList,
    a: &ResolvedDeck,
    b_list: &DeckList,
    b: &ResolvedDeck,
    rows: &[DiffRow],
    printings: &[PrintingDiff],
    format: Format,
) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let unresolved: Vec<String> = unresolved_lines(a_list, a)
        .into_iter()
        .chain(unresolved_lines(b_list, b))
        .collect();
    match format {
        Format::Json => {
            let side = |list: &DeckList, deck: &ResolvedDeck| json!({"file": list.source, "cards": deck.total(), "hash": complete_hash(deck), "unresolved_lines": deck.unresolved.len()});
            let doc = json!({
                "a": side(a_list, a),
                "b": side(b_list, b),
                "same": rows.is_empty() && unresolved.is_empty(),
                "differences": rows,
                "printing_differences": printings,
                "unresolved": unresolved,
            });
            serde_json::to_writer_pretty(&mut out, &doc)?;
            writeln!(out)?;
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(out);
            w.write_record(["id", "card", "a", "b", "change"])?;
            for line in &unresolved {
                w.write_record(["", line.as_str(), "", "", "unresolved"])?;
            }
            for r in rows {
                w.write_record([
                    r.id.clone(),
                    r.name.clone(),
                    r.a.to_string(),
                    r.b.to_string(),
                    format!("{:+}", i64::from(r.b) - i64::from(r.a)),
                ])?;
            }
            for p in printings {
                w.write_record([
                    p.id.clone(),
                    p.name.clone(),
                    printings_text(&p.a),
                    printings_text(&p.b),
                    "printing".to_string(),
                ])?;
            }
            w.flush()?;
        }
        Format::Table => {
            for (label, list, deck) in [("A", a_list, a), ("B", b_list, b)] {
                let cards = plural(deck.total() as usize, "card");
                match complete_hash(deck) {
                    Some(hash) => {
                        writeln!(out, "{label}: {} ({cards}, deck hash {hash})", list.source)?
                    }
                    None => writeln!(
                        out,
                        "{label}: {} ({cards} on the lines that resolved, no deck hash: {} unresolved)",
                        list.source,
                        plural(deck.unresolved.len(), "line")
                    )?,
                }
            }
            for line in &unresolved {
                writeln!(out, "unresolved: {line}")?;
            }
            // Printings are not the deck: said apart, after the cards that differ.
            let printing_lines = |out: &mut std::io::StdoutLock| -> Result<()> {
                for p in printings {
                    writeln!(
                        out,
                        "printing: {} {}: A {}; B {} (the same cards, so the same deck)",
                        p.id,
                        p.name,
                        printings_text(&p.a),
                        printings_text(&p.b)
                    )?;
                }
                Ok(())
            };
            if rows.is_empty() {
                printing_lines(&mut out)?;
                if unresolved.is_empty() {
                    writeln!(out, "the two lists are the same deck")?;
                } else {
                    writeln!(out, "the resolved cards are the same")?;
                }
                return Ok(());
            }
            let mut t = table(&["Id", "Card", "A", "B", "Change"]);
            for r in rows {
                t.add_row(vec![
                    r.id.clone(),
                    r.name.clone(),
                    r.a.to_string(),
                    r.b.to_string(),
                    format!("{:+}", i64::from(r.b) - i64::from(r.a)),
                ]);
            }
            writeln!(out, "{t}")?;
            printing_lines(&mut out)?;
            let verb = if rows.len() == 1 { "differs" } else { "differ" };
            writeln!(out, "{} {verb}", plural(rows.len(), "card"))?;
        }
    }
    Ok(())
}

pub(super) fn rules(sets: &[RulesSet], format: Format) -> Result<()> {
    if format == Format::Table {
        let mut t = table(&[
            "Name",
            "Description",
            "Deck",
            "Starter",
            "Title limit",
            "Virtual",
            "Sets",
        ]);
        for r in sets {
            t.add_row(vec![
                r.name.clone(),
                r.description.clone(),
                r.deck_size.to_string(),
                r.starter_size
                    .map(|s| s.to_string())
                    .unwrap_or_else(|| "-".into()),
                r.title_limit
                    .map(|l| format!("{l} per colour"))
                    .unwrap_or_else(|| "none".into()),
                if r.virtual_cards { "yes" } else { "no" }.to_string(),
                r.sets
                    .iter()
                    .map(|s| s.code())
                    .collect::<Vec<_>>()
                    .join(" "),
            ]);
        }
        println!("{t}");
        return Ok(());
    }
    let records: Vec<crate::cli::output::Record> = sets
        .iter()
        .map(|r| {
            vec![
                ("name", json!(r.name)),
                ("description", json!(r.description)),
                ("deck_size", json!(r.deck_size)),
                ("starter_size", json!(r.starter_size)),
                ("title_limit", json!(r.title_limit)),
                ("three_planet_rule", json!(r.three_planet_rule)),
                ("max_objectives", json!(r.max_objectives)),
                ("virtual_cards", json!(r.virtual_cards)),
                (
                    "sets",
                    json!(
                        r.sets
                            .iter()
                            .map(|s| s.code())
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                ),
                ("banned", json!(r.banned.join(" "))),
            ]
        })
        .collect();
    let headers: Vec<&'static str> = records
        .first()
        .map(|r| r.iter().map(|(k, _)| *k).collect())
        .unwrap_or_default();
    crate::cli::output::print_records(&records, &headers, format)
}
