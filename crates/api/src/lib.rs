//! papan-api: the room API shared by the app and the room server.
//!
//! - [`wire`]: the versioned JSON types of every request, response and event;
//! - [`options`]: room options, typed per game (re-exported by [`wire`]);
//! - [`error`]: the typed error body every refusal carries;
//! - [`client`]: a reqwest client (native and wasm32) with SSE subscription;
//! - [`sse`]: a small Server-Sent Events parser over a byte stream;
//! - [`push`]: Web Push subscriptions and the messages sent through them;
//! - [`transfer`]: moving a device's games to another device (codes);
//! - [`fairness`]: checks of the Jun Qi layout commitment after a game;
//! - [`ratings`]: the Glicko-2 arithmetic (ranked rooms, the app's puzzles).

// Outside input (notation, records, request bodies, stored rows) reaches
// this crate's code: it is refused with a reason, never unwrapped. An
// invariant of a validated value may be expected where it says why.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod client;
pub mod error;
pub mod fairness;
pub mod options;
pub mod push;
pub mod ratings;
pub mod sse;
pub mod transfer;
pub mod wire;

pub use client::{server_addresses, Client, ClientError, EventStream};
pub use error::{ApiError, ErrorCode};
pub use push::*;
pub use transfer::*;
pub use wire::*;
