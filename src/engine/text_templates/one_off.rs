//! Texts too particular for a template (`one-off` in the specification), written here in code
//! and named by card:
//!
//! - V1-JC-7 Mace Windu, Senior Jedi Council Member: when his own deploy makes you discard
//!   Jedi Training for its search, you may also shuffle up to two cards with dueling text
//!   from your hand and/or discard pile into your draw deck.
//! - V1-JC-21 Yarael Poof, Quermian Jedi Master: when he is dueled, his owner names two
//!   numbers; the opponent shuffles and draws destiny; a match ends the duel in a tie.
//! - V1-JC-32 Republic Pilot, Veteran (card-text 10): from hand, the battle card of a
//!   Republic starship of his owner's in a space battle: +2 power to it; if it is defeated,
//!   his printed damage on top of the ship's.
//!
//! Prompt keys are the ability's index, plus [`STAGE`] for the second question.

use super::{DefSet, Part};
use crate::catalogue::Card;
use crate::catalogue::abilities::{Ability, AbilityBook, CardKind, Filter};
use crate::engine::action::Action;
use crate::engine::card_pool::CardDef;
use crate::engine::player::CardRef;
use crate::engine::state::{Flow, GameState};
use crate::engine::text::{Arena, Listen, Num, Number, Query, Scope, Trigger};

/// Added to an ability's index for its second question.
const STAGE: u8 = 32;

/// The destiny numbers Yarael Poof's owner may name: those printed on cards.
const DESTINY_NUMBERS: std::ops::RangeInclusive<u8> = 1..=6;

#[derive(Debug, Clone)]
enum Which {
    /// V1-JC-7: the cards titled Jedi Training, and the cards with dueling text.
    MaceShuffle {
        jedi_training: DefSet,
        dueling: DefSet,
    },
    /// V1-JC-21.
    YaraelTie,
    /// V1-JC-32: the Republic starships ("Republic" in title or subtitle: card-text 10).
    RepublicPilot { ships: DefSet },
}

/// The power V1-JC-32 adds to the ship it is the battle card of ("adding ●●").
const REPUBLIC_PILOT_POWER: i16 = 2;

#[derive(Debug, Clone)]
struct OneOff {
    /// The ability's index in the card's specification.
    ability: u8,
    which: Which,
}

/// The one-off abilities of one card.
#[derive(Debug, Clone, Default)]
pub(super) struct OneOffTexts {
    texts: Vec<OneOff>,
    listen: Listen,
}

/// The cards whose one-off text is written here.
fn written(def: &CardDef) -> bool {
    matches!(
        def.catalogue_id.as_str(),
        "V1-JC-7" | "V1-JC-21" | "V1-JC-32"
    )
}

/// Whether this part plays ability `a` of `def`.
pub fn plays(a: &Ability, def: &CardDef) -> bool {
    matches!(a, Ability::OneOff { .. }) && written(def)
}

/// "Cards with dueling text": cards with a "When dueling…" text (rulebook "How does special
/// dueling game text work?"), the `duel` template's on-hit abilities.
fn dueling_text(cards: &[Card]) -> DefSet {
    let book = AbilityBook::embedded();
    DefSet::where_(cards, |c| {
        book.get(&c.id).is_some_and(|t| {
            t.abilities
                .iter()
                .any(|a| matches!(a, Ability::Duel { on_hit: true, .. }))
        })
    })
}

impl Part for OneOffTexts {
    fn take(&mut self, index: u8, a: &Ability, def: &CardDef, cards: &[Card]) -> bool {
        if !plays(a, def) {
            return false;
        }
        let (which, listen) = match def.catalogue_id.as_str() {
            "V1-JC-7" => (
                Which::MaceShuffle {
                    jedi_training: DefSet::of(
                        cards,
                        &[Filter {
                            title: Some("Jedi Training".into()),
                            ..Filter::default()
                        }],
                    ),
                    dueling: dueling_text(cards),
                },
                Listen::DISCARDED_TO_SEARCH,
            ),
            "V1-JC-21" => (Which::YaraelTie, Listen::DUELED),
            "V1-JC-32" => (
                Which::RepublicPilot {
                    ships: DefSet::of(
                        cards,
                        &[Filter {
                            name: Some("Republic".into()),
                            kind: Some(CardKind::Starship),
                            ..Filter::default()
                        }],
                    ),
                },
                Listen::numbers(&[Number::HandBattleCard, Number::Power, Number::Damage]),
            ),
            _ => return false,
        };
        self.texts.push(OneOff {
            ability: index,
            which,
        });
        self.listen = self.listen.union(listen);
        true
    }

