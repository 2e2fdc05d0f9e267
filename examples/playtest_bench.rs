//! The playtest benchmark: 10,000 games between heuristic agents (or `--agent=random`,
//! `--agent=patient-random`) on the two example decks (or `--decks=A,B`: two decklists, as
//! `yj playtest` reads them), on 1 thread and then on 2, reporting games per second. Peak
//! memory: run it under `/usr/bin/time -v`.
//!
//! `cargo run --release --example playtest_bench -- [GAMES] [THREADS...] [--agent=NAME] [--decks=A,B]`

use std::sync::Arc;
use std::time::Instant;

use youngjedi::bots::Weights;
use youngjedi::catalogue::{Catalogue, CatalogueSource};
use youngjedi::deck::Resolver;
use youngjedi::engine::{CardPool, GameOptions};
use youngjedi::sim::decks::{def_ids, load_list};
use youngjedi::sim::{AgentKind, Matchup, OpponentReport, RunConfig};

fn main() {
    let all: Vec<String> = std::env::args().collect();
    let agent = all
        .iter()
        .find_map(|a| a.strip_prefix("--agent="))
        .map(|n| AgentKind::parse(n).expect("agent: heuristic, random or patient-random"))
        .unwrap_or(AgentKind::Heuristic);
    let decks = all
        .iter()
        .find_map(|a| a.strip_prefix("--decks="))
        .map(|d| d.split_once(',').expect("--decks=A,B"))
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .unwrap_or(("example:light".into(), "example:dark".into()));
    let args: Vec<String> = all
        .iter()
        .filter(|a| !a.starts_with("--"))
        .cloned()
        .collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let mut threads: Vec<usize> = args[2.min(args.len())..]
        .iter()
        .filter_map(|s| s.parse().ok())
        .collect();
    if threads.is_empty() {
        threads = vec![1, 2];
    }
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    let pool = CardPool::from_catalogue(&cat);
    let mut resolver = Resolver::new(&cat);
    let mut load = |spec: &str| def_ids(&resolver.resolve(&load_list(spec).expect("deck")));
    let (light, dark) = (load(&decks.0), load(&decks.1));
    let m = Matchup {
        pool: Arc::clone(&pool),
        deck: &light,
        opponent: &dark,
        agents: [agent, agent],
        weights: Arc::new(Weights::default()),
        options: GameOptions::default(),
    };
    let mut first = None;
    for &jobs in &threads {
        let config = RunConfig {
            games,
            master_seed: 2024,
            mirror: false,
            jobs,
        };
        let start = Instant::now();
        let (distinct, tally) = m.run(&config, &|| {}).expect("run");
        let secs = start.elapsed().as_secs_f64();
        let r = OpponentReport::new(&decks.1, &tally, &distinct, &light, &pool);
        println!(
            "{jobs} thread(s): {games} games in {secs:.2}s = {:.0} games/s ({:.0} per thread); \
             light wins {:.1}%, mean {:.1} turns",
            games as f64 / secs,
            games as f64 / secs / jobs as f64,
            r.win_rate.unwrap_or(0.0) * 100.0,
            r.turns.as_ref().map(|t| t.mean).unwrap_or(0.0)
        );
        // Same tallies whatever the thread count.
        match &first {
            None => first = Some(tally),
            Some(t) => assert_eq!(t, &tally, "results differ between thread counts"),
        }
    }
}
