//! Decks for `yj play` and `yj playtest`: read and validated through the deck module, as
//! `yj deck check` does, then handed to the engine. Lines that name no card are an input
//! error; an illegal deck is refused unless `--allow-illegal`.

use std::process::ExitCode;

use anyhow::Result;

use super::{EXIT_PROBLEMS, InputError};
use crate::catalogue::{Catalogue, Side};
use crate::deck::{Resolver, RulesSet, Verdict, check};
use crate::engine::DefId;
use crate::sim::decks::{def_ids, load_list};

/// A deck ready for the engine.
pub struct GameDeck {
    /// As given on the command line.
    pub spec: String,
    /// The list's `name`, else the file name.
    pub name: String,
    pub side: Option<Side>,
    pub cards: Vec<DefId>,
}

/// Loads and checks every deck. Returns the decks, or the exit code to stop with (after
/// printing the problems) when a deck is illegal and `allow_illegal` is not set.
pub fn load_decks(
    specs: &[&str],
    rules: &Option<RulesSet>,
    catalogue: &Catalogue,
    allow_illegal: bool,
) -> Result<Result<Vec<GameDeck>, ExitCode>> {
    load(specs, rules, catalogue, allow_illegal, true)
}

/// As [`load_decks`], for a gauntlet's field: the decks are not played against the first
/// one, so they are not checked to be of its opposite side.
pub fn load_field(
    specs: &[&str],
    rules: &Option<RulesSet>,
    catalogue: &Catalogue,
    allow_illegal: bool,
) -> Result<Result<Vec<GameDeck>, ExitCode>> {
    load(specs, rules, catalogue, allow_illegal, false)
}

fn load(
    specs: &[&str],
    rules: &Option<RulesSet>,
    catalogue: &Catalogue,
    allow_illegal: bool,
    against_first: bool,
) -> Result<Result<Vec<GameDeck>, ExitCode>> {
    let mut resolver = Resolver::new(catalogue);
    let mut decks = Vec::new();
    let mut problems: Vec<String> = Vec::new();
    let mut used_rules = Vec::new();
    for &spec in specs {
        if spec == "-" && specs.iter().filter(|s| **s == "-").count() > 1 {
            return Err(InputError("standard input (`-`) can be given only once".into()).into());
        }
        let list = load_list(spec)?;
        let set = RulesSet::for_list(&list, rules.as_ref(), catalogue)
            .map_err(|e| InputError(e.to_string()))?;
        let deck = resolver.resolve(&list);
        let report = check(&list, &deck, catalogue, &set, false);
        if report.verdict == Verdict::Unresolved {
            let lines: Vec<String> = report.unresolved().map(|v| v.message.clone()).collect();
            return Err(InputError(lines.join("\n")).into());
        }
        if !report.is_legal() {
            for v in &report.violations {
                problems.push(format!("{spec}: {}", v.message));
            }
        }
        if !used_rules.contains(&set.name) {
            used_rules.push(set.name.clone());
        }
        decks.push(GameDeck {
            spec: spec.to_string(),
            name: list.name.clone().unwrap_or_else(|| spec.to_string()),
            side: deck.side,
            cards: def_ids(&deck),
        });
    }
    // Problems the rules check found, as opposed to the sides clashing below.
    let rule_problems = problems.len();
    if let Some(first) = decks.first().filter(|_| against_first) {
        for d in &decks[1..] {
            if first.side.is_some() && d.side == first.side {
                problems.push(format!(
                    "{} and {} are both {} decks; a game needs one of each side of the Force",
                    first.spec,
                    d.spec,
                    first.side.map(|s| s.as_str()).unwrap_or("")
                ));
            }
        }
    }
    if problems.is_empty() {
        return Ok(Ok(decks));
    }
    let level = if allow_illegal { "warning" } else { "error" };
    for p in &problems {
        eprintln!("{level}: {p}");
    }
    if allow_illegal {
        return Ok(Ok(decks));
    }
    if rule_problems > 0 {
        eprintln!(
            "the decks were checked against the {} rules; fix them (see `yj deck check`), or pass --allow-illegal to play anyway",
            used_rules.join(" and ")
        );
    } else {
        eprintln!(
            "give one Light Side and one Dark Side deck, or pass --allow-illegal to play anyway"
        );
    }
    Ok(Err(ExitCode::from(EXIT_PROBLEMS)))
}

/// Why the engine cannot start a game between `specs` (player A's deck, then B's), naming the
/// file at fault rather than the engine's seat.
pub fn setup_error(e: &crate::engine::SetupError, specs: [&str; 2]) -> InputError {
    match e.player() {
        Some(p) => {
            let seat = format!("deck {p:?}");
            let spec = specs[p.index()];
            InputError(format!(
                "{spec}: cannot start a game: {}",
                e.to_string().replacen(&seat, "the deck", 1)
            ))
        }
        None => InputError(format!("cannot start a game: {e}")),
    }
}
