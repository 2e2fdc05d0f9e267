//! The cards a fix may keep or add, as the search sees them: each with its deck-building
//! dots, titles and planet, how many copies may stay, how many may be added (owned or not),
//! and what each copy costs.

use crate::catalogue::{Card, CardType, Catalogue, Side};
use crate::deck::rules::RulesSet;
use crate::deck::validate::{Titles, piece};

/// Why a card of the deck cannot stay (and is never added).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    OtherSide(Side),
    Virtual,
    Set(String),
    /// A virtual card whose original is from a set the rules do not allow.
    SleevedSet(String, String),
    Banned,
    UnknownDots,
    NoDots,
}

/// Why `card` may not be in a `side` deck under `rules`, if it may not.
pub fn refusal(
    card: &Card,
    side: Side,
    rules: &RulesSet,
    catalogue: &Catalogue,
) -> Option<Refusal> {
    if card.side != side {
        return Some(Refusal::OtherSide(card.side));
    }
    if card.is_virtual() {
        if !rules.virtual_cards {
            return Some(Refusal::Virtual);
        }
        if let Some(original) = card.replaces.as_deref().and_then(|id| catalogue.get(id))
            && !rules.sets.contains(&original.set)
        {
            return Some(Refusal::SleevedSet(
                original.id.clone(),
                original.set.name().to_string(),
            ));
        }
    } else if !rules.sets.contains(&card.set) {
        return Some(Refusal::Set(card.set.name().to_string()));
    }
    if rules.is_banned(&card.id) {
        return Some(Refusal::Banned);
    }
    if card.card_type != CardType::Objective {
        match card.dots {
            None => return Some(Refusal::UnknownDots),
            Some(d) if d.colour().is_none() && d.white().next().is_none() => {
                return Some(Refusal::NoDots);
            }
            Some(_) => {}
        }
    }
    None
}

/// Cost weights. A fix is compared first by copies that must be acquired (`PAID`, only with
/// `--owned`), then by copies added (`ADD`: every added copy is one change more, as the deck
/// size is fixed), then by the deck's intent (the small costs), so the intent never trades
/// against one change.
pub const PAID: i64 = 1 << 52;
pub const ADD: i64 = 1 << 40;
/// Per class of added card: another copy of a card in the deck, a card of a title the deck
/// plays, a new card.
const CLASS: i64 = 1 << 22;
/// Per further added copy of one card, so that additions spread over cards.
const ADD_STEP: i64 = 1 << 16;
/// Per kept copy of one card, so that removals come from the largest stacks first.
const KEEP_STEP: i64 = 1 << 11;

/// The largest deck size the search handles (the weights above stay apart up to it), and so
/// the most copies of one card that can stay or be added.
pub const MAX_UNITS: u32 = 240;

#[derive(Debug, Clone)]
pub struct Item {
    /// Index into `Catalogue::cards()`.
    pub card: usize,
    /// The coloured dot (as a colour index).
    pub home: Option<usize>,
    /// White dots other than the home colour.
    pub wild: u8,
    /// Title ids, each once.
    pub titles: Vec<u32>,
    /// For a location under the three-planet rule: its planet index.
    pub planet: Option<usize>,
    pub objective: bool,
    /// Copies in the deck as given.
    pub in_deck: u32,
    /// Copies of the deck that may stay.
    pub kept: u32,
    /// Copies that may be added without acquiring any.
    pub free: u32,
    /// Copies that may be added but must be acquired (with `--owned`).
    pub paid: u32,
    /// 0 another copy of a deck card, 1 a title the deck plays, 2 a new card, 3 a wild card
    /// (added only where a colour needs one).
    pub class: u8,
    /// Lower is added first (below `ADD_STEP`).
    pub add_rank: i64,
    /// Added to the cost of each further added copy.
    pub copy_step: i64,
    /// Lower is kept first (below `KEEP_STEP`).
    pub keep_rank: i64,
    pub refusal: Option<Refusal>,
}

impl Item {
    pub fn units(&self) -> u32 {
        (self.kept + self.free + self.paid).min(MAX_UNITS)
    }

    /// The cost of the item's `u`-th copy in the deck (0-based): copies of the deck first,
    /// then added ones. Non-decreasing in `u`, so any `n` copies cost the first `n`.
    pub fn unit_cost(&self, u: u32) -> i64 {
        if u < self.kept {
            i64::from(u) * KEEP_STEP + self.keep_rank
        } else {
            let added = i64::from(u - self.kept);
            let base = ADD + i64::from(self.class) * CLASS + self.add_rank + added * self.copy_step;
            if u < self.kept + self.free {
                base
            } else {
                PAID + base
            }
        }
    }

