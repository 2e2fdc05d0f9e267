//! Finding a card from what a person types: an id, a community id, or a name.
//!
//! Names ignore case, punctuation, accents and the planet bullet, so `Title, Subtitle`,
//! `Title: Subtitle` and `Title Subtitle` are the same; a set code in brackets (`Blaster (DM)`)
//! picks among cards that share a name. A virtual card is named by its id or by
//! its original's name plus `(virtual)`; a foil printing's number (`BN-F10`, `3_F10`) names its
//! card.

use deunicode::deunicode;
use std::collections::BTreeMap;
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

/// The Jaro-Winkler score a name must pass to be suggested.
const SUGGESTION_CUT_OFF: f64 = 0.75;

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
    let mut out = String::with_capacity(text.len());
    push_normalised(text, &mut out);
    out
}

/// Appends [`normalise`]`(text)` to `out`. ASCII text (nearly every name) is read in place:
/// `deunicode` leaves it as it is, and building a card pool normalises names a few hundred
/// thousand times.
fn push_normalised(text: &str, out: &mut String) {
    if text.is_ascii() {
        out.extend(
            text.bytes()
                .filter(u8::is_ascii_alphanumeric)
                .map(|b| char::from(b.to_ascii_lowercase())),
        );
    } else {
        out.extend(
            deunicode(text)
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase()),
        );
    }
}

/// A name's words, each as `normalise` reads it, joined by one space: what [`kind_in_name`]
/// reads (`Valorum, Supreme Chancellor & Planetary Shuttle` → `valorum supreme chancellor
/// planetary shuttle`).
pub fn name_words_key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_name_words(text, &mut out);
    out
}

/// A card's `title subtitle` as [`name_words_key`] reads it, without building that text.
pub fn card_name_key(title: &str, subtitle: &str) -> String {
    let mut out = String::with_capacity(title.len() + subtitle.len() + 1);
    push_name_words(title, &mut out);
    push_name_words(subtitle, &mut out);
    out
}

/// Appends the words of `text` to a key of [`name_words_key`] (one space before each word
/// when the key holds words already; a word that normalises to nothing is left out).
fn push_name_words(text: &str, out: &mut String) {
    for w in text.split_whitespace() {
        let before = out.len();
        if !out.is_empty() {
            out.push(' ');
        }
        let word = out.len();
        push_normalised(w, out);
        if out.len() == word {
            out.truncate(before);
        }
    }
}

/// Whether a kind (`key`, normalised: `hutt`, `royalguard`) is named by a card's name (as
/// [`name_words_key`] gives it): whole words of the name run together spell it, the last
/// perhaps with a plural ending (RULINGS.md R1: a name "holds the word"). So `royalguard` is
/// in "Royal Guard, Leader", `gungan` in "Gungans" and `hutt` in "Jabba the Hutt", but `hutt`
/// is not in "Planetary Shuttle", `nikto` not in "Saesee Tiin, Iktotchi Jedi Master" and
/// `rep` (BN-47 Gunga City's "any Rep": Rep Been, Rep Officer) not in "Republic Captain".
pub fn kind_in_name(name: &str, key: &str) -> bool {
    let Some(&first) = key.as_bytes().first() else {
        return false;
    };
    // A match begins at a word whose first byte is the key's (a word that starts otherwise
    // neither begins the key nor is begun by it; an empty word passes it on to the next), so
    // only those starts are read in full: the pool asks this of every card for each kind a
    // use line names, and most names hold no such word.
    let bytes = name.as_bytes();
    (0..bytes.len()).any(|i| {
        bytes[i] == first
            && (i == 0 || bytes[i - 1] == b' ')
            && name.is_char_boundary(i)
            && kind_at_start(&name[i..], key)
    })
}

/// Whether `key` is spelt by the words at the start of `name` run together, the last
/// perhaps with a plural ending ([`kind_in_name`] at one word start).
fn kind_at_start(name: &str, key: &str) -> bool {
    let mut rest = key;
    for w in name.split(' ') {
        if let Some(r) = rest.strip_prefix(w) {
            rest = r;
            if rest.is_empty() {
                return true;
            }
            continue;
        }
        return w
            .strip_prefix(rest)
            .is_some_and(|end| end == "s" || end == "es");
    }
    false
}

