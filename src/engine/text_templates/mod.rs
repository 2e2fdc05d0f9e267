//! The engine's texts built from the ability specifications (`data/abilities/`). Each template
//! is played by one *part* (a module here named after the kind of text it holds): the part
//! takes the abilities of a card's specification it plays ([`Part::take`]) and answers the
//! engine's calls for them. A card's [`SpecText`] is its parts side by side, each statically
//! typed (no dynamic dispatch inside a card's text). Filters are read once per card pool into
//! sets of definitions ([`DefSet`]), so a text's check during a game is a bit test.
//! [`plays`] says which abilities are built; `text_support` counts exactly those as played.
//!
//! Options of offered abilities ([`Text::offers`]) and keys of prompts ([`GameState::ask`])
//! are the ability's index in the card's specification, so each part knows its own.

mod battle;
mod deploy;
mod duel;
mod fight;
mod modifier;
mod one_off;
mod podrace;
mod triggered;

pub use deploy::prompt_ability as deploy_prompt_ability;

use super::action::Action;
use super::card_pool::CardDef;
use super::card_pool::DefId;
use super::player::{CardRef, Player};
use super::state::{Flow, GameState, PlanetStatus};
use super::text::{Arena, Listen, Num, Query, Text, Trigger, Window};
use crate::catalogue::abilities::{Ability, AbilityBook, Condition, Filter, Whose};
use crate::catalogue::{Card, Planet};

/// A set of card definitions of a pool: those that fit a list of filters.
#[derive(Debug, Clone)]
pub(crate) struct DefSet(Box<[u64]>);

impl DefSet {
    /// A character fits also as what its `counts-as` text names: EBN-P11 Captain Panaka "is
    /// considered to be a ◆ Naboo Officer, ◆ Royal Guard, and ◆ Naboo Security for all your
    /// cards", so DF-15 Come On, Move! lets him use two weapons. "Your cards" needs no owner
    /// here: every filter naming such a kind is on a card of his own side (a test checks it).
    pub(crate) fn of(cards: &[Card], filters: &[Filter]) -> DefSet {
        DefSet::where_(cards, |c| {
            filters.iter().any(|f| f.matches(c))
                || filters.iter().any(|f| f.name.is_some())
                    && counted_as(c).any(|as_| filters.iter().any(|f| f.matches(&as_)))
        })
    }

    /// The definitions of a pool whose catalogue card fits `pred`.
    pub(crate) fn where_(cards: &[Card], pred: impl Fn(&Card) -> bool) -> DefSet {
        let mut bits = vec![0u64; cards.len().div_ceil(64)];
        for (i, c) in cards.iter().enumerate() {
            if pred(c) {
                bits[i / 64] |= 1 << (i % 64);
            }
        }
        DefSet(bits.into_boxed_slice())
    }

    #[inline]
    pub(crate) fn has(&self, d: DefId) -> bool {
        let i = d.0 as usize;
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
}

/// The cards a character counts as by its `counts-as` text: itself, titled as each named
/// kind (no subtitle), diamond if the kind is.
fn counted_as(c: &Card) -> impl Iterator<Item = Card> + '_ {
    let text = AbilityBook::embedded().get(&c.id);
    text.into_iter()
        .flat_map(|t| &t.abilities)
        .filter_map(|a| match a {
            Ability::CountsAs { filters } => Some(filters),
            _ => None,
        })
        .flatten()
        .filter_map(move |f| {
            let mut as_ = c.clone();
            as_.title = f.name.clone().or_else(|| f.title.clone())?;
            as_.subtitle = String::new();
            as_.diamond = f.diamond.or(c.diamond);
            Some(as_)
        })
}

