//! Finding a card from what a person types: an id, a community id, or a name.
//!
//! Names ignore case, punctuation, accents and the planet bullet, so `Title, Subtitle`,
//! `Title: Subtitle` and `Title Subtitle` are the same. A virtual card is named by its id or by
//! its original's name plus `(virtual)`; a foil printing's number (`BN-F10`, `3_F10`) names its
//! card.

use deunicode::deunicode;
use thiserror::Error;

use super::card::{Card, Side};
use super::catalogue::Catalogue;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LookupError {
    #[error("`{query}` matches {} cards: {}", candidates.len(), describe(candidates))]
    Ambiguous {
        query: String,
        /// `(id, full name)` of each candidate.
        candidates: Vec<(String, String)>,
    },
    #[error("no card matches `{query}`{}", did_you_mean(suggestions))]
    Unknown {
        query: String,
        suggestions: Vec<(String, String)>,
    },
}

fn describe(cards: &[(String, String)]) -> String {
    cards
        .iter()
        .map(|(id, name)| format!("{id} ({name})"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn did_you_mean(suggestions: &[(String, String)]) -> String {
    if suggestions.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", describe(suggestions))
    }
}

/// The comparison key of a name or id: ASCII letters and digits only, lowercase.
pub fn normalise(text: &str) -> String {
    deunicode(text)
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Options that narrow a lookup.
#[derive(Debug, Clone, Copy, Default)]
pub struct LookupOptions {
    /// Prefer cards of this side when a name matches cards of both sides.
    pub side: Option<Side>,
}

impl Catalogue {
    /// Resolves an id, a community id (`1_71`), a foil number (`BN-F10`) or a name.
    pub fn lookup(&self, query: &str) -> Result<&Card, LookupError> {
        self.lookup_with(query, LookupOptions::default())
    }

    pub fn lookup_with(&self, query: &str, options: LookupOptions) -> Result<&Card, LookupError> {
        let query = query.trim();
        if let Some(card) = self.lookup_id(query) {
            return Ok(card);
        }
        let (name, want_virtual) = match strip_virtual(query) {
            Some(rest) => (rest, true),
            None => (query, false),
        };
        let key = normalise(name);
        if key.is_empty() {
            return Err(LookupError::Unknown {
                query: query.to_string(),
                suggestions: vec![],
            });
        }
        let pool = || {
            self.cards()
                .iter()
                .filter(move |c| c.is_virtual() == want_virtual)
        };
        let full: Vec<&Card> = pool()
            .filter(|c| normalise(&format!("{} {}", c.title, c.subtitle)) == key)
            .collect();
        let matches = if full.is_empty() {
            pool().filter(|c| normalise(&c.title) == key).collect()
        } else {
            full
        };
        let matches = narrow_by_side(matches, options.side);
        match matches.len() {
            1 => Ok(matches[0]),
            0 => Err(LookupError::Unknown {
                query: query.to_string(),
                suggestions: self.suggest(&key, want_virtual),
            }),
            _ => Err(LookupError::Ambiguous {
                query: query.to_string(),
                candidates: matches
                    .iter()
                    .map(|c| (c.id.clone(), c.full_name()))
                    .collect(),
            }),
        }
    }

    fn lookup_id(&self, query: &str) -> Option<&Card> {
        if let Some(card) = self.get(query) {
            return Some(card);
        }
        let key = normalise(query);
        if key.is_empty() {
            return None;
        }
        // Forgiving ids (`dm71`, `DM 71`) and community ids (`1_71`, whose key `171` could
        // collide, so those match on the exact text).
        if let Some(card) = self.cards().iter().find(|c| normalise(&c.id) == key) {
            return Some(card);
        }
        if let Some(card) = self.cards().iter().find(|c| {
            c.gemp_id
                .as_deref()
                .is_some_and(|g| g.eq_ignore_ascii_case(query))
        }) {
            return Some(card);
        }
        let printing = self.printings().iter().find(|p| {
            p.gemp_id
                .as_deref()
                .is_some_and(|g| g.eq_ignore_ascii_case(query))
                || p.foil_number.as_deref().is_some_and(|n| {
                    let set = p.card_id.split('-').next().unwrap_or("");
                    normalise(&format!("{set}{n}")) == key
                })
        })?;
        self.get(&printing.card_id)
    }

    /// Up to three cards whose names are nearest to `key`.
    fn suggest(&self, key: &str, want_virtual: bool) -> Vec<(String, String)> {
        let mut scored: Vec<(f64, &Card)> = self
            .cards()
            .iter()
            .filter(|c| c.is_virtual() == want_virtual)
            .map(|c| {
                let full =
                    strsim::jaro_winkler(key, &normalise(&format!("{} {}", c.title, c.subtitle)));
                let title = strsim::jaro_winkler(key, &normalise(&c.title));
                (full.max(title), c)
            })
            .filter(|(score, _)| *score > 0.75)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.id.cmp(&b.1.id)));
        scored
            .into_iter()
            .take(3)
            .map(|(_, c)| (c.id.clone(), c.full_name()))
            .collect()
    }
}

fn strip_virtual(query: &str) -> Option<&str> {
    let lower = query.to_ascii_lowercase();
    lower
        .strip_suffix("(virtual)")
        .map(|rest| query[..rest.len()].trim())
}

fn narrow_by_side(matches: Vec<&Card>, side: Option<Side>) -> Vec<&Card> {
    match side {
        Some(side) if matches.iter().any(|c| c.side == side) => {
            matches.into_iter().filter(|c| c.side == side).collect()
        }
        _ => matches,
    }
}
