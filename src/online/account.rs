//! What this device keeps for online play: the room server's address, the
//! device token it registered there, and the seat of each unfinished online
//! game (so reopening the app returns to it). Tokens stay on the device;
//! the server only has their hashes.

use crate::storage::Store;
use papan_api::{Client, ClientError, ErrorCode, GameId, SeatGrant};
use serde::{Deserialize, Serialize};

/// Where the server address is kept.
pub const SERVER_KEY: &str = "online-server";
const DEVICE_KEY: &str = "online-device";

/// The port the README's server command listens on.
pub const DEFAULT_PORT: u16 = 8787;

/// The room server to use when none was set: the page's own origin when
/// a room server served the page (`papan-server --app`, what `cargo xtask
/// serve` runs, marks it with `<meta name="papan-server">`), else the
/// machine that served the page on [`DEFAULT_PORT`] (so a phone on the
/// same network finds it), else this device.
pub fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let window = web_sys::window();
        let same_origin = window
            .as_ref()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector("meta[name=papan-server]").ok().flatten())
            .is_some();
        let location = window.map(|w| w.location());
        if same_origin {
            if let Some(origin) = location.as_ref().and_then(|l| l.origin().ok()) {
                return origin;
            }
        }
        let host = location
            .and_then(|l| l.hostname().ok())
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "127.0.0.1".to_string());
        format!("http://{host}:{DEFAULT_PORT}")
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        format!("http://127.0.0.1:{DEFAULT_PORT}")
    }
}

/// The server address in use.
pub fn server(store: &Store) -> String {
    store
        .get(SERVER_KEY)
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(default_server)
}

/// Checks and normalises what is typed in settings: one address, or the
/// addresses of several nodes of one server separated by commas (the app
/// moves to the next when one stops answering). `host:port` gets
/// `http://`; anything but http(s) with a host is refused with the reason
/// (a Fluent key).
pub fn normalize_server(text: &str) -> Result<String, &'static str> {
    let addresses = papan_api::server_addresses(text);
    if addresses.is_empty() {
        return Err(crate::i18n::key("online-server-empty"));
    }
    let normalized: Vec<String> = addresses
        .iter()
        .map(|address| normalize_address(address))
        .collect::<Result<_, _>>()?;
    Ok(normalized.join(", "))
}

/// One address (no spaces or commas: [`papan_api::server_addresses`]
/// split them off).
fn normalize_address(text: &str) -> Result<String, &'static str> {
    let (scheme, rest) = if let Some(rest) = text.strip_prefix("http://") {
        ("http", rest)
    } else if let Some(rest) = text.strip_prefix("https://") {
        ("https", rest)
    } else if text.contains("://") {
        return Err(crate::i18n::key("online-server-scheme"));
    } else {
        ("http", text)
    };
    let rest = rest.trim_end_matches('/');
    let authority = rest.split('/').next().unwrap_or("");
    // `host`, `host:port`, `[v6]` or `[v6]:port`.
    let (host, port) = match authority.strip_prefix('[').and_then(|v6| v6.split_once(']')) {
        Some((v6, after)) => (
            v6,
            after
                .strip_prefix(':')
                .unwrap_or(if after.is_empty() { "0" } else { "" }),
        ),
        None => authority.split_once(':').unwrap_or((authority, "0")),
    };
    let bracketed = authority.starts_with('[');
    if !is_host(host, bracketed) || port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) {
        return Err(crate::i18n::key("online-server-host"));
    }
    Ok(format!("{scheme}://{rest}"))
}

/// An IPv6 address (inside brackets), or a host name or IPv4 address in
/// ASCII: labels of letters, digits, `-` and `_`, none empty or starting or
/// ending with `-`. Anything else is refused here with its reason rather
/// than handed to the HTTP client's URL parser (whose IDNA code asserts on
/// some non-ASCII input in debug builds).
fn is_host(host: &str, bracketed: bool) -> bool {
    if bracketed {
        return host.parse::<std::net::Ipv6Addr>().is_ok();
    }
    let label_ok = |label: &str| {
        (1..=63).contains(&label.len())
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    host.len() <= 253 && host.split('.').all(label_ok)
}

pub fn set_server(store: &Store, text: &str) -> Result<String, String> {
    let address = normalize_server(text).map_err(|k| k.to_string())?;
    store.set(SERVER_KEY, &address)?;
    Ok(address)
}

/// The device's registration with one server. One is kept per server, so
/// switching servers and back keeps the device (and its ratings) on each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Device {
    server: String,
    device_id: String,
    device_token: String,
}

