//! Matches between bots or engine commands: games from varied openings with the seats
//! alternating, scored and turned into an Elo estimate with its error margin.

use crate::external::External;
use crate::search::{Options, DEFAULT_TABLE_BITS};
use crate::{parse_spec, wins_by_claiming, Bot, Clock, Level, Player};
use fourhand_rules::game::{Automation, Game, Outcome};
use fourhand_rules::notation::fen4;
use fourhand_rules::{RuleSet, Seat, Side};
use rand::{Rng, SeedableRng};

/// One side of a match.
#[derive(Clone, Debug, PartialEq)]
pub enum Contender {
    /// A bot of this crate.
    Bot(Level, Options),
    /// A command speaking the `fourhand engine` protocol (run by `sh -c`).
    Command(String),
}

impl Contender {
    /// Parses `cmd:<command>` or a bot specification (`engine2`, `engine3/paranoid`, …).
    pub fn parse(s: &str) -> Result<Contender, String> {
        match s.strip_prefix("cmd:") {
            Some(c) if !c.trim().is_empty() => Ok(Contender::Command(c.trim().to_string())),
            Some(_) => Err("cmd: needs a command".into()),
            None => parse_spec(s).map(|(l, o)| Contender::Bot(l, o)),
        }
    }

    /// Its name in reports.
    pub fn name(&self) -> String {
        match self {
            Contender::Bot(l, o) if *o == Options::default() => l.name(),
            Contender::Bot(l, o) => format!("{}/{}", l.name(), o.spec()),
            Contender::Command(c) => format!("'{c}'"),
        }
    }

    fn player(&self, rules: &RuleSet, cfg: &MatchConfig) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            Contender::Bot(l, o) => Box::new(Bot::with_table(*l, *o, cfg.table_bits)),
            Contender::Command(c) if cfg.history => {
                Box::new(External::start(c, rules)?.sending_history())
            }
            Contender::Command(c) => Box::new(External::start(c, rules)?),
        })
    }
}

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games to play.
    pub games: u32,
    /// Plies after which a game is judged as it stands.
    pub max_plies: u32,
    /// Seed of the openings.
    pub seed: u64,
    /// The clock every move is thought on: it does not run down unless `running` is set.
    pub clock: Clock,
    /// Each seat's bank runs down as in a real game (the delay first, then the bank; the
    /// increment added after the move), and a player whose bank runs out loses on time.
    pub running: bool,
    /// Start positions (FEN4), each played twice with the seats swapped; empty: every game
    /// starts with two random plies per seat.
    pub openings: Vec<String>,
    /// A sequential probability ratio test of `a` against `b`: the match stops as soon as it
    /// accepts one of the hypotheses (or after `games`).
    pub sprt: Option<Sprt>,
    /// Each in-process engine bot's transposition table holds `2^table_bits` entries (16 bytes
    /// each), new for every game; an engine command sizes its own.
    pub table_bits: u32,
    /// Engine commands are sent the game from its start with the moves played, not only the
    /// position as it stands, so that they can count repetitions
    /// ([`External::sending_history`]).
    pub history: bool,
}

/// The hypotheses of a sequential probability ratio test: `a` is `elo0` stronger than `b`
/// (H0) or `elo1` stronger (H1), with error rates `alpha` (accepting H1 wrongly) and `beta`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// `elo0,elo1` with 5 % error rates.
    pub fn parse(s: &str) -> Result<Sprt, String> {
        let (a, b) = s
            .split_once(',')
            .ok_or_else(|| format!("--sprt wants elo0,elo1, not '{s}'"))?;
        let num = |x: &str| {
            x.trim()
                .parse::<f64>()
                .map_err(|_| format!("--sprt: '{x}' is not a number"))
        };
        let (elo0, elo1) = (num(a)?, num(b)?);
        if elo0.is_finite() && elo1.is_finite() && elo1 > elo0 {
            Ok(Sprt {
                elo0,
                elo1,
                alpha: 0.05,
                beta: 0.05,
            })
        } else {
            Err("--sprt wants elo0 < elo1".into())
        }
    }

    /// The bounds on the log-likelihood ratio: below the first H0 is accepted, above the second
    /// H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 given the per-game scores (the normal
    /// approximation of the generalised SPRT). The variance is taken with one win, one draw
    /// and one loss added, so a run of equal results still has one (and a short run is judged
    /// cautiously).
    pub fn llr(&self, scores: &[f64]) -> f64 {
        if scores.is_empty() {
            return 0.0;
        }
        let n = scores.len() as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let prior = [1.0, 0.5, 0.0];
        let all = || scores.iter().chain(prior.iter());
        let m = all().sum::<f64>() / (n + 3.0);
        let var = all().map(|x| (x - m).powi(2)).sum::<f64>() / (n + 3.0);
        let score = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (score(self.elo0), score(self.elo1));
        (s1 - s0) * (2.0 * mean * n - n * (s0 + s1)) / (2.0 * var)
    }

    /// The verdict the scores so far give, if any.
    pub fn verdict(&self, scores: &[f64]) -> Option<SprtVerdict> {
        let llr = self.llr(scores);
        let (lo, hi) = self.bounds();
        if llr <= lo {
            Some(SprtVerdict::H0)
        } else if llr >= hi {
            Some(SprtVerdict::H1)
        } else {
            None
        }
    }
}

