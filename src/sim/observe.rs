//! Watching one game's events for the statistics of the deck under test: who went first, how
//! the game ended, which of its cards were drawn and deployed, and the damage each dealt.

use serde::Serialize;

use crate::engine::{CardRef, Event, FightSide, GameResult, GameState, Player, Victory};

/// How a game ended, as the report counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VictoryKind {
    /// Two planets controlled, the deciding one taken.
    Planet,
    /// Two planets controlled, the deciding one surrendered by the loser.
    Surrender,
    Deck,
    Podrace,
    /// The engine's turn cap: nobody won.
    TurnCap,
    /// No location left for the next planet (illegal decks only): nobody won.
    NoLocation,
    /// One step emptied both draw decks: nobody won (`RULINGS.md` E1: a deck victory
    /// happens as soon as a draw deck is empty).
    BothDecksEmpty,
}

impl VictoryKind {
    pub const ALL: [VictoryKind; 7] = [
        VictoryKind::Planet,
        VictoryKind::Surrender,
        VictoryKind::Deck,
        VictoryKind::Podrace,
        VictoryKind::TurnCap,
        VictoryKind::NoLocation,
        VictoryKind::BothDecksEmpty,
    ];

    /// How a game ended; `last_surrendered` says whether the last planet to change hands was
    /// surrendered (a planet victory decided that way counts as a surrender).
    pub fn of(r: &GameResult, last_surrendered: bool) -> VictoryKind {
        match r.victory {
            Victory::Planet(_) if last_surrendered => VictoryKind::Surrender,
            Victory::Planet(_) => VictoryKind::Planet,
            Victory::Deck => VictoryKind::Deck,
            Victory::Podrace => VictoryKind::Podrace,
            Victory::TurnCap => VictoryKind::TurnCap,
            Victory::NoLocation => VictoryKind::NoLocation,
            Victory::BothDecksEmpty => VictoryKind::BothDecksEmpty,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            VictoryKind::Planet => "planet",
            VictoryKind::Surrender => "surrender",
            VictoryKind::Deck => "deck",
            VictoryKind::Podrace => "podrace",
            VictoryKind::TurnCap => "turn-cap",
            VictoryKind::NoLocation => "no-location",
            VictoryKind::BothDecksEmpty => "both-decks-empty",
        }
    }
}

/// Damage is credited in sixths so that a fight-together group of two or three shares it
/// exactly, and sums do not depend on the order games are added in.
pub const DAMAGE_UNIT: u64 = 6;

/// Who gets the damage of the next `Damage` event.
#[derive(Debug, Clone, Copy)]
enum Credit {
    None,
    /// A fight won by the deck under test: its fighters share, weapon and battle card each
    /// get it whole.
    Fight(FightSide),
    /// A duel the deck's duelist won (or drew with fewer hits).
    Duelist([Option<CardRef>; 2]),
}

/// Per-game scratch for one deck under test; reused from game to game.
pub struct Observer {
    /// Which seat the deck under test has this game.
    pub seat: Player,
    /// Where the deck's cards start among the game's cards (0 at seat A; after the
    /// opponent's deck at seat B), and how many there are.
    offset: usize,
    len: usize,
    /// For each card of the deck list (by position), its distinct-card index.
    local: Vec<u16>,
    pub drawn: Vec<bool>,
    pub deployed: Vec<bool>,
    /// Whether the card's game text took effect at least once this game.
    pub text_fired: Vec<bool>,
    /// Damage dealt per distinct card, in `DAMAGE_UNIT`ths.
    pub damage: Vec<u64>,
    pub deck_first: bool,
    last_surrendered: bool,
    credit: Credit,
    duelists: [Option<CardRef>; 2],
    hand_changed: bool,
}

impl Observer {
    /// `local[k]` is the distinct-card index of the deck's k-th card; `distinct` how many.
    pub fn new(local: Vec<u16>, distinct: usize) -> Observer {
        Observer {
            seat: Player::A,
            offset: 0,
            len: local.len(),
            local,
            drawn: vec![false; distinct],
            deployed: vec![false; distinct],
            text_fired: vec![false; distinct],
            damage: vec![0; distinct],
            deck_first: false,
            last_surrendered: false,
            credit: Credit::None,
            duelists: [None, None],
            hand_changed: false,
        }
    }

    pub fn start(&mut self, seat: Player, opponent_len: usize) {
        self.seat = seat;
        self.offset = if seat == Player::A { 0 } else { opponent_len };
        self.drawn.fill(false);
        self.deployed.fill(false);
        self.text_fired.fill(false);
        self.damage.fill(0);
        self.deck_first = false;
        self.last_surrendered = false;
        self.credit = Credit::None;
        self.duelists = [None, None];
        self.hand_changed = false;
    }

    /// The distinct-card index of one of the deck's cards; None for the opponent's.
    fn local(&self, c: CardRef) -> Option<usize> {
        let i = c.index().checked_sub(self.offset)?;
        (i < self.len).then(|| self.local[i] as usize)
    }

    fn credit(&mut self, c: Option<CardRef>, units: u64) {
        if let Some(i) = c.and_then(|c| self.local(c)) {
            self.damage[i] += units;
        }
    }

