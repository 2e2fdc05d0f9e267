//! What a player can do: one small `Copy` value per decision.

use serde::Serialize;
use thiserror::Error;

use super::player::{CardRef, Player};
use crate::catalogue::Planet;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
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
