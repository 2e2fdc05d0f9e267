//! The gauntlet benchmark: the README's 6-deck field (examples/decks/light.txt and dark.txt,
//! and the four decks of examples/gauntlet/), every deck against every deck of the other side
//! (18 pairings), heuristic against heuristic, on every core; reports the time and games/s.
//! The target: 1,000 games per pairing in under a minute on the project's 2-core machine.
//!
//! `cargo run --release --example gauntlet_bench -- [GAMES_PER_PAIRING] [THREADS]`

use std::sync::Arc;
use std::time::Instant;

use youngjedi::bots::Weights;
use youngjedi::catalogue::{Catalogue, CatalogueSource};
use youngjedi::deck::Resolver;
use youngjedi::engine::{CardPool, GameOptions};
use youngjedi::sim::decks::{def_ids, load_list};
use youngjedi::sim::gauntlet::{Gauntlet, field};
use youngjedi::sim::{AgentKind, RunConfig};

const FIELD: [&str; 6] = [
    "examples/decks/light.txt",
    "examples/decks/dark.txt",
    "examples/gauntlet/droid-army.txt",
    "examples/gauntlet/hutt-cartel.txt",
    "examples/gauntlet/podrace-heroes.txt",
    "examples/gauntlet/queens-guard.txt",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let jobs: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    let pool = CardPool::from_catalogue(&cat);
    let mut resolver = Resolver::new(&cat);
    let root = env!("CARGO_MANIFEST_DIR");
    let decks: Vec<(Vec<_>, _)> = FIELD
        .iter()
        .map(|f| {
            let resolved = resolver.resolve(&load_list(&format!("{root}/{f}")).expect("deck"));
            (def_ids(&resolved), resolved.side.expect("one side"))
        })
        .collect();
    let g = Gauntlet {
        pool: Arc::clone(&pool),
        decks: decks.iter().map(|(d, _)| d.as_slice()).collect(),
        sides: decks.iter().map(|&(_, s)| s).collect(),
        agents: [AgentKind::Heuristic, AgentKind::Heuristic],
        weights: Arc::new(Weights::default()),
        options: GameOptions::default(),
    };
    let config = RunConfig {
        games,
        master_seed: 2024,
        mirror: false,
        jobs,
    };
    let start = Instant::now();
    let results = g.run(&config, &|| {}).expect("run");
    let secs = start.elapsed().as_secs_f64();
    let total: u64 = results.iter().map(|r| r.tally.games).sum();
    let threads = if jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        jobs
    };
    println!(
        "{} decks, {} pairings, {games} games each: {total} games in {secs:.2}s = {:.0} games/s on {threads} thread(s)",
        FIELD.len(),
        results.len(),
        total as f64 / secs
    );
    for f in field(&g.sides, &results) {
        println!(
            "  {:<40} field win rate {:.1}%",
            FIELD[f.deck],
            f.rate.win_rate.unwrap_or(0.0) * 100.0
        );
    }
}
