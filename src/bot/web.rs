//! The web: jobs go to the bots' Web Worker (`assets/web/bot-worker.js`,
//! started on the first request, so the home screen never fetches the
//! bots' wasm), and replies come back by id. A worker that fails (its
//! files not yet cached and the network gone, the backgammon weights
//! missing) is asked again with a growing pause while the screen keeps
//! showing that the bot is busy, as long as nobody cancels.

use futures_util::future::{select, Either};
use papan_worker::{Reply, Request, Task};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use web_sys::wasm_bindgen::closure::Closure;
use web_sys::wasm_bindgen::{JsCast, JsValue};

/// The worker's script, beside the app's files (`cargo xtask build-web`).
const SCRIPT: &str = "bot-worker.js";
/// How often a waiting request looks at its cancel flag.
const CANCEL_CHECK_MS: u32 = 50;
/// The longest pause between two tries of a failed job.
const MAX_PAUSE_MS: u32 = 16_000;

type Answer = Result<String, String>;
type Pending = Rc<RefCell<HashMap<u32, crate::oneshot::Sender<Answer>>>>;

/// The page's end of the worker.
struct Link {
    worker: web_sys::Worker,
    pending: Pending,
    /// Set by the error handler: the next request starts a new worker.
    broken: Rc<Cell<bool>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

thread_local! {
    static LINK: RefCell<Option<Rc<Link>>> = const { RefCell::new(None) };
    static NEXT_ID: Cell<u32> = const { Cell::new(0) };
}

/// Runs `request` in the worker; `None` when cancelled.
pub(super) async fn run(request: Request, cancel: Arc<AtomicBool>) -> Option<Reply> {
    let text = match serde_json::to_string(&request) {
        Ok(text) => text,
        Err(e) => {
            crate::diag::warn(&format!("bot request: {e}"));
            return None;
        }
    };
    let mut pause_ms = 1000;
    loop {
        let failure = match ask(&text, &cancel).await {
            Ok(None) => return None,
            Ok(Some(json)) => match serde_json::from_str::<Reply>(&json) {
                Ok(reply) => {
                    if let (Task::Think { .. }, Some(d)) = (request.task, &reply.decision) {
                        record_think(d.iterations, reply.ms);
                    }
                    return Some(reply);
                }
                Err(e) => format!("the worker's reply does not read: {e}"),
            },
            Err(e) => e,
        };
        crate::diag::warn(&format!("bot worker: {failure}; trying again in {pause_ms} ms"));
        crate::timer::sleep_ms(pause_ms).await;
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        pause_ms = (pause_ms * 2).min(MAX_PAUSE_MS);
    }
}

/// One try: the reply's JSON, `None` when cancelled, or why it failed.
async fn ask(request: &str, cancel: &AtomicBool) -> Result<Option<String>, String> {
    let link = link()?;
    let id = NEXT_ID.with(|next| {
        let id = next.get();
        next.set(id.wrapping_add(1));
        id
    });
    let (sender, mut receiver) = crate::oneshot::channel();
    link.pending.borrow_mut().insert(id, sender);
    let mut pending = PendingJob {
        link,
        id,
        answered: false,
    };
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"id".into(), &id.into());
    let _ = js_sys::Reflect::set(&message, &"request".into(), &request.into());
    pending
        .link
        .worker
        .post_message(&message)
        .map_err(|e| format!("posting to the worker: {}", describe(&e)))?;
    loop {
        match select(receiver, gloo_timers::future::TimeoutFuture::new(CANCEL_CHECK_MS)).await {
            Either::Left((answer, _)) => {
                pending.answered = true;
                return answer.ok_or_else(|| "the worker stopped".to_string())?.map(Some);
            }
            Either::Right((_, waiting)) => {
                if cancel.load(Ordering::Relaxed) {
                    return Ok(None);
                }
                receiver = waiting;
            }
        }
    }
}

/// A job sent and not yet answered: dropped early (cancelled, or the
/// future dropped), it tells the worker to stop.
struct PendingJob {
    link: Rc<Link>,
    id: u32,
    answered: bool,
}

impl Drop for PendingJob {
    fn drop(&mut self) {
        if self.answered {
            return;
        }
        self.link.pending.borrow_mut().remove(&self.id);
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"cancel".into(), &self.id.into());
        let _ = self.link.worker.post_message(&message);
    }
}

/// The worker, started on first use and again after it failed.
fn link() -> Result<Rc<Link>, String> {
    LINK.with(|slot| {
        let mut slot = slot.borrow_mut();
        if let Some(link) = slot.as_ref().filter(|link| !link.broken.get()) {
            return Ok(link.clone());
        }
        if let Some(old) = slot.take() {
            old.worker.terminate();
        }
        let link = Rc::new(start_worker()?);
        *slot = Some(link.clone());
        Ok(link)
    })
}

fn start_worker() -> Result<Link, String> {
    let worker = web_sys::Worker::new(SCRIPT).map_err(|e| format!("starting {SCRIPT}: {}", describe(&e)))?;
    let pending: Pending = Rc::default();
    let broken = Rc::new(Cell::new(false));
    let answers = pending.clone();
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        let data = event.data();
        let field = |name: &str| js_sys::Reflect::get(&data, &name.into()).ok();
        let Some(id) = field("id").and_then(|v| v.as_f64()) else {
            return;
        };
        let Some(sender) = answers.borrow_mut().remove(&(id as u32)) else {
            return;
        };
        match field("reply").and_then(|v| v.as_string()) {
            Some(reply) => sender.send(Ok(reply)),
            None => sender.send(Err(field("error")
                .and_then(|v| v.as_string())
                .unwrap_or_else(|| "an answer without a reply".into()))),
        }
    });
    let failed = pending.clone();
    let flag = broken.clone();
    let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
        flag.set(true);
        let why = format!("{SCRIPT}: {}", event.message());
        for (_, sender) in failed.borrow_mut().drain() {
            sender.send(Err(why.clone()));
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Link {
        worker,
        pending,
        broken,
        _on_message: on_message,
        _on_error: on_error,
    })
}

fn describe(value: &JsValue) -> String {
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}

/// The last bot move's search (not the estimate's), as
/// `window.__papanThink = {iterations, ms}`: what `cargo xtask bench-web`
/// reads to compare the browser's search speed with the native one.
fn record_think(iterations: u64, ms: u64) {
    let Some(window) = web_sys::window() else { return };
    let record = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&record, &"iterations".into(), &(iterations as f64).into());
    let _ = js_sys::Reflect::set(&record, &"ms".into(), &(ms as f64).into());
    let _ = js_sys::Reflect::set(&window, &"__papanThink".into(), &record);
}
