//! Many nodes on NATS JetStream (`papan-server --nats nats://…`), through
//! the official `async-nats` client. What lives where:
//!
//! - each room's event log: the stream `PAPAN_ROOMS`, subject
//!   `papan.room.<id>`, one message per commit ([`log`]), appended with
//!   `Nats-Expected-Last-Subject-Sequence` so a node that lost a room
//!   cannot fork its log;
//! - key-value buckets, written with compare-and-set: `papan-devices`
//!   (token hash → device), `papan-codes` (join code → room),
//!   `papan-ratings` (`<game>.<device>` → standing, [`ratings`]),
//!   `papan-rated` (room → its last game rated), `papan-match` (quick
//!   match: options → the waiting room), `papan-owners` (room → node),
//!   `papan-device-state` (device → its correspondence games and vacation),
//!   `papan-limits` (`<device>.<window>` → requests counted, [`limits`]);
//!   a closed room's owner record, code and rated mark are erased
//!   ([`forget`]);
//!   `papan-transfers` (transfer code hash → the device it moves, kept a
//!   day; `device.<id>` → the device's live code hash);
//! - leases: `papan-nodes` (node → alive) has a max age of one lease; each
//!   node renews its own key every third of it. A room belongs to the node
//!   named in `papan-owners` while that node's lease lives; once it lapses,
//!   any node may take the room over by compare-and-set on the owner record
//!   and rebuild it from the log. One renewal per node, not per room: ten
//!   thousand rooms do not cost ten thousand writes per lease.
//!
//! Requests for a room owned elsewhere travel over NATS request-reply to
//! the owner ([`crate::relay`]); its event streams are relayed per seat,
//! filtered by the owner.

pub mod forget;
pub mod limits;
mod log;
pub mod ratings;

pub use crate::storage::record::Header;

use crate::storage::device::DeviceState;
use crate::storage::transfer::{self, TokenHolder, TransferRecord};
use crate::storage::types::{Res, StoreError};
use async_nats::jetstream::{self, kv, stream};
use futures_util::StreamExt;
use papan_api::ApiError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

/// The stream of every room's log, one subject per room.
pub const STREAM: &str = "PAPAN_ROOMS";
pub const SUBJECT: &str = "papan.room";

/// How a node reaches the cluster.
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// NATS servers, comma-separated (`nats://127.0.0.1:4222`).
    pub url: String,
    /// How long a node's lease lives without renewal: a killed node's rooms
    /// are taken over within about this long.
    pub lease: Duration,
    /// Copies JetStream keeps of the logs and buckets (3 on a NATS cluster).
    pub replicas: usize,
}

impl ClusterConfig {
    pub fn new(url: impl Into<String>) -> ClusterConfig {
        ClusterConfig {
            url: url.into(),
            lease: Duration::from_secs(10),
            replicas: 1,
        }
    }
}

pub struct Cluster {
    /// This process's node id: fresh at every start, so a restarted node
    /// never mistakes its old rooms for its own.
    pub node: String,
    pub lease: Duration,
    replicas: usize,
    pub client: async_nats::Client,
    js: jetstream::Context,
    rooms: stream::Stream,
    nodes: kv::Store,
    owners: kv::Store,
    codes: kv::Store,
    devices: kv::Store,
    ratings: kv::Store,
    /// Room → the game index of its last result applied to `ratings`.
    rated: kv::Store,
    /// Requests per device and window, opened at the first request (its
    /// max age follows the node's rate limit).
    limits: tokio::sync::OnceCell<kv::Store>,
    /// `<device>.<window>` → (revision, count) this node last wrote: the
    /// next request of a device that stays on this node is one write.
    limit_seen: Mutex<HashMap<String, (u64, u64)>>,
    matching: kv::Store,
    device_state: kv::Store,
    transfers: kv::Store,
    /// Device tokens seen so far (token hash → whom it stands for). A
    /// transfer changes two of them: every node forgets what it cached of
    /// a token whose entry changed ([`watch_devices`]).
    device_cache: Arc<Mutex<HashMap<String, TokenHolder>>>,
    /// Room → the other node last found owning it, so that a request there
    /// goes straight to it; forgotten when that node does not answer.
    known_owners: Mutex<HashMap<String, String>>,
    /// Room → stream sequence of the last message of its log that this node
    /// read or wrote: the expected sequence of its next append.
    last_seq: Mutex<HashMap<String, u64>>,
}

