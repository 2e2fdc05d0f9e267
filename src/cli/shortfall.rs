//! "What am I missing to build this deck?" — shared by `yj deck need`, `yj deck check
//! --owned` and `yj collection want --deck`.

use anyhow::Result;
use serde_json::json;

use super::InputError;
use super::output::{Format, Record, print_records};
use crate::catalogue::{Catalogue, Database};
use crate::collection::{Shortfall, requirements, store};
use crate::deck::{ResolvedDeck, Resolver, read_list};

/// A deck's shortfall against one collection.
pub struct DeckNeed {
    pub file: String,
    pub collection: String,
    pub deck: ResolvedDeck,
    /// Every card of the deck, with what is owned and free (copies in other built decks are
    /// not counted); `missing() > 0` for the ones lacking.
    pub rows: Vec<Shortfall>,
    /// For the cards lacking: copies owned but held in other built decks, by card.
    pub in_decks: Vec<(String, u32)>,
}

impl DeckNeed {
    pub fn missing(&self) -> u32 {
        self.rows.iter().map(Shortfall::missing).sum()
    }

    /// Nothing missing and every line of the list understood.
    pub fn buildable(&self) -> bool {
        self.missing() == 0 && self.deck.unresolved.is_empty()
    }
}

/// Refuses a collection name that does not exist (a typo would otherwise report the whole
/// deck as missing).
/// Several collections may be named at once, `main,trade-binder`: a deck is then built from
/// all of them together.
pub fn check_collection(db: &Database, collections: &str) -> Result<()> {
    let names = store::collections(db)?;
    for collection in collections.split(',').map(str::trim) {
        check_one(&names, collection)?;
    }
    Ok(())
}

fn check_one(names: &[String], collection: &str) -> Result<()> {
    if collection != crate::collection::model::DEFAULT_COLLECTION
        && !names.iter().any(|n| n == collection)
    {
        return Err(InputError(format!(
            "there is no collection `{collection}` (collections: {})",
            if names.is_empty() {
                "none yet".to_string()
            } else {
                names.join(", ")
            }
        ))
        .into());
    }
    Ok(())
}

/// Reads a decklist and compares it with a collection; each card counted once across the deck.
pub fn deck_need(
    db: &Database,
    catalogue: &Catalogue,
    resolver: &mut Resolver,
    file: &str,
    collection: &str,
) -> Result<DeckNeed> {
    let list = read_list(file)?;
    let deck = resolver.resolve(&list);
    // A list of no cards is not a deck the collection can build: it is the wrong file.
    if deck.cards.is_empty() && deck.unresolved.is_empty() {
        return Err(InputError(format!(
            "{}: lists no cards (only comments, headings or blank lines), so there is nothing \
             to compare with the collection",
            list.source
        ))
        .into());
    }
    need_for(db, catalogue, &list.source, deck, collection)
}

/// Compares a deck already read and resolved with a collection (`yj deck check --owned`
/// reads each list once, so standard input can be compared too).
pub fn need_for(
    db: &Database,
    catalogue: &Catalogue,
    file: &str,
    deck: ResolvedDeck,
    collection: &str,
) -> Result<DeckNeed> {
    // A deck recorded as built under the file's name (`collection build` names it so)
    // counts its own copies; copies in other built decks are not free to build it with.
    let own = deck_name(file);
    let (holdings, all) = combined(db, collection, own.as_deref())?;
    let wanted: Vec<(String, u32)> = deck.cards.iter().map(|c| (c.id.clone(), c.count)).collect();
    let rows = requirements(&holdings, catalogue, &wanted);
    let in_decks = rows
        .iter()
        .filter(|r| r.missing() > 0)
        .filter_map(|r| {
            let busy = all.owned_total(&r.card_id) - r.owned;
            (busy > 0).then(|| (r.card_id.clone(), busy))
        })
        .collect();
    Ok(DeckNeed {
        file: file.to_string(),
        collection: collection.to_string(),
        deck,
        rows,
        in_decks,
    })
}

/// The name `collection build` gives a deck read from `file`: the file's name without its
/// extension, when that is a good deck name.
pub fn deck_name(file: &str) -> Option<String> {
    let stem = std::path::Path::new(file).file_stem()?.to_str()?;
    crate::collection::model::check_deck_name(stem)
        .ok()
        .map(|()| stem.to_string())
}

