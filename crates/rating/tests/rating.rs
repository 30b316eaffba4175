//! Glicko-2 against Glickman's worked example, FFA placings with ties, the team formula, the
//! abort penalty, and whole games.

use fourhand_rating::abort::{pairing_ban_ms, penalty};
use fourhand_rating::glicko2::{Result, TAU};
use fourhand_rating::{idle_periods, placing_wins, rate, team_rating, Finish, Participant, Rating};

fn r(rating: f64, rd: f64) -> Rating {
    Rating {
        rating,
        rd,
        volatility: 0.06,
    }
}

fn res(opponent: Rating, score: f64) -> Result {
    Result { opponent, score }
}

#[test]
fn glickmans_worked_example() {
    // "Example of the Glicko-2 system", section 3: 1500 (RD 200) beats 1400 (RD 30), loses to
    // 1550 (RD 100) and to 1700 (RD 300); τ = 0.5.
    let after = r(1500.0, 200.0).update(
        &[
            res(r(1400.0, 30.0), 1.0),
            res(r(1550.0, 100.0), 0.0),
            res(r(1700.0, 300.0), 0.0),
        ],
        TAU,
    );
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.rd - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
}

#[test]
fn a_player_who_pauses_grows_uncertain_but_keeps_his_rating() {
    let p = r(1700.0, 60.0);
    let later = p.after_idle(30);
    assert_eq!(later.rating, 1700.0);
    let expected = ((60.0f64 / 173.7178).powi(2) + 30.0 * 0.06 * 0.06).sqrt() * 173.7178;
    assert!((later.rd - expected).abs() < 1e-9);
    assert!(p.after_idle(100_000).rd <= 350.0);
    assert_eq!(r(1700.0, 60.0).update(&[], TAU).rd, p.after_idle(1).rd);
    let day = 24 * 3_600_000;
    assert_eq!(idle_periods(Some(0), 3 * day + 5), 3);
    assert_eq!(idle_periods(None, 3 * day), 0);
    assert!(!p.provisional() && Rating::default().provisional());
}

#[test]
fn ffa_placings_with_ties() {
    assert_eq!(placing_wins(&[1, 2, 3, 4], 0), 3.0);
    assert_eq!(placing_wins(&[1, 2, 3, 4], 1), 2.0);
    assert_eq!(placing_wins(&[1, 2, 3, 4], 2), 1.0);
    assert_eq!(placing_wins(&[1, 2, 3, 4], 3), 0.0);
    // Two share first: (3 + 2) / 2 wins each.
    assert_eq!(placing_wins(&[1, 1, 3, 4], 0), 2.5);
    assert_eq!(placing_wins(&[1, 1, 3, 4], 1), 2.5);
    // Three share second: (2 + 1 + 0) / 3.
    assert_eq!(placing_wins(&[2, 1, 2, 2], 0), 1.0);
    assert_eq!(placing_wins(&[2, 1, 2, 2], 1), 3.0);
    // All four tied: 1.5 wins and 1.5 losses each.
    assert_eq!(placing_wins(&[1, 1, 1, 1], 3), 1.5);
}

#[test]
fn the_team_formula() {
    assert_eq!(team_rating(1800.0, 1500.0), 1700.0);
    assert_eq!(team_rating(1500.0, 1800.0), 1700.0);
    assert_eq!(team_rating(1600.0, 1600.0), 1600.0);
}

#[test]
fn the_abort_penalty_grows_with_recent_aborts() {
    assert_eq!(penalty(0), 10.0);
    assert_eq!(penalty(1), 20.0);
    assert_eq!(penalty(4), 50.0);
    assert_eq!(penalty(40), 100.0);
    assert_eq!(pairing_ban_ms(2), 0);
    assert_eq!(pairing_ban_ms(3), 15 * 60_000);
    assert_eq!(pairing_ban_ms(4), 30 * 60_000);
    assert_eq!(pairing_ban_ms(50), 24 * 3_600_000);
}

fn player(rating: f64) -> Participant {
    Participant {
        rating: r(rating, 100.0),
        idle_periods: 0,
        fixed: false,
    }
}

