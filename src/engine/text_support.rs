//! What the engine plays of each card's game text. This is the one place the engine side
//! updates as it implements templates: `yj cards export` (column `text`), `yj cards stats`,
//! `yj cards show`, `yj play` and `yj playtest` all read it.
//!
//! Today the engine plays only the text that its use lines and built-in rules carry: a plain
//! use line, a fight-together group its use-line reader reads, a bonus condition the reader
//! expresses (`bonus only vs`, `bonus only while using`), the rulebook's Armed & Dangerous and
//! Boonta Eve Classic rules, and the templates `text_templates` builds (modifiers, the battle
//! texts...). Everything else in the specifications is not played yet. When
//! `engine::text::catalogue_text` builds a template's behaviour from `CardDef::text`, the
//! template's arm in [`ability_played`] says so, in the same change.

use serde::Serialize;

use super::card_pool::{CardDef, Kind};
use super::who::Half as LineHalf;
use crate::catalogue::abilities::{Ability, CardText, Condition, Half, RulebookRule};

/// How much of a card's game text the engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextSupport {
    /// The engine plays all of it.
    Played,
    /// Some abilities are played, some are not.
    Partly,
    /// The card has game text and the engine plays none of it yet.
    NotPlayed,
    /// The card has no game text.
    None,
}

impl TextSupport {
    pub fn as_str(self) -> &'static str {
        match self {
            TextSupport::Played => "played",
            TextSupport::Partly => "partly",
            TextSupport::NotPlayed => "not-played",
            TextSupport::None => "none",
        }
    }
}

/// The use lines of `def` that belong to `half` (all lines when None).
fn lines<'a>(
    def: &'a CardDef,
    half: Option<Half>,
) -> impl Iterator<Item = &'a super::card_pool::Use> + 'a {
    def.uses.iter().filter(move |u| match half {
        None => true,
        Some(Half::Left) => u.rule.half != Some(LineHalf::Right),
        Some(Half::Right) => u.rule.half == Some(LineHalf::Right),
    })
}

/// Whether the engine plays one ability of `def` today.
pub fn ability_played(a: &Ability, def: &CardDef) -> bool {
    // A Double Impact card plays as either half (`card_pool::double_impact`): its battle
    // halves' lines are its use lines; the templates below say which right halves they play.
    let right = |h: &Option<Half>| *h == Some(Half::Right);
    match a {
        Ability::UseLine { half } => {
            def.kind != Kind::Other
                && lines(def, *half).next().is_some()
                && lines(def, *half).all(|u| !u.rule.is_nobody())
        }
        Ability::Rulebook { rule, half } => {
            !right(half)
                && match rule {
                    RulebookRule::ArmedAndDangerous => def.armed,
                    RulebookRule::BoontaEveClassic => def.objective_boonta,
                }
        }
        Ability::FightTogether {
            half, same_stack, ..
        } => {
            !right(half)
                && def.kind == Kind::Battle
                && lines(def, *half).any(|u| {
                    u.rule
                        .alts
                        .iter()
                        .any(|g| g.members.len() >= 2 && g.same_stack == *same_stack)
                })
        }
        Ability::BonusOnlyIf { line, when, half } => {
            let Some(u) = def.uses.get((*line as usize).saturating_sub(1)) else {
                return false;
            };
            super::text_templates::plays(a, def)
                || !right(half)
                    && def.kind != Kind::Other
                    && !u.rule.is_nobody()
                    && !u.rule.unplayed_condition
                    && when.iter().all(|c| match c {
                        Condition::Vs(_) => !u.rule.vs.is_empty() || !u.rule.not_vs.is_empty(),
                        Condition::WhileUsing(_) => !u.rule.while_using.is_empty(),
                        Condition::NotInDuel => u.rule.not_in_duel,
                        _ => false,
                    })
        }
        // Read by the use-line matcher (`who::Candidate::counts_as`, `battle::may_use_fits`).
        Ability::CountsAs { .. } => def.kind == Kind::Character && !def.counts_as.is_empty(),
        Ability::MayUse { .. } => def.may_use.is_some(),
        _ => super::text_templates::plays(a, def),
    }
}

/// How much of `def`'s text (its specification `text`) the engine plays.
pub fn support(text: Option<&CardText>, def: &CardDef) -> TextSupport {
    let Some(text) = text else {
        return TextSupport::None;
    };
    let played = text
        .abilities
        .iter()
        .filter(|a| ability_played(a, def))
        .count();
    match played {
        0 => TextSupport::NotPlayed,
        n if n == text.abilities.len() => TextSupport::Played,
        _ => TextSupport::Partly,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::CardPool;

    #[test]
    fn played_is_what_the_engine_really_plays() {
        let cat = crate::catalogue::Catalogue::embedded_for_tests();
        let pool = CardPool::from_cards(cat.cards());
        let of = |id: &str| pool.get(pool.find(id).unwrap()).text_support();
        for (id, want, why) in [
            ("DM-71", TextSupport::None, "no game text"),
            ("DM-52", TextSupport::Played, "a plain use line"),
            ("DM-131", TextSupport::Played, "a group its use line reads"),
            (
                "BN-53",
                TextSupport::Played,
                "bonus only vs, read from the use line",
            ),
            (
                "BN-56",
                TextSupport::Played,
                "bonus only while using, read too",
            ),
            (
                "BP-22",
                TextSupport::Played,
                "reveal the hand: offered before the fight (card-text 16.12)",
            ),
            (
                "BN-48",
                TextSupport::Played,
                "group and 'only the Gungan is defeated'",
            ),
            ("DM-50", TextSupport::Played, "group and 'no Weapon card'"),
            (
                "BN-50",
                TextSupport::Played,
                "three of several kinds, read from its use line",
            ),
            ("RF-A1", TextSupport::Played, "rulebook Armed & Dangerous"),
            ("BP-29", TextSupport::Played, "rulebook Boonta Eve Classic"),
            (
                "RF-DI2",
                TextSupport::Played,
                "left battle half and right Effect half (card-text 16.1)",
            ),
            (
                "RF-DI4",
                TextSupport::Played,
                "fights-again left half and the right battle half's line both played",
            ),
            ("BN-57", TextSupport::Played, "saved-if-defeated"),
            ("DF-17", TextSupport::Played, "two weapons"),
            ("DF-26", TextSupport::Played, "a deck search"),
            (
                "BN-10",
                TextSupport::NotPlayed,
                "a cost change whose number is unknown",
            ),
            (
                "RF-DI5",
                TextSupport::Played,
                "left half and the right Effect half's search (card-text 16.1, 14-A)",
            ),
            (
                "RF-DI11",
                TextSupport::Played,
                "the right Effect half's power and its free Multi Troop Transports",
            ),
            (
                "BN-60",
                TextSupport::Played,
                "more counters for a hand card",
            ),
            (
                "V1-JC-21",
                TextSupport::Partly,
                "the cost played, the duel not",
            ),
            (
                "BN-1",
                TextSupport::Played,
                "a power modifier while using a weapon",
            ),
            (
                "DF-14",
                TextSupport::Played,
                "a destiny rule and dueling text",
            ),
            ("EBN-P9", TextSupport::Played, "a destiny redraw"),
            (
                "V1-JC-3",
                TextSupport::Played,
                "double damage, no battle cards, not defended in a duel",
            ),
            (
                "RF-DI6",
                TextSupport::Played,
                "right battle half's last stand (card-text 16.5) and dueling text",
            ),
        ] {
            assert_eq!(of(id), want, "{id}: {why}");
        }
    }
}