/// [`kind_in_name`] as first written, trying every word start: the tests' reference.
#[cfg(test)]
fn kind_in_name_every_start(name: &str, key: &str) -> bool {
    if key.is_empty() {
        return false;
    }
    let mut starts = name.split(' ');
    loop {
        let mut rest = key;
        for w in starts.clone() {
            if let Some(r) = rest.strip_prefix(w) {
                rest = r;
                if rest.is_empty() {
                    return true;
                }
                continue;
            }
            if w.strip_prefix(rest)
                .is_some_and(|end| end == "s" || end == "es")
            {
                return true;
            }
            break;
        }
        if starts.next().is_none() {
            return false;
        }
    }
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
            && let Some(card) = (0..self.cards().len())
                .find(|&i| self.id_key(i) == key)
                .map(|i| &self.cards()[i])
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
        self.printings().iter().enumerate().find_map(|(i, p)| {
            let by_gemp = p
                .gemp_id
                .as_deref()
                .is_some_and(|g| g.eq_ignore_ascii_case(query));
            let by_foil = forgiving && !key.is_empty() && self.foil_key(i) == key;
            (by_gemp || by_foil).then_some(p)
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
        let letters: Vec<(u8, u8)> = letter_counts(key)
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| (i as u8, *n))
            .collect();
        // Per card: whether its full name or title could score above the cut-off (a bound
        // that never leaves out one that would).
        let passes = |i: usize| {
            let (full, title) = self.name_keys(i);
            let (full_letters, title_letters) = self.name_letters(i);
            (
                could_pass(key, &letters, full, full_letters),
                title != full && could_pass(key, &letters, title, title_letters),
            )
        };
        // The letter pairs each name shares with the key (each of the key's pairs counted
        // at most as often as the key has it), read from the cards holding the key's pairs.
        let mut key_pairs: BTreeMap<u16, u8> = BTreeMap::new();
        for p in pairs_of(key) {
            let n = key_pairs.entry(p).or_default();
            *n = n.saturating_add(1);
        }
        let in_pool =
            |c: &Card| c.is_virtual() == want_virtual && in_set.is_none_or(|set| c.set == set);
        // Per card, the pairs shared by its full name and by its title; only the cards that
        // share any are visited again.
        let mut shared_of = vec![(0u16, 0u16); self.cards().len()];
        let mut touched: Vec<usize> = Vec::new();
        for (&p, &k) in &key_pairs {
            for &(i, f, t) in self.pair_postings(p) {
                let s = &mut shared_of[i as usize];
                if *s == (0, 0) {
                    touched.push(i as usize);
                }
                s.0 += f.min(k) as u16;
                s.1 += t.min(k) as u16;
            }
        }
        let key_pair_count: usize = key_pairs.values().map(|&n| n as usize).sum();
        let mut near: Vec<(usize, usize, usize, (bool, bool))> = touched
            .iter()
            .filter(|&&i| in_pool(&self.cards()[i]))
            .map(|&i| {
                let (full_shared, title_shared) = shared_of[i];
                let shared = full_shared.max(title_shared) as usize;
                // A name that holds the whole key (and so all its pairs) is always compared.
                let holds = usize::from(
                    key.len() >= 4
                        && full_shared as usize >= key_pair_count
                        && self.name_keys(i).0.contains(key),
                );
                (holds, shared, i, (false, false))
            })
            .collect();
        // Too few names share a pair: the first others in catalogue order make up the
        // number, as ranking every card would have.
        if near.len() < SUGGESTION_CANDIDATES {
            let fill: Vec<usize> = (0..self.cards().len())
                .filter(|&i| shared_of[i] == (0, 0) && in_pool(&self.cards()[i]))
                .take(SUGGESTION_CANDIDATES - near.len())
                .collect();
            near.extend(fill.into_iter().map(|i| (0, 0, i, (false, false))));
        }
        // The first candidates by (holds, shared) descending, catalogue order among equals:
        // a total order, so picking them without sorting every card gives the same ones.
        let order = |n: &(usize, usize, usize, (bool, bool))| (std::cmp::Reverse((n.0, n.1)), n.2);
        if near.len() > SUGGESTION_CANDIDATES {
            near.select_nth_unstable_by_key(SUGGESTION_CANDIDATES - 1, order);
            near.truncate(SUGGESTION_CANDIDATES);
        }
        near.sort_by_key(order);
        for n in &mut near {
            n.3 = passes(n.2);
        }
        // Keys are ASCII (see `normalise`), so comparing bytes gives the score comparing
        // characters would, without decoding each name once per letter of the key.
        let jw = |a: &str, b: &str| {
            strsim::generic_jaro_winkler(&Bytes(a.as_bytes()), &Bytes(b.as_bytes()))
        };
        let mut scored: Vec<(f64, &Card)> = near
            .into_iter()
            .map(|(holds, _, i, (full_passes, title_passes))| {
                let (full, title) = self.name_keys(i);
                let mut score: f64 = 0.0;
                if full_passes || holds == 1 {
                    score = jw(key, full);
                }
                if title_passes || (holds == 1 && title != full) {
                    score = score.max(jw(key, title));
                }
                // A name that holds the whole query (`Mos Espa` in `Tatooine • Mos Espa`) is
                // nearer than any merely similar one.
                if holds == 1 {
                    score += 1.0;
                }
                (score, &self.cards()[i])
            })
            .filter(|(score, _)| *score > SUGGESTION_CUT_OFF)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.id.cmp(&b.1.id)));
        scored
            .into_iter()
            .take(3)
            .map(|(_, c)| (c.id.clone(), c.full_name()))
            .collect()
    }
}

