//! Counterfactual replay of the heuristic agent's lost games against `patient-random`: which
//! of its decisions lose them (issue 12's 98% bar).
//!
//! The heuristic agent plays DECK_A as player A against patient-random, games of master seed
//! MASTER in index order as `heuristic_strength` plays them; each lost game (after the first
//! SKIP) is replayed exactly, and at every decision with more than one legal action each
//! action is played on K states drawn from the agent's view ([`PlayerView::sample_state`], as
//! the mcts agent draws them: the same K for every action) and finished by the heuristic
//! agent against patient-random. One line per decision: the turn, the phase, both Hyperspace
//! piles, both draw decks, the planets each controls, both sides' cards at the current planet,
//! the hand, the counters left, the chosen action and its wins of K; then every evacuation's
//! wins (`EV`); and when another action won at least K/4 more, that action (`BETTER`) and
//! both actions' wins on 3K fresh samples (`confirm BETTER vs CHOSEN`), to sort out luck.
//!
//! `sample_state` deals the opponent's unread battle-plan order afresh (since d6d9e91; before,
//! it kept the attacker's real order, so a defender's plan decisions were judged in hindsight).
//!
//! `cargo run --release --example counterfactual -- DECK_A DECK_B MASTER LOST K [SKIP]`
//! (`DUMP=N`: instead of the playouts, print the hand and legal actions at decision N of each
//! replayed game.)

use std::sync::Arc;

use youngjedi::bots::{Agent, HeuristicAgent, PlayOptions, RandomAgent, Weights, play};
use youngjedi::catalogue::{Catalogue, CatalogueSource, Planet};
use youngjedi::deck::Resolver;
use youngjedi::engine::{
    Action, CardPool, CardRef, GameOptions, GameState, PlanetStatus, Player, PlayerView, game_seed,
};
use youngjedi::sim::decks::{def_ids, load_list};
use youngjedi::sim::{AgentKind, agent_seed, make_agent};

/// Decisions after which a playout is stopped and counted as not won.
const PLAYOUT_CAP: u32 = 5_000;

/// Whether `me`, played by the heuristic agent against patient-random, wins from `g`.
fn playout(g: &mut GameState, w: &Arc<Weights>, me: Player, seed: u64) -> bool {
    let mut h = HeuristicAgent::new(Arc::clone(w));
    let mut r = RandomAgent::never_surrendering(seed);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut n = 0;
    while g.to_act().is_some() && n < PLAYOUT_CAP {
        n += 1;
        events.clear();
        g.decide_into(&mut legal, &mut events, |view, legal| {
            if view.player() == me {
                h.choose(view, legal)
            } else {
                r.choose(view, legal)
            }
        })
        .expect("the agents play legal actions");
    }
    g.result().and_then(|r| r.winner) == Some(me)
}

/// The card an action names, if any.
fn card_of(a: Action) -> Option<CardRef> {
    match a {
        Action::Deploy(c)
        | Action::DeployToObjective(c)
        | Action::Lap(c)
        | Action::StartingLocation(c)
        | Action::NextLocation(c)
        | Action::FetchEffect(c)
        | Action::AddBattleCard(c)
        | Action::PlanNext(c)
        | Action::DiscardLocation(c)
        | Action::EvenUpDiscard(c)
        | Action::ChooseCard(c)
        | Action::DuelDefender(c)
        | Action::DuelAttack(c)
        | Action::DuelBlock(c)
        | Action::SearchTake(c)
        | Action::AddStarship(c)
        | Action::InterceptWith(c)
        | Action::EvacuateWith(c, _) => Some(c),
        Action::Duel { duelist, .. } => Some(duelist),
        Action::UseAbility { card, .. } => Some(card),
        _ => None,
    }
}

/// An action in a few words: its kind and the title of its card, or for an evacuation whose
/// planet it leaves (the current one, or one controlled by us or by them).
fn name(view: &PlayerView, a: Action) -> String {
    if let Action::Evacuate(pl) = a {
        let whose = match view.planet_status(pl) {
            PlanetStatus::Current => "current",
            PlanetStatus::Controlled { by, .. } if by == view.player() => "ours",
            PlanetStatus::Controlled { .. } => "theirs",
            PlanetStatus::Unplayed => "unplayed",
        };
        return format!("Evacuate[{whose}]");
    }
    let debug = format!("{a:?}");
    let kind = debug.split(['(', ' ']).next().unwrap_or_default();
    match card_of(a).and_then(|c| view.def(c)) {
        Some(d) => format!("{kind}[{}]", d.name.split(',').next().unwrap_or_default()),
        None => kind.to_string(),
    }
}

/// The heuristic agent, unchanged, with every decision's alternatives played out beside it.
struct Probe {
    inner: HeuristicAgent,
    w: Arc<Weights>,
    k: u64,
    step: u64,
    seed: u64,
    tag: String,
    dump: Option<u64>,
}

impl Probe {
    /// Wins of `a` on samples `from..to` of this decision.
    fn wins(&self, view: &PlayerView, a: Action, from: u64, to: u64) -> u64 {
        let mut wins = 0;
        let mut events = Vec::new();
        for i in from..to {
            let s = game_seed(self.seed ^ (self.step << 20), i);
            let mut g = view.sample_state(s);
            g.apply_into(a, &mut events).expect("a legal action");
            wins += u64::from(playout(&mut g, &self.w, view.player(), s ^ 0x5eed));
        }
        wins
    }