fn failed(what: &str) -> impl Fn(&dyn std::fmt::Display) -> StoreError + '_ {
    move |e| StoreError::new(format!("{what}: {e}"))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// `key`'s entry in `bucket` as it stands (a value put, not deleted),
/// with its revision for a compare-and-set.
async fn current(bucket: &kv::Store, key: &str, what: &str) -> Res<Option<kv::Entry>> {
    let entry = bucket.entry(key).await.map_err(|e| failed(what)(&e))?;
    Ok(entry.filter(|e| e.operation == kv::Operation::Put))
}

/// Opens bucket `name`, or creates it if this is the first node to ask.
async fn open_bucket(js: &jetstream::Context, name: &str, max_age: Duration, replicas: usize) -> Res<kv::Store> {
    if let Ok(store) = js.get_key_value(name).await {
        return Ok(store);
    }
    let made = js
        .create_key_value(kv::Config {
            bucket: name.into(),
            history: 1,
            max_age,
            storage: stream::StorageType::File,
            num_replicas: replicas,
            ..Default::default()
        })
        .await;
    match made {
        Ok(store) => Ok(store),
        // Another node made it meanwhile.
        Err(e) => js.get_key_value(name).await.map_err(|_| failed(name)(&e)),
    }
}

/// Erases `key` from `bucket` with every revision and no marker left (a
/// purge of its subject in the bucket's stream): nothing of it stays.
async fn erase(bucket: &kv::Store, key: &str, what: &str) -> Res<()> {
    bucket
        .stream
        .purge()
        .filter(format!("{}{key}", bucket.prefix))
        .await
        .map(drop)
        .map_err(|e| failed(what)(&e))
}

