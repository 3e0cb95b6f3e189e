//! The Learn screens rendered to HTML with dioxus-ssr: the lesson list, the
//! lesson player in each language, and the lesson boards' tap contract.

use dioxus::prelude::*;
use papan::components::tutorial::{AnyLesson, HexLessonBoard, JunQiLessonBoard};
use papan::i18n::{tr, Lang};
use papan::screens::learn::{game_from_code, learn_route};
use papan::settings::AppSettings;
use papan::storage::Store;
use papan::tutorial::{lessons, Advance, Feedback, GameId, HintStage};
use papan::{HexSlot, LoadError, Route};

#[derive(Props, Clone, PartialEq)]
struct AtProps {
    path: String,
    lang: Lang,
}

/// The router at `path`, with the settings (language) and the Hex slot the
/// screens read from the app root.
#[allow(non_snake_case)]
fn RouterAt(props: AtProps) -> Element {
    use_hook(|| {
        dioxus::history::provide_history_context(std::rc::Rc::new(dioxus::history::MemoryHistory::with_initial_path(
            props.path.clone(),
        )))
    });
    use_context_provider(|| {
        Signal::new(AppSettings {
            lang: props.lang,
            ..AppSettings::default()
        })
    });
    use_context_provider(|| HexSlot(Signal::new(None)));
    use_context_provider(|| LoadError(Signal::new(None)));
    rsx! { Router::<Route> {} }
}

fn render_at(path: &str, lang: Lang) -> String {
    let mut dom = VirtualDom::new_with_props(
        RouterAt,
        AtProps {
            path: path.to_string(),
            lang,
        },
    );
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

const LANGS: [Lang; 3] = [Lang::En, Lang::Id, Lang::Fil];

/// Text as dioxus-ssr escapes it.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

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
fn page_through_step_shows_its_page_label_and_act_step_its_hint_button() {
    // hex-basics opens with a page-through step (3 pages).
    let html = render_at("/learn/hex/hex-basics", Lang::En);
    assert!(html.contains("data-testid=\"page-label\""), "{html}");
    assert!(html.contains("1 / 3"), "page label 1 / 3 missing");
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
    let html = render_at("/learn/chess/hex-basics", Lang::En);
    assert!(html.contains("data-testid=\"lesson-missing\""), "{html}");
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
            Route::LessonScreen { game: code, lesson } => {
                assert_eq!(game_from_code(&code), Some(game));
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
struct HexBoardProps {
    highlight: Vec<String>,
}

#[allow(non_snake_case)]
fn HexBoardHarness(props: HexBoardProps) -> Element {
    let AnyLesson::Hex(player) = AnyLesson::open(GameId::Hex, "hex-winning", 0).unwrap() else {
        unreachable!()
    };
    rsx! { HexLessonBoard { position: player.position().clone(), highlight: props.highlight, lang: Lang::En, on_move: move |_| {} } }
}

#[allow(non_snake_case)]
fn JunQiBoardHarness(props: HexBoardProps) -> Element {
    let AnyLesson::Junqi(player) = AnyLesson::open(GameId::Junqi, &lessons(GameId::Junqi)[0].id, 0).unwrap() else {
        unreachable!()
    };
    rsx! { JunQiLessonBoard { position: player.position().clone(), highlight: props.highlight, lang: Lang::En, on_move: move |_| {} } }
}

fn render_board(component: fn(HexBoardProps) -> Element, highlight: &[&str]) -> String {
    let mut dom = VirtualDom::new_with_props(
        component,
        HexBoardProps {
            highlight: highlight.iter().map(|s| s.to_string()).collect(),
        },
    );
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

/// The `class` attribute of the element carrying `data-cell="name"`.
fn class_of(html: &str, name: &str) -> String {
    let at = html
        .find(&format!("data-cell=\"{name}\""))
        .unwrap_or_else(|| panic!("no cell {name}"));
    let start = html[..at].rfind('<').unwrap();
    let tag = &html[start..at + 20];
    let class_at = tag.find("class=\"").unwrap() + 7;
    tag[class_at..].split('"').next().unwrap().to_string()
}

#[test]
fn lesson_boards_mark_hinted_cells_and_show_the_position() {
    let html = render_board(HexBoardHarness, &["d4"]);
    assert!(class_of(&html, "d4").contains("hinted"));
    assert!(!class_of(&html, "d3").contains("hinted"));
    // hex-winning's setup: a Red stone on d1 (row 1 is "B..R...").
    assert!(class_of(&html, "d1").contains("red"), "{}", class_of(&html, "d1"));
    assert!(class_of(&html, "a1").contains("blue"));
    assert_eq!(html.matches("data-cell=").count(), 49, "7×7 cells");
    let html = render_board(JunQiBoardHarness, &[]);
    assert_eq!(html.matches("data-cell=").count(), 60, "Jun Qi has 60 posts");
}
