//! HADANG matches between Papan's UCI-style engine (`hadang-uci`) and a
//! reference engine: Titanium (UCI, `go movetime`) or gorisanson's
//! quoridor-ai through `gorisanson.js` (`go nodes` = rollouts). Openings of
//! two to four random plies, each played twice with the seats swapped;
//! every move is checked by papan-rules (a refused move loses the game).

use crate::engine::Engine;
use crate::stats::{wilson, Spread};
use crate::Flags;
use papan_rules::hadang::Hadang;
use papan_rules::{Game, Seat};
use papan_tools::hadang::random_opening;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write as _;

/// Seat moves after which a game is drawn (two engines may shuffle).
const MAX_PLIES: usize = 300;

pub enum Reference {
    Titanium { command: String, movetime_ms: u64 },
    Gorisanson { command: String, rollouts: u64 },
}

pub struct HadangMatch {
    pub games: usize,
    pub papan_ms: u64,
    pub seed: u64,
    pub papan: String,
    pub reference: Reference,
    pub label: String,
    pub record: Option<String>,
}

impl HadangMatch {
    pub fn from_flags(flags: &mut Flags) -> Result<HadangMatch, String> {
        let time: f64 = flags.number("--time", 1.0)?;
        let papan_ms = (flags.number("--papan-time", time)? * 1000.0) as u64;
        let reference_ms = (flags.number("--reference-time", time)? * 1000.0) as u64;
        let reference = match (flags.text("--titanium"), flags.text("--gorisanson")) {
            (Some(path), None) => Reference::Titanium {
                command: format!("{path} uci"),
                movetime_ms: reference_ms,
            },
            (None, Some(dir)) => {
                let script = std::env::temp_dir().join(format!("papan-gorisanson-{}.js", std::process::id()));
                std::fs::write(&script, include_str!("gorisanson.js"))
                    .map_err(|e| format!("{}: {e}", script.display()))?;
                let node = flags.text("--node").unwrap_or_else(|| "node".to_string());
                let seed: u64 = flags.number("--seed", 1_000)?;
                Reference::Gorisanson {
                    command: format!("{node} {} {} {seed}", script.display(), crate::engine::absolute(&dir)),
                    rollouts: flags.number("--rollouts", 60_000)?,
                }
            }
            _ => return Err("hadang needs --titanium PATH or --gorisanson DIR (its src/js folder)".into()),
        };
        Ok(HadangMatch {
            games: flags.number("--games", 20)?,
            papan_ms,
            seed: flags.number("--seed", 1_000)?,
            papan: flags.text("--papan").unwrap_or_else(|| crate::sibling("hadang-uci")),
            label: flags.text("--label").unwrap_or_else(|| "expert".to_string()),
            reference,
            record: flags.text("--record"),
        })
    }

    fn reference_name(&self) -> String {
        match &self.reference {
            Reference::Titanium { movetime_ms, .. } => format!("Titanium {} s", *movetime_ms as f64 / 1000.0),
            Reference::Gorisanson { rollouts, .. } => format!("gorisanson {rollouts} rollouts"),
        }
    }
}

struct Played {
    papan_first: bool,
    /// Papan's score: 1, ½ (ply limit) or 0.
    score: f64,
    plies: usize,
    papan_seconds: Vec<f64>,
    reference_seconds: Vec<f64>,
    moves: Vec<String>,
    note: String,
}

