//! Trains the Hex Expert's move policy ([`papan_bots::hex::policy`]) on
//! self-play games (`hex-patterns selfplay`'s files): each position's
//! target is the share of the Expert's root visits each move had, where
//! the file gives them, else the move it played. The held-out loss, by
//! which the epoch written is chosen, is against the same targets; the top
//! move is the share of positions whose top cell was the move played.
//!
//! ```text
//! hex-policy train GAMES... [--channels 32] [--layers 6] [--epochs 6]
//!     [--batch 128] [--rate 0.001] [--holdout 0.1] [--seed 1] [--threads 2]
//!     [--from NET] [--targets visits|played] --out FILE
//! hex-policy check NET GAMES...     (top move and log loss, against the patterns)
//! hex-policy value-check VALUE GAMES... [--net NET]   (a value's log loss)
//! hex-policy value GAMES... [--net NET] [--layers 2] [--hidden 32] [--epochs 12]
//!     [--batch 128] [--rate 0.001] [--holdout 0.1] [--seed 1] [--threads 2] --out FILE
//! ```
//!
//! `value` fits the value ([`papan_bots::hex::value`]) on the policy's last
//! layer, the policy fixed, to whether each position's mover won.
//!
//! Training runs on the CPU: each layer as a matrix product over a batch
//! (im2col), forward and backward, split over `--threads`, with Adam.

use papan_bots::hex::patterns::{PatternGeometry, PatternTable};
use papan_bots::hex::policy::{PolicyNet, Scratch, EMPTY_PLANE, INPUT_PLANES};
use papan_bots::hex::value::ValueNet;
use papan_tools::hex::policy_training::{
    batch_gradient, half_turn, half_turn_targets, read_games, size_batches, teach_played, Adam, Example, Sample,
};
use papan_tools::hex::value_training::{examples as value_examples, fit, judge};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::process::ExitCode;

const USAGE: &str = "usage: hex-policy train GAMES... --out FILE [--channels 32] [--layers 6] [--epochs 6]
                  [--batch 128] [--rate 0.001] [--holdout 0.1] [--seed 1] [--threads 2] [--from NET]
                  [--targets visits|played]
       hex-policy check NET GAMES...
       hex-policy value-check VALUE GAMES... [--net NET]
       hex-policy value GAMES... --out FILE [--net NET] [--layers 2] [--hidden 32] [--epochs 12]
                  [--batch 128] [--rate 0.001] [--holdout 0.1] [--seed 1] [--threads 2]
GAMES are hex-patterns selfplay files (size, opening count, moves; one game a line).
train fits the Hex policy to the move played in every position after the opening,
each also under the board's half-turn, and writes the epoch with the best held-out loss
(--from goes on training NET, its shape kept, instead of starting from random weights;
--targets played teaches the move played even where the games give the root's visits,
which are taught by default);
check gives a net's log loss and top-move share on GAMES, and the shipped patterns' share;
value-check gives a value's log loss on GAMES and the share of positions it puts on the
winner's side, on the policy NET (the shipped one by default);
value fits a value (--layers convolutions and a head of --hidden units) on the last layer of
the policy NET (the shipped one by default), which stays fixed, to who won each game, and
writes the epoch with the best held-out loss.";

/// The options `value` takes.
const VALUE_OPTIONS: [&str; 10] = [
    "--out",
    "--net",
    "--layers",
    "--hidden",
    "--epochs",
    "--batch",
    "--rate",
    "--holdout",
    "--seed",
    "--threads",
];

/// The options `train` takes.
const TRAIN_OPTIONS: [&str; 11] = [
    "--out",
    "--from",
    "--targets",
    "--channels",
    "--layers",
    "--epochs",
    "--batch",
    "--rate",
    "--holdout",
    "--seed",
    "--threads",
];

