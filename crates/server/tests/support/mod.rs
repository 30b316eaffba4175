//! A real server on port 0 and WebSocket clients for the end-to-end tests.

#![allow(dead_code)]

pub mod arena;
pub mod cluster;
pub mod msg;
pub mod ports;

use fourhand_protocol::{ClientMsg, NewTable, SeatName, TimeControl};
use fourhand_server::identity::Player;
use fourhand_server::store::Store;
use fourhand_server::{App, Config};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use uuid::Uuid;

/// A server running in this process.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its state.
    pub app: App,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

impl TestServer {
    /// Starts a server with `config` on `store`.
    pub async fn start(config: Config, store: Store) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = fourhand_server::state(config, store).await.unwrap();
        let (tx, rx) = oneshot::channel::<()>();
        let app2 = app.clone();
        let task = tokio::spawn(async move {
            fourhand_server::serve(app2, listener, async {
                let _ = rx.await;
            })
            .await
            .unwrap();
        });
        TestServer {
            addr,
            app,
            stop: Some(tx),
            task,
        }
    }

    /// A server on the memory store with test settings.
    pub async fn memory() -> TestServer {
        TestServer::start(Config::for_tests(), Store::memory()).await
    }

    /// A server on `store` with test settings that takes moves at machine speed (a whole game
    /// played by a test sends more messages a second than a person does).
    pub async fn fast(store: Store) -> TestServer {
        let mut config = Config::for_tests();
        config.rate_limit = 10_000;
        TestServer::start(config, store).await
    }

    /// Stops it gracefully and waits.
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = tokio::time::timeout(Duration::from_secs(10), self.task).await;
    }

    /// A guest session token (a stored session, as `POST /api/guest` opens).
    pub async fn session(&self, name: &str) -> String {
        let p = Player {
            id: Uuid::now_v7(),
            name: name.into(),
            registered: false,
        };
        self.open_session(&p).await
    }

    /// A stored session for `p`.
    pub async fn open_session(&self, p: &Player) -> String {
        let now = fourhand_server::time::epoch_ms();
        fourhand_server::identity::session::open(
            &self.app.store,
            &self.app.sessions,
            p,
            30 * 86_400_000,
            now,
        )
        .await
        .unwrap()
    }

    /// A connected, authenticated client.
    pub async fn client(&self, name: &str) -> Client {
        Client::connect(self.addr, &self.session(name).await).await
    }
}

/// A WebSocket client.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Messages read but not yet consumed.
    pub seen: Vec<Value>,
}

impl Client {
    /// Connects without authenticating.
    pub async fn raw(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("connect");
        Client {
            ws,
            seen: Vec::new(),
        }
    }

