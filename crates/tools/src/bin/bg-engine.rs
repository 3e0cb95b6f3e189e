//! Backgammon engine for gnubg's scripts (`play_vs_bot.py`): the line
//! protocol of `papan_tools::backgammon::engine` on stdin/stdout.
//!
//! `bg-engine [--level beginner|normal|expert] [--seed N] [--weights FILE] [--no-limit] [--times FILE]
//! [--stages "COUNT WINDOW COUNT WINDOW COUNT WINDOW"] [--time MS]`
//!
//! `--stages` and `--time` replace the level's lookahead and time cap (the
//! protocol's `stages` and `time` requests), for tuning.
//!
//! `--times FILE` writes one line per `move` request: the number of legal
//! plays, then the wall and CPU milliseconds the answer took (`strength
//! backgammon` reads it; CPU time from Linux, `nan` elsewhere).

use papan_bots::backgammon::{leak_net, shipped_net};
use papan_tools::backgammon::engine::Engine;
use std::io::{BufRead, Write};
use std::time::Instant;

const USAGE: &str = "usage: bg-engine [--level L] [--seed N] [--stages N] [--time MS] [--times FILE] \
[--weights FILE] [--no-limit]
  A backgammon engine speaking the gnubg line protocol on standard input and output.";

fn main() {
    let args = papan_cli::args_or_exit("bg-engine", USAGE, None);
    let mut net = None;
    let mut setup = Vec::new();
    let mut times = None;
    // `--no-limit`: ignore the level's time cap (measuring the full search
    // on a busy machine, where wall time overstates the work).
    let no_limit = args.iter().any(|a| a == "--no-limit");
    let args: Vec<String> = args.into_iter().filter(|a| a != "--no-limit").collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            // The level first, whatever the order: `--stages` and `--time` refine it.
            "--level" => setup.insert(0, format!("level {value}")),
            "--seed" => setup.push(format!("seed {value}")),
            "--stages" => setup.push(format!("stages {value}")),
            "--time" => setup.push(format!("time {value}")),
            "--times" => {
                let file = std::fs::File::create(&value).expect("create the times file");
                times = Some(std::io::LineWriter::new(file));
            }
            "--weights" => {
                let bytes = std::fs::read(&value).expect("read the weights file");
                net = Some(leak_net(&bytes).expect("a weights file"));
            }
            other => {
                eprintln!("bg-engine: unknown option {other}");
                std::process::exit(2)
            }
        }
    }
    let net = net.unwrap_or_else(shipped_net);
    let start = Instant::now();
    let clock: Option<Box<dyn FnMut() -> u64>> = if no_limit {
        None
    } else {
        Some(Box::new(move || start.elapsed().as_millis() as u64))
    };
    let mut engine = Engine::new(net, clock);
    for request in setup {
        if let Some(reply) = engine.handle(&request) {
            if reply.starts_with("error") {
                eprint!("bg-engine: {reply}");
                std::process::exit(2)
            }
        }
    }
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let (wall, cpu) = (Instant::now(), cpu_ns());
        let reply = engine.handle(&line);
        if let (Some(file), Some("move")) = (times.as_mut(), line.split_whitespace().next()) {
            let cpu_ms = cpu_ns().zip(cpu).map_or(f64::NAN, |(b, a)| (b - a) as f64 / 1e6);
            let wall_ms = wall.elapsed().as_secs_f64() * 1e3;
            let _ = writeln!(file, "{} {wall_ms:.3} {cpu_ms:.3}", engine.last_choices());
        }
        if let Some(reply) = reply {
            if stdout.write_all(reply.as_bytes()).and_then(|_| stdout.flush()).is_err() {
                break;
            }
        }
        if engine.quit() {
            break;
        }
    }
}

/// This thread's CPU time in ns (Linux `schedstat`): on a shared machine
/// wall time measures the neighbours as much as the engine.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
