//! One game of the load: four bot players that move at random after a think time, and its
//! spectators; when the game ends another begins.

use crate::report::Stats;
use crate::{http, Args};
use fourhand_protocol::{ClientMsg, GameEvent, GameId, Kind, SeatName, ServerMsg, Square};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;
pub(crate) type Sink = SplitSink<Ws, Message>;
pub(crate) type Stream = SplitStream<Ws>;

/// The move in flight in a game: from, to, when it was sent.
type Pending = Arc<Mutex<Option<(Square, Square, Instant)>>>;

pub(crate) async fn send(sink: &mut Sink, m: &ClientMsg) -> Result<(), String> {
    let t = serde_json::to_string(m).map_err(|e| e.to_string())?;
    sink.send(Message::Text(t.into()))
        .await
        .map_err(|e| e.to_string())
}

pub(crate) async fn recv(stream: &mut Stream) -> Result<ServerMsg, String> {
    loop {
        match tokio::time::timeout(Duration::from_secs(60), stream.next()).await {
            Err(_) => return Err("no message for 60 s".into()),
            Ok(None) => return Err("closed".into()),
            Ok(Some(Err(e))) => return Err(e.to_string()),
            Ok(Some(Ok(Message::Text(t)))) => {
                return serde_json::from_str(&t).map_err(|e| format!("{e}: {t}"))
            }
            Ok(Some(Ok(Message::Close(_)))) => return Err("closed".into()),
            Ok(Some(Ok(_))) => continue,
        }
    }
}

async fn expect(stream: &mut Stream, f: impl Fn(&ServerMsg) -> bool) -> Result<ServerMsg, String> {
    loop {
        let m = recv(stream).await?;
        if let ServerMsg::Error { code, message } = &m {
            return Err(format!("{code:?}: {message}"));
        }
        if f(&m) {
            return Ok(m);
        }
    }
}

