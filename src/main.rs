//! Starts the app on the platform chosen by the cargo feature.

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
        let history = std::rc::Rc::new(dioxus::web::HashHistory::new(false));
        dioxus::LaunchBuilder::web()
            .with_cfg(dioxus::web::Config::new().history(history))
            .launch(papan::App);
    }
    #[cfg(not(feature = "web"))]
    {
        papan_bots::cli::args_or_exit("papan", USAGE, Some(&[]));
        dioxus::launch(papan::App);
    }
}