/// How many of each letter a name key holds (ASCII letters and digits; anything else
/// counted together), to bound a Jaro-Winkler score cheaply: computed once per card name by
/// the catalogue.
pub(crate) fn letter_counts(key: &str) -> [u8; 37] {
    let mut counts = [0u8; 37];
    for &c in key.as_bytes() {
        let i = match c {
            b'0'..=b'9' => (c - b'0') as usize,
            b'a'..=b'z' => (c - b'a') as usize + 10,
            _ => 36,
        };
        counts[i] = counts[i].saturating_add(1);
    }
    counts
}

/// Whether `jaro_winkler(key, name)` could be above [`SUGGESTION_CUT_OFF`], from the two
/// keys' letter counts. Jaro's matching characters are at most the letters both hold
/// (counted with repeats), and with no transpositions the score is then at most
/// `(m/|key| + m/|name| + 1) / 3`; Winkler adds `0.1 × prefix × (1 − score)` for the common
/// prefix (at most 4 letters), which only raises a score, and raises a higher one no less.
/// `key_letters` lists the key's letters that it holds at all, with their counts (at most
/// 37, and as many as a short key's letters), so the bound costs little per name.
fn could_pass(key: &str, key_letters: &[(u8, u8)], name: &str, name_letters: &[u8; 37]) -> bool {
    let (la, lb) = (key.len(), name.len());
    if la == 0 || lb == 0 {
        return false;
    }
    let m: usize = key_letters
        .iter()
        .map(|&(i, n)| n.min(name_letters[i as usize]) as usize)
        .sum();
    if m == 0 {
        return false;
    }
    let jaro = (m as f64 / la as f64 + m as f64 / lb as f64 + 1.0) / 3.0;
    let prefix = key
        .bytes()
        .zip(name.bytes())
        .take(4)
        .take_while(|(a, b)| a == b)
        .count();
    let bound = jaro + 0.1 * prefix as f64 * (1.0 - jaro);
    // A hair of slack for rounding: the bound must never leave out a name that passes.
    bound + 1e-9 > SUGGESTION_CUT_OFF
}

/// A key's bytes, as `strsim`'s generic comparisons take them.
struct Bytes<'a>(&'a [u8]);