/// The fields of each shortfall row, in order.
pub const NEED_HEADERS: [&str; 7] = [
    "card_id", "name", "set", "rarity", "needed", "owned", "missing",
];

/// The rows of a shortfall: the missing cards, or with `all` every card of the deck.
pub fn need_records(need: &DeckNeed, catalogue: &Catalogue, all: bool) -> Vec<Record> {
    need.rows
        .iter()
        .filter(|r| all || r.missing() > 0)
        .map(|r| {
            let card = catalogue.get(&r.card_id);
            vec![
                ("card_id", json!(r.card_id)),
                ("name", json!(card.map(|c| c.full_name()))),
                ("set", json!(card.map(|c| c.set.code()))),
                ("rarity", json!(card.map(|c| c.rarity.as_str()))),
                ("needed", json!(r.needed)),
                ("owned", json!(r.owned)),
                ("missing", json!(r.missing())),
            ]
        })
        .collect()
}

/// Prints what is missing (or, with `all`, every card of the deck) and a summary on stderr.
pub fn render(need: &DeckNeed, catalogue: &Catalogue, format: Format, all: bool) -> Result<()> {
    let records = need_records(need, catalogue, all);
    let headers = NEED_HEADERS;
    if format == Format::Table && records.is_empty() {
        println!(
            "{}: {} own{} every card the deck needs",
            need.file,
            named(&need.collection),
            if need.collection.contains(',') {
                ""
            } else {
                "s"
            }
        );
    } else {
        print_records(&records, &headers, format)?;
    }
    if format == Format::Table {
        let short = need.rows.iter().filter(|r| r.missing() > 0).count();
        if short > 0 {
            eprintln!(
                "{}: {} lack{} {} ({} of {} distinct cards)",
                need.file,
                named(&need.collection),
                if need.collection.contains(',') {
                    ""
                } else {
                    "s"
                },
                copies(need.missing()),
                short,
                need.rows.len()
            );
        }
    }
    if !need.in_decks.is_empty() {
        eprintln!(
            "{}: not counted, as they are in built decks: {} (`yj collection unbuild DECK` \
             frees them)",
            need.file,
            need.in_decks
                .iter()
                .map(|(id, n)| format!("{n} {id}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for u in &need.deck.unresolved {
        eprintln!(
            "{}, line {}: `{}` is not understood, so it is not counted",
            need.file, u.line, u.text
        );
    }
    Ok(())
}

fn copies(n: u32) -> String {
    if n == 1 {
        "1 copy".into()
    } else {
        format!("{n} copies")
    }
}

/// The free owned copies of one collection, or of several (`a,b`) added together (with the
/// copies of the built deck `own`), and every owned copy.
fn combined(
    db: &Database,
    collections: &str,
    own: Option<&str>,
) -> Result<(crate::collection::Holdings, crate::collection::Holdings)> {
    let mut free = crate::collection::Holdings::new(collections);
    let mut all = crate::collection::Holdings::new(collections);
    for name in collections.split(',').map(str::trim) {
        let h = store::load(db.connection(), name)?;
        for (slot, value) in h.entries_of(crate::collection::List::Owned) {
            let key = slot.clone().with_lot(0);
            let add = |into: &mut crate::collection::Holdings| {
                let entry = into
                    .entries
                    .entry(key.clone())
                    .or_insert_with(|| crate::collection::Value::qty(0));
                entry.qty = entry.qty.saturating_add(value.qty);
            };
            add(&mut all);
            if value.deck.is_none() || value.deck.as_deref() == own {
                add(&mut free);
            }
        }
    }
    Ok((free, all))
}

/// `collection `main``, or `collections `main` and `binder`` for several.
fn named(collections: &str) -> String {
    let names: Vec<String> = collections
        .split(',')
        .map(|n| format!("`{}`", n.trim()))
        .collect();
    match names.as_slice() {
        [one] => format!("collection {one}"),
        [rest @ .., last] => format!("collections {} and {last}", rest.join(", ")),
        [] => "no collection".into(),
    }
}
