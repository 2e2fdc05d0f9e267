//! What `yj` tells a player about a card's game text: how the engine plays it (sentences
//! generated from the card's specification in `data/abilities/`, never the printed text), the
//! card-text ruling it follows, and whether the engine plays it today
//! (`engine::text_support`: `played`, `partly`, `not-played`, or `none` for no game text).

use serde_json::{Value, json};

use crate::catalogue::abilities::{AbilityBook, CardText, describe, describe_ability};
use crate::catalogue::{Card, Catalogue};
use crate::engine::{CardPool, DefId, TextSupport, ability_played};

/// Per catalogue card (same order), how much of its text the engine plays.
pub fn supports(catalogue: &Catalogue) -> Vec<TextSupport> {
    let pool = CardPool::from_cards(catalogue.cards());
    (0..catalogue.cards().len())
        .map(|i| pool.get(DefId(i as u16)).text_support())
        .collect()
}

fn spec(card: &Card) -> Option<&'static CardText> {
    AbilityBook::embedded().get(&card.id)
}

/// The rows `yj cards show` prints about the text: how it is played, the ruling, a reading
/// chosen, what stays unknown, and whether the engine plays it yet.
pub fn show_rows(catalogue: &Catalogue, card: &Card) -> Vec<(&'static str, String)> {
    let Some(text) = spec(card) else {
        return Vec::new();
    };
    let pool = CardPool::from_cards(catalogue.cards());
    let Some(id) = pool.find(&card.id) else {
        return Vec::new();
    };
    let def = pool.get(id);
    let mut rows = vec![("Text played as", describe(text))];
    if let Some(r) = &text.ruling {
        rows.push(("Ruling", format!("card-text {r}")));
    }
    if let Some(r) = &text.reading {
        rows.push(("Reading", r.clone()));
    }
    if let Some(u) = &text.unknown {
        rows.push(("Unknown", u.clone()));
    }
    let played: Vec<bool> = text
        .abilities
        .iter()
        .map(|a| ability_played(a, def))
        .collect();
    let status = match def.text_support() {
        TextSupport::Played => "yes, all of it".to_string(),
        TextSupport::Partly => {
            let missing: Vec<String> = text
                .abilities
                .iter()
                .zip(&played)
                .filter(|(_, p)| !**p)
                .map(|(a, _)| describe_ability(a))
                .collect();
            format!("partly; not yet: {}", missing.join("; "))
        }
        TextSupport::NotPlayed => "not yet: the engine ignores this text for now".into(),
        TextSupport::None => "none".into(),
    };
    rows.push(("Engine plays it", status));
    rows
}

/// The same facts as fields of `yj cards show --format json`.
pub fn json_fields(catalogue: &Catalogue, card: &Card) -> Vec<(&'static str, Value)> {
    let text = spec(card);
    let pool = CardPool::from_cards(catalogue.cards());
    let support = pool
        .find(&card.id)
        .map_or(TextSupport::None, |id| pool.get(id).text_support());
    vec![
        ("text_played_as", json!(text.map(describe))),
        ("text_ruling", json!(text.and_then(|t| t.ruling.clone()))),
        ("text_reading", json!(text.and_then(|t| t.reading.clone()))),
        (
            "text_spec",
            text.map(|t| serde_json::to_value(&t.abilities).unwrap_or(Value::Null))
                .unwrap_or(Value::Null),
        ),
        ("text", json!(support.as_str())),
    ]
}

/// The cards of `deck` (by catalogue id, each once, in deck order) whose game text the
/// engine does not fully play.
pub fn not_played_in(pool: &CardPool, deck: &[DefId]) -> Vec<(String, TextSupport)> {
    let mut out: Vec<(String, TextSupport)> = Vec::new();
    for &id in deck {
        let d = pool.get(id);
        let s = d.text_support();
        if matches!(s, TextSupport::Partly | TextSupport::NotPlayed)
            && !out.iter().any(|(name, _)| *name == d.catalogue_id)
        {
            out.push((d.catalogue_id.clone(), s));
        }
    }
    out
}

/// One line for `yj play` / `yj playtest`: `deck: text not played by the engine: BN-49, DF-7
/// (partly)`. None when every card's text is played.
pub fn not_played_line(label: &str, pool: &CardPool, deck: &[DefId]) -> Option<String> {
    let cards = not_played_in(pool, deck);
    if cards.is_empty() {
        return None;
    }
    let names: Vec<String> = cards
        .iter()
        .map(|(id, s)| {
            let name = pool
                .find(id)
                .map_or(String::new(), |d| pool.get(d).name.clone());
            match s {
                TextSupport::Partly => format!("{id} {name} (partly)"),
                _ => format!("{id} {name}"),
            }
        })
        .collect();
    Some(format!(
        "{label}: game text the engine does not play yet: {}",
        names.join(", ")
    ))
}
