//! Texts about deploying and the draw deck: deck searches (card-text 14), deploy costs,
//! counters per turn, the Even Up hand size, and once-per-step actions (card-text 12, 15).
//!
//! Decisions: a search a deploy triggers asks first whether to search (`Decline` costs
//! nothing: "declining before you look costs nothing"), then which card (`Decline`: nothing
//! found, which for a deploy costs 1 damage after the reshuffle, card-text 14-A.6). A search or
//! a step action of the Deploy (or Even Up) step is an [`Action::UseAbility`] in that step;
//! its cost is paid when it is used, then the card (or target) is asked for. Prompt keys are
//! the ability's index and a stage ([`prompt_ability`]).

use super::{DefSet, Part};
use crate::catalogue::abilities::{
    Ability, Condition, Cost, Destination, Effect, Half, SearchTrigger, Step,
};
use crate::catalogue::{Card, Planet};
use crate::engine::action::Action;
use crate::engine::card_pool::{CardDef, Kind};
use crate::engine::event::{DiscardReason, Event};
use crate::engine::player::{CardRef, Player};
use crate::engine::state::{Flow, GameState, Phase};
use crate::engine::text::{Listen, Num, Number, Query, Scope, Text, Trigger, Window};
use crate::engine::view::PlayerView;

/// The bits of a prompt key that hold the ability's index; the others hold the stage.
const ABILITY: u8 = 0x1f;
/// "Search your draw deck?": `SearchDeck`, or `Decline`.
const OPEN: u8 = 0x00;
/// The card found: `ChooseCard`, or `Decline` (nothing found).
const PICK: u8 = 0x20;
/// A card for a cost or an effect: `ChooseCard` (`Decline` where it is optional).
const CHOOSE: u8 = 0x40;
/// Memo (not a prompt): the card whose deploy started the search of the ability.
const BY: u8 = 0x60;

/// The index in its card's specification of the ability that asked prompt `key` (of a card
/// whose text this part plays).
pub fn prompt_ability(key: u8) -> u8 {
    key & ABILITY
}

/// Where a text's card (or the card being deployed) must be for it to apply.
#[derive(Debug, Clone)]
enum Place {
    /// The card being deployed joins a stack of one of its owner's cards at the current
    /// planet that fits (hidden or not: stacking is a rule, not text).
    StackingOn(DefSet),
    /// One of the owner's face-up cards at the current planet, other than the card, fits.
    Present(DefSet),
    /// The text's card is on this planet (current or stranded).
    OnPlanet(Planet),
}

impl Place {
    fn read(c: &Condition, cards: &[Card]) -> Option<Place> {
        Some(match c {
            Condition::StackingOn(f) => Place::StackingOn(DefSet::of(cards, f)),
            Condition::Present(f) => Place::Present(DefSet::of(cards, f)),
            Condition::OnPlanet(p) => Place::OnPlanet(*p),
            _ => return None,
        })
    }

    /// Whether it holds for `me`'s text about `card` (the card deploying, or `me`).
    fn holds(&self, g: &GameState, me: CardRef, card: CardRef) -> bool {
        let p = g.owner(card);
        match self {
            Place::StackingOn(s) | Place::Present(s) => {
                let Some(planet) = g.current else {
                    return false;
                };
                let stack = matches!(self, Place::StackingOn(_));
                g.at(planet, p)
                    .iter()
                    .any(|c| c.card != card && (stack || c.face_up) && s.has(g.def_id(c.card)))
            }
            Place::OnPlanet(pl) => g.at(*pl, g.owner(me)).iter().any(|c| c.card == me),
        }
    }
}

/// What starts a search.
#[derive(Debug, Clone)]
enum On {
    /// This card deploys face up (to this planet).
    Deploys(Option<Planet>),
    /// Another of the owner's cards that fits deploys face up.
    OtherDeploys(DefSet),
    /// In the owner's Deploy step.
    DeployStep,
}

