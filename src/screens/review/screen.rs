//! The review of one finished game, for any game: the Expert's analysis
//! worked out off the render path (a slice at a time, with progress and a
//! stop), the winning-chance graph, every move with its mark, a summary
//! per side, and the board at the chosen move with the move played or the
//! better one.

use super::graph::ChanceGraph;
use super::list::seating;
use crate::components::sheet::Sheet;
use crate::i18n::{tr, tr_args};
use crate::play::finished::Finished;
use crate::play::history;
use crate::play::review::{Analysis, Mark, MoveReview, Review};
use crate::settings::AppSettings;
use crate::shell::log::line_text;
use crate::shell::{BoardProps, GameUi};
use crate::timer::{monotonic_ms, sleep_ms};
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::{Record, Seat};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The most one position may take: the whole game is reviewed in about a
/// minute on a phone, each position still searched by the Expert.
pub const REVIEW_MS_PER_POSITION: u64 = 800;

/// Search iterations between yields to the UI.
const SLICE: u32 = 64;

/// The Fluent key of a mark.
pub fn mark_key(mark: Mark) -> &'static str {
    match mark {
        Mark::Forced => "mark-forced",
        Mark::Best => "mark-best",
        Mark::Good => "mark-good",
        Mark::Inaccuracy => "mark-inaccuracy",
        Mark::Mistake => "mark-mistake",
        Mark::Blunder => "mark-blunder",
        Mark::Doubtful => "mark-doubtful",
        Mark::Bad => "mark-bad",
        Mark::VeryBad => "mark-very-bad",
    }
}

/// The Fluent key of "n errors of this kind".
fn count_key(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "review-count-inaccuracy",
        Mark::Mistake => "review-count-mistake",
        Mark::Blunder => "review-count-blunder",
        Mark::Doubtful => "review-count-doubtful",
        Mark::Bad => "review-count-bad",
        _ => "review-count-very-bad",
    }
}

/// Runs the analysis in slices, publishing progress and the review so far.
async fn analyse<G: GameUi>(
    record: Record<G>,
    mut progress: Signal<(usize, usize)>,
    mut review: Signal<Option<Review<G::Move>>>,
    mut running: Signal<bool>,
    cancel: Arc<AtomicBool>,
) {
    if !crate::bot_data::ready(G::GAME, &cancel).await {
        running.set(false);
        return;
    }
    let Ok(mut analysis) = Analysis::new(record, Level::Expert) else {
        running.set(false);
        return;
    };
    progress.set((0, analysis.total()));
    let mut started = monotonic_ms();
    let mut done = 0;
    while !cancel.load(Ordering::Relaxed) {
        let more = analysis.work(SLICE);
        if analysis.done() == done && monotonic_ms() - started >= REVIEW_MS_PER_POSITION.min(analysis.time_limit_ms()) {
            analysis.finish_position();
        }
        if analysis.done() != done {
            done = analysis.done();
            started = monotonic_ms();
            progress.set((done, analysis.total()));
            review.set(Some(analysis.review()));
        }
        if !more || analysis.is_done() {
            break;
        }
        sleep_ms(0).await;
    }
    running.set(false);
}

