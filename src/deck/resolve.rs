//! Turning a decklist's card texts into catalogue cards, as `yj cards show` does, restricted
//! to the deck's side when that settles a name. Nothing is guessed: a text that names no card,
//! or several, stays unresolved and is reported. The printing a line names (a foil number,
//! `(foil)`, a Reflections reprint) is kept for the judge's sheet; it does not change the deck.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use super::decklist::DeckList;
use crate::catalogue::{Card, Catalogue, LookupError, LookupOptions, Set, Side, normalise};

/// Which printing of a card a line names. The deck is the same whatever the printings (a
/// foil plays as its card, rulebook "Collector's Information"); a judge's sheet shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PrintingKind {
    Regular,
    Foil,
    /// The foil reprint in the Reflections set (`7_1`, `Mace Windu, Jedi Master (RF)`).
    Reprint,
}

impl PrintingKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PrintingKind::Regular => "regular",
            PrintingKind::Foil => "foil",
            PrintingKind::Reprint => "Reflections reprint",
        }
    }
}

/// A card of the deck with its total quantity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckCard {
    /// Index into `Catalogue::cards()`.
    pub index: usize,
    pub id: String,
    pub count: u32,
    /// The lines that named it.
    pub lines: Vec<usize>,
    /// Copies by printing, indexed by `PrintingKind` (regular, foil, reprint); they add up
    /// to `count`. A fixed array: a batch of lists builds one per card per deck.
    pub copies: [u32; 3],
}

impl DeckCard {
    /// True when every copy is the regular printing.
    pub fn all_regular(&self) -> bool {
        self.copies[1] == 0 && self.copies[2] == 0
    }

    /// The printings held, in `PrintingKind` order, with their copies.
    pub fn printings(&self) -> Vec<(PrintingKind, u32)> {
        [
            PrintingKind::Regular,
            PrintingKind::Foil,
            PrintingKind::Reprint,
        ]
        .into_iter()
        .zip(self.copies)
        .filter(|(_, n)| *n > 0)
        .collect()
    }
}

/// Why a card line did not resolve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Unresolved {
    /// No card matches; the nearest names, as `(id, name)`.
    Unknown { suggestions: Vec<(String, String)> },
    /// Several cards match; all of them, as `(id, name)`.
    Ambiguous { candidates: Vec<(String, String)> },
    /// An id followed by another card's name (`DM-1 Qui-Gon Jinn, Jedi Master`): the card the
    /// id is, and the cards the name is (none when it names no card).
    IdNameMismatch {
        id: (String, String),
        named: Vec<(String, String)>,
    },
    /// The card exists but not in the printing the line asks for (`(foil)`, `(RF)`).
    NoSuchPrinting {
        card: (String, String),
        printing: String,
    },
    /// The line is not a card line at all (a bad quantity, say).
    Malformed { reason: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnresolvedLine {
    pub line: usize,
    /// The whole line as written.
    pub text: String,
    /// The card as written (the line without its quantity).
    pub card: String,
    pub problem: Unresolved,
}

/// A name that is one card's whole name and other cards' title (`Qui-Gon Jinn's Lightsaber`
/// is JC-40, and the title of DF-12 `Qui-Gon Jinn's Lightsaber, Wielded by Obi-Wan Kenobi`),
/// taken as the card it names in full because all of them are of the deck's side and of one
/// colour: the verdict cannot depend on which. The report says so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TieBreak {
    pub line: usize,
    pub card: String,
    /// `(id, name)` of the card taken.
    pub took: (String, String),
    /// `(id, name)` of the other cards the name could mean.
    pub others: Vec<(String, String)>,
}

/// A decklist with its cards found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResolvedDeck {
    /// The side of the deck's cards (most of them), else the side the list declares.
    pub side: Option<Side>,
    /// True when the side came from the list itself.
    pub side_declared: bool,
    /// The side the list's `side` line gives, when it has one (it may contradict the cards).
    pub declared_side: Option<Side>,
    /// One entry per distinct card, in catalogue order.
    pub cards: Vec<DeckCard>,
    pub unresolved: Vec<UnresolvedLine>,
    /// Names settled by a tie-break, which the report names.
    pub tie_breaks: Vec<TieBreak>,
}

