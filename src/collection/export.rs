//! Writing a collection to CSV or JSON such that `import --mode set` into an empty collection
//! gives it back exactly: every list (owned, want, keep), and every lot with its condition,
//! note, price paid and built deck.

use serde::Serialize;

use super::model::{EVERY_CARD, Holdings, List, Slot};
use crate::catalogue::Catalogue;

/// The columns, in order. `name`, `set` and `rarity` are for people; import reads the card
/// from `card_id`, and the foil printing from `printing`.
pub const COLUMNS: &[&str] = &[
    "list",
    "card_id",
    "finish",
    "qty",
    "condition",
    "note",
    "name",
    "set",
    "rarity",
    "printing",
    "price_paid",
    "deck",
];

/// The `name` export writes for an entry whose card the catalogue no longer has. Import reads
/// it back as that mark: it lets such a row in, and nothing else does (a mistyped id is still
/// refused).
pub const NOT_IN_CATALOGUE: &str = "(not in the catalogue)";

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExportRow {
    pub list: &'static str,
    pub card_id: String,
    pub finish: &'static str,
    pub qty: u32,
    pub condition: Option<String>,
    pub note: Option<String>,
    pub name: String,
    pub set: String,
    pub rarity: String,
    /// The foil printing's release (`RF`), for a card with several; empty for one not
    /// recorded (which is how exports before printings wrote every foil). After the columns
    /// from before printings, so files in that layout still line up.
    pub printing: String,
    /// The price paid for each copy of the lot (`1.50`); empty when not recorded.
    pub price_paid: Option<String>,
    /// The built deck the lot's copies are in; empty when they are free.
    pub deck: Option<String>,
}

/// Sort key: list, then catalogue order (cards the catalogue no longer has last), then finish.
pub fn order_key(
    catalogue: &Catalogue,
    slot: &Slot,
) -> (
    List,
    usize,
    String,
    crate::catalogue::Finish,
    Option<crate::catalogue::Set>,
    u32,
) {
    let position = if slot.card_id == EVERY_CARD {
        0
    } else {
        catalogue
            .index_of(&slot.card_id)
            .map_or(usize::MAX, |i| i + 1)
    };
    (
        slot.list,
        position,
        slot.card_id.clone(),
        slot.finish,
        slot.printing,
        slot.lot,
    )
}

/// Every entry as a row, and the ids of entries whose card the catalogue no longer has (they
/// are exported with the name [`NOT_IN_CATALOGUE`], which `import` reads back).
pub fn rows(catalogue: &Catalogue, holdings: &Holdings) -> (Vec<ExportRow>, Vec<String>) {
    let mut slots: Vec<_> = holdings.entries.iter().collect();
    slots.sort_by_key(|(slot, _)| order_key(catalogue, slot));
    let mut orphans = Vec::new();
    let rows = slots
        .into_iter()
        .map(|(slot, value)| {
            let card = catalogue.get(&slot.card_id);
            let name = match card {
                Some(c) => c.full_name(),
                None if slot.card_id == EVERY_CARD => "(every card)".into(),
                None => {
                    orphans.push(slot.card_id.clone());
                    NOT_IN_CATALOGUE.into()
                }
            };
            ExportRow {
                list: slot.list.as_str(),
                card_id: slot.card_id.clone(),
                finish: if slot.list == List::Keep {
                    ""
                } else {
                    slot.finish.as_str()
                },
                printing: slot
                    .printing
                    .map(|p| p.code().to_string())
                    .unwrap_or_default(),
                qty: value.qty,
                condition: value.condition.map(|c| c.to_string()),
                note: value.note.clone(),
                name,
                set: card.map(|c| c.set.code().to_string()).unwrap_or_default(),
                rarity: card.map(|c| c.rarity.to_string()).unwrap_or_default(),
                price_paid: value.price.map(super::model::format_price),
                deck: value.deck.clone(),
            }
        })
        .collect();
    (rows, orphans)
}

/// Whether a spreadsheet would read `cell` as a formula (OWASP "CSV Injection": a cell
/// starting with `=`, `+`, `-`, `@`, a tab or a carriage return), after any quotes that
/// [`neutralise`] put before it.
fn formula_like(cell: &str) -> bool {
    cell.trim_start_matches('\'')
        .starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// A cell as a CSV export writes it: one that a spreadsheet would run as a formula (a note
/// `=SUM(A1:A9)`, `@cmd`) gets a leading `'`, which spreadsheets show as "this is text", as
/// OWASP's CSV-injection guidance says. A cell already starting with quotes before such a
/// character gets one more, so that [`restore_cell`] gives back exactly what was written.
pub fn neutralise(cell: &str) -> std::borrow::Cow<'_, str> {
    if formula_like(cell) {
        format!("'{cell}").into()
    } else {
        cell.into()
    }
}

