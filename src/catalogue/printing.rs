//! Printings: a card can exist as a regular card and as one or more foils.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Finish {
    Regular,
    Foil,
}

impl Finish {
    pub fn as_str(self) -> &'static str {
        match self {
            Finish::Regular => "regular",
            Finish::Foil => "foil",
        }
    }
}

/// One printing of a card. Regular printings are implied for every card; the catalogue file
/// `printings.csv` lists the foils.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Printing {
    pub card_id: String,
    pub finish: Finish,
    /// The printed foil number (`F10`), when the foil has its own.
    pub foil_number: Option<String>,
    /// `ultra-rare`, `super-rare` or `very-rare` where known.
    pub foil_tier: Option<String>,
    /// Where the printing came from: `booster`, `reflections`, `tournament`.
    pub source: Option<String>,
    pub gemp_id: Option<String>,
    pub note: Option<String>,
}