/// A `deck-search` ability (card-text 14).
#[derive(Debug, Clone)]
struct Search {
    ability: u8,
    on: On,
    find: DefSet,
    to: Destination,
    free: bool,
    /// The card is discarded from play to search (card-text 14-A: paid first, not refunded).
    discard_this: bool,
    when: Vec<Place>,
    /// A Double Impact card's Effect half (RF-DI5, RF-DI12): only while deployed as that
    /// Effect ([`as_effect`]).
    effect_half: bool,
}

/// A `deploy-cost` ability: `cost` counters for this card (`affects` None) or the owner's
/// cards that fit, while `when` holds.
#[derive(Debug, Clone)]
struct DeployCost {
    ability: u8,
    cost: i16,
    affects: Option<DefSet>,
    when: Vec<Place>,
    /// A Double Impact card's Effect half (RF-DI11): only while deployed as that Effect.
    effect_half: bool,
}

/// A `counters-per-turn` ability: `total` counters in each of the owner's Deploy steps, for
/// `discard` hand cards paid once in the step (0: nothing to pay).
#[derive(Debug, Clone)]
struct Counters {
    ability: u8,
    total: i16,
    discard: u8,
}

/// What a step action does (the effects of `Effect` this part plays).
#[derive(Debug, Clone)]
enum Does {
    /// Show the hand, then draw this many.
    RevealAndDraw(u8),
    Draw(u8),
    /// Look at the top card of the opponent's draw deck; it may go to the bottom.
    LookAtOpponentTop,
    /// Put a hand card beneath the draw deck.
    HandCardUnderDeck,
    /// Discard a hand card, then draw one.
    CycleHandCard,
    /// Discard an opposing face-up card that fits at the current planet (card-text 12).
    DiscardOpposing(DefSet),
}

/// A `step-action` ability: once in each of the owner's `step`s.
#[derive(Debug, Clone)]
struct StepAction {
    ability: u8,
    step: Step,
    discard_this: bool,
    does: Does,
    /// A Double Impact card's Effect half (RF-DI7): only while deployed as that Effect.
    effect_half: bool,
}

/// The abilities of one card this part plays.
#[derive(Debug, Clone, Default)]
pub(super) struct DeployTexts {
    searches: Vec<Search>,
    costs: Vec<DeployCost>,
    counters: Vec<Counters>,
    even_up: Option<(u8, i16)>,
    steps: Vec<StepAction>,
    listen: Listen,
}

impl Part for DeployTexts {
    fn take(&mut self, index: u8, a: &Ability, def: &CardDef, cards: &[Card]) -> bool {
        if !plays(a, def) {
            return false;
        }
        let places = |when: &[Condition]| {
            when.iter()
                .filter_map(|c| Place::read(c, cards))
                .collect::<Vec<_>>()
        };
        match a {
            Ability::DeckSearch {
                trigger,
                find,
                to,
                free,
                cost,
                when,
                half,
            } => {
                let on = match trigger {
                    SearchTrigger::Deploys { to } => On::Deploys(*to),
                    SearchTrigger::OtherDeploys(f) => On::OtherDeploys(DefSet::of(cards, f)),
                    SearchTrigger::DeployStep => On::DeployStep,
                };
                self.listen = self.listen.union(match on {
                    On::DeployStep => Listen::OFFERS,
                    _ => Listen::DEPLOYED,
                });
                self.searches.push(Search {
                    ability: index,
                    on,
                    find: DefSet::of(cards, find),
                    to: *to,
                    free: *free,
                    discard_this: *cost == Some(Cost::DiscardThis),
                    when: places(when),
                    effect_half: effect_half(half),
                });
            }
            Ability::DeployCost {
                cost,
                affects,
                when,
                half,
            } => {
                self.costs.push(DeployCost {
                    ability: index,
                    cost: cost.expect("plays: a known cost") as i16,
                    affects: (!affects.is_empty()).then(|| DefSet::of(cards, affects)),
                    when: places(when),
                    effect_half: effect_half(half),
                });
                self.listen = self.listen.union(Listen::number(Number::DeployCost));
            }
            Ability::CountersPerTurn { total, cost } => {
                let discard = match cost {
                    Some(Cost::DiscardFromHand(n)) => *n,
                    _ => 0,
                };
                self.counters.push(Counters {
                    ability: index,
                    total: *total as i16,
                    discard,
                });
                self.listen = self.listen.union(Listen::number(Number::CountersPerTurn));
                if discard > 0 {
                    self.listen = self.listen.union(Listen::OFFERS);
                }
            }
            Ability::EvenUpHand { size } => {
                self.even_up = Some((index, *size as i16));
                self.listen = self.listen.union(Listen::number(Number::EvenUpHand));
            }
            Ability::StepAction {
                step,
                cost,
                effect,
                half,
                ..
            } => {
                let does = step_does(effect, cards).expect("plays: effects this part does");
                self.steps.push(StepAction {
                    ability: index,
                    step: *step,
                    discard_this: *cost == Some(Cost::DiscardThis),
                    does,
                    effect_half: effect_half(half),
                });
                self.listen = self.listen.union(Listen::OFFERS);
            }
            _ => return false,
        }
        true
    }

