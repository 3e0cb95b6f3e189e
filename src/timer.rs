//! Clock and sleep that work on every platform (`std::time::Instant` panics
//! on wasm32, so the web uses the browser's clock).

/// Milliseconds since the Unix epoch; the seed source for new games.
pub fn now_ms() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now() as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0)
    }
}

/// Minutes the reader's clock is ahead of UTC at `ms` since the Unix
/// epoch (the browser's time zone on the web; UTC elsewhere, where the
/// standard library knows no time zone).
pub fn utc_offset_minutes(ms: u64) -> i32 {
    #[cfg(target_arch = "wasm32")]
    {
        let date = js_sys::Date::new(&js_sys::wasm_bindgen::JsValue::from_f64(ms as f64));
        -(date.get_timezone_offset() as i32)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = ms;
        0
    }
}

/// Milliseconds from a monotonic source: `performance.now()` on the web,
/// an `Instant` elsewhere. Only differences mean anything (clocks).
pub fn monotonic_ms() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.performance())
            .map(|p| p.now() as u64)
            .unwrap_or_else(|| js_sys::Date::now() as u64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        ORIGIN.get_or_init(Instant::now).elapsed().as_millis() as u64
    }
}

/// Waits `ms` milliseconds without blocking the UI thread.
pub async fn sleep_ms(ms: u32) {
    #[cfg(target_arch = "wasm32")]
    {
        gloo_timers::future::TimeoutFuture::new(ms).await;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let (sender, receiver) = crate::oneshot::channel();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(ms as u64));
            sender.send(());
        });
        let _ = receiver.await;
    }
}
