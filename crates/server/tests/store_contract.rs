//! One contract, three backends: memory, SQLite and Postgres (Postgres required in CI).

mod support;

use fourhand_protocol::{GameId, PlayerId, ReviewStatus, TimeControl};
use fourhand_server::moderation::ModerationAction;
use fourhand_server::store::{
    ActionRecord, CachedLines, GameEnd, ModerationRow, NewGame, ReviewRow, Store, StoreError,
    StoredAction, StoredSeat, User,
};
use uuid::Uuid;

fn new_game() -> NewGame {
    NewGame {
        id: Uuid::now_v7(),
        rules: "teams".into(),
        start_fen4: "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-14/14/14/14/14/14/14/14/14/14/14/14/14/14"
            .into(),
        time: TimeControl::DEFAULT,
        seed: -42,
        seats: (0..4)
            .map(|i| StoredSeat {
                name: format!("p{i}"),
                player: Some(Uuid::now_v7()),
                bot: (i == 3).then(|| "greedy".into()),
                token_hash: Some(format!("{i:064}")),
            })
            .collect(),
        table_chat: true,
        berserk: false,
        rated: false,
        imported: false,
        created_ms: 1_700_000_000_000,
    }
}

async fn contract(store: Store) {
    store.health().await.unwrap();
    // Settings: the first value stays.
    let key = format!("k{}", Uuid::now_v7().simple());
    assert_eq!(store.init_setting(&key, "a").await.unwrap(), "a");
    assert_eq!(store.init_setting(&key, "b").await.unwrap(), "a");
    assert_eq!(store.setting(&key).await.unwrap().as_deref(), Some("a"));
    // Users: unique names.
    let name = format!("u{}", &Uuid::now_v7().simple().to_string()[20..]);
    let u = User {
        id: Uuid::now_v7(),
        name: name.clone(),
        name_key: name.to_lowercase(),
        password_hash: "$argon2id$x".into(),
        created_ms: 5,
    };
    store.create_user(&u).await.unwrap();
    assert!(matches!(
        store
            .create_user(&User {
                id: Uuid::now_v7(),
                ..u.clone()
            })
            .await,
        Err(StoreError::Conflict)
    ));
    // The look-alike key is unique too.
    assert!(matches!(
        store
            .create_user(&User {
                id: Uuid::now_v7(),
                name: name.to_uppercase(),
                ..u.clone()
            })
            .await,
        Err(StoreError::Conflict)
    ));
    assert_eq!(store.user_by_name(&name).await.unwrap(), Some(u.clone()));
    assert_eq!(
        store.user_by_key(&u.name_key).await.unwrap(),
        Some(u.clone())
    );
    assert_eq!(store.user_by_name("nobody-here").await.unwrap(), None);
    // Sessions: opened, renewed, revoked one by one or all but one, swept.
    let s1 = fourhand_server::store::SessionRow {
        id: Uuid::now_v7(),
        player: u.id,
        created_ms: 10,
        expires_ms: 100,
        revoked_ms: None,
    };
    let s2 = fourhand_server::store::SessionRow {
        id: Uuid::now_v7(),
        ..s1.clone()
    };
    let s3 = fourhand_server::store::SessionRow {
        id: Uuid::now_v7(),
        ..s1.clone()
    };
    for s in [&s1, &s2, &s3] {
        store.create_session(s).await.unwrap();
    }
    store.extend_session(s1.id, 500).await.unwrap();
    assert_eq!(store.session(s1.id).await.unwrap().unwrap().expires_ms, 500);
    store.revoke_session(s2.id, 50).await.unwrap();
    assert_eq!(
        store.session(s2.id).await.unwrap().unwrap().revoked_ms,
        Some(50)
    );
    store
        .revoke_sessions_of(PlayerId(u.id), Some(s1.id), 60)
        .await
        .unwrap();
    assert_eq!(
        store.session(s1.id).await.unwrap().unwrap().revoked_ms,
        None
    );
    assert_eq!(
        store.session(s3.id).await.unwrap().unwrap().revoked_ms,
        Some(60)
    );
    assert!(store.sweep_sessions(200).await.unwrap() >= 2);
    assert!(store.session(s2.id).await.unwrap().is_none());
    assert!(store.session(s1.id).await.unwrap().is_some());
    // Games: actions in ply order, each ply once.
    let g = new_game();
    store.create_game(&g).await.unwrap();
    assert!(matches!(
        store.create_game(&g).await,
        Err(StoreError::Conflict)
    ));
    for ply in 1..=3 {
        let a = StoredAction {
            ply,
            action: ActionRecord::Move {
                seat: (ply % 4) as u8,
                mv: format!("h{}-h{}", ply + 1, ply + 2),
            },
            clocks: [60_000, 59_000, 58_000, ply as u64],
            at_ms: 1_700_000_000_000 + ply,
        };
        store.append_action(GameId(g.id), &a).await.unwrap();
    }
    let dup = StoredAction {
        ply: 2,
        action: ActionRecord::Resign { seat: 1 },
        clocks: [0; 4],
        at_ms: 0,
    };
    assert!(matches!(
        store.append_action(GameId(g.id), &dup).await,
        Err(StoreError::Conflict)
    ));
    let stored = store.game(GameId(g.id)).await.unwrap().unwrap();
    assert_eq!(stored.game, g);
    assert_eq!(stored.actions.len(), 3);
    assert_eq!(stored.actions[2].clocks[3], 3);
    assert!(store
        .live_games()
        .await
        .unwrap()
        .iter()
        .any(|x| x.game.id == g.id));
    assert_eq!(store.game(GameId(g.id)).await.unwrap().unwrap().stream, 0);
    assert_eq!(store.next_stream(GameId(g.id)).await.unwrap(), 1);
    assert_eq!(store.next_stream(GameId(g.id)).await.unwrap(), 2);
    assert_eq!(store.game(GameId(g.id)).await.unwrap().unwrap().stream, 2);
    store.set_setting("alive_ms", "5").await.unwrap();
    store.set_setting("alive_ms", "7").await.unwrap();
    assert_eq!(
        store.setting("alive_ms").await.unwrap().as_deref(),
        Some("7")
    );
    let end = GameEnd {
        result: "1-0".into(),
        termination: "Blue resigned".into(),
        points: [0, 0, 0, 0],
        placings: None,
        pgn4: "[Variant \"Teams\"]\n\n1. h2-h3\n".into(),
        ended_ms: 1_700_000_100_000,
    };
    assert!(store.finish_game(GameId(g.id), &end, None).await.unwrap());
    assert!(
        !store.finish_game(GameId(g.id), &end, None).await.unwrap(),
        "a game ends once"
    );
    let done = store.game(GameId(g.id)).await.unwrap().unwrap();
    assert_eq!(done.end.as_ref(), Some(&end));
    assert!(!store
        .live_games()
        .await
        .unwrap()
        .iter()
        .any(|x| x.game.id == g.id));
    assert!(store
        .finished_games(1000)
        .await
        .unwrap()
        .iter()
        .any(|x| x.game.id == g.id));
    assert_eq!(store.game(GameId(Uuid::now_v7())).await.unwrap(), None);
    // Deleting an account renames it wherever it is stored; its game stays.
    let mut mine = new_game();
    let owner = User {
        id: mine.seats[0].player.unwrap(),
        name: format!("o{}", &Uuid::now_v7().simple().to_string()[20..]),
        name_key: format!("k{}", &Uuid::now_v7().simple().to_string()[20..]),
        password_hash: "$argon2id$y".into(),
        created_ms: 6,
    };
    store.create_user(&owner).await.unwrap();
    mine.seats[0].name = owner.name.clone();
    store.create_game(&mine).await.unwrap();
    let tagged = GameEnd {
        pgn4: format!("[Red \"{}\"]\n\n1. h2-h3\n", owner.name),
        ..end.clone()
    };
    store
        .finish_game(GameId(mine.id), &tagged, None)
        .await
        .unwrap();
    let retag: fourhand_server::store::Retag = |pgn, _rules, old, new| pgn.replace(old, new);
    assert!(store
        .delete_account(PlayerId(owner.id), "deleted-x1", retag, 9)
        .await
        .unwrap());
    assert!(store.user_by_name(&owner.name).await.unwrap().is_none());
    let gone = store.user_by_id(PlayerId(owner.id)).await.unwrap().unwrap();
    assert_eq!(
        (gone.name.as_str(), gone.password_hash.as_str()),
        ("deleted-x1", "!")
    );
    let kept = store.game(GameId(mine.id)).await.unwrap().unwrap();
    assert_eq!(kept.game.seats[0].name, "deleted-x1");
    assert_eq!(kept.end.unwrap().pgn4, "[Red \"deleted-x1\"]\n\n1. h2-h3\n");
    assert!(!store
        .delete_account(PlayerId(Uuid::now_v7()), "deleted-x2", retag, 9)
        .await
        .unwrap());
}

