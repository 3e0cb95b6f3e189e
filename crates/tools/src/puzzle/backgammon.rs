//! Backgammon puzzles from self-play: positions and rolls where the
//! Expert's stages (0-ply for every play, 1-ply for the best 16 within
//! 0.5, 2-ply for the best 8 of those within 0.2, at least two) put one
//! play ahead of every other by [`papan_bots::puzzle::BG_MARGIN`] at 2-ply, cross-checked
//! with GNU Backgammon (its best play at 2-ply, by `gnubg_best.py` run
//! inside gnubg): only the positions where gnubg's best play is the same,
//! and at least [`GNUBG_MARGIN`] ahead of its second, become puzzles, and
//! its verdict is kept beside each. No theme takes more than
//! [`THEME_SHARE`] of a set (hits are the commonest clear best play), and
//! every decision of a bear-off is looked at (half the others are). The
//! Expert's side of it is the bots' own [`bg_lead`], the one the app runs
//! on the player's games.

use papan_bots::puzzle::find::backgammon_puzzle;
use papan_bots::puzzle::{bg_lead, round4, GnubgVerdict, Puzzle};
use papan_bots::Level;
use papan_rules::backgammon::{position_id, Backgammon, BgMove, Dice};
use papan_rules::{Game, Turn};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const PER_GAME: usize = 2;
/// gnubg's own lead for its best play (half ours): both engines find the
/// answer clearly best.
pub const GNUBG_MARGIN: f32 = 0.04;
/// The most of a set one theme may take.
pub const THEME_SHARE: f64 = 0.35;

/// GNU Backgammon answering `gnubg_best.py` queries, one process for a run.
pub struct Gnubg {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// gnubg's best plays for one query: (notation, 2-ply equity, Position ID
/// after the play), best first.
pub type GnubgMoves = Vec<(String, f32, String)>;

impl Gnubg {
    /// Starts `gnubg` (e.g. `/usr/games/gnubg`) on the script.
    pub fn start(gnubg: &str) -> Result<Gnubg, String> {
        let here = crate::crate_dir();
        let script = here.join("src/puzzle/gnubg_best.py");
        let util: PathBuf = here.join("../rules/tests/data/gnubg");
        let mut child = Command::new(gnubg)
            .args(["-t", "-q", "-r", "-p"])
            .arg(&script)
            .env("GBUTIL_DIR", &util)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start gnubg ({gnubg}): {e}"))?;
        let input = child.stdin.take().ok_or("no stdin for gnubg")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout for gnubg")?);
        Ok(Gnubg { child, input, output })
    }

