//! Fits a win-estimate curve on some games and checks it on others, from
//! the samples `arena --estimator normal --samples FILE` writes (each
//! position's raw search value and the mover's result), so a curve can be
//! judged on games it was not fitted on without playing them again.
//!
//! ```text
//! cargo run --release -p papan-tools --example estimate_check -- \
//!     --fit hex11-seed13.txt --check hex11-seed16.txt [--game hex --size 11] [--odd]
//! ```
//! `--odd` fits a curve with no shift ([`fit::odd_curve`]: the two seats'
//! chances of a position add up to 100%), as the Hex curves are.
//! Prints the fitted curve (the line to put in `estimate::CURVES`) and the
//! 10-point bucket tables: the fit on its own games, the fit on the check
//! games and, with `--game`, the shipped curve on the check games.

use papan_bots::estimate::{curve, Curve};
use papan_bots::Level;
use papan_rules::GameId;
use papan_tools::fit::{self, bucket_table};

fn read_samples(path: &str) -> Result<Vec<(f64, f64)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(n, line)| {
            let mut words = line.split_whitespace();
            let mut number = |what: &str| -> Result<f64, String> {
                words
                    .next()
                    .and_then(|w| w.parse().ok())
                    .ok_or(format!("{path}:{}: no {what}", n + 1))
            };
            Ok((number("estimate")?, number("result")?))
        })
        .collect()
}

fn run() -> Result<(), String> {
    let mut fit_files = Vec::new();
    let mut check_files = Vec::new();
    let mut game = None;
    let mut size = None;
    let mut odd = false;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--odd" {
            odd = true;
            continue;
        }
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--fit" => fit_files.push(value),
            "--check" => check_files.push(value),
            "--game" => game = Some(value.parse::<GameId>().map_err(|e| format!("--game: {e}"))?),
            "--size" => size = Some(value.parse::<u8>().map_err(|e| format!("--size: {e}"))?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    if fit_files.is_empty() {
        return Err("usage: estimate_check --fit FILE... [--check FILE...] [--game hex --size 11] [--odd]".into());
    }
    let mut fit_samples = Vec::new();
    for path in &fit_files {
        fit_samples.extend(read_samples(path)?);
    }
    let fitted = if odd {
        fit::odd_curve(&fit_samples)
    } else {
        fit::curve(&fit_samples)
    };
    println!(
        "fit on {} positions: Curve {{ slope: {:.3}, shift: {:.3} }}",
        fit_samples.len(),
        fitted.slope,
        fitted.shift
    );
    let mapped = |c: Curve, samples: &[(f64, f64)]| -> Vec<(f64, f64)> {
        samples.iter().map(|&(v, r)| (c.apply(v), r)).collect()
    };
    print!(
        "{}",
        bucket_table("the fit on its own games", &mapped(fitted, &fit_samples))
    );
    let mut check_samples = Vec::new();
    for path in &check_files {
        check_samples.extend(read_samples(path)?);
    }
    if !check_samples.is_empty() {
        println!("check games: {} positions", check_samples.len());
        print!(
            "{}",
            bucket_table("the fit on the check games", &mapped(fitted, &check_samples))
        );
        if let Some(game) = game {
            let shipped = curve(game, size, Level::Normal);
            print!(
                "{}",
                bucket_table(
                    &format!(
                        "the shipped curve (slope {:.3}, shift {:.3}) on the check games",
                        shipped.slope, shipped.shift
                    ),
                    &mapped(shipped, &check_samples)
                )
            );
        }
    }
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("estimate_check: {e}");
        std::process::exit(2);
    }
}
