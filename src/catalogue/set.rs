//! The releases (expansions) a card can belong to.

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Set {
    DM,
    JC,
    BN,
    EDM,
    DF,
    EBN,
    RF,
    BP,
    PR,
    V1,
}

impl Set {
    /// In release order; also the order of the catalogue files.
    pub const ALL: [Set; 10] = [
        Set::DM,
        Set::JC,
        Set::BN,
        Set::EDM,
        Set::DF,
        Set::EBN,
        Set::RF,
        Set::BP,
        Set::PR,
        Set::V1,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Set::DM => "DM",
            Set::JC => "JC",
            Set::BN => "BN",
            Set::EDM => "EDM",
            Set::DF => "DF",
            Set::EBN => "EBN",
            Set::RF => "RF",
            Set::BP => "BP",
            Set::PR => "PR",
            Set::V1 => "V1",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Set::DM => "Menace of Darth Maul",
            Set::JC => "The Jedi Council",
            Set::BN => "Battle of Naboo",
            Set::EDM => "Enhanced Menace of Darth Maul",
            Set::DF => "Duel of the Fates",
            Set::EBN => "Enhanced Battle of Naboo",
            Set::RF => "Reflections",
            Set::BP => "Boonta Eve Podrace",
            Set::PR => "Promotional",
            Set::V1 => "Virtual Card Set 1",
        }
    }

    /// How many unique cards the release has (rulebook "Collecting & Trading", issue #2).
    pub fn size(self) -> usize {
        match self {
            Set::DM | Set::JC | Set::BN => 140,
            Set::EDM => 6,
            Set::DF | Set::BP => 60,
            Set::EBN => 12,
            Set::RF => 40,
            Set::PR => 1,
            Set::V1 => 11,
        }
    }

    /// The set index the community sources use in ids such as `1_71`.
    pub fn community_index(self) -> Option<u32> {
        match self {
            Set::DM => Some(1),
            Set::JC => Some(2),
            Set::BN => Some(3),
            Set::EDM => Some(4),
            Set::DF => Some(5),
            Set::EBN => Some(6),
            Set::RF => Some(7),
            Set::BP => Some(8),
            Set::PR => None,
            Set::V1 => Some(101),
        }
    }
}

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Set {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let wanted = s.trim();
        Set::ALL
            .into_iter()
            .find(|set| {
                set.code().eq_ignore_ascii_case(wanted) || set.name().eq_ignore_ascii_case(wanted)
            })
            .ok_or_else(|| {
                let codes: Vec<&str> = Set::ALL.iter().map(|s| s.code()).collect();
                format!(
                    "unknown set `{}` (expected one of: {})",
                    super::lookup::excerpt(wanted),
                    codes.join(", ")
                )
            })
    }
}
