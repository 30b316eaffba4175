//! An engine in another process, spoken to in the `fourhand engine` line protocol: `uci`,
//! `setoption name rules value …`, `isready`, then per move `position fen <FEN4>` and
//! `go movetime <ms>`, answered by `bestmove <move>`.

use crate::{Clock, Player};
use fourhand_rules::game::Game;
use fourhand_rules::notation::fen4;
use fourhand_rules::{Move, RuleSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running engine process.
pub struct External {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl External {
    /// Starts `command` (run by `sh -c`) and sets it up for `rules`: its variant, and its
    /// options (`setoption name options value Teammate=1 …`) when they differ from the base's.
    pub fn start(command: &str, rules: &RuleSet) -> Result<External, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut e = External {
            child,
            input,
            output,
        };
        e.send("uci")?;
        e.wait_for("uciok")?;
        e.send(&format!(
            "setoption name rules value {}",
            rules.variant.short_name()
        ))?;
        if *rules != RuleSet::of(rules.variant) {
            e.send(&format!(
                "setoption name options value {}",
                rules.rule_variants()
            ))?;
        }
        e.send("isready")?;
        e.wait_for("readyok")?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("engine input: {e}"))
    }

    /// Reads lines until one starts with `prefix`; returns it.
    fn wait_for(&mut self, prefix: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("engine output: {e}"))?;
            if n == 0 {
                return Err(format!("the engine ended before '{prefix}'"));
            }
            if line.trim_start().starts_with(prefix) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// Asks for a move in `game` with `ms` milliseconds.
    pub fn best_move(&mut self, game: &Game, ms: u64) -> Result<Move, String> {
        let fen = fen4::write_with_points(game.position(), &game.points());
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go movetime {ms}"))?;
        let line = self.wait_for("bestmove")?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        game.legal_moves()
            .iter()
            .copied()
            .find(|m| m.uci() == text)
            .ok_or_else(|| format!("the engine played '{text}', not a legal move"))
    }
}

impl Player for External {
    fn claims_wins(&self) -> bool {
        false
    }

    fn choose(&mut self, game: &Game, clock: Clock, _: &mut dyn rand::RngCore) -> Option<Move> {
        match self.best_move(game, clock.budget().as_millis() as u64) {
            Ok(m) => Some(m),
            Err(e) => {
                eprintln!("{e}");
                None
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
