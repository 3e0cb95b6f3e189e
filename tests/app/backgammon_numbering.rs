//! Backgammon moves as a person reads them (issue 33): every move shown —
//! the move log, the last-move notice, a hint, the review's move list and
//! its better move — is written in the numbers the reader's board shows
//! (B1), as the board's arrows run. The bot's `13/11 8/3*` is White's
//! `12/14 17/22*`. And once a game is over no winning chance is shown on
//! the play screen: the result card is.

use crate::support;
use support::ssr;

use dioxus::prelude::*;
use papan::games::backgammon::board::BgMarks;
use papan::games::backgammon::tap::{BgTap, Spot};
use papan::i18n::Lang;
use papan::play::history::{self, Viewing};
use papan::play::{player, Match};
use papan::screens::review::screen::review_table;
use papan::settings::AppSettings;
use papan::shell::offline::{log_state, seating};
use papan::shell::slot::SlotState;
use papan::shell::{last_move_notice, GameUi};
use papan_bots::Level;
use papan_rules::backgammon::{Backgammon, BackgammonOptions, BgMove};
use papan_rules::clock::Tempo;
use papan_rules::{Game, Record, Seat, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// White (the person, at the bottom) opens 2-1 with `24/22 6/5`, leaving a
/// blot on its 22-point; the Expert bot (Black) rolls 5-2 and hits it from
/// its own 8-point: `13/11 8/3*` in Black's numbers.
const MOVES: [&str; 4] = ["opening 2-1", "24/22 6/5", "roll 5-2", "13/11 8/3*"];

/// The bot's play as White's board shows it.
const SEEN_BY_WHITE: &str = "12/14 17/22*";

/// A match against the Expert bot on `record`, the person at `local`.
fn match_on(record: Record<Backgammon>, local: Seat) -> Match<Backgammon> {
    let players = player::from_setup(Some(Level::Expert), local == Seat::First);
    let fresh = Match::new(BackgammonOptions::default(), players, local, Tempo::Unlimited, 7, 0).unwrap();
    let mut save = fresh.to_save(0);
    save.record = record;
    Match::from_save(save, 0).unwrap()
}

fn record_of(moves: &[&str]) -> Record<Backgammon> {
    let mut record = Record::<Backgammon>::new(BackgammonOptions::default(), 7);
    let mut game = record.start().unwrap();
    for text in moves {
        let mv: BgMove = text.parse().unwrap();
        let mv = game.canonical_move(&mv);
        record.play(&mut game, mv).unwrap();
    }
    record
}

fn bot_hit() -> Match<Backgammon> {
    match_on(record_of(&MOVES), Seat::First)
}

#[test]
fn b1_the_bots_move_is_logged_in_the_viewers_numbers_as_the_board_draws_it() {
    let game = bot_hit();
    let log = game.log();
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!(log[0].seat, Seat::First);
    assert_eq!(log[0].text, "24/22 6/5", "the person's own move as played");
    assert_eq!(log[1].seat, Seat::Second);
    assert_eq!(log[1].text, SEEN_BY_WHITE, "the bot's move in White's numbers");
    assert_eq!(papan::shell::log::line_text(&log[1]), format!("2. 5-2 {SEEN_BY_WHITE}"));
    // The board's arrows run between the same numbers: 12 → 14 and 17 → 22.
    let table = game.table();
    let marks = BgMarks::of(&table, &BgTap::default(), None);
    let legs = &marks.last_legs;
    assert_eq!(legs.len(), 2, "{legs:?}");
    for leg in [(Spot::Point(12), Spot::Point(14)), (Spot::Point(17), Spot::Point(22))] {
        assert!(legs.contains(&leg), "{leg:?} in {legs:?}");
    }
    // The record, the transcript and the wire keep the mover's numbers.
    assert_eq!(table.notation(&MOVES[3].parse().unwrap()), "13/11 8/3*");
    assert_eq!(history::log(game.record())[1].text, "13/11 8/3*");
}

#[test]
fn b1_the_last_move_notice_names_the_bots_move_in_the_viewers_numbers() {
    let game = bot_hit();
    let live = game.table();
    let log = log_state(Lang::En, &game, &live, Viewing::default());
    let who = |seat: Seat| seating(&game).who(Lang::En, seat);
    let notice = last_move_notice::<Backgammon>(Lang::En, &log, &who).expect("a last-move notice");
    assert!(notice.text.contains(SEEN_BY_WHITE), "{}", notice.text);
    assert!(!notice.text.contains("8/3*"), "{}", notice.text);
}

#[test]
fn b1_a_hint_reads_in_the_numbers_of_the_board_it_is_drawn_on() {
    // The person (White) is to move after rolling: a hint is their own play.
    let mut moves = MOVES.to_vec();
    moves.push("roll 6-4");
    let game = match_on(record_of(&moves), Seat::First);
    let table = game.table();
    let hint = game.position().legal_moves()[0];
    assert_eq!(table.move_text(Seat::First, &hint), table.notation(&hint));
    // Seen from Black's side (a person playing Black), White's play flips.
    let black = match_on(record_of(&moves), Seat::Second);
    let mv: BgMove = "24/22 6/5".parse().unwrap();
    assert_eq!(black.table().move_text(Seat::First, &mv), "1/3 19/20");
}

#[test]
fn b1_the_review_lists_every_move_in_the_numbers_of_its_board() {
    let record = record_of(&MOVES);
    // The review's board is drawn for the person's seat (its bottom).
    let white: Vec<String> = history::log_for(&record, Seat::First)
        .into_iter()
        .map(|e| e.text)
        .collect();
    assert_eq!(white, ["24/22 6/5", SEEN_BY_WHITE]);
    let black: Vec<String> = history::log_for(&record, Seat::Second)
        .into_iter()
        .map(|e| e.text)
        .collect();
    assert_eq!(black, ["1/3 19/20", "13/11 8/3*"]);
    // The better move is written from the position before it, for that board.
    let before = review_table(&record, 3, Seat::First, false).unwrap();
    assert_eq!(before.bottom, Seat::First);
    let better: BgMove = "13/8".parse().unwrap();
    assert_eq!(before.move_text(Seat::Second, &better), "12/17");
}

// ---- The win estimate once the game is over ----

/// A seeded whole game White wins (each seat plays its first legal play).
fn won_by_white() -> Record<Backgammon> {
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut record = Record::<Backgammon>::new(BackgammonOptions::default(), seed);
        let mut game = record.start().unwrap();
        loop {
            let mv = match game.turn() {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut rng).unwrap(),
                Turn::Seat(_) => game.legal_moves()[0],
            };
            record.play(&mut game, mv).unwrap();
        }
        if game.outcome().and_then(|o| o.winner) == Some(Seat::First) {
            return record;
        }
    }
    panic!("no seed in 0..200 gives White a win")
}