#[test]
fn a_teams_game_rates_each_player_against_the_other_teams_rating() {
    let players = [
        player(1600.0),
        player(1500.0),
        player(1400.0),
        player(1700.0),
    ];
    let after = rate(&players, Finish::Sides(Some(0)));
    // South (1600) won against West+East: team rating (2 × 1700 + 1500) / 3.
    let opponent = r(team_rating(1500.0, 1700.0), 100.0);
    let expected = r(1600.0, 100.0).update(&[res(opponent, 1.0)], TAU);
    assert_eq!(after[0], Some(expected));
    assert!(after[2].unwrap().rating > 1400.0);
    assert!(after[1].unwrap().rating < 1500.0 && after[3].unwrap().rating < 1700.0);
    let drawn = rate(&players, Finish::Sides(None));
    // Each player against the other team: South 1600 against 1633 gains by a draw, East 1700
    // against (2 × 1600 + 1400) / 3 = 1533 loses.
    assert!(drawn[0].unwrap().rating > 1600.0, "{drawn:?}");
    assert!(drawn[3].unwrap().rating < 1700.0, "{drawn:?}");
}

#[test]
fn partners_side_by_side_are_rated_against_the_other_pair() {
    // Red (1600) with Blue (1500) against Yellow (1400) and Green (1700): chess.com's
    // Teammate=1. Red and Blue win.
    let players = [
        player(1600.0),
        player(1500.0),
        player(1400.0),
        player(1700.0),
    ];
    let after = rate(
        &players,
        Finish::SidesOf {
            winner: Some(0),
            side: [0, 0, 1, 1],
        },
    );
    let opponent = r(team_rating(1400.0, 1700.0), 100.0);
    let expected = r(1600.0, 100.0).update(&[res(opponent, 1.0)], TAU);
    assert_eq!(after[0], Some(expected));
    assert!(after[1].unwrap().rating > 1500.0, "Blue won with Red");
    assert!(after[2].unwrap().rating < 1400.0 && after[3].unwrap().rating < 1700.0);
    // Opposite partners written as SidesOf rate as Sides does.
    let opposite = Finish::SidesOf {
        winner: Some(0),
        side: [0, 1, 0, 1],
    };
    assert_eq!(
        rate(&players, opposite),
        rate(&players, Finish::Sides(Some(0)))
    );
}

#[test]
fn an_ffa_game_rates_by_placing_against_the_average_and_leaves_bots_alone() {
    let mut players = [player(1500.0); 4];
    players[3] = Participant {
        rating: Rating::fixed(1750.0),
        idle_periods: 0,
        fixed: true,
    };
    let after = rate(&players, Finish::Placings([1, 2, 3, 4]));
    assert_eq!(after[3], None);
    let first = after[0].unwrap().rating;
    let second = after[1].unwrap().rating;
    let third = after[2].unwrap().rating;
    assert!(first > second && second > third, "{after:?}");
    // Second place against an average of (1500 + 1500 + 1750) / 3: 2 wins, 1 loss.
    let opp = Rating {
        rating: (1500.0 + 1500.0 + 1750.0) / 3.0,
        rd: (100.0 + 100.0 + 50.0) / 3.0,
        volatility: 0.06,
    };
    let expected = r(1500.0, 100.0).update(&[res(opp, 2.0 / 3.0); 3], TAU);
    assert_eq!(after[1], Some(expected));
}

#[test]
fn three_players_are_rated_among_themselves() {
    // Three-player Conquest: East (placed 0) had no player. First of three wins twice, second
    // once, third never; the empty seat is no opponent and is not rated.
    let mut players = [
        player(1500.0),
        player(1500.0),
        player(1500.0),
        player(1900.0),
    ];
    players[3].fixed = true;
    let after = rate(&players, Finish::Placings([1, 3, 2, 0]));
    assert_eq!(placing_wins(&[1, 3, 2, 0], 0), 2.0);
    assert_eq!(placing_wins(&[1, 3, 2, 0], 2), 1.0);
    assert_eq!(placing_wins(&[1, 3, 2, 0], 1), 0.0);
    let opponent = r(1500.0, 100.0);
    let first = r(1500.0, 100.0).update(&[res(opponent, 1.0), res(opponent, 1.0)], TAU);
    assert_eq!(
        after[0],
        Some(first),
        "two games against the other two, both won"
    );
    assert!(
        (after[2].unwrap().rating - 1500.0).abs() < 1e-6,
        "one won, one lost: even"
    );
    assert!(after[1].unwrap().rating < 1500.0);
    assert_eq!(after[3], None);
}
