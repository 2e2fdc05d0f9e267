//! The catalogue files compiled into the binary, so `yj` works from any directory and after
//! `cargo install` without the `data/` folder.

use sha2::{Digest, Sha256};

/// A set of catalogue files: `(file name, contents)` for cards, and the printings file.
#[derive(Debug, Clone)]
pub struct CatalogueSource {
    pub card_files: Vec<(String, String)>,
    pub printings: String,
}

macro_rules! card_file {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/cards/", $name)),
        )
    };
}

const CARD_FILES: &[(&str, &str)] = &[
    card_file!("DM.csv"),
    card_file!("JC.csv"),
    card_file!("BN.csv"),
    card_file!("EDM.csv"),
    card_file!("DF.csv"),
    card_file!("EBN.csv"),
    card_file!("RF.csv"),
    card_file!("BP.csv"),
    card_file!("PR.csv"),
    card_file!("V1.csv"),
];

const PRINTINGS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/data/cards/printings.csv"
));

impl CatalogueSource {
    /// The catalogue embedded in this binary.
    pub fn embedded() -> CatalogueSource {
        CatalogueSource {
            card_files: CARD_FILES
                .iter()
                .map(|(n, t)| (n.to_string(), t.to_string()))
                .collect(),
            printings: PRINTINGS.to_string(),
        }
    }

    /// A short content hash: the catalogue version stored in the database. Any change to any
    /// file changes it, which makes the database refresh its catalogue tables.
    pub fn version(&self) -> String {
        let mut hasher = Sha256::new();
        for (name, text) in &self.card_files {
            hasher.update(name.as_bytes());
            hasher.update([0]);
            hasher.update(text.as_bytes());
            hasher.update([0]);
        }
        hasher.update(self.printings.as_bytes());
        let digest = hasher.finalize();
        digest[..8].iter().map(|b| format!("{b:02x}")).collect()
    }
}
