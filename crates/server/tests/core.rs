//! The sans-IO game core driven with explicit times: clocks under delay and increment, the
//! reconnect window, the start timeout, bot turns, chat audiences, aborts.

use fourhand_protocol::{
    ChatTarget, ErrorCode, GameEvent, LeaveReason, SeatName, SeatStatus, TimeControl,
};
use fourhand_rules::game::Game;
use fourhand_rules::{RuleSet, Seat};
use fourhand_server::bot::BotLevel;
use fourhand_server::game::core::{Audience, GameCore, Input, SeatState, Timing};

fn seat(name: &str, bot: Option<BotLevel>) -> SeatState {
    SeatState {
        name: name.into(),
        player: None,
        bot,
        token_hash: None,
        connections: 0,
        ever_connected: false,
        disconnected_at: None,
        rating: None,
    }
}

fn core(rules: RuleSet, tc: TimeControl, bots: [bool; 4]) -> GameCore {
    let seats = fourhand_rules::BySeat::from_fn(|s| {
        let i = s.index();
        seat(&format!("p{i}"), bots[i].then_some(BotLevel::Greedy))
    });
    let mut c = GameCore::new(Game::new(rules), tc, seats, true, Timing::default(), 0);
    for (i, b) in bots.iter().enumerate() {
        if !b {
            apply(&mut c, Input::Connected(Seat::from_index(i)), 0);
        }
    }
    c
}

fn apply(c: &mut GameCore, input: Input, now: u64) -> Vec<fourhand_server::game::core::Numbered> {
    c.prepare(&input)
        .unwrap_or_else(|r| panic!("{input:?}: {}", r.message));
    c.apply(input, now)
}

fn play(c: &mut GameCore, seat: Seat, mv: &str, now: u64) {
    let (f, t) = mv.split_once('-').unwrap();
    apply(
        c,
        Input::Play {
            seat,
            from: f.parse().unwrap(),
            to: t.parse().unwrap(),
            promotion: None,
        },
        now,
    );
}

fn rng() -> rand::rngs::StdRng {
    rand::SeedableRng::seed_from_u64(7)
}

#[test]
fn the_flag_falls_after_delay_plus_bank() {
    let mut c = core(RuleSet::TEAMS, TimeControl::DEFAULT, [false; 4]);
    assert_eq!(c.next_deadline(), Some(75_000));
    assert_eq!(c.due(30_000), None, "everyone connected: no cancellation");
    assert_eq!(c.due(74_999), None);
    assert_eq!(c.due(75_000), Some(Input::Timeout(Seat::South)));
    // A move inside the delay costs nothing.
    play(&mut c, Seat::South, "h2-h3", 10_000);
    assert_eq!(c.clocks(10_000)[0], 60_000);
    // Blue thinks 25 s: 10 s come off his bank.
    play(&mut c, Seat::West, "b7-c7", 35_000);
    assert_eq!(c.clocks(35_000)[1], 50_000);
    assert_eq!(c.next_deadline(), Some(35_000 + 15_000 + 60_000));
    play(&mut c, Seat::North, "g13-g12", 40_000);
    play(&mut c, Seat::East, "m8-l8", 41_000);
    let ev = apply(&mut c, Input::Timeout(Seat::South), 110_000);
    assert!(ev
        .iter()
        .any(|e| matches!(&e.event, GameEvent::Over { result, .. } if result == "0-1")));
}

#[test]
fn the_flag_falls_under_increment() {
    let tc = TimeControl {
        base_ms: 120_000,
        increment_ms: 10_000,
        delay_ms: 0,
    };
    let mut c = core(RuleSet::TEAMS, tc, [false; 4]);
    play(&mut c, Seat::South, "h2-h3", 30_000);
    assert_eq!(c.clocks(30_000)[0], 100_000);
    assert_eq!(
        c.next_deadline(),
        Some(150_000),
        "Blue's full bank from 30 s"
    );
    assert_eq!(c.due(150_000), Some(Input::Timeout(Seat::West)));
}

