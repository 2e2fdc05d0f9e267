//! How long import takes to check files of names no card has (each gets a suggestion search),
//! per megabyte: issue 15 found one 1 MB line took 471 s and a 100 KB file of short unknown
//! names 48 s. Run: `cargo run --release --example lookup_bench`. The requirement is about a
//! second per megabyte.

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
    // 1 MB of 8-letter words: the most rows, so the most lookups, a megabyte can hold.
    let mut words = String::new();
    while words.len() < 1_000_000 {
        words.push_str("1 ");
        for _ in 0..8 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            words.push(b"abcdefghijklmnopqrstuvwxyz"[(state >> 33) as usize % 26] as char);
        }
        words.push('\n');
    }
    for (what, text) in [
        ("one 1 MB line", &long),
        ("1 MB of 50-character names", &short),
        ("1 MB of 8-letter names", &words),
    ] {
        let start = Instant::now();
        let cpu = cpu_seconds();
        let parsed = parse("bench.txt", text, &catalogue).expect("parse");
        let secs = start.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu;
        let mb = text.len() as f64 / 1_000_000.0;
        println!(
            "{what}: {} rows rejected in {secs:.2} s ({:.2} s per MB; CPU {:.2} s per MB)",
            parsed.rejected.len(),
            secs / mb,
            cpu / mb
        );
    }
}

/// CPU time this process has used, in seconds: on a loaded machine the wall clock says more
/// about the other processes than about this one.
#[cfg(unix)]
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage fills the struct it is given and reads nothing else.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

#[cfg(not(unix))]
fn cpu_seconds() -> f64 {
    0.0
}