#[component]
pub fn ReviewScreen<G: GameUi>(game: PhantomData<G>, entry: Finished) -> Element {
    let _ = game;
    let settings = use_context::<Signal<AppSettings>>();
    let lang = settings.read().lang;
    let record = use_hook(|| entry.record::<G>());
    let progress = use_signal(|| (0usize, 0usize));
    let review = use_signal(|| None::<Review<G::Move>>);
    let mut running = use_signal(|| true);
    let selected = use_signal(|| None::<usize>);
    let show_played = use_signal(|| false);
    let cancel = use_hook(|| Arc::new(AtomicBool::new(false)));
    {
        let cancel = cancel.clone();
        use_drop(move || cancel.store(true, Ordering::Relaxed));
    }
    {
        let cancel = cancel.clone();
        let record = record.clone();
        use_hook(move || {
            if let Ok(record) = record {
                spawn(analyse::<G>(record, progress, review, running, cancel));
            } else {
                running.set(false);
            }
        });
    }
    // What the record says once and for all: its move log, and the sides'
    // colours as decided by the end (Jun Qi decides them in play).
    let fixed = use_hook(|| {
        record.as_ref().ok().map(|r| {
            let end = history::table_at(r, r.moves.len(), entry.local, entry.local);
            (history::log(r), end.ok().map(|t| t.view))
        })
    });
    let (log, final_view) = fixed.unwrap_or((Vec::new(), None));
    let record = match record {
        Ok(record) => record,
        Err(reason) => {
            return rsx! {
                p { class: "notice notice-error", role: "alert", "data-testid": "review-error",
                    {tr_args(lang, "review-unreadable", &[("reason", reason)])}
                }
            }
        }
    };
    let seating = seating(&entry);
    let reviewed = review.read().clone();
    let moves = reviewed.as_ref().map(|r| r.moves.clone()).unwrap_or_default();
    let chosen: Option<MoveReview<G::Move>> = selected().and_then(|i| moves.get(i).cloned());
    // The board: the chosen move's position before it with the better move
    // drawn, or after it with the move played marked; else the final position.
    let (plies, hint) = match &chosen {
        Some(m) if show_played() || m.best.is_none() || m.best.as_ref() == Some(&m.played) => (m.plies, None),
        Some(m) => (m.plies - 1, m.best.clone()),
        None => (record.moves.len(), None),
    };
    // The game is over: the review shows what was hidden (Jun Qi's layout).
    let table = history::open_table_at(&record, plies, entry.local, entry.local);
    let board = match table {
        Ok(table) => {
            let mut table = table;
            if let (Some(m), false) = (&chosen, hint.is_none()) {
                // Point at the move played from the position before it too.
                table.last = Some((m.seat, m.played.clone()));
            }
            G::board(BoardProps {
                table,
                tap: G::Tap::default(),
                hint,
                lang,
                on_input: EventHandler::new(|_| {}),
                on_command: EventHandler::new(|_| {}),
            })
        }
        Err(e) => rsx! { p { class: "notice notice-error", "{e}" } },
    };
    let (done, total) = progress();
    let curve = reviewed.as_ref().map(|r| r.curve()).unwrap_or_default();
    let marks: Vec<&'static str> = moves.iter().map(|m| m.mark.id()).collect();
    let side_class = |seat: Seat| final_view.as_ref().map_or("none", |v| G::side_class(v, seat));
    let line_of = |m: &MoveReview<G::Move>| {
        log.iter()
            .find(|e| e.plies == m.plies)
            .map(line_text)
            .unwrap_or_default()
    };
    let explain = chosen.as_ref().map(|m| {
        let mut text = format!("{} — {}", line_of(m), tr(lang, mark_key(m.mark)));
        if let Some(mp) = m.millipoints.filter(|_| m.mark != Mark::Forced) {
            text.push_str(&format!(" ({:.0} mp)", -mp));
        } else if m.mark.is_error() {
            text.push_str(&format!(" ({:+.0}%)", (m.after - m.before) * 100.0));
        }
        if let Some(best) = m.best.as_ref().filter(|b| **b != m.played) {
            // The better move's text comes from the position before the move.
            let before = history::table_at(&record, m.plies - 1, entry.local, entry.local);
            let best_text = before.map(|t| t.notation(best)).unwrap_or_default();
            text.push_str(" · ");
            text.push_str(&tr_args(lang, "review-better", &[("move", best_text)]));
        }
        text
    });
    let summaries = reviewed.as_ref().map(|r| {
        [entry.local, entry.local.other()].map(|seat| {
            let s = r.summary(seat);
            let errors: Vec<String> = Mark::ERRORS
                .iter()
                .zip(s.errors)
                .filter(|(_, n)| *n > 0)
                .map(|(mark, n)| tr_args(lang, count_key(*mark), &[("count", n.to_string())]))
                .collect();
            let mut text = if errors.is_empty() {
                tr(lang, "review-no-errors")
            } else {
                errors.join(" · ")
            };
            if let Some(rate) = s.error_rate {
                text.push_str(" · ");
                text.push_str(&tr_args(lang, "review-error-rate", &[("rate", format!("{rate:.1}"))]));
            }
            (side_class(seat), seating.who(lang, seat), text)
        })
    });
    let worst = reviewed
        .as_ref()
        .and_then(|r| r.worst(entry.local).or_else(|| r.worst(entry.local.other())))
        .and_then(|w| moves.iter().position(|m| m.plies == w.plies));
    let has_better = chosen
        .as_ref()
        .is_some_and(|m| m.best.as_ref().is_some_and(|b| *b != m.played));
    let exporting = use_signal(|| false);
    ReviewView {
        game: G::GAME,
        lang,
        done,
        total,
        running: running(),
        summaries,
        board,
        explain,
        has_better,
        curve,
        marks,
        first_is_local: entry.local == Seat::First,
        worst,
        export: entry.export::<G>(),
        moves: moves
            .iter()
            .map(|m| (m.plies, line_of(m), m.mark.id(), mark_key(m.mark)))
            .collect(),
        selected,
        show_played,
        exporting,
        cancel: cancel.clone(),
    }
    .render()
}