    /// Connects with a tiny TCP receive buffer and sends `hello`: a client that stops reading
    /// fills the server's queue for it after a few kilobytes instead of megabytes.
    pub async fn connect_small_buffer(addr: SocketAddr, session: &str) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.set_recv_buffer_size(4096).expect("SO_RCVBUF");
        let stream = socket.connect(addr).await.expect("connect");
        let (ws, _) = tokio_tungstenite::client_async(
            format!("ws://{addr}/ws"),
            MaybeTlsStream::Plain(stream),
        )
        .await
        .expect("upgrade");
        let mut c = Client {
            ws,
            seen: Vec::new(),
        };
        c.send(ClientMsg::Hello {
            session: msg::text(session),
            protocol: 1,
        })
        .await;
        c.expect(|m| m["type"] == "welcome").await;
        c
    }

    /// The WebSocket itself (to read frames without interpreting them).
    pub fn ws_mut(&mut self) -> &mut WebSocketStream<MaybeTlsStream<TcpStream>> {
        &mut self.ws
    }

    /// Gives the socket a normal receive buffer again (a slow reader that starts reading fast).
    pub fn grow_buffer(&self) {
        if let MaybeTlsStream::Plain(tcp) = self.ws.get_ref() {
            socket2::SockRef::from(tcp)
                .set_recv_buffer_size(4 << 20)
                .expect("SO_RCVBUF");
        }
    }

    /// Connects and sends `hello`.
    pub async fn connect(addr: SocketAddr, session: &str) -> Client {
        let mut c = Client::raw(addr).await;
        c.send(ClientMsg::Hello {
            session: msg::text(session),
            protocol: 1,
        })
        .await;
        c.expect(|m| m["type"] == "welcome").await;
        c
    }

    /// Sends a client message.
    pub async fn send(&mut self, m: ClientMsg) {
        let text = serde_json::to_string(&m).expect("a client message serialises");
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("send");
    }

    /// Sends any JSON (for what no typed message can say: a malformed or unknown message).
    pub async fn send_json(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .expect("send");
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, t: &str) {
        self.ws
            .send(Message::Text(t.to_string().into()))
            .await
            .expect("send");
    }

    /// The next message within 10 s (`None` when the socket closed).
    pub async fn next(&mut self) -> Option<Value> {
        self.next_within(10).await
    }

    /// The next message within `secs` seconds (`None` when the socket closed).
    pub async fn next_within(&mut self, secs: u64) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(secs), self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("a message within {secs} s"))?;
            match m {
                Ok(Message::Text(t)) => {
                    let v: Value = serde_json::from_str(&t).expect("server sends JSON");
                    self.seen.push(v.clone());
                    return Some(v);
                }
                Ok(Message::Close(f)) => {
                    let code = f.map(|f| u16::from(f.code)).unwrap_or(0);
                    let v = json!({"type": "_closed", "code": code});
                    self.seen.push(v.clone());
                    return Some(v);
                }
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }

    /// Reads until a message matches.
    pub async fn expect(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next().await.expect("connection open");
            if pred(&m) {
                return m;
            }
            assert!(m["type"] != "_closed", "closed while waiting: {m}");
        }
    }

    /// Every message arriving within `ms`.
    pub async fn drain(&mut self, ms: u64) -> Vec<Value> {
        let mut out = Vec::new();
        let end = tokio::time::Instant::now() + Duration::from_millis(ms);
        while let Ok(Some(Ok(m))) = tokio::time::timeout_at(end, self.ws.next()).await {
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(&t).unwrap();
                self.seen.push(v.clone());
                out.push(v);
            }
        }
        out
    }

    /// The next error message.
    pub async fn error(&mut self) -> Value {
        self.expect(|m| m["type"] == "error").await
    }
}

