//! Digests of the event streams of a fixed set of seeded games, for checking whether a change
//! alters play (src/sim/digest.rs says what each line holds).
//!
//! A small set is stored in `tests/data/event_digests.txt` and checked by `cargo test`
//! (`tests/event_digests.rs`); `--bless` rewrites it, for a change that alters play on purpose
//! (its commit message must say why play changed). Without `--bless`, prints a larger set (40
//! games per line by default) to compare two builds byte for byte.
//!
//! `cargo run --release --example event_digest -- [GAMES_PER_LINE] [MASTER_SEED]`
//! `cargo run --example event_digest -- --bless`

use std::path::Path;

use youngjedi::catalogue::{Catalogue, CatalogueSource};
use youngjedi::sim::digest::{STORED_GAMES, STORED_PATH, STORED_SEED, digest_lines, stored_text};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if args.iter().any(|a| a == "--bless") {
        let lines = digest_lines(&cat, root, STORED_GAMES, STORED_SEED);
        let path = root.join(STORED_PATH);
        std::fs::write(&path, stored_text(&lines)).expect("write the stored digests");
        println!("wrote {} ({} lines)", path.display(), lines.len());
        return;
    }
    let games: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(40);
    let master: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(11);
    for line in digest_lines(&cat, root, games, master) {
        println!("{line}");
    }
}