    fn situation(&self, view: &PlayerView) -> String {
        let me = view.player();
        let controlled = |p: Player| {
            Planet::ALL
                .iter()
                .filter(|&&pl| {
                    matches!(view.planet_status(pl), PlanetStatus::Controlled { by, .. } if by == p)
                })
                .count()
        };
        let (mine, theirs) = match view.current_planet() {
            Some(p) => (view.in_play(p, me).len(), view.in_play(p, me.other()).len()),
            None => (0, 0),
        };
        let phase = format!("{:?}", view.phase());
        format!(
            "{} step {} turn {} {} pend={} hyp {}/{} deck {}/{} planets {}/{} here {}/{} hand {} ctr {}",
            self.tag,
            self.step,
            view.turn(),
            phase.split(['(', ' ']).next().unwrap_or_default(),
            view.pending().is_some(),
            view.hyperspace(me).len(),
            view.hyperspace(me.other()).len(),
            view.deck_len(me),
            view.deck_len(me.other()),
            controlled(me),
            controlled(me.other()),
            mine,
            theirs,
            view.hand().len(),
            view.counters_left(),
        )
    }
}

impl Agent for Probe {
    fn choose(&mut self, view: &PlayerView, legal: &[Action]) -> Action {
        let chosen = self.inner.choose(view, legal);
        self.step += 1;
        if let Some(n) = self.dump {
            if n == self.step {
                let hand: Vec<String> = view
                    .hand()
                    .iter()
                    .filter_map(|&c| view.def(c))
                    .map(|d| format!("{} ({:?} counters)", d.name, d.counters))
                    .collect();
                let actions: Vec<String> = legal.iter().map(|&a| name(view, a)).collect();
                println!(
                    "{}\n  hand {hand:?}\n  legal {actions:?}\n  chosen {}",
                    self.situation(view),
                    name(view, chosen)
                );
            }
            return chosen;
        }
        if legal.len() < 2 {
            return chosen;
        }
        let k = self.k;
        let base = self.wins(view, chosen, 0, k);
        let mut best = (base, chosen);
        let mut evacuations = String::new();
        for &a in legal.iter().filter(|&&a| a != chosen) {
            let r = self.wins(view, a, 0, k);
            if matches!(a, Action::Evacuate(_)) {
                evacuations += &format!(" EV {} {r}", name(view, a));
            }
            if r > best.0 {
                best = (r, a);
            }
        }
        let mut line = format!(
            "{} | chosen {} {base}/{k}{evacuations}",
            self.situation(view),
            name(view, chosen)
        );
        if best.1 != chosen && best.0 >= base + k / 4 {
            let (c, b) = (
                self.wins(view, chosen, k, 4 * k),
                self.wins(view, best.1, k, 4 * k),
            );
            line += &format!(
                " | BETTER {} {}/{k} confirm {b} vs {c} of {}",
                name(view, best.1),
                best.0,
                3 * k
            );
        }
        println!("{line}");
        chosen
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 6 {
        eprintln!("usage: counterfactual DECK_A DECK_B MASTER LOST K [SKIP]");
        std::process::exit(2);
    }
    let number = |i: usize| -> u64 {
        args[i].parse().unwrap_or_else(|_| {
            eprintln!("not a whole number: `{}`", args[i]);
            std::process::exit(2)
        })
    };
    let (master, lost, k) = (number(3), number(4), number(5));
    let skip = if args.len() > 6 { number(6) } else { 0 };
    let dump = std::env::var("DUMP").ok().and_then(|s| s.parse().ok());
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    let pool = CardPool::from_catalogue(&cat);
    let mut resolver = Resolver::new(&cat);
    let mut load = |spec: &str| def_ids(&resolver.resolve(&load_list(spec).expect("deck list")));
    let (a, b) = (load(&args[1]), load(&args[2]));
    let w = Arc::new(Weights::default());
    let new_game = |seed| {
        GameState::new(Arc::clone(&pool), [&a, &b], GameOptions::default(), seed).expect("setup")
    };
    let mut found = 0;
    for i in 0.. {
        if found >= lost + skip {
            break;
        }
        let seed = game_seed(master, i);
        let mut state = new_game(seed);
        let mut heuristic = make_agent(AgentKind::Heuristic, &w, agent_seed(seed, Player::A));
        let mut random = make_agent(AgentKind::PatientRandom, &w, agent_seed(seed, Player::B));
        let result = play(
            &mut state,
            [&mut *heuristic, &mut *random],
            PlayOptions::default(),
        )
        .expect("a game plays to its end");
        if result.winner == Some(Player::A) {
            continue;
        }
        found += 1;
        if found <= skip {
            continue;
        }
        println!("GAME {i} lost by {:?} turn {}", result.victory, result.turn);
        let mut probe = Probe {
            inner: HeuristicAgent::new(Arc::clone(&w)),
            w: Arc::clone(&w),
            k,
            step: 0,
            seed,
            tag: format!("g{i}"),
            dump,
        };
        let mut random = make_agent(AgentKind::PatientRandom, &w, agent_seed(seed, Player::B));
        let mut state = new_game(seed);
        let replay = play(
            &mut state,
            [&mut probe, &mut *random],
            PlayOptions::default(),
        )
        .expect("a game plays to its end");
        assert_eq!(replay.winner, result.winner, "the replay is the same game");
    }
}
