//! The room API client: reqwest on native and wasm32 (the same code on
//! phones and the web). Every call returns the server's typed [`ApiError`]
//! on refusal.

use crate::error::{ApiError, ErrorCode};
use crate::push::{PushStatus, PushSubscriptionRequest};
use crate::sse::SseParser;
use crate::transfer::{TransferClaim, TransferClaimed, TransferOffer, TransferRequest};
use crate::wire::*;
use futures_util::{Stream, StreamExt};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server refused the request.
    #[error("refused: {0}")]
    Api(ApiError),
    /// Transport failure (connection refused, dropped, ...).
    #[error("transport: {0}")]
    Http(#[from] reqwest::Error),
    /// A body the client could not read.
    #[error("unreadable answer (status {status}): {message}")]
    Decode { status: u16, message: String },
}

impl ClientError {
    /// The API error code, when the server refused.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            ClientError::Api(e) => Some(e.code),
            _ => None,
        }
    }
}

#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    /// The nodes of one server, tried in turn.
    bases: Arc<[String]>,
    /// The node that answered last; shared by the clones of a client, so
    /// once one finds a node gone the others start at the next.
    current: Arc<AtomicUsize>,
    device_token: Option<String>,
}

/// Splits a server setting into its addresses: `http://a:8787` or several,
/// separated by commas or spaces.
pub fn server_addresses(servers: &str) -> Vec<String> {
    servers
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// A node that does not accept the connection by then is passed over (the
/// system's own limit for a machine that is gone is about two minutes).
#[cfg(not(target_arch = "wasm32"))]
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The native HTTP client: a connect timeout, and `authority` trusted
/// beside the built-in roots.
#[cfg(not(target_arch = "wasm32"))]
fn http_client(authority: Option<reqwest::Certificate>) -> Result<reqwest::Client, reqwest::Error> {
    let mut builder = reqwest::Client::builder().connect_timeout(CONNECT_TIMEOUT);
    if let Some(authority) = authority {
        builder = builder.add_root_certificate(authority);
    }
    builder.build()
}

/// Whether `error` means the node did not answer at all (so another node
/// may be asked: an action is idempotent by its `client_seq`), rather than
/// an answer that was refused or could not be read.
fn unanswered(error: &reqwest::Error) -> bool {
    // `is_request`: a kept-alive connection that broke before the answer
    // came (the node died between two requests, or during one).
    #[cfg(not(target_arch = "wasm32"))]
    {
        error.is_connect() || error.is_timeout() || error.is_request()
    }
    // In the browser a node that does not answer fails the fetch itself.
    #[cfg(target_arch = "wasm32")]
    {
        error.is_request() || error.is_timeout()
    }
}

impl Client {
    /// `servers` like `http://127.0.0.1:8787` (no trailing slash needed), or
    /// the addresses of several nodes of one server separated by commas:
    /// a request that a node does not answer goes to the next.
    pub fn new(servers: &str) -> Client {
        let mut bases: Vec<String> = server_addresses(servers)
            .iter()
            .map(|base| base.trim_end_matches('/').to_string())
            .collect();
        if bases.is_empty() {
            // Requests then fail with the transport's own reason.
            bases.push(servers.trim().to_string());
        }
        // The browser keeps its own timeouts and trust.
        #[cfg(target_arch = "wasm32")]
        let http = reqwest::Client::new();
        #[cfg(not(target_arch = "wasm32"))]
        let http = http_client(None).unwrap_or_default();
        Client {
            http,
            bases: bases.into(),
            current: Arc::new(AtomicUsize::new(0)),
            device_token: None,
        }
    }

    /// The node requests go to first (the one that answered last).
    pub fn current_base(&self) -> &str {
        &self.bases[self.current.load(Ordering::Relaxed) % self.bases.len()]
    }

    /// A client on `http`'s connections (clones of one reqwest client share
    /// them: a load generator's thousands of devices on a few HTTP/2
    /// connections).
    pub fn with_http(base: &str, http: reqwest::Client) -> Client {
        Client {
            http,
            ..Client::new(base)
        }
    }

    /// A client that also trusts the certificate authority in `pem` (a
    /// private server's own CA; tests). Native builds only: on the web the
    /// browser decides whom to trust.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn with_root_certificate(mut self, pem: &[u8]) -> Result<Client, ClientError> {
        let authority = reqwest::Certificate::from_pem(pem)?;
        self.http = http_client(Some(authority))?;
        Ok(self)
    }

    /// A client acting for a registered device.
    pub fn with_device_token(mut self, token: impl Into<String>) -> Client {
        self.device_token = Some(token.into());
        self
    }

    pub fn device_token(&self) -> Option<&str> {
        self.device_token.as_deref()
    }

    /// Sends the request `build` makes for a node's API root, to each node
    /// in turn from the current one until one answers; that one becomes
    /// the current node. Only a node that did not answer is passed over.
    async fn send(
        &self,
        build: impl Fn(&reqwest::Client, String) -> reqwest::RequestBuilder,
    ) -> Result<reqwest::Response, reqwest::Error> {
        let start = self.current.load(Ordering::Relaxed);
        let mut step = 0;
        loop {
            let index = (start + step) % self.bases.len();
            let root = format!("{}/v{API_VERSION}", self.bases[index]);
            let mut rb = build(&self.http, root);
            if let Some(token) = &self.device_token {
                rb = rb.bearer_auth(token);
            }
            match rb.send().await {
                Ok(response) => {
                    self.current.store(index, Ordering::Relaxed);
                    return Ok(response);
                }
                Err(e) if unanswered(&e) && step + 1 < self.bases.len() => step += 1,
                Err(e) => return Err(e),
            }
        }
    }

    async fn read<T: DeserializeOwned>(response: reqwest::Response) -> Result<T, ClientError> {
        let status = response.status().as_u16();
        let body = response.bytes().await?;
        // Read as text, as the event stream is: each answer's type then has
        // one JSON reader (`from_str`), where `from_slice` beside it was a
        // second copy of every reader in the web app's download.
        let text = std::str::from_utf8(&body).map_err(|e| ClientError::Decode {
            status,
            message: format!("the answer is not UTF-8 text: {e}"),
        });
        if (200..300).contains(&status) {
            serde_json::from_str(text?).map_err(|e| ClientError::Decode {
                status,
                message: e.to_string(),
            })
        } else {
            match text.ok().map(serde_json::from_str::<ApiError>) {
                Some(Ok(err)) => Err(ClientError::Api(err)),
                _ => Err(ClientError::Decode {
                    status,
                    message: String::from_utf8_lossy(&body).into_owned(),
                }),
            }
        }
    }

    async fn post<B: Serialize, T: DeserializeOwned>(
        &self,
        path: &str,
        body: &B,
        seat_token: Option<&str>,
    ) -> Result<T, ClientError> {
        let response = self
            .send(|http, root| {
                let rb = http.post(format!("{root}{path}")).json(body);
                match seat_token {
                    Some(token) => rb.header(SEAT_TOKEN_HEADER, token),
                    None => rb,
                }
            })
            .await?;
        Self::read(response).await
    }

    /// Registers this device; the client keeps the token for later calls.
    pub async fn register(&mut self) -> Result<DeviceRegistration, ClientError> {
        let reg: DeviceRegistration = self.post("/devices", &serde_json::json!({}), None).await?;
        self.device_token = Some(reg.device_token.clone());
        Ok(reg)
    }

    pub async fn create_room(&self, options: RoomOptions) -> Result<SeatGrant, ClientError> {
        self.post("/rooms", &CreateRoom { options }, None).await
    }

    pub async fn join(&self, code: &str) -> Result<SeatGrant, ClientError> {
        self.post("/rooms/join", &JoinRoom { code: code.to_string() }, None)
            .await
    }

    pub async fn quick_match(&self, options: RoomOptions) -> Result<SeatGrant, ClientError> {
        self.post("/match", &QuickMatch { options }, None).await
    }

    pub async fn snapshot(&self, room_id: &str, seat_token: &str) -> Result<Snapshot, ClientError> {
        let response = self
            .send(|http, root| {
                http.get(format!("{root}/rooms/{room_id}"))
                    .header(SEAT_TOKEN_HEADER, seat_token)
            })
            .await?;
        Self::read(response).await
    }

    pub async fn act(
        &self,
        room_id: &str,
        seat_token: &str,
        request: &ActionRequest,
    ) -> Result<ActionAccepted, ClientError> {
        self.post(&format!("/rooms/{room_id}/actions"), request, Some(seat_token))
            .await
    }

    /// POSTs a raw body (tests of malformed requests).
    pub async fn act_raw(&self, room_id: &str, seat_token: &str, body: Vec<u8>) -> Result<ActionAccepted, ClientError> {
        let response = self
            .send(|http, root| {
                http.post(format!("{root}/rooms/{room_id}/actions"))
                    .header(SEAT_TOKEN_HEADER, seat_token)
                    .header("content-type", "application/json")
                    .body(body.clone())
            })
            .await?;
        Self::read(response).await
    }

    pub async fn rating(&self, game: GameId) -> Result<Rating, ClientError> {
        let response = self
            .send(|http, root| http.get(format!("{root}/ratings/{}", game.code())))
            .await?;
        Self::read(response).await
    }

    /// Starts a vacation of `days` days (0 ends the one running): every
    /// correspondence clock of this device stops meanwhile.
    pub async fn vacation(&self, days: u8) -> Result<VacationStatus, ClientError> {
        self.post("/vacation", &VacationRequest { days }, None).await
    }

    /// A line for each of this device's seats (`POST /v1/seats/summary`):
    /// whose move, time left, last move; rooms that no longer exist in `gone`.
    pub async fn seats_summary(&self, seats: &[SeatRef]) -> Result<SeatsSummary, ClientError> {
        let body = SeatsSummaryRequest { seats: seats.to_vec() };
        self.post("/seats/summary", &body, None).await
    }

    /// Asks for a one-time code that moves this device's identity, with
    /// `seats`, to the device that claims it (`POST /v1/transfer`); a new
    /// code replaces the device's last one.
    pub async fn start_transfer(&self, seats: &[SeatRef]) -> Result<TransferOffer, ClientError> {
        let body = TransferRequest { seats: seats.to_vec() };
        self.post("/transfer", &body, None).await
    }

    /// Claims a transfer code: from then on this client's device token acts
    /// as the device that made the code (`POST /v1/transfer/claim`).
    pub async fn claim_transfer(&self, code: &str) -> Result<TransferClaimed, ClientError> {
        let body = TransferClaim { code: code.to_string() };
        self.post("/transfer/claim", &body, None).await
    }

    /// This device's vacation: running or not, and what is left this month.
    pub async fn vacation_status(&self) -> Result<VacationStatus, ClientError> {
        let response = self.send(|http, root| http.get(format!("{root}/vacation"))).await?;
        Self::read(response).await
    }

    /// The server's Web Push key and what this device is told now.
    pub async fn push_status(&self) -> Result<PushStatus, ClientError> {
        let response = self.send(|http, root| http.get(format!("{root}/push"))).await?;
        Self::read(response).await
    }

    /// Notices of `request.kinds` to the browser subscription in `request`
    /// (replacing the one this device had).
    pub async fn push_subscribe(&self, request: &PushSubscriptionRequest) -> Result<PushStatus, ClientError> {
        let response = self
            .send(|http, root| http.put(format!("{root}/push")).json(request))
            .await?;
        Self::read(response).await
    }

    /// No more notices for this device.
    pub async fn push_unsubscribe(&self) -> Result<PushStatus, ClientError> {
        let response = self.send(|http, root| http.delete(format!("{root}/push"))).await?;
        Self::read(response).await
    }

    /// Opens the room's event stream; with `last_event_id` the server first
    /// sends exactly the events after it.
    pub async fn subscribe(
        &self,
        room_id: &str,
        seat_token: &str,
        last_event_id: Option<u64>,
    ) -> Result<EventStream, ClientError> {
        let response = self
            .send(|http, root| {
                let rb = http
                    .get(format!("{root}/rooms/{room_id}/events"))
                    .header(SEAT_TOKEN_HEADER, seat_token)
                    .header("accept", "text/event-stream");
                match last_event_id {
                    Some(id) => rb.header("last-event-id", id.to_string()),
                    None => rb,
                }
            })
            .await?;
        if !response.status().is_success() {
            return Err(Self::read::<serde_json::Value>(response)
                .await
                .err()
                .unwrap_or(ClientError::Decode {
                    status: 0,
                    message: "unexpected success".into(),
                }));
        }
        let bytes = response.bytes_stream().map(|chunk| chunk.map(|b| b.to_vec()));
        Ok(EventStream {
            bytes: Box::pin(bytes),
            parser: SseParser::new(),
            ready: VecDeque::new(),
            last_event_id,
            chunks: 0,
        })
    }
}

