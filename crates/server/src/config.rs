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
    /// Directory of the web client served at `/`.
    #[arg(long, env = "FOURHAND_WEB_DIR", default_value = "./web")]
    pub web_dir: PathBuf,
    /// Seconds a disconnected player has to reconnect before forfeiting.
    #[arg(long, env = "FOURHAND_RECONNECT_SECS", default_value_t = 60)]
    pub reconnect_secs: u64,
    /// Seconds after the start by which all four players must have connected.
    #[arg(long, env = "FOURHAND_START_SECS", default_value_t = 30)]
    pub start_secs: u64,
    /// Seconds quick pairing waits before filling seats with bots.
    #[arg(long, env = "FOURHAND_PAIR_WAIT_SECS", default_value_t = 20)]
    pub pair_wait_secs: u64,
    /// Milliseconds a bot waits before it moves.
    #[arg(long, env = "FOURHAND_BOT_DELAY_MS", default_value_t = 400)]
    pub bot_delay_ms: u64,
    /// Messages per second a connection may send (twice that in a burst).
    #[arg(long, env = "FOURHAND_RATE_LIMIT", default_value_t = 30)]
    pub rate_limit: u32,
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

    /// Defaults for tests: port 0 on loopback, memory store unless a URL is given.
    pub fn for_tests() -> Config {
        Config {
            listen: "127.0.0.1:0".parse().expect("address"),
            database_url: None,
            data_dir: std::env::temp_dir(),
            web_dir: PathBuf::from("web"),
            reconnect_secs: 60,
            start_secs: 30,
            pair_wait_secs: 20,
            bot_delay_ms: 0,
            rate_limit: 30,
            log_json: false,
        }
    }
}
