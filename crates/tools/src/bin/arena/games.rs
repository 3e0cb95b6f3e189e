//! What differs between games in the arena: options, custom (tuning)
//! players, HADANG's random openings, a ply limit.

use crate::{Args, MakeThinker, Player};
use papan_bots::hadang::eval::Weights;
use papan_bots::{hadang, hex, junqi, Bot, Level};
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::{Hex, HexMove, HexOptions};
use papan_rules::junqi::JunQi;
use papan_rules::Game;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

pub trait ArenaGame: Bot {
    /// Seat moves after which a game is drawn (a safety net, except in
    /// HADANG where two bots may shuffle pawns forever).
    const MAX_PLIES: usize = 10_000;

    fn arena_options(_args: &Args) -> Result<Self::Options, String> {
        Ok(Self::Options::default())
    }

    /// The match's heading.
    fn label(_args: &Args) -> String {
        Self::GAME.code().to_string()
    }

    /// A player from its name (`random`, a level, or the game's tuning
    /// syntax) and its side's `--a-…`/`--b-…` flags.
    fn player(text: &str, tuning: &[(String, String)]) -> Result<Player<Self>, String> {
        standard_player(text, tuning)
    }

    /// Moves played from `rng` before the players take over, the same for
    /// both games of a pair; returns them in notation.
    fn opening(&mut self, _rng: &mut ChaCha8Rng, _args: &Args) -> Vec<String> {
        Vec::new()
    }
}

/// `--size`, `--swap`, and `--a-exploration 0.1`, `--b-rave 500`,
/// `--a-expand 4`, `--a-fpu 0.5`: a level with other search parameters;
/// for the Expert also `--a-prior 1.5`, `--a-knowledge 64`, `--a-solver 1` and the
/// switches `--a-fill 0`, `--a-vc 0`, `--a-patterns 0`, `--a-dominated 0`,
/// `--a-vulnerable 0` (ablations);
/// `--a-iterations 16000`: with another budget (with `--no-cap`, games
/// that replay exactly and take the same time on any machine);
/// `--a-time 200`: another time cap in ms (with a large `--a-iterations`,
/// matches at equal time).
impl ArenaGame for Hex {
    fn arena_options(args: &Args) -> Result<HexOptions, String> {
        let options = HexOptions {
            size: args.size.unwrap_or(9),
            swap: args.swap,
        };
        Hex::empty(options).map_err(|e| format!("--size: {e}"))?;
        Ok(options)
    }

    fn label(args: &Args) -> String {
        let size = args.size.unwrap_or(9);
        let opening = match args.opening {
            Some(n) if n > 0 => format!(", {n} random opening stones"),
            _ => String::new(),
        };
        format!("hex {size}x{size}{}{opening}", if args.swap { " (swap)" } else { "" })
    }

    /// `--opening N`: N stones on random cells, so that deterministic
    /// searches meet in varied games.
    fn opening(&mut self, rng: &mut ChaCha8Rng, args: &Args) -> Vec<String> {
        let mut moves = Vec::new();
        for _ in 0..args.opening.unwrap_or(0) {
            let legal: Vec<_> = self
                .legal_moves()
                .into_iter()
                .filter(|m| matches!(m, HexMove::Place(_)))
                .collect();
            if legal.is_empty() || self.is_over() {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            moves.push(self.format_move(&mv));
            self.play(&mv).expect("a legal move");
        }
        moves
    }

    fn player(text: &str, tuning: &[(String, String)]) -> Result<Player<Hex>, String> {
        if tuning.is_empty() {
            return standard_player(text, tuning);
        }
        let level: Level = text.parse()?;
        let mut config = hex::config(level);
        let mut knobs = hex::Knobs::default();
        let mut iterations = None;
        let mut time_ms = None;
        for (flag, value) in tuning {
            let number: f64 = value.parse().map_err(|e| format!("{flag}: {e}"))?;
            let name = &flag[4..];
            match (level, name) {
                (_, "iterations") => iterations = Some(number as u64),
                (_, "time") => time_ms = Some(number as u64),
                (Level::Expert, "exploration") => knobs.exploration = number,
                (Level::Expert, "rave") => knobs.rave_equivalence = number,
                (Level::Expert, "expand") => knobs.expand_after = number as u32,
                (Level::Expert, "fpu") => knobs.first_play_urgency = number,
                (Level::Expert, "prior") => knobs.prior_weight = number,
                (Level::Expert, "knowledge") => knobs.knowledge_after = number as u32,
                (Level::Expert, "solver") => knobs.solver = number as u32,
                (Level::Expert, "fill") => knobs.fill_in = number != 0.0,
                (Level::Expert, "vc") => knobs.connections = number != 0.0,
                (Level::Expert, "patterns") => knobs.patterns = number != 0.0,
                (Level::Expert, "playout-patterns") => knobs.playout_patterns = number != 0.0,
                (Level::Expert, "vc-fulls") => knobs.vc_limits.fulls = number as usize,
                (Level::Expert, "vc-semis") => knobs.vc_limits.semis = number as usize,
                (Level::Expert, "vc-ors") => knobs.vc_limits.ors = number as usize,
                (Level::Expert, "dominated") => knobs.dominated = number != 0.0,
                (Level::Expert, "vulnerable") => knobs.vulnerable = number != 0.0,
                (_, "exploration") => config.exploration = number,
                (_, "rave") => config.rave_equivalence = number,
                (_, "expand") => config.expand_after = number as u32,
                (_, "fpu") => config.first_play_urgency = number,
                _ => return Err(format!("unknown search parameter {flag} for {level}")),
            }
        }
        let make: MakeThinker<Hex> = Arc::new(move |view, seed| {
            let mut budget = hex::budget(level, view.size());
            budget.iterations = iterations.unwrap_or(budget.iterations);
            budget.time_limit_ms = time_ms.unwrap_or(budget.time_limit_ms);
            match level {
                Level::Expert => Box::new(hex::expert_with(view, seed, knobs, budget)),
                _ => Box::new(hex::thinker_with(view, seed, config, budget)),
            }
        });
        Ok(Player::Bot {
            name: format!("{level}*"),
            make,
        })
    }
}

/// `random` or a level; tuning flags are refused.
fn standard_player<G: Bot>(text: &str, tuning: &[(String, String)]) -> Result<Player<G>, String> {
    if let Some((flag, _)) = tuning.first() {
        return Err(format!("{flag} is for --game hex"));
    }
    if text.eq_ignore_ascii_case("random") {
        return Ok(Player::Random);
    }
    let level: Level = text.parse()?;
    let make: MakeThinker<G> = Arc::new(move |view, seed| Box::new(G::thinker(view, level, seed)));
    Ok(Player::Bot {
        name: level.to_string(),
        make,
    })
}

/// `--opening N`: 2 to N random plies (mostly pawn steps, a wall a
/// quarter of the time) so that deterministic levels meet in varied games.
/// Players: a level with overrides, `expert,nodes=50000,depth=4,wall=60`
/// (`wall`: linear value per wall; also `tempo`, `temp`, `margin`).
impl ArenaGame for Hadang {
    const MAX_PLIES: usize = 400;

