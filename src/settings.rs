//! User settings: language, theme, sound, bot estimate. Persisted as JSON
//! and applied at start (the root element carries the theme class).
//!
//! The display settings (theme, coordinates, shapes as well as colours) are
//! classes on the app root ([`AppSettings::root_classes`]), applied by CSS
//! alone: a board never reads them.

use crate::i18n::Lang;
use crate::storage::{CorruptData, Store};
use serde::{Deserialize, Serialize};

pub const SETTINGS_KEY: &str = "settings";

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    Light,
    Dark,
    /// Follows the device (CSS `prefers-color-scheme`).
    System,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    /// The class on the app root that selects the CSS variables.
    pub fn class(self) -> &'static str {
        match self {
            Theme::Light => "theme-light",
            Theme::Dark => "theme-dark",
            Theme::System => "theme-system",
        }
    }

    pub fn label_key(self) -> &'static str {
        match self {
            Theme::Light => crate::i18n::key("theme-light"),
            Theme::Dark => crate::i18n::key("theme-dark"),
            Theme::System => crate::i18n::key("theme-system"),
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppSettings {
    pub lang: Lang,
    pub theme: Theme,
    pub sound: bool,
    pub show_estimate: bool,
    /// Hex and HADANG coordinates, Jun Qi's files and ranks, backgammon's
    /// point numbers.
    pub coordinates: bool,
    /// Shapes as well as colours: Red's pieces get a dashed outline, for
    /// players who cannot rely on red and blue.
    pub shape_marks: bool,
    /// Confirm moves: a move is shown first and played only on Confirm
    /// (every game, online too; [`crate::play::steady`]).
    pub confirm_moves: bool,
    /// The tutor: against a bot on this device, a move that loses much is
    /// asked about before it is played.
    pub tutor: bool,
}

impl Default for AppSettings {
    fn default() -> AppSettings {
        AppSettings {
            lang: Lang::detect(),
            theme: Theme::System,
            sound: true,
            show_estimate: false,
            coordinates: true,
            shape_marks: false,
            confirm_moves: false,
            tutor: false,
        }
    }
}

impl AppSettings {
    /// The app root's classes for the display settings.
    pub fn root_classes(&self) -> String {
        let mut classes = String::from(self.theme.class());
        if !self.coordinates {
            classes.push_str(" no-coords");
        }
        if self.shape_marks {
            classes.push_str(" shape-marks");
        }
        classes
    }

    /// Saved settings, or defaults (a corrupt file is backed up, not fatal).
    pub fn load(store: &Store) -> AppSettings {
        Self::load_reporting(store).0
    }

    /// Saved settings, or defaults with the reason when the saved text
    /// could not be read (the store keeps that text aside).
    pub fn load_reporting(store: &Store) -> (AppSettings, Option<CorruptData>) {
        match store.load(SETTINGS_KEY) {
            Ok(saved) => (saved.unwrap_or_default(), None),
            Err(corrupt) => (AppSettings::default(), Some(corrupt)),
        }
    }

    pub fn save(&self, store: &Store) -> Result<(), String> {
        store.save(SETTINGS_KEY, self)
    }
}

/// A short, soft click through Web Audio; runs in the browser and in the
/// desktop/mobile webviews alike. Silently does nothing where audio is off.
pub const TAP_SOUND_JS: &str = r#"
try {
  const C = window.AudioContext || window.webkitAudioContext;
  if (C) {
    window.__papanAudio = window.__papanAudio || new C();
    const ctx = window.__papanAudio;
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.type = "triangle";
    o.frequency.setValueAtTime(660, ctx.currentTime);
    o.frequency.exponentialRampToValueAtTime(330, ctx.currentTime + 0.06);
    g.gain.setValueAtTime(0.12, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.08);
    o.connect(g); g.connect(ctx.destination);
    o.start(); o.stop(ctx.currentTime + 0.09);
  }
} catch (e) {}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_settings_become_root_classes() {
        let mut settings = AppSettings {
            theme: Theme::Dark,
            ..AppSettings::default()
        };
        assert_eq!(
            settings.root_classes(),
            "theme-dark",
            "coordinates on, colours only by default"
        );
        settings.coordinates = false;
        settings.shape_marks = true;
        assert_eq!(settings.root_classes(), "theme-dark no-coords shape-marks");
    }

    #[test]
    fn settings_saved_before_the_board_options_keep_the_defaults() {
        let old: AppSettings =
            serde_json::from_str(r#"{"lang":"fil","theme":"light","sound":false,"show_estimate":true}"#).unwrap();
        assert!(old.coordinates && !old.shape_marks);
        assert!(!old.sound && old.show_estimate);
        assert!(
            !old.confirm_moves && !old.tutor,
            "confirm moves and the tutor start off"
        );
    }
}
