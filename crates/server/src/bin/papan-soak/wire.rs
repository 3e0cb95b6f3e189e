//! Raw requests to the server under test, so that every status is seen
//! and a request can be resent byte for byte after the server died.

use papan_api::{Client, ClientError, ErrorCode, GameId, RoomOptions, Snapshot, API_VERSION, SEAT_TOKEN_HEADER};
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use std::time::{Duration, Instant};

use crate::ledger::Ledger;

/// How long a request is retried while the server is down before the
/// soak gives up on it.
const GIVE_UP: Duration = Duration::from_secs(90);

#[derive(Clone)]
pub struct Http {
    pub http: reqwest::Client,
    pub base: String,
}

/// One seat of a soak table.
#[derive(Clone)]
pub struct SeatKeys {
    pub device_token: String,
    pub seat_token: String,
}

pub struct Answer {
    pub status: u16,
    pub body: Vec<u8>,
}

impl Http {
    pub fn new(base: String) -> Http {
        Http {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()
                .unwrap_or_default(),
            base,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}/v{API_VERSION}{path}", self.base)
    }

    /// Sends until the server answers (it may be down for a restart);
    /// `None` after [`GIVE_UP`].
    pub async fn send(&self, build: impl Fn() -> reqwest::RequestBuilder) -> Option<Answer> {
        let start = Instant::now();
        let mut pause = Duration::from_millis(20);
        while start.elapsed() < GIVE_UP {
            if let Ok(response) = build().send().await {
                let status = response.status().as_u16();
                if let Ok(body) = response.bytes().await {
                    return Some(Answer {
                        status,
                        body: body.to_vec(),
                    });
                }
            }
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_millis(500));
        }
        None
    }

    /// POSTs an action body with the seat's headers (and `extra` ones).
    pub async fn act(&self, room_id: &str, keys: &SeatKeys, body: Vec<u8>, extra: &HeaderMap) -> Option<Answer> {
        let url = self.url(&format!("/rooms/{room_id}/actions"));
        self.send(|| {
            self.http
                .post(&url)
                .bearer_auth(&keys.device_token)
                .header(SEAT_TOKEN_HEADER, &keys.seat_token)
                .header("content-type", "application/json")
                .headers(extra.clone())
                .body(body.clone())
        })
        .await
    }

    pub async fn snapshot(&self, room_id: &str, keys: &SeatKeys, ledger: &Ledger) -> Result<Snapshot, String> {
        let url = self.url(&format!("/rooms/{room_id}"));
        let answer = self
            .send(|| {
                self.http
                    .get(&url)
                    .bearer_auth(&keys.device_token)
                    .header(SEAT_TOKEN_HEADER, &keys.seat_token)
            })
            .await
            .ok_or("no answer to a snapshot request")?;
        ledger.status(answer.status, "a snapshot request");
        if answer.status != 200 {
            return Err(format!(
                "snapshot answered {}: {}",
                answer.status,
                String::from_utf8_lossy(&answer.body)
            ));
        }
        serde_json::from_slice(&answer.body).map_err(|e| format!("a snapshot that does not read: {e}"))
    }
}

/// A header the seat's requests should not carry, named for the summary.
pub fn header(name: &'static str, value: &[u8]) -> HeaderMap {
    let mut map = HeaderMap::new();
    if let Ok(value) = HeaderValue::from_bytes(value) {
        map.insert(HeaderName::from_static(name), value);
    }
    map
}

/// A registered device, retried through restarts.
pub async fn device(base: &str, ledger: &Ledger) -> Result<Client, String> {
    retry(ledger, "register", || async {
        let mut client = Client::new(base);
        client.register().await.map(|_| client)
    })
    .await
}

/// A table of `game`: one device creates it, another joins by code.
pub async fn table(base: &str, game: GameId, ledger: &Ledger) -> Result<(String, [SeatKeys; 2]), String> {
    let a = device(base, ledger).await?;
    let b = device(base, ledger).await?;
    let created = retry(ledger, "create", || a.create_room(RoomOptions::new(game))).await?;
    let joined = retry(ledger, "join", || b.join(&created.code)).await?;
    let keys = |client: &Client, seat_token: String| SeatKeys {
        device_token: client.device_token().unwrap_or_default().to_string(),
        seat_token,
    };
    Ok((
        created.room_id.clone(),
        [keys(&a, created.seat_token), keys(&b, joined.seat_token)],
    ))
}

/// Runs a client call until the server answers: a transport failure (the
/// server is restarting) is retried, a refusal is returned as an error
/// (a 5xx is also noted as a failure).
async fn retry<T, F, Fut>(ledger: &Ledger, what: &str, call: F) -> Result<T, String>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = Result<T, ClientError>>,
{
    let start = Instant::now();
    while start.elapsed() < GIVE_UP {
        match call().await {
            Ok(value) => {
                ledger.status(200, what);
                return Ok(value);
            }
            Err(ClientError::Api(e)) => {
                let status = e.code.http_status();
                ledger.status(status, what);
                return Err(format!("{what} refused: {e:?}"));
            }
            Err(ClientError::Decode { status, message }) => {
                ledger.status(status, what);
                return Err(format!("{what}: unreadable answer {status}: {message}"));
            }
            Err(ClientError::Http(_)) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    Err(format!("{what}: no answer in {} s", GIVE_UP.as_secs()))
}

/// Whether a refusal says the room is gone for this seat (closed and
/// forgotten by the server).
pub fn room_gone(error: &ClientError) -> bool {
    matches!(error.code(), Some(ErrorCode::NotFound | ErrorCode::Gone))
}
