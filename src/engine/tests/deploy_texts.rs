//! The deploying texts (`text_templates::deploy`): a probe per template over every real card
//! it plays (each names every failing card), and scenarios for the decisions and rulings.
//! Card-text 14 (deck searches), 15 (timing words), 12 (Even Up discards); RULINGS.md T1,
//! T2, T3, T5.

use super::*;
use crate::catalogue::abilities::{
    Ability, Condition, Cost, Destination, Effect, Filter, SearchTrigger, Step,
};
use crate::catalogue::{Card, CardType, Planet};
use crate::engine::text_templates;
use crate::engine::{CardPool, Pending};

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
    let ev = g
        .apply(a)
        .map_err(|e| format!("{e} (legal: {:?})", legal(g)))?;
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
            let t = pick(
                who,
                yes,
                &source.id,
                &deployable(6 - found.counters.unwrap_or(0)),
            )
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
    let prompt =
        |g: &GameState| matches!(g.pending(), Some(Pending::Prompt { source, .. }) if source == me);
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
    if !ev
        .iter()
        .any(|e| matches!(e, Event::TextUsed { card, on: Some(o), .. } if *card == me && *o == f))
    {
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
                failures.push(format!(
                    "{} ({}): {e}",
                    c.id,
                    if yes { "yes" } else { "no" }
                ));
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

/// Every real card whose ability of `template` the engine plays: (card, index, ability).
fn played(template: &str) -> Vec<(Card, u8, Ability)> {
    let cards = catalogue().cards();
    let pool = CardPool::from_cards(cards);
    let mut out = Vec::new();
    for c in cards {
        let def = pool.get(pool.find(&c.id).unwrap());
        let Some(text) = def.text else { continue };
        for (i, a) in text.abilities.iter().enumerate() {
            if a.template() == template && text_templates::plays(a, def) {
                out.push((c.clone(), i as u8, a.clone()));
            }
        }
    }
    out
}

#[test]
fn every_played_deploy_cost_changes_the_cost_only_where_it_applies() {
    // Template `deploy-cost` (BN-2, BN-7, BN-71, DF-59, V1-JC-21): the card (or each of your
    // cards that fits, for an Effect in play) costs the printed number of counters while its
    // condition holds (stacked on the named persona; the named card present with it).
    // No-probe: the condition broken (nobody to stack on or present, or the Effect hidden),
    // the printed cost.
    let all = played("deploy-cost");
    let mut failures = Vec::new();
    for (c, _, a) in &all {
        let Ability::DeployCost {
            cost,
            affects,
            when,
            ..
        } = a
        else {
            unreachable!()
        };
        let want = cost.unwrap() as i16;
        let probe = |yes: bool| -> Result<(i16, i16), String> {
            let mut b = deploy_step_at(Planet::Naboo);
            b.deck_filler(A, 1, 5);
            b.deck_filler(B, 1, 5);
            let subject = if affects.is_empty() {
                b.add(A, c.clone(), Zone::Hand)
            } else {
                b.add(A, c.clone(), Zone::At(Planet::Naboo, yes));
                let s = pick(affects, true, &c.id, &deployable(9)).ok_or("no card fits")?;
                b.add(A, s, Zone::Hand)
            };
            for w in when {
                let (Condition::StackingOn(f) | Condition::Present(f)) = w else {
                    continue;
                };
                if yes {
                    let other = pick(f, true, &c.id, &deployable(9)).ok_or("no card to be with")?;
                    b.add(A, other, Zone::At(Planet::Naboo, true));
                }
            }
            let g = b.build();
            let printed = g.def(subject).counters.unwrap() as i16;
            Ok((g.cost(subject).unwrap(), printed))
        };
        match (probe(true), probe(false)) {
            (Ok((y, printed)), Ok((n, _))) => {
                if y != want || n != printed || want == printed {
                    failures.push(format!(
                        "{}: costs {y} where it applies (want {want}), {n} where not (printed {printed})",
                        c.id
                    ));
                }
            }
            (Err(e), _) | (_, Err(e)) => failures.push(format!("{}: {e}", c.id)),
        }
    }
    assert!(all.len() >= 5, "only {} deploy costs played", all.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_played_counters_and_even_up_text_changes_its_owners_number_while_face_up() {
    // Templates `counters-per-turn` (BN-61, BN-131: 7; BN-60, BN-133: 8 for a hand card, paid
    // once in the step) and `even-up-hand` (BN-63, BN-132: 7), card-text 15 "During each of
    // your Deploy steps": a standing change while the Effect is face up, for its owner only.
    let mut failures = Vec::new();
    let mut probed = 0;
    for (c, i, a) in played("counters-per-turn")
        .into_iter()
        .chain(played("even-up-hand"))
    {
        probed += 1;
        let (total, pays) = match &a {
            Ability::CountersPerTurn { total, cost } => (*total as i16, cost.is_some()),
            Ability::EvenUpHand { size } => (*size as i16, false),
            _ => unreachable!(),
        };
        let counters = a.template() == "counters-per-turn";
        let number = |g: &GameState, p: Player| {
            if counters {
                g.counters_per_turn(p)
            } else {
                g.even_up_size(p) as i16
            }
        };
        let build = |face_up: bool| {
            let mut b = deploy_step_at(Planet::Naboo);
            b.deck_filler(A, 1, 5);
            b.deck_filler(B, 1, 5);
            let me = b.add(A, c.clone(), Zone::At(Planet::Naboo, face_up));
            let spare = b.add(A, fx::destiny(3), Zone::Hand);
            (b.build(), me, spare)
        };
        let (mut g, me, spare) = build(true);
        let (hidden, ..) = build(false);
        if number(&hidden, A) != 6 || number(&g, B) != 6 {
            failures.push(format!(
                "{}: changes a hidden card's or the opponent's",
                c.id
            ));
            continue;
        }
        if pays {
            let use_it = Action::UseAbility {
                card: me,
                option: i,
            };
            if number(&g, A) != 6 {
                failures.push(format!("{}: more counters before paying", c.id));
                continue;
            }
            let paid = match apply(&mut g, use_it)
                .and_then(|_| apply(&mut g, Action::ChooseCard(spare)))
            {
                Ok(ev) => ev,
                Err(e) => {
                    failures.push(format!("{}: {e}", c.id));
                    continue;
                }
            };
            // Said in the order a reader follows: the text, then the hand card it costs.
            let at = |f: &dyn Fn(&Event) -> bool| paid.iter().position(f);
            let said = at(&|e| matches!(e, Event::TextUsed { card, .. } if *card == me));
            let discarded =
                at(&|e| matches!(e, Event::DiscardedFromHand { card, .. } if *card == spare));
            if !(said.is_some() && said < discarded) {
                failures.push(format!("{}: the discard told before the text", c.id));
            }
            if !g.players[0].discard.contains(&spare) || legal(&g).contains(&use_it) {
                failures.push(format!(
                    "{}: the hand card not paid, or offered twice",
                    c.id
                ));
            }
        }
        if number(&g, A) != total {
            failures.push(format!("{}: {} (want {total})", c.id, number(&g, A)));
        }
    }
    assert_eq!(probed, 6);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whether a text event names `card` (the play-by-play names the card a text acted on).
fn names(events: &[Event], card: CardRef) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::TextUsed { on: Some(c), .. } if *c == card))
}

#[test]
fn every_played_step_action_does_its_effect_once_in_its_owners_step() {
    // Template `step-action` (card-text 15 "Once during your Deploy step"; 12 for the Even Up
    // discards): offered in the owner's own step while the card is face up, once per step.
    // BP-28 shows the hand and draws; DF-24/56 look at the opponent's top card and may put it
    // beneath; DF-25/58 put a hand card beneath the draw deck; V1-JC-14 discards a hand card
    // to draw; DF-28/55 discard themselves to discard an opponent's face-up ◆ card here.
    let all = played("step-action");
    let mut failures = Vec::new();
    for (c, i, a) in &all {
        let Ability::StepAction { step, effect, .. } = a else {
            unreachable!()
        };
        let phase = match step {
            Step::Deploy => Phase::Deploy,
            Step::EvenUp => Phase::EvenUp,
        };
        let run = |face_up: bool, active: Player| -> Result<(), String> {
            let mut b = deploy_step_at(Planet::Naboo);
            b.phase(phase, active);
            b.deck_filler(A, 2, 5);
            let top = b.add(B, fx::destiny(6), Zone::Deck);
            b.deck_filler(B, 1, 5);
            let me = b.add(A, c.clone(), Zone::At(Planet::Naboo, face_up));
            let h1 = b.add(A, fx::destiny(3), Zone::Hand);
            b.add(A, fx::destiny(4), Zone::Hand);
            let mut target = None;
            let mut not_targets = Vec::new();
            if let Some(Effect::DiscardOpposing(f)) = effect.last() {
                let fits = |c: &Card| c.card_type == CardType::Character && deployable(9)(c);
                let t = pick(f, true, "", &fits).ok_or("no target fits")?;
                target = Some(b.add(B, t.clone(), Zone::At(Planet::Naboo, true)));
                not_targets.push(b.add(B, t, Zone::At(Planet::Naboo, false)));
                let u = pick(f, false, "", &fits).ok_or("no card misfits")?;
                not_targets.push(b.add(B, u, Zone::At(Planet::Naboo, true)));
            }
            let mut g = b.build();
            let use_it = Action::UseAbility {
                card: me,
                option: *i,
            };
            let offered = g.to_act() == Some(A) && legal(&g).contains(&use_it);
            if !(face_up && active == A) {
                return if offered {
                    Err("offered where it should not be".into())
                } else {
                    Ok(())
                };
            }
            if !offered {
                return Err(format!("not offered: {:?}", legal(&g)));
            }
            let hand = g.players[0].hand.len();
            let said = apply(&mut g, use_it)?;
            let answers = legal(&g);
            match effect.last() {
                Some(Effect::Draw(n)) => {
                    if g.players[0].hand.len() != hand + *n as usize {
                        return Err("did not draw".into());
                    }
                    if effect.contains(&Effect::RevealHand)
                        && (!g.text_state().revealed_hand[0]
                            || !said
                                .iter()
                                .any(|e| matches!(e, Event::HandRevealed { player: A, .. })))
                    {
                        return Err("the hand is not shown, or not said to be".into());
                    }
                }
                Some(Effect::LookAtOpponentTop) => {
                    if answers != vec![Action::ChooseCard(top), Action::Decline]
                        || g.view(A).def(top).is_none()
                    {
                        return Err(format!("looks at {answers:?}"));
                    }
                    let said = apply(&mut g, Action::ChooseCard(top))?;
                    if g.players[1].deck.first() != Some(&top) {
                        return Err("the top card is not put beneath".into());
                    }
                    let told = Event::TopCardLooked {
                        player: A,
                        card: me,
                        bottom: true,
                    };
                    if !said.contains(&told) {
                        return Err(format!("where the card went is not said: {said:?}"));
                    }
                    // Only its owner's player saw it (card-text reading "only you see the
                    // card"; rulings R2): the play-by-play, the table's view, does not name
                    // it, as it names no hidden card.
                    if names(&said, top) {
                        return Err("the card looked at is named to the table".into());
                    }
                }
                Some(Effect::HandCardUnderDeck) => {
                    let said = apply(&mut g, Action::ChooseCard(h1))?;
                    if g.players[0].deck.first() != Some(&h1) || g.players[0].hand.contains(&h1) {
                        return Err("the hand card is not beneath the deck".into());
                    }
                    // Put face down beneath the deck: not shown, so not named (as BP-15
                    // Shmi Skywalker's card put under the deck is not).
                    if names(&said, h1) {
                        return Err("the card put beneath is named to the table".into());
                    }
                }
                Some(Effect::CycleHandCard) => {
                    apply(&mut g, Action::ChooseCard(h1))?;
                    if !g.players[0].discard.contains(&h1) || g.players[0].hand.len() != hand {
                        return Err("not discarded and drawn".into());
                    }
                }
                Some(Effect::DiscardOpposing(_)) => {
                    let t = target.unwrap();
                    if answers != vec![Action::ChooseCard(t)] {
                        return Err(format!("targets {answers:?} (want only {t:?})"));
                    }
                    apply(&mut g, Action::ChooseCard(t))?;
                    if !g.players[1].discard.contains(&t) || !g.players[0].discard.contains(&me) {
                        return Err("the target, or the Effect, is not discarded".into());
                    }
                }
                _ => return Err("an effect the probe does not know".into()),
            }
            if g.pending().is_none() && legal(&g).contains(&use_it) {
                return Err("offered twice in one step".into());
            }
            Ok(())
        };
        for (face_up, active) in [(true, A), (false, A), (true, B)] {
            if let Err(e) = run(face_up, active) {
                failures.push(format!(
                    "{} (face up {face_up}, {active:?}'s turn): {e}",
                    c.id
                ));
            }
        }
    }
    assert!(all.len() >= 8, "only {} step actions played", all.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A's Deploy step at Tatooine with Jira (BP-4: "when she deploys you may deploy one of
/// Anakin's Friends from the draw deck") in hand; `deck` goes on top of A's deck.
fn jira_with(deck: &[&str]) -> (GameState, CardRef, Vec<CardRef>) {
    let mut b = deploy_step_at(Planet::Tatooine);
    let jira = b.add(A, card("BP-4"), Zone::Hand);
    let found: Vec<CardRef> = deck
        .iter()
        .map(|id| b.add(A, card(id), Zone::Deck))
        .collect();
    b.deck_filler(A, 2, 8);
    b.deck_filler(B, 2, 8);
    (b.build(), jira, found)
}

fn damage_taken(ev: &[Event]) -> u8 {
    ev.iter()
        .map(|e| match e {
            Event::Damage { player: A, cards } => *cards,
            _ => 0,
        })
        .sum()
}

#[test]
fn a_deploy_search_that_deploys_nothing_costs_one_damage_after_the_reshuffle() {
    // Card-text 14-A.6, RULINGS.md T1 (rulebook "Deploying cards from your draw deck"):
    // "if you didn't deploy that card ... you must take 1 DAMAGE as a penalty after you
    // reshuffle". BP-4 Jira: searched, nothing taken.
    let (mut g, jira, found) = jira_with(&["BP-5"]);
    play(&mut g, &[Action::Deploy(jira), Action::SearchDeck]);
    assert!(legal(&g).contains(&Action::ChooseCard(found[0])));
    let ev = play(&mut g, &[Action::Decline]);
    let shuffled = ev.iter().position(|e| *e == Event::Shuffled(A)).unwrap();
    let damage = ev
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::Damage {
                    player: A,
                    cards: 1
                }
            )
        })
        .expect("1 damage");
    assert!(shuffled < damage, "the damage comes after the reshuffle");
    assert_eq!(g.phase, Phase::Deploy);

    // Declining before looking costs nothing, and the deck is not touched.
    let (mut g, jira, _) = jira_with(&["BP-5"]);
    let deck = g.players[0].deck.clone();
    let ev = play(&mut g, &[Action::Deploy(jira), Action::Decline]);
    assert_eq!(damage_taken(&ev), 0);
    assert_eq!(g.players[0].deck, deck);
}

