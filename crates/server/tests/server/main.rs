//! The room server's integration tests, one binary (each module was a
//! binary of its own, linking the whole server apart). New test files go
//! here as modules; `common` starts servers and clusters for them. The
//! soak (`tests/soak.rs`) stays a binary of its own: it loads the machine
//! for a minute, and these tests' deadlines should not share it.

#[macro_use]
mod common;

mod app_files;
mod cluster;
mod correspondence;
mod failover;
mod help;
mod hidden;
mod housekeeping;
mod log_fixtures;
mod online;
mod push;
mod restore;
mod rooms;
mod seats_summary;
mod time;
mod tls;
mod transfer;
