//! The Wilson score interval: an honest confidence interval for a win rate, which (unlike the
//! normal approximation) stays inside [0, 1] and behaves for small samples and for rates near
//! 0 or 1, which is exactly where a lopsided matchup lands.

use serde::Serialize;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

/// The 95% Wilson interval for `wins` successes in `games` trials; `None` with no trials.
pub fn wilson95(wins: u64, games: u64) -> Option<Interval> {
    wilson(wins, games, Z95)
}

pub fn wilson(wins: u64, games: u64, z: f64) -> Option<Interval> {
    if games == 0 || wins > games {
        return None;
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    Some(Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    #[test]
    fn matches_published_values() {
        // Reference values computed with the closed form (Wilson 1927; as in e.g.
        // statsmodels' proportion_confint(method="wilson")).
        for (wins, games, low, high) in [
            (50, 100, 0.403_832, 0.596_168),
            (9, 10, 0.595_850, 0.982_124),
            (0, 10, 0.0, 0.277_533),
            (10, 10, 0.722_467, 1.0),
            (950, 1000, 0.934_686, 0.961_870),
            // One game, won or lost; a small odd sample; a near-certain rate.
            (0, 1, 0.0, 0.793_451),
            (1, 1, 0.206_549, 1.0),
            (3, 7, 0.158_220, 0.749_542),
            (999, 1000, 0.994_357, 0.999_823),
        ] {
            let i = wilson95(wins, games).unwrap();
            assert!(
                close(i.low, low) && close(i.high, high),
                "{wins}/{games}: {i:?}"
            );
        }
    }

    #[test]
    fn no_games_means_no_interval() {
        assert_eq!(wilson95(0, 0), None);
        assert_eq!(wilson95(3, 2), None);
    }

    #[test]
    fn the_interval_contains_the_observed_rate_and_narrows_with_more_games() {
        let small = wilson95(30, 60).unwrap();
        let large = wilson95(3000, 6000).unwrap();
        assert!(small.low < 0.5 && 0.5 < small.high);
        assert!(large.high - large.low < small.high - small.low);
    }
}
