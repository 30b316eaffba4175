//! Rated games over real sockets change exactly the expected ratings in the database (SQLite
//! and Postgres); an abort changes only the aborter's; a crash between a game's last move and
//! its result rates it once when the server comes back; frequent aborters wait for pairing;
//! guests, bots and hot-seat stay out of rated play.

mod support;

use fourhand_protocol::{ClientMsg, GameId, NewTable, PlayerId, SeatName};
use fourhand_rating::{rate, Finish, Participant, Rating};
use fourhand_rules::game::Action;
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::{Position, RuleSet, Setup};
use fourhand_server::store::{ActionRecord, NewGame, Store, StoredAction, StoredSeat};
use fourhand_server::Config;
use serde_json::json;
use support::msg;
use support::{account, four_at, play, TestServer};
use uuid::Uuid;

const TEAMS_GAME: &str = "games/chesscom-teams-519084-classic.pgn4";
const FFA_GAME: &str = "games/chesscom-ffa-100527014.pgn4";

/// The moves of a recorded game, as (seat, move) pairs of the players' own moves.
fn moves_of(file: &str) -> Vec<(usize, String)> {
    let (_, g) = pgn4::read(&support::data(file)).unwrap();
    g.records()
        .iter()
        .filter_map(|r| match r.action {
            Action::Move { mv, zombie: false } => Some((r.seat.index(), mv.uci())),
            _ => None,
        })
        .collect()
}

/// Four accounts named after `tag`.
async fn accounts(server: &TestServer, tag: &str) -> (Vec<Uuid>, Vec<String>) {
    let mut ids = Vec::new();
    let mut sessions = Vec::new();
    for seat in ["s", "w", "n", "e"] {
        let (id, s) = account(server, &format!("{tag}-{seat}")).await;
        ids.push(id);
        sessions.push(s);
    }
    (ids, sessions)
}

/// Each player's rating in `pool` (a new player's when he has none).
async fn ratings(store: &Store, ids: &[Uuid], pool: &str) -> Vec<Option<Rating>> {
    let mut v = Vec::new();
    for id in ids {
        let rows = store.ratings_of(PlayerId(*id)).await.unwrap();
        v.push(rows.into_iter().find(|r| r.pool == pool).map(|r| r.rating));
    }
    v
}

