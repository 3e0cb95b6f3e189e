//! What every request handler shares: the node's configuration, its
//! storage, the rooms running here, the rooms kept closed, the rate limits.

use crate::config::Config;
use crate::core::{Logged, RoomCore};
use crate::push::Pusher;
use crate::room::{self, Actor, Registry, RoomEnv, RoomHandle};
use crate::storage::{self, Storage};
use crate::{games, limits, secrets};
use papan_api::{ApiError, ErrorCode, EventKind, RoomOptions, SeatGrant};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What every request handler shares (a room task gets its [`RoomEnv`]).
pub struct Shared {
    pub config: Config,
    pub store: Arc<Storage>,
    /// The rooms running here.
    pub(crate) rooms: Arc<Registry>,
    /// What their tasks are given.
    pub(crate) room_env: Arc<RoomEnv>,
    /// Quick match: options (as JSON) → the waiting room.
    pub(crate) waiting: Mutex<HashMap<String, String>>,
    /// Rooms kept closed because their stored log cannot be read or
    /// replayed (id → join code): answered 410, never served.
    kept_closed: Mutex<HashMap<String, String>>,
    pub limiter: limits::Limiter,
    /// Web Push notices (the room tasks hand theirs over too).
    pub push: Arc<Pusher>,
    /// Wrong transfer codes tried lately (guessing is bounded).
    pub(crate) transfer_guesses: crate::transfer::Guesses,
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    /// What is shared, around `store`.
    pub fn new(config: Config, store: Storage, push: Arc<Pusher>) -> Shared {
        let store = Arc::new(store);
        let rooms = Arc::new(Registry::default());
        Shared {
            limiter: limits::Limiter::new(&config, &store),
            room_env: Arc::new(RoomEnv {
                config: config.clone(),
                store: store.clone(),
                registry: rooms.clone(),
                push: push.clone(),
            }),
            push,
            config,
            store,
            rooms,
            waiting: Mutex::new(HashMap::new()),
            kept_closed: Mutex::new(HashMap::new()),
            transfer_guesses: Default::default(),
        }
    }

    pub fn room(&self, id: &str) -> Option<RoomHandle> {
        self.rooms.get(id)
    }

    pub fn room_by_code(&self, code: &str) -> Option<RoomHandle> {
        self.rooms.by_code(code)
    }

    /// The running room `id`; 410 `gone` for a room kept closed (its log
    /// cannot be read), 404 otherwise.
    pub fn lookup(&self, id: &str) -> Result<RoomHandle, ApiError> {
        if let Some(handle) = self.room(id) {
            return Ok(handle);
        }
        if lock(&self.kept_closed).contains_key(id) {
            return Err(kept_closed(id));
        }
        Err(ApiError::new(ErrorCode::NotFound, "no such room"))
    }

    /// Like [`Shared::lookup`], and a room closed before the last restart
    /// (closed rooms are not restored at start) is reopened from its log
    /// for the while a closed room stays readable: a retried `leave` is
    /// answered as the first time, and a stream resuming late gets the end.
    pub async fn lookup_or_reopen(self: &Arc<Self>, id: &str) -> Result<RoomHandle, ApiError> {
        match self.lookup(id) {
            Err(e) if e.code == ErrorCode::NotFound => {}
            found => return found,
        }
        // On a cluster, rooms not running here are found by [`Shared::route`].
        let Storage::Sqlite(store) = &*self.store else {
            return Err(ApiError::new(ErrorCode::NotFound, "no such room"));
        };
        let reader = store.clone();
        let wanted = id.to_string();
        let stored = tokio::task::spawn_blocking(move || reader.closed_room(&wanted))
            .await
            .map_err(room::internal)?
            .map_err(room::internal)?;
        self.open_stored(stored)
    }

    /// Starts a stored room read back (a closed one reopened, or on a
    /// cluster one this node owns): 404 if there is none, 410 if its log
    /// cannot be read or replayed.
    pub(crate) fn open_stored(
        self: &Arc<Self>,
        stored: Option<Result<storage::StoredRoom, storage::UnreadableRoom>>,
    ) -> Result<RoomHandle, ApiError> {
        let (room_id, code, reopened) = match stored {
            None => return Err(ApiError::new(ErrorCode::NotFound, "no such room")),
            Some(Ok(room)) => (room.id.clone(), room.code.clone(), restore(self, room)),
            Some(Err(unreadable)) => (unreadable.id, unreadable.code, Err(unreadable.why)),
        };
        let handle = match reopened {
            Ok(handle) => handle,
            Err(why) => {
                tracing::error!(room = %room_id, %why, "closed room kept closed: its stored log cannot be read");
                lock(&self.kept_closed).insert(room_id.clone(), code);
                return Err(kept_closed(&room_id));
            }
        };
        // Two requests may reopen it at once: the first one registered stays.
        let kept = self.rooms.insert_first(&room_id, &code, handle.clone());
        if !kept.same_task(&handle) {
            handle.stop();
        }
        Ok(kept)
    }

