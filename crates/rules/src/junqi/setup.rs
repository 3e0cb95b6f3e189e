//! The raw, unvalidated form of a full position (saves, the server's own
//! storage, test positions), and its validation on the way in.
//!
//! It contains the face-down identities: it is the authority's format,
//! never a player's. Players get [`super::JunQiView`].

use super::board::{Square, FILES, POSTS, RANKS};
use super::game::{JunQi, JunQiOptions};
use super::piece::{Colour, Kind, Piece, PieceCounts};
use super::table::{LastAction, Post, Table};
use crate::game::{Outcome, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// A position as plain data. `rows` holds twelve rows, rank 12 first, each
/// five posts (files a–e) separated by spaces: `.` is empty, `RZeni` a
/// revealed Red Engineer, `bPgl` a face-down (lower-case colour) Blue
/// Commander. Piece codes are the page's: Pgl Kor Div Brig Men Yon Ki Ton
/// Zeni Ranjau Bdr Bom. Pieces missing from the board have fallen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JunQiSetup {
    #[serde(default)]
    pub options: JunQiOptions,
    pub rows: Vec<String>,
    pub to_move: Seat,
    /// J8: the colour held by the first seat, once decided.
    #[serde(default)]
    pub first_colour: Option<Colour>,
    /// J8: the colour each seat revealed on its previous turn, until decided.
    #[serde(default)]
    pub reveal_streak: [Option<Colour>; 2],
    /// J19: plies in a row with no reveal and no combat.
    #[serde(default)]
    pub quiet_plies: u16,
    #[serde(default)]
    pub plies: u32,
    #[serde(default)]
    pub last: Option<LastAction>,
    #[serde(default)]
    pub outcome: Option<Outcome>,
}

impl JunQiSetup {
    /// A setup from rows, everything else at its default: `to_move` moves
    /// next and `first_colour` is held by the first seat.
    pub fn new(rows: &[&str], to_move: Seat, first_colour: Option<Colour>) -> JunQiSetup {
        JunQiSetup {
            options: JunQiOptions::default(),
            rows: rows.iter().map(|r| r.to_string()).collect(),
            to_move,
            first_colour,
            reveal_streak: [None; 2],
            quiet_plies: 0,
            plies: 0,
            last: None,
            outcome: None,
        }
    }
}

fn token(post: Post, secret: Option<Piece>) -> String {
    match (post, secret) {
        (Post::Revealed { colour, piece }, _) => format!("{}{}", colour.letter(), piece.code()),
        (Post::FaceDown, Some(p)) => format!("{}{}", p.colour.letter().to_ascii_lowercase(), p.kind.code()),
        _ => ".".to_string(),
    }
}

impl From<JunQi> for JunQiSetup {
    fn from(game: JunQi) -> JunQiSetup {
        let t = &game.table;
        let rows = (0..RANKS)
            .rev()
            .map(|rank| {
                (0..FILES)
                    .filter_map(|file| Square::new(file, rank))
                    .map(|s| token(t.post(s), game.secret[s.index()]))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        JunQiSetup {
            options: *crate::Game::options(&game),
            rows,
            to_move: t.to_move,
            first_colour: t.first_colour,
            reveal_streak: t.last_reveal,
            quiet_plies: t.quiet_plies,
            plies: t.plies,
            last: t.last.clone(),
            outcome: t.outcome,
        }
    }
}

/// Reads one post's token: `(post, hidden identity)`.
fn read_token(square: Square, text: &str) -> Result<(Post, Option<Piece>), RuleError> {
    if text == "." {
        return Ok((Post::Empty, None));
    }
    let bad = || RuleError::new(crate::rule::J5, format!("unknown piece {text:?} on {square}"));
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(bad)?;
    let colour = match letter.to_ascii_uppercase() {
        'R' => Colour::Red,
        'B' => Colour::Blue,
        _ => return Err(bad()),
    };
    let kind = Kind::from_code(chars.as_str()).ok_or_else(bad)?;
    let piece = Piece::new(colour, kind);
    Ok(if letter.is_ascii_uppercase() {
        (Post::revealed(piece), None)
    } else {
        (Post::FaceDown, Some(piece))
    })
}

impl TryFrom<JunQiSetup> for JunQi {
    type Error = RuleError;

    /// Validates: 12 rows of 5 known pieces (J1, J5); no colour-kind on the
    /// board beyond its J5 count (the rest have fallen); and the public
    /// state consistent (J8 colours, J19 counter, a recorded outcome exactly
    /// when the position is over). Pieces may stand in camps: only the
    /// starting shuffle keeps them out (J6).
    #[allow(
        clippy::expect_used,
        reason = "an invariant of validated positions, stated in the message"
    )]
    fn try_from(setup: JunQiSetup) -> Result<JunQi, RuleError> {
        if setup.rows.len() != RANKS as usize {
            return Err(RuleError::new(
                crate::rule::J1,
                format!("{} rows given; the board has 12 ranks", setup.rows.len()),
            ));
        }
        let mut board = [Post::Empty; POSTS];
        let mut secret = [None; POSTS];
        let mut on_board = PieceCounts::default();
        let mut face_down = PieceCounts::default();
        for (row_index, row) in setup.rows.iter().enumerate() {
            let rank = RANKS - 1 - row_index as u8;
            let tokens: Vec<&str> = row.split_whitespace().collect();
            if tokens.len() != FILES as usize {
                return Err(RuleError::new(
                    crate::rule::J1,
                    format!("rank {} has {} posts, not 5", rank + 1, tokens.len()),
                ));
            }
            for (file, text) in tokens.into_iter().enumerate() {
                let square = Square::new(file as u8, rank).expect("file and rank are on the board");
                let (post, hidden) = read_token(square, text)?;
                board[square.index()] = post;
                secret[square.index()] = hidden;
                if let Some(piece) = post.piece().or(hidden) {
                    on_board.add(piece);
                }
                if let Some(piece) = hidden {
                    face_down.add(piece);
                }
            }
        }
        let mut fallen = PieceCounts::default();
        for colour in Colour::BOTH {
            for kind in Kind::ALL {
                let present = on_board.get(colour, kind);
                if present > kind.count() {
                    return Err(RuleError::new(
                        crate::rule::J5,
                        format!(
                            "{present} {colour:?} {kind} on the board; each colour has {}",
                            kind.count()
                        ),
                    ));
                }
                fallen.0[colour.index()][kind.index()] = kind.count() - present;
            }
        }
        let table = Table {
            board,
            to_move: setup.to_move,
            first_colour: setup.first_colour,
            last_reveal: setup.reveal_streak,
            quiet_plies: setup.quiet_plies,
            plies: setup.plies,
            fallen,
            face_down,
            last: setup.last,
            outcome: setup.outcome,
        };
        JunQi::from_parts(setup.options, table, secret)
    }
}
