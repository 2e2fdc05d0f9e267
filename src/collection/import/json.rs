//! Reading the JSON that `export` writes: an array of rows, each an object of columns, with
//! the line each row starts on.

use serde_json::Value as Json;

use super::checker::Checker;
use super::{COLUMN_HELP, FileFormat, Parsed, RawRow, collect, column};
use crate::catalogue::lookup::excerpt;
use crate::collection::error::CollectionError;

/// Line numbers where each element of the top-level JSON array starts.
pub(super) fn element_lines(text: &str) -> Vec<u64> {
    let (mut line, mut depth) = (1u64, 0usize);
    let (mut in_string, mut escaped, mut expect) = (false, false, false);
    let mut lines = Vec::new();
    for c in text.chars() {
        if c == '\n' {
            line += 1;
        }
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if depth == 1 && expect && !c.is_whitespace() && c != ']' {
            lines.push(line);
            expect = false;
        }
        match c {
            '"' => in_string = true,
            '[' | '{' => {
                depth += 1;
                if depth == 1 {
                    expect = true;
                }
            }
            ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 1 => expect = true,
            _ => {}
        }
    }
    lines
}

pub(super) fn parse_json(
    file: &str,
    text: &str,
    checker: &mut Checker<'_>,
) -> Result<Parsed, CollectionError> {
    let fail = |reason: String| CollectionError::File {
        file: file.to_string(),
        reason,
    };
    let value: Json = serde_json::from_str(text).map_err(|e| {
        fail(format!(
            "line {}, column {}: not valid JSON: {e}",
            e.line(),
            e.column()
        ))
    })?;
    let Json::Array(items) = value else {
        return Err(fail(
            "the JSON must be an array of rows, as `yj collection export --format json` writes"
                .into(),
        ));
    };
    // Read again keeping every key of every object as written: a JSON object that names a
    // field twice is taken by the parser as its last value, silently; here it is an error.
    let entries: Vec<Element> = serde_json::from_str(text).map_err(|e| {
        fail(format!(
            "line {}, column {}: not valid JSON: {e}",
            e.line(),
            e.column()
        ))
    })?;
    debug_assert_eq!(entries.len(), items.len());
    let lines = element_lines(text);
    // Rows sharing a line (JSON written on one line) are told apart by their place.
    let shared = lines.windows(2).any(|w| w[0] == w[1]);
    let mut results = Vec::new();
    for (i, element) in entries.into_iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(0);
        let name = |reason: String| {
            if shared {
                format!("entry {} of the array: {reason}", i + 1)
            } else {
                reason
            }
        };
        let Element::Object(fields) = element else {
            results.push((line, Err(name(format!("row {} is not an object", i + 1)))));
            continue;
        };
        let mut raw = RawRow::default();
        let mut problem = None;
        let mut seen: Vec<(super::Column, String)> = Vec::new();
        for (key, v) in fields {
            if let Some(c) = column(&key)
                && c != super::Column::Ignored
            {
                if let Some((_, first)) = seen.iter().find(|(s, _)| *s == c) {
                    problem = Some(if *first == key {
                        format!("field `{}` is given twice", excerpt(&key))
                    } else {
                        format!(
                            "fields `{}` and `{}` are the same column, given twice",
                            excerpt(first),
                            excerpt(&key)
                        )
                    });
                    break;
                }
                seen.push((c, key.clone()));
            }
            let Some(c) = column(&key) else {
                problem = Some(format!(
                    "unknown field `{}` (known: {COLUMN_HELP})",
                    excerpt(&key)
                ));
                break;
            };
            let text = match v {
                Json::Null => String::new(),
                Json::String(s) => s,
                Json::Number(n) => n.to_string(),
                Json::Bool(b) => b.to_string(),
                other => {
                    problem = Some(format!(
                        "field `{}` holds {}, not a value",
                        excerpt(&key),
                        excerpt(&other.to_string())
                    ));
                    break;
                }
            };
            raw.set(c, text);
        }
        let result = match problem {
            Some(p) => Err(p),
            None if raw.card.is_none() && raw.name.is_none() => {
                Err("no card: the row has neither card_id nor name".into())
            }
            None => checker.row(line, raw),
        };
        results.push((line, result.map_err(name)));
    }
    Ok(collect(FileFormat::Json, results))
}

/// One element of the top-level array: an object with its fields in order, duplicates kept,
/// or anything else.
enum Element {
    Object(Vec<(String, Json)>),
    Other,
}

impl<'de> serde::Deserialize<'de> for Element {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Element, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Element;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Element, A::Error> {
                let mut fields = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Json>()? {
                    fields.push((k, v));
                }
                Ok(Element::Object(fields))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Element, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(Element::Other)
            }
            fn visit_bool<E>(self, _: bool) -> Result<Element, E> {
                Ok(Element::Other)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Element, E> {
                Ok(Element::Other)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Element, E> {
                Ok(Element::Other)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Element, E> {
                Ok(Element::Other)
            }
            fn visit_str<E>(self, _: &str) -> Result<Element, E> {
                Ok(Element::Other)
            }
            fn visit_unit<E>(self) -> Result<Element, E> {
                Ok(Element::Other)
            }
        }
        d.deserialize_any(Visit)
    }
}
