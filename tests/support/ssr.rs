//! Pieces of the play screen rendered to HTML with dioxus-ssr, no browser:
//! a game's board exactly as the play screen feeds it (a [`Table`], the tap
//! state's marks, a hint), the result card, a player strip, the whole app
//! at a route. And small helpers to read the HTML.
//!
//! Part of `tests/support` (`mod support;`), used by the `tests/*_components.rs` files and the
//! screen tests (`tutorial_screens.rs`, `rules_pages.rs`).
#![allow(dead_code)]

use dioxus::prelude::*;
use papan::i18n::Lang;
use papan::play::ButtonStyle;
use papan::play::Table;
use papan::shell::actions::{ActionButton, ActionId};
use papan::shell::offline::result_info;
use papan::shell::result::ResultCard;
use papan::shell::strip::{PlayerStrip, StripInfo};
use papan::shell::texts::Seating;
use papan::shell::{BoardProps, GameUi};

/// Renders `root` with `props` once.
pub fn render<P: Clone + 'static>(root: fn(P) -> Element, props: P) -> String {
    let mut dom = VirtualDom::new_with_props(root, props);
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

/// What the play screen hands a game's board.
pub struct BoardInput<G: GameUi> {
    pub table: Table<G>,
    pub tap: G::Tap,
    pub hint: Option<G::Move>,
    pub lang: Lang,
}

impl<G: GameUi> Clone for BoardInput<G> {
    fn clone(&self) -> Self {
        BoardInput {
            table: self.table.clone(),
            tap: self.tap.clone(),
            hint: self.hint.clone(),
            lang: self.lang,
        }
    }
}

fn board_root<G: GameUi>(input: BoardInput<G>) -> Element {
    G::board(BoardProps {
        table: input.table,
        tap: input.tap,
        hint: input.hint,
        lang: input.lang,
        on_input: EventHandler::new(|_| {}),
        on_command: EventHandler::new(|_| {}),
    })
}

/// The game's board for `table` with the marks of `tap` (and a hint).
pub fn board<G: GameUi>(table: &Table<G>, tap: &G::Tap, hint: Option<G::Move>, lang: Lang) -> String {
    render(
        board_root::<G>,
        BoardInput {
            table: table.clone(),
            tap: tap.clone(),
            hint,
            lang,
        },
    )
}

#[derive(Clone, PartialEq)]
struct CardInput {
    info: papan::shell::result::ResultInfo,
}

fn card_root(input: CardInput) -> Element {
    rsx! {
        ResultCard { info: input.info, on_action: move |_| {} }
    }
}

/// The buttons the offline result card offers.
pub fn card_buttons() -> Vec<ActionButton> {
    let button = |id, label: &str, testid| ActionButton {
        id,
        label: label.to_string(),
        testid,
        style: ButtonStyle::Primary,
        enabled: true,
        pressed: None,
    };
    vec![
        button(ActionId::Rematch, "Rematch", "rematch"),
        button(ActionId::Home, "Home", "result-home"),
    ]
}

/// The result card the play screen shows for `table`: empty while the
/// game goes on.
pub fn result_card<G: GameUi>(lang: Lang, seating: Seating, table: &Table<G>) -> String {
    match result_info::<G>(lang, seating, table, card_buttons()) {
        Some(info) => render(card_root, CardInput { info }),
        None => String::new(),
    }
}

#[derive(Clone, PartialEq)]
struct StripInput {
    info: StripInfo,
    lang: Lang,
}

fn strip_root(input: StripInput) -> Element {
    rsx! {
        PlayerStrip { info: input.info, lang: input.lang }
    }
}

/// One player's strip.
pub fn strip(info: StripInfo, lang: Lang) -> String {
    render(strip_root, StripInput { info, lang })
}

#[derive(Clone, PartialEq)]
struct AtInput {
    path: String,
}

fn app_root(input: AtInput) -> Element {
    use_hook(|| {
        dioxus::history::provide_history_context(std::rc::Rc::new(dioxus::history::MemoryHistory::with_initial_path(
            input.path.clone(),
        )))
    });
    rsx! { papan::App {} }
}

/// The whole app, opened at `path`.
pub fn render_at(path: &str) -> String {
    render(app_root, AtInput { path: path.to_string() })
}

#[derive(Props, Clone, PartialEq)]
struct RouterInput {
    path: String,
    lang: Lang,
}

/// The router at `path`, with the language the screens read from the app root.
fn router_root(input: RouterInput) -> Element {
    use_hook(|| {
        dioxus::history::provide_history_context(std::rc::Rc::new(dioxus::history::MemoryHistory::with_initial_path(
            input.path.clone(),
        )))
    });
    use_context_provider(|| {
        Signal::new(papan::settings::AppSettings {
            lang: input.lang,
            ..papan::settings::AppSettings::default()
        })
    });
    rsx! { Router::<papan::Route> {} }
}

/// The screen at `path` in `lang` (the router alone, without the app's frame).
pub fn render_screen(path: &str, lang: Lang) -> String {
    render(
        router_root,
        RouterInput {
            path: path.to_string(),
            lang,
        },
    )
}

/// Text as dioxus-ssr escapes it.
pub fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The opening tag of the first element carrying `attribute`.
pub fn tag_with<'a>(html: &'a str, attribute: &str) -> &'a str {
    let at = html
        .find(attribute)
        .unwrap_or_else(|| panic!("no element with {attribute}"));
    let start = html[..at].rfind('<').expect("a tag");
    let end = at + html[at..].find('>').expect("a tag end");
    &html[start..end]
}

/// The `class` of the first element carrying `attribute`.
pub fn class_of(html: &str, attribute: &str) -> String {
    let tag = tag_with(html, attribute);
    let at = tag.find("class=\"").expect("a class") + 7;
    tag[at..].split('"').next().unwrap_or_default().to_string()
}

/// The value of `name` on the first element carrying `attribute`.
pub fn attr_of(html: &str, attribute: &str, name: &str) -> Option<String> {
    let tag = tag_with(html, attribute);
    let marker = format!(" {name}=\"");
    let at = tag.find(&marker)? + marker.len();
    tag[at..].split('"').next().map(str::to_string)
}

/// The texts of the `<text>` elements inside the first `<g class="{class}"`.
pub fn texts_in_group(html: &str, class: &str) -> Vec<String> {
    let marker = format!("<g class=\"{class}\"");
    let at = html.find(&marker).unwrap_or_else(|| panic!("no group {class}"));
    let end = at + html[at..].find("</g>").expect("the group closes");
    html[at..end]
        .split("</text>")
        .filter_map(|part| part.rfind('>').map(|gt| part[gt + 1..].to_string()))
        .filter(|t| !t.is_empty())
        .collect()
}

/// Whether the element with `data-testid=id` has `aria-checked="true"`.
pub fn selected(html: &str, id: &str) -> bool {
    tag_with(html, &format!("data-testid=\"{id}\"")).contains("aria-checked=\"true\"")
}
