//! The random sweep over the whole catalogue (issue 12, "Tests that would fail"): random legal
//! decks (`deck::build::random`, each built around cards with game text not yet dealt), played
//! by random agents with the zone check after every action, so every card with text is played.
//! The longer run is `cargo run --release --example sweep -- --catalogue`.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::bots::{PlayOptions, RandomAgent, play};
use crate::catalogue::{Catalogue, Side};
use crate::engine::card_pool::DefId;
use crate::engine::{CardPool, Event, GameOptions, GameState, StarshipRules, Victory, game_seed};
use crate::sim::decks::covering_decks;

#[test]
fn random_legal_decks_from_the_whole_catalogue_play_every_text_with_cards_conserved() {
    let cat = Catalogue::embedded_for_tests();
    let pool: Arc<CardPool> = CardPool::from_catalogue(cat);
    let (decks, covered) = covering_decks(cat, &pool, 12);
    let with_text = (0..cat.cards().len())
        .filter(|&i| pool.get(DefId(i as u16)).text.is_some())
        .count();
    // Every card with text is in some deck but those no legal deck can hold.
    assert!(
        covered.len() * 100 >= with_text * 95,
        "{} of {with_text} cards with text in the decks",
        covered.len()
    );
    let (light, dark): (Vec<_>, Vec<_>) = decks.iter().partition(|d| d.0 == Side::Light);
    let mut fired = BTreeSet::new();
    let mut games = 0;
    for (i, (l, d)) in light.iter().cycle().zip(dark.iter().cycle()).enumerate() {
        if i >= light.len().max(dark.len()) * 8 {
            break;
        }
        let seed = game_seed(2027, i as u64);
        let options = GameOptions {
            starships: if i % 2 == 0 {
                StarshipRules::DuelOfTheFates
            } else {
                StarshipRules::BattleOfNaboo
            },
            ..GameOptions::default()
        };
        let mut g = GameState::new(pool.clone(), [&l.1, &d.1], options, seed)
            .unwrap_or_else(|e| panic!("game {i}: {e}"));
        let mut a = RandomAgent::never_surrendering(seed ^ 1);
        let mut b = RandomAgent::never_surrendering(seed ^ 2);
        let mut events = Vec::new();
        let r = play(
            &mut g,
            [&mut a, &mut b],
            PlayOptions {
                check_zones: true,
                events: Some(&mut events),
            },
        )
        .unwrap_or_else(|e| panic!("game {i} (seed {seed}): {e}"));
        match r.victory {
            Victory::TurnCap | Victory::NoLocation | Victory::BothDecksEmpty => {
                assert_eq!(r.winner, None)
            }
            _ => assert!(r.winner.is_some(), "{r:?}"),
        }
        for e in &events {
            if let Event::TextUsed { card, .. } = e {
                fired.insert(g.def(*card).catalogue_id.clone());
            }
        }
        games += 1;
    }
    assert!(games >= 20, "{games} games");
    // The sweep exercises the texts the engine plays: some fire in these games.
    eprintln!(
        "{games} games, {} decks, {} of {with_text} cards with text in them, texts fired: {}",
        decks.len(),
        covered.len(),
        fired.len()
    );
    assert!(fired.len() >= 5, "texts that fired: {fired:?}");
}

/// A use line's kind (`any Royal Guard`, RULINGS.md R1) fits the cards whose name holds its
/// words, never letters inside another word: BN-47 Gunga City's "any Rep" fitted JC-8 Queen
/// Amidala, Representative of Naboo, the Republic Captain and R2-D2, Repair Droid. Every kind
/// of every catalogue use line, against every catalogue card (those that count as another kind,
/// EBN-P11, aside): the matcher fits exactly where the kind is a run of the card's whole words.
/// Fails naming each disagreement.
#[test]
fn every_use_line_kind_fits_whole_words_only() {
    use crate::engine::use_lines::{Pred, Single};
    fn kinds<'a>(s: &'a Single, out: &mut Vec<&'a str>) {
        match &s.pred {
            Pred::NameContains(k) => out.push(k),
            Pred::Either(v) => v.iter().for_each(|s| kinds(s, out)),
            Pred::Except(s, _) => kinds(s, out),
            _ => {}
        }
    }
    let cat = crate::catalogue::Catalogue::embedded_for_tests();
    let pool = crate::engine::CardPool::from_cards(cat.cards());
    let mut keys = std::collections::BTreeSet::new();
    for c in cat.cards() {
        let def = pool.get(pool.find(&c.id).unwrap());
        for u in &def.uses {
            let mut out = Vec::new();
            for g in &u.rule.alts {
                g.members.iter().for_each(|m| kinds(m, &mut out));
            }
            u.rule
                .vs
                .iter()
                .chain(&u.rule.not_vs)
                .for_each(|m| kinds(m, &mut out));
            keys.extend(out.into_iter().map(|k| (k.to_string(), c.id.clone())));
        }
    }
    assert!(
        keys.iter().any(|(k, id)| k == "rep" && id == "BN-47"),
        "{keys:?}"
    );
    let mut bad = Vec::new();
    for (key, line_of) in &keys {
        let kind = Single {
            pred: Pred::NameContains(key.clone()),
            diamond: false,
        };
        for c in cat.cards() {
            let def = pool.get(pool.find(&c.id).unwrap());
            if !def.counts_as.is_empty() {
                continue;
            }
            let words: Vec<String> = format!("{} {}", c.title, c.subtitle)
                .split_whitespace()
                .map(crate::catalogue::normalise)
                .filter(|w| !w.is_empty())
                .collect();
            let whole = (0..words.len())
                .any(|i| (i + 1..=words.len()).any(|j| words[i..j].concat() == *key));
            if kind.matches(def, false, false) != whole {
                bad.push(format!(
                    "{line_of}'s {key:?} on {} {}: whole words {whole}",
                    c.id, def.name
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}
