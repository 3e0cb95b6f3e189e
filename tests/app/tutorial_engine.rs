//! The tutorial engine's behaviour, driven the way a lesson screen drives
//! it: wrong tries and the rule they break, hint stages, stars, page-through
//! steps, scripted replies, and progress saved on the device.

use papan::storage::Store;
use papan::tutorial::lesson::find_lesson;
use papan::tutorial::{stars, Advance, Feedback, HintStage, Lesson, LessonPlayer, Progress, StepKind};
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::{Cell, Colour, Hex};
use papan_rules::junqi::{JunQi, Post, Square};
use papan_rules::Game;

fn lesson(id: &str) -> &'static Lesson {
    find_lesson(id).unwrap_or_else(|| panic!("no lesson {id}")).1
}

/// Opens `id` at step `step` (by index).
fn player_at<G: papan::tutorial::TutorialGame>(id: &str, step: usize) -> LessonPlayer<G> {
    LessonPlayer::start_at(lesson(id), step).unwrap()
}

fn refused_rule(feedback: Feedback) -> (String, String) {
    match feedback {
        Feedback::Refused { rule, key, .. } => (rule.to_string(), key),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn h13_wall_closing_the_last_path_is_explained_by_its_rule() {
    let mut player: LessonPlayer<Hadang> = player_at("hadang-walls", 2);
    assert_eq!(player.step().id, "last-path");
    let before = *player.position();
    let (rule, key) = refused_rule(player.try_move("d8v"));
    assert_eq!((rule.as_str(), key.as_str()), ("H13", "rule-h13"));
    assert_eq!(player.position(), &before, "a refused try leaves the board unchanged");
    assert!(!player.is_step_done());
    assert_eq!(player.wrong_tries(), 1);
}

#[test]
fn j10_non_engineer_turning_on_the_rail_is_explained_by_its_rule() {
    let mut player: LessonPlayer<JunQi> = player_at("junqi-moving", 2);
    assert_eq!(player.step().id, "engineer");
    assert_eq!(refused_rule(player.try_move("a5-c6")).0, "J10");
    assert!(matches!(player.try_move("e5-c6"), Feedback::Success { .. }));
}

#[test]
fn b10_ignoring_the_bar_is_explained_by_its_rule() {
    let mut player: LessonPlayer<Backgammon> = player_at("backgammon-bar", 0);
    let (rule, key) = refused_rule(player.try_move("13/8 13/11"));
    assert_eq!((rule.as_str(), key.as_str()), ("B10", "rule-b10"));
    assert_eq!(refused_rule(player.try_move("pass")).0, "B12");
    assert!(matches!(player.try_move("bar/23 13/8"), Feedback::Success { .. }));
}

#[test]
fn a_legal_move_that_misses_the_goal_is_taken_back() {
    // The Engineer could trade itself for the blue Engineer; the lesson wants the Company.
    let mut player: LessonPlayer<JunQi> = player_at("junqi-engineers", 0);
    let before = player.position().clone();
    assert!(matches!(player.try_move("c7-c8"), Feedback::TryAgain { .. }));
    assert_eq!(player.position(), &before);
    assert!(matches!(player.try_move("b8-c8"), Feedback::Success { .. }));
    assert_ne!(player.position(), &before);
}

#[test]
fn a_move_of_the_wrong_kind_is_pointed_at_the_asked_action() {
    let mut player: LessonPlayer<Hadang> = player_at("hadang-walls", 0);
    assert_eq!(
        player.try_move("e4"),
        Feedback::WrongAction {
            key: "tutorial-wrong-action-wall".into()
        }
    );
    assert!(!player.is_step_done());
}

#[test]
fn a_predicate_goal_checks_the_board_not_the_spelling() {
    let mut player: LessonPlayer<Hadang> = player_at("hadang-walls", 0);
    // A wall far from the opponent's route does not make it longer.
    assert!(matches!(player.try_move("a1h"), Feedback::TryAgain { .. }));
    // A different wall than the hint's that also lengthens the route counts.
    assert!(matches!(player.try_move("d6h"), Feedback::Success { .. }));
}

#[test]
fn an_exact_backgammon_play_may_be_written_in_any_order() {
    let mut player: LessonPlayer<Backgammon> = player_at("backgammon-basics", 1);
    assert_eq!(player.step().id, "move");
    assert!(matches!(player.try_move("6/5 8/5"), Feedback::Success { .. }));
}

#[test]
fn hints_come_in_two_stages_highlight_then_move() {
    let mut player: LessonPlayer<Hex> = player_at("hex-bridges", 0);
    assert_eq!(player.hint(), HintStage::Highlight(vec!["e2".into()]));
    assert_eq!(player.hint_stage(), 1);
    assert_eq!(player.hint(), HintStage::Move("e2".into()));
    // Asking again repeats the move without costing more.
    assert_eq!(player.hint(), HintStage::Move("e2".into()));
    assert_eq!(player.hints_used(), 2);
    assert!(matches!(player.try_move("e2"), Feedback::Success { .. }));
    assert_eq!(player.hint(), HintStage::None, "no hint once the step is done");
}

#[test]
fn backgammon_hint_highlights_the_points_the_checkers_leave() {
    let mut player: LessonPlayer<Backgammon> = player_at("backgammon-bar", 0);
    assert_eq!(player.hint(), HintStage::Highlight(vec!["bar".into(), "13".into()]));
}

#[test]
fn stars_three_at_par_two_with_one_hint_or_extra_tries_one_otherwise() {
    assert_eq!(stars(0, 0), 3);
    assert_eq!(stars(1, 0), 2);
    assert_eq!(stars(0, 3), 2);
    assert_eq!(stars(1, 1), 1);
    assert_eq!(stars(2, 0), 1);
}

/// Plays a lesson to its end with the given number of hints and wrong tries
/// on the first action step, and returns the stars.
fn play_hex_winning(hints: usize, wrong: usize) -> u8 {
    let mut player: LessonPlayer<Hex> = LessonPlayer::new(lesson("hex-winning")).unwrap();
    for _ in 0..hints {
        player.hint();
    }
    for _ in 0..wrong {
        assert!(matches!(player.try_move("a1"), Feedback::Refused { .. }));
    }
    assert!(matches!(player.try_move("d4"), Feedback::Success { .. }));
    assert_eq!(player.position().winner_colour(), Some(Colour::Red));
    match player.next() {
        Advance::Finished { stars } => {
            assert!(player.is_finished());
            stars
        }
        other => panic!("expected the end, got {other:?}"),
    }
}

#[test]
fn a_whole_lesson_scores_by_hints_and_wrong_tries() {
    assert_eq!(play_hex_winning(0, 0), 3);
    assert_eq!(play_hex_winning(1, 0), 2);
    assert_eq!(play_hex_winning(0, 1), 2);
    assert_eq!(play_hex_winning(2, 0), 1);
    assert_eq!(play_hex_winning(1, 1), 1);
}

#[test]
fn par_allows_some_tries_before_a_star_is_lost() {
    let text = r#"{
        "id": "par-test", "title": "tutorial-hex-winning-title",
        "steps": [{
            "id": "s", "kind": "act", "prompt": "tutorial-hex-connect-prompt", "par": 1,
            "setup": { "options": { "size": 7, "swap": false },
                       "rows": ["B..R...", "B..R...", "B..R...", ".......", "B..R...", "B..R...", "B..R..."] },
            "goal": { "predicate": "win" }, "hint": "d4"
        }]
    }"#;
    let lesson: Lesson = serde_json::from_str(text).unwrap();
    let mut player: LessonPlayer<Hex> = LessonPlayer::new(&lesson).unwrap();
    player.try_move("e4");
    assert_eq!(player.wrong_tries(), 0, "the first extra try is within par");
    player.try_move("e5");
    assert_eq!(player.wrong_tries(), 1);
}

#[test]
fn next_waits_for_the_step_and_scripted_replies_follow_success() {
    let mut player: LessonPlayer<Hex> = player_at("hex-basics", 1);
    assert_eq!(player.step().id, "place");
    assert_eq!(player.next(), Advance::NotYet);
    match player.try_move("d4") {
        Feedback::Success { replies, done_key } => {
            assert_eq!(replies, vec!["c5".to_string()]);
            assert_eq!(done_key, "tutorial-hex-place-done");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        player.position().stone(Cell::new(2, 4)),
        Some(Colour::Blue),
        "Blue's reply c5"
    );
    assert_eq!(
        player.try_move("e3"),
        Feedback::NotNow,
        "a done step takes no more moves"
    );
    assert_eq!(player.next(), Advance::Step { index: 2 });
    // The next step continues from the board the reply left.
    assert_eq!(player.position().stone_count(), 2);
    let (rule, _) = refused_rule(player.try_move("c5"));
    assert_eq!(rule, "X5");
}

#[test]
fn page_through_steps_show_the_board_change_page_by_page() {
    let mut player: LessonPlayer<JunQi> = LessonPlayer::new(lesson("junqi-basics")).unwrap();
    let a1 = Square::new(0, 0).unwrap();
    assert_eq!(player.page_label(), Some((1, 4)));
    assert_eq!(player.prompt_key(), "tutorial-junqi-example-1");
    assert_eq!(player.position().post(a1), Post::FaceDown);
    assert_eq!(
        player.try_move("flip a1"),
        Feedback::NotNow,
        "nothing to play on a page"
    );
    assert_eq!(player.hint(), HintStage::None);
    assert_eq!(player.next(), Advance::Page { index: 2, count: 4 });
    assert_eq!(player.prompt_key(), "tutorial-junqi-example-2");
    assert!(matches!(player.position().post(a1), Post::Revealed { .. }));
    assert_eq!(player.previous_page(), Some((1, 4)));
    assert_eq!(player.position().post(a1), Post::FaceDown);
    for index in 2..=4 {
        assert_eq!(player.next(), Advance::Page { index, count: 4 });
    }
    assert_eq!(
        player.position().colour_of(papan_rules::Seat::First),
        Some(papan_rules::junqi::Colour::Red)
    );
    assert_eq!(player.next(), Advance::Step { index: 1 });
    assert_eq!(player.page_label(), None);
    assert_eq!(refused_rule(player.try_move("a1-a2")).0, "J8");
}

#[test]
fn resuming_a_step_that_continues_the_board_replays_the_earlier_steps() {
    let player: LessonPlayer<Hex> = player_at("hex-swap", 1);
    assert_eq!(player.step().id, "once");
    assert!(player.position().swapped());
    assert_eq!(player.hints_used() + player.wrong_tries(), 0);
}

fn temp_store(name: &str) -> (Store, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("papan-tutorial-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    (Store::in_dir(&dir), dir)
}

#[test]
fn progress_is_saved_and_loaded_keeping_the_best_stars() {
    let (store, dir) = temp_store("progress");
    assert_eq!(Progress::load(&store).unwrap(), Progress::default());
    let mut progress = Progress::default();
    progress.record_step("hex-basics", 2);
    progress.record_finished("hex-winning", 2);
    progress.record_finished("hex-winning", 1);
    progress.save(&store).unwrap();
    let loaded = Progress::load(&store).unwrap();
    assert_eq!(loaded, progress);
    assert_eq!(loaded.get("hex-basics").unwrap().resume_step, 2);
    assert!(!loaded.get("hex-basics").unwrap().completed);
    let winning = loaded.get("hex-winning").unwrap();
    assert_eq!(
        (winning.best_stars, winning.completed, winning.resume_step),
        (2, true, 0)
    );
    assert_eq!(loaded.total_stars(), 2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn corrupt_progress_starts_fresh_and_keeps_the_text_aside() {
    let (store, dir) = temp_store("corrupt");
    store
        .set(
            "tutorial-progress",
            r#"{"lessons":{"x":{"best_stars":9,"completed":true,"resume_step":0}}}"#,
        )
        .unwrap();
    let (fresh, corrupt) = Progress::load(&store).unwrap_err();
    assert_eq!(fresh, Progress::default());
    assert!(store.get(&corrupt.backup_key).is_some());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_lesson_run_resumes_from_saved_progress() {
    let mut progress = Progress::default();
    let mut player: LessonPlayer<Backgammon> = LessonPlayer::new(lesson("backgammon-bearing-off")).unwrap();
    assert!(matches!(player.try_move("8/6 6/off"), Feedback::Success { .. }));
    player.next();
    progress.record_step(&player.lesson().id, player.step_index());
    let resume = progress.get("backgammon-bearing-off").unwrap().resume_step;
    let resumed: LessonPlayer<Backgammon> = player_at("backgammon-bearing-off", resume);
    assert_eq!(resumed.step().id, "highest");
    assert_eq!(resumed.position(), player.position());
}

#[test]
fn a_gammon_lesson_ends_with_two_points() {
    let mut player: LessonPlayer<Backgammon> = player_at("backgammon-bearing-off", 2);
    assert!(matches!(player.try_move("1/off(2)"), Feedback::Success { .. }));
    assert_eq!(player.position().outcome().unwrap().points, 2);
    player.next();
    assert!(matches!(player.try_move("1/off(2)"), Feedback::Success { .. }));
    assert_eq!(player.position().outcome().unwrap().points, 3);
}

#[test]
fn the_learn_button_opens_the_first_unfinished_lesson() {
    use papan::tutorial::catalog::{cards, next_lesson};
    use papan::tutorial::GameId;
    let mut progress = Progress::default();
    assert_eq!(next_lesson(GameId::Hadang, &progress).id, "hadang-basics");
    progress.record_finished("hadang-basics", 3);
    progress.record_step("hadang-jumps", 1);
    let next = next_lesson(GameId::Hadang, &progress);
    assert_eq!((next.id, next.resume_step), ("hadang-jumps", 1));
    let all = cards(GameId::Hadang, &progress);
    assert_eq!((all[0].stars, all[0].completed), (3, true));
    assert!(all.iter().any(|c| c.strategy));
    // A resume point past the lesson's end (the data changed) restarts it.
    progress.record_step("hadang-jumps", 99);
    assert_eq!(next_lesson(GameId::Hadang, &progress).resume_step, 0);
    for card in cards(GameId::Hadang, &progress) {
        progress.record_finished(card.id, 1);
    }
    assert_eq!(next_lesson(GameId::Hadang, &progress).id, "hadang-basics");
}

#[test]
fn feedback_names_the_text_to_show() {
    let mut player: LessonPlayer<Hadang> = player_at("hadang-walls", 2);
    assert_eq!(player.try_move("d8v").key(), Some("rule-h13"));
    assert_eq!(player.try_move("zz").key(), None);
    assert_eq!(player.try_move("e7h").key(), Some("tutorial-hadang-last-path-done"));
}

/// The step says "try c5 first if you like": taking up the invitation
/// (and the other taken cell, d4) must not cost a star.
#[test]
fn x5_an_invited_try_at_a_taken_cell_costs_no_star() {
    let lesson = lesson("hex-basics");
    let taken = lesson.steps.iter().position(|s| s.id == "taken").unwrap();
    let mut player = LessonPlayer::<papan_rules::hex::Hex>::start_at(lesson, taken).unwrap();
    assert_eq!(refused_rule(player.try_move("c5")).0, "X5");
    assert_eq!(refused_rule(player.try_move("d4")).0, "X5");
    assert!(matches!(player.try_move("d3"), Feedback::Success { .. }));
    while !matches!(player.next(), Advance::Finished { .. }) {}
    assert_eq!(player.stars(), 3, "the invited tries are within the step's par");
}

/// The walls lesson's first hint points at the groove of the wall (e6h),
/// not at the cell the wall is anchored on.
#[test]
fn h3_a_wall_hint_points_at_its_groove() {
    let lesson = lesson("hadang-walls");
    let place = lesson.steps.iter().position(|s| s.id == "place").unwrap();
    let mut player = LessonPlayer::<papan_rules::hadang::Hadang>::start_at(lesson, place).unwrap();
    assert_eq!(player.hint(), HintStage::Highlight(vec!["e6h".into()]));
    assert_eq!(
        player.hint_move(),
        "e6h".parse().ok().map(papan_rules::hadang::HadangMove::Wall)
    );
}

/// The backgammon lesson is drawn from the learner's side all along: the
/// page-through opening ("You played 8/5 6/5") and the steps after it show
/// the same seat at the bottom, before and after the learner's play.
#[test]
fn b1_the_board_stays_on_the_learners_side_through_a_lesson() {
    use papan_rules::Seat;
    let lesson = lesson("backgammon-basics");
    let mut player = LessonPlayer::<Backgammon>::new(lesson).unwrap();
    // White, as in a game (issue 33).
    let learner = Seat::First;
    let mut guard = 0;
    while !player.is_finished() {
        guard += 1;
        assert!(guard < 50);
        assert_eq!(
            player.seat(),
            learner,
            "step {} page {:?}",
            player.step().id,
            player.page_label()
        );
        if player.page_label().is_none() && !player.is_step_done() {
            let StepKind::Act { hint, .. } = &player.step().kind else {
                unreachable!()
            };
            let hint = hint.clone();
            assert!(matches!(player.try_move(&hint), Feedback::Success { .. }));
            assert_eq!(player.seat(), learner, "after the play of step {}", player.step().id);
        }
        player.next();
    }
}
