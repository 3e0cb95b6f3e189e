//! Tournaments between bot levels (and a random player) in any of the four
//! games, to measure strength and think times.
//!
//! ```text
//! cargo run --release -p papan-tools --bin arena -- --game hex|hadang|junqi|backgammon \
//!     --a expert --b normal --games 100 [--seed N] [--threads 2] [--verbose] [--no-cap]
//!     [--size 9] [--swap]            Hex: board side, swap rule
//!     [--opening 4]                  HADANG: 2 to N random opening plies;
//!                                    Hex: N random stones (varied games between
//!                                    deterministic bots, as in `strength`)
//!     [--a-exploration 0.1 ...]      Hex: a's (or --b-…) search parameters
//!     [--estimator normal]           calibrate this level's estimate on every position
//!     [--samples FILE]               write each estimate, its result and game (to check
//!                                    a curve fitted on other games; `estimate_check`)
//!     [--record FILE]                write each game: the first seat's score and the moves
//!                                    (to search its positions again; `hex_estimate`)
//! ```
//!
//! After the results it prints how well the bots' win estimates are
//! calibrated (estimate buckets against the share of those positions won).
//!
//! Players: `random` (a uniform legal move), a level (`beginner`, `normal`,
//! `expert`) or a game's tuning syntax (see `games.rs`). Every bot is built
//! from its seat's view only ([`Game::view`]).
//!
//! Games come in pairs with a shared seed and the seats swapped: a holds
//! the first seat in even games. Both games of a pair get the same setup
//! (Jun Qi's shuffle, HADANG's random opening) and the same chance events —
//! backgammon's duplicate dice, so that luck cancels. Each move is searched
//! in slices until the level's budget is spent or its time limit passes on
//! a real clock (`--no-cap` ignores the limit, so that every game replays
//! exactly from `--seed` whatever the machine's load).

mod games;
mod stats;

use games::ArenaGame;
use papan_bots::{ends_by, Thinker, SLICE};
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use papan_rules::{Game, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use stats::{GameRecord, Think};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

const USAGE: &str = "usage: arena --game hex|hadang|junqi|backgammon --a expert --b normal --games 100 \
[--seed N] [--threads 2] [--verbose] [--no-cap] [--size 9] [--swap] [--opening 4] [--a-exploration X ...] \
[--estimator normal] [--samples FILE] [--record FILE]";

/// The command line.
pub struct Args {
    pub game: String,
    pub players: [String; 2],
    /// Each side's `--a-…`/`--b-…` flags with their values (Hex tuning).
    pub tuning: [Vec<(String, String)>; 2],
    pub games: usize,
    pub seed: u64,
    pub threads: usize,
    pub verbose: bool,
    pub cap: bool,
    pub size: Option<u8>,
    pub swap: bool,
    pub opening: Option<usize>,
    /// Every unforced position is also searched at this level, from the
    /// mover's view, and that search's value is calibrated. `normal` is
    /// the app's estimator ([`papan_bots::Bot::estimator`]: a Normal search,
    /// with more iterations on Hex 19×19).
    pub estimator: Option<papan_bots::Level>,
    /// Where to write the calibration samples, one per line.
    pub samples: Option<String>,
    /// Where to write the games, one per line.
    pub record: Option<String>,
}

fn parse_args(words: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut args = Args {
        game: String::new(),
        players: ["expert".into(), "normal".into()],
        tuning: [Vec::new(), Vec::new()],
        games: 100,
        seed: 1,
        threads: 1,
        verbose: false,
        cap: true,
        size: None,
        swap: false,
        opening: None,
        estimator: None,
        samples: None,
        record: None,
    };
    let mut words = words.peekable();
    while let Some(flag) = words.next() {
        let mut value = || words.next().ok_or(format!("{flag} needs a value"));
        fn number<T: std::str::FromStr>(flag: &str, text: String) -> Result<T, String>
        where
            T::Err: std::fmt::Display,
        {
            text.parse().map_err(|e| format!("{flag}: {e}"))
        }
        match flag.as_str() {
            "--game" => args.game = value()?,
            "--a" => args.players[0] = value()?,
            "--b" => args.players[1] = value()?,
            "--games" => args.games = number(&flag, value()?)?,
            "--seed" => args.seed = number(&flag, value()?)?,
            "--threads" => args.threads = number::<usize>(&flag, value()?)?.max(1),
            "--size" => args.size = Some(number(&flag, value()?)?),
            "--opening" => args.opening = Some(number(&flag, value()?)?),
            "--swap" => args.swap = true,
            "--estimator" => args.estimator = Some(value()?.parse()?),
            "--samples" => args.samples = Some(value()?),
            "--record" => args.record = Some(value()?),
            "--verbose" => args.verbose = true,
            "--no-cap" => args.cap = false,
            tuning if tuning.starts_with("--a-") || tuning.starts_with("--b-") => {
                let side = usize::from(tuning.starts_with("--b-"));
                let text = value()?;
                args.tuning[side].push((flag, text));
            }
            other => return Err(format!("unknown flag {other}")),
        }
    }
    let hex_only = args.size.is_some() || args.swap;
    if hex_only && args.game != "hex" {
        return Err("--size and --swap are for --game hex".into());
    }
    if args.opening.is_some() && !matches!(args.game.as_str(), "hadang" | "hex") {
        return Err("--opening is for --game hadang and hex".into());
    }
    Ok(args)
}

/// Builds a thinker for the seat to move in a view from a seed.
pub type MakeThinker<G> =
    Arc<dyn Fn(&<G as Game>::View, u64) -> Box<dyn Thinker<Move = <G as Game>::Move>> + Send + Sync>;

/// One side of the match.
pub enum Player<G: Game> {
    /// A uniform legal move.
    Random,
    Bot {
        name: String,
        make: MakeThinker<G>,
    },
}

impl<G: Game> Player<G> {
    pub fn name(&self) -> &str {
        match self {
            Player::Random => "random",
            Player::Bot { name, .. } => name,
        }
    }
}

/// A generator for one purpose (`kind`) and one game or pair, all from
/// `--seed`: the same command replays the same games.
fn stream(seed: u64, kind: u64, index: usize) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream((kind << 48) | index as u64);
    rng
}
const SETUP: u64 = 0;
const CHANCE: u64 = 1;
const PLAYERS: u64 = 2;