/// What a sequential probability ratio test decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// `a` is no more than `elo0` stronger: reject the change.
    H0,
    /// `a` is at least `elo1` stronger: accept the change.
    H1,
}

/// One finished game of a match, as reported line by line.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Game number, from 1.
    pub number: u32,
    /// The side `a` played (in FFA: the two opposite seats it held).
    pub a_side: Side,
    /// Where the game started: `random` (two random plies a seat, listed) or `opening N`.
    pub opening: String,
    /// `a`'s score in the game: 1, ½ or 0.
    pub score: f64,
    /// Plies played, the opening's included.
    pub plies: u32,
    /// How it ended: the termination, a forfeit, or the ply limit.
    pub ending: String,
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            games: 100,
            max_plies: 240,
            seed: 1,
            clock: Clock {
                bank_ms: 2_000,
                delay_ms: 30,
                increment_ms: 0,
            },
            openings: Vec::new(),
            sprt: None,
            running: false,
            table_bits: DEFAULT_TABLE_BITS,
            history: false,
        }
    }
}

/// The result of a match between `a` and `b`.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// Games played.
    pub games: u32,
    /// Points of `a` (win 1, draw ½).
    pub score: f64,
    /// Per-game scores of `a`, for the error margin.
    pub per_game: Vec<f64>,
    /// Games lost by forfeit (an engine that crashed, gave no move or an illegal one).
    pub forfeits: u32,
    /// Flag falls (with a running clock).
    pub flags: u32,
    /// The test's decision, when `--sprt` was given and it decided.
    pub sprt: Option<SprtVerdict>,
}

impl MatchResult {
    /// `a`'s score as a fraction.
    pub fn fraction(&self) -> f64 {
        if self.games == 0 {
            0.5
        } else {
            self.score / self.games as f64
        }
    }

    /// Elo difference of `a` over `b` and its 95% margin.
    pub fn elo(&self) -> (f64, f64) {
        let elo = |p: f64| -400.0 * (1.0 / p.clamp(0.001, 0.999) - 1.0).log10();
        let p = self.fraction();
        let n = self.per_game.len().max(1) as f64;
        let var = self.per_game.iter().map(|x| (x - p).powi(2)).sum::<f64>() / n;
        let se = (var / n).sqrt();
        let (lo, hi) = (elo(p - 1.96 * se), elo(p + 1.96 * se));
        (elo(p), (hi - lo) / 2.0)
    }
}