#[derive(Clone, PartialEq)]
struct PlayInput {
    game: Match<Backgammon>,
    lang: Lang,
}

/// The play screen of the backgammon slot holding `game`, with the
/// estimate turned on in the settings.
fn play_root(input: PlayInput) -> Element {
    use_hook(|| {
        dioxus::history::provide_history_context(std::rc::Rc::new(dioxus::history::MemoryHistory::with_initial_path(
            "/backgammon/play",
        )))
    });
    use_context_provider(|| {
        Signal::new(AppSettings {
            lang: input.lang,
            show_estimate: true,
            ..AppSettings::default()
        })
    });
    use_context_provider(|| papan::screens::KeptAside(Signal::new(Vec::new())));
    use_hook(|| {
        *Backgammon::slot().write() = SlotState {
            game: Some(input.game.clone()),
            load_error: None,
        };
    });
    rsx! { Router::<papan::Route> {} }
}

fn play_screen(game: Match<Backgammon>, lang: Lang) -> String {
    ssr::render(play_root, PlayInput { game, lang })
}

#[test]
fn no_winning_chance_is_shown_once_the_game_is_over_the_result_is() {
    let won = match_on(won_by_white(), Seat::First);
    assert!(won.is_over());
    for lang in Lang::ALL {
        let html = play_screen(won.clone(), lang);
        assert!(
            html.contains("data-testid=\"result-banner\""),
            "{lang:?}: the result is shown: {html}"
        );
        assert!(
            !html.contains("data-testid=\"estimate\""),
            "{lang:?}: no estimate once over: {html}"
        );
    }
    // A resigned game too.
    let mut resigned = bot_hit();
    assert!(resigned.resign(0));
    let html = play_screen(resigned, Lang::En);
    assert!(!html.contains("data-testid=\"estimate\""), "{html}");

    // While the game goes on, the estimate (asked for in the settings) shows.
    let html = play_screen(bot_hit(), Lang::En);
    assert!(html.contains("data-testid=\"estimate\""), "{html}");
}

#[test]
fn b1_the_play_screen_shows_the_bots_move_in_the_viewers_numbers() {
    let html = play_screen(bot_hit(), Lang::Id);
    let notice = ssr::tag_with(&html, "data-testid=\"last-move\"");
    assert!(!notice.is_empty());
    let at = html.find("data-testid=\"last-move\"").unwrap();
    let line = &html[at..at + html[at..].find("</p>").unwrap()];
    assert!(line.contains(SEEN_BY_WHITE), "{line}");
    // The log's entry for it, too.
    let entries: Vec<&str> = html.split("data-testid=\"log-entry\"").skip(1).collect();
    assert_eq!(entries.len(), 2, "{html}");
    assert!(
        entries[1].contains(&format!("2. 5-2 {SEEN_BY_WHITE}")),
        "{}",
        entries[1]
    );
}

// ---- Exports carry the names the game shows ----

/// The review's export of a finished game names the players as the screen
/// does ("Kamu", "Bot ahli"): in the `.mat` score line, where gnubg keeps
/// its players' names, and the file still imports.
#[test]
fn the_exported_mat_names_the_players_as_the_review_shows_them() {
    use papan::play::finished::{self, Finished};
    use papan::screens::review::list::names_of;
    let won = match_on(won_by_white(), Seat::First);
    let entry = Finished::of_match(&won).expect("a finished game");
    let names = names_of(Lang::Id, &entry);
    assert_eq!(names, ["Kamu".to_string(), "Bot ahli".to_string()]);
    let (file, text) = entry.export_named::<Backgammon>(&names).unwrap();
    assert!(file.ends_with(".mat"));
    let score = text.lines().skip_while(|l| l.trim() != "Game 1").nth(1).unwrap();
    assert_eq!(score, format!(" {:<31}Bot ahli : 0", "Kamu : 0"), "{text}");
    let back = finished::import::<Backgammon>(&text).unwrap();
    assert_eq!(back.record::<Backgammon>().unwrap(), *won.record());
    assert_eq!(back.outcome, won.outcome());
}
