//! `fourhand engine`: the engine line protocol on stdin/stdout.

use fourhand_bot::search::{table_bits_for_mb, Limits, Options};
use fourhand_bot::{parse_spec, Bot, Level};
use fourhand_rules::game::{Automation, Game};
use fourhand_rules::notation::fen4;
use fourhand_rules::{RuleSet, Variant};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// The engine command's table before any `setoption name hash`: 8 MB, twice a seat bot's, as
/// a program given a core of its own may take.
const ENGINE_HASH_MB: u64 = 8;

struct Engine {
    rules: RuleSet,
    level: Level,
    opts: Options,
    hash_bits: u32,
    threads: usize,
    bot: Bot,
    game: Game,
}

impl Engine {
    fn new() -> Engine {
        let (rules, level, opts) = (RuleSet::TEAMS, Level::Engine(3), Options::default());
        let hash_bits = table_bits_for_mb(ENGINE_HASH_MB);
        Engine {
            rules,
            level,
            opts,
            hash_bits,
            threads: 1,
            bot: Bot::with_table(level, opts, hash_bits),
            game: Game::new(rules),
        }
    }

    /// A fresh bot after an option changed.
    fn rebuild(&mut self) {
        self.bot = Bot::with_table(self.level, self.opts, self.hash_bits);
        self.bot.set_threads(self.threads);
    }

    fn position(&mut self, rest: &str) -> Result<(), String> {
        let (pos, moves) = match rest.split_once(" moves ") {
            Some((p, m)) => (p.trim(), m.trim()),
            None => (rest.trim().trim_end_matches(" moves"), ""),
        };
        let mut game = if pos == "startpos" {
            Game::new(self.rules)
        } else if let Some(f) = pos.strip_prefix("fen ") {
            let p = fen4::parse(f.trim(), self.rules.shared()).map_err(|e| e.to_string())?;
            Game::from_position(self.rules, p.position, p.points)
        } else {
            return Err(format!("expected startpos or fen, got '{pos}'"));
        }
        .with_automation(Automation::LIVE);
        for m in moves.split_whitespace() {
            let seat = game.to_move().ok_or("the game is over")?;
            let mv = game
                .find_uci(m)
                .ok_or_else(|| format!("illegal move {m}"))?;
            game.play(seat, mv).map_err(|e| e.to_string())?;
        }
        self.game = game;
        Ok(())
    }

    fn go(&mut self, args: &str, out: &mut impl Write) -> std::io::Result<()> {
        let mut limits = Limits {
            depth: 64,
            nodes: u64::MAX,
            time: Some(Duration::from_millis(1000)),
        };
        let words: Vec<&str> = args.split_whitespace().collect();
        for w in words.chunks(2) {
            if let [k, v] = w {
                match (*k, v.parse::<u64>()) {
                    ("depth", Ok(d)) => {
                        limits.depth = d as u32;
                        limits.time = None;
                    }
                    ("movetime", Ok(ms)) => limits.time = Some(Duration::from_millis(ms)),
                    ("nodes", Ok(n)) => {
                        limits.nodes = n;
                        limits.time = None;
                    }
                    _ => {}
                }
            }
        }
        let r = self.bot.search(&self.game, limits);
        let nps = r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-6);
        match r.best {
            Some(m) => {
                writeln!(
                    out,
                    "info depth {} score cp {} nodes {} nps {:.0} pv {}",
                    r.depth,
                    r.score,
                    r.nodes,
                    nps,
                    m.uci()
                )?;
                writeln!(out, "bestmove {}", m.uci())
            }
            None => writeln!(out, "bestmove (none)"),
        }
    }
}

/// Reads commands until `quit` or end of input.
pub fn run() -> ExitCode {
    let mut e = Engine::new();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let r = match cmd {
            "uci" => writeln!(out, "id name fourhand\nid author the fourhand developers\noption name rules type combo default teams var teams var ffa var verney1881 var club1893\noption name options type string default\noption name level type combo default engine3 var random var greedy var engine1 var engine2 var engine3\noption name threads type spin default 1 min 1 max 64\noption name hash type spin default 8 min 1 max 1024\noption name search type string default\nuciok"),
            "isready" => writeln!(out, "readyok"),
            "setoption" => {
                let rest = rest.trim_start_matches("name ").trim();
                let (name, value) = rest.split_once(" value ").unwrap_or((rest, ""));
                match name.trim().to_ascii_lowercase().as_str() {
                    "rules" => match value.parse::<Variant>() {
                        Ok(v) => { e.rules = RuleSet::of(v); e.game = Game::new(e.rules); Ok(()) }
                        Err(m) => writeln!(out, "info string {m}"),
                    },
                    "options" => match RuleSet::of(e.rules.variant).with_rule_variants(value) {
                        Ok(r) => { e.rules = r; e.game = Game::new(e.rules); Ok(()) }
                        Err(m) => writeln!(out, "info string {m}"),
                    },
                    "level" => match Level::parse(value) {
                        Some(l) => { e.level = l; e.rebuild(); Ok(()) }
                        None => writeln!(out, "info string unknown level {value}"),
                    },
                    "search" => match parse_spec(&format!("{}/{value}", e.level.name())) {
                        Ok((_, o)) => { e.opts = o; e.rebuild(); Ok(()) }
                        Err(m) => writeln!(out, "info string {m}"),
                    },
                    "hash" => match value.trim().parse::<u64>() {
                        Ok(mb @ 1..=1024) => { e.hash_bits = table_bits_for_mb(mb); e.rebuild(); Ok(()) }
                        _ => writeln!(out, "info string hash is 1 to 1024 (MB)"),
                    },
                    "threads" => match value.trim().parse::<usize>() {
                        Ok(n @ 1..=64) => { e.threads = n; e.bot.set_threads(n); Ok(()) }
                        _ => writeln!(out, "info string threads is 1 to 64"),
                    },
                    other => writeln!(out, "info string unknown option {other}"),
                }
            }
            "ucinewgame" => { e.game = Game::new(e.rules); e.rebuild(); Ok(()) }
            "position" => match e.position(rest) {
                Ok(()) => Ok(()),
                Err(m) => writeln!(out, "info string {m}"),
            },
            "go" => e.go(rest, &mut out),
            "quit" => break,
            "" => Ok(()),
            other => writeln!(out, "info string unknown command {other}"),
        };
        if r.is_err() || out.flush().is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
