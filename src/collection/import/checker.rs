//! Checking a row's raw fields against the catalogue into an [`ImportRow`]: the quantity, the
//! card (by id, set and number, or name, within its set column), the finish and foil printing,
//! the condition and the note; and restoring an exported card the catalogue no longer has.

use std::collections::HashMap;

use super::{ImportRow, MAX_NOTE_CHARS, RawRow};
use crate::catalogue::lookup::excerpt;
use crate::catalogue::{Catalogue, Finish, Set, normalise};
use crate::collection::model::{Condition, EVERY_CARD, List, MAX_QTY, Slot, parse_finish};
use crate::collection::resolve::{check_printing, finish_of, resolve_with};
use crate::collection::{completion, export, printings, resolve};

/// Parses a quantity: a whole number from 0 to [`MAX_QTY`] (`3x` is accepted).
pub fn parse_qty(text: &str) -> Result<u32, String> {
    let shown = excerpt(text.trim());
    let t = shown.as_str();
    let text = text.trim();
    // `3x` and `x3`, as lists and other tools write them.
    let digits = text.strip_suffix(['x', 'X']).unwrap_or(text).trim();
    let digits = match digits.strip_prefix(['x', 'X']) {
        Some(rest) if rest.trim_start().starts_with(|c: char| c.is_ascii_digit()) => {
            rest.trim_start()
        }
        _ => digits,
    };
    if digits.is_empty() {
        return Err("the quantity is missing".into());
    }
    // `1,000` (thousands separated, as a spreadsheet formats a number) and `3.0` (a whole
    // number a spreadsheet wrote as a decimal) are whole numbers; `2.5` is not.
    let grouped = digits.split(',').enumerate().all(|(i, g)| {
        !g.is_empty()
            && g.chars().all(|c| c.is_ascii_digit())
            && (if i == 0 { g.len() <= 3 } else { g.len() == 3 })
    });
    let ungrouped;
    let digits = if digits.contains(',') && grouped {
        ungrouped = digits.replace(',', "");
        ungrouped.as_str()
    } else if let Some((whole, zeros)) = digits.split_once('.')
        && !whole.is_empty()
        && whole.chars().all(|c| c.is_ascii_digit())
        && !zeros.is_empty()
        && zeros.chars().all(|c| c == '0')
    {
        whole
    } else {
        digits
    };
    if let Some(rest) = digits.strip_prefix('-')
        && rest.parse::<f64>().is_ok()
    {
        return Err(format!("negative quantity `{t}`"));
    }
    match digits.trim_start_matches('+').parse::<u64>() {
        Ok(n) if n <= MAX_QTY as u64 => Ok(n as u32),
        Ok(_) => Err(format!(
            "quantity `{t}` is absurd: at most {MAX_QTY} copies of one printing (a typo?)"
        )),
        Err(_)
            if digits
                .trim_start_matches('+')
                .chars()
                .all(|c| c.is_ascii_digit()) =>
        {
            Err(format!(
                "quantity `{t}` is absurd: at most {MAX_QTY} copies of one printing (a typo?)"
            ))
        }
        Err(_) if digits.parse::<f64>().is_ok() => {
            Err(format!("quantity `{t}` is not a whole number"))
        }
        Err(_) => Err(format!("quantity `{t}` is not a number")),
    }
}

/// A card found for a row: its id, the finish and the foil printing's release its text named.
type Found = (String, Option<Finish>, Option<Set>);

/// Checks rows against the catalogue, remembering each name's lookup (a file can repeat a
/// name thousands of times).
pub(super) struct Checker<'c> {
    pub(super) catalogue: &'c Catalogue,
    pub(super) cache: HashMap<String, Result<Found, String>>,
    /// A decklist's `side:` line: names both sides print resolve to this side's card.
    pub(super) side: Option<crate::catalogue::Side>,
}

