//! CORS for the web app, which is served from another origin (a static
//! host, a phone webview) than the room server. Credentials travel as
//! bearer headers (`Authorization`, `X-Seat-Token`), never cookies, so any
//! origin may call: `*` is correct and nothing is echoed back.

use axum::extract::Request;
use axum::http::header::{
    ACCESS_CONTROL_ALLOW_HEADERS, ACCESS_CONTROL_ALLOW_METHODS, ACCESS_CONTROL_ALLOW_ORIGIN, ACCESS_CONTROL_MAX_AGE,
};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

pub const ALLOW_METHODS: &str = "GET, POST, PUT, DELETE, OPTIONS";
pub const ALLOW_HEADERS: &str = "authorization, content-type, x-seat-token, last-event-id";
/// Seconds a browser may cache a preflight answer.
pub const MAX_AGE: &str = "600";

/// Answers every `OPTIONS` preflight itself (204, before routing, auth or
/// rate limits) and marks every other response, SSE included, as readable
/// from any origin.
pub async fn cors(request: Request, next: Next) -> Response {
    if request.method() == Method::OPTIONS {
        let mut response = StatusCode::NO_CONTENT.into_response();
        let headers = response.headers_mut();
        headers.insert(ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
        headers.insert(ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static(ALLOW_METHODS));
        headers.insert(ACCESS_CONTROL_ALLOW_HEADERS, HeaderValue::from_static(ALLOW_HEADERS));
        headers.insert(ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static(MAX_AGE));
        return response;
    }
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .insert(ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    response
}