/// Leases and fencing: one owner at a time, the epoch raised at each takeover, and an old
/// owner's write refused once another node holds the game.
async fn leases(store: Store) {
    let g = new_game();
    store.create_game(&g).await.unwrap();
    let now = 1_800_000_000_000;
    let ttl = 3_000;
    let move_at = |ply: i64| StoredAction {
        ply,
        action: ActionRecord::Move {
            seat: (ply % 4) as u8,
            mv: "h2-h3".into(),
        },
        clocks: [60_000; 4],
        at_ms: now + ply,
    };
    let a = store
        .acquire_lease(GameId(g.id), "node-a", now, ttl)
        .await
        .unwrap()
        .expect("a new lease");
    assert_eq!(a.epoch, 1);
    assert_eq!(
        store
            .acquire_lease(GameId(g.id), "node-b", now + 1, ttl)
            .await
            .unwrap(),
        None,
        "a live lease is not taken"
    );
    let orphaned =
        |v: Vec<(uuid::Uuid, Option<String>)>| v.into_iter().map(|(g, _)| g).collect::<Vec<_>>();
    assert!(!orphaned(store.orphaned_games(now + 1).await.unwrap()).contains(&g.id));
    assert!(store.is_unfinished(GameId(g.id)).await.unwrap());
    assert!(!store
        .is_unfinished(GameId(uuid::Uuid::now_v7()))
        .await
        .unwrap());
    store.append_action_fenced(&a, &move_at(1)).await.unwrap();
    // Its node beats: the lease is held on, with its epoch; still not B's.
    assert_eq!(
        store
            .renew_node_leases("node-a", now + 2_000, ttl)
            .await
            .unwrap(),
        [(g.id, 1)]
    );
    assert_eq!(
        store
            .acquire_lease(GameId(g.id), "node-b", now + 4_000, ttl)
            .await
            .unwrap(),
        None
    );
    let again = store
        .acquire_lease(GameId(g.id), "node-a", now + 4_000, ttl)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        again.epoch, 1,
        "the owner re-taking its live lease keeps the epoch"
    );
    // A stops beating (paused): past its last beat the game is orphaned and B takes it over.
    let late = now + 8_000;
    assert!(store
        .orphaned_games(late)
        .await
        .unwrap()
        .contains(&(g.id, Some("node-a".to_string()))));
    let b = store
        .acquire_lease(GameId(g.id), "node-b", late, ttl)
        .await
        .unwrap()
        .expect("an expired lease passes");
    assert_eq!(b.epoch, 2);
    // A resumes: its write is refused, its beat no longer holds the game; B's write goes in.
    assert!(matches!(
        store.append_action_fenced(&a, &move_at(2)).await,
        Err(StoreError::Fenced)
    ));
    assert!(
        !store
            .renew_node_leases("node-a", late + 1, ttl)
            .await
            .unwrap()
            .iter()
            .any(|(game, _)| *game == g.id),
        "a node's renewal of all its leases leaves out the game it lost"
    );
    assert!(store
        .renew_node_leases("node-b", late + 1, ttl)
        .await
        .unwrap()
        .contains(&(g.id, 2)));
    store.append_action_fenced(&b, &move_at(2)).await.unwrap();
    assert!(matches!(
        store.append_action_fenced(&b, &move_at(2)).await,
        Err(StoreError::Conflict)
    ));
    let stored = store.game(GameId(g.id)).await.unwrap().unwrap();
    assert_eq!(
        stored.actions.iter().map(|x| x.ply).collect::<Vec<_>>(),
        [1, 2],
        "the fenced write left nothing"
    );
    // A graceful handover: B releases all its leases, A takes it at once under epoch 3.
    store
        .release_node_leases("node-b", late + 10)
        .await
        .unwrap();
    let a3 = store
        .acquire_lease(GameId(g.id), "node-a", late + 10, ttl)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(a3.epoch, 3);
    assert!(matches!(
        store.append_action_fenced(&b, &move_at(3)).await,
        Err(StoreError::Fenced)
    ));
}

