//! What a collection holds: entries keyed by slot (list, card, finish), and the changes that
//! move a collection from one state to the next.

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
}

impl Slot {
    pub fn owned(card_id: &str, finish: Finish) -> Slot {
        Slot {
            list: List::Owned,
            card_id: card_id.to_string(),
            finish,
            printing: None,
        }
    }

    pub fn want(card_id: &str, finish: Finish) -> Slot {
        Slot {
            list: List::Want,
            card_id: card_id.to_string(),
            finish,
            printing: None,
        }
    }

    pub fn keep(card_id: &str) -> Slot {
        Slot {
            list: List::Keep,
            card_id: card_id.to_string(),
            finish: Finish::Regular,
            printing: None,
        }
    }

    /// The same slot for one foil printing (`None`: not recorded).
    pub fn with_printing(mut self, printing: Option<Set>) -> Slot {
        self.printing = printing;
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
            List::Owned => write!(f, "{} {}", self.card_id, self.finish_text()),
            List::Want => write!(f, "want {} {}", self.card_id, self.finish_text()),
            List::Keep if self.card_id == EVERY_CARD => f.write_str("keep (every card)"),
            List::Keep => write!(f, "keep {}", self.card_id),
        }
    }
}

/// What a slot holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    pub qty: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Value {
    pub fn qty(qty: u32) -> Value {
        Value {
            qty,
            condition: None,
            note: None,
        }
    }
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

    /// Copies held in exactly this slot (one foil printing, or the foils not recorded).
    pub fn qty(&self, slot: &Slot) -> u32 {
        self.get(slot).map_or(0, |v| v.qty)
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
        };
        // `None` sorts before every release and V1 is the last release, so this range holds
        // exactly the slots of this list, card and finish.
        let last = first.clone().with_printing(Some(Set::V1));
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
