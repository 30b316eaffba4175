//! Chess clocks with an increment or a simple delay (rules.md §7), and an arena's berserk: a
//! seat's own main time, delay and increment halved (tournaments.md §1). Times are
//! milliseconds on a monotonic scale the caller chooses.

use fourhand_protocol::TimeControl;

/// The four banks and the running turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    tc: TimeControl,
    banks: [u64; 4],
    running: Option<usize>,
    turn_start: u64,
    /// Time the running turn had already used before `turn_start` (restored after a restart).
    used_before: u64,
    /// The seats that berserked: their delay and increment are half the time control's.
    halved: [bool; 4],
}

impl Clocks {
    /// Fresh clocks, none running.
    pub fn new(tc: TimeControl) -> Clocks {
        Clocks {
            tc,
            banks: [tc.base_ms; 4],
            running: None,
            turn_start: 0,
            used_before: 0,
            halved: [false; 4],
        }
    }

    /// The same clocks (berserks kept) with the given banks and none running, as restored
    /// from the store.
    pub fn with_banks(&self, banks: [u64; 4]) -> Clocks {
        Clocks {
            banks,
            halved: self.halved,
            ..Clocks::new(self.tc)
        }
    }

    /// `seat` berserks: its bank is halved now, and its delay and increment from now on.
    pub fn berserk(&mut self, seat: usize) {
        if !self.halved[seat] {
            self.halved[seat] = true;
            self.banks[seat] /= 2;
        }
    }

    /// Whether `seat` berserked.
    pub fn berserked(&self, seat: usize) -> bool {
        self.halved[seat]
    }

    /// `seat`'s delay (halved by a berserk).
    fn delay_of(&self, seat: usize) -> u64 {
        if self.halved[seat] {
            self.tc.delay_ms / 2
        } else {
            self.tc.delay_ms
        }
    }

    /// `seat`'s increment (halved by a berserk).
    pub fn increment(&self, seat: usize) -> u64 {
        if self.halved[seat] {
            self.tc.increment_ms / 2
        } else {
            self.tc.increment_ms
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.tc
    }

    /// Time the running turn has taken at `now`.
    fn elapsed(&self, now: u64) -> u64 {
        now.saturating_sub(self.turn_start) + self.used_before
    }

    /// Time charged so far to `seat`, whose turn runs (its delay not charged).
    fn charged(&self, seat: usize, now: u64) -> u64 {
        self.elapsed(now).saturating_sub(self.delay_of(seat))
    }

    /// The banks as they stand at `now` (the running one reduced by what it has used).
    pub fn read(&self, now: u64) -> [u64; 4] {
        let mut b = self.banks;
        if let Some(s) = self.running {
            b[s] = b[s].saturating_sub(self.charged(s, now));
        }
        b
    }

    /// Delay left for the running seat at `now`.
    pub fn delay_left(&self, now: u64) -> u64 {
        match self.running {
            Some(s) => self.delay_of(s).saturating_sub(self.elapsed(now)),
            None => 0,
        }
    }

    /// Stops the running clock at `now`, charging its seat (and adding the increment when
    /// `moved`). Returns the banks.
    pub fn stop(&mut self, now: u64, moved: bool) -> [u64; 4] {
        if let Some(s) = self.running.take() {
            self.banks[s] = self.banks[s].saturating_sub(self.charged(s, now));
            if moved {
                self.banks[s] += self.increment(s);
            }
        }
        self.banks
    }

    /// Starts `seat`'s turn at `now` (none: no clock runs).
    pub fn start(&mut self, seat: Option<usize>, now: u64) {
        self.running = seat;
        self.turn_start = now;
        self.used_before = 0;
    }

    /// Continues `seat`'s turn at `now` when it had already taken `used` ms (delay first, then
    /// bank), as after a restart that gives back only the time the server was down.
    pub fn resume(&mut self, seat: Option<usize>, now: u64, used: u64) {
        self.start(seat, now);
        if seat.is_some() {
            self.used_before = used;
        }
    }

    /// The banks with no turn running (what [`Clocks::read`] gives when none runs).
    pub fn banks(&self) -> [u64; 4] {
        self.banks
    }

    /// When the current turn started.
    pub fn turn_start(&self) -> u64 {
        self.turn_start
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running
    }

    /// When the running seat's flag falls.
    pub fn flag_at(&self) -> Option<u64> {
        let s = self.running?;
        Some((self.turn_start + self.delay_of(s) + self.banks[s]).saturating_sub(self.used_before))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delay_is_free_and_unused_delay_is_not_kept() {
        let mut c = Clocks::new(TimeControl::DEFAULT);
        c.start(Some(0), 1_000);
        assert_eq!(c.read(11_000)[0], 60_000, "10 s inside the 15 s delay");
        assert_eq!(c.stop(11_000, true)[0], 60_000);
        c.start(Some(0), 20_000);
        assert_eq!(c.read(40_000)[0], 55_000, "20 s used: 5 s past the delay");
        assert_eq!(c.flag_at(), Some(20_000 + 15_000 + 60_000));
    }

    #[test]
    fn a_resumed_turn_keeps_what_it_had_used() {
        let mut c = Clocks::new(TimeControl::DEFAULT);
        c.resume(Some(1), 0, 20_000);
        assert_eq!(c.delay_left(0), 0);
        assert_eq!(c.read(0)[1], 55_000, "5 s past the delay were used before");
        assert_eq!(c.flag_at(), Some(55_000));
        c.resume(Some(1), 100, 4_000);
        assert_eq!(c.delay_left(100), 11_000);
        assert_eq!(c.read(100)[1], 60_000);
        c.start(Some(2), 200);
        assert_eq!(c.delay_left(200), 15_000, "a new turn starts afresh");
    }

    #[test]
    fn a_berserk_halves_the_seats_own_bank_delay_and_increment_only() {
        let mut c = Clocks::new(TimeControl {
            base_ms: 60_000,
            increment_ms: 4_000,
            delay_ms: 10_000,
        });
        c.start(Some(1), 0);
        c.berserk(1);
        c.berserk(1);
        assert!(c.berserked(1) && !c.berserked(0));
        assert_eq!(c.read(0), [60_000, 30_000, 60_000, 60_000], "halved once");
        assert_eq!(c.delay_left(0), 5_000);
        assert_eq!(c.flag_at(), Some(35_000));
        assert_eq!(c.stop(9_000, true)[1], 30_000 - 4_000 + 2_000);
        c.start(Some(2), 9_000);
        assert_eq!(c.delay_left(9_000), 10_000, "the others keep theirs");
        let restored = c.with_banks([1, 2, 3, 4]);
        assert!(restored.berserked(1), "a restore keeps the berserk");
    }

    #[test]
    fn increment_is_added_after_the_move() {
        let mut c = Clocks::new(TimeControl {
            base_ms: 120_000,
            increment_ms: 10_000,
            delay_ms: 0,
        });
        c.start(Some(2), 0);
        assert_eq!(c.stop(30_000, true)[2], 100_000);
        c.start(Some(2), 50_000);
        assert_eq!(c.flag_at(), Some(150_000));
        assert_eq!(
            c.stop(60_000, false)[2],
            90_000,
            "no increment without a move"
        );
    }
}
