//! The application: shared state, the router, and running it with graceful shutdown.

use crate::config::Config;
use crate::game::core::Timing;
use crate::game::registry::{Games, Launcher};
use crate::identity::{random_secret, Sessions};
use crate::lobby::front::LobbyFront;
use crate::lobby::pairing;
use crate::metrics::Metrics;
pub use crate::state::{App, AppState};
use crate::store::Store;
use crate::{http, ws};
use axum::Router;
use fourhand_protocol::GameId;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Builds the state on `store`: the session secret, restored games and the pairing ticker.
pub async fn state(config: Config, store: Store) -> anyhow_free::Result<App> {
    let secret = store
        .init_setting("session_secret", &random_secret())
        .await?;
    store
        .fill_name_keys(crate::identity::names::name_key)
        .await?;
    let bot_threads = config.bot_threads;
    let node = config.node()?;
    crate::tournament::schedule::parse_all(&config.schedules)?;
    let metrics = Arc::new(Metrics::default());
    let shutdown = CancellationToken::new();
    let tracker = TaskTracker::new();
    let cluster = match &config.nats_url {
        None => None,
        Some(url) => {
            if store.kind() != "postgres" {
                return Err(format!(
                    "a cluster node (--nats-url) needs a Postgres --database-url shared by every \
                     node; this one is {}",
                    store.kind()
                )
                .into());
            }
            // A game nobody serves may be taken over while it is unfinished in the store.
            let unfinished = store.clone();
            let directory: crate::bus::nats::Directory = Arc::new(move |game| {
                let store = unfinished.clone();
                Box::pin(async move { store.is_unfinished(GameId(game)).await.unwrap_or(true) })
            });
            let bus = crate::game::mail::ClusterBus::connect(
                url,
                node.clone(),
                directory,
                metrics.clone(),
                shutdown.clone(),
                &tracker,
            )
            .await?;
            tracing::info!(%node, nats = %url, "cluster node");
            Some(crate::cluster::node::Cluster {
                node: node.clone(),
                bus,
                public_url: config.public_url.clone(),
            })
        }
    };
    let bus: crate::game::mail::SharedBus = match &cluster {
        Some(c) => c.bus.clone(),
        None => Arc::new(crate::bus::local::LocalBus::new(node.clone())),
    };
    let http_limits = crate::http_limits::HttpLimits::new(
        config.guests_per_minute,
        config.registers_per_minute,
        config.logins_per_minute,
        config.imports_per_minute,
    );
    let timing = Timing {
        reconnect_ms: config.reconnect_secs * 1000,
        start_ms: config.start_secs * 1000,
        bot_ms: config.bot_delay_ms,
    };
    let launcher = Launcher {
        store: store.clone(),
        metrics,
        shutdown,
        tracker,
        bots: Arc::new(crate::bot::BotPool::new(bot_threads)),
        timing,
        bus: bus.clone(),
        owner: cluster.as_ref().map(|c| c.node.clone()),
    };
    let lobby = LobbyFront::new(bus.clone(), cluster.is_some());
    let analysis = Arc::new(crate::analysis::AnalysisService::new(
        config.analysis_workers,
        config.analyses_per_minute,
        config.reviews_per_minute,
    ));
    let app = Arc::new(AppState {
        bus,
        cluster,
        store,
        sessions: Sessions::new(secret.as_bytes()),
        games: Games::new(launcher.clone()),
        lobby,
        metrics: launcher.metrics,
        shutdown: launcher.shutdown,
        tracker: launcher.tracker,
        timing,
        config,
        sockets: Arc::default(),
        bots: launcher.bots,
        analysis,
        http_limits,
        report_quota: Default::default(),
        hashing: Arc::new(tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map_or(2, |n| n.get()),
        )),
        next_conn: AtomicU64::new(0),
    });
    match &app.cluster {
        // A cluster node takes over the games no node runs, as they come.
        Some(c) => crate::cluster::start(&app, c),
        None => {
            let restored = app.games.restore().await?;
            if restored > 0 {
                tracing::info!(restored, "resumed unfinished games");
            }
        }
    }
    spawn_pairing(&app);
    crate::tournament::director::spawn(&app);
    app.tracker.spawn(crate::analysis::review::run(app.clone()));
    spawn_heartbeat(&app);
    crate::bus::upkeep::spawn(app.bus.clone(), app.shutdown.clone(), &app.tracker);
    Ok(app)
}

