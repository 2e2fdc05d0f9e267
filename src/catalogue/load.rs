//! Parsing the catalogue CSV files (`data/cards/*.csv`) into cards and printings.

use serde::Deserialize;

use super::card::{Card, Power, UseLine};
use super::error::CatalogueError;
use super::printing::{Finish, Printing};
use super::set::Set;

/// One catalogue row as written in the CSV files (and stored in SQLite): every field is text,
/// empty meaning unknown or not printed.
#[derive(Debug, Clone, Deserialize, serde::Serialize, Default)]
#[serde(default)]
pub struct CardRow {
    pub id: String,
    pub set: String,
    pub number: String,
    pub gemp_id: String,
    pub title: String,
    pub subtitle: String,
    pub side: String,
    #[serde(rename = "type")]
    pub card_type: String,
    pub starship_class: String,
    pub rarity: String,
    pub dots: String,
    pub diamond: String,
    pub stackable: String,
    pub counters: String,
    pub power: String,
    pub planet: String,
    pub bonus: String,
    pub damage: String,
    pub destiny: String,
    pub counters2: String,
    pub destiny2: String,
    pub use1_who: String,
    pub use1_dots: String,
    pub use1_cubes: String,
    pub use2_who: String,
    pub use2_dots: String,
    pub use2_cubes: String,
    pub use3_who: String,
    pub use3_dots: String,
    pub use3_cubes: String,
    pub replaces: String,
    pub traits: String,
    pub ability: String,
    pub checked: String,
}

impl CardRow {
    /// The fields in [`CARD_COLUMNS`] order.
    pub fn fields(&self) -> [&str; 34] {
        [
            &self.id,
            &self.set,
            &self.number,
            &self.gemp_id,
            &self.title,
            &self.subtitle,
            &self.side,
            &self.card_type,
            &self.starship_class,
            &self.rarity,
            &self.dots,
            &self.diamond,
            &self.stackable,
            &self.counters,
            &self.power,
            &self.planet,
            &self.bonus,
            &self.damage,
            &self.destiny,
            &self.counters2,
            &self.destiny2,
            &self.use1_who,
            &self.use1_dots,
            &self.use1_cubes,
            &self.use2_who,
            &self.use2_dots,
            &self.use2_cubes,
            &self.use3_who,
            &self.use3_dots,
            &self.use3_cubes,
            &self.replaces,
            &self.traits,
            &self.ability,
            &self.checked,
        ]
    }
}

/// Columns every catalogue file must have.
pub const REQUIRED_COLUMNS: &[&str] = &["id", "set", "number", "title", "side", "type", "rarity"];

/// The column names of a catalogue file, in order.
pub const CARD_COLUMNS: &[&str] = &[
    "id",
    "set",
    "number",
    "gemp_id",
    "title",
    "subtitle",
    "side",
    "type",
    "starship_class",
    "rarity",
    "dots",
    "diamond",
    "stackable",
    "counters",
    "power",
    "planet",
    "bonus",
    "damage",
    "destiny",
    "counters2",
    "destiny2",
    "use1_who",
    "use1_dots",
    "use1_cubes",
    "use2_who",
    "use2_dots",
    "use2_cubes",
    "use3_who",
    "use3_dots",
    "use3_cubes",
    "replaces",
    "traits",
    "ability",
    "checked",
];

#[derive(Debug, Clone, Deserialize)]
struct PrintingRow {
    card_id: String,
    finish: String,
    foil_number: String,
    foil_tier: String,
    source: String,
    gemp_id: String,
    note: String,
}

struct Field<'a> {
    file: &'a str,
    line: u64,
}

