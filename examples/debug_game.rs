use youngjedi::bots::{Agent, HeuristicAgent, RandomAgent};
use youngjedi::catalogue::{Catalogue, CatalogueSource};
use youngjedi::engine::*;
use youngjedi::sim::agent_seed;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game: u64 = args[1].parse().unwrap();
    let turn: u32 = args[2].parse().unwrap();
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
    let pool = CardPool::from_catalogue(&cat);
    let mut r = youngjedi::deck::Resolver::new(&cat);
    let mut load = |s: &str| {
        youngjedi::sim::decks::def_ids(&r.resolve(&youngjedi::sim::decks::load_list(s).unwrap()))
    };
    let (d, l) = (load(&args[3]), load(&args[4]));
    let seed = game_seed(7, game);
    let mut g = GameState::new(pool.clone(), [&d, &l], GameOptions::default(), seed).unwrap();
    let mut a = HeuristicAgent::default();
    let mut b = RandomAgent::never_surrendering(agent_seed(seed, Player::B));
    let mut legal = Vec::new();
    while let Some(p) = g.to_act() {
        let view = g.view(p);
        legal_actions(&view, &mut legal);
        let act = if p == Player::A {
            a.choose(&view, &legal)
        } else {
            b.choose(&view, &legal)
        };
        if g.turn() == turn && p == Player::A {
            let hand: Vec<String> = view
                .hand()
                .iter()
                .map(|&c| {
                    format!(
                        "{} ({:?} c{:?})",
                        g.def(c).name,
                        g.def(c).kind,
                        g.def(c).counters
                    )
                })
                .collect();
            println!(
                "phase {:?} counters {} hand {:?}",
                g.phase(),
                view.counters_left(),
                hand
            );
            println!("  legal {:?}\n  chose {:?}", legal, act);
        }
        g.apply(act).unwrap();
    }
}
