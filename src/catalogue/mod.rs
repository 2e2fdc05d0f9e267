//! The card catalogue: the card model, the embedded catalogue files, the SQLite database
//! (it owns the schema and its migrations and runs the card queries; `collection` runs the
//! queries of its own tables and its backups) and name lookup.

pub mod abilities;
pub mod card;
#[allow(clippy::module_inception)]
pub mod catalogue;
pub mod db;
pub mod dots;
pub mod embedded;
pub mod error;
pub mod load;
pub mod lookup;
pub mod migrations;
pub mod printing;
pub mod search;
pub mod set;

pub use card::{Card, CardType, Planet, Power, Rarity, Side, StarshipClass, UseLine};
pub use catalogue::Catalogue;
pub use db::{Database, DbInfo};
pub use dots::{Dot, DotColour, Dots};
pub use embedded::CatalogueSource;
pub use error::CatalogueError;
pub use lookup::{
    LookupError, LookupOptions, card_name_key, kind_in_name, name_words_key, normalise,
};
pub use printing::{Finish, Printing};
pub use search::CardFilter;
pub use set::Set;