    /// gnubg's best plays in `position` (Position ID, mover's view) with `dice`.
    pub fn best(&mut self, position: &str, dice: Dice) -> Result<GnubgMoves, String> {
        writeln!(self.input, "{position} {} {}", dice.high, dice.low).map_err(|e| format!("gnubg: {e}"))?;
        self.input.flush().map_err(|e| format!("gnubg: {e}"))?;
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).map_err(|e| format!("gnubg: {e}"))? == 0 {
                return Err("gnubg stopped answering".into());
            }
            if !line.starts_with('{') {
                continue; // gnubg's banner
            }
            let v: serde_json::Value = serde_json::from_str(&line).map_err(|e| format!("gnubg said {line:?}: {e}"))?;
            let moves = v["moves"].as_array().ok_or("gnubg: no moves")?;
            return Ok(moves
                .iter()
                .map(|m| {
                    (
                        m["move"].as_str().unwrap_or_default().to_string(),
                        m["equity"].as_f64().unwrap_or(f64::NAN) as f32,
                        m["after"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect());
        }
    }
}

impl Drop for Gnubg {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a run found, for the set's note.
#[derive(Clone, Debug, Default)]
pub struct BgStats {
    /// Positions whose 2-ply lead made a candidate.
    pub candidates: u32,
    /// Of those, how many gnubg's best play equals ours.
    pub agreed: u32,
    /// Of those, how many gnubg puts at least [`GNUBG_MARGIN`] ahead.
    pub clear: u32,
    /// Of those, how many were left out for their theme's share.
    pub over_share: u32,
}

/// Makes `count` backgammon puzzles from games seeded by `seed`, checked
/// against gnubg at `gnubg`.
pub fn generate(
    count: usize,
    seed: u64,
    gnubg: &str,
    mut progress: impl FnMut(&Puzzle),
) -> Result<(Vec<Puzzle>, BgStats), String> {
    let mut engine = Gnubg::start(gnubg)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut stats = BgStats::default();
    let mut themes: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let cap = ((count as f64 * THEME_SHARE).ceil() as usize).max(1);
    while out.len() < count {
        let levels = [pick_level(&mut rng), pick_level(&mut rng)];
        let game_seed = rng.next_u64();
        for mut puzzle in from_game(levels, game_seed, &mut seen, &mut engine, &mut stats)? {
            if out.len() >= count {
                break;
            }
            let n = themes.entry(puzzle.theme.clone()).or_default();
            if *n >= cap {
                stats.over_share += 1;
                continue;
            }
            *n += 1;
            puzzle.id = format!("backgammon-{:04}", out.len() + 1);
            progress(&puzzle);
            out.push(puzzle);
        }
    }
    Ok((out, stats))
}

/// Games between the cheap levels: positions, not strength.
fn pick_level(rng: &mut impl Rng) -> Level {
    if rng.random_bool(0.5) {
        Level::Beginner
    } else {
        Level::Normal
    }
}

fn roll(rng: &mut impl Rng) -> Dice {
    Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("two dice")
}

fn from_game(
    levels: [Level; 2],
    seed: u64,
    seen: &mut HashSet<String>,
    gnubg: &mut Gnubg,
    stats: &mut BgStats,
) -> Result<Vec<Puzzle>, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Backgammon::start();
    let mut out = Vec::new();
    let mut plies = 0;
    while !game.is_over() && out.len() < PER_GAME && plies < 400 {
        plies += 1;
        match game.turn() {
            Turn::Chance => {
                let mv = if game.to_move().is_none() {
                    let white = rng.random_range(1..=6);
                    let mut black = rng.random_range(1..=6);
                    while black == white {
                        black = rng.random_range(1..=6);
                    }
                    BgMove::Opening { white, black }
                } else {
                    BgMove::Roll(roll(&mut rng))
                };
                game.play(&mv).expect("a roll");
            }
            Turn::Seat(seat) => {
                // Every other decision at most, and none of the opening's.
                let bear_off = game.board().all_home();
                if plies > 4 && (bear_off || rng.random_bool(0.5)) {
                    if let Some(p) = puzzle_at(&game, seen, gnubg, stats)? {
                        out.push(p);
                    }
                }
                let level = levels[seat.index()];
                let mv = super::bot_move::<Backgammon>(&game, level, rng.next_u64(), None).expect("a play or the pass");
                game.play(&mv).expect("the bot plays legal moves");
            }
            Turn::Over => break,
        }
    }
    Ok(out)
}

fn puzzle_at(
    game: &Backgammon,
    seen: &mut HashSet<String>,
    gnubg: &mut Gnubg,
    stats: &mut BgStats,
) -> Result<Option<Puzzle>, String> {
    let Some(dice) = game.dice() else {
        return Ok(None);
    };
    let position = game.position_id();
    let key = format!("{position} {dice}");
    if seen.contains(&key) {
        return Ok(None);
    }
    let Some(lead) = bg_lead(game) else {
        return Ok(None);
    };
    seen.insert(key);
    stats.candidates += 1;
    let theirs = gnubg.best(&position, dice)?;
    let ours = position_id::encode(&lead.after);
    let Some((gnubg_best, gnubg_eq, gnubg_after)) = theirs.first().cloned() else {
        return Ok(None);
    };
    if gnubg_after != ours {
        return Ok(None);
    }
    stats.agreed += 1;
    let gnubg_margin = theirs.get(1).map_or(0.0, |m| gnubg_eq - m.1);
    if gnubg_margin < GNUBG_MARGIN {
        return Ok(None);
    }
    stats.clear += 1;
    let verdict = GnubgVerdict {
        best: gnubg_best,
        equity: round4(gnubg_eq),
        margin: round4(gnubg_margin),
    };
    Ok(Some(backgammon_puzzle(game, &lead, Some(verdict))))
}
