//! Recurring arenas an operator sets in the configuration (`--schedule`, `FOURHAND_SCHEDULES`,
//! entries separated by `;`). An entry reads
//!
//! ```text
//! <when> <rules> <time> <minutes>m [rated] [berserk] <name>
//! hourly :00 ffa 1+15d 55m Hourly FFA
//! daily 19:00 teams 3+5 120m rated berserk Evening Teams
//! ```
//!
//! `<when>` is `hourly :MM` or `daily HH:MM` (UTC); `<rules>` a rule set name with its options
//! joined by `+` (`teams+Teammate=1`); `<time>` minutes and seconds, `d` for a delay, else an
//! increment (`1+15d`, `3+5`, `10`). The director makes each arena an hour before it starts.

use super::settings::ArenaSettings;
use fourhand_protocol::TimeControl;

/// How far ahead scheduled arenas are made (they are listed with their countdown).
pub const AHEAD_MS: i64 = 3_600_000;

/// When a schedule's arenas start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Every hour at this minute.
    Hourly {
        /// The minute, 0–59.
        minute: u32,
    },
    /// Every day at this time (UTC).
    Daily {
        /// The hour, 0–23.
        hour: u32,
        /// The minute, 0–59.
        minute: u32,
    },
}

/// One recurring arena.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// When it starts.
    pub when: When,
    /// How it is played.
    pub settings: ArenaSettings,
}

fn two(s: &str, max: u32, what: &str) -> Result<u32, String> {
    s.parse::<u32>()
        .ok()
        .filter(|v| *v <= max && s.len() == 2)
        .ok_or_else(|| format!("{what} {s:?}: two digits, at most {max}"))
}

fn time_of(s: &str) -> Result<TimeControl, String> {
    let bad = || format!("time {s:?}: minutes, then +seconds with d for a delay (1+15d, 3+5, 10)");
    let (m, rest) = s.split_once('+').unwrap_or((s, ""));
    let minutes: u64 = m.parse().map_err(|_| bad())?;
    let (secs, delay) = match rest.strip_suffix('d') {
        Some(d) => (d, true),
        None => (rest, false),
    };
    let secs: u64 = if secs.is_empty() {
        0
    } else {
        secs.parse().map_err(|_| bad())?
    };
    Ok(TimeControl {
        base_ms: minutes * 60_000,
        increment_ms: if delay { 0 } else { secs * 1000 },
        delay_ms: if delay { secs * 1000 } else { 0 },
    })
}

/// Reads one entry; the words say what is wrong.
pub fn parse(entry: &str) -> Result<Schedule, String> {
    let words: Vec<&str> = entry.split_whitespace().collect();
    let err = |m: String| format!("schedule {entry:?}: {m}");
    if words.len() < 6 {
        return Err(err(
            "<hourly :MM | daily HH:MM> <rules> <time> <minutes>m [rated] [berserk] <name>".into(),
        ));
    }
    let when = match (words[0], words[1].split_once(':')) {
        ("hourly", Some(("", mm))) => When::Hourly {
            minute: two(mm, 59, "minute").map_err(err)?,
        },
        ("daily", Some((hh, mm))) => When::Daily {
            hour: two(hh, 23, "hour").map_err(err)?,
            minute: two(mm, 59, "minute").map_err(err)?,
        },
        _ => return Err(err("it starts with hourly :MM or daily HH:MM".into())),
    };
    let rules = words[2].replace('+', " ");
    let time = time_of(words[3]).map_err(err)?;
    let minutes: u32 = words[4]
        .strip_suffix('m')
        .and_then(|m| m.parse().ok())
        .ok_or_else(|| err(format!("duration {:?}: minutes, as 55m", words[4])))?;
    let flags = words[5..]
        .iter()
        .take_while(|w| matches!(**w, "rated" | "berserk"))
        .count();
    let rated = words[5..5 + flags].contains(&"rated");
    let berserk = words[5..5 + flags].contains(&"berserk");
    let name = words[5 + flags..].join(" ");
    let settings = ArenaSettings {
        name,
        rules,
        time,
        minutes,
        rated,
        berserk,
        accounts_only: rated,
        min_rating: None,
        max_rating: None,
        min_games: None,
    }
    .checked()
    .map_err(|e| err(e.message))?;
    Ok(Schedule { when, settings })
}

/// Reads every entry (a configuration that does not read stops the server at its start).
pub fn parse_all(entries: &[String]) -> Result<Vec<Schedule>, String> {
    entries
        .iter()
        .filter(|e| !e.trim().is_empty())
        .map(|e| parse(e))
        .collect()
}

impl Schedule {
    /// The starts (ms since the epoch) in `(from_ms, from_ms + AHEAD_MS]`.
    pub fn starts_ahead(&self, from_ms: i64) -> Vec<i64> {
        let (period, offset) = match self.when {
            When::Hourly { minute } => (3_600_000, i64::from(minute) * 60_000),
            When::Daily { hour, minute } => (
                86_400_000,
                i64::from(hour) * 3_600_000 + i64::from(minute) * 60_000,
            ),
        };
        let mut t = (from_ms - offset).div_euclid(period) * period + offset;
        let mut out = Vec::new();
        while t <= from_ms + AHEAD_MS {
            if t > from_ms {
                out.push(t);
            }
            t += period;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_entries_read_and_start_when_they_say() {
        let h = parse("hourly :00 ffa 1+15d 55m Hourly FFA").unwrap();
        assert_eq!(h.when, When::Hourly { minute: 0 });
        assert_eq!(
            (h.settings.time.base_ms, h.settings.time.delay_ms),
            (60_000, 15_000)
        );
        assert_eq!(
            (
                h.settings.minutes,
                h.settings.name.as_str(),
                h.settings.rated
            ),
            (55, "Hourly FFA", false)
        );
        assert!(!h.settings.berserk);
        let d = parse("daily 19:00 teams+Teammate=1 3+5 120m rated berserk Evening Teams").unwrap();
        assert!(d.settings.berserk);
        assert_eq!(d.settings.name, "Evening Teams");
        assert_eq!(
            d.when,
            When::Daily {
                hour: 19,
                minute: 0
            }
        );
        assert_eq!(d.settings.rules, "teams Teammate=1");
        assert_eq!(d.settings.time.increment_ms, 5_000);
        assert!(d.settings.rated && d.settings.accounts_only);
        // 2026-12-07 18:30 UTC: the next hourly start is 19:00, and the daily one too.
        let at = 1_796_668_200_000; // 2026-12-07T18:30:00Z
        assert_eq!(h.starts_ahead(at), [at + 1_800_000]);
        assert_eq!(d.starts_ahead(at), [at + 1_800_000]);
        assert_eq!(
            d.starts_ahead(at + 1_800_000),
            Vec::<i64>::new(),
            "the next day's is further than an hour"
        );
    }

    #[test]
    fn a_wrong_entry_says_what_is_wrong() {
        for (entry, says) in [
            ("hourly 00 ffa 1+15d 55m X", "hourly :MM"),
            ("daily 25:00 ffa 1+15d 55m X", "hour"),
            ("hourly :00 ffa one 55m X", "time"),
            ("hourly :00 ffa 1+15d 5m X", "10 to 720"),
            ("hourly :00 nonsense 1+15d 55m X", "unknown rules"),
            ("hourly :00 ffa 1+15d", "<hourly"),
        ] {
            let e = parse(entry).unwrap_err();
            assert!(e.contains(says), "{entry}: {e}");
        }
    }
}
