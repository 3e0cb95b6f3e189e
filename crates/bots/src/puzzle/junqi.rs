//! Jun Qi flip puzzles: a capture that wins material (or the game) against
//! every hidden layout consistent with what the player knows.
//!
//! The proof is a two-ply material count: the answer, then every legal
//! reply of the opponent, scored by the bots' piece values
//! ([`crate::junqi::eval::value`], a Platoon = 10; a won game [`JUNQI_WIN`]).
//! It holds whatever the face-down pieces are: no face-down piece can be
//! attacked or attack (J12), a reveal takes the whole turn (J7) and
//! removes nothing, so every combat within the two plies is between
//! pieces already revealed; a reveal can end the game only when it turns
//! the last face-down piece, whose identity the public counts then fix
//! (J21). So the count is done once on any consistent layout (and the
//! check does it again on a second one, the pool in reverse).
//!
//! Our own reveals are bounded, not searched: while another face-down
//! piece is left the opponent can answer a reveal with a reveal, which
//! removes nothing, so a reveal gains at most 0 (the last face-down piece
//! is known, and searched like a move).

use super::{fail, PuzzleError};
use crate::junqi::eval::value;
use papan_rules::junqi::{Colour, JunQi, JunQiAction, JunQiSetup, JunQiView, Kind, Piece, Post, Square};
use papan_rules::{Game, Seat};
use serde::{Deserialize, Serialize};

/// A won (or lost, negated) game in the material count.
pub const JUNQI_WIN: i32 = 1000;
/// How much the answer must gain after the opponent's best reply, and by
/// how much it must beat every other action (a Platoon's worth).
pub const JUNQI_MARGIN: i32 = 10;

/// What the player knows of a Jun Qi flip position (J21): the board with
/// face-down pieces as `?`, the public pool of face-down pieces, the
/// colours (decided, J8) and the J19 counter. The seat to move is the
/// puzzle's `side`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JunqiPosition {
    /// Twelve rows, rank 12 first, five posts each (files a–e) separated by
    /// spaces: `.` empty, `?` face down, `RDiv` a revealed Red Division
    /// (colour letter and the J5 code: Pgl Kor Div Brig Men Yon Ki Ton
    /// Zeni Ranjau Bdr Bom).
    pub rows: Vec<String>,
    /// The pieces still face down, as a count per colour and kind is public
    /// (J21): one `RKi`-style token per piece.
    pub face_down: Vec<String>,
    /// The colour [`Seat::First`] holds.
    pub first_colour: Colour,
    /// J19: plies in a row with no reveal and no combat.
    pub quiet_plies: u16,
}

/// Why a Jun Qi answer wins, as found in the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JunqiWhy {
    /// The piece that moves.
    pub attacker: Kind,
    /// The enemy pieces the answer removes.
    pub captured: Vec<Kind>,
    /// Our own pieces the answer loses (a bomb, an equal trade).
    pub lost: Vec<Kind>,
    /// Material won after the opponent's best reply (a Platoon is 10; a
    /// won game [`JUNQI_WIN`]).
    pub gain: i32,
    /// The opponent's best reply, if the game goes on.
    pub reply: Option<String>,
    /// The best any other action reaches (a reveal counts as 0, its bound).
    pub second: i32,
    /// Face-down posts one road step from where the attacker stands after
    /// the answer (none if it is gone).
    pub near: Vec<String>,
    /// The enemy kinds among the face-down pool that could be under them
    /// and would beat the attacker there once revealed; a reveal takes a
    /// turn (J7), so none can strike before the player moves again.
    pub could_be: Vec<Kind>,
    /// Tempting other captures (the richest first, at most three) and what
    /// they come to after the best reply.
    pub wrong: Vec<JunqiTry>,
}

/// Another capture and its two-ply count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JunqiTry {
    pub action: String,
    pub gain: i32,
}

/// The Jun Qi themes, as [`junqi_theme`] detects them, most telling first.
pub const JUNQI_THEMES: [&str; 6] = ["flag", "last-piece", "bomb", "mine", "safe-capture", "capture"];

fn token(piece: Piece) -> String {
    format!("{}{}", piece.colour.letter(), piece.kind.code())
}