impl<'a> IntoIterator for &Bytes<'a> {
    type Item = &'a u8;
    type IntoIter = std::slice::Iter<'a, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// The index of a letter pair of a name key (ASCII letters and digits; anything else
/// shares one code).
fn pair_index(a: u8, b: u8) -> u16 {
    let code = |c: u8| match c {
        b'0'..=b'9' => (c - b'0') as u16,
        b'a'..=b'z' => (c - b'a') as u16 + 10,
        _ => 36,
    };
    code(a) * 37 + code(b)
}

/// The letter pairs of a name key, as [`pair_index`] numbers them: computed once per card
/// name by the catalogue.
pub(crate) fn pairs_of(key: &str) -> Vec<u16> {
    key.as_bytes()
        .windows(2)
        .map(|w| pair_index(w[0], w[1]))
        .collect()
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

    /// The bound that skips most names must never skip one that would pass: checked for
    /// every card name against near misses of names (a letter dropped, doubled, swapped)
    /// and against nonsense of several lengths.
    #[test]
    fn a_kind_is_read_from_whole_words_of_the_name() {
        // RULINGS.md R1: kinds are read from names, as whole words (a plural ending allowed).
        let has = |name: &str, kind: &str| kind_in_name(&name_words_key(name), &normalise(kind));
        assert!(has("Jabba the Hutt, Vile Crime Lord", "Hutt"));
        assert!(has("Royal Guard, Leader", "Royal Guard"));
        assert!(has("Battle Droid: Infantry, MTT Division", "battle droid"));
        assert!(has("Gungans", "Gungan"));
        assert!(!has(
            "Valorum, Supreme Chancellor & Planetary Shuttle",
            "Hutt"
        ));
        assert!(!has("Saesee Tiin, Iktotchi Jedi Master", "Nikto"));
        assert!(!has("Podrace Preparation", "Rep"));
        assert!(has("Rep Officer, Gungan Diplomat", "Rep"));
        assert!(!has("Republic Captain, Officer", "Rep"));
        assert!(!has("Queen Amidala, Representative of Naboo", "Rep"));
        assert!(!has("Anyone", ""));
    }

    #[test]
    fn reading_only_word_starts_that_begin_the_key_answers_as_reading_every_start() {
        // Every catalogue name against every word and two-word run of names (and their
        // beginnings, plurals and near misses), as the pool's table asks it.
        let c = catalogue();
        let names: Vec<String> = c
            .cards()
            .iter()
            .map(|card| card_name_key(&card.title, &card.subtitle))
            .collect();
        let mut keys: Vec<String> = vec![String::new(), "s".into(), " ".into()];
        for n in names.iter().step_by(5) {
            let words: Vec<&str> = n.split(' ').collect();
            for (i, w) in words.iter().enumerate() {
                keys.push(w.to_string());
                keys.push(format!("{w}s"));
                keys.push(w.chars().take(3).collect());
                if let Some(next) = words.get(i + 1) {
                    keys.push(format!("{w}{next}"));
                    keys.push(format!("{w}{}", &next[..next.len().min(2)]));
                }
            }
        }
        keys.sort();
        keys.dedup();
        let mut hits = 0;
        for n in names.iter().step_by(3) {
            for k in &keys {
                let expected = kind_in_name_every_start(n, k);
                assert_eq!(kind_in_name(n, k), expected, "{n:?} {k:?}");
                hits += usize::from(expected);
            }
        }
        // The comparison holds on names that pass as well as on names that fail.
        assert!(hits > 500, "{hits}");
    }

    #[test]
    fn the_score_bound_never_leaves_out_a_name_that_passes() {
        let c = catalogue();
        let mut keys: Vec<String> = Vec::new();
        for i in (0..c.cards().len()).step_by(7) {
            let (full, title) = c.name_keys(i);
            for name in [full, title] {
                let b = name.as_bytes();
                if b.len() < 3 {
                    continue;
                }
                let mut swapped = b.to_vec();
                swapped.swap(1, 2);
                for k in [
                    b[1..].to_vec(),
                    [&b[..2], &b[1..]].concat(),
                    swapped,
                    b[..b.len() / 2].to_vec(),
                ] {
                    keys.push(String::from_utf8(k).unwrap());
                }
            }
        }
        keys.extend(
            [
                "ab",
                "xqz",
                "darthmual",
                "abcdefghij",
                "anakin",
                "qqqqqqqqqqqqqqqq",
            ]
            .map(String::from),
        );
        let mut passed = 0;
        for key in &keys {
            let letters: Vec<(u8, u8)> = letter_counts(key)
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(i, n)| (i as u8, *n))
                .collect();
            for i in 0..c.cards().len() {
                let (full, title) = c.name_keys(i);
                let (fl, tl) = c.name_letters(i);
                for (name, counts) in [(full, fl), (title, tl)] {
                    if strsim::jaro_winkler(key, name) > SUGGESTION_CUT_OFF {
                        passed += 1;
                        assert!(could_pass(key, &letters, name, counts), "{key} / {name}");
                    }
                }
            }
        }
        assert!(
            passed > 1000,
            "the check compared too few passing names: {passed}"
        );
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
    fn name_keys_read_in_place_are_the_deunicode_reading() {
        // ASCII words skip `deunicode` (`push_normalised`), and a card's key is read from its
        // title and subtitle apart: every catalogue name keys as its whole text read word by
        // word through `deunicode`, as the keys were first built.
        let reference = |text: &str| -> String {
            text.split_whitespace()
                .map(|w| {
                    deunicode(w)
                        .chars()
                        .filter(char::is_ascii_alphanumeric)
                        .map(|c| c.to_ascii_lowercase())
                        .collect::<String>()
                })
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        };
        for card in catalogue().cards() {
            let whole = format!("{} {}", card.title, card.subtitle);
            assert_eq!(
                card_name_key(&card.title, &card.subtitle),
                reference(&whole)
            );
            assert_eq!(name_words_key(&whole), reference(&whole));
        }
        assert_eq!(card_name_key("Padmé • Naberrie", ""), "padme naberrie");
        assert_eq!(card_name_key("", "  Mos   Espa "), "mos espa");
    }

    #[test]
    fn normalise_drops_case_punctuation_and_accents() {
        assert_eq!(normalise("Padmé  Naberrie!"), "padmenaberrie");
        assert_eq!(normalise("Tatooine • Mos Espa"), "tatooinemosespa");
    }
}
