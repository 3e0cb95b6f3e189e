//! Every lesson of every game checked against papan-rules and the message
//! files, and the rule coverage of the lessons.

use papan::i18n::rule_key;
use papan::i18n::{bundle, Lang};
use papan::tutorial::coverage::{coverage, is_actionable, untaught, NOT_ACTIONABLE};
use papan::tutorial::lesson::source;
use papan::tutorial::lesson::{parse_lessons, StepKind};
use papan::tutorial::validate::{keys_of, validate_game};
use papan::tutorial::{lessons, GameId};
use std::collections::BTreeSet;

/// One test over all lessons: setups legal (papan-rules builds them), each
/// anticipated mistake refused with its rule, every expected move and hint
/// legal from the position the lesson reaches, scripted replies legal after
/// it, page-through moves legal, and every text key present in id, fil, en.
#[test]
fn every_step_of_every_lesson_is_valid() {
    let problems: Vec<String> = GameId::ALL.into_iter().flat_map(validate_game).collect();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn lesson_files_parse_and_name_their_game() {
    for game in GameId::ALL {
        let parsed = parse_lessons(game, source(game)).unwrap_or_else(|e| panic!("{e}"));
        assert!(!parsed.is_empty(), "{game:?} has no lessons");
        let other = if game == GameId::Hex {
            GameId::Hadang
        } else {
            GameId::Hex
        };
        assert!(
            parse_lessons(other, source(game)).is_err(),
            "{game:?}'s file accepted as {other:?}"
        );
    }
}

#[test]
fn lesson_and_step_ids_are_unique() {
    let mut seen = BTreeSet::new();
    for game in GameId::ALL {
        for lesson in lessons(game) {
            assert!(seen.insert(lesson.id.clone()), "duplicate lesson id {}", lesson.id);
            let steps: BTreeSet<_> = lesson.steps.iter().map(|s| &s.id).collect();
            assert_eq!(steps.len(), lesson.steps.len(), "{}: duplicate step ids", lesson.id);
        }
    }
}

/// Rules a player acts on must each be taught by some step. The rules not
/// required, and why, are listed here (and in `coverage::NOT_ACTIONABLE`,
/// which the coverage tool prints):
/// - X8 rematch alternation, X10 "no draws" (a theorem, nothing to do);
/// - X12–X15 platform behaviour (timers, seats, CPU, ratings);
/// - H16 clocks and H17 resigning (a menu button, not a board action);
/// - J6 the deal (done by the app), J20 online timers, J21 what is hidden
///   (shown by the app, not acted on).
#[test]
fn every_actionable_rule_is_taught_by_some_step() {
    let expected_not_actionable = [
        "X8", "X10", "X12", "X13", "X14", "X15", "H16", "H17", "J6", "J20", "J21",
    ];
    let listed: Vec<&str> = NOT_ACTIONABLE.iter().map(|(id, _)| *id).collect();
    assert_eq!(listed, expected_not_actionable);
    let missing = untaught();
    assert!(missing.is_empty(), "actionable rules no step teaches: {missing:?}");
    // Spot checks of the classic lessons the issue names.
    let taught = |rule: &str| coverage().into_iter().find(|r| r.rule == rule).unwrap().taught_by;
    assert!(taught("H13").iter().any(|s| s.starts_with("hadang-walls/")));
    assert!(taught("J10").iter().any(|s| s == "junqi-moving/engineer"));
    assert!(taught("B10").iter().any(|s| s.starts_with("backgammon-bar/")));
    assert!(is_actionable("X9") && !is_actionable("X12"));
}

#[test]
fn every_game_has_a_strategy_lesson_and_junqi_a_page_through_example() {
    for game in GameId::ALL {
        assert!(
            lessons(game).iter().any(|l| l.strategy),
            "{game:?} has no strategy lesson"
        );
    }
    let pages = lessons(GameId::Junqi)
        .iter()
        .flat_map(|l| &l.steps)
        .filter(|s| matches!(&s.kind, StepKind::Page { moves, .. } if moves.len() >= 2))
        .count();
    assert!(pages >= 1);
}

/// Every numbered rule has its one explanation (shown when a tap, the room
/// server or a lesson refuses a move by it) in all three languages, and
/// the translations are not copies of the English.
#[test]
fn rule_explanations_exist_and_are_translated() {
    let en = bundle(Lang::En).unwrap();
    for game in GameId::ALL {
        for rule in game.rules() {
            let key = rule_key(rule);
            for lang in Lang::ALL {
                assert!(bundle(lang).unwrap().has_message(&key), "{} lacks {key}", lang.code());
            }
            assert!(en.has_message(&key));
        }
    }
    let text = |lang, key: &str| papan::i18n::tr(lang, key);
    let mut same = 0;
    let mut total = 0;
    for game in GameId::ALL {
        for lesson in lessons(game) {
            for key in keys_of(lesson) {
                total += 1;
                if text(Lang::En, &key) == text(Lang::Id, &key) || text(Lang::En, &key) == text(Lang::Fil, &key) {
                    same += 1;
                }
            }
        }
    }
    assert!(
        same * 20 < total,
        "{same} of {total} lesson texts are copies of the English"
    );
}

/// The validator itself finds broken lessons: a mistake refused by another
/// rule than claimed, an illegal scripted reply, a hint that misses the goal,
/// a missing text key and an illegal setup.
#[test]
fn the_validator_reports_broken_lessons() {
    use papan::tutorial::lesson::Lesson;
    use papan::tutorial::validate::{missing_keys, validate_lesson};
    use papan_rules::hadang::Hadang;
    let text = r#"{
        "id": "broken", "title": "tutorial-no-such-title",
        "steps": [
            { "id": "a", "kind": "act", "prompt": "tutorial-hadang-step-prompt", "rules": ["H99"],
              "setup": { "pawns": ["e1", "e9"], "walls": [[], []], "walls_left": [10, 10], "to_move": "First" },
              "goal": { "move": "e2" }, "hint": "e2",
              "mistakes": [{ "move": "e3", "rule": "H13" }],
              "replies": ["e7"] },
            { "id": "b", "kind": "act", "prompt": "tutorial-hadang-step-prompt",
              "goal": { "predicate": "path_longer" }, "hint": "e3" }
        ]
    }"#;
    let lesson: Lesson = serde_json::from_str(text).unwrap();
    let problems = validate_lesson::<Hadang>(&lesson).join("\n");
    assert!(problems.contains("unknown rule H99"), "{problems}");
    assert!(problems.contains("mistake e3 should be refused by H13"), "{problems}");
    assert!(problems.contains("reply e7"), "{problems}");
    assert!(problems.contains("the hint e3 does not succeed"), "{problems}");
    assert!(missing_keys(&lesson)
        .iter()
        .any(|m| m.contains("tutorial-no-such-title")));

    let bad_setup = text.replace(r#""pawns": ["e1", "e9"]"#, r#""pawns": ["e1", "e1"]"#);
    let lesson: Lesson = serde_json::from_str(&bad_setup).unwrap();
    let problems = validate_lesson::<Hadang>(&lesson).join("\n");
    assert!(problems.contains("H9"), "an illegal setup names its rule: {problems}");
}

/// B1 (issue 33): the learner plays White in every backgammon lesson, the
/// colour a person plays in a game, and the first caption says so. The
/// hit step's caption names the point the opponent's five checkers stand
/// on in the learner's own numbers: the learner's 12-point, not "their".
#[test]
fn b1_backgammon_lessons_are_played_as_white_and_captions_use_the_learners_numbers() {
    use papan::i18n::tr;
    use papan::tutorial::lesson::find_lesson;
    use papan::tutorial::LessonPlayer;
    use papan_rules::backgammon::Backgammon;
    use papan_rules::Seat;
    for lesson in lessons(GameId::Backgammon) {
        for (index, step) in lesson.steps.iter().enumerate() {
            let player = LessonPlayer::<Backgammon>::start_at(lesson, index).unwrap();
            assert_eq!(
                player.seat(),
                Seat::First,
                "{}/{}: the learner is White",
                lesson.id,
                step.id
            );
        }
    }
    for lang in Lang::ALL {
        let said = tr(lang, "tutorial-bg-board-1");
        let white = tr(lang, "backgammon-white");
        assert!(
            said.contains(&white),
            "{lang:?}: the first caption says the learner is {white}: {said}"
        );
    }
    let (_, basics) = find_lesson("backgammon-basics").unwrap();
    let hit = basics.steps.iter().position(|s| s.id == "hit").unwrap();
    let player = LessonPlayer::<Backgammon>::start_at(basics, hit).unwrap();
    let position = player.position();
    assert_eq!(position.board_seat(), Seat::First, "the board is the learner's");
    assert_eq!(
        position.board().at(12),
        -5,
        "five of theirs on the learner's own 12-point"
    );
    assert_eq!(
        position.board().at(4),
        -1,
        "their lone checker on the learner's 4-point"
    );
    let caption = tr(Lang::En, "tutorial-bg-hit-prompt");
    assert!(
        caption.contains("Your 12-point holds five of their checkers"),
        "{caption}"
    );
    assert!(!caption.contains("Their 12-point"), "{caption}");
}
