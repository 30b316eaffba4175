//! Playbans (lichess's model): a player who keeps aborting or leaving rated games waits before
//! his next rated game, longer each time, and good games wash the record clean.
//!
//! Each rated game leaves each player's conduct: good, aborted (he did not move at the start, so
//! the game was aborted) or left (he disconnected and did not come back in the reconnect window).
//! After a bad one, when 3 or more of his last 20 rated games were bad, he waits before his next
//! rated game: 15 minutes, then 30 minutes, 1 hour, 3 hours and 24 hours — by the playbans he had
//! in the last 7 days. A wait ends at its time; 20 good games push the bad ones out of the count,
//! and a week without a playban starts the steps again at 15 minutes.

/// One rated game's conduct for one player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Conduct {
    /// Played it out (won, lost, resigned — all good).
    Good,
    /// Did not move at the start: the game was aborted on his account.
    Aborted,
    /// Left it: disconnected and did not come back in time.
    Left,
}

impl Conduct {
    /// Its stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Conduct::Good => "good",
            Conduct::Aborted => "aborted",
            Conduct::Left => "left",
        }
    }

    /// The conduct of a stored name.
    pub fn parse(s: &str) -> Option<Conduct> {
        Some(match s {
            "good" => Conduct::Good,
            "aborted" => Conduct::Aborted,
            "left" => Conduct::Left,
            _ => return None,
        })
    }

    /// Aborted or left.
    pub fn bad(self) -> bool {
        self != Conduct::Good
    }
}

/// The rated games whose conduct counts.
pub const WINDOW: usize = 20;
/// Bad games among the last [`WINDOW`] from which a bad one brings a playban.
pub const BAD_FROM: usize = 3;
/// How far back earlier playbans make the next one longer: 7 days.
pub const ESCALATION_MS: i64 = 7 * 24 * 3_600_000;
/// The waits, by the playbans of the last 7 days (the last step for 4 or more).
pub const STEPS_MIN: [i64; 5] = [15, 30, 60, 180, 1440];

/// The wait (ms) a player earns with the game just ended, given his conduct in his latest rated
/// games, newest first (that game's first), and his playbans in the last 7 days; none when that
/// game was good or the bad ones are still few.
pub fn playban_ms(latest: &[Conduct], recent_bans: u32) -> Option<i64> {
    let last = latest.first()?;
    if !last.bad() {
        return None;
    }
    let bad = latest.iter().take(WINDOW).filter(|c| c.bad()).count();
    if bad < BAD_FROM {
        return None;
    }
    let step = (recent_bans as usize).min(STEPS_MIN.len() - 1);
    Some(STEPS_MIN[step] * 60_000)
}

#[cfg(test)]
mod tests {
    use super::Conduct::{Aborted, Good, Left};
    use super::*;

    #[test]
    fn the_third_bad_game_in_twenty_brings_a_playban_that_grows_with_earlier_ones() {
        assert_eq!(playban_ms(&[Aborted], 0), None);
        assert_eq!(playban_ms(&[Left, Aborted], 0), None);
        assert_eq!(
            playban_ms(&[Aborted, Good, Left, Aborted], 0),
            Some(15 * 60_000)
        );
        assert_eq!(playban_ms(&[Aborted, Left, Aborted], 1), Some(30 * 60_000));
        assert_eq!(playban_ms(&[Aborted, Left, Aborted], 2), Some(60 * 60_000));
        assert_eq!(playban_ms(&[Aborted, Left, Aborted], 3), Some(180 * 60_000));
        assert_eq!(
            playban_ms(&[Aborted, Left, Aborted], 9),
            Some(1440 * 60_000)
        );
        // A good game brings none, whatever came before.
        assert_eq!(playban_ms(&[Good, Aborted, Left, Aborted], 0), None);
    }

    #[test]
    fn twenty_good_games_wash_the_bad_ones_out() {
        let mut latest = vec![Aborted];
        latest.extend([Good; 19]);
        latest.extend([Left, Aborted]);
        // The two old bad games are beyond the last twenty: this abort is the only one counted.
        assert_eq!(playban_ms(&latest, 0), None);
        assert_eq!(Conduct::parse("left"), Some(Left));
        assert_eq!(Conduct::parse("x"), None);
    }
}
