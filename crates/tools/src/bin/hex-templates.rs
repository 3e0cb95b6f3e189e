//! Finds and proves the Hex edge templates the bots ship
//! ([`papan_bots::hex::templates`]) and writes `data/hex.templates`.
//!
//! ```text
//! hex-templates [--rows 3-5] [--width 2[,W...]] [--helpers 2-4] [--ladders 2-4] [--reach 8]
//!     [--cell-ladders 2-5] [--cell-reach 12] [--tries 12] [--seed 1] [--work 200000]
//!     [--out crates/bots/data/hex.templates]
//! ```
//!
//! For each row, the region `--width` cells (one figure per row, the last
//! for the rest) wider than the stone's cone on
//! either side is proved by the exact solver, then shrunk `--tries` times
//! in shuffled orders to carriers from which no cell can be dropped; each
//! carrier is written with its mirror image. On the `--helpers` rows, the
//! same again with another stone of the colour on each cell of the region,
//! keeping what H-search with the plain templates does not find. On the
//! `--ladders` rows, ladders: the region cut short of the stone's cone on
//! the left and `--reach` cells long on the right, with an escape stone on
//! each cell of it in turn (two shrinking orders each). On the
//! `--cell-ladders` rows, ladders from the stone to a cell of the second
//! row up to `--cell-reach` columns along ([`templates::find_ladders`]).

use papan_bots::hex::templates::{self, EdgeTemplate, Search};
use std::time::Instant;

const USAGE: &str =
    "usage: hex-templates [--rows FIRST-LAST] [--width W] [--helpers FIRST-LAST] [--ladders FIRST-LAST] [--reach R] [--cell-ladders FIRST-LAST] [--cell-reach R] [--tries T] [--seed S] [--work J] [--out FILE]";

fn main() {
    let args = papan_cli::args_or_exit("hex-templates", USAGE, None);
    if let Err(e) = run(&args) {
        eprintln!("hex-templates: {e}");
        std::process::exit(2);
    }
}

/// `FIRST-LAST` or a single row.
fn rows_of(value: &str) -> Option<(usize, usize)> {
    let (a, b) = value.split_once('-').unwrap_or((value, value));
    Some((a.parse().ok()?, b.parse().ok()?))
}

fn run(args: &[String]) -> Result<(), String> {
    let mut rows = (3, 5);
    let mut helpers = (0, 0);
    let mut ladders = (1, 0);
    let mut reach = 8;
    let mut cell_ladders = (1, 0);
    let mut cell_reach = 12;
    let mut widths: Vec<i32> = vec![2];
    let (mut tries, mut seed, mut work) = (12usize, 1u64, 200_000u64);
    let mut out = "crates/bots/data/hex.templates".to_string();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).ok_or(format!("{} needs a value\n{USAGE}", args[i]))?;
        let bad = || format!("{}: cannot read {value:?}\n{USAGE}", args[i]);
        match args[i].as_str() {
            "--rows" => rows = rows_of(value).ok_or_else(bad)?,
            "--helpers" => helpers = rows_of(value).ok_or_else(bad)?,
            "--ladders" => ladders = rows_of(value).ok_or_else(bad)?,
            "--reach" => reach = value.parse().map_err(|_| bad())?,
            "--cell-ladders" => cell_ladders = rows_of(value).ok_or_else(bad)?,
            "--cell-reach" => cell_reach = value.parse().map_err(|_| bad())?,
            "--width" => {
                widths = value
                    .split(',')
                    .map(|w| w.parse())
                    .collect::<Result<_, _>>()
                    .map_err(|_| bad())?;
            }
            "--tries" => tries = value.parse().map_err(|_| bad())?,
            "--seed" => seed = value.parse().map_err(|_| bad())?,
            "--work" => work = value.parse().map_err(|_| bad())?,
            "--out" => out = value.clone(),
            other => return Err(format!("unknown flag {other}\n{USAGE}")),
        }
        i += 2;
    }
    // The cut-down boards must fit the builder's 19×19.
    if widths.iter().any(|w| !(0..=6).contains(w))
        || reach > 12
        || cell_reach > 14
        || rows.1 > 6
        || ladders.1 > 6
        || cell_ladders.1 > 6
        || (cell_ladders.0 <= cell_ladders.1 && cell_ladders.0 < 2)
    {
        return Err(format!(
            "widths 0 to 6, --reach up to 12, --cell-reach up to 14, rows up to 6 (cell ladders from 2)\n{USAGE}"
        ));
    }
    let mut all: Vec<EdgeTemplate> = Vec::new();
    for (i, row) in (rows.0..=rows.1).enumerate() {
        let start = Instant::now();
        let width = widths[i.min(widths.len() - 1)];
        let search = Search {
            row,
            left: width,
            right: width,
            helpers: (helpers.0..=helpers.1).contains(&row),
            derived_too: false,
            tries,
            seed: seed + row as u64,
            work,
        };
        let plain: Vec<EdgeTemplate> = all.iter().filter(|t| t.stones.is_empty()).cloned().collect();
        let found = templates::find(&search, &plain);
        if found.is_empty() {
            return Err(format!(
                "row {row}: the region of width {width} is not proved within {work} judgements"
            ));
        }
        let with = found.iter().filter(|t| !t.stones.is_empty()).count();
        let sizes: Vec<usize> = found.iter().map(|t| t.carrier.len()).collect();
        eprintln!(
            "row {row}: {} templates ({with} with helper stones), carriers {sizes:?}, {:.1?}",
            found.len(),
            start.elapsed()
        );
        all.extend(found);
    }
    for row in ladders.0..=ladders.1 {
        let start = Instant::now();
        // Cut short of the cone on the left: the stone runs right.
        let search = Search {
            row,
            left: -1,
            right: reach,
            helpers: true,
            derived_too: true,
            tries: 2,
            seed: seed + 100 + row as u64,
            work,
        };
        let found: Vec<EdgeTemplate> = templates::find(&search, &[])
            .into_iter()
            .filter(|t| !all.iter().any(|a| a == t))
            .collect();
        eprintln!("row {row}: {} ladders, {:.1?}", found.len(), start.elapsed());
        all.extend(found);
    }
    for row in cell_ladders.0..=cell_ladders.1 {
        let start = Instant::now();
        let found = templates::find_ladders(row, cell_reach, tries, seed + 200 + row as u64, work);
        let sizes: Vec<usize> = found.iter().map(|t| t.carrier.len()).collect();
        eprintln!(
            "row {row}: {} ladders to a cell, carriers {sizes:?}, {:.1?}",
            found.len(),
            start.elapsed()
        );
        all.extend(found);
    }
    let header = format!(
        "# Hex edge templates, Red's stone to the bottom edge (a ladder: to the cell after `>`): row\n\
         # from the edge, then the carrier as column,row offsets from the stone. Written by\n\
         # `hex-templates --rows {}-{} --width {} --helpers {}-{} --ladders {}-{} --reach {reach} --cell-ladders {}-{} --cell-reach {cell_reach} --tries {tries} --seed {seed} --work {work}`;\n\
         # see papan_bots::hex::templates.\n",
        rows.0,
        rows.1,
        widths.iter().map(|w| w.to_string()).collect::<Vec<_>>().join(","),
        helpers.0,
        helpers.1,
        ladders.0,
        ladders.1,
        cell_ladders.0,
        cell_ladders.1
    );
    std::fs::write(&out, header + &templates::format(&all)).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {} templates to {out}", all.len());
    Ok(())
}
