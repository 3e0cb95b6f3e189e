//! Move notation, records, transcripts, SGF and Position IDs: the rules
//! crate's readers of outside text.

use crate::{choose, text};
use papan_rules::backgammon::{position_id, Backgammon, BackgammonOptions};
use papan_rules::hadang::{Hadang, HadangOptions};
use papan_rules::hex::{sgf, Hex, HexOptions, SIZES};
use papan_rules::junqi::{JunQi, JunQiOptions};
use papan_rules::{Game, Record, Transcript, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// At most this many lines are read, so every input runs in bounded time.
const MAX_LINES: usize = 300;

/// Hex moves on a board size taken from the first byte.
pub fn hex_moves(data: &[u8]) {
    if let Some((size, rest)) = choose(data, SIZES.len()) {
        let options = HexOptions {
            size: SIZES[size],
            swap: rest.first().is_some_and(|b| b & 1 == 1),
        };
        moves::<Hex>(options, rest);
    }
}

pub fn hadang_moves(data: &[u8]) {
    moves::<Hadang>(HadangOptions::default(), data);
}

pub fn backgammon_moves(data: &[u8]) {
    moves::<Backgammon>(BackgammonOptions::default(), data);
}

pub fn junqi_moves(data: &[u8]) {
    moves::<JunQi>(JunQiOptions::default(), data);
}

/// Reads the input as lines of a game: `#n` plays the n-th legal move (or
/// draws the chance event due), so the fuzzer reaches deep positions; any
/// other line is move notation, checked and then played.
///
/// Properties: a move that reads writes out in a canonical form that
/// reads and writes the same again; `play` accepts exactly the moves that do what a listed
/// legal move does; a refused move leaves the position as it was.
fn moves<G: Game>(options: G::Options, data: &[u8]) {
    let Some(text) = text(data) else { return };
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(data.len() as u32));
    let mut game = G::new(&options, &mut rng).expect("the options given here are valid");
    for line in text.lines().take(MAX_LINES) {
        if let Some(index) = line.strip_prefix('#') {
            let Ok(n) = index.trim().parse::<usize>() else { continue };
            let mv = match game.turn() {
                Turn::Chance => game.sample_chance(&mut rng),
                Turn::Seat(_) => {
                    let legal = game.legal_moves();
                    (!legal.is_empty()).then(|| legal[n % legal.len()].clone())
                }
                Turn::Over => None,
            };
            if let Some(mv) = mv {
                if let Err(e) = game.play(&mv) {
                    panic!("the listed move {mv:?} was refused: {e}");
                }
            }
            continue;
        }
        let Ok(mv) = game.parse_move(line) else { continue };
        // Written out, a move reads back and writes the same again: the
        // written form is canonical (a move may be read from other
        // spellings, such as backgammon's legs in any order).
        let written = game.format_move(&mv);
        let reread = game
            .parse_move(&written)
            .unwrap_or_else(|e| panic!("{line:?} reads as {mv:?}, written {written:?}, which does not read: {e}"));
        assert_eq!(
            game.format_move(&reread),
            written,
            "{line:?}: the written form is not stable"
        );
        let listed = matches!(game.turn(), Turn::Seat(_)).then(|| game.legal_moves());
        let before = game.clone();
        match game.play(&mv) {
            Ok(()) => {
                // The same move may be written several ways (backgammon's
                // legs in any order, a hit with or without `*`): what counts
                // is that it does what one listed move does.
                if let Some(listed) = listed {
                    let after = format!("{game:?}");
                    let matches_one = listed.iter().any(|legal| {
                        let mut other = before.clone();
                        other.play(legal).is_ok() && format!("{other:?}") == after
                    });
                    assert!(matches_one, "{mv:?} was played but does what no listed legal move does");
                }
            }
            Err(e) => {
                assert_eq!(
                    format!("{before:?}"),
                    format!("{game:?}"),
                    "the refused {mv:?} ({e}) changed the position"
                );
                assert!(
                    !listed.is_some_and(|l| l.contains(&mv)),
                    "{mv:?} is a listed legal move but was refused: {e}"
                );
            }
        }
    }
}

/// A saved record (JSON) of the game the first byte picks: it replays or
/// is refused, never panics; one that replays also replays to every ply
/// and writes back as the same record.
pub fn records(data: &[u8]) {
    match choose(data, 4) {
        Some((0, rest)) => record::<Hex>(rest),
        Some((1, rest)) => record::<Hadang>(rest),
        Some((2, rest)) => record::<Backgammon>(rest),
        Some((_, rest)) => record::<JunQi>(rest),
        None => {}
    }
}

fn record<G: Game>(data: &[u8]) {
    let Ok(record) = serde_json::from_slice::<Record<G>>(data) else {
        return;
    };
    if record.replay().is_err() {
        return;
    }
    for plies in 0..=record.moves.len() {
        if let Err(e) = record.replay_to(plies) {
            panic!("a record that replays was refused at ply {plies}: {e}");
        }
    }
    // Written out, the record reads back as one that plays the same game
    // and writes the same again (a move may have several spellings, such
    // as backgammon's `22/16 16/11` and `22/11`).
    let written = serde_json::to_string(&record).expect("a record serializes");
    let back: Record<G> = serde_json::from_str(&written).expect("a written record reads back");
    assert_eq!(serde_json::to_string(&back).expect("a record serializes"), written);
    let replayed = |r: &Record<G>| r.replay().map(|game| format!("{game:?}")).map_err(|e| e.to_string());
    assert_eq!(
        replayed(&back),
        replayed(&record),
        "the record plays differently once written:\n{written}"
    );
}

/// An exported game (SGF, `.mat`, the HADANG and Jun Qi lists) of the game
/// the first byte picks: what imports replays, and exports as text that
/// imports to the same moves.
pub fn transcripts(data: &[u8]) {
    match choose(data, 4) {
        Some((0, rest)) => transcript::<Hex>(rest),
        Some((1, rest)) => transcript::<Hadang>(rest),
        Some((2, rest)) => transcript::<Backgammon>(rest),
        Some((_, rest)) => transcript::<JunQi>(rest),
        None => {}
    }
}

fn transcript<G: Transcript>(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(record) = G::import(text) else { return };
    if let Err(e) = record.replay() {
        panic!("an imported game does not replay: {e}");
    }
    let written = G::export(&record);
    let back = G::import(&written).unwrap_or_else(|e| panic!("the export of an import is refused: {e}\n{written}"));
    assert_eq!(
        back.options, record.options,
        "options changed through export:\n{written}"
    );
    assert_eq!(back.moves, record.moves, "moves changed through export:\n{written}");
}

/// HexGui SGF read directly (names, resignation, the swap spellings).
pub fn hex_sgf(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(game) = sgf::from_sgf(text) else { return };
    let Ok(written) = sgf::to_sgf(&game) else { return };
    let back = sgf::from_sgf(&written).unwrap_or_else(|e| panic!("the SGF written from a read game is refused: {e}"));
    assert_eq!(back, game, "the game changed through SGF:\n{written}");
}

/// gnubg Position IDs: what decodes encodes to an ID that decodes to the
/// same board, and that ID is canonical.
pub fn position_id(data: &[u8]) {
    let Some(id) = text(data) else { return };
    let Ok(board) = position_id::decode(id) else { return };
    let canonical = position_id::encode(&board);
    let back = position_id::decode(&canonical).unwrap_or_else(|e| panic!("{canonical} (from {id:?}) is refused: {e}"));
    assert_eq!(back, board, "{id:?} and its canonical {canonical} differ");
    assert_eq!(position_id::encode(&back), canonical);
}