/// Records every second that this server is up, so that a restart after a crash charges the
/// running turns only for the time the server was up (and gives back the time it was down);
/// the slower housekeeping rides on the same tick: idle tables closed each second, histograms
/// drained every 5 s, idle rate-limit entries forgotten every minute, old sessions swept hourly.
fn spawn_heartbeat(app: &App) {
    let app2 = app.clone();
    app.tracker.spawn(async move {
        let mut tick = tokio::time::interval(HEARTBEAT_EVERY);
        let mut beats: u64 = 0;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = app2.shutdown.cancelled() => break,
            }
            // A cluster node records its own moment, with its leases (`cluster::ownership`).
            if app2.cluster.is_none() {
                let _ = app2.store.record_alive().await;
            }
            beats += 1;
            if app2.lobby.leads() {
                app2.lobby.local.sweep(TABLE_IDLE);
            }
            if beats.is_multiple_of(5) {
                app2.metrics.upkeep();
            }
            if beats.is_multiple_of(60) {
                app2.http_limits.forget_idle();
                app2.analysis.quota.forget_idle();
                app2.report_quota.forget_idle();
            }
            if beats % SWEEP_EVERY_BEATS == 1 {
                // Expired and revoked sessions go (they are refused anyway).
                let now = crate::time::epoch_ms();
                if let Err(e) = app2.store.sweep_sessions(now).await {
                    tracing::warn!(error = %e, "could not sweep old sessions");
                }
            }
        }
    });
}

/// An open table nobody sits at is closed after this long.
const TABLE_IDLE: Duration = Duration::from_secs(600);

/// Old sessions are swept once an hour (in heartbeats).
const SWEEP_EVERY_BEATS: u64 = 3600;

/// How often the server records that it is up.
const HEARTBEAT_EVERY: Duration = Duration::from_secs(1);

fn spawn_pairing(app: &App) {
    let app2 = app.clone();
    app.tracker.spawn(async move {
        let wait = Duration::from_secs(app2.config.pair_wait_secs);
        let mut tick = tokio::time::interval(Duration::from_millis(250));
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = app2.shutdown.cancelled() => break,
            }
            if !app2.lobby.leads() {
                continue;
            }
            pairing::tell_waiters(&app2.lobby.local, wait);
            for full in pairing::form_tables(&app2.lobby.local) {
                match app2.games.start(full.spec.clone()).await {
                    Ok(id) => app2.lobby.local.started(&full, id.0),
                    Err(e) => tracing::error!(error = %e, "could not start a paired game"),
                }
            }
        }
    });
}

/// The router.
pub fn app(state: App) -> Router {
    let web = state.config.web_dir.clone();
    let router = http::routes()
        .layer(axum::middleware::map_response(crate::error::json_errors))
        .merge(ws::routes())
        .merge(crate::web::client(web))
        .with_state(state);
    // A span per HTTP request (method, path, status, latency) from tower-http.
    crate::headers::harden(router).layer(tower_http::trace::TraceLayer::new_for_http())
}

/// Serves until `shutdown` resolves, then stops accepting, tells clients (close 1012), saves
/// clocks and waits for every task.
pub async fn serve(
    state: App,
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let token = state.shutdown.clone();
    let router = app(state.clone());
    let header_timeout = Duration::from_secs(state.config.header_timeout_secs.max(1));
    crate::accept::serve(listener, router, header_timeout, async move {
        shutdown.await;
        token.cancel();
    })
    .await;
    state.shutdown.cancel();
    state.tracker.close();
    state.tracker.wait().await;
    match &state.cluster {
        Some(c) => crate::cluster::hand_over(&state, c).await,
        None => {
            // The moment of the stop: a restart charges the running turns up to here, no further.
            if let Err(e) = state.store.record_alive().await {
                tracing::warn!(error = %e, "could not record the moment of the stop");
            }
        }
    }
    Ok(())
}

/// Minimal error plumbing for start-up (no `anyhow` outside `main`).
pub mod anyhow_free {
    /// A start-up error.
    pub type Error = Box<dyn std::error::Error + Send + Sync>;
    /// A start-up result.
    pub type Result<T> = std::result::Result<T, Error>;
}

/// Connects the configured store and serves on the configured address until Ctrl-C.
pub async fn run(config: Config) -> anyhow_free::Result<()> {
    let store = Store::connect(&config.database()).await?;
    tracing::info!(store = store.kind(), "store ready");
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    tracing::info!(addr = %listener.local_addr()?, "listening");
    let state = state(config, store).await?;
    serve(state, listener, async {
        let signal = stop_signal().await;
        tracing::info!(signal, "shutting down");
    })
    .await?;
    Ok(())
}

/// Resolves on Ctrl-C (SIGINT) or SIGTERM — what `docker stop`, systemd and Kubernetes send —
/// and names the signal.
pub async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "SIGINT",
                _ = term.recv() => "SIGTERM",
            },
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}
