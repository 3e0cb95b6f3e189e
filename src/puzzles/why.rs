//! The "why" of a puzzle worded in the player's language, from the facts
//! the data carries (Hex: the connection's cells, the wrong tries'
//! verdicts; HADANG: the route lengths) and, for a HADANG try, the route
//! lengths the rules measure after it.

use super::{game_of, Body, Puzzle};
use crate::games::hex::colour_name;
use crate::games::junqi::names::full_key;
use crate::i18n::{tr, tr_args, Lang};
use papan_rules::hadang::{Hadang, HadangOptions};
use papan_rules::{Game, GameId};

/// How many of a connection's cells are named before "…".
const NAMED_CELLS: usize = 4;

fn cell_list(cells: &[String]) -> String {
    let mut out = cells.iter().take(NAMED_CELLS).cloned().collect::<Vec<_>>().join(", ");
    if cells.len() > NAMED_CELLS {
        out.push('…');
    }
    out
}

/// Why the answer wins.
pub fn solved(lang: Lang, puzzle: &Puzzle) -> String {
    match &puzzle.body {
        Body::Hex { why, answer, .. } => {
            let opponent = colour_name(lang, why.colour.other());
            let mut text = if why.carrier.is_empty() {
                tr_args(lang, "puzzle-why-hex-joined", &[("opponent", opponent.clone())])
            } else {
                tr_args(
                    lang,
                    "puzzle-why-hex-connect",
                    &[("cells", cell_list(&why.carrier)), ("opponent", opponent.clone())],
                )
            };
            if why.threat.as_ref().is_some_and(|t| t.contains(answer)) {
                text.push(' ');
                text += &tr_args(lang, "puzzle-why-hex-block", &[("opponent", opponent)]);
            }
            text
        }
        Body::Hadang { why, .. } => {
            let theirs_before = why.before[1];
            let [mine, theirs] = why.after;
            if theirs > theirs_before {
                tr_args(
                    lang,
                    "puzzle-why-hadang-wall",
                    &[
                        ("after", theirs.to_string()),
                        ("before", theirs_before.to_string()),
                        ("mine", mine.to_string()),
                    ],
                )
            } else {
                let [walls, theirwalls] = why.walls;
                let walls = walls_after(puzzle, walls);
                tr_args(
                    lang,
                    "puzzle-why-hadang-race",
                    &[
                        ("mine", mine.to_string()),
                        ("theirs", theirs.to_string()),
                        ("walls", walls.to_string()),
                        ("theirwalls", theirwalls.to_string()),
                    ],
                )
            }
        }
        Body::Junqi { why, .. } => {
            let piece = tr(lang, full_key(why.attacker));
            if why.gain >= papan_bots::puzzle::JUNQI_WIN {
                tr_args(lang, "puzzle-why-junqi-win", &[("piece", piece)])
            } else {
                let captured: Vec<String> = why.captured.iter().map(|k| tr(lang, full_key(*k))).collect();
                tr_args(
                    lang,
                    "puzzle-why-junqi-gain",
                    &[
                        ("piece", piece),
                        ("captured", captured.join(", ")),
                        ("gain", why.gain.to_string()),
                        ("second", why.second.to_string()),
                    ],
                )
            }
        }
        Body::Backgammon { why, .. } => tr_args(
            lang,
            "puzzle-why-backgammon",
            &[
                ("shots", why.shots.to_string()),
                ("second", why.second.clone()),
                ("lead", format!("{:.3}", why.equity[0] - why.equity[1])),
            ],
        ),
    }
}

/// The solver's walls in hand after the answer (one fewer for a wall).
fn walls_after(puzzle: &Puzzle, before: u8) -> u8 {
    let answer = super::answer_of(puzzle);
    let is_wall = answer.ends_with('h') || answer.ends_with('v');
    before - u8::from(is_wall && before > 0)
}