/// A condition of a text that the engine checks (`holds` is asked with the text's own card).
#[derive(Debug, Clone)]
pub(super) enum Cond {
    /// The weapon or battle card in use fits.
    WhileUsing(DefSet),
    NoWeapon,
    /// One of the opposing cards of the fight (any member of a group) fits.
    Vs(DefSet),
    InDuel,
    NotInDuel,
    /// The text's card is at the current planet.
    OnCurrentPlanet,
    /// During this player's turn (relative to the text's owner).
    DuringTurn(Whose),
    /// A card that fits (either player's) fought this turn: card-text 15.
    FoughtThisTurn(DefSet),
    /// One of the owner's cards that fits fought this turn, or the owner took Thrust (BP-32).
    YoursFoughtOrThrusted(DefSet),
    /// A space battle over the evacuation of this planet (card-text 5).
    SpaceBattleAt(Planet),
    /// The owner is evacuating, with an evacuee that fits.
    Evacuating(DefSet),
    /// The owner is evacuating the planet where the text's card is (or was, as an evacuee).
    EvacuatingThisPlanet,
    /// The owner's Podracer pilot is strictly ahead in the race (card-text 7).
    AheadInRace,
    /// This player has controlled this planet (any planet when None) this game.
    HasControlled(Whose, Option<Planet>),
    /// One of the owner's face-up cards at the text card's planet fits.
    Present(DefSet),
}

impl Cond {
    pub(super) fn read(c: &Condition, cards: &[Card]) -> Option<Cond> {
        Some(match c {
            Condition::WhileUsing(f) => Cond::WhileUsing(DefSet::of(cards, f)),
            Condition::NoWeapon => Cond::NoWeapon,
            Condition::Vs(f) => Cond::Vs(DefSet::of(cards, f)),
            Condition::InDuel => Cond::InDuel,
            Condition::NotInDuel => Cond::NotInDuel,
            Condition::OnCurrentPlanet => Cond::OnCurrentPlanet,
            Condition::DuringTurn(w) => Cond::DuringTurn(*w),
            Condition::FoughtThisTurn(f) => Cond::FoughtThisTurn(DefSet::of(cards, f)),
            Condition::YoursFoughtOrThrusted(f) => {
                Cond::YoursFoughtOrThrusted(DefSet::of(cards, f))
            }
            Condition::SpaceBattleAt(p) => Cond::SpaceBattleAt(*p),
            Condition::Evacuating(f) => Cond::Evacuating(DefSet::of(cards, f)),
            Condition::EvacuatingThisPlanet => Cond::EvacuatingThisPlanet,
            Condition::AheadInRace => Cond::AheadInRace,
            Condition::HasControlled { whose, planet } => Cond::HasControlled(*whose, *planet),
            Condition::Present(f) => Cond::Present(DefSet::of(cards, f)),
            _ => return None,
        })
    }

    /// Whether [`Cond::read`] reads `c`.
    pub(super) fn reads(c: &Condition) -> bool {
        matches!(
            c,
            Condition::WhileUsing(_)
                | Condition::NoWeapon
                | Condition::Vs(_)
                | Condition::InDuel
                | Condition::NotInDuel
                | Condition::OnCurrentPlanet
                | Condition::DuringTurn(_)
                | Condition::FoughtThisTurn(_)
                | Condition::YoursFoughtOrThrusted(_)
                | Condition::SpaceBattleAt(_)
                | Condition::Evacuating(_)
                | Condition::EvacuatingThisPlanet
                | Condition::AheadInRace
                | Condition::HasControlled { .. }
                | Condition::Present(_)
        )
    }