    pub fn event(&mut self, e: &Event) {
        let me = self.seat;
        // A credit lasts from the fight or duel that earns it to the `Damage` that follows
        // (only `Defeated` events come between, and for a transport destroyed under the Battle
        // of Naboo rules its lost evacuees and the interceptor flying away); any other event
        // ends it.
        let credit = std::mem::replace(&mut self.credit, Credit::None);
        match *e {
            // A Battle of Naboo starship played from hand flies away unless destroyed: played.
            Event::FlewAway { player, card } => {
                self.credit = credit;
                if player == me
                    && let Some(i) = self.local(card)
                {
                    self.deployed[i] = true;
                }
            }
            // The weapon discarded with a defeated character comes between its defeat and the
            // damage it deals, as do texts that change that damage (or a "you may" declined).
            Event::Defeated { .. }
            | Event::EvacueesLost { .. }
            | Event::Discarded { .. }
            | Event::TextDeclined { .. } => self.credit = credit,
            Event::TextUsed { player, card, .. } => {
                self.credit = credit;
                if player == me
                    && let Some(i) = self.local(card)
                {
                    self.text_fired[i] = true;
                }
            }
            Event::FirstPlayer(p) => self.deck_first = p == me,
            // An Even Up that drew nothing left the hand as it was (a discard down to six is
            // its own event).
            Event::EvenUp { drew: 0, .. } => {}
            Event::Drew { player, .. }
            | Event::EvenUp { player, .. }
            | Event::DestinyDrawn { player, .. }
            | Event::EffectFetched { player, .. }
            | Event::TookIntoHand { player, .. }
                if player == me =>
            {
                self.hand_changed = true
            }
            // Locations are put into play (to start a planet or change the scene), not deployed
            // with counters; they count as deployed too, as do starships added from hand to
            // the Hyperspace pile during an interception.
            Event::Deployed { player, card, .. }
            | Event::LocationPlaced { player, card, .. }
            | Event::SiteChanged { player, card, .. }
            | Event::StarshipAdded { player, card }
                if player == me =>
            {
                if let Some(i) = self.local(card) {
                    self.deployed[i] = true;
                }
            }
            Event::Fight {
                attacker,
                defender,
                winner,
            } => {
                // A battle card the deck used counts as played, won or lost; so does a
                // fighter (a Battle of Naboo starship fights straight from hand).
                for side in [attacker, defender] {
                    if side.player != me {
                        continue;
                    }
                    for c in side.cards.into_iter().flatten().chain(side.battle_card) {
                        if let Some(i) = self.local(c) {
                            self.deployed[i] = true;
                        }
                    }
                }
                self.credit = match winner {
                    Some(w) if w == me => Credit::Fight(if attacker.player == me {
                        attacker
                    } else {
                        defender
                    }),
                    _ => Credit::None,
                };
            }
            Event::DuelStarted {
                attacker, defender, ..
            } => {
                self.duelists = [Some(attacker), Some(defender)];
            }
            Event::DuelEnded { defeated, .. } => {
                self.credit = Credit::Duelist(match defeated {
                    // The duelist who was not defeated dealt the damage.
                    Some(c) => [self.duelists.into_iter().flatten().find(|&d| d != c), None],
                    None => self.duelists,
                });
            }
            // Damage to the opponent, after a fight or duel the deck won.
            Event::Damage { player, cards } if player != me => {
                let units = cards as u64 * DAMAGE_UNIT;
                match credit {
                    Credit::Fight(side) => {
                        let n = side.cards.iter().flatten().count().max(1) as u64;
                        for c in side.cards {
                            self.credit(c, units / n);
                        }
                        self.credit(side.weapon, units);
                        self.credit(side.battle_card, units);
                    }
                    // Only one of the duelists can be the deck's.
                    Credit::Duelist(ds) => {
                        for d in ds {
                            self.credit(d, units);
                        }
                    }
                    Credit::None => {}
                }
            }
            Event::PlanetControlled { surrendered, .. } => self.last_surrendered = surrendered,
            _ => {}
        }
    }

    /// After each action: cards that reached the deck's hand count as drawn.
    pub fn after_action(&mut self, state: &GameState) {
        if !self.hand_changed {
            return;
        }
        self.hand_changed = false;
        for &c in &state.player(self.seat).hand {
            if let Some(i) = self.local(c) {
                self.drawn[i] = true;
            }
        }
    }

