//! The line under the backgammon board, offline and online alike: the
//! opening roll (B4), a roll that cannot be played (B12), a forced move
//! (B11); with a kind for styling and tests.

use crate::controllers::backgammon::BackgammonController;
use crate::i18n::{tr, tr_args, Lang};

/// The notice and its kind (`opening`, `pass`, `forced`), if any.
pub fn notice_line(lang: Lang, game: &BackgammonController) -> Option<(String, &'static str)> {
    if game.is_over() {
        return None;
    }
    if game.must_pass() {
        let key = if game.is_human_turn() {
            "backgammon-no-move"
        } else {
            "backgammon-no-move-other"
        };
        return Some((tr(lang, key), "pass"));
    }
    if game.is_moving() && game.forced_played() && game.turn_complete() {
        return Some((tr(lang, "backgammon-forced"), "forced"));
    }
    match game.opening() {
        Some((white, black)) if game.ply() <= 2 => {
            let starter = if white > black {
                tr(lang, "backgammon-white")
            } else {
                tr(lang, "backgammon-black")
            };
            Some((
                tr_args(
                    lang,
                    "backgammon-opening",
                    &[
                        ("white", white.to_string()),
                        ("black", black.to_string()),
                        ("starter", starter),
                    ],
                ),
                "opening",
            ))
        }
        _ => None,
    }
}