async fn wait_for_end(store: &Store, game: &str) {
    let id = game.parse().unwrap();
    for _ in 0..250 {
        if store.game(id).await.unwrap().unwrap().end.is_some() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("game {game} never ended");
}

/// What `rate` says for players starting from `before` (new players where `None`).
fn expected(before: &[Option<Rating>], finish: Finish) -> [Option<Rating>; 4] {
    let players: [Participant; 4] = std::array::from_fn(|i| Participant {
        rating: before[i].unwrap_or_default(),
        idle_periods: 0,
        fixed: false,
    });
    rate(&players, finish)
}

/// Plays a recorded game (moves, resignations, claims) through four clients at a rated table.
async fn rated_game(
    server: &TestServer,
    sessions: &[String],
    rules: &str,
    setup: &str,
    file: &str,
) -> String {
    let create = ClientMsg::CreateTable(NewTable {
        setup: Some(msg::text(setup)),
        rated: true,
        ..NewTable::of(rules)
    });
    let (game, mut clients, _) = four_at(server, create, sessions).await;
    support::replay_records(&mut clients, &game, &support::data(file)).await;
    clients[0]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    wait_for_end(&server.app.store, &game).await;
    game
}

async fn rated_teams_and_ffa_games(store: Store) {
    let server = TestServer::start(Config::for_tests(), store.clone()).await;
    let tag = format!("r{}", &Uuid::now_v7().simple().to_string()[24..]);
    let (ids, sessions) = accounts(&server, &tag).await;
    // Teams, twice: Blue and Green win (0-1) each time; the second game starts from the first's.
    for round in 0..2 {
        let before = ratings(&store, &ids, "teams-blitz").await;
        assert_eq!(before.iter().all(Option::is_none), round == 0);
        let game = rated_game(&server, &sessions, "teams", "4PCo", TEAMS_GAME).await;
        let after = ratings(&store, &ids, "teams-blitz").await;
        let want = expected(&before, Finish::Sides(Some(1)));
        for i in 0..4 {
            assert_eq!(after[i], want[i], "round {round}, seat {i}");
        }
        assert!(after[1].unwrap().rating > after[0].unwrap().rating);
        let changes = store
            .game_rating_changes(game.parse().unwrap())
            .await
            .unwrap();
        assert_eq!(changes.len(), 4, "one change per player");
        // The PGN4 carries the ratings before the game.
        let pgn = store
            .game(game.parse().unwrap())
            .await
            .unwrap()
            .unwrap()
            .end
            .unwrap()
            .pgn4;
        let elo = before[0].unwrap_or_default().rating.round() as i64;
        assert!(pgn.contains(&format!("[RedElo \"{elo}\"]")), "{pgn}");
    }
    // FFA: rated by placing (Red 1st, Yellow 2nd, Green 3rd, Blue 4th) in its own pool.
    let before = ratings(&store, &ids, "ffa-blitz").await;
    rated_game(&server, &sessions, "ffa", "4PC", FFA_GAME).await;
    let after = ratings(&store, &ids, "ffa-blitz").await;
    let want = expected(&before, Finish::Placings([1, 4, 2, 3]));
    assert_eq!(after.to_vec(), want.to_vec());
    assert!(after[0].unwrap().rating > after[2].unwrap().rating);
    assert!(after[2].unwrap().rating > after[3].unwrap().rating);
    assert!(after[3].unwrap().rating > after[1].unwrap().rating);
    // The profile shows the pools, the history and the record.
    let url = format!("http://{}/api/players/{tag}-s", server.addr);
    let body = http_get(&url).await;
    let p: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(p["ratings"].as_array().unwrap().len(), 2, "{p}");
    assert_eq!(p["history"].as_array().unwrap().len(), 3);
    assert_eq!(p["record"]["teams"]["lost"], 2);
    assert_eq!(p["record"]["ffa"]["placings"], json!([1, 0, 0, 0]));
    server.stop().await;
}

/// A bare HTTP/1.1 GET (no client library needed for one request).
async fn http_get(url: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_once('/').unwrap();
    let mut s = tokio::net::TcpStream::connect(host).await.unwrap();
    let req = format!("GET /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = String::new();
    s.read_to_string(&mut buf).await.unwrap();
    let (head, body) = buf.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    body.to_string()
}

async fn an_abort_changes_only_the_aborter(store: Store) {
    let server = TestServer::start(Config::for_tests(), store.clone()).await;
    let (ids, sessions) = accounts(
        &server,
        &format!("a{}", &Uuid::now_v7().simple().to_string()[24..]),
    )
    .await;
    let create = ClientMsg::CreateTable(NewTable {
        rated: true,
        ..NewTable::of("teams")
    });
    let (game, mut c, _) = four_at(&server, create, &sessions).await;
    play(&mut c, &game, 0, "h2-h3").await;
    c[1].send(msg::resign(&game, SeatName::W)).await;
    let over = c[0].expect(|m| m["event"]["kind"] == "over").await;
    assert_eq!(over["event"]["result"], "aborted");
    wait_for_end(&store, &game).await;
    let after = ratings(&store, &ids, "teams-blitz").await;
    assert_eq!(after[0], None);
    assert_eq!(after[2], None);
    assert_eq!(after[3], None);
    let blue = after[1].expect("the aborter's rating");
    assert_eq!(blue.rating, 1500.0 - fourhand_rating::abort::penalty(0));
    assert_eq!(blue.rd, Rating::default().rd, "a penalty, not a game");
    let changes = store
        .game_rating_changes(game.parse().unwrap())
        .await
        .unwrap();
    assert_eq!(changes.len(), 1);
    assert_eq!(
        (changes[0].player, changes[0].kind.as_str()),
        (ids[1], "abort")
    );
    server.stop().await;
}

/// The server dies after storing a game's mating move and before its result: the store holds
/// every action and no result. When the server comes back, the game ends and is rated once.
async fn a_crash_between_result_and_rating(store: Store) {
    let tag = format!("c{}", &Uuid::now_v7().simple().to_string()[24..]);
    let probe = TestServer::start(Config::for_tests(), store.clone()).await;
    let (ids, _) = accounts(&probe, &tag).await;
    probe.stop().await;
    let rules = RuleSet::get(fourhand_rules::Variant::Teams);
    let id = Uuid::now_v7();
    let new = NewGame {
        id,
        rules: "teams".into(),
        start_fen4: fen4::write(&Position::start(rules, "4PCo".parse::<Setup>().unwrap())),
        time: fourhand_protocol::TimeControl::DEFAULT,
        seed: 1,
        seats: (0..4)
            .map(|i| StoredSeat {
                name: format!("{tag}-{i}"),
                player: Some(ids[i]),
                bot: None,
                token_hash: Some(format!("{i:064}")),
            })
            .collect(),
        table_chat: true,
        berserk: false,
        rated: true,
        imported: false,
        created_ms: 1,
    };
    store.create_game(&new).await.unwrap();
    for (ply, (seat, mv)) in moves_of(TEAMS_GAME).into_iter().enumerate() {
        let a = StoredAction {
            ply: ply as i64 + 1,
            action: ActionRecord::Move {
                seat: seat as u8,
                mv,
            },
            clocks: [60_000; 4],
            at_ms: 2,
        };
        store.append_action(GameId(id), &a).await.unwrap();
    }
    assert!(store.game(GameId(id)).await.unwrap().unwrap().end.is_none());
    // Up again: the restored game is over at once and is rated.
    let server = TestServer::start(Config::for_tests(), store.clone()).await;
    wait_for_end(&store, &id.to_string()).await;
    let want = expected(&[None; 4], Finish::Sides(Some(1)));
    assert_eq!(
        ratings(&store, &ids, "teams-blitz").await.to_vec(),
        want.to_vec()
    );
    server.stop().await;
    // And again: nothing is live, nothing is rated twice; ending it again writes nothing.
    let server = TestServer::start(Config::for_tests(), store.clone()).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(
        ratings(&store, &ids, "teams-blitz").await.to_vec(),
        want.to_vec()
    );
    assert_eq!(
        store.game_rating_changes(GameId(id)).await.unwrap().len(),
        4
    );
    let end = store.game(GameId(id)).await.unwrap().unwrap().end.unwrap();
    assert!(!store.finish_game(GameId(id), &end, None).await.unwrap());
    assert_eq!(
        ratings(&store, &ids, "teams-blitz").await.to_vec(),
        want.to_vec()
    );
    server.stop().await;
}

async fn sqlite() -> Store {
    Store::connect(&support::sqlite_url()).await.unwrap()
}

async fn postgres() -> Option<Store> {
    let url = support::postgres_url().await?;
    Some(Store::connect(&url).await.unwrap())
}

#[tokio::test]
async fn rated_teams_and_ffa_games_on_sqlite() {
    if !support::has_data() {
        return;
    }
    rated_teams_and_ffa_games(sqlite().await).await;
}

#[tokio::test]
async fn rated_teams_and_ffa_games_on_postgres() {
    if !support::has_data() {
        return;
    }
    if let Some(s) = postgres().await {
        rated_teams_and_ffa_games(s).await;
    }
}

#[tokio::test]
async fn an_abort_changes_only_the_aborter_on_sqlite() {
    an_abort_changes_only_the_aborter(sqlite().await).await;
}

#[tokio::test]
async fn an_abort_changes_only_the_aborter_on_postgres() {
    if let Some(s) = postgres().await {
        an_abort_changes_only_the_aborter(s).await;
    }
}

#[tokio::test]
async fn a_crash_between_result_and_rating_on_sqlite() {
    if !support::has_data() {
        return;
    }
    a_crash_between_result_and_rating(sqlite().await).await;
}

#[tokio::test]
async fn a_crash_between_result_and_rating_on_postgres() {
    if !support::has_data() {
        return;
    }
    if let Some(s) = postgres().await {
        a_crash_between_result_and_rating(s).await;
    }
}

#[tokio::test]
async fn guests_play_casual_only_and_rated_tables_take_bots_only_when_they_allow_it() {
    let server = TestServer::memory().await;
    let mut guest = support::Client::connect(server.addr, &server.session("g").await).await;
    guest
        .send(ClientMsg::CreateTable(NewTable {
            rated: true,
            ..NewTable::of("teams")
        }))
        .await;
    assert_eq!(guest.error().await["code"], "account_required");
    guest
        .send(ClientMsg::QuickPair {
            rules: "ffa".into(),
            time: None,
            rated: true,
        })
        .await;
    assert_eq!(guest.error().await["code"], "account_required");
    let (_, session) = account(&server, "member").await;
    let mut m = support::Client::connect(server.addr, &session).await;
    for (rated_bots, ok) in [(false, false), (true, true)] {
        m.send(ClientMsg::CreateTable(NewTable {
            rated: true,
            rated_bots,
            ..NewTable::of("teams")
        }))
        .await;
        let t = m.expect(|x| x["type"] == "table").await["table"].clone();
        assert_eq!(t["rated_bots"], rated_bots);
        m.send(msg::sit(&t["id"], SeatName::S)).await;
        m.expect(|x| x["type"] == "seated").await;
        m.send(ClientMsg::AddBot {
            table: msg::table(&t["id"]),
            seat: SeatName::W,
            level: Some("engine1".into()),
        })
        .await;
        if ok {
            // The seat is taken now.
            m.send(ClientMsg::AddBot {
                table: msg::table(&t["id"]),
                seat: SeatName::W,
                level: None,
            })
            .await;
            assert_eq!(m.error().await["code"], "seat_taken");
        } else {
            assert_eq!(m.error().await["code"], "bots_not_allowed");
            // One account, one seat of a rated game.
            m.send(msg::sit(&t["id"], SeatName::N)).await;
            let e = m.error().await;
            assert_eq!(e["message"], "in a rated game a player takes one seat");
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn frequent_aborters_wait_for_quick_pairing() {
    let server = TestServer::memory().await;
    let (_, quitter) = account(&server, "quitter").await;
    for round in 0..3 {
        let mut sessions = vec![
            server.session("a").await,
            quitter.clone(),
            server.session("b").await,
            server.session("c").await,
        ];
        sessions[0] = server.session(&format!("r{round}")).await;
        west_aborts(&server, NewTable::of("teams"), &sessions).await;
        let mut q = support::Client::connect(server.addr, &quitter).await;
        q.send(ClientMsg::QuickPair {
            rules: "teams".into(),
            time: None,
            rated: false,
        })
        .await;
        if round < 2 {
            q.expect(|m| m["type"] == "queued").await;
            q.send(ClientMsg::CancelPair).await;
        } else {
            let e = q.error().await;
            assert_eq!(e["code"], "pairing_closed", "{e}");
            assert!(e["message"].as_str().unwrap().contains("15 min"), "{e}");
        }
    }
    server.stop().await;
}

/// A game of `table` for `sessions` (S, W, N, E) in which Red moves and Blue resigns before his
/// first move — aborted on Blue's account —, waited for until its end is stored.
async fn west_aborts(server: &TestServer, table: NewTable, sessions: &[String]) {
    let (game, mut c, _) = four_at(server, ClientMsg::CreateTable(table), sessions).await;
    play(&mut c, &game, 0, "h2-h3").await;
    c[1].send(msg::resign(&game, SeatName::W)).await;
    c[0].expect(|m| m["event"]["kind"] == "over").await;
    wait_for_end(&server.app.store, &game).await;
}

/// The stored record of the game whose id a client was told.
async fn stored_game(server: &TestServer, game: &str) -> fourhand_server::store::StoredGame {
    server
        .app
        .store
        .game(game.parse().unwrap())
        .await
        .unwrap()
        .expect("the game is stored")
}

#[tokio::test]
async fn four_accounts_in_rated_quick_pairing_get_a_rated_game() {
    let server = TestServer::memory().await;
    let mut clients = Vec::new();
    for i in 0..4 {
        let (_, s) = account(&server, &format!("pair{i}")).await;
        let mut c = support::Client::connect(server.addr, &s).await;
        c.send(ClientMsg::QuickPair {
            rules: "teams".into(),
            time: None,
            rated: true,
        })
        .await;
        c.expect(|m| m["type"] == "queued").await;
        clients.push(c);
    }
    let mut game = String::new();
    for c in clients.iter_mut() {
        c.expect(|m| m["type"] == "seated").await;
        game = c.expect(|m| m["type"] == "game_started").await["game"]
            .as_str()
            .unwrap()
            .to_string();
    }
    let stored = stored_game(&server, &game).await;
    assert!(stored.game.rated);
    assert!(stored.game.seats.iter().all(|s| s.bot.is_none()));
    server.stop().await;
}

#[tokio::test]
async fn rated_quick_pairing_never_seats_a_bot_and_offers_an_unrated_game_against_bots() {
    let mut config = Config::for_tests();
    config.pair_wait_secs = 1;
    let server = TestServer::start(config, Store::memory()).await;
    let (_, s) = account(&server, "alone").await;
    let mut c = support::Client::connect(server.addr, &s).await;
    // Asking for bots before queueing changes nothing.
    c.send(ClientMsg::FillWithBots).await;
    let e = c.expect(|m| m["type"] == "error").await;
    assert_eq!(e["code"], "not_queued", "{e}");
    c.send(ClientMsg::QuickPair {
        rules: "teams".into(),
        time: None,
        rated: true,
    })
    .await;
    let q = c.expect(|m| m["type"] == "queued").await;
    assert_eq!(
        (&q["waiting"], &q["rated"], &q["bots_offered"]),
        (&json!(1), &json!(true), &json!(false)),
        "{q}"
    );
    // The wait runs out: bots are offered — and nothing was seated before the offer came.
    let offer = c
        .expect(|m| m["type"] == "queued" && m["bots_offered"] == true)
        .await;
    assert!(offer["waited_ms"].as_u64().unwrap() >= 1000, "{offer}");
    assert!(
        c.seen.iter().all(|m| m["type"] != "seated"),
        "a rated queue seated someone by itself: {:?}",
        c.seen
    );
    // He takes it: an unrated game, him and three quick engines.
    c.send(ClientMsg::FillWithBots).await;
    c.expect(|m| m["type"] == "seated").await;
    let game = c.expect(|m| m["type"] == "game_started").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    let stored = stored_game(&server, &game).await;
    assert!(
        !stored.game.rated,
        "a game against bots from pairing is never rated"
    );
    let bots: Vec<_> = stored
        .game
        .seats
        .iter()
        .filter_map(|s| s.bot.clone())
        .collect();
    assert_eq!(bots, vec!["engine1"; 3]);
    // He left the queue with it.
    c.send(ClientMsg::FillWithBots).await;
    let e = c.expect(|m| m["type"] == "error").await;
    assert_eq!(e["code"], "not_queued", "{e}");
    server.stop().await;
}

/// A game of `rules` each for himself to its end, chosen here (a king first, captures next, a
/// fixed sequence otherwise; the first seed whose placings are not all equal), as PGN4.
fn a_placed_game(rules: RuleSet) -> (String, [u8; 4]) {
    use fourhand_rules::game::Game;
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    loop {
        let mut g = Game::new(rules);
        while !g.is_over() {
            let seat = g.to_move().unwrap();
            let m = support::capture_first(&g, &mut x).expect("a move");
            g.play(seat, m).unwrap();
        }
        let placings = g.placings().0;
        if placings.iter().any(|&p| p != placings[0]) {
            return (pgn4::write(&g, &Default::default()), placings);
        }
    }
}

/// Four accounts play a rated game of `name` (replaying [`a_placed_game`]): it counts in the
/// `<name>-blitz` pool by placings, and nothing in FFA's.
async fn a_rated_placed_game_counts_in_its_own_pool(name: &str, rules: RuleSet) {
    let store = sqlite().await;
    let server = TestServer::fast(store.clone()).await;
    let tag = format!("c{}", &Uuid::now_v7().simple().to_string()[24..]);
    let (ids, sessions) = accounts(&server, &tag).await;
    let (text, placings) = a_placed_game(rules);
    let create = ClientMsg::CreateTable(NewTable {
        rated: true,
        ..NewTable::of(name)
    });
    let (game, mut clients, _) = four_at(&server, create, &sessions).await;
    support::replay_records(&mut clients, &game, &text).await;
    clients[0]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    wait_for_end(&store, &game).await;
    let after = ratings(&store, &ids, &format!("{name}-blitz")).await;
    let want = expected(&[None; 4], Finish::Placings(placings));
    assert_eq!(after.to_vec(), want.to_vec(), "{text}");
    // Nothing in the FFA pool: the game is rated separately.
    assert!(ratings(&store, &ids, "ffa-blitz")
        .await
        .iter()
        .all(Option::is_none));
    server.stop().await;
}

#[tokio::test]
async fn a_rated_chaturaji_game_counts_in_its_own_pool() {
    a_rated_placed_game_counts_in_its_own_pool("chaturaji", RuleSet::CHATURAJI).await;
}

#[tokio::test]
async fn a_rated_conquest_game_counts_in_its_own_pool() {
    a_rated_placed_game_counts_in_its_own_pool("conquest", RuleSet::CONQUEST).await;
}

#[tokio::test]
async fn a_rated_game_with_partners_side_by_side_counts_in_its_family_pool() {
    let store = sqlite().await;
    let server = TestServer::start(Config::for_tests(), store.clone()).await;
    let tag = format!("t{}", &Uuid::now_v7().simple().to_string()[24..]);
    let (ids, sessions) = accounts(&server, &tag).await;
    // Red with Blue against Yellow with Green; after a move each, Yellow resigns.
    let create = ClientMsg::CreateTable(NewTable {
        rated: true,
        ..NewTable::of("teams Teammate=1")
    });
    let (game, mut clients, _) = four_at(&server, create, &sessions).await;
    for (i, mv) in ["h2-h3", "b7-c7", "g13-g12", "m8-l8"].iter().enumerate() {
        support::play(&mut clients, &game, i, mv).await;
    }
    clients[2].send(msg::resign(&game, SeatName::N)).await;
    clients[0]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    wait_for_end(&store, &game).await;
    let after = ratings(&store, &ids, "teams+Teammate=1-blitz").await;
    let want = expected(
        &[None; 4],
        Finish::SidesOf {
            winner: Some(0),
            side: [0, 0, 1, 1],
        },
    );
    assert_eq!(after.to_vec(), want.to_vec());
    let start = Rating::default().rating;
    assert!(after[0].unwrap().rating > start && after[1].unwrap().rating > start);
    assert!(after[2].unwrap().rating < start && after[3].unwrap().rating < start);
    // Rated apart from plain Teams.
    assert!(ratings(&store, &ids, "teams-blitz")
        .await
        .iter()
        .all(Option::is_none));
    server.stop().await;
}

#[tokio::test]
async fn a_rated_three_player_conquest_game_rates_the_three_among_themselves() {
    let store = sqlite().await;
    let server = TestServer::start(Config::for_tests(), store.clone()).await;
    let tag = format!("h{}", &Uuid::now_v7().simple().to_string()[24..]);
    let (ids, sessions) = accounts(&server, &tag).await;
    let create = ClientMsg::CreateTable(NewTable {
        rated: true,
        ..NewTable::of("conquest Players=3")
    });
    let (game, mut c, _) = four_at(&server, create, &sessions[..3]).await;
    // Three rounds (past the abort window), then Blue and Yellow resign: Blue third, Yellow
    // second, Red first.
    for round in [
        ["h2-h3", "b7-c7", "g13-g12"],
        ["i2-i3", "b9-c9", "d13-d12"],
        ["e2-e3", "b10-c10", "e13-e12"],
    ] {
        for (i, mv) in round.iter().enumerate() {
            support::play(&mut c, &game, i, mv).await;
        }
    }
    // Each resigns on his own turn (seen by all before the next acts).
    support::play(&mut c, &game, 0, "j2-j3").await;
    c[1].send(msg::resign(&game, SeatName::W)).await;
    c[2].expect(|m| {
        m["type"] == "event" && m["event"]["kind"] == "status" && m["event"]["seat"] == "W"
    })
    .await;
    c[2].send(msg::resign(&game, SeatName::N)).await;
    c[0].expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    wait_for_end(&store, &game).await;
    let after = ratings(&store, &ids, "conquest+Players=3-blitz").await;
    let want = expected(&[None; 4], Finish::Placings([1, 3, 2, 0]));
    assert_eq!(after[..3], want[..3]);
    assert_eq!(after[3], None, "no one sat East");
    let start = Rating::default().rating;
    assert!(after[0].unwrap().rating > start && after[1].unwrap().rating < start);
    server.stop().await;
}

#[tokio::test]
async fn aborting_rated_games_brings_a_playban_from_rated_play_alone() {
    let server = TestServer::memory().await;
    let (_, quitter) = account(&server, "rated_quitter").await;
    for round in 0..3 {
        let mut sessions = vec![quitter.clone()];
        for k in 0..3 {
            sessions.push(account(&server, &format!("p{round}{k}")).await.1);
        }
        sessions.swap(0, 1);
        let rated = NewTable {
            rated: true,
            ..NewTable::of("teams")
        };
        west_aborts(&server, rated, &sessions).await;
        let mut q = support::Client::connect(server.addr, &quitter).await;
        q.send(ClientMsg::QuickPair {
            rules: "teams".into(),
            time: None,
            rated: true,
        })
        .await;
        if round < 2 {
            q.expect(|m| m["type"] == "queued").await;
            q.send(ClientMsg::CancelPair).await;
        } else {
            // The third bad game of his last twenty: 15 minutes before a rated game.
            let e = q.error().await;
            assert_eq!(e["code"], "playban", "{e}");
            assert!(e["message"].as_str().unwrap().contains("15 min"), "{e}");
            // A rated table is refused too; an unrated one is not.
            q.send(ClientMsg::CreateTable(NewTable {
                rated: true,
                ..NewTable::of("ffa")
            }))
            .await;
            assert_eq!(q.error().await["code"], "playban");
            q.send(ClientMsg::CreateTable(NewTable::of("ffa"))).await;
            q.expect(|m| m["type"] == "table").await;
        }
    }
    // The conduct kept: three aborts, newest first; the others' games were not games.
    let id = fourhand_protocol::PlayerId(
        server
            .app
            .store
            .user_by_name("rated_quitter")
            .await
            .unwrap()
            .unwrap()
            .id,
    );
    let conduct = server.app.store.latest_conduct(id, 20).await.unwrap();
    assert_eq!(conduct, vec![fourhand_rating::playban::Conduct::Aborted; 3]);
    server.stop().await;
}
