//! What a collection holds: entries keyed by slot (list, card, finish, foil printing, lot),
//! and the changes that move a collection from one state to the next.
//!
//! A *lot* is copies of one printing that share everything recorded about them: condition,
//! note, price paid and the built deck they are in. Two near-mint copies and one damaged,
//! signed copy of DM-71 are two lots of one printing; new copies join a lot only when they
//! are described the same way, so recording new copies never relabels old ones.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::error::CollectionError;
use crate::catalogue::{Finish, Set, lookup::normalise};

/// The largest quantity of one printing a collection may hold. Booster boxes of a whole
/// print run would not reach it; a typo (`10000` for `10`) does.
pub const MAX_QTY: u32 = 9_999;

/// The collection used when `--collection` is not given.
pub const DEFAULT_COLLECTION: &str = "main";

/// The keep reserve for cards without one of their own when the collection sets none: five
/// is the most copies of one title a deck may hold in one dot colour (rulebook "The 6-By-10
/// Rule"), so keeping five of every card keeps any deck buildable.
pub const DEFAULT_KEEP: u32 = 5;

/// The card id under which the collection-wide keep reserve is stored.
pub const EVERY_CARD: &str = "*";

/// Which list of a collection an entry belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum List {
    /// Copies owned.
    Owned,
    /// Copies wanted in total (a target, not a shortfall).
    Want,
    /// Copies never to trade away (the keep reserve).
    Keep,
}

impl List {
    pub fn as_str(self) -> &'static str {
        match self {
            List::Owned => "owned",
            List::Want => "want",
            List::Keep => "keep",
        }
    }

    /// Whether a quantity of zero is a value of its own (keep none) rather than "no entry".
    pub fn zero_is_a_value(self) -> bool {
        self == List::Keep
    }
}

impl FromStr for List {
    type Err = String;
    fn from_str(s: &str) -> Result<List, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "" | "owned" | "own" | "have" => Ok(List::Owned),
            "want" | "wants" => Ok(List::Want),
            "keep" => Ok(List::Keep),
            other => Err(format!(
                "unknown list `{}` (expected owned, want or keep)",
                crate::catalogue::lookup::excerpt(other)
            )),
        }
    }
}

/// Parses a finish as written in files and on the command line: a `finish` column's word, or
/// a `foil` column's yes or no as spreadsheets write it (`Y`/`N`, `TRUE`/`FALSE`, `1`/`0`).
pub fn parse_finish(text: &str) -> Result<Finish, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "" | "regular" | "normal" | "non-foil" | "nonfoil" | "no" | "n" | "false" | "0" => {
            Ok(Finish::Regular)
        }
        "foil" | "yes" | "y" | "true" | "1" => Ok(Finish::Foil),
        other => Err(format!(
            "unknown finish `{}` (expected regular or foil; in a foil column yes or no)",
            crate::catalogue::lookup::excerpt(other)
        )),
    }
}

/// A card's physical condition, on the grading scale card shops use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Condition {
    Mint,
    NearMint,
    LightlyPlayed,
    ModeratelyPlayed,
    HeavilyPlayed,
    Damaged,
}

impl Condition {
    const ALL: [(Condition, &'static str, &'static str); 6] = [
        (Condition::Mint, "mint", "m"),
        (Condition::NearMint, "near-mint", "nm"),
        (Condition::LightlyPlayed, "lightly-played", "lp"),
        (Condition::ModeratelyPlayed, "moderately-played", "mp"),
        (Condition::HeavilyPlayed, "heavily-played", "hp"),
        (Condition::Damaged, "damaged", "dmg"),
    ];

