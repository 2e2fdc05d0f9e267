//! Checking a resolved deck against a rules set: every rule, every problem reported
//! (rulebook "Deck Construction", "Objective Cards", "Virtual Cards"; `data/rules/RULINGS.md` R5, D1-D4).

use std::collections::BTreeMap;

use super::decklist::{DeckList, ListFormat};
use super::report::{AssignmentKind, ColourReport, Report, Slot, Verdict};
use super::resolve::{ResolvedDeck, TieBreak, Unresolved, UnresolvedLine};
use super::rules::RulesSet;
use super::solver::{self, Assignment, Limits, Piece};
use super::violation::{Code, Violation};
use crate::catalogue::{Card, CardType, Catalogue, DotColour, Planet, Side};

/// Checks a deck (or, with `starter`, a starter deck) and reports every problem.
pub fn check(
    list: &DeckList,
    deck: &ResolvedDeck,
    catalogue: &Catalogue,
    rules: &RulesSet,
    starter: bool,
) -> Report {
    let size = if starter {
        rules.starter_size.unwrap_or(rules.deck_size)
    } else {
        rules.deck_size
    };
    let cards: Vec<&Card> = deck
        .cards
        .iter()
        .map(|c| &catalogue.cards()[c.index])
        .collect();
    let mut violations: Vec<Violation> = deck
        .unresolved
        .iter()
        .map(|u| unresolved(&list.source, list.format, u))
        .collect();
    let total = deck.total();

    sides(deck, &cards, &mut violations);
    for (dc, card) in deck.cards.iter().zip(&cards) {
        if card.is_virtual() {
            if !rules.virtual_cards {
                violations.push(
                    Violation::new(
                        Code::VirtualNotAllowed,
                        format!(
                            "{} is a virtual card; the {} rules allow no virtual cards",
                            describe(card),
                            rules.name
                        ),
                    )
                    .cards([card.id.clone()])
                    .actual_allowed(dc.count, 0),
                );
            } else if let Some(original) = card.replaces.as_deref().and_then(|id| catalogue.get(id))
                && !rules.sets.contains(&original.set)
            {
                // Sleeved with its original (rulebook "Virtual Cards"), a virtual card plays
                // only where the original could.
                violations.push(
                    Violation::new(
                        Code::SetNotAllowed,
                        format!(
                            "{} is a virtual card sleeved with {}, from {}, which the {} rules do not allow",
                            describe(card),
                            original.id,
                            original.set.name(),
                            rules.name
                        ),
                    )
                    .cards([card.id.clone(), original.id.clone()])
                    .actual_allowed(dc.count, 0),
                );
            }
        } else if !rules.sets.contains(&card.set) {
            violations.push(
                Violation::new(
                    Code::SetNotAllowed,
                    format!(
                        "{} is from {}, which the {} rules do not allow",
                        describe(card),
                        card.set.name(),
                        rules.name
                    ),
                )
                .cards([card.id.clone()])
                .actual_allowed(dc.count, 0),
            );
        }
        if rules.is_banned(&card.id) {
            violations.push(
                Violation::new(
                    Code::Banned,
                    format!(
                        "{} is banned under the {} rules",
                        describe(card),
                        rules.name
                    ),
                )
                .cards([card.id.clone()])
                .actual_allowed(dc.count, 0),
            );
        }
    }
    let objectives: Vec<usize> = (0..cards.len())
        .filter(|&i| cards[i].card_type == CardType::Objective)
        .collect();
    let objective_count: u64 = objectives
        .iter()
        .map(|&i| u64::from(deck.cards[i].count))
        .sum();
    if objective_count > u64::from(rules.max_objectives) {
        violations.push(
            Violation::new(
                Code::Objectives,
                format!(
                    "the deck has {objective_count} Objectives; at most {} is allowed",
                    rules.max_objectives
                ),
            )
            .cards(objectives.iter().map(|&i| cards[i].id.clone()))
            .actual_allowed(objective_count, rules.max_objectives),
        );
    }

    let mut titles = Titles::default();
    let pieces: Vec<Piece> = deck
        .cards
        .iter()
        .zip(&cards)
        .map(|(dc, card)| piece(card, dc.count, catalogue, rules, &mut titles))
        .collect();
    let mut unknown_dots = false;
    for ((dc, card), p) in deck.cards.iter().zip(&cards).zip(&pieces) {
        if p.is_placeable() {
            continue;
        }
        if card.dots.is_none() {
            // Not a fault of the deck: a fact the catalogue lacks. Guessing a colour would
            // give a verdict (and colour counts) that may be wrong either way.
            unknown_dots = true;
            violations.push(
                Violation::new(
                    Code::UnknownDots,
                    format!(
                        "{}: the catalogue does not know its deck-building dot yet, so whether the deck meets the 6-by-10 rule cannot be decided; check the printed card",
                        describe(card)
                    ),
                )
                .cards([card.id.clone()])
                .actual_allowed("dot unknown", "a known dot"),
            );
        } else {
            violations.push(
                Violation::new(
                    Code::NoDots,
                    format!(
                        "{}: the catalogue gives it no deck-building dot, so it cannot be placed in a colour",
                        describe(card)
                    ),
                )
                .cards([card.id.clone()])
                .actual_allowed(format!("{} unplaced", dc.count), "0 unplaced"),
            );
        }
    }

    let mut colours = Vec::new();
    let mut assignment_kind = AssignmentKind::None;
    if deck.unresolved.is_empty() {
        if total != u64::from(size) {
            let what = if starter { "a starter deck" } else { "a deck" };
            let message = if total == 0 {
                format!("the list has no card lines; {what} must have exactly {size} cards")
            } else {
                format!("the deck has {total} cards; {what} must have exactly {size}")
            };
            violations.push(Violation::new(Code::DeckSize, message).actual_allowed(total, size));
        }
        let limits = Limits {
            per_colour: size / 6,
            title_limit: rules.title_limit,
            three_planets: rules.three_planet_rule,
        };
        // With no card at all, empty colours and missing planets would only repeat it; a list
        // of absurd size (a typo such as `3000000 DM-1`) fails the size rule, and placing
        // millions of cards would tell the player nothing more. With a card whose dot is
        // unknown, colour counts would be guesses.
        if total == 0 || total > MAX_PLACED || unknown_dots {
            return finish(
                catalogue,
                list,
                deck,
                rules,
                starter,
                size,
                total,
                Vec::new(),
                AssignmentKind::None,
                violations,
            );
        }
        let a = solver::solve(&pieces, limits);
        assignment_kind = if a.is_legal() {
            AssignmentKind::Legal
        } else {
            AssignmentKind::Closest
        };
        explain(&a, &pieces, &cards, &titles, limits, &mut violations);
        colours = a
            .colours
            .iter()
            .map(|fill| ColourReport {
                colour: fill.colour,
                count: fill.count,
                required: limits.per_colour,
                cards: fill
                    .normal
                    .iter()
                    .map(|&(p, n)| slot(cards[p], n, false))
                    .chain(fill.wild.map(|p| slot(cards[p], 1, true)))
                    .collect(),
            })
            .collect();
    }

    finish(
        catalogue,
        list,
        deck,
        rules,
        starter,
        size,
        total,
        colours,
        assignment_kind,
        violations,
    )
}