fn devices(store: &Store) -> Vec<Device> {
    store.load(DEVICE_KEY).ok().flatten().unwrap_or_default()
}

/// A client for `server` acting as this device, registering it first when
/// this server has not seen it (or forgot it).
pub async fn client(store: &Store, server: &str) -> Result<Client, ClientError> {
    match devices(store).into_iter().find(|d| d.server == server) {
        Some(device) => Ok(Client::new(server).with_device_token(device.device_token)),
        None => register(store, server).await,
    }
}

async fn register(store: &Store, server: &str) -> Result<Client, ClientError> {
    let mut client = Client::new(server);
    let registration = client.register().await?;
    let mut known = devices(store);
    known.retain(|d| d.server != server);
    known.push(Device {
        server: server.to_string(),
        device_id: registration.device_id,
        device_token: registration.device_token,
    });
    if let Err(e) = store.save(DEVICE_KEY, &known) {
        crate::diag::warn(&format!("could not keep the device token: {e}"));
    }
    Ok(client)
}

/// Registers this device on `server` afresh (its games there moved to
/// another device: the old token is answered `moved` for good).
pub async fn register_again(store: &Store, server: &str) -> Result<Client, ClientError> {
    register(store, server).await
}

/// This device now acts as `device_id` on `server` (a transfer claimed with
/// its token): its ratings and seats there are that device's.
pub fn adopt(store: &Store, server: &str, device_id: &str) {
    let mut known = devices(store);
    for device in known.iter_mut().filter(|d| d.server == server) {
        device.device_id = device_id.to_string();
    }
    if let Err(e) = store.save(DEVICE_KEY, &known) {
        crate::diag::warn(&format!("could not keep the received identity: {e}"));
    }
}

/// Runs `call` as this device; when the server no longer knows the device
/// (its database was reset) registers again once and retries. A device
/// whose games moved to another one (`moved`) does not register again: it
/// is noted, and the refusal answered.
pub async fn with_client<T, F, Fut>(store: &Store, server: &str, call: F) -> Result<T, ClientError>
where
    F: Fn(Client) -> Fut,
    Fut: std::future::Future<Output = Result<T, ClientError>>,
{
    let client = client(store, server).await?;
    match call(client).await {
        Err(e) if e.code() == Some(ErrorCode::Unauthorized) => call(register(store, server).await?).await,
        Err(e) if e.code() == Some(ErrorCode::Moved) => {
            super::transfer::mark_moved(store, server);
            Err(e)
        }
        other => other,
    }
}

/// An online seat kept on the device until its room is left or closed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveSeat {
    pub server: String,
    pub game: GameId,
    pub grant: SeatGrant,
    /// Seated by quick match (the waiting screen looks for an opponent
    /// rather than showing a code to share).
    #[serde(default)]
    pub matchmaking: bool,
    /// The room's last game is over: the app does not jump back to it on
    /// start (the home card still leads there, for a rematch).
    #[serde(default)]
    pub finished: bool,
}

/// Records whether the kept seat's game is over (no-op when unchanged or
/// when no seat is kept).
pub fn mark_finished(store: &Store, game: GameId, finished: bool) {
    if let Some(mut seat) = active_seat(store, game) {
        if seat.finished != finished {
            seat.finished = finished;
            if let Err(e) = keep_seat(store, &seat) {
                crate::diag::warn(&format!("could not update the online seat: {e}"));
            }
        }
    }
}

fn seat_key(game: GameId) -> String {
    format!("online-seat-{}", game.code())
}

pub fn active_seat(store: &Store, game: GameId) -> Option<ActiveSeat> {
    store.load(&seat_key(game)).ok().flatten()
}

pub fn keep_seat(store: &Store, seat: &ActiveSeat) -> Result<(), String> {
    store.save(&seat_key(seat.game), seat)
}

pub fn forget_seat(store: &Store, game: GameId) {
    store.remove(&seat_key(game));
}

/// The first game with an online seat kept on this device, an unfinished
/// one first.
pub fn any_active_seat(store: &Store) -> Option<ActiveSeat> {
    let kept: Vec<ActiveSeat> = GameId::ALL.iter().filter_map(|g| active_seat(store, *g)).collect();
    kept.iter().find(|s| !s.finished).or(kept.first()).cloned()
}
