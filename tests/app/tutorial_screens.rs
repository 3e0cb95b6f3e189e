//! The Learn screens rendered to HTML with dioxus-ssr: the lesson list, the
//! lesson player in each language, and the lessons on the games' real
//! boards (coordinates, hint marks, the learner's side).

use crate::support;
use support::ssr;

use dioxus::prelude::*;
use papan::i18n::{tr, Lang};
use papan::screens::learn::board::LessonBoard;
use papan::screens::learn::learn_route;
use papan::storage::Store;
use papan::tutorial::{lessons, Advance, AnyLesson, Feedback, GameId, HintStage};
use papan::Route;
use papan_rules::backgammon::Backgammon;
use papan_rules::hadang::Hadang;
use papan_rules::hex::Hex;
use papan_rules::junqi::JunQi;
use ssr::escaped;
use std::marker::PhantomData;

fn render_at(path: &str, lang: Lang) -> String {
    ssr::render_screen(path, lang)
}

const LANGS: [Lang; 3] = [Lang::En, Lang::Id, Lang::Fil];

#[test]
fn learn_list_shows_every_lesson_of_all_four_games() {
    let html = render_at("/learn", Lang::En);
    assert!(html.contains("data-testid=\"learn-screen\""), "{html}");
    for game in GameId::ALL {
        assert!(
            html.contains(&format!("data-game=\"{}\"", game.code())),
            "no section for {game:?}"
        );
        let all = lessons(game);
        assert!(!all.is_empty(), "{game:?} has no lessons");
        for lesson in all {
            assert!(
                html.contains(&format!("data-testid=\"lesson-{}\"", lesson.id)),
                "lesson {} missing from the list",
                lesson.id
            );
            assert!(
                html.contains(&escaped(&tr(Lang::En, &lesson.title))),
                "title of {} not shown",
                lesson.id
            );
        }
    }
}

#[test]
fn lesson_player_renders_the_first_prompt_in_each_language() {
    for game in GameId::ALL {
        let lesson = &lessons(game)[0];
        let path = format!("/learn/{}/{}", game.code(), lesson.id);
        let first = AnyLesson::open(game, &lesson.id, 0).unwrap();
        let prompt_key = first.prompt_key();
        let mut prompts = Vec::new();
        for lang in LANGS {
            let html = render_at(&path, lang);
            let prompt = tr(lang, &prompt_key);
            assert_ne!(prompt, prompt_key, "{prompt_key} has no {} text", lang.code());
            assert!(
                html.contains("data-testid=\"lesson-prompt\""),
                "{path}: no prompt\n{html}"
            );
            assert!(
                html.contains(&escaped(&prompt)),
                "{path} in {}: prompt {prompt:?} not shown",
                lang.code()
            );
            assert!(html.contains("data-testid=\"lesson-board\""), "{path}: no board");
            assert!(html.contains("data-testid=\"next\""), "{path}: no Next");
            assert!(
                html.contains(&escaped(&tr(lang, "tutorial-next"))),
                "{path}: Next untranslated"
            );
            prompts.push(prompt);
        }
        prompts.dedup();
        assert_eq!(prompts.len(), 3, "{path}: the three languages must differ: {prompts:?}");
    }
}

#[test]
fn page_through_step_shows_its_pages_as_dots_beside_the_step_counter() {
    // hex-basics opens with a page-through step (3 pages) of 3 steps: the
    // header counts steps, the pages are dots (their count is spoken), so
    // "Step 1 of 3" never stands beside a second "1 / 3".
    let html = render_at("/learn/hex/hex-basics", Lang::En);
    assert!(html.contains("data-testid=\"page-label\""), "{html}");
    assert!(html.contains("Step 1 of 3"), "{html}");
    assert!(!html.contains("1 / 3"), "no second counter in the same words: {html}");
    assert!(html.contains("data-page=\"1\" data-pages=\"3\""), "{html}");
    let dots = html.matches("class=\"page-dot\"").count() + html.matches("class=\"page-dot on\"").count();
    assert_eq!(dots, 3, "one dot a page");
    assert!(!html.contains("data-testid=\"hint\""), "no hint on a page-through step");
    // hex-winning is one act step: a Hint button, no page label.
    let html = render_at("/learn/hex/hex-winning", Lang::En);
    assert!(html.contains("data-testid=\"hint\""));
    assert!(!html.contains("data-testid=\"page-label\""));
}