impl ResolvedDeck {
    pub fn total(&self) -> u64 {
        self.cards.iter().map(|c| u64::from(c.count)).sum()
    }

    /// True when the list's `side` line names one side and most of its cards are the other.
    pub fn side_contradicted(&self) -> bool {
        matches!((self.declared_side, self.side), (Some(d), Some(s)) if d != s)
    }
}

/// What one card text resolves to.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    index: usize,
    printing: PrintingKind,
    /// The text is the card's whole name (no id, set or finish): only such a text can be a
    /// name other cards carry as their title (see `TieBreak`).
    whole_name: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Miss {
    Lookup(LookupError),
    Mismatch {
        id: (String, String),
        named: Vec<(String, String)>,
    },
    NoPrinting {
        card: (String, String),
        printing: String,
    },
}

impl Miss {
    fn is_ambiguous(&self) -> bool {
        matches!(self, Miss::Lookup(LookupError::Ambiguous { .. }))
    }
}

fn pair(card: &Card) -> (String, String) {
    (card.id.clone(), card.full_name())
}

/// `Name (foil)`, `Name [RF]`: the text without a last bracket holding `inner`'s kind.
fn strip_bracket(text: &str) -> Option<(&str, &str)> {
    let text = text.trim();
    let (inner, open) = match text.strip_suffix(')') {
        Some(inner) => (inner, inner.rfind('(')?),
        None => {
            let inner = text.strip_suffix(']')?;
            (inner, inner.rfind('[')?)
        }
    };
    Some((inner[..open].trim(), inner[open + 1..].trim()))
}

/// Resolves card texts, remembering answers so that a batch of lists (a judge's event) looks
/// each distinct text up once.
pub struct Resolver<'c> {
    catalogue: &'c Catalogue,
    /// Answers by side preference (none, light, dark), then by the text as written.
    cache: [HashMap<String, Result<Found, Miss>>; 3],
    /// By side slot and card index: the other cards of that side whose title is the card's
    /// whole name, and whether all share its colour (see `TieBreak`); empty when none.
    shared: [HashMap<usize, (Vec<usize>, bool)>; 3],
}

fn slot(side: Option<Side>) -> usize {
    match side {
        None => 0,
        Some(Side::Light) => 1,
        Some(Side::Dark) => 2,
    }
}

impl<'c> Resolver<'c> {
    pub fn new(catalogue: &'c Catalogue) -> Resolver<'c> {
        Resolver {
            catalogue,
            cache: Default::default(),
            shared: Default::default(),
        }
    }

    pub fn catalogue(&self) -> &'c Catalogue {
        self.catalogue
    }

    fn lookup(&mut self, text: &str, side: Option<Side>) -> Result<Found, Miss> {
        let slot = slot(side);
        if let Some(found) = self.cache[slot].get(text) {
            return found.clone();
        }
        let found = self.lookup_uncached(text, side);
        self.cache[slot].insert(text.to_string(), found.clone());
        found
    }

    fn index(&self, card: &Card) -> usize {
        self.catalogue
            .index_of(&card.id)
            .expect("a card found in the catalogue has an index")
    }

