//! Card game text as typed data: the ability specifications of `data/abilities/<SET>.toml`,
//! compiled into the binary and parsed once ([`AbilityBook::embedded`]).
//!
//! Where this sits in the data flow: these are card facts, like the catalogue CSV files, so
//! they live beside them in `catalogue`. The engine never reads a file: `engine::CardPool`
//! takes each card's [`CardText`] from the parsed book when it is built, and what the engine
//! plays of it is decided by one function on the engine side (`engine::text_support`).

mod describe;
mod filter;
mod spec;

pub use describe::{describe, describe_ability};
pub use filter::{CardKind, Filter, ShipClass, Trait, describe_any};
pub use spec::{
    Ability, CardText, Condition, Cost, Destination, DestinyRule, DuelEffect, Effect, Half,
    Restriction, RulebookRule, SearchTrigger, Stat, Step, Trigger, Whose,
};

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

macro_rules! ability_file {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/data/abilities/",
                $name
            )),
        )
    };
}

/// The ability files, one per set, in catalogue order.
pub const FILES: &[(&str, &str)] = &[
    ability_file!("DM.toml"),
    ability_file!("JC.toml"),
    ability_file!("BN.toml"),
    ability_file!("EDM.toml"),
    ability_file!("DF.toml"),
    ability_file!("EBN.toml"),
    ability_file!("RF.toml"),
    ability_file!("BP.toml"),
    ability_file!("PR.toml"),
    ability_file!("V1.toml"),
];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    card: Vec<CardText>,
}

/// Every card's specification, by catalogue id.
#[derive(Debug, Clone, Default)]
pub struct AbilityBook {
    cards: Vec<CardText>,
    by_id: BTreeMap<String, usize>,
}

/// A specification file that does not parse, or a card specified twice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AbilityError {
    #[error("data/abilities/{file}: {message}")]
    Parse { file: String, message: String },
    #[error("data/abilities/{file}: card `{id}` is specified twice")]
    Duplicate { file: String, id: String },
}

impl AbilityBook {
    /// Parses `(file name, contents)` pairs.
    pub fn parse(files: &[(&str, &str)]) -> Result<AbilityBook, AbilityError> {
        let mut book = AbilityBook::default();
        for (name, text) in files {
            let file: File = toml::from_str(text).map_err(|e| AbilityError::Parse {
                file: name.to_string(),
                message: e.to_string().trim_end().to_string(),
            })?;
            for card in file.card {
                let key = card.id.to_ascii_uppercase();
                if book.by_id.contains_key(&key) {
                    return Err(AbilityError::Duplicate {
                        file: name.to_string(),
                        id: card.id,
                    });
                }
                book.by_id.insert(key, book.cards.len());
                book.cards.push(card);
            }
        }
        Ok(book)
    }

    /// The specifications compiled into this binary, parsed on first use. The data tests
    /// prove they parse, so a failure here is a broken build, not bad user input.
    pub fn embedded() -> &'static AbilityBook {
        static BOOK: OnceLock<AbilityBook> = OnceLock::new();
        BOOK.get_or_init(|| AbilityBook::parse(FILES).expect("embedded ability data parses"))
    }

    pub fn get(&self, id: &str) -> Option<&CardText> {
        self.by_id
            .get(&id.to_ascii_uppercase())
            .map(|&i| &self.cards[i])
    }

    pub fn cards(&self) -> &[CardText] {
        &self.cards
    }
}

#[cfg(test)]
mod tests;
