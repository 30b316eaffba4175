//! Whole games over real sockets: Teams to checkmate, FFA to its end with the final points, a
//! Club game through a mate and a revival, an FFA game the server ends by the leader's automatic
//! claim; spectators see every move.

mod support;

use fourhand_protocol::{ClientMsg, NewTable, SeatName};
use fourhand_rules::notation::pgn4;
use fourhand_server::store::StoredGame;
use serde_json::json;
use support::msg;
use support::{four_players, play, TestServer};

/// The stored record of `game` once its end is stored (the store write follows the `over`
/// event; a second at most).
async fn stored_when_finished(server: &TestServer, game: &str) -> StoredGame {
    let id = game.parse().unwrap();
    for _ in 0..50 {
        let stored = server.app.store.game(id).await.unwrap().unwrap();
        if stored.end.is_some() {
            return stored;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    server.app.store.game(id).await.unwrap().unwrap()
}

/// Seats four clients at a new table and plays a recorded game through them.
async fn replay_through(
    server: &TestServer,
    text: &str,
    rules: &str,
    setup: Option<&str>,
) -> (String, Vec<support::Client>) {
    let (game, mut clients, _) = four_players(server, rules, setup, None).await;
    support::replay_records(&mut clients, &game, text).await;
    (game, clients)
}

#[tokio::test]
async fn a_teams_game_to_checkmate() {
    if !support::has_data() {
        return;
    }
    let server = TestServer::memory().await;
    let text = support::data("games/chesscom-teams-519084-classic.pgn4");
    let (game, mut clients) = replay_through(&server, &text, "teams", Some("4PCo")).await;
    let over = clients[1]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    assert_eq!(over["event"]["result"], "0-1");
    assert_eq!(over["event"]["termination"], "Red checkmated");
    // The same as data, for a client to word.
    assert_eq!(
        over["event"]["ending"],
        json!({"kind": "won", "winners": ["W", "E"], "loser": "S", "reason": "checkmated"})
    );
    // The record is stored with the result, and exports as PGN4.
    let stored = stored_when_finished(&server, &game).await;
    let end = stored.end.expect("finished game stored");
    assert_eq!(end.result, "0-1");
    assert_eq!(stored.actions.len(), 28);
    let (_, again) = pgn4::read(&end.pgn4).unwrap();
    assert_eq!(
        again.records().len(),
        29,
        "28 moves and the mate judged on Red's turn"
    );
    server.stop().await;
}

#[tokio::test]
async fn an_ffa_game_to_its_end_with_the_final_points() {
    if !support::has_data() {
        return;
    }
    let server = TestServer::memory().await;
    let text = support::data("games/chesscom-ffa-100527014.pgn4");
    let (_, mut clients) = replay_through(&server, &text, "ffa", None).await;
    let over = clients[2]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    assert_eq!(over["event"]["points"], json!([72, 14, 61, 33]));
    assert_eq!(over["event"]["placings"], json!([1, 4, 2, 3]));
    server.stop().await;
}

#[tokio::test]
async fn a_club_game_through_a_mate_and_a_revival_with_a_spectator() {
    let server = TestServer::memory().await;
    let (game, mut c, _) = four_players(&server, "club1893", None, None).await;
    let mut watcher = server.client("watcher").await;
    watcher.send(msg::spectate(&game)).await;
    watcher.expect(|m| m["type"] == "snapshot").await;
    let line = [
        "h2-h3", "b7-c7", "g13-g12", "m8-l8", "g1-j4", "a8-d5", "h14-e11", "n7-m8", "e1-f3",
        "a5-c6", "j14-i12", "n10-l9", "j1-i3", "a10-c9", "e14-f12", "n5-l6", "e2-e4", "d5-g8",
        "f14-h12", "m8-l7", "j4-h4", "g8-g2", "e11-e6", "l7-h3",
    ];
    for (k, mv) in line.iter().enumerate() {
        play(&mut c, &game, k % 4, mv).await;
    }
    let st = c[0]
        .expect(|m| {
            m["type"] == "event" && m["event"]["kind"] == "status" && m["event"]["seat"] == "S"
        })
        .await;
    assert_eq!(st["event"]["status"], "mated");
    // White's turn is skipped by the server; Black's queen leaves g2 and White revives.
    c[1].expect(|m| m["type"] == "event" && m["event"]["kind"] == "passed")
        .await;
    play(&mut c, &game, 1, "g2-g12").await;
    let st = c[0]
        .expect(|m| {
            m["type"] == "event" && m["event"]["kind"] == "status" && m["event"]["seat"] == "S"
        })
        .await;
    assert_eq!(st["event"]["status"], "active");
    // The spectator saw every move, in order, with no gaps.
    let mut seqs = Vec::new();
    let mut moves = 0;
    while moves < line.len() + 1 {
        let m = watcher.expect(|m| m["type"] == "event").await;
        seqs.push(m["seq"].as_u64().unwrap());
        if m["event"]["kind"] == "moved" {
            moves += 1;
        }
    }
    assert!(seqs.windows(2).all(|w| w[1] > w[0]));
    server.stop().await;
}

#[tokio::test]
async fn a_verney_game_through_a_mate_and_a_revival() {
    let server = TestServer::memory().await;
    let (game, mut c, _) = four_players(&server, "verney1881", None, None).await;
    // Classic setup, single steps: White's queen takes Black's on n8 and, with Yellow's queen on
    // m7, mates Black; Black's turn is skipped; Yellow's queen leaves m7 and Black revives.
    let line = [
        (0, "h2-h3"),
        (1, "a5-c4"),
        (2, "i13-i12"),
        (3, "m9-l9"),
        (0, "g1-m7"),
        (1, "c4-d2"),
        (2, "h14-n8"),
    ];
    for (seat, mv) in line {
        play(&mut c, &game, seat, mv).await;
    }
    let black = |m: &serde_json::Value| {
        m["type"] == "event" && m["event"]["kind"] == "status" && m["event"]["seat"] == "E"
    };
    assert_eq!(c[0].expect(black).await["event"]["status"], "mated");
    c[0].expect(|m| m["event"]["kind"] == "passed" && m["event"]["seat"] == "E")
        .await;
    play(&mut c, &game, 0, "m7-b7").await;
    assert_eq!(c[0].expect(black).await["event"]["status"], "active");
    let next = c[1].expect(|m| m["type"] == "legal").await;
    assert_eq!(next["seat"], "W", "Black revived; the turn goes on to Red");
    server.stop().await;
}

#[tokio::test]
async fn metrics_after_a_game_are_labelled_by_rule_set_and_speed() {
    let server = TestServer::memory().await;
    let (game, mut c, _) = four_players(&server, "ffa", None, None).await;
    for (i, mv) in ["h2-h3", "b7-c7", "g13-g12", "m8-l8"].iter().enumerate() {
        play(&mut c, &game, i, mv).await;
    }
    let text = server.app.metrics.render();
    let scrape = prometheus_parse::Scrape::parse(text.lines().map(|l| Ok(l.to_string())))
        .expect("a Prometheus text parser reads /metrics");
    let find = |name: &str| {
        scrape
            .samples
            .iter()
            .find(|s| {
                s.metric == name
                    && s.labels.get("rules") == Some("ffa")
                    && s.labels.get("speed") == Some("blitz")
            })
            .unwrap_or_else(|| panic!("{name}{{rules=ffa,speed=blitz}} in:\n{text}"))
    };
    assert!(
        matches!(find("fourhand_moves_total").value, prometheus_parse::Value::Counter(v) if v == 4.0)
    );
    assert!(
        matches!(find("fourhand_games_started_total").value, prometheus_parse::Value::Counter(v) if v == 1.0)
    );
    assert!(
        matches!(find("fourhand_live_games").value, prometheus_parse::Value::Gauge(v) if v == 1.0)
    );
    match &find("fourhand_move_latency_seconds").value {
        prometheus_parse::Value::Histogram(buckets) => {
            let total = buckets.iter().map(|b| b.count).fold(0.0, f64::max);
            assert_eq!(total, 4.0, "four moves in the histogram");
        }
        v => panic!("a histogram, not {v:?}"),
    }
    for name in [
        "process_cpu_seconds_total",
        "process_open_fds",
        "fourhand_connections",
    ] {
        assert!(scrape.samples.iter().any(|s| s.metric == name), "{name}");
    }
    server.stop().await;
}

#[tokio::test]
async fn games_under_rule_options_to_their_end_stored_and_exported() {
    for (name, tag) in [
        ("teams Teammate=1", "EnPassant Teammate=1"),
        ("teams KotH", "EnPassant KotH"),
        ("ffa KotH", "DeadKingWalking EnPassant KotH PromoteTo=D"),
        ("teams 3-check", "3-check EnPassant"),
        (
            "ffa 3-check",
            "3-check DeadKingWalking EnPassant PromoteTo=D",
        ),
        ("teams CaptureTheKing", "CaptureTheKing EnPassant"),
        (
            "ffa CaptureTheKing",
            "CaptureTheKing DeadKingWalking EnPassant PromoteTo=D",
        ),
        ("teams BothMate", "BothMate EnPassant"),
        ("ffa Play4Mate", "EnPassant Play4Mate PromoteTo=D"),
        ("ffa FirstMate", "EnPassant FirstMate PromoteTo=D"),
        ("teams Chess960=1", "Chess960=1 EnPassant"),
        (
            "ffa Chess960=700 Chess960Rotational",
            "Chess960=700 Chess960Rotational DeadKingWalking EnPassant PromoteTo=D",
        ),
        // Chaturaji and Conquest take no options: no RuleVariants tag.
        ("chaturaji", ""),
        ("conquest", ""),
    ] {
        play_to_the_end(name, tag).await;
    }
}

/// Four clients play a game of the rule set `name` over the sockets until it ends; the stored
/// record carries the result and exports with `RuleVariants` `tag` (none when empty).
async fn play_to_the_end(name: &str, tag: &str) {
    use fourhand_rules::game::Game;
    use fourhand_rules::RuleSet;
    let server = TestServer::fast(fourhand_server::store::Store::memory()).await;
    let (game, mut c, _) = four_players(&server, name, None, None).await;
    // The same game kept here: each seat plays a capture when it has one (a king first), else
    // a move chosen by a fixed sequence, until the game ends.
    let rules = RuleSet::from_name(name).unwrap();
    let mut local = Game::new(rules);
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    while local.outcome().is_none() {
        let seat = local.to_move().expect("a seat to move");
        let m = support::capture_first(&local, &mut x).expect("a move");
        play(&mut c, &game, seat.index(), &m.uci()).await;
        local.play(seat, m).unwrap();
        assert!(local.records().len() < 3000, "{name}: the game ends");
    }
    let over = c[0]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    let stored = stored_when_finished(&server, &game).await;
    assert_eq!(stored.game.rules, name);
    let end = stored.end.expect("the finished game is stored");
    assert_eq!(
        end.result,
        over["event"]["result"].as_str().unwrap(),
        "{name}"
    );
    if tag.is_empty() {
        assert!(!end.pgn4.contains("[RuleVariants"), "{}", end.pgn4);
        assert!(
            end.pgn4
                .contains(&format!("[Variant \"{}\"]", rules.variant.pgn_name())),
            "{}",
            end.pgn4
        );
    } else {
        assert!(
            end.pgn4.contains(&format!("[RuleVariants \"{tag}\"]")),
            "{}",
            end.pgn4
        );
    }
    let (tags, again) = pgn4::read(&end.pgn4).unwrap();
    assert_eq!(tags.rules(), Ok(rules));
    assert_eq!(again.outcome(), local.outcome(), "{name}");
    eprintln!(
        "{name}: {} plies, {:?}",
        local.records().len(),
        local.outcome()
    );
    server.stop().await;
}

/// A Chaturaji game from the Play panel's path: one player creates the table, sits South, puts
/// bots in the other seats and plays until the game ends (his king may fall early; the bots play
/// on to the end). The record is stored with its points and placings and replays.
#[tokio::test]
async fn a_chaturaji_game_against_bots_to_its_end_stored_and_exported() {
    let server = TestServer::fast(fourhand_server::store::Store::memory()).await;
    let mut c = server.client("raja").await;
    let support::BotGame {
        game,
        table,
        snapshot,
        ..
    } = support::against_bots_in(&mut c, "chaturaji", "greedy").await;
    assert_eq!(table["rules"], "chaturaji", "{table}");
    assert!(
        snapshot["state"]["fen4"]
            .as_str()
            .unwrap()
            .ends_with("x,x,x,x,x,x,x,x,x,x,x,x,x,x"),
        "the walls of the 8×8 are in the FEN4: {snapshot}"
    );
    let over = south_plays_to_the_end(&mut c, &game).await;
    let stored = stored_when_finished(&server, &game).await;
    assert_eq!(stored.game.rules, "chaturaji");
    let end = stored.end.expect("the finished game is stored");
    assert_eq!(end.result, over["event"]["result"].as_str().unwrap());
    assert!(end.placings.is_some(), "placings by points");
    assert!(end.pgn4.contains("[Variant \"Chaturaji\"]"), "{}", end.pgn4);
    let (tags, again) = pgn4::read(&end.pgn4).unwrap();
    assert_eq!(
        tags.rules(),
        Ok(fourhand_rules::RuleSet::CHATURAJI),
        "{}",
        end.pgn4
    );
    assert!(again.is_over(), "{}", end.pgn4);
    assert_eq!(
        again.points().0.to_vec(),
        over["event"]["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_i64().unwrap() as i32)
            .collect::<Vec<_>>()
    );
    server.stop().await;
}

/// South (client `c`) plays random legal moves until the game's `over` event, which it returns.
async fn south_plays_to_the_end(c: &mut support::Client, game: &str) -> serde_json::Value {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut moves = 0;
    loop {
        let m = c
            .expect(|m| {
                (m["type"] == "legal" && m["seat"] == "S")
                    || (m["type"] == "event" && m["event"]["kind"] == "over")
            })
            .await;
        if m["type"] == "event" {
            break m;
        }
        let list = m["moves"].as_array().unwrap();
        if list.is_empty() {
            continue;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mv = list[(x % list.len() as u64) as usize].as_str().unwrap();
        let (squares, promotion) = match mv.split_once('=') {
            Some((s, p)) => (s, Some(p)),
            None => (mv, None),
        };
        let (from, to) = squares.split_once('-').unwrap();
        c.send(ClientMsg::Play {
            game: msg::game(game),
            seat: SeatName::S,
            from: msg::square(from),
            to: msg::square(to),
            promotion: promotion.map(msg::piece),
        })
        .await;
        moves += 1;
        assert!(moves < 2000, "the game ends");
    }
}

/// A Conquest game from the Play panel's path: South against three greedy bots to its end; the
/// record is stored with its placings, exports as `Conquest` and replays to the same end.
#[tokio::test]
async fn a_conquest_game_against_bots_to_its_end_stored_and_exported() {
    let server = TestServer::fast(fourhand_server::store::Store::memory()).await;
    let mut c = server.client("conqueror").await;
    let support::BotGame { game, table, .. } =
        support::against_bots_in(&mut c, "conquest", "greedy").await;
    assert_eq!(table["rules"], "conquest", "{table}");
    let over = south_plays_to_the_end(&mut c, &game).await;
    let stored = stored_when_finished(&server, &game).await;
    assert_eq!(stored.game.rules, "conquest");
    let end = stored.end.expect("the finished game is stored");
    assert_eq!(end.result, over["event"]["result"].as_str().unwrap());
    assert!(end.placings.is_some(), "placings by who went out when");
    assert!(end.pgn4.contains("[Variant \"Conquest\"]"), "{}", end.pgn4);
    let (tags, again) = pgn4::read(&end.pgn4).unwrap();
    assert_eq!(tags.rules(), Ok(fourhand_rules::RuleSet::CONQUEST));
    assert!(again.is_over(), "{}", end.pgn4);
    assert_eq!(
        again.placings().0.to_vec(),
        end.placings.unwrap().to_vec(),
        "{}",
        end.pgn4
    );
    server.stop().await;
}

/// Three-player Conquest (variants.md §5.1): three players sit South, West and North; East has no
/// army and cannot be taken; the turns go round the three, and the game is played to its end,
/// stored with places for three.
#[tokio::test]
async fn a_three_player_conquest_game_to_its_end() {
    use fourhand_rules::game::Game;
    use fourhand_rules::{RuleSet, Seat};
    let server = TestServer::fast(fourhand_server::store::Store::memory()).await;
    let mut first = server.client("x3").await;
    first
        .send(ClientMsg::CreateTable(NewTable::of("conquest  Players=3")))
        .await;
    let table = first.expect(|m| m["type"] == "table").await["table"].clone();
    assert_eq!(table["rules"], "conquest Players=3", "{table}");
    let id = table["id"].clone();
    // East is not a seat anyone may take.
    first.send(msg::sit(&id, SeatName::E)).await;
    let e = first.error().await;
    assert!(
        e["message"].as_str().unwrap().contains("Green has no army"),
        "{e}"
    );
    // Three players at a table of their own play it to the end.
    let mut sessions = Vec::new();
    for name in ["s3", "w3", "n3"] {
        sessions.push(server.session(name).await);
    }
    let create = ClientMsg::CreateTable(NewTable::of("conquest Players=3"));
    let (game, mut c, _) = support::four_at(&server, create, &sessions).await;
    let rules = RuleSet::from_name("conquest Players=3").unwrap();
    let mut local = Game::new(rules);
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    while local.outcome().is_none() {
        let seat = local.to_move().expect("a seat to move");
        assert_ne!(seat, Seat::East, "East never moves");
        let m = support::capture_first(&local, &mut x).expect("a move");
        play(&mut c, &game, seat.index(), &m.uci()).await;
        local.play(seat, m).unwrap();
        assert!(local.records().len() < 3000, "the game ends");
    }
    let stored = stored_when_finished(&server, &game).await;
    assert_eq!(stored.game.rules, "conquest Players=3");
    let end = stored.end.expect("the finished game is stored");
    assert_eq!(end.placings.map(|p| p[3]), Some(0), "East has no place");
    assert!(
        end.pgn4.contains("[RuleVariants \"Players=3\"]"),
        "{}",
        end.pgn4
    );
    let (_, again) = pgn4::read(&end.pgn4).unwrap();
    assert_eq!(again.outcome(), local.outcome());
    assert_eq!(again.placings(), local.placings());
    server.stop().await;
}

/// Every variant from the Play panel's path: South against three greedy bots to the end; the
/// record is stored with the rule set's name and exports, its tags reading back the same rules.
#[tokio::test]
async fn every_variant_against_bots_to_its_end_stored_and_exported() {
    let server = TestServer::fast(fourhand_server::store::Store::memory()).await;
    for name in [
        "teams Teammate=1",
        "teams Teammate=3",
        "teams KotH",
        "ffa KotH",
        "teams 3-check",
        "ffa 3-check",
        "teams CaptureTheKing",
        "ffa CaptureTheKing",
        "teams BothMate",
        "ffa Play4Mate",
        "ffa FirstMate",
        "ffa PointsForMate=40",
        "teams Chess960=1",
        "ffa Chess960=700 Chess960Rotational",
        "chaturaji OldChecks",
        "conquest Players=3",
    ] {
        let mut c = server.client(&format!("p{}", name.len())).await;
        let support::BotGame { game, table, .. } =
            support::against_bots_in(&mut c, name, "greedy").await;
        assert_eq!(table["rules"], name, "{table}");
        let over = south_plays_to_the_end(&mut c, &game).await;
        let stored = stored_when_finished(&server, &game).await;
        assert_eq!(stored.game.rules, name);
        let end = stored.end.expect("the finished game is stored");
        assert_eq!(
            end.result,
            over["event"]["result"].as_str().unwrap(),
            "{name}"
        );
        let (tags, again) = pgn4::read(&end.pgn4).unwrap();
        assert_eq!(
            tags.rules().map(|r| r.name()),
            Ok(name.to_string()),
            "{}",
            end.pgn4
        );
        assert!(again.is_over(), "{name}: {}", end.pgn4);
    }
    server.stop().await;
}

#[tokio::test]
async fn the_trailing_player_plays_on_and_the_server_claims_for_the_leader() {
    if !support::has_data() {
        return;
    }
    // chess.com game 102140628: after round 53 only Blue (19) and Yellow (69) are left and Blue
    // cannot catch Yellow. The server resigns nobody: Blue's `Bi1xQj2` (+1) is accepted, and on
    // Yellow's turn the server claims the win for him (Red, out on 49, stays second: 20 + 20
    // does not pass him). Nobody sends the `R`.
    let server = TestServer::memory().await;
    let text = support::data("evidence/chesscom-ffa-102140628.pgn4");
    let (game, mut clients) = replay_through(&server, &text, "ffa", None).await;
    let over = clients[1]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    assert_eq!(over["event"]["points"], json!([49, 40, 69, 6]));
    assert_eq!(over["event"]["placings"], json!([2, 3, 1, 4]));
    assert_eq!(over["event"]["ending"], json!({"kind": "finished"}));
    // The export writes the claim as chess.com does: an `R` in Yellow's slot right after
    // Blue's last move, and the end's points in the Termination tag.
    let stored = stored_when_finished(&server, &game).await;
    let end = stored.end.expect("finished game stored");
    assert!(
        end.pgn4.trim_end().ends_with("54. Bi1xQj2 .. R"),
        "{}",
        end.pgn4
    );
    assert!(
        end.pgn4.contains("[Termination \"(Blue +20)\"]"),
        "{}",
        end.pgn4
    );
    let r = pgn4::replay(&end.pgn4).unwrap();
    assert_eq!(r.error, None);
    assert_eq!(r.game.points().0, [49, 40, 69, 6]);
    assert_eq!(pgn4::mismatches(&r), Vec::<String>::new());
    // Over HTTP too.
    let pgn = support::http_get(&format!("http://{}/api/games/{game}/pgn4", server.addr)).await;
    assert_eq!(pgn, end.pgn4);
    server.stop().await;
}