#[test]
fn a_search_into_hand_shows_the_card_reshuffles_and_has_no_penalty() {
    // Card-text 14-B, RULINGS.md T2: BP-5 Kitster "reveal a Weapon card from your draw deck,
    // put it in your hand, and reshuffle": no counters, no damage for finding nothing; the
    // opponent sees the card (its determinization keeps it in the hand).
    let mut b = deploy_step_at(Planet::Tatooine);
    let kitster = b.add(A, card("BP-5"), Zone::Hand);
    let blaster = b.add(A, card("BP-21"), Zone::Deck);
    b.deck_filler(A, 2, 8);
    b.deck_filler(B, 2, 8);
    let mut g = b.build();
    play(&mut g, &[Action::Deploy(kitster), Action::SearchDeck]);
    let spent = g.ts.spent;
    let ev = play(&mut g, &[Action::ChooseCard(blaster)]);
    assert!(g.players[0].hand.contains(&blaster));
    assert_eq!(g.ts.spent, spent, "taking into hand costs no counters");
    assert!(ev.contains(&Event::TookIntoHand {
        player: A,
        card: Some(blaster)
    }));
    assert!(ev.contains(&Event::Shuffled(A)));
    assert!(g.known.hand(A).contains(&blaster), "shown to the opponent");

    let mut b = deploy_step_at(Planet::Tatooine);
    let kitster = b.add(A, card("BP-5"), Zone::Hand);
    b.deck_filler(A, 2, 8);
    b.deck_filler(B, 2, 8);
    let mut g = b.build();
    play(&mut g, &[Action::Deploy(kitster), Action::SearchDeck]);
    assert_eq!(legal(&g), vec![Action::Decline], "no weapon in the deck");
    let ev = play(&mut g, &[Action::Decline]);
    assert_eq!(damage_taken(&ev), 0);
    assert!(ev.contains(&Event::Shuffled(A)));
}

