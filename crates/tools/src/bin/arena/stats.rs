//! What the arena learns from a set of games, the same for every game:
//! a's score with its Wilson interval, results per seat, how the games
//! ended, points (backgammon) and each side's think times.

use papan_bots::Level;
use papan_rules::{GameId, Outcome, Seat};
use papan_tools::fit::bucket_table;
use std::fmt::Write;

/// One decision of a bot with more than one legal move.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Think {
    pub wall_ms: f64,
    /// Time on a core, where Linux tells it: on a shared machine wall time
    /// measures the neighbours as much as the bot.
    pub cpu_ms: Option<f64>,
    pub iterations: u64,
    /// The bot's estimate that its seat wins, as the app shows it.
    pub estimate: f64,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub index: usize,
    /// Games `2k` and `2k + 1` form pair `k`: same setup and dice, seats
    /// swapped.
    pub pair: usize,
    pub a_seat: Seat,
    /// `None`: drawn at the arena's ply limit.
    pub outcome: Option<Outcome>,
    /// Moves made by the seats (not counting chance events).
    pub plies: usize,
    /// Every move in the game's notation, chance events in brackets.
    pub moves: Vec<String>,
    pub chance_events: usize,
    /// Unforced bot decisions of a (`[0]`) and b (`[1]`).
    pub think: [Vec<Think>; 2],
}

impl GameRecord {
    /// a's score: 1 win, ½ draw, 0 loss.
    pub fn a_score(&self) -> f64 {
        self.outcome.map_or(0.5, |o| o.score_for(self.a_seat))
    }

    /// Points won by a (`side` 0) or b (`side` 1).
    pub fn points(&self, side: usize) -> u32 {
        let seat = if side == 0 { self.a_seat } else { self.a_seat.other() };
        match self.outcome {
            Some(o) if o.winner == Some(seat) => u32::from(o.points),
            _ => 0,
        }
    }

    pub fn ending(&self) -> String {
        match self.outcome {
            Some(o) => format!("{:?}", o.reason),
            None => "PlyLimit".to_string(),
        }
    }
}

/// Wilson score interval at 95% for a score of `points` (draws half) out
/// of `n` games.
pub fn wilson(points: f64, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.96f64, n as f64, points / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean, 95th percentile (nearest rank) and maximum of some times.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Spread {
    pub mean: f64,
    pub p95: f64,
    pub max: f64,
}

impl Spread {
    pub fn of(values: &[f64]) -> Spread {
        if values.is_empty() {
            return Spread {
                mean: 0.0,
                p95: 0.0,
                max: 0.0,
            };
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let rank = (sorted.len() as f64 * 0.95).ceil() as usize;
        Spread {
            mean: sorted.iter().sum::<f64>() / sorted.len() as f64,
            p95: sorted[rank.clamp(1, sorted.len()) - 1],
            max: sorted[sorted.len() - 1],
        }
    }
}

impl std::fmt::Display for Spread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mean {:.1} p95 {:.1} max {:.1}", self.mean, self.p95, self.max)
    }
}

/// Mean and 95% normal half-width of some values.
fn mean_and_margin(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, f64::INFINITY);
    }
    let variance = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

/// The summary of a match; `names` are a's and b's player names.
pub fn report(records: &[GameRecord], names: [&str; 2]) -> String {
    let mut out = String::new();
    let n = records.len();
    let score: f64 = records.iter().map(GameRecord::a_score).sum();
    let wins = records.iter().filter(|r| r.a_score() == 1.0).count();
    let draws = records.iter().filter(|r| r.a_score() == 0.5).count();
    let (lo, hi) = wilson(score, n);
    let _ = writeln!(
        out,
        "a ({}): {wins} wins, {draws} draws, {} losses",
        names[0],
        n - wins - draws
    );
    let _ = writeln!(
        out,
        "a score: {:.3} (draws half; 95% CI {lo:.3}-{hi:.3}, Wilson)",
        score / n.max(1) as f64
    );
    for seat in Seat::BOTH {
        let games: Vec<_> = records.iter().filter(|r| r.a_seat == seat).collect();
        let points: f64 = games.iter().map(|r| r.a_score()).sum();
        let _ = writeln!(out, "a as {seat:?}: {points}/{} scored", games.len());
    }
    let first: f64 = records
        .iter()
        .map(|r| r.outcome.map_or(0.5, |o| o.score_for(Seat::First)))
        .sum();
    let _ = writeln!(out, "first seat scored {first}/{n} ({:.3})", first / n.max(1) as f64);
    let mut endings: Vec<(String, usize)> = Vec::new();
    for r in records {
        let ending = r.ending();
        match endings.iter_mut().find(|(name, _)| *name == ending) {
            Some(entry) => entry.1 += 1,
            None => endings.push((ending, 1)),
        }
    }
    let endings: Vec<String> = endings.iter().map(|(name, count)| format!("{name} {count}")).collect();
    let plies: usize = records.iter().map(|r| r.plies).sum();
    let _ = writeln!(
        out,
        "endings: {}; {:.0} plies per game",
        endings.join(", "),
        plies as f64 / n.max(1) as f64
    );
    if records.iter().any(|r| r.chance_events > 0) {
        out.push_str(&points_report(records));
    }
    for (side, name) in names.iter().enumerate() {
        let thinks: Vec<Think> = records.iter().flat_map(|r| r.think[side].iter().copied()).collect();
        let label = if side == 0 { "a" } else { "b" };
        if thinks.is_empty() {
            let _ = writeln!(out, "think {label} ({name}): no search");
            continue;
        }
        let wall: Vec<f64> = thinks.iter().map(|t| t.wall_ms).collect();
        let cpu: Vec<f64> = thinks.iter().filter_map(|t| t.cpu_ms).collect();
        let iterations = thinks.iter().map(|t| t.iterations).sum::<u64>() as f64 / thinks.len() as f64;
        let cpu = if cpu.is_empty() {
            String::new()
        } else {
            format!(", cpu ms {}", Spread::of(&cpu))
        };
        let _ = writeln!(
            out,
            "think {label} ({name}): {} unforced moves, wall ms {}{cpu}, {iterations:.0} iterations/move",
            thinks.len(),
            Spread::of(&wall)
        );
    }
    out
}

