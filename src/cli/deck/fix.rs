//! `yj deck fix`: the fewest changes that make a deck legal, the resulting list, and its check.

use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Args;
use serde_json::{Value, json};

use super::{Loaded, Outcome, OwnedArgs, RulesChoice, chosen_rules, load, render};
use crate::catalogue::{Catalogue, Database, Side};
use crate::cli::output::{Format, write_file};
use crate::cli::shortfall::check_collection;
use crate::cli::{EXIT_PROBLEMS, InputError};
use crate::collection::{requirements, store};
use crate::deck::fix::{Action, Change, Fix, Mode, Request, Supply, fix};
use crate::deck::strength::Strength;
use crate::deck::{
    DeckCard, DeckList, Entry, ListFormat, Report, ResolvedDeck, Resolver, RulesSet, Verdict, check,
};
use crate::engine::CardPool;

#[derive(Debug, Args)]
#[command(
    mut_arg("owned", |a| a.help(
        "Add only cards the collection has beyond what the deck uses; say what it lacks"
    )),
    mut_arg("collection", |a| a.help("The collection to add from (with --owned)")),
)]
pub struct FixArgs {
    /// The decklist; `-` reads standard input.
    #[arg(value_name = "DECK")]
    file: String,
    #[command(flatten)]
    rules: RulesChoice,
    /// Fix a 30-card starter deck (five cards per colour).
    #[arg(long)]
    starter: bool,
    #[command(flatten)]
    owned: OwnedArgs,
    /// Write the resulting list to FILE, in the input's format (text, CSV or TOML).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(args: FixArgs, db: &Database, catalogue: &Catalogue) -> Result<ExitCode> {
    if let Some(name) = args.owned.collection() {
        check_collection(db, name)?;
    }
    let chosen = chosen_rules(&args.rules, catalogue, args.starter)?;
    let Loaded {
        list,
        deck,
        report,
        rules,
    } = load(
        &args.file,
        &chosen,
        &mut Resolver::new(catalogue),
        args.starter,
    )
    .map_err(InputError)?;
    if report.verdict == Verdict::Unresolved {
        // Nothing can be judged, so nothing fixed, until every line names one card.
        render::check(
            &[Outcome::Checked(Box::new(report))],
            &[],
            catalogue,
            args.format,
            false,
        )?;
        eprintln!(
            "{}: the list has lines that name no card (or several); correct them, then run `yj deck fix` again",
            list.source
        );
        return Ok(ExitCode::from(EXIT_PROBLEMS));
    }
    let Some(side) = deck.side else {
        bail!(InputError(format!(
            "{}: the deck's side is not known; add a line `side: light` or `side: dark`",
            list.source
        )));
    };
    let size = if args.starter {
        rules.starter_size.unwrap_or(rules.deck_size)
    } else {
        rules.deck_size
    };
    let cards: Vec<(usize, u32)> = deck.cards.iter().map(|c| (c.index, c.count)).collect();
    let owned: Option<Vec<u32>> = match args.owned.collection() {
        Some(name) => Some(available(db, catalogue, &deck, name)?),
        None => None,
    };
    let supply = match &owned {
        Some(o) => Supply::Owned(o),
        None => Supply::Catalogue,
    };
    let request = Request {
        deck: &cards,
        side,
        rules: &rules,
        size,
        supply,
        mode: Mode::Fix,
    };
    let legal_before = report.is_legal();
    let result = if legal_before {
        None
    } else {
        let pool = CardPool::from_catalogue(catalogue);
        let deck_indexes: Vec<usize> = cards.iter().map(|c| c.0).collect();
        let strength = Strength::for_deck(catalogue, &pool, &deck_indexes);
        match fix(&request, catalogue, &|i| strength.of(i)) {
            Ok(f) => Some(f),
            Err(e) => {
                eprintln!("{}: {e}", list.source);
                return Ok(ExitCode::from(EXIT_PROBLEMS));
            }
        }
    };
    let final_cards = result.as_ref().map_or(cards.clone(), |f| f.cards.clone());
    let mut fixed_list = fixed_list(&list, &final_cards, catalogue, side);
    fixed_list.source = match &args.output {
        Some(path) => path.display().to_string(),
        None if legal_before => list.source.clone(),
        None => format!("{} after the changes", list.source),
    };
    let fixed_deck = resolved(&final_cards, catalogue, side, deck.side_declared);
    let mut after = check(&fixed_list, &fixed_deck, catalogue, &rules, args.starter);
    after.rules_from_list = report.rules_from_list;
    if let Some(path) = &args.output {
        let text = write_list(&fixed_list, &final_cards, catalogue, side);
        write_file(path, text.as_bytes()).context("the fixed deck was not written")?;
    }
    print(
        &args,
        &list,
        &rules,
        result.as_ref(),
        &final_cards,
        &after,
        catalogue,
    )?;
    Ok(if legal_before {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_PROBLEMS)
    })
}