    fn listens(&self) -> Listen {
        self.listen
    }

    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        self.each_change(g, me, q, n, &mut |_, _| {});
    }

    fn explain(
        &self,
        g: &GameState,
        me: CardRef,
        q: &Query,
        n: &mut Num,
        seen: &mut dyn FnMut(u8, i16),
    ) {
        self.each_change(g, me, q, n, seen);
    }

    fn react(&self, g: &mut GameState, me: CardRef, t: Trigger) -> Flow {
        let Trigger::Deployed(card) = t else {
            return Ok(());
        };
        let p = g.owner(me);
        for s in &self.searches {
            let fires = match &s.on {
                On::Deploys(to) => card == me && to.is_none_or(|pl| g.current == Some(pl)),
                On::OtherDeploys(set) => {
                    card != me && g.owner(card) == p && set.has(g.def_id(card))
                }
                On::DeployStep => false,
            };
            if fires
                && (!s.effect_half || as_effect(g, me))
                && s.when.iter().all(|w| w.holds(g, me, me))
            {
                g.text_state_mut()
                    .set_memo(me, BY | s.ability, Scope::Turn, card.index() as i16);
                g.ask(p, me, OPEN | s.ability, true);
            }
        }
        Ok(())
    }

    fn offers(&self, g: &GameState, me: CardRef, window: Window, out: &mut Vec<u8>) {
        let p = g.owner(me);
        if g.active != p {
            return;
        }
        let unused = |ability: u8| g.text_state().memo(me, ability).is_none();
        let hand = g.players[p.index()].hand.len();
        match window {
            Window::Deploy => {
                for s in &self.searches {
                    if matches!(s.on, On::DeployStep)
                        && unused(s.ability)
                        && (!s.effect_half || as_effect(g, me))
                        && s.when.iter().all(|w| w.holds(g, me, me))
                    {
                        out.push(s.ability);
                    }
                }
                for c in &self.counters {
                    if c.discard > 0 && unused(c.ability) && hand >= c.discard as usize {
                        out.push(c.ability);
                    }
                }
            }
            Window::EvenUp => {}
            _ => return,
        }
        for s in &self.steps {
            let step = match s.step {
                Step::Deploy => Window::Deploy,
                Step::EvenUp => Window::EvenUp,
            };
            if step == window
                && unused(s.ability)
                && (!s.effect_half || as_effect(g, me))
                && s.usable(g, me)
            {
                out.push(s.ability);
            }
        }
    }

    fn use_ability(&self, g: &mut GameState, me: CardRef, option: u8) -> Flow {
        let p = g.owner(me);
        if let Some(s) = self.searches.iter().find(|s| s.ability == option) {
            // "Do your Podracing actions first": a search of the step ends them, as a deploy.
            g.ts.podrace_open = false;
            g.text_state_mut().set_memo(me, option, Scope::Turn, 1);
            if s.discard_this {
                discard_from_play(g, me);
            }
            g.ask(p, me, PICK | option, true);
        } else if self.counters.iter().any(|c| c.ability == option) {
            g.ask(p, me, CHOOSE | option, false);
        } else if let Some(s) = self.steps.iter().find(|s| s.ability == option) {
            if s.step == Step::Deploy {
                g.ts.podrace_open = false;
            }
            g.text_state_mut().set_memo(me, option, Scope::Turn, 1);
            if s.discard_this {
                discard_from_play(g, me);
            }
            match s.does {
                Does::RevealAndDraw(n) => {
                    g.text_used(me, option, None);
                    g.reveal_hand(p);
                    g.draw_to_hand(p, n as usize)?;
                }
                Does::Draw(n) => {
                    g.text_used(me, option, None);
                    g.draw_to_hand(p, n as usize)?;
                }
                _ => {
                    let optional = !matches!(s.does, Does::DiscardOpposing(_));
                    g.ask(p, me, CHOOSE | option, optional);
                }
            }
        }
        Ok(())
    }

    fn answers(&self, g: &GameState, me: CardRef, key: u8, out: &mut Vec<Action>) {
        let ability = key & ABILITY;
        let p = g.owner(me);
        match key & !ABILITY {
            OPEN if self.search(ability).is_some() => out.push(Action::SearchDeck),
            PICK => {
                if let Some(s) = self.search(ability) {
                    let from = out.len();
                    for &c in &g.players[p.index()].deck {
                        if !s.find.has(g.def_id(c)) {
                            continue;
                        }
                        if s.to == Destination::Hand || g.can_deploy_paying(p, c, !s.free) {
                            out.push(Action::ChooseCard(c));
                        }
                        // Card-text 2: a weapon found "deploys like any weapon: to the current
                        // planet (or to your objective where that would be legal)". A Podracer
                        // found by BP-20/BP-48 may go to a free Podracer slot of the Boonta Eve
                        // Classic (paying, as those searches do).
                        if s.to == Destination::Play && !s.free && g.can_deploy_to_objective(p, c) {
                            out.push(Action::DeployToObjective(c));
                        }
                    }
                    // The deck's order stays hidden (turn.rs `deck_order_hidden`).
                    out[from..].sort_unstable_by_key(|a| match a {
                        Action::ChooseCard(c) => (*c, 0),
                        Action::DeployToObjective(c) => (*c, 1),
                        _ => (CardRef::new(0), 2),
                    });
                }
            }
            CHOOSE => {
                let hand = &g.players[p.index()].hand;
                if self.counters.iter().any(|c| c.ability == ability) {
                    out.extend(hand.iter().map(|&c| Action::ChooseCard(c)));
                } else if let Some(s) = self.steps.iter().find(|s| s.ability == ability) {
                    match &s.does {
                        Does::HandCardUnderDeck | Does::CycleHandCard => {
                            out.extend(hand.iter().map(|&c| Action::ChooseCard(c)))
                        }
                        Does::LookAtOpponentTop => {
                            if let Some(&top) = g.players[p.other().index()].deck.last() {
                                out.push(Action::ChooseCard(top));
                            }
                        }
                        Does::DiscardOpposing(set) => {
                            out.extend(targets(g, p, set).map(Action::ChooseCard))
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }

    fn answer(&self, g: &mut GameState, me: CardRef, key: u8, answer: Action) -> Flow {
        let ability = key & ABILITY;
        let p = g.owner(me);
        let chosen = match answer {
            Action::ChooseCard(c) | Action::DeployToObjective(c) => Some(c),
            _ => None,
        };
        let to_objective = matches!(answer, Action::DeployToObjective(_));
        match key & !ABILITY {
            OPEN => {
                let Some(s) = self.search(ability) else {
                    return Ok(());
                };
                if answer != Action::SearchDeck {
                    // "You may search" when the card deploys, declined: said, so a reader
                    // knows the text was offered.
                    g.text_declined(p, me, ability);
                    return Ok(());
                }
                if s.discard_this {
                    // Discarding is the cost: a card no longer face up in play cannot pay it.
                    if !face_up_in_play(g, me) {
                        return Ok(());
                    }
                    discard_from_play(g, me);
                }
                g.ask(p, me, PICK | ability, true);
                // Told after the search is asked, so a text this discard starts (V1-JC-7's
                // shuffle) is asked first and its cards go in with the search's reshuffle.
                if s.discard_this
                    && let Some(by) = g.text_state().memo(me, BY | ability)
                {
                    let deployed = CardRef::new(by as usize);
                    g.trigger(Trigger::DiscardedToSearch { card: me, deployed })?;
                }
            }
            PICK => {
                let Some(s) = self.search(ability) else {
                    return Ok(());
                };
                // Card-text 14-A.3: on a first turn at a planet the card found deploys face
                // down "and is not shown": neither line names it.
                // Cards at the objective are always face up (rulebook "Boonta Eve Classic").
                let hidden = s.to == Destination::Play
                    && !to_objective
                    && chosen.is_some_and(|c| g.would_deploy_hidden(c));
                g.text_used(me, ability, chosen.filter(|_| !hidden));
                match s.to {
                    Destination::Play => {
                        g.emit(Event::DeckSearched {
                            player: p,
                            took: chosen,
                            hidden,
                        });
                        match chosen {
                            // Not from hand: no search for its partner follows (this search
                            // is still open, its reshuffle next).
                            Some(c) if to_objective => g.deploy_to_objective(p, c)?,
                            Some(c) => g.deploy_from_deck(p, c, !s.free)?,
                            None => {}
                        }
                        g.shuffle_deck(p);
                        if chosen.is_none() {
                            // Card-text 14-A.6: searched and deployed nothing.
                            g.damage(p, 1)?;
                        }
                    }
                    Destination::Hand => {
                        if let Some(c) = chosen {
                            let deck = &mut g.players[p.index()].deck;
                            if let Some(i) = deck.iter().position(|&d| d == c) {
                                deck.remove(i);
                                g.players[p.index()].hand.push(c);
                            }
                        }
                        g.emit(Event::TookIntoHand {
                            player: p,
                            card: chosen,
                        });
                        g.shuffle_deck(p);
                    }
                }
            }
            CHOOSE => {
                if let Some(c) = self.counters.iter().find(|c| c.ability == ability) {
                    if let Some(card) = chosen {
                        // Said before the discard it costs.
                        g.text_used(me, ability, None);
                        g.discard_from_hand(p, card);
                        g.text_state_mut().set_memo(me, c.ability, Scope::Turn, 1);
                    }
                } else if let Some(s) = self.steps.iter().find(|s| s.ability == ability) {
                    let Some(card) = chosen else {
                        // DF-24/56: the card was looked at, and stays on top; for the other
                        // steps, the text begun was not carried out after all.
                        if matches!(s.does, Does::LookAtOpponentTop) {
                            g.text_used(me, ability, None);
                            g.emit(Event::TopCardLooked {
                                player: p,
                                card: me,
                                bottom: false,
                            });
                        } else {
                            g.text_declined(p, me, ability);
                        }
                        return Ok(());
                    };
                    // The card is named only where the table sees it: the opponent's top
                    // card is seen by this player alone, and a hand card put beneath the deck
                    // goes face down (rulings R2; BP-15 Shmi's is not named either).
                    let seen = !matches!(s.does, Does::LookAtOpponentTop | Does::HandCardUnderDeck);
                    g.text_used(me, ability, seen.then_some(card));
                    match &s.does {
                        Does::HandCardUnderDeck if g.remove_from_hand(p, card) => {
                            g.players[p.index()].deck.insert(0, card);
                        }
                        Does::CycleHandCard => {
                            g.discard_from_hand(p, card);
                            g.draw_to_hand(p, 1)?;
                        }
                        Does::LookAtOpponentTop => {
                            let deck = &mut g.players[p.other().index()].deck;
                            if deck.last() == Some(&card) {
                                deck.pop();
                                deck.insert(0, card);
                            }
                            g.emit(Event::TopCardLooked {
                                player: p,
                                card: me,
                                bottom: true,
                            });
                        }
                        Does::DiscardOpposing(_) => {
                            if let Some(planet) = g.current
                                && g.remove_from_planet(planet, p.other(), card)
                            {
                                g.players[p.other().index()].discard.push(card);
                                g.emit(Event::Discarded {
                                    player: p.other(),
                                    card,
                                    reason: DiscardReason::ByText,
                                });
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}

impl DeployTexts {
    fn search(&self, ability: u8) -> Option<&Search> {
        self.searches.iter().find(|s| s.ability == ability)
    }

    /// The changes to number `q` this card's texts make, each told to `seen`.
    fn each_change(
        &self,
        g: &GameState,
        me: CardRef,
        q: &Query,
        n: &mut Num,
        seen: &mut dyn FnMut(u8, i16),
    ) {
        let mut change = |n: &mut Num, ability: u8, f: &dyn Fn(&mut Num)| {
            let before = n.value();
            f(n);
            if n.value() != before {
                seen(ability, n.value() - before);
            }
        };
        match q.number {
            Number::DeployCost => {
                let Some(card) = q.card else { return };
                for c in &self.costs {
                    let fits = match &c.affects {
                        None => card == me,
                        Some(set) => set.has(g.def_id(card)) && g.owner(card) == g.owner(me),
                    };
                    if fits
                        && (!c.effect_half || as_effect(g, me))
                        && c.when.iter().all(|w| w.holds(g, me, card))
                    {
                        change(n, c.ability, &|n| n.set(c.cost));
                    }
                }
            }
            Number::CountersPerTurn if q.player == g.owner(me) => {
                for c in &self.counters {
                    if c.discard == 0 || g.text_state().memo(me, c.ability).is_some() {
                        change(n, c.ability, &|n| n.raise_to(c.total));
                    }
                }
            }
            Number::EvenUpHand if q.player == g.owner(me) => {
                if let Some((ability, size)) = self.even_up {
                    change(n, ability, &|n| n.raise_to(size));
                }
            }
            _ => {}
        }
    }
}

impl StepAction {
    /// Whether its cost can be paid and its effect has something to act on now.
    fn usable(&self, g: &GameState, me: CardRef) -> bool {
        let p = g.owner(me);
        let ps = &g.players[p.index()];
        match &self.does {
            Does::RevealAndDraw(_) | Does::Draw(_) => true,
            Does::LookAtOpponentTop => !g.players[p.other().index()].deck.is_empty(),
            Does::HandCardUnderDeck | Does::CycleHandCard => !ps.hand.is_empty(),
            Does::DiscardOpposing(set) => targets(g, p, set).next().is_some(),
        }
    }
}

/// The opponent's face-up cards at the current planet that fit `set` (card-text 12: not a
/// hidden card, not a starship: Hyperspace is on no planet).
fn targets<'a>(g: &'a GameState, p: Player, set: &'a DefSet) -> impl Iterator<Item = CardRef> + 'a {
    let list: &[crate::engine::state::InPlay] = match g.current {
        Some(planet) => g.at(planet, p.other()),
        None => &[],
    };
    list.iter()
        .filter(|c| c.face_up && set.has(g.def_id(c.card)))
        .map(|c| c.card)
}

fn face_up_in_play(g: &GameState, me: CardRef) -> bool {
    let p = g.owner(me);
    g.players[p.index()].hyperspace.contains(&me)
        || Planet::ALL
            .into_iter()
            .any(|pl| g.at(pl, p).iter().any(|c| c.card == me && c.face_up))
}

/// Discards `me` from play to pay for its own text (not a defeat: no damage; card-text
/// "discard this card" means that one card, not its stack).
pub(super) fn discard_from_play(g: &mut GameState, me: CardRef) {
    let p = g.owner(me);
    let mut gone = false;
    let hyperspace = &mut g.players[p.index()].hyperspace;
    if let Some(i) = hyperspace.iter().position(|&c| c == me) {
        hyperspace.remove(i);
        g.zones_changed();
        gone = true;
    }
    for pl in Planet::ALL {
        gone = gone || g.remove_from_planet(pl, p, me);
    }
    if gone {
        g.players[p.index()].discard.push(me);
        g.emit(Event::Discarded {
            player: p,
            card: me,
            reason: DiscardReason::TextCost,
        });
    }
}

/// What a step action's effects do, if this part plays them: at most one effect that asks
/// for a card, and it comes last.
fn step_does(effects: &[Effect], cards: &[Card]) -> Option<Does> {
    Some(match effects {
        [Effect::RevealHand, Effect::Draw(n)] => Does::RevealAndDraw(*n),
        [Effect::Draw(n)] => Does::Draw(*n),
        [Effect::LookAtOpponentTop] => Does::LookAtOpponentTop,
        [Effect::HandCardUnderDeck] => Does::HandCardUnderDeck,
        [Effect::CycleHandCard] => Does::CycleHandCard,
        [Effect::DiscardOpposing(f)] => Does::DiscardOpposing(DefSet::of(cards, f)),
        _ => return None,
    })
}

/// Whether ability `a` of its card is a Double Impact card's Effect half's (card-text 16.1):
/// it acts only while the card is deployed as that Effect.
fn effect_half(half: &Option<Half>) -> bool {
    *half == Some(Half::Right)
}

/// Whether `me` is in play as an Effect: at a planet, not a battle card of a fight (a Double
/// Impact card deployed as its Effect half stays at the planet, card-text 16.1).
fn as_effect(g: &GameState, me: CardRef) -> bool {
    super::planet_of(g, me).is_some()
}

/// Whether this part plays ability `a` of `def`. A Double Impact card's right half is played
/// when it is an Effect half (`CardDef::effect_half`): RF-DI5/DI12's searches, RF-DI7's step
/// action, RF-DI11's cost.
pub fn plays(a: &Ability, def: &CardDef) -> bool {
    let half_played = |half: &Option<Half>| *half != Some(Half::Right) || def.effect_half;
    let placed = |when: &[Condition]| {
        when.iter().all(|c| {
            matches!(
                c,
                Condition::StackingOn(_) | Condition::Present(_) | Condition::OnPlanet(_)
            )
        })
    };
    if def.kind == Kind::Other {
        return false;
    }
    match a {
        Ability::DeckSearch {
            trigger,
            cost,
            when,
            half,
            ..
        } => {
            half_played(half)
                && placed(when)
                && matches!(cost, None | Some(Cost::DiscardThis))
                // A search of the Deploy step is once per card: its cost discards it.
                && (*trigger != SearchTrigger::DeployStep || cost.is_some())
        }
        Ability::DeployCost {
            cost, when, half, ..
        } => half_played(half) && cost.is_some() && placed(when),
        Ability::CountersPerTurn { cost, .. } => {
            matches!(cost, None | Some(Cost::DiscardFromHand(1..)))
        }
        Ability::EvenUpHand { .. } => true,
        Ability::StepAction {
            cost,
            when,
            effect,
            half,
            ..
        } => {
            half_played(half)
                && when.is_empty()
                && matches!(cost, None | Some(Cost::DiscardThis))
                && step_does(effect, &[]).is_some()
        }
        _ => false,
    }
}

impl PlayerView<'_> {
    /// The cards the search of ability `ability` of `source` (one of the viewer's cards whose
    /// text searches the draw deck) would find now, in card order. A player knows what their
    /// own draw deck holds (their deck list, less every other zone), though not its order,
    /// so they may weigh a search before looking (card-text 14: declining before looking
    /// costs nothing).
    pub fn search_finds(&self, source: CardRef, ability: u8) -> Vec<CardRef> {
        let g = self.state();
        let mut out: Vec<Action> = Vec::new();
        if g.owner(source) != self.player()
            || g.current.is_none()
            || !matches!(g.phase, Phase::Deploy)
        {
            return Vec::new();
        }
        if let Some((_, text)) = g.texts.get(g.def_id(source)) {
            text.answers(g, source, PICK | (ability & ABILITY), &mut out);
        }
        out.into_iter()
            .filter_map(|a| match a {
                Action::ChooseCard(c) => Some(c),
                _ => None,
            })
            .collect()
    }
}
