//! Deck-construction rules sets: data files (`data/rules/*.toml`) compiled into the binary,
//! or a user's own file. Every report names the set it was checked against.

use serde::{Deserialize, Serialize};

use super::DeckList;
use super::error::RulesError;
use crate::catalogue::{Catalogue, DotColour, Set};

/// The rules sets shipped with `yj`: `(name, file contents)`. The first is the default.
const BUILT_IN: &[(&str, &str)] = &[
    (
        "standard",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/rules/standard.toml"
        )),
    ),
    (
        "decipher",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/rules/decipher.toml"
        )),
    ),
];

pub const DEFAULT_RULES: &str = "standard";

/// The largest rules file read.
const MAX_RULES_BYTES: u64 = 1024 * 1024;

/// A rules file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    name: String,
    #[serde(default)]
    description: String,
    deck_size: u32,
    starter_size: Option<u32>,
    title_limit: Option<u32>,
    three_planet_rule: bool,
    max_objectives: u32,
    objective_colours: Vec<String>,
    virtual_cards: bool,
    sets: Vec<String>,
    #[serde(default)]
    banned: Vec<String>,
}

/// A checked rules set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulesSet {
    pub name: String,
    /// Where the set came from (`data/rules/standard.toml`, or the user's file), for errors.
    #[serde(skip)]
    pub source: String,
    pub description: String,
    pub deck_size: u32,
    pub starter_size: Option<u32>,
    /// `None`: no limit on cards of one title per colour.
    pub title_limit: Option<u32>,
    pub three_planet_rule: bool,
    pub max_objectives: u32,
    /// The colours an Objective may fill as a wild card.
    pub objective_colours: Vec<DotColour>,
    pub virtual_cards: bool,
    pub sets: Vec<Set>,
    /// Card ids, upper case.
    pub banned: Vec<String>,
}

impl RulesSet {
    /// A built-in rules set by name.
    pub fn named(name: &str) -> Result<RulesSet, RulesError> {
        let wanted = name.trim().to_ascii_lowercase();
        let (file, text) =
            BUILT_IN
                .iter()
                .find(|(n, _)| *n == wanted)
                .ok_or_else(|| RulesError::Unknown {
                    name: name.to_string(),
                    known: Self::built_in_names()
                        .iter()
                        .map(|n| n.to_string())
                        .collect(),
                })?;
        RulesSet::parse(&format!("data/rules/{file}.toml"), text)
    }

    /// The rules set a command line chose, checked against the catalogue: `file` (a rules file
    /// of the user's, `--rules-file`) wins over `name` (a built-in set, `--rules`); None when
    /// it named neither, so that each list's own rules apply ([`RulesSet::for_list`]).
    pub fn chosen(
        name: Option<&str>,
        file: Option<&std::path::Path>,
        catalogue: &Catalogue,
    ) -> Result<Option<RulesSet>, RulesError> {
        let mut rules = match (file, name) {
            (Some(path), _) => RulesSet::from_file(path)?,
            (None, Some(name)) => RulesSet::named(name)?,
            (None, None) => return Ok(None),
        };
        rules.check_against(catalogue)?;
        Ok(Some(rules))
    }

    /// The rules that apply to `list` (README "Rules sets"): the set the command line chose,
    /// when it chose one; else the set the list's own `rules` line names; else the standard
    /// set. An unknown name on the list's line is an error naming the file and the line.
    pub fn for_list(
        list: &DeckList,
        chosen: Option<&RulesSet>,
        catalogue: &Catalogue,
    ) -> Result<RulesSet, RulesError> {
        if let Some(rules) = chosen {
            return Ok(rules.clone());
        }
        let name = list.rules.as_deref().unwrap_or(DEFAULT_RULES);
        let mut rules = RulesSet::named(name).map_err(|error| RulesError::InList {
            at: match list.rules_line {
                Some(line) => format!("{}, line {line}", list.source),
                None => list.source.clone(),
            },
            error: Box::new(error),
        })?;
        rules.check_against(catalogue)?;
        Ok(rules)
    }

