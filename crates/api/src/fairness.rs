//! Fairness proofs, checked by the client. At the start of a game the
//! server publishes a commitment to a secret seed; when it ends it reveals
//! the seed and salt. The commitment must open, and the seed must explain
//! what happened: the Jun Qi layout it deals, replayed with the public moves,
//! gives the final position shown; in backgammon every roll is the one the
//! seed draws for that position in the game ([`dice_rng`]).

use crate::wire::{Commitment, GameId, Reveal};
use papan_rules::backgammon::Backgammon;
use papan_rules::clock::Adjudicated;
use papan_rules::junqi::JunQi;
use papan_rules::{Game, Record, Seat, Turn};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};

/// Domain of each game's commitment, so a commitment for one game can never
/// be passed off as another's. Jun Qi's is the original (v1) one.
fn domain(game: GameId) -> &'static [u8] {
    match game {
        GameId::Junqi => b"papan-junqi-v1",
        GameId::Backgammon => b"papan-backgammon-v1",
        GameId::Hex => b"papan-hex-v1",
        GameId::Hadang => b"papan-hadang-v1",
    }
}

pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// `sha256(domain(game) ‖ salt ‖ seed as u64 LE)`: the commitment to `seed`
/// with `salt` (the server computes the same).
pub fn commit_for(game: GameId, seed: u64, salt: &[u8]) -> Commitment {
    let mut hash = Sha256::new();
    hash.update(domain(game));
    hash.update(salt);
    hash.update(seed.to_le_bytes());
    Commitment {
        sha256: to_hex(&hash.finalize()),
    }
}

/// The Jun Qi commitment (`commit_for(GameId::Junqi, ..)`).
pub fn commit(seed: u64, salt: &[u8]) -> Commitment {
    commit_for(GameId::Junqi, seed, salt)
}

/// Whether `reveal` opens `commitment` made for `game`.
pub fn opens_for(game: GameId, commitment: &Commitment, reveal: &Reveal) -> bool {
    match from_hex(&reveal.salt) {
        Some(salt) if salt.len() == 32 => commit_for(game, reveal.seed, &salt) == *commitment,
        _ => false,
    }
}

/// Whether `reveal` opens the Jun Qi `commitment`.
pub fn opens(commitment: &Commitment, reveal: &Reveal) -> bool {
    opens_for(GameId::Junqi, commitment, reveal)
}

/// The generator that draws the backgammon chance move (opening roll or
/// roll) at position `ply` of the game's move list (every move counts,
/// chance moves included): ChaCha8 seeded with the game's secret seed, on
/// stream `ply`. Each roll has its own stream, so it depends only on the
/// seed and its place in the game, never on how often the server drew.
pub fn dice_rng(seed: u64, ply: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(ply);
    rng
}

/// The final board of a replay as `seat` sees it, against the one the
/// server sent. The final view may carry an off-board verdict (resignation,
/// timeout) the replay cannot know: the board alone is compared.
fn same_board<G: Game>(game: G, seat: Seat, final_view: &serde_json::Value) -> Result<(), String> {
    let view = serde_json::to_value(Adjudicated::new(game).view(seat)).map_err(|e| e.to_string())?;
    if view.get("game") != final_view.get("game") {
        return Err("the revealed seed does not give the final position".into());
    }
    Ok(())
}

/// Full check after a Jun Qi game: the commitment opens, the revealed seed's
/// layout accepts every public move, and ends in the `final_view` the
/// server sent to `seat` (as JSON). Any difference means the server lied.
pub fn verify_junqi(
    commitment: &Commitment,
    reveal: &Reveal,
    moves: &[String],
    seat: Seat,
    final_view: &serde_json::Value,
) -> Result<(), String> {
    if !opens_for(GameId::Junqi, commitment, reveal) {
        return Err("the reveal does not open the commitment".into());
    }
    let record: Record<JunQi> = Record::new(Default::default(), reveal.seed);
    let mut game = record.start().map_err(|e| e.to_string())?;
    for text in moves {
        let mv = game.parse_move(text).map_err(|e| e.to_string())?;
        game.play(&mv).map_err(|e| format!("{text}: {e}"))?;
    }
    same_board(game, seat, final_view)
}

/// Full check after a backgammon game: the commitment opens, every chance
/// move at index `k` of `moves` is the roll `dice_rng(seed, k)` draws there,
/// every move plays, and the game ends in the board of `final_view` (the
/// view the server sent to `seat`, as JSON).
pub fn verify_backgammon(
    commitment: &Commitment,
    reveal: &Reveal,
    moves: &[String],
    seat: Seat,
    final_view: &serde_json::Value,
) -> Result<(), String> {
    if !opens_for(GameId::Backgammon, commitment, reveal) {
        return Err("the reveal does not open the commitment".into());
    }
    let record: Record<Backgammon> = Record::new(Default::default(), reveal.seed);
    let mut game = record.start().map_err(|e| e.to_string())?;
    for (k, text) in moves.iter().enumerate() {
        let mv = game.parse_move(text).map_err(|e| format!("move {k} ({text}): {e}"))?;
        if game.turn() == Turn::Chance {
            let due = game
                .sample_chance(&mut dice_rng(reveal.seed, k as u64))
                .map(|roll| game.format_move(&roll))
                .ok_or_else(|| format!("move {k}: no roll can be drawn here"))?;
            let played = game.format_move(&mv);
            if played != due {
                return Err(format!(
                    "roll at move {k} was {played}, but the revealed seed draws {due} there"
                ));
            }
        }
        game.play(&mv).map_err(|e| format!("move {k} ({text}): {e}"))?;
    }
    same_board(game, seat, final_view)
}