#[test]
fn unknown_lesson_or_game_shows_a_message_not_a_panic() {
    let html = render_at("/learn/hex/no-such-lesson", Lang::En);
    assert!(html.contains("data-testid=\"lesson-missing\""), "{html}");
    // A game the app does not have is a page it does not have.
    let html = render_at("/learn/chess/hex-basics", Lang::En);
    assert!(html.contains("data-testid=\"not-found\""), "{html}");
    // A lesson of another game under the wrong game.
    let html = render_at("/learn/junqi/hex-basics", Lang::En);
    assert!(html.contains("data-testid=\"lesson-missing\""), "{html}");
}

#[test]
fn home_has_a_learn_entry_and_setup_screens_a_learn_button() {
    let html = render_at("/", Lang::En);
    assert!(html.contains("data-testid=\"learn\""), "home has no Learn entry");
    for (path, game) in [
        ("/hex", "hex"),
        ("/hadang", "hadang"),
        ("/backgammon", "backgammon"),
        ("/junqi", "junqi"),
    ] {
        let html = render_at(path, Lang::En);
        assert!(
            html.contains(&format!("data-testid=\"learn-{game}\"")),
            "{path} has no Learn button"
        );
    }
}

#[test]
fn learn_button_route_opens_a_lesson_of_that_game() {
    let store = Store::in_dir(std::env::temp_dir().join(format!("papan-tutorial-screens-{}", std::process::id())));
    for game in GameId::ALL {
        match learn_route(game, &store) {
            Route::LessonScreen { game: routed, lesson } => {
                assert_eq!(routed, game);
                assert_eq!(lesson, lessons(game)[0].id, "nothing done yet: the first lesson");
            }
            other => panic!("{game:?}: {other:?}"),
        }
    }
}

#[test]
fn any_lesson_plays_a_whole_lesson_of_each_game_by_its_hints() {
    for game in GameId::ALL {
        for lesson in lessons(game) {
            let mut session = AnyLesson::open(game, &lesson.id, 0).unwrap();
            let mut guard = 0;
            while !session.is_finished() {
                guard += 1;
                assert!(guard < 200, "{}: no end", lesson.id);
                if session.is_act() && !session.is_step_done() {
                    assert!(matches!(session.hint(), HintStage::Highlight(_)));
                    let HintStage::Move(mv) = session.hint() else {
                        panic!("{}: second hint stage is not a move", lesson.id)
                    };
                    let feedback = session.try_move(&mv);
                    assert!(
                        matches!(feedback, Feedback::Success { .. }),
                        "{}: {mv}: {feedback:?}",
                        lesson.id
                    );
                }
                let advance = session.next();
                assert_ne!(advance, Advance::NotYet, "{}", lesson.id);
            }
            assert!(session.stars() >= 1, "{}: hints cost stars, never all", lesson.id);
        }
    }
}

#[derive(Props, Clone, PartialEq)]
struct BoardAt {
    game: GameId,
    lesson: String,
    /// The step to open.
    step: usize,
    /// Hint stages asked for before drawing.
    hints: u8,
    /// Moves the learner plays before drawing.
    moves: Vec<String>,
    /// Pages turned before drawing.
    pages: usize,
}

/// The lesson board the lesson screen shows, at a chosen moment.
#[allow(non_snake_case)]
fn LessonBoardAt(props: BoardAt) -> Element {
    let session = use_signal(|| {
        let mut lesson = AnyLesson::open(props.game, &props.lesson, props.step).unwrap();
        for _ in 0..props.hints {
            lesson.hint();
        }
        for mv in &props.moves {
            assert!(matches!(lesson.try_move(mv), Feedback::Success { .. }), "{mv}");
        }
        for _ in 0..props.pages {
            lesson.next();
        }
        lesson
    });
    let on_event = move |_| {};
    let zoom = use_signal(|| None::<f64>);
    match props.game {
        GameId::Hex => rsx! { LessonBoard { game: PhantomData::<Hex>, session, lang: Lang::En, zoom, on_event } },
        GameId::Hadang => rsx! { LessonBoard { game: PhantomData::<Hadang>, session, lang: Lang::En, zoom, on_event } },
        GameId::Junqi => rsx! { LessonBoard { game: PhantomData::<JunQi>, session, lang: Lang::En, zoom, on_event } },
        GameId::Backgammon => {
            rsx! { LessonBoard { game: PhantomData::<Backgammon>, session, lang: Lang::En, zoom, on_event } }
        }
    }
}

