// Papan's bot worker: every search of the web app (a bot's move, the win
// estimate, hints, the review) runs here, off the page's thread, from the
// bots' own wasm (crates/worker), which is fetched the first time the page
// starts this worker (src/bot/web.rs) and kept offline by the service worker.
//
// Messages in:  {id, request}  a crates/worker Request as JSON text
//               {cancel: id}   stop that job; no reply is sent for it
// Messages out: {id, reply}    a crates/worker Reply as JSON text
//               {id, error}    why the job could not run
"use strict";
importScripts("papan_worker.js");

// Work between two looks at the message queue: a cancel waits at most this long.
const SLICE_MS = 20;

const ready = wasm_bindgen({ module_or_path: "papan_worker_bg.wasm" });
const running = new Set();
const cancelled = new Set();
let weights = null;

// A zero-delay pause that lets queued messages (a cancel) in: a message to
// ourselves, since nested timers are held back at least 4 ms.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
function pause() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}

// The backgammon weights, fetched once; a failed fetch (offline before the
// first complete visit) is tried again on the next backgammon job.
function backgammonWeights() {
  if (wasm_bindgen.backgammon_weights_ready()) return Promise.resolve();
  weights ??= fetch("backgammon.weights")
    .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(`HTTP ${response.status}`)))
    .then((buffer) => wasm_bindgen.install_backgammon_weights(new Uint8Array(buffer)))
    .catch((e) => {
      weights = null;
      throw new Error(`backgammon.weights: ${e}`);
    });
  return weights;
}

async function run(id, text) {
  await ready;
  if (JSON.parse(text).game === "backgammon") await backgammonWeights();
  const job = wasm_bindgen.start(text);
  try {
    while (job.work(SLICE_MS)) {
      await pause();
      if (cancelled.has(id)) return null;
    }
    return job.reply();
  } finally {
    job.free();
  }
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.cancel !== undefined) {
    if (running.has(message.cancel)) cancelled.add(message.cancel);
    return;
  }
  const { id, request } = message;
  running.add(id);
  try {
    const reply = await run(id, request);
    if (reply !== null && !cancelled.has(id)) self.postMessage({ id, reply });
  } catch (e) {
    if (!cancelled.has(id)) self.postMessage({ id, error: String(e?.message ?? e) });
  } finally {
    running.delete(id);
    cancelled.delete(id);
  }
};