impl Checker<'_> {
    fn card(&mut self, query: &str) -> Result<Found, String> {
        if let Some(hit) = self.cache.get(query) {
            return hit.clone();
        }
        let options = crate::catalogue::LookupOptions { side: self.side };
        let result = resolve_with(self.catalogue, query, options)
            .map(|r| (r.card.id.clone(), r.named_finish, r.named_printing))
            .map_err(|e| e.to_string());
        self.cache.insert(query.to_string(), result.clone());
        result
    }

    /// The card a row names, checked against its set column. A name several sets print is
    /// looked up in that set. A card of another set is refused rather than recorded under a
    /// set the sheet does not say, except a foil printing that came out in that set: a
    /// Reflections row naming a card Reflections reprinted is that reprint, a foil.
    fn card_in_set(&mut self, query: &str, set: Option<Set>) -> Result<Found, String> {
        let Some(set) = set else {
            return self.card(query);
        };
        // A name (in whichever column) is looked up in the set; an id is not a name there, so
        // it falls through to the plain lookup and the check below.
        let in_set = match self.card(&format!("{query} ({})", set.code())) {
            Ok(found) => return Ok(found),
            Err(e) => e,
        };
        let (id, named, named_printing) = match self.card(query) {
            Ok(found) => found,
            Err(_) => return Err(in_set),
        };
        let card = self
            .catalogue
            .get(&id)
            .ok_or_else(|| format!("card {id} vanished from the catalogue"))?;
        if card.set == set {
            return Ok((id, named, named_printing));
        }
        let reprinted = self
            .catalogue
            .foils_of(&id)
            .any(|p| completion::release_of(self.catalogue, p) == Some(set));
        if reprinted {
            return Ok((id, Some(Finish::Foil), Some(set)));
        }
        Err(format!(
            "{id} ({}) is a card of {} ({}), but the set column says {} ({}); fix the set or \
             the card",
            card.full_name(),
            card.set.name(),
            card.set.code(),
            set.name(),
            set.code()
        ))
    }

    /// Whether a row's name fits the card its id names: the card's full name or title (in any
    /// case and punctuation), a name that finds the card, or the mark `export` writes for a
    /// card the catalogue did not have.
    fn names_card(&mut self, name: &str, card: &crate::catalogue::Card, set: Option<Set>) -> bool {
        let key = normalise(name);
        if name == export::NOT_IN_CATALOGUE
            || key == normalise(&card.full_name())
            || key == normalise(&card.title)
        {
            return true;
        }
        let finds = |found: Result<Found, String>| {
            found.is_ok_and(|(id, _, _)| id.eq_ignore_ascii_case(&card.id))
        };
        finds(self.card(name))
            || set.is_some_and(|s| finds(self.card(&format!("{name} ({})", s.code()))))
    }

    /// Turns raw fields into a row, or the reason it is rejected; the second value is a
    /// warning for an accepted row.
    pub(super) fn row(&mut self, line: u64, mut raw: RawRow) -> RowResult {
        let collection = raw
            .collection
            .take()
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty());
        if let Some(name) = &collection {
            crate::collection::model::check_collection_name(name).map_err(|e| e.to_string())?;
        }
        let price = raw
            .price
            .take()
            .map(|p| {
                let p = p.trim();
                if p.is_empty() {
                    Ok(None)
                } else {
                    crate::collection::model::parse_price(p).map(Some)
                }
            })
            .transpose()?;
        let deck = raw
            .deck
            .take()
            .map(|d| {
                let d = d.trim();
                if d.is_empty() {
                    Ok(None)
                } else {
                    crate::collection::model::check_deck_name(d)
                        .map(|()| Some(d.to_string()))
                        .map_err(|e| e.to_string())
                }
            })
            .transpose()?;
        let (mut row, warning) = self.row_in(line, raw)?;
        if row.slot.list != List::Owned
            && (matches!(price, Some(Some(_))) || matches!(deck, Some(Some(_))))
        {
            return Err(format!(
                "a {} row cannot have a price paid or a deck (only owned cards do)",
                row.slot.list.as_str()
            ));
        }
        if row.slot.list == List::Owned {
            row.price = price;
            row.deck = deck;
        }
        row.collection = collection;
        Ok((row, warning))
    }

    fn row_in(&mut self, line: u64, raw: RawRow) -> RowResult {
        fn nonempty(f: &Option<String>) -> Option<&str> {
            f.as_deref().map(str::trim).filter(|s| !s.is_empty())
        }
        let list: List = nonempty(&raw.list).unwrap_or("").parse()?;
        let qty = parse_qty(raw.qty.as_deref().unwrap_or(""))?;
        let in_set = nonempty(&raw.set).map(str::parse::<Set>).transpose()?;
        // A number is read with its set: `DM` and `71` are DM-71.
        let numbered = match (nonempty(&raw.card), nonempty(&raw.number), in_set) {
            (None, Some(n), Some(set)) => Some(format!("{}-{n}", set.code())),
            (None, Some(n), None) if n.contains('-') => Some(n.to_string()),
            (None, Some(n), None) => {
                return Err(format!(
                    "card number `{}` needs its set: fill in the set column, or write the id \
                     (DM-{})",
                    excerpt(n),
                    excerpt(n)
                ));
            }
            _ => None,
        };
        let id_given = nonempty(&raw.card).is_some() || numbered.is_some();
        let query = nonempty(&raw.card)
            .map(str::to_string)
            .or(numbered)
            .or(nonempty(&raw.name).map(str::to_string))
            .ok_or("no card: both card_id and name are empty")?;
        let asked = nonempty(&raw.printing)
            .map(|p| {
                p.parse::<Set>()
                    .map_err(|e| format!("printing: {e} (the release of the foil, e.g. RF)"))
            })
            .transpose()?;
        // A printing column says foil when the finish column is empty.
        let explicit = nonempty(&raw.finish)
            .map(parse_finish)
            .transpose()?
            .or(asked.map(|_| Finish::Foil));
        let condition = raw
            .condition
            .as_deref()
            .map(|c| {
                let c = c.trim();
                if c.is_empty() {
                    Ok(None)
                } else {
                    c.parse::<Condition>().map(Some)
                }
            })
            .transpose()?;
        let note = raw.note.as_deref().map(|n| {
            let n = n.trim();
            (!n.is_empty()).then(|| n.to_string())
        });
        if let Some(Some(n)) = &note
            && n.chars().count() > MAX_NOTE_CHARS
        {
            return Err(format!(
                "the note has {} characters; at most {MAX_NOTE_CHARS}",
                n.chars().count()
            ));
        }
        if list != List::Owned
            && (matches!(condition, Some(Some(_))) || matches!(note, Some(Some(_))))
        {
            return Err(format!(
                "a {} row cannot have a condition or note (only owned cards do)",
                list.as_str()
            ));
        }
        if list == List::Keep && query == EVERY_CARD {
            return Ok((
                ImportRow {
                    line,
                    slot: Slot::keep(EVERY_CARD),
                    qty,
                    condition: None,
                    note: None,
                    price: None,
                    deck: None,
                    collection: None,
                },
                None,
            ));
        }
        let (card_id, named, named_printing) = match self.card_in_set(&query, in_set) {
            Ok(found) => found,
            Err(_) if is_exported_orphan(&raw) => {
                return orphan_row(line, list, &query, qty, (explicit, asked), condition, note);
            }
            Err(e) => return Err(e),
        };
        let card = self
            .catalogue
            .get(&card_id)
            .ok_or_else(|| format!("card {card_id} vanished from the catalogue"))?;
        if id_given
            && let Some(name) = nonempty(&raw.name)
            && !self.names_card(name, card, in_set)
        {
            return Err(format!(
                "`{}` is {} ({}), but the name column says `{}`: the id and the name \
                 disagree (a column sorted without the other?); fix one of them",
                excerpt(&query),
                card.id,
                card.full_name(),
                excerpt(name)
            ));
        }
        let resolved = resolve::Resolved {
            card,
            named_finish: named,
            named_printing,
        };
        let finish = finish_of(&resolved, &query, explicit)?;
        if list == List::Keep && finish == Finish::Foil {
            return Err("a keep reserve is per card, not per finish: leave finish empty".into());
        }
        let mut warning = check_printing(self.catalogue, card, finish)?;
        let (printing, unsaid) =
            printings::settle(self.catalogue, card, finish, named_printing, asked)?;
        // A want of no printing is "any foil", which needs no warning.
        if list == List::Owned {
            warning = warning.or(unsaid);
        }
        let slot = Slot {
            list,
            card_id,
            finish,
            printing,
            lot: 0,
        };
        let (condition, note) = if list == List::Owned {
            (condition, note)
        } else {
            (None, None)
        };
        Ok((
            ImportRow {
                line,
                slot,
                qty,
                condition,
                note,
                price: None,
                deck: None,
                collection: None,
            },
            warning,
        ))
    }
}