    /// Whether the condition holds for text card `me` in the situation `q`.
    pub(super) fn holds(&self, g: &GameState, me: CardRef, q: &Query) -> bool {
        let fits = |c: Option<CardRef>, s: &DefSet| c.is_some_and(|c| s.has(g.def_id(c)));
        let mine = g.owner(me);
        let whose = |w: &Whose, p: Player| match w {
            Whose::Yours => p == mine,
            Whose::Opponents => p != mine,
            Whose::Any => true,
        };
        // The owner's evacuation in progress: its planet and evacuees (card-text 13: an
        // evacuee still counts until the evacuation is resolved).
        let evacuating = || {
            g.evacuation
                .as_deref()
                .filter(|e| e.player == mine)
                .map(|e| (e.planet, e.transport))
        };
        match self {
            Cond::WhileUsing(s) => fits(q.weapon, s) || fits(q.battle_card, s),
            Cond::NoWeapon => q.weapon.is_none(),
            Cond::Vs(s) => q.opponents().any(|c| s.has(g.def_id(c))),
            Cond::InDuel => q.arena == Arena::Duel,
            Cond::NotInDuel => q.arena != Arena::Duel,
            Cond::OnCurrentPlanet => g.current.is_some() && planet_of(g, me) == g.current,
            Cond::DuringTurn(w) => whose(w, g.active),
            Cond::FoughtThisTurn(s) => g.text_state.fought.iter().any(|&c| fits(Some(c), s)),
            Cond::YoursFoughtOrThrusted(s) => {
                (g.active == mine && g.ts.thrusted)
                    || g.text_state
                        .fought
                        .iter()
                        .any(|&c| g.owner(c) == mine && fits(Some(c), s))
            }
            Cond::SpaceBattleAt(p) => {
                q.arena == Arena::Space && g.evacuation.as_deref().is_some_and(|e| e.planet == *p)
            }
            Cond::Evacuating(s) => evacuating().is_some_and(|(_, transport)| {
                g.players[mine.index()]
                    .held
                    .iter()
                    .any(|&c| Some(c) != transport && fits(Some(c), s))
            }),
            Cond::EvacuatingThisPlanet => evacuating().is_some_and(|(planet, transport)| {
                planet_of(g, me) == Some(planet)
                    || Some(me) != transport && g.players[mine.index()].held.contains(&me)
            }),
            Cond::AheadInRace => {
                let race = |p: Player| {
                    let ps = &g.players[p.index()];
                    (ps.lap_tokens, ps.laps.len())
                };
                g.players[mine.index()].pilot.is_some() && race(mine) > race(mine.other())
            }
            Cond::HasControlled(w, planet) => Planet::ALL.into_iter().any(|pl| {
                planet.is_none_or(|p| p == pl)
                    && matches!(g.planets[pl as usize].status,
                        PlanetStatus::Controlled { by, .. } if whose(w, by))
            }),
            // Present means seen face up: not hidden, and not still face down in a battle plan.
            Cond::Present(s) => planet_of(g, me).is_some_and(|pl| {
                g.at(pl, mine).iter().any(|c| {
                    c.face_up
                        && c.card != me
                        && s.has(g.def_id(c.card))
                        && !g.in_face_down_plan(c.card)
                })
            }),
        }
    }
}

/// The planet where `card` is in play, if it is at one.
pub(super) fn planet_of(g: &GameState, card: CardRef) -> Option<Planet> {
    let p = g.owner(card);
    Planet::ALL
        .into_iter()
        .find(|&pl| g.at(pl, p).iter().any(|c| c.card == card))
}

/// What every part of a card's text answers; the defaults do nothing. The methods are those
/// of [`Text`], for the abilities the part took.
pub(super) trait Part: Default {
    /// Takes ability `index` of `def`'s specification if this part plays it (returns whether).
    /// Must agree with the part's `plays`.
    fn take(&mut self, index: u8, a: &Ability, def: &CardDef, cards: &[Card]) -> bool;

    fn listens(&self) -> Listen;

    fn modify(&self, _g: &GameState, _me: CardRef, _q: &Query, _n: &mut Num) {}

    fn explain(
        &self,
        g: &GameState,
        me: CardRef,
        q: &Query,
        n: &mut Num,
        seen: &mut dyn FnMut(u8, i16),
    ) {
        let _ = (g, me, q, n, seen);
    }

    fn react(&self, _g: &mut GameState, _me: CardRef, _t: Trigger) -> Flow {
        Ok(())
    }

    fn offers(&self, _g: &GameState, _me: CardRef, _window: Window, _out: &mut Vec<u8>) {}

    /// Uses offered option `option` if it is one of this part's abilities.
    fn use_ability(&self, _g: &mut GameState, _me: CardRef, _option: u8) -> Flow {
        Ok(())
    }

    fn answers(&self, _g: &GameState, _me: CardRef, _key: u8, _out: &mut Vec<Action>) {}