    fn label(args: &Args) -> String {
        format!("hadang (openings of 2-{} random plies)", args.opening.unwrap_or(4))
    }

    fn player(text: &str, tuning: &[(String, String)]) -> Result<Player<Hadang>, String> {
        if !text.contains(',') || !tuning.is_empty() {
            return standard_player(text, tuning);
        }
        let mut parts = text.split(',');
        let level: Level = parts.next().unwrap_or("").parse()?;
        let mut budget = hadang::budget(level);
        for part in parts {
            let (key, value) = part.split_once('=').ok_or(format!("{part}: expected key=value"))?;
            let number: i64 = value.parse().map_err(|e| format!("{part}: {e}"))?;
            match key {
                "nodes" => budget.limits.nodes = number as u64,
                "depth" => budget.limits.max_depth = number as u32,
                "wall" => budget.limits.weights = Weights::linear(number as i32),
                "tempo" => budget.limits.weights.tempo = number as i32,
                "temp" => budget.temperature = number as f64,
                "margin" => budget.limits.margin = number as i32,
                _ => return Err(format!("unknown override {key}")),
            }
        }
        let make: MakeThinker<Hadang> =
            Arc::new(move |view, seed| Box::new(hadang::thinker_with_budget(view, budget, seed)));
        Ok(Player::Bot {
            name: text.to_string(),
            make,
        })
    }

    fn opening(&mut self, rng: &mut ChaCha8Rng, args: &Args) -> Vec<String> {
        papan_tools::hadang::random_opening(self, rng, args.opening.unwrap_or(4).max(2))
            .iter()
            .map(|mv| format!("({mv})"))
            .collect()
    }
}

/// Players: a budget outside the levels, `d3`, `d3t2.5` (depth,
/// temperature) or `d12n200000t0` (most depth, node budget, temperature).
impl ArenaGame for JunQi {
    fn player(text: &str, tuning: &[(String, String)]) -> Result<Player<JunQi>, String> {
        let Some(rest) = text.strip_prefix('d').filter(|_| tuning.is_empty()) else {
            return standard_player(text, tuning);
        };
        let (rest, temperature) = rest.split_once('t').unwrap_or((rest, "0"));
        let (depth, nodes) = rest.split_once('n').unwrap_or((rest, "18446744073709551615"));
        let budget = junqi::JunQiBudget {
            depth: depth.parse().map_err(|e| format!("{text}: {e}"))?,
            nodes: nodes.parse().map_err(|e| format!("{text}: {e}"))?,
            temperature: temperature.parse().map_err(|e| format!("{text}: {e}"))?,
            time_limit_ms: 1_000,
        };
        let make: MakeThinker<JunQi> =
            Arc::new(move |view, seed| Box::new(junqi::JunQiThinker::new(view, budget, seed)));
        Ok(Player::Bot {
            name: text.to_string(),
            make,
        })
    }
}

impl ArenaGame for Backgammon {}
