//! HTTP routes (axum): authentication, limits, JSON errors, SSE; with
//! `--app`, every other GET is the web app's ([`crate::app_files`]).

use crate::app_files::{is_api_path, AppFiles};
use crate::call::{Call, EventStream};
use crate::dispatch::local_events;
use crate::dispatch::Route;
use crate::shared::Shared;
use crate::storage::transfer::TokenHolder;
use crate::{relay, secrets};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{Stream, StreamExt};
use papan_api::*;
use serde::de::DeserializeOwned;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

type App = Arc<Shared>;

/// An [`ApiError`] as a response with its status.
pub struct Failure(pub ApiError);

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Failure {
        Failure(e)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.0.code.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, Json(self.0)).into_response()
    }
}

type Answer<T> = Result<Json<T>, Failure>;

/// The API's routes; with `files`, a GET or HEAD of any other path outside
/// the API's own (`/health`, `/v1/…`) is answered from the web build.
pub fn router(app: App, files: Option<Arc<AppFiles>>) -> Router {
    let limit = app.config.max_body_bytes;
    let fallback = move |method: Method, uri: Uri, headers: HeaderMap| {
        let files = files.clone();
        async move {
            match files {
                Some(files) if !is_api_path(uri.path()) && (method == Method::GET || method == Method::HEAD) => {
                    files.answer(&method, &uri, &headers).await
                }
                _ => not_found().await.into_response(),
            }
        }
    };
    Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/v1/devices", post(register))
        .route("/v1/rooms", post(create_room))
        .route("/v1/rooms/join", post(join_room))
        .route("/v1/match", post(quick_match))
        .route("/v1/rooms/{id}", get(snapshot))
        .route("/v1/rooms/{id}/actions", post(act))
        .route("/v1/rooms/{id}/events", get(events))
        .route("/v1/ratings/{game}", get(rating))
        .route("/v1/vacation", get(vacation_status).post(vacation))
        .route("/v1/seats/summary", post(seats_summary))
        .route(
            "/v1/push",
            get(push_status).put(push_subscribe).delete(push_unsubscribe),
        )
        .route("/v1/transfer", post(start_transfer))
        .route("/v1/transfer/claim", post(claim_transfer))
        .fallback(fallback)
        .layer(DefaultBodyLimit::max(limit))
        // Outermost, and after the fallback: every path, known or not, and
        // every answer (errors, SSE) goes through it.
        .layer(axum::middleware::from_fn(crate::cors::cors))
        .with_state(app)
}

async fn not_found() -> Failure {
    Failure(ApiError::new(ErrorCode::NotFound, "no such endpoint"))
}

fn parse<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, Failure> {
    let body = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(ErrorCode::TooLarge, "the request body is too large")
        } else {
            ApiError::new(ErrorCode::Malformed, rejection.body_text())
        }
    })?;
    serde_json::from_slice(&body).map_err(|e| Failure(ApiError::new(ErrorCode::Malformed, e.to_string())))
}

fn unauthorized(what: &str) -> Failure {
    Failure(ApiError::new(
        ErrorCode::Unauthorized,
        format!("missing or unknown {what}"),
    ))
}

/// The calling device (Bearer token), rate-limited.
async fn device(app: &App, headers: &HeaderMap) -> Result<String, Failure> {
    Ok(caller(app, headers).await?.0)
}

/// The calling device and its token's hash, rate-limited; a token whose
/// device moved to another by a transfer is refused 401 `moved`.
async fn caller(app: &App, headers: &HeaderMap) -> Result<(String, String), Failure> {
    let token = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or_else(|| unauthorized("device token"))?;
    let token_hash = secrets::hash_token(token.trim());
    let holder = app
        .store
        .device_by_token_hash(&token_hash)
        .await
        .map_err(crate::room::internal)?
        .ok_or_else(|| unauthorized("device token"))?;
    let device = match holder {
        TokenHolder::Device(device) => device,
        TokenHolder::Moved => return Err(Failure(ApiError::new(ErrorCode::Moved, MOVED_MESSAGE))),
    };
    if !app.limiter.allow(&device).await {
        return Err(Failure(ApiError::new(
            ErrorCode::RateLimited,
            "too many requests from this device",
        )));
    }
    Ok((device, token_hash))
}

fn seat_token_hash(headers: &HeaderMap) -> Result<String, Failure> {
    let token = headers
        .get(SEAT_TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|t| !t.is_empty())
        .ok_or_else(|| unauthorized("seat token"))?;
    Ok(secrets::hash_token(token))
}

async fn register(State(app): State<App>, body: Result<Bytes, BytesRejection>) -> Answer<DeviceRegistration> {
    let _: serde_json::Value = parse(body)?;
    let device_id = secrets::public_id();
    let device_token = secrets::new_token();
    app.store
        .add_device(&device_id, &secrets::hash_token(&device_token))
        .await
        .map_err(crate::room::internal)?;
    tracing::info!(device = %device_id, "device registered");
    Ok(Json(DeviceRegistration {
        device_id,
        device_token,
    }))
}