#[cfg(not(target_arch = "wasm32"))]
type ByteStream = Pin<Box<dyn Stream<Item = Result<Vec<u8>, reqwest::Error>> + Send>>;
#[cfg(target_arch = "wasm32")]
type ByteStream = Pin<Box<dyn Stream<Item = Result<Vec<u8>, reqwest::Error>>>>;

/// A room's events as they arrive. After a dropped connection, subscribe
/// again with [`EventStream::last_event_id`].
pub struct EventStream {
    bytes: ByteStream,
    parser: SseParser,
    /// Decoded events of the chunks read so far, each on its own: one that
    /// does not decode is an error in its place, and the events after it in
    /// the same chunk still come.
    ready: VecDeque<Result<RoomEvent, ClientError>>,
    last_event_id: Option<u64>,
    chunks: u64,
}

impl EventStream {
    /// The next event; `None` when the server closed the stream.
    pub async fn next(&mut self) -> Option<Result<RoomEvent, ClientError>> {
        loop {
            if let Some(decoded) = self.pop_ready() {
                return Some(decoded);
            }
            let chunk = match self.bytes.next().await? {
                Ok(chunk) => chunk,
                Err(e) => return Some(Err(e.into())),
            };
            self.accept(&chunk);
        }
    }

    /// Parses a piece of the stream into decoded events (or errors).
    fn accept(&mut self, chunk: &[u8]) {
        self.chunks += 1;
        for raw in self.parser.feed(chunk) {
            let decoded = serde_json::from_str::<RoomEvent>(&raw.data).map_err(|e| ClientError::Decode {
                status: 200,
                message: e.to_string(),
            });
            self.ready.push_back(decoded);
        }
    }