    /// Other collection tools' condition words (Deckbox, Cardmarket, TCGplayer, Dragon
    /// Shield), each read as the grade of this scale it stands for; where a tool's grade falls
    /// between two of ours, the lower one, so a card is never recorded better than it is.
    /// The README's table lists them.
    pub const OTHER_WORDS: [(&'static str, Condition); 14] = [
        ("NM/M", Condition::NearMint),
        ("Near Mint/Mint", Condition::NearMint),
        ("Excellent", Condition::LightlyPlayed),
        ("EX", Condition::LightlyPlayed),
        ("Good", Condition::LightlyPlayed),
        ("GD", Condition::LightlyPlayed),
        ("Light Played", Condition::LightlyPlayed),
        ("Slightly Played", Condition::LightlyPlayed),
        ("SP", Condition::LightlyPlayed),
        ("Played", Condition::ModeratelyPlayed),
        ("PL", Condition::ModeratelyPlayed),
        ("Heavy Played", Condition::HeavilyPlayed),
        ("Poor", Condition::Damaged),
        ("PO", Condition::Damaged),
    ];

    pub fn as_str(self) -> &'static str {
        Condition::ALL
            .iter()
            .find(|(c, _, _)| *c == self)
            .map(|(_, name, _)| *name)
            .unwrap_or("?")
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Condition {
    type Err = String;
    /// Accepts the name in any case and punctuation (`Near Mint`, `near_mint`), the usual
    /// abbreviation (`NM`), or another tool's word for it ([`Condition::OTHER_WORDS`]).
    fn from_str(s: &str) -> Result<Condition, String> {
        let key = normalise(s);
        Condition::ALL
            .iter()
            .find(|(_, name, short)| normalise(name) == key || *short == key)
            .map(|(c, _, _)| *c)
            .or_else(|| {
                Condition::OTHER_WORDS
                    .iter()
                    .find(|(word, _)| normalise(word) == key)
                    .map(|(_, c)| *c)
            })
            .ok_or_else(|| {
                let names: Vec<String> = Condition::ALL
                    .iter()
                    .map(|(_, name, short)| format!("{name} ({})", short.to_uppercase()))
                    .collect();
                format!(
                    "unknown condition `{}` (expected one of: {})",
                    crate::catalogue::lookup::excerpt(s.trim()),
                    names.join(", ")
                )
            })
    }
}

/// Where an entry lives: which list, which card, which finish and, for a card with more than
/// one foil printing, which one. Keep reserves are per card, so their finish is always
/// `Regular`; the collection-wide reserve has card id [`EVERY_CARD`].
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    pub list: List,
    pub card_id: String,
    pub finish: Finish,
    /// The release of the foil printing (`RF` for a Reflections reprint, the card's own set
    /// for its own-number foil). Only a foil of a card with several foil printings has one;
    /// `None` there means "printing not recorded" (foils recorded before yj knew, or added
    /// without saying which), never a guess. See `collection::printings`.
    pub printing: Option<Set>,
    /// Which lot of the printing: 0 is the first (and every entry from before lots), later
    /// lots take the next free number. Only owned copies have lots; wants and keep reserves
    /// are always lot 0. The number is a handle (`--lot 1`), not part of what a lot is: files
    /// name a lot by what is recorded about it.
    pub lot: u32,
}

impl Slot {
    pub fn owned(card_id: &str, finish: Finish) -> Slot {
        Slot {
            list: List::Owned,
            card_id: card_id.to_string(),
            finish,
            printing: None,
            lot: 0,
        }
    }

    pub fn want(card_id: &str, finish: Finish) -> Slot {
        Slot {
            list: List::Want,
            card_id: card_id.to_string(),
            finish,
            printing: None,
            lot: 0,
        }
    }

    pub fn keep(card_id: &str) -> Slot {
        Slot {
            list: List::Keep,
            card_id: card_id.to_string(),
            finish: Finish::Regular,
            printing: None,
            lot: 0,
        }
    }

    /// The same slot for one foil printing (`None`: not recorded).
    pub fn with_printing(mut self, printing: Option<Set>) -> Slot {
        self.printing = printing;
        self
    }

    /// The same printing, another lot.
    pub fn with_lot(mut self, lot: u32) -> Slot {
        self.lot = lot;
        self
    }

    /// `regular`, `foil`, or `foil RF` when the printing is recorded.
    pub fn finish_text(&self) -> String {
        match self.printing {
            Some(p) => format!("{} {}", self.finish.as_str(), p.code()),
            None => self.finish.as_str().to_string(),
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.list {
            List::Owned if self.lot > 0 => {
                write!(
                    f,
                    "{} {} lot {}",
                    self.card_id,
                    self.finish_text(),
                    self.lot
                )
            }
            List::Owned => write!(f, "{} {}", self.card_id, self.finish_text()),
            List::Want => write!(f, "want {} {}", self.card_id, self.finish_text()),
            List::Keep if self.card_id == EVERY_CARD => f.write_str("keep (every card)"),
            List::Keep => write!(f, "keep {}", self.card_id),
        }
    }
}

/// The highest price paid for one copy that a lot may record, in hundredths (1,000,000.00):
/// above it, a price is a typo (a quantity in the price column).
pub const MAX_PRICE_CENTS: u32 = 100_000_000;

/// What a slot holds. Besides the quantity, what is recorded of the lot's copies; two lots of
/// one printing never record the same (see [`Lot`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    pub qty: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The price paid for each copy, in hundredths of the collector's currency (yj works
    /// offline and knows no currency or market price). Absent in history entries written
    /// before lots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<u32>,
    /// The built deck (`yj collection build`) the copies are in: owned, but not free to
    /// trade or to build another deck with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
}

impl Value {
    pub fn qty(qty: u32) -> Value {
        Value {
            qty,
            condition: None,
            note: None,
            price: None,
            deck: None,
        }
    }

