//! The review of one finished game, for any game: the Expert's analysis
//! worked out off the render path (a position at a time, with progress
//! and a stop), the winning-chance graph, every move with its mark, a summary
//! per side, and the board at the chosen move with the move played or the
//! better one.

use super::graph::ChanceGraph;
use super::list::{seat_names, seating};
use crate::components::sheet::Sheet;
use crate::i18n::{tr, tr_args};
use crate::play::finished::Finished;
use crate::play::history;
use crate::play::mistakes::{is_deck_worthy, mistake_id, Deck};
use crate::play::review::{Analysis, Fortune, Mark, MoveReview, Rating, Review, SeatSummary};
use crate::play::review_kept;
use crate::play::{Playable, Table};
use crate::settings::AppSettings;
use crate::shell::{BoardProps, GameUi};
use dioxus::prelude::*;
use papan_bots::Level;
use papan_rules::{Record, RecordError, Seat};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The most one position may take: the whole game is reviewed in about a
/// minute on a phone, each position still searched by the Expert.
pub const REVIEW_MS_PER_POSITION: u64 = 800;

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

/// A mark as the list shows it: its sign where it has one (?!, ?, ??) and
/// its word.
pub fn mark_label(lang: crate::i18n::Lang, mark: Mark) -> String {
    let word = tr(lang, mark_key(mark));
    match mark.symbol() {
        Some(symbol) => format!("{symbol} {word}"),
        None => word,
    }
}

/// The Fluent key of a rating word.
pub fn rating_key(rating: Rating) -> &'static str {
    match rating {
        Rating::Supernatural => "rating-supernatural",
        Rating::WorldClass => "rating-world-class",
        Rating::Expert => "rating-expert",
        Rating::Advanced => "rating-advanced",
        Rating::Intermediate => "rating-intermediate",
        Rating::Casual => "rating-casual",
        Rating::Beginner => "rating-beginner",
        Rating::Awful => "rating-awful",
    }
}