/// Why the try `tried` (a move in the game's notation) fails, as far as the
/// data or the rules say.
pub fn failed(lang: Lang, puzzle: &Puzzle, tried: &str) -> String {
    match &puzzle.body {
        Body::Hex { why, .. } => {
            let opponent = colour_name(lang, why.colour.other());
            let cell = tried.to_string();
            match why.wrong.iter().find(|w| w.cell == tried).map(|w| w.verdict.as_str()) {
                Some("loses") => tr_args(
                    lang,
                    "puzzle-wrong-hex-loses",
                    &[("cell", cell), ("opponent", opponent)],
                ),
                Some(_) => tr_args(
                    lang,
                    "puzzle-wrong-hex-unproven",
                    &[("cell", cell), ("opponent", opponent)],
                ),
                None => tr(lang, "puzzle-wrong-generic"),
            }
        }
        Body::Hadang { .. } => match hadang_routes_after(puzzle, tried) {
            Some((mine, theirs)) => tr_args(
                lang,
                "puzzle-wrong-hadang",
                &[("mine", mine.to_string()), ("theirs", theirs.to_string())],
            ),
            None => tr(lang, "puzzle-wrong-generic"),
        },
        Body::Junqi { why, .. } => match why.wrong.iter().find(|w| w.action == tried) {
            Some(w) => tr_args(
                lang,
                "puzzle-wrong-junqi",
                &[
                    ("move", tried.to_string()),
                    ("gain", w.gain.to_string()),
                    ("best", why.gain.to_string()),
                ],
            ),
            None => tr(lang, "puzzle-wrong-generic"),
        },
        Body::Backgammon { why, .. } if why.second == tried => tr_args(
            lang,
            "puzzle-wrong-backgammon",
            &[
                ("move", tried.to_string()),
                ("shots", why.second_shots.to_string()),
                ("lead", format!("{:.3}", why.equity[0] - why.equity[1])),
            ],
        ),
        _ => tr(lang, "puzzle-wrong-generic"),
    }
}

