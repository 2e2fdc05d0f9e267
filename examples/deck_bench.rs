//! Measures `yj deck check` throughput: 10,000 generated decklists parsed, resolved and
//! validated in one process on one thread (process start and catalogue loading excluded).
//!
//! Run with: cargo run --release --example deck_bench [-- DECKS]

use std::time::Instant;

use youngjedi::catalogue::{Card, CardType, Catalogue, CatalogueSource, DotColour, Side};
use youngjedi::deck::{ListFormat, Resolver, RulesSet, Verdict, check, parse_list};
use youngjedi::engine::rng::GameRng;

/// A decklist of about 60 cards: ten per colour from one side, sometimes with a wild card,
/// one in five lists sloppy (a colour a card off), written half by id and half by name (with the set code, as
/// a name shared across sets needs).
fn generate(catalogue: &Catalogue, rng: &mut GameRng) -> String {
    // One list in five has a colour one card off, as a batch of real submissions might.
    let sloppy = rng.below(5) == 0;
    let side = if rng.below(2) == 0 {
        Side::Light
    } else {
        Side::Dark
    };
    let usable =
        |c: &&Card| c.side == side && !c.is_virtual() && c.card_type != CardType::Objective;
    let mut out = format!("side: {side}\n");
    let line = |rng: &mut GameRng, n: u32, card: &Card| {
        if rng.below(2) == 0 {
            format!("{n} {}\n", card.id)
        } else {
            format!("{n} {} ({})\n", card.full_name(), card.set.code())
        }
    };
    let wilds: Vec<&Card> = catalogue
        .cards()
        .iter()
        .filter(usable)
        .filter(|c| c.dots.is_some_and(|d| d.is_wild()))
        .collect();
    for colour in DotColour::ALL {
        let pool: Vec<&Card> = catalogue
            .cards()
            .iter()
            .filter(usable)
            .filter(|c| {
                c.dots
                    .is_some_and(|d| d.colour() == Some(colour) && !d.is_semi_wild())
            })
            .collect();
        let mut left: i64 = 10;
        let fits: Vec<&Card> = wilds
            .iter()
            .copied()
            .filter(|c| c.dots.is_some_and(|d| d.white().any(|w| w == colour)))
            .collect();
        if !fits.is_empty() && rng.below(4) == 0 {
            let wild = fits[rng.below(fits.len())];
            out += &line(rng, 1, wild);
            left -= 1;
        }
        if sloppy {
            left += [0, 0, 0, 1, -1][rng.below(5)];
        }
        if colour == DotColour::Purple {
            for card in pool
                .iter()
                .filter(|c| c.card_type == CardType::Location)
                .take(3)
            {
                out += &line(rng, 1, card);
                left -= 1;
            }
        }
        // Distinct cards, so that no title passes five by chance.
        let mut order: Vec<usize> = (0..pool.len()).collect();
        while left > 0 && !order.is_empty() {
            let n = (1 + rng.below(3) as i64).min(left);
            let card = pool[order.swap_remove(rng.below(order.len()))];
            out += &line(rng, n as u32, card);
            left -= n;
        }
    }
    out
}

fn main() {
    let decks: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    let catalogue = Catalogue::from_source(&CatalogueSource::embedded()).expect("catalogue");
    let rules = RulesSet::named("standard").expect("rules");
    let mut rng = GameRng::new(2001);
    let lists: Vec<String> = (0..decks).map(|_| generate(&catalogue, &mut rng)).collect();

    // Everything a batch check does per file, after reading it: parse, resolve, validate.
    let start = Instant::now();
    let mut resolver = Resolver::new(&catalogue);
    let mut verdicts = [0usize; 3];
    let mut parsed = Vec::with_capacity(decks);
    for (i, text) in lists.iter().enumerate() {
        let list = parse_list(&format!("deck-{i}.txt"), text, Some(ListFormat::Text))
            .expect("generated lists parse");
        let deck = resolver.resolve(&list);
        let report = check(&list, &deck, &catalogue, &rules, false);
        verdicts[report.verdict as usize] += 1;
        parsed.push((list, deck));
    }
    let full = start.elapsed();

    // Each stage alone.
    let start = Instant::now();
    for (i, text) in lists.iter().enumerate() {
        std::hint::black_box(
            parse_list(&format!("deck-{i}.txt"), text, Some(ListFormat::Text)).ok(),
        );
    }
    let parse = start.elapsed();
    let start = Instant::now();
    for (list, _) in &parsed {
        std::hint::black_box(resolver.resolve(list));
    }
    let resolve = start.elapsed();

    // Validation alone (the solver and the rule checks) on the resolved decks.
    let start = Instant::now();
    let mut legal = 0usize;
    let mut codes: std::collections::BTreeMap<&'static str, usize> = Default::default();
    for (list, deck) in &parsed {
        let report = check(list, deck, &catalogue, &rules, false);
        if report.verdict == Verdict::Legal {
            legal += 1;
        }
        for v in &report.violations {
            *codes.entry(v.code.as_str()).or_default() += 1;
        }
    }
    let validate = start.elapsed();

    let per_second = |d: std::time::Duration| decks as f64 / d.as_secs_f64();
    println!(
        "{decks} decklists: {} legal, {} illegal, {} unresolved",
        verdicts[0], verdicts[1], verdicts[2]
    );
    println!(
        "parse + resolve + validate: {:.0} decks/s ({:.1} µs per deck)",
        per_second(full),
        full.as_secs_f64() * 1e6 / decks as f64
    );
    println!(
        "validate only:              {:.0} decks/s ({:.1} µs per deck)",
        per_second(validate),
        validate.as_secs_f64() * 1e6 / decks as f64
    );
    println!(
        "parse only:                 {:.1} µs per deck; resolve only (warm cache): {:.1} µs per deck",
        parse.as_secs_f64() * 1e6 / decks as f64,
        resolve.as_secs_f64() * 1e6 / decks as f64
    );
    println!("problems found: {codes:?}");
    assert_eq!(legal, verdicts[0]);
}
