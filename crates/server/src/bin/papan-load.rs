//! Bounded loopback load test: starts `papan-server` as a child process on
//! 127.0.0.1 with a temporary database, opens N Hex rooms with two devices
//! each, subscribes both seats to SSE, then plays M moves per room
//! concurrently. Reports actions/s, p50/p99 action latency and the server's
//! RSS (VmHWM and VmRSS from /proc).
//!
//! `cargo run --release -p papan-server --bin papan-load -- --rooms 100 --moves 40`
//!
//! `--idle N` also opens N rooms whose two seats keep their event streams
//! open and never move (the active rooms play among them); `--http2` puts
//! every device on shared HTTP/2 connections (prior knowledge), which
//! 10,000 idle rooms need where a process may hold only 20,000 sockets.
//!
//! `--servers URL,URL,…` loads nodes already running (a cluster, e.g.
//! `cargo xtask cluster`) instead of starting one: each room's two devices
//! sit on two different nodes, so half the seats reach their room through
//! another node. `--pids PID,…` names those nodes' processes for the RSS
//! figures (summed).
//!
//! `--rate N` paces the load instead of playing flat out: the tables
//! together offer N actions a second, each table one move every
//! `rooms / N` seconds, their starts spread over that interval (players
//! think between moves; without `--rate` every table keeps one action in
//! flight, which measures the saturation point, where latency is the
//! queue: tables ÷ actions/s). A paced move's latency counts from the time
//! it was due, so a late answer that delays the next move counts against
//! the server too (no coordinated omission).
//!
//! `--server-log FILE` keeps the started server's log (JSON lines, warnings
//! and up: the writer's slow batches among them) in FILE; the slowest
//! answers are printed with the time they were due, to set against it, and
//! how late the generator sent them (a late send is the generator's own
//! delay, not the server's).
//!
//! `--raw-streams` reads the event streams as bytes and counts their event
//! frames instead of decoding every event: the phones decode their own
//! events, and decoding 2,000 streams' JSON here takes this machine's
//! cores from the server being measured.

use papan_api::{Action, ActionRequest, Client, RoomOptions};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn text_arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// A field of /proc/PID/status, summed over `pids`, in KiB.
fn procs_kib(pids: &[u32], field: &str) -> u64 {
    pids.iter().map(|&pid| proc_kib(pid, field)).sum()
}

fn proc_kib(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Logged event frames (those with an `id:` line) in an SSE byte stream,
/// counted as they arrive.
async fn count_frames(mut response: reqwest::Response, events: Arc<AtomicU64>) {
    // The last bytes of the previous chunk: a frame's "\nid:" may be split.
    let mut tail: Vec<u8> = Vec::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        let mut window = std::mem::take(&mut tail);
        window.extend_from_slice(&chunk);
        let found = window.windows(4).filter(|w| w == b"\nid:").count();
        events.fetch_add(found as u64, Ordering::Relaxed);
        // Keep 3 bytes: enough to complete a split marker, too few to hold one.
        tail = window[window.len().saturating_sub(3)..].to_vec();
    }
}

/// Opens `room`'s event stream for a seat, undecoded.
async fn raw_stream(
    http: &reqwest::Client,
    base: &str,
    device_token: &str,
    room: &str,
    seat_token: &str,
) -> reqwest::Response {
    http.get(format!("{base}/v1/rooms/{room}/events"))
        .bearer_auth(device_token)
        .header(papan_api::SEAT_TOKEN_HEADER, seat_token)
        .send()
        .await
        .expect("event stream")
}

/// When move `i` of table `table` (of `tables`) is due, each table moving
/// every `interval` from a start spread over the first interval, so that
/// the tables together offer a steady `tables / interval` actions a second.
fn due_at(started: Instant, interval: Duration, table: usize, tables: usize, i: usize) -> Instant {
    started + interval.mul_f64(table as f64 / tables as f64) + interval * i as u32
}

/// Row-major cells of an 11×11 board: a1, b1, ... k1, a2, ...
fn cell(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 11) as u8) as char, i / 11 + 1)
}

const USAGE: &str = "usage: papan-load [--rooms N] [--moves N] [--idle N] [--rate N] [--port N] [--http2] \
[--raw-streams] [--server-log FILE] [--servers URL,URL,... [--pids PID,...]]
  Loopback load test: starts papan-server on 127.0.0.1 (or loads the --servers
  given), plays N Hex rooms concurrently and reports actions/s, latency and RSS.";

/// The flags papan-load takes.
const FLAGS: papan_cli::Flags = {
    use papan_cli::Takes::{Nothing, Number, Text};
    Some(&[
        ("--rooms", Number),
        ("--moves", Number),
        ("--idle", Number),
        ("--rate", Number),
        ("--port", Number),
        ("--http2", Nothing),
        ("--raw-streams", Nothing),
        ("--servers", Text),
        ("--pids", Text),
        ("--server-log", Text),
    ])
};

