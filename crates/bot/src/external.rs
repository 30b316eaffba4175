//! An engine in another process, spoken to in the `fourhand engine` line protocol: `uci`,
//! `setoption name rules value …`, `isready`, then per move `position fen <FEN4>` (with
//! [`External::sending_history`], `position fen <start FEN4> moves …`) and `go movetime
//! <ms>`, answered by `bestmove <move>`.

use crate::{Clock, Player};
use fourhand_rules::game::{Action, Game};
use fourhand_rules::notation::fen4;
use fourhand_rules::{Move, RuleSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running engine process.
pub struct External {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The game is sent from its start with the moves played (see
    /// [`External::sending_history`]).
    history: bool,
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
            history: false,
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

    /// The engine is sent each game from its start position with the moves played (`position
    /// fen <start FEN4> moves …`), so that it can count repetitions, as long as every turn so
    /// far was a move (no resignation, loss on time, pass or zombie move, which the moves
    /// alone would not replay); otherwise, and without this, the position as it stands.
    pub fn sending_history(mut self) -> External {
        self.history = true;
        self
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
        let line = position_line(game, self.history);
        self.send(&line)?;
        self.send(&format!("go movetime {ms}"))?;
        let line = self.wait_for("bestmove")?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        game.find_uci(text)
            .ok_or_else(|| format!("the engine played '{text}', not a legal move"))
    }
}

/// The `position` line for `game`: with `history`, its start and the moves played, when
/// every turn so far was a move; else the position as it stands (FFA: with the points).
fn position_line(game: &Game, history: bool) -> String {
    let moves: Option<Vec<String>> = history
        .then(|| {
            game.records()
                .iter()
                .map(|r| match r.action {
                    Action::Move { mv, zombie: false } => Some(mv.uci()),
                    _ => None,
                })
                .collect()
        })
        .flatten();
    match moves {
        Some(moves) if !moves.is_empty() => format!(
            "position fen {} moves {}",
            fen4::write_with_points(game.start_position(), &game.start_points()),
            moves.join(" ")
        ),
        _ => format!(
            "position fen {}",
            fen4::write_with_points(game.position(), &game.points())
        ),
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

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::game::Automation;

    /// The game an engine rebuilds from `line` (as `fourhand engine` does).
    fn rebuilt(line: &str, rules: RuleSet) -> Game {
        let rest = line.strip_prefix("position fen ").unwrap();
        let (fen, moves) = rest.split_once(" moves ").unwrap_or((rest, ""));
        let f = fen4::parse(fen, rules.shared()).unwrap();
        let mut g =
            Game::from_position(rules, f.position, f.points).with_automation(Automation::LIVE);
        play(&mut g, moves.split_whitespace());
        g
    }

    /// Plays the moves `ucis` in `game`, each by the seat to move.
    fn play<'a>(game: &mut Game, ucis: impl IntoIterator<Item = &'a str>) {
        for uci in ucis {
            let seat = game.to_move().unwrap();
            let m = game.find_uci(uci).unwrap();
            game.play(seat, m).unwrap();
        }
    }

    #[test]
    fn with_history_the_engine_is_sent_the_moves_and_counts_the_same_repetitions() {
        let rules = RuleSet::of(fourhand_rules::Variant::Ffa);
        let mut game = Game::new(rules).with_automation(Automation::LIVE);
        let round = [
            "j1-i3", "a10-c9", "j14-k12", "n10-l9", "i3-j1", "c9-a10", "k12-j14", "l9-n10",
        ];
        play(&mut game, round.iter().chain(&round[..3]).copied());
        let line = position_line(&game, true);
        assert!(line.ends_with(&format!(
            "moves {}",
            [&round[..], &round[..3]].concat().join(" ")
        )));
        let again = rebuilt(&line, rules);
        assert_eq!(again.repetition_keys(), game.repetition_keys());
        assert_eq!(again.points(), game.points());
        // Without history, only the position: one key.
        let now = position_line(&game, false);
        assert!(!now.contains("moves"));
        assert_eq!(rebuilt(&now, rules).repetition_keys().len(), 1);
        assert_eq!(
            rebuilt(&now, rules).position().hash(),
            game.position().hash()
        );
        // A turn the moves would not replay (a resignation): the position as it stands.
        let seat = game.to_move().unwrap();
        game.resign(seat).unwrap();
        assert!(!position_line(&game, true).contains("moves"));
    }
}