    /// What is recorded of the copies, without their number.
    pub fn lot(&self) -> Lot {
        Lot {
            condition: self.condition,
            note: self.note.clone(),
            price: self.price,
            deck: self.deck.clone(),
        }
    }

    /// `qty` copies described by `lot`.
    pub fn of(qty: u32, lot: &Lot) -> Value {
        Value {
            qty,
            condition: lot.condition,
            note: lot.note.clone(),
            price: lot.price,
            deck: lot.deck.clone(),
        }
    }
}

/// What makes copies of one printing a lot of their own: everything recorded about them.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lot {
    pub condition: Option<Condition>,
    pub note: Option<String>,
    pub price: Option<u32>,
    pub deck: Option<String>,
}

impl Lot {
    /// `near-mint, “signed”, paid 1.50, in deck dark`; `unlabelled` when nothing is recorded.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(c) = self.condition {
            parts.push(c.to_string());
        }
        if let Some(n) = &self.note {
            parts.push(format!("“{}”", crate::catalogue::lookup::excerpt(n)));
        }
        if let Some(p) = self.price {
            parts.push(format!("paid {}", format_price(p)));
        }
        if let Some(d) = &self.deck {
            parts.push(format!("in deck {d}"));
        }
        if parts.is_empty() {
            "unlabelled".into()
        } else {
            parts.join(", ")
        }
    }
}

/// A price in hundredths as it is written and read back: `1.50`, `12.00`.
pub fn format_price(cents: u32) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// Reads a price paid for one copy: `1.50`, `1.5`, `2`, `0,75` (a decimal comma), with an
/// optional currency sign before or after (`$1.50`, `1,50 €`), which is not kept. More than
/// two decimals, thousands separators, negative or absurd amounts are refused, so that a
/// value is never guessed.
pub fn parse_price(text: &str) -> Result<u32, String> {
    let shown = crate::catalogue::lookup::excerpt(text.trim());
    let bad = |why: &str| format!("bad price `{shown}`: {why} (write it like `1.50`)");
    let t = text
        .trim()
        .trim_start_matches(['$', '€', '£', '¥'])
        .trim_end_matches(['$', '€', '£', '¥'])
        .trim();
    let t = t
        .strip_suffix("EUR")
        .or_else(|| t.strip_suffix("USD"))
        .or_else(|| t.strip_suffix("GBP"))
        .unwrap_or(t)
        .trim();
    if t.starts_with('-') {
        return Err(bad("a price paid is not negative"));
    }
    let (whole, frac) = match t.split_once(['.', ',']) {
        Some((w, f)) => (w, Some(f)),
        None => (t, None),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("not a number"));
    }
    let cents_part = match frac {
        None => 0,
        Some(f) if !f.is_empty() && f.len() <= 2 && f.bytes().all(|b| b.is_ascii_digit()) => {
            let n: u32 = f.parse().map_err(|_| bad("not a number"))?;
            if f.len() == 1 { n * 10 } else { n }
        }
        Some(_) => return Err(bad("at most two decimals, and no thousands separator")),
    };
    let whole: u64 = whole.parse().map_err(|_| bad("too large"))?;
    let cents = whole
        .checked_mul(100)
        .and_then(|w| w.checked_add(cents_part as u64))
        .filter(|&c| c <= MAX_PRICE_CENTS as u64)
        .ok_or_else(|| {
            bad(&format!(
                "more than {} for one copy",
                format_price(MAX_PRICE_CENTS)
            ))
        })?;
    Ok(cents as u32)
}

/// One slot going from `before` to `after` (`None`: no entry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub slot: Slot,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

