//! Backgammon matches between Papan's `bg-engine` and GNU Backgammon,
//! played inside gnubg by its own scripting: `play_vs_bot.py` (in
//! `crates/rules/tests/data/gnubg`) runs the games, cubeless, in pairs with
//! the same dice and the sides swapped, gnubg choosing its moves at
//! `--plies` and checking every move of Papan's against its legal-move
//! list (an illegal one loses a backgammon). With `--judge`, `judge.py`
//! then grades each of Papan's plays at gnubg's 2-ply. gnubg only plays
//! and grades: nothing of it reaches Papan's bot.

use crate::stats::Spread;
use crate::Flags;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub struct BgMatch {
    /// The gnubg binary (Debian's: `/usr/games/gnubg`).
    pub gnubg: String,
    pub games: usize,
    pub seed: u64,
    /// gnubg's lookahead for its own moves.
    pub plies: u32,
    pub judge: bool,
    /// Papan's engine command (a program and its arguments).
    pub papan: String,
    pub level: String,
    /// Where `play_vs_bot.py`, `judge.py` and `gbutil.py` are.
    pub scripts: PathBuf,
    /// Keep Papan's plays here (`judge.py` input) instead of a temporary file.
    pub record: Option<String>,
    /// Instead of a match: the positions of an earlier `--record` file
    /// (the first `positions` of them), played afresh by `papan` and graded.
    pub regrade: Option<String>,
    pub positions: usize,
}

impl BgMatch {
    pub fn from_flags(flags: &mut Flags, judge: bool) -> Result<BgMatch, String> {
        let gnubg = flags
            .text("--gnubg")
            .ok_or("backgammon needs --gnubg PATH (GNU Backgammon, e.g. /usr/games/gnubg)")?;
        let scripts = flags.text("--scripts").map_or_else(
            || papan_tools::crate_dir().join("../rules/tests/data/gnubg"),
            PathBuf::from,
        );
        Ok(BgMatch {
            gnubg,
            games: flags.number("--games", 200)?,
            seed: flags.number("--seed", 1)?,
            plies: flags.number("--plies", 0)?,
            judge,
            papan: flags
                .text("--papan")
                .map_or_else(|| crate::sibling("bg-engine"), |command| beside_strength(&command)),
            level: flags.text("--level").unwrap_or_else(|| "expert".to_string()),
            scripts,
            record: flags.text("--record"),
            regrade: flags.text("--regrade"),
            positions: flags.number("--positions", usize::MAX)?,
        })
    }
}

/// An engine command whose program is a bare name (`bg-engine --stages …`)
/// runs the one built beside `strength`.
fn beside_strength(command: &str) -> String {
    match command.split_once(' ') {
        _ if command.starts_with(['/', '.', '~']) => command.to_string(),
        Some((program, args)) if !program.contains('/') => format!("{} {args}", crate::sibling(program)),
        None if !command.contains('/') => crate::sibling(command),
        _ => command.to_string(),
    }
}

/// The `--judge` switch (the one flag without a value): whether it was
/// given, and the other words.
pub fn take_judge(words: impl Iterator<Item = String>) -> (bool, Vec<String>) {
    let (switch, rest): (Vec<String>, Vec<String>) = words.partition(|w| w == "--judge");
    (!switch.is_empty(), rest)
}

/// One game, Papan's side of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub papan_first: bool,
    /// Points won by Papan and by gnubg (one of them 0).
    pub papan: u32,
    pub gnubg: u32,
    /// Why it ended otherwise than by bearing off (`bot-illegal`).
    pub note: String,
}

/// One of Papan's decisions: legal plays to choose from, wall and CPU ms.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Timing {
    pub choices: usize,
    pub wall_ms: f64,
    pub cpu_ms: f64,
}

/// gnubg's grade of Papan's plays.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Judged {
    pub unforced: usize,
    /// Mean equity lost per unforced play, in millipoints (mEMG), at 2-ply.
    pub error: f64,
}