    /// Names may end with a set code in brackets, `Blaster (DM)` (see `catalogue::lookup`),
    /// or with a finish, `Darth Maul, Dark Lord of the Sith (foil)`; `(RF)` after a card that
    /// Reflections reprinted names the reprint.
    fn lookup_uncached(&self, text: &str, side: Option<Side>) -> Result<Found, Miss> {
        let options = LookupOptions { side };
        if let Some((rest, inner)) = strip_bracket(text)
            && (inner.eq_ignore_ascii_case("foil") || inner.eq_ignore_ascii_case("foils"))
        {
            let card = self
                .catalogue
                .lookup_with(rest, options)
                .map_err(Miss::Lookup)?;
            let foils: Vec<_> = self.catalogue.foils_of(&card.id).collect();
            if foils.is_empty() {
                return Err(Miss::NoPrinting {
                    card: pair(card),
                    printing: "foil".into(),
                });
            }
            // A card whose only foil is its Reflections reprint is that reprint.
            let printing = if foils
                .iter()
                .all(|p| p.source.as_deref() == Some("reflections"))
            {
                PrintingKind::Reprint
            } else {
                PrintingKind::Foil
            };
            return Ok(Found {
                index: self.index(card),
                printing,
                whole_name: false,
            });
        }
        match self.catalogue.lookup_with(text, options) {
            Ok(card) => {
                // Only a card with a foil printing can be named by one (and the search of
                // the printings is not free: skipped for every other card).
                let has_foils = self.catalogue.foils_of(&card.id).next().is_some();
                let named = if has_foils {
                    self.catalogue.printing_named(text)
                } else {
                    None
                };
                let printing = match named {
                    Some(p) if p.source.as_deref() == Some("reflections") => PrintingKind::Reprint,
                    Some(_) => PrintingKind::Foil,
                    None => PrintingKind::Regular,
                };
                let index = self.index(card);
                Ok(Found {
                    index,
                    printing,
                    whole_name: printing == PrintingKind::Regular
                        && normalise(text) == self.catalogue.name_keys(index).0,
                })
            }
            Err(LookupError::Unknown { query, suggestions }) => {
                if let Some(found) = self.reflections_reprint(text, side) {
                    return found;
                }
                if let Some(miss) = self.id_and_other_name(text, side) {
                    return Err(miss);
                }
                Err(Miss::Lookup(LookupError::Unknown { query, suggestions }))
            }
            Err(other) => Err(Miss::Lookup(other)),
        }
    }

    /// `Qui-Gon Jinn, Jedi Protector (RF)`: no Reflections card has that name, but Reflections
    /// reprinted one of the cards that do (EDM-P1, catalogue printings.csv).
    fn reflections_reprint(&self, text: &str, side: Option<Side>) -> Option<Result<Found, Miss>> {
        let (rest, inner) = strip_bracket(text)?;
        if inner.parse::<Set>().ok()? != Set::RF {
            return None;
        }
        let reprinted = |id: &str| {
            self.catalogue
                .foils_of(id)
                .any(|p| p.source.as_deref() == Some("reflections"))
        };
        let candidates: Vec<&Card> = match self.catalogue.lookup_with(rest, LookupOptions { side })
        {
            Ok(card) => vec![card],
            Err(LookupError::Ambiguous { candidates, .. }) => candidates
                .iter()
                .filter_map(|(id, _)| self.catalogue.get(id))
                .collect(),
            Err(LookupError::Unknown { .. }) => return None,
        };
        let hits: Vec<&Card> = candidates
            .iter()
            .copied()
            .filter(|c| reprinted(&c.id))
            .collect();
        match hits.as_slice() {
            [card] => Some(Ok(Found {
                index: self.index(card),
                printing: PrintingKind::Reprint,
                whole_name: false,
            })),
            [] if candidates.len() == 1 => Some(Err(Miss::NoPrinting {
                card: pair(candidates[0]),
                printing: "Reflections reprint".into(),
            })),
            _ => None,
        }
    }

    /// `DM-1 Qui-Gon Jinn, Jedi Master`: an id, then a name that is not that card's (the
    /// catalogue resolves an id followed by its own name).
    fn id_and_other_name(&self, text: &str, side: Option<Side>) -> Option<Miss> {
        let (head, rest) = text.trim().split_once(char::is_whitespace)?;
        let card = self.catalogue.lookup(head).ok()?;
        // The head must be an id (or a community id or foil number), not a one-word name.
        let is_id = normalise(head) == normalise(&card.id)
            || card
                .gemp_id
                .as_deref()
                .is_some_and(|g| g.eq_ignore_ascii_case(head))
            || self.catalogue.printing_named(head).is_some();
        if !is_id {
            return None;
        }
        let rest = rest
            .trim()
            .trim_start_matches(['-', ':', '–', '—', '|'])
            .trim();
        // `JC-50 (DM)`: a set after an id is the catalogue's to judge, not a name.
        if normalise(rest).is_empty() || rest.starts_with(['(', '[']) {
            return None;
        }
        let named = match self.catalogue.lookup_with(rest, LookupOptions { side }) {
            Ok(named) => vec![pair(named)],
            Err(LookupError::Ambiguous { candidates, .. }) => candidates,
            Err(LookupError::Unknown { .. }) => Vec::new(),
        };
        Some(Miss::Mismatch {
            id: pair(card),
            named,
        })
    }