/// Many games' actions at once (they go to the database in groups): every one is committed
/// before it is acknowledged, and a duplicate ply among them is refused alone.
async fn actions_of_many_games_at_once(store: Store) {
    let mut games = Vec::new();
    for _ in 0..120 {
        let g = new_game();
        store.create_game(&g).await.unwrap();
        games.push(g.id);
    }
    let action = |ply: i64| StoredAction {
        ply,
        action: ActionRecord::Move {
            seat: 0,
            mv: "h2-h3".into(),
        },
        clocks: [60_000; 4],
        at_ms: ply,
    };
    store
        .append_action(GameId(games[7]), &action(1))
        .await
        .unwrap();
    let mut writes = tokio::task::JoinSet::new();
    for (i, &id) in games.iter().enumerate() {
        for ply in 1..=3 {
            let (store, a) = (store.clone(), action(ply));
            // Game 7 has its ply 1 already: that one write must fail, alone.
            writes.spawn(async move { ((i, ply), store.append_action(GameId(id), &a).await) });
        }
    }
    let mut refused = Vec::new();
    while let Some(done) = writes.join_next().await {
        let ((i, ply), r) = done.unwrap();
        match r {
            Ok(()) => {}
            Err(StoreError::Conflict) => refused.push((i, ply)),
            Err(e) => panic!("game {i} ply {ply}: {e}"),
        }
    }
    assert_eq!(refused, [(7, 1)]);
    for &id in &games {
        let g = store.game(GameId(id)).await.unwrap().unwrap();
        let mut plies: Vec<i64> = g.actions.iter().map(|a| a.ply).collect();
        plies.sort();
        assert_eq!(
            plies,
            [1, 2, 3],
            "every acknowledged action is stored, once"
        );
    }
}

