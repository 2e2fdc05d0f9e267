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
    pub recycle_hand_value: f32,
    pub recycle_min_deck: u32,
    pub refuel_min_deck: u32,
    pub stall_turns: u32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Starships {
    pub evacuate_edge: f32,
    pub intercept_edge: f32,
}

impl Weights {
    /// Parses weights; `path` names the source in errors.
    pub fn parse(path: &str, text: &str) -> Result<Weights, WeightsError> {
        let w: Weights = toml::from_str(text).map_err(|e| WeightsError::Invalid {
            path: path.to_string(),
            // toml's message spans several lines (a snippet of the file); keep it on one.
            reason: e
                .to_string()
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" "),
        })?;
        w.check(path)?;
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
    fn check(&self, path: &str) -> Result<(), WeightsError> {
        let bad = |reason: &str| {
            Err(WeightsError::Invalid {
                path: path.to_string(),
                reason: reason.to_string(),
            })
        };
        let all = [
            self.estimates.destiny,
            self.deploy.power,
            self.deploy.presence,
            self.deploy.damage_risk,
            self.deploy.weapon,
            self.deploy.effect,
            self.deploy.location_change,
            self.deploy.podrace,
            self.battle.spread,
            self.battle.kill,
            self.battle.declare,
            self.battle.battle_card_min,
            self.duel.edge,
            self.duel.damage,
            self.turn.surrender_ratio,
            self.turn.surrender_margin,
            self.turn.recycle_hand_value,
            self.starships.evacuate_edge,
            self.starships.intercept_edge,
        ];
        if all.iter().any(|v| !v.is_finite()) {
            return bad("every weight must be a finite number");
        }
        if self.battle.spread <= 0.0 {
            return bad("battle.spread must be greater than 0 (try 4.0)");
        }
        Ok(())
    }
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
}