/// The fairness check of `game` ([`verify_junqi`], [`verify_backgammon`]);
/// games without a commitment (Hex, HADANG) have nothing to verify.
pub fn verify(
    game: GameId,
    commitment: &Commitment,
    reveal: &Reveal,
    moves: &[String],
    seat: Seat,
    final_view: &serde_json::Value,
) -> Result<(), String> {
    match game {
        GameId::Junqi => verify_junqi(commitment, reveal, moves, seat, final_view),
        GameId::Backgammon => verify_backgammon(commitment, reveal, moves, seat, final_view),
        GameId::Hex | GameId::Hadang => Err(format!("{game:?} games carry no fairness commitment")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commitment_opens_only_with_its_seed_and_salt() {
        let salt = [7u8; 32];
        let c = commit(42, &salt);
        assert!(opens(
            &c,
            &Reveal {
                seed: 42,
                salt: to_hex(&salt)
            }
        ));
        assert!(!opens(
            &c,
            &Reveal {
                seed: 43,
                salt: to_hex(&salt)
            }
        ));
        assert!(!opens(
            &c,
            &Reveal {
                seed: 42,
                salt: to_hex(&[8u8; 32])
            }
        ));
        assert!(!opens(
            &c,
            &Reveal {
                seed: 42,
                salt: "zz".into()
            }
        ));
    }

    #[test]
    fn junqi_commitment_is_the_original_v1_hash() {
        let salt = [3u8; 32];
        let mut hash = Sha256::new();
        hash.update(b"papan-junqi-v1");
        hash.update(salt);
        hash.update(99u64.to_le_bytes());
        let legacy = to_hex(&hash.finalize());
        assert_eq!(commit(99, &salt).sha256, legacy);
        assert_eq!(commit_for(GameId::Junqi, 99, &salt).sha256, legacy);
    }

    #[test]
    fn commitments_are_separated_by_game() {
        let salt = [5u8; 32];
        let bg = commit_for(GameId::Backgammon, 7, &salt);
        assert_ne!(bg, commit_for(GameId::Junqi, 7, &salt));
        let reveal = Reveal {
            seed: 7,
            salt: to_hex(&salt),
        };
        assert!(opens_for(GameId::Backgammon, &bg, &reveal));
        assert!(
            !opens(&bg, &reveal),
            "a backgammon commitment does not open as Jun Qi's"
        );
    }

    #[test]
    fn dice_rng_is_fixed_by_seed_and_ply() {
        use rand_chacha::rand_core::RngCore;
        let draw = |seed, ply| dice_rng(seed, ply).next_u64();
        assert_eq!(draw(11, 4), draw(11, 4));
        assert_ne!(draw(11, 4), draw(11, 5), "each ply has its own stream");
        assert_ne!(draw(11, 4), draw(12, 4));
    }

    /// A whole backgammon game played as the server plays it: rolls from
    /// `dice_rng(seed, moves.len())`, moves picked with a seeded choice.
    fn backgammon_game(seed: u64) -> (Vec<String>, Adjudicated<Backgammon>) {
        let mut game = Adjudicated::new(Record::<Backgammon>::new(Default::default(), seed).start().unwrap());
        let mut moves = Vec::new();
        let mut pick = seed;
        while game.outcome().is_none() && moves.len() < 5_000 {
            let mv = if game.turn() == Turn::Chance {
                game.sample_chance(&mut dice_rng(seed, moves.len() as u64)).unwrap()
            } else {
                let legal = game.legal_moves();
                pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                legal[(pick >> 33) as usize % legal.len()]
            };
            moves.push(game.format_move(&mv));
            game.play(&mv).unwrap();
        }
        assert!(game.outcome().is_some(), "the game ends");
        (moves, game)
    }

    #[test]
    fn backgammon_rolls_are_checked_against_the_revealed_seed() {
        let (seed, salt) = (2024u64, [9u8; 32]);
        let (moves, game) = backgammon_game(seed);
        let commitment = commit_for(GameId::Backgammon, seed, &salt);
        let reveal = Reveal {
            seed,
            salt: to_hex(&salt),
        };
        let view = serde_json::to_value(game.view(Seat::First)).unwrap();
        verify_backgammon(&commitment, &reveal, &moves, Seat::First, &view).expect("an honest game verifies");
        verify(GameId::Backgammon, &commitment, &reveal, &moves, Seat::First, &view).expect("dispatch");
        assert!(verify(GameId::Hex, &commitment, &reveal, &moves, Seat::First, &view).is_err());

        // Another seed does not open the commitment.
        let other = Reveal {
            seed: seed + 1,
            ..reveal.clone()
        };
        assert!(verify_backgammon(&commitment, &other, &moves, Seat::First, &view).is_err());

        // A roll replaced by another one is named with both rolls.
        let k = moves.iter().rposition(|m| m.starts_with("roll")).unwrap();
        let mut forged = moves.clone();
        forged[k] = if moves[k] == "roll 1-1" { "roll 2-2" } else { "roll 1-1" }.to_string();
        let err = verify_backgammon(&commitment, &reveal, &forged, Seat::First, &view).unwrap_err();
        assert!(err.contains(&format!("move {k}")), "{err}");
        assert!(err.contains(&forged[k]) && err.contains(&moves[k]), "{err}");
    }
}