impl Field<'_> {
    fn err(&self, column: &str, value: &str, reason: impl Into<String>) -> CatalogueError {
        CatalogueError::BadValue {
            file: self.file.to_string(),
            line: self.line,
            column: column.to_string(),
            value: value.to_string(),
            reason: reason.into(),
        }
    }

    fn parse<T: std::str::FromStr<Err = String>>(
        &self,
        column: &str,
        value: &str,
    ) -> Result<T, CatalogueError> {
        value
            .parse()
            .map_err(|e: String| self.err(column, value, e))
    }

    fn opt<T: std::str::FromStr<Err = String>>(
        &self,
        column: &str,
        value: &str,
    ) -> Result<Option<T>, CatalogueError> {
        if value.is_empty() {
            Ok(None)
        } else {
            self.parse(column, value).map(Some)
        }
    }

    fn small(&self, column: &str, value: &str) -> Result<Option<u8>, CatalogueError> {
        if value.is_empty() {
            return Ok(None);
        }
        value.parse::<u8>().map(Some).map_err(|_| {
            self.err(
                column,
                value,
                "expected a whole number from 0 to 255, or empty",
            )
        })
    }

    fn flag(&self, column: &str, value: &str) -> Result<Option<bool>, CatalogueError> {
        match value {
            "" => Ok(None),
            "yes" => Ok(Some(true)),
            "no" => Ok(Some(false)),
            _ => Err(self.err(column, value, "expected `yes`, `no` or empty")),
        }
    }

    fn text(value: &str) -> Option<String> {
        (!value.is_empty()).then(|| value.to_string())
    }
}

/// Turns one row into a card, naming the file, line and column of any bad value.
pub fn card_from_row(file: &str, line: u64, row: &CardRow) -> Result<Card, CatalogueError> {
    let f = Field { file, line };
    if row.id.is_empty() {
        return Err(f.err("id", "", "every card needs an id"));
    }
    if row.title.is_empty() {
        return Err(f.err("title", "", "every card needs a title"));
    }
    let set: Set = f.parse("set", &row.set)?;
    let power = match row.power.as_str() {
        "" => None,
        "?" => Some(Power::Destiny),
        v => Some(Power::Value(f.small("power", v)?.unwrap_or_default())),
    };
    let bonus = if row.bonus.is_empty() {
        None
    } else {
        let parts: Vec<&str> = row.bonus.split('/').collect();
        let mut out = [0u8; 3];
        if parts.len() != 3 {
            return Err(f.err("bonus", &row.bonus, "expected three counts like `0/2/1`"));
        }
        for (slot, part) in out.iter_mut().zip(parts) {
            *slot = f
                .small("bonus", part)?
                .ok_or_else(|| f.err("bonus", &row.bonus, "expected three counts like `0/2/1`"))?;
        }
        Some(out)
    };
    let mut uses = Vec::new();
    for (who, dots, cubes) in [
        (&row.use1_who, &row.use1_dots, &row.use1_cubes),
        (&row.use2_who, &row.use2_dots, &row.use2_cubes),
        (&row.use3_who, &row.use3_dots, &row.use3_cubes),
    ] {
        if !who.is_empty() {
            uses.push(UseLine {
                who: who.clone(),
                dots: f.small("use_dots", dots)?,
                cubes: f.small("use_cubes", cubes)?,
            });
        } else if !dots.is_empty() || !cubes.is_empty() {
            return Err(f.err("use_who", "", "a bonus line needs who may use it"));
        }
    }
    let checked = match row.checked.as_str() {
        "" | "no" => false,
        "yes" => true,
        v => return Err(f.err("checked", v, "expected `yes`, `no` or empty")),
    };
    Ok(Card {
        id: row.id.clone(),
        set,
        number: row.number.clone(),
        gemp_id: Field::text(&row.gemp_id),
        title: row.title.clone(),
        subtitle: row.subtitle.clone(),
        side: f.parse("side", &row.side)?,
        card_type: f.parse("type", &row.card_type)?,
        starship_class: f.opt("starship_class", &row.starship_class)?,
        rarity: f.parse("rarity", &row.rarity)?,
        dots: f.opt("dots", &row.dots)?,
        diamond: f.flag("diamond", &row.diamond)?,
        stackable: f.flag("stackable", &row.stackable)?,
        counters: f.small("counters", &row.counters)?,
        power,
        planet: f.opt("planet", &row.planet)?,
        bonus,
        damage: f.small("damage", &row.damage)?,
        destiny: f.small("destiny", &row.destiny)?,
        counters2: f.small("counters2", &row.counters2)?,
        destiny2: f.small("destiny2", &row.destiny2)?,
        uses,
        replaces: Field::text(&row.replaces),
        traits: row
            .traits
            .split(';')
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect(),
        ability: Field::text(&row.ability),
        checked,
    })
}