#[test]
fn a_card_deployed_from_the_deck_triggers_its_own_deploy_text() {
    // Card-text 14-A.4: "A card deployed this way triggers its own 'when deploys' text, so
    // chains are allowed": Jira (BP-4) deploys Kitster (BP-5), whose own search then asks.
    let (mut g, jira, found) = jira_with(&["BP-5", "BP-21"]);
    play(
        &mut g,
        &[
            Action::Deploy(jira),
            Action::SearchDeck,
            Action::ChooseCard(found[0]),
        ],
    );
    assert!(g.at(Planet::Tatooine, A).iter().any(|c| c.card == found[0]));
    assert!(matches!(
        g.pending(),
        Some(Pending::Prompt { source, .. }) if source == found[0]
    ));
    play(&mut g, &[Action::SearchDeck, Action::ChooseCard(found[1])]);
    assert!(g.players[0].hand.contains(&found[1]));
    assert_eq!(g.ts.spent, 2, "Jira and Kitster, one counter each");
}

#[test]
fn a_deploy_search_finds_only_what_the_counters_left_pay_for_unless_free() {
    // Card-text 14-A.3: "It uses counters from this turn's allowance ... unless the card says
    // free" (DF-4 Captain Panaka: his blaster "for free").
    let mut b = deploy_step_at(Planet::Naboo);
    let panaka = b.add(A, card("DF-4"), Zone::Hand);
    let blaster = b.add(
        A,
        pick(
            &[Filter {
                title: Some("Captain Panaka's Blaster".into()),
                ..Filter::default()
            }],
            true,
            "",
            &deployable(9),
        )
        .unwrap(),
        Zone::Deck,
    );
    b.deck_filler(A, 2, 8);
    b.deck_filler(B, 2, 8);
    let mut g = b.build();
    g.ts.spent = 6 - g.cost(panaka).unwrap();
    play(&mut g, &[Action::Deploy(panaka), Action::SearchDeck]);
    assert_eq!(g.counters_left(), 0);
    assert!(legal(&g).contains(&Action::ChooseCard(blaster)), "free");
    play(&mut g, &[Action::ChooseCard(blaster)]);
    assert_eq!(g.counters_left(), 0);

    // Jira (BP-4) with no counters left: Kitster (1 counter) cannot be deployed, so the
    // search finds nothing.
    let (mut g, jira, _) = jira_with(&["BP-5"]);
    g.ts.spent = 5;
    play(&mut g, &[Action::Deploy(jira), Action::SearchDeck]);
    assert_eq!(legal(&g), vec![Action::Decline]);
}

