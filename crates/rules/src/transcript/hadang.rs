//! HADANG as a notation list:
//!
//! ```text
//! [Game "HADANG"]
//! [Seed "7"]
//! [First "You"]
//! [Second "Bot (Expert)"]
//! [Result "1-0"]
//!
//! 1. e2 e8
//! 2. e3h d6v
//! ```
//!
//! Player 1 (the first seat) always moves first (H2), so each numbered line
//! holds Player 1's move and Player 2's, in the game's notation (`e2` a
//! pawn step, `e3h`/`e3v` a wall). HADANG has no options yet
//! ([`HadangOptions`] is empty); a future option gets a tag of its own.
//! `First` and `Second` name the players, when known; import reads past them.

use super::tags::{self, result_text, write_players, write_tag};
use super::{checked, walk, Transcript, TranscriptError};
use crate::game::Game;
use crate::hadang::{Hadang, HadangMove, HadangOptions};
use crate::record::Record;
use crate::rule::GameId;

const NAME: &str = "HADANG";

impl Transcript for Hadang {
    const EXTENSION: &'static str = "txt";

    fn export_named(record: &Record<Hadang>, names: Option<[&str; 2]>) -> String {
        let mut plies = Vec::new();
        let end = walk(record, |game, mv| plies.push(game.format_move(mv)));
        let mut out = String::new();
        write_tag(&mut out, "Game", NAME);
        write_tag(&mut out, "Seed", &record.seed.to_string());
        write_players(&mut out, names);
        write_tag(&mut out, "Result", result_text(end.and_then(|g| g.outcome())));
        out.push('\n');
        for (number, pair) in plies.chunks(2).enumerate() {
            out.push_str(&format!("{}. {}\n", number + 1, pair.join(" ")));
        }
        out
    }

    fn import(text: &str) -> Result<Record<Hadang>, TranscriptError> {
        let doc = tags::read(text)?;
        doc.expect_game(GameId::Hadang, NAME)?;
        let seed = doc.seed()?.unwrap_or(0);
        let mut moves = Vec::new();
        let mut written = Vec::new();
        for &(line, content) in &doc.body {
            for token in content.split_whitespace() {
                if let Some(number) = token.strip_suffix('.') {
                    let expected = moves.len() / 2 + 1;
                    if moves.len() % 2 != 0 || number.parse::<usize>().ok() != Some(expected) {
                        return Err(TranscriptError::malformed(
                            line,
                            format!("move number {token:?} where {expected}. or a move was expected"),
                        ));
                    }
                    continue;
                }
                let mv: HadangMove = token.parse().map_err(|e| TranscriptError::unreadable(line, e))?;
                moves.push(mv);
                written.push((line, token.to_string()));
            }
        }
        let (record, end) = checked(
            Record::<Hadang> {
                options: HadangOptions::default(),
                seed,
                moves,
            },
            &written,
        )?;
        doc.check_result(end.outcome())?;
        Ok(record)
    }
}