/// The position as the player knows it.
pub fn junqi_position(game: &JunQi) -> Option<JunqiPosition> {
    let first_colour = game.colour_of(Seat::First)?;
    let rows = (0..12u8)
        .rev()
        .map(|rank| {
            (0..5u8)
                .filter_map(|file| Square::new(file, rank))
                .map(|s| match game.post(s) {
                    Post::Empty => ".".to_string(),
                    Post::FaceDown => "?".to_string(),
                    Post::Revealed { colour, piece } => token(Piece::new(colour, piece)),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Some(JunqiPosition {
        rows,
        face_down: game.face_down().pieces().into_iter().map(token).collect(),
        first_colour,
        quiet_plies: game.quiet_plies(),
    })
}

/// A full game consistent with `position`: the face-down pool laid on the
/// `?` posts in reading order (reversed when `reverse`). Refused if the
/// position is not a legal one or not `side`'s turn.
pub fn junqi_game(id: &str, position: &JunqiPosition, side: Seat, reverse: bool) -> Result<JunQi, PuzzleError> {
    let mut pool: Vec<String> = Vec::new();
    for t in &position.face_down {
        let mut chars = t.chars();
        let colour = match chars.next() {
            Some('R') => 'r',
            Some('B') => 'b',
            _ => return fail(id, format!("face-down token {t:?} is not a colour and a piece")),
        };
        if Kind::from_code(chars.as_str()).is_none() {
            return fail(id, format!("face-down token {t:?} is not a piece"));
        }
        pool.push(format!("{colour}{}", chars.as_str()));
    }
    if reverse {
        pool.reverse();
    }
    let mut next = pool.into_iter();
    let mut rows = Vec::new();
    for row in &position.rows {
        let mut out = Vec::new();
        for t in row.split_whitespace() {
            if t == "?" {
                match next.next() {
                    Some(p) => out.push(p),
                    None => return fail(id, "more face-down posts than face-down pieces"),
                }
            } else if t.starts_with(['r', 'b']) {
                return fail(id, format!("{t:?}: a face-down piece is written `?`"));
            } else {
                out.push(t.to_string());
            }
        }
        rows.push(out.join(" "));
    }
    if next.next().is_some() {
        return fail(id, "more face-down pieces than face-down posts");
    }
    let row_refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut setup = JunQiSetup::new(&row_refs, side, Some(position.first_colour));
    setup.quiet_plies = position.quiet_plies;
    let game = JunQi::try_from(setup).or_else(|e| fail(id, format!("not a legal position: {e}")))?;
    if game.seat_to_move() != Some(side) {
        return fail(id, "the game is over in this position");
    }
    Ok(game)
}

/// The view the solver has of `position` (the app's board).
pub fn junqi_view(id: &str, position: &JunqiPosition, side: Seat) -> Result<JunQiView, PuzzleError> {
    Ok(junqi_game(id, position, side, false)?.view(side))
}

/// Material (or a decided game) for `me` in `game` relative to `root`.
fn score(root: &JunQi, game: &JunQi, me: Colour, seat: Seat) -> i32 {
    if let Some(outcome) = game.outcome() {
        return match outcome.winner {
            Some(w) if w == seat => JUNQI_WIN,
            Some(_) => -JUNQI_WIN,
            None => 0,
        };
    }
    let mut total = 0;
    for kind in Kind::ALL {
        let theirs = game.fallen().get(me.other(), kind) - root.fallen().get(me.other(), kind);
        let mine = game.fallen().get(me, kind) - root.fallen().get(me, kind);
        total += (theirs as i32 - mine as i32) * value(kind);
    }
    total
}

/// The two-ply count of `action` in `game`: material after the opponent's
/// best reply, and that reply.
pub fn junqi_count(game: &JunQi, action: JunQiAction) -> (i32, Option<JunQiAction>) {
    let seat = game.seat_to_move().expect("a game with a seat to move");
    let me = game.colour_of(seat).expect("colours are decided");
    let mut after = game.clone();
    after.play(&action).expect("a legal action");
    if after.is_over() {
        return (score(game, &after, me, seat), None);
    }
    let mut best: Option<(i32, JunQiAction)> = None;
    for reply in after.legal_moves() {
        let mut next = after.clone();
        next.play(&reply).expect("a legal reply");
        let v = score(game, &next, me, seat);
        if best.is_none_or(|(b, _)| v < b) {
            best = Some((v, reply));
        }
    }
    match best {
        Some((v, r)) => (v, Some(r)),
        None => (score(game, &after, me, seat), None),
    }
}

/// Every action of the seat to move with its count, in legal order. Our
/// reveals count 0 (their bound, see the module doc) unless one turns the
/// last face-down piece.
pub fn junqi_counts(game: &JunQi) -> Vec<(JunQiAction, i32)> {
    let last = game.face_down().total(Colour::Red) + game.face_down().total(Colour::Blue) == 1;
    game.legal_moves()
        .into_iter()
        .map(|a| match a {
            JunQiAction::Reveal(_) if !last => (a, 0),
            _ => (a, junqi_count(game, a).0),
        })
        .collect()
}

/// The single best action, if it gains at least [`JUNQI_MARGIN`], beats
/// every other by as much and removes an enemy piece: `(answer, gain,
/// second best)`.
pub fn junqi_answer(game: &JunQi) -> Option<(JunQiAction, i32, i32)> {
    let counts = junqi_counts(game);
    let (best_i, &(answer, gain)) = counts.iter().enumerate().max_by_key(|(i, (_, v))| (*v, -(*i as i64)))?;
    let second = counts
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != best_i)
        .map(|(_, (_, v))| *v)
        .max()
        .unwrap_or(-JUNQI_WIN);
    let captures = removed(game, answer).0;
    (gain >= JUNQI_MARGIN && gain - second >= JUNQI_MARGIN && !captures.is_empty()).then_some((answer, gain, second))
}

/// The enemy and own kinds `action` removes.
fn removed(game: &JunQi, action: JunQiAction) -> (Vec<Kind>, Vec<Kind>) {
    let seat = game.seat_to_move().expect("a seat to move");
    let me = game.colour_of(seat).expect("colours are decided");
    let mut after = game.clone();
    after.play(&action).expect("a legal action");
    let gone = after.last_action().map(|l| l.removed.clone()).unwrap_or_default();
    let theirs = gone.iter().filter(|p| p.colour != me).map(|p| p.kind).collect();
    let mine = gone.iter().filter(|p| p.colour == me).map(|p| p.kind).collect();
    (theirs, mine)
}

/// The why of `answer` in `game`.
pub fn junqi_why(game: &JunQi, answer: JunQiAction) -> Result<JunqiWhy, String> {
    let JunQiAction::Move { from, to } = answer else {
        return Err(format!("answer {answer} is not a capture"));
    };
    let Some(Piece { kind: attacker, .. }) = game.post(from).piece() else {
        return Err(format!("no revealed piece on {from}"));
    };
    let seat = game.seat_to_move().ok_or("the game is over")?;
    let me = game.colour_of(seat).ok_or("colours are not decided")?;
    let counts = junqi_counts(game);
    let (gain, reply) = junqi_count(game, answer);
    let second = counts
        .iter()
        .filter(|(a, _)| *a != answer)
        .map(|&(_, v)| v)
        .max()
        .unwrap_or(-JUNQI_WIN);
    let (captured, lost) = removed(game, answer);
    let mut after = game.clone();
    after.play(&answer).map_err(|e| e.to_string())?;
    let survives = matches!(after.post(to), Post::Revealed { colour, .. } if colour == me);
    let near: Vec<Square> = if survives {
        papan_rules::junqi::board::road_neighbours(to)
            .iter()
            .filter(|&s| after.post(s) == Post::FaceDown)
            .collect()
    } else {
        Vec::new()
    };
    let could_be = if near.is_empty() {
        Vec::new()
    } else {
        Kind::ALL
            .into_iter()
            .filter(|&k| after.face_down().get(me.other(), k) > 0)
            .filter(|&k| beats(k, attacker))
            .collect()
    };
    let mut wrong: Vec<(i32, JunqiTry)> = counts
        .iter()
        .filter(|(a, _)| *a != answer && matches!(a, JunQiAction::Move { .. }))
        .filter_map(|&(a, v)| {
            let (theirs, _) = removed(game, a);
            let worth: i32 = theirs.iter().map(|&k| value(k)).sum();
            (!theirs.is_empty()).then(|| {
                (
                    worth,
                    JunqiTry {
                        action: a.to_string(),
                        gain: v,
                    },
                )
            })
        })
        .collect();
    wrong.sort_by_key(|(worth, t)| (-worth, t.gain));
    Ok(JunqiWhy {
        attacker,
        captured,
        lost,
        gain,
        reply: reply.map(|r| r.to_string()),
        second,
        near: near.iter().map(|s| s.to_string()).collect(),
        could_be,
        wrong: wrong.into_iter().take(3).map(|(_, t)| t).collect(),
    })
}

/// Whether a revealed `enemy` could attack and remove our `piece`.
fn beats(enemy: Kind, piece: Kind) -> bool {
    matches!(
        papan_rules::junqi::clash(enemy, piece, false),
        Ok(papan_rules::junqi::Clash::AttackerTakes) | Ok(papan_rules::junqi::Clash::BothRemoved)
    ) && enemy.is_movable()
}

/// The theme of `answer`: `flag` (it takes the flag), `last-piece` (it
/// wins the game otherwise: J18), `bomb` (a bomb attacks or is attacked),
/// `mine` (an Engineer clears a mine), `safe-capture` (no reply can attack
/// the post it takes), else `capture` (a reply hits back, but the count
/// still wins).
pub fn junqi_theme(game: &JunQi, answer: JunQiAction, why: &JunqiWhy) -> &'static str {
    if why.captured.contains(&Kind::Flag) {
        return "flag";
    }
    if why.gain >= JUNQI_WIN {
        return "last-piece";
    }
    if why.attacker == Kind::Bomb || why.captured.contains(&Kind::Bomb) {
        return "bomb";
    }
    if why.captured.contains(&Kind::Mine) {
        return "mine";
    }
    let JunQiAction::Move { to, .. } = answer else {
        return "capture";
    };
    let mut after = game.clone();
    if after.play(&answer).is_err() || after.is_over() || after.post(to).piece().map(|p| p.kind) != Some(why.attacker) {
        return "capture";
    }
    let hit_back = after
        .legal_moves()
        .into_iter()
        .any(|a| matches!(a, JunQiAction::Move { to: t, .. } if t == to));
    if hit_back {
        "capture"
    } else {
        "safe-capture"
    }
}
