//! A filter: which cards a text reaches, as typed data. Every field given must hold; a list
//! field holds when any one of its values does. Filters in a list (`[Filter]`) are
//! alternatives: a card fits the list when it fits one of them.

use deunicode::deunicode_with_tofu_cow;
use serde::{Deserialize, Serialize};

use crate::catalogue::{Card, CardType, StarshipClass, card_name_key, kind_in_name, normalise};

/// The catalogue's traits (column `traits`, `RULINGS.md` R1: traits are read from names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trait {
    Jedi,
    JediMaster,
    BattleDroid,
    DestroyerDroid,
    PodracerPilot,
    Gungan,
    Neimoidian,
    Senator,
    Handmaiden,
    BountyHunter,
    TuskenRaider,
    Blaster,
    Lightsaber,
    Podracer,
}

impl Trait {
    pub fn as_str(self) -> &'static str {
        match self {
            Trait::Jedi => "jedi",
            Trait::JediMaster => "jedi-master",
            Trait::BattleDroid => "battle-droid",
            Trait::DestroyerDroid => "destroyer-droid",
            Trait::PodracerPilot => "podracer-pilot",
            Trait::Gungan => "gungan",
            Trait::Neimoidian => "neimoidian",
            Trait::Senator => "senator",
            Trait::Handmaiden => "handmaiden",
            Trait::BountyHunter => "bounty-hunter",
            Trait::TuskenRaider => "tusken-raider",
            Trait::Blaster => "blaster",
            Trait::Lightsaber => "lightsaber",
            Trait::Podracer => "podracer",
        }
    }

    /// The words a sentence uses for it.
    pub fn words(self) -> &'static str {
        match self {
            Trait::Jedi => "Jedi",
            Trait::JediMaster => "Jedi Master",
            Trait::BattleDroid => "battle droid",
            Trait::DestroyerDroid => "destroyer droid",
            Trait::PodracerPilot => "Podracer pilot",
            Trait::Gungan => "Gungan",
            Trait::Neimoidian => "Neimoidian",
            Trait::Senator => "senator",
            Trait::Handmaiden => "handmaiden",
            Trait::BountyHunter => "bounty hunter",
            Trait::TuskenRaider => "Tusken Raider",
            Trait::Blaster => "blaster",
            Trait::Lightsaber => "lightsaber",
            Trait::Podracer => "Podracer",
        }
    }
}

/// Which cards fit.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// A persona: these words appear, in order, in the card's title (`Obi-Wan`,
    /// `Darth Maul`), as a use line names a character.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// A kind named by whole words of the card's title or subtitle (`Royal Guard`, `Naboo
    /// Starfighter`): `RULINGS.md` R1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, rename = "trait", skip_serializing_if = "Option::is_none")]
    pub trait_: Option<Trait>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<CardKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<ShipClass>,
    /// Only diamond (true) or only unique (false) cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diamond: Option<bool>,
    /// One exact card (catalogue id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// Not a card whose title contains these words (`not Sebulba`, `any other`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_title: Option<String>,
}

/// Card kinds a filter names (`Character card`, `Weapon card`...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    /// Characters, Armed & Dangerous cards included.
    Character,
    Weapon,
    /// Battle cards, Combo Battle cards included.
    Battle,
    Effect,
    Starship,
    Location,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShipClass {
    Transport,
    Starfighter,
}

/// Most words a card name has (longer texts are compared through allocated lists).
const MAX_WORDS: usize = 24;

/// The words of ASCII `text` that have a letter or digit, into `out`; None when more than
/// [`MAX_WORDS`].
fn fill<'t>(text: &'t str, out: &mut [&'t str; MAX_WORDS]) -> Option<usize> {
    let mut len = 0;
    for w in text
        .split_whitespace()
        .filter(|w| w.bytes().any(|b| b.is_ascii_alphanumeric()))
    {
        *out.get_mut(len)? = w;
        len += 1;
    }
    Some(len)
}

/// Whether two ASCII words are the same word as `normalise` reads them.
fn same_word(a: &str, b: &str) -> bool {
    let mut x = a.bytes().filter(u8::is_ascii_alphanumeric);
    let mut y = b.bytes().filter(u8::is_ascii_alphanumeric);
    loop {
        match (x.next(), y.next()) {
            (None, None) => return true,
            (Some(p), Some(q)) if p.eq_ignore_ascii_case(&q) => {}
            _ => return false,
        }
    }
}

