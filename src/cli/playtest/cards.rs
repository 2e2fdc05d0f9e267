//! The per-card table's columns, shared by the text table and the HTML report: a column is a
//! header, the field of a card's JSON it shows, and how that value is written. A new column
//! is one line in [`CARD_COLUMNS`] (and its field in `sim::report::CardStats`).

use serde_json::Value;

use super::{num, pct};

/// How a value is written, in the tables and in the HTML report alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    /// A whole number.
    Count,
    /// A rate in [0, 1], as a percentage with one decimal (`61.4%`).
    Percent,
    /// Two decimals.
    Decimal2,
}

impl Kind {
    pub fn format(self, v: &Value) -> String {
        match self {
            Kind::Text => v.as_str().unwrap_or_default().to_string(),
            Kind::Count => v.as_u64().map(|n| n.to_string()).unwrap_or_default(),
            Kind::Percent => pct(v.as_f64()),
            Kind::Decimal2 => num(v.as_f64(), 2),
        }
    }

    /// The name the HTML report gives this way of writing a number (`data-fmt`), which its
    /// browser test reads back.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Count => "int",
            Kind::Percent => "pct",
            Kind::Decimal2 => "num2",
        }
    }

    pub fn numeric(self) -> bool {
        self != Kind::Text
    }
}

pub struct CardColumn {
    pub header: &'static str,
    /// A JSON pointer into one card of the report (`/drawn/games`).
    pub field: &'static str,
    pub kind: Kind,
}

const fn col(header: &'static str, field: &'static str, kind: Kind) -> CardColumn {
    CardColumn {
        header,
        field,
        kind,
    }
}

pub const CARD_COLUMNS: &[CardColumn] = &[
    col("card", "/name", Kind::Text),
    col("id", "/id", Kind::Text),
    col("copies", "/copies", Kind::Count),
    col("drawn", "/drawn/games", Kind::Count),
    col("won drawn", "/drawn/win_rate", Kind::Percent),
    col("deployed", "/deployed/games", Kind::Count),
    col("won deployed", "/deployed/win_rate", Kind::Percent),
    col("text fired", "/text_fired", Kind::Count),
    col("avg damage", "/avg_damage", Kind::Decimal2),
];

impl CardColumn {
    /// The value of this column in one card's JSON (null when the field is missing).
    pub fn value<'a>(&self, card: &'a Value) -> &'a Value {
        card.pointer(self.field).unwrap_or(&Value::Null)
    }

    pub fn cell(&self, card: &Value) -> String {
        self.kind.format(self.value(card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::report::{CardStats, Rate};

    #[test]
    fn a_card_row_is_written_as_the_tables_write_it() {
        let card = CardStats {
            id: "DM-1".into(),
            name: "Obi-Wan Kenobi, Young Jedi".into(),
            copies: 3,
            drawn: Rate::new(546, 889),
            deployed: Rate::new(0, 0),
            text_fired: Some(12),
            avg_damage: Some(4.7666),
        };
        let v = serde_json::to_value(&card).unwrap();
        let row: Vec<String> = CARD_COLUMNS.iter().map(|c| c.cell(&v)).collect();
        assert_eq!(
            row,
            [
                "Obi-Wan Kenobi, Young Jedi",
                "DM-1",
                "3",
                "889",
                "61.4%",
                "0",
                "",
                "12",
                "4.77"
            ]
        );
        // A card without game text has no count: the cell stays empty, not 0.
        let v = serde_json::to_value(CardStats {
            text_fired: None,
            ..card
        })
        .unwrap();
        assert_eq!(CARD_COLUMNS[6].cell(&v), "");
    }
}