#[test]
fn a_card_found_on_a_first_turn_at_a_planet_deploys_hidden() {
    // Card-text 14-A.3: "The Hidden Cards rule applies ... DF-60 Droid Starfighter is face up
    // in Hyperspace, discarded on your first turn at a new planet to fetch a Starfighter
    // Droid, and the droid deploys hidden."
    let mut b = deploy_step_at(Planet::Naboo);
    b.hidden_turn();
    let ship = b.add(A, card("DF-60"), Zone::Hyperspace);
    let droid = b.add(A, card("DF-39"), Zone::Deck);
    b.deck_filler(A, 2, 8);
    b.deck_filler(B, 2, 8);
    let mut g = b.build();
    let ev = play(
        &mut g,
        &[
            Action::UseAbility {
                card: ship,
                option: 0,
            },
            Action::ChooseCard(droid),
        ],
    );
    assert!(g.players[0].discard.contains(&ship), "discarded to search");
    assert!(ev.contains(&Event::Discarded {
        player: A,
        card: ship,
        reason: crate::engine::DiscardReason::TextCost
    }));
    let at = g.at(Planet::Naboo, A);
    assert!(at.iter().any(|c| c.card == droid && !c.face_up));
    assert_eq!(damage_taken(&ev), 0, "discarding it is not a defeat");
    // "Not shown": the search's events say a card was taken, never which.
    assert!(ev.contains(&Event::DeckSearched {
        player: A,
        took: Some(droid),
        hidden: true,
    }));
    assert!(!names(&ev, droid), "the text's line names the hidden card");
}

