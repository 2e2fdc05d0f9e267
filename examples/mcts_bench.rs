//! The search agent's benchmark (issue 13): how strong and how fast `mcts` is.
//!
//! `cargo run --release --example mcts_bench -- MODE [GAMES] [ARGS...]`
//!
//! - `strength [GAMES] [ITERATIONS] [all|light|dark] [PAIR]`: mcts against the heuristic agent
//!   from each side of every pair of example decks (or from one side only, or on pair number
//!   PAIR only, from 0, without the `patient-random` lines), and against `patient-random` on
//!   the example decks; win rates with 95% Wilson intervals (the issue asks for at least 60%
//!   against the heuristic) and CPU seconds a game. Separate processes per seat and pair let
//!   a long run use a shared machine's idle time.
//! - `speed [GAMES] [ITERATIONS] [THREADS...]`: decisions, iterations and games per second
//!   against the heuristic on the example decks, on 1 and 2 threads; and the work per game
//!   (iterations, actions applied), which does not depend on the machine's load.
//! - `budget [GAMES] [ITERATIONS...]`: the win rate against the heuristic as the budget
//!   grows (default 100, 500, 2000, 10000), on the example decks from both sides.
//!
//! - `games DECK OPPONENT AGENT OPPONENT_AGENT FROM TO`: games FROM to TO-1 (the same deals as
//!   the lines above), one line a game as it ends (`game I W|L|D TURNS CPU`), for runs on a
//!   shared machine that must survive being stopped: a stopped run keeps the games it
//!   finished, and another range continues it.
//!
//! Seeds are fixed (master seed 13), so every figure can be repeated.

use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;
use youngjedi::bots::mcts::{DEFAULT_ITERATIONS, SearchStats};
use youngjedi::bots::{HeuristicAgent, MctsAgent, MctsConfig, PlayOptions, Weights, play};
use youngjedi::catalogue::{Catalogue, CatalogueSource};
use youngjedi::deck::Resolver;
use youngjedi::engine::{CardPool, DefId, GameOptions, GameState, Player, game_seed};
use youngjedi::sim::decks::{def_ids, load_list};
use youngjedi::sim::wilson::wilson95;
use youngjedi::sim::{AgentKind, Matchup, OpponentReport, RunConfig, agent_seed, make_agent};

const PAIRS: &[(&str, &str)] = &[
    ("example:light", "example:dark"),
    ("examples/decks/light.txt", "examples/decks/dark.txt"),
    ("examples/decks/light-virtual.txt", "example:dark"),
    ("example:light", "examples/decks/dark.txt"),
];

const MASTER: u64 = 13;

struct Bench {
    pool: Arc<CardPool>,
    weights: Arc<Weights>,
    resolver_cat: Catalogue,
}

impl Bench {
    fn load(&self, spec: &str) -> Vec<DefId> {
        let mut resolver = Resolver::new(&self.resolver_cat);
        def_ids(&resolver.resolve(&load_list(spec).expect("deck list")))
    }

    /// `agents[0]` plays `deck` against `opp`: (games, wins, mean turns).
    fn rate(&self, deck: &[DefId], opp: &[DefId], agents: [AgentKind; 2], games: u64) -> Row {
        let m = Matchup {
            pool: Arc::clone(&self.pool),
            deck,
            opponent: opp,
            agents,
            weights: Arc::clone(&self.weights),
            options: GameOptions::default(),
        };
        let config = RunConfig {
            games,
            master_seed: MASTER,
            mirror: false,
            jobs: 0,
        };
        let start = Instant::now();
        let cpu = cpu_seconds();
        let (distinct, tally) = m.run(&config, &|| {}).expect("run");
        let r = OpponentReport::new("", &tally, &distinct, deck, &self.pool);
        Row {
            games: r.games,
            wins: r.wins,
            turns: r.turns.as_ref().map(|t| t.mean).unwrap_or(0.0),
            secs: start.elapsed().as_secs_f64(),
            cpu: cpu_seconds() - cpu,
        }
    }
}

/// CPU seconds this process has used, all threads together: on a shared machine the wall
/// clock says more about the other users than about the search.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut u);
        u
    };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 / 1e6;
    t(usage.ru_utime) + t(usage.ru_stime)
}

struct Row {
    games: u64,
    wins: u64,
    turns: f64,
    secs: f64,
    cpu: f64,
}

impl Row {
    fn cells(&self) -> String {
        let i = wilson95(self.wins, self.games).expect("games were played");
        format!(
            "{:>6} {:>6} {:>7.1}% {:>7.1}%–{:>5.1}% {:>6.1} {:>7.1}s {:>6.3}s",
            self.games,
            self.wins,
            100.0 * self.wins as f64 / self.games as f64,
            i.low * 100.0,
            i.high * 100.0,
            self.turns,
            self.secs,
            self.cpu / self.games as f64
        )
    }
}