/// Per catalogue card, the copies the collection has beyond what the deck already uses (a
/// virtual card's original counted as the deck's, as `yj deck need` does).
fn available(
    db: &Database,
    catalogue: &Catalogue,
    deck: &ResolvedDeck,
    collection: &str,
) -> Result<Vec<u32>> {
    let holdings = store::load(db.connection(), collection)?;
    let wanted: Vec<(String, u32)> = deck.cards.iter().map(|c| (c.id.clone(), c.count)).collect();
    let needed = requirements(&holdings, catalogue, &wanted);
    Ok(catalogue
        .cards()
        .iter()
        .map(|card| {
            let used = needed
                .iter()
                .find(|n| n.card_id == card.id)
                .map_or(0, |n| n.needed);
            holdings.owned_total(&card.id).saturating_sub(used)
        })
        .collect())
}

/// The deck's list with the fixed cards as its lines (name, side and rules kept).
fn fixed_list(
    list: &DeckList,
    cards: &[(usize, u32)],
    catalogue: &Catalogue,
    side: Side,
) -> DeckList {
    let mut out = list.clone();
    out.side = Some(list.side.unwrap_or(side));
    out.bad_lines.clear();
    out.entries = cards
        .iter()
        .enumerate()
        .map(|(k, &(i, n))| {
            let card = &catalogue.cards()[i];
            Entry {
                line: k + 1,
                quantity: n,
                card: card.id.clone(),
                text: format!("{n} {} {}", card.id, card.full_name()),
            }
        })
        .collect();
    out
}

fn resolved(
    cards: &[(usize, u32)],
    catalogue: &Catalogue,
    side: Side,
    declared: bool,
) -> ResolvedDeck {
    ResolvedDeck {
        side: Some(side),
        side_declared: declared,
        declared_side: declared.then_some(side),
        cards: cards
            .iter()
            .enumerate()
            .map(|(k, &(i, n))| DeckCard {
                index: i,
                id: catalogue.cards()[i].id.clone(),
                count: n,
                lines: vec![k + 1],
                copies: [n, 0, 0],
            })
            .collect(),
        unresolved: Vec::new(),
        tie_breaks: Vec::new(),
    }
}

/// The list as a file in its own format; `yj deck check` reads it back as the same deck.
pub(super) fn write_list(
    list: &DeckList,
    cards: &[(usize, u32)],
    catalogue: &Catalogue,
    side: Side,
) -> String {
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut out = String::new();
    match list.format {
        ListFormat::Text => {
            if let Some(name) = &list.name {
                out.push_str(&format!("name: {name}\n"));
            }
            out.push_str(&format!("side: {side}\n"));
            if let Some(rules) = &list.rules {
                out.push_str(&format!("rules: {rules}\n"));
            }
            for &(i, n) in cards {
                let card = &catalogue.cards()[i];
                out.push_str(&format!("{n} {} {}\n", card.id, card.full_name()));
            }
        }
        ListFormat::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(["quantity", "card_id", "name"])
                .expect("writing to memory");
            for &(i, n) in cards {
                let card = &catalogue.cards()[i];
                w.write_record([n.to_string(), card.id.clone(), card.full_name()])
                    .expect("writing to memory");
            }
            out = String::from_utf8(w.into_inner().expect("writing to memory"))
                .expect("CSV of UTF-8 fields");
        }
        ListFormat::Toml => {
            if let Some(name) = &list.name {
                out.push_str(&format!("name = {}\n", quote(name)));
            }
            out.push_str(&format!("side = {}\n", quote(side.as_str())));
            if let Some(rules) = &list.rules {
                out.push_str(&format!("rules = {}\n", quote(rules)));
            }
            out.push_str("cards = [\n");
            for &(i, n) in cards {
                let card = &catalogue.cards()[i];
                out.push_str(&format!(
                    "  {},\n",
                    quote(&format!("{n} {} {}", card.id, card.full_name()))
                ));
            }
            out.push_str("]\n");
        }
    }
    out
}

