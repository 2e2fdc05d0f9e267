//! Finding a card from what a person types: an id, a community id, or a name.
//!
//! Names ignore case, punctuation, accents and the planet bullet, so `Title, Subtitle`,
//! `Title: Subtitle` and `Title Subtitle` are the same; a set code in brackets (`Blaster (DM)`)
//! picks among cards that share a name. A virtual card is named by its id or by
//! its original's name plus `(virtual)`; a foil printing's number (`BN-F10`, `3_F10`) names its
//! card.

use deunicode::deunicode;
use thiserror::Error;

use super::card::{Card, Side};
use super::catalogue::Catalogue;
use super::printing::Printing;
use super::set::Set;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LookupError {
    #[error("`{}` matches {} cards: {}", excerpt(query), candidates.len(), describe(candidates))]
    Ambiguous {
        query: String,
        /// `(id, full name)` of each candidate.
        candidates: Vec<(String, String)>,
    },
    #[error(
        "no card matches `{}`{}",
        excerpt(query),
        did_you_mean(query, suggestions)
    )]
    Unknown {
        query: String,
        suggestions: Vec<(String, String)>,
    },
}

/// The most characters of a person's input an error message quotes: a whole 1 MB line, or a
/// header of a million columns, repeated in a message buries the message.
pub const QUOTED_CHARS: usize = 80;

/// Input as an error message quotes it: control characters escaped (`\u{1b}`, so an escape
/// code read from a file cannot clear the terminal or rewrite the line), and at most about
/// [`QUOTED_CHARS`] characters, the rest replaced by an ellipsis and the length.
pub fn excerpt(text: &str) -> String {
    let total = text.chars().count();
    let mut out = String::new();
    let mut shown = 0;
    let limit = if total > QUOTED_CHARS {
        QUOTED_CHARS - 20
    } else {
        QUOTED_CHARS
    };
    for c in text.chars() {
        if shown >= limit {
            break;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // Controls, and the format characters that reorder or hide text (bidirectional
            // overrides, zero-width characters).
            c if c.is_control()
                || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}') =>
            {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c => out.push(c),
        }
        shown += 1;
    }
    if shown < total {
        out.push_str(&format!("… ({total} characters)"));
    }
    out
}

/// A name key (letters and digits) longer than this gets no suggestions: it is more than
/// twice the longest card name's (63, Ki-Adi-Mundi's lightsaber; a unit test keeps that
/// true), so no name is near it, and comparing it with every name would cost time in
/// proportion to its length times theirs.
pub const SUGGESTED_KEY_MAX: usize = 128;

/// How many of the names nearest by shared letter pairs are compared in full.
const SUGGESTION_CANDIDATES: usize = 32;

