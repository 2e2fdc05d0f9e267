//! `yj deck build`: a legal deck of the strongest cards around named ones, optionally refined
//! by simulated play against opponents.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Result;
use clap::Args;
use serde_json::json;

use super::fix::{change_lines, deck_json, write_list};
use super::{Outcome, OwnedArgs, RulesChoice, chosen_rules, render};
use crate::catalogue::{Catalogue, Database, DotColour, LookupOptions, Side};
use crate::cli::game_decks::load_decks;
use crate::cli::output::{Format, write_file};
use crate::cli::shortfall::check_collection;
use crate::cli::{EXIT_PROBLEMS, InputError};
use crate::collection::store;
use crate::deck::build::{Built, build};
use crate::deck::fix::Supply;
use crate::deck::fix::items::refusal;
use crate::deck::strength::Strength;
use crate::deck::{DeckCard, DeckList, Entry, ListFormat, Report, ResolvedDeck, RulesSet, check};
use crate::engine::CardPool;
use crate::sim::refine::{Evidence, RefineConfig, Refiner, swap};

#[derive(Debug, Args)]
#[command(
    mut_arg("owned", |a| a.help("Use only cards the collection owns")),
    mut_arg("collection", |a| a.help("The collection to build from (with --owned)")),
)]
pub struct BuildArgs {
    /// The side to build for: light or dark.
    #[arg(long, value_name = "SIDE")]
    side: Side,
    /// Cards the deck is built around (id or name; name one twice for two copies).
    #[arg(long, value_name = "CARD", num_args = 1..)]
    around: Vec<String>,
    #[command(flatten)]
    rules: RulesChoice,
    /// Build a 30-card starter deck (five cards per colour).
    #[arg(long)]
    starter: bool,
    #[command(flatten)]
    owned: OwnedArgs,
    /// Refine the deck by play against these decks (files, or example:light, example:dark).
    #[arg(long, value_name = "OPP", num_args = 1..)]
    vs: Vec<String>,
    /// Games per opponent for each swap tried (with --vs).
    #[arg(long, default_value_t = 200, value_name = "N")]
    games: u64,
    /// Games at most over the whole refinement (default: 20 trials).
    #[arg(long, value_name = "N")]
    budget: Option<u64>,
    /// The master seed of the refinement's games.
    #[arg(long, default_value_t = 1, value_name = "S")]
    seed: u64,
    /// Write the deck to FILE (text, or CSV/TOML by its extension).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Swaps tried by play, per round: each of the six weakest cards of the deck (not a named
/// one) for each of the three strongest other cards of its colour that keep the deck legal.
const WEAKEST: usize = 6;
const ALTERNATIVES: usize = 3;

pub fn run(args: BuildArgs, db: &Database, catalogue: &Catalogue) -> Result<ExitCode> {
    if let Some(name) = args.owned.collection() {
        check_collection(db, name)?;
    }
    let rules = match chosen_rules(&args.rules, catalogue, args.starter)? {
        Some(r) => r,
        None => {
            let mut r = RulesSet::named(crate::deck::rules::DEFAULT_RULES)
                .map_err(|e| InputError(e.to_string()))?;
            r.check_against(catalogue)
                .map_err(|e| InputError(e.to_string()))?;
            r
        }
    };
    let size = if args.starter {
        rules.starter_size.unwrap_or(rules.deck_size)
    } else {
        rules.deck_size
    };
    let side = args.side;
    let mut around: Vec<(usize, u32)> = Vec::new();
    for text in &args.around {
        let card = catalogue
            .lookup_with(text, LookupOptions { side: Some(side) })
            .map_err(|e| InputError(format!("--around: {e}")))?;
        if let Some(why) = refusal(card, side, &rules, catalogue) {
            return Err(InputError(format!(
                "--around {text}: {} ({}) cannot be in a {side} side deck under the {} rules: {}",
                card.id,
                card.full_name(),
                rules.name,
                crate::deck::fix::refusal_text(&why, side, &rules)
            ))
            .into());
        }
        let i = catalogue
            .index_of(&card.id)
            .expect("a found card has an index");
        match around.iter_mut().find(|(c, _)| *c == i) {
            Some((_, n)) => *n += 1,
            None => around.push((i, 1)),
        }
    }
    around.sort_unstable();
    let owned: Option<Vec<u32>> = if let Some(name) = args.owned.collection() {
        let holdings = store::load(db.connection(), name)?;
        let mut avail: Vec<u32> = catalogue
            .cards()
            .iter()
            .map(|c| holdings.owned_total(&c.id))
            .collect();
        for &(i, n) in &around {
            let card = &catalogue.cards()[i];
            if avail[i] < n {
                return Err(InputError(format!(
                    "--around {}: collection `{}` has {} of {} ({}), and the deck is to be built from owned cards",
                    card.id,
                    name,
                    avail[i],
                    n,
                    card.full_name()
                ))
                .into());
            }
            avail[i] -= n;
        }
        Some(avail)
    } else {
        None
    };
    let supply = || match &owned {
        Some(o) => Supply::Owned(o),
        None => Supply::Catalogue,
    };
    let pool = CardPool::from_catalogue(catalogue);
    let built = match build(&around, side, &rules, size, supply(), catalogue, &pool) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(EXIT_PROBLEMS));
        }
    };
    let mut cards = built.cards.clone();

    let mut swaps: Vec<Evidence> = Vec::new();
    let mut played = 0;
    if !args.vs.is_empty() {
        let specs: Vec<&str> = args.vs.iter().map(String::as_str).collect();
        let opponents = match load_decks(&specs, &Some(rules.clone()), catalogue, false)? {
            Ok(d) => d,
            Err(code) => return Ok(code),
        };
        let opponents: Vec<_> = opponents.into_iter().map(|d| d.cards).collect();
        let refiner = Refiner {
            pool: Arc::clone(&pool),
            weights: Arc::new(crate::bots::Weights::default()),
            opponents: &opponents,
            config: RefineConfig {
                games: args.games,
                seed: args.seed,
                budget: args
                    .budget
                    .unwrap_or(20 * args.games * opponents.len() as u64),
            },
        };
        let candidates = |deck: &[(usize, u32)]| {
            swap_candidates(
                deck,
                &around,
                side,
                &rules,
                args.starter,
                owned.as_deref(),
                catalogue,
                &pool,
            )
        };
        let (kept, games) = refiner
            .refine(&mut cards, &candidates)
            .map_err(|e| InputError(e.to_string()))?;
        swaps = kept;
        played = games;
    }

    let list = deck_list(&args, side, &rules);
    let resolved = resolved(&cards, catalogue, side);
    let report = check(&list, &resolved, catalogue, &rules, args.starter);
    if let Some(path) = &args.output {
        write_file(path, write_list(&list, &cards, catalogue, side).as_bytes())?;
    }
    let pool_strength = Strength::for_deck(
        catalogue,
        &pool,
        &cards.iter().map(|c| c.0).collect::<Vec<_>>(),
    );
    let points: u64 = cards
        .iter()
        .map(|&(i, n)| u64::from(pool_strength.of(i)) * u64::from(n))
        .sum();
    print(
        &args, &built, &cards, points, &swaps, played, &report, catalogue, &rules,
    )?;
    Ok(if report.is_legal() && built.missing == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_PROBLEMS)
    })
}