    fn answer(&self, _g: &mut GameState, _me: CardRef, _key: u8, _answer: Action) -> Flow {
        Ok(())
    }
}

/// The text of one card: the abilities of its spec the engine plays, by part.
#[derive(Debug, Clone, Default)]
pub(crate) struct SpecText {
    modifier: modifier::Modifiers,
    battle: battle::BattleTexts,
    deploy: deploy::DeployTexts,
    duel: duel::DuelTexts,
    triggered: triggered::TriggeredTexts,
    fight: fight::FightTexts,
    podrace: podrace::PodraceTexts,
    one_off: one_off::OneOffTexts,
    listen: Listen,
}

/// Calls `$call` on every part of a [`SpecText`], in order.
macro_rules! each_part {
    ($t:expr, $p:ident => $call:expr) => {{
        {
            let $p = &$t.modifier;
            $call;
        }
        {
            let $p = &$t.battle;
            $call;
        }
        {
            let $p = &$t.deploy;
            $call;
        }
        {
            let $p = &$t.duel;
            $call;
        }
        {
            let $p = &$t.triggered;
            $call;
        }
        {
            let $p = &$t.fight;
            $call;
        }
        {
            let $p = &$t.podrace;
            $call;
        }
        {
            let $p = &$t.one_off;
            $call;
        }
    }};
}

impl Text for SpecText {
    fn listens(&self) -> Listen {
        self.listen
    }

    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        each_part!(self, p => p.modify(g, me, q, n));
    }

    fn explain(
        &self,
        g: &GameState,
        me: CardRef,
        q: &Query,
        n: &mut Num,
        seen: &mut dyn FnMut(u8, i16),
    ) {
        each_part!(self, p => p.explain(g, me, q, n, seen));
    }

    fn react(&self, g: &mut GameState, me: CardRef, t: Trigger) -> Flow {
        each_part!(self, p => p.react(g, me, t)?);
        Ok(())
    }

    fn offers(&self, g: &GameState, me: CardRef, window: Window, out: &mut Vec<u8>) {
        each_part!(self, p => p.offers(g, me, window, out));
    }

    fn use_ability(&self, g: &mut GameState, me: CardRef, option: u8) -> Flow {
        each_part!(self, p => p.use_ability(g, me, option)?);
        Ok(())
    }

    fn answers(&self, g: &GameState, me: CardRef, key: u8, out: &mut Vec<Action>) {
        each_part!(self, p => p.answers(g, me, key, out));
    }

    fn answer(&self, g: &mut GameState, me: CardRef, key: u8, answer: Action) -> Flow {
        each_part!(self, p => p.answer(g, me, key, answer)?);
        Ok(())
    }
}

/// Whether the engine plays ability `a` of `def` as a template of this module.
pub fn plays(a: &Ability, def: &CardDef) -> bool {
    modifier::plays(a, def)
        || battle::plays(a, def)
        || deploy::plays(a, def)
        || duel::plays(a, def)
        || triggered::plays(a, def)
        || fight::plays(a, def)
        || podrace::plays(a, def)
        || one_off::plays(a, def)
}

/// The engine's text for `def` (catalogue card `card`) in a pool of `cards`, if it plays any.
pub(crate) fn build(def: &CardDef, cards: &[Card]) -> Option<SpecText> {
    let spec = def.text?;
    let mut t = SpecText::default();
    for (i, a) in spec.abilities.iter().enumerate() {
        let i = i as u8;
        let _ = t.modifier.take(i, a, def, cards)
            || t.battle.take(i, a, def, cards)
            || t.deploy.take(i, a, def, cards)
            || t.duel.take(i, a, def, cards)
            || t.triggered.take(i, a, def, cards)
            || t.fight.take(i, a, def, cards)
            || t.podrace.take(i, a, def, cards)
            || t.one_off.take(i, a, def, cards);
    }
    each_part!(t, p => t.listen = t.listen.union(p.listens()));
    if t.listen == Listen::NONE {
        return None;
    }
    Some(t)
}