fn board_at(game: GameId, lesson: &str, step: &str, hints: u8, moves: &[&str], pages: usize) -> String {
    let steps = &lessons(game).iter().find(|l| l.id == lesson).unwrap().steps;
    let step = steps.iter().position(|s| s.id == step).unwrap();
    let mut dom = VirtualDom::new_with_props(
        LessonBoardAt,
        BoardAt {
            game,
            lesson: lesson.to_string(),
            step,
            hints,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            pages,
        },
    );
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

/// The opening tag of the element carrying `attribute`.
fn tag_with<'a>(html: &'a str, attribute: &str) -> &'a str {
    let at = html
        .find(attribute)
        .unwrap_or_else(|| panic!("no {attribute} in {html}"));
    let start = html[..at].rfind('<').unwrap();
    let end = at + html[at..].find('>').unwrap();
    &html[start..end]
}

/// Lessons are played on the games' own boards, which name their cells:
/// a prompt that says "tap d4" has a d4 to find.
#[test]
fn lessons_use_the_real_boards_with_their_coordinates() {
    let html = board_at(GameId::Hex, "hex-basics", "place", 0, &[], 0);
    assert!(html.contains("data-testid=\"hex-board\""), "{html}");
    assert!(html.contains("class=\"coords\""), "column letters and row numbers");
    for label in [">a<", ">g<", ">1<", ">7<"] {
        assert!(html.contains(label), "hex label {label}");
    }
    let html = board_at(GameId::Junqi, "junqi-combat", "attack", 0, &[], 0);
    assert!(html.contains("data-testid=\"junqi-board\""));
    assert!(html.contains("class=\"jq-coords\""));
    for label in [">a<", ">e<", ">1<", ">12<"] {
        assert!(html.contains(label), "junqi label {label}");
    }
    let html = board_at(GameId::Hadang, "hadang-walls", "place", 0, &[], 0);
    assert!(html.contains("data-testid=\"hadang-board\""));
    assert!(html.contains(">i<") && html.contains(">9<"));
    let html = board_at(GameId::Backgammon, "backgammon-basics", "move", 0, &[], 0);
    assert!(html.contains("data-testid=\"backgammon-board\""));
    assert!(html.contains("class=\"point-numbers\""));
    assert!(html.matches("<text x=").count() >= 24, "24 point numbers");
}

/// The Jun Qi lesson draws Blue pieces blue (not black), with the railways
/// and camps its text speaks of.
#[test]
fn j4_the_junqi_lesson_board_has_blue_pieces_railways_and_camps() {
    let html = board_at(GameId::Junqi, "junqi-combat", "attack", 0, &[], 0);
    // d12 holds a revealed Blue bomb in this step.
    assert!(
        tag_with(&html, "data-post=\"d12\"").contains("post blue"),
        "{}",
        tag_with(&html, "data-post=\"d12\"")
    );
    assert!(tag_with(&html, "data-post=\"b8\"").contains("post red"));
    assert!(html.contains("class=\"jq-rail\""), "railways drawn");
    assert!(html.contains("class=\"jq-camp\""), "camps drawn");
}

/// The walls lesson's hint marks the groove of the wall (e6h), drawn as a
/// wall the learner can tap anywhere along, its middle included.
#[test]
fn h3_the_wall_hint_is_drawn_on_its_groove() {
    let html = board_at(GameId::Hadang, "hadang-walls", "place", 1, &[], 0);
    let hint = tag_with(&html, "data-testid=\"hint-wall\"");
    assert!(hint.contains("data-hint=\"e6h\""), "{hint}");
    assert!(
        !tag_with(&html, "data-cell=\"e6\"").contains("hint"),
        "no cell is marked instead"
    );
    // The hinted wall is drawn after (so above) the cells and pawns.
    let last_pawn = html.rfind("data-pawn=").unwrap();
    assert!(html.find("data-testid=\"hint-wall\"").unwrap() > last_pawn);
}

