//! The heuristic agent's weights: a TOML file, embedded as the default
//! (`data/agents/heuristic.toml`) and replaceable with `--agent-config PATH`.

use serde::Deserialize;
use thiserror::Error;

/// The default weights, compiled in.
pub const DEFAULT_WEIGHTS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/data/agents/heuristic.toml"
));

#[derive(Debug, Error)]
pub enum WeightsError {
    #[error("cannot read agent config `{path}`: {reason}")]
    Read { path: String, reason: String },
    #[error(
        "agent config `{path}`: {reason}; see data/agents/heuristic.toml for every key and its meaning"
    )]
    Invalid { path: String, reason: String },
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    pub estimates: Estimates,
    pub deploy: Deploy,
    pub battle: Battle,
    pub duel: Duel,
    pub turn: Turn,
    pub starships: Starships,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Estimates {
    pub destiny: f32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deploy {
    pub power: f32,
    pub presence: f32,
    pub presence_deciding: f32,
    pub contest_ratio: f32,
    pub damage_risk: f32,
    pub weapon: f32,
    pub effect: f32,
    pub location_change: f32,
    pub podrace: f32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battle {
    pub spread: f32,
    pub kill: f32,
    pub declare: f32,
    pub deck_caution: u32,
    pub battle_card_min: f32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Duel {
    pub edge: f32,
    pub damage: f32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    pub surrender_ratio: f32,
    pub surrender_margin: f32,
    pub surrender_deck: f32,
    pub recycle_hand_value: f32,
    pub recycle_min_deck: u32,
    pub keep_locations_deck: u32,
    pub refuel_min_deck: u32,
    pub stall_turns: u32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Starships {
    pub evacuate_edge: f32,
    pub evacuate_deck: u32,
    pub intercept_edge: f32,
}

impl Weights {
    /// Parses weights; `path` names the source in errors, with the line and the key.
    pub fn parse(path: &str, text: &str) -> Result<Weights, WeightsError> {
        let w: Weights = toml::from_str(text).map_err(|e| {
            // toml's own text spans several lines (a snippet of the file); say where in one.
            let message = e.message().trim().to_string();
            let reason = match e.span() {
                Some(span) => {
                    let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                    match key_at(text, line) {
                        Some(key) => format!("line {line}, {key}: {message}"),
                        None => format!("line {line}: {message}"),
                    }
                }
                None => message,
            };
            WeightsError::Invalid {
                path: path.to_string(),
                reason,
            }
        })?;
        w.check(path, text)?;
        Ok(w)
    }

    pub fn from_file(path: &std::path::Path) -> Result<Weights, WeightsError> {
        let text = std::fs::read_to_string(path).map_err(|e| WeightsError::Read {
            path: path.display().to_string(),
            reason: e.to_string().to_lowercase(),
        })?;
        Weights::parse(&path.display().to_string(), &text)
    }

    /// Values that would make the agent divide by zero or loop.
    fn check(&self, path: &str, text: &str) -> Result<(), WeightsError> {
        let bad = |section: &str, key: &str, reason: String| {
            let at = match line_of(text, section, key) {
                Some(line) => format!("line {line}, {section}.{key}"),
                None => format!("{section}.{key}"),
            };
            Err(WeightsError::Invalid {
                path: path.to_string(),
                reason: format!("{at}: {reason}"),
            })
        };
        let all = [
            ("estimates", "destiny", self.estimates.destiny),
            ("deploy", "power", self.deploy.power),
            ("deploy", "presence", self.deploy.presence),
            ("deploy", "presence_deciding", self.deploy.presence_deciding),
            ("deploy", "contest_ratio", self.deploy.contest_ratio),
            ("deploy", "damage_risk", self.deploy.damage_risk),
            ("deploy", "weapon", self.deploy.weapon),
            ("deploy", "effect", self.deploy.effect),
            ("deploy", "location_change", self.deploy.location_change),
            ("deploy", "podrace", self.deploy.podrace),
            ("battle", "spread", self.battle.spread),
            ("battle", "kill", self.battle.kill),
            ("battle", "declare", self.battle.declare),
            ("battle", "battle_card_min", self.battle.battle_card_min),
            ("duel", "edge", self.duel.edge),
            ("duel", "damage", self.duel.damage),
            ("turn", "surrender_ratio", self.turn.surrender_ratio),
            ("turn", "surrender_margin", self.turn.surrender_margin),
            ("turn", "surrender_deck", self.turn.surrender_deck),
            ("turn", "recycle_hand_value", self.turn.recycle_hand_value),
            ("starships", "evacuate_edge", self.starships.evacuate_edge),
            ("starships", "intercept_edge", self.starships.intercept_edge),
        ];
        for (section, key, v) in all {
            if !v.is_finite() {
                return bad(
                    section,
                    key,
                    format!("must be a finite number below 3.4e38 (got {v})"),
                );
            }
        }
        if self.battle.spread <= 0.0 {
            return bad(
                "battle",
                "spread",
                format!(
                    "must be greater than 0 (got {}; try 4.0)",
                    self.battle.spread
                ),
            );
        }
        Ok(())
    }
}

/// The line (from 1) of `key` under `[section]` in a TOML text written one key a line.
fn line_of(text: &str, section: &str, key: &str) -> Option<usize> {
    let mut current = "";
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if let Some(name) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            current = name.trim();
        } else if current == section
            && let Some(rest) = l.strip_prefix(key)
            && rest.trim_start().starts_with('=')
        {
            return Some(i + 1);
        }
    }
    None
}

/// What line `line` (from 1) holds: `section.key`, or `[section]` for a table header.
fn key_at(text: &str, line: usize) -> Option<String> {
    let mut current = String::new();
    for (i, l) in text.lines().enumerate().take(line) {
        let l = l.trim();
        if let Some(name) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            current = name.trim().to_string();
            if i + 1 == line {
                return Some(format!("[{current}]"));
            }
        } else if i + 1 == line {
            let key = l.split('=').next()?.trim();
            if key.is_empty() || key.starts_with('#') {
                return None;
            }
            return Some(if current.is_empty() {
                key.to_string()
            } else {
                format!("{current}.{key}")
            });
        }
    }
    None
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::parse("data/agents/heuristic.toml", DEFAULT_WEIGHTS)
            .expect("the embedded weights are tested to parse")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_parse() {
        let w = Weights::default();
        assert!(w.battle.spread > 0.0);
    }

    #[test]
    fn unknown_and_missing_keys_are_refused_with_the_file_name() {
        let extra = DEFAULT_WEIGHTS.replace("[duel]", "[duel]\nmystery = 1.0");
        let e = Weights::parse("mine.toml", &extra).unwrap_err().to_string();
        assert!(e.contains("mine.toml") && e.contains("mystery"), "{e}");
        let missing = DEFAULT_WEIGHTS.replace("edge = 2.0", "");
        let e = Weights::parse("mine.toml", &missing)
            .unwrap_err()
            .to_string();
        assert!(e.contains("edge"), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn a_zero_spread_is_refused() {
        let text = DEFAULT_WEIGHTS.replace("spread = 4.0", "spread = 0.0");
        let e = Weights::parse("mine.toml", &text).unwrap_err().to_string();
        assert!(e.contains("battle.spread"), "{e}");
    }
    #[test]
    fn a_bad_weight_is_named_with_its_line_and_key() {
        // Developer guide: messages name the file, the line and the value. The embedded file
        // puts `spread` on some line of [battle] and `destiny` under [estimates].
        let line_of = |key: &str| {
            DEFAULT_WEIGHTS
                .lines()
                .position(|l| l.starts_with(key))
                .unwrap()
                + 1
        };
        for (from, to, key, line) in [
            (
                "spread = 4.0",
                "spread = nan",
                "battle.spread",
                line_of("spread ="),
            ),
            (
                "destiny = 2.5",
                "destiny = inf",
                "estimates.destiny",
                line_of("destiny ="),
            ),
            // Too large for the weights' precision: infinite once read.
            (
                "kill = 2.0",
                "kill = 1e39",
                "battle.kill",
                line_of("kill ="),
            ),
            (
                "spread = 4.0",
                "spread = -1.0",
                "battle.spread",
                line_of("spread ="),
            ),
            (
                "spread = 4.0",
                "spread = \"big\"",
                "battle.spread",
                line_of("spread ="),
            ),
            (
                "deck_caution = 12",
                "deck_caution = -3",
                "battle.deck_caution",
                line_of("deck_caution ="),
            ),
        ] {
            let text = DEFAULT_WEIGHTS.replace(from, to);
            let e = Weights::parse("mine.toml", &text).unwrap_err().to_string();
            assert!(e.contains("mine.toml"), "{e}");
            assert!(e.contains(&format!("line {line}")), "{to}: {e}");
            assert!(e.contains(key), "{to}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
