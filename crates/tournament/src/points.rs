//! Tournament points, exact: in twelfths of a point, so that tied places share evenly (two tied
//! places give halves, three give thirds, four give quarters).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, AddAssign};

/// A number of points, counted in twelfths.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Points(pub u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);

    /// `n` whole points.
    pub const fn whole(n: u32) -> Points {
        Points(n * 12)
    }

    /// Half a point.
    pub const HALF: Points = Points(6);

    /// The points as a number (for display and ratings).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 12.0
    }

    /// Twice as many (a game on a streak).
    pub const fn doubled(self) -> Points {
        Points(self.0 * 2)
    }

    /// The mean of `parts` (a tie's shared places), exact in twelfths when `parts` has one to
    /// four entries, as a tie of places has.
    pub fn mean(parts: &[Points]) -> Points {
        let n = parts.len().max(1) as u32;
        Points(parts.iter().map(|p| p.0).sum::<u32>() / n)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl fmt::Display for Points {
    /// Whole points as "4", others with up to two decimals ("1.5", "2.33").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_multiple_of(12) {
            write!(f, "{}", self.0 / 12)
        } else {
            let s = format!("{:.2}", self.value());
            write!(f, "{}", s.trim_end_matches('0'))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tied_places_share_exactly_and_print_short() {
        assert_eq!(
            Points::mean(&[Points::whole(2), Points::whole(1)]).to_string(),
            "1.5"
        );
        let three = Points::mean(&[Points::whole(4), Points::whole(2), Points::whole(1)]);
        assert_eq!(three, Points(28));
        assert_eq!(three.to_string(), "2.33");
        assert_eq!(
            Points::mean(&[
                Points::whole(4),
                Points::whole(2),
                Points::whole(1),
                Points::ZERO
            ])
            .to_string(),
            "1.75"
        );
        assert_eq!(Points::whole(8).to_string(), "8");
    }
}
