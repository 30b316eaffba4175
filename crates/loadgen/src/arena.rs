//! An arena under load: players that enter it and play every game the director pairs them
//! into (a random legal move after a think time), and followers of its standings. The arena is
//! made beforehand by a moderator (`POST /api/tournaments`); `--arena <id>` names it.

use crate::player::{connect, legal_move, next_node, recv, send, Sink, Stream};
use crate::report::Stats;
use crate::Args;
use fourhand_protocol::{ClientMsg, GameEvent, GameId, SeatName, ServerMsg, TableId, TournamentId};
use rand::Rng;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One player for as long as the run lasts.
pub async fn player(args: Args, stats: Arc<Stats>, arena: TournamentId) {
    let (mut sink, mut stream) = match connect(&next_node(&args)).await {
        Ok(c) => c,
        Err(e) => return stats.error(&e),
    };
    if let Err(e) = send(&mut sink, &ClientMsg::ArenaJoin { tournament: arena }).await {
        return stats.error(&e);
    }
    if let Err(e) = play(&args, &stats, &mut sink, &mut stream).await {
        stats.error(&e);
    }
}

async fn play(
    args: &Args,
    stats: &Stats,
    sink: &mut Sink,
    stream: &mut Stream,
) -> Result<(), String> {
    let mut seats: HashMap<TableId, (SeatName, String)> = HashMap::new();
    let mut game: Option<(GameId, SeatName)> = None;
    let mut mine: Option<(
        fourhand_protocol::Square,
        fourhand_protocol::Square,
        Instant,
    )> = None;
    while !stats.stopped() {
        match recv(stream).await? {
            ServerMsg::Seated {
                table,
                seat,
                seat_token,
            } => {
                seats.insert(table, (seat, seat_token));
            }
            ServerMsg::GameStarted { table, game: g } => {
                if let Some((seat, token)) = seats.remove(&table) {
                    if seat == SeatName::S {
                        stats.game_started();
                    }
                    game = Some((g, seat));
                    mine = None;
                    let join = ClientMsg::Join {
                        game: g,
                        seat_token: Some(token),
                        since: None,
                    };
                    send(sink, &join).await?;
                }
            }
            ServerMsg::Legal {
                game: g,
                seat,
                moves,
            } => {
                let Some((current, me)) = game else { continue };
                if g != current || seat != me || moves.is_empty() || mine.is_some() {
                    continue;
                }
                let think = args.think_ms;
                let wait = rand::thread_rng().gen_range(think / 2..=think + think / 2);
                tokio::time::sleep(Duration::from_millis(wait)).await;
                let mv = &moves[rand::thread_rng().gen_range(0..moves.len())];
                let Some((from, to, promotion)) = legal_move(mv) else {
                    continue;
                };
                mine = Some((from, to, Instant::now()));
                send(
                    sink,
                    &ClientMsg::Play {
                        game: g,
                        seat: me,
                        from,
                        to,
                        promotion,
                    },
                )
                .await?;
            }
            ServerMsg::Event { game: g, event, .. } => match event {
                GameEvent::Moved {
                    from,
                    to,
                    seat,
                    zombie: false,
                    ..
                } if game == Some((g, seat)) => {
                    if let Some((f, t, at)) = mine.take() {
                        if f == from && t == to {
                            stats.move_latency(at.elapsed());
                        }
                    }
                }
                GameEvent::Over { .. } if game.is_some_and(|(x, _)| x == g) => {
                    if game.is_some_and(|(_, s)| s == SeatName::S) {
                        stats.game_over();
                    }
                    game = None;
                    mine = None;
                }
                _ => {}
            },
            ServerMsg::Error { message, .. } => stats.error(&message),
            _ => {}
        }
    }
    Ok(())
}

/// One follower of the standings for as long as the run lasts.
pub async fn follower(args: Args, stats: Arc<Stats>, arena: TournamentId) {
    let (mut sink, mut stream) = match connect(&next_node(&args)).await {
        Ok(c) => c,
        Err(e) => return stats.error(&e),
    };
    if let Err(e) = send(&mut sink, &ClientMsg::ArenaFollow { tournament: arena }).await {
        return stats.error(&e);
    }
    while !stats.stopped() {
        match recv(&mut stream).await {
            Ok(ServerMsg::Standings { .. }) => stats.standings_received(),
            Ok(_) => {}
            Err(e) => return stats.error(&e),
        }
    }
}