/// Whether `id` (from a request) can be a room id: letters, digits, `-`,
/// `_`. Anything else names no room; above all never a NATS wildcard or a
/// deeper subject, which could gather other rooms' commits or keys.
pub fn plain_id(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The `papan-devices` value of a token whose device moved.
const MOVED: &str = "!moved";

/// How long a transfer's entry is kept: past its 15 minutes, a second
/// claim is still told it was used, not that it never existed.
const TRANSFERS_KEPT: Duration = Duration::from_secs(24 * 3600);

/// Forgets a cached token as soon as its `papan-devices` entry changes (a
/// transfer on any node), and everything cached whenever the watch starts
/// again (changes may have been missed); ends with the cluster.
fn watch_devices(devices: kv::Store, cache: Weak<Mutex<HashMap<String, TokenHolder>>>) {
    tokio::spawn(async move {
        loop {
            match devices.watch_all().await {
                Ok(mut watch) => {
                    match cache.upgrade() {
                        Some(cache) => lock(&cache).clear(),
                        None => return,
                    }
                    while let Some(entry) = watch.next().await {
                        let Some(cache) = cache.upgrade() else { return };
                        match entry {
                            Ok(entry) => {
                                lock(&cache).remove(&entry.key);
                            }
                            Err(e) => {
                                tracing::warn!(error = %e, "watching device tokens");
                                break;
                            }
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot watch device tokens"),
            }
            if cache.strong_count() == 0 {
                return;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}

/// Who holds a room: a node and the owner record's revision.
pub struct Owner {
    pub node: String,
    pub revision: u64,
}

impl Cluster {
    /// Connects, creates the stream and buckets if this is the first node,
    /// and takes this node's lease.
    pub async fn connect(config: &ClusterConfig) -> Res<Cluster> {
        let client = async_nats::ConnectOptions::new()
            .name("papan-server")
            .connect(config.url.split(',').map(str::trim).collect::<Vec<_>>())
            .await
            .map_err(|e| failed("connecting to NATS")(&e))?;
        let js = jetstream::new(client.clone());
        let rooms = js
            .get_or_create_stream(stream::Config {
                name: STREAM.into(),
                subjects: vec![format!("{SUBJECT}.*")],
                storage: stream::StorageType::File,
                num_replicas: config.replicas,
                ..Default::default()
            })
            .await
            .map_err(|e| failed("opening the room log stream")(&e))?;
        let bucket = |name: &'static str, max_age: Duration| open_bucket(&js, name, max_age, config.replicas);
        let cluster = Cluster {
            node: crate::secrets::public_id(),
            lease: config.lease,
            replicas: config.replicas,
            nodes: bucket("papan-nodes", config.lease).await?,
            owners: bucket("papan-owners", Duration::ZERO).await?,
            codes: bucket("papan-codes", Duration::ZERO).await?,
            devices: bucket("papan-devices", Duration::ZERO).await?,
            ratings: bucket("papan-ratings", Duration::ZERO).await?,
            rated: bucket("papan-rated", Duration::ZERO).await?,
            limits: tokio::sync::OnceCell::new(),
            limit_seen: Mutex::new(HashMap::new()),
            matching: bucket("papan-match", Duration::ZERO).await?,
            device_state: bucket("papan-device-state", Duration::ZERO).await?,
            transfers: bucket("papan-transfers", TRANSFERS_KEPT).await?,
            client,
            js,
            rooms,
            device_cache: Arc::new(Mutex::new(HashMap::new())),
            known_owners: Mutex::new(HashMap::new()),
            last_seq: Mutex::new(HashMap::new()),
        };
        watch_devices(cluster.devices.clone(), Arc::downgrade(&cluster.device_cache));
        Ok(cluster)
    }

    /// Takes this node's lease; its revision, for [`Cluster::renew`].
    pub async fn take_lease(&self) -> Res<u64> {
        self.nodes
            .create(&self.node, "alive".into())
            .await
            .map_err(|e| failed("taking this node's lease")(&e))
    }

    /// Renews this node's lease; fails if it lapsed (another node may have
    /// taken its rooms).
    pub async fn renew(&self, revision: u64) -> Res<u64> {
        self.nodes
            .update(&self.node, "alive".into(), revision)
            .await
            .map_err(|e| failed("renewing this node's lease")(&e))
    }

    /// Gives this node's lease up (a clean stop): its rooms are taken over
    /// at once instead of a lease later.
    pub async fn release_lease(&self) -> Res<()> {
        self.nodes
            .delete(&self.node)
            .await
            .map_err(|e| failed("giving the lease up")(&e))
    }

    /// The revision of this node's lease, if it stands.
    pub async fn lease_revision(&self) -> Res<Option<u64>> {
        let entry = current(&self.nodes, &self.node, "reading a lease").await?;
        Ok(entry.map(|e| e.revision))
    }

    pub async fn is_alive(&self, node: &str) -> Res<bool> {
        Ok(current(&self.nodes, node, "reading a lease").await?.is_some())
    }

    /// The node named as the room's owner, if the room exists.
    pub async fn owner(&self, room: &str) -> Res<Option<Owner>> {
        let entry = current(&self.owners, room, "reading a room's owner").await?;
        Ok(entry.and_then(|e| {
            let node = String::from_utf8(e.value.to_vec()).ok()?;
            Some(Owner {
                node,
                revision: e.revision,
            })
        }))
    }

    /// The other node last found owning `room`.
    pub fn known_owner(&self, room: &str) -> Option<String> {
        lock(&self.known_owners).get(room).cloned()
    }

    pub fn remember_owner(&self, room: &str, node: &str) {
        let mut known = lock(&self.known_owners);
        if known.len() >= 100_000 {
            known.clear(); // a bound, not a cache policy: it refills as asked
        }
        known.insert(room.to_string(), node.to_string());
    }

    pub fn forget_owner(&self, room: &str) {
        lock(&self.known_owners).remove(room);
    }

    /// Names this node the owner of a new room.
    pub async fn claim_new(&self, room: &str) -> Res<()> {
        self.owners
            .create(room, self.node.clone().into())
            .await
            .map(drop)
            .map_err(|e| failed("claiming a new room")(&e))
    }

    /// Takes a room over from the owner at `revision` (whose lease lapsed);
    /// `false` if another node was first.
    pub async fn take_over(&self, room: &str, revision: u64) -> Res<bool> {
        match self.owners.update(room, self.node.clone().into(), revision).await {
            Ok(_) => Ok(true),
            Err(e) if e.kind() == kv::UpdateErrorKind::WrongLastRevision => Ok(false),
            Err(e) => Err(failed("taking a room over")(&e)),
        }
    }

    pub async fn add_device(&self, id: &str, token_hash: &str) -> Res<()> {
        self.devices
            .create(token_hash, id.to_string().into())
            .await
            .map_err(|e| failed("registering a device")(&e))?;
        lock(&self.device_cache).insert(token_hash.to_string(), TokenHolder::Device(id.to_string()));
        Ok(())
    }

    pub async fn device(&self, token_hash: &str) -> Res<Option<TokenHolder>> {
        if let Some(holder) = lock(&self.device_cache).get(token_hash) {
            return Ok(Some(holder.clone()));
        }
        let Some(value) = self
            .devices
            .get(token_hash)
            .await
            .map_err(|e| failed("reading a device")(&e))?
        else {
            return Ok(None);
        };
        let holder = if value.as_ref() == MOVED.as_bytes() {
            TokenHolder::Moved
        } else {
            TokenHolder::Device(String::from_utf8(value.to_vec()).map_err(|e| failed("a stored device id")(&e))?)
        };
        lock(&self.device_cache).insert(token_hash.to_string(), holder.clone());
        Ok(Some(holder))
    }

    /// See [`crate::storage::Storage::put_transfer`]: the device's previous
    /// code, if still unclaimed, is deleted first.
    pub async fn put_transfer(&self, code_hash: &str, record: TransferRecord) -> Res<()> {
        let pointer = format!("device.{}", record.device_id);
        if let Some(previous) = current(&self.transfers, &pointer, "reading a device's transfer").await? {
            let previous = String::from_utf8_lossy(&previous.value).into_owned();
            let unclaimed = match current(&self.transfers, &previous, "reading a transfer").await? {
                Some(e) => serde_json::from_slice::<TransferRecord>(&e.value).is_ok_and(|r| !r.claimed),
                None => false,
            };
            if unclaimed {
                self.transfers
                    .delete(&previous)
                    .await
                    .map_err(|e| failed("replacing a transfer")(&e))?;
            }
        }
        let body = serde_json::to_vec(&record).map_err(|e| failed("a transfer")(&e))?;
        self.transfers
            .put(code_hash, body.into())
            .await
            .map_err(|e| failed("storing a transfer")(&e))?;
        self.transfers
            .put(&pointer, code_hash.to_string().into())
            .await
            .map_err(|e| failed("storing a transfer")(&e))?;
        Ok(())
    }

    /// See [`crate::storage::Storage::claim_transfer`]: the code's entry is
    /// marked claimed by compare-and-set, so of two claims only one wins
    /// (the other reads it claimed); the winner then moves the tokens.
    pub async fn claim_transfer(
        &self,
        code_hash: &str,
        claimer: &str,
        claimer_token: &str,
        now: u64,
    ) -> Result<TransferRecord, ApiError> {
        use crate::room::internal;
        let record = loop {
            let Some(entry) = current(&self.transfers, code_hash, "reading a transfer")
                .await
                .map_err(internal)?
            else {
                return Err(transfer::unknown());
            };
            let mut record: TransferRecord = serde_json::from_slice(&entry.value).map_err(internal)?;
            record.claim(claimer, now)?;
            let body = serde_json::to_vec(&record).map_err(internal)?;
            match self.transfers.update(code_hash, body.into(), entry.revision).await {
                Ok(_) => break record,
                Err(e) if e.kind() == kv::UpdateErrorKind::WrongLastRevision => continue,
                Err(e) => return Err(internal(failed("claiming a transfer")(&e))),
            }
        };
        self.devices
            .put(claimer_token, record.device_id.clone().into())
            .await
            .map_err(|e| internal(failed("moving a device")(&e)))?;
        self.devices
            .put(&record.token_hash, MOVED.into())
            .await
            .map_err(|e| internal(failed("moving a device")(&e)))?;
        let mut cache = lock(&self.device_cache);
        cache.insert(claimer_token.to_string(), TokenHolder::Device(record.device_id.clone()));
        cache.insert(record.token_hash.clone(), TokenHolder::Moved);
        Ok(record)
    }

    /// Reserves a join code for `room`; `false` if it is taken.
    pub async fn reserve_code(&self, code: &str, room: &str) -> Res<bool> {
        match self.codes.create(code, room.to_string().into()).await {
            Ok(_) => Ok(true),
            Err(e) if e.kind() == kv::CreateErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(failed("reserving a join code")(&e)),
        }
    }

    pub async fn room_for_code(&self, code: &str) -> Res<Option<String>> {
        let value = self
            .codes
            .get(code)
            .await
            .map_err(|e| failed("reading a join code")(&e))?;
        Ok(value.and_then(|v| String::from_utf8(v.to_vec()).ok()))
    }

    /// A device's correspondence games and vacation, with the revision to
    /// compare-and-set against (`None`: none stored yet).
    pub async fn device_state(&self, device: &str) -> Res<(DeviceState, Option<u64>)> {
        match current(&self.device_state, device, "reading a device's state").await? {
            None => Ok((DeviceState::default(), None)),
            Some(e) => Ok((
                serde_json::from_slice(&e.value).map_err(|e| failed("a stored device state")(&e))?,
                Some(e.revision),
            )),
        }
    }

    /// Changes a device's state by compare-and-set (`change` runs again on
    /// a newer state if another node wrote meanwhile); nothing is written
    /// when it refuses.
    pub async fn update_device<T>(
        &self,
        device: &str,
        change: impl Fn(&mut DeviceState) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        use crate::room::internal;
        loop {
            let (mut state, revision) = self.device_state(device).await.map_err(internal)?;
            let answer = change(&mut state)?;
            let body = serde_json::to_vec(&state).map_err(internal)?;
            let written = match revision {
                Some(revision) => self
                    .device_state
                    .update(device, body.into(), revision)
                    .await
                    .map_err(|e| e.kind()),
                None => self
                    .device_state
                    .create(device, body.into())
                    .await
                    .map_err(|_| kv::UpdateErrorKind::WrongLastRevision),
            };
            match written {
                Ok(_) => return Ok(answer),
                Err(kv::UpdateErrorKind::WrongLastRevision) => continue,
                Err(e) => return Err(internal(failed("writing a device's state")(&e))),
            }
        }
    }

    /// Takes the room waiting for a quick match under `key`, if any (no
    /// other node gets the same one).
    pub async fn take_waiting(&self, key: &str) -> Res<Option<String>> {
        loop {
            let entry = current(&self.matching, key, "reading the match queue").await?;
            let Some(entry) = entry.filter(|e| !e.value.is_empty()) else {
                return Ok(None);
            };
            match self.matching.update(key, "".into(), entry.revision).await {
                Ok(_) => return Ok(String::from_utf8(entry.value.to_vec()).ok()),
                Err(e) if e.kind() == kv::UpdateErrorKind::WrongLastRevision => continue,
                Err(e) => return Err(failed("taking from the match queue")(&e)),
            }
        }
    }

    /// Leaves `room` waiting under `key`; `false` if another room started
    /// waiting there meanwhile.
    pub async fn offer_waiting(&self, key: &str, room: &str) -> Res<bool> {
        let written = match current(&self.matching, key, "reading the match queue").await? {
            Some(e) if !e.value.is_empty() => return Ok(false),
            Some(e) => self
                .matching
                .update(key, room.to_string().into(), e.revision)
                .await
                .map_err(|e| e.to_string()),
            None => self
                .matching
                .create(key, room.to_string().into())
                .await
                .map_err(|e| e.to_string()),
        };
        Ok(written.is_ok())
    }
}