/// SQL stores: an action whose writer stopped waiting before its batch was taken (a timeout) is
/// not written later — the game takes its absence for "not stored".
async fn an_abandoned_write_is_not_written_later(store: Store) {
    let g = new_game();
    store.create_game(&g).await.unwrap();
    let action = |ply: i64| StoredAction {
        ply,
        action: ActionRecord::Resign { seat: 1 },
        clocks: [60_000; 4],
        at_ms: ply,
    };
    let first = action(1);
    {
        // Queued (the first poll hands it to the writer task, which has not run yet), then
        // abandoned.
        let fut = store.append_action(GameId(g.id), &first);
        futures_util::pin_mut!(fut);
        assert!(futures_util::poll!(fut.as_mut()).is_pending());
    }
    // The writer takes actions in order: once a later one is stored, the first was seen.
    store.append_action(GameId(g.id), &action(2)).await.unwrap();
    assert!(
        !store.has_action(GameId(g.id), 1).await.unwrap(),
        "the abandoned write stayed out"
    );
    assert!(store.has_action(GameId(g.id), 2).await.unwrap());
}

/// Moderators' actions come back typed: a mute or ban holds for its player while it runs, the
/// longest running one first, and not for the other sanction.
async fn sanctions(store: Store) {
    let player = Uuid::now_v7();
    let at = 1_000_000;
    let row = |action, until_ms| ModerationRow {
        id: Uuid::now_v7(),
        admin: "mod".into(),
        action,
        target: "ada".into(),
        player: Some(player),
        reason: "spam".into(),
        at_ms: at,
        until_ms,
    };
    let short = row(ModerationAction::Ban, Some(at + 60_000));
    let long = row(ModerationAction::Ban, Some(at + 600_000));
    let past = row(ModerationAction::Mute, Some(at + 1));
    for r in [&short, &long, &past] {
        store.record_moderation(r).await.unwrap();
    }
    let now = at + 30_000;
    let ban = store
        .sanction(PlayerId(player), ModerationAction::Ban, now)
        .await
        .unwrap();
    assert_eq!(ban, Some(long.clone()), "the longest running ban");
    let mute = store
        .sanction(PlayerId(player), ModerationAction::Mute, now)
        .await
        .unwrap();
    assert_eq!(mute, None, "the mute has run out");
    let other = store
        .sanction(PlayerId(Uuid::now_v7()), ModerationAction::Ban, now)
        .await
        .unwrap();
    assert_eq!(other, None);
    let log = store.moderation_log(10).await.unwrap();
    assert!(log.iter().any(|r| r == &past), "the log keeps every action");
}