/// The row a card is written back as (the inverse of [`card_from_row`]).
pub fn row_from_card(card: &Card) -> CardRow {
    let flag = |b: Option<bool>| match b {
        Some(true) => "yes".to_string(),
        Some(false) => "no".to_string(),
        None => String::new(),
    };
    let num = |n: Option<u8>| n.map(|v| v.to_string()).unwrap_or_default();
    let use_line = |i: usize| {
        card.uses
            .get(i)
            .map(|u| (u.who.clone(), num(u.dots), num(u.cubes)))
            .unwrap_or_default()
    };
    let (use1_who, use1_dots, use1_cubes) = use_line(0);
    let (use2_who, use2_dots, use2_cubes) = use_line(1);
    let (use3_who, use3_dots, use3_cubes) = use_line(2);
    CardRow {
        id: card.id.clone(),
        set: card.set.code().to_string(),
        number: card.number.clone(),
        gemp_id: card.gemp_id.clone().unwrap_or_default(),
        title: card.title.clone(),
        subtitle: card.subtitle.clone(),
        side: card.side.to_string(),
        card_type: card.card_type.to_string(),
        starship_class: card
            .starship_class
            .map(|c| c.to_string())
            .unwrap_or_default(),
        rarity: card.rarity.to_string(),
        dots: card.dots.map(|d| d.to_string()).unwrap_or_default(),
        diamond: flag(card.diamond),
        stackable: flag(card.stackable),
        counters: num(card.counters),
        power: card.power.map(|p| p.to_string()).unwrap_or_default(),
        planet: card.planet.map(|p| p.to_string()).unwrap_or_default(),
        bonus: card.bonus_text(),
        damage: num(card.damage),
        destiny: num(card.destiny),
        counters2: num(card.counters2),
        destiny2: num(card.destiny2),
        use1_who,
        use1_dots,
        use1_cubes,
        use2_who,
        use2_dots,
        use2_cubes,
        use3_who,
        use3_dots,
        use3_cubes,
        replaces: card.replaces.clone().unwrap_or_default(),
        traits: card.traits.join(";"),
        ability: card.ability.clone().unwrap_or_default(),
        checked: if card.checked { "yes" } else { "no" }.to_string(),
    }
}

/// Parses one catalogue CSV file.
pub fn parse_cards(file: &str, text: &str) -> Result<Vec<Card>, CatalogueError> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| CatalogueError::Csv(file.to_string(), e.to_string()))?
        .clone();
    // Every column must be known and the identifying ones present; other columns may be
    // left out (small hand-written catalogues in tests), reading as unknown.
    let unknown: Vec<&str> = headers
        .iter()
        .filter(|h| !CARD_COLUMNS.contains(h))
        .collect();
    let missing: Vec<&str> = REQUIRED_COLUMNS
        .iter()
        .copied()
        .filter(|c| !headers.iter().any(|h| h == *c))
        .collect();
    if !unknown.is_empty() || !missing.is_empty() {
        return Err(CatalogueError::BadHeader {
            file: file.to_string(),
            expected: format!(
                "known columns ({}); unknown: {}; missing: {}",
                CARD_COLUMNS.join(","),
                unknown.join(","),
                missing.join(",")
            ),
        });
    }
    let mut cards = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| CatalogueError::Csv(file.to_string(), e.to_string()))?;
        let line = record.position().map(|p| p.line()).unwrap_or(0);
        let row: CardRow = record
            .deserialize(Some(&headers))
            .map_err(|e| CatalogueError::Csv(file.to_string(), e.to_string()))?;
        cards.push(card_from_row(file, line, &row)?);
    }
    Ok(cards)
}