pub fn run(m: &BgMatch) -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("papan-bg-strength-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let result = match &m.regrade {
        Some(record) => regrade_in(m, record, &dir),
        None => run_in(m, &dir),
    };
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn run_in(m: &BgMatch, dir: &Path) -> Result<String, String> {
    let games_file = dir.join("games.jsonl");
    let times_file = dir.join("times.txt");
    let plays_file = m.record.as_ref().map_or_else(|| dir.join("plays.jsonl"), PathBuf::from);
    let bot = format!(
        "{} --level {} --times {}",
        m.papan,
        m.level,
        quoted(&times_file.display().to_string())
    );
    gnubg_script(m, "play_vs_bot.py")
        .env("PV_BOT", bot)
        .env("PV_GAMES", m.games.to_string())
        .env("PV_SEED", m.seed.to_string())
        .env("PV_PLIES", m.plies.to_string())
        .env("PV_LOG", &plays_file)
        .env("PV_GAMES_OUT", &games_file)
        .status()
        .map_err(|e| format!("cannot start gnubg ({}): {e}", m.gnubg))
        .and_then(|status| check(status, "play_vs_bot.py"))?;
    let games = read(&games_file)?
        .lines()
        .map(parse_game)
        .collect::<Result<Vec<Game>, String>>()?;
    if games.len() != m.games {
        return Err(format!("gnubg finished {} of {} games", games.len(), m.games));
    }
    let times = read(&times_file)?
        .lines()
        .map(parse_timing)
        .collect::<Result<Vec<Timing>, String>>()?;
    let judged = m.judge.then(|| judge(m, &plays_file, dir)).transpose()?;
    Ok(table_row(m, &games, &times, judged))
}

/// gnubg's 2-ply grade of the plays in `plays_file`.
fn judge(m: &BgMatch, plays_file: &Path, dir: &Path) -> Result<Judged, String> {
    let summary = dir.join("judge.json");
    gnubg_script(m, "judge.py")
        .env("JUDGE_IN", plays_file)
        .env("JUDGE_PLIES", "2")
        .env("JUDGE_OUT", dir.join("judged.jsonl"))
        .env("JUDGE_SUMMARY", &summary)
        .status()
        .map_err(|e| format!("cannot start gnubg ({}): {e}", m.gnubg))
        .and_then(|status| check(status, "judge.py"))?;
    parse_judge(&read(&summary)?)
}

pub const REGRADE_HEAD: &str =
    "| Backgammon, fixed positions | engine | positions | gnubg 2-ply mEMG (unforced moves) |\n|---|---|---|---|";

/// `--regrade`: the same positions for every setting of the engine, so two
/// lookaheads are compared on equal ground (a match's positions depend on
/// its own plays), in minutes instead of a match's hour.
fn regrade_in(m: &BgMatch, record: &str, dir: &Path) -> Result<String, String> {
    let positions: Vec<(String, [u8; 2])> = read(Path::new(record))?
        .lines()
        .filter(|line| !line.trim().is_empty())
        .take(m.positions)
        .map(parse_recorded_play)
        .collect::<Result<_, _>>()?;
    let command = format!("{} --level {}", m.papan, m.level);
    let mut engine = Command::new("sh")
        .args(["-c", &command])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {command:?}: {e}"))?;
    let (Some(mut input), Some(output)) = (engine.stdin.take(), engine.stdout.take()) else {
        return Err("the engine's pipes".into());
    };
    let mut replies = std::io::BufReader::new(output).lines();
    let mut plays = String::new();
    for (pos, [d1, d2]) in &positions {
        writeln!(input, "move {pos} {d1} {d2}").map_err(|e| format!("{command:?} stopped reading: {e}"))?;
        let reply = replies
            .next()
            .ok_or_else(|| format!("{command:?} stopped answering"))?
            .map_err(|e| e.to_string())?;
        if reply.starts_with("error") {
            return Err(format!("{command:?} refused {pos} {d1}-{d2}: {reply}"));
        }
        plays += &format!("{{\"pos\": \"{pos}\", \"dice\": [{d1}, {d2}], \"move\": \"{reply}\"}}\n");
    }
    let _ = writeln!(input, "quit");
    drop(input);
    let _ = engine.wait();
    let plays_file = dir.join("plays.jsonl");
    std::fs::write(&plays_file, plays).map_err(|e| format!("{}: {e}", plays_file.display()))?;
    let judged = judge(m, &plays_file, dir)?;
    Ok(format!(
        "| {record} | `{}` | {} | {:.2} ({}) |",
        m.papan,
        positions.len(),
        judged.error,
        judged.unforced
    ))
}

/// A line of a `--record` file: the Position ID and the dice.
pub fn parse_recorded_play(line: &str) -> Result<(String, [u8; 2]), String> {
    let bad = || format!("unreadable recorded play {line:?}");
    let pos = field(line, "pos").filter(|p| !p.is_empty()).ok_or_else(bad)?;
    let start = line.find("\"dice\"").ok_or_else(bad)?;
    let list = line[start..]
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .ok_or_else(bad)?
        .0;
    let dice: Vec<u8> = list
        .split(',')
        .map(|d| d.trim().parse().ok().filter(|d| (1..=6).contains(d)))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    match dice.as_slice() {
        &[d1, d2] => Ok((pos.to_string(), [d1, d2])),
        _ => Err(bad()),
    }
}

