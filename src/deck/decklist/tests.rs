//! Tests of decklist parsing: every quantity form of text lines, bad lines with their reasons,
//! CSV with and without a header, TOML lines and tables, format sniffing and fuzzed input.

use super::*;

fn cards(list: &DeckList) -> Vec<(usize, u32, &str)> {
    list.entries
        .iter()
        .map(|e| (e.line, e.quantity, e.card.as_str()))
        .collect()
}

#[test]
fn text_lines_take_every_quantity_form() {
    let text = "# my deck\nname: Jedi\nside: Light\n\nCharacters:\n3 DM-1\n3x Qui-Gon Jinn, Jedi Master\nx2 1_71\n1_72\nObi-Wan Kenobi, Young Jedi # the best\n4X  \"Blaster\"\n2, DM-45\n";
    let list = parse_list("d.txt", text, Some(ListFormat::Text)).unwrap();
    assert_eq!(list.name.as_deref(), Some("Jedi"));
    assert_eq!(list.side, Some(Side::Light));
    assert_eq!(
        cards(&list),
        [
            (6, 3, "DM-1"),
            (7, 3, "Qui-Gon Jinn, Jedi Master"),
            (8, 2, "1_71"),
            (9, 1, "1_72"),
            (10, 1, "Obi-Wan Kenobi, Young Jedi"),
            (11, 4, "Blaster"),
            (12, 2, "DM-45"),
        ]
    );
    assert!(list.bad_lines.is_empty(), "{:?}", list.bad_lines);
    assert_eq!(list.total(), 16);
}

#[test]
fn bad_text_lines_are_kept_with_a_reason() {
    let text = "0 DM-1\n99999999999 DM-2\n3\nside: grey\n";
    let list = parse_list("d.txt", text, None).unwrap();
    assert!(list.entries.is_empty());
    let reasons: Vec<(usize, &str)> = list
        .bad_lines
        .iter()
        .map(|b| (b.line, b.reason.as_str()))
        .collect();
    assert_eq!(
        reasons,
        [
            (1, "quantity 0: leave the line out, or give at least 1"),
            (2, "quantity `99999999999` is too large"),
            (3, "`3` has a quantity but no card"),
            (4, "unknown side `grey` (expected one of: light, dark)"),
        ]
    );
}

#[test]
fn text_lines_take_the_quantity_forms_people_write() {
    // `3 x Card`, `Card x3`, `Card (x3)` and a `//` comment after the card are how
    // decklists are typed and pasted from forums; none of them may become a card name.
    let text = "3 x DM-1\n2 X Qui-Gon Jinn, Jedi Master\nDM-7 x2\nBlaster (DM) 3x\nYoda, Jedi Master (x2)\nSith Lightsaber ×3\n1 DM-45 // the good one\n";
    let list = parse_list("d.txt", text, Some(ListFormat::Text)).unwrap();
    assert!(list.bad_lines.is_empty(), "{:?}", list.bad_lines);
    assert_eq!(
        cards(&list),
        [
            (1, 3, "DM-1"),
            (2, 2, "Qui-Gon Jinn, Jedi Master"),
            (3, 2, "DM-7"),
            (4, 3, "Blaster (DM)"),
            (5, 2, "Yoda, Jedi Master"),
            (6, 3, "Sith Lightsaber"),
            (7, 1, "DM-45"),
        ]
    );
    // A number after a card without an `x` stays part of the text (`DM-7 1` is not a
    // quantity: it is reported as an unknown card, not guessed).
    let list = parse_list("d.txt", "DM-7 1\n", Some(ListFormat::Text)).unwrap();
    assert_eq!(cards(&list), [(1, 1, "DM-7 1")]);
}

#[test]
fn a_negative_or_doubled_quantity_is_a_bad_line_not_a_card() {
    let list = parse_list("d.txt", "-3 DM-1\n3 DM-1 x2\n", Some(ListFormat::Text)).unwrap();
    assert!(list.entries.is_empty(), "{:?}", list.entries);
    let reasons: Vec<(usize, &str)> = list
        .bad_lines
        .iter()
        .map(|b| (b.line, b.reason.as_str()))
        .collect();
    assert_eq!(
        reasons,
        [
            (
                1,
                "quantity -3: give a quantity of at least 1, or leave the line out"
            ),
            (2, "two quantities (`3` and `x2`): keep one"),
        ]
    );
}

#[test]
fn a_directive_given_twice_with_another_value_is_a_bad_line() {
    // A `rules: decipher` at the bottom of a list must not quietly replace the
    // `rules: standard` at its top; the same value twice is harmless.
    let text = "side: light\nrules: standard\n3 DM-1\nside: Light\nrules: decipher\n";
    let list = parse_list("d.txt", text, Some(ListFormat::Text)).unwrap();
    assert_eq!(list.rules.as_deref(), Some("standard"));
    let reasons: Vec<(usize, &str)> = list
        .bad_lines
        .iter()
        .map(|b| (b.line, b.reason.as_str()))
        .collect();
    assert_eq!(
        reasons,
        [(
            5,
            "line 2 already says `rules: standard`; keep one `rules:` line"
        )]
    );
}

