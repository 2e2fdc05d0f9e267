//! The play-by-play of `yj play`: each engine event as a line a player can follow, and as a
//! JSON object a script can read (a stable `kind`, the player, the catalogue ids of the cards
//! involved, the numbers the line states, and both draw decks' sizes after it). The engine's
//! events hold no text; everything said here is read from them and the card definitions.

use serde_json::{Value, json};

use crate::catalogue::abilities::describe_ability;
use crate::catalogue::{Planet, Side};
use crate::engine::text::{Number, WHOLE_TEXT};
use crate::engine::use_lines::Half;
use crate::engine::{
    CardRef, DeployedTo, DiscardReason, Event, FightSide, GameResult, GameState, Player,
    PowerParts, Victory,
};
use crate::sim::VictoryKind;

/// Turns events into lines. Reads the events in order: a few lines depend on what came before
/// (the first planet, the turn, who dueled).
pub(super) struct Log<'a> {
    pub game: &'a GameState,
    pub sides: [Option<Side>; 2],
    /// Whether the last planet to change hands was surrendered.
    pub surrendered: bool,
    /// Locations placed so far (the first starts the game, later ones a new planet).
    planets_started: u8,
    turn: u32,
    /// Each player's duelist in the duel last started (a `?`-power duelist's hand says so).
    duelists: [Option<CardRef>; 2],
    /// Both draw decks' sizes before the event being told (a Podrace Victory empties the
    /// loser's: the last line says how many cards went).
    decks_before: [u16; 2],
}

/// One event as the play-by-play shows it.
pub(super) struct Line {
    pub text: String,
    pub json: Value,
}

