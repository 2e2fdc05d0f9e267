//! The options `yj play` and `yj playtest` share (flattened into both): the heuristic agents'
//! weights, the rules set the decks are checked against and the starship rules; and how the
//! agents' names are read.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Result;
use clap::Args;

use super::InputError;
use crate::bots::Weights;
use crate::catalogue::Catalogue;
use crate::deck::RulesSet;
use crate::engine::StarshipRules;
use crate::sim::{AgentKind, AgentNameError};

#[derive(Debug, Args)]
pub struct GameArgs {
    /// Weights for the heuristic agents (a file like data/agents/heuristic.toml).
    #[arg(long, value_name = "PATH")]
    pub agent_config: Option<PathBuf>,
    /// The rules set the decks are checked against (standard or decipher; default: each
    /// list's own `rules` line, else standard).
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Starship rules (`RULINGS.md` D6).
    #[arg(long, value_enum, default_value_t = Starships::DuelOfTheFates)]
    pub starships: Starships,
}

impl GameArgs {
    /// The heuristic agent's weights: the `--agent-config` file, or the embedded default.
    pub fn weights(&self) -> Result<Arc<Weights>> {
        Ok(Arc::new(match &self.agent_config {
            Some(p) => Weights::from_file(p).map_err(|e| InputError(e.to_string()))?,
            None => Weights::default(),
        }))
    }

    /// These options as they are typed, each that is not the default (` --agent-config
    /// w.toml --rules decipher --starships battle-of-naboo`), for the commands a report
    /// prints to replay or repeat a run; `word` quotes a value for the shell.
    pub fn words(&self, word: impl Fn(&str) -> String) -> String {
        let mut s = String::new();
        if let Some(p) = &self.agent_config {
            s.push_str(&format!(
                " --agent-config {}",
                word(&p.display().to_string())
            ));
        }
        if let Some(r) = &self.rules {
            s.push_str(&format!(" --rules {}", word(r)));
        }
        if self.starships != Starships::DuelOfTheFates {
            s.push_str(&format!(" --starships {}", self.starships.name()));
        }
        s
    }

    /// The rules set `--rules` names, checked against the catalogue; None: each list's own.
    pub fn rules(&self, catalogue: &Catalogue) -> Result<Option<RulesSet>> {
        Ok(RulesSet::chosen(self.rules.as_deref(), None, catalogue)
            .map_err(|e| InputError(e.to_string()))?)
    }
}

/// `--starships` of `yj play` and `yj playtest`: the engine's starship rules by the names
/// users type (the short forms are aliases).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Starships {
    #[value(alias = "dotf")]
    DuelOfTheFates,
    #[value(alias = "bon")]
    BattleOfNaboo,
}

impl Starships {
    pub fn rules(self) -> StarshipRules {
        match self {
            Starships::DuelOfTheFates => StarshipRules::DuelOfTheFates,
            Starships::BattleOfNaboo => StarshipRules::BattleOfNaboo,
        }
    }

    /// The name `--starships` takes (reports and replay commands print it).
    pub fn name(self) -> &'static str {
        match self {
            Starships::DuelOfTheFates => "duel-of-the-fates",
            Starships::BattleOfNaboo => "battle-of-naboo",
        }
    }
}

/// An agent's name as typed (`heuristic`, `mcts:200`); `what` says whose, in the error.
pub fn agent_kind(name: &str, what: &str) -> Result<AgentKind> {
    AgentKind::from_name(name).map_err(|e| {
        let message = match e {
            AgentNameError::Unknown(name) => format!(
                "unknown agent `{name}` for {what} (available: {})",
                AgentKind::NAMES
            ),
            AgentNameError::Budget { .. } => format!("{what}: {e}"),
        };
        InputError(message).into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The replay and repeat commands carry every option that decides how games are played,
    /// and leave out the defaults.
    #[test]
    fn the_options_are_written_back_when_not_the_default() {
        let default = GameArgs {
            agent_config: None,
            rules: None,
            starships: Starships::DuelOfTheFates,
        };
        assert_eq!(default.words(str::to_string), "");
        let all = GameArgs {
            agent_config: Some("my w.toml".into()),
            rules: Some("decipher".into()),
            starships: Starships::BattleOfNaboo,
        };
        assert_eq!(
            all.words(|w| format!("<{w}>")),
            " --agent-config <my w.toml> --rules <decipher> --starships battle-of-naboo"
        );
    }
}
