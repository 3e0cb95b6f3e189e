//! The server's storage layer: rooms with their event logs, seats,
//! devices and ratings, on SQLite in this process ([`crate::store`], the
//! embedded default) or on NATS JetStream shared by many nodes
//! ([`crate::cluster`]). Both keep room logs in the versioned at-rest
//! format of [`record`], never in the wire's types.

pub mod device;
pub mod record;
pub mod transfer;
pub mod types;

pub use types::*;

use crate::cluster::Cluster;
use crate::store::Store;
use device::DeviceState;
use papan_api::{ApiError, GameId, Rating, RoomOptions};
use std::sync::Arc;
use transfer::{TokenHolder, TransferRecord};

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

    pub async fn device_by_token_hash(&self, token_hash: &str) -> Res<Option<TokenHolder>> {
        match self {
            Storage::Sqlite(store) => Ok(store.device_by_token_hash(token_hash)),
            Storage::Cluster(cluster) => cluster.device(token_hash).await,
        }
    }

    /// Stores a transfer code (by its hash), replacing the device's
    /// previous one: one live code per device.
    pub async fn put_transfer(&self, code_hash: &str, record: TransferRecord) -> Res<()> {
        match self {
            Storage::Sqlite(store) => store.put_transfer(code_hash, record).await,
            Storage::Cluster(cluster) => cluster.put_transfer(code_hash, record).await,
        }
    }

    /// Claims the code with hash `code_hash` for the device `claimer`
    /// (token hash `claimer_token`): the code is marked used, `claimer`'s
    /// token then stands for the code's device, and that device's old
    /// token is answered `moved`. Only one claim of a code ever wins
    /// (one SQLite transaction; a compare-and-set on a cluster); a refused
    /// one changes nothing.
    pub async fn claim_transfer(
        &self,
        code_hash: &str,
        claimer: &str,
        claimer_token: &str,
        now: u64,
    ) -> Result<TransferRecord, ApiError> {
        match self {
            Storage::Sqlite(store) => store.claim_transfer(code_hash, claimer, claimer_token, now).await,
            Storage::Cluster(cluster) => cluster.claim_transfer(code_hash, claimer, claimer_token, now).await,
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
