//! `legal_actions`: the single source of truth for what may be done; `apply` accepts exactly
//! these.

use super::action::{Action, IllegalAction};
use super::card_pool::Kind;
use super::event::Events;
use super::player::{CardRef, Player};
use super::state::{Flow, GameState, Phase, StarshipRules};
use super::text::Window;
use super::view::PlayerView;
use crate::catalogue::StarshipClass;

/// Fills `out` (cleared first) with the actions the viewing player may take now; empty when
/// it is not their decision.
pub fn legal_actions(view: &PlayerView, out: &mut Vec<Action>) {
    out.clear();
    let g = view.state();
    if g.to_act() == Some(view.player()) {
        g.legal_for(view.player(), out);
    }
}

impl GameState {
    pub(crate) fn legal_for(&self, p: Player, out: &mut Vec<Action>) {
        if let Some(&top) = self.pending.last() {
            self.pending_legal(top, out);
            return;
        }
        let mut cards: Vec<CardRef> = Vec::new();
        let ps = &self.players[p.index()];
        match self.phase {
            // Nobody acts in these but through a pending decision (answered above).
            Phase::GameOver | Phase::Fights => {}
            Phase::StartingLocation(_) => {
                self.location_candidates(p, false, &mut cards);
                out.extend(cards.iter().map(|&c| Action::StartingLocation(c)));
            }
            Phase::EffectFetch { .. } => {
                self.effect_candidates(p, &mut cards);
                out.extend(cards.iter().map(|&c| Action::FetchEffect(c)));
                out.push(Action::NoEffect);
            }
            Phase::NextLocation(_) => {
                self.location_candidates(p, true, &mut cards);
                out.extend(cards.iter().map(|&c| Action::NextLocation(c)));
            }
            Phase::Deploy => {
                if self.can_thrust(p) {
                    out.push(Action::Thrust);
                }
                // The hand is walked for laps and the objective only when the turn's race
                // flags or the objective allow one at all (most deploy decisions).
                if self.laps_open(p) {
                    for &c in &ps.hand {
                        if self.lap_fit(p, c).is_some() {
                            out.push(Action::Lap(c));
                        }
                    }
                }
                for n in 1..=self.refuel_limit(p) {
                    out.push(Action::Refuel(n));
                }
                // The counters left, read once for the whole hand.
                let left = std::cell::OnceCell::new();
                // Only a Podracer pilot or Podracer with its slot at the objective free may go
                // there: once both are filled (early in most Boonta games) no hand card is asked.
                let boonta = self.has_boonta(p) && (ps.pilot.is_none() || ps.podracer.is_none());
                for &c in &ps.hand {
                    if self.can_deploy_within(p, c, Some(&left)) {
                        out.push(Action::Deploy(c));
                    }
                    if boonta && self.can_deploy_to_objective(p, c) {
                        out.push(Action::DeployToObjective(c));
                    }
                }
                match self.options.starships {
                    StarshipRules::DuelOfTheFates => {
                        if self.has_hyperspace_transport(p) {
                            out.extend(self.evacuation_planets(p).map(Action::Evacuate));
                        }
                    }
                    StarshipRules::BattleOfNaboo => {
                        let planets: Vec<_> = self.evacuation_planets(p).collect();
                        for &c in &ps.hand {
                            if self.is_class(c, StarshipClass::Transport) {
                                out.extend(planets.iter().map(|&pl| Action::EvacuateWith(c, pl)));
                            }
                        }
                    }
                }
                self.ability_actions(p, Window::Deploy, out);
                out.push(Action::EndDeploy);
            }
            Phase::DeckSearch { searching: false } => {
                out.push(Action::SearchDeck);
                out.push(Action::SkipSearch);
            }
            Phase::DeckSearch { searching: true } => {
                self.search_candidates(p, &mut cards);
                out.extend(cards.iter().map(|&c| Action::SearchTake(c)));
                out.push(Action::SearchTakeNothing);
            }
            // An interception's fight is under way: nobody acts but through a pending decision.
            Phase::Interception if self.interception().is_some() => {}
            Phase::Interception => match self.options.starships {
                StarshipRules::DuelOfTheFates => {
                    for &c in &ps.hand {
                        if self.facts(c).kind == Kind::Starship
                            && self.facts(c).deployable()
                            && self.may_join_hyperspace(p, c)
                        {
                            out.push(Action::AddStarship(c));
                        }
                    }
                    if !ps.hyperspace.is_empty() {
                        out.push(Action::Intercept);
                    }
                    out.push(Action::NoIntercept);
                }
                StarshipRules::BattleOfNaboo => {
                    for &c in &ps.hand {
                        if self.is_class(c, StarshipClass::Starfighter) {
                            out.push(Action::InterceptWith(c));
                        }
                    }
                    out.push(Action::NoIntercept);
                }
            },
            Phase::BattleStep => {
                self.duel_options(out);
                if self.can_declare_battle() {
                    out.push(Action::DeclareBattle);
                }
                self.ability_actions(p, Window::BattleStep, out);
                out.push(Action::SkipBattle);
            }
            Phase::DuelDefender => {
                self.defender_options(&mut cards);
                out.extend(cards.iter().map(|&c| Action::DuelDefender(c)));
            }
            Phase::DuelWeapon => {
                self.defender_weapons(&mut cards);
                // An Armed & Dangerous defender has its weapon half, never none.
                if !self.duel_defender_armed() {
                    out.push(Action::DuelWeapon(None));
                }
                out.extend(cards.iter().map(|&c| Action::DuelWeapon(Some(c))));
            }
            Phase::DuelPlay => self.duel_moves(out),
            Phase::BattleCards(_) => {
                for &c in &ps.hand {
                    if self.facts(c).kind == Kind::Battle || self.hand_battle_card(c, None) {
                        out.push(Action::AddBattleCard(c));
                    }
                }
                out.push(Action::BattleCardsDone);
            }
            Phase::BattlePlan(_) => {
                // Straight into the list: plan decisions are the most frequent of a battle.
                self.each_plan_candidate(p, |c| out.push(Action::PlanNext(c)));
                if self.plan_complete(p) {
                    out.push(Action::PlanDone);
                }
            }
            Phase::EvenUp => {
                for &c in &ps.hand {
                    if self.facts(c).kind == Kind::Location {
                        out.push(Action::DiscardLocation(c));
                    }
                }
                if !ps.hand.is_empty() {
                    out.push(Action::RecycleHand);
                }
                self.ability_actions(p, Window::EvenUp, out);
                out.push(Action::EvenUpDone);
            }
            Phase::EvenUpDiscard => {
                out.extend(ps.hand.iter().map(|&c| Action::EvenUpDiscard(c)));
            }
            Phase::EndOfTurn => {
                out.push(Action::EndTurn);
                out.push(Action::Surrender);
            }
        }
    }

