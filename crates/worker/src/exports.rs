//! The wasm entry points `assets/web/bot-worker.js` calls: JSON in, JSON
//! out, errors as JavaScript errors carrying the reason.

use wasm_bindgen::prelude::*;

/// A running job (JavaScript owns it and frees it when done or cancelled).
#[wasm_bindgen]
pub struct WorkerJob(crate::Job);

/// Starts the job a [`crate::Request`] written as JSON describes.
#[wasm_bindgen]
pub fn start(request: &str) -> Result<WorkerJob, JsError> {
    let request: crate::Request =
        serde_json::from_str(request).map_err(|e| JsError::new(&format!("a malformed bot request: {e}")))?;
    crate::start(&request).map(WorkerJob).map_err(|e| JsError::new(&e))
}

#[wasm_bindgen]
impl WorkerJob {
    /// Works for up to `slice_ms`; `false` once the reply is ready.
    pub fn work(&mut self, slice_ms: u32) -> bool {
        self.0.work(&mut || js_sys::Date::now() as u64, slice_ms as u64)
    }

    /// The [`crate::Reply`] as JSON.
    pub fn reply(&self) -> Result<String, JsError> {
        let reply = self.0.reply().map_err(|e| JsError::new(&e))?;
        serde_json::to_string(&reply).map_err(|e| JsError::new(&e.to_string()))
    }
}

/// Whether a backgammon search can start: its weights are a file of their
/// own (`backgammon.weights`), which the worker fetches once.
#[wasm_bindgen]
pub fn backgammon_weights_ready() -> bool {
    papan_bots::backgammon::shipped_weights_ready()
}

/// Installs the fetched weights; a file that does not decode is refused
/// with the reason and installs nothing.
#[wasm_bindgen]
pub fn install_backgammon_weights(bytes: &[u8]) -> Result<(), JsError> {
    papan_bots::backgammon::install_shipped_weights(bytes).map_err(|e| JsError::new(&e))
}
