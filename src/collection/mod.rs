//! Collections: what a collector owns (by printing: card and finish, with condition and note),
//! wants and keeps back from trading, in named collections in the database; import and
//! export; completion; wants and trades; deck shortfall; an append-only history with undo;
//! backups.
//!
//! Nothing is written but through [`store::write`] or [`store::undo`], which plan, apply and
//! record every change in one transaction under the database's write lock.

pub mod backup;
pub mod completion;
pub mod destination;
pub mod edit;
pub mod error;
pub mod export;
pub mod import;
pub mod model;
pub mod printings;
pub mod resolve;
pub mod shortfall;
pub mod store;
pub mod wants;

pub use error::CollectionError;
pub use model::{Change, Condition, Holdings, List, Slot, Value};
pub use shortfall::{Shortfall, requirements, shortfall};