#[test]
fn no_reconnect_within_60_seconds_forfeits() {
    let mut c = core(RuleSet::TEAMS, TimeControl::DEFAULT, [false; 4]);
    let ev = apply(&mut c, Input::Disconnected(Seat::North), 5_000);
    assert!(matches!(
        ev[0].event,
        GameEvent::Connection {
            connected: false,
            grace_ms: Some(60_000),
            ..
        }
    ));
    play(&mut c, Seat::South, "h2-h3", 6_000);
    play(&mut c, Seat::West, "b7-c7", 7_000);
    // North's own clock runs on his turn too; the window ends first here.
    assert_eq!(c.due(64_999), None);
    assert_eq!(c.due(65_000), Some(Input::Forfeit(Seat::North)));
    // Coming back in time clears it.
    apply(&mut c, Input::Connected(Seat::North), 64_000);
    assert_eq!(c.due(65_000), None);
    // A forfeit is reported as a disconnection, not as a loss on time.
    play(&mut c, Seat::North, "g13-g12", 64_500);
    play(&mut c, Seat::East, "m8-l8", 64_600);
    let over = apply(&mut c, Input::Forfeit(Seat::North), 65_000)
        .pop()
        .expect("an over event");
    match over.event {
        GameEvent::Over { termination, .. } => {
            assert_eq!(termination, "Yellow disconnected")
        }
        e => panic!("expected the game to end, got {e:?}"),
    }
}

#[test]
fn a_game_not_joined_by_everyone_is_cancelled() {
    let seats = fourhand_rules::BySeat::from_fn(|s| seat(&format!("p{}", s.index()), None));
    let mut c = GameCore::new(
        Game::new(RuleSet::FFA),
        TimeControl::DEFAULT,
        seats,
        true,
        Timing::default(),
        0,
    );
    for s in [Seat::South, Seat::West, Seat::North] {
        apply(&mut c, Input::Connected(s), 1_000);
    }
    assert_eq!(c.due(29_999), None);
    assert_eq!(c.due(30_000), Some(Input::Cancel));
    apply(&mut c, Input::Cancel, 30_000);
    assert!(c.is_over() && c.aborted());
    assert_eq!(c.result().unwrap().0, "aborted");
}

#[test]
fn bots_move_on_their_turn() {
    let mut c = core(
        RuleSet::FFA,
        TimeControl::DEFAULT,
        [false, true, true, true],
    );
    play(&mut c, Seat::South, "h2-h3", 1_000);
    assert_eq!(c.next_deadline(), Some(1_400));
    assert!(c.bot_to_move(1_399).is_none());
    let (seat, level, clock) = c.bot_to_move(1_400).expect("the bot's turn");
    assert_eq!((seat, level), (Seat::West, BotLevel::Greedy));
    assert!(clock.bank_ms == 60_000 && clock.delay_ms > 0);
    let m = fourhand_bot::Bot::new(level)
        .choose(c.game(), clock, &mut rng())
        .unwrap();
    apply(
        &mut c,
        Input::Play {
            seat,
            from: m.from(),
            to: m.to(),
            promotion: m.promotion(),
        },
        1_400,
    );
    assert_eq!(c.game().to_move(), Some(Seat::North));
}

#[test]
fn chat_and_arrows_have_audiences() {
    let mut c = core(RuleSet::TEAMS, TimeControl::DEFAULT, [false; 4]);
    let ev = apply(
        &mut c,
        Input::Chat {
            seat: Seat::South,
            to: ChatTarget::Partner,
            text: "take his queen".into(),
        },
        1,
    );
    assert_eq!(
        ev[0].audience,
        Audience::Partners([Seat::South, Seat::North])
    );
    let ev = apply(
        &mut c,
        Input::Arrow {
            seat: Seat::East,
            from: "m8".parse().unwrap(),
            to: "k8".parse().unwrap(),
        },
        2,
    );
    assert_eq!(ev[0].audience, Audience::Partners([Seat::West, Seat::East]));
    let ffa = core(RuleSet::FFA, TimeControl::DEFAULT, [false; 4]);
    let r = ffa
        .prepare(&Input::Chat {
            seat: Seat::South,
            to: ChatTarget::Partner,
            text: "hi".into(),
        })
        .unwrap_err();
    assert_eq!(r.code, ErrorCode::ChatDisabled);
    let long = "x".repeat(501);
    let r = c
        .prepare(&Input::Chat {
            seat: Seat::South,
            to: ChatTarget::Table,
            text: long,
        })
        .unwrap_err();
    assert_eq!(r.code, ErrorCode::BadRequest);
}

#[test]
fn refusals_change_nothing() {
    let mut c = core(RuleSet::TEAMS, TimeControl::DEFAULT, [false; 4]);
    let seq = c.seq();
    let bad = [
        Input::Play {
            seat: Seat::West,
            from: "b7".parse().unwrap(),
            to: "c7".parse().unwrap(),
            promotion: None,
        },
        Input::Play {
            seat: Seat::South,
            from: "h2".parse().unwrap(),
            to: "h5".parse().unwrap(),
            promotion: None,
        },
    ];
    let codes: Vec<ErrorCode> = bad.iter().map(|i| c.prepare(i).unwrap_err().code).collect();
    assert_eq!(codes, [ErrorCode::NotYourTurn, ErrorCode::IllegalMove]);
    assert_eq!(c.seq(), seq);
    assert_eq!(c.plies(), 0);
    // Resigning on the first move aborts a Teams game.
    apply(&mut c, Input::Resign(Seat::South), 100);
    assert!(c.aborted());
    assert_eq!(
        c.prepare(&Input::Resign(Seat::West)).unwrap_err().code,
        ErrorCode::GameOver
    );
}

