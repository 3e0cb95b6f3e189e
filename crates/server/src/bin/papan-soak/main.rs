//! `papan-soak`: the room server under faults, on loopback, bounded in time
//! and tables.
//!
//! Starts `papan-server` as a child process with a fresh database, keeps
//! `--rooms` tables of all four games busy for `--seconds` (random legal
//! actions mixed with illegal ones, stale versions, duplicate and
//! out-of-order `client_seq`, malformed bodies and headers, event streams
//! dropped and resumed with `Last-Event-ID`), and kills the server with
//! SIGKILL at random moments during the first 70 % of the run, starting it
//! again on the same database. Then it restarts it once more and checks,
//! against the database: every accepted action is logged exactly once at
//! the version its answer named, every snapshot a seat received is the
//! log's state for that seat, no seat saw a face-down Jun Qi piece or dice
//! before the roll, no 5xx was answered, and the server's memory stayed
//! flat over the last, kill-free 30 %. Prints a summary; exits 1 on any
//! failure.
//!
//! `cargo run --release -p papan-server --bin papan-soak -- --rooms 200 --seconds 1800`

mod driver;
mod ledger;
mod process;
mod streams;
mod verify;
mod wire;

use driver::{Ctx, OpenTable};
use process::ServerProcess;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Args {
    rooms: u64,
    seconds: u64,
    seed: u64,
    server: PathBuf,
    grace_s: u64,
}

const USAGE: &str = "usage: papan-soak [--rooms N] [--seconds N] [--seed N] [--grace-s N] [--server PATH]
  Soak test: tables of all four games under illegal, stale, duplicate and
  malformed requests, dropped streams and restarts of a papan-server child;
  the stored log is then replayed and checked against what the clients saw.";

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        rooms: 200,
        seconds: 60,
        seed: 1,
        server: std::env::current_exe()
            .map_err(|e| e.to_string())?
            .with_file_name("papan-server"),
        grace_s: 60,
    };
    let mut it = papan_cli::args_or_exit("papan-soak", USAGE, None).into_iter();
    while let Some(name) = it.next() {
        let value = it.next().ok_or(format!("{name} needs a value"))?;
        let number = || value.parse::<u64>().map_err(|e| format!("{name} {value}: {e}"));
        match name.as_str() {
            "--rooms" => args.rooms = number()?.clamp(1, 2_000),
            "--seconds" => args.seconds = number()?.clamp(5, 4 * 3600),
            "--seed" => args.seed = number()?,
            "--grace-s" => args.grace_s = number()?,
            "--server" => args.server = PathBuf::from(&value),
            _ => return Err(format!("unknown argument {name}\n{USAGE}")),
        }
    }
    Ok(args)
}

/// A port nothing listens on now.
fn free_port() -> Result<u16, String> {
    let socket = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    socket.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

#[tokio::main]
async fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    match soak(args).await {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(e) => {
            eprintln!("papan-soak: {e}");
            std::process::exit(2);
        }
    }
}

/// Samples of the server's resident memory: (seconds into the run, KiB).
type Samples = Vec<(f64, u64)>;