    pub fn is_wild_only(&self) -> bool {
        self.home.is_none()
    }
}

/// What the costs serve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Mending a deck: its intent first (see `fix`); added copies spread over cards.
    Fix,
    /// Building a deck (`deck build`): the strongest cards, each further copy of a card
    /// worth an eighth of its points less (a deck wants several copies of its best cards,
    /// not five of one); no card is preferred for being among the starting cards.
    Build,
}

/// Where added copies may come from.
pub enum Supply<'a> {
    /// Any card the rules allow, as many copies as wanted.
    Catalogue,
    /// Per catalogue index, copies the collection owns beyond what the deck uses; any other
    /// copy is counted as missing.
    Owned(&'a [u32]),
}

/// Builds the items: every card of the deck, then every card the rules allow on `side`.
/// `points` ranks cards by strength (higher first, see `deck::strength`), `keep_bonus`
/// gives cards that must stay if they can (`deck build --around`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn items<'a>(
    deck: &[(usize, u32)],
    side: Side,
    catalogue: &'a Catalogue,
    rules: &RulesSet,
    supply: &Supply,
    points: &dyn Fn(usize) -> u32,
    mode: Mode,
    titles: &mut Titles<'a>,
) -> Vec<Item> {
    let cards = catalogue.cards();
    let mut in_deck = vec![0u32; cards.len()];
    for &(i, n) in deck {
        in_deck[i] = in_deck[i].saturating_add(n);
    }
    let mut out = Vec::new();
    let mut deck_titles: Vec<u32> = Vec::new();
    for (i, card) in cards.iter().enumerate() {
        let refused = refusal(card, side, rules, catalogue);
        if in_deck[i] == 0 && refused.is_some() {
            continue;
        }
        let p = piece(card, 1, catalogue, rules, titles);
        let mut ts = p.titles.clone();
        ts.sort_unstable();
        ts.dedup();
        if in_deck[i] > 0 && refused.is_none() {
            deck_titles.extend(&ts);
        }
        let objective = card.card_type == CardType::Objective;
        // Virtual cards are sleeved with an original the collection must also hold; the
        // search does not pair them, so with --owned it adds none.
        let (free, paid) = match (refused.is_some(), supply) {
            (true, _) => (0, 0),
            (false, Supply::Catalogue) => (MAX_UNITS, 0),
            (false, Supply::Owned(_)) if card.is_virtual() => (0, MAX_UNITS),
            (false, Supply::Owned(owned)) => {
                let f = owned.get(i).copied().unwrap_or(0).min(MAX_UNITS);
                (f, MAX_UNITS - f)
            }
        };
        let strength = i64::from(points(i).min(4000));
        let home = p.home.map(|c| c as usize);
        out.push(Item {
            card: i,
            home,
            wild: p.wild & !home.map_or(0, |h| 1u8 << h),
            titles: ts,
            planet: if rules.three_planet_rule {
                p.planet.map(|x| x as usize)
            } else {
                None
            },
            objective,
            in_deck: in_deck[i],
            kept: if refused.is_some() {
                0
            } else {
                in_deck[i].min(MAX_UNITS)
            },
            free,
            paid,
            class: 2,
            copy_step: match mode {
                Mode::Fix => ADD_STEP,
                // The rank is 16 per point: each further copy an eighth of the points less.
                Mode::Build => (2 * strength).max(1),
            },
            // A wild card filling a colour's wild slot: one the deck plays, then the
            // cheapest; any other card: the strongest first.
            add_rank: if home.is_none() {
                i64::from(in_deck[i] == 0) * 32768
                    + i64::from(card.counters.unwrap_or(9)) * 1024
                    + (4000 - strength)
            } else {
                (4000 - strength) * 16
            },
            // Locations are where the deck means to fight: other cards go first.
            keep_rank: if card.card_type == CardType::Location {
                0
            } else {
                (2000 - strength.min(2000)) / 2
            },
            refusal: refused,
        });
    }
    deck_titles.sort_unstable();
    deck_titles.dedup();
    for item in &mut out {
        item.class = if item.is_wild_only() {
            3
        } else if mode == Mode::Build {
            2
        } else if item.in_deck > 0 && item.refusal.is_none() {
            0
        } else if item
            .titles
            .iter()
            .any(|t| deck_titles.binary_search(t).is_ok())
        {
            1
        } else {
            2
        };
    }
    out
}