/// Tournaments: made, listed, edited; entries kept with their first time; each game scored once.
async fn tournaments(store: Store) {
    use fourhand_protocol::TournamentId;
    use fourhand_server::store::{EntryRow, TournamentGameRow, TournamentRow};
    let id = TournamentId(Uuid::now_v7());
    let t = TournamentRow {
        id,
        kind: "arena".into(),
        settings: r#"{"name":"hourly"}"#.into(),
        status: "created".into(),
        starts_ms: 2_000_000_000_000,
        ends_ms: 2_000_003_300_000,
        created_by: "mod".into(),
        created_ms: 1_999_000_000_000,
    };
    store.create_tournament(&t).await.unwrap();
    assert!(matches!(
        store.create_tournament(&t).await,
        Err(StoreError::Conflict)
    ));
    assert_eq!(store.tournament(id).await.unwrap(), Some(t.clone()));
    assert!(store
        .tournaments(0, 1000)
        .await
        .unwrap()
        .iter()
        .any(|x| x.id == id));
    let running = TournamentRow {
        status: "running".into(),
        ..t.clone()
    };
    store.update_tournament(&running).await.unwrap();
    assert_eq!(
        store.tournament(id).await.unwrap().unwrap().status,
        "running"
    );
    // Entries: the first time stays when an entry changes.
    let (a, b) = (PlayerId(Uuid::now_v7()), PlayerId(Uuid::now_v7()));
    let entry = |player, joined_ms, paused| EntryRow {
        tournament: id,
        player,
        name: format!("n{joined_ms}"),
        rating: 1500.0,
        joined_ms,
        paused,
        withdrawn: paused,
        removed: paused,
        partner: None,
        partner_name: None,
    };
    store.put_entry(&entry(b, 20, false)).await.unwrap();
    store.put_entry(&entry(a, 10, false)).await.unwrap();
    store.put_entry(&entry(b, 99, true)).await.unwrap();
    let e = store.entries(id).await.unwrap();
    assert_eq!(
        e.iter()
            .map(|x| (x.player, x.joined_ms, x.paused, x.withdrawn, x.removed))
            .collect::<Vec<_>>(),
        [(a, 10, false, false, false), (b, 20, true, true, true)]
    );
    // A Swiss partner (an invitation, then a team) is kept with its name.
    store
        .put_entry(&EntryRow {
            partner: Some(b),
            partner_name: Some("n20".into()),
            ..entry(a, 10, false)
        })
        .await
        .unwrap();
    let e = store.entries(id).await.unwrap();
    assert_eq!(
        (e[0].partner, e[0].partner_name.as_deref(), e[1].partner),
        (Some(b), Some("n20"), None)
    );
    // Games: scored once.
    let g = TournamentGameRow {
        game: GameId(Uuid::now_v7()),
        tournament: id,
        players: "[]".into(),
        started_ms: 5,
        scored: None,
        scored_ms: None,
    };
    store.add_tournament_game(&g).await.unwrap();
    assert!(matches!(
        store.add_tournament_game(&g).await,
        Err(StoreError::Conflict)
    ));
    assert!(store.score_tournament_game(g.game, "[1]", 7).await.unwrap());
    assert!(
        !store.score_tournament_game(g.game, "[2]", 8).await.unwrap(),
        "scored once"
    );
    let games = store.tournament_games(id).await.unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(
        (games[0].scored.as_deref(), games[0].scored_ms),
        (Some("[1]"), Some(7))
    );
}