async fn soak(args: Args) -> Result<bool, String> {
    let dir = std::env::temp_dir().join(format!("papan-soak-{}-{}", std::process::id(), args.seed));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let server = Arc::new(ServerProcess::new(
        args.server.clone(),
        dir.join("soak.db"),
        free_port()?,
        args.grace_s,
    ));
    server.start().await?;
    let begun = Instant::now();
    let run_for = Duration::from_secs(args.seconds);
    let faults_until = begun + run_for.mul_f64(0.7);
    let ctx = Arc::new(Ctx {
        http: wire::Http::new(server.base_url()),
        ledger: Default::default(),
        stop_at: begun + run_for,
    });

    let killer = tokio::spawn(kill_at_random(server.clone(), ctx.clone(), faults_until, args.seed));
    let sampler = tokio::spawn(sample_memory(server.clone(), ctx.stop_at, begun));
    let drivers: Vec<_> = (0..args.rooms)
        .map(|i| tokio::spawn(driver::run(ctx.clone(), i, args.seed)))
        .collect();
    let mut open: Vec<OpenTable> = Vec::new();
    for d in drivers {
        match d.await {
            Ok(table) => open.extend(table),
            Err(e) => ctx.ledger.fail(format!("a driver panicked: {e}")),
        }
    }
    let played_s = begun.elapsed().as_secs_f64();
    let kills = killer.await.map_err(|e| e.to_string())?;
    let samples = sampler.await.map_err(|e| e.to_string())?;

    // Once more from the log alone: what the open tables show now must be
    // where their logs end.
    server.kill();
    server.start().await?;
    let mut finals = Vec::new();
    for table in &open {
        for slot in 0..2u8 {
            match ctx
                .http
                .snapshot(&table.room_id, &table.keys[slot as usize], &ctx.ledger)
                .await
            {
                Ok(s) => {
                    ctx.ledger.saw(table.ix, &s, "final snapshot");
                    finals.push((table.ix, slot, s.version));
                }
                Err(e) => ctx.ledger.fail(format!("room {}: final snapshot: {e}", table.ix)),
            }
        }
    }
    if let Some(status) = server.exited() {
        ctx.ledger.fail(format!("the server exited on its own: {status}"));
    }
    server.kill();

    let ledger = ctx.ledger.lock();
    let verified = verify::verify(server.db(), &ledger, &finals)?;
    let memory = memory_verdict(&samples, faults_until.duration_since(begun).as_secs_f64());
    let mut failures: Vec<String> = ledger.failures.iter().chain(&verified.failures).cloned().collect();
    if let Err(e) = &memory {
        failures.push(e.clone());
    }

    let count = |what: &str| ledger.counts.get(what).copied().unwrap_or(0);
    println!(
        "papan-soak: {} tables at a time for {:.0} s (seed {}), server killed with SIGKILL {kills} times and restarted {} times",
        args.rooms,
        played_s,
        args.seed,
        server.starts.load(std::sync::atomic::Ordering::SeqCst) - 1
    );
    println!("  tables played: {} (all four games)", count("tables"));
    println!(
        "  actions accepted: {} ({:.0}/s)",
        count("actions accepted"),
        count("actions accepted") as f64 / played_s
    );
    println!("  requests:");
    for (what, n) in &ledger.counts {
        if !["tables", "actions accepted"].contains(what) {
            println!("    {n:>9}  {what}");
        }
    }
    let statuses: Vec<String> = ledger.statuses.iter().map(|(s, n)| format!("{s}: {n}")).collect();
    println!("  statuses: {}", statuses.join(", "));
    println!(
        "  checked against the log: {} rooms, {} events replayed; {} snapshots seen = the log's state; {} accepted actions logged once at their version; {} Jun Qi boards hide every face-down piece; {} final snapshots at the log's end",
        verified.rooms,
        verified.events,
        verified.snapshots_checked,
        verified.accepted_checked,
        verified.junqi_boards_checked,
        finals.len()
    );
    match &memory {
        Ok(line) => println!("  memory: {line}"),
        Err(line) => println!("  memory: {line}"),
    }
    if failures.is_empty() {
        println!("  result: ok");
        let _ = std::fs::remove_dir_all(&dir);
        Ok(true)
    } else {
        println!("  result: {} failures; the first ones:", failures.len());
        for f in failures.iter().take(25) {
            println!("    - {f}");
        }
        println!("  database kept at {}", server.db().display());
        Ok(false)
    }
}

/// SIGKILLs the server at random moments until `until`, starting it again
/// each time; notes a server that died on its own. Returns the kills.
async fn kill_at_random(server: Arc<ServerProcess>, ctx: Arc<Ctx>, until: Instant, seed: u64) -> u32 {
    let mut rng = StdRng::seed_from_u64(seed.wrapping_add(0x5EED));
    let mut kills = 0;
    loop {
        let next = Instant::now() + Duration::from_millis(rng.random_range(2_000..8_000));
        while Instant::now() < next.min(until) {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if let Some(status) = server.exited() {
                ctx.ledger.fail(format!("the server exited on its own: {status}"));
                server.kill();
                if let Err(e) = server.start().await {
                    ctx.ledger.fail(e);
                }
            }
        }
        if Instant::now() >= until {
            return kills;
        }
        server.kill();
        kills += 1;
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..300))).await;
        if let Err(e) = server.start().await {
            ctx.ledger.fail(format!("restart after kill {kills}: {e}"));
        }
    }
}

async fn sample_memory(server: Arc<ServerProcess>, until: Instant, begun: Instant) -> Samples {
    let mut samples = Vec::new();
    while Instant::now() < until {
        if let Some(kib) = server.rss_kib() {
            samples.push((begun.elapsed().as_secs_f64(), kib));
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    samples
}

/// The kill-free stretch after `calm_from` seconds: after a warm-up of a
/// quarter of it, the median of its last third may not exceed that of its
/// first third by more than 25 % + 8 MiB. Judged only over a stretch long
/// enough for closed rooms to come and go (they linger 60 s).
fn memory_verdict(samples: &Samples, calm_from: f64) -> Result<String, String> {
    let calm: Vec<(f64, u64)> = samples.iter().copied().filter(|(t, _)| *t >= calm_from).collect();
    let peak = samples.iter().map(|s| s.1).max().unwrap_or(0);
    let Some((&(first_t, _), &(last_t, _))) = calm.first().zip(calm.last()) else {
        return Ok(format!("peak {} MiB; no samples in the kill-free stretch", peak / 1024));
    };
    let span = last_t - first_t;
    let settled = &calm[calm.len() / 4..];
    let third = (settled.len() / 3).max(1);
    let median = |part: &[(f64, u64)]| {
        let mut v: Vec<u64> = part.iter().map(|s| s.1).collect();
        v.sort_unstable();
        v.get(v.len() / 2).copied().unwrap_or(0)
    };
    let (early, late) = (median(&settled[..third]), median(&settled[settled.len() - third..]));
    let line = format!(
        "peak {} MiB; over the last {span:.0} s without kills, median {} MiB early and {} MiB late",
        peak / 1024,
        early / 1024,
        late / 1024
    );
    if span < 180.0 {
        return Ok(format!("{line} (not judged: under 180 s)"));
    }
    if late as f64 > early as f64 * 1.25 + 8.0 * 1024.0 {
        return Err(format!("{line}: it grew"));
    }
    Ok(format!("{line}: flat"))
}