/// Points (single 1, gammon 2, backgammon 3) and duplicate pairs.
fn points_report(records: &[GameRecord]) -> String {
    let mut out = String::new();
    let n = records.len().max(1) as f64;
    let totals = [0, 1].map(|side| records.iter().map(|r| r.points(side)).sum::<u32>());
    let share = totals[0] as f64 / (totals[0] + totals[1]).max(1) as f64;
    // Net points of each pair, the unit duplicate dice make independent.
    let mut pairs: Vec<(usize, f64, f64)> = Vec::new();
    for r in records {
        let net = r.points(0) as f64 - r.points(1) as f64;
        match pairs.iter_mut().find(|(pair, _, _)| *pair == r.pair) {
            Some(entry) => {
                entry.1 += net;
                entry.2 += r.a_score();
            }
            None => pairs.push((r.pair, net, r.a_score())),
        }
    }
    let nets: Vec<f64> = pairs.iter().map(|&(_, net, _)| net).collect();
    let (mean, margin) = mean_and_margin(&nets);
    let per_game = records.len() as f64 / pairs.len().max(1) as f64;
    let _ = writeln!(
        out,
        "points: a {} b {}; a's share {share:.3}; a net {:+.3} per game (95% CI {:+.3} to {:+.3}, over {} pairs)",
        totals[0],
        totals[1],
        (totals[0] as f64 - totals[1] as f64) / n,
        (mean - margin) / per_game,
        (mean + margin) / per_game,
        pairs.len()
    );
    for (side, label) in ["a", "b"].iter().enumerate() {
        let count = |points| records.iter().filter(|r| r.points(side) == points).count();
        let _ = writeln!(
            out,
            "{label} won {} single, {} gammon, {} backgammon",
            count(1),
            count(2),
            count(3)
        );
    }
    let both = pairs.iter().filter(|p| p.2 == 2.0).count();
    let none = pairs.iter().filter(|p| p.2 == 0.0).count();
    let _ = writeln!(
        out,
        "pairs (same dice, seats swapped): a won both {both}, split {}, lost both {none}",
        pairs.len() - both - none
    );
    out
}

/// The calibration samples as text: per line the estimate (raw search
/// value), the mover's result (1, ½ or 0) and the game's index. With an
/// `estimator` both sides' positions (they are that level's searches);
/// else the first player's own estimates.
pub fn samples_text(records: &[GameRecord], estimator: bool) -> String {
    let mut out = String::from("# estimate result game\n");
    for (index, r) in records.iter().enumerate() {
        for side in if estimator { 0..2 } else { 0..1 } {
            let seat = if side == 0 { r.a_seat } else { r.a_seat.other() };
            let result = r.outcome.map_or(0.5, |o| o.score_for(seat));
            for t in &r.think[side] {
                let _ = writeln!(out, "{:.6} {result} {index}", t.estimate);
            }
        }
    }
    out
}

/// The games as text: per line the first seat's score (1, ½ or 0) and
/// every move in the game's notation, chance events in brackets.
pub fn games_text(records: &[GameRecord]) -> String {
    let mut out = String::from("# first-seat-score moves...\n");
    for r in records {
        let score = r.outcome.map_or(0.5, |o| o.score_for(Seat::First));
        let _ = writeln!(out, "{score} {}", r.moves.join(" "));
    }
    out
}