/// CPU time this thread has run, in ms (`/proc/thread-self/schedstat`).
fn thread_cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

/// One move of a bot: sliced search until its budget is spent or, with
/// `cap`, before a slice that could end past its time limit (as the app
/// and GTP stop it).
fn bot_move<G: Game>(make: &MakeThinker<G>, view: &G::View, seed: u64, cap: bool) -> (G::Move, Think) {
    let start = Instant::now();
    let cpu_start = thread_cpu_ms();
    let mut thinker = make(view, seed);
    let limit_us = if cap {
        thinker.time_limit_ms().saturating_mul(1000)
    } else {
        u64::MAX
    };
    let mut past = ends_by(|| start.elapsed().as_micros() as u64, limit_us);
    while !past() && thinker.think(SLICE) {}
    let decision = thinker.decision();
    let think = Think {
        wall_ms: start.elapsed().as_secs_f64() * 1000.0,
        cpu_ms: cpu_start.zip(thread_cpu_ms()).map(|(a, b)| b - a),
        iterations: decision.iterations,
        estimate: decision.win_probability,
    };
    (
        decision.best.expect("a bot names a move while its seat is to move"),
        think,
    )
}

/// Plays game `index` of the match.
fn play_game<G: ArenaGame>(args: &Args, options: &G::Options, players: &[Player<G>; 2], index: usize) -> GameRecord {
    let pair = index / 2;
    let a_seat = if index.is_multiple_of(2) {
        Seat::First
    } else {
        Seat::Second
    };
    let mut setup = stream(args.seed, SETUP, pair);
    let mut game = G::new(options, &mut setup).expect("the arena's options are valid");
    let mut moves = G::opening(&mut game, &mut setup, args);
    let mut chance = stream(args.seed, CHANCE, pair);
    let mut rng = stream(args.seed, PLAYERS, index);
    let mut record = GameRecord {
        index,
        pair,
        a_seat,
        outcome: None,
        plies: 0,
        moves: Vec::new(),
        chance_events: 0,
        think: [Vec::new(), Vec::new()],
    };
    while record.plies < G::MAX_PLIES {
        let (mv, text) = match game.turn() {
            Turn::Over => break,
            Turn::Chance => {
                let mv = game.sample_chance(&mut chance).expect("a chance event is due");
                record.chance_events += 1;
                let text = format!("[{}]", game.format_move(&mv));
                (mv, text)
            }
            Turn::Seat(seat) => {
                let side = usize::from(seat != a_seat);
                let seed = rng.random::<u64>();
                let mv = match &players[side] {
                    Player::Random => {
                        let legal = game.legal_moves();
                        legal[rng.random_range(0..legal.len())].clone()
                    }
                    Player::Bot { make, .. } => {
                        let view = game.view(seat);
                        let (mv, mut think) = bot_move::<G>(make, &view, seed, args.cap);
                        if game.legal_moves().len() > 1 {
                            think.estimate = match args.estimator {
                                // The app's estimator (a Normal search, with
                                // more iterations where a game asks for it).
                                Some(papan_bots::Level::Normal) => G::estimate(&view, seed ^ 0xE57).win_probability,
                                Some(level) => G::decide(&view, level, seed ^ 0xE57).win_probability,
                                None => think.estimate,
                            };
                            record.think[side].push(think);
                        }
                        mv
                    }
                };
                record.plies += 1;
                let text = game.format_move(&mv);
                (mv, text)
            }
        };
        game.play(&mv).expect("players play legal moves");
        moves.push(text);
    }
    record.outcome = game.outcome();
    record.moves = moves;
    record
}

