//! `RandomAgent`: picks uniformly among the legal actions, for invariant sweeps.

use super::Agent;
use crate::engine::rng::GameRng;
use crate::engine::{Action, PlayerView};

pub struct RandomAgent {
    rng: GameRng,
    /// Leave out `Surrender`: a uniform agent surrenders at half its turn ends, which ends most
    /// games within a few turns; sweeps that want long games turn this on.
    pub never_surrender: bool,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: GameRng::new(seed),
            never_surrender: false,
        }
    }

    pub fn never_surrendering(seed: u64) -> RandomAgent {
        RandomAgent {
            never_surrender: true,
            ..RandomAgent::new(seed)
        }
    }
}

impl Agent for RandomAgent {
    fn choose(&mut self, _view: &PlayerView, legal: &[Action]) -> Action {
        if self.never_surrender && legal.contains(&Action::Surrender) && legal.len() > 1 {
            let n = legal.len() - 1;
            let i = self.rng.below(n);
            return *legal
                .iter()
                .filter(|&&a| a != Action::Surrender)
                .nth(i)
                .expect("in range");
        }
        legal[self.rng.below(legal.len())]
    }
}