fn main() -> ExitCode {
    let args = papan_cli::args_or_exit("hex-policy", USAGE, None);
    let result = match args.first().map(String::as_str) {
        Some("train") => train(&args[1..]),
        Some("check") => check(&args[1..]),
        Some("value") => value(&args[1..]),
        Some("value-check") => value_check(&args[1..]),
        Some(other) => Err(format!(
            "unknown command {other:?} (train, check, value or value-check)\n{USAGE}"
        )),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hex-policy: {e}");
            ExitCode::from(2)
        }
    }
}

fn option<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a value")),
        None => Ok(default),
    }
}

/// The positional arguments: those neither an option nor an option's value.
fn files(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if a.starts_with("--") {
            skip = true;
        } else {
            out.push(a.clone());
        }
    }
    out
}

fn train(args: &[String]) -> Result<(), String> {
    refuse_unknown(args, &TRAIN_OPTIONS)?;
    let channels: usize = option(args, "--channels", 32)?;
    let layers: usize = option(args, "--layers", 6)?;
    let epochs: usize = option(args, "--epochs", 6)?;
    let batch: usize = option(args, "--batch", 128)?;
    let rate: f32 = option(args, "--rate", 0.001)?;
    let holdout: f64 = option(args, "--holdout", 0.1)?;
    let seed: u64 = option(args, "--seed", 1)?;
    let threads: usize = option(args, "--threads", 2)?;
    let out: String = option(args, "--out", String::new())?;
    if out.is_empty() {
        return Err("--out FILE is needed".into());
    }
    let from: String = option(args, "--from", String::new())?;
    let visits = match option(args, "--targets", String::from("visits"))?.as_str() {
        "visits" => true,
        "played" => false,
        other => return Err(format!("--targets {other:?}: visits or played")),
    };
    // Read before the games, so a bad file costs nothing.
    let start_net = match from.as_str() {
        "" => None,
        path => {
            let net = read_net(path)?;
            let given = |name: &str| args.iter().any(|a| a == name);
            if (given("--channels") && channels != net.channels()) || (given("--layers") && layers != net.convs.len()) {
                return Err(format!(
                    "{path} has {} layers of {} channels: --from keeps its shape",
                    net.convs.len(),
                    net.channels()
                ));
            }
            Some(net)
        }
    };
    let started = std::time::Instant::now();
    let files = files(args);
    if files.is_empty() {
        return Err(format!("train needs games to learn from\n{USAGE}"));
    }
    let mut games = read_games(&files)?;
    if !visits {
        games.iter_mut().for_each(|game| teach_played(game));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (games, test) = hold_out(games, holdout, &mut rng)?;
    let test: Vec<Sample> = test.into_iter().flatten().collect();
    let mut training: Vec<Example> = Vec::new();
    for s in games.into_iter().flatten() {
        training.push((
            s.side,
            half_turn(&s.planes),
            half_turn_targets(&s.targets, s.side),
            None,
        ));
        training.push((s.side, s.planes, s.targets, None));
    }
    eprintln!(
        "{} training positions (with half-turns), {} held out; read in {:.1} s",
        training.len(),
        test.len(),
        started.elapsed().as_secs_f64()
    );
    // A net trained on is kept if no epoch judges better than it did.
    let (mut net, mut best) = match start_net {
        Some(net) => {
            let (loss, top) = evaluate(&net, &test);
            eprintln!("{from}: held out {loss:.3}, top move {:.1}%", 100.0 * top);
            (net.clone(), (loss, net))
        }
        None => {
            let net = PolicyNet::random(channels, layers, || rng.random::<f32>());
            (net.clone(), (f64::INFINITY, net))
        }
    };
    let mut adam = Adam::new(&net);
    for epoch in 1..=epochs {
        training.shuffle(&mut rng);
        // The rate falls to three tenths over the last third of the epochs.
        let epoch_rate = if epoch * 3 > epochs * 2 { rate * 0.3 } else { rate };
        let mut loss_sum = 0.0;
        let mut count = 0;
        for members in size_batches(&training, batch, &mut rng) {
            let same: Vec<&Example> = members.iter().map(|&i| &training[i]).collect();
            let grads = batch_gradient(&net, None, &same, threads);
            loss_sum += grads.policy_loss;
            count += same.len();
            adam.step(&mut net, &grads.net, epoch_rate);
        }
        let (test_loss, top) = evaluate(&net, &test);
        eprintln!(
            "epoch {epoch}: training loss {:.3}, held out {:.3}, top move {:.1}% ({:.0} s)",
            loss_sum / count as f64,
            test_loss,
            100.0 * top,
            started.elapsed().as_secs_f64()
        );
        if test_loss < best.0 {
            best = (test_loss, net.clone());
        }
    }
    std::fs::write(&out, best.1.to_bytes()).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out} (held-out loss {:.3})", best.0);
    Ok(())
}