/// Plays the whole match on `args.threads` threads; records in game order.
fn play_match<G: ArenaGame>(args: &Args, options: &G::Options, players: &[Player<G>; 2]) -> Vec<GameRecord> {
    let next = AtomicUsize::new(0);
    let records = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= args.games {
                    break;
                }
                let r = play_game(args, options, players, index);
                if args.verbose {
                    eprintln!(
                        "game {index} (pair {}): a as {:?}, a scored {} ({}, {} points) in {} plies: {}",
                        r.pair,
                        r.a_seat,
                        r.a_score(),
                        r.ending(),
                        r.outcome.map_or(0, |o| o.points),
                        r.plies,
                        r.moves.join(" ")
                    );
                }
                records.lock().expect("no poisoned lock").push(r);
            });
        }
    });
    let mut records = records.into_inner().expect("no poisoned lock");
    records.sort_by_key(|r| r.index);
    records
}

fn run<G: ArenaGame>(args: &Args) -> Result<(), String> {
    let options = G::arena_options(args)?;
    let players = [0, 1].map(|side| G::player(&args.players[side], &args.tuning[side]));
    let [a, b] = players;
    let players = [a?, b?];
    let started = Instant::now();
    let records = play_match(args, &options, &players);
    println!(
        "{}, {} games in pairs (same setup{}, seats swapped), seed {}: a={} b={}{}",
        G::label(args),
        records.len(),
        if records.iter().any(|r| r.chance_events > 0) {
            " and dice"
        } else {
            ""
        },
        args.seed,
        players[0].name(),
        players[1].name(),
        if args.cap { "" } else { " (no time cap)" }
    );
    for (side, tuning) in args.tuning.iter().enumerate() {
        if !tuning.is_empty() {
            let flags: Vec<String> = tuning.iter().map(|(flag, value)| format!("{flag} {value}")).collect();
            println!("{} tuning: {}", ["a", "b"][side], flags.join(" "));
        }
    }
    print!("{}", stats::report(&records, [players[0].name(), players[1].name()]));
    print!(
        "{}",
        stats::calibration(
            &records,
            [players[0].name(), players[1].name()],
            G::GAME,
            args.size,
            args.estimator
        )
    );
    if let Some(path) = &args.samples {
        std::fs::write(path, stats::samples_text(&records, args.estimator.is_some()))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    if let Some(path) = &args.record {
        std::fs::write(path, stats::games_text(&records)).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    println!(
        "wall {:.1} s on {} threads",
        started.elapsed().as_secs_f64(),
        args.threads
    );
    Ok(())
}

fn main() {
    let args = papan_cli::args_or_exit("arena", USAGE, None);
    let result = parse_args(args.into_iter()).and_then(|args| match args.game.as_str() {
        "hex" => run::<Hex>(&args),
        "hadang" => run::<Hadang>(&args),
        "junqi" => run::<JunQi>(&args),
        "backgammon" => run::<Backgammon>(&args),
        "" => Err("--game is required".into()),
        other => Err(format!("unknown game {other:?}")),
    });
    if let Err(e) = result {
        eprintln!("arena: {e}");
        eprintln!("{USAGE}");
        std::process::exit(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_rules::hex::HexOptions;

    fn args(words: &str) -> Args {
        parse_args(words.split_whitespace().map(String::from)).expect("valid arguments")
    }

    fn random_players<G: ArenaGame>() -> [Player<G>; 2] {
        [Player::Random, Player::Random]
    }

    fn chance_moves(record: &GameRecord) -> Vec<&String> {
        record.moves.iter().filter(|m| m.starts_with('[')).collect()
    }

    #[test]
    fn duplicate_dice_give_a_pair_the_same_rolls() {
        let args = args("--game backgammon --seed 7");
        let players = random_players::<Backgammon>();
        let options = Default::default();
        let first = play_game(&args, &options, &players, 4);
        let second = play_game(&args, &options, &players, 5);
        let other_pair = play_game(&args, &options, &players, 6);
        assert_eq!((first.pair, second.pair), (2, 2));
        assert_eq!((first.a_seat, second.a_seat), (Seat::First, Seat::Second));
        let (rolls, again) = (chance_moves(&first), chance_moves(&second));
        let common = rolls.len().min(again.len());
        assert!(common > 20, "games of some length");
        assert_eq!(
            rolls[..common],
            again[..common],
            "the k-th roll is the same in both games"
        );
        assert_ne!(chance_moves(&other_pair)[..10], rolls[..10], "another pair, other dice");
    }

    #[test]
    fn a_game_replays_from_the_seed() {
        let args = args("--game junqi --seed 3 --no-cap");
        let players = [JunQi::player("beginner", &[]).unwrap(), Player::Random];
        let options = Default::default();
        let once = play_game(&args, &options, &players, 1);
        let again = play_game(&args, &options, &players, 1);
        assert_eq!(once.moves, again.moves);
        assert_eq!(once.outcome, again.outcome);
        // The pair's other game starts from the same shuffle.
        let setup = |index: usize| {
            let mut rng = stream(args.seed, SETUP, index / 2);
            JunQi::new(&options, &mut rng).unwrap()
        };
        assert_eq!(format!("{:?}", setup(0)), format!("{:?}", setup(1)));
        assert_ne!(format!("{:?}", setup(0)), format!("{:?}", setup(2)));
    }

    #[test]
    fn flags_are_checked() {
        let parsed = args("--game hex --size 7 --a-exploration 0.2 --b beginner");
        assert_eq!(parsed.size, Some(7));
        assert_eq!(parsed.players, ["expert".to_string(), "beginner".to_string()]);
        assert_eq!(parsed.tuning[0], [("--a-exploration".to_string(), "0.2".to_string())]);
        let refused = |words: &str| parse_args(words.split_whitespace().map(String::from)).is_err();
        assert!(refused("--game junqi --size 9"));
        assert!(refused("--game junqi --opening 4"));
        assert_eq!(args("--game hex --opening 1").opening, Some(1));
        assert!(refused("--game hex --games"));
        assert!(refused("--game hex --colour red"));
        assert!(
            JunQi::player("beginner", &parsed.tuning[0]).is_err(),
            "Hex tuning only for Hex"
        );
    }

    #[test]
    fn a_hex_budget_flag_sets_the_iterations_and_games_are_recorded() {
        let tuning = [("--a-iterations".to_string(), "300".to_string())];
        let Player::Bot { make, name } = Hex::player("expert", &tuning).unwrap() else {
            panic!("a bot");
        };
        assert_eq!(name, "expert*");
        let options = HexOptions { size: 9, swap: false };
        let empty = Hex::empty(options).unwrap();
        let (_, think) = bot_move::<Hex>(&make, &empty.view(Seat::First), 5, false);
        assert_eq!(think.iterations, 300);

        let args = args("--game hex --size 7 --a beginner --b random --seed 2 --no-cap");
        let players = [Hex::player("beginner", &[]).unwrap(), Player::Random];
        let records: Vec<_> = (0..2)
            .map(|i| play_game(&args, &HexOptions { size: 7, swap: false }, &players, i))
            .collect();
        let text = stats::games_text(&records);
        let lines: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(lines.len(), 2);
        for (line, record) in lines.iter().zip(&records) {
            let mut words = line.split_whitespace();
            let score: f64 = words.next().unwrap().parse().unwrap();
            assert_eq!(score, record.outcome.unwrap().score_for(Seat::First));
            // The moves replay to the recorded end.
            let mut game = Hex::empty(HexOptions { size: 7, swap: false }).unwrap();
            for word in words {
                let mv = game.parse_move(word).unwrap();
                game.play(&mv).unwrap();
            }
            assert_eq!(game.outcome(), record.outcome);
        }
    }
}
