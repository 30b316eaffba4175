//! The last moment this server is known to have been up, kept as a setting: written every
//! second, by every health check and at a graceful stop; a restart charges running turns only
//! up to it.

use super::{Store, StoreResult};
use std::time::Duration;

/// The setting that holds it (epoch ms).
const ALIVE_SETTING: &str = "alive_ms";

/// The setting of one node of a cluster (none: the single server).
fn key(node: Option<&str>) -> String {
    match node {
        None => ALIVE_SETTING.to_string(),
        Some(n) => format!("{ALIVE_SETTING}.{n}"),
    }
}

impl Store {
    /// Writes the moment now as the last one the server was known to be up, within a second.
    pub async fn record_alive(&self) -> Result<(), String> {
        self.record_alive_of(None).await
    }

    /// [`Store::record_alive`] for one node of a cluster (`None`: the single server).
    pub async fn record_alive_of(&self, node: Option<&str>) -> Result<(), String> {
        let now = crate::time::epoch_ms().to_string();
        match tokio::time::timeout(Duration::from_secs(1), self.set_setting(&key(node), &now)).await
        {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err("the store did not answer within a second".into()),
        }
    }

    /// The last moment (epoch ms) the previous run was known to be up, if recorded.
    pub async fn last_alive(&self) -> StoreResult<Option<i64>> {
        self.last_alive_of(None).await
    }

    /// [`Store::last_alive`] of one node of a cluster (`None`: the single server).
    pub async fn last_alive_of(&self, node: Option<&str>) -> StoreResult<Option<i64>> {
        Ok(self
            .setting(&key(node))
            .await?
            .and_then(|v| v.parse::<i64>().ok()))
    }
}