#[test]
fn jedi_training_is_discarded_from_play_to_deploy_a_lightsaber_when_a_jedi_deploys() {
    // DF-26 (card-text 14-A, T5): "When any Jedi deploys, you may discard this Effect from
    // play to deploy a lightsaber from your draw deck": the discard is paid on searching.
    let mut b = deploy_step_at(Planet::Naboo);
    let training = b.add(A, card("DF-26"), Zone::At(Planet::Naboo, true));
    let jedi = b.add(A, card("BN-1"), Zone::Hand);
    let saber = b.add(
        A,
        pick(
            &[Filter {
                trait_: Some(crate::catalogue::abilities::Trait::Lightsaber),
                kind: Some(crate::catalogue::abilities::CardKind::Weapon),
                ..Filter::default()
            }],
            true,
            "",
            &deployable(1),
        )
        .unwrap(),
        Zone::Deck,
    );
    b.deck_filler(A, 2, 8);
    b.deck_filler(B, 2, 8);
    let mut g = b.build();
    g.ts.spent = 0;
    play(&mut g, &[Action::Deploy(jedi)]);
    assert!(g.at(Planet::Naboo, A).iter().any(|c| c.card == training));
    play(&mut g, &[Action::SearchDeck]);
    assert!(g.players[0].discard.contains(&training));
    play(&mut g, &[Action::ChooseCard(saber)]);
    assert!(g.at(Planet::Naboo, A).iter().any(|c| c.card == saber));
}

