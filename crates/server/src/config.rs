//! Settings: every one has a command-line flag and an environment variable.

use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Server settings (`fourhand serve --help`).
#[derive(Args, Clone, Debug)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "FOURHAND_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Database URL: `sqlite://…` or `postgres://…`. Default: SQLite in the data directory.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
    /// Directory for the default SQLite database.
    #[arg(long, env = "FOURHAND_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// Serve the web client from this directory instead of the copy built into the binary
    /// (for working on the client: `--web-dir web`).
    #[arg(long, env = "FOURHAND_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
    /// Seconds a disconnected player has to reconnect before forfeiting.
    #[arg(long, env = "FOURHAND_RECONNECT_SECS", default_value_t = 60)]
    pub reconnect_secs: u64,
    /// Seconds after the start by which all four players must have connected.
    #[arg(long, env = "FOURHAND_START_SECS", default_value_t = 30)]
    pub start_secs: u64,
    /// Seconds a quick-pairing waiter waits before he is offered an unrated game against bots.
    #[arg(long, env = "FOURHAND_PAIR_WAIT_SECS", default_value_t = 20)]
    pub pair_wait_secs: u64,
    /// Milliseconds a bot waits before it moves.
    #[arg(long, env = "FOURHAND_BOT_DELAY_MS", default_value_t = 400)]
    pub bot_delay_ms: u64,
    /// Messages per second a connection may send (twice that in a burst).
    #[arg(long, env = "FOURHAND_RATE_LIMIT", default_value_t = 30)]
    pub rate_limit: u32,
    /// Seconds a connection has to send a request's headers (and so to start a WebSocket);
    /// an idle keep-alive connection is closed after as long.
    #[arg(long, env = "FOURHAND_HEADER_TIMEOUT_SECS", default_value_t = 10)]
    pub header_timeout_secs: u64,
    /// Seconds between the server's pings on a WebSocket; one that sends nothing (not even a
    /// pong) for two of them is closed (1001).
    #[arg(long, env = "FOURHAND_WS_PING_SECS", default_value_t = 20)]
    pub ws_ping_secs: u64,
    /// Open WebSocket connections at most; more are closed at once with 1013 (0: no cap).
    #[arg(long, env = "FOURHAND_MAX_CONNECTIONS", default_value_t = 20_000)]
    pub max_connections: usize,
    /// Open WebSocket connections from one address at most (1013 beyond; 0: no cap).
    #[arg(long, env = "FOURHAND_MAX_CONNECTIONS_PER_IP", default_value_t = 64)]
    pub max_connections_per_ip: usize,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a reverse
    /// proxy that sets it); otherwise the TCP peer's address counts.
    #[arg(long, env = "FOURHAND_TRUST_PROXY", default_value_t = false)]
    pub trust_proxy: bool,
    /// Guest sessions one address may take a minute (0: no limit).
    #[arg(long, env = "FOURHAND_GUESTS_PER_MINUTE", default_value_t = 30)]
    pub guests_per_minute: u32,
    /// Accounts one address may register a minute (0: no limit).
    #[arg(long, env = "FOURHAND_REGISTERS_PER_MINUTE", default_value_t = 5)]
    pub registers_per_minute: u32,
    /// Login attempts one address may make a minute (0: no limit).
    #[arg(long, env = "FOURHAND_LOGINS_PER_MINUTE", default_value_t = 10)]
    pub logins_per_minute: u32,
    /// Games one address may import a minute (0: no limit).
    #[arg(long, env = "FOURHAND_IMPORTS_PER_MINUTE", default_value_t = 10)]
    pub imports_per_minute: u32,
    /// Days a session lasts when unused; every use renews it.
    #[arg(long, env = "FOURHAND_SESSION_DAYS", default_value_t = 30)]
    pub session_days: u64,
    /// Threads bots think on (0: one per core). Every game's bots share them.
    #[arg(long, env = "FOURHAND_BOT_THREADS", default_value_t = 0)]
    pub bot_threads: usize,
    /// Threads the analysis board's engine lines and game reviews are searched on, apart from
    /// the bots' (at least one).
    #[arg(long, env = "FOURHAND_ANALYSIS_WORKERS", default_value_t = 1)]
    pub analysis_workers: usize,
    /// Engine-line requests an account may make a minute (guests: a third).
    #[arg(long, env = "FOURHAND_ANALYSES_PER_MINUTE", default_value_t = 30)]
    pub analyses_per_minute: u32,
    /// Game reviews an account may ask for a minute (guests: a third, at least one); one of
    /// one's own waits or runs at a time.
    #[arg(long, env = "FOURHAND_REVIEWS_PER_MINUTE", default_value_t = 3)]
    pub reviews_per_minute: u32,
    /// Games with engine bots (engine1–3) one player may have at once, open tables included.
    #[arg(
        long,
        env = "FOURHAND_MAX_ENGINE_GAMES_PER_PLAYER",
        default_value_t = 2
    )]
    pub max_engine_games_per_player: usize,
    /// Games with engine bots the server runs at once, open tables included (quick pairing's
    /// bots are not refused: they fill seats of people waiting).
    #[arg(long, env = "FOURHAND_MAX_ENGINE_GAMES", default_value_t = 64)]
    pub max_engine_games: usize,
    /// Pages allowed to open WebSockets, by their `Origin` (comma-separated, e.g.
    /// `https://chess.example.org`); when set, an upgrade from another origin, or without
    /// one, is refused with 403. Unset: any origin.
    #[arg(long, env = "FOURHAND_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,
    /// Accounts that are moderators (comma-separated names): they see reports, mute, ban,
    /// close tables, abort games, and make and cancel tournaments.
    #[arg(long, env = "FOURHAND_ADMINS", value_delimiter = ',')]
    pub admins: Vec<String>,
    /// Recurring arenas (entries separated by `;`): `<hourly :MM | daily HH:MM> <rules>
    /// <time> <minutes>m [rated] <name>`, e.g. `hourly :00 ffa 1+15d 55m Hourly FFA`
    /// (rule options joined by `+`; times in UTC). Each is made an hour before it starts.
    #[arg(long = "schedule", env = "FOURHAND_SCHEDULES", value_delimiter = ';')]
    pub schedules: Vec<String>,
    /// NATS server of a cluster (e.g. `nats://127.0.0.1:4222`): this node then shares games,
    /// tables and pairing with the other nodes on the same NATS and Postgres (a Postgres
    /// `--database-url` is required). Unset: a single server.
    #[arg(long, env = "FOURHAND_NATS_URL")]
    pub nats_url: Option<String>,
    /// This node's name in a cluster (letters, digits, `-`, `_`). Default: a random one, logged
    /// at start.
    #[arg(long, env = "FOURHAND_NODE_ID")]
    pub node_id: Option<String>,
    /// The address clients reach this node (or the cluster's load balancer) at, e.g.
    /// `https://chess.example.org`; reported by `/healthz`.
    #[arg(long, env = "FOURHAND_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Log as JSON lines instead of text.
    #[arg(long, env = "FOURHAND_LOG_JSON", default_value_t = false)]
    pub log_json: bool,
}

