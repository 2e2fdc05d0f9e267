//! The root's candidate actions ("arms") and their results on shared samples. Every arm still
//! in the running is played on the same sampled states (common random numbers), so two arms
//! are compared sample by sample: where an action changes nothing the two playouts end alike
//! and the difference is exactly 0, and only the samples where the choice mattered count.

use crate::engine::{Action, Player};

/// One playout's result for the searching player: 0 a loss, 1 a draw, 2 a win (half points,
/// so they add up exactly).
pub(super) fn points(winner: Option<Player>, me: Player) -> u8 {
    match winner {
        Some(w) if w == me => 2,
        Some(_) => 0,
        None => 1,
    }
}

#[derive(Debug, Clone)]
pub(super) struct Arm {
    pub action: Action,
    /// Results by sample index; `None` where this arm was not played on that sample.
    results: Vec<Option<u8>>,
    /// Sum of the results this arm has.
    total: u32,
    played: u32,
}

impl Arm {
    pub fn new(action: Action) -> Arm {
        Arm {
            action,
            results: Vec::new(),
            total: 0,
            played: 0,
        }
    }

    pub fn record(&mut self, sample: usize, points: u8) {
        if self.results.len() <= sample {
            self.results.resize(sample + 1, None);
        }
        debug_assert!(self.results[sample].is_none(), "one playout per sample");
        self.results[sample] = Some(points);
        self.total += u32::from(points);
        self.played += 1;
    }

    /// Mean points over the samples played (0 to 2).
    pub fn mean(&self) -> f64 {
        f64::from(self.total) / f64::from(self.played.max(1))
    }

    /// On the samples from `from` on that both played: how many this arm did better on, and
    /// how many worse.
    pub fn against(&self, other: &Arm, from: usize) -> (u32, u32) {
        let (mut better, mut worse) = (0, 0);
        for (a, b) in self.results.iter().zip(&other.results).skip(from) {
            if let (Some(a), Some(b)) = (a, b) {
                better += u32::from(a > b);
                worse += u32::from(a < b);
            }
        }
        (better, worse)
    }
}

/// Whether the challenger should be played instead of the guide, from the samples where
/// their results differ (a sign test): it must do better on more of them than worse by at
/// least `margin` standard deviations of that count under "no difference", and by `lead`
/// samples at least, so one lucky playout never decides.
pub(super) fn clearly_better(better: u32, worse: u32, margin: f64, lead: u32) -> bool {
    let diff = f64::from(better) - f64::from(worse);
    better >= worse + lead && diff > margin * f64::from(better + worse).sqrt()
}