/// Plays a match of `rules` between `a` and `b`. Sides games: `a` takes one side, alternating.
/// FFA: `a` takes two opposite seats, `b` the others, alternating; `a` scores 1 for first
/// place, ½ for a shared first. Each game starts from the next opening (each played twice, the
/// seats swapped) or with two random plies per seat, and is cut off after `max_plies` (then
/// judged by points/material: a draw in sides games). A bot of this crate claims an FFA win that
/// leaves it alone in first place ([`wins_by_claiming`]); an engine command cannot. A player
/// that gives no move or an illegal one (an engine that crashed, say) loses that game and the
/// match goes on. `each` is called with every finished game.
pub fn play_match(
    rules: RuleSet,
    a: &Contender,
    b: &Contender,
    cfg: &MatchConfig,
    mut each: impl FnMut(&GameReport, &Game),
) -> Result<MatchResult, String> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(cfg.seed);
    let mut openings = Vec::with_capacity(cfg.openings.len());
    for (i, text) in cfg.openings.iter().enumerate() {
        let f = fen4::parse(text, rules.shared()).map_err(|e| format!("opening {}: {e}", i + 1))?;
        openings.push(f);
    }
    let mut r = MatchResult::default();
    for g in 0..cfg.games {
        let a_even = g % 2 == 0; // a plays South's side when true
        let a_side = if a_even { Side::First } else { Side::Second };
        let mut players = Vec::with_capacity(4);
        for s in Seat::ALL {
            let c = if rules.side_of(s) == a_side { a } else { b };
            players.push(c.player(&rules, cfg)?);
        }
        let (mut game, mut opening, random_plies) = if openings.is_empty() {
            let game = Game::new(rules).with_seed(rng.gen());
            (game, String::from("random"), 8)
        } else {
            let k = (g as usize / 2) % openings.len();
            let f = &openings[k];
            let game =
                Game::from_position(rules, f.position.clone(), f.points).with_seed(rng.gen());
            (game, format!("opening {}", k + 1), 0)
        };
        game = game.with_automation(Automation::LIVE);
        let mut ply = 0;
        let mut forfeit: Option<(Seat, String)> = None;
        let mut banks = [cfg.clock.bank_ms; 4];
        let mut flags = 0u32;
        while let Some(seat) = game.to_move() {
            if ply >= cfg.max_plies {
                break;
            }
            // A bot claims an FFA win it holds (two players left, a lead no play can improve).
            if ply >= random_plies
                && players[seat.index()].claims_wins()
                && wins_by_claiming(&game, seat)
                && game.claim_win(seat).is_ok()
            {
                break;
            }
            let m = if ply < random_plies {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.gen_range(0..moves.len())];
                opening.push_str(&format!(" {}", m.uci()));
                m
            } else {
                let clock = if cfg.running {
                    Clock {
                        bank_ms: banks[seat.index()],
                        ..cfg.clock
                    }
                } else {
                    cfg.clock
                };
                let started = std::time::Instant::now();
                let choice = players[seat.index()].choose(&game, clock, &mut rng);
                if cfg.running {
                    let used = started.elapsed().as_millis() as u64;
                    let over = used.saturating_sub(cfg.clock.delay_ms);
                    let bank = &mut banks[seat.index()];
                    if over > *bank {
                        flags += 1;
                        if game.timeout(seat).is_err() {
                            break;
                        }
                        continue;
                    }
                    *bank = *bank - over + cfg.clock.increment_ms;
                }
                match choice {
                    Some(m) => m,
                    None if game.legal_moves().is_empty() => break,
                    None => {
                        forfeit = Some((seat, "gave no legal move".into()));
                        break;
                    }
                }
            };
            if let Err(e) = game.play(seat, m) {
                forfeit = Some((seat, format!("played {}: {e}", m.uci())));
                break;
            }
            ply += 1;
        }
        let (s, ending) = match &forfeit {
            Some((seat, why)) => {
                let a_lost = rules.seats_of(a_side).contains(seat);
                r.forfeits += 1;
                (
                    if a_lost { 0.0 } else { 1.0 },
                    format!("forfeit: {} {why}", rules.colour(*seat)),
                )
            }
            None => (
                score_of(&rules, &game, a_side),
                match game.outcome() {
                    Some(o) => o.termination(&rules),
                    None => format!("cut off after {ply} plies"),
                },
            ),
        };
        r.games += 1;
        r.score += s;
        r.per_game.push(s);
        r.flags += flags;
        each(
            &GameReport {
                number: g + 1,
                a_side,
                opening,
                score: s,
                plies: ply,
                ending,
            },
            &game,
        );
        if let Some(test) = &cfg.sprt {
            r.sprt = test.verdict(&r.per_game);
            if r.sprt.is_some() {
                break;
            }
        }
    }
    Ok(r)
}

