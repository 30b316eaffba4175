//! What handlers use for the lobby: on a single server, and on the node that runs the lobby,
//! its requests are carried out here; on the other nodes of a cluster they go to that node
//! over NATS (`fourhand.lobby.in`) and come back with its answer.

use super::message::{LobbyReply, LobbyRequest};
use super::{EngineLimits, Full, Lobby, Occupant, TableSettings};
use crate::bot::BotLevel;
use crate::bus::ConnAddr;
use crate::error::ServerError;
use crate::game::mail::SharedBus;
use crate::identity::Player;
use crate::wire::Wire;
use fourhand_protocol::{GameId, PlayerId, SeatName, TableId, TableInfo, TimeControl};
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::broadcast;

/// The subject the lobby's node takes requests on.
pub const LOBBY_IN: &str = "fourhand.lobby.in";

/// The lobby as handlers see it.
pub struct LobbyFront {
    /// The lobby's state (authoritative on a single server or on the lobby's node).
    pub local: Lobby,
    /// The node's bus, over which a node that does not run the lobby asks the one that does.
    bus: SharedBus,
    /// The node is one of several (else it always runs the lobby).
    cluster: bool,
    leading: AtomicBool,
}

fn unexpected(r: LobbyReply) -> ServerError {
    ServerError::internal(format!("unexpected lobby reply {r:?}"))
}

impl LobbyFront {
    /// The lobby of a node on `bus`; `cluster` when the node is one of several.
    pub fn new(bus: SharedBus, cluster: bool) -> LobbyFront {
        LobbyFront {
            local: Lobby::new(bus.clone()),
            bus,
            cluster,
            leading: AtomicBool::new(false),
        }
    }

    /// Whether this node runs the lobby (and its pairing): always on a single server.
    pub fn leads(&self) -> bool {
        !self.cluster || self.leading.load(Ordering::Acquire)
    }

    pub(super) fn set_leading(&self, on: bool) {
        self.leading.store(on, Ordering::Release);
    }

    /// Carries out `req` where the lobby runs.
    pub async fn ask(&self, req: LobbyRequest) -> Result<LobbyReply, ServerError> {
        let reply = if self.leads() {
            self.local.handle(req)
        } else {
            let bytes = serde_json::to_vec(&req).map_err(ServerError::internal)?;
            let answer = self.bus.request_subject(LOBBY_IN, bytes).await?;
            serde_json::from_slice(&answer).map_err(ServerError::internal)?
        };
        reply.ok()
    }

    /// Lobby pushes for this node's followers.
    pub fn subscribe(&self) -> broadcast::Receiver<Wire> {
        self.local.subscribe()
    }

    /// Every open table.
    pub async fn tables(&self) -> Result<Vec<TableInfo>, ServerError> {
        match self.ask(LobbyRequest::Tables).await? {
            LobbyReply::Tables { tables } => Ok(tables),
            r => Err(unexpected(r)),
        }
    }

    /// Opens a table for the connection `creator` (it closes with that connection while
    /// nobody sits at it).
    pub async fn create(
        &self,
        settings: &TableSettings,
        creator: ConnAddr,
    ) -> Result<TableInfo, ServerError> {
        let settings = Box::new(settings.clone());
        let creator = Some(creator);
        match self.ask(LobbyRequest::Create { settings, creator }).await? {
            LobbyReply::Table { table } => Ok(table),
            r => Err(unexpected(r)),
        }
    }

    /// Seats `occupant`; the full table when this filled it (its game is then started here).
    pub async fn sit(
        &self,
        table: TableId,
        seat: SeatName,
        occupant: Occupant,
        registered: bool,
    ) -> Result<Option<Full>, ServerError> {
        let req = LobbyRequest::Sit {
            table,
            seat,
            occupant,
            registered,
        };
        match self.ask(req).await? {
            LobbyReply::Full { full } => Ok(full),
            r => Err(unexpected(r)),
        }
    }

    /// Frees a seat the player holds.
    pub async fn stand(
        &self,
        table: TableId,
        seat: SeatName,
        player: PlayerId,
    ) -> Result<(), ServerError> {
        self.ask(LobbyRequest::Stand {
            table,
            seat,
            player,
        })
        .await
        .map(|_| ())
    }

    /// Puts a bot in a free seat for `asker` (see [`Lobby::add_bot`]).
    pub async fn add_bot(
        &self,
        table: TableId,
        seat: SeatName,
        level: BotLevel,
        asker: PlayerId,
        live: Vec<Vec<PlayerId>>,
        limits: EngineLimits,
    ) -> Result<Option<Full>, ServerError> {
        let req = LobbyRequest::AddBot {
            table,
            seat,
            level: level.name().to_string(),
            asker,
            live,
            limits: (limits.per_player, limits.total),
        };
        match self.ask(req).await? {
            LobbyReply::Full { full } => Ok(full),
            r => Err(unexpected(r)),
        }
    }

    /// The game of a full table started: its people and the lobby are told.
    pub async fn started(&self, full: &Full, game: GameId) -> Result<(), ServerError> {
        let req = LobbyRequest::Started {
            table: TableId(full.table),
            game,
            notify: full.notify.clone(),
        };
        self.ask(req).await.map(|_| ())
    }

    /// Closes a table (a moderator's action).
    pub async fn close_table(&self, table: TableId) -> Result<(), ServerError> {
        self.ask(LobbyRequest::Close { table }).await.map(|_| ())
    }

    /// A connection closed: its seats are freed and its player leaves the queues.
    pub async fn connection_closed(&self, conn: ConnAddr, player: Option<PlayerId>) {
        let req = LobbyRequest::ConnectionClosed { conn, player };
        if let Err(e) = self.ask(req).await {
            tracing::warn!(error = %e.message, "could not tell the lobby a connection closed");
        }
    }

    /// Queues `player` for quick pairing; how many wait in his queue.
    pub async fn pair(
        &self,
        player: Player,
        rules: &str,
        time: TimeControl,
        rating: Option<f64>,
        notify: ConnAddr,
    ) -> Result<usize, ServerError> {
        let req = LobbyRequest::Pair {
            player,
            rules: rules.to_string(),
            time,
            rating,
            notify,
        };
        match self.ask(req).await? {
            LobbyReply::Waiting { waiting } => Ok(waiting),
            r => Err(unexpected(r)),
        }
    }

    /// `player` leaves his queue for an unrated game against bots; the full table, whose game
    /// the asker starts.
    pub async fn fill_with_bots(&self, player: PlayerId) -> Result<Option<Full>, ServerError> {
        match self.ask(LobbyRequest::FillWithBots { player }).await? {
            LobbyReply::Full { full } => Ok(full),
            r => Err(unexpected(r)),
        }
    }

    /// Tells the lobby's node what a connection does in an arena.
    pub async fn arena_note(
        &self,
        note: crate::tournament::room::ArenaNote,
    ) -> Result<(), ServerError> {
        self.ask(LobbyRequest::Arena { note }).await.map(|_| ())
    }

    /// Takes `player` out of the quick-pairing queues.
    pub async fn unpair(&self, player: PlayerId) -> Result<(), ServerError> {
        self.ask(LobbyRequest::Unpair { player }).await.map(|_| ())
    }
}
