//! The card model: one printed card and the facts on it.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::dots::Dots;
use super::set::Set;

/// Which side of the Force a card belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Light,
    Dark,
}

/// The printed card type (rulebook "Card Types", plus the Reflections kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardType {
    Character,
    Weapon,
    Battle,
    Effect,
    Starship,
    Location,
    Objective,
    ArmedAndDangerous,
    ComboBattle,
    DoubleImpact,
}

/// Starships are transports or starfighters (a starfighter shows a cube under its power).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StarshipClass {
    Transport,
    Starfighter,
}

/// Collector rarity, from the printed star; premium, starter and virtual cards have their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rarity {
    Common,
    Uncommon,
    Rare,
    UltraRare,
    Starter,
    Premium,
    Virtual,
}

/// The three planets of the game; each has three sites, always printed in the same order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Planet {
    Tatooine,
    Coruscant,
    Naboo,
}

impl Planet {
    pub const ALL: [Planet; 3] = [Planet::Tatooine, Planet::Coruscant, Planet::Naboo];

    /// The planet's sites in the order a character card prints its location bonuses.
    pub fn sites(self) -> [&'static str; 3] {
        match self {
            Planet::Tatooine => ["Mos Espa", "Desert Landing Site", "Podrace Arena"],
            Planet::Coruscant => ["Jedi Council Chamber", "Galactic Senate", "Capital City"],
            Planet::Naboo => ["Theed Palace", "Battle Plains", "Gungan Swamp"],
        }
    }
}

/// Printed power: a number, or a chance cube with `?` (power is a destiny draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Power {
    Value(u8),
    Destiny,
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Power::Value(v) => write!(f, "{v}"),
            Power::Destiny => f.write_str("?"),
        }
    }
}

impl Serialize for Power {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One line of a weapon or battle card: who may use it and what it adds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UseLine {
    pub who: String,
    /// Red power dots added.
    pub dots: Option<u8>,
    /// Chance cubes (destiny draws) added.
    pub cubes: Option<u8>,
}

/// A card as printed. `None` means the fact is unknown (or not printed on this type).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Card {
    pub id: String,
    pub set: Set,
    pub number: String,
    pub gemp_id: Option<String>,
    pub title: String,
    pub subtitle: String,
    pub side: Side,
    #[serde(rename = "type")]
    pub card_type: CardType,
    pub starship_class: Option<StarshipClass>,
    pub rarity: Rarity,
    /// `None` when the printed dots are not known (no legible scan).
    pub dots: Option<Dots>,
    pub diamond: Option<bool>,
    pub stackable: Option<bool>,
    pub counters: Option<u8>,
    pub power: Option<Power>,
    pub planet: Option<Planet>,
    pub bonus: Option<[u8; 3]>,
    pub damage: Option<u8>,
    pub destiny: Option<u8>,
    /// The second part of a two-part card: the weapon half of an Armed & Dangerous card, the
    /// right half of a Double Impact card. `counters`/`destiny` hold the first part.
    pub counters2: Option<u8>,
    pub destiny2: Option<u8>,
    pub uses: Vec<UseLine>,
    /// For a virtual card: the id of the card it replaces.
    pub replaces: Option<String>,
    pub traits: Vec<String>,
    pub ability: Option<String>,
    /// True once every fact of the row was checked against the card's scan.
    pub checked: bool,
}

impl Card {
    /// `Title, Subtitle`, or the title alone.
    pub fn full_name(&self) -> String {
        if self.subtitle.is_empty() {
            self.title.clone()
        } else {
            format!("{}, {}", self.title, self.subtitle)
        }
    }

    /// `bonus` as the export writes it: `0/2/1`.
    pub fn bonus_text(&self) -> String {
        self.bonus
            .map(|b| format!("{}/{}/{}", b[0], b[1], b[2]))
            .unwrap_or_default()
    }

    pub fn has_trait(&self, name: &str) -> bool {
        self.traits.iter().any(|t| t == name)
    }

    pub fn is_virtual(&self) -> bool {
        self.set == Set::V1
    }
}

macro_rules! text_enum {
    ($ty:ty, $what:literal, $( $text:literal => $val:expr ),+ $(,)?) => {
        impl $ty {
            pub fn as_str(self) -> &'static str {
                #[allow(unreachable_patterns)]
                match self { $( v if v == $val => $text, )+ _ => unreachable!() }
            }
            /// Every accepted spelling, for help and error messages.
            pub fn names() -> &'static [&'static str] {
                &[$($text),+]
            }
        }
        impl FromStr for $ty {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                let s = s.trim().to_ascii_lowercase();
                $( if s == $text { return Ok($val); } )+
                Err(format!("unknown {} `{}` (expected one of: {})", $what, s, [$($text),+].join(", ")))
            }
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

text_enum!(Side, "side", "light" => Side::Light, "dark" => Side::Dark);
text_enum!(CardType, "card type",
    "character" => CardType::Character, "weapon" => CardType::Weapon,
    "battle" => CardType::Battle, "effect" => CardType::Effect,
    "starship" => CardType::Starship, "location" => CardType::Location,
    "objective" => CardType::Objective, "armed-and-dangerous" => CardType::ArmedAndDangerous,
    "combo-battle" => CardType::ComboBattle, "double-impact" => CardType::DoubleImpact);
text_enum!(StarshipClass, "starship class",
    "transport" => StarshipClass::Transport, "starfighter" => StarshipClass::Starfighter);
text_enum!(Rarity, "rarity",
    "common" => Rarity::Common, "uncommon" => Rarity::Uncommon, "rare" => Rarity::Rare,
    "ultra-rare" => Rarity::UltraRare, "starter" => Rarity::Starter,
    "premium" => Rarity::Premium, "virtual" => Rarity::Virtual);
text_enum!(Planet, "planet",
    "tatooine" => Planet::Tatooine, "coruscant" => Planet::Coruscant, "naboo" => Planet::Naboo);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enums_round_trip_through_text() {
        for name in CardType::names() {
            assert_eq!(name.parse::<CardType>().unwrap().as_str(), *name);
        }
        for name in Rarity::names() {
            assert_eq!(name.parse::<Rarity>().unwrap().as_str(), *name);
        }
        assert_eq!("Dark".parse::<Side>().unwrap(), Side::Dark);
        assert!("grey".parse::<Side>().unwrap_err().contains("light, dark"));
    }

    #[test]
    fn planets_list_sites_in_printed_order() {
        assert_eq!(Planet::Naboo.sites()[2], "Gungan Swamp");
        assert_eq!(Planet::Tatooine.sites()[1], "Desert Landing Site");
    }
}