/// `a`'s score in a finished (or cut-off) game where it held `a_side`.
fn score_of(rules: &RuleSet, game: &Game, a_side: Side) -> f64 {
    if !rules.sides() {
        let pl = game.placings();
        // A seat without an army (three-player Conquest's East) has no place (0): not a win.
        let best = |side: Side| {
            rules
                .seats_of(side)
                .iter()
                .filter(|&&s| rules.in_play(s))
                .map(|&s| pl[s])
                .min()
                .unwrap_or(4)
        };
        let (a_best, b_best) = (best(a_side), best(a_side.other()));
        if a_best < b_best {
            1.0
        } else if a_best == b_best {
            0.5
        } else {
            0.0
        }
    } else {
        match game.outcome() {
            Some(Outcome::Won { side, .. }) if side == a_side => 1.0,
            Some(Outcome::Won { .. }) => 0.0,
            _ => 0.5,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_with_options_is_named_by_what_differs_from_the_default() {
        for spec in [
            "engine3",
            "engine3/no-reductions",
            "engine2/no-null-move,no-king-shelter,best-reply",
        ] {
            assert_eq!(Contender::parse(spec).unwrap().name(), spec);
        }
        assert_eq!(
            Contender::parse("engine3/no-lmp,lmp").unwrap().name(),
            "engine3"
        );
    }

    #[test]
    fn in_three_player_conquest_the_empty_seat_places_no_one() {
        // Red (A's, with Yellow) mates Blue (B's alone; Green has no army), then Yellow: Red
        // first, Yellow second, Blue third — A wins, though Green's place is 0.
        use fourhand_rules::{Position, Seat, Square};
        let rules = RuleSet::CONQUEST.with_rule_variants("Players=3").unwrap();
        let mut p = Position::empty(rules.shared());
        for (sq, code) in [
            ("h1", "rK"),
            ("h5", "rR"),
            ("j5", "rR"),
            ("a11", "bK"),
            ("a10", "bR"),
            ("b10", "bP"),
            ("d14", "yK"),
            ("d13", "yP"),
            ("e13", "yP"),
            ("k13", "yP"),
        ] {
            let sq: Square = sq.parse().unwrap();
            let seat = Seat::from_fen_letter(code.chars().next().unwrap()).unwrap();
            let kind = fourhand_rules::Kind::from_letter(code.chars().nth(1).unwrap()).unwrap();
            p.put(sq, fourhand_rules::Piece::new(seat, kind));
        }
        let mut g = Game::from_position(rules, p, Default::default());
        for s in Seat::ALL {
            g.set_moves_made(s, 3);
        }
        for text in ["h5-h11", "k13-k12", "j5-j14"] {
            let seat = g.to_move().unwrap();
            let m = g.find_uci(text).unwrap();
            g.play(seat, m).unwrap();
        }
        assert_eq!(g.placings().0, [1, 3, 2, 0]);
        assert_eq!(score_of(&rules, &g, Side::First), 1.0);
        assert_eq!(score_of(&rules, &g, Side::Second), 0.0);
    }

    fn scores(wins: usize, draws: usize, losses: usize) -> Vec<f64> {
        let mut v = vec![1.0; wins];
        v.extend(vec![0.5; draws]);
        v.extend(vec![0.0; losses]);
        v
    }

    #[test]
    fn the_test_accepts_a_clear_gain_and_rejects_a_clear_loss_but_not_a_short_run() {
        let t = Sprt::parse("0,50").unwrap();
        assert_eq!(t.verdict(&scores(2, 0, 0)), None, "two wins prove nothing");
        assert_eq!(t.verdict(&scores(40, 10, 10)), Some(SprtVerdict::H1));
        assert_eq!(t.verdict(&scores(10, 10, 40)), Some(SprtVerdict::H0));
        assert_eq!(
            t.verdict(&scores(10, 10, 10)),
            None,
            "an even score decides slowly"
        );
        let (lo, hi) = t.bounds();
        assert!((lo + 2.944).abs() < 0.01 && (hi - 2.944).abs() < 0.01);
    }

    #[test]
    fn bad_hypotheses_are_refused() {
        assert!(Sprt::parse("10,0").is_err());
        assert!(Sprt::parse("5").is_err());
        assert!(Sprt::parse("a,b").is_err());
    }

    #[test]
    fn a_crashing_engine_loses_its_games_and_the_match_goes_on() {
        let dir = std::env::temp_dir().join(format!("fourhand-arena-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("crash.sh");
        // Answers the handshake, then dies when asked for a move.
        std::fs::write(
            &script,
            "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) exit 1;; esac; done\n",
        )
        .unwrap();
        let crash = Contender::parse(&format!("cmd:sh {}", script.display())).unwrap();
        let cfg = MatchConfig {
            games: 2,
            clock: Clock {
                bank_ms: 0,
                delay_ms: 5,
                increment_ms: 0,
            },
            ..MatchConfig::default()
        };
        let mut lines = Vec::new();
        let r = play_match(
            RuleSet::TEAMS,
            &Contender::parse("random").unwrap(),
            &crash,
            &cfg,
            |g, _| lines.push(g.clone()),
        )
        .unwrap();
        assert_eq!((r.games, r.forfeits, r.score), (2, 2, 2.0));
        assert!(
            lines.iter().all(|g| g.ending.starts_with("forfeit")),
            "{lines:?}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_bot_claims_the_win_it_holds_with_two_players_left() {
        // Red to move leads Yellow by 21 with Blue and Green out; after the claim Yellow has
        // 41 and Blue 40, both below Red's 42.
        let fen = "R-0,1,0,1-0,0,0,0-0,0,0,0-42,40,21,2-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/3,bN,3,rR,2,gN,3/14/bK,12,gK/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
        let cfg = MatchConfig {
            games: 2,
            openings: vec![fen.to_string()],
            ..MatchConfig::default()
        };
        let mut lines = Vec::new();
        let r = play_match(
            RuleSet::FFA,
            &Contender::parse("random").unwrap(),
            &Contender::parse("greedy").unwrap(),
            &cfg,
            |g, game| lines.push((g.clone(), game.points())),
        )
        .unwrap();
        // Red claims at once: `a` holds Red in the first game, `b` in the second.
        assert_eq!(r.per_game, [1.0, 0.0]);
        for (g, points) in &lines {
            assert_eq!((g.plies, g.ending.as_str()), (0, "three players out"));
            assert_eq!(points.0, [42, 40, 41, 2]);
        }
    }
}