    fn listens(&self) -> Listen {
        self.listen
    }

    fn modify(&self, g: &GameState, me: CardRef, q: &Query, n: &mut Num) {
        for o in &self.texts {
            if let Some(by) = self.pilot_change(g, me, o, q) {
                match q.number {
                    Number::HandBattleCard => n.set(by),
                    _ => n.add(by),
                }
            }
        }
    }

    fn explain(
        &self,
        g: &GameState,
        me: CardRef,
        q: &Query,
        n: &mut Num,
        seen: &mut dyn FnMut(u8, i16),
    ) {
        for o in &self.texts {
            if let Some(by) = self.pilot_change(g, me, o, q)
                && q.number != Number::HandBattleCard
            {
                n.add(by);
                seen(o.ability, by);
            }
        }
    }

    fn react(&self, g: &mut GameState, me: CardRef, t: Trigger) -> Flow {
        let owner = g.owner(me);
        for o in &self.texts {
            match (&o.which, t) {
                // "When he discards Jedi Training": the discard his own deploy started.
                (
                    Which::MaceShuffle { jedi_training, .. },
                    Trigger::DiscardedToSearch { card, deployed },
                ) if deployed == me
                    && jedi_training.has(g.def_id(card))
                    && self.shuffle_candidates(g, me, o).next().is_some() =>
                {
                    g.text_state_mut()
                        .set_memo(me, o.ability + STAGE, Scope::Turn, 2);
                    g.ask(owner, me, o.ability, true);
                }
                // "When he is dueled, pick two numbers" (mandatory: no "may").
                (Which::YaraelTie, Trigger::Dueled(c)) if c == me => {
                    g.ask(owner, me, o.ability, false);
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn answers(&self, g: &GameState, me: CardRef, key: u8, out: &mut Vec<Action>) {
        let Some(o) = self.texts.iter().find(|o| o.ability == key % STAGE) else {
            return;
        };
        match o.which {
            Which::MaceShuffle { .. } => {
                out.extend(self.shuffle_candidates(g, me, o).map(Action::ChooseCard))
            }
            Which::RepublicPilot { .. } => {}
            Which::YaraelTie if key >= 2 * STAGE => {
                // The drawer's Double Impact card: either half's number (RULINGS.md T6).
                if let Some(c) = g.text_state().memo(me, o.ability + 2 * STAGE) {
                    let drawer = g.owner(me).other();
                    g.destiny_half_actions(drawer, CardRef::new(c as usize), out);
                }
            }
            Which::YaraelTie => {
                // Two numbers: the second differs from the first.
                let first = (key >= STAGE)
                    .then(|| g.text_state().memo(me, o.ability))
                    .flatten();
                out.extend(
                    DESTINY_NUMBERS
                        .filter(|&n| first != Some(n as i16))
                        .map(Action::ChooseNumber),
                );
            }
        }
    }

    fn answer(&self, g: &mut GameState, me: CardRef, key: u8, answer: Action) -> Flow {
        let Some(o) = self.texts.iter().find(|o| o.ability == key % STAGE) else {
            return Ok(());
        };
        let owner = g.owner(me);
        match (&o.which, answer) {
            (Which::MaceShuffle { .. }, Action::ChooseCard(c)) => {
                let ps = &mut g.players[owner.index()];
                let from_hand = ps.hand.iter().position(|&h| h == c);
                let from_discard = ps.discard.iter().position(|&d| d == c);
                match (from_hand, from_discard) {
                    (Some(i), _) => {
                        ps.hand.remove(i);
                    }
                    (None, Some(i)) => {
                        ps.discard.remove(i);
                    }
                    (None, None) => return Ok(()),
                }
                // Into the draw deck; the Jedi Training search reshuffles it right after.
                ps.deck.push(c);
                g.text_used(me, o.ability, Some(c));
                let left = g.text_state().memo(me, o.ability + STAGE).unwrap_or(1) - 1;
                g.text_state_mut()
                    .set_memo(me, o.ability + STAGE, Scope::Turn, left);
                if left > 0 && self.shuffle_candidates(g, me, o).next().is_some() {
                    g.ask(owner, me, o.ability, true);
                }
                Ok(())
            }
            // Mace Windu's shuffle declined before any card went in: said (once a card
            // went in, the text was used and a decline only ends it).
            (Which::MaceShuffle { .. }, Action::Decline)
                if g.text_state().memo(me, o.ability + STAGE) == Some(2) =>
            {
                g.text_declined(owner, me, o.ability);
                Ok(())
            }
            (Which::YaraelTie, Action::ChooseNumber(n)) if key < STAGE => {
                g.text_state_mut()
                    .set_memo(me, o.ability, Scope::Fight, n as i16);
                g.ask(owner, me, o.ability + STAGE, false);
                Ok(())
            }
            (Which::YaraelTie, Action::ChooseNumber(n)) if key >= 2 * STAGE => {
                // The drawer chose the half of the Double Impact card it drew.
                let drawer = owner.other();
                if let Some(c) = g.text_state().memo(me, o.ability + 2 * STAGE) {
                    g.destiny_half_said(drawer, CardRef::new(c as usize), n);
                }
                yarael_tie_if_named(g, me, o.ability, n)
            }
            (Which::YaraelTie, Action::ChooseNumber(second)) => {
                let first = g.text_state().memo(me, o.ability);
                let opponent = owner.other();
                if let Some(f) = first {
                    g.emit(crate::engine::event::Event::NumbersNamed {
                        player: owner,
                        card: me,
                        numbers: [f as u8, second],
                    });
                }
                g.text_state_mut()
                    .set_memo(me, o.ability + STAGE, Scope::Fight, second as i16);
                g.shuffle_deck(opponent);
                let (card, drawn) = g.take_destiny_card(opponent)?;
                // A Double Impact card drawn: its drawer chooses the half (RULINGS.md T6:
                // "each time the number is used"); whether a tie suits them is theirs to weigh.
                if g.destiny_halves(opponent, card).is_some() {
                    g.text_state_mut().set_memo(
                        me,
                        o.ability + 2 * STAGE,
                        Scope::Fight,
                        card.index() as i16,
                    );
                    g.ask(opponent, me, o.ability + 2 * STAGE, false);
                    return Ok(());
                }
                yarael_tie_if_named(g, me, o.ability, drawn)
            }
            _ => Ok(()),
        }
    }
}

/// V1-JC-21: the duel ends at once in a tie when the number drawn is one of the two named
/// (kept as memos of Yarael Poof `me`'s ability `ability`: the first, and the second at
/// `ability + STAGE`).
fn yarael_tie_if_named(g: &mut GameState, me: CardRef, ability: u8, drawn: u8) -> Flow {
    let named = [
        g.text_state().memo(me, ability),
        g.text_state().memo(me, ability + STAGE),
    ];
    if named.contains(&Some(drawn as i16)) {
        g.text_used(me, ability, None);
        g.end_duel_in_tie()?;
    }
    Ok(())
}

impl OneOffTexts {
    /// What V1-JC-32 `me` does to the number `q` asks: may it be a battle card (1), the
    /// power it adds to its ship, the damage it adds when its ship is defeated (card-text 10:
    /// his printed Damage, whatever changes the ship's). Only from his owner's hand (the
    /// rules ask a card held for the battle as its battle card), in a space battle, for one
    /// of his owner's Republic starships.
    fn pilot_change(&self, g: &GameState, me: CardRef, o: &OneOff, q: &Query) -> Option<i16> {
        let Which::RepublicPilot { ships } = &o.which else {
            return None;
        };
        let owner = g.owner(me);
        let ship_ok = |c: CardRef| g.owner(c) == owner && ships.has(g.def_id(c));
        if q.battle_card != Some(me) || q.arena != Arena::Space || q.player != owner {
            return None;
        }
        let ps = &g.players[owner.index()];
        match q.number {
            Number::HandBattleCard if ps.hand.contains(&me) || ps.held.contains(&me) => {
                q.card.is_none_or(ship_ok).then_some(1)
            }
            Number::Power if q.card.is_some_and(ship_ok) => Some(REPUBLIC_PILOT_POWER),
            Number::Damage if q.card.is_some_and(ship_ok) => Some(g.def(me).damage() as i16),
            _ => None,
        }
    }

    /// Mace Windu's choices: his owner's cards with dueling text in hand, then in the discard
    /// pile.
    fn shuffle_candidates<'g>(
        &self,
        g: &'g GameState,
        me: CardRef,
        o: &'g OneOff,
    ) -> impl Iterator<Item = CardRef> + 'g {
        let ps = &g.players[g.owner(me).index()];
        let dueling = match &o.which {
            Which::MaceShuffle { dueling, .. } => Some(dueling),
            _ => None,
        };
        ps.hand
            .iter()
            .chain(&ps.discard)
            .copied()
            .filter(move |&c| dueling.is_some_and(|s| s.has(g.def_id(c))))
    }
}