/// gnubg running one of the scripts, in their folder (they import
/// `gbutil.py` from there), its chatter thrown away.
fn gnubg_script(m: &BgMatch, script: &str) -> Command {
    let mut command = Command::new(&m.gnubg);
    command
        .args(["-t", "-q", "-r", "-p"])
        .arg(m.scripts.join(script))
        .current_dir(&m.scripts)
        .env("GBUTIL_DIR", &m.scripts)
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    command
}

fn check(status: std::process::ExitStatus, script: &str) -> Result<(), String> {
    if status.success() {
        Ok(())
    } else {
        Err(format!("gnubg running {script} failed ({status})"))
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// A path as one word for the script's `shlex.split`.
fn quoted(text: &str) -> String {
    if text.contains(|c: char| c.is_whitespace() || c == '\'' || c == '"') {
        format!("'{}'", text.replace('\'', r"'\''"))
    } else {
        text.to_string()
    }
}

/// The raw text of `"key": value` in a one-line JSON object, quotes removed.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let quoted_key = format!("\"{key}\"");
    let start = line.find(&quoted_key)? + quoted_key.len();
    let rest = line[start..].trim_start().strip_prefix(':')?.trim_start();
    let end = if let Some(text) = rest.strip_prefix('"') {
        return text.find('"').map(|end| &text[..end]);
    } else {
        rest.find([',', '}']).unwrap_or(rest.len())
    };
    Some(rest[..end].trim())
}

/// One line of `play_vs_bot.py`'s `PV_GAMES_OUT`.
pub fn parse_game(line: &str) -> Result<Game, String> {
    let bad = || format!("unreadable game line {line:?}");
    let gnubg_first = match field(line, "gnubg_first") {
        Some("true") => true,
        Some("false") => false,
        _ => return Err(bad()),
    };
    let points: u32 = field(line, "points").and_then(|p| p.parse().ok()).ok_or_else(bad)?;
    let (papan, gnubg) = match field(line, "winner") {
        Some("bot") => (points, 0),
        Some("gnubg") => (0, points),
        _ => return Err(bad()),
    };
    Ok(Game {
        papan_first: !gnubg_first,
        papan,
        gnubg,
        note: field(line, "why").unwrap_or_default().to_string(),
    })
}

/// One line of `bg-engine --times`.
pub fn parse_timing(line: &str) -> Result<Timing, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let bad = || format!("unreadable timing line {line:?}");
    let [choices, wall, cpu] = words.as_slice() else {
        return Err(bad());
    };
    Ok(Timing {
        choices: choices.parse().map_err(|_| bad())?,
        wall_ms: wall.parse().map_err(|_| bad())?,
        cpu_ms: cpu.parse().map_err(|_| bad())?,
    })
}

/// `judge.py`'s summary line (`JUDGE_SUMMARY`).
pub fn parse_judge(text: &str) -> Result<Judged, String> {
    let bad = || format!("unreadable judge summary {:?}", text.trim());
    Ok(Judged {
        unforced: field(text, "unforced").and_then(|n| n.parse().ok()).ok_or_else(bad)?,
        error: field(text, "err2_mEMG_per_unforced_move")
            .and_then(|e| e.parse().ok())
            .ok_or_else(bad)?,
    })
}

/// Papan's share of all points, `for / (for + against)`, with a 95%
/// interval. Games `2k` and `2k + 1` share their dice, so the pair is the
/// unit of chance: the interval is the ratio estimator's normal one
/// (delta method) over pairs.
pub fn points_share(games: &[Game]) -> (f64, f64, f64) {
    let pairs: Vec<(f64, f64)> = games
        .chunks(2)
        .map(|pair| {
            let won: u32 = pair.iter().map(|g| g.papan).sum();
            let all: u32 = pair.iter().map(|g| g.papan + g.gnubg).sum();
            (f64::from(won), f64::from(all))
        })
        .collect();
    let (won, all) = pairs.iter().fold((0.0, 0.0), |(w, a), (pw, pa)| (w + pw, a + pa));
    if all == 0.0 {
        return (0.5, 0.0, 1.0);
    }
    let share = won / all;
    let n = pairs.len() as f64;
    if pairs.len() < 2 {
        return (share, 0.0, 1.0);
    }
    let spread: f64 = pairs.iter().map(|(w, a)| (w - share * a).powi(2)).sum::<f64>() * n / (n - 1.0);
    let half = 1.96 * spread.sqrt() / all;
    (share, (share - half).max(0.0), (share + half).min(1.0))
}

