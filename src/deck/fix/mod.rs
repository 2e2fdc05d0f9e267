//! The deck doctor: the fewest changes that make a deck legal (`yj deck fix`).
//!
//! One change removes one copy, adds one copy, or swaps one copy for another card. The deck
//! size is fixed by the rules, so a fix that keeps `k` of the deck's `n` copies makes
//! `max(n, size) − k` changes (removals and additions pair up as swaps): the fewest changes
//! are the most copies kept. The search ([`search`]) finds, exactly, the legal deck that
//! keeps the most copies; among those it prefers (in this order) fewer copies to acquire
//! (`--owned`), then the deck's intent: removals from the largest stacks and the weakest
//! cards, additions of another copy of a card the deck plays, then of a title it plays, then
//! the strongest new card ([`crate::deck::strength`]), the cheapest wild card for a wild slot.
//! The intent never trades against a change: its costs are weighted below one added copy.

mod changes;
mod colour;
pub mod items;
mod search;
#[cfg(test)]
mod tests;

use serde::Serialize;

pub use changes::{Action, Change, refusal_text};
pub use items::{Mode, Refusal, Supply};
pub use search::Limits;

use crate::catalogue::{Catalogue, DotColour, Planet, Side};
use crate::deck::rules::RulesSet;
use crate::deck::solver::{self, Piece};
use crate::deck::validate::Titles;

/// A fix: the changes, the resulting deck, and whether it is proven to be the fewest.
#[derive(Debug, Clone, Serialize)]
pub struct Fix {
    pub side: Side,
    pub changes: Vec<Change>,
    /// True when the search finished, so no legal deck is fewer changes away.
    pub minimal: bool,
    /// Copies the fix adds that the collection does not have (with `--owned`).
    pub missing: u32,
    /// The resulting deck, `(catalogue index, copies)` in catalogue order.
    #[serde(skip)]
    pub cards: Vec<(usize, u32)>,
    /// Search nodes (for benchmarks).
    pub nodes: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FixError {
    #[error("no legal {side} side deck can be made from the cards the {rules} rules allow")]
    Impossible { side: Side, rules: String },
    #[error("a deck of {size} cards is larger than the {max} the deck doctor handles")]
    TooLarge { size: u32, max: u32 },
    #[error(
        "the list has {cards} cards; the deck doctor mends lists of at most {max} (a typo in a quantity?)"
    )]
    TooManyCards { cards: u64, max: u64 },
}

/// The most cards of a list the doctor mends.
pub const MAX_CARDS: u64 = 10_000;

/// Added copies go first to colours that were short: one step of the intent, above the
/// kind of card added.
const FULL_COLOUR: i64 = 1 << 25;

/// What a fix starts from and may use.
pub struct Request<'a> {
    /// `(catalogue index, copies)`.
    pub deck: &'a [(usize, u32)],
    pub side: Side,
    pub rules: &'a RulesSet,
    /// The deck size (60, or the starter size).
    pub size: u32,
    pub supply: Supply<'a>,
    pub mode: Mode,
}

/// Cards per colour in the validator's closest assignment of the deck's cards that may stay:
/// additions go to colours below their count before others.
fn colour_counts(items: &[items::Item], limits: Limits) -> [u32; 6] {
    let pieces: Vec<Piece> = items
        .iter()
        .filter(|it| it.kept > 0)
        .map(|it| Piece {
            home: it.home.map(|h| DotColour::ALL[h]),
            wild: it.wild,
            titles: it.titles.clone(),
            planet: it.planet.map(|p| Planet::ALL[p]),
            count: it.kept,
        })
        .collect();
    let a = solver::solve(
        &pieces,
        solver::Limits {
            per_colour: limits.per_colour,
            title_limit: limits.title_limit,
            three_planets: limits.three_planets,
        },
    );
    std::array::from_fn(|c| a.colours[c].count)
}

/// The cheapest legal deck for `request`. `points` ranks cards by strength for the intent.
pub fn fix(
    request: &Request,
    catalogue: &Catalogue,
    points: &dyn Fn(usize) -> u32,
) -> Result<Fix, FixError> {
    let Request {
        deck,
        side,
        rules,
        size,
        ref supply,
        mode,
    } = *request;
    if size > items::MAX_UNITS {
        return Err(FixError::TooLarge {
            size,
            max: items::MAX_UNITS,
        });
    }
    // Each change is listed, so an absurd quantity (`3000000 DM-1`) would list millions.
    let total: u64 = deck.iter().map(|&(_, n)| u64::from(n)).sum();
    if total > MAX_CARDS {
        return Err(FixError::TooManyCards {
            cards: total,
            max: MAX_CARDS,
        });
    }
    let mut titles = Titles::default();
    let items = items::items(
        deck,
        side,
        catalogue,
        rules,
        supply,
        points,
        mode,
        &mut titles,
    );
    let limits = Limits {
        per_colour: size / 6,
        title_limit: rules.title_limit,
        three_planets: rules.three_planet_rule,
        max_objectives: rules.max_objectives,
    };
    let n_titles = items
        .iter()
        .flat_map(|i| i.titles.iter())
        .map(|&t| t as usize + 1)
        .max()
        .unwrap_or(0);
    let t = size / 6;
    let penalty = colour_counts(&items, limits).map(|n| if n >= t { FULL_COLOUR } else { 0 });
    let outcome =
        search::search(&items, n_titles, limits, penalty).ok_or(FixError::Impossible {
            side,
            rules: rules.name.clone(),
        })?;
    let context = changes::Context {
        items: &items,
        catalogue,
        rules,
        titles: &titles,
        limits,
        size,
        total,
        side,
    };
    let (changes, missing) = changes::changes(&context, &outcome);
    let mut cards: Vec<(usize, u32)> = items
        .iter()
        .zip(&outcome.placed)
        .map(|(it, p)| (it.card, p.iter().sum::<u32>()))
        .filter(|(_, n)| *n > 0)
        .collect();
    cards.sort_unstable();
    Ok(Fix {
        side,
        changes,
        minimal: outcome.proven,
        missing,
        cards,
        nodes: outcome.nodes,
    })
}