/// After the learner's play the board still shows the learner's side: the
/// 5-point made by 8/5 6/5 holds two of the learner's checkers (bottom).
#[test]
fn b1_a_backgammon_lesson_keeps_the_learners_side_after_a_play() {
    let before = board_at(GameId::Backgammon, "backgammon-basics", "move", 0, &[], 0);
    let after = board_at(GameId::Backgammon, "backgammon-basics", "move", 0, &["8/5 6/5"], 0);
    for html in [&before, &after] {
        // White, the colour a person plays in a game (issue 33).
        assert!(tag_with(html, "data-testid=\"backgammon-board\"").contains("data-bottom=\"white\""));
    }
    assert!(tag_with(&before, "data-point=\"5\"").contains("data-count=\"0\""));
    assert!(
        tag_with(&after, "data-point=\"5\"").contains("data-count=\"2\""),
        "{}",
        tag_with(&after, "data-point=\"5\"")
    );
    assert!(
        tag_with(&after, "data-point=\"20\"").contains("data-count=\"0\""),
        "not drawn from the other side"
    );
    // The page-through opening: "You played 8/5 6/5" shows your checkers moving.
    let page = board_at(GameId::Backgammon, "backgammon-basics", "board", 0, &[], 2);
    assert!(
        tag_with(&page, "data-point=\"5\"").contains("data-count=\"2\""),
        "{}",
        tag_with(&page, "data-point=\"5\"")
    );
}

/// What the probe screen shows: a lesson's feedback or its end card, or the
/// play screen's toast (each needs a router for its links).
#[derive(Clone, PartialEq)]
enum Probe {
    Feedback(papan::screens::learn::LessonNote),
    Done { game: GameId, lesson: String, stars: u8 },
    Toast(papan::shell::toast::Toast),
}

#[derive(Clone, Routable, PartialEq, Debug)]
enum ProbeRoute {
    #[route("/")]
    ProbeScreen {},
}

#[derive(Props, Clone, PartialEq)]
struct ProbeProps {
    probe: Probe,
    lang: Lang,
}

#[allow(non_snake_case)]
fn ProbeRoot(props: ProbeProps) -> Element {
    use_hook(|| {
        dioxus::history::provide_history_context(std::rc::Rc::new(dioxus::history::MemoryHistory::with_initial_path(
            "/",
        )))
    });
    use_context_provider(|| props.clone());
    rsx! { Router::<ProbeRoute> {} }
}

#[component]
fn ProbeScreen() -> Element {
    let ProbeProps { probe, lang } = use_context::<ProbeProps>();
    match probe {
        Probe::Feedback(note) => rsx! { papan::screens::learn::LessonFeedback { lang, note } },
        Probe::Done { game, lesson, stars } => rsx! {
            papan::screens::learn::LessonDone { lang, game, lesson, stars, on_beginner: move |_| {} }
        },
        Probe::Toast(toast) => rsx! { papan::shell::toast::ToastLine { toast: Some(toast) } },
    }
}