pub const TABLE_HEAD: &str = "| Backgammon | opponent | games | Papan points (for–against) | Papan share | 95% interval | Papan wins | Papan s/move mean, p95 | Papan CPU s/move mean, p95 | gnubg 2-ply mEMG (unforced moves) |\n|---|---|---|---|---|---|---|---|---|---|";

pub fn table_row(m: &BgMatch, games: &[Game], times: &[Timing], judged: Option<Judged>) -> String {
    let (won, lost): (u32, u32) = games.iter().fold((0, 0), |(w, l), g| (w + g.papan, l + g.gnubg));
    let wins = games.iter().filter(|g| g.papan > 0).count();
    let (share, low, high) = points_share(games);
    // Only real choices: a forced move costs no thought.
    let chosen: Vec<&Timing> = times.iter().filter(|t| t.choices > 1).collect();
    let seconds = |ms: &dyn Fn(&Timing) -> f64| {
        let values: Vec<f64> = chosen.iter().map(|t| ms(t) / 1000.0).collect();
        if values.iter().any(|v| v.is_nan()) {
            return "—".to_string();
        }
        let s = Spread::of(&values);
        format!("{:.3}, {:.3}", s.mean, s.p95)
    };
    let illegal = games.iter().filter(|g| !g.note.is_empty()).count();
    let judged = judged.map_or_else(|| "—".to_string(), |j| format!("{:.2} ({})", j.error, j.unforced));
    format!(
        "| Papan {} | gnubg {}-ply | {} | {won}–{lost}{} | {:.1}% | {:.1}–{:.1}% | {wins}/{} | {} | {} | {judged} |",
        m.level,
        m.plies,
        games.len(),
        if illegal > 0 {
            format!(" ({illegal} lost to illegal moves)")
        } else {
            String::new()
        },
        100.0 * share,
        100.0 * low,
        100.0 * high,
        games.len(),
        seconds(&|t| t.wall_ms),
        seconds(&|t| t.cpu_ms),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(papan_first: bool, papan: u32, gnubg: u32) -> Game {
        Game {
            papan_first,
            papan,
            gnubg,
            note: String::new(),
        }
    }

    fn sample_match() -> BgMatch {
        BgMatch {
            gnubg: "gnubg".into(),
            games: 4,
            seed: 1,
            plies: 0,
            judge: true,
            papan: "bg-engine".into(),
            level: "expert".into(),
            scripts: PathBuf::from("."),
            record: None,
            regrade: None,
            positions: usize::MAX,
        }
    }

    #[test]
    fn game_lines_read_from_papans_side() {
        let g = parse_game(r#"{"game": 3, "gnubg_first": false, "winner": "bot", "points": 2, "why": ""}"#).unwrap();
        assert_eq!(g, game(true, 2, 0));
        let g = parse_game(r#"{"game": 4, "gnubg_first": true, "winner": "gnubg", "points": 3, "why": "bot-illegal"}"#)
            .unwrap();
        assert_eq!(
            (g.papan_first, g.papan, g.gnubg, g.note.as_str()),
            (false, 0, 3, "bot-illegal")
        );
        assert!(parse_game(r#"{"game": 1, "gnubg_first": true, "winner": "nobody", "points": 1}"#).is_err());
        assert!(parse_game("").is_err());
    }

    #[test]
    fn timings_and_the_judges_summary_are_read() {
        assert_eq!(
            parse_timing("17 12.500 11.250").unwrap(),
            Timing {
                choices: 17,
                wall_ms: 12.5,
                cpu_ms: 11.25
            }
        );
        assert!(parse_timing("17 12.5").is_err());
        assert!(parse_timing("1 0.1 nan").unwrap().cpu_ms.is_nan());
        let summary = r#"{"plays": 300, "unforced": 256, "seconds": 19.32, "err2_mEMG_per_unforced_move": 3.74, "rating2": "World class"}"#;
        assert_eq!(
            parse_judge(summary).unwrap(),
            Judged {
                unforced: 256,
                error: 3.74
            }
        );
        assert!(parse_judge(r#"{"plays": 0, "unforced": 0, "seconds": 0.0}"#).is_err());
    }

    #[test]
    fn points_share_has_an_interval_over_dice_pairs() {
        // Even pairs: each side wins one game of 1 point with the same dice.
        let even: Vec<Game> = (0..40)
            .map(|i| game(i % 2 == 0, (i % 2) as u32, ((i + 1) % 2) as u32))
            .collect();
        let (share, low, high) = points_share(&even);
        assert_eq!((share, low, high), (0.5, 0.5, 0.5), "duplicate dice cancel the luck");
        // Papan wins 2 points, loses 1, in every pair: 2/3, no spread.
        let better: Vec<Game> = (0..40)
            .map(|i| {
                if i % 2 == 0 {
                    game(true, 2, 0)
                } else {
                    game(false, 0, 1)
                }
            })
            .collect();
        let (share, low, high) = points_share(&better);
        assert!((share - 2.0 / 3.0).abs() < 1e-12 && (high - low).abs() < 1e-12);
        // Mixed pairs spread the interval around the share.
        let mixed: Vec<Game> = (0..40)
            .map(|i| match i % 4 {
                0 => game(true, 2, 0),
                1 => game(false, 1, 0),
                2 => game(true, 0, 3),
                _ => game(false, 0, 1),
            })
            .collect();
        let (share, low, high) = points_share(&mixed);
        assert!((share - 3.0 / 7.0).abs() < 1e-12);
        assert!(low < share && share < high && high - low > 0.2, "{low} {high}");
    }

    #[test]
    fn the_row_reports_points_times_and_the_judge() {
        let games = [game(false, 1, 0), game(true, 0, 2), game(false, 3, 0), game(true, 1, 0)];
        let times = [
            Timing {
                choices: 1,
                wall_ms: 0.1,
                cpu_ms: 0.1,
            },
            Timing {
                choices: 5,
                wall_ms: 100.0,
                cpu_ms: 90.0,
            },
            Timing {
                choices: 9,
                wall_ms: 300.0,
                cpu_ms: 250.0,
            },
        ];
        let row = table_row(
            &sample_match(),
            &games,
            &times,
            Some(Judged {
                unforced: 120,
                error: 3.456,
            }),
        );
        assert_eq!(
            row.matches('|').count(),
            TABLE_HEAD.lines().next().unwrap().matches('|').count()
        );
        assert!(
            row.starts_with("| Papan expert | gnubg 0-ply | 4 | 5–2 | 71.4% |"),
            "{row}"
        );
        assert!(row.contains("| 3/4 |"), "{row}");
        // Forced moves are left out: mean of 0.1 s and 0.3 s.
        assert!(row.contains("| 0.200, 0.300 | 0.170, 0.250 |"), "{row}");
        assert!(row.ends_with("| 3.46 (120) |"), "{row}");
        let plain = table_row(&sample_match(), &games, &times, None);
        assert!(plain.ends_with("| — |"), "{plain}");
    }

    #[test]
    fn recorded_plays_are_read_and_bad_ones_refused() {
        let line = r#"{"pos": "4HPwCSDgc/ABMA", "dice": [5, 2], "move": "24/22 13/8"}"#;
        assert_eq!(
            parse_recorded_play(line).unwrap(),
            ("4HPwCSDgc/ABMA".to_string(), [5, 2])
        );
        for bad in [
            r#"{"pos": "4HPwCSDgc/ABMA", "dice": [5, 7]}"#,
            r#"{"pos": "4HPwCSDgc/ABMA", "dice": [5]}"#,
            r#"{"dice": [5, 2]}"#,
            "24/22 13/8",
        ] {
            assert!(parse_recorded_play(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bare_engine_name_is_the_one_beside_strength() {
        let beside = beside_strength("bg-engine --stages '0 0 0 0 0 0'");
        assert!(
            beside.contains('/') && beside.ends_with("/bg-engine --stages '0 0 0 0 0 0'"),
            "{beside}"
        );
        assert_eq!(
            beside_strength("/opt/bg-engine --no-limit"),
            "/opt/bg-engine --no-limit"
        );
        assert_eq!(beside_strength("./bg-engine"), "./bg-engine");
    }

    #[test]
    fn judge_is_a_switch_without_a_value() {
        let words = ["--gnubg", "/usr/games/gnubg", "--judge", "--games", "20"].map(String::from);
        let (judge, rest) = take_judge(words.into_iter());
        assert!(judge);
        assert_eq!(rest, ["--gnubg", "/usr/games/gnubg", "--games", "20"]);
        let mut flags = Flags::parse(rest.into_iter()).unwrap();
        let m = BgMatch::from_flags(&mut flags, judge).unwrap();
        assert_eq!((m.games, m.seed, m.plies, m.judge), (20, 1, 0, true));
        assert!(m.scripts.join("play_vs_bot.py").exists(), "{}", m.scripts.display());
    }
}