impl Change {
    /// The change that undoes this one.
    pub fn inverse(&self) -> Change {
        Change {
            slot: self.slot.clone(),
            before: self.after.clone(),
            after: self.before.clone(),
        }
    }

    /// `DM-71 regular: 2 → 3`.
    pub fn describe(&self) -> String {
        let side = |v: &Option<Value>| match v {
            None => "–".to_string(),
            Some(v) => {
                let mut s = v.qty.to_string();
                if let Some(c) = v.condition {
                    s.push_str(&format!(" {c}"));
                }
                if v.note.is_some() {
                    s.push_str(" (note)");
                }
                s
            }
        };
        format!(
            "{}: {} → {}",
            self.slot,
            side(&self.before),
            side(&self.after)
        )
    }
}

/// A snapshot of one collection: every entry of its three lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Holdings {
    pub collection: String,
    pub entries: BTreeMap<Slot, Value>,
}

impl Holdings {
    pub fn new(collection: &str) -> Holdings {
        Holdings {
            collection: collection.to_string(),
            entries: BTreeMap::new(),
        }
    }

    pub fn get(&self, slot: &Slot) -> Option<&Value> {
        self.entries.get(slot)
    }

    /// Copies owned of one finish, every foil printing (recorded or not) together.
    pub fn owned(&self, card_id: &str, finish: Finish) -> u32 {
        self.slots_of(List::Owned, card_id, finish)
            .map(|(_, v)| v.qty)
            .sum()
    }

    /// Copies held of this slot's printing (one foil printing, or the foils not recorded),
    /// every lot together.
    pub fn qty(&self, slot: &Slot) -> u32 {
        self.lots(slot).map(|(_, v)| v.qty).sum()
    }

    /// Every lot of a slot's printing (the slot's own lot number aside), in lot order.
    pub fn lots<'a>(&'a self, slot: &Slot) -> impl Iterator<Item = (&'a Slot, &'a Value)> + 'a {
        let first = slot.clone().with_lot(0);
        let last = slot.clone().with_lot(u32::MAX);
        self.entries.range(first..=last)
    }

    /// The lot of a slot's printing holding exactly what `lot` describes, if there is one.
    pub fn find_lot(&self, slot: &Slot, lot: &Lot) -> Option<(&Slot, &Value)> {
        self.lots(slot).find(|(_, v)| v.lot() == *lot)
    }

    /// The number a new lot of a slot's printing takes: one past the highest in use.
    pub fn next_lot(&self, slot: &Slot) -> u32 {
        self.lots(slot)
            .map(|(s, _)| s.lot.saturating_add(1))
            .max()
            .unwrap_or(0)
    }

    /// The same holdings without the copies in built decks: what is free to trade or to
    /// build another deck with. `except` keeps one deck's copies (checking whether that
    /// deck itself can be built counts its own copies).
    pub fn free(&self, except: Option<&str>) -> Holdings {
        Holdings {
            collection: self.collection.clone(),
            entries: self
                .entries
                .iter()
                .filter(|(_, v)| v.deck.is_none() || v.deck.as_deref() == except)
                .map(|(s, v)| (s.clone(), v.clone()))
                .collect(),
        }
    }

    /// The built decks and how many copies each holds, by name.
    pub fn built_decks(&self) -> BTreeMap<String, u32> {
        let mut decks = BTreeMap::new();
        for (_, v) in self.entries_of(List::Owned) {
            if let Some(d) = &v.deck {
                *decks.entry(d.clone()).or_insert(0) += v.qty;
            }
        }
        decks
    }

    /// Every entry of one list, card and finish: for foils, one per printing.
    pub fn slots_of<'a>(
        &'a self,
        list: List,
        card_id: &str,
        finish: Finish,
    ) -> impl Iterator<Item = (&'a Slot, &'a Value)> + 'a {
        let first = Slot {
            list,
            card_id: card_id.to_string(),
            finish,
            printing: None,
            lot: 0,
        };
        // `None` sorts before every release and V1 is the last release, so this range holds
        // exactly the slots of this list, card and finish (every lot of each).
        let last = first
            .clone()
            .with_printing(Some(Set::V1))
            .with_lot(u32::MAX);
        self.entries.range(first..=last)
    }

    /// Copies owned of a card, both finishes.
    pub fn owned_total(&self, card_id: &str) -> u32 {
        self.owned(card_id, Finish::Regular) + self.owned(card_id, Finish::Foil)
    }

    /// The copies of a card never to trade: its own reserve, else the collection's, else
    /// [`DEFAULT_KEEP`].
    pub fn keep_for(&self, card_id: &str) -> u32 {
        self.get(&Slot::keep(card_id))
            .or_else(|| self.get(&Slot::keep(EVERY_CARD)))
            .map_or(DEFAULT_KEEP, |v| v.qty)
    }

    pub fn entries_of(&self, list: List) -> impl Iterator<Item = (&Slot, &Value)> {
        self.entries.iter().filter(move |(s, _)| s.list == list)
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Applies changes in memory, checking each one's `before` as the database does.
    pub fn apply(&mut self, changes: &[Change]) -> Result<(), CollectionError> {
        for change in changes {
            if self.entries.get(&change.slot) != change.before.as_ref() {
                return Err(CollectionError::Conflict(format!(
                    "{} no longer holds what the change expects",
                    change.slot
                )));
            }
            match &change.after {
                Some(v) => self.entries.insert(change.slot.clone(), v.clone()),
                None => self.entries.remove(&change.slot),
            };
        }
        Ok(())
    }
}

