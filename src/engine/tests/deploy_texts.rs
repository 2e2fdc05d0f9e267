//! The deploying texts (`text_templates::deploy`): a probe per template over every real card
//! it plays (each names every failing card), and scenarios for the decisions and rulings.
//! Card-text 14 (deck searches), 15 (timing words), 12 (Even Up discards); RULINGS.md T1,
//! T2, T3, T5.

use super::*;
use crate::catalogue::abilities::{
    Ability, Condition, Cost, Destination, Effect, Filter, SearchTrigger, Step,
};
use crate::catalogue::{Card, CardType, Planet};
use crate::engine::{CardPool, Pending};
use crate::engine::text_templates;

fn catalogue() -> &'static crate::catalogue::Catalogue {
    crate::catalogue::Catalogue::embedded_for_tests()
}

fn card(id: &str) -> Card {
    catalogue()
        .cards()
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("{id} in the catalogue"))
        .clone()
}

/// The first catalogue card (one without game text first, so its own text does not blur the
/// probe) passing `ok`, that fits `filters` (`want`) or not, other than `not`.
fn pick(filters: &[Filter], want: bool, not: &str, ok: &dyn Fn(&Card) -> bool) -> Option<Card> {
    let book = crate::catalogue::abilities::AbilityBook::embedded();
    let cards = catalogue().cards();
    let fit = |c: &&Card| ok(c) && c.id != not && filters.iter().any(|f| f.matches(c)) == want;
    cards
        .iter()
        .filter(fit)
        .find(|c| book.get(&c.id).is_none())
        .or_else(|| cards.iter().find(fit))
        .cloned()
}

/// A card the rules can deploy (known counters, power and damage), costing at most `max`.
fn deployable(max: u8) -> impl Fn(&Card) -> bool {
    move |c: &Card| {
        let known = match c.card_type {
            CardType::Character => c.power.is_some() && c.damage.is_some(),
            CardType::Weapon | CardType::Effect => true,
            CardType::Starship => c.power.is_some() && c.damage.is_some(),
            CardType::Battle | CardType::Location => true,
            _ => false,
        };
        known
            && (c.card_type == CardType::Starship
                || matches!(c.card_type, CardType::Battle | CardType::Location)
                || c.counters.is_some_and(|k| k <= max))
    }
}

/// A builder in A's Deploy step at `planet` (not a first turn there).
fn deploy_step_at(planet: Planet) -> Builder {
    let mut b = Builder::new();
    b.current(planet, 0);
    b.phase(Phase::Deploy, A);
    b
}

fn apply(g: &mut GameState, a: Action) -> Result<Vec<Event>, String> {
    let ev = g.apply(a).map_err(|e| format!("{e} (legal: {:?})", legal(g)))?;
    g.check_zones()?;
    Ok(ev)
}

/// Every real card whose `deck-search` ability the engine plays (card-text 14).
fn searches() -> Vec<(Card, u8, Ability)> {
    let cards = catalogue().cards();
    let pool = CardPool::from_cards(cards);
    let mut out = Vec::new();
    for c in cards {
        let def = pool.get(pool.find(&c.id).unwrap());
        let Some(text) = def.text else { continue };
        for (i, a) in text.abilities.iter().enumerate() {
            if matches!(a, Ability::DeckSearch { .. }) && text_templates::plays(a, def) {
                out.push((c.clone(), i as u8, a.clone()));
            }
        }
    }
    out
}