fn render_probe(probe: Probe, lang: Lang) -> String {
    let mut dom = VirtualDom::new_with_props(ProbeRoot, ProbeProps { probe, lang });
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

/// The lesson screen's note for the learner's try of `mv` at `step` of `lesson`.
fn try_in(
    game: GameId,
    lesson: &str,
    step: usize,
    moves: &[&str],
    lang: Lang,
) -> (Option<papan::screens::learn::LessonNote>, AnyLesson) {
    let mut session = AnyLesson::open(game, lesson, step).unwrap();
    let mut note = None;
    for mv in moves {
        let feedback = session.try_move(mv);
        note = papan::screens::learn::note_for(lang, feedback, session.lost_star());
    }
    (note, session)
}

/// H6: a wrong step in a step with no spare tries costs a star, and the
/// feedback says so — what stars are for — in each language; a later wrong
/// try that costs nothing more does not repeat it, nor does one within par.
#[test]
fn h6_a_wrong_try_that_costs_a_star_says_what_stars_are_for() {
    let mut shown = Vec::new();
    for lang in LANGS {
        // hadang-basics, step 1 ("step", par 0): e3 is two cells away (H6).
        let (note, session) = try_in(GameId::Hadang, "hadang-basics", 1, &["e3"], lang);
        let note = note.unwrap();
        assert!(!note.ok && note.lost_star, "{note:?}");
        assert_eq!(session.stars(), 2);
        let html = render_probe(Probe::Feedback(note), lang);
        let words = tr(lang, "tutorial-star-lost");
        assert_ne!(words, "tutorial-star-lost");
        assert!(html.contains("data-testid=\"star-lost\""), "{html}");
        assert!(html.contains(&escaped(&words)), "{html}");
        // The rule's explanation is still there, beside it.
        assert!(html.contains(&escaped(&tr(lang, "rule-h6"))), "{html}");
        shown.push(words);
    }
    shown.dedup();
    assert_eq!(shown.len(), 3, "translated: {shown:?}");
    // A second wrong try in the lesson costs no further star (0 hints: 2 stars).
    let (note, session) = try_in(GameId::Hadang, "hadang-basics", 1, &["e3", "d2"], Lang::En);
    assert_eq!(session.stars(), 2);
    let note = note.unwrap();
    assert!(!note.lost_star, "{note:?}");
    assert!(!render_probe(Probe::Feedback(note), Lang::En).contains("star-lost"));
    // hex-basics "taken" allows two wrong tries: the first costs nothing.
    let (note, session) = try_in(GameId::Hex, "hex-basics", 2, &["c5"], Lang::En);
    assert_eq!(session.stars(), 3);
    assert!(!note.unwrap().lost_star);
}

/// A refusal inside a lesson carries the same rule link as a game's toast:
/// the rule's id, opening its entry on the rules page.
#[test]
fn h6_a_refusal_in_a_lesson_links_to_its_rule_like_a_game() {
    let (note, _) = try_in(GameId::Hadang, "hadang-basics", 1, &["e3"], Lang::En);
    let note = note.unwrap();
    assert_eq!(note.rule, Some(papan_rules::rule::H6));
    let html = render_probe(Probe::Feedback(note.clone()), Lang::En);
    let link = tag_with(&html, "data-testid=\"toast-rule\"");
    assert!(link.contains("href=\"/rules/hadang/H6\""), "{link}");
    assert!(html.contains(">H6</a>"), "{html}");
    // The very same link as the play screen's toast draws.
    let toast = render_probe(
        Probe::Toast(papan::shell::toast::Toast {
            text: note.text.clone(),
            rule: note.rule,
        }),
        Lang::En,
    );
    assert_eq!(tag_with(&toast, "data-testid=\"toast-rule\""), link);
    // A wrong try that no rule refused has no link.
    let (note, _) = try_in(GameId::Hadang, "hadang-basics", 1, &["d1"], Lang::En);
    let note = note.unwrap();
    assert!(!note.ok && note.rule.is_none(), "{note:?}");
    assert!(!render_probe(Probe::Feedback(note), Lang::En).contains("toast-rule"));
}

/// The end card's main button opens the next lesson of the same game, in
/// the Learn list's order; after a game's last lesson it is absent and the
/// game against the Beginner bot is the main button.
#[test]
fn the_end_of_a_lesson_offers_the_next_lesson_of_the_same_game() {
    for game in GameId::ALL {
        let all = lessons(game);
        for (i, lesson) in all.iter().enumerate() {
            let after = papan::tutorial::catalog::lesson_after(game, &lesson.id);
            assert_eq!(after.map(|l| l.id.as_str()), all.get(i + 1).map(|l| l.id.as_str()));
            for lang in LANGS {
                let html = render_probe(
                    Probe::Done {
                        game,
                        lesson: lesson.id.clone(),
                        stars: 2,
                    },
                    lang,
                );
                assert!(html.contains("data-testid=\"more-lessons\""), "{html}");
                let beginner = tag_with(&html, "data-testid=\"play-beginner\"");
                match all.get(i + 1) {
                    Some(next) => {
                        let button = tag_with(&html, "data-testid=\"next-lesson\"");
                        assert!(button.contains(&format!("data-lesson=\"{}\"", next.id)), "{button}");
                        assert!(button.contains("btn-primary"), "{button}");
                        assert!(!beginner.contains("btn-primary"), "one main button: {beginner}");
                        assert!(html.contains(&escaped(&tr(lang, "tutorial-next-lesson"))));
                        assert!(html.contains(&escaped(&tr(lang, &next.title))), "names the next lesson");
                        // Next lesson comes first, before More lessons.
                        assert!(html.find("next-lesson").unwrap() < html.find("more-lessons").unwrap());
                    }
                    None => {
                        assert!(!html.contains("next-lesson"), "{}: last lesson", lesson.id);
                        assert!(beginner.contains("btn-primary"), "{beginner}");
                    }
                }
            }
        }
    }
    // A lesson the game does not have has no next one.
    assert!(papan::tutorial::catalog::lesson_after(GameId::Hex, "hadang-basics").is_none());
}
