//! The server's storage layer: rooms with their event logs, seats,
//! devices and ratings, on SQLite in this process ([`crate::store`], the
//! embedded default) or on NATS JetStream shared by many nodes
//! ([`crate::cluster`]). Both keep room logs in the versioned at-rest
//! format of [`record`], never in the wire's types.

pub mod device;
pub mod record;
pub mod types;

pub use types::*;

use crate::cluster::Cluster;
use crate::store::Store;
use device::DeviceState;
use papan_api::{ApiError, GameId, Rating, RoomOptions};
use std::sync::Arc;

/// Where rooms, devices and ratings live: SQLite in this process (the
/// embedded default), or NATS JetStream shared by many nodes.
pub enum Storage {
    Sqlite(Arc<Store>),
    Cluster(Arc<Cluster>),
}

impl Storage {
    pub fn cluster(&self) -> Option<&Arc<Cluster>> {
        match self {
            Storage::Cluster(cluster) => Some(cluster),
            Storage::Sqlite(_) => None,
        }
    }

    pub async fn add_device(&self, id: &str, token_hash: &str) -> Res<()> {
        match self {
            Storage::Sqlite(store) => store.add_device(id, token_hash).await,
            Storage::Cluster(cluster) => cluster.add_device(id, token_hash).await,
        }
    }

    pub async fn device_by_token_hash(&self, token_hash: &str) -> Res<Option<String>> {
        match self {
            Storage::Sqlite(store) => Ok(store.device_by_token_hash(token_hash)),
            Storage::Cluster(cluster) => cluster.device(token_hash).await,
        }
    }

    /// See [`Store::add_room`]; on a cluster the code is reserved and this
    /// node named the owner before the log starts.
    pub async fn add_room(&self, id: &str, code: &str, options: &RoomOptions, entry: Entry<'_>) -> Res<bool> {
        match self {
            Storage::Sqlite(store) => store.add_room(id, code, options, entry).await,
            Storage::Cluster(cluster) => {
                if !cluster.reserve_code(code, id).await? {
                    return Ok(false);
                }
                cluster.claim_new(id).await?;
                let header = record::Header {
                    code: code.to_string(),
                    options: *options,
                };
                cluster.append(id, Some(header), entry).await?;
                Ok(true)
            }
        }
    }

    pub async fn append(&self, room_id: &str, entry: Entry<'_>) -> Res<()> {
        match self {
            Storage::Sqlite(store) => store.append(room_id, entry).await,
            Storage::Cluster(cluster) => cluster.append(room_id, None, entry).await,
        }
    }

    /// A device's correspondence games and vacation (the default if none).
    pub async fn device_state(&self, device_id: &str) -> Res<DeviceState> {
        match self {
            Storage::Sqlite(store) => store.device_state(device_id).await,
            Storage::Cluster(cluster) => Ok(cluster.device_state(device_id).await?.0),
        }
    }

    /// Changes a device's state by `change`, stored only if it agrees (its
    /// refusal is answered, the state left as it was). On a cluster it is
    /// a compare-and-set, so `change` may run again on a newer state.
    pub async fn update_device<T: Send + 'static>(
        &self,
        device_id: &str,
        change: impl Fn(&mut DeviceState) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        match self {
            Storage::Sqlite(store) => store.update_device(device_id, change).await,
            Storage::Cluster(cluster) => cluster.update_device(device_id, change).await,
        }
    }

    pub async fn rating(&self, device_id: &str, game: GameId) -> Res<Rating> {
        match self {
            Storage::Sqlite(store) => store.rating(device_id, game).await,
            Storage::Cluster(cluster) => cluster.rating(device_id, game).await,
        }
    }
}