/// `remove 1 DM-45 Blaster`, `swap 2 DM-69 Naboo Starfighter for 2 DM-63 ...`: runs of equal
/// changes counted together.
pub(super) fn change_lines(changes: &[Change]) -> Vec<String> {
    let mut lines: Vec<(usize, &Change)> = Vec::new();
    for c in changes {
        match lines.last_mut() {
            Some((n, last)) if *last == c => *n += 1,
            _ => lines.push((1, c)),
        }
    }
    lines
        .iter()
        .map(|(n, c)| {
            let not_owned = if c.owned == Some(false) {
                " (not in the collection)"
            } else {
                ""
            };
            let what = match c.action {
                Action::Remove => format!("remove {n} {} {}", c.card, c.card_name),
                Action::Add => format!("add {n} {} {}{not_owned}", c.card, c.card_name),
                Action::Swap => format!(
                    "swap {n} {} {} for {n} {} {}{not_owned}",
                    c.card,
                    c.card_name,
                    c.for_card.as_deref().unwrap_or(""),
                    c.for_name.as_deref().unwrap_or("")
                ),
            };
            format!("{what}: {}", c.reason)
        })
        .collect()
}

pub(super) fn deck_json(cards: &[(usize, u32)], catalogue: &Catalogue) -> Value {
    Value::Array(
        cards
            .iter()
            .map(|&(i, n)| {
                let card = &catalogue.cards()[i];
                json!({"id": card.id, "name": card.full_name(), "count": n})
            })
            .collect(),
    )
}

fn print(
    args: &FixArgs,
    list: &DeckList,
    rules: &RulesSet,
    fix: Option<&Fix>,
    cards: &[(usize, u32)],
    after: &Report,
    catalogue: &Catalogue,
) -> Result<()> {
    let changes: &[Change] = fix.map_or(&[], |f| &f.changes);
    let minimal = fix.is_none_or(|f| f.minimal);
    let collection = args.owned.collection();
    match args.format {
        Format::Json => {
            let mut doc = json!({
                "file": list.source,
                "rules": rules.name,
                "legal_before": fix.is_none(),
                "changes": changes,
                "change_count": changes.len(),
                "minimal": minimal,
                "deck": deck_json(cards, catalogue),
                "check": after,
            });
            if let Some(name) = collection {
                doc["collection"] = json!(name);
                doc["missing"] = json!(fix.map_or(0, |f| f.missing));
            }
            println!("{}", serde_json::to_string_pretty(&doc)?);
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(std::io::stdout().lock());
            w.write_record(["action", "card", "for", "reason", "owned"])?;
            for c in changes {
                let action = serde_json::to_value(c.action)?;
                w.write_record([
                    action.as_str().unwrap_or(""),
                    &c.card,
                    c.for_card.as_deref().unwrap_or(""),
                    &c.reason,
                    &c.owned.map(|o| o.to_string()).unwrap_or_default(),
                ])?;
            }
            w.flush()?;
        }
        Format::Table => {
            match fix {
                None => println!(
                    "{}: legal deck under the {} rules; nothing to change",
                    list.source, rules.name
                ),
                Some(f) => {
                    let n = f.changes.len();
                    let proof = if f.minimal {
                        "no fewer can: the search is exhaustive"
                    } else {
                        "the search stopped at its node limit, so fewer may exist"
                    };
                    println!(
                        "{}: illegal deck under the {} rules; {n} change{} make{} it legal ({proof})",
                        list.source,
                        rules.name,
                        if n == 1 { "" } else { "s" },
                        if n == 1 { "s" } else { "" },
                    );
                    for line in change_lines(&f.changes) {
                        println!("  {line}");
                    }
                    if let Some(name) = collection {
                        if f.missing > 0 {
                            println!(
                                "collection `{name}` cannot make the deck legal: it lacks {} card{} (marked above)",
                                f.missing,
                                if f.missing == 1 { "" } else { "s" }
                            );
                        } else {
                            println!("every added card is in collection `{name}`");
                        }
                    }
                }
            }
            if let Some(path) = &args.output {
                println!("wrote the resulting deck to {}", path.display());
            }
            println!();
            println!(
                "Resulting deck ({} cards):",
                cards.iter().map(|c| c.1).sum::<u32>()
            );
            for &(i, n) in cards {
                let card = &catalogue.cards()[i];
                println!("{n} {} {}", card.id, card.full_name());
            }
            println!();
            render::check(
                &[Outcome::Checked(Box::new(after.clone()))],
                &[],
                catalogue,
                Format::Table,
                false,
            )?;
        }
    }
    Ok(())
}
