//! `yj cards`: search, show, export and count the catalogue.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Subcommand};
use serde_json::{Value, json};

use super::output::{Format, Record, cell, print_records, table};
use super::{InputError, open_db};
use crate::catalogue::search::StatRange;
use crate::catalogue::{
    Card, CardFilter, CardType, Catalogue, DotColour, Finish, LookupError, Planet, Rarity, Set,
    Side,
};

#[derive(Debug, Subcommand)]
pub enum CardsCommand {
    /// Find cards by name, set, side, type, colour, rarity, trait, ability words, planet or numbers.
    Search(SearchArgs),
    /// Every fact of one card, by id (`DM-71`, `1_71`) or name (`Darth Maul, Sith Apprentice`).
    Show(ShowArgs),
    /// The whole catalogue, one row per card (virtual cards included, printings not).
    Export(ExportArgs),
    /// Counts by set, side, type and rarity, beside the rulebook's totals.
    Stats(StatsArgs),
    /// The traits read from card names (`RULINGS.md` R1), with how many cards carry each.
    Traits(StatsArgs),
}

/// The card filters of `yj cards search`, shared with `yj collection list`.
#[derive(Debug, Args)]
pub struct FilterArgs {
    /// Part of a card's name or id (case, punctuation and accents ignored).
    text: Option<String>,
    #[arg(long, value_parser = parse_with::<Set>)]
    set: Option<Set>,
    #[arg(long, value_parser = parse_with::<Side>)]
    side: Option<Side>,
    /// character, weapon, battle, effect, starship, location, objective, armed-and-dangerous,
    /// combo-battle, double-impact.
    #[arg(long = "type", value_parser = parse_with::<CardType>)]
    card_type: Option<CardType>,
    /// Cards that can fill this colour (their coloured dot, or a white dot there).
    #[arg(long, value_parser = parse_with::<DotColour>)]
    dot: Option<DotColour>,
    /// common, uncommon, rare, ultra-rare, starter, premium, virtual.
    #[arg(long, value_parser = parse_with::<Rarity>)]
    rarity: Option<Rarity>,
    /// Only wild and semi-wild cards (cards with white dots).
    #[arg(long)]
    wild: bool,
    /// A trait read from the name (`RULINGS.md` R1): jedi, jedi-master, gungan, podracer-pilot,
    /// battle-droid, lightsaber, blaster, ... (`yj cards traits` lists them).
    #[arg(long = "trait", value_name = "TRAIT")]
    traits: Option<String>,
    /// Words in the card's ability note (what `yj cards show` prints as Ability).
    #[arg(long, value_name = "WORDS")]
    ability: Option<String>,
    /// tatooine, coruscant, naboo: the planet's locations, and characters whose location
    /// bonus is on it.
    #[arg(long, value_parser = parse_with::<Planet>)]
    planet: Option<Planet>,
    /// Printed power: 5, 5+ (at least), ..3 (at most) or 2..4. Unknown or `?` never matches.
    #[arg(long, value_name = "RANGE", value_parser = parse_with::<StatRange>)]
    power: Option<StatRange>,
    /// Deploy cost in counters: 5, 5+, ..3 or 2..4.
    #[arg(long, value_name = "RANGE", value_parser = parse_with::<StatRange>)]
    counters: Option<StatRange>,
    /// Printed damage: 5, 5+, ..3 or 2..4.
    #[arg(long, value_name = "RANGE", value_parser = parse_with::<StatRange>)]
    damage: Option<StatRange>,
    /// Printed destiny number: 5, 5+, ..3 or 2..4.
    #[arg(long, value_name = "RANGE", value_parser = parse_with::<StatRange>)]
    destiny: Option<StatRange>,
}