fn describe(cards: &[(String, String)]) -> String {
    cards
        .iter()
        .map(|(id, name)| format!("{id} ({name})"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn did_you_mean(query: &str, suggestions: &[(String, String)]) -> String {
    let chars = normalise(query).len();
    if suggestions.is_empty() && chars > SUGGESTED_KEY_MAX {
        format!(
            " (it has {chars} letters and digits, more than twice any card name's, so no \
             similar names were looked for)"
        )
    } else if suggestions.is_empty() {
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
        let found = self.lookup_one(query, options);
        // `DM-45 Blaster`: lists copied from a registration sheet give the id and the name.
        // Tried only when nothing else matched, so no name is shadowed by an id-like start.
        if matches!(found, Err(LookupError::Unknown { .. }))
            && let Some(both) = self.lookup_id_and_name(query)
        {
            return both;
        }
        found
    }

    /// `ID NAME`: the id names the card when the name that follows is that card's own (full
    /// name or title). When the name is another card's, nothing is guessed: both are offered.
    fn lookup_id_and_name(&self, query: &str) -> Option<Result<&Card, LookupError>> {
        let (head, rest) = query.split_once(char::is_whitespace)?;
        let card = self.lookup_id(head)?;
        let rest = rest.trim().trim_start_matches(['-', ':', '–', '—', '|']);
        let key = normalise(rest);
        if key.is_empty() {
            return None;
        }
        let (full, title) = self.name_keys(self.index_of(&card.id)?);
        if key == full || key == title {
            return Some(Ok(card));
        }
        let mut suggestions = vec![(card.id.clone(), card.full_name())];
        if let Ok(named) = self.lookup_one(rest, LookupOptions::default())
            && named.id != card.id
        {
            suggestions.push((named.id.clone(), named.full_name()));
        }
        Some(Err(LookupError::Unknown {
            query: query.to_string(),
            suggestions,
        }))
    }

    fn lookup_one(&self, query: &str, options: LookupOptions) -> Result<&Card, LookupError> {
        if let Some(card) = self.lookup_id(query) {
            return Ok(card);
        }
        // `Blaster (DM)`: a set code in brackets picks among cards sharing a name.
        let (query_name, in_set) = match split_set(query) {
            Some((name, set)) => (name, Some(set)),
            None => (query, None),
        };
        // `DM-45 (DM)`: an id with its set (a spreadsheet's Set column) names the card when
        // the set is the card's own; another set is not guessed at.
        if let Some(set) = in_set
            && let Some(card) = self.lookup_id(query_name).filter(|c| c.set == set)
        {
            return Ok(card);
        }
        let (name, want_virtual) = match strip_virtual(query_name) {
            Some(rest) => (rest, true),
            None => (query_name, in_set == Some(Set::V1)),
        };
        // `JC-39 (virtual)`: a virtual card carries its original's number (rulebook "Virtual
        // Cards"), so the original's id names it too.
        if want_virtual
            && let Some(original) = self.lookup_id(name).filter(|c| !c.is_virtual())
            && let Some(card) = self.cards().iter().find(|c| {
                c.replaces
                    .as_deref()
                    .is_some_and(|r| r.eq_ignore_ascii_case(&original.id))
            })
        {
            return Ok(card);
        }
        let key = normalise(name);
        if key.is_empty() {
            return Err(LookupError::Unknown {
                query: query.to_string(),
                suggestions: vec![],
            });
        }
        let pool = || {
            self.cards().iter().enumerate().filter(move |(_, c)| {
                c.is_virtual() == want_virtual && in_set.is_none_or(|set| c.set == set)
            })
        };
        let full: Vec<&Card> = pool()
            .filter(|(i, _)| self.name_keys(*i).0 == key)
            .map(|(_, c)| c)
            .collect();
        let matches = if full.is_empty() {
            pool()
                .filter(|(i, _)| self.name_keys(*i).1 == key)
                .map(|(_, c)| c)
                .collect()
        } else {
            full
        };
        let matches = narrow_by_side(matches, options.side);
        match matches.len() {
            1 => Ok(matches[0]),
            0 => {
                // `Mace Windu, Jedi Master (BN)`: the name is right, the set is not; point at
                // the sets that do have it.
                let elsewhere = match in_set {
                    Some(_) => match self.lookup_with(query_name, options) {
                        Ok(card) => vec![(card.id.clone(), card.full_name())],
                        Err(LookupError::Ambiguous { candidates, .. }) => candidates,
                        Err(LookupError::Unknown { .. }) => Vec::new(),
                    },
                    None => Vec::new(),
                };
                let suggestions = if elsewhere.is_empty() {
                    // `Blaster (JC) dark`: a set and a side written where a lookup does not
                    // read them are still the best hint there is.
                    let mut hinted = self.hinted(query);
                    for near in self.suggest(&key, want_virtual, in_set) {
                        if !hinted.contains(&near) {
                            hinted.push(near);
                        }
                    }
                    hinted.truncate(3);
                    hinted
                } else {
                    elsewhere
                };
                Err(LookupError::Unknown {
                    query: query.to_string(),
                    suggestions,
                })
            }
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
        // V1 prints some numbers with an asterisk (`JC-4*`): that number is the virtual card's
        // own, and dropping the asterisk would name the original JC-4 instead.
        if query.trim_end().ends_with('*')
            && let Some(card) = self
                .cards()
                .iter()
                .find(|c| c.number.ends_with('*') && normalise(&c.number) == key)
        {
            return Some(card);
        }
        // Forgiving ids (`dm71`, `DM 71`) and community ids (`1_71`, whose key `171` could
        // collide, so those match on the exact text).
        if !joins_numbers(query)
            && let Some(card) = self.cards().iter().find(|c| normalise(&c.id) == key)
        {
            return Some(card);
        }
        if let Some(card) = self.cards().iter().find(|c| {
            c.gemp_id
                .as_deref()
                .is_some_and(|g| g.eq_ignore_ascii_case(query))
        }) {
            return Some(card);
        }
        self.get(&self.printing_named(query)?.card_id)
    }

    /// The printing a query names by its foil number (`BN-F10`) or community id (`3_F10`).
    /// A set in brackets after it (`BN-F10 (BN)`, `7_45 [RF]`) must be the card's own set, or
    /// `RF` for a Reflections reprint; it then names the same printing, so the finish is not
    /// lost when a list or spreadsheet adds the set.
    pub fn printing_named(&self, query: &str) -> Option<&Printing> {
        if let Some((bare, set)) = split_set(query) {
            return self.printing_named(bare).filter(|p| {
                self.get(&p.card_id).is_some_and(|c| c.set == set)
                    || (set == Set::RF && p.source.as_deref() == Some("reflections"))
            });
        }
        let query = query.trim();
        let key = normalise(query);
        let forgiving = !joins_numbers(query);
        self.printings().iter().find(|p| {
            p.gemp_id
                .as_deref()
                .is_some_and(|g| g.eq_ignore_ascii_case(query))
                || forgiving
                    && p.foil_number.as_deref().is_some_and(|n| {
                        let set = p.card_id.split('-').next().unwrap_or("");
                        normalise(&format!("{set}{n}")) == key
                    })
        })
    }

    /// The cards a query names if a set code in brackets anywhere in it (`Blaster (JC)
    /// dark`) and a side word at its end are read as such: suggestions, never a guess.
    fn hinted(&self, query: &str) -> Vec<(String, String)> {
        let mut text = query.trim().to_string();
        let mut side = None;
        if let Some((rest, last)) = text.rsplit_once(char::is_whitespace)
            && let Ok(s) = last.parse::<Side>()
        {
            side = Some(s);
            text = rest.trim().to_string();
        }
        let mut set = None;
        for (open, close) in [('(', ')'), ('[', ']')] {
            if let Some(start) = text.find(open)
                && let Some(len) = text[start..].find(close)
                && let Ok(s) = text[start + 1..start + len].trim().parse::<Set>()
            {
                set = Some(s);
                text = format!("{} {}", &text[..start], &text[start + len + 1..]);
                break;
            }
        }
        if set.is_none() && side.is_none() {
            return Vec::new();
        }
        let key = normalise(&text);
        self.cards()
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                let (full, title) = self.name_keys(*i);
                (full == key || title == key)
                    && set.is_none_or(|s| c.set == s)
                    && side.is_none_or(|s| c.side == s)
            })
            .take(3)
            .map(|(_, c)| (c.id.clone(), c.full_name()))
            .collect()
    }

    /// Up to three cards whose names are nearest to `key` (Jaro-Winkler, a name holding the
    /// whole key first). Bounded: a key far longer than any name gets none, and only the
    /// names sharing the most letter pairs with the key are compared in full, so a lookup
    /// costs time in proportion to the key's length, not to its length times every name's.
    fn suggest(&self, key: &str, want_virtual: bool, in_set: Option<Set>) -> Vec<(String, String)> {
        if key.len() > SUGGESTED_KEY_MAX {
            return Vec::new();
        }
        let mut pairs = Pairs::of(key);
        let mut near: Vec<(usize, usize, &Card)> = self
            .cards()
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.is_virtual() == want_virtual && in_set.is_none_or(|set| c.set == set)
            })
            .map(|(i, c)| {
                let (full, title) = self.name_keys(i);
                let shared = pairs.shared(full).max(pairs.shared(title));
                // A name that holds the whole key is always compared.
                let holds = usize::from(key.len() >= 4 && full.contains(key));
                (holds, shared, c)
            })
            .collect();
        near.sort_by_key(|n| std::cmp::Reverse((n.0, n.1)));
        near.truncate(SUGGESTION_CANDIDATES);
        let mut scored: Vec<(f64, &Card)> = near
            .into_iter()
            .map(|(holds, _, c)| {
                let i = self.index_of(&c.id).unwrap_or(0);
                let (full, title) = self.name_keys(i);
                let mut score =
                    strsim::jaro_winkler(key, full).max(strsim::jaro_winkler(key, title));
                // A name that holds the whole query (`Mos Espa` in `Tatooine • Mos Espa`) is
                // nearer than any merely similar one.
                if holds == 1 {
                    score += 1.0;
                }
                (score, c)
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

/// The letter pairs of a name key (ASCII letters and digits), counted, for a quick measure
/// of how near two names are before the full comparison.
struct Pairs {
    counts: Vec<u8>,
    touched: Vec<usize>,
}

impl Pairs {
    fn index(a: u8, b: u8) -> usize {
        let code = |c: u8| match c {
            b'0'..=b'9' => (c - b'0') as usize,
            b'a'..=b'z' => (c - b'a') as usize + 10,
            _ => 36,
        };
        code(a) * 37 + code(b)
    }

    fn of(key: &str) -> Pairs {
        let mut counts = vec![0u8; 37 * 37];
        for w in key.as_bytes().windows(2) {
            let i = Pairs::index(w[0], w[1]);
            counts[i] = counts[i].saturating_add(1);
        }
        Pairs {
            counts,
            touched: Vec::new(),
        }
    }

    /// How many of `name`'s letter pairs the key has (each of the key's pairs counted once).
    fn shared(&mut self, name: &str) -> usize {
        let mut shared = 0;
        for w in name.as_bytes().windows(2) {
            let i = Pairs::index(w[0], w[1]);
            if self.counts[i] > 0 {
                self.counts[i] -= 1;
                self.touched.push(i);
                shared += 1;
            }
        }
        for i in self.touched.drain(..) {
            self.counts[i] += 1;
        }
        shared
    }
}

/// Whether `query` has two digits with only punctuation or spaces between them (`DM-7 1`).
/// Forgiving ids drop separators (`dm 71` is DM-71); across digits that would make one number
/// of two, so `DM-7 1` would silently become DM-71.
fn joins_numbers(query: &str) -> bool {
    let mut last_digit = false;
    let mut gap = false;
    for c in query.chars() {
        if c.is_ascii_digit() {
            if last_digit && gap {
                return true;
            }
            last_digit = true;
            gap = false;
        } else if c.is_alphanumeric() {
            last_digit = false;
            gap = false;
        } else {
            gap = true;
        }
    }
    false
}

/// `Blaster (DM)` or `Blaster [DM]` → (`Blaster`, DM). Only a known set code or name counts, so a name that itself ends
/// in brackets is left alone.
fn split_set(text: &str) -> Option<(&str, Set)> {
    let text = text.trim();
    // `Blaster [DM]` as many lists write it.
    let (inner, open) = match text.strip_suffix(')') {
        Some(inner) => (inner, inner.rfind('(')?),
        None => {
            let inner = text.strip_suffix(']')?;
            (inner, inner.rfind('[')?)
        }
    };
    let set = inner[open + 1..].trim().parse::<Set>().ok()?;
    Some((inner[..open].trim(), set))
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

#[cfg(test)]
mod tests {
    use super::*;
    fn catalogue() -> &'static Catalogue {
        Catalogue::embedded_for_tests()
    }

    fn id(query: &str) -> String {
        catalogue()
            .lookup(query)
            .unwrap_or_else(|e| panic!("{query}: {e}"))
            .id
            .clone()
    }

    #[test]
    fn a_name_far_longer_than_any_card_s_gets_no_suggestions_and_the_message_says_why() {
        // Issue 15: suggestions for a 1 MB line compared it with every name (471 s), and the
        // message repeated the whole line.
        let long = "Darth Maul ".repeat(20_000);
        let err = catalogue().lookup(&long).unwrap_err();
        assert!(
            matches!(&err, LookupError::Unknown { suggestions, .. } if suggestions.is_empty()),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "no card matches `Darth Maul Darth Maul Darth Maul Darth Maul Darth Maul Darth… \
             (219999 characters)` (it has 180000 letters and digits, more than twice any card \
             name's, so no similar names were looked for)"
        );
        // The bound hides no real card: every name is at most half of it.
        let c = catalogue();
        for i in 0..c.cards().len() {
            let (full, _) = c.name_keys(i);
            assert!(full.len() * 2 <= SUGGESTED_KEY_MAX, "{full}");
        }
    }

    #[test]
    fn a_set_and_a_side_written_out_of_place_are_the_first_suggestion() {
        match catalogue().lookup("Blaster (JC) dark") {
            Err(LookupError::Unknown { suggestions, .. }) => {
                assert_eq!(
                    suggestions[0],
                    ("JC-118".to_string(), "Blaster".to_string())
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn quoted_input_is_short_and_shows_control_characters_escaped() {
        assert_eq!(excerpt("DM-71"), "DM-71");
        assert_eq!(
            excerpt("\u{1b}[2J\tDM\r\n\u{202e}71"),
            "\\u{1b}[2J\\tDM\\r\\n\\u{202e}71"
        );
        let eighty = "x".repeat(80);
        assert_eq!(excerpt(&eighty), eighty);
        let long = format!("{eighty}y");
        assert_eq!(
            excerpt(&long),
            format!("{}… (81 characters)", "x".repeat(60))
        );
        let err = catalogue()
            .lookup("\u{1b}[2JDarth Mual")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("no card matches `\\u{1b}[2JDarth Mual`"),
            "{err}"
        );
    }

    #[test]
    fn finds_cards_by_id_in_any_case_and_spacing() {
        assert_eq!(id("DM-71"), "DM-71");
        assert_eq!(id("dm-71"), "DM-71");
        assert_eq!(id("dm 71"), "DM-71");
        assert_eq!(id("EBN-P9"), "EBN-P9");
    }

    #[test]
    fn forgiving_ids_never_join_two_numbers() {
        // `dm 71` is DM-71, but `DM-7 1` (DM-7 with a stray `1`, or a quantity written after
        // the id) and `DM-1 3` are not DM-71 and DM-13: a silent guess would put Darth Maul
        // in a list that meant Mace Windu.
        for query in ["DM-7 1", "DM-1 3", "dm-1, 3", "BN-F1 0", "3_F1 0"] {
            match catalogue().lookup(query) {
                Err(LookupError::Unknown { .. }) => {}
                other => panic!("{query}: {other:?}"),
            }
        }
        assert_eq!(id("DM 71"), "DM-71");
        assert_eq!(id("bn f10"), "BN-71");
    }

    #[test]
    fn accepts_community_ids_and_foil_numbers() {
        assert_eq!(id("1_71"), "DM-71");
        assert_eq!(id("3_1"), "BN-1");
        // Battle of Naboo foil F10 is a printing of BN-71.
        assert_eq!(id("3_F10"), "BN-71");
        assert_eq!(id("BN-F10"), "BN-71");
    }

    #[test]
    fn name_variants_all_resolve() {
        for q in [
            "Darth Maul, Sith Apprentice",
            "Darth Maul: Sith Apprentice",
            "darth maul sith apprentice",
            "  DARTH MAUL -- SITH APPRENTICE ",
        ] {
            assert_eq!(id(q), "DM-71", "{q}");
        }
        // Accents are ignored both ways.
        assert_eq!(id("Padme Naberrie, Loyal Handmaiden"), "EBN-P10");
        assert_eq!(id("Padmé Naberrie, Loyal Handmaiden"), "EBN-P10");
        // The planet bullet is ignored; the same location exists on both sides.
        let light = LookupOptions {
            side: Some(Side::Light),
        };
        for q in [
            "Tatooine Podrace Arena",
            "Tatooine • Podrace Arena",
            "tatooine: podrace arena",
        ] {
            assert_eq!(
                catalogue().lookup_with(q, light).unwrap().id,
                "DM-65",
                "{q}"
            );
        }
    }

    #[test]
    fn an_ambiguous_name_lists_the_candidates() {
        match catalogue().lookup("Obi-Wan Kenobi") {
            Err(LookupError::Ambiguous { candidates, .. }) => {
                let ids: Vec<&str> = candidates.iter().map(|(id, _)| id.as_str()).collect();
                assert!(ids.contains(&"DM-1") && ids.contains(&"BN-1"), "{ids:?}");
                assert!(!ids.iter().any(|id| id.starts_with("V1")), "{ids:?}");
            }
            other => panic!("expected ambiguity, got {other:?}"),
        }
    }

    #[test]
    fn an_unknown_name_suggests_the_nearest_cards() {
        match catalogue().lookup("Darth Maul, Sith Aprentice") {
            Err(LookupError::Unknown { suggestions, .. }) => {
                assert_eq!(suggestions[0].0, "DM-71", "{suggestions:?}");
            }
            other => panic!("expected unknown, got {other:?}"),
        }
        let err = catalogue().lookup("Qui Gon Jin, Jedi Mastr").unwrap_err();
        assert!(err.to_string().contains("did you mean"), "{err}");
    }

    #[test]
    fn virtual_cards_need_their_id_or_the_virtual_suffix() {
        assert_eq!(id("Jar Jar Binks, Gungan Outcast"), "JC-3");
        assert_eq!(id("Jar Jar Binks, Gungan Outcast (virtual)"), "V1-JC-3");
        assert_eq!(id("V1-JC-3"), "V1-JC-3");
    }

    #[test]
    fn a_virtual_card_is_named_by_its_original_s_number_plus_virtual() {
        // Rulebook "Virtual Cards": a virtual card is numbered after its original (JC-42), so
        // `JC-39 (virtual)` is the virtual Obi-Wan Kenobi, Jedi Warrior.
        assert_eq!(id("JC-39 (virtual)"), "V1-JC-39");
        assert_eq!(id("jc 42 (Virtual)"), "V1-JC-42");
        // A card no virtual card replaces stays unknown.
        assert!(catalogue().lookup("DM-71 (virtual)").is_err());
    }

    #[test]
    fn a_side_preference_settles_a_name_shared_by_both_sides() {
        let light = catalogue()
            .lookup_with(
                "Hold-Out Blaster",
                LookupOptions {
                    side: Some(Side::Light),
                },
            )
            .unwrap();
        let dark = catalogue()
            .lookup_with(
                "Hold-Out Blaster",
                LookupOptions {
                    side: Some(Side::Dark),
                },
            )
            .unwrap();
        assert_eq!(light.side, Side::Light);
        assert_eq!(dark.side, Side::Dark);
        assert_ne!(light.id, dark.id);
        assert!(catalogue().lookup("Hold-Out Blaster").is_err());
    }

    #[test]
    fn a_set_code_in_brackets_picks_among_shared_names() {
        assert!(catalogue().lookup("Blaster").is_err());
        // Both sides of Menace of Darth Maul have a Blaster: the side settles it.
        match catalogue().lookup("Blaster (DM)") {
            Err(LookupError::Ambiguous { candidates, .. }) => {
                let ids: Vec<&str> = candidates.iter().map(|(id, _)| id.as_str()).collect();
                assert_eq!(ids, ["DM-45", "DM-119"]);
            }
            other => panic!("{other:?}"),
        }
        let light = LookupOptions {
            side: Some(Side::Light),
        };
        assert_eq!(
            catalogue().lookup_with("Blaster (DM)", light).unwrap().id,
            "DM-45"
        );
        assert_eq!(id("naboo starfighter (bn)"), "BN-69");
        let dark = LookupOptions {
            side: Some(Side::Dark),
        };
        assert_eq!(
            catalogue()
                .lookup_with("Naboo • Theed Palace (BN)", dark)
                .unwrap()
                .id,
            "BN-136"
        );
        // The right name in the wrong set points at the set that has it.
        match catalogue().lookup("Mace Windu, Jedi Master (BN)") {
            Err(LookupError::Unknown { suggestions, .. }) => assert_eq!(suggestions[0].0, "DM-7"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_foil_number_with_its_set_still_names_the_foil_printing() {
        let c = catalogue();
        let named = |q: &str| c.printing_named(q).map(|p| p.card_id.clone());
        assert_eq!(named("BN-F10 (BN)"), Some("BN-71".into()));
        assert_eq!(named("BN-F10 [BN]"), Some("BN-71".into()));
        // A Reflections reprint keeps its original's set, and RF names it too.
        assert_eq!(named("7_45 (RF)"), Some("DF-31".into()));
        assert_eq!(named("7_45 (DF)"), Some("DF-31".into()));
        // Another set is not guessed at.
        assert_eq!(named("BN-F10 (JC)"), None);
    }

    #[test]
    fn an_id_followed_by_its_own_name_names_the_card() {
        assert_eq!(id("DM-45 Blaster"), "DM-45");
        assert_eq!(id("JC-39 Obi-Wan Kenobi, Jedi Warrior"), "JC-39");
        assert_eq!(id("1_71 Darth Maul, Sith Apprentice"), "DM-71");
        assert_eq!(id("BN-33 - Obi-Wan Kenobi"), "BN-33");
        // A name that starts like an id is still the name.
        assert_eq!(id("R2-D2, The Queen's Hero"), "BN-11");
        assert_eq!(id("P-59, Destroyer Droid Commander"), "BN-83");
    }

    #[test]
    fn an_id_with_another_cards_name_is_not_guessed() {
        let err = catalogue()
            .lookup("JC-39 Obi-Wan Kenobi, Jedi Negotiator")
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "no card matches `JC-39 Obi-Wan Kenobi, Jedi Negotiator`; did you mean \
             JC-39 (Obi-Wan Kenobi, Jedi Warrior), BN-33 (Obi-Wan Kenobi, Jedi Negotiator)?"
        );
    }

    #[test]
    fn normalise_drops_case_punctuation_and_accents() {
        assert_eq!(normalise("Padmé  Naberrie!"), "padmenaberrie");
        assert_eq!(normalise("Tatooine • Mos Espa"), "tatooinemosespa");
    }
}