async fn create_room(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer<SeatGrant> {
    let device = device(&app, &headers).await?;
    let request: CreateRoom = parse(body)?;
    Ok(Json(app.create_room(&device, request.options).await?))
}

async fn join_room(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer<SeatGrant> {
    let device = device(&app, &headers).await?;
    let request: JoinRoom = parse(body)?;
    Ok(Json(app.join_by_code(device, &request.code).await?))
}

async fn quick_match(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer<SeatGrant> {
    let device = device(&app, &headers).await?;
    let request: QuickMatch = parse(body)?;
    Ok(Json(app.quick_match(&device, request.options).await?))
}

async fn snapshot(State(app): State<App>, headers: HeaderMap, Path(id): Path<String>) -> Answer<Snapshot> {
    let device_id = device(&app, &headers).await?;
    let token_hash = seat_token_hash(&headers)?;
    let call = Call::Snapshot { token_hash, device_id };
    Ok(Json(app.perform(&id, call).await?.snapshot()?))
}

async fn act(
    State(app): State<App>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Answer<ActionAccepted> {
    let device_id = device(&app, &headers).await?;
    let token_hash = seat_token_hash(&headers)?;
    let request: ActionRequest = parse(body)?;
    let answer = app
        .perform(
            &id,
            Call::Act {
                token_hash,
                device_id,
                request,
            },
        )
        .await
        .and_then(crate::call::Answer::accepted);
    if let Err(e) = &answer {
        tracing::debug!(room = %id, code = ?e.code, rule = ?e.rule, "action refused");
    }
    Ok(Json(answer?))
}

async fn rating(State(app): State<App>, headers: HeaderMap, Path(game): Path<String>) -> Answer<Rating> {
    let device = device(&app, &headers).await?;
    let game: GameId = game
        .parse()
        .map_err(|_| Failure(ApiError::new(ErrorCode::NotFound, "no such game")))?;
    Ok(Json(
        app.store.rating(&device, game).await.map_err(crate::room::internal)?,
    ))
}

async fn vacation_status(State(app): State<App>, headers: HeaderMap) -> Answer<VacationStatus> {
    let device = device(&app, &headers).await?;
    Ok(Json(app.vacation_status(&device).await?))
}

async fn vacation(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer<VacationStatus> {
    let device = device(&app, &headers).await?;
    let request: VacationRequest = parse(body)?;
    Ok(Json(app.vacation(&device, request.days).await?))
}

async fn seats_summary(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer<SeatsSummary> {
    let device = device(&app, &headers).await?;
    let request: SeatsSummaryRequest = parse(body)?;
    Ok(Json(app.seats_summary(&device, request.seats).await?))
}

async fn push_status(State(app): State<App>, headers: HeaderMap) -> Answer<PushStatus> {
    let device = device(&app, &headers).await?;
    Ok(Json(app.push.status(&app.store, &device).await?))
}

async fn push_subscribe(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer<PushStatus> {
    let device = device(&app, &headers).await?;
    let request: PushSubscriptionRequest = parse(body)?;
    Ok(Json(app.push.subscribe(&app.store, &device, request).await?))
}

async fn push_unsubscribe(State(app): State<App>, headers: HeaderMap) -> Answer<PushStatus> {
    let device = device(&app, &headers).await?;
    Ok(Json(app.push.unsubscribe(&app.store, &device).await?))
}

async fn start_transfer(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer<TransferOffer> {
    let (device, token_hash) = caller(&app, &headers).await?;
    let request: TransferRequest = parse(body)?;
    Ok(Json(app.start_transfer(&device, &token_hash, request.seats).await?))
}

async fn claim_transfer(
    State(app): State<App>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer<TransferClaimed> {
    let (device, token_hash) = caller(&app, &headers).await?;
    let request: TransferClaim = parse(body)?;
    Ok(Json(app.claim_transfer(&device, &token_hash, &request.code).await?))
}

fn sse_event(event: &RoomEvent) -> Event {
    let mut frame = Event::default();
    // Only logged events advance a browser's Last-Event-ID; presence is live.
    if event.kind.is_logged() {
        frame = frame.id(event.version.to_string());
    }
    frame
        .event("room")
        .data(serde_json::to_string(event).unwrap_or_default())
}

async fn events(
    State(app): State<App>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, Failure> {
    let device_id = device(&app, &headers).await?;
    let token_hash = seat_token_hash(&headers)?;
    let last_event_id = match headers.get("last-event-id") {
        None => None,
        Some(v) => Some(
            v.to_str()
                .ok()
                .and_then(|s| s.trim().parse::<u64>().ok())
                .ok_or_else(|| Failure(ApiError::new(ErrorCode::Malformed, "Last-Event-ID is a version number")))?,
        ),
    };
    let events: EventStream = match app.route(&id).await? {
        Route::Local(handle) => local_events(handle, token_hash, device_id, last_event_id).await?,
        Route::Remote(_) => {
            let Some(cluster) = app.store.cluster() else {
                return Err(Failure(ApiError::new(
                    ErrorCode::Internal,
                    "a remote room without a cluster",
                )));
            };
            // The inbox is open before the owner is asked to deliver to it.
            let (inbox, subscriber) = relay::inbox(cluster).await?;
            let call = Call::Subscribe {
                token_hash,
                device_id,
                last_event_id,
                inbox,
            };
            app.perform(&id, call).await?;
            relay::relayed(cluster.clone(), subscriber)
        }
    };
    let stream = events.map(|event| Ok(sse_event(&event)));
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