#[test]
fn a_stalemated_zombie_passes_its_turn_and_its_slot_is_an_s() {
    use fourhand_rules::notation::pgn4;
    use fourhand_rules::{Army, BySeat, Kind, Piece, Position};
    // Blue resigned (a zombie king on a4); Red's move leaves it without a move.
    let rules = RuleSet::get(fourhand_rules::Variant::Ffa);
    let mut p = Position::empty(rules);
    for (seat, kind, sq) in [
        (Seat::South, Kind::King, "h1"),
        (Seat::West, Kind::King, "a4"),
        (Seat::North, Kind::King, "g14"),
        (Seat::East, Kind::King, "n8"),
        (Seat::South, Kind::Rook, "b10"),
        (Seat::South, Kind::Rook, "e5"),
    ] {
        p.put(sq.parse().unwrap(), Piece::new(seat, kind));
    }
    p.set_army(Seat::West, Army::Zombie);
    let mut game = Game::from_position(RuleSet::FFA, p, BySeat([0; 4]));
    for s in Seat::ALL {
        game.set_moves_made(s, 3);
    }
    let seats = fourhand_rules::BySeat::from_fn(|s| seat(&format!("p{}", s.index()), None));
    let mut c = GameCore::new(
        game,
        TimeControl::DEFAULT,
        seats,
        true,
        Timing::default(),
        0,
    );
    for s in Seat::ALL {
        apply(&mut c, Input::Connected(s), 0);
    }
    let (f, t) = ("h1", "i1");
    let ev = apply(
        &mut c,
        Input::Play {
            seat: Seat::South,
            from: f.parse().unwrap(),
            to: t.parse().unwrap(),
            promotion: None,
        },
        1_000,
    );
    let kinds: Vec<&GameEvent> = ev.iter().map(|e| &e.event).collect();
    let status = kinds.iter().position(|e| {
        matches!(e, GameEvent::Status { seat: SeatName::W, status } if *status == SeatStatus::Out(LeaveReason::Stalemated))
    });
    let passed = kinds.iter().position(|e| {
        matches!(
            e,
            GameEvent::Passed {
                seat: SeatName::W,
                to_move: Some(SeatName::N)
            }
        )
    });
    assert!(
        status.is_some() && passed > status,
        "a status then a pass for Blue: {kinds:?}"
    );
    let text = pgn4::write(c.game(), &Default::default());
    assert!(text.contains("1. Kh1-i1 .. S"), "{text}");
}

#[test]
fn a_bot_claims_the_ffa_win_it_holds() {
    use fourhand_rules::notation::fen4;
    // Red (a bot) to move leads Yellow by 21 with Blue and Green out: the claim leaves Yellow
    // 41 and Blue 40, both below Red's 42.
    let text = "R-0,1,0,1-0,0,0,0-0,0,0,0-42,40,21,2-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/3,bN,3,rR,2,gN,3/14/bK,12,gK/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    let f = fen4::parse(text, RuleSet::FFA.shared()).unwrap();
    let game = |red_bot: bool| {
        let seats = fourhand_rules::BySeat::from_fn(|s| {
            let bot = (s == Seat::South && red_bot).then_some(BotLevel::Greedy);
            seat(&format!("p{}", s.index()), bot)
        });
        let mut g = Game::from_position(RuleSet::FFA, f.position.clone(), f.points);
        for s in Seat::ALL {
            g.set_moves_made(s, 3);
        }
        let mut c = GameCore::new(g, TimeControl::DEFAULT, seats, true, Timing::default(), 0);
        for s in Seat::ALL {
            if s != Seat::South || !red_bot {
                apply(&mut c, Input::Connected(s), 0);
            }
        }
        c
    };
    // A player's seat is not claimed for; nor is Yellow's, behind.
    assert_eq!(game(false).bot_claim(Seat::South), None);
    let mut c = game(true);
    assert_eq!(c.bot_claim(Seat::North), None);
    let claim = c.bot_claim(Seat::South).expect("Red's bot claims");
    assert_eq!(claim, Input::Claim(Seat::South));
    apply(&mut c, claim, 1_000);
    assert!(c.is_over());
    assert_eq!(c.game().points().0, [42, 40, 41, 2]);
    assert_eq!(c.game().placings()[Seat::South], 1);
}