/// How well win estimates match what happened: each unforced decision's
/// estimate against whether the mover went on to win (draws half),
/// bucketed by tens, raw, with the logistic curve fitted here, and with
/// the curve the app ships ([`papan_bots::estimate::CURVES`]). With an
/// `estimator` every position of both sides was searched at that level
/// and the positions are pooled; else each bot's own estimates.
pub fn calibration(
    records: &[GameRecord],
    names: [&str; 2],
    game: GameId,
    size: Option<u8>,
    estimator: Option<Level>,
) -> String {
    let sides = |side: usize| -> Vec<(f64, f64)> {
        records
            .iter()
            .flat_map(|r| {
                let seat = if side == 0 { r.a_seat } else { r.a_seat.other() };
                let result = r.outcome.map_or(0.5, |o| o.score_for(seat));
                r.think[side].iter().map(move |t| (t.estimate, result))
            })
            .collect()
    };
    // (whose estimates, the level to look up the shipped curve, samples)
    type Group = (String, Option<Level>, Vec<(f64, f64)>);
    let groups: Vec<Group> = match estimator {
        Some(level) => {
            let mut all = sides(0);
            all.extend(sides(1));
            vec![(
                format!("the {level} estimator on both sides' positions"),
                Some(level),
                all,
            )]
        }
        None => (0..2)
            .map(|side| (names[side].to_string(), names[side].parse().ok(), sides(side)))
            .collect(),
    };
    let mut out = String::new();
    for (name, level, samples) in groups {
        if samples.is_empty() {
            continue;
        }
        let fit = papan_tools::fit::curve(&samples);
        let _ = writeln!(out, "calibration of {name} ({} positions):", samples.len());
        out.push_str(&bucket_table("raw search value", &samples));
        let _ = writeln!(
            out,
            "  fit: (GameId::{:?}, Level::{:?}, Curve {{ slope: {:.3}, shift: {:.3} }})",
            game,
            level.unwrap_or(Level::Normal),
            fit.slope,
            fit.shift
        );
        let fitted: Vec<(f64, f64)> = samples.iter().map(|&(v, r)| (fit.apply(v), r)).collect();
        out.push_str(&bucket_table("with the curve fitted on these games", &fitted));
        if let Some(level) = level {
            let shipped = papan_bots::estimate::curve(game, size, level);
            let mapped: Vec<(f64, f64)> = samples.iter().map(|&(v, r)| (shipped.apply(v), r)).collect();
            out.push_str(&bucket_table(
                &format!(
                    "with the shipped curve (slope {:.3}, shift {:.3})",
                    shipped.slope, shipped.shift
                ),
                &mapped,
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::EndReason;

    fn close(actual: (f64, f64), expected: (f64, f64)) -> bool {
        (actual.0 - expected.0).abs() < 5e-4 && (actual.1 - expected.1).abs() < 5e-4
    }

    #[test]
    fn wilson_matches_known_intervals() {
        assert!(close(wilson(5.0, 10), (0.2366, 0.7634)), "{:?}", wilson(5.0, 10));
        assert!(close(wilson(8.0, 10), (0.4902, 0.9433)), "{:?}", wilson(8.0, 10));
        assert!(close(wilson(0.0, 10), (0.0, 0.2775)), "{:?}", wilson(0.0, 10));
        assert!(close(wilson(75.0, 100), (0.6569, 0.8245)), "{:?}", wilson(75.0, 100));
        assert_eq!(wilson(0.0, 0), (0.0, 1.0));
        // Draws count half: 70 wins and 10 draws of 100 is a score of 75.
        assert_eq!(wilson(70.0 + 10.0 * 0.5, 100), wilson(75.0, 100));
    }

    #[test]
    fn p95_is_the_nearest_rank() {
        let hundred: Vec<f64> = (1..=100).map(f64::from).collect();
        let spread = Spread::of(&hundred);
        assert_eq!((spread.mean, spread.p95, spread.max), (50.5, 95.0, 100.0));
        let twenty: Vec<f64> = (1..=20).rev().map(f64::from).collect();
        assert_eq!(Spread::of(&twenty).p95, 19.0);
        assert_eq!(Spread::of(&[7.0]).p95, 7.0);
        assert_eq!(Spread::of(&[]).max, 0.0);
    }

    fn record(index: usize, a_seat: Seat, winner: Option<Seat>, points: u8) -> GameRecord {
        GameRecord {
            index,
            pair: index / 2,
            a_seat,
            outcome: Some(match winner {
                Some(seat) => Outcome {
                    winner: Some(seat),
                    points,
                    reason: EndReason::BoreOff,
                },
                None => Outcome::draw(EndReason::QuietDraw),
            }),
            plies: 10,
            moves: Vec::new(),
            chance_events: 1,
            think: [Vec::new(), Vec::new()],
        }
    }

    #[test]
    fn points_count_for_the_winner() {
        let records = [
            record(0, Seat::First, Some(Seat::First), 2),
            record(1, Seat::Second, Some(Seat::First), 1),
            record(2, Seat::First, None, 0),
        ];
        assert_eq!(records.iter().map(|r| r.points(0)).collect::<Vec<_>>(), [2, 0, 0]);
        assert_eq!(records.iter().map(|r| r.points(1)).collect::<Vec<_>>(), [0, 1, 0]);
        assert_eq!(records.iter().map(GameRecord::a_score).sum::<f64>(), 1.5);
        let text = report(&records, ["expert", "normal"]);
        assert!(text.contains("a (expert): 1 wins, 1 draws, 1 losses"), "{text}");
        assert!(text.contains("points: a 2 b 1"), "{text}");
        assert!(text.contains("a won both 0, split 2, lost both 0"), "{text}");
    }
}