    /// For a text that was one card's whole name (`found.whole_name`), the other cards of
    /// `side` whose title that name is, and whether they all share its colour (`TieBreak`).
    fn shared_title(&mut self, found: &Found, side: Option<Side>) -> Option<(Vec<usize>, bool)> {
        let cards = self.catalogue.cards();
        let card = &cards[found.index];
        if !card.subtitle.is_empty() || !found.whole_name {
            return None;
        }
        let side = side.unwrap_or(card.side);
        if card.side != side {
            return None;
        }
        // Which cards share the title depends only on the card: found once per batch.
        let catalogue = self.catalogue;
        let (others, same) = self.shared[slot(Some(side))]
            .entry(found.index)
            .or_insert_with(|| {
                let title = catalogue.name_keys(found.index).1;
                let others: Vec<usize> = (0..cards.len())
                    .filter(|&i| {
                        i != found.index
                            && cards[i].side == side
                            && cards[i].is_virtual() == card.is_virtual()
                            && catalogue.name_keys(i).1 == title
                    })
                    .collect();
                let same = others.iter().all(|&i| {
                    cards[i].dots == card.dots
                        && cards[i].dots.is_some()
                        && cards[i].card_type == card.card_type
                        && cards[i].planet == card.planet
                });
                (others, same)
            });
        if others.is_empty() {
            return None;
        }
        Some((others.clone(), *same))
    }