/// Parses `printings.csv` (the foil printings).
pub fn parse_printings(file: &str, text: &str) -> Result<Vec<Printing>, CatalogueError> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let mut out = Vec::new();
    for record in reader.deserialize::<PrintingRow>() {
        let row = record.map_err(|e| CatalogueError::Csv(file.to_string(), e.to_string()))?;
        let finish = match row.finish.as_str() {
            "foil" => Finish::Foil,
            "regular" => Finish::Regular,
            other => {
                return Err(CatalogueError::BadValue {
                    file: file.to_string(),
                    line: out.len() as u64 + 2,
                    column: "finish".into(),
                    value: other.into(),
                    reason: "expected `foil` or `regular`".into(),
                });
            }
        };
        out.push(Printing {
            card_id: row.card_id,
            finish,
            foil_number: Field::text(&row.foil_number),
            foil_tier: Field::text(&row.foil_tier),
            source: Field::text(&row.source),
            gemp_id: Field::text(&row.gemp_id),
            note: Field::text(&row.note),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "id,set,number,gemp_id,title,subtitle,side,type,starship_class,rarity,dots,diamond,stackable,counters,power,planet,bonus,damage,destiny,counters2,destiny2,use1_who,use1_dots,use1_cubes,use2_who,use2_dots,use2_cubes,use3_who,use3_dots,use3_cubes,replaces,traits,ability,checked\n";

    #[test]
    fn a_row_round_trips() {
        let text = format!(
            "{HEADER}DM-71,DM,71,1_71,Darth Maul,Sith Apprentice,dark,character,,rare,r-----,no,yes,6,6,tatooine,1/2/1,5,1,,,,,,,,,,,,,,,yes\n"
        );
        let cards = parse_cards("DM.csv", &text).unwrap();
        assert_eq!(cards[0].bonus, Some([1, 2, 1]));
        assert_eq!(cards[0].power, Some(Power::Value(6)));
        let row = row_from_card(&cards[0]);
        assert_eq!(card_from_row("x", 1, &row).unwrap(), cards[0]);
    }

    #[test]
    fn a_bad_value_names_file_line_column_and_value() {
        let text = format!(
            "{HEADER}DM-71,DM,71,,Darth Maul,,dark,character,,rare,r-----,no,yes,six,6,,,5,1,,,,,,,,,,,,,,,\n"
        );
        let err = parse_cards("DM.csv", &text).unwrap_err().to_string();
        assert!(err.contains("DM.csv") && err.contains("line 2"), "{err}");
        assert!(err.contains("counters") && err.contains("`six`"), "{err}");
    }

    #[test]
    fn optional_columns_may_be_left_out_but_unknown_ones_are_refused() {
        let text = "id,set,number,title,side,type,rarity,dots\nDM-1,DM,1,Obi-Wan Kenobi,light,character,rare,r-----\n";
        let card = &parse_cards("t.csv", text).unwrap()[0];
        assert_eq!(card.counters, None);
        let err = parse_cards("t.csv", "id,set,number,title,side,type,rarity,colour\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown: colour"), "{err}");
    }

    #[test]
    fn unknown_facts_stay_unknown() {
        let text = format!(
            "{HEADER}V1-JC-3,V1,JC-3,,Jar Jar Binks,,light,character,,virtual,--b---,,,,,,,,,,,,,,,,,,,,JC-3,,,\n"
        );
        let card = &parse_cards("V1.csv", &text).unwrap()[0];
        assert_eq!(card.counters, None);
        assert_eq!(card.power, None);
        assert_eq!(card.diamond, None);
    }
}