/// Above this many cards the solver is not run.
const MAX_PLACED: u64 = 100_000;

#[allow(clippy::too_many_arguments)]
fn finish(
    catalogue: &Catalogue,
    list: &DeckList,
    deck: &ResolvedDeck,
    rules: &RulesSet,
    starter: bool,
    size: u32,
    total: u64,
    colours: Vec<ColourReport>,
    assignment: AssignmentKind,
    violations: Vec<Violation>,
) -> Report {
    let verdict = if !deck.unresolved.is_empty() {
        Verdict::Unresolved
    } else if violations.is_empty() {
        Verdict::Legal
    } else if violations.iter().all(|v| v.code == Code::UnknownDots) {
        // Nothing that is known breaks a rule; what is unknown decides.
        Verdict::Undecided
    } else {
        Verdict::Illegal
    };
    let notes = deck
        .tie_breaks
        .iter()
        .map(|t| tie_break_note(catalogue, t))
        .collect();
    Report {
        file: list.source.clone(),
        name: list.name.clone(),
        side: deck.side,
        rules: rules.name.clone(),
        rules_description: rules.description.clone(),
        rules_from_list: false,
        starter,
        verdict,
        cards: total,
        required: u64::from(size),
        assignment,
        colours,
        violations,
        notes,
    }
}

