//! Judging a played turn as gnubg's analysis does: every legal play is
//! evaluated at 1-ply (the opponent's 21 rolls, each answered by its best
//! play), and the played one is compared with the best in equity.

use super::net::Net;
use super::search::Evaluator;
use papan_rules::backgammon::{Backgammon, Play};
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
}
