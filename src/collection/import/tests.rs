//! Tests of import: quantities, decklist text, CSV, JSON, whole-file problems and planning.

use super::json::element_lines;
use super::*;
use crate::catalogue::Finish;
use crate::collection::model::{Holdings, Value};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded_for_tests()
}

fn parse_text(name: &str, text: &str) -> Parsed {
    parse(name, text, catalogue()).unwrap()
}

#[test]
fn quantities_are_whole_numbers_in_range() {
    assert_eq!(parse_qty("3"), Ok(3));
    assert_eq!(parse_qty(" 3x "), Ok(3));
    assert_eq!(parse_qty("0"), Ok(0));
    for (bad, why) in [
        ("-2", "negative"),
        ("2.5", "not a whole number"),
        ("10000", "absurd"),
        ("99999999999999999999999", "absurd"),
        ("three", "not a number"),
        ("", "missing"),
    ] {
        let err = parse_qty(bad).unwrap_err();
        assert!(err.contains(why), "{bad}: {err}");
    }
}

#[test]
fn decklist_lines_take_ids_names_and_foil_markers() {
    let p = parse_text(
        "list.txt",
        "# my binder\n3 DM-71\n3x Darth Maul, Sith Apprentice\n\n2 x Darth Maul: Sith Apprentice\n1 BN-71 (foil)\n// end\n",
    );
    assert!(p.rejected.is_empty(), "{:?}", p.rejected);
    assert_eq!(p.format, FileFormat::Decklist);
    let got: Vec<(u64, &str, Finish, u32)> = p
        .rows
        .iter()
        .map(|r| (r.line, r.slot.card_id.as_str(), r.slot.finish, r.qty))
        .collect();
    assert_eq!(
        got,
        vec![
            (2, "DM-71", Finish::Regular, 3),
            (3, "DM-71", Finish::Regular, 3),
            (5, "DM-71", Finish::Regular, 2),
            (6, "BN-71", Finish::Foil, 1),
        ]
    );
}

#[test]
fn every_quantity_form_of_a_decklist_is_read() {
    // Issue 4's decklist text: a quantity `3`, `3x` or `x3`, then the card.
    let p = parse_text("l.txt", "3 DM-71\n3x DM-72\nx3 DM-73\nX2 DM-74\n");
    assert!(p.rejected.is_empty(), "{:?}", p.rejected);
    let got: Vec<(&str, u32)> = p
        .rows
        .iter()
        .map(|r| (r.slot.card_id.as_str(), r.qty))
        .collect();
    assert_eq!(
        got,
        [("DM-71", 3), ("DM-72", 3), ("DM-73", 3), ("DM-74", 2)]
    );
}

#[test]
fn a_deck_list_imports_as_written_for_yj_deck_check() {
    // Headers and directives are not card rows; `side:` and `(SET)` settle shared names.
    let p = parse_text(
        "deck.txt",
        "name: Jedi\nside: light\nCharacters:\n2 Blaster (DM)\n1 Tatooine • Podrace Arena\n",
    );
    assert!(p.rejected.is_empty(), "{:?}", p.rejected);
    let got: Vec<(u64, &str)> = p
        .rows
        .iter()
        .map(|r| (r.line, r.slot.card_id.as_str()))
        .collect();
    assert_eq!(got, vec![(4, "DM-45"), (5, "DM-65")]);
    let p = parse_text("deck.txt", "side: grey\n1 DM-71\n");
    assert_eq!(p.rejected.len(), 1, "{:?}", p.rejected);
}

#[test]
fn every_bad_row_is_rejected_with_its_line_and_reason() {
    let p = parse_text(
        "list.txt",
        "3 DM-71\n-1 DM-72\nDarth Maul\n2 Darth Mual, Sith Apprentice\n2 Obi-Wan Kenobi\n20000 DM-1\n1 V1-JC-3 (foil)\n",
    );
    let lines: Vec<u64> = p.rejected.iter().map(|r| r.line).collect();
    assert_eq!(lines, vec![2, 3, 4, 5, 6, 7], "{:?}", p.rejected);
    let reasons: Vec<&str> = p.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert!(reasons[0].contains("negative"));
    assert!(reasons[1].contains("no quantity"));
    assert!(reasons[2].contains("did you mean DM-71"), "{}", reasons[2]);
    assert!(
        reasons[3].contains("DM-1 (") && reasons[3].contains("BN-1 ("),
        "{}",
        reasons[3]
    );
    assert!(reasons[4].contains("absurd"));
    assert!(reasons[5].contains("virtual card"));
    assert_eq!(p.rows.len(), 1);
}

