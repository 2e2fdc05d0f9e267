//! What a player can do: one small `Copy` value per decision.

use serde::Serialize;
use thiserror::Error;

use super::player::{CardRef, Player};
use crate::catalogue::Planet;

// Equality is written out below (the same as derived) so that it can be inlined; the derived
// hash agrees with it.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Debug, Clone, Copy, Eq, Hash, Serialize)]
pub enum Action {
    // --- setup and planets ---
    /// The first player's starting location, taken from their deck.
    StartingLocation(CardRef),
    /// Take this Effect from the draw deck into hand (RULINGS.md R3).
    FetchEffect(CardRef),
    NoEffect,
    /// The player who lost a planet picks the next one's location.
    NextLocation(CardRef),
    // --- podracing (before anything else in the deploy step) ---
    Thrust,
    Lap(CardRef),
    Refuel(u8),
    // --- deploy step ---
    /// A character, weapon or effect to the current planet; a location to change the scene; a
    /// starship to the Hyperspace pile.
    Deploy(CardRef),
    /// A Podracer pilot or Podracer to the Boonta Eve Classic objective.
    DeployToObjective(CardRef),
    /// Duel of the Fates rules: evacuate with every starship of the Hyperspace pile.
    Evacuate(Planet),
    /// Battle of Naboo rules: play this transport from hand to evacuate.
    EvacuateWith(CardRef, Planet),
    SearchDeck,
    SkipSearch,
    SearchTake(CardRef),
    SearchTakeNothing,
    EndDeploy,
    // --- interception ---
    AddStarship(CardRef),
    Intercept,
    NoIntercept,
    /// Battle of Naboo rules: intercept with this starfighter from hand.
    InterceptWith(CardRef),
    // --- battle step ---
    /// Initiate a duel: `duelist` with lightsaber `saber` (the duelist itself for an Armed &
    /// Dangerous card's lightsaber half) against `target`.
    Duel {
        duelist: CardRef,
        saber: CardRef,
        target: CardRef,
    },
    DuelDefender(CardRef),
    DuelWeapon(Option<CardRef>),
    DuelAttack(CardRef),
    DuelBlock(CardRef),
    /// A Double Impact card whose halves print different destiny numbers attacks, or
    /// blocks, as its right half: with that half's number (`DuelAttack`, `DuelBlock`: its
    /// left half's). RULINGS.md T6, card-text 16.2.
    DuelAttackRight(CardRef),
    DuelBlockRight(CardRef),
    DuelNoBlock,
    DuelPass,
    DeclareBattle,
    SkipBattle,
    AddBattleCard(CardRef),
    BattleCardsDone,
    PlanNext(CardRef),
    PlanDone,
    // --- even up and end of turn ---
    DiscardLocation(CardRef),
    RecycleHand,
    EvenUpDone,
    EvenUpDiscard(CardRef),
    EndTurn,
    Surrender,
    // --- decisions in the middle of things (pending.rs, text.rs) ---
    /// Use option `option` of `card`'s ability.
    UseAbility {
        card: CardRef,
        option: u8,
    },
    /// Decline an optional ability or prompt, and go on.
    Decline,
    ChooseCard(CardRef),
    ChooseNumber(u8),
    /// A bonus line of the weapon or battle card the decision is about (its index among the
    /// card's use lines).
    ChooseLine(u8),
}