impl Config {
    /// The database URL in force.
    pub fn database(&self) -> String {
        match &self.database_url {
            Some(u) => u.clone(),
            None => format!("sqlite://{}", self.data_dir.join("fourhand.db").display()),
        }
    }

    /// This node's id: `--node-id` if valid, else a random one; an invalid one is an error.
    pub fn node(&self) -> Result<crate::bus::NodeId, String> {
        match &self.node_id {
            None => Ok(crate::bus::NodeId::random()),
            Some(n) => {
                let ok = !n.is_empty()
                    && n.len() <= 64
                    && n.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
                if ok {
                    Ok(crate::bus::NodeId(n.as_str().into()))
                } else {
                    Err(format!(
                        "--node-id {n:?}: use up to 64 letters, digits, '-' and '_'"
                    ))
                }
            }
        }
    }

    /// Defaults for tests: port 0 on loopback, memory store unless a URL is given.
    pub fn for_tests() -> Config {
        Config {
            listen: "127.0.0.1:0".parse().expect("address"),
            database_url: None,
            data_dir: std::env::temp_dir(),
            web_dir: None,
            reconnect_secs: 60,
            start_secs: 30,
            pair_wait_secs: 20,
            bot_delay_ms: 0,
            rate_limit: 30,
            header_timeout_secs: 10,
            ws_ping_secs: 20,
            max_connections: 0,
            max_connections_per_ip: 0,
            trust_proxy: false,
            bot_threads: 2,
            analysis_workers: 1,
            analyses_per_minute: 30,
            reviews_per_minute: 3,
            session_days: 30,
            allowed_origins: Vec::new(),
            admins: Vec::new(),
            schedules: Vec::new(),
            guests_per_minute: 0,
            registers_per_minute: 0,
            logins_per_minute: 0,
            imports_per_minute: 0,
            max_engine_games_per_player: 2,
            max_engine_games: 64,
            log_json: false,
            nats_url: None,
            node_id: None,
            public_url: None,
        }
    }
}