/// The analysis tables: the deepest lines kept per position, and reviews taken by one node at a
/// time under a lease, taken again when it runs out, completed once by their holder.
async fn analysis(store: Store) {
    let pos = format!("teams|{}", Uuid::now_v7());
    let kept = |asked, depth| CachedLines {
        asked,
        depth,
        nodes: 10,
        result: format!("{asked}/{depth}"),
    };
    assert_eq!(store.cached_lines(&pos, 1).await.unwrap(), None);
    store.cache_lines(&pos, 3, &kept(30, 12)).await.unwrap();
    // A shallower search does not replace a deeper one; one line is answered by three.
    store.cache_lines(&pos, 3, &kept(8, 8)).await.unwrap();
    let c = store.cached_lines(&pos, 1).await.unwrap().unwrap();
    assert_eq!(c, kept(30, 12));
    assert!(c.answers(30) && c.answers(8));
    assert_eq!(store.cached_lines(&pos, 4).await.unwrap(), None);
    store.cache_lines(&pos, 1, &kept(8, 6)).await.unwrap();
    assert_eq!(
        store.cached_lines(&pos, 1).await.unwrap().unwrap(),
        kept(30, 12)
    );
    assert!(!kept(8, 6).answers(9) && kept(8, 6).answers(8));

    let asker = PlayerId(Uuid::now_v7());
    let review = |created_ms| ReviewRow {
        game: GameId(Uuid::now_v7()),
        requested_by: asker,
        status: ReviewStatus::Queued,
        node: None,
        lease_until: 0,
        done_positions: 0,
        total_positions: 0,
        result: None,
        created_ms,
        finished_ms: None,
    };
    let (a, b) = (review(1), review(2));
    store.create_review(&a).await.unwrap();
    assert!(matches!(
        store.create_review(&a).await,
        Err(StoreError::Conflict)
    ));
    store.create_review(&b).await.unwrap();
    assert_eq!(store.open_reviews_of(asker).await.unwrap(), 2);
    // The oldest first; each to one node.
    let one = store.claim_review("n1", 100, 200).await.unwrap().unwrap();
    assert_eq!((one.game, one.status), (a.game, ReviewStatus::Running));
    let two = store.claim_review("n2", 100, 200).await.unwrap().unwrap();
    assert_eq!(two.game, b.game);
    assert_eq!(store.claim_review("n3", 150, 250).await.unwrap(), None);
    // n1 renews; n2 goes silent and its review is taken again once the lease has run out.
    assert!(store.renew_review(a.game, "n1", 400, 3, 9).await.unwrap());
    assert!(!store.renew_review(a.game, "n2", 400, 3, 9).await.unwrap());
    let again = store.claim_review("n3", 300, 500).await.unwrap().unwrap();
    assert_eq!((again.game, again.node.as_deref()), (b.game, Some("n3")));
    // The node that lost it can neither renew nor complete it; the holder completes it once.
    assert!(!store.renew_review(b.game, "n2", 600, 1, 9).await.unwrap());
    assert!(!store
        .finish_review(b.game, "n2", ReviewStatus::Done, Some("x"), 600)
        .await
        .unwrap());
    assert!(store
        .finish_review(b.game, "n3", ReviewStatus::Done, Some("{}"), 600)
        .await
        .unwrap());
    assert!(!store
        .finish_review(b.game, "n3", ReviewStatus::Done, Some("{}"), 700)
        .await
        .unwrap());
    let done = store.review(b.game).await.unwrap().unwrap();
    assert_eq!(done.status, ReviewStatus::Done);
    assert_eq!(done.result.as_deref(), Some("{}"));
    assert_eq!(done.finished_ms, Some(600));
    let a_now = store.review(a.game).await.unwrap().unwrap();
    assert_eq!((a_now.done_positions, a_now.total_positions), (3, 9));
    assert_eq!(store.open_reviews_of(asker).await.unwrap(), 1);
    assert!(store
        .finish_review(a.game, "n1", ReviewStatus::Failed, None, 800)
        .await
        .unwrap());
    assert_eq!(store.open_reviews_of(asker).await.unwrap(), 0);
    // Nothing left to take.
    assert_eq!(
        store.claim_review("n4", 10_000, 20_000).await.unwrap(),
        None
    );
}