impl FilterArgs {
    /// The filter, or `None` when no filter was given.
    pub fn filter(self) -> Option<CardFilter> {
        let filter = CardFilter {
            text: self.text,
            set: self.set,
            side: self.side,
            card_type: self.card_type,
            dot: self.dot,
            rarity: self.rarity,
            wild: self.wild,
            traits: self.traits,
            ability: self.ability,
            planet: self.planet,
            power: self.power,
            counters: self.counters,
            damage: self.damage,
            destiny: self.destiny,
        };
        (!filter.is_empty()).then_some(filter)
    }
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    filter: FilterArgs,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A card id, community id, foil number or name.
    card: String,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub(crate) fn parse_with<T: std::str::FromStr<Err = String>>(s: &str) -> Result<T, String> {
    s.parse()
}

pub fn run(cmd: CardsCommand, db_path: &Path) -> Result<ExitCode> {
    let db = open_db(db_path)?;
    let catalogue = db.catalogue()?;
    match cmd {
        CardsCommand::Search(args) => {
            let filter = args.filter.filter().unwrap_or_default();
            check_trait(&catalogue, filter.traits.as_deref())?;
            let ids = db.search(&filter)?;
            let cards: Vec<&Card> = ids.iter().filter_map(|id| catalogue.get(id)).collect();
            let records: Vec<Record> = cards.iter().map(|c| search_record(c)).collect();
            print_records(&records, SEARCH_FIELDS, args.format)?;
            if args.format == Format::Table {
                eprintln!("{}", super::output::plural(cards.len(), "card"));
            }
            Ok(ExitCode::SUCCESS)
        }
        CardsCommand::Show(args) => {
            let card = catalogue.lookup(&args.card).map_err(|e| match e {
                LookupError::Ambiguous { .. } => {
                    InputError(format!("{e}; give one of these ids to pick one"))
                }
                _ => InputError(e.to_string()),
            })?;
            show(&catalogue, card, args.format)?;
            Ok(ExitCode::SUCCESS)
        }
        CardsCommand::Export(args) => {
            let text = super::card_text::supports(&catalogue);
            let records: Vec<Record> = catalogue
                .cards()
                .iter()
                .zip(text)
                .map(|(c, t)| {
                    let mut r = export_record(c);
                    r.push(("text", json!(t.as_str())));
                    r
                })
                .collect();
            let headers: Vec<&'static str> = records
                .first()
                .map(|r| r.iter().map(|(k, _)| *k).collect())
                .unwrap_or_default();
            print_records(&records, &headers, args.format)?;
            Ok(ExitCode::SUCCESS)
        }
        CardsCommand::Stats(args) => {
            stats(&catalogue, args.format)?;
            Ok(ExitCode::SUCCESS)
        }
        CardsCommand::Traits(args) => {
            let records: Vec<Record> = trait_counts(&catalogue)
                .into_iter()
                .map(|(name, cards)| vec![("trait", json!(name)), ("cards", json!(cards))])
                .collect();
            print_records(&records, &["trait", "cards"], args.format)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Every trait in the catalogue with the number of cards carrying it, by name.
fn trait_counts(catalogue: &Catalogue) -> BTreeMap<&str, usize> {
    let mut counts = BTreeMap::new();
    for card in catalogue.cards() {
        for t in &card.traits {
            *counts.entry(t.as_str()).or_insert(0) += 1;
        }
    }
    counts
}

/// A trait no card carries is a typo, not an empty answer: say so and suggest the nearest.
pub(crate) fn check_trait(catalogue: &Catalogue, wanted: Option<&str>) -> Result<()> {
    let Some(wanted) = wanted else { return Ok(()) };
    let key = wanted.trim().to_lowercase();
    let known = trait_counts(catalogue);
    if known.contains_key(key.as_str()) {
        return Ok(());
    }
    let nearest = known
        .keys()
        .map(|k| (strsim::jaro_winkler(&key, k), *k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| format!("; did you mean `{k}`?"))
        .unwrap_or_default();
    Err(InputError(format!(
        "no card has the trait `{wanted}`{nearest} (`yj cards traits` lists them)"
    ))
    .into())
}

const SEARCH_FIELDS: &[&str] = &[
    "id", "title", "subtitle", "side", "type", "rarity", "dots", "counters", "power", "bonus",
    "damage", "destiny",
];

fn opt<T: Into<Value>>(v: Option<T>) -> Value {
    v.map(Into::into).unwrap_or(Value::Null)
}

fn power_value(card: &Card) -> Value {
    match card.power {
        Some(crate::catalogue::Power::Value(v)) => json!(v),
        Some(crate::catalogue::Power::Destiny) => json!("?"),
        None => Value::Null,
    }
}

fn search_record(card: &Card) -> Record {
    vec![
        ("id", json!(card.id)),
        ("title", json!(card.title)),
        ("subtitle", json!(card.subtitle)),
        ("side", json!(card.side.as_str())),
        ("type", json!(card.card_type.as_str())),
        ("rarity", json!(card.rarity.as_str())),
        ("dots", opt(card.dots.map(|d| d.to_string()))),
        ("counters", opt(card.counters)),
        ("power", power_value(card)),
        ("bonus", json!(card.bonus_text())),
        ("damage", opt(card.damage)),
        ("destiny", opt(card.destiny)),
    ]
}

/// The export row: the columns issue #2 fixes first, then every other fact.
fn export_record(card: &Card) -> Record {
    let flag = |b: Option<bool>| opt(b);
    let mut r = vec![
        ("id", json!(card.id)),
        ("set", json!(card.set.code())),
        ("number", json!(card.number)),
        ("title", json!(card.title)),
        ("subtitle", json!(card.subtitle)),
        ("side", json!(card.side.as_str())),
        ("type", json!(card.card_type.as_str())),
        ("rarity", json!(card.rarity.as_str())),
        ("dots", opt(card.dots.map(|d| d.to_string()))),
        ("counters", opt(card.counters)),
        ("power", power_value(card)),
        ("bonus", json!(card.bonus_text())),
        ("damage", opt(card.damage)),
        ("destiny", opt(card.destiny)),
        ("diamond", flag(card.diamond)),
        ("stackable", flag(card.stackable)),
        (
            "starship_class",
            opt(card.starship_class.map(|c| c.as_str())),
        ),
        ("planet", opt(card.planet.map(|p| p.as_str()))),
        ("counters2", opt(card.counters2)),
        ("destiny2", opt(card.destiny2)),
    ];
    for i in 0..3 {
        let line = card.uses.get(i);
        r.push((
            ["use1_who", "use2_who", "use3_who"][i],
            opt(line.map(|u| u.who.clone())),
        ));
        r.push((
            ["use1_dots", "use2_dots", "use3_dots"][i],
            opt(line.and_then(|u| u.dots)),
        ));
        r.push((
            ["use1_cubes", "use2_cubes", "use3_cubes"][i],
            opt(line.and_then(|u| u.cubes)),
        ));
    }
    r.push(("replaces", opt(card.replaces.clone())));
    r.push(("traits", json!(card.traits.join(";"))));
    r.push(("ability", opt(card.ability.clone())));
    r.push(("gemp_id", opt(card.gemp_id.clone())));
    r.push(("checked", json!(card.checked)));
    r
}

/// Which printed facts a card type carries, so `show` can say "unknown" only where a fact
/// should exist.
fn applies(card: &Card, fact: &str) -> bool {
    use CardType::*;
    let t = card.card_type;
    match fact {
        // Rulebook "Hyperspace": starships have no counters; nor do battle cards, locations
        // and objectives. A Double Impact card shows counters only on an Effect half.
        "counters" => {
            matches!(t, Character | Weapon | Effect | ArmedAndDangerous)
                || (t == DoubleImpact && card.counters.is_some())
        }
        "power" | "damage" => matches!(t, Character | Starship | ArmedAndDangerous),
        "bonus" => matches!(t, Character | ArmedAndDangerous),
        "destiny" => t != Objective,
        "uses" => matches!(
            t,
            Weapon | Battle | ArmedAndDangerous | ComboBattle | DoubleImpact
        ),
        _ => true,
    }
}

fn show(catalogue: &Catalogue, card: &Card, format: Format) -> Result<()> {
    if format != Format::Table {
        let mut record = export_record(card);
        record.extend(super::card_text::json_fields(catalogue, card));
        let foils: Vec<Value> = catalogue
            .foils_of(&card.id)
            .map(|p| serde_json::to_value(p).unwrap_or(Value::Null))
            .collect();
        record.push(("foils", Value::Array(foils)));
        let headers: Vec<&'static str> = record.iter().map(|(k, _)| *k).collect();
        return print_records(&[record], &headers, format);
    }
    let unknown = "unknown".to_string();
    let known = |v: Option<String>| v.unwrap_or_else(|| unknown.clone());
    let mut rows: Vec<(&str, String)> =
        vec![("Id", card.id.clone()), ("Title", card.title.clone())];
    if !card.subtitle.is_empty() {
        rows.push(("Subtitle", card.subtitle.clone()));
    }
    rows.push((
        "Set",
        format!("{} ({}) #{}", card.set.name(), card.set.code(), card.number),
    ));
    // The id the community sources and Gemp use (`1_71`); lookup accepts it too.
    if let Some(community) = &card.gemp_id {
        rows.push(("Community id", community.clone()));
    }
    rows.push(("Side", card.side.to_string()));
    let mut kind = card.card_type.to_string();
    if let Some(class) = card.starship_class {
        kind = format!("{kind} ({class})");
    }
    rows.push(("Type", kind));
    rows.push(("Rarity", card.rarity.to_string()));
    rows.push(("Dots", describe_dots(card)));
    rows.push((
        "Marks",
        match (card.diamond, card.stackable) {
            (None, None) => unknown.clone(),
            (d, s) => {
                let mut marks = Vec::new();
                match d {
                    Some(true) => marks.push("diamond"),
                    None => marks.push("diamond unknown"),
                    _ => {}
                }
                match s {
                    Some(true) => marks.push("stackable"),
                    None => marks.push("stackable unknown"),
                    _ => {}
                }
                if marks.is_empty() {
                    "none".into()
                } else {
                    marks.join(", ")
                }
            }
        },
    ));
    if applies(card, "counters") {
        rows.push(("Counters", known(card.counters.map(|v| v.to_string()))));
    }
    if applies(card, "power") {
        rows.push((
            "Power",
            known(card.power.map(|p| match p {
                crate::catalogue::Power::Destiny => "? (destiny draw)".to_string(),
                v => v.to_string(),
            })),
        ));
    }
    if applies(card, "bonus") {
        rows.push(("Location bonus", describe_bonus(card)));
    }
    if card.card_type == CardType::Location {
        rows.push(("Planet", known(card.planet.map(|p| p.to_string()))));
    }
    if applies(card, "damage") {
        rows.push(("Damage", known(card.damage.map(|v| v.to_string()))));
    }
    if applies(card, "destiny") {
        rows.push(("Destiny", known(card.destiny.map(|v| v.to_string()))));
    }
    if card.counters2.is_some() || card.destiny2.is_some() {
        let part = if card.card_type == CardType::ArmedAndDangerous {
            "Weapon half"
        } else {
            "Right half"
        };
        let n = |v: Option<u8>| v.map(|v| v.to_string()).unwrap_or_else(|| "unknown".into());
        rows.push((
            part,
            format!(
                "counters {}, destiny {}",
                n(card.counters2),
                n(card.destiny2)
            ),
        ));
    }
    if applies(card, "uses") {
        if card.uses.is_empty() {
            rows.push(("Bonus lines", unknown.clone()));
        }
        for u in &card.uses {
            let amount = |n: Option<u8>, what: &str| match n {
                Some(n) => super::output::plural(n as usize, what),
                None => format!("unknown {what}s"),
            };
            rows.push((
                "Bonus line",
                format!(
                    "{}: +{}, +{}",
                    u.who,
                    amount(u.dots, "power dot"),
                    amount(u.cubes, "cube")
                ),
            ));
        }
    }
    if let Some(original) = &card.replaces {
        let name = catalogue
            .get(original)
            .map(|c| format!("{original} ({})", c.full_name()))
            .unwrap_or_else(|| original.clone());
        rows.push(("Replaces", name));
    }
    if !card.traits.is_empty() {
        rows.push(("Traits", card.traits.join(", ")));
    }
    // A card checked against its scan without an ability note prints no game text.
    rows.push((
        "Ability",
        card.ability.clone().unwrap_or_else(|| {
            if card.checked {
                "none (no game text)".into()
            } else {
                unknown.clone()
            }
        }),
    ));
    rows.extend(super::card_text::show_rows(catalogue, card));
    let foils: Vec<String> = catalogue
        .foils_of(&card.id)
        .map(|p| {
            let mut text = match (&p.foil_number, &p.source) {
                (Some(n), _) => format!("foil {n}"),
                (None, Some(source)) if source == "reflections" => {
                    "Reflections foil reprint".into()
                }
                _ => "foil with the card's own number".into(),
            };
            match &p.foil_tier {
                Some(tier) => text.push_str(&format!(" ({tier})")),
                None => text.push_str(" (tier unknown)"),
            }
            if let Some(community) = &p.gemp_id {
                text.push_str(&format!(", community id {community}"));
            }
            if p.source.is_none() || p.note.as_deref().is_some_and(|n| n.contains("file name")) {
                text.push_str(" [known from a scan file name only]");
            }
            text
        })
        .collect();
    if !foils.is_empty() {
        rows.push(("Foil printings", foils.join("\n")));
    }
    rows.push((
        "Checked",
        if card.checked {
            "against the card scan".into()
        } else {
            "not yet checked against the card scan".into()
        },
    ));
    let mut t = table(&["Fact", "Value"]);
    for (k, v) in rows {
        t.add_row(vec![k.to_string(), v]);
    }
    println!("{}", card.full_name());
    println!("{t}");
    Ok(())
}

fn describe_dots(card: &Card) -> String {
    let Some(d) = &card.dots else {
        return "unknown".into();
    };
    let whites: Vec<String> = d.white().map(|c| c.to_string()).collect();
    let kind = match (d.colour(), whites.is_empty()) {
        (Some(c), true) => format!("{c}"),
        (Some(c), false) => format!("{c}; semi-wild for {}", whites.join(", ")),
        (None, false) => format!("wild for {}", whites.join(", ")),
        (None, true) => "none".into(),
    };
    format!("{d} ({kind})")
}

fn describe_bonus(card: &Card) -> String {
    match (card.bonus, card.planet) {
        (Some(b), Some(planet)) => planet
            .sites()
            .iter()
            .zip(b)
            .map(|(site, n)| format!("{site} +{n}"))
            .collect::<Vec<_>>()
            .join(", "),
        (Some(_), None) => format!("{} (sites unknown)", card.bonus_text()),
        (None, _) => "unknown".into(),
    }
}

/// Rulebook "Collecting & Trading": the published totals.
const RULEBOOK_RARITY: &[(&str, usize)] = &[
    ("ultra-rare", 4),
    ("rare", 156),
    ("uncommon", 160),
    ("common", 190),
    ("premium", 59),
    ("starter", 30),
];
const RULEBOOK_UNIQUE: usize = 599;
const RULEBOOK_FOILS: usize = 137;

fn stats(catalogue: &Catalogue, format: Format) -> Result<()> {
    let real: Vec<&Card> = catalogue
        .cards()
        .iter()
        .filter(|c| !c.is_virtual())
        .collect();
    let virtual_count = catalogue.cards().len() - real.len();
    let foils = catalogue
        .printings()
        .iter()
        .filter(|p| p.finish == Finish::Foil)
        .count();
    let mut records: Vec<Record> = Vec::new();
    let mut push = |group: &str, key: String, count: usize, expected: Option<usize>| {
        records.push(vec![
            ("group", json!(group)),
            ("value", json!(key)),
            ("count", json!(count)),
            ("rulebook", opt(expected)),
        ]);
    };
    for set in Set::ALL {
        let n = catalogue.cards().iter().filter(|c| c.set == set).count();
        push(
            "set",
            format!("{} {}", set.code(), set.name()),
            n,
            Some(set.size()),
        );
    }
    let mut by_side: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_type: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_rarity: BTreeMap<&str, usize> = BTreeMap::new();
    for c in &real {
        *by_side.entry(c.side.as_str()).or_default() += 1;
        *by_type.entry(c.card_type.as_str()).or_default() += 1;
        *by_rarity.entry(c.rarity.as_str()).or_default() += 1;
    }
    for (k, n) in by_side {
        push("side", k.into(), n, None);
    }
    for (k, n) in by_type {
        push("type", k.into(), n, None);
    }
    for (k, expected) in RULEBOOK_RARITY {
        push(
            "rarity",
            k.to_string(),
            by_rarity.get(k).copied().unwrap_or(0),
            Some(*expected),
        );
    }
    push(
        "total",
        "unique cards".into(),
        real.len(),
        Some(RULEBOOK_UNIQUE),
    );
    push(
        "total",
        "foil printings".into(),
        foils,
        Some(RULEBOOK_FOILS),
    );
    push(
        "total",
        "virtual cards".into(),
        virtual_count,
        Some(Set::V1.size()),
    );
    // The rulebook says nothing of scans: the row says how many of the catalogue's own rows
    // were checked, with no rulebook figure to compare against.
    let checked = catalogue.cards().iter().filter(|c| c.checked).count();
    push(
        "total",
        format!(
            "checked against scans (of {} rows)",
            catalogue.cards().len()
        ),
        checked,
        None,
    );
    // Game text: how many cards have it, and how many of those the engine plays
    // (`engine::text_support`).
    let text = super::card_text::supports(catalogue);
    let count =
        |f: &dyn Fn(&crate::engine::TextSupport) -> bool| text.iter().filter(|t| f(t)).count();
    use crate::engine::TextSupport as T;
    push(
        "text",
        "cards with game text".into(),
        count(&|t| *t != T::None),
        None,
    );
    push("text", "played".into(), count(&|t| *t == T::Played), None);
    push(
        "text",
        "partly played".into(),
        count(&|t| *t == T::Partly),
        None,
    );
    push(
        "text",
        "not played yet".into(),
        count(&|t| *t == T::NotPlayed),
        None,
    );
    if format == Format::Table {
        let mut t = table(&["Group", "Value", "Count", "Rulebook"]);
        for r in &records {
            let expected = cell(&r[3].1);
            let count = cell(&r[2].1);
            let marker = if !expected.is_empty() && expected != count {
                " ≠"
            } else {
                ""
            };
            t.add_row(vec![
                cell(&r[0].1),
                cell(&r[1].1),
                format!("{count}{marker}"),
                expected,
            ]);
        }
        println!("{t}");
        return Ok(());
    }
    print_records(&records, &["group", "value", "count", "rulebook"], format)
}
