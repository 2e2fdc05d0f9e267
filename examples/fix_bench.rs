//! How long `yj deck fix`'s search takes on broken 60-card decks: the example decks with
//! 1 to 20 random changes (remove, add or swap one copy of any card), and with 20 cards
//! removed, 20 added and 20 swapped for cards of the other side; and, far off, 60 random
//! cards of a side, and every wild card with 40 random cards. Prints the mean and the worst
//! time (strength measure and search together) and the worst deck's changes.
//!
//! `cargo run --release --example fix_bench -- [DECKS_PER_SIZE]` (default 50).

use std::time::{Duration, Instant};

use youngjedi::catalogue::{Catalogue, CatalogueSource, Side};
use youngjedi::deck::fix::{Mode, Request, Supply, fix};
use youngjedi::deck::strength::Strength;
use youngjedi::deck::{ListFormat, Resolver, RulesSet, parse_list};
use youngjedi::engine::CardPool;
use youngjedi::engine::rng::GameRng;

const LIGHT: &str = include_str!("decks/light.txt");
const DARK: &str = include_str!("decks/dark.txt");

/// A named deck to fix and its side.
type Case = (String, Vec<(usize, u32)>, Side);

fn deck_of(cat: &Catalogue, text: &str) -> Vec<(usize, u32)> {
    let list = parse_list("deck", text, Some(ListFormat::Text)).unwrap();
    let deck = Resolver::new(cat).resolve(&list);
    deck.cards.iter().map(|c| (c.index, c.count)).collect()
}

fn main() {
    let per_size: u64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("DECKS_PER_SIZE is a number"))
        .unwrap_or(50);
    let cat = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
    let pool = CardPool::from_catalogue(&cat);
    let rules = RulesSet::named("standard").unwrap();
    let n_cards = cat.cards().len();
    let bases = [
        (deck_of(&cat, LIGHT), Side::Light),
        (deck_of(&cat, DARK), Side::Dark),
    ];
    let mut cases: Vec<Case> = Vec::new();
    for k in 1..=20u64 {
        for seed in 0..per_size {
            let mut rng = GameRng::new(k * 1_000_003 + seed);
            let (base, side) = &bases[(seed % 2) as usize];
            let mut deck = base.clone();
            for _ in 0..k {
                let action = rng.below(3);
                if action != 1 && !deck.is_empty() {
                    let at = rng.below(deck.len());
                    deck[at].1 -= 1;
                    deck.retain(|(_, n)| *n > 0);
                }
                if action != 0 {
                    let card = rng.below(n_cards);
                    match deck.iter_mut().find(|(c, _)| *c == card) {
                        Some((_, n)) => *n += 1,
                        None => deck.push((card, 1)),
                    }
                }
            }
            cases.push((format!("{k} random changes, seed {seed}"), deck, *side));
        }
    }
    for (base, side) in &bases {
        let mut removed = base.clone();
        let mut left = 20;
        for (_, n) in removed.iter_mut() {
            let take = (*n).min(left).min(1);
            *n -= take;
            left -= take;
        }
        removed.retain(|(_, n)| *n > 0);
        cases.push(("20 cards removed".into(), removed.clone(), *side));
        let mut added = base.clone();
        added.push((cat.index_of("DM-1").unwrap(), 20));
        cases.push(("20 copies of DM-1 added".into(), added, *side));
        let other = if *side == Side::Light {
            "DM-71"
        } else {
            "DM-1"
        };
        let mut swapped: Vec<(usize, u32)> = removed;
        swapped.push((cat.index_of(other).unwrap(), 20));
        cases.push((
            "20 cards swapped for the other side's".into(),
            swapped,
            *side,
        ));
    }

    // Far off: 60 random cards of the deck's side (any type, wild cards, two-title cards),
    // and the 20 wild cards of both sides with 40 random cards.
    let wild: Vec<usize> = (0..n_cards)
        .filter(|&i| cat.cards()[i].dots.is_some_and(|d| d.is_wild()))
        .collect();
    for seed in 0..per_size {
        let mut rng = GameRng::new(7_000_000 + seed);
        let side = if seed % 2 == 0 {
            Side::Light
        } else {
            Side::Dark
        };
        let of_side: Vec<usize> = (0..n_cards)
            .filter(|&i| cat.cards()[i].side == side)
            .collect();
        let mut deck: Vec<(usize, u32)> = Vec::new();
        let add = |deck: &mut Vec<(usize, u32)>, card: usize| match deck
            .iter_mut()
            .find(|(c, _)| *c == card)
        {
            Some((_, n)) => *n += 1,
            None => deck.push((card, 1)),
        };
        for _ in 0..60 {
            add(&mut deck, of_side[rng.below(of_side.len())]);
        }
        cases.push((format!("60 random cards, seed {seed}"), deck, side));
        let mut deck: Vec<(usize, u32)> = wild.iter().map(|&w| (w, 1)).collect();
        for _ in 0..40 {
            add(&mut deck, of_side[rng.below(of_side.len())]);
        }
        cases.push((
            format!("20 wild cards and 40 random, seed {seed}"),
            deck,
            side,
        ));
    }

    let mut total = Duration::ZERO;
    let mut worst = (Duration::ZERO, String::new(), 0usize, 0u64);
    let mut unproven = 0;
    for (name, deck, side) in &cases {
        let start = Instant::now();
        let indexes: Vec<usize> = deck.iter().map(|c| c.0).collect();
        let strength = Strength::for_deck(&cat, &pool, &indexes);
        let request = Request {
            deck,
            side: *side,
            rules: &rules,
            size: 60,
            supply: Supply::Catalogue,
            mode: Mode::Fix,
        };
        let result = fix(&request, &cat, &|i| strength.of(i)).expect("a legal deck exists");
        let took = start.elapsed();
        total += took;
        unproven += usize::from(!result.minimal);
        if took > worst.0 {
            worst = (took, name.clone(), result.changes.len(), result.nodes);
        }
    }
    println!(
        "{} decks: mean {:.2} ms, worst {:.2} ms ({}: {} changes, {} search nodes); {} not proven minimal",
        cases.len(),
        total.as_secs_f64() * 1000.0 / cases.len() as f64,
        worst.0.as_secs_f64() * 1000.0,
        worst.1,
        worst.2,
        worst.3,
        unproven
    );
}