/// Four clients seated at a new table of `rules` (setup optional), joined to the started game
/// with their seat tokens. Returns the game id and the clients in S, W, N, E order.
pub async fn four_players(
    server: &TestServer,
    rules: &str,
    setup: Option<&str>,
    time: Option<TimeControl>,
) -> (String, Vec<Client>, Vec<String>) {
    let create = ClientMsg::CreateTable(NewTable {
        setup: setup.map(str::to_string),
        time,
        ..NewTable::of(rules)
    });
    let sessions: Vec<String> = ["south", "west", "north", "east"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let mut tokens = Vec::new();
    for n in sessions {
        tokens.push(server.session(&n).await);
    }
    four_at(server, create, &tokens).await
}

/// A table where `c` sits South against three bots of `level`, joined; the game id and South's
/// seat token.
pub async fn against_bots(c: &mut Client, level: &str) -> (String, Value) {
    let g = against_bots_in(c, "teams", level).await;
    (g.game, g.token)
}

/// A game [`against_bots_in`] started: its id, the seat token, the table as the server first
/// sent it, and the snapshot that answered the join.
pub struct BotGame {
    pub game: String,
    pub token: Value,
    pub table: Value,
    pub snapshot: Value,
}

/// Like [`against_bots`], at a new table of `rules`.
pub async fn against_bots_in(c: &mut Client, rules: &str, level: &str) -> BotGame {
    c.send(ClientMsg::CreateTable(NewTable::of(rules))).await;
    let table = c.expect(|m| m["type"] == "table").await["table"].clone();
    let id = table["id"].clone();
    c.send(msg::sit(&id, SeatName::S)).await;
    let token = c.expect(|m| m["type"] == "seated").await["seat_token"].clone();
    for seat in ["W", "N", "E"] {
        c.send(ClientMsg::AddBot {
            table: msg::table(&id),
            seat: msg::seat(seat),
            level: Some(msg::text(level)),
        })
        .await;
    }
    let game = c.expect(|m| m["type"] == "game_started").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    c.send(msg::join(&game, &token)).await;
    let snapshot = c.expect(|m| m["type"] == "snapshot").await;
    BotGame {
        game,
        token,
        table,
        snapshot,
    }
}

/// An account made in the server's store, and a session for it.
pub async fn account(server: &TestServer, name: &str) -> (Uuid, String) {
    let user = fourhand_server::store::User {
        id: Uuid::now_v7(),
        name: name.into(),
        name_key: fourhand_server::identity::names::name_key(name),
        password_hash: "-".into(),
        created_ms: 1,
    };
    server.app.store.create_user(&user).await.unwrap();
    let session = server
        .open_session(&Player {
            id: user.id,
            name: name.into(),
            registered: true,
        })
        .await;
    (user.id, session)
}

/// Clients with these sessions (four, or three for three-player Conquest) seated at the table
/// `create` makes, joined to the started game. Returns the game id, the clients in S, W, N, E
/// order and the seat tokens.
pub async fn four_at(
    server: &TestServer,
    create: ClientMsg,
    sessions: &[String],
) -> (String, Vec<Client>, Vec<String>) {
    let mut clients = Vec::new();
    for s in sessions {
        clients.push(Client::connect(server.addr, s).await);
    }
    clients[0].send(create).await;
    let table = clients[0].expect(|m| m["type"] == "table").await["table"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut tokens = Vec::new();
    // As many seats as there are sessions: four, or South, West and North for three players.
    for (i, seat) in ["S", "W", "N", "E"].iter().enumerate().take(sessions.len()) {
        clients[i].send(msg::sit(&table, msg::seat(seat))).await;
        let m = clients[i].expect(|m| m["type"] == "seated").await;
        tokens.push(m["seat_token"].as_str().unwrap().to_string());
    }
    let mut game = String::new();
    for c in clients.iter_mut() {
        game = c
            .expect(|m| m["type"] == "game_started" && m["table"] == table.as_str())
            .await["game"]
            .as_str()
            .unwrap()
            .to_string();
    }
    for (i, c) in clients.iter_mut().enumerate() {
        c.send(msg::join(&game, &tokens[i])).await;
        c.expect(|m| m["type"] == "snapshot").await;
    }
    (game, clients, tokens)
}

/// Plays every player action of a recorded game (moves, resignations, claims) through the
/// clients seated at `game`, in S, W, N, E order.
pub async fn replay_records(clients: &mut [Client], game: &str, text: &str) {
    use fourhand_rules::game::Action;
    let (_, recorded) = fourhand_rules::notation::pgn4::read(text).unwrap();
    for rec in recorded.records() {
        let i = rec.seat.index();
        let kind = match rec.action {
            Action::Move { mv, zombie: false } => {
                play(clients, game, i, &mv.uci()).await;
                continue;
            }
            Action::Resign => "resign",
            Action::ClaimWin => "claim_win",
            Action::Move { zombie: true, .. }
            | Action::Judged
            | Action::Timeout
            | Action::AutoClaim => continue,
        };
        let (game, seat) = (msg::game(game), msg::seat(letter(i)));
        let m = match kind {
            "resign" => ClientMsg::Resign { game, seat },
            _ => ClientMsg::ClaimWin { game, seat },
        };
        clients[i].send(m).await;
    }
}

/// The seat letter of a seat index.
pub fn letter(i: usize) -> &'static str {
    ["S", "W", "N", "E"][i]
}

/// Plays `mv` (`from-to` or `from-to=Q`) for seat `i` and waits until client `i` sees it made.
pub async fn play(clients: &mut [Client], game: &str, i: usize, mv: &str) {
    let (from, rest) = mv.split_once('-').unwrap();
    let (to, promo) = match rest.split_once('=') {
        Some((t, p)) => (t, Some(p)),
        None => (rest, None),
    };
    let m = ClientMsg::Play {
        game: msg::game(game),
        seat: msg::seat(letter(i)),
        from: msg::square(from),
        to: msg::square(to),
        promotion: promo.map(msg::piece),
    };
    clients[i].send(m).await;
    let m = clients[i]
        .expect(|m| {
            m["type"] == "error"
                || (m["type"] == "event"
                    && m["event"]["kind"] == "moved"
                    && m["event"]["from"] == from
                    && m["event"]["to"] == to
                    && m["event"]["zombie"] == false)
        })
        .await;
    assert_eq!(m["type"], "event", "{mv} by {}: {m}", letter(i));
}

/// The value of an unlabelled metric in the server's `/metrics` text (0 when absent), read with
/// a Prometheus text parser.
pub fn metric(app: &App, name: &str) -> f64 {
    let text = app.metrics.render();
    let scrape = prometheus_parse::Scrape::parse(text.lines().map(|l| Ok(l.to_string())))
        .expect("/metrics parses");
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == name)
        .map(|s| match s.value {
            prometheus_parse::Value::Counter(v)
            | prometheus_parse::Value::Gauge(v)
            | prometheus_parse::Value::Untyped(v) => v,
            _ => 0.0,
        })
        .sum()
}