/// One side's summary as the page shows it.
#[derive(Clone, Debug, PartialEq)]
struct SideSummary {
    /// Its colour class.
    side: &'static str,
    who: String,
    /// Its marks counted ("?! 1 doubtful move · ? 2 bad moves").
    marks: String,
    /// Backgammon: the error rate with its rating word, and the rating's id.
    rate: Option<(String, &'static str)>,
    /// Backgammon: the luck with its word, and the word's id.
    luck: Option<(String, &'static str)>,
}

/// [`SideSummary`] of a seat's summary: the same code for every game.
fn side_summary(lang: crate::i18n::Lang, side: &'static str, who: String, s: &SeatSummary) -> SideSummary {
    let errors: Vec<String> = Mark::ERRORS
        .iter()
        .zip(s.errors)
        .filter(|(_, n)| *n > 0)
        .map(|(mark, n)| {
            let text = tr_args(lang, count_key(*mark), &[("count", n.to_string())]);
            match mark.symbol() {
                Some(symbol) => format!("{symbol} {text}"),
                None => text,
            }
        })
        .collect();
    let marks = if errors.is_empty() {
        tr(lang, "review-no-errors")
    } else {
        errors.join(" · ")
    };
    let rate = s.error_rate.zip(s.rating()).map(|(rate, rating)| {
        let text = format!(
            "{} · {}",
            tr_args(lang, "review-error-rate", &[("rate", format!("{rate:.1}"))]),
            tr(lang, rating_key(rating))
        );
        (text, rating.id())
    });
    let luck = s.luck.zip(s.fortune()).map(|((total, rolls), fortune)| {
        let word = match fortune {
            Fortune::Lucky => "luck-lucky",
            Fortune::Even => "luck-even",
            Fortune::Unlucky => "luck-unlucky",
        };
        let text = tr_args(
            lang,
            "review-luck",
            &[
                ("luck", format!("{total:+.0}")),
                ("rolls", rolls.to_string()),
                ("fortune", tr(lang, word)),
            ],
        );
        (text, fortune.id())
    });
    SideSummary {
        side,
        who,
        marks,
        rate,
        luck,
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

/// Runs the analysis position by position off the render path
/// ([`crate::bot::review_position`]), publishing progress and the review
/// so far. It starts from what was kept of an earlier look at the same game
/// ([`review_kept`]) and keeps each position as it is judged.
async fn analyse<G: GameUi>(
    record: Record<G>,
    entry: Finished,
    mut progress: Signal<(usize, usize)>,
    mut review: Signal<Option<Review<G::Move>>>,
    mut running: Signal<bool>,
    cancel: Arc<AtomicBool>,
) {
    let Ok(mut analysis) = Analysis::new(record, Level::Expert) else {
        running.set(false);
        return;
    };
    let store = crate::storage::Store::app();
    if review_kept::resume(&store, &entry.key, &mut analysis) > 0 {
        review.set(Some(analysis.review()));
    }
    progress.set((analysis.done(), analysis.total()));
    while let Some((view, seed)) = analysis.next_position() {
        let verdict =
            crate::bot::review_with_luck::<G>(view, analysis.level(), seed, REVIEW_MS_PER_POSITION, cancel.clone())
                .await;
        let Some((verdict, luck)) = verdict else { break };
        analysis.record(verdict, luck);
        if let Err(e) = review_kept::keep(&store, &entry.key, &analysis) {
            crate::diag::warn(&format!("could not keep the review: {e}"));
        }
        progress.set((analysis.done(), analysis.total()));
        review.set(Some(analysis.review()));
    }
    if analysis.is_done() {
        add_to_deck::<G>(&entry, &analysis.review());
    }
    running.set(false);
}

/// Puts the person's mistakes of a reviewed game into their deck.
fn add_to_deck<G: GameUi>(entry: &Finished, review: &Review<G::Move>) {
    let store = crate::storage::Store::app();
    let (mut deck, _) = Deck::load(&store);
    if deck.add_reviewed::<G>(entry, &review.moves, crate::puzzles::today()) > 0 {
        if let Err(e) = deck.save(&store) {
            crate::diag::warn(&format!("could not save the mistakes: {e}"));
        }
    }
}

/// A move of the review's step bar or keys.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The starting position.
    First,
    Back,
    Forward,
    /// After the last move.
    Last,
}

impl Step {
    /// The key that asks for it: the Left and Right arrows step, Home and
    /// End go to either end.
    pub fn of_key(key: &str) -> Option<Step> {
        match key {
            "ArrowLeft" => Some(Step::Back),
            "ArrowRight" => Some(Step::Forward),
            "Home" => Some(Step::First),
            "End" => Some(Step::Last),
            _ => None,
        }
    }

    /// Where the review goes from `at` (0: the starting position, `k`: after
    /// the k-th move) in a game of `moves` moves.
    pub fn apply(self, at: usize, moves: usize) -> usize {
        match self {
            Step::First => 0,
            Step::Back => at.saturating_sub(1),
            Step::Forward => (at + 1).min(moves),
            Step::Last => moves,
        }
    }
}

/// Listens for the review's keys on the whole page and sends each one on;
/// keys meant for a field, a dialog or the board's own arrows are left alone.
const KEYS_JS: &str = r#"
if (window.__papanReviewKeys) document.removeEventListener('keydown', window.__papanReviewKeys);
window.__papanReviewKeys = (e) => {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
  const t = e.target;
  if (t && t.closest && t.closest('input, textarea, select, [role=dialog], [role=radiogroup], .review-board')) return;
  e.preventDefault();
  dioxus.send(e.key);
};
document.addEventListener('keydown', window.__papanReviewKeys);
await new Promise(() => {});
"#;

const KEYS_OFF_JS: &str = "if (window.__papanReviewKeys) { document.removeEventListener('keydown', window.__papanReviewKeys); window.__papanReviewKeys = null; }";

/// Brings the current move into view in the list, and the board if it is
/// off screen.
const SHOW_CURRENT_JS: &str = r#"
requestAnimationFrame(() => {
  const m = document.querySelector('.review-move[aria-current="true"]');
  if (m) m.scrollIntoView({ block: 'nearest' });
  const b = document.querySelector('.review-board');
  if (b) {
    const r = b.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) b.scrollIntoView({ block: 'nearest' });
  }
});
"#;

/// The table the review shows after `plies` moves of `record`: for a game
/// with secrets (Jun Qi), what `seat` knew then — face-down pieces stay
/// face down — unless `everything` is asked for; the whole position for
/// the others (nothing in them is hidden).
pub fn review_table<G: Playable>(
    record: &Record<G>,
    plies: usize,
    seat: Seat,
    everything: bool,
) -> Result<Table<G>, RecordError> {
    if G::SECRETS && !everything {
        history::table_at(record, plies, seat, seat)
    } else {
        history::open_table_at(record, plies, seat, seat)
    }
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
    let cancel = use_hook(|| Arc::new(AtomicBool::new(false)));
    {
        let cancel = cancel.clone();
        use_drop(move || cancel.store(true, Ordering::Relaxed));
    }
    {
        let cancel = cancel.clone();
        let record = record.clone();
        let entry = entry.clone();
        use_hook(move || {
            if let Ok(record) = record {
                spawn(analyse::<G>(record, entry.clone(), progress, review, running, cancel));
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
            // Each move in the numbers the review's board shows (its bottom seat).
            (history::log_for(r, entry.local), end.ok().map(|t| t.view))
        })
    });
    let (log, final_view) = fixed.unwrap_or((Vec::new(), None));
    let count = log.len();
    // Where the review is: 0 the starting position, k after the k-th move;
    // it opens on the end of the game.
    let mut at = use_signal(|| count);
    let show_played = use_signal(|| true);
    let show_all = use_signal(|| false);
    // Bumped by the steps and keys: the list follows them.
    let mut follow = use_signal(|| 0u32);
    {
        let mut show_played = show_played;
        use_hook(move || {
            spawn(async move {
                let mut keys = document::eval(KEYS_JS);
                while let Ok(key) = keys.recv::<String>().await {
                    if let Some(step) = Step::of_key(&key) {
                        let now = *at.peek();
                        at.set(step.apply(now, count));
                        show_played.set(true);
                        follow += 1;
                    }
                }
            });
        });
        use_drop(|| {
            let _ = document::eval(KEYS_OFF_JS);
        });
    }
    use_effect(move || {
        if follow() > 0 {
            let _ = document::eval(SHOW_CURRENT_JS);
        }
    });
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
    let names = seat_names::<G>(lang, &entry, final_view.as_ref());
    let you = seating.you() == Some(entry.local);
    let reviewed = review.read().clone();
    let moves = reviewed.as_ref().map(|r| r.moves.clone()).unwrap_or_default();
    let at_now = at().min(count);
    let selected = at_now.checked_sub(1);
    let current = selected.and_then(|i| log.get(i));
    let chosen: Option<MoveReview<G::Move>> = selected.and_then(|i| moves.get(i).cloned());
    // The board: after the chosen move, with it marked; or before it with the
    // better move drawn. The end of the game, or the start, with no move chosen.
    let (plies, hint) = match (&chosen, current) {
        (Some(m), _) if !show_played() && m.best.as_ref().is_some_and(|b| *b != m.played) => {
            (m.plies - 1, m.best.clone())
        }
        (_, Some(entry)) => (entry.plies, None),
        (_, None) => (0, None),
    };
    // Jun Qi: what the person's seat knew then (face-down pieces stay face
    // down), or, on request, everything (the game is over).
    let table = review_table(&record, plies, entry.local, show_all());
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
    let explain = match current {
        None => tr(lang, "log-viewing-start"),
        Some(line) => {
            let mut text = crate::shell::log::log_line::<G>(lang, line);
            if let Some(m) = &chosen {
                text.push_str(&format!(" — {}", mark_label(lang, m.mark)));
                if let Some(mp) = m.millipoints.filter(|_| m.mark != Mark::Forced) {
                    text.push_str(&format!(" ({:.0} mp)", -mp));
                } else if m.mark.is_error() {
                    text.push_str(&format!(" ({:+.0}%)", (m.after - m.before) * 100.0));
                }
                if let Some(best) = m.best.as_ref().filter(|b| **b != m.played) {
                    // The better move's text comes from the position before the move.
                    let before = history::table_at(&record, m.plies - 1, entry.local, entry.local);
                    let best_text = before
                        .map(|t| G::said_move(lang, t.move_text(m.seat, best)))
                        .unwrap_or_default();
                    text.push_str(" · ");
                    text.push_str(&tr_args(lang, "review-better", &[("move", best_text)]));
                }
            }
            text
        }
    };
    let summaries = reviewed.as_ref().map(|r| {
        [entry.local, entry.local.other()]
            .map(|seat| side_summary(lang, side_class(seat), names[seat.index()].clone(), &r.summary(seat)))
    });
    let worst = reviewed
        .as_ref()
        .and_then(|r| r.worst(entry.local).or_else(|| r.worst(entry.local.other())))
        .and_then(|w| moves.iter().position(|m| m.plies == w.plies));
    let has_better = chosen
        .as_ref()
        .is_some_and(|m| m.best.as_ref().is_some_and(|b| *b != m.played));
    // The person's own mistake: try it again (it is in their deck once the
    // review is done).
    let try_again = chosen
        .as_ref()
        .filter(|m| !running() && !entry.is_import() && is_deck_worthy(m.mark) && m.seat == entry.local)
        .map(|m| mistake_id(&entry.key, m.plies));
    let graph_title = if you {
        tr(lang, "review-graph-label")
    } else {
        tr_args(
            lang,
            "review-graph-title",
            &[("who", names[entry.local.index()].clone())],
        )
    };
    let knew = if you {
        tr(lang, "review-view-you")
    } else {
        tr_args(lang, "review-view-seat", &[("who", names[entry.local.index()].clone())])
    };
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
        try_again,
        graph_title,
        curve,
        marks,
        first_is_local: entry.local == Seat::First,
        worst,
        export: entry.export_named::<G>(&names),
        left_aside: left_aside(lang, &entry),
        moves: log
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let mark = moves.get(i).map(|m| m.mark);
                (
                    line.plies,
                    crate::shell::log::log_line::<G>(lang, line),
                    mark.map_or("pending", Mark::id),
                    mark,
                )
            })
            .collect(),
        at: at_now,
        secrets: G::SECRETS.then_some(knew),
        cursor: at,
        show_played,
        show_all,
        follow,
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
    /// Per side: its colour class, who played it, its errors, error rate
    /// and luck.
    summaries: Option<[SideSummary; 2]>,
    board: Element,
    /// The position shown: the move, its mark and the better move.
    explain: String,
    /// The chosen move was not the best: offer both boards.
    has_better: bool,
    /// The chosen move is one of the person's mistakes: its id in the deck.
    try_again: Option<String>,
    /// Whose chance the graph shows.
    graph_title: String,
    curve: Vec<f64>,
    marks: Vec<&'static str>,
    first_is_local: bool,
    worst: Option<usize>,
    export: Result<(String, String), String>,
    /// An imported file's cube actions and points, which Papan's game
    /// leaves aside.
    left_aside: Option<String>,
    /// Per move: its plies, its text, its mark's id (`pending` until judged)
    /// and its mark.
    moves: Vec<(usize, String, &'static str, Option<Mark>)>,
    /// Where the review is: 0 the start, k after the k-th move.
    at: usize,
    /// Games with secrets: the switch's words for the seat's own view.
    secrets: Option<String>,
    cursor: Signal<usize>,
    show_played: Signal<bool>,
    show_all: Signal<bool>,
    follow: Signal<u32>,
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
            try_again,
            graph_title,
            curve,
            marks,
            first_is_local,
            worst,
            export,
            left_aside,
            moves,
            at,
            secrets,
            mut cursor,
            mut show_played,
            mut show_all,
            mut follow,
            mut exporting,
            cancel,
        } = self;
        let percent = (done * 100).checked_div(total).unwrap_or(0);
        let count = moves.len();
        let selected = at.checked_sub(1);
        let mut step = move |step: Step| {
            cursor.set(step.apply(at, count));
            show_played.set(true);
            follow += 1;
        };
        rsx! {
            section { class: "review", "data-testid": "review", "data-game": "{game}",
                "data-done": "{done}", "data-total": "{total}", "data-running": "{running}", "data-at": "{at}",
                div { class: "review-dock", "data-testid": "review-dock",
                    div { class: "board-wrap board-{game} review-board", "data-testid": "review-board", {board} }
                    div { class: "review-steps", role: "group", "aria-label": tr(lang, "review-steps"),
                        button { class: "btn btn-ghost review-step", "data-testid": "review-first", disabled: at == 0,
                            "aria-label": tr(lang, "review-step-first"), title: tr(lang, "review-step-first"),
                            onclick: move |_| step(Step::First), StepIcon { step: Step::First } }
                        button { class: "btn btn-ghost review-step", "data-testid": "review-prev", disabled: at == 0,
                            "aria-label": tr(lang, "log-previous"), title: tr(lang, "log-previous"),
                            onclick: move |_| step(Step::Back), StepIcon { step: Step::Back } }
                        span { class: "review-step-count", "data-testid": "review-step-count", "{at}/{count}" }
                        button { class: "btn btn-ghost review-step", "data-testid": "review-next", disabled: at >= count,
                            "aria-label": tr(lang, "log-next"), title: tr(lang, "log-next"),
                            onclick: move |_| step(Step::Forward), StepIcon { step: Step::Forward } }
                        button { class: "btn btn-ghost review-step", "data-testid": "review-last", disabled: at >= count,
                            "aria-label": tr(lang, "review-step-last"), title: tr(lang, "review-step-last"),
                            onclick: move |_| step(Step::Last), StepIcon { step: Step::Last } }
                    }
                    p { class: "review-explain", "data-testid": "review-explain", "aria-live": "polite", "{explain}" }
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
                }
                div { class: "review-scroll", "data-testid": "review-scroll",
                    // Under the dock, not in it: the dock keeps its height.
                    if let Some(id) = try_again {
                        Link { class: "btn btn-primary review-try-again", "data-testid": "review-try-again", to: crate::Route::MistakeFirst { id },
                            {tr(lang, "review-try-again")}
                        }
                    }
                    if let Some(knew) = secrets {
                        div { class: "review-view-switch", role: "radiogroup", "aria-label": tr(lang, "review-view-label"),
                            "data-testid": "review-view-switch",
                            span { class: "review-view-label", {tr(lang, "review-view-label")} }
                            div { class: "segmented",
                                button { class: if show_all() { "seg" } else { "seg selected" }, role: "radio",
                                    "aria-checked": "{!show_all()}", "data-testid": "review-view-seat",
                                    onclick: move |_| show_all.set(false), "{knew}" }
                                button { class: if show_all() { "seg selected" } else { "seg" }, role: "radio",
                                    "aria-checked": "{show_all()}", "data-testid": "review-view-all",
                                    onclick: move |_| show_all.set(true), {tr(lang, "review-view-all")} }
                            }
                        }
                    }
                    if running {
                        div { class: "review-progress", "data-testid": "review-progress",
                            div { class: "estimate-bar", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": "{percent}",
                                "aria-label": tr(lang, "review-title"),
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
                            for s in summaries {
                                p { key: "{s.who}", class: "review-side side-{s.side}", "data-testid": "review-summary",
                                    strong { "{s.who}: " }
                                    span { class: "review-marks", "data-testid": "review-marks", "{s.marks}" }
                                    if let Some((text, rating)) = s.rate {
                                        span { class: "review-stat", "data-testid": "review-error-rate", "data-rating": "{rating}", "{text}" }
                                    }
                                    if let Some((text, fortune)) = s.luck {
                                        span { class: "review-stat", "data-testid": "review-luck", "data-fortune": "{fortune}", "{text}" }
                                    }
                                }
                            }
                            if game == papan_rules::GameId::Backgammon {
                                Link { class: "review-dice-link", to: crate::Route::Dice {}, "data-testid": "review-dice-link",
                                    {tr(lang, "dice-open")} }
                            }
                        }
                    }
                    if let Some(note) = left_aside {
                        p { class: "notice review-left-aside", "data-testid": "review-left-aside", "{note}" }
                    }
                    ChanceGraph { title: graph_title, curve, marks, selected, first_is_local,
                        on_select: move |i: usize| { cursor.set(i + 1); show_played.set(true); } }
                    if let Some(worst) = worst {
                        button { class: "btn btn-accent review-worst", "data-testid": "review-worst",
                            onclick: move |_| { cursor.set(worst + 1); show_played.set(false); follow += 1; },
                            {tr(lang, "review-worst")}
                        }
                    }
                    // A game over before its first move (resigned at once) has
                    // nothing to tap: say so rather than point at an empty list.
                    p { class: "muted review-pick", "data-testid": "review-pick",
                        if count == 0 { {tr(lang, "review-no-moves")} } else { {tr(lang, "review-pick")} }
                    }
                    ol { class: "review-moves", "data-testid": "review-moves", "aria-label": tr(lang, "log-label"),
                        for (i, (plies, text, mark, judged)) in moves.into_iter().enumerate() {
                            li { key: "{plies}",
                                button {
                                    class: "review-move mark-{mark}",
                                    "data-testid": "review-move",
                                    "data-mark": "{mark}",
                                    "data-plies": "{plies}",
                                    "aria-current": if selected == Some(i) { "true" } else { "false" },
                                    onclick: move |_| { cursor.set(i + 1); show_played.set(true); follow += 1; },
                                    span { class: "review-move-text", "{text}" }
                                    if let Some(judged) = judged {
                                        span { class: "review-mark", {mark_label(lang, judged)} }
                                    }
                                }
                            }
                        }
                    }
                    button { class: "btn btn-ghost review-export", "data-testid": "review-export",
                        onclick: move |_| exporting.set(true), {tr(lang, "export-open")} }
                }
                if exporting() {
                    ExportSheet { lang, export, game, on_close: move |_| exporting.set(false) }
                }
            }
        }
    }
}