/// The shortest routes (the solver's, the opponent's) after `tried` in a
/// HADANG puzzle; `None` if it is not a legal move there.
pub fn hadang_routes_after(puzzle: &Puzzle, tried: &str) -> Option<(u8, u8)> {
    let Body::Hadang { moves, .. } = &puzzle.body else {
        return None;
    };
    debug_assert_eq!(game_of(puzzle), Some(GameId::Hadang));
    let mut game: Hadang = papan_bots::puzzle::replay(&puzzle.id, &HadangOptions::default(), moves).ok()?;
    let mv = game.parse_move(tried).ok()?;
    game.play(&mv).ok()?;
    let me = puzzle.side;
    Some((game.shortest_path_len(me), game.shortest_path_len(me.other())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::{bundled, parse_set};

    fn set(game: GameId) -> Vec<Puzzle> {
        parse_set(game, bundled(game).unwrap()).unwrap()
    }

    fn no_placeholders(text: &str) {
        assert!(
            !text.is_empty() && !text.contains("puzzle-") && !text.contains('{'),
            "{text}"
        );
    }

    #[test]
    fn hex_why_names_the_connection_and_the_opponent_in_each_language() {
        let puzzles = set(GameId::Hex);
        let p = puzzles
            .iter()
            .find(|p| matches!(&p.body, Body::Hex { why, .. } if why.carrier.len() > NAMED_CELLS))
            .unwrap();
        let Body::Hex { why, .. } = &p.body else { unreachable!() };
        let mut seen = Vec::new();
        for (lang, red, blue) in [
            (Lang::En, "Red", "Blue"),
            (Lang::Id, "Merah", "Biru"),
            (Lang::Fil, "Pula", "Asul"),
        ] {
            let text = solved(lang, p);
            no_placeholders(&text);
            assert!(
                text.contains(&format!("{}, {}", why.carrier[0], why.carrier[1])),
                "{text}"
            );
            assert!(text.contains('…'), "{text}");
            let opponent = if why.colour == papan_rules::hex::Colour::Red {
                blue
            } else {
                red
            };
            assert!(text.contains(opponent), "{lang:?}: {text}");
            seen.push(text);
        }
        seen.dedup();
        assert_eq!(seen.len(), 3, "the three languages say it differently");
    }

    #[test]
    fn hex_wrong_tries_carry_their_verdict() {
        let puzzles = set(GameId::Hex);
        let (p, loses) = puzzles
            .iter()
            .find_map(|p| match &p.body {
                Body::Hex { why, .. } => why
                    .wrong
                    .iter()
                    .find(|w| w.verdict == "loses")
                    .map(|w| (p, w.cell.clone())),
                _ => None,
            })
            .unwrap();
        for lang in Lang::ALL {
            let text = failed(lang, p, &loses);
            no_placeholders(&text);
            assert!(text.contains(&loses), "{text}");
            assert_ne!(text, tr(lang, "puzzle-wrong-generic"));
        }
        // A cell the data says nothing about: the plain sentence.
        assert_eq!(failed(Lang::Id, p, "zz99"), tr(Lang::Id, "puzzle-wrong-generic"));
    }

    #[test]
    fn hadang_why_gives_the_route_lengths_from_the_data() {
        let puzzles = set(GameId::Hadang);
        let wall = puzzles
            .iter()
            .find(|p| matches!(&p.body, Body::Hadang { why, .. } if why.after[1] > why.before[1]))
            .unwrap();
        let Body::Hadang { why, .. } = &wall.body else {
            unreachable!()
        };
        for lang in Lang::ALL {
            let text = solved(lang, wall);
            no_placeholders(&text);
            assert!(
                text.contains(&why.after[1].to_string()) && text.contains(&why.before[1].to_string()),
                "{text}"
            );
        }
        let race = puzzles
            .iter()
            .find(|p| matches!(&p.body, Body::Hadang { why, answer, .. } if why.after[1] <= why.before[1] && !answer.ends_with(['h', 'v'])))
            .unwrap();
        let Body::Hadang { why: race_why, .. } = &race.body else {
            unreachable!()
        };
        for lang in Lang::ALL {
            let text = solved(lang, race);
            no_placeholders(&text);
            // A step keeps every wall in hand.
            for n in [
                race_why.after[0],
                race_why.after[1],
                race_why.walls[0],
                race_why.walls[1],
            ] {
                assert!(text.contains(&n.to_string()), "{n}: {text}");
            }
        }
        assert!(solved(Lang::En, wall).contains(&format!("route {} instead of {}", why.after[1], why.before[1])));
    }

    #[test]
    fn a_wrong_hadang_step_is_explained_by_the_routes_after_it() {
        let puzzles = set(GameId::Hadang);
        let p = &puzzles[0];
        let Body::Hadang { moves, answer, .. } = &p.body else {
            unreachable!()
        };
        let game: Hadang = papan_bots::puzzle::replay(&p.id, &HadangOptions::default(), moves).unwrap();
        let other = game
            .legal_moves()
            .into_iter()
            .map(|m| game.format_move(&m))
            .find(|m| m != answer)
            .unwrap();
        let (mine, theirs) = hadang_routes_after(p, &other).unwrap();
        for lang in Lang::ALL {
            let text = failed(lang, p, &other);
            no_placeholders(&text);
            assert!(
                text.contains(&mine.to_string()) && text.contains(&theirs.to_string()),
                "{text}"
            );
        }
        assert_eq!(hadang_routes_after(p, "z9"), None);
    }

    #[test]
    fn junqi_and_backgammon_whys_give_the_datas_numbers_in_each_language() {
        let junqi = set(GameId::Junqi);
        let p = junqi
            .iter()
            .find(|p| matches!(&p.body, Body::Junqi { why, .. } if why.gain < papan_bots::puzzle::JUNQI_WIN && !why.wrong.is_empty()))
            .unwrap();
        let Body::Junqi { why, .. } = &p.body else {
            unreachable!()
        };
        for lang in Lang::ALL {
            let text = solved(lang, p);
            no_placeholders(&text);
            assert!(text.contains(&why.gain.to_string()), "{text}");
            assert!(text.contains(&tr(lang, full_key(why.attacker))), "{text}");
            let wrong = failed(lang, p, &why.wrong[0].action);
            no_placeholders(&wrong);
            assert!(wrong.contains(&why.wrong[0].gain.to_string()), "{wrong}");
        }
        let bg = set(GameId::Backgammon);
        let p = &bg[0];
        let Body::Backgammon { why, .. } = &p.body else {
            unreachable!()
        };
        for lang in Lang::ALL {
            let text = solved(lang, p);
            no_placeholders(&text);
            assert!(
                text.contains(&why.second) && text.contains(&format!(" {} ", why.shots)),
                "{text}"
            );
            let wrong = failed(lang, p, &why.second);
            no_placeholders(&wrong);
            assert!(wrong.contains(&why.second_shots.to_string()), "{wrong}");
            assert_eq!(failed(lang, p, "24/1"), tr(lang, "puzzle-wrong-generic"));
        }
    }
}