const HEADER: &str = "games   wins win rate      95% interval  turns    wall  CPU/game";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("strength");
    let num = |i: usize, default: u64| {
        args.get(i)
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(default)
    };
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    let bench = Bench {
        pool: CardPool::from_catalogue(&cat),
        weights: Arc::new(Weights::default()),
        resolver_cat: cat,
    };
    match mode {
        "strength" => {
            let games = num(2, 1000);
            let iterations = num(3, u64::from(DEFAULT_ITERATIONS)) as u32;
            let seats = args.get(4).map(String::as_str).unwrap_or("all");
            let pair = args.get(5).and_then(|s| s.parse::<usize>().ok());
            strength(&bench, games, iterations, seats, pair);
        }
        "speed" => {
            let games = num(2, 40);
            let iterations = num(3, u64::from(DEFAULT_ITERATIONS)) as u32;
            let mut threads: Vec<usize> = args[4.min(args.len())..]
                .iter()
                .filter_map(|s| s.parse().ok())
                .collect();
            if threads.is_empty() {
                threads = vec![1, 2];
            }
            speed(&bench, games, iterations, &threads);
        }
        "budget" => {
            let games = num(2, 200);
            let mut budgets: Vec<u32> = args[3.min(args.len())..]
                .iter()
                .filter_map(|s| s.parse().ok())
                .collect();
            if budgets.is_empty() {
                budgets = vec![100, 500, 2000, 10_000];
            }
            budget(&bench, games, &budgets);
        }
        "games" => {
            let [deck, opp, agent, opp_agent] =
                [2, 3, 4, 5].map(|i| args.get(i).map(String::as_str).unwrap_or_default());
            let kind = |name: &str| AgentKind::from_name(name).expect("an agent's name");
            let (from, to) = (num(6, 0), num(7, 1000));
            games(
                &bench,
                [deck, opp],
                [kind(agent), kind(opp_agent)],
                from..to,
            );
        }
        other => {
            eprintln!("unknown mode `{other}` (expected strength, speed, budget or games)");
            std::process::exit(2);
        }
    }
}

fn strength(bench: &Bench, games: u64, iterations: u32, seats: &str, pair: Option<usize>) {
    let mcts = AgentKind::Mcts { iterations };
    println!("{mcts} against the heuristic agent, {games} games per line, master seed {MASTER}");
    println!(
        "{:<34} {:<34} {HEADER}",
        "mcts plays", "against (heuristic)"
    );
    let mut worst: f64 = 1.0;
    for (k, &(light, dark)) in PAIRS.iter().enumerate() {
        if pair.is_some_and(|p| p != k) {
            continue;
        }
        let (l, d) = (bench.load(light), bench.load(dark));
        for (deck, opp, dname, oname) in [(&l, &d, light, dark), (&d, &l, dark, light)] {
            let light_seat = std::ptr::eq(deck, &l);
            if (seats == "light" && !light_seat) || (seats == "dark" && light_seat) {
                continue;
            }
            let row = bench.rate(deck, opp, [mcts, AgentKind::Heuristic], games);
            worst = worst.min(row.wins as f64 / row.games as f64);
            println!("{dname:<34} {oname:<34} {}", row.cells());
        }
    }
    println!(
        "lowest win rate against the heuristic: {:.1}%",
        worst * 100.0
    );
    if pair.is_some() {
        return;
    }
    println!();
    println!(
        "{:<34} {:<34} {HEADER}",
        "mcts plays", "against (patient-random)"
    );
    let (l, d) = (bench.load("example:light"), bench.load("example:dark"));
    for (deck, opp, dname, oname) in [
        (&l, &d, "example:light", "example:dark"),
        (&d, &l, "example:dark", "example:light"),
    ] {
        let row = bench.rate(deck, opp, [mcts, AgentKind::PatientRandom], games);
        println!("{dname:<34} {oname:<34} {}", row.cells());
    }
}

fn budget(bench: &Bench, games: u64, budgets: &[u32]) {
    println!("mcts against the heuristic on the example decks, {games} games per side");
    println!("{:>10} {:<14} {HEADER}", "iterations", "mcts plays");
    let (l, d) = (bench.load("example:light"), bench.load("example:dark"));
    for &iterations in budgets {
        for (deck, opp, name) in [(&l, &d, "example:light"), (&d, &l, "example:dark")] {
            let row = bench.rate(
                deck,
                opp,
                [AgentKind::Mcts { iterations }, AgentKind::Heuristic],
                games,
            );
            println!("{iterations:>10} {name:<14} {}", row.cells());
        }
    }
}

