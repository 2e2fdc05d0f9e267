//! The validator's report: verdict, rules used, what each colour holds, and every violation.
//! The CLI prints it as tables or as JSON; both carry the same content.

use serde::Serialize;

use super::violation::{Code, Violation};
use crate::catalogue::{DotColour, Side};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Legal,
    Illegal,
    /// Some lines name no card (or several): the deck cannot be judged yet.
    Unresolved,
    /// Every line names a card, but the catalogue does not know a card's deck-building dot
    /// (DM-116, RF-A9), so whether the deck meets the 6-by-10 rule cannot be decided.
    Undecided,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Legal => "legal",
            Verdict::Illegal => "illegal",
            Verdict::Unresolved => "unresolved",
            Verdict::Undecided => "cannot be decided",
        }
    }
}

/// Cards of one card id placed in a colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Slot {
    pub id: String,
    pub name: String,
    pub count: u32,
    /// True when this copy fills the colour's wild slot.
    pub wild: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ColourReport {
    pub colour: DotColour,
    pub count: u32,
    pub required: u32,
    pub cards: Vec<Slot>,
}

/// Whether the colour table shows a legal assignment or the closest the solver found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AssignmentKind {
    Legal,
    Closest,
    /// Not computed (unresolved lines, no card at all, or an absurd number of cards).
    None,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The decklist file as given (`-` for standard input).
    pub file: String,
    pub name: Option<String>,
    pub side: Option<Side>,
    pub rules: String,
    pub rules_description: String,
    /// True when the list's own `rules` line chose the rules (no `--rules` on the command
    /// line): a judge must see that a list picked its own rules.
    pub rules_from_list: bool,
    /// A 30-card starter deck check (`--starter`) rather than a 60-card deck.
    pub starter: bool,
    pub verdict: Verdict,
    pub cards: u64,
    pub required: u64,
    pub assignment: AssignmentKind,
    pub colours: Vec<ColourReport>,
    pub violations: Vec<Violation>,
    /// What the report took on itself and a judge should know (a name settled by a
    /// tie-break), one sentence each.
    pub notes: Vec<String>,
}

impl Report {
    pub fn is_legal(&self) -> bool {
        self.verdict == Verdict::Legal
    }

    pub fn unresolved(&self) -> impl Iterator<Item = &Violation> {
        self.violations.iter().filter(|v| v.code.is_unresolved())
    }

    pub fn has(&self, code: Code) -> bool {
        self.violations.iter().any(|v| v.code == code)
    }
}