    /// The running room with join code `code`; 410 `gone` for a room kept
    /// closed, 404 otherwise.
    pub fn lookup_code(&self, code: &str) -> Result<RoomHandle, ApiError> {
        if let Some(handle) = self.room_by_code(code) {
            return Ok(handle);
        }
        let code = code.trim().to_ascii_uppercase();
        if let Some((id, _)) = lock(&self.kept_closed).iter().find(|(_, c)| **c == code) {
            return Err(kept_closed(id));
        }
        Err(ApiError::new(ErrorCode::NotFound, "no room with this code"))
    }

    /// Whether room `id` is kept closed because its log cannot be read.
    pub fn is_kept_closed(&self, id: &str) -> bool {
        lock(&self.kept_closed).contains_key(id)
    }

    pub fn forget_room(&self, id: &str) {
        self.rooms.forget(id);
    }

    pub(crate) fn register(&self, id: &str, code: &str, handle: RoomHandle) {
        self.rooms.insert(id, code, handle);
    }

    /// Keeps room `id` closed (its log cannot be read): answered 410.
    pub(crate) fn keep_closed(&self, id: String, code: String) {
        lock(&self.kept_closed).insert(id, code);
    }

    /// A new room with the device in slot 0.
    pub async fn create_room(self: &Arc<Self>, device_id: &str, options: RoomOptions) -> Result<SeatGrant, ApiError> {
        games::validate(&options)?;
        let id = secrets::public_id();
        let token = secrets::new_token();
        let hash = secrets::hash_token(&token);
        if options.is_correspondence() {
            // The 51st open correspondence game of a device is refused
            // before anything is stored.
            let room = id.clone();
            self.store
                .update_device(device_id, move |state| state.open_game(&room))
                .await?;
        }
        let created = self.add_room(device_id, &id, &hash, &options).await;
        if created.is_err() && options.is_correspondence() {
            let room = id.clone();
            let _ = self
                .store
                .update_device(device_id, move |state| {
                    state.close_game(&room);
                    Ok(())
                })
                .await;
        }
        let (code, first) = created?;
        let core = RoomCore::new(id.clone(), code.clone(), options);
        let log = first.into_iter().map(|e| (e, None, None)).collect();
        let actor = Actor::restore(self.room_env.clone(), core, vec![(0, hash, device_id.to_string())], log)?;
        self.register(&id, &code, actor.spawn());
        tracing::info!(room = %id, "room created");
        Ok(SeatGrant {
            room_id: id,
            code,
            slot: 0,
            seat_token: token,
        })
    }

    /// Stores a new room with its creator's seat and first events under a
    /// free join code: the code and those events.
    async fn add_room(
        &self,
        device_id: &str,
        id: &str,
        hash: &str,
        options: &RoomOptions,
    ) -> Result<(String, Vec<Logged>), ApiError> {
        let first = vec![
            Logged::new(EventKind::Created),
            Logged::new(EventKind::Joined { slot: 0 }),
        ];
        let mut code = secrets::join_code();
        let mut tries = 0;
        // The room, its creator's seat and first events go in together.
        loop {
            let entry = storage::Entry {
                first_version: 1,
                events: &first,
                seat: Some(storage::NewSeat {
                    slot: 0,
                    token_hash: hash.to_string(),
                    device_id: device_id.to_string(),
                }),
                ..storage::Entry::default()
            };
            if self
                .store
                .add_room(id, &code, options, entry)
                .await
                .map_err(room::internal)?
            {
                return Ok((code, first));
            }
            tries += 1;
            if tries > 20 {
                return Err(ApiError::new(ErrorCode::Internal, "no free join code"));
            }
            code = secrets::join_code();
        }
    }
}

pub(crate) fn kept_closed(id: &str) -> ApiError {
    ApiError::new(
        ErrorCode::Gone,
        format!("room {id} is closed: its stored log cannot be read, so it is not served"),
    )
}

/// Rebuilds a stored room: its options must still be offered and its whole
/// log must replay. Otherwise says why.
pub(crate) fn restore(shared: &Arc<Shared>, room: storage::StoredRoom) -> Result<RoomHandle, String> {
    games::validate(&room.options).map_err(|e| format!("its options are not offered: {e}"))?;
    let core = RoomCore::new(room.id, room.code, room.options);
    let actor = Actor::restore(shared.room_env.clone(), core, room.seats, room.events)
        .map_err(|e| format!("its log does not replay: {e}"))?;
    Ok(actor.spawn())
}