/// The node of the next connection (they take the nodes in turn).
pub(crate) fn next_node(args: &Args) -> String {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    args.node(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
}

pub(crate) async fn connect(server: &str) -> Result<(Sink, Stream), String> {
    let body = http::post(server, "/api/guest").await?;
    let v: serde_json::Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
    let session = v["session"].as_str().ok_or("no session")?.to_string();
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{server}/ws"))
        .await
        .map_err(|e| e.to_string())?;
    let (mut sink, mut stream) = ws.split();
    send(
        &mut sink,
        &ClientMsg::Hello {
            session,
            protocol: 1,
        },
    )
    .await?;
    expect(&mut stream, |m| matches!(m, ServerMsg::Welcome { .. })).await?;
    Ok((sink, stream))
}

/// Plays games in one slot until the run stops.
pub async fn game_loop(args: Args, stats: Arc<Stats>, spectators: usize) {
    while !stats.stopped() {
        if let Err(e) = one_game(&args, &stats, spectators).await {
            stats.error(&e);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

async fn one_game(args: &Args, stats: &Arc<Stats>, spectators: usize) -> Result<(), String> {
    let mut players = Vec::new();
    for _ in 0..4 {
        players.push(connect(&next_node(args)).await?);
    }
    let (sink, stream) = &mut players[0];
    send(
        sink,
        &ClientMsg::CreateTable(fourhand_protocol::NewTable::of(args.rules.clone())),
    )
    .await?;
    let ServerMsg::Table { table } =
        expect(stream, |m| matches!(m, ServerMsg::Table { .. })).await?
    else {
        unreachable!()
    };
    let mut tokens = Vec::new();
    for (i, (sink, stream)) in players.iter_mut().enumerate() {
        let seat = SeatName::from_index(i);
        send(
            sink,
            &ClientMsg::Sit {
                table: table.id,
                seat,
            },
        )
        .await?;
        let ServerMsg::Seated { seat_token, .. } =
            expect(stream, |m| matches!(m, ServerMsg::Seated { .. })).await?
        else {
            unreachable!()
        };
        tokens.push(seat_token);
    }
    let mut game = None;
    for (_, stream) in players.iter_mut() {
        let ours =
            |m: &ServerMsg| matches!(m, ServerMsg::GameStarted { table: t, .. } if *t == table.id);
        if let ServerMsg::GameStarted { game: g, .. } = expect(stream, ours).await? {
            game = Some(g);
        }
    }
    let game = game.ok_or("no game started")?;
    let pending: Pending = Arc::new(Mutex::new(None));
    let mut tasks = Vec::new();
    for _ in 0..spectators {
        let (mut sink, mut stream) = connect(&next_node(args)).await?;
        send(
            &mut sink,
            &ClientMsg::Join {
                game,
                seat_token: None,
                since: None,
            },
        )
        .await?;
        let (p, s) = (pending.clone(), stats.clone());
        tasks.push(tokio::spawn(async move {
            let _keep = sink;
            while let Ok(m) = recv(&mut stream).await {
                if let ServerMsg::Event {
                    event:
                        GameEvent::Moved {
                            from,
                            to,
                            zombie: false,
                            ..
                        },
                    ..
                } = m
                {
                    if let Some((f, t, at)) = p.lock().map(|g| *g).unwrap_or(None) {
                        if f == from && t == to {
                            s.spectator_latency(at.elapsed());
                        }
                    }
                }
            }
        }));
    }
    stats.game_started();
    for (i, (mut sink, stream)) in players.into_iter().enumerate() {
        send(
            &mut sink,
            &ClientMsg::Join {
                game,
                seat_token: Some(tokens[i].clone()),
                since: None,
            },
        )
        .await?;
        let (p, s, g, think) = (pending.clone(), stats.clone(), game, args.think_ms);
        tasks.push(tokio::spawn(async move {
            player(i, g, sink, stream, p, s, think).await
        }));
    }
    // The game is over when a player task ends.
    let (first, _, rest) = futures_util::future::select_all(tasks).await;
    let _ = first;
    for t in rest {
        t.abort();
    }
    Ok(())
}

async fn player(
    i: usize,
    game: GameId,
    mut sink: Sink,
    mut stream: Stream,
    pending: Pending,
    stats: Arc<Stats>,
    think: u64,
) {
    let me = SeatName::from_index(i);
    let mut mine: Option<(Square, Square, Instant)> = None;
    while let Ok(m) = recv(&mut stream).await {
        match m {
            ServerMsg::Legal { seat, moves, .. }
                if seat == me && !moves.is_empty() && mine.is_none() =>
            {
                let wait = rand::thread_rng().gen_range(think / 2..=think + think / 2);
                tokio::time::sleep(Duration::from_millis(wait)).await;
                let mv = &moves[rand::thread_rng().gen_range(0..moves.len())];
                let Some((from, to, promotion)) = legal_move(mv) else {
                    break;
                };
                let at = Instant::now();
                mine = Some((from, to, at));
                if let Ok(mut g) = pending.lock() {
                    *g = Some((from, to, at));
                }
                let msg = ClientMsg::Play {
                    game,
                    seat: me,
                    from,
                    to,
                    promotion,
                };
                if send(&mut sink, &msg).await.is_err() {
                    break;
                }
            }
            ServerMsg::Event {
                event:
                    GameEvent::Moved {
                        from,
                        to,
                        seat,
                        zombie: false,
                        ..
                    },
                ..
            } if seat == me => {
                if let Some((f, t, at)) = mine.take() {
                    if f == from && t == to {
                        stats.move_latency(at.elapsed());
                    }
                }
            }
            ServerMsg::Event {
                event: GameEvent::Over { .. },
                ..
            } => {
                stats.game_over();
                break;
            }
            ServerMsg::Error { message, .. } => stats.error(&message),
            _ => {}
        }
    }
}

/// A move of a `legal` list (`h2-h3`, `h13-h14=Q`): its squares and promotion piece.
pub(crate) fn legal_move(text: &str) -> Option<(Square, Square, Option<Kind>)> {
    let (from, rest) = text.split_once('-')?;
    let (to, promotion) = match rest.split_once('=') {
        Some((t, p)) => (t, Some(p)),
        None => (rest, None),
    };
    let promotion = match promotion {
        Some(p) => Some(p.chars().next().and_then(Kind::from_letter)?),
        None => None,
    };
    Some((from.parse().ok()?, to.parse().ok()?, promotion))
}
