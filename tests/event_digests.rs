//! Today's play, pinned: the digests of a fixed set of seeded games (src/sim/digest.rs) must
//! match the ones stored in tests/data/event_digests.txt, like a chess library's perft counts.
//! A change that alters play regenerates them in the same commit and says why in its message.

use std::path::Path;

use youngjedi::catalogue::{Catalogue, CatalogueSource};
use youngjedi::sim::digest::{STORED_GAMES, STORED_PATH, STORED_SEED, digest_lines};

#[test]
fn seeded_games_play_as_the_stored_digests_say() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stored = std::fs::read_to_string(root.join(STORED_PATH)).expect("stored digests");
    let stored: Vec<&str> = stored.lines().filter(|l| !l.starts_with('#')).collect();
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    let now = digest_lines(&cat, root, STORED_GAMES, STORED_SEED);
    let changed: Vec<String> = now
        .iter()
        .enumerate()
        .filter(|&(i, l)| stored.get(i) != Some(&l.as_str()))
        .map(|(i, l)| {
            format!(
                "  stored: {}\n  now:    {l}",
                stored.get(i).unwrap_or(&"(none)")
            )
        })
        .collect();
    // The actions chosen and the runner's tallies are play; the event count and digest also
    // change when the events say more about the same play, so neither is part of it.
    let play_part = |l: &str| -> String {
        if l.contains("total digest") {
            return String::new();
        }
        l.split(", ")
            .filter(|f| !f.ends_with(" events") && !f.starts_with("events "))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let play_changed = now
        .iter()
        .enumerate()
        .any(|(i, l)| stored.get(i).map(|s| play_part(s)) != Some(play_part(l)));
    assert!(
        changed.is_empty() && stored.len() == now.len(),
        "{} in {} of {} digest lines:\n{}\n\
         If the change is meant, regenerate the digests with\n  \
         cargo run --example event_digest -- --bless\n\
         and say in the commit message why {}.",
        if play_changed {
            "play changed"
        } else {
            "the events changed but play did not (actions and tallies match)"
        },
        changed.len(),
        now.len(),
        changed.join("\n"),
        if play_changed {
            "play changed"
        } else {
            "the events changed"
        }
    );
}