/// The swaps to try by play: weakest cards out, the strongest of their colour in.
#[allow(clippy::too_many_arguments)]
fn swap_candidates(
    deck: &[(usize, u32)],
    around: &[(usize, u32)],
    side: Side,
    rules: &RulesSet,
    starter: bool,
    owned: Option<&[u32]>,
    catalogue: &Catalogue,
    pool: &CardPool,
) -> Vec<(usize, usize)> {
    let strength = Strength::for_deck(
        catalogue,
        pool,
        &deck.iter().map(|c| c.0).collect::<Vec<_>>(),
    );
    let colour = |i: usize| catalogue.cards()[i].dots.and_then(|d| d.colour());
    let named = |i: usize| around.iter().find(|c| c.0 == i).map_or(0, |c| c.1);
    let mut out: Vec<usize> = deck
        .iter()
        .filter(|&&(i, n)| n > named(i) && colour(i).is_some())
        .map(|c| c.0)
        .collect();
    out.sort_by_key(|&i| (strength.of(i), i));
    let list = DeckList {
        source: "candidate".into(),
        format: ListFormat::Text,
        name: None,
        side: Some(side),
        rules: None,
        rules_line: None,
        entries: Vec::new(),
        bad_lines: Vec::new(),
    };
    let mut found = Vec::new();
    for &x in out.iter().take(WEAKEST) {
        let c: Option<DotColour> = colour(x);
        let mut alternatives: Vec<usize> = (0..catalogue.cards().len())
            .filter(|&y| {
                y != x
                    && colour(y) == c
                    && refusal(&catalogue.cards()[y], side, rules, catalogue).is_none()
                    && owned
                        .is_none_or(|o| o[y] > deck.iter().find(|d| d.0 == y).map_or(0, |d| d.1))
            })
            .collect();
        alternatives.sort_by_key(|&y| (std::cmp::Reverse(strength.of(y)), y));
        let mut taken = 0;
        for y in alternatives {
            if taken == ALTERNATIVES {
                break;
            }
            let swapped = swap(deck, x, y);
            let r = resolved(&swapped, catalogue, side);
            if check(&list, &r, catalogue, rules, starter).is_legal() {
                found.push((x, y));
                taken += 1;
            }
        }
    }
    found
}

