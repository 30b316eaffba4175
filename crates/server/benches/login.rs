//! How long a login with a wrong password takes for an account that exists against a name
//! that does not: the two must take about as long, or the time tells a stranger which names
//! have accounts (the server checks a password against a stand-in hash for an unknown name).
//!
//! `cargo bench -p fourhand-server --bench login [-- ROUNDS]` prints the median of each and
//! their ratio (about 1; the argon2 check is nearly all of it).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use fourhand_server::store::Store;
use fourhand_server::{App, Config};
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// POSTs `{name, password}` to `/api/{what}` and returns the status.
async fn post(app: &App, what: &str, name: &str, password: &str) -> StatusCode {
    let body = serde_json::json!({"name": name, "password": password}).to_string();
    let req = Request::builder()
        .method("POST")
        .uri(format!("/api/{what}"))
        .header("content-type", "application/json")
        .body(Body::from(body))
        .expect("a request");
    fourhand_server::app(app.clone())
        .oneshot(req)
        .await
        .expect("an answer")
        .status()
}

/// The median time of `rounds` wrong-password logins as `name`.
async fn median_login(app: &App, name: &str, rounds: usize) -> Duration {
    let mut times = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let t = Instant::now();
        let status = post(app, "login", name, "wrong secret").await;
        times.push(t.elapsed());
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    times.sort();
    times[rounds / 2]
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(15)
        .max(1);
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    rt.block_on(async {
        let app = fourhand_server::state(Config::for_tests(), Store::memory())
            .await
            .expect("the app");
        let created = post(&app, "register", "real_name", "a long secret phrase").await;
        assert_eq!(created, StatusCode::CREATED);
        let real = median_login(&app, "real_name", rounds).await;
        let none = median_login(&app, "no_such_name", rounds).await;
        println!(
            "login with a wrong password, median of {rounds}: existing account {real:?}, \
             unknown name {none:?}, ratio {:.2}",
            none.as_secs_f64() / real.as_secs_f64()
        );
    });
}
