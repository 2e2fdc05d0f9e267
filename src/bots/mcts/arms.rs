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

    /// This arm's result on sample `i`, if it played it.
    pub fn result(&self, i: usize) -> Option<u8> {
        self.results.get(i).copied().flatten()
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

/// Whether [`clearly_better`] can still hold after `left` more samples, from `better` and
/// `worse` now. A sample adds one to `better`, one to `worse` or nothing, and a larger
/// `worse` never helps (the lead and the difference shrink while the deviation grows), so
/// the test can pass only if it passes with some of the `left` samples all going to
/// `better`. When it cannot, the rest of the duel would not change the choice.
pub(super) fn still_possible(better: u32, worse: u32, left: u32, margin: f64, lead: u32) -> bool {
    (0..=left).any(|x| clearly_better(better + x, worse, margin, lead))
}

/// Whether a duel that has played `played` samples, `differ` of which ended differently for
/// the two actions, stops here: after `settle` samples (0: never) on which the choice changed
/// nothing. Such an action changes the outcome rarely if ever, and at the budgets the search
/// affords the sign test would not pass on the few samples where it might; about half the
/// searched decisions are of this kind (10 games of mcts:32, seed 13: 486 of 1,020 duels had
/// no sample that differed), and stopping them after 4 samples saves about a third of the
/// playouts (README "The agents").
pub(super) fn settled(played: usize, differ: u32, settle: u32) -> bool {
    settle > 0 && differ == 0 && played >= settle as usize
}