    fn pop_ready(&mut self) -> Option<Result<RoomEvent, ClientError>> {
        let decoded = self.ready.pop_front()?;
        if let Ok(event) = &decoded {
            // Live-only events (presence) are not in the log: resuming
            // after one must still ask for everything after the last
            // logged event.
            if event.kind.is_logged() {
                self.last_event_id = Some(event.version);
            }
        }
        Some(decoded)
    }

    /// How many pieces of the stream have arrived, keep-alive comments
    /// included: a count that stops moving for longer than the keep-alive
    /// period means the connection is dead even if no error says so.
    pub fn chunks_received(&self) -> u64 {
        self.chunks
    }

    /// The id of the last event received (for `Last-Event-ID`).
    pub fn last_event_id(&self) -> Option<u64> {
        self.last_event_id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{EventKind, RoomStatus, Snapshot};
    use crate::RoomOptions;
    use papan_rules::{GameId, Seat};

    fn frame(version: u64, kind: EventKind) -> String {
        let snapshot = Snapshot {
            room_id: "r1".into(),
            code: "ABCD".into(),
            version,
            options: RoomOptions::new(GameId::Hex),
            status: RoomStatus::Waiting,
            game_index: 0,
            slot: 0,
            seat: Seat::First,
            view: None,
            to_move: None,
            roll_due: false,
            legal_moves: Vec::new(),
            moves: Vec::new(),
            outcome: None,
            clock: None,
            bot_seats: Vec::new(),
            commitment: None,
            reveal: None,
            rematch_requested: [false; 2],
            present: [false; 2],
        };
        let data = serde_json::to_string(&RoomEvent {
            version,
            kind,
            snapshot,
        })
        .unwrap();
        format!("id: {version}\nevent: room\ndata: {data}\n\n")
    }

    fn stream() -> EventStream {
        EventStream {
            bytes: Box::pin(futures_util::stream::empty()),
            parser: SseParser::new(),
            ready: VecDeque::new(),
            last_event_id: None,
            chunks: 0,
        }
    }

    #[test]
    fn an_event_that_does_not_decode_is_refused_in_its_place_and_the_rest_of_its_chunk_still_comes() {
        let mut events = stream();
        let chunk = [
            frame(3, EventKind::Created),
            "id: 4\nevent: room\ndata: {\"version\":4}\n\n".to_string(),
            frame(5, EventKind::Joined { slot: 1 }),
        ]
        .concat();
        events.accept(chunk.as_bytes());
        assert_eq!(events.pop_ready().unwrap().unwrap().version, 3);
        assert!(matches!(
            events.pop_ready(),
            Some(Err(ClientError::Decode { status: 200, .. }))
        ));
        let after = events
            .pop_ready()
            .expect("the event after the bad one is kept")
            .unwrap();
        assert_eq!((after.version, after.kind), (5, EventKind::Joined { slot: 1 }));
        assert!(events.pop_ready().is_none());
        // Resuming asks for what follows the last event that decoded.
        assert_eq!(events.last_event_id(), Some(5));
        assert_eq!(events.chunks_received(), 1);
    }
}
