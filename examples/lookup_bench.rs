//! How long import takes to check files of names no card has (each gets a suggestion search),
//! per megabyte: issue 15 found one 1 MB line took 471 s and a 100 KB file of short unknown
//! names 48 s. Run: `cargo run --release --example lookup_bench`.

use std::time::Instant;

use youngjedi::catalogue::{Catalogue, CatalogueSource};
use youngjedi::collection::import::parse;

fn main() {
    let catalogue = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    // One 1 MB line, and 1 MB of 50-character lines of letters in a seeded order.
    let long = format!("1 {}\n", "Darth Mual ".repeat(100_000));
    let mut state: u64 = 0x5EED;
    let mut short = String::new();
    while short.len() < 1_000_000 {
        short.push_str("1 ");
        for _ in 0..50 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            short.push(b"abcdefghij "[(state >> 33) as usize % 11] as char);
        }
        short.push('\n');
    }
    for (what, text) in [
        ("one 1 MB line", &long),
        ("1 MB of 50-character names", &short),
    ] {
        let start = Instant::now();
        let parsed = parse("bench.txt", text, &catalogue).expect("parse");
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{what}: {} rows rejected in {secs:.2} s ({:.2} s per MB)",
            parsed.rejected.len(),
            secs / (text.len() as f64 / 1_000_000.0)
        );
    }
}
