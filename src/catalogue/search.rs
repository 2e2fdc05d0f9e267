//! Searching the catalogue tables with SQL (`yj cards search`).

use rusqlite::types::Value;

use super::card::{CardType, Rarity, Side};
use super::db::Database;
use super::dots::DotColour;
use super::error::CatalogueError;
use super::lookup::normalise;
use super::set::Set;

/// What `yj cards search` filters on; every filter given must hold.
#[derive(Debug, Clone, Default)]
pub struct CardFilter {
    /// Part of the name (title and subtitle, punctuation and case ignored) or of the id.
    pub text: Option<String>,
    pub set: Option<Set>,
    pub side: Option<Side>,
    pub card_type: Option<CardType>,
    /// Cards that can fill this colour: their coloured dot or a white dot is there.
    pub dot: Option<DotColour>,
    pub rarity: Option<Rarity>,
    /// Only wild and semi-wild cards (any white dot).
    pub wild: bool,
}

impl Database {
    /// Ids of the matching cards, in catalogue order.
    pub fn search(&self, filter: &CardFilter) -> Result<Vec<String>, CatalogueError> {
        let mut clauses: Vec<String> = Vec::new();
        let mut values: Vec<Value> = Vec::new();
        // `make` receives the placeholder number of `value` (`?1`, `?2`...).
        let mut add = |make: &dyn Fn(String) -> String, value: Value| {
            values.push(value);
            clauses.push(make(format!("?{}", values.len())));
        };
        if let Some(text) = &filter.text {
            add(
                &|p| format!("(name_key LIKE {p} OR replace(lower(id), '-', '') LIKE {p})"),
                Value::Text(format!("%{}%", normalise(text))),
            );
        }
        if let Some(set) = filter.set {
            add(
                &|p| format!("\"set\" = {p}"),
                Value::Text(set.code().into()),
            );
        }
        if let Some(side) = filter.side {
            add(
                &|p| format!("side = {p}"),
                Value::Text(side.as_str().into()),
            );
        }
        if let Some(t) = filter.card_type {
            add(&|p| format!("type = {p}"), Value::Text(t.as_str().into()));
        }
        if let Some(r) = filter.rarity {
            add(&|p| format!("rarity = {p}"), Value::Text(r.as_str().into()));
        }
        if let Some(colour) = filter.dot {
            let position = colour as usize + 1;
            add(
                &|p| format!("substr(dots, {position}, 1) IN ({p}, 'w')"),
                Value::Text(colour.letter().to_string()),
            );
        }
        if filter.wild {
            clauses.push("instr(dots, 'w') > 0".into());
        }
        let sql = format!(
            "SELECT id FROM cards{} ORDER BY position",
            if clauses.is_empty() {
                String::new()
            } else {
                format!(" WHERE {}", clauses.join(" AND "))
            }
        );
        let mut stmt = self.connection().prepare(&sql)?;
        let ids = stmt
            .query_map(rusqlite::params_from_iter(values), |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }
}
