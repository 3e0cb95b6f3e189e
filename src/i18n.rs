//! All user-facing text goes through Fluent (`assets/locales/*.ftl`).
//!
//! Lookups are `tr(lang, KEY)` and `tr_args(lang, KEY, &[(NAME, value)])`
//! with the key as a string literal; keys kept in data (toasts, labels chosen
//! by the controller) are wrapped in `key(...)`, so `tests/i18n_keys.rs` can
//! find every key the code uses.

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use unic_langid::LanguageIdentifier;

/// The languages the app speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[serde(rename = "en")]
    En,
    #[serde(rename = "id")]
    Id,
    #[serde(rename = "fil")]
    Fil,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::Id, Lang::Fil, Lang::En];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Id => "id",
            Lang::Fil => "fil",
        }
    }

    /// The language's own name, shown in the language picker.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Id => "Bahasa Indonesia",
            Lang::Fil => "Filipino",
        }
    }

    /// The Fluent source for this language (embedded: no asset server
    /// needed): the app's file plus one file per game, so each game's text
    /// can be edited on its own.
    pub fn source(self) -> &'static str {
        macro_rules! files {
            ($lang:literal) => {
                concat!(
                    include_str!(concat!("../assets/locales/", $lang, "/main.ftl")),
                    "\n",
                    include_str!(concat!("../assets/locales/", $lang, "/hadang.ftl")),
                    "\n",
                    include_str!(concat!("../assets/locales/", $lang, "/backgammon.ftl")),
                    "\n",
                    include_str!(concat!("../assets/locales/", $lang, "/junqi.ftl")),
                    "\n",
                    include_str!(concat!("../assets/locales/", $lang, "/tutorial.ftl")),
                    "\n",
                    include_str!(concat!("../assets/locales/", $lang, "/online.ftl")),
                    "\n",
                    include_str!(concat!("../assets/locales/", $lang, "/rules.ftl")),
                    "\n",
                    include_str!(concat!("../assets/locales/", $lang, "/history.ftl")),
                    "\n",
                    include_str!(concat!("../assets/locales/", $lang, "/access.ftl")),
                )
            };
        }
        match self {
            Lang::En => files!("en"),
            Lang::Id => files!("id"),
            Lang::Fil => files!("fil"),
        }
    }

    /// Picks a language from a locale tag such as `id-ID`, `fil_PH.UTF-8`,
    /// `tl` or `en-US`; `None` when we do not speak it.
    pub fn from_locale(tag: &str) -> Option<Lang> {
        let primary = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        match primary.as_str() {
            "id" | "in" | "ms" => Some(Lang::Id),
            "fil" | "tl" => Some(Lang::Fil),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The device's language when we speak it, else English.
    pub fn detect() -> Lang {
        system_locales()
            .iter()
            .find_map(|tag| Lang::from_locale(tag))
            .unwrap_or(Lang::En)
    }
}

#[cfg(target_arch = "wasm32")]
fn system_locales() -> Vec<String> {
    // navigator.languages through Reflect: no extra web-sys features needed.
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    let Ok(navigator) = js_sys::Reflect::get(&window, &"navigator".into()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Ok(list) = js_sys::Reflect::get(&navigator, &"languages".into()) {
        if js_sys::Array::is_array(&list) {
            for item in js_sys::Array::from(&list).iter() {
                if let Some(s) = item.as_string() {
                    out.push(s);
                }
            }
        }
    }
    if let Ok(lang) = js_sys::Reflect::get(&navigator, &"language".into()) {
        if let Some(s) = lang.as_string() {
            out.push(s);
        }
    }
    out
}

#[cfg(not(target_arch = "wasm32"))]
fn system_locales() -> Vec<String> {
    ["LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .flat_map(|value| value.split(':').map(str::to_string).collect::<Vec<_>>())
        .filter(|v| !v.is_empty() && v != "C" && v != "POSIX")
        .collect()
}

/// The Fluent key explaining a numbered rule (`rule-x5`, `rule-h13`): the
/// one explanation of a rule, shown for a refused tap, a refusal from the
/// room server and a wrong try in a lesson alike.
pub fn rule_key(rule: papan_rules::RuleId) -> String {
    match rule {
        papan_rules::RuleId::Ended => key("toast-game-over").to_string(),
        papan_rules::RuleId::NotYourTurn => key("toast-not-your-turn").to_string(),
        papan_rules::RuleId::NoRollDue => key("toast-no-roll-due").to_string(),
        numbered => format!("rule-{}", numbered.to_string().to_ascii_lowercase()),
    }
}

/// Marks a string as a Fluent key stored in data, for the key checker.
pub const fn key(k: &'static str) -> &'static str {
    k
}

/// Parses one language's messages. Errors name the language and the problem.
pub fn bundle(lang: Lang) -> Result<FluentBundle<FluentResource>, String> {
    let resource = FluentResource::try_new(lang.source().to_string())
        .map_err(|(_, errors)| format!("{}.ftl does not parse: {errors:?}", lang.code()))?;
    let id: LanguageIdentifier = lang
        .code()
        .parse()
        .map_err(|e| format!("bad language id {}: {e:?}", lang.code()))?;
    let mut bundle = FluentBundle::new(vec![id]);
    // No bidi isolation marks: they show up as stray characters in SVG/tests.
    bundle.set_use_isolating(false);
    bundle
        .add_resource(resource)
        .map_err(|errors| format!("{}.ftl has duplicate keys: {errors:?}", lang.code()))?;
    Ok(bundle)
}

thread_local! {
    // Bundles are not Sync; each thread (in practice the UI thread) parses once.
    static BUNDLES: RefCell<Vec<(Lang, FluentBundle<FluentResource>)>> = const { RefCell::new(Vec::new()) };
}

/// The message for `key` in `lang`; falls back to English, then to the key
/// itself so a missing string is visible but never a crash.
pub fn tr(lang: Lang, key: &str) -> String {
    tr_args(lang, key, &[])
}

/// The message for `key` with named arguments (`{ $name }` in the .ftl).
pub fn tr_args(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    format_in(lang, key, args)
        .or_else(|| format_in(Lang::En, key, args))
        .unwrap_or_else(|| key.to_string())
}

fn format_in(lang: Lang, key: &str, args: &[(&str, String)]) -> Option<String> {
    BUNDLES.with(|cell| {
        let mut bundles = cell.borrow_mut();
        if !bundles.iter().any(|(l, _)| *l == lang) {
            bundles.push((lang, bundle(lang).ok()?));
        }
        let (_, bundle) = bundles.iter().find(|(l, _)| *l == lang)?;
        let message = bundle.get_message(key)?;
        let pattern = message.value()?;
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            // Whole numbers go in as numbers so plural variants (`[one]`) select.
            match value.parse::<u32>() {
                Ok(n) if value.bytes().all(|b| b.is_ascii_digit()) => fluent_args.set(*name, FluentValue::from(n)),
                _ => fluent_args.set(*name, FluentValue::from(value.clone())),
            }
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        Some(text.into_owned())
    })
}