#[test]
fn a_changed_cost_and_more_counters_are_narrated_where_they_are_used() {
    // Issue 12: a changed number is narrated where it is used. BN-7 Mace Windu costs 3 with
    // Yoda, Jedi Master present; BN-61 There's Always A Bigger Fish lets the turn hold 7.
    let mut b = deploy_step_at(Planet::Naboo);
    let mace = b.add(A, card("BN-7"), Zone::Hand);
    let yoda = pick(
        &[Filter {
            title: Some("Yoda".into()),
            name: Some("Jedi Master".into()),
            ..Filter::default()
        }],
        true,
        "",
        &deployable(9),
    )
    .unwrap();
    b.add(A, yoda, Zone::At(Planet::Naboo, true));
    let fish = b.add(A, card("BN-61"), Zone::At(Planet::Naboo, true));
    let four = b.add(
        A,
        Card {
            counters: Some(4),
            ..fx::character("Four", "", 4, 1, 1)
        },
        Zone::Hand,
    );
    b.deck_filler(A, 2, 8);
    b.deck_filler(B, 2, 8);
    let mut g = b.build();
    let ev = play(&mut g, &[Action::Deploy(mace)]);
    assert!(ev.contains(&Event::TextUsed {
        player: A,
        card: mace,
        ability: 0,
        on: Some(mace),
        number: Some(Number::DeployCost),
        by: 3 - 6,
    }));
    assert_eq!(g.ts.spent, 3);
    assert_eq!(g.counters_left(), 4, "seven this turn");
    let narrated = |ev: &[Event]| {
        ev.iter().any(|e| {
            matches!(e, Event::TextUsed { card, number: Some(Number::CountersPerTurn), by: 1, .. }
                if *card == fish)
        })
    };
    assert!(!narrated(&ev), "the seventh counter is not used yet");
    let ev = play(&mut g, &[Action::Deploy(four)]);
    assert!(narrated(&ev), "the seventh counter is used: {ev:?}");
}