    /// Resolves every line. Names are first looked up with the side the list declares (or
    /// on both sides); the side most of the found cards are on then settles the names that
    /// matched a card of each side. A `side` line that most cards contradict does not turn
    /// shared names to the wrong side: they are looked up again with the cards' side, and
    /// the report says the line is wrong, once.
    pub fn resolve(&mut self, list: &DeckList) -> ResolvedDeck {
        let mut results: Vec<Result<Found, Miss>> = list
            .entries
            .iter()
            .map(|e| self.lookup(&e.card, list.side))
            .collect();
        let counts = |results: &[Result<Found, Miss>]| {
            let (mut light, mut dark) = (0u64, 0u64);
            for (entry, result) in list.entries.iter().zip(results) {
                if let Ok(found) = result {
                    match self.catalogue.cards()[found.index].side {
                        Side::Light => light += u64::from(entry.quantity),
                        Side::Dark => dark += u64::from(entry.quantity),
                    }
                }
            }
            (light, dark)
        };
        let majority = |(light, dark): (u64, u64)| match light.cmp(&dark) {
            std::cmp::Ordering::Greater => Some(Side::Light),
            std::cmp::Ordering::Less => Some(Side::Dark),
            std::cmp::Ordering::Equal => None,
        };
        let side = match list.side {
            None => majority(counts(&results)),
            Some(declared) => {
                let (light, dark) = counts(&results);
                let strays = if declared == Side::Light { dark } else { light };
                if strays == 0 {
                    Some(declared)
                } else {
                    // Cards of the other side: which side are the cards, counting only the
                    // names that do not depend on the side asked for?
                    let free: Vec<Result<Found, Miss>> = list
                        .entries
                        .iter()
                        .map(|e| self.lookup(&e.card, None))
                        .collect();
                    match majority(counts(&free)) {
                        Some(cards) if cards != declared => {
                            results = free;
                            Some(cards)
                        }
                        _ => Some(declared),
                    }
                }
            }
        };
        if side != list.side {
            // Undeclared, or contradicted: the names that both sides share follow the cards.
            for (entry, result) in list.entries.iter().zip(results.iter_mut()) {
                if matches!(result, Err(miss) if miss.is_ambiguous()) {
                    *result = self.lookup(&entry.card, side);
                }
            }
        }
        let mut cards: BTreeMap<usize, DeckCard> = BTreeMap::new();
        let mut unresolved = Vec::new();
        let mut tie_breaks = Vec::new();
        let line_of = |entry: &super::decklist::Entry, problem| UnresolvedLine {
            line: entry.line,
            text: entry.text.clone(),
            card: entry.card.clone(),
            problem,
        };
        for (entry, result) in list.entries.iter().zip(results) {
            let found = match result {
                Ok(found) => found,
                Err(Miss::Lookup(LookupError::Unknown { suggestions, .. })) => {
                    unresolved.push(line_of(entry, Unresolved::Unknown { suggestions }));
                    continue;
                }
                Err(Miss::Lookup(LookupError::Ambiguous { candidates, .. })) => {
                    unresolved.push(line_of(entry, Unresolved::Ambiguous { candidates }));
                    continue;
                }
                Err(Miss::Mismatch { id, named }) => {
                    unresolved.push(line_of(entry, Unresolved::IdNameMismatch { id, named }));
                    continue;
                }
                Err(Miss::NoPrinting { card, printing }) => {
                    unresolved.push(line_of(
                        entry,
                        Unresolved::NoSuchPrinting { card, printing },
                    ));
                    continue;
                }
            };
            if let Some((others, same)) = self.shared_title(&found, side) {
                let all = self.catalogue.cards();
                let others: Vec<(String, String)> = others.iter().map(|&i| pair(&all[i])).collect();
                if same {
                    tie_breaks.push(TieBreak {
                        line: entry.line,
                        card: entry.card.clone(),
                        took: pair(&all[found.index]),
                        others,
                    });
                } else {
                    let mut candidates = vec![pair(&all[found.index])];
                    candidates.extend(others);
                    unresolved.push(line_of(entry, Unresolved::Ambiguous { candidates }));
                    continue;
                }
            }
            let index = found.index;
            let card = cards.entry(index).or_insert_with(|| DeckCard {
                index,
                id: self.catalogue.cards()[index].id.clone(),
                count: 0,
                lines: Vec::new(),
                copies: [0; 3],
            });
            card.count = card.count.saturating_add(entry.quantity);
            card.lines.push(entry.line);
            let copies = &mut card.copies[found.printing as usize];
            *copies = copies.saturating_add(entry.quantity);
        }
        for bad in &list.bad_lines {
            unresolved.push(UnresolvedLine {
                line: bad.line,
                text: bad.text.clone(),
                card: String::new(),
                problem: Unresolved::Malformed {
                    reason: bad.reason.clone(),
                },
            });
        }
        unresolved.sort_by_key(|u| u.line);
        ResolvedDeck {
            side,
            side_declared: list.side.is_some() && list.side == side,
            declared_side: list.side,
            cards: cards.into_values().collect(),
            unresolved,
            tie_breaks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::decklist::{ListFormat, parse_list};
    use crate::deck::test_catalogue;

    fn resolve(text: &str) -> ResolvedDeck {
        let list = parse_list("t.txt", text, Some(ListFormat::Text)).unwrap();
        Resolver::new(test_catalogue()).resolve(&list)
    }

    fn ids(deck: &ResolvedDeck) -> Vec<(&str, u32)> {
        deck.cards
            .iter()
            .map(|c| (c.id.as_str(), c.count))
            .collect()
    }

    #[test]
    fn ids_names_community_ids_and_foils_name_the_same_card() {
        // Battle of Naboo foil F10 is a printing of BN-71 (catalogue printings.csv).
        let deck = resolve("1 BN-71\n1 3_71\n1 BN-F10\n1 Darth Maul, Dark Lord of the Sith\n");
        assert_eq!(ids(&deck), [("BN-71", 4)]);
        assert_eq!(deck.cards[0].lines, [1, 2, 3, 4]);
        assert!(deck.unresolved.is_empty());
    }

    #[test]
    fn virtual_cards_need_their_id_or_the_suffix() {
        let deck = resolve("1 V1-JC-3\n1 Jar Jar Binks, Gungan Outcast (virtual)\n1 JC-3\n");
        assert_eq!(ids(&deck), [("JC-3", 1), ("V1-JC-3", 2)]);
    }

    #[test]
    fn a_set_code_picks_one_of_the_cards_sharing_a_name() {
        let deck = resolve("1 Blaster (DM)\n1 Blaster (jc)\n1 Naboo Starfighter (BN)\n");
        assert_eq!(ids(&deck), [("DM-45", 1), ("JC-50", 1), ("BN-69", 1)]);
        // A set that has no such card is an error that names the card it does know.
        let deck = resolve("1 Mace Windu, Jedi Master (BN)\n1 Blaster (RF)\n");
        assert!(deck.cards.is_empty());
        match &deck.unresolved[0].problem {
            Unresolved::Unknown { suggestions } => assert_eq!(suggestions[0].0, "DM-7"),
            other => panic!("{other:?}"),
        }
        // `(virtual)` is not a set: it still names the virtual card.
        let deck = resolve("1 Jar Jar Binks, Gungan Outcast (virtual)\n");
        assert_eq!(ids(&deck), [("V1-JC-3", 1)]);
    }

    #[test]
    fn a_set_in_square_brackets_or_after_an_id_is_understood() {
        // `Blaster [DM]` is how many lists write the set; `DM-46 (DM)` is what a spreadsheet
        // with a Set column gives. An id in another set than the one written is not guessed.
        let deck = resolve(
            "side: light\n1 Blaster [DM]\n1 DM-46 (DM)\n1 Naboo Starfighter [Battle of Naboo]\n",
        );
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        assert_eq!(ids(&deck), [("DM-45", 1), ("DM-46", 1), ("BN-69", 1)]);
        let deck = resolve("side: light\n1 JC-50 (DM)\n");
        assert!(deck.cards.is_empty());
        match &deck.unresolved[0].problem {
            Unresolved::Unknown { suggestions } => assert_eq!(suggestions[0].0, "JC-50"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_csv_set_column_picks_among_cards_sharing_a_name() {
        let list = parse_list(
            "t.csv",
            "Qty,Card Name,Set\n3,Blaster,DM\n2,DM-46,DM\n1,Naboo Starfighter,Battle of Naboo\n1,DM-10,\n",
            Some(ListFormat::Csv),
        )
        .unwrap();
        let deck = Resolver::new(test_catalogue()).resolve(&list);
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        assert_eq!(
            ids(&deck),
            [("DM-10", 1), ("DM-45", 3), ("DM-46", 2), ("BN-69", 1)]
        );
    }

    #[test]
    fn the_side_of_the_deck_settles_a_name_both_sides_share() {
        // `Hold-Out Blaster` exists on both sides; the other lines make the deck dark.
        let deck = resolve("2 DM-71\n1 Hold-Out Blaster\n");
        assert_eq!(deck.side, Some(Side::Dark));
        assert!(!deck.side_declared);
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        let blaster = &test_catalogue().cards()[deck.cards[1].index];
        assert_eq!(blaster.title, "Hold-Out Blaster");
        assert_eq!(blaster.side, Side::Dark);
    }

    #[test]
    fn unknown_and_ambiguous_names_are_kept_with_their_line() {
        let deck =
            resolve("side: light\n2 Darth Mual, Sith Apprentice\n1 Obi-Wan Kenobi\n0 DM-1\n");
        let problems: Vec<(usize, &Unresolved)> = deck
            .unresolved
            .iter()
            .map(|u| (u.line, &u.problem))
            .collect();
        assert_eq!(problems.len(), 3);
        match problems[0] {
            (2, Unresolved::Unknown { suggestions }) => assert_eq!(suggestions[0].0, "DM-71"),
            other => panic!("{other:?}"),
        }
        match problems[1] {
            (3, Unresolved::Ambiguous { candidates }) => {
                let ids: Vec<&str> = candidates.iter().map(|c| c.0.as_str()).collect();
                assert!(ids.contains(&"DM-1") && ids.contains(&"BN-1"), "{ids:?}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(problems[2], (4, Unresolved::Malformed { .. })));
    }

    #[test]
    fn the_printing_a_line_names_is_kept_and_the_deck_is_the_card() {
        // catalogue printings.csv: BN-71 has the foil F10; DM-74 was reprinted in Reflections
        // as 7_30; EDM-P1 as 7_7 (JC-2 shares its name and was not reprinted).
        let deck = resolve(
            "side: dark\n1 BN-71\n1 BN-F10\n1 Darth Maul, Dark Lord of the Sith (foil)\n1 7_30\n1 Watto, Slave Owner [RF]\n",
        );
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        assert_eq!(ids(&deck), [("DM-74", 2), ("BN-71", 3)]);
        assert_eq!(deck.cards[0].printings(), [(PrintingKind::Reprint, 2)]);
        assert_eq!(
            deck.cards[1].printings(),
            [(PrintingKind::Regular, 1), (PrintingKind::Foil, 2)]
        );
        let deck = resolve("side: light\n1 Qui-Gon Jinn, Jedi Protector (RF)\n");
        assert_eq!(ids(&deck), [("EDM-P1", 1)]);
        // A card with no such printing is not quietly taken as the regular one.
        let deck = resolve("side: light\n1 Obi-Wan Kenobi, Young Jedi (foil)\n");
        assert!(deck.cards.is_empty());
        assert!(matches!(
            &deck.unresolved[0].problem,
            Unresolved::NoSuchPrinting { card, .. } if card.0 == "DM-1"
        ));
    }

    #[test]
    fn a_side_line_the_cards_contradict_does_not_pick_the_shared_names() {
        // `Tatooine • Desert Landing Site` is DM-135 (dark) and BN-64 (light).
        let deck = resolve("side: light\n5 DM-99\n5 DM-104\n1 Tatooine • Desert Landing Site\n");
        assert_eq!(deck.side, Some(Side::Dark));
        assert_eq!(deck.declared_side, Some(Side::Light));
        assert!(deck.side_contradicted());
        assert!(!deck.side_declared);
        assert_eq!(ids(&deck), [("DM-99", 5), ("DM-104", 5), ("DM-135", 1)]);
    }

    #[test]
    fn a_subtitle_less_name_shared_as_a_title_is_settled_by_side_and_colour() {
        // DM-24 `Gungan Guard` is green, BN-29 `Gungan Guard, Lookout` blue: ambiguous.
        let deck = resolve("side: light\n1 Gungan Guard\n");
        match &deck.unresolved[0].problem {
            Unresolved::Ambiguous { candidates } => {
                let ids: Vec<&str> = candidates.iter().map(|c| c.0.as_str()).collect();
                assert_eq!(ids, ["DM-24", "BN-29"]);
            }
            other => panic!("{other:?}"),
        }
        // JC-40 and DF-12 are both light orange weapons: JC-40, by a tie-break the report
        // names. With the set or the id, nothing is left to break.
        let deck = resolve("side: light\n1 Qui-Gon Jinn's Lightsaber\n1 Gungan Guard (DM)\n");
        assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
        assert_eq!(ids(&deck), [("DM-24", 1), ("JC-40", 1)]);
        assert_eq!(deck.tie_breaks.len(), 1);
        assert_eq!(deck.tie_breaks[0].took.0, "JC-40");
        assert_eq!(deck.tie_breaks[0].others[0].0, "DF-12");
    }

    #[test]
    fn an_id_with_another_cards_name_names_both() {
        let deck = resolve("side: light\n1 DM-1 Qui-Gon Jinn, Jedi Master\n1 JC-50 (DM)\n");
        match &deck.unresolved[0].problem {
            Unresolved::IdNameMismatch { id, named } => {
                assert_eq!(id.0, "DM-1");
                assert_eq!(
                    named.iter().map(|n| n.0.as_str()).collect::<Vec<_>>(),
                    ["DM-2"]
                );
            }
            other => panic!("{other:?}"),
        }
        // An id in another set than the one written is the catalogue's plain unknown.
        assert!(matches!(
            deck.unresolved[1].problem,
            Unresolved::Unknown { .. }
        ));
    }
}
