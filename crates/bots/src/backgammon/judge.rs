//! Judging a played turn as gnubg's analysis does: every legal play is
//! evaluated at 1-ply (the opponent's 21 rolls, each answered by its best
//! play), and the played one is compared with the best in equity; and the
//! luck of the roll it answered ([`roll_luck`]).

use super::net::Net;
use super::search::{rolls, Evaluator};
use papan_rules::backgammon::{Backgammon, Board, Dice, Play};
use papan_rules::{Game, Turn};

/// One legal play with its value for the side that plays it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct JudgedPlay {
    pub play: Play,
    /// Probability of winning the game.
    pub win: f64,
    /// Cubeless money equity, −3..3 (gammons and backgammons count).
    pub equity: f64,
}

/// Every legal play of the side to move in `position`, best first by
/// 1-ply equity. Empty unless a seat is to move with dice on the board;
/// a forced pass is the one play [`Play::PASS`].
pub fn judge_plays(position: &Backgammon, net: &Net) -> Vec<JudgedPlay> {
    if !matches!(position.turn(), Turn::Seat(_)) {
        return Vec::new();
    }
    let mut eval = Evaluator::new(net);
    let plays = position.legal_plays();
    if plays.is_empty() {
        let p = eval.on_roll(&position.board().flip()).flip();
        return vec![JudgedPlay {
            play: Play::PASS,
            win: p.win() as f64,
            equity: p.equity() as f64,
        }];
    }
    let mut out: Vec<JudgedPlay> = plays
        .iter()
        .map(|(after, play)| {
            let p = eval.one_ply(after);
            JudgedPlay {
                play: *play,
                win: p.win() as f64,
                equity: p.equity() as f64,
            }
        })
        .collect();
    out.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    out
}

/// The luck of the roll the side to move in `position` is about to play,
/// as gnubg's analysis reports it: the mover's equity after its best play
/// with this roll minus the mean of the same over every roll it could have
/// had (the 21 rolls weighted 1/36 or 2/36), in cubeless money equity
/// (×1000: millipoints, gnubg's mEMG for a money game). `None` unless a
/// seat is to move with dice on the board.
///
/// Valued at 0-ply (the net on the board after each roll's best play), as
/// gnubg's analysis does by default (`show analysis` in gnubg 1.07:
/// "Luck analysis: 0-ply evaluation, cubeless"): 21 move generations and a
/// few hundred net evaluations, under a tenth of the 1-ply judge of the
/// same position, so the review in the browser stays as fast. The opening roll (B4: never a
/// double) is measured against the 15 rolls that can open, each 1/15;
/// gnubg's own opening luck also counts winning the opening roll, which
/// Papan leaves out.
pub fn roll_luck(position: &Backgammon, net: &Net) -> Option<f64> {
    let dice = position.dice()?;
    position.to_move()?;
    let board = position.board();
    let mut eval = Evaluator::new(net);
    let mut value = |roll: Dice| eval.best_play(board, roll).equity() as f64;
    let opening = *board == Board::START && !dice.is_double();
    let (mut sum, mut weight) = (0.0, 0.0);
    for (roll, w) in rolls() {
        if opening && roll.is_double() {
            continue;
        }
        sum += value(roll) * w as f64;
        weight += w as f64;
    }
    Some(value(dice) - sum / weight)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::shipped_net;
    use papan_rules::backgammon::BgMove;

    #[test]
    fn the_opening_six_one_makes_the_bar_point() {
        let mut game = Backgammon::start();
        game.play(&BgMove::Opening { white: 6, black: 1 }).unwrap();
        let judged = judge_plays(&game, shipped_net());
        assert!(judged.len() > 5);
        assert!(
            judged.windows(2).all(|w| w[0].equity >= w[1].equity),
            "sorted best first"
        );
        // Every book and every strong engine plays 13/7 8/7 with an opening 6-1.
        assert_eq!(judged[0].play.to_string(), "13/7 8/7");
    }

    /// Luck of every roll in a position where only some rolls hit.
    fn lucks(board: Board) -> Vec<(Dice, f32, f64)> {
        rolls()
            .into_iter()
            .map(|(dice, w)| {
                let game = Backgammon::from_board(board, papan_rules::Seat::First, Some(dice)).unwrap();
                (dice, w, roll_luck(&game, shipped_net()).unwrap())
            })
            .collect()
    }

    #[test]
    fn a_roll_that_hits_a_blot_is_lucky_and_the_lucks_average_to_nothing() {
        // Our checker on the bar against a five-point board with one blot:
        // 6-6 stays out (unlucky), 5-5 hits the blot on their 5 point
        // (our point 20) coming in (lucky).
        let board = Board::from_points(
            &[(25, 1), (13, 6), (8, 4), (6, 4)],
            &[(19, 2), (20, 1), (21, 2), (22, 2), (23, 2), (24, 2), (12, 4)],
        )
        .unwrap();
        let all = lucks(board);
        let luck = |high: u8, low: u8| all.iter().find(|r| r.0 == Dice { high, low }).unwrap().2;
        assert!(luck(5, 5) > 0.1, "entering with a hit is lucky: {}", luck(5, 5));
        assert!(luck(6, 6) < -0.1, "dancing is unlucky: {}", luck(6, 6));
        assert!(luck(5, 5) > luck(6, 4), "a hit beats a plain entry");
        let mean: f64 = all.iter().map(|r| r.1 as f64 * r.2).sum::<f64>() / 36.0;
        assert!(mean.abs() < 1e-5, "luck averages to zero over the 36 rolls: {mean}");
    }

    #[test]
    fn b4_the_opening_roll_is_measured_against_the_fifteen_opening_rolls() {
        let luck: Vec<(Dice, f64)> = rolls()
            .into_iter()
            .filter(|(d, _)| !d.is_double())
            .map(|(dice, _)| {
                let game = Backgammon::from_board(Board::START, papan_rules::Seat::First, Some(dice)).unwrap();
                (dice, roll_luck(&game, shipped_net()).unwrap())
            })
            .collect();
        assert_eq!(luck.len(), 15);
        let mean = luck.iter().map(|l| l.1).sum::<f64>() / 15.0;
        assert!(mean.abs() < 1e-5, "{mean}");
        let of = |high, low| luck.iter().find(|l| l.0 == Dice { high, low }).unwrap().1;
        assert!(of(3, 1) > 0.0, "3-1 makes the 5 point: a lucky opening");
        assert!(of(3, 1) > of(5, 4));
        assert_eq!(roll_luck(&Backgammon::start(), shipped_net()), None, "no dice, no luck");
    }
}