#[test]
fn deploying_a_card_without_text_leaves_the_index_of_texts_in_force_as_a_full_walk_finds_it() {
    // `put_in_play` rebuilds the index of texts in force only when the card deployed (or the
    // location it covers) has text that listens: one without is never in it. `check_zones`
    // compares the index with a full walk of the zones after each deploy.
    let pool = CardPool::from_cards(catalogue().cards());
    let listens = |c: &Card| {
        pool.texts()
            .get(pool.find(&c.id).unwrap())
            .is_some_and(|(l, _)| *l != crate::engine::text::Listen::NONE)
    };
    let character = |c: &Card| c.card_type == CardType::Character && deployable(6)(c);
    let with_text = catalogue()
        .cards()
        .iter()
        .find(|c| character(c) && listens(c) && !c.diamond.unwrap_or(false))
        .expect("a character with text")
        .clone();
    let plain = catalogue()
        .cards()
        .iter()
        .find(|c| character(c) && !listens(c) && c.title != with_text.title)
        .expect("a character without text")
        .clone();
    let mut b = deploy_step_at(Planet::Naboo);
    let in_play = b.add(A, with_text.clone(), Zone::At(Planet::Naboo, true));
    let deployed = b.add(A, plain, Zone::Hand);
    let mut g = b.build();
    assert_eq!(g.in_force, vec![in_play]);
    apply(&mut g, Action::Deploy(deployed)).unwrap();
    assert_eq!(g.in_force, vec![in_play]);
    // The check bites: a listening card moved behind the index's back is caught.
    let mut stale = g.clone();
    stale.planets[Planet::Naboo as usize].cards[A.index()].retain(|c| c.card != in_play);
    stale.players[A.index()].discard.push(in_play);
    let err = stale.check_zones().unwrap_err();
    assert!(err.contains("index of texts in force"), "{err}");
}

#[test]
fn a_look_at_the_top_card_that_leaves_it_and_a_step_begun_then_declined_are_told() {
    // DF-24 Sebulba's Podracer (card-text reading "only you see the card; 'return it' leaves
    // it on top"): declining to put the card beneath is still a look, which the play-by-play
    // told nothing of; it is told (text used, card left on top), the card looked at unnamed.
    // DF-25 (a hand card beneath the draw deck), begun and then no card chosen: the text is
    // declined, said so, and the hand is as it was.
    for id in ["DF-24", "DF-25"] {
        let mut b = deploy_step_at(Planet::Naboo);
        b.deck_filler(A, 2, 5);
        let top = b.add(B, fx::destiny(6), Zone::Deck);
        b.deck_filler(B, 1, 5);
        let card = catalogue().get(id).unwrap().clone();
        let me = b.add(A, card, Zone::At(Planet::Naboo, true));
        b.add(A, fx::destiny(3), Zone::Hand);
        let mut g = b.build();
        apply(
            &mut g,
            Action::UseAbility {
                card: me,
                option: 0,
            },
        )
        .unwrap();
        let ev = apply(&mut g, Action::Decline).unwrap();
        assert_eq!(g.players[1].deck.last(), Some(&top), "{id}");
        assert_eq!(g.players[0].hand.len(), 1, "{id}");
        assert!(!names(&ev, top), "{id}: {ev:?}");
        let want = if id == "DF-24" {
            Event::TopCardLooked {
                player: A,
                card: me,
                bottom: false,
            }
        } else {
            Event::TextDeclined {
                player: A,
                card: me,
                ability: 0,
            }
        };
        assert!(ev.contains(&want), "{id}: {ev:?}");
    }
}