/// Refuses an option not among `known`.
fn refuse_unknown(args: &[String], known: &[&str]) -> Result<(), String> {
    match args
        .iter()
        .find(|a| a.starts_with("--") && !known.contains(&a.as_str()))
    {
        Some(unknown) => Err(format!("unknown option {unknown}\n{USAGE}")),
        None => Ok(()),
    }
}

/// Games of positions, as [`read_games`] gives them.
type Games = Vec<Vec<Sample>>;

/// The games shuffled by `rng`, then split: those to train on and the
/// share `holdout` held out for judging (each side with a position).
fn hold_out(mut games: Games, holdout: f64, rng: &mut ChaCha8Rng) -> Result<(Games, Games), String> {
    games.shuffle(rng);
    let held = ((games.len() as f64) * holdout).round() as usize;
    let test: Games = games.drain(..held).collect();
    if games.iter().all(Vec::is_empty) || test.iter().all(Vec::is_empty) {
        return Err(format!(
            "{} games: too few to hold some out for judging",
            games.len() + held
        ));
    }
    Ok((games, test))
}

/// A net file, refused with its path and reason.
fn read_net(path: &str) -> Result<PolicyNet, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    PolicyNet::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
}

/// Held-out log loss against each sample's targets (the loss the epochs
/// are chosen by) and the share of positions whose top cell was played.
fn evaluate(net: &PolicyNet, test: &[Sample]) -> (f64, f64) {
    let mut scratch = Scratch::default();
    let (mut loss, mut top) = (0.0, 0);
    for s in test {
        scratch.input.clone_from(&s.planes);
        net.forward(s.side, &mut scratch);
        let legal = |p: usize| s.planes[p * INPUT_PLANES + EMPTY_PLANE] > 0.0;
        let cells = s.side * s.side;
        let best = (0..cells)
            .filter(|&p| legal(p))
            .max_by(|&a, &b| scratch.logits[a].total_cmp(&scratch.logits[b]));
        top += usize::from(best == Some(s.target));
        let max = (0..cells)
            .filter(|&p| legal(p))
            .map(|p| scratch.logits[p])
            .fold(f32::NEG_INFINITY, f32::max);
        let total: f64 = (0..cells)
            .filter(|&p| legal(p))
            .map(|p| ((scratch.logits[p] - max) as f64).exp())
            .sum();
        for &(p, share) in &s.targets {
            loss -= share as f64 * ((scratch.logits[p] - max) as f64 - total.ln());
        }
    }
    (loss / test.len().max(1) as f64, top as f64 / test.len().max(1) as f64)
}

fn check(args: &[String]) -> Result<(), String> {
    let files = files(args);
    if let Some(unknown) = args.iter().find(|a| a.starts_with("--")) {
        return Err(format!("unknown option {unknown}\n{USAGE}"));
    }
    let (net_path, games) = files.split_first().ok_or(USAGE)?;
    if games.is_empty() {
        return Err(format!("check needs games to judge the net on\n{USAGE}"));
    }
    let net = read_net(net_path)?;
    // Judged on the move played, as the top move is.
    let mut test: Vec<Sample> = read_games(games)?.into_iter().flatten().collect();
    teach_played(&mut test);
    let (loss, top) = evaluate(&net, &test);
    // The shipped patterns' top cell, on the same positions.
    let table = PatternTable::shipped();
    let mut geometries: Vec<Option<PatternGeometry>> = Vec::new();
    let mut pattern_top = 0;
    for s in &test {
        let n = s.board.size();
        if geometries.len() <= n {
            geometries.resize_with(n + 1, || None);
        }
        let geometry = geometries[n].get_or_insert_with(|| PatternGeometry::new(n));
        let best = s.board.inner().filter(|&at| s.board.cells[at] == 0).max_by(|&a, &b| {
            let ga = table.gamma(geometry.key(&s.board.cells, a, s.mover));
            let gb = table.gamma(geometry.key(&s.board.cells, b, s.mover));
            ga.total_cmp(&gb)
        });
        pattern_top += usize::from(best == Some(s.at));
    }
    println!(
        "{} positions: net log loss {loss:.3}, top move {:.1}%; patterns' top move {:.1}%",
        test.len(),
        100.0 * top,
        100.0 * pattern_top as f64 / test.len().max(1) as f64
    );
    Ok(())
}

