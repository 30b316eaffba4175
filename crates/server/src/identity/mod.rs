//! Who is who: signed session tokens for guests and accounts, argon2 password hashes, and the
//! secret seat tokens that let one connection move for one seat.

use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

pub mod accounts;
pub mod lookup;
pub mod names;
pub mod session;

/// A player as a session token describes him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Player id.
    #[serde(rename = "p")]
    pub id: Uuid,
    /// Display name.
    #[serde(rename = "n")]
    pub name: String,
    /// Has an account (may play rated games).
    #[serde(rename = "r")]
    pub registered: bool,
}

/// What a session token says.
#[derive(Serialize, Deserialize)]
struct Claims {
    #[serde(flatten)]
    player: Player,
    #[serde(rename = "s")]
    session: Uuid,
}

/// Signs and checks session tokens.
#[derive(Clone)]
pub struct Sessions {
    secret: Vec<u8>,
}

impl Sessions {
    /// Tokens signed with `secret`.
    pub fn new(secret: &[u8]) -> Sessions {
        Sessions {
            secret: secret.to_vec(),
        }
    }

    fn mac(&self, payload: &str) -> String {
        let mut m = Hmac::<Sha256>::new_from_slice(&self.secret).expect("any key length works");
        m.update(payload.as_bytes());
        URL_SAFE_NO_PAD.encode(m.finalize().into_bytes())
    }

    /// A signed token for `player` in session `session` (see [`session`] for opening one:
    /// a token is only good while its session is stored, unexpired and not revoked).
    pub fn issue(&self, player: &Player, session: Uuid) -> String {
        let claims = Claims {
            player: player.clone(),
            session,
        };
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).unwrap_or_default());
        let sig = self.mac(&payload);
        format!("{payload}.{sig}")
    }

    /// The player and session a token names, if its signature is good (whether the session
    /// still holds is the store's to say).
    pub fn check(&self, token: &str) -> Option<(Player, Uuid)> {
        let (payload, sig) = token.split_once('.')?;
        let expected = self.mac(payload);
        if !constant_time_eq(expected.as_bytes(), sig.as_bytes()) {
            return None;
        }
        let c: Claims = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
        Some((c.player, c.session))
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A fresh random secret (hex), for session signing.
pub fn random_secret() -> String {
    let mut b = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut b);
    hex(&b)
}

/// A new seat token: 128 random bits, hex.
pub fn new_seat_token() -> String {
    let mut b = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut b);
    hex(&b)
}

/// The hash under which a seat token is stored.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// An argon2 hash of `password`.
pub fn hash_password(password: &str) -> Option<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .ok()
        .map(|h| h.to_string())
}

/// True when `password` matches `hash`.
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A guest name such as `guest-4f2a`.
pub fn guest_name() -> String {
    format!("guest-{:04x}", rand::thread_rng().next_u32() & 0xffff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_round_trip_and_reject_forgeries() {
        let s = Sessions::new(b"secret");
        let p = Player {
            id: Uuid::now_v7(),
            name: "ann".into(),
            registered: true,
        };
        let id = Uuid::now_v7();
        let t = s.issue(&p, id);
        assert_eq!(s.check(&t), Some((p.clone(), id)));
        assert_eq!(Sessions::new(b"other").check(&t), None);
        let forged = format!("{}x", t);
        assert_eq!(s.check(&forged), None);
        assert_eq!(s.check("garbage"), None);
    }

    #[test]
    fn passwords_hash_and_verify() {
        let h = hash_password("hunter2").unwrap();
        assert!(verify_password("hunter2", &h));
        assert!(!verify_password("hunter3", &h));
        assert!(!verify_password("x", "not a hash"));
    }

    #[test]
    fn seat_tokens_are_random_and_hashed() {
        let a = new_seat_token();
        assert_ne!(a, new_seat_token());
        assert_eq!(token_hash(&a), token_hash(&a));
        assert_eq!(token_hash(&a).len(), 64);
    }
}
