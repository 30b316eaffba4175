//! The `fourhand perft`, `replay` and `arena` commands, run as a user would.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn fourhand(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fourhand"))
        .args(args)
        .output()
        .expect("run fourhand")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn games() -> PathBuf {
    match std::env::var("FOURHAND_DATA") {
        Ok(d) => PathBuf::from(d).join("games"),
        Err(_) => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/games"),
    }
}

/// Whether the shared games are there: without them (a clone of the project alone) the test is
/// skipped with a visible warning; in CI (`CI` set) their absence fails it.
fn has_games() -> bool {
    if games().is_dir() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "the shared test data is required in CI: {} is missing",
        games().display()
    );
    {
        use std::io::Write;
        // Straight to the terminal: the test harness captures eprintln!.
        let _ = writeln!(
            std::io::stderr(),
            "warning: skipping a test of the shared data: {} not found",
            games().display()
        );
    }
    false
}

#[test]
fn perft_counts_setups_and_fens() {
    let o = fourhand(&["perft", "3"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("nodes 7800"), "{}", stdout(&o));
    assert!(stdout(&o).contains("nodes/s"));
    let o = fourhand(&["perft", "--setup", "4PCo", "2"]);
    assert!(stdout(&o).contains("nodes 399"));
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,yK,7/14/14/14/14/14/12,rQ,gK/bK,13/14/14/14/14/7,bR,6/7,rK,6";
    let o = fourhand(&["perft", "--fen", fen, "4"]);
    assert!(stdout(&o).contains("nodes 173"), "{}", stdout(&o));
    let o = fourhand(&["perft", "--divide", "1"]);
    let lines = stdout(&o);
    assert_eq!(lines.lines().filter(|l| l.ends_with(" 1")).count(), 20);
    let o = fourhand(&["perft", "--rules", "ffa", "2"]);
    assert!(stdout(&o).contains("nodes 395"));
}

#[test]
fn perft_rejects_bad_input_clearly() {
    let o = fourhand(&["perft", "--setup", "4PCx", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown setup"));
    let o = fourhand(&["perft", "--fen", "nonsense", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("FEN4"));
}

#[test]
fn replay_reports_ffa_points_and_placings_as_json() {
    if !has_games() {
        return;
    }
    let f = games().join("chesscom-ffa-100527014.pgn4");
    let o = fourhand(&["replay", f.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["error"], Value::Null);
    assert_eq!(v["plies"], 175);
    assert_eq!(v["points"], serde_json::json!([72, 14, 61, 33]));
    assert_eq!(v["placings"], serde_json::json!([1, 4, 2, 3]));
    assert_eq!(v["status"][1]["status"], "out (checkmated)");
    assert_eq!(v["status"][3]["status"], "out (king captured)");
    assert!(v["result"].as_str().unwrap().starts_with("dalay045: 72"));
}

#[test]
fn replay_reports_the_first_bad_move_with_exit_code_1() {
    let dir = std::env::temp_dir().join(format!("fourhand-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.pgn4");
    std::fs::write(
        &f,
        "[Variant \"Teams\"]\n[RuleVariants \"EnPassant\"]\n\n1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\n2. Qg1-g5\n",
    )
    .unwrap();
    let o = fourhand(&["replay", f.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["plies"], 4);
    assert_eq!(v["error"]["round"], 2);
    assert_eq!(v["error"]["seat"], "Red");
    assert_eq!(v["error"]["move"], "Qg1-g5");
    assert_eq!(v["error"]["reason"], "illegal move");
    let o = fourhand(&["replay", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("round 2, Red (South): 'Qg1-g5': illegal move"));
    let o = fourhand(&["replay", dir.join("missing.pgn4").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_of_a_teams_game_names_the_result() {
    if !has_games() {
        return;
    }
    let f = games().join("chesscom-teams-46208465.pgn4");
    let o = fourhand(&["replay", f.to_str().unwrap()]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("result: 1-0"), "{out}");
    assert!(out.contains("Blue timed out"), "{out}");
}

#[test]
fn engine_speaks_the_line_protocol() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourhand"))
        .arg("engine")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(b"uci\nisready\nsetoption name rules value ffa\nposition startpos moves h2-h3 b7-c7\ngo depth 2\nposition startpos moves h2-h9\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("uciok") && text.contains("readyok"), "{text}");
    let best = text.lines().find(|l| l.starts_with("bestmove ")).unwrap();
    let mv = best.trim_start_matches("bestmove ");
    assert!(mv.contains('-'), "{best}");
    assert!(text.contains("info depth 2 score"), "{text}");
    assert!(text.contains("illegal move h2-h9"), "{text}");
}

#[test]
fn replay_check_walks_a_folder_and_says_what_disagrees() {
    let dir = std::env::temp_dir().join(format!("fourhand-check-{}", std::process::id()));
    let sub = dir.join("more");
    std::fs::create_dir_all(&sub).unwrap();
    // A record that agrees (the 1892 game: six rounds, no result yet)…
    let good = include_str!("../../server/library/club-1892-london-cambridge.pgn4");
    std::fs::write(dir.join("good.pgn4"), good).unwrap();
    // …one whose Result says the game ended, though it goes on…
    std::fs::write(
        sub.join("early.pgn4"),
        "[Variant \"Teams\"]\n[Result \"1-0\"]\n[Termination \"Checkmate. 1-0\"]\n\n1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\n",
    )
    .unwrap();
    // …and one with an illegal move.
    std::fs::write(sub.join("bad.pgn4"), "[Variant \"Teams\"]\n\n1. h2-h5\n").unwrap();
    std::fs::write(sub.join("notes.txt"), "not a game").unwrap();
    let o = fourhand(&["replay", "--check", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("early.pgn4: the record ends (1-0), but the game goes on"),
        "{out}"
    );
    assert!(out.contains("bad.pgn4: a move does not replay"), "{out}");
    assert!(!out.contains("good.pgn4"), "{out}");
    assert_eq!(out.lines().last(), Some("1 passed, 2 failed"), "{out}");
    // --json says it in a field, and the exit code agrees.
    let o = fourhand(&["replay", sub.join("early.pgn4").to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        v["mismatch"],
        serde_json::json!(["the record ends (1-0), but the game goes on"])
    );
    let o = fourhand(&["replay", dir.join("good.pgn4").to_str().unwrap(), "--json"]);
    assert!(o.status.success());
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["mismatch"], serde_json::json!([]));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_shared_game_agrees_with_its_record() {
    if !has_games() {
        return;
    }
    // The shared games with the fidelity/ folder, and the evidence/ folder beside them: every
    // move, the end, the points and the Termination as chess.com recorded them.
    let evidence = games().with_file_name("evidence");
    for (dir, least) in [(games(), 14), (evidence, 4)] {
        let o = fourhand(&["replay", "--check", dir.to_str().unwrap()]);
        let out = stdout(&o);
        assert!(o.status.success(), "{out}");
        let last = out.lines().last().unwrap_or("");
        let passed: usize = last
            .strip_suffix(" passed, 0 failed")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{out}"));
        assert!(passed >= least, "{}: {out}", dir.display());
    }
}

#[test]
fn arena_writes_a_line_per_game_and_a_pgn4_file_that_replay_replays() {
    let dir = std::env::temp_dir().join(format!("fourhand-cli-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("match.pgn4");
    let o = fourhand(&[
        "arena",
        "greedy",
        "random",
        "--games",
        "3",
        "--rules",
        "ffa",
        "--max-plies",
        "60",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    for n in 1..=3 {
        assert!(out.contains(&format!("game {n}: greedy ")), "{out}");
    }
    assert!(out.contains("FFA greedy vs random: "), "{out}");
    let r = fourhand(&["replay", pgn.to_str().unwrap()]);
    assert!(r.status.success(), "{}", stdout(&r));
    assert!(
        stdout(&r).contains("3 games, 3 replayed cleanly"),
        "{}",
        stdout(&r)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn arena_sizes_its_bots_tables_and_refuses_a_size_out_of_range() {
    for bad in ["0", "1025", "big"] {
        let o = fourhand(&["arena", "engine1", "random", "--games", "1", "--hash", bad]);
        assert!(!o.status.success(), "--hash {bad} was taken");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("--hash"), "{err}");
        assert!(stdout(&o).is_empty(), "a game was played: {}", stdout(&o));
    }
    let o = fourhand(&[
        "arena",
        "engine1",
        "random",
        "--games",
        "1",
        "--max-plies",
        "40",
        "--hash",
        "32",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("game 1: engine1 "), "{}", stdout(&o));
}

#[test]
fn rule_options_on_the_command_line_play_write_and_replay() {
    // perft under an option, and a refused one.
    let o = fourhand(&[
        "perft",
        "--rules",
        "teams",
        "--options",
        "CaptureTheKing",
        "3",
    ]);
    assert!(stdout(&o).contains("nodes 7960"), "{}", stdout(&o));
    let o = fourhand(&["perft", "--rules", "ffa", "--options", "Teammate=1", "1"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("'Teammate=1' is not a FFA option"));
    // An arena match under options writes games that replay.
    let dir = std::env::temp_dir().join(format!("fourhand-cli-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("koth.pgn4");
    let o = fourhand(&[
        "arena",
        "greedy",
        "random",
        "--games",
        "2",
        "--rules",
        "teams",
        "--options",
        "KotH 3-check",
        "--max-plies",
        "80",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout(&o).contains("Teams 3-check KotH greedy vs random: "),
        "{}",
        stdout(&o)
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        text.contains("[RuleVariants \"3-check EnPassant KotH\"]"),
        "{text}"
    );
    let r = fourhand(&["replay", pgn.to_str().unwrap()]);
    assert!(
        stdout(&r).contains("2 games, 2 replayed cleanly"),
        "{}",
        stdout(&r)
    );
    std::fs::remove_dir_all(&dir).ok();
}