#[test]
fn a_declined_text_is_told_only_for_a_card_the_opponent_sees() {
    // The play-by-play names no hidden card (README "yj play"; rulings R2): a "you may" of a
    // card in hand or face down, declined, is not told; one of a face-up card is.
    let mut b = deploy_step_at(Planet::Naboo);
    let up = b.add(A, fx::destiny(3), Zone::At(Planet::Naboo, true));
    let down = b.add(A, fx::destiny(3), Zone::At(Planet::Naboo, false));
    let held = b.add(A, fx::destiny(3), Zone::Hand);
    let mut g = b.build();
    for c in [up, down, held] {
        g.text_declined(A, c, 0);
    }
    let told: Vec<CardRef> = g
        .log
        .iter()
        .filter_map(|e| match e {
            Event::TextDeclined { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(told, vec![up]);
}

#[test]
fn a_podracer_found_by_a_weapon_search_may_go_to_a_free_slot_of_the_objective() {
    // Card-text 2 (BP-20 Comlink, BP-48 Tatooine Backpack): the weapon found deploys "like any
    // weapon: to the current planet (or to your objective where that would be legal)", paying
    // its counters. BP-48 discarded from Tatooine finds Sebulba's Podracer while Sebulba waits
    // at the Boonta Eve Classic: the owner may put it there (face up, no penalty) or here.
    let build = |objective: bool, podracer_there: bool| {
        let mut b = deploy_step_at(Planet::Tatooine);
        let pack = b.add(A, card("BP-48"), Zone::At(Planet::Tatooine, true));
        if objective {
            b.add(A, fx::boonta(), Zone::Objective);
            b.add(A, pilot(), Zone::Pilot);
        }
        if podracer_there {
            b.add(A, podracer(), Zone::Podracer);
        }
        let found = b.add(A, podracer(), Zone::Deck);
        b.deck_filler(A, 2, 8);
        b.deck_filler(B, 2, 8);
        let mut g = b.build();
        g.ts.spent = 0;
        let use_it = legal(&g)
            .into_iter()
            .find(|a| matches!(a, Action::UseAbility { card, .. } if *card == pack))
            .expect("the Backpack's step action");
        play(&mut g, &[use_it]);
        if legal(&g).contains(&Action::SearchDeck) {
            play(&mut g, &[Action::SearchDeck]);
        }
        (g, found)
    };
    let (mut g, found) = build(true, false);
    let offered = legal(&g);
    assert!(offered.contains(&Action::ChooseCard(found)), "{offered:?}");
    assert!(
        offered.contains(&Action::DeployToObjective(found)),
        "{offered:?}"
    );
    let ev = play(&mut g, &[Action::DeployToObjective(found)]);
    assert_eq!(g.players[0].podracer, Some(found));
    assert!(!g.at(Planet::Tatooine, A).iter().any(|c| c.card == found));
    assert_eq!(g.ts.spent, 1, "the Podracer's counter is paid");
    assert_eq!(damage_taken(&ev), 0, "a card was deployed: no penalty");
    assert!(ev.contains(&Event::Deployed {
        player: A,
        card: found,
        hidden: false,
        to: crate::engine::DeployedTo::Objective,
    }));
    assert!(g.racing_pilot(A).is_some(), "Sebulba now races");

    // To the planet, as before.
    let (mut g, found) = build(true, false);
    play(&mut g, &[Action::ChooseCard(found)]);
    assert!(g.at(Planet::Tatooine, A).iter().any(|c| c.card == found));
    assert_eq!(g.players[0].podracer, None);

    // No objective: the planet only. The Podracer slot taken: not the objective either (nor
    // here: the same unique Podracer is in play at the objective).
    for (objective, taken) in [(false, false), (true, true)] {
        let (g, found) = build(objective, taken);
        let offered = legal(&g);
        assert_eq!(
            offered.contains(&Action::ChooseCard(found)),
            !taken,
            "{offered:?}"
        );
        assert!(
            !offered.contains(&Action::DeployToObjective(found)),
            "objective {objective}, slot taken {taken}: {offered:?}"
        );
    }
}