/// Whether the shared test data is there. Without it (a clone of the project alone) the test
/// is skipped with a visible warning; in CI (`CI` set) its absence fails the test.
pub fn has_data() -> bool {
    let dir = std::env::var("FOURHAND_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
        });
    if dir.is_dir() {
        return true;
    }
    if std::env::var_os("CI").is_some() {
        panic!(
            "the shared test data is required in CI: {} is missing",
            dir.display()
        );
    }
    {
        use std::io::Write;
        // Straight to the terminal: the test harness captures eprintln!.
        let _ = writeln!(
            std::io::stderr(),
            "warning: skipping a test of the shared data: {} not found",
            dir.display()
        );
    }
    false
}

/// The shared data directory.
pub fn data(rel: &str) -> String {
    let dir = std::env::var("FOURHAND_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
        });
    let p = dir.join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A fresh Postgres schema for one test, as a store URL; `None` (with a warning) when Postgres
/// cannot be reached outside CI. In CI (`CI` set) an unreachable Postgres fails the test.
pub async fn postgres_url() -> Option<String> {
    let base = std::env::var("FOURHAND_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string());
    let schema = format!("fh_test_{}", Uuid::now_v7().simple());
    let conn = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .acquire_timeout(Duration::from_secs(5))
        .connect(&base)
        .await;
    let pool = match conn {
        Ok(p) => p,
        Err(e) => {
            if std::env::var_os("CI").is_some() {
                panic!("Postgres is required in CI but {base} is unreachable: {e}");
            }
            {
                use std::io::Write;
                // Straight to the terminal: the test harness captures eprintln!.
                let _ = writeln!(
                    std::io::stderr(),
                    "skipping the Postgres part: {base} is unreachable ({e})"
                );
            }
            return None;
        }
    };
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&pool)
        .await
        .expect("create a test schema");
    drop_old_schemas(&pool).await;
    let sep = if base.contains('?') { '&' } else { '?' };
    Some(format!("{base}{sep}options=-c%20search_path%3D{schema}"))
}

/// A fresh SQLite file URL in a temporary directory.
pub fn sqlite_url() -> String {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(remove_old_sqlite_dirs);
    let dir = std::env::temp_dir().join(format!("fourhand-test-{}", Uuid::now_v7().simple()));
    format!("sqlite://{}", dir.join("test.db").display())
}