    /// Applies an action of the player to act. An illegal action is refused and leaves the
    /// state untouched.
    pub fn apply(&mut self, action: Action) -> Result<Events, IllegalAction> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// As [`GameState::apply`], appending the events to a caller's buffer.
    pub fn apply_into(&mut self, action: Action, events: &mut Events) -> Result<(), IllegalAction> {
        let Some(p) = self.to_act() else {
            return Err(IllegalAction::GameOver);
        };
        // The list is rebuilt here because the caller's cannot be trusted to be this state's;
        // `decide_into` avoids this second listing for callers that let the engine list.
        let mut legal = std::mem::take(&mut self.legal_scratch);
        legal.clear();
        self.legal_for(p, &mut legal);
        let ok = legal.contains(&action);
        legal.clear();
        self.legal_scratch = legal;
        if !ok {
            return Err(IllegalAction::NotLegal { player: p, action });
        }
        self.run(p, action, events);
        Ok(())
    }

    /// One decision of the game: lists the legal actions of the player to act into `legal`
    /// (cleared first), lets `choose` pick one seeing only that player's view, and applies it,
    /// appending its events to `events`. The list is made here from the very state the
    /// action is then applied to, so the choice is checked against it rather than listed a
    /// second time as [`GameState::apply`] must. An action not in the list is refused and
    /// leaves the state untouched, as with `apply`. Returns the action applied.
    pub fn decide_into(
        &mut self,
        legal: &mut Vec<Action>,
        events: &mut Events,
        choose: impl FnOnce(&PlayerView, &[Action]) -> Action,
    ) -> Result<Action, IllegalAction> {
        let Some(p) = self.to_act() else {
            return Err(IllegalAction::GameOver);
        };
        legal.clear();
        self.legal_for(p, legal);
        if legal.is_empty() {
            return Err(IllegalAction::NoLegalAction { player: p });
        }
        let action = choose(&self.view(p), legal);
        if !legal.contains(&action) {
            return Err(IllegalAction::NotLegal { player: p, action });
        }
        self.run(p, action, events);
        Ok(action)
    }