impl<'a> Log<'a> {
    pub fn new(game: &'a GameState, sides: [Option<Side>; 2], surrendered: bool) -> Log<'a> {
        Log {
            game,
            sides,
            surrendered,
            planets_started: 0,
            turn: 0,
            duelists: [None; 2],
            decks_before: [0; 2],
        }
    }

    pub fn player(&self, p: Player) -> String {
        match self.sides {
            [Some(a), Some(b)] if a != b => match self.sides[p.index()] {
                Some(Side::Light) => "Light Side".into(),
                _ => "Dark Side".into(),
            },
            _ => format!("Player {p:?}"),
        }
    }

    fn card(&self, c: CardRef) -> String {
        self.game.def(c).name.clone()
    }

    fn id(&self, c: CardRef) -> &str {
        &self.game.def(c).catalogue_id
    }

    /// The event's line, or None for events the play-by-play does not show (shuffles, the end
    /// of a battle). `decks` is both draw decks' sizes after the event.
    pub fn line(&mut self, e: &Event, decks: [u16; 2]) -> Option<Line> {
        if let Event::TurnStarted { turn, .. } = e {
            self.turn = *turn;
        }
        if let Event::DuelStarted {
            attacker, defender, ..
        } = e
        {
            for c in [*attacker, *defender] {
                self.duelists[self.game.owner(c).index()] = Some(c);
            }
        }
        let text = self.text(e, decks);
        // Not past the end: the result line, printed after the last event, reads them too.
        if !matches!(e, Event::GameOver(_)) {
            self.decks_before = decks;
        }
        let text = text?;
        let (kind, player, cards, fields) = self.facts(e);
        let mut json = json!({
            "turn": self.turn,
            "kind": kind,
            "text": text,
            "player": player.map(|p| format!("{p:?}")),
            "cards": cards.iter().map(|&c| self.id(c)).collect::<Vec<_>>(),
            "draw_decks": {"A": decks[0], "B": decks[1]},
        });
        if let (Value::Object(map), Value::Object(more)) = (&mut json, fields) {
            map.extend(more);
        }
        if let Event::LocationPlaced { .. } = e {
            self.planets_started += 1;
        }
        Some(Line { text, json })
    }

    fn text(&self, e: &Event, decks: [u16; 2]) -> Option<String> {
        let p = |x: &Player| self.player(*x);
        let deck = |x: &Player| deck_words(decks[x.index()]);
        Some(match e {
            Event::ObjectivePlaced { player, card } => {
                format!("{} puts {} into play", p(player), self.card(*card))
            }
            Event::FirstPlayerDestiny {
                player,
                card,
                value,
            } => format!(
                "{} draws destiny {value} ({}) for the first turn",
                p(player),
                self.card(*card)
            ),
            Event::FirstPlayer(x) => format!("{} goes first", p(x)),
            Event::LocationPlaced {
                player,
                card,
                planet,
            } => {
                // A next planet's location may come from the draw deck (rulebook "On to the
                // Second Planet!"): the count falls here, so the line says why. (The first
                // planet's is taken before the hands are drawn.)
                let i = player.index();
                let from_deck = if self.planets_started > 0 && decks[i] < self.decks_before[i] {
                    format!(" from the draw deck ({})", deck(player))
                } else {
                    String::new()
                };
                format!(
                    "{} puts {} into play{from_deck}: {} {}",
                    p(player),
                    self.card(*card),
                    if self.planets_started == 0 {
                        "the first planet is"
                    } else {
                        "the next planet is"
                    },
                    planet_name(*planet)
                )
            }
            Event::SiteChanged {
                player,
                card,
                planet,
            } => format!(
                "{} deploys {}: the scene changes, still at {}",
                p(player),
                self.card(*card),
                planet_name(*planet)
            ),
            Event::Drew { player, count } => format!(
                "{} draws {count} {} ({})",
                p(player),
                plural(*count, "card"),
                deck(player)
            ),
            Event::EvenUp {
                player,
                drew: 0,
                hand,
            } => format!(
                "{} evens up: holds {hand} {}, draws none ({})",
                p(player),
                plural(*hand, "card"),
                deck(player)
            ),
            Event::EvenUp { player, drew, .. } => format!(
                "{} evens up: draws {drew} {} ({})",
                p(player),
                plural(*drew, "card"),
                deck(player)
            ),
            Event::EffectFetched { player, card } => {
                format!(
                    "{} takes {} from the draw deck",
                    p(player),
                    self.card(*card)
                )
            }
            Event::NoEffectFetched { player } => {
                format!("{} takes no Effect from the draw deck", p(player))
            }
            Event::TurnStarted { player, turn } => format!(
                "-- turn {turn}: {} (draw decks: {} {}, {} {}) --",
                p(player),
                p(&Player::A),
                decks[0],
                p(&Player::B),
                decks[1]
            ),
            Event::Revealed { player, card } => {
                format!("{} turns up {}", p(player), self.in_play(*card))
            }
            Event::Deployed {
                player,
                card,
                hidden,
                to,
            } => {
                let what = if *hidden {
                    "a hidden card".to_string()
                } else {
                    self.in_play(*card)
                };
                let to = match to {
                    DeployedTo::Planet(pl) => planet_name(*pl).to_string(),
                    DeployedTo::Objective => "the objective".to_string(),
                    DeployedTo::Hyperspace => "Hyperspace".to_string(),
                };
                format!("{} deploys {what} to {to}", p(player))
            }
            Event::Stacked {
                player: _,
                card,
                cards,
            } => format!(
                "{} joins its stack: {cards} cards, each coming up in the battle plan on its own",
                self.card(*card)
            ),
            Event::Thrust { player, thrust } => format!("{} thrusts (thrust {thrust})", p(player)),
            Event::LapCard {
                player,
                card,
                value,
                handling,
            } => format!(
                "{} plays {} as lap card {value}{}",
                p(player),
                self.card(*card),
                if *handling { " (handling)" } else { "" }
            ),
            Event::LapCompleted { player, laps } => format!("{} completes lap {laps}", p(player)),
            Event::LapCardTaken { player, card } => format!(
                "{}'s draw pile is empty: the last lap card, {}, is taken instead",
                p(player),
                self.card(*card)
            ),
            // The cards drawn are the next line.
            Event::Refueled { player, count } => {
                format!("{} refuels: {count} {}", p(player), plural(*count, "card"))
            }
            Event::DeckSearched {
                player,
                took,
                hidden,
            } => match took {
                // Deployed face down: not shown (card-text 14-A.3); the hidden deploy is the
                // next line.
                Some(_) if *hidden => {
                    format!("{} searches the draw deck and takes a card", p(player))
                }
                // The deploy itself is the next line.
                Some(c) => format!(
                    "{} searches the draw deck and takes {}",
                    p(player),
                    self.card(*c)
                ),
                None => format!(
                    "{} searches the draw deck and takes nothing (1 damage)",
                    p(player)
                ),
            },
            Event::TookIntoHand { player, card } => match card {
                Some(c) => format!(
                    "{} searches the draw deck and takes {} into hand, showing it",
                    p(player),
                    self.card(*c)
                ),
                None => format!("{} searches the draw deck and takes nothing", p(player)),
            },
            Event::EvacuationStarted {
                player,
                planet,
                cards,
                transport,
            } => format!(
                "{} evacuates {cards} {} from {}{}",
                p(player),
                plural(*cards, "card"),
                planet_name(*planet),
                match transport {
                    Some(t) => format!(", playing {} from hand", self.card(*t)),
                    None => String::new(),
                }
            ),
            Event::StarshipAdded { player, card } => {
                format!("{} adds {} to Hyperspace", p(player), self.card(*card))
            }
            Event::Intercepted {
                player,
                starfighter,
            } => match starfighter {
                Some(s) => format!(
                    "{} intercepts, playing {} from hand",
                    p(player),
                    self.card(*s)
                ),
                None => format!("{} intercepts", p(player)),
            },
            Event::NotIntercepted { player } => format!("{} does not intercept", p(player)),
            Event::Evacuated {
                player,
                cards,
                transport,
                ..
            } => {
                let with = match transport {
                    Some(t) => format!(" with the transport {}", self.card(*t)),
                    None => String::new(),
                };
                format!(
                    "{} shuffles {cards} evacuated {}{with} back into the draw deck ({})",
                    p(player),
                    plural(*cards, "card"),
                    deck(player)
                )
            }
            Event::EvacueesLost { player, cards } => format!(
                "{} loses {cards} evacuated {}",
                p(player),
                plural(*cards, "card")
            ),
            Event::FlewAway { player, card } => {
                format!("{}'s {} flies away", p(player), self.card(*card))
            }
            Event::DuelStarted {
                attacker,
                defender,
                attacker_weapon,
                defender_weapon,
            } => format!(
                "duel: {} with {} against {} with {}",
                self.card(*attacker),
                self.duel_weapon(*attacker, *attacker_weapon),
                self.card(*defender),
                self.duel_weapon(*defender, *defender_weapon)
            ),
            Event::DuelHand {
                player,
                cards,
                wanted,
                parts,
            } => {
                let short = if cards < wanted {
                    format!("; the draw pile had only {cards}")
                } else {
                    String::new()
                };
                format!(
                    "{} draws a dueling hand of {cards} {} (power {}{short})",
                    p(player),
                    plural(*cards, "card"),
                    sum(
                        parts,
                        false,
                        self.duelists[player.index()]
                            .is_some_and(|c| self.game.def(c).draws_power())
                    )
                )
            }
            Event::DuelZeroDamage { card } => {
                format!("{} is discarded (0 damage)", self.card(*card))
            }
            Event::DuelAttack {
                player,
                card,
                value,
            } => format!(
                "{} attacks with {} (destiny {value})",
                p(player),
                self.card(*card)
            ),
            // A block plays a card of the attack's number, which the other side must block
            // in turn.
            Event::DuelBlock {
                player,
                card,
                value,
            } => format!(
                "{} blocks with {} (destiny {value})",
                p(player),
                self.card(*card)
            ),
            // `hits` is the running total, which later reduces the loser's damage.
            Event::DuelHit { player, hits } => format!(
                "{} is hit ({hits} {} so far)",
                p(player),
                if *hits == 1 { "hit" } else { "hits" }
            ),
            Event::DuelPass { player } => format!("{} passes", p(player)),
            Event::DuelHitsRemoved {
                player,
                removed,
                left,
            } => format!(
                "{} has {removed} {} taken off ({left} left)",
                p(player),
                if *removed == 1 { "hit" } else { "hits" }
            ),
            Event::NumbersNamed {
                player,
                card,
                numbers: [a, b],
            } => format!(
                "{} names destiny {a} and {b} for {}",
                p(player),
                self.card(*card)
            ),
            Event::DuelDrew {
                player,
                cards,
                wanted,
            } => {
                let short = if cards < wanted {
                    format!(" (the draw pile had only {cards})")
                } else {
                    String::new()
                };
                format!(
                    "{} draws {cards} {} into the dueling hand{short}",
                    p(player),
                    plural(*cards, "card")
                )
            }
            Event::DuelEnded {
                defeated,
                hits,
                due,
                damage,
            } => self.duel_end(*defeated, *hits, *due, *damage),
            Event::BattleDeclared { attacker, space } => format!(
                "{} {}",
                p(attacker),
                if *space {
                    "starts a starship battle"
                } else {
                    "declares a battle"
                }
            ),
            // Face down until the plan turns them up: the fights and the discards name them.
            Event::BattleCardsDeclared { player, count } => match count {
                0 => format!("{} adds no battle cards", p(player)),
                n => format!(
                    "{} adds {n} battle {} (face down)",
                    p(player),
                    plural(*n, "card")
                ),
            },
            Event::DestinyDrawn {
                player,
                card,
                value,
            } => format!("{} draws destiny {value} ({})", p(player), self.card(*card)),
            Event::DestinyHalf {
                player,
                card,
                right,
                value,
            } => format!(
                "{} uses the {} half's destiny {value} of {}",
                p(player),
                if *right { "right" } else { "left" },
                self.card(*card)
            ),
            Event::Fight {
                attacker,
                defender,
                winner,
            } => format!(
                "fight: {} vs {}: {}",
                self.side(attacker),
                self.side(defender),
                match winner {
                    Some(w) => format!("{} wins", p(w)),
                    None => "tie, both stay".to_string(),
                }
            ),
            Event::MisplacedBattleCard { player, card } => format!(
                "{}'s {} does not fit the cards after it in the plan: not used",
                p(player),
                self.card(*card)
            ),
            Event::IgnoredWeapon {
                player,
                card,
                armed,
            } => format!(
                "{}'s {} is not used: {}",
                p(player),
                self.card(*card),
                if *armed {
                    "the Armed & Dangerous character just after it in the plan fights with its own weapon"
                } else {
                    "no character just after it in the plan can use it"
                }
            ),
            Event::Defeated { card, damage, .. } => self.defeated(*card, *damage),
            Event::TopCardLooked { player, bottom, .. } => format!(
                "{} looks at the top card of {}'s draw deck and {}",
                p(player),
                p(&player.other()),
                if *bottom {
                    "puts it at the bottom"
                } else {
                    "leaves it on top"
                }
            ),
            Event::TextDeclined {
                player,
                card,
                ability,
            } => self.declined(*player, *card, *ability),
            Event::Damage { player, cards } => {
                format!("{} takes {cards} damage ({})", p(player), deck(player))
            }
            Event::Breakthrough { player, cards } => format!(
                "{} breaks through with {cards} {}",
                p(player),
                plural(*cards, "character")
            ),
            Event::DiscardedFromHand { player, card } => {
                format!("{} discards {}", p(player), self.card(*card))
            }
            Event::Discarded {
                player,
                card,
                reason,
            } => match reason {
                DiscardReason::WithDefeated => format!(
                    "{}'s {} is discarded with the character who used it",
                    p(player),
                    self.card(*card)
                ),
                DiscardReason::PlanetWon => format!(
                    "{}'s {} is discarded: the planet is decided",
                    p(player),
                    self.card(*card)
                ),
                DiscardReason::BattleCard => format!(
                    "{} discards the battle card {}",
                    p(player),
                    self.card(*card)
                ),
                DiscardReason::TextCost => format!(
                    "{} discards {} from play to use its text",
                    p(player),
                    self.card(*card)
                ),
                DiscardReason::ByText => format!(
                    "{}'s {} is discarded by a card's text",
                    p(player),
                    self.card(*card)
                ),
                DiscardReason::Text => {
                    format!("{} discards {} (game text)", p(player), self.card(*card))
                }
            },
            Event::HandRecycled { player, cards } => {
                format!("{} discards the whole hand ({cards})", p(player))
            }
            Event::HandRevealed { player, cards } => format!(
                "{} reveals the hand ({cards} {}) to {}",
                p(player),
                plural(*cards, "card"),
                p(&player.other())
            ),
            Event::PlanetControlled {
                planet,
                by,
                surrendered,
            } => {
                let planet = planet_name(*planet);
                if *surrendered {
                    format!("{} surrenders {planet} to {}", p(&by.other()), p(by))
                } else {
                    format!("{} takes control of {planet}", p(by))
                }
            }
            Event::GameOver(r) => self.result(*r),
            Event::TextUsed {
                card,
                ability,
                on,
                number,
                by,
                ..
            } => self.text_used(*card, *ability, *on, *number, *by),
            Event::Shuffled(_) | Event::BattleEnded => return None,
        })
    }

    /// "Bombad General: Each Gungan: +1 power (Jar Jar Binks: power +1)": the card, what
    /// the ability does in the words of `yj cards show`, and what it changed here.
    fn text_used(
        &self,
        card: CardRef,
        ability: u8,
        on: Option<CardRef>,
        number: Option<Number>,
        by: i16,
    ) -> String {
        let what: Option<String> = self
            .game
            .def(card)
            .text
            .and_then(|t| t.abilities.get(ability as usize))
            .map(describe_ability);
        let mut s = self.card(card);
        match &what {
            Some(w) => {
                s.push_str(": ");
                // The card is named already: "This card: +1 power" reads "+1 power".
                s.push_str(w.trim_end_matches('.').trim_start_matches("This card: "));
            }
            None => s.push_str("'s text takes effect"),
        }
        let signed = if by >= 0 {
            format!("+{by}")
        } else {
            by.to_string()
        };
        match (number, on) {
            (Some(n), Some(c)) if c != card => {
                s.push_str(&format!(" ({}: {} {signed})", self.card(c), number_word(n)))
            }
            // The card's own number, or its owner's (counters, Even Up hand size): what it
            // changed here, which no other line states ("counters this turn +2").
            (Some(n), _) => s.push_str(&format!(" ({} {signed})", number_word(n))),
            (None, Some(c)) if c != card => s.push_str(&format!(" ({})", self.card(c))),
            _ => {}
        }
        s
    }

    /// "X is defeated": a defeat that deals damage has its damage line next (or the duel's
    /// end); one that deals none says why, or a reader wonders where the damage went.
    fn defeated(&self, card: CardRef, damage: u8) -> String {
        let name = self.card(card);
        if damage > 0 {
            return format!("{name} is defeated");
        }
        match self.game.def(card).damage() {
            0 => format!("{name} is defeated: its damage is 0, no damage"),
            printed => {
                format!(
                    "{name} is defeated: its damage {printed} is cancelled by game text, no damage"
                )
            }
        }
    }

    /// "Dark Side does not use Darth Maul's text": a "you may" offered and declined; a card
    /// of several abilities says which.
    fn declined(&self, player: Player, card: CardRef, ability: u8) -> String {
        let mut s = format!(
            "{} does not use {}'s text",
            self.player(player),
            self.card(card)
        );
        if let Some(t) = self.game.def(card).text
            && t.abilities.len() > 1
            && let Some(a) = t.abilities.get(ability as usize)
        {
            s.push_str(&format!(
                " ({})",
                describe_ability(a)
                    .trim_end_matches('.')
                    .trim_start_matches("This card: ")
            ));
        }
        s
    }

    /// A duelist's weapon; an Armed & Dangerous card's own weapon half is "its own weapon"
    /// rather than the card's whole name a second time.
    fn duel_weapon(&self, duelist: CardRef, w: Option<CardRef>) -> String {
        match w {
            Some(w) if w == duelist => "its own weapon".to_string(),
            _ => self.weapon(w),
        }
    }

    fn weapon(&self, w: Option<CardRef>) -> String {
        match w {
            Some(w) => self.card(w),
            None => "no weapon".to_string(),
        }
    }

    /// `Qui-Gon Jinn, Jedi Protector with Blaster Rifle and Sneak Attack (13: power 5, site
    /// +1, weapon +2, battle card +1, destiny +4)`.
    fn side(&self, s: &FightSide) -> String {
        let names: Vec<String> = s.cards.iter().flatten().map(|&c| self.card(c)).collect();
        let mut out = names.join(" + ");
        let mut used: Vec<String> = s
            .weapon
            .into_iter()
            .chain(s.battle_card)
            .map(|c| self.card(c))
            .collect();
        // A Double Impact card is played as one of its two depicted cards (rulebook "Double
        // Impact Cards"): the half is named, or a reader cannot tell a half without dots
        // from a bonus lost (`... & Qui-Gon's Final Stand as Qui-Gon's Final Stand`).
        if let (Some(b), Some(half), Some(last)) = (s.battle_card, s.battle_half, used.last_mut())
            && let Some(name) = self.half_title(b, half)
        {
            last.push_str(" as ");
            last.push_str(name);
        }
        if !used.is_empty() {
            out.push_str(" with ");
            out.push_str(&used.join(" and "));
        }
        // A `?`-power character (Anakin): "power ?", its draw is in the destiny part.
        let draws = s
            .cards
            .iter()
            .flatten()
            .all(|&c| self.game.def(c).draws_power());
        let mut inner = sum(&s.parts, true, draws);
        // A battle card used here that adds dots whenever its bonus counts, yet added none:
        // its bonus holds only sometimes ("bonus only vs any Jedi", "only if your opponent
        // controls a planet you did not surrender") and not in this fight. Said, or the
        // reader sees the card and no part for it.
        if s.parts.battle_card == 0 && s.battle_card.is_some_and(|b| self.conditional_bonus(b)) {
            if !inner.contains(':') {
                inner = format!("{}: power {}", s.parts.total(), sum(&s.parts, false, draws));
            }
            inner.push_str(", battle card +0: its bonus condition is not met");
        }
        out.push_str(&format!(" ({inner})"));
        out
    }

    /// `card` as it is in play: a Double Impact card is there only as its Effect half
    /// (card-text 16.1: the right half of the eleven that have one), named as such
    /// (`Wisdom Of The Council & Jedi Training as Jedi Training`).
    fn in_play(&self, card: CardRef) -> String {
        let mut name = self.card(card);
        if self.game.def(card).effect_half
            && let Some(half) = self.half_title(card, Half::Right)
        {
            name.push_str(" as ");
            name.push_str(half);
        }
        name
    }

    /// The title of one half of Double Impact card `card`: its title is the two halves'
    /// titles joined by ` & ` (None: not two).
    fn half_title(&self, card: CardRef, half: Half) -> Option<&str> {
        let (left, right) = self.game.def(card).name.split_once(" & ")?;
        Some(match half {
            Half::Left => left,
            Half::Right => right,
        })
    }

    /// Whether every use line of `card` adds dots, and one of them only under a condition.
    fn conditional_bonus(&self, card: CardRef) -> bool {
        let uses = &self.game.def(card).uses;
        !uses.is_empty()
            && uses.iter().all(|u| u.dots > 0)
            && uses.iter().any(|u| {
                let r = &u.rule;
                !r.vs.is_empty()
                    || !r.not_vs.is_empty()
                    || !r.while_using.is_empty()
                    || r.unplayed_condition
            })
    }

    fn duel_end(&self, defeated: Option<CardRef>, hits: [u8; 2], due: u8, damage: u8) -> String {
        let hit_words = |n: u8| format!("{n} {}", if n == 1 { "hit" } else { "hits" });
        let outcome = if damage == 0 {
            "no damage".to_string()
        } else {
            format!("{damage} damage")
        };
        match defeated {
            // Its defeat (or 0-damage discard) was the line before; the damage line follows.
            Some(c) => {
                let loser = self.game.owner(c);
                let scored = hits[loser.other().index()];
                if scored == 0 {
                    // The damage, as in the other endings (no hits of the loser to subtract).
                    return format!("the duel is over: {outcome}");
                }
                format!(
                    "the duel is over: damage {due} less the {} {} scored: {outcome}",
                    hit_words(scored),
                    self.player(loser)
                )
            }
            None if hits[0] == hits[1] => format!(
                "the duel ends with no one defeated, {} each: no damage",
                hit_words(hits[0])
            ),
            None => format!(
                "the duel ends with no one defeated ({} {}, {} {}): {outcome}",
                self.player(Player::A),
                hit_words(hits[0]),
                self.player(Player::B),
                hit_words(hits[1])
            ),
        }
    }

    /// The last line: who won and how (a deck victory says whose deck ran out).
    pub fn result(&self, r: GameResult) -> String {
        let how = match r.victory {
            // `yj playtest` counts a game whose deciding planet was surrendered as a
            // surrender victory; say the same here.
            Victory::Planet([a, b]) => format!(
                "{} ({}, {})",
                if self.surrendered {
                    "surrender"
                } else {
                    "planet victory"
                },
                planet_name(a),
                planet_name(b)
            ),
            Victory::Deck => match r.winner {
                Some(w) => format!(
                    "deck victory ({}'s draw deck is empty)",
                    self.player(w.other())
                ),
                None => "deck victory".to_string(),
            },
            // "Your opponent must immediately place the remaining cards in his draw deck into
            // his discard pile" (rulebook "Lap Cards"): say how many, or the loser's draw deck
            // seems to vanish.
            Victory::Podrace => match r.winner {
                Some(w) if self.decks_before[w.other().index()] > 0 => format!(
                    "podrace victory ({} puts {} into its discard pile)",
                    self.player(w.other()),
                    match self.decks_before[w.other().index()] {
                        1 => "the last card of its draw deck".to_string(),
                        n => format!("the {n} cards left in its draw deck"),
                    }
                ),
                _ => "podrace victory".to_string(),
            },
            Victory::TurnCap => {
                return format!("No winner: the turn cap was reached on turn {}", r.turn);
            }
            Victory::NoLocation => {
                return format!(
                    "No winner: no location was left for the next planet on turn {}",
                    r.turn
                );
            }
            Victory::BothDecksEmpty => {
                return format!(
                    "No winner: both draw decks ran out at once on turn {}",
                    r.turn
                );
            }
        };
        match r.winner {
            Some(w) => format!("{} wins by {how} on turn {}", self.player(w), r.turn),
            None => format!("No winner on turn {}", r.turn),
        }
    }

    /// The event's stable kind, its player, the cards involved and the numbers its line
    /// states.
    fn facts(&self, e: &Event) -> (&'static str, Option<Player>, Vec<CardRef>, Value) {
        let none = Value::Object(Default::default());
        let pl = |p: &Planet| p.as_str();
        match *e {
            Event::ObjectivePlaced { player, card } => {
                ("objective", Some(player), vec![card], none)
            }
            Event::FirstPlayerDestiny {
                player,
                card,
                value,
            } => (
                "first-player-destiny",
                Some(player),
                vec![card],
                json!({ "destiny": value }),
            ),
            Event::FirstPlayer(p) => ("first-player", Some(p), vec![], none),
            Event::LocationPlaced {
                player,
                card,
                planet,
            } => (
                "location",
                Some(player),
                vec![card],
                json!({ "planet": pl(&planet), "first": self.planets_started == 0 }),
            ),
            Event::SiteChanged {
                player,
                card,
                planet,
            } => (
                "site-change",
                Some(player),
                vec![card],
                json!({ "planet": pl(&planet) }),
            ),
            Event::Shuffled(p) => ("shuffle", Some(p), vec![], none),
            Event::Drew { player, count } => {
                ("draw", Some(player), vec![], json!({ "drew": count }))
            }
            Event::EvenUp { player, drew, hand } => (
                "even-up",
                Some(player),
                vec![],
                json!({ "drew": drew, "hand": hand }),
            ),
            Event::EffectFetched { player, card } => {
                ("effect-fetch", Some(player), vec![card], none)
            }
            Event::NoEffectFetched { player } => ("no-effect-fetch", Some(player), vec![], none),
            Event::TurnStarted { player, turn } => {
                ("turn", Some(player), vec![], json!({ "number": turn }))
            }
            Event::Revealed { player, card } => ("reveal", Some(player), vec![card], none),
            Event::Deployed {
                player,
                card,
                hidden,
                to,
            } => {
                let to = match to {
                    DeployedTo::Planet(p) => p.as_str(),
                    DeployedTo::Objective => "objective",
                    DeployedTo::Hyperspace => "hyperspace",
                };
                // A hidden card is not named in the line, nor here.
                let cards = if hidden { vec![] } else { vec![card] };
                (
                    "deploy",
                    Some(player),
                    cards,
                    json!({ "hidden": hidden, "to": to }),
                )
            }
            Event::Stacked {
                player,
                card,
                cards,
            } => ("stack", Some(player), vec![card], json!({ "stack": cards })),
            Event::Thrust { player, thrust } => {
                ("thrust", Some(player), vec![], json!({ "thrust": thrust }))
            }
            Event::LapCard {
                player,
                card,
                value,
                handling,
            } => (
                "lap-card",
                Some(player),
                vec![card],
                json!({ "lap_card": value, "handling": handling }),
            ),
            Event::LapCompleted { player, laps } => {
                ("lap", Some(player), vec![], json!({ "laps": laps }))
            }
            Event::LapCardTaken { player, card } => {
                ("lap-card-taken", Some(player), vec![card], none)
            }
            Event::Refueled { player, count } => {
                ("refuel", Some(player), vec![], json!({ "refuel": count }))
            }
            Event::DeckSearched {
                player,
                took,
                hidden,
            } => (
                "deck-search",
                Some(player),
                took.filter(|_| !hidden).into_iter().collect(),
                json!({ "damage": u8::from(took.is_none()) }),
            ),
            Event::TookIntoHand { player, card } => (
                "deck-search",
                Some(player),
                card.into_iter().collect(),
                json!({ "damage": 0 }),
            ),
            Event::EvacuationStarted {
                player,
                planet,
                cards,
                transport,
            } => (
                "evacuation",
                Some(player),
                transport.into_iter().collect(),
                json!({ "planet": pl(&planet), "evacuees": cards }),
            ),
            Event::StarshipAdded { player, card } => {
                ("starship-added", Some(player), vec![card], none)
            }
            Event::Intercepted {
                player,
                starfighter,
            } => (
                "intercept",
                Some(player),
                starfighter.into_iter().collect(),
                none,
            ),
            Event::NotIntercepted { player } => ("no-intercept", Some(player), vec![], none),
            Event::Evacuated {
                player,
                planet,
                cards,
                transport,
            } => (
                "evacuated",
                Some(player),
                transport.into_iter().collect(),
                json!({ "planet": pl(&planet), "evacuees": cards }),
            ),
            Event::EvacueesLost { player, cards } => (
                "evacuees-lost",
                Some(player),
                vec![],
                json!({ "evacuees": cards }),
            ),
            Event::FlewAway { player, card } => ("fly-away", Some(player), vec![card], none),
            Event::DuelStarted {
                attacker,
                defender,
                attacker_weapon,
                defender_weapon,
            } => {
                let mut cards = vec![attacker];
                cards.extend(attacker_weapon);
                cards.push(defender);
                cards.extend(defender_weapon);
                (
                    "duel",
                    Some(self.game.owner(attacker)),
                    cards,
                    json!({
                        "duelists": [self.id(attacker), self.id(defender)],
                        "weapons": [
                            attacker_weapon.map(|w| self.id(w)),
                            defender_weapon.map(|w| self.id(w)),
                        ],
                    }),
                )
            }
            Event::DuelHand {
                player,
                cards,
                wanted,
                parts,
            } => (
                "dueling-hand",
                Some(player),
                vec![],
                json!({ "hand": cards, "power": wanted, "parts": parts_json(&parts) }),
            ),
            Event::DuelZeroDamage { card } => (
                "duel-zero-damage",
                Some(self.game.owner(card)),
                vec![card],
                none,
            ),
            Event::DuelAttack {
                player,
                card,
                value,
            } => (
                "duel-attack",
                Some(player),
                vec![card],
                json!({ "destiny": value }),
            ),
            Event::DuelBlock {
                player,
                card,
                value,
            } => (
                "duel-block",
                Some(player),
                vec![card],
                json!({ "destiny": value }),
            ),
            Event::DuelHit { player, hits } => {
                ("duel-hit", Some(player), vec![], json!({ "hits": hits }))
            }
            Event::DuelPass { player } => ("duel-pass", Some(player), vec![], none),
            Event::DuelHitsRemoved {
                player,
                removed,
                left,
            } => (
                "duel-hits-removed",
                Some(player),
                vec![],
                json!({ "removed": removed, "hits": left }),
            ),
            Event::DuelDrew { player, cards, .. } => {
                ("duel-draw", Some(player), vec![], json!({ "drew": cards }))
            }
            Event::NumbersNamed {
                player,
                card,
                numbers,
            } => (
                "numbers-named",
                Some(player),
                vec![card],
                json!({ "numbers": numbers }),
            ),
            Event::DuelEnded {
                defeated,
                hits,
                due,
                damage,
            } => (
                "duel-end",
                defeated.map(|c| self.game.owner(c)),
                defeated.into_iter().collect(),
                json!({
                    "hits": {"A": hits[0], "B": hits[1]},
                    "damage_due": due,
                    "damage": damage,
                }),
            ),
            Event::BattleDeclared { attacker, space } => {
                ("battle", Some(attacker), vec![], json!({ "space": space }))
            }
            Event::BattleCardsDeclared { player, count } => (
                "battle-cards",
                Some(player),
                vec![],
                json!({ "count": count }),
            ),
            Event::DestinyDrawn {
                player,
                card,
                value,
            } => (
                "destiny",
                Some(player),
                vec![card],
                json!({ "destiny": value }),
            ),
            Event::DestinyHalf {
                player,
                card,
                right,
                value,
            } => (
                "destiny-half",
                Some(player),
                vec![card],
                json!({ "half": if right { "right" } else { "left" }, "destiny": value }),
            ),
            Event::Fight {
                attacker,
                defender,
                winner,
            } => {
                let cards = [attacker, defender]
                    .iter()
                    .flat_map(|s| {
                        s.cards
                            .into_iter()
                            .flatten()
                            .chain(s.weapon)
                            .chain(s.battle_card)
                    })
                    .collect();
                (
                    "fight",
                    Some(attacker.player),
                    cards,
                    json!({
                        "attacker": self.side_json(&attacker),
                        "defender": self.side_json(&defender),
                        "winner": winner.map(|w| format!("{w:?}")),
                    }),
                )
            }
            Event::MisplacedBattleCard { player, card } => {
                ("battle-card-not-used", Some(player), vec![card], none)
            }
            Event::IgnoredWeapon { player, card, .. } => {
                ("weapon-not-used", Some(player), vec![card], none)
            }
            Event::Defeated {
                player,
                card,
                damage,
            } => (
                "defeated",
                Some(player),
                vec![card],
                json!({ "damage": damage }),
            ),
            Event::TopCardLooked {
                player,
                card,
                bottom,
            } => (
                "top-card-looked",
                Some(player),
                vec![card],
                json!({ "bottom": bottom }),
            ),
            Event::TextDeclined {
                player,
                card,
                ability,
            } => (
                "text-declined",
                Some(player),
                vec![card],
                json!({ "ability": ability }),
            ),
            Event::Damage { player, cards } => {
                ("damage", Some(player), vec![], json!({ "damage": cards }))
            }
            Event::Breakthrough { player, cards } => (
                "breakthrough",
                Some(player),
                vec![],
                json!({ "characters": cards }),
            ),
            Event::BattleEnded => ("battle-end", None, vec![], none),
            Event::DiscardedFromHand { player, card } => (
                "discard",
                Some(player),
                vec![card],
                json!({ "reason": "from-hand" }),
            ),
            Event::Discarded {
                player,
                card,
                reason,
            } => (
                "discard",
                Some(player),
                vec![card],
                json!({ "reason": reason }),
            ),
            Event::HandRecycled { player, cards } => (
                "hand-discarded",
                Some(player),
                vec![],
                json!({ "discarded": cards }),
            ),
            Event::HandRevealed { player, cards } => (
                "hand-revealed",
                Some(player),
                vec![],
                json!({ "cards_in_hand": cards }),
            ),
            Event::PlanetControlled {
                planet,
                by,
                surrendered,
            } => (
                "planet-won",
                Some(by),
                vec![],
                json!({ "planet": pl(&planet), "surrendered": surrendered }),
            ),
            Event::TextUsed {
                player,
                card,
                ability,
                on,
                number,
                by,
            } => {
                let ability = (ability != WHOLE_TEXT).then_some(ability);
                (
                    "text",
                    Some(player),
                    std::iter::once(card)
                        .chain(on.filter(|&c| c != card))
                        .collect(),
                    json!({ "ability": ability, "number": number, "by": number.map(|_| by) }),
                )
            }
            Event::GameOver(r) => (
                "game-over",
                r.winner,
                vec![],
                json!({
                    "victory": VictoryKind::of(&r, self.surrendered).as_str(),
                    "winner": r.winner.map(|w| format!("{w:?}")),
                }),
            ),
        }
    }

    fn side_json(&self, s: &FightSide) -> Value {
        json!({
            "player": format!("{:?}", s.player),
            "cards": s.cards.iter().flatten().map(|&c| self.id(c)).collect::<Vec<_>>(),
            "weapon": s.weapon.map(|c| self.id(c)),
            "battle_card": s.battle_card.map(|c| self.id(c)),
            "battle_card_half": s.battle_half.map(|h| match h {
                Half::Left => "left",
                Half::Right => "right",
            }),
            "power": s.power,
            "parts": parts_json(&s.parts),
        })
    }
}

fn parts_json(p: &PowerParts) -> Value {
    json!({
        "printed": p.printed,
        "location": p.location,
        "text": p.text,
        "weapon": p.weapon,
        "battle_card": p.battle_card,
        "destiny": p.destiny,
    })
}

/// `13: power 5, site +1, weapon +2, destiny +4`; a total that is printed power alone is
/// just the number. With `total` false, the parts without the total in front (a dueling
/// hand's line states its size already).
/// `draws`: the printed power is `?` (a destiny draw, counted in `destiny`), said as `?`
/// rather than 0.
fn sum(p: &PowerParts, total: bool, draws: bool) -> String {
    let mut parts = vec![if draws && p.printed == 0 {
        "?".to_string()
    } else {
        p.printed.to_string()
    }];
    for (n, what) in [
        (p.location, "site"),
        (p.text, "text"),
        (p.weapon, "weapon"),
        (p.battle_card, "battle card"),
        (p.destiny, "destiny"),
    ] {
        if n != 0 {
            parts.push(format!("{what} {n:+}"));
        }
    }
    let tail = parts.join(", ");
    match (total, parts.len()) {
        (true, 1) => p.total().to_string(),
        (true, _) => format!("{}: power {tail}", p.total()),
        (false, _) => tail,
    }
}

/// A number of the rules as a play-by-play line names it.
fn number_word(n: Number) -> &'static str {
    match n {
        Number::Power => "power",
        Number::Damage => "damage",
        Number::DeployCost => "cost",
        Number::CountersPerTurn => "counters this turn",
        Number::EvenUpHand => "Even Up hand size",
        Number::DuelHand => "dueling hand",
        Number::Destiny => "destiny",
        Number::DuelHits => "hits",
        Number::DuelHitCards => "cards after the hit",
        Number::FightTogether => "fighters together",
        Number::DuelText => "dueling text",
        Number::DefendedInDuel => "defended in a duel",
        Number::MayPass => "may pass",
        Number::MayUse => "may use",
        Number::Defeated => "defeated",
        Number::BonusCounts => "bonus counts",
        Number::Saved => "saved",
        Number::IgnoredWeapons => "weapons ignored",
        Number::ResultDamage => "extra damage",
        Number::FightsAgain => "fights again",
        Number::BreakthroughLoss => "breakthrough loss",
        Number::TwoWeapons => "two weapons",
        Number::Handling => "handling number",
        Number::HandBattleCard => "used as a battle card",
    }
}

fn deck_words(n: u16) -> String {
    match n {
        0 => "draw deck empty".to_string(),
        1 => "1 card left in the draw deck".to_string(),
        n => format!("{n} cards left in the draw deck"),
    }
}

fn plural(n: u8, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

fn planet_name(planet: Planet) -> &'static str {
    match planet {
        Planet::Tatooine => "Tatooine",
        Planet::Coruscant => "Coruscant",
        Planet::Naboo => "Naboo",
    }
}

#[cfg(test)]
mod tests;
