//! A filter: which cards a text reaches, as typed data. Every field given must hold; a list
//! field holds when any one of its values does. Filters in a list (`[Filter]`) are
//! alternatives: a card fits the list when it fits one of them.

use deunicode::deunicode;
use serde::{Deserialize, Serialize};

use crate::catalogue::{Card, CardType, StarshipClass, normalise};

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
    /// A kind named by the card's title or subtitle (`Royal Guard`, `Naboo Starfighter`):
    /// `RULINGS.md` R1.
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

fn words(text: &str) -> Vec<String> {
    deunicode(text)
        .split_whitespace()
        .map(normalise)
        .filter(|w| !w.is_empty())
        .collect()
}

fn contains_run(hay: &[String], needle: &[String]) -> bool {
    !needle.is_empty() && hay.windows(needle.len()).any(|w| w == needle)
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
        let title = words(&card.title);
        if let Some(t) = &self.title
            && !contains_run(&title, &words(t))
        {
            return false;
        }
        if let Some(n) = &self.name
            && !normalise(&format!("{} {}", card.title, card.subtitle)).contains(&normalise(n))
        {
            return false;
        }
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
        if let Some(t) = &self.not_title
            && contains_run(&title, &words(t))
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