    pub fn built_in_names() -> Vec<&'static str> {
        BUILT_IN.iter().map(|(n, _)| *n).collect()
    }

    /// Every built-in rules set, in order (the default first).
    pub fn built_in() -> Vec<RulesSet> {
        BUILT_IN
            .iter()
            .map(|(n, t)| {
                RulesSet::parse(&format!("data/rules/{n}.toml"), t)
                    .expect("built-in rules sets are tested to parse")
            })
            .collect()
    }

    pub fn from_file(path: &std::path::Path) -> Result<RulesSet, RulesError> {
        use std::io::Read;
        let fail = |reason: String| RulesError::NotRules {
            path: path.display().to_string(),
            reason,
        };
        // Bounded, as decklists are: a wrong file (or /dev/zero) must not fill the memory.
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_RULES_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|source| RulesError::Read {
                path: path.display().to_string(),
                source,
            })?;
        if bytes.len() as u64 > MAX_RULES_BYTES {
            return Err(fail(format!(
                "it is larger than {} MiB, and a rules file is a few lines; is this the right file?",
                MAX_RULES_BYTES / (1024 * 1024)
            )));
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| fail("the file is not UTF-8 text; save it as UTF-8 and retry".into()))?;
        RulesSet::parse(&path.display().to_string(), &text)
    }

    /// Parses and checks a rules file; `path` names it in errors.
    pub fn parse(path: &str, text: &str) -> Result<RulesSet, RulesError> {
        let invalid = |reason: String| RulesError::Invalid {
            path: path.to_string(),
            reason,
        };
        // The line, its text and the message, on one line: the library's own rendering draws
        // a caret under the line, which reads as noise once joined into one message.
        let file: RulesFile = toml::from_str(text).map_err(|e| {
            let message = e.message().trim().to_string();
            match e.span() {
                // A missing key has the empty span 0..0: no line to point at.
                Some(span) if span.end > 0 && span.start <= text.len() => {
                    let line = text[..span.start].matches('\n').count() + 1;
                    let written = text.lines().nth(line - 1).unwrap_or("").trim();
                    invalid(format!("line {line} (`{written}`): {message}"))
                }
                _ => invalid(message),
            }
        })?;
        let check_size = |what: &str, size: u32| {
            if size == 0 || !size.is_multiple_of(6) {
                Err(invalid(format!(
                    "{what} {size} must be a positive multiple of 6 (one sixth per dot colour)"
                )))
            } else {
                Ok(size)
            }
        };
        let deck_size = check_size("deck_size", file.deck_size)?;
        let starter_size = file
            .starter_size
            .map(|s| check_size("starter_size", s))
            .transpose()?;
        if file.title_limit == Some(0) {
            return Err(invalid(
                "title_limit 0 would forbid every card; leave the key out for no limit".into(),
            ));
        }
        let objective_colours = file
            .objective_colours
            .iter()
            .map(|c| {
                c.parse::<DotColour>()
                    .map_err(|e| invalid(format!("objective_colours: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if objective_colours.is_empty() && file.max_objectives > 0 {
            // An Objective is a wild card (`RULINGS.md` D2); with no colour it could never be
            // placed, and the report would blame the card's dots.
            return Err(invalid(format!(
                "objective_colours is empty, so the {} Objective{} max_objectives allows could \
                 fill no colour; list its colours (orange, yellow, purple) or set max_objectives = 0",
                file.max_objectives,
                if file.max_objectives == 1 { "" } else { "s" }
            )));
        }
        let sets = file
            .sets
            .iter()
            .map(|s| s.parse::<Set>().map_err(|e| invalid(format!("sets: {e}"))))
            .collect::<Result<Vec<_>, _>>()?;
        if file.name.trim().is_empty() {
            return Err(invalid("name must not be empty".into()));
        }
        Ok(RulesSet {
            name: file.name.trim().to_string(),
            source: path.to_string(),
            description: file.description.trim().to_string(),
            deck_size,
            starter_size,
            title_limit: file.title_limit,
            three_planet_rule: file.three_planet_rule,
            max_objectives: file.max_objectives,
            objective_colours,
            virtual_cards: file.virtual_cards,
            sets,
            banned: file
                .banned
                .iter()
                .map(|b| b.trim().to_ascii_uppercase())
                .collect(),
        })
    }

    /// Checks the banned list against a catalogue: every entry must name one card. An entry
    /// may be written as a list line would name the card (a community id `1_71`, a foil
    /// number `BN-F10`, a name); it is kept as the card's id, so banning a foil bans the card.
    pub fn check_against(&mut self, catalogue: &Catalogue) -> Result<(), RulesError> {
        for entry in &mut self.banned {
            match catalogue.lookup(entry) {
                Ok(card) => *entry = card.id.clone(),
                Err(e) => {
                    return Err(RulesError::Invalid {
                        path: self.source.clone(),
                        reason: format!("banned card: {e}"),
                    });
                }
            }
        }
        Ok(())
    }

    pub fn is_banned(&self, id: &str) -> bool {
        self.banned.iter().any(|b| b.eq_ignore_ascii_case(id))
    }

    /// The bit set of colours an Objective may fill.
    pub fn objective_mask(&self) -> u8 {
        self.objective_colours
            .iter()
            .fold(0, |m, c| m | (1 << *c as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_sets_parse_and_differ_where_the_rulings_say() {
        // RULINGS.md D1 (doubled starter decks vs the title limit): standard has the limit and
        // virtual cards; decipher has neither.
        let standard = RulesSet::named("standard").unwrap();
        let decipher = RulesSet::named("Decipher").unwrap();
        assert_eq!(standard.title_limit, Some(5));
        assert!(standard.virtual_cards);
        assert_eq!(decipher.title_limit, None);
        assert!(!decipher.virtual_cards);
        for rules in [&standard, &decipher] {
            assert_eq!(rules.deck_size, 60);
            assert_eq!(rules.starter_size, Some(30));
            assert!(rules.three_planet_rule);
            assert_eq!(rules.max_objectives, 1);
            assert_eq!(
                rules.objective_colours,
                [DotColour::Orange, DotColour::Yellow, DotColour::Purple]
            );
        }
        assert_eq!(RulesSet::built_in().len(), RulesSet::built_in_names().len());
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let err = RulesSet::named("modern").unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown rules set `modern` (expected one of: standard, decipher); use --rules-file PATH for your own"
        );
    }

    #[test]
    fn bad_rules_files_name_the_problem() {
        let base = RulesSet::named("standard").unwrap();
        assert_eq!(base.objective_mask(), 0b101010);
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/rules/standard.toml"
        ));
        let cases = [
            (
                "deck_size = 60",
                "deck_size = 61",
                "deck_size 61 must be a positive multiple of 6",
            ),
            (
                "title_limit = 5",
                "title_limit = 0",
                "title_limit 0 would forbid every card",
            ),
            ("\"DM\", \"JC\"", "\"DM\", \"XX\"", "sets: unknown set `XX`"),
            (
                "\"orange\", \"yellow\"",
                "\"orange\", \"pink\"",
                "unknown dot colour `pink`",
            ),
            (
                "banned = []",
                "banned = []\nbanana = 1",
                "unknown field `banana`",
            ),
            (
                "objective_colours = [\"orange\", \"yellow\", \"purple\"]",
                "objective_colours = []",
                "objective_colours is empty",
            ),
        ];
        for (from, to, expected) in cases {
            let edited = text.replace(from, to);
            assert_ne!(edited, text, "{from}");
            let err = RulesSet::parse("my.toml", &edited).unwrap_err().to_string();
            assert!(err.starts_with("rules file `my.toml`: "), "{err}");
            assert!(err.contains(expected), "{err}");
        }
    }

    #[test]
    fn a_wrong_type_in_a_rules_file_names_the_line_and_key_plainly() {
        // The TOML library's message spans three lines with a caret drawing; joined into one
        // line it read `toml parse error at line 7, column 15   | 7 | title_limit = "5" ...`.
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/rules/standard.toml"
        ))
        .replace("title_limit = 5", "title_limit = \"5\"");
        let line = text
            .lines()
            .position(|l| l.starts_with("title_limit"))
            .unwrap()
            + 1;
        let err = RulesSet::parse("my.toml", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!(
                "rules file `my.toml`: line {line} (`title_limit = \"5\"`): invalid type: string \"5\", expected u32"
            )
        );
    }

    #[test]
    fn a_missing_title_limit_means_no_limit() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/rules/standard.toml"
        ))
        .replace("title_limit = 5", "");
        assert_eq!(RulesSet::parse("x", &text).unwrap().title_limit, None);
    }

    /// README "Rules sets": the command line's set wins; else a list's `rules:` line picks
    /// the set; else the standard set applies. A line naming no set is an error at its line.
    #[test]
    fn the_rules_for_a_list_are_the_command_lines_then_the_lists_then_standard() {
        use crate::deck::decklist::{ListFormat, parse_list};
        let catalogue = crate::deck::test_catalogue();
        let list = |text: &str| parse_list("d.txt", text, Some(ListFormat::Text)).unwrap();
        let own = list("side: light\nrules: decipher\n1 DM-1\n");
        let plain = list("side: light\n1 DM-1\n");
        let name = |r: Result<RulesSet, RulesError>| r.unwrap().name;
        assert_eq!(name(RulesSet::for_list(&own, None, catalogue)), "decipher");
        assert_eq!(
            name(RulesSet::for_list(&plain, None, catalogue)),
            "standard"
        );
        let standard = RulesSet::chosen(Some("standard"), None, catalogue)
            .unwrap()
            .unwrap();
        assert_eq!(
            name(RulesSet::for_list(&own, Some(&standard), catalogue)),
            "standard"
        );
        let unknown = list("side: light\nrules: modern\n1 DM-1\n");
        assert_eq!(
            RulesSet::for_list(&unknown, None, catalogue)
                .unwrap_err()
                .to_string(),
            "d.txt, line 2: unknown rules set `modern` (expected one of: standard, decipher); \
             use --rules-file PATH for your own"
        );
    }

    /// `--rules-file` wins over `--rules`; neither leaves each list its own rules.
    #[test]
    fn a_rules_file_wins_over_a_rules_name_and_neither_chooses_nothing() {
        let catalogue = crate::deck::test_catalogue();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mine.toml");
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/rules/standard.toml"
        ))
        .replace("name = \"standard\"", "name = \"mine\"");
        std::fs::write(&path, text).unwrap();
        let chosen = RulesSet::chosen(Some("decipher"), Some(&path), catalogue).unwrap();
        assert_eq!(chosen.unwrap().name, "mine");
        assert_eq!(RulesSet::chosen(None, None, catalogue).unwrap(), None);
    }
}
