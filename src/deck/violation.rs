//! A broken rule, or a line that names no card: what the validator reports.

use serde::Serialize;

use crate::catalogue::DotColour;

/// What went wrong, as a stable code for scripts (`--format json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// A line names no card.
    UnknownCard,
    /// A line names several cards.
    AmbiguousCard,
    /// A line gives one card's id and another card's name.
    IdNameMismatch,
    /// A line is not a card line (a bad quantity).
    BadLine,
    /// Not exactly 60 cards (30 for a starter deck).
    DeckSize,
    /// Cards of both sides of the Force.
    MixedSides,
    /// The list's `side` line names one side and its cards are the other.
    SideMismatch,
    /// A card from a set the rules do not allow.
    SetNotAllowed,
    /// A virtual card under rules without virtual cards.
    VirtualNotAllowed,
    Banned,
    /// More Objectives than the rules allow.
    Objectives,
    /// The catalogue does not know the card's deck-building dot yet: the deck's legality
    /// cannot be decided (verdict `undecided`).
    UnknownDots,
    /// The card has no deck-building dot at all.
    NoDots,
    /// A colour cannot be filled to its count.
    ColourShort,
    /// A colour holds more cards than its count and they cannot leave.
    ColourOver,
    /// Wild cards that find no free wild slot.
    NoWildSlot,
    /// More than five cards of one title in one colour.
    TitleLimit,
    /// The purple cards lack a location of some planet.
    ThreePlanet,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::UnknownCard => "unknown-card",
            Code::AmbiguousCard => "ambiguous-card",
            Code::IdNameMismatch => "id-name-mismatch",
            Code::BadLine => "bad-line",
            Code::DeckSize => "deck-size",
            Code::MixedSides => "mixed-sides",
            Code::SideMismatch => "side-mismatch",
            Code::SetNotAllowed => "set-not-allowed",
            Code::VirtualNotAllowed => "virtual-not-allowed",
            Code::Banned => "banned",
            Code::Objectives => "objectives",
            Code::UnknownDots => "unknown-dots",
            Code::NoDots => "no-dots",
            Code::ColourShort => "colour-short",
            Code::ColourOver => "colour-over",
            Code::NoWildSlot => "no-wild-slot",
            Code::TitleLimit => "title-limit",
            Code::ThreePlanet => "three-planet",
        }
    }

    /// Codes for lines that did not resolve (the deck cannot be judged until they do).
    pub fn is_unresolved(self) -> bool {
        matches!(
            self,
            Code::UnknownCard | Code::AmbiguousCard | Code::IdNameMismatch | Code::BadLine
        )
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The deck is not legal (or not judged) while this stands.
    Error,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub code: Code,
    pub severity: Severity,
    /// One sentence a player can act on.
    pub message: String,
    /// The card ids involved (for an unresolved line: the candidates or suggestions).
    pub cards: Vec<String>,
    pub colour: Option<DotColour>,
    pub actual: Option<String>,
    pub allowed: Option<String>,
    /// The decklist line, for line problems.
    pub line: Option<usize>,
    /// The line as written, for line problems.
    pub text: Option<String>,
}

impl Violation {
    pub fn new(code: Code, message: impl Into<String>) -> Violation {
        Violation {
            code,
            severity: Severity::Error,
            message: message.into(),
            cards: Vec::new(),
            colour: None,
            actual: None,
            allowed: None,
            line: None,
            text: None,
        }
    }

    pub fn cards(mut self, cards: impl IntoIterator<Item = impl Into<String>>) -> Violation {
        self.cards = cards.into_iter().map(Into::into).collect();
        self
    }

    pub fn colour(mut self, colour: DotColour) -> Violation {
        self.colour = Some(colour);
        self
    }

    pub fn actual_allowed(mut self, actual: impl ToString, allowed: impl ToString) -> Violation {
        self.actual = Some(actual.to_string());
        self.allowed = Some(allowed.to_string());
        self
    }

    pub fn at_line(mut self, line: usize, text: &str) -> Violation {
        self.line = Some(line);
        self.text = Some(text.to_string());
        self
    }
}