/// Undoes [`neutralise`] for a cell read from a CSV file.
pub fn restore_cell(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if formula_like(rest) => rest,
        _ => cell,
    }
}

/// A row's cells, in [`COLUMNS`] order, as a CSV export writes them.
fn cells(r: &ExportRow) -> Vec<String> {
    [
        r.list,
        &r.card_id,
        r.finish,
        &r.qty.to_string(),
        r.condition.as_deref().unwrap_or(""),
        r.note.as_deref().unwrap_or(""),
        &r.name,
        &r.set,
        &r.rarity,
        &r.printing,
        r.price_paid.as_deref().unwrap_or(""),
        r.deck.as_deref().unwrap_or(""),
    ]
    .iter()
    .map(|c| neutralise(c).into_owned())
    .collect()
}

pub fn to_csv(rows: &[ExportRow]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail.
    let _ = w.write_record(COLUMNS);
    for r in rows {
        let _ = w.write_record(cells(r));
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// An export row with the collection it belongs to (`export --all`).
#[derive(Debug, Clone, Serialize)]
pub struct AllRow<'r> {
    pub collection: &'r str,
    #[serde(flatten)]
    pub row: &'r ExportRow,
}

/// Every collection's rows in one CSV: a `collection` column first, then [`COLUMNS`].
pub fn to_csv_all(rows: &[AllRow<'_>]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(std::iter::once("collection").chain(COLUMNS.iter().copied()));
    for r in rows {
        let _ = w.write_record(std::iter::once(r.collection.to_string()).chain(cells(r.row)));
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

pub fn to_json_all(rows: &[AllRow<'_>]) -> String {
    let mut text = serde_json::to_string_pretty(rows).unwrap_or_else(|_| "[]".into());
    text.push('\n');
    text
}

pub fn to_json(rows: &[ExportRow]) -> String {
    let mut text = serde_json::to_string_pretty(rows).unwrap_or_else(|_| "[]".into());
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{CatalogueSource, Finish, Set};
    use crate::collection::import::{Mode, parse, plan};
    use crate::collection::model::{Condition, Value};

    fn sample() -> Holdings {
        let mut h = Holdings::new("main");
        h.entries.insert(
            Slot::owned("DM-71", Finish::Regular),
            Value {
                qty: 3,
                condition: Some(Condition::LightlyPlayed),
                note: Some("from \"Uncle\" Bob, box 2\nsecond line".into()),
                price: None,
                deck: None,
            },
        );
        h.entries
            .insert(Slot::owned("BN-71", Finish::Foil), Value::qty(1));
        h.entries
            .insert(Slot::owned("V1-JC-3", Finish::Regular), Value::qty(2));
        h.entries
            .insert(Slot::want("DM-1", Finish::Foil), Value::qty(1));
        // DF-31's two foil printings, and one foil whose printing was never recorded.
        let df31 = Slot::owned("DF-31", Finish::Foil);
        h.entries
            .insert(df31.clone().with_printing(Some(Set::RF)), Value::qty(1));
        h.entries.insert(
            df31.clone().with_printing(Some(Set::DF)),
            Value {
                qty: 2,
                condition: Some(Condition::NearMint),
                note: None,
                price: None,
                deck: None,
            },
        );
        h.entries.insert(df31, Value::qty(1));
        h.entries.insert(
            Slot::want("DF-31", Finish::Foil).with_printing(Some(Set::DF)),
            Value::qty(3),
        );
        h.entries.insert(Slot::keep(EVERY_CARD), Value::qty(4));
        h.entries.insert(Slot::keep("DM-71"), Value::qty(0));
        h
    }

    #[test]
    fn csv_and_json_round_trip_through_import_set() {
        let catalogue = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
        let original = sample();
        let (rows, orphans) = rows(&catalogue, &original);
        assert!(orphans.is_empty());
        for (name, text) in [("x.csv", to_csv(&rows)), ("x.json", to_json(&rows))] {
            let parsed = parse(name, &text, &catalogue).unwrap();
            assert!(parsed.rejected.is_empty(), "{name}: {:?}", parsed.rejected);
            let mut copy = Holdings::new("main");
            let changes = plan(&parsed.rows, Mode::Set, &copy).unwrap();
            copy.apply(&changes).unwrap();
            assert_eq!(copy, original, "{name}\n{text}");
        }
    }

    #[test]
    fn an_entry_whose_card_left_the_catalogue_is_exported_and_named() {
        let catalogue = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
        let mut h = sample();
        h.entries
            .insert(Slot::owned("XX-999", Finish::Regular), Value::qty(2));
        let (rows, orphans) = rows(&catalogue, &h);
        assert_eq!(orphans, vec!["XX-999".to_string()]);
        let last = rows.iter().find(|r| r.card_id == "XX-999").unwrap();
        assert_eq!(
            (last.qty, last.name.as_str()),
            (2, "(not in the catalogue)")
        );
    }

    #[test]
    fn an_entry_whose_card_left_the_catalogue_survives_the_round_trip() {
        // An export is a collector's backup: an entry the catalogue no longer knows (a card
        // id a catalogue correction dropped) must come back from it, not block the import.
        let catalogue = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
        let mut original = sample();
        original.entries.insert(
            Slot::owned("XX-999", Finish::Regular),
            Value {
                qty: 2,
                condition: Some(Condition::NearMint),
                note: Some("old card".into()),
                price: None,
                deck: None,
            },
        );
        original
            .entries
            .insert(Slot::want("XX-999", Finish::Foil), Value::qty(1));
        original.entries.insert(Slot::keep("XX-999"), Value::qty(3));
        let (rows, _) = rows(&catalogue, &original);
        for (name, text) in [("x.csv", to_csv(&rows)), ("x.json", to_json(&rows))] {
            let parsed = parse(name, &text, &catalogue).unwrap();
            assert!(parsed.rejected.is_empty(), "{name}: {:?}", parsed.rejected);
            let orphans = parsed
                .warnings
                .iter()
                .filter(|w| w.reason.contains("`XX-999` is not in the catalogue"))
                .count();
            assert_eq!(orphans, 3, "{name}: {:?}", parsed.warnings);
            let mut copy = Holdings::new("main");
            let changes = plan(&parsed.rows, Mode::Set, &copy).unwrap();
            copy.apply(&changes).unwrap();
            assert_eq!(copy, original, "{name}\n{text}");
        }
        // Only the export's own mark lets an unknown id in: a typo is still refused.
        let parsed = parse("t.csv", "qty,card_id\n1,XX-999\n", &catalogue).unwrap();
        assert_eq!(parsed.rejected.len(), 1);
    }

    #[test]
    fn rows_follow_catalogue_order_within_each_list() {
        let catalogue = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
        let (rows, _) = rows(&catalogue, &sample());
        let ids: Vec<(&str, &str)> = rows.iter().map(|r| (r.list, r.card_id.as_str())).collect();
        // A card's foils: the one not recorded first, then by release.
        let df31: Vec<&str> = rows
            .iter()
            .filter(|r| r.list == "owned" && r.card_id == "DF-31")
            .map(|r| r.printing.as_str())
            .collect();
        assert_eq!(df31, vec!["", "DF", "RF"]);
        assert_eq!(
            ids,
            vec![
                ("owned", "DM-71"),
                ("owned", "BN-71"),
                ("owned", "DF-31"),
                ("owned", "DF-31"),
                ("owned", "DF-31"),
                ("owned", "V1-JC-3"),
                ("want", "DM-1"),
                ("want", "DF-31"),
                ("keep", "*"),
                ("keep", "DM-71"),
            ]
        );
    }

    #[test]
    fn an_export_from_before_printings_imports_foils_as_not_recorded() {
        // The columns export wrote before foil printings: a DF-31 foil there does not say
        // which printing it is, and must not become one by a guess.
        let catalogue = Catalogue::from_source(&CatalogueSource::embedded()).unwrap();
        let old = "list,card_id,finish,qty,condition,note,name,set,rarity\n\
                   owned,DF-31,foil,2,near-mint,,\"Darth Maul, Student of the Dark Side\",DF,rare\n\
                   owned,BN-71,foil,1,,,\"Darth Maul, Dark Lord of the Sith\",BN,rare\n\
                   want,DF-31,foil,1,,,,DF,rare\n";
        let parsed = parse("old.csv", old, &catalogue).unwrap();
        assert!(parsed.rejected.is_empty(), "{:?}", parsed.rejected);
        let slots: Vec<(&str, Option<Set>)> = parsed
            .rows
            .iter()
            .map(|r| (r.slot.card_id.as_str(), r.slot.printing))
            .collect();
        assert_eq!(
            slots,
            vec![("DF-31", None), ("BN-71", None), ("DF-31", None)]
        );
        // Only the owned DF-31 foil is warned about (a want of any foil is fine as it is).
        assert_eq!(parsed.warnings.len(), 1, "{:?}", parsed.warnings);
        assert!(parsed.warnings[0].reason.contains("--printing RF"));
    }
}
