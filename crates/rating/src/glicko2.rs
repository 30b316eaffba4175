//! Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): one rating period's update and
//! the growth of the deviation over periods without games.

use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// The Glicko-2 scale factor between the Glicko and Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;
/// The system constant τ: how much the volatility may change.
pub const TAU: f64 = 0.5;
/// A new player's rating.
pub const START_RATING: f64 = 1500.0;
/// A new player's (and the largest) rating deviation.
pub const START_RD: f64 = 350.0;
/// A new player's volatility.
pub const START_VOLATILITY: f64 = 0.06;
/// A rating whose deviation is above this is provisional.
pub const PROVISIONAL_RD: f64 = 110.0;

/// A player's rating on the Glicko scale.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// Its deviation (350 for a new player).
    pub rd: f64,
    /// Its volatility σ.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START_RATING,
            rd: START_RD,
            volatility: START_VOLATILITY,
        }
    }
}

/// One game of a rating period: the opponent and the score (1 win, ½ draw, 0 loss).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Result {
    /// The opponent's rating.
    pub opponent: Rating,
    /// The score against it.
    pub score: f64,
}

impl Rating {
    /// A fixed rating with a small deviation (bots).
    pub const fn fixed(rating: f64) -> Rating {
        Rating {
            rating,
            rd: 50.0,
            volatility: START_VOLATILITY,
        }
    }

    /// Still provisional: the deviation is high.
    pub fn provisional(&self) -> bool {
        self.rd > PROVISIONAL_RD
    }

    /// The rating after `periods` rating periods without games: the deviation grows
    /// (φ' = √(φ² + n·σ²)), never beyond a new player's.
    pub fn after_idle(self, periods: u32) -> Rating {
        let phi = self.rd / SCALE;
        let grown = (phi * phi + periods as f64 * self.volatility * self.volatility).sqrt();
        Rating {
            rd: (grown * SCALE).min(START_RD),
            ..self
        }
    }

    /// The rating after one rating period with `results` (steps 2–8 of Glickman's example).
    /// With no results only the deviation grows (one idle period).
    pub fn update(self, results: &[Result], tau: f64) -> Rating {
        if results.is_empty() {
            return self.after_idle(1);
        }
        let mu = (self.rating - START_RATING) / SCALE;
        let phi = self.rd / SCALE;
        let mut v_inv = 0.0;
        let mut sum = 0.0;
        for r in results {
            let mu_j = (r.opponent.rating - START_RATING) / SCALE;
            let g = g(r.opponent.rd / SCALE);
            let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
            v_inv += g * g * e * (1.0 - e);
            sum += g * (r.score - e);
        }
        let v = 1.0 / v_inv;
        let delta = v * sum;
        let sigma = volatility(phi, v, delta, self.volatility, tau);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating {
            rating: SCALE * mu_new + START_RATING,
            rd: (SCALE * phi_new).min(START_RD),
            volatility: sigma,
        }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// Step 5: the new volatility by the Illinois algorithm.
fn volatility(phi: f64, v: f64, delta: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    (big_a / 2.0).exp()
}
