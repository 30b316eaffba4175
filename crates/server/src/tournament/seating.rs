//! Seating a tournament's players at a table and starting their game: each present player is
//! seated (`seated` with his seat token), the game starts, the tournament's row for it is
//! stored, then each is told `paired` and `game_started` — so a client knows the game is the
//! tournament's when it opens it.

use super::room::ArenaRoom;
use super::standings::SeatPlayer;
use crate::error::ServerError;
use crate::identity::Player;
use crate::lobby::{Occupant, TableSettings};
use crate::state::App;
use crate::store::TournamentGameRow;
use crate::time::epoch_ms;
use crate::wire::wire;
use fourhand_protocol::{GameId, SeatName, ServerMsg, TournamentId};

/// How a tournament's games are played.
pub struct Seating {
    /// The table.
    pub table: TableSettings,
    /// A player may berserk (arenas that allow it).
    pub berserk: bool,
    /// Its seats are for accounts.
    pub accounts_only: bool,
}

/// Seats `players` (each at his seat, each present in the tournament's room) and starts their
/// game; its tournament row keeps `record` (who sat where, as the tournament's JSON).
pub async fn start(
    app: &App,
    tournament: TournamentId,
    how: &Seating,
    players: &[SeatPlayer],
    record: String,
    room: &ArenaRoom,
) -> Result<GameId, ServerError> {
    let lobby = &app.lobby.local;
    let table = lobby.create(how.table.clone(), None);
    let mut full = None;
    let mut told = Vec::new();
    for p in players {
        let Some(conn) = room.present(tournament, p.player) else {
            return Err(ServerError::internal("a paired player left"));
        };
        let who = Player {
            id: p.player.0,
            name: p.name.clone(),
            registered: how.accounts_only,
        };
        let (occ, token) = Occupant::human(&who, conn.clone());
        let seat = SeatName::from_index(p.seat);
        lobby.tell(
            std::slice::from_ref(&conn),
            &wire(&ServerMsg::Seated {
                table: table.id,
                seat,
                seat_token: token,
            }),
        );
        told.push(conn);
        if let Some(f) = lobby.sit(table.id.0, seat, occ, how.accounts_only)? {
            full = Some(f);
        }
    }
    let full = full.ok_or_else(|| ServerError::internal("a tournament table did not fill"))?;
    let mut spec = full.spec.clone();
    spec.berserk = how.berserk;
    let id = app.games.start(spec).await?;
    app.store
        .add_tournament_game(&TournamentGameRow {
            game: id,
            tournament,
            players: record,
            started_ms: epoch_ms(),
            scored: None,
            scored_ms: None,
        })
        .await?;
    lobby.tell(
        &told,
        &wire(&ServerMsg::Paired {
            tournament,
            game: id,
        }),
    );
    lobby.started(&full, id.0);
    Ok(id)
}