/// Removes the SQLite directories of earlier runs: like the Postgres schemas, their names hold a
/// UUID v7 whose first 48 bits are the creation time in milliseconds; those older than an hour go.
fn remove_old_sqlite_dirs() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    let hour_ago = fourhand_server::time::epoch_ms() - 3_600_000;
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(hex) = name.strip_prefix("fourhand-test-") else {
            continue;
        };
        let made = hex.get(..12).and_then(|h| i64::from_str_radix(h, 16).ok());
        if made.is_some_and(|ms| ms < hour_ago) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// Drops the test schemas of earlier runs: their names hold a UUID v7, whose first 48 bits are
/// the creation time in milliseconds; those older than an hour go.
async fn drop_old_schemas(pool: &sqlx::PgPool) {
    let names: Vec<(String,)> =
        sqlx::query_as("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'fh\\_test\\_%'")
            .fetch_all(pool)
            .await
            .unwrap_or_default();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0);
    for (name,) in names {
        let Some(hex) = name.strip_prefix("fh_test_").and_then(|h| h.get(..12)) else {
            continue;
        };
        let Ok(ms) = u64::from_str_radix(hex, 16) else {
            continue;
        };
        if now.saturating_sub(ms) > 3_600_000 {
            let _ = sqlx::query(&format!("DROP SCHEMA IF EXISTS {name} CASCADE"))
                .execute(pool)
                .await;
        }
    }
}

/// The body of a plain HTTP GET of `url` (`http://host:port/path`), over a socket.
pub async fn http_get(url: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.trim_start_matches("http://");
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let mut s = tokio::net::TcpStream::connect(host).await.unwrap();
    let req = format!("GET /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        // Undo the chunking: size line, data, CRLF, … until a zero size.
        let mut rest = body;
        let mut plain = String::new();
        while let Some((size, after)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            plain.push_str(&after[..n]);
            rest = &after[n + 2..];
        }
        return plain;
    }
    body.to_string()
}

/// The move a test game plays next: a capture when there is one (a king first), otherwise any
/// legal move, chosen among equals by the xorshift generator `x` (so a game is the same each
/// run). `None` when the game is over.
pub fn capture_first(g: &fourhand_rules::game::Game, x: &mut u64) -> Option<fourhand_rules::Move> {
    g.to_move()?;
    let moves = g.legal_moves();
    let pos = g.position();
    let value = |m: &fourhand_rules::Move| match pos.captured_by(*m) {
        Some(p) if p.kind == fourhand_rules::Kind::King => 2,
        Some(_) => 1,
        None => 0,
    };
    let best = moves.iter().map(value).max()?;
    let choice: Vec<_> = moves.iter().filter(|m| value(m) == best).collect();
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    Some(*choice[(*x % choice.len() as u64) as usize])
}

/// Calls the HTTP API of `app` through its router with a bearer session; the status and the
/// JSON body.
pub async fn call(
    app: &App,
    method: &str,
    uri: &str,
    bearer: &str,
    body: Value,
) -> (axum::http::StatusCode, Value) {
    request(app, method, uri, None, Some(body), Some(bearer)).await
}

/// Calls the HTTP API of `app` through its router: from `ip` when given (through a trusted
/// proxy), with a JSON body and a bearer session when given; the status and the JSON body.
pub async fn request(
    app: &App,
    method: &str,
    uri: &str,
    ip: Option<&str>,
    body: Option<Value>,
    bearer: Option<&str>,
) -> (axum::http::StatusCode, Value) {
    use tower::ServiceExt;
    let mut req = axum::http::Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json");
    if let Some(ip) = ip {
        req = req.header("x-forwarded-for", ip);
    }
    if let Some(t) = bearer {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let req = req
        .body(
            body.map(|b| axum::body::Body::from(b.to_string()))
                .unwrap_or_else(axum::body::Body::empty),
        )
        .unwrap();
    let r = fourhand_server::app(app.clone())
        .oneshot(req)
        .await
        .unwrap();
    let status = r.status();
    let bytes = axum::body::to_bytes(r.into_body(), 1 << 22).await.unwrap();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}