/// One search probe: `yes` everything holds and the fitting card is found where it goes;
/// otherwise one thing is broken and nothing is offered.
fn search_probe(source: &Card, index: u8, a: &Ability, yes: bool) -> Result<(), String> {
    let Ability::DeckSearch {
        trigger,
        find,
        to,
        free,
        cost,
        when,
        ..
    } = a
    else {
        unreachable!()
    };
    let mut planet = Planet::Naboo;
    if let SearchTrigger::Deploys { to: Some(p) } = trigger {
        planet = *p;
    }
    for c in when {
        if let Condition::OnPlanet(p) = c {
            planet = *p;
        }
    }
    // The no-probe of a planet-bound text: at another planet.
    let bound = matches!(trigger, SearchTrigger::Deploys { to: Some(_) })
        || when.iter().any(|c| matches!(c, Condition::OnPlanet(_)));
    let at = if !yes && bound {
        Planet::ALL.into_iter().find(|&p| p != planet).unwrap()
    } else {
        planet
    };
    let mut b = deploy_step_at(at);
    let source_cost = source.counters.unwrap_or(0);
    let budget = if matches!(trigger, SearchTrigger::Deploys { .. }) {
        6 - source_cost
    } else {
        6
    };
    let found = pick(find, true, &source.id, &deployable(budget))
        .ok_or("no affordable card fits the search")?;
    // A card of the same kind, as cheap, that the search must not find.
    let fits_budget = deployable(budget);
    let same_kind = |c: &Card| c.card_type == found.card_type && fits_budget(c);
    let other = pick(find, false, &source.id, &same_kind)
        .or_else(|| pick(find, false, &source.id, &fits_budget))
        .ok_or("no card misfits")?;
    let f = b.add(A, found.clone(), Zone::Deck);
    let n = b.add(A, other, Zone::Deck);
    b.deck_filler(A, 1, 6);
    b.deck_filler(B, 1, 6);
    let hidden_source = !yes && !bound && !matches!(trigger, SearchTrigger::OtherDeploys(_));
    let mut trigger_card = None;
    let me = match trigger {
        SearchTrigger::Deploys { .. } => {
            if hidden_source {
                b.hidden_turn();
            }
            b.add(A, source.clone(), Zone::Hand)
        }
        SearchTrigger::OtherDeploys(who) => {
            let t = pick(who, yes, &source.id, &deployable(6 - found.counters.unwrap_or(0)))
                .ok_or("no card for the trigger")?;
            trigger_card = Some(b.add(A, t, Zone::Hand));
            b.add(A, source.clone(), Zone::At(at, true))
        }
        SearchTrigger::DeployStep => {
            if source.card_type == CardType::Starship {
                // A starship is never hidden: the no-probe gives the opponent the turn.
                if !yes {
                    b.phase(Phase::Deploy, B);
                }
                b.add(A, source.clone(), Zone::Hyperspace)
            } else {
                b.add(A, source.clone(), Zone::At(at, !hidden_source))
            }
        }
    };
    let mut g = b.build();
    let prompt = |g: &GameState| matches!(g.pending(), Some(Pending::Prompt { source, .. }) if source == me);
    match trigger {
        SearchTrigger::Deploys { .. } => {
            apply(&mut g, Action::Deploy(me))?;
        }
        SearchTrigger::OtherDeploys(_) => {
            apply(&mut g, Action::Deploy(trigger_card.unwrap()))?;
        }
        SearchTrigger::DeployStep => {
            let use_it = Action::UseAbility {
                card: me,
                option: index,
            };
            let offered = g.to_act() == Some(A) && legal(&g).contains(&use_it);
            if !yes {
                return if offered {
                    Err("offered where it should not be".into())
                } else {
                    Ok(())
                };
            }
            if !offered {
                return Err(format!("not offered (legal: {:?})", legal(&g)));
            }
            apply(&mut g, use_it)?;
        }
    }
    if !matches!(trigger, SearchTrigger::DeployStep) {
        if !yes {
            return if prompt(&g) {
                Err("a search asked where it should not be".into())
            } else {
                Ok(())
            };
        }
        if !prompt(&g) {
            return Err("no search asked".into());
        }
        if legal(&g) != vec![Action::SearchDeck, Action::Decline] {
            return Err(format!("first asks {:?}", legal(&g)));
        }
        apply(&mut g, Action::SearchDeck)?;
    }
    if *cost == Some(Cost::DiscardThis) && !g.players[0].discard.contains(&me) {
        return Err("the card was not discarded to search".into());
    }
    let answers = legal(&g);
    if !answers.contains(&Action::ChooseCard(f)) || answers.contains(&Action::ChooseCard(n)) {
        return Err(format!("finds {answers:?} (want {f:?}, not {n:?})"));
    }
    if g.view(A).def(f).is_none() || g.view(B).def(f).is_some() {
        return Err("the searcher should see the card found, the opponent not".into());
    }
    let spent = g.ts.spent;
    let ev = apply(&mut g, Action::ChooseCard(f))?;
    if !ev.iter().any(|e| matches!(e, Event::TextUsed { card, on: Some(o), .. } if *card == me && *o == f)) {
        return Err("no TextUsed naming the card found".into());
    }
    if !ev.contains(&Event::Shuffled(A)) {
        return Err("no reshuffle".into());
    }
    let in_hand = g.players[0].hand.contains(&f);
    let in_play = Planet::ALL
        .into_iter()
        .any(|p| g.at(p, A).iter().any(|c| c.card == f))
        || g.players[0].hyperspace.contains(&f);
    match to {
        Destination::Hand if !in_hand => return Err("not taken into hand".into()),
        Destination::Play if !in_play => return Err("not deployed".into()),
        _ => {}
    }
    let paid = g.ts.spent - spent;
    let want = if *free || *to == Destination::Hand || found.card_type == CardType::Starship {
        0
    } else {
        found.counters.unwrap_or(0) as i16
    };
    if paid != want {
        return Err(format!("paid {paid} counters for the find, want {want}"));
    }
    Ok(())
}

#[test]
fn every_played_deck_search_finds_only_what_it_names_and_only_when_it_may() {
    // Card-text 14: the search starts on its trigger (a deploy face up, to the named planet;
    // another card of yours that fits deploys; the Deploy step), lists exactly the cards of
    // the draw deck that fit (a deploy only what can be deployed now), deploys the find like
    // any deploy (its counters unless free) or takes it into hand, and reshuffles.
    // No-probe: a hidden source, the wrong planet, a trigger card that does not fit, the
    // opponent's turn: nothing is offered.
    let all = searches();
    let mut failures = Vec::new();
    for (c, i, a) in &all {
        for yes in [true, false] {
            if let Err(e) = search_probe(c, *i, a, yes) {
                failures.push(format!("{} ({}): {e}", c.id, if yes { "yes" } else { "no" }));
            }
        }
    }
    assert!(all.len() >= 28, "only {} searches played", all.len());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
