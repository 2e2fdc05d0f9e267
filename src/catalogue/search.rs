//! Searching the catalogue tables with SQL (`yj cards search`).

use rusqlite::types::Value;

use super::card::{CardType, Planet, Rarity, Side};
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
    /// A trait derived from the name (`RULINGS.md` R1), e.g. `jedi`, `podracer-pilot`.
    pub traits: Option<String>,
    /// Words in the card's ability note (case ignored).
    pub ability: Option<String>,
    /// Locations of this planet, and characters whose location bonus is on it.
    pub planet: Option<Planet>,
    pub power: Option<StatRange>,
    pub counters: Option<StatRange>,
    pub damage: Option<StatRange>,
    pub destiny: Option<StatRange>,
}

impl CardFilter {
    /// Whether any filter is set (an empty filter lists every card).
    pub fn is_empty(&self) -> bool {
        self.text.is_none()
            && self.set.is_none()
            && self.side.is_none()
            && self.card_type.is_none()
            && self.dot.is_none()
            && self.rarity.is_none()
            && !self.wild
            && self.traits.is_none()
            && self.ability.is_none()
            && self.planet.is_none()
            && self.power.is_none()
            && self.counters.is_none()
            && self.damage.is_none()
            && self.destiny.is_none()
    }
}

/// An inclusive range of a printed number: `5`, `5+` (at least), `..3` (at most), `2..4`.
/// A card whose number is unknown, or not a number (a power of `?`), never matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatRange {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl std::str::FromStr for StatRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim();
        let number = |x: &str| -> Result<Option<i64>, String> {
            if x.is_empty() {
                return Ok(None);
            }
            x.trim()
                .parse::<i64>()
                .map(Some)
                .map_err(|_| format!("`{s}` is not a number or range (try 5, 5+, ..3 or 2..4)"))
        };
        let (min, max) = if let Some(at_least) = t.strip_suffix('+') {
            (number(at_least)?, None)
        } else if let Some((lo, hi)) = t.split_once("..") {
            (number(lo)?, number(hi)?)
        } else {
            let n = number(t)?;
            (n, n)
        };
        if min.is_none() && max.is_none() {
            return Err(format!(
                "`{s}` is not a number or range (try 5, 5+, ..3 or 2..4)"
            ));
        }
        if let (Some(lo), Some(hi)) = (min, max)
            && lo > hi
        {
            return Err(format!(
                "`{s}`: the range is empty ({lo} is more than {hi})"
            ));
        }
        Ok(StatRange { min, max })
    }
}

impl Database {
    /// Ids of the matching cards, in catalogue order.
    pub fn search(&self, filter: &CardFilter) -> Result<Vec<String>, CatalogueError> {
        let mut clauses: Vec<String> = Vec::new();
        let mut values: Vec<Value> = Vec::new();
        if let Some(text) = &filter.text {
            let key = normalise(text);
            if key.is_empty() {
                return Err(CatalogueError::NothingToSearch {
                    what: "search text",
                    value: text.clone(),
                });
            }
            // A community id (`1_71`, or a foil printing's `7_45`) names one card exactly; as a
            // part (`171`) it would also match `1_171`, so it is compared whole.
            values.push(Value::Text(format!("%{key}%")));
            values.push(Value::Text(text.trim().to_lowercase()));
            clauses.push(
                "(name_key LIKE ?1 OR replace(lower(id), '-', '') LIKE ?1 \
                 OR lower(ifnull(gemp_id, '')) = ?2 \
                 OR id IN (SELECT card_id FROM printings WHERE lower(gemp_id) = ?2))"
                    .into(),
            );
        }
        // `make` receives the placeholder number of `value` (`?3`, `?4`...).
        let mut add = |make: &dyn Fn(String) -> String, value: Value| {
            values.push(value);
            clauses.push(make(format!("?{}", values.len())));
        };
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
        if let Some(t) = &filter.traits {
            add(
                &|p| format!("(';' || ifnull(traits, '') || ';') LIKE {p}"),
                Value::Text(format!("%;{};%", t.trim().to_lowercase())),
            );
        }
        // Ability words compare like names (case, accents and punctuation ignored), each word
        // anywhere in the note; SQLite's `lower` and `LIKE` know neither accents nor words,
        // so the notes are matched here after the query.
        let ability_words: Option<Vec<String>> = match &filter.ability {
            None => None,
            Some(words) => {
                let keys: Vec<String> = words
                    .split_whitespace()
                    .map(normalise)
                    .filter(|k| !k.is_empty())
                    .collect();
                if keys.is_empty() {
                    return Err(CatalogueError::NothingToSearch {
                        what: "ability words",
                        value: words.clone(),
                    });
                }
                Some(keys)
            }
        };
        if let Some(planet) = &filter.planet {
            add(
                &|p| format!("planet = {p}"),
                Value::Text(planet.as_str().into()),
            );
        }
        // Power is stored as text because a few cards print `?`; only digits compare.
        let stats = [
            (
                "CAST(power AS INTEGER)",
                "power GLOB '[0-9]*'",
                filter.power,
            ),
            ("counters", "counters IS NOT NULL", filter.counters),
            ("damage", "damage IS NOT NULL", filter.damage),
            ("destiny", "destiny IS NOT NULL", filter.destiny),
        ];
        for (column, known, range) in stats {
            let Some(range) = range else { continue };
            if let Some(min) = range.min {
                add(
                    &|p| format!("({known} AND {column} >= {p})"),
                    Value::Integer(min),
                );
            }
            if let Some(max) = range.max {
                add(
                    &|p| format!("({known} AND {column} <= {p})"),
                    Value::Integer(max),
                );
            }
        }
        if filter.wild {
            clauses.push("instr(dots, 'w') > 0".into());
        }
        let sql = format!(
            "SELECT id, ifnull(ability, '') FROM cards{} ORDER BY position",
            if clauses.is_empty() {
                String::new()
            } else {
                format!(" WHERE {}", clauses.join(" AND "))
            }
        );
        let mut stmt = self.connection().prepare(&sql)?;
        let rows = stmt
            .query_map(rusqlite::params_from_iter(values), |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows
            .into_iter()
            .filter(|(_, ability)| {
                ability_words.as_ref().is_none_or(|words| {
                    let note = normalise(ability);
                    words.iter().all(|w| note.contains(w.as_str()))
                })
            })
            .map(|(id, _)| id)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::StatRange;

    #[test]
    fn ranges_read_the_four_shapes() {
        let r = |s: &str| s.parse::<StatRange>();
        assert_eq!(
            r("5"),
            Ok(StatRange {
                min: Some(5),
                max: Some(5)
            })
        );
        assert_eq!(
            r("5+"),
            Ok(StatRange {
                min: Some(5),
                max: None
            })
        );
        assert_eq!(
            r("..3"),
            Ok(StatRange {
                min: None,
                max: Some(3)
            })
        );
        assert_eq!(
            r(" 2..4 "),
            Ok(StatRange {
                min: Some(2),
                max: Some(4)
            })
        );
        assert_eq!(
            r("3.."),
            Ok(StatRange {
                min: Some(3),
                max: None
            })
        );
    }

    #[test]
    fn bad_ranges_say_what_to_write() {
        let r = |s: &str| s.parse::<StatRange>().unwrap_err();
        assert_eq!(
            r("big"),
            "`big` is not a number or range (try 5, 5+, ..3 or 2..4)"
        );
        assert_eq!(
            r(".."),
            "`..` is not a number or range (try 5, 5+, ..3 or 2..4)"
        );
        assert_eq!(r("4..2"), "`4..2`: the range is empty (4 is more than 2)");
    }
}