/// One game of mcts (light, seat A) against the heuristic (dark), seeded as playtest game `i`.
fn one_game(bench: &Bench, decks: [&[DefId]; 2], iterations: u32, i: u64) -> SearchStats {
    let seed = game_seed(MASTER, i);
    let mut g = GameState::new(Arc::clone(&bench.pool), decks, GameOptions::default(), seed)
        .expect("setup");
    let mut mcts = MctsAgent::new(
        MctsConfig::new(iterations),
        Arc::clone(&bench.weights),
        agent_seed(seed, Player::A),
    );
    let mut heuristic = HeuristicAgent::new(Arc::clone(&bench.weights));
    play(&mut g, [&mut mcts, &mut heuristic], PlayOptions::default()).expect("game");
    mcts.stats()
}

fn speed(bench: &Bench, games: u64, iterations: u32, threads: &[usize]) {
    let (l, d) = (bench.load("example:light"), bench.load("example:dark"));
    println!(
        "mcts:{iterations} (example:light) against the heuristic (example:dark), {games} games"
    );
    let mut first: Option<SearchStats> = None;
    for &jobs in threads {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .expect("threads");
        let start = Instant::now();
        let cpu = cpu_seconds();
        let total = pool.install(|| {
            (0..games)
                .into_par_iter()
                .map(|i| one_game(bench, [&l, &d], iterations, i))
                .reduce(SearchStats::default, |a, b| SearchStats {
                    decisions: a.decisions + b.decisions,
                    searched: a.searched + b.searched,
                    iterations: a.iterations + b.iterations,
                    steps: a.steps + b.steps,
                    overruled: a.overruled + b.overruled,
                })
        });
        let secs = start.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu;
        println!(
            "{jobs} thread(s): wall {secs:.2}s: {:.2} games/s, {:.0} decisions/s ({:.0} searched), \
             {:.0} iterations/s; CPU {cpu:.2}s: {:.3} CPU s a game, {:.0} decisions, {:.0} iterations a CPU second",
            games as f64 / secs,
            total.decisions as f64 / secs,
            total.searched as f64 / secs,
            total.iterations as f64 / secs,
            cpu / games as f64,
            total.decisions as f64 / cpu,
            total.iterations as f64 / cpu,
        );
        match &first {
            None => {
                let g = games as f64;
                println!(
                    "  per game: {:.1} decisions of mcts, {:.1} searched, {:.0} iterations, \
                     {:.0} actions applied in search; heuristic overruled at {:.1}% of searched decisions",
                    total.decisions as f64 / g,
                    total.searched as f64 / g,
                    total.iterations as f64 / g,
                    total.steps as f64 / g,
                    100.0 * total.overruled as f64 / total.searched.max(1) as f64
                );
                first = Some(total);
            }
            // Same games whatever the thread count.
            Some(f) => assert_eq!(*f, total, "results depend on the thread count"),
        }
    }
}

/// Plays games `range` of `agents[0]` with `decks[0]` (seat A, as `strength` plays it) against
/// `agents[1]`, printing each game's result when it ends: `game I W|L|D TURNS CPU_SECONDS`
/// (the CPU seconds of the thread that played it).
fn games(bench: &Bench, decks: [&str; 2], agents: [AgentKind; 2], range: std::ops::Range<u64>) {
    let (deck, opp) = (bench.load(decks[0]), bench.load(decks[1]));
    println!(
        "# {} ({}) against {} ({}), games {}..{}, master seed {MASTER}",
        agents[0], decks[0], agents[1], decks[1], range.start, range.end
    );
    range.into_par_iter().for_each(|i| {
        let cpu = thread_cpu_seconds();
        let seed = game_seed(MASTER, i);
        let mut g = GameState::new(
            Arc::clone(&bench.pool),
            [&deck, &opp],
            GameOptions::default(),
            seed,
        )
        .expect("setup");
        let mut a = make_agent(agents[0], &bench.weights, agent_seed(seed, Player::A));
        let mut b = make_agent(agents[1], &bench.weights, agent_seed(seed, Player::B));
        let result = play(&mut g, [&mut *a, &mut *b], PlayOptions::default()).expect("game");
        let mark = match result.winner {
            Some(Player::A) => 'W',
            Some(Player::B) => 'L',
            None => 'D',
        };
        println!(
            "game {i} {mark} {} {:.3}",
            g.turn(),
            thread_cpu_seconds() - cpu
        );
    });
}

/// CPU seconds the calling thread has used.
fn thread_cpu_seconds() -> f64 {
    // SAFETY: clock_gettime only writes the struct it is given.
    let t = unsafe {
        let mut t: libc::timespec = std::mem::zeroed();
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t);
        t
    };
    t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
}
