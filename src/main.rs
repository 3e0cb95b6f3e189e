//! Starts the app on the platform chosen by the cargo feature.
//!
//! The features are `web`, `desktop` and `mobile`. The design names the
//! `dioxus-mobile` crate, but it has no stable 0.7 release (0.7.0-alpha.2 is a
//! thin wrapper over dioxus-desktop); in 0.7 the supported way is the `mobile`
//! feature of `dioxus` itself, so the app's `mobile` feature forwards to
//! `dioxus/mobile`, and `cargo xtask test` checks that the app compiles for
//! `aarch64-linux-android` with it.

/// What `papan --help` prints on the desktop.
#[cfg(not(feature = "web"))]
const USAGE: &str = "usage: papan
  Papan: HADANG, Hex, Jun Qi flip and backgammon. Opens the app's window;
  it takes no options.";

fn main() {
    #[cfg(feature = "web")]
    {
        // Hash routes (`/#/hex/play`): any static file server can host the
        // app and a reload never asks the server for a path it lacks.
        // The chosen language's text is fetched before the first frame, so
        // no screen ever shows in the wrong language (English if it fails).
        wasm_bindgen_futures::spawn_local(async {
            use papan::i18n::{load, Lang};
            let lang = papan::settings::AppSettings::load(&papan::storage::Store::app()).lang;
            if let Err(e) = load(lang).await {
                papan::diag::warn(&e);
                if let Err(e) = load(Lang::En).await {
                    papan::diag::warn(&e);
                }
            }
            let history = std::rc::Rc::new(dioxus::web::HashHistory::new(false));
            dioxus::LaunchBuilder::web()
                .with_cfg(dioxus::web::Config::new().history(history))
                .launch(papan::App);
        });
    }
    #[cfg(not(feature = "web"))]
    {
        papan_cli::args_or_exit("papan", USAGE, Some(&[]));
        dioxus::launch(papan::App);
    }
}