/// Whether the words of `needle` appear, in order, among the words of `hay`, each word read
/// as `normalise` reads it (ASCII-folded, letters and digits only, lowercased; a word left
/// empty does not count). Allocates nothing for ASCII text: a pool's tables ask this of every
/// card for every filter naming a title.
fn contains_run(hay: &str, needle: &str) -> bool {
    let (hay, needle) = (
        deunicode_with_tofu_cow(hay, "[?]"),
        deunicode_with_tofu_cow(needle, "[?]"),
    );
    let mut h = [""; MAX_WORDS];
    let mut n = [""; MAX_WORDS];
    let (Some(hl), Some(nl)) = (fill(&hay, &mut h), fill(&needle, &mut n)) else {
        let words = |t: &str| -> Vec<String> {
            t.split_whitespace()
                .map(normalise)
                .filter(|w| !w.is_empty())
                .collect()
        };
        let (h, n) = (words(&hay), words(&needle));
        return !n.is_empty() && h.windows(n.len()).any(|w| w == n.as_slice());
    };
    nl > 0
        && h[..hl]
            .windows(nl)
            .any(|w| w.iter().zip(&n[..nl]).all(|(a, b)| same_word(a, b)))
}

impl CardKind {
    fn fits(self, t: CardType) -> bool {
        matches!(
            (self, t),
            (
                CardKind::Character,
                CardType::Character | CardType::ArmedAndDangerous
            ) | (CardKind::Weapon, CardType::Weapon)
                | (CardKind::Battle, CardType::Battle | CardType::ComboBattle)
                | (CardKind::Effect, CardType::Effect)
                | (CardKind::Starship, CardType::Starship)
                | (CardKind::Location, CardType::Location)
        )
    }
}

impl Filter {
    /// Whether a catalogue card fits.
    pub fn matches(&self, card: &Card) -> bool {
        // The plain fields first: a pool's tables ask every filter of every text about every
        // card, and the words of names are worth reading only for a card that fits the rest.
        if let Some(t) = self.trait_
            && !card.has_trait(t.as_str())
        {
            return false;
        }
        if let Some(k) = self.kind
            && !k.fits(card.card_type)
        {
            return false;
        }
        if let Some(c) = self.class {
            let want = match c {
                ShipClass::Transport => StarshipClass::Transport,
                ShipClass::Starfighter => StarshipClass::Starfighter,
            };
            if card.starship_class != Some(want) {
                return false;
            }
        }
        if let Some(d) = self.diamond
            && card.diamond != Some(d)
        {
            return false;
        }
        if let Some(id) = &self.card
            && !card.id.eq_ignore_ascii_case(id)
        {
            return false;
        }
        // Whole words, in order: BP-58's "Hutt" is not the "shuttle" of RF-A6 Valorum &
        // Planetary Shuttle, nor its "Nikto" the "Tiin Iktotchi" of JC-19 Saesee Tiin.
        if let Some(n) = &self.name {
            let key = normalise(n);
            // `kind_in_name` reads the name only from words that begin as the kind does: an
            // ASCII name with none (most names, for most kinds) is ruled out without its key.
            let Some(&first) = key.as_bytes().first() else {
                return false;
            };
            let begins = |text: &str| {
                text.split_whitespace().any(|w| {
                    w.bytes()
                        .find(u8::is_ascii_alphanumeric)
                        .is_some_and(|b| b.to_ascii_lowercase() == first)
                })
            };
            if card.title.is_ascii()
                && card.subtitle.is_ascii()
                && !begins(&card.title)
                && !begins(&card.subtitle)
            {
                return false;
            }
            if !kind_in_name(&card_name_key(&card.title, &card.subtitle), &key) {
                return false;
            }
        }
        if let Some(t) = &self.title
            && !contains_run(&card.title, t)
        {
            return false;
        }
        if let Some(t) = &self.not_title
            && contains_run(&card.title, t)
        {
            return false;
        }
        true
    }

    /// Plain words for the filter (`any diamond Gungan`, `Obi-Wan`).
    pub fn describe(&self) -> String {
        let mut out = Vec::new();
        if self.diamond == Some(true) {
            out.push("diamond".to_string());
        }
        if let Some(t) = &self.title {
            out.push(t.clone());
        }
        if let Some(n) = &self.name {
            out.push(n.clone());
        }
        if let Some(t) = self.trait_ {
            out.push(t.words().to_string());
        }
        if let Some(c) = self.class {
            out.push(
                match c {
                    ShipClass::Transport => "transport",
                    ShipClass::Starfighter => "starfighter",
                }
                .to_string(),
            );
        }
        if let Some(k) = self.kind {
            let word = match k {
                CardKind::Character => "character",
                CardKind::Weapon => "weapon",
                CardKind::Battle => "battle card",
                CardKind::Effect => "Effect",
                CardKind::Starship if self.class.is_some() => "",
                CardKind::Starship => "starship",
                CardKind::Location => "location",
            };
            if !word.is_empty() {
                out.push(word.to_string());
            }
        }
        if let Some(id) = &self.card {
            out.push(id.clone());
        }
        if out.is_empty() {
            out.push("card".to_string());
        }
        let mut s = out.join(" ");
        if let Some(t) = &self.not_title {
            s.push_str(&format!(" (not {t})"));
        }
        s
    }
}

/// `a, b or c` for a list of alternatives.
pub fn describe_any(filters: &[Filter]) -> String {
    let parts: Vec<String> = filters.iter().map(Filter::describe).collect();
    match parts.as_slice() {
        [] => "nobody".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