/// Playbans: conduct recorded once per game and player, the latest first; playbans counted and
/// in force until their end.
async fn playbans(store: Store) {
    use fourhand_rating::playban::Conduct;
    let p = PlayerId(Uuid::now_v7());
    let games: Vec<GameId> = (0..3).map(|_| GameId(Uuid::now_v7())).collect();
    store
        .record_conduct(p, games[0], Conduct::Good, 10)
        .await
        .unwrap();
    store
        .record_conduct(p, games[1], Conduct::Aborted, 20)
        .await
        .unwrap();
    store
        .record_conduct(p, games[2], Conduct::Left, 30)
        .await
        .unwrap();
    // A second record of a game changes nothing.
    store
        .record_conduct(p, games[2], Conduct::Good, 40)
        .await
        .unwrap();
    assert_eq!(
        store.latest_conduct(p, 20).await.unwrap(),
        [Conduct::Left, Conduct::Aborted, Conduct::Good]
    );
    assert_eq!(store.latest_conduct(p, 2).await.unwrap().len(), 2);
    assert_eq!(store.playban_until(p, 100).await.unwrap(), None);
    store.add_playban(p, 100, 200).await.unwrap();
    assert_eq!(store.playbans_since(p, 50).await.unwrap(), 1);
    assert_eq!(store.playbans_since(p, 150).await.unwrap(), 0);
    assert_eq!(store.playban_until(p, 150).await.unwrap(), Some(200));
    assert_eq!(store.playban_until(p, 200).await.unwrap(), None);
    let other = PlayerId(Uuid::now_v7());
    assert_eq!(store.playban_until(other, 150).await.unwrap(), None);
}

#[tokio::test]
async fn memory_store() {
    contract(Store::memory()).await;
    analysis(Store::memory()).await;
    playbans(Store::memory()).await;
    tournaments(Store::memory()).await;
    sanctions(Store::memory()).await;
    leases(Store::memory()).await;
    actions_of_many_games_at_once(Store::memory()).await;
}