#[test]
fn csv_needs_known_columns_and_reports_bad_rows() {
    let p = parse_text(
        "c.csv",
        "qty,card_id,finish,condition,note\n2,DM-71,,NM,\"top loader, binder 2\"\n1,DM-72\n1,BN-71,foil,shiny,\n,DM-1,,,\n",
    );
    assert_eq!(p.format, FileFormat::Csv);
    assert_eq!(p.rows.len(), 1);
    assert_eq!(p.rows[0].condition, Some(Some(Condition::NearMint)));
    assert_eq!(p.rows[0].note, Some(Some("top loader, binder 2".into())));
    let got: Vec<(u64, bool)> = p
        .rejected
        .iter()
        .map(|r| (r.line, r.reason.contains("fields where the header has 5")))
        .collect();
    assert_eq!(
        got,
        vec![(3, true), (4, false), (5, false)],
        "{:?}",
        p.rejected
    );
    assert!(p.rejected[1].reason.contains("unknown condition `shiny`"));
    assert!(p.rejected[2].reason.contains("quantity is missing"));

    let err = parse("c.csv", "qty,card_id,conditon\n1,DM-71,NM\n", catalogue())
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown column `conditon`"), "{err}");
    let err = parse("c.csv", "Darth Maul,3\n", catalogue())
        .unwrap_err()
        .to_string();
    assert!(err.contains("not a header row"), "{err}");
}

#[test]
fn an_unclosed_quote_is_rejected_not_read_as_a_long_note() {
    // A quote opened and never closed would make every line after it part of one field:
    // the rows for DM-72 and DM-73 would silently vanish into DM-71's note.
    let p = parse_text(
        "c.csv",
        "qty,card_id,note\n1,DM-70,\n1,DM-71,\"binder 2\n2,DM-72,\n3,DM-73,\n",
    );
    assert_eq!(p.rows.len(), 1, "{:?}", p.rows);
    assert_eq!(p.rows[0].slot.card_id, "DM-70");
    assert_eq!(p.rejected.len(), 1, "{:?}", p.rejected);
    assert_eq!(p.rejected[0].line, 3);
    assert!(
        p.rejected[0].reason.contains("never closed"),
        "{}",
        p.rejected[0].reason
    );
    // Even when the open field is the only one of its row.
    let p = parse_text("c.csv", "qty,card_id,note\n1,DM-70,\n,,\"\n1,DM-72,\n");
    assert_eq!(p.rows.len(), 1, "{:?}", p.rows);
    assert_eq!(p.rejected.len(), 1, "{:?}", p.rejected);
    assert_eq!(p.rejected[0].line, 3);
    // Quotes that close, even across lines (a note of two lines), are fine.
    let p = parse_text(
        "c.csv",
        "qty,card_id,note\n1,DM-71,\"two\nlines, \"\"quoted\"\"\"\n2,DM-72,\n",
    );
    assert!(p.rejected.is_empty(), "{:?}", p.rejected);
    assert_eq!(p.rows.len(), 2);
    assert_eq!(
        p.rows[0].note,
        Some(Some("two\nlines, \"quoted\"".to_string()))
    );
}

#[test]
fn a_name_column_is_enough() {
    let p = parse_text(
        "c.csv",
        "quantity,name\n2,\"Darth Maul, Sith Apprentice\"\n",
    );
    assert_eq!(p.rows[0].slot.card_id, "DM-71");
    assert_eq!(p.rows[0].qty, 2);
}

#[test]
fn json_rows_carry_their_line_numbers() {
    let text = "[\n  {\n    \"card_id\": \"DM-71\",\n    \"qty\": 2\n  },\n  {\n    \"card_id\": \"nope\",\n    \"qty\": 1\n  },\n  {\"card_id\": \"DM-72\", \"qty\": -3}\n]\n";
    let p = parse_text("c.json", text);
    assert_eq!(p.rows.len(), 1);
    let lines: Vec<u64> = p.rejected.iter().map(|r| r.line).collect();
    assert_eq!(lines, vec![6, 10]);
    assert_eq!(element_lines("[{\"a\": \"x,{\"}, {}]"), vec![1, 1]);
}

#[test]
fn whole_file_problems_are_errors() {
    assert!(decode(b"").unwrap_err().contains("empty"));
    assert!(decode(b"\n  \n").unwrap_err().contains("empty"));
    let err = decode(b"3 DM-71\n2 Padm\xe9 Naberrie\n").unwrap_err();
    assert!(
        err.contains("line 2, column 7") && err.contains("0xE9"),
        "{err}"
    );
    assert_eq!(decode(b"\xEF\xBB\xBF3 DM-71").unwrap(), "3 DM-71");
    assert!(parse("x.json", "[{\"qty\": 1,", catalogue()).is_err());
}