/// The policy a value reads: `--net`'s, else the shipped one.
fn value_policy(args: &[String]) -> Result<PolicyNet, String> {
    match option(args, "--net", String::new())?.as_str() {
        "" => Ok(PolicyNet::shipped()
            .ok_or("this build carries no policy: give --net")?
            .clone()),
        path => read_net(path),
    }
}

fn value_check(args: &[String]) -> Result<(), String> {
    refuse_unknown(args, &["--net"])?;
    let files = files(args);
    let (value_path, games) = files.split_first().ok_or(USAGE)?;
    if games.is_empty() {
        return Err(format!("value-check needs games to judge the value on\n{USAGE}"));
    }
    let bytes = std::fs::read(value_path).map_err(|e| format!("{value_path}: {e}"))?;
    let value = ValueNet::from_bytes(&bytes).map_err(|e| format!("{value_path}: {e}"))?;
    let policy = value_policy(args)?;
    if value.head.inputs != 2 * policy.channels() {
        return Err(format!(
            "{value_path} reads a policy of {} channels; this policy has {}",
            value.head.inputs / 2,
            policy.channels()
        ));
    }
    let games = read_games(games)?;
    let (loss, right) = judge(&policy, &value, &games);
    println!(
        "{} games, {} positions: log loss {loss:.3}, the winner's side {:.1}%",
        games.len(),
        games.iter().map(Vec::len).sum::<usize>(),
        100.0 * right
    );
    Ok(())
}

fn value(args: &[String]) -> Result<(), String> {
    refuse_unknown(args, &VALUE_OPTIONS)?;
    let layers: usize = option(args, "--layers", 2)?;
    let hidden: usize = option(args, "--hidden", 32)?;
    let epochs: usize = option(args, "--epochs", 12)?;
    let batch: usize = option(args, "--batch", 128)?;
    let rate: f32 = option(args, "--rate", 0.001)?;
    let holdout: f64 = option(args, "--holdout", 0.1)?;
    let seed: u64 = option(args, "--seed", 1)?;
    let threads: usize = option(args, "--threads", 2)?;
    let out: String = option(args, "--out", String::new())?;
    if out.is_empty() {
        return Err("--out FILE is needed".into());
    }
    let policy = value_policy(args)?;
    let files = files(args);
    if files.is_empty() {
        return Err(format!("value needs games to learn from\n{USAGE}"));
    }
    let started = std::time::Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (games, test) = hold_out(read_games(&files)?, holdout, &mut rng)?;
    let mut training = value_examples(&policy, &games, true);
    drop(games);
    eprintln!(
        "{} training positions (with half-turns), {} held out; the policy's layers in {:.1} s",
        training.len(),
        test.iter().map(Vec::len).sum::<usize>(),
        started.elapsed().as_secs_f64()
    );
    let value = ValueNet::random(policy.channels(), layers, hidden, || rng.random::<f32>());
    let (value, loss) = fit(
        &policy,
        value,
        &mut training,
        &test,
        epochs,
        batch,
        rate,
        threads,
        &mut rng,
    );
    std::fs::write(&out, value.to_bytes()).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out} (held-out loss {loss:.4})");
    Ok(())
}