/// What the review screen shows, worked out by the game's own
/// [`ReviewScreen`]: drawn by code shared by every game, so the page is
/// compiled once rather than once per game.
struct ReviewView {
    game: papan_rules::GameId,
    lang: crate::i18n::Lang,
    done: usize,
    total: usize,
    running: bool,
    /// Per side: its colour class, who played it, its errors.
    summaries: Option<[(&'static str, String, String); 2]>,
    board: Element,
    explain: Option<String>,
    /// The chosen move was not the best: offer both boards.
    has_better: bool,
    curve: Vec<f64>,
    marks: Vec<&'static str>,
    first_is_local: bool,
    worst: Option<usize>,
    export: Result<(String, String), String>,
    /// Per move: its plies, its text, its mark's id and Fluent key.
    moves: Vec<(usize, String, &'static str, &'static str)>,
    selected: Signal<Option<usize>>,
    show_played: Signal<bool>,
    exporting: Signal<bool>,
    /// Stops the analysis.
    cancel: Arc<AtomicBool>,
}

impl ReviewView {
    fn render(self) -> Element {
        let ReviewView {
            game,
            lang,
            done,
            total,
            running,
            summaries,
            board,
            explain,
            has_better,
            curve,
            marks,
            first_is_local,
            worst,
            export,
            moves,
            mut selected,
            mut show_played,
            mut exporting,
            cancel,
        } = self;
        let percent = (done * 100).checked_div(total).unwrap_or(0);
        rsx! {
            section { class: "review", "data-testid": "review", "data-game": "{game}",
                "data-done": "{done}", "data-total": "{total}", "data-running": "{running}",
                if running {
                    div { class: "review-progress", "data-testid": "review-progress",
                        div { class: "estimate-bar", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": "{percent}",
                            div { class: "estimate-fill", style: "width: {percent}%" }
                        }
                        span { class: "review-progress-label", {tr_args(lang, "review-progress", &[("done", done.to_string()), ("total", total.to_string())])} }
                        button { class: "btn btn-ghost", "data-testid": "review-stop",
                            onclick: move |_| cancel.store(true, Ordering::Relaxed),
                            {tr(lang, "review-stop")}
                        }
                    }
                }
                if let Some(summaries) = summaries {
                    div { class: "review-summary",
                        for (side, who, text) in summaries {
                            p { key: "{who}", class: "review-side side-{side}", "data-testid": "review-summary",
                                strong { "{who}: " }
                                "{text}"
                            }
                        }
                    }
                }
                div { class: "board-wrap board-{game} review-board", {board} }
                p { class: "review-explain", "data-testid": "review-explain", "aria-live": "polite",
                    match explain {
                        Some(text) => text,
                        None => tr(lang, "review-pick"),
                    }
                }
                if has_better {
                    div { class: "review-toggle", role: "group",
                        button { class: if show_played() { "btn btn-ghost" } else { "btn btn-primary" }, "data-testid": "review-show-better",
                            "aria-pressed": "{!show_played()}",
                            onclick: move |_| show_played.set(false), {tr(lang, "review-show-better")} }
                        button { class: if show_played() { "btn btn-primary" } else { "btn btn-ghost" }, "data-testid": "review-show-played",
                            "aria-pressed": "{show_played()}",
                            onclick: move |_| show_played.set(true), {tr(lang, "review-show-played")} }
                    }
                }
                ChanceGraph { lang, curve, marks, selected: selected(), first_is_local,
                    on_select: move |i| { selected.set(Some(i)); show_played.set(false); } }
                if let Some(worst) = worst {
                    button { class: "btn btn-accent review-worst", "data-testid": "review-worst",
                        onclick: move |_| { selected.set(Some(worst)); show_played.set(false); },
                        {tr(lang, "review-worst")}
                    }
                }
                button { class: "btn btn-ghost review-export", "data-testid": "review-export",
                    onclick: move |_| exporting.set(true), {tr(lang, "export-open")} }
                if exporting() {
                    ExportSheet { lang, export, on_close: move |_| exporting.set(false) }
                }
                ol { class: "review-moves", "data-testid": "review-moves",
                    for (i, (plies, text, mark, mark_key)) in moves.into_iter().enumerate() {
                        li { key: "{plies}",
                            button {
                                class: "review-move mark-{mark}",
                                "data-testid": "review-move",
                                "data-mark": "{mark}",
                                "aria-current": if selected() == Some(i) { "true" } else { "false" },
                                onclick: move |_| { selected.set(Some(i)); show_played.set(false); },
                                span { class: "review-move-text", "{text}" }
                                span { class: "review-mark", {tr(lang, mark_key)} }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The game as text in its format: to copy, or to save as a file.
#[component]
fn ExportSheet(
    lang: crate::i18n::Lang,
    export: Result<(String, String), String>,
    on_close: EventHandler<()>,
) -> Element {
    let (name, text) = match export {
        Ok(file) => file,
        Err(reason) => (String::new(), reason),
    };
    let href = format!("data:text/plain;charset=utf-8,{}", percent_encode(&text));
    let copy_text = text.clone();
    rsx! {
        Sheet { title: tr(lang, "export-title"), id: "export-sheet", class: "export-sheet", on_close,
                p { class: "muted", "{name}" }
                textarea { class: "import-text export-text", "data-testid": "export-text", readonly: true, rows: "8", wrap: "off", value: "{text}" }
                div { class: "sheet-actions",
                    button { class: "btn btn-ghost", "data-testid": "export-close", onclick: move |_| on_close.call(()), {tr(lang, "action-dismiss")} }
                    button { class: "btn btn-ghost", "data-testid": "export-copy",
                        onclick: move |_| {
                            let js = format!("navigator.clipboard && navigator.clipboard.writeText({})", js_string(&copy_text));
                            let _ = document::eval(&js);
                        },
                        {tr(lang, "export-copy")}
                    }
                    a { class: "btn btn-primary", "data-testid": "export-download", href: "{href}", download: "{name}", {tr(lang, "export-download")} }
                }
        }
    }
}

/// `text` for a `data:` URL.
fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `text` as a JavaScript string literal.
fn js_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into())
}