#[tokio::test]
async fn sqlite_store() {
    let store = Store::connect(&support::sqlite_url()).await.unwrap();
    assert_eq!(store.kind(), "sqlite");
    contract(store.clone()).await;
    analysis(store.clone()).await;
    playbans(store.clone()).await;
    sanctions(store.clone()).await;
    leases(store.clone()).await;
    tournaments(store.clone()).await;
    actions_of_many_games_at_once(store.clone()).await;
    an_abandoned_write_is_not_written_later(store).await;
}

#[tokio::test]
async fn postgres_store() {
    let Some(url) = support::postgres_url().await else {
        return;
    };
    let store = Store::connect(&url).await.unwrap();
    assert_eq!(store.kind(), "postgres");
    contract(store.clone()).await;
    analysis(store.clone()).await;
    playbans(store.clone()).await;
    sanctions(store.clone()).await;
    leases(store.clone()).await;
    tournaments(store.clone()).await;
    actions_of_many_games_at_once(store.clone()).await;
    an_abandoned_write_is_not_written_later(store).await;
}

/// Two rated games of one player end at the same moment, many times over: every change counts
/// (each starts from the rating the other left), none is lost.
async fn concurrent_results_lose_no_rating(store: Store) {
    use fourhand_rating::Finish;
    use fourhand_server::store::{RatingJob, Settled};
    let player = Uuid::now_v7();
    let rounds = 12;
    for round in 0..rounds {
        let mut games = Vec::new();
        for _ in 0..2 {
            let mut g = new_game();
            g.rated = true;
            g.seats[0].player = Some(player);
            store.create_game(&g).await.unwrap();
            games.push(g);
        }
        let end = |i: i64| GameEnd {
            result: "1-0".into(),
            termination: "Checkmate.".into(),
            points: [0; 4],
            placings: None,
            pgn4: String::new(),
            ended_ms: 1_800_000_000_000 + round * 10 + i,
        };
        let job = |g: &NewGame| RatingJob {
            pool: "teams-blitz".into(),
            rated: true,
            players: [Some(player), g.seats[1].player, g.seats[2].player, None],
            bots: [None, None, None, Some("greedy".into())],
            finish: Settled::Played(Finish::Sides(Some(0))),
        };
        let (e0, e1) = (end(0), end(1));
        let (j0, j1) = (job(&games[0]), job(&games[1]));
        let (a, b) = tokio::join!(
            store.finish_game(GameId(games[0].id), &e0, Some(&j0)),
            store.finish_game(GameId(games[1].id), &e1, Some(&j1)),
        );
        assert!(a.unwrap() && b.unwrap());
    }
    let rows = store.ratings_of(PlayerId(player)).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].games, 2 * rounds, "every rated game counted");
    let history = store.rating_history(PlayerId(player), 1000).await.unwrap();
    assert_eq!(history.len() as i64, 2 * rounds);
    let mut befores: Vec<f64> = history.iter().map(|c| c.before).collect();
    let mut afters: Vec<f64> = history.iter().map(|c| c.after).collect();
    befores.sort_by(f64::total_cmp);
    afters.sort_by(f64::total_cmp);
    // A chain of wins: each change starts where another ended (the first from 1500).
    assert_eq!(befores[0], 1500.0);
    for w in befores[1..].iter().zip(&afters[..afters.len() - 1]) {
        assert!(
            (w.0 - w.1).abs() < 1e-9,
            "a change started from a lost rating: {w:?}"
        );
    }
}

#[tokio::test]
async fn concurrent_results_on_postgres_lose_no_rating() {
    let Some(url) = support::postgres_url().await else {
        return;
    };
    concurrent_results_lose_no_rating(Store::connect(&url).await.unwrap()).await;
}

#[tokio::test]
async fn concurrent_results_on_sqlite_lose_no_rating() {
    let url = support::sqlite_url();
    concurrent_results_lose_no_rating(Store::connect(&url).await.unwrap()).await;
}
