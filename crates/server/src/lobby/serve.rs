//! Carrying out a lobby request: the one place where [`LobbyRequest`]s meet the lobby's state.

use super::message::{LobbyReply, LobbyRequest};
use super::{EngineLimits, Lobby};
use crate::error::ServerError;
use fourhand_protocol::ErrorCode;

impl Lobby {
    /// Carries out `req` on this lobby.
    pub fn handle(&self, req: LobbyRequest) -> LobbyReply {
        if !matches!(req, LobbyRequest::Tables) {
            self.touch();
        }
        match self.run(req) {
            Ok(r) => r,
            Err(e) => LobbyReply::refused(e),
        }
    }

    fn run(&self, req: LobbyRequest) -> Result<LobbyReply, ServerError> {
        Ok(match req {
            LobbyRequest::Tables => LobbyReply::Tables {
                tables: self.tables(),
            },
            LobbyRequest::Create { settings, creator } => LobbyReply::Table {
                table: self.create(*settings, creator),
            },
            LobbyRequest::Sit {
                table,
                seat,
                occupant,
                registered,
            } => LobbyReply::Full {
                full: self.sit(table.0, seat, occupant, registered)?,
            },
            LobbyRequest::Stand {
                table,
                seat,
                player,
            } => {
                self.stand(table.0, seat, player.0)?;
                LobbyReply::Done
            }
            LobbyRequest::AddBot {
                table,
                seat,
                level,
                asker,
                live,
                limits,
            } => {
                let level = crate::bot::parse_level(Some(&level)).ok_or_else(|| {
                    ServerError::new(ErrorCode::BadRequest, format!("no bot level {level}"))
                })?;
                let limits = EngineLimits {
                    per_player: limits.0,
                    total: limits.1,
                };
                let live: Vec<Vec<uuid::Uuid>> = live
                    .into_iter()
                    .map(|g| g.into_iter().map(|p| p.0).collect())
                    .collect();
                LobbyReply::Full {
                    full: self.add_bot(table.0, seat, level, asker.0, &live, limits)?,
                }
            }
            LobbyRequest::Started {
                table,
                game,
                notify,
            } => {
                self.announce_start(table.0, game.0, &notify);
                LobbyReply::Done
            }
            LobbyRequest::Close { table } => {
                self.close_table(table.0)?;
                LobbyReply::Done
            }
            LobbyRequest::ConnectionClosed { conn, player } => {
                self.connection_closed(&conn);
                self.pairing.connection_closed(&conn);
                self.arenas.connection_closed(&conn);
                self.touch();
                if let Some(p) = player {
                    self.pairing.leave(p.0);
                }
                LobbyReply::Done
            }
            LobbyRequest::Pair {
                player,
                rules,
                time,
                rating,
                notify,
            } => LobbyReply::Waiting {
                waiting: self.pairing.join(player, &rules, time, rating, notify),
            },
            LobbyRequest::FillWithBots { player } => LobbyReply::Full {
                full: super::pairing::fill_with_bots(self, player.0)?,
            },
            LobbyRequest::Arena { note } => {
                self.arenas.note(note);
                self.touch();
                LobbyReply::Done
            }
            LobbyRequest::Unpair { player } => {
                self.pairing.leave(player.0);
                LobbyReply::Done
            }
        })
    }
}