fn play_one(m: &HadangMatch, papan: &mut Engine, reference: &mut Engine, game: usize) -> Result<Played, String> {
    let papan_first = game.is_multiple_of(2);
    let mut rng = ChaCha8Rng::seed_from_u64(m.seed.wrapping_mul(7_919).wrapping_add((game / 2) as u64));
    let mut position = Hadang::start();
    let opening = random_opening(&mut position, &mut rng, 4);
    let mut replay = Hadang::start();
    let mut moves = Vec::new();
    for mv in &opening {
        moves.push(replay.format_move(mv));
        replay.play(mv).map_err(|e| e.to_string())?;
    }
    let mut played = Played {
        papan_first,
        score: 0.5,
        plies: 0,
        papan_seconds: Vec::new(),
        reference_seconds: Vec::new(),
        moves: Vec::new(),
        note: String::new(),
    };
    let papan_go = format!("movetime {}", m.papan_ms);
    let reference_go = match &m.reference {
        Reference::Titanium { movetime_ms, .. } => format!("movetime {movetime_ms}"),
        Reference::Gorisanson { rollouts, .. } => format!("nodes {rollouts}"),
    };
    while let Some(seat) = position.seat_to_move() {
        if played.plies >= MAX_PLIES {
            played.note = "ply limit".into();
            break;
        }
        let papan_moves = (seat == Seat::First) == papan_first;
        let (engine, go) = if papan_moves {
            (&mut *papan, &papan_go)
        } else {
            (&mut *reference, &reference_go)
        };
        let (text, took) = engine.uci_move(&moves, go)?;
        if papan_moves {
            played.papan_seconds.push(took.as_secs_f64());
        } else {
            played.reference_seconds.push(took.as_secs_f64());
        }
        let checked = position
            .parse_move(&text)
            .map_err(|e| e.to_string())
            .and_then(|mv| position.play(&mv).map_err(|e| e.to_string()));
        if let Err(e) = checked {
            played.note = format!("{} played {text}: {e}", engine.name);
            played.score = if papan_moves { 0.0 } else { 1.0 };
            played.moves = moves;
            return Ok(played);
        }
        moves.push(text);
        played.plies += 1;
    }
    if let Some(winner) = position.outcome().and_then(|o| o.winner) {
        played.score = if (winner == Seat::First) == papan_first {
            1.0
        } else {
            0.0
        };
    }
    played.moves = moves;
    Ok(played)
}

pub fn run(m: &HadangMatch) -> Result<String, String> {
    let mut papan = Engine::start_uci("papan", &m.papan)?;
    let mut reference = match &m.reference {
        Reference::Titanium { command, .. } => Engine::start_uci("titanium", command)?,
        Reference::Gorisanson { command, .. } => Engine::start_uci("gorisanson", command)?,
    };
    let mut record = match &m.record {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?),
        None => None,
    };
    let mut games = Vec::new();
    for game in 0..m.games {
        let played = play_one(m, &mut papan, &mut reference, game)?;
        eprintln!(
            "game {:>3} papan {} scored {} in {} plies {}",
            game + 1,
            if played.papan_first { "first" } else { "second" },
            played.score,
            played.plies,
            played.note
        );
        if let Some(file) = record.as_mut() {
            let _ = writeln!(
                file,
                "{} {} {}",
                if played.papan_first {
                    "papan-first"
                } else {
                    "papan-second"
                },
                played.score,
                played.moves.join(" ")
            );
        }
        games.push(played);
    }
    if let Reference::Gorisanson { .. } = m.reference {
        let _ = std::fs::remove_file(std::env::temp_dir().join(format!("papan-gorisanson-{}.js", std::process::id())));
    }
    Ok(table_row(m, &games))
}

pub const TABLE_HEAD: &str = "| HADANG | opponent | games | Papan score | 95% interval | as first | as second | Papan s/move mean, p95 | opponent s/move mean, p95 | plies |\n|---|---|---|---|---|---|---|---|---|---|";

fn table_row(m: &HadangMatch, games: &[Played]) -> String {
    let n = games.len();
    let points: f64 = games.iter().map(|g| g.score).sum();
    let (low, high) = wilson(points, n);
    let by = |first: bool| {
        let side: Vec<&Played> = games.iter().filter(|g| g.papan_first == first).collect();
        format!("{}/{}", side.iter().map(|g| g.score).sum::<f64>(), side.len())
    };
    let times = |pick: fn(&Played) -> &Vec<f64>| {
        let all: Vec<f64> = games.iter().flat_map(|g| pick(g).iter().copied()).collect();
        let s = Spread::of(&all);
        format!("{:.2}, {:.2}", s.mean, s.p95)
    };
    let plies = games.iter().map(|g| g.plies).sum::<usize>() as f64 / n.max(1) as f64;
    format!(
        "| Papan {} at {} s | {} | {n} | {:.0}% ({points}) | {:.0}–{:.0}% | {} | {} | {} | {} | {plies:.0} |",
        m.label,
        m.papan_ms as f64 / 1000.0,
        m.reference_name(),
        100.0 * points / n.max(1) as f64,
        100.0 * low,
        100.0 * high,
        by(true),
        by(false),
        times(|g| &g.papan_seconds),
        times(|g| &g.reference_seconds),
    )
}