#[test]
fn set_mode_is_idempotent_and_add_mode_adds() {
    let p = parse_text("l.txt", "2 DM-71\n1 DM-71\n1 BN-71 (foil)\n");
    let mut h = Holdings::new("main");
    let changes = plan(&p.rows, Mode::Set, &h).unwrap();
    assert_eq!(changes.len(), 2);
    h.apply(&changes).unwrap();
    assert_eq!(h.owned("DM-71", Finish::Regular), 3);
    assert!(plan(&p.rows, Mode::Set, &h).unwrap().is_empty());
    let changes = plan(&p.rows, Mode::Add, &h).unwrap();
    h.apply(&changes).unwrap();
    assert_eq!(h.owned("DM-71", Finish::Regular), 6);
    assert_eq!(h.owned("BN-71", Finish::Foil), 2);
}

#[test]
fn adding_past_the_limit_is_rejected_at_the_last_row() {
    let p = parse_text("l.txt", "9000 DM-71\n999 DM-71\n1 DM-71\n");
    let rejected = plan(&p.rows, Mode::Set, &Holdings::new("main")).unwrap_err();
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0].line, 3);
    assert!(rejected[0].reason.contains("10000 copies"));
}

/// Issue 15, "Lots": rows of one printing in other conditions are lots of their own, and
/// rows of one lot are added together; in a file without a condition column, a row names
/// the one lot there is, and is refused when there are several.
#[test]
fn rows_of_one_printing_in_other_conditions_are_lots_of_their_own() {
    let p = parse_text(
        "c.csv",
        "qty,card_id,condition,note\n1,DM-71,NM,\n1,DM-71,NM,\n1,DM-71,DMG,signed\n",
    );
    let mut h = Holdings::new("main");
    let changes = plan(&p.rows, Mode::Set, &h).unwrap();
    h.apply(&changes).unwrap();
    let dm71 = Slot::owned("DM-71", Finish::Regular);
    let lots: Vec<(u32, u32, Option<Condition>, Option<&str>)> = h
        .lots(&dm71)
        .map(|(s, v)| (s.lot, v.qty, v.condition, v.note.as_deref()))
        .collect();
    assert_eq!(
        lots,
        [
            (0, 2, Some(Condition::NearMint), None),
            (1, 1, Some(Condition::Damaged), Some("signed"))
        ]
    );
    // Setting again changes nothing; adding the file adds to each lot.
    assert!(plan(&p.rows, Mode::Set, &h).unwrap().is_empty());
    let added = plan(&p.rows, Mode::Add, &h).unwrap();
    assert_eq!(added.len(), 2);
    // Without a condition column, "3 DM-71" could be either lot.
    let plain = parse_text("p.csv", "qty,card_id\n3,DM-71\n");
    let rejected = plan(&plain.rows, Mode::Set, &h).unwrap_err();
    assert_eq!(rejected[0].line, 2);
    assert!(
        rejected[0].reason.contains("2 lots this row could mean"),
        "{}",
        rejected[0].reason
    );
    // With one lot, it is that lot, as before lots.
    let mut one = Holdings::new("main");
    one.entries.insert(
        dm71.clone(),
        Value {
            condition: Some(Condition::NearMint),
            ..Value::qty(1)
        },
    );
    let changes = plan(&plain.rows, Mode::Set, &one).unwrap();
    assert_eq!(changes.len(), 1);
    assert_eq!(
        changes[0].after.as_ref().unwrap().condition,
        Some(Condition::NearMint)
    );
    assert_eq!(changes[0].after.as_ref().unwrap().qty, 3);
}

#[test]
fn trailing_quantities_and_comments_are_read_as_the_deck_checker_reads_them() {
    // `Card x3`, `Card 3x`, `Card (x3)`, a foil marker before or after the quantity, and a
    // ` #` or ` //` comment after a card: lists pasted from forums and from `yj deck` files.
    let p = parse_text(
        "l.txt",
        "DM-71 x3\nDM-72 2x # binder page 4\nDarth Sidious, Sith Master (x2)\nBN-71 (foil) x1\nBN-72 x1 (foil)\n3 DM-45 // the good ones\nDM-46 x0\n",
    );
    assert!(p.rejected.is_empty(), "{:?}", p.rejected);
    let got: Vec<(u64, &str, Finish, u32)> = p
        .rows
        .iter()
        .map(|r| (r.line, r.slot.card_id.as_str(), r.slot.finish, r.qty))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "DM-71", Finish::Regular, 3),
            (2, "DM-72", Finish::Regular, 2),
            (3, "DM-72", Finish::Regular, 2),
            (4, "BN-71", Finish::Foil, 1),
            (5, "BN-72", Finish::Foil, 1),
            (6, "DM-45", Finish::Regular, 3),
            (7, "DM-46", Finish::Regular, 0),
        ]
    );
    // A line with no quantity anywhere is still refused with the fix, not read as one copy.
    let p = parse_text("l.txt", "DM-71\n");
    assert_eq!(p.rows.len(), 0);
    assert!(
        p.rejected[0].reason.contains("write `1 DM-71`"),
        "{:?}",
        p.rejected
    );
}
