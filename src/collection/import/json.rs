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
    let lines = element_lines(text);
    let mut results = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(0);
        let Json::Object(fields) = item else {
            results.push((line, Err(format!("row {} is not an object", i + 1))));
            continue;
        };
        let mut raw = RawRow::default();
        let mut problem = None;
        for (key, v) in fields {
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
        results.push((line, result));
    }
    Ok(collect(FileFormat::Json, results))
}