/// The derived equality, written out so that it can be inlined: the derived one never was,
/// and comparing actions (`legal.contains(&action)` at every decision, the agents' searches
/// of the legal list) was a call per action listed, about 1.5% of a game. The match is on
/// `self` alone so that a new variant without its arm does not compile. Always inlined: with
/// a plain `#[inline]` an unrelated change elsewhere in the crate could tip the compiler back
/// into a call per action (seen: 18 K instructions a game).
impl PartialEq for Action {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        use Action::*;
        // The variants first, alone: in a search of a list (`legal.contains(&a)`) most
        // entries are another variant, and this is one compare of the tags where the match
        // below jumps through a table on each entry's variant (a mispredicted indirect jump,
        // about 120 K in 300 games). With the variants equal the match jumps on `self`'s,
        // the same for the whole search.
        if std::mem::discriminant(self) != std::mem::discriminant(other) {
            return false;
        }
        let other = *other;
        match *self {
            StartingLocation(a0) => matches!(other, StartingLocation(b0) if a0 == b0),
            FetchEffect(a0) => matches!(other, FetchEffect(b0) if a0 == b0),
            NoEffect => matches!(other, NoEffect),
            NextLocation(a0) => matches!(other, NextLocation(b0) if a0 == b0),
            Thrust => matches!(other, Thrust),
            Lap(a0) => matches!(other, Lap(b0) if a0 == b0),
            Refuel(a0) => matches!(other, Refuel(b0) if a0 == b0),
            Deploy(a0) => matches!(other, Deploy(b0) if a0 == b0),
            DeployToObjective(a0) => matches!(other, DeployToObjective(b0) if a0 == b0),
            Evacuate(a0) => matches!(other, Evacuate(b0) if a0 == b0),
            EvacuateWith(a0, a1) => matches!(other, EvacuateWith(b0, b1) if a0 == b0 && a1 == b1),
            SearchDeck => matches!(other, SearchDeck),
            SkipSearch => matches!(other, SkipSearch),
            SearchTake(a0) => matches!(other, SearchTake(b0) if a0 == b0),
            SearchTakeNothing => matches!(other, SearchTakeNothing),
            EndDeploy => matches!(other, EndDeploy),
            AddStarship(a0) => matches!(other, AddStarship(b0) if a0 == b0),
            Intercept => matches!(other, Intercept),
            NoIntercept => matches!(other, NoIntercept),
            InterceptWith(a0) => matches!(other, InterceptWith(b0) if a0 == b0),
            Duel {
                duelist: a0,
                saber: a1,
                target: a2,
            } => {
                matches!(other, Duel { duelist: b0, saber: b1, target: b2 } if a0 == b0 && a1 == b1 && a2 == b2)
            }
            DuelDefender(a0) => matches!(other, DuelDefender(b0) if a0 == b0),
            DuelWeapon(a0) => matches!(other, DuelWeapon(b0) if a0 == b0),
            DuelAttack(a0) => matches!(other, DuelAttack(b0) if a0 == b0),
            DuelBlock(a0) => matches!(other, DuelBlock(b0) if a0 == b0),
            DuelAttackRight(a0) => matches!(other, DuelAttackRight(b0) if a0 == b0),
            DuelBlockRight(a0) => matches!(other, DuelBlockRight(b0) if a0 == b0),
            DuelNoBlock => matches!(other, DuelNoBlock),
            DuelPass => matches!(other, DuelPass),
            DeclareBattle => matches!(other, DeclareBattle),
            SkipBattle => matches!(other, SkipBattle),
            AddBattleCard(a0) => matches!(other, AddBattleCard(b0) if a0 == b0),
            BattleCardsDone => matches!(other, BattleCardsDone),
            PlanNext(a0) => matches!(other, PlanNext(b0) if a0 == b0),
            PlanDone => matches!(other, PlanDone),
            DiscardLocation(a0) => matches!(other, DiscardLocation(b0) if a0 == b0),
            RecycleHand => matches!(other, RecycleHand),
            EvenUpDone => matches!(other, EvenUpDone),
            EvenUpDiscard(a0) => matches!(other, EvenUpDiscard(b0) if a0 == b0),
            EndTurn => matches!(other, EndTurn),
            Surrender => matches!(other, Surrender),
            UseAbility {
                card: a0,
                option: a1,
            } => matches!(other, UseAbility { card: b0, option: b1 } if a0 == b0 && a1 == b1),
            Decline => matches!(other, Decline),
            ChooseCard(a0) => matches!(other, ChooseCard(b0) if a0 == b0),
            ChooseNumber(a0) => matches!(other, ChooseNumber(b0) if a0 == b0),
            ChooseLine(a0) => matches!(other, ChooseLine(b0) if a0 == b0),
        }
    }
}

/// An action that is not legal now; the state is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalAction {
    #[error("the game is over")]
    GameOver,
    #[error("{action:?} is not a legal action for {player:?} now")]
    NotLegal { player: Player, action: Action },
    /// [`GameState::decide_into`](super::GameState::decide_into) found nothing to offer the
    /// player to act: an engine bug, never a choice of the player.
    #[error("no legal action for {player:?} now")]
    NoLegalAction { player: Player },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_small() {
        // README, Development: "Hot loop": `Action` is `Copy` and small (the simulator copies
        // millions of them).
        assert!(
            std::mem::size_of::<Action>() <= 8,
            "{}",
            std::mem::size_of::<Action>()
        );
    }
}