#[tokio::main]
async fn main() {
    papan_cli::args_or_exit("papan-load", USAGE, FLAGS);
    let rooms = arg("--rooms", 100).min(5_000) as usize;
    let idle = arg("--idle", 0).min(20_000) as usize;
    let http2 = std::env::args().any(|a| a == "--http2");
    let raw_streams = std::env::args().any(|a| a == "--raw-streams");
    let moves = arg("--moves", 40).min(100) as usize;
    let port = arg("--port", 18787);
    // Seconds between one table's moves when paced (`--rate`).
    let pace = match arg("--rate", 0) {
        0 => None,
        rate => Some(Duration::from_secs_f64(rooms as f64 / rate as f64)),
    };
    let dir = std::env::temp_dir().join(format!("papan-load-{}", std::process::id()));
    let given: Vec<String> = text_arg("--servers")
        .map(|list| {
            list.split(',')
                .map(|s| s.trim().trim_end_matches('/').to_string())
                .collect()
        })
        .unwrap_or_default();
    let (mut child, bases, pids) = if given.is_empty() {
        std::fs::create_dir_all(&dir).expect("temp dir");
        let exe = std::env::current_exe().expect("exe").with_file_name("papan-server");
        let child = Command::new(&exe)
            .args([
                "--db",
                dir.join("load.db").to_str().unwrap(),
                "--addr",
                &format!("127.0.0.1:{port}"),
            ])
            .args(["--rate-per-second", "1000"])
            .env("RUST_LOG", "warn")
            .stdout(match text_arg("--server-log") {
                Some(path) => Stdio::from(std::fs::File::create(path).expect("the server log file")),
                None => Stdio::null(),
            })
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
        let pid = child.id();
        (Some(child), vec![format!("http://127.0.0.1:{port}")], vec![pid])
    } else {
        let pids = text_arg("--pids")
            .map(|list| list.split(',').filter_map(|p| p.trim().parse().ok()).collect())
            .unwrap_or_default();
        (None, given, pids)
    };
    let probe = reqwest::Client::new();
    for base in &bases {
        for _ in 0..100 {
            if probe.get(format!("{base}/health")).send().await.is_ok() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let rss_empty = procs_kib(&pids, "VmRSS:");
    // One connection pool for every device, or one each (as phones have).
    let shared = http2.then(|| {
        reqwest::Client::builder()
            .http2_prior_knowledge()
            .build()
            .expect("an HTTP/2 client")
    });
    let stream_http = shared.clone().unwrap_or_default();
    let device = move |base: &str| match &shared {
        Some(http) => Client::with_http(base, http.clone()),
        None => Client::new(base),
    };

    // Set up rooms (bounded concurrency through a semaphore): the idle ones
    // first, so that the active ones are measured among them.
    let gate = Arc::new(tokio::sync::Semaphore::new(64));
    let events = Arc::new(AtomicU64::new(0));
    let mut setups = Vec::new();
    for table in 0..idle + rooms {
        let gate = gate.clone();
        let (base_a, base_b) = (
            bases[table % bases.len()].clone(),
            bases[(table + 1) % bases.len()].clone(),
        );
        let (mut a, mut b) = (device(&base_a), device(&base_b));
        let http = stream_http.clone();
        let events = events.clone();
        setups.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.unwrap();
            a.register().await.unwrap();
            b.register().await.unwrap();
            let ga = a.create_room(RoomOptions::hex(11, false, None)).await.unwrap();
            let gb = b.join(&ga.code).await.unwrap();
            let readers = if raw_streams {
                let ta = a.device_token().unwrap_or_default().to_string();
                let tb = b.device_token().unwrap_or_default().to_string();
                let ra = raw_stream(&http, &base_a, &ta, &ga.room_id, &ga.seat_token).await;
                let rb = raw_stream(&http, &base_b, &tb, &gb.room_id, &gb.seat_token).await;
                [ra, rb].map(|response| tokio::spawn(count_frames(response, events.clone())))
            } else {
                let sa = a.subscribe(&ga.room_id, &ga.seat_token, None).await.unwrap();
                let sb = b.subscribe(&gb.room_id, &gb.seat_token, None).await.unwrap();
                // Read each stream from the start: on shared HTTP/2 connections an
                // unread stream would hold the connection's flow-control window
                // and stall every other request.
                [sa, sb].map(|mut stream| {
                    let events = events.clone();
                    tokio::spawn(async move {
                        // Room events only: presence frames are not part of the count.
                        while let Some(Ok(event)) = stream.next().await {
                            if event.kind.is_logged() {
                                events.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    })
                })
            };
            // Both players load the room before it is played, as the app
            // does: each then moves over a connection it already holds
            // (its first one went to its event stream), instead of 1,000
            // connections opened at once at the first paced moves.
            let version = a.snapshot(&ga.room_id, &ga.seat_token).await.unwrap().version;
            b.snapshot(&gb.room_id, &gb.seat_token).await.unwrap();
            ((a, ga), (b, gb), readers, version)
        }));
    }
    let mut tables = Vec::new();
    for s in setups {
        tables.push(s.await.unwrap());
    }
    let mut readers = Vec::new();
    let mut players = Vec::new();
    for (index, (pa, pb, streams, version)) in tables.into_iter().enumerate() {
        readers.extend(streams);
        if index >= idle {
            players.push((pa, pb, version));
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_ready = procs_kib(&pids, "VmRSS:");

    let started = Instant::now();
    let wall_started = std::time::SystemTime::now();
    let mut games = Vec::new();
    let tables = players.len().max(1);
    for (table, (pa, pb, mut version)) in players.into_iter().enumerate() {
        games.push(tokio::spawn(async move {
            let mut latencies = Vec::with_capacity(moves);
            for i in 0..moves {
                let due = pace.map(|interval| due_at(started, interval, table, tables, i));
                if let Some(due) = due {
                    tokio::time::sleep_until(due.into()).await;
                }
                let (client, grant) = if i % 2 == 0 { &pa } else { &pb };
                let request = ActionRequest {
                    based_on_version: version,
                    client_seq: i as u64 + 1,
                    action: Action::Move { notation: cell(i) },
                };
                let t = due.unwrap_or_else(Instant::now);
                let sent = Instant::now();
                match client.act(&grant.room_id, &grant.seat_token, &request).await {
                    Ok(answer) => version = answer.version,
                    Err(_) => break,
                }
                latencies.push((t.elapsed(), t - started, sent - t));
            }
            // The devices are handed back, not dropped: a table that is done
            // would otherwise close its connections while the others still
            // play, and the last moves would be measured against 2,000
            // connections being torn down.
            (latencies, pa, pb)
        }));
    }
    let mut all = Vec::new();
    let mut done = Vec::new();
    for g in games {
        let (latencies, pa, pb) = g.await.unwrap();
        all.extend(latencies);
        done.push((pa, pb));
    }
    let elapsed = started.elapsed();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let rss = procs_kib(&pids, "VmRSS:");
    let hwm = procs_kib(&pids, "VmHWM:");
    all.sort();
    let pct = |p: f64| {
        all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1)))
            .map(|(latency, _, _)| *latency)
            .unwrap_or_default()
    };
    println!(
        "{} node(s), rooms {rooms} playing{}{}, SSE clients {}, actions {}, {:.2} s: {:.0} actions/s, p50 {:.2} ms, p99 {:.2} ms, \
         SSE events received {}, server RSS empty {} MiB, rooms open {} MiB, now {} MiB, peak {} MiB",
        bases.len(),
        if idle > 0 {
            format!(" among {idle} idle{}", if http2 { " (HTTP/2)" } else { "" })
        } else {
            String::new()
        },
        pace.map_or(String::new(), |interval| format!(
            " paced (offered {:.0} actions/s, a move every {:.0} ms per table)",
            rooms as f64 / interval.as_secs_f64(),
            interval.as_secs_f64() * 1e3
        )),
        (rooms + idle) * 2,
        all.len(),
        elapsed.as_secs_f64(),
        all.len() as f64 / elapsed.as_secs_f64(),
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        events.load(Ordering::Relaxed),
        rss_empty / 1024,
        rss_ready / 1024,
        rss / 1024,
        hwm / 1024,
    );
    // The slowest answers, by when they were due (wall clock, as the
    // server's log has it).
    let slowest: Vec<String> = all
        .iter()
        .rev()
        .take(8)
        .map(|(latency, due, late)| {
            let at = wall_started + *due;
            let since_epoch = at.duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
            format!(
                "{:.1} ms (sent {:.1} ms late) due at +{:.3} s ({}.{:03})",
                latency.as_secs_f64() * 1e3,
                late.as_secs_f64() * 1e3,
                due.as_secs_f64(),
                since_epoch.as_secs(),
                since_epoch.subsec_millis()
            )
        })
        .collect();
    println!("slowest: {}", slowest.join("; "));
    for r in readers {
        r.abort();
    }
    drop(done);
    if let Some(child) = child.as_mut() {
        let _ = child.kill();
        let _ = child.wait();
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paced_tables_offer_a_steady_rate() {
        // 4 tables, one move each every 100 ms: 40 actions a second, one
        // every 25 ms across the tables.
        let start = Instant::now();
        let interval = Duration::from_millis(100);
        let mut due: Vec<Duration> = (0..4)
            .flat_map(|table| (0..3).map(move |i| due_at(start, interval, table, 4, i) - start))
            .collect();
        due.sort();
        let gaps: Vec<Duration> = due.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(gaps.iter().all(|&g| g == Duration::from_millis(25)), "{gaps:?}");
        assert_eq!(
            due_at(start, interval, 1, 4, 2) - due_at(start, interval, 1, 4, 1),
            interval
        );
    }
}
