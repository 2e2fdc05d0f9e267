//! Turning the cheapest deck into changes a player can follow: removals and additions paired
//! into swaps (within a colour first), each with the rule it answers.

use serde::Serialize;

use super::items::{Item, Refusal};
use super::search::{Limits, Outcome};
use crate::catalogue::{Catalogue, DotColour, Planet, Side};
use crate::deck::rules::RulesSet;
use crate::deck::validate::Titles;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Remove,
    Add,
    Swap,
}

/// One change: one copy removed, added, or swapped for another card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub action: Action,
    /// The card removed (`remove`, `swap`) or added (`add`).
    pub card: String,
    pub card_name: String,
    /// On a swap: the card put in instead.
    #[serde(rename = "for", skip_serializing_if = "Option::is_none")]
    pub for_card: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub for_name: Option<String>,
    pub reason: String,
    /// With `--owned`, on an added card: whether the collection has the copy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owned: Option<bool>,
}

pub struct Context<'a> {
    pub items: &'a [Item],
    pub catalogue: &'a Catalogue,
    pub rules: &'a RulesSet,
    pub titles: &'a Titles<'a>,
    pub limits: Limits,
    pub size: u32,
    pub total: u64,
    pub side: Side,
}

const NO_COLOUR: usize = 6;

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The changes, and how many added copies the collection lacks.
pub fn changes(cx: &Context, outcome: &Outcome) -> (Vec<Change>, u32) {
    let t = cx.limits.per_colour;
    let allowed = |it: &Item| it.refusal.is_none();
    let mut home_count = [0u64; 6];
    let mut deck_planets = 0u8;
    let mut objectives = 0u64;
    for it in cx.items.iter().filter(|it| allowed(it) && it.in_deck > 0) {
        if let Some(h) = it.home {
            home_count[h] += u64::from(it.in_deck);
        }
        if let Some(p) = it.planet {
            deck_planets |= 1 << p;
        }
        if it.objective {
            objectives += u64::from(it.in_deck);
        }
    }
    let title_in = |title: u32, colour: usize| -> u64 {
        cx.items
            .iter()
            .filter(|it| allowed(it) && it.home == Some(colour) && it.titles.contains(&title))
            .map(|it| u64::from(it.in_deck))
            .sum()
    };
    let owned_mode = cx.items.iter().any(|it| it.paid > 0);
    let what = if cx.size == cx.rules.deck_size {
        "a deck"
    } else {
        "a starter deck"
    };
    let size_reason = || {
        (cx.total > u64::from(cx.size))
            .then(|| format!("the deck has {} cards; {what} has {}", cx.total, cx.size))
    };

    // Per item: copies kept and added per colour, kept ones placed first.
    let mut kept_in = [0u32; 6];
    let mut removals: Vec<(usize, usize, String)> = Vec::new();
    let mut additions: Vec<(usize, usize, bool)> = Vec::new();
    for (i, (it, placed)) in cx.items.iter().zip(&outcome.placed).enumerate() {
        let used: u32 = placed.iter().sum();
        let mut keep = used.min(it.kept);
        let mut free = (used - keep).min(it.free);
        for (c, &n) in placed.iter().enumerate() {
            for _ in 0..n {
                if keep > 0 {
                    keep -= 1;
                    kept_in[c] += 1;
                } else {
                    additions.push((c, i, free > 0));
                    free = free.saturating_sub(1);
                }
            }
        }
        let removed = it.in_deck - used.min(it.kept);
        if removed == 0 {
            continue;
        }
        let reason = match &it.refusal {
            Some(r) => Some(refusal_text(r, cx.side, cx.rules)),
            None if it.objective && objectives > u64::from(cx.limits.max_objectives) => {
                Some(format!(
                    "the deck has {objectives} Objectives; at most {} is allowed",
                    cx.limits.max_objectives
                ))
            }
            None => match it.home {
                Some(h) if home_count[h] > u64::from(t) => Some(format!(
                    "{c} has {n} {c}-dot cards; a colour holds {t}",
                    c = DotColour::ALL[h],
                    n = home_count[h]
                )),
                Some(h) => cx.limits.title_limit.and_then(|limit| {
                    it.titles.iter().find_map(|&title| {
                        let n = title_in(title, h);
                        (n > u64::from(limit)).then(|| {
                            format!(
                                "`{}`: {n} cards in {}; at most {limit} of a title per colour (subtitles ignored)",
                                cx.titles.name(title),
                                DotColour::ALL[h]
                            )
                        })
                    })
                }),
                None => Some(format!(
                    "every colour it could fill as a wild card ({}) already has its one wild card or its {t} cards",
                    colours_of(it.wild)
                )),
            }
            .or_else(size_reason),
        };
        let origin = it.home.unwrap_or(NO_COLOUR);
        for _ in 0..removed {
            removals.push((origin, i, reason.clone().unwrap_or_default()));
        }
    }
    let add_reason = |c: usize, i: usize| -> (String, bool) {
        let it = &cx.items[i];
        match it.planet {
            Some(p) if deck_planets & (1 << p) == 0 => (
                format!(
                    "the deck has no {} location",
                    capital(Planet::ALL[p].as_str())
                ),
                true,
            ),
            _ => (
                format!(
                    "{} keeps {} cards and needs {t}",
                    DotColour::ALL[c],
                    kept_in[c]
                ),
                false,
            ),
        }
    };
    removals.sort_by_key(|(c, i, _)| (*c, cx.items[*i].card));
    additions.sort_by_key(|(c, i, free)| (*c, !*free, cx.items[*i].card));

    let card_of = |i: usize| &cx.catalogue.cards()[cx.items[i].card];
    let mut out = Vec::new();
    let swap = |r: &(usize, usize, String), a: &(usize, usize, bool)| {
        let (why, planet) = add_reason(a.0, a.1);
        let reason = if r.2.is_empty() {
            why
        } else if planet {
            format!("{why}; {}", r.2)
        } else {
            r.2.clone()
        };
        Change {
            action: Action::Swap,
            card: card_of(r.1).id.clone(),
            card_name: card_of(r.1).full_name(),
            for_card: Some(card_of(a.1).id.clone()),
            for_name: Some(card_of(a.1).full_name()),
            reason,
            owned: owned_mode.then_some(a.2),
        }
    };
    // Same colour first: a swap within a colour keeps the deck's shape.
    let mut r_used = vec![false; removals.len()];
    let mut a_used = vec![false; additions.len()];
    for (ri, r) in removals.iter().enumerate() {
        if let Some(ai) = (0..additions.len()).find(|&ai| !a_used[ai] && additions[ai].0 == r.0) {
            r_used[ri] = true;
            a_used[ai] = true;
            out.push(swap(r, &additions[ai]));
        }
    }
    let mut rest_a = (0..additions.len()).filter(|&ai| !a_used[ai]);
    for (ri, r) in removals.iter().enumerate() {
        if r_used[ri] {
            continue;
        }
        match rest_a.next() {
            Some(ai) => out.push(swap(r, &additions[ai])),
            None => out.push(Change {
                action: Action::Remove,
                card: card_of(r.1).id.clone(),
                card_name: card_of(r.1).full_name(),
                for_card: None,
                for_name: None,
                reason: if r.2.is_empty() {
                    size_reason().unwrap_or_default()
                } else {
                    r.2.clone()
                },
                owned: None,
            }),
        }
    }
    for ai in rest_a {
        let a = &additions[ai];
        let (why, _) = add_reason(a.0, a.1);
        out.push(Change {
            action: Action::Add,
            card: card_of(a.1).id.clone(),
            card_name: card_of(a.1).full_name(),
            for_card: None,
            for_name: None,
            reason: why,
            owned: owned_mode.then_some(a.2),
        });
    }
    let missing = additions.iter().filter(|a| !a.2).count() as u32;
    (out, missing)
}

fn colours_of(mask: u8) -> String {
    DotColour::ALL
        .iter()
        .filter(|c| mask & (1 << **c as u8) != 0)
        .map(|c| c.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn refusal_text(r: &Refusal, side: Side, rules: &RulesSet) -> String {
    match r {
        Refusal::OtherSide(s) => format!("it is a {s} side card in a {side} side deck"),
        Refusal::Virtual => format!(
            "it is a virtual card; the {} rules allow no virtual cards",
            rules.name
        ),
        Refusal::Set(set) => format!(
            "it is from {set}, which the {} rules do not allow",
            rules.name
        ),
        Refusal::SleevedSet(id, set) => format!(
            "it is a virtual card sleeved with {id}, from {set}, which the {} rules do not allow",
            rules.name
        ),
        Refusal::Banned => format!("it is banned under the {} rules", rules.name),
        Refusal::UnknownDots => {
            "the catalogue does not know its deck-building dots, so it cannot be placed in a colour"
                .into()
        }
        Refusal::NoDots => "it has no deck-building dot, so it cannot be placed in a colour".into(),
    }
}