#[test]
fn csv_with_and_without_a_header() {
    let with = "qty,card\n3,DM-1\n2,\"Darth Maul, Sith Apprentice\"\n";
    let list = parse_list("d.csv", with, Some(ListFormat::Csv)).unwrap();
    assert_eq!(
        cards(&list),
        [(2, 3, "DM-1"), (3, 2, "Darth Maul, Sith Apprentice")]
    );
    let without = "# no header\n3,DM-1\n2,Darth Maul, Sith Apprentice\nDM-5,4\n0,DM-6\n";
    let list = parse_list("d.csv", without, Some(ListFormat::Csv)).unwrap();
    assert_eq!(
        cards(&list),
        [
            (2, 3, "DM-1"),
            (3, 2, "Darth Maul,Sith Apprentice"),
            (4, 4, "DM-5")
        ]
    );
    assert_eq!(list.bad_lines.len(), 1);
    assert_eq!(list.bad_lines[0].line, 5);
}

#[test]
fn csv_headers_of_the_collection_files_are_known() {
    // `qty,card_id` is the header `yj collection export` writes and the README shows; as
    // a decklist header it must not become an unknown card named `qty,card_id`.
    let text = "qty,card_id\n3,DM-1\n";
    assert_eq!(sniff(text), ListFormat::Csv);
    let list = parse_list("d.csv", text, Some(ListFormat::Csv)).unwrap();
    assert_eq!(cards(&list), [(2, 3, "DM-1")]);
    let list = parse_list("d.csv", "Qty,Card_Name\n2,Blaster (DM)\n", None).unwrap();
    assert_eq!(cards(&list), [(2, 2, "Blaster (DM)")]);
}

#[test]
fn csv_from_a_spreadsheet_with_semicolons_is_read() {
    // Spreadsheets in many locales save CSV with `;`: the header `Qty;Card` was read as
    // one unknown card named `qty;card`.
    let text = "Qty;Card;Set\n3;Blaster;DM\n2;\"Darth Maul, Sith Apprentice\";\n";
    assert_eq!(sniff(text), ListFormat::Csv);
    let list = parse_list("d.csv", text, Some(ListFormat::Csv)).unwrap();
    assert!(list.bad_lines.is_empty(), "{:?}", list.bad_lines);
    assert_eq!(
        cards(&list),
        [
            (2, 3, "Blaster (DM)"),
            (3, 2, "Darth Maul, Sith Apprentice")
        ]
    );
}

#[test]
fn toml_takes_lines_or_a_table() {
    let lines = "name = \"Dark\"\nside = \"dark\"\nrules = \"decipher\"\ncards = [\n  \"3 DM-71\",\n  \"x2 Blaster\",\n]\n";
    let list = parse_list("d.toml", lines, Some(ListFormat::Toml)).unwrap();
    assert_eq!(list.side, Some(Side::Dark));
    assert_eq!(list.rules.as_deref(), Some("decipher"));
    assert_eq!(cards(&list), [(5, 3, "DM-71"), (6, 2, "Blaster")]);
    let table = "side = \"dark\"\n\n[cards]\n\"DM-71\" = 3\n\"Darth Maul, Sith Apprentice\" = 0\n";
    let list = parse_list("d.toml", table, Some(ListFormat::Toml)).unwrap();
    assert_eq!(cards(&list), [(4, 3, "DM-71")]);
    assert_eq!(list.bad_lines[0].line, 5);
    assert_eq!(
        list.bad_lines[0].text,
        "\"Darth Maul, Sith Apprentice\" = 0"
    );
}

#[test]
fn toml_errors_name_the_file_and_line() {
    let err = parse_list(
        "d.toml",
        "side = \"dark\"\ncolour = 3\n",
        Some(ListFormat::Toml),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        err,
        "d.toml, line 2: unknown key `colour` (expected name, side, rules or cards)"
    );
    let err = parse_list("d.toml", "cards = [3]\n", Some(ListFormat::Toml))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("d.toml, line 1: each entry of `cards`"),
        "{err}"
    );
    let err = parse_list("d.toml", "cards = [\n", Some(ListFormat::Toml)).unwrap_err();
    assert!(matches!(err, DeckError::Toml { .. }), "{err}");
}

#[test]
fn arbitrary_input_never_panics() {
    // Bad input never panics: random bytes (as lossy UTF-8), odd quantities, odd
    // characters, in every format.
    let mut seed = 99u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    };
    let alphabet: Vec<char> = "0123456789 xX×,;\t\n\"#:=[]{}-_()•éabc".chars().collect();
    for _ in 0..2000 {
        let len = next() % 40;
        let text: String = (0..len)
            .map(|_| alphabet[(next() as usize) % alphabet.len()])
            .collect();
        for format in [ListFormat::Text, ListFormat::Csv, ListFormat::Toml] {
            let _ = parse_list("fuzz", &text, Some(format));
        }
        let _ = parse_list("fuzz", &text, None);
    }
}

#[test]
fn sniffing_recognises_each_format() {
    assert_eq!(sniff("side = \"light\"\ncards = []\n"), ListFormat::Toml);
    assert_eq!(sniff("# list\n[cards]\n\"DM-1\" = 2\n"), ListFormat::Toml);
    assert_eq!(sniff("Quantity,Card\n3,DM-1\n"), ListFormat::Csv);
    assert_eq!(sniff("3 DM-1\n3,DM-2\n"), ListFormat::Text);
    assert_eq!(sniff(""), ListFormat::Text);
}