/// Checks a collection name: letters, digits, `-`, `_` and `.`, up to 64 characters, so it is
/// safe in file names and shells.
pub fn check_collection_name(name: &str) -> Result<(), CollectionError> {
    let ok = !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        Err(CollectionError::Input(format!(
            "bad collection name `{}`: use letters, digits, `-`, `_` and `.` (at most 64, \
             starting with a letter or digit), e.g. `trade-binder`",
            crate::catalogue::lookup::excerpt(name)
        )))
    }
}

/// Checks a built deck's name, as a collection's: letters, digits, `-`, `_` and `.`.
pub fn check_deck_name(name: &str) -> Result<(), CollectionError> {
    check_collection_name(name).map_err(|_| {
        CollectionError::Input(format!(
            "bad deck name `{}`: use letters, digits, `-`, `_` and `.` (at most 64, starting \
             with a letter or digit), e.g. `dark-podrace`",
            crate::catalogue::lookup::excerpt(name)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_accept_names_and_abbreviations() {
        assert_eq!("NM".parse::<Condition>().unwrap(), Condition::NearMint);
        assert_eq!(
            "near mint".parse::<Condition>().unwrap(),
            Condition::NearMint
        );
        assert_eq!(
            "Heavily_Played".parse::<Condition>().unwrap(),
            Condition::HeavilyPlayed
        );
        let err = "shiny".parse::<Condition>().unwrap_err();
        assert!(
            err.contains("`shiny`") && err.contains("near-mint (NM)"),
            "{err}"
        );
    }

    #[test]
    fn the_keep_reserve_falls_back_from_card_to_collection_to_default() {
        let mut h = Holdings::new("main");
        assert_eq!(h.keep_for("DM-71"), DEFAULT_KEEP);
        h.entries.insert(Slot::keep(EVERY_CARD), Value::qty(2));
        assert_eq!(h.keep_for("DM-71"), 2);
        h.entries.insert(Slot::keep("DM-71"), Value::qty(0));
        assert_eq!(h.keep_for("DM-71"), 0);
        assert_eq!(h.keep_for("DM-72"), 2);
    }

    #[test]
    fn applying_a_change_and_its_inverse_restores_the_holdings() {
        let mut h = Holdings::new("main");
        h.entries
            .insert(Slot::owned("DM-71", Finish::Regular), Value::qty(2));
        let start = h.clone();
        let change = Change {
            slot: Slot::owned("DM-71", Finish::Regular),
            before: Some(Value::qty(2)),
            after: None,
        };
        h.apply(std::slice::from_ref(&change)).unwrap();
        assert_eq!(h.owned("DM-71", Finish::Regular), 0);
        // Applying it again finds the slot changed and refuses.
        assert!(h.apply(std::slice::from_ref(&change)).is_err());
        h.apply(&[change.inverse()]).unwrap();
        assert_eq!(h, start);
    }

    #[test]
    fn collection_names_are_checked() {
        assert!(check_collection_name("trade-binder").is_ok());
        assert!(check_collection_name("main").is_ok());
        for bad in ["", "-x", "a b", "x/y", &"n".repeat(65)] {
            assert!(check_collection_name(bad).is_err(), "{bad:?}");
        }
    }
}
