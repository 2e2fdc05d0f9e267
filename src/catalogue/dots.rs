//! Deck-building dots (rulebook "Deck Construction": the 6-by-10 rule, wild and semi-wild cards).

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The six deck-building colours, in the order the dots are printed (top to bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DotColour {
    Red,
    Orange,
    Blue,
    Yellow,
    Green,
    Purple,
}

impl DotColour {
    pub const ALL: [DotColour; 6] = [
        DotColour::Red,
        DotColour::Orange,
        DotColour::Blue,
        DotColour::Yellow,
        DotColour::Green,
        DotColour::Purple,
    ];

    pub fn letter(self) -> char {
        b"robygp"[self as usize] as char
    }

    pub fn as_str(self) -> &'static str {
        ["red", "orange", "blue", "yellow", "green", "purple"][self as usize]
    }
}

impl fmt::Display for DotColour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for DotColour {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim().to_ascii_lowercase();
        DotColour::ALL
            .into_iter()
            .find(|c| c.as_str() == s || (s.len() == 1 && c.letter().to_string() == s))
            .ok_or_else(|| {
                format!(
                    "unknown dot colour `{s}` (expected red, orange, blue, yellow, green or purple)"
                )
            })
    }
}

/// One dot position on a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dot {
    Empty,
    /// A white dot: the card may fill this colour as its wild card.
    White,
    /// The card's own colour.
    Coloured,
}

/// The six dot positions of a card, written `r-----`, `-w-w-w`, `wwwwww`, `rw-w-w`... in the
/// catalogue: a colour letter for the coloured dot, `w` for white, `-` for none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dots([Dot; 6]);

impl Dots {
    /// The coloured dot, if the card has exactly one (the catalogue enforces at most one).
    pub fn colour(&self) -> Option<DotColour> {
        DotColour::ALL
            .into_iter()
            .find(|c| self.0[*c as usize] == Dot::Coloured)
    }

    /// The colours this card may fill as a wild card.
    pub fn white(&self) -> impl Iterator<Item = DotColour> + '_ {
        DotColour::ALL
            .into_iter()
            .filter(|c| self.0[*c as usize] == Dot::White)
    }

    pub fn at(&self, colour: DotColour) -> Dot {
        self.0[colour as usize]
    }

    /// A wild card has white dots and no coloured dot ("Wild Cards").
    pub fn is_wild(&self) -> bool {
        self.colour().is_none() && self.white().next().is_some()
    }

    /// A semi-wild card has white dots and one coloured dot ("Semi-Wild Cards").
    pub fn is_semi_wild(&self) -> bool {
        self.colour().is_some() && self.white().next().is_some()
    }
}

impl fmt::Display for Dots {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for colour in DotColour::ALL {
            let c = match self.0[colour as usize] {
                Dot::Empty => '-',
                Dot::White => 'w',
                Dot::Coloured => colour.letter(),
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl FromStr for Dots {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let chars: Vec<char> = s.chars().collect();
        if chars.len() != 6 {
            return Err(format!(
                "dots `{s}` must have six positions (e.g. `r-----`)"
            ));
        }
        let mut dots = [Dot::Empty; 6];
        for (i, (ch, colour)) in chars.iter().zip(DotColour::ALL).enumerate() {
            dots[i] = match ch {
                '-' => Dot::Empty,
                'w' => Dot::White,
                c if *c == colour.letter() => Dot::Coloured,
                c => {
                    return Err(format!(
                        "dots `{s}`: position {} is {colour}, so it must be `-`, `w` or `{}`, not `{c}`",
                        i + 1,
                        colour.letter()
                    ));
                }
            };
        }
        if dots.iter().filter(|d| **d == Dot::Coloured).count() > 1 {
            return Err(format!("dots `{s}` have more than one coloured dot"));
        }
        Ok(Dots(dots))
    }
}

impl Serialize for Dots {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_dot_strings() {
        for text in ["r-----", "-w-w-w", "wwwwww", "rw-w-w", "-----p", "------"] {
            let dots: Dots = text.parse().unwrap();
            assert_eq!(dots.to_string(), text);
        }
    }

    #[test]
    fn rejects_a_colour_in_the_wrong_position() {
        let err = "b-----".parse::<Dots>().unwrap_err();
        assert!(err.contains("position 1 is red"), "{err}");
        assert!("r----".parse::<Dots>().is_err());
    }

    #[test]
    fn classifies_wild_and_semi_wild() {
        // Rulebook "Wild Cards" / "Semi-Wild Cards".
        let wild: Dots = "wwwwww".parse().unwrap();
        assert!(wild.is_wild() && !wild.is_semi_wild());
        assert_eq!(wild.white().count(), 6);
        let objective: Dots = "-w-w-w".parse().unwrap();
        assert_eq!(
            objective.white().collect::<Vec<_>>(),
            [DotColour::Orange, DotColour::Yellow, DotColour::Purple]
        );
        let semi: Dots = "rw-w-w".parse().unwrap();
        assert!(semi.is_semi_wild() && !semi.is_wild());
        assert_eq!(semi.colour(), Some(DotColour::Red));
        let normal: Dots = "--b---".parse().unwrap();
        assert!(!normal.is_wild() && !normal.is_semi_wild());
        assert_eq!(normal.colour(), Some(DotColour::Blue));
    }
}