/// What an imported file held that the game leaves aside: its cube
/// actions as written, and its points when they are not Papan's.
fn left_aside(lang: crate::i18n::Lang, entry: &Finished) -> Option<String> {
    let mut parts = Vec::new();
    if !entry.left_aside.is_empty() {
        parts.push(tr_args(
            lang,
            "review-left-aside",
            &[("actions", entry.left_aside.join("; "))],
        ));
    }
    if let Some(points) = entry.file_points {
        parts.push(tr_args(lang, "review-file-points", &[("points", points.to_string())]));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// A step button's picture: drawn, not a character, so that every phone
/// shows it (⏮ and ⏭ are missing from many fonts).
#[component]
fn StepIcon(step: Step) -> Element {
    let path = match step {
        Step::First => "M6 5h2.5v14H6z M19 5v14L9 12z",
        Step::Back => "M17 5v14L6 12z",
        Step::Forward => "M7 5v14l11-7z",
        Step::Last => "M15.5 5H18v14h-2.5z M5 5v14l10-7z",
    };
    rsx! {
        svg { class: "step-icon", view_box: "0 0 24 24", width: "22", height: "22", "aria-hidden": "true",
            path { d: path, fill: "currentColor" }
        }
    }
}

/// The game as text in its format: to copy, or to save as a file.
#[component]
fn ExportSheet(
    lang: crate::i18n::Lang,
    export: Result<(String, String), String>,
    game: papan_rules::GameId,
    on_close: EventHandler<()>,
) -> Element {
    // gnubg reads a `.mat` money game under its Jacoby rule unless told.
    let hint = (game == papan_rules::GameId::Backgammon).then(|| tr(lang, "export-hint-gnubg"));
    let (name, text) = match export {
        Ok(file) => file,
        Err(reason) => (String::new(), reason),
    };
    let href = format!("data:text/plain;charset=utf-8,{}", percent_encode(&text));
    let copy_text = text.clone();
    rsx! {
        Sheet { title: tr(lang, "export-title"), id: "export-sheet", class: "export-sheet", on_close,
                p { class: "muted", "{name}" }
                if let Some(hint) = hint {
                    p { class: "muted export-hint", "data-testid": "export-hint", "{hint}" }
                }
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