/// What a judge should know of a name settled by a tie-break (see `TieBreak`).
fn tie_break_note(catalogue: &Catalogue, t: &TieBreak) -> String {
    let took = catalogue.get(&t.took.0);
    let colour = took
        .and_then(|c| c.dots)
        .and_then(|d| d.colour())
        .map(|c| c.as_str())
        .unwrap_or("of one colour");
    let side = took.map(|c| c.side.as_str()).unwrap_or("");
    let others = t
        .others
        .iter()
        .map(|(id, name)| format!("{id} ({name})"))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "line {}: `{}` is the whole name of {} and the title of {others}; all are {side} side and {colour}, so the verdict is the same either way: took {}, the card of that whole name (write the id to choose)",
        t.line, t.card, t.took.0, t.took.0
    )
}

/// `DM-71 (Darth Maul, Sith Apprentice)`.
fn describe(card: &Card) -> String {
    format!("{} ({})", card.id, card.full_name())
}

fn slot(card: &Card, count: u32, wild: bool) -> Slot {
    Slot {
        id: card.id.clone(),
        name: card.full_name(),
        count,
        wild,
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn list_ids(ids: &[String]) -> String {
    ids.join(", ")
}

fn unresolved(file: &str, format: ListFormat, u: &UnresolvedLine) -> Violation {
    let described = |pairs: &[(String, String)]| {
        pairs
            .iter()
            .map(|(id, name)| format!("{id} ({name})"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (code, message, cards) = match &u.problem {
        Unresolved::Unknown { suggestions } => {
            let hint = if suggestions.is_empty() {
                "; check the spelling, or use the card id (`yj cards search`)".to_string()
            } else {
                format!("; did you mean {}?", described(suggestions))
            };
            (
                Code::UnknownCard,
                format!(
                    "{file}, line {}: no card matches `{}`{hint}",
                    u.line, u.card
                ),
                suggestions.iter().map(|(id, _)| id.clone()).collect(),
            )
        }
        Unresolved::Ambiguous { candidates } => {
            // Candidates of one set (DM-45 and DM-119, both `Blaster`) differ by side, so a
            // set would not settle them; the side line would.
            let set_of = |id: &str| id.split('-').next().unwrap_or("").to_string();
            let one_set = candidates
                .iter()
                .all(|(id, _)| set_of(id) == set_of(&candidates[0].0));
            let hint = match (one_set, format) {
                (true, ListFormat::Text) => {
                    "write the card id, or say which side the deck is (`side: light` or `side: dark`)"
                }
                (true, ListFormat::Toml) => {
                    "write the card id, or say which side the deck is (`side = \"light\"`)"
                }
                (true, ListFormat::Csv) => "write the card id",
                (false, _) => "write the card id, or add the set as in `Blaster (DM)`",
            };
            (
                Code::AmbiguousCard,
                format!(
                    "{file}, line {}: `{}` matches {} cards: {}; {hint}",
                    u.line,
                    u.card,
                    candidates.len(),
                    described(candidates)
                ),
                candidates.iter().map(|(id, _)| id.clone()).collect(),
            )
        }
        Unresolved::IdNameMismatch { id, named } => {
            let name_is = match named.as_slice() {
                [] => "the rest of the line names no card".to_string(),
                [(other, _)] => format!("the name is {other}'s"),
                many => format!(
                    "the name is that of {}",
                    many.iter()
                        .map(|(other, _)| other.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            (
                Code::IdNameMismatch,
                format!(
                    "{file}, line {}: `{}`: {} is {}; {name_is}; write the id or the name of the card you mean",
                    u.line, u.card, id.0, id.1
                ),
                std::iter::once(id.0.clone())
                    .chain(named.iter().map(|(other, _)| other.clone()))
                    .collect(),
            )
        }
        Unresolved::NoSuchPrinting { card, printing } => (
            Code::UnknownCard,
            format!(
                "{file}, line {}: `{}`: {} ({}) has no {printing}; leave out the bracket",
                u.line, u.card, card.0, card.1
            ),
            vec![card.0.clone()],
        ),
        Unresolved::Malformed { reason } => (
            Code::BadLine,
            format!("{file}, line {}: {reason}", u.line),
            Vec::new(),
        ),
    };
    Violation::new(code, message)
        .cards(cards)
        .at_line(u.line, &u.text)
}

/// All cards on one side (rulebook "Getting Started": a Light Side deck and a Dark Side deck).
fn sides(deck: &ResolvedDeck, cards: &[&Card], violations: &mut Vec<Violation>) {
    let count_of = |side: Side| -> u64 {
        deck.cards
            .iter()
            .zip(cards)
            .filter(|(_, c)| c.side == side)
            .map(|(dc, _)| u64::from(dc.count))
            .sum()
    };
    if let (true, Some(declared), Some(side)) =
        (deck.side_contradicted(), deck.declared_side, deck.side)
    {
        // One line: the list's side line is wrong, not every card of the deck.
        let n = count_of(side);
        let total = n + count_of(declared);
        let message = if count_of(declared) == 0 {
            format!(
                "the list's side line says {declared}, but all {total} cards are {side} side; correct the side line"
            )
        } else {
            let strays: Vec<String> = cards
                .iter()
                .filter(|c| c.side == declared)
                .map(|c| c.id.clone())
                .collect();
            format!(
                "the list's side line says {declared}, but {n} of its {total} cards are {side} side (the {declared} side ones: {}); a deck is all one side",
                list_ids(&strays)
            )
        };
        violations.push(
            Violation::new(Code::SideMismatch, message)
                .actual_allowed(format!("side: {declared}"), format!("side: {side}")),
        );
        return;
    }
    match deck.side {
        Some(side) => {
            let other = if side == Side::Light {
                Side::Dark
            } else {
                Side::Light
            };
            let strays: Vec<String> = cards
                .iter()
                .filter(|c| c.side == other)
                .map(|c| c.id.clone())
                .collect();
            if strays.is_empty() {
                return;
            }
            let n = count_of(other);
            let why = if deck.side_declared {
                format!("the list declares a {side} side deck")
            } else {
                format!("most of the deck is {side} side")
            };
            violations.push(
                Violation::new(
                    Code::MixedSides,
                    format!(
                        "{why}, but {n} {} {other} side: {}",
                        if n == 1 { "card is" } else { "cards are" },
                        list_ids(&strays)
                    ),
                )
                .cards(strays)
                .actual_allowed(format!("{n} {other} side"), format!("0 {other} side")),
            );
        }
        None => {
            let (light, dark) = (count_of(Side::Light), count_of(Side::Dark));
            if light > 0 && dark > 0 {
                violations.push(
                    Violation::new(
                        Code::MixedSides,
                        format!(
                            "the deck holds {light} light side and {dark} dark side cards; a deck is all one side"
                        ),
                    )
                    .cards(cards.iter().map(|c| c.id.clone()))
                    .actual_allowed(format!("{light} light, {dark} dark"), "one side"),
                );
            }
        }
    }
}

/// The comparison key of a title, as `normalise` makes it (case, punctuation and accents
/// ignored), built in one pass without intermediate strings: the validator does this for
/// every card of every deck in a batch.
fn title_key(title: &str) -> String {
    let mut key = String::with_capacity(title.len());
    for c in title.chars() {
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                key.push(c.to_ascii_lowercase());
            }
        } else if let Some(ascii) = deunicode::deunicode_char(c) {
            key.extend(
                ascii
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .map(|c| c.to_ascii_lowercase()),
            );
        }
    }
    key
}

/// Titles interned for the solver, with a display name each.
#[derive(Default)]
pub(crate) struct Titles<'a> {
    /// `(key, display name)`; a deck has a few dozen titles, so a list beats a hash map.
    titles: Vec<(String, &'a str)>,
}

impl<'a> Titles<'a> {
    pub(crate) fn intern(&mut self, title: &'a str) -> u32 {
        let key = title_key(title);
        if let Some(id) = self.titles.iter().position(|(k, _)| *k == key) {
            return id as u32;
        }
        self.titles.push((key, title));
        (self.titles.len() - 1) as u32
    }

    pub(crate) fn name(&self, id: u32) -> &str {
        self.titles[id as usize].1
    }
}

/// The titles a card counts toward for the title limit: a virtual card keeps its original's
/// title; an Armed & Dangerous, Combo Battle or Double Impact card counts toward every title
/// printed on it (`RULINGS.md` D3, D4).
fn title_ids<'a>(card: &'a Card, catalogue: &'a Catalogue, titles: &mut Titles<'a>) -> Vec<u32> {
    let base = card
        .replaces
        .as_deref()
        .and_then(|id| catalogue.get(id))
        .unwrap_or(card);
    if is_two_part(base.card_type) {
        base.title
            .split(" & ")
            .map(|part| titles.intern(part_title(part.trim(), base.card_type)))
            .collect()
    } else {
        vec![titles.intern(&base.title)]
    }
}

/// Armed & Dangerous, Combo Battle and Double Impact cards print two cards' names on one.
fn is_two_part(card_type: CardType) -> bool {
    matches!(
        card_type,
        CardType::ArmedAndDangerous | CardType::ComboBattle | CardType::DoubleImpact
    )
}

/// The bare title one half of a two-part card counts toward. Subtitles are ignored for deck
/// construction (rulebook "The 6-By-10 Rule"): an Armed & Dangerous half is printed
/// `Title, Subtitle` (`Adi Gallia, Corellian Jedi Master` counts toward `Adi Gallia`), while a
/// battle card's title may itself hold a comma (`Cha Skrunee Da Pat, Sleemo`), so a Combo or
/// Double Impact half stays whole. A test checks every half against the catalogue's titles.
fn part_title(part: &str, card_type: CardType) -> &str {
    if card_type == CardType::ArmedAndDangerous {
        part.split(", ").next().unwrap_or(part).trim()
    } else {
        part
    }
}

pub(crate) fn piece<'a>(
    card: &'a Card,
    count: u32,
    catalogue: &'a Catalogue,
    rules: &RulesSet,
    titles: &mut Titles<'a>,
) -> Piece {
    // An Objective is a wild card for the rules set's objective colours, whatever the
    // catalogue's dots say (`RULINGS.md` D2).
    let (home, wild) = if card.card_type == CardType::Objective {
        (None, rules.objective_mask())
    } else {
        match card.dots {
            Some(d) => (d.colour(), d.white().fold(0u8, |m, c| m | (1 << c as u8))),
            None => (None, 0),
        }
    };
    Piece {
        home,
        wild,
        titles: title_ids(card, catalogue, titles),
        planet: if card.card_type == CardType::Location {
            card.planet
        } else {
            None
        },
        count,
    }
}

fn colours_of(mask: u8) -> String {
    DotColour::ALL
        .iter()
        .filter(|c| mask & (1 << **c as u8) != 0)
        .map(|c| c.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `5 DM-2, 1 EDM-P1`.
fn copies(placed: &[(usize, u32)], cards: &[&Card]) -> String {
    placed
        .iter()
        .map(|(p, n)| format!("{n} {}", cards[*p].id))
        .collect::<Vec<_>>()
        .join(", ")
}

fn limit_rule(limit: u32) -> String {
    format!("and a colour may hold at most {limit} cards of one title (subtitles do not count)")
}

/// `a red`, `an orange`.
fn a_dot(colour: DotColour) -> String {
    let article = if colour == DotColour::Orange {
        "an"
    } else {
        "a"
    };
    format!("{article} {colour}")
}

/// Why cards stay in their colour, in a player's words.
fn only_dot(fixed: u32, of: u32, colour: DotColour) -> String {
    if fixed == of {
        format!(
            "all {of} have only {} dot, so none can count in another colour",
            a_dot(colour)
        )
    } else {
        format!(
            "{fixed} of them have only {} dot, so they cannot count in another colour",
            a_dot(colour)
        )
    }
}

/// The Armed & Dangerous, Combo Battle and Double Impact cards among `placed`, named with
/// both their titles (`RULINGS.md` D3: a card counts toward every title printed on it).
fn two_titled(
    placed: &[(usize, u32)],
    pieces: &[Piece],
    cards: &[&Card],
    titles: &Titles,
) -> String {
    placed
        .iter()
        .filter(|(p, _)| pieces[*p].titles.len() > 1)
        .map(|(p, _)| {
            let names: Vec<String> = pieces[*p]
                .titles
                .iter()
                .map(|t| format!("`{}`", titles.name(*t)))
                .collect();
            format!(
                "; {} prints two titles, {}, and counts as each",
                describe(cards[*p]),
                names.join(" and ")
            )
        })
        .collect()
}

/// Where a wild card can go, as a player reads it.
fn can_fill(card: &Card, piece: &Piece) -> String {
    let kind = if card.card_type == CardType::Objective {
        "is an Objective and "
    } else {
        ""
    };
    format!(
        "{} {kind}can fill only {}",
        describe(card),
        or_list(&colours_of(piece.wild))
    )
}

/// `orange, yellow or purple`.
fn or_list(list: &str) -> String {
    match list.rsplit_once(", ") {
        Some((head, last)) => format!("{head} or {last}"),
        None => list.to_string(),
    }
}

/// Why a title stays over the limit in a colour when the wild cards could, in principle,
/// move: the facts of the deck that decide it, in a player's words (no assignment avoids it:
/// the solver is exact).
#[allow(clippy::too_many_arguments)]
fn title_over(
    o: &solver::TitleOverflow,
    placed: &[(usize, u32)],
    fill: &solver::ColourFill,
    pieces: &[Piece],
    cards: &[&Card],
    titles: &Titles,
    limits: Limits,
    limit: u32,
) -> String {
    let c = o.colour;
    let t = limits.per_colour;
    let bit = 1u8 << c as u8;
    let title = titles.name(o.title);
    let head = format!(
        "`{title}`: {} cards in {c} ({}), {}",
        o.count,
        copies(placed, cards),
        limit_rule(limit)
    );
    let fixed: u32 = placed
        .iter()
        .filter(|(p, _)| pieces[*p].home == Some(c) && pieces[*p].wild == 0)
        .map(|(_, n)| n)
        .sum();
    let two = two_titled(placed, pieces, cards, titles);
    if fixed > limit {
        return format!("{head}; {}{two}", only_dot(fixed, o.count, c));
    }
    let mut why: Vec<String> = Vec::new();
    if fixed > 0 {
        why.push(only_dot(fixed, o.count, c));
    }
    let own: u32 = pieces
        .iter()
        .filter(|p| p.home == Some(c))
        .map(|p| p.count)
        .sum();
    let wild_here = fill.wild.filter(|w| pieces[*w].titles.contains(&o.title));
    if wild_here.is_some() && own < t {
        let fillers: Vec<usize> = (0..pieces.len())
            .filter(|&i| pieces[i].home != Some(c) && pieces[i].wild & bit != 0)
            .collect();
        let (same, other): (Vec<usize>, Vec<usize>) = fillers
            .iter()
            .partition(|&&i| pieces[i].titles.contains(&o.title));
        let mut sentence = format!(
            "{c} has only {own} cards with {} dot, so it needs a wild card to reach {t}",
            a_dot(c)
        );
        if other.is_empty() {
            let named: Vec<String> = same.iter().map(|&i| describe(cards[i])).collect();
            if named.len() == 1 {
                sentence.push_str(&format!(
                    ", and the only wild card that can fill {c} is {}, one more `{title}`",
                    named[0]
                ));
            } else {
                sentence.push_str(&format!(
                    ", and every wild card that can fill {c} is a `{title}`: {}",
                    named.join(", ")
                ));
            }
        } else {
            let ids: Vec<String> = other.iter().map(|&i| cards[i].id.clone()).collect();
            sentence.push_str(&format!(
                "; {} could fill {c} instead, but no way of doing that keeps every colour at {t} cards and every title at {limit} or fewer",
                or_list(&list_ids(&ids))
            ));
        }
        why.push(sentence);
        // The wild cards that cannot help, with where they can go.
        for (i, p) in pieces.iter().enumerate() {
            if p.wild != 0 && p.wild & bit == 0 && p.home != Some(c) {
                why.push(can_fill(cards[i], p));
            }
        }
    } else {
        let movers: Vec<String> = placed
            .iter()
            .filter(|(p, _)| pieces[*p].wild != 0)
            .map(|(p, _)| {
                format!(
                    "{} could count in {} instead",
                    describe(cards[*p]),
                    or_list(&colours_of(pieces[*p].wild & !bit))
                )
            })
            .collect();
        why.extend(movers);
        why.push(format!(
            "but every way of moving the wild cards leaves some colour with more or fewer than {t} cards or puts another title over {limit}"
        ));
    }
    format!("{head}; {}{two}", why.join("; "))
}

/// Turns the solver's closest assignment into violations that say what is wrong and why.
fn explain(
    a: &Assignment,
    pieces: &[Piece],
    cards: &[&Card],
    titles: &Titles,
    limits: Limits,
    violations: &mut Vec<Violation>,
) {
    let t = limits.per_colour;
    for fill in &a.colours {
        let c = fill.colour;
        let bit = 1u8 << c as u8;
        let own: u32 = pieces
            .iter()
            .filter(|p| p.home == Some(c))
            .map(|p| p.count)
            .sum();
        if fill.count == t {
            continue;
        }
        let leavers: Vec<String> = (0..pieces.len())
            .filter(|&i| pieces[i].home == Some(c) && pieces[i].wild != 0)
            .map(|i| cards[i].id.clone())
            .collect();
        let can_leave: u32 = pieces
            .iter()
            .filter(|p| p.home == Some(c) && p.wild != 0)
            .map(|p| p.count)
            .sum();
        let fillers: Vec<String> = (0..pieces.len())
            .filter(|&i| pieces[i].home != Some(c) && pieces[i].wild & bit != 0)
            .map(|i| cards[i].id.clone())
            .collect();
        if fill.count > t {
            let why = if can_leave == 0 {
                format!("{c} has {own} {c}-dot cards and no wild card can leave it")
            } else if own.saturating_sub(can_leave.min(5)) > t {
                format!(
                    "{c} has {own} {c}-dot cards and only {can_leave} of them can leave it as wild cards ({})",
                    list_ids(&leavers)
                )
            } else {
                format!(
                    "{c} has {own} {c}-dot cards; the semi-wild cards that could leave it ({}) find no free wild slot",
                    list_ids(&leavers)
                )
            };
            let placed: Vec<String> = fill
                .normal
                .iter()
                .map(|(p, _)| cards[*p].id.clone())
                .chain(fill.wild.map(|p| cards[p].id.clone()))
                .collect();
            violations.push(
                Violation::new(Code::ColourOver, why)
                    .colour(c)
                    .cards(placed)
                    .actual_allowed(fill.count, t),
            );
        } else if fill.count < t {
            let why = if fillers.is_empty() {
                format!("{c} has {own} {c}-dot cards and no wild card in the deck can fill it")
            } else if own + 1 < t {
                format!(
                    "{c} has {own} {c}-dot cards and a colour takes only one wild card, so it cannot reach {t}"
                )
            } else {
                format!(
                    "{c} has {own} {c}-dot cards; the wild cards that could fill it ({}) are needed elsewhere",
                    list_ids(&fillers)
                )
            };
            violations.push(
                Violation::new(Code::ColourShort, why)
                    .colour(c)
                    .cards(fillers)
                    .actual_allowed(fill.count, t),
            );
        }
    }
    for &(p, n) in &a.unplaced {
        let card = cards[p];
        let what = if n == 1 {
            "has no place".to_string()
        } else {
            format!("has {n} copies with no place")
        };
        violations.push(
            Violation::new(
                Code::NoWildSlot,
                format!(
                    "{} {what}: every colour it could fill ({}) already has {t} cards or its one wild card",
                    describe(card),
                    colours_of(pieces[p].wild)
                ),
            )
            .cards([card.id.clone()])
            .actual_allowed(format!("{n} unplaced"), "0 unplaced"),
        );
    }

    // The title limit and the three-planet rule are judged on an assignment that meets the
    // 6-by-10 rule; while the colours are off, only what no assignment can change is reported.
    if let Some(limit) = limits.title_limit {
        if a.cost.colours == 0 {
            for o in &a.title_overflows {
                let fill = &a.colours[o.colour as usize];
                let placed: Vec<(usize, u32)> = fill
                    .normal
                    .iter()
                    .copied()
                    .chain(fill.wild.map(|p| (p, 1)))
                    .filter(|(p, _)| pieces[*p].titles.contains(&o.title))
                    .collect();
                let why = title_over(o, &placed, fill, pieces, cards, titles, limits, limit);
                let involved: Vec<String> =
                    placed.iter().map(|(p, _)| cards[*p].id.clone()).collect();
                violations.push(
                    Violation::new(Code::TitleLimit, why)
                        .colour(o.colour)
                        .cards(involved)
                        .actual_allowed(o.count, limit),
                );
            }
        } else {
            let mut fixed: BTreeMap<(u32, DotColour), (u32, Vec<usize>)> = BTreeMap::new();
            for (i, p) in pieces.iter().enumerate() {
                if let (Some(h), 0) = (p.home, p.wild) {
                    for &title in &p.titles {
                        let entry = fixed.entry((title, h)).or_default();
                        entry.0 += p.count;
                        entry.1.push(i);
                    }
                }
            }
            for ((title, colour), (count, ids)) in fixed {
                if count > limit {
                    let placed: Vec<(usize, u32)> =
                        ids.iter().map(|&i| (i, pieces[i].count)).collect();
                    violations.push(
                        Violation::new(
                            Code::TitleLimit,
                            format!(
                                "`{}`: {count} cards in {colour} ({}), {}; {}{}",
                                titles.name(title),
                                copies(&placed, cards),
                                limit_rule(limit),
                                only_dot(count, count, colour),
                                two_titled(&placed, pieces, cards, titles)
                            ),
                        )
                        .colour(colour)
                        .cards(ids.iter().map(|&i| cards[i].id.clone()))
                        .actual_allowed(count, limit),
                    );
                }
            }
        }
    }
    if limits.three_planets {
        let present: Vec<&str> = Planet::ALL
            .iter()
            .filter(|p| !a.missing_planets.contains(p))
            .map(|p| p.as_str())
            .collect();
        let present = if present.is_empty() {
            "none".to_string()
        } else {
            present.join(", ")
        };
        for planet in Planet::ALL {
            let in_deck = pieces.iter().any(|p| p.planet == Some(planet));
            let missing = a.missing_planets.contains(&planet);
            let message = if !in_deck {
                format!(
                    "the deck has no {} location; the purple cards must include a location of Tatooine, Coruscant and Naboo",
                    capital(planet.as_str())
                )
            } else if a.cost.colours == 0 && missing {
                format!(
                    "no assignment that meets the 6-by-10 rule puts a {} location among the purple cards",
                    capital(planet.as_str())
                )
            } else {
                continue;
            };
            let locations: Vec<String> = (0..pieces.len())
                .filter(|&i| pieces[i].planet == Some(planet))
                .map(|i| cards[i].id.clone())
                .collect();
            violations.push(
                Violation::new(Code::ThreePlanet, message)
                    .colour(DotColour::Purple)
                    .cards(locations)
                    .actual_allowed(
                        format!("purple locations: {present}"),
                        "tatooine, coruscant, naboo",
                    ),
            );
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod title_key_tests {
    use super::*;
    use crate::catalogue::normalise;

    #[test]
    fn title_keys_match_normalise() {
        for title in [
            "Tatooine • Podrace Arena",
            "Padmé Naberrie",
            "Ric Olié",
            "Obi-Wan Kenobi",
            "Kaa Bazza Kundee Hodrudda!",
            "Ann and Tann Gella",
        ] {
            assert_eq!(title_key(title), normalise(title), "{title}");
        }
        // Titles the catalogue spells with and without the planet bullet are one title.
        assert_eq!(
            title_key("Tatooine Mos Espa"),
            title_key("Tatooine • Mos Espa")
        );
    }
}