/// A checked row and its warning, or the reason it is rejected.
pub(super) type RowResult = Result<(ImportRow, Option<String>), String>;

/// A row `export` wrote for an entry whose card the catalogue no longer has: its `card_id`,
/// and the name export gives such entries.
fn is_exported_orphan(raw: &RawRow) -> bool {
    raw.card.as_deref().is_some_and(|c| !c.trim().is_empty())
        && raw.name.as_deref().map(str::trim) == Some(export::NOT_IN_CATALOGUE)
}

/// Restores an exported entry whose card the catalogue no longer has, as it was written, so an
/// export stays a complete backup; the warning names it.
fn orphan_row(
    line: u64,
    list: List,
    card_id: &str,
    qty: u32,
    (explicit, printing): (Option<Finish>, Option<Set>),
    condition: Option<Option<Condition>>,
    note: Option<Option<String>>,
) -> RowResult {
    let finish = explicit.unwrap_or(Finish::Regular);
    if finish == Finish::Regular && printing.is_some() {
        return Err("a printing is a foil's, but the finish says regular".into());
    }
    if list == List::Keep && finish == Finish::Foil {
        return Err("a keep reserve is per card, not per finish: leave finish empty".into());
    }
    let (condition, note) = if list == List::Owned {
        (condition, note)
    } else {
        (None, None)
    };
    Ok((
        ImportRow {
            line,
            slot: Slot {
                list,
                card_id: card_id.to_string(),
                finish,
                printing,
                lot: 0,
            },
            qty,
            condition,
            note,
            price: None,
            deck: None,
            collection: None,
        },
        Some(format!(
            "card `{}` is not in the catalogue; restored as exported (the export marked \
             it so), and `yj` shows it as {} until the catalogue knows it again",
            excerpt(card_id),
            export::NOT_IN_CATALOGUE
        )),
    ))
}