    /// Executes a legal action of `p` and hands its events to the caller.
    fn run(&mut self, p: Player, action: Action, events: &mut Events) {
        // Events never handed out (the setup's, which are read through `pending_events`) leave
        // the trace with them.
        let stale = self.log.len();
        if let Some(t) = &mut self.deck_trace {
            t.truncate(t.len().saturating_sub(stale));
        }
        self.log.clear();
        let before = self.draw_deck_lens();
        // `Ended` only says the game is over; the result is in the state. Any step that empties
        // a draw deck without checking (taking a card from it, say) is caught here.
        let _ = self
            .execute(p, action)
            .and_then(|()| self.check_decks(before));
        // The caller's buffer is most often empty (the runner clears it before each
        // decision): the two vectors then trade places rather than the events being copied
        // over (a `memcpy` call at every decision); the log is left empty either way.
        if events.is_empty() {
            std::mem::swap(events, &mut self.log);
        } else {
            events.append(&mut self.log);
        }
    }

    fn execute(&mut self, p: Player, action: Action) -> Flow {
        if let Some(&top) = self.pending.last() {
            return self.answer_pending(top, action);
        }
        match action {
            Action::StartingLocation(c) => self.starting_location(p, c),
            Action::FetchEffect(c) => self.fetch_effect(p, Some(c)),
            Action::NoEffect => self.fetch_effect(p, None),
            Action::NextLocation(c) => self.next_location(p, c),
            Action::Thrust => {
                self.thrust(p);
                Ok(())
            }
            Action::Lap(c) => self.play_lap(p, c),
            Action::Refuel(n) => self.refuel(p, n),
            Action::Deploy(c) => self.deploy(p, c),
            // Deploying to the objective is part of podracing: it does not close it.
            Action::DeployToObjective(c) => self.deploy_to_objective(p, c),
            Action::Evacuate(pl) => {
                self.start_evacuation(p, pl, None);
                Ok(())
            }
            Action::EvacuateWith(t, pl) => {
                self.start_evacuation(p, pl, Some(t));
                Ok(())
            }
            Action::SearchDeck => {
                self.phase = Phase::DeckSearch { searching: true };
                Ok(())
            }
            Action::SkipSearch => {
                self.search = None;
                self.phase = Phase::Deploy;
                Ok(())
            }
            Action::SearchTake(c) => self.finish_search(p, Some(c)),
            Action::SearchTakeNothing => self.finish_search(p, None),
            Action::EndDeploy => {
                self.ts.podrace_open = false;
                self.phase = Phase::BattleStep;
                Ok(())
            }
            Action::AddStarship(c) => {
                self.add_starship(p, c);
                Ok(())
            }
            Action::Intercept => {
                self.intercept();
                Ok(())
            }
            Action::NoIntercept => self.no_intercept(),
            Action::InterceptWith(c) => self.intercept_with(c),
            Action::Duel {
                duelist,
                saber,
                target,
            } => {
                self.start_duel(duelist, saber, target);
                Ok(())
            }
            Action::DuelDefender(c) => {
                self.set_defender(c);
                Ok(())
            }
            Action::DuelWeapon(w) => self.begin_duel(w),
            Action::DuelAttack(c) => self.duel_play(c, false, false),
            Action::DuelBlock(c) => self.duel_play(c, true, false),
            Action::DuelAttackRight(c) => self.duel_play(c, false, true),
            Action::DuelBlockRight(c) => self.duel_play(c, true, true),
            Action::DuelNoBlock => self.duel_no_block(),
            Action::DuelPass => self.duel_pass(),
            Action::DeclareBattle => self.declare_battle(),
            Action::SkipBattle => {
                self.phase = Phase::EvenUp;
                Ok(())
            }
            Action::AddBattleCard(c) => {
                self.add_battle_card(p, c);
                Ok(())
            }
            Action::BattleCardsDone => {
                self.battle_cards_done(p);
                Ok(())
            }
            Action::PlanNext(c) => {
                self.plan_next(p, c);
                Ok(())
            }
            Action::PlanDone => self.plan_done(p),
            Action::DiscardLocation(c) => {
                self.discard_from_hand(p, c);
                Ok(())
            }
            Action::RecycleHand => {
                self.recycle_hand(p);
                Ok(())
            }
            Action::EvenUpDone => self.even_up(p),
            Action::EvenUpDiscard(c) => {
                self.even_up_discard(p, c);
                Ok(())
            }
            Action::EndTurn => self.end_turn(false),
            Action::Surrender => self.end_turn(true),
            // Offered at the deploy and battle steps (a window of its own is a pending
            // decision, answered above).
            Action::UseAbility { card, option } => self.use_ability(card, option),
            // Only ever legal as the answer to a pending decision.
            Action::Decline
            | Action::ChooseCard(_)
            | Action::ChooseNumber(_)
            | Action::ChooseLine(_) => Ok(()),
        }
    }
}