fn deck_list(args: &BuildArgs, side: Side, rules: &RulesSet) -> DeckList {
    let format = args
        .output
        .as_deref()
        .and_then(crate::deck::decklist::format_for_path)
        .unwrap_or(ListFormat::Text);
    let around = if args.around.is_empty() {
        String::new()
    } else {
        format!(" around {}", args.around.join(", "))
    };
    DeckList {
        source: args
            .output
            .as_ref()
            .map_or("built deck".to_string(), |p| p.display().to_string()),
        format,
        name: Some(format!("Built {side} side deck{around}")),
        side: Some(side),
        rules: Some(rules.name.clone()),
        rules_line: None,
        entries: Vec::<Entry>::new(),
        bad_lines: Vec::new(),
    }
}

fn resolved(cards: &[(usize, u32)], catalogue: &Catalogue, side: Side) -> ResolvedDeck {
    ResolvedDeck {
        side: Some(side),
        side_declared: true,
        declared_side: Some(side),
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

fn swap_line(e: &Evidence, catalogue: &Catalogue) -> String {
    let (a, b) = (&catalogue.cards()[e.out], &catalogue.cards()[e.into]);
    format!(
        "swap 1 {} {} for 1 {} {}: won {:.1}% of {} games, then {:.1}% of the same games (difference {:+.1} points, 95% interval {:+.1} to {:+.1})",
        a.id,
        a.full_name(),
        b.id,
        b.full_name(),
        100.0 * e.win_rate_before,
        e.games,
        100.0 * e.win_rate_after,
        100.0 * (e.win_rate_after - e.win_rate_before),
        100.0 * e.low,
        100.0 * e.high
    )
}

#[allow(clippy::too_many_arguments)]
fn print(
    args: &BuildArgs,
    built: &Built,
    cards: &[(usize, u32)],
    points: u64,
    swaps: &[Evidence],
    played: u64,
    report: &Report,
    catalogue: &Catalogue,
    rules: &RulesSet,
) -> Result<()> {
    match args.format {
        Format::Json | Format::Csv => {
            let mut doc = json!({
                "side": args.side,
                "rules": rules.name,
                "around": args.around,
                "points": points,
                "minimal": built.minimal,
                "dropped": built.dropped,
                "deck": deck_json(cards, catalogue),
                "check": report,
            });
            if let Some(name) = args.owned.collection() {
                doc["collection"] = json!(name);
                doc["missing"] = json!(built.missing);
            }
            if !args.vs.is_empty() {
                doc["refinement"] = json!({
                    "opponents": args.vs,
                    "games_per_trial": args.games,
                    "seed": args.seed,
                    "games_played": played,
                    "swaps": swaps.iter().map(|e| json!({
                        "out": catalogue.cards()[e.out].id,
                        "in": catalogue.cards()[e.into].id,
                        "games": e.games,
                        "win_rate_before": e.win_rate_before,
                        "win_rate_after": e.win_rate_after,
                        "interval": {"low": e.low, "high": e.high},
                    })).collect::<Vec<_>>(),
                });
            }
            println!("{}", serde_json::to_string_pretty(&doc)?);
        }
        Format::Table => {
            let n: u32 = cards.iter().map(|c| c.1).sum();
            println!(
                "Built a {} side deck of {n} cards under the {} rules: {points} strength points",
                args.side, rules.name
            );
            for line in change_lines(&built.dropped) {
                println!("  named card not kept: {line}");
            }
            if let Some(name) = args.owned.collection() {
                if built.missing > 0 {
                    println!(
                        "collection `{}` cannot make a legal deck: it lacks {} card{} of this one",
                        name,
                        built.missing,
                        if built.missing == 1 { "" } else { "s" }
                    );
                } else {
                    println!("every card is in collection `{name}`");
                }
            }
            if !args.vs.is_empty() {
                println!(
                    "Refined by play against {} ({} games per opponent per swap tried, seed {}): {} swap{} kept, {played} games played",
                    args.vs.join(", "),
                    args.games,
                    args.seed,
                    swaps.len(),
                    if swaps.len() == 1 { "" } else { "s" }
                );
                for e in swaps {
                    println!("  {}", swap_line(e, catalogue));
                }
            }
            if let Some(path) = &args.output {
                println!("wrote the deck to {}", path.display());
            }
            println!();
            for &(i, k) in cards {
                let card = &catalogue.cards()[i];
                println!("{k} {} {}", card.id, card.full_name());
            }
            println!();
            render::check(
                &[Outcome::Checked(Box::new(report.clone()))],
                &[],
                catalogue,
                Format::Table,
                false,
            )?;
        }
    }
    Ok(())
}