    pub fn victory(&self, r: &GameResult) -> VictoryKind {
        VictoryKind::of(r, self.last_surrendered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Planet;
    use crate::engine::builder::{Builder, Zone, fx};
    use crate::engine::{Action, Phase};
    use Player::A;

    #[test]
    fn a_won_fight_credits_its_damage_to_the_fighter_and_its_weapon() {
        // The deck under test is A's: its cards come first in the game's card table.
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.phase(Phase::BattleStep, Player::A);
        let at = Zone::At(Planet::Naboo, true);
        let hero = b.add(Player::A, fx::character("Hero", "", 5, 1, 1), at);
        let rifle = b.add(Player::A, fx::weapon("Hero Rifle", &[("Hero", 1, 0)]), at);
        b.deck_filler(Player::A, 1, 5);
        let foe = b.add(Player::B, fx::character("Foe", "", 3, 2, 1), at);
        b.deck_filler(Player::B, 1, 5);
        // A's cards: the location, hero, rifle and filler, all before the foe.
        let a_cards = foe.index();
        let mut g = b.build();
        let local: Vec<u16> = (0..a_cards as u16).collect();
        let mut obs = Observer::new(local, a_cards);
        obs.start(Player::A, 6);
        for a in [
            Action::DeclareBattle,
            Action::BattleCardsDone,
            Action::BattleCardsDone,
            Action::PlanNext(rifle),
            Action::PlanNext(hero),
            Action::PlanDone,
            Action::PlanNext(foe),
            Action::PlanDone,
        ] {
            for e in g.apply(a).unwrap() {
                obs.event(&e);
            }
        }
        // The foe's 2 damage, whole to the fighter and whole to the weapon it used.
        assert_eq!(obs.damage[hero.index()], 2 * DAMAGE_UNIT);
        assert_eq!(obs.damage[rifle.index()], 2 * DAMAGE_UNIT);
        assert_eq!(obs.damage.iter().sum::<u64>(), 4 * DAMAGE_UNIT);
        // A later Damage (say a search penalty) with no fight before it credits nobody.
        obs.event(&Event::Damage {
            player: Player::B,
            cards: 1,
        });
        assert_eq!(obs.damage.iter().sum::<u64>(), 4 * DAMAGE_UNIT);
    }

    #[test]
    fn a_starfighter_that_destroys_a_transport_is_credited_with_its_damage() {
        // README "avg damage": the damage of the fights a card won. Battle of Naboo rules: the
        // deck under test (A) intercepts B's transport with a starfighter and destroys it; B
        // takes the transport's damage ("discard cards from your draw deck equal to your
        // Transport's Damage number").
        use crate::catalogue::StarshipClass;
        use crate::engine::{GameOptions, StarshipRules};
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.controlled(Planet::Tatooine, A);
        b.phase(Phase::Deploy, Player::B);
        b.options(GameOptions {
            starships: StarshipRules::BattleOfNaboo,
            ..GameOptions::default()
        });
        let fighter = b.add(
            Player::A,
            fx::starship("Droid Starfighter", StarshipClass::Starfighter, 4, 1),
            Zone::Hand,
        );
        b.deck_filler(Player::A, 3, 5);
        let a_cards = b.add(
            Player::B,
            fx::character("X", "", 2, 2, 1),
            Zone::At(Planet::Tatooine, true),
        );
        let transport = b.add(
            Player::B,
            fx::starship("Cruiser", StarshipClass::Transport, 2, 3),
            Zone::Hand,
        );
        b.deck_filler(Player::B, 1, 10);
        let a_len = a_cards.index();
        let mut g = b.build();
        let mut obs = Observer::new((0..a_len as u16).collect(), a_len);
        obs.start(Player::A, 13);
        for a in [
            Action::EvacuateWith(transport, Planet::Tatooine),
            Action::InterceptWith(fighter),
        ] {
            for e in g.apply(a).unwrap() {
                obs.event(&e);
            }
        }
        assert_eq!(g.player(Player::B).deck.len(), 10 - 3);
        assert_eq!(obs.damage[fighter.index()], 3 * DAMAGE_UNIT);
        // Played from hand to intercept, it counts as deployed: its average damage is shown.
        assert!(obs.deployed[fighter.index()]);
    }

    #[test]
    fn starships_played_from_hand_count_as_deployed() {
        // A starship added from hand to the Hyperspace pile during an interception (Duel of
        // the Fates rules) is in play, as one deployed in the deploy step is.
        use crate::catalogue::StarshipClass;
        let mut b = Builder::new();
        b.current(Planet::Naboo, 0);
        b.controlled(Planet::Tatooine, A);
        b.phase(Phase::Deploy, Player::B);
        let fighter = b.add(
            Player::A,
            fx::starship("Droid Starfighter", StarshipClass::Starfighter, 4, 1),
            Zone::Hand,
        );
        b.deck_filler(Player::A, 3, 5);
        let a_cards = b.add(
            Player::B,
            fx::character("X", "", 2, 2, 1),
            Zone::At(Planet::Tatooine, true),
        );
        b.add(
            Player::B,
            fx::starship("Cruiser", StarshipClass::Transport, 2, 3),
            Zone::Hyperspace,
        );
        b.deck_filler(Player::B, 1, 10);
        let a_len = a_cards.index();
        let mut g = b.build();
        let mut obs = Observer::new((0..a_len as u16).collect(), a_len);
        obs.start(Player::A, 13);
        for a in [
            Action::Evacuate(Planet::Tatooine),
            Action::AddStarship(fighter),
            Action::NoIntercept,
        ] {
            for e in g.apply(a).unwrap() {
                obs.event(&e);
            }
        }
        assert!(obs.deployed[fighter.index()]);
    }
}
