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

    /// The Fluent source for this language, embedded in native builds: the
    /// app's file plus one file per game, so each game's text can be edited
    /// on its own. The web build fetches the chosen language's text instead
    /// ([`load`]): three languages in the page's wasm were a download most
    /// visitors never read.
    #[cfg(not(target_arch = "wasm32"))]
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
#[cfg(not(target_arch = "wasm32"))]
pub fn bundle(lang: Lang) -> Result<FluentBundle<FluentResource>, String> {
    parse(lang, lang.source().to_string())
}

/// Parses `text` as `lang`'s messages.
fn parse(lang: Lang, text: String) -> Result<FluentBundle<FluentResource>, String> {
    let resource = FluentResource::try_new(text)
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
    // The languages whose later text ([`load_more`]) is in their bundle.
    static MORE: RefCell<Vec<Lang>> = const { RefCell::new(Vec::new()) };
}

/// Whether `lang`'s later text (the lessons', the rules pages') is ready.
pub fn more_loaded(lang: Lang) -> bool {
    cfg!(not(target_arch = "wasm32")) || MORE.with(|more| more.borrow().contains(&lang))
}

/// Adds `text` (messages that are not in `lang`'s bundle yet) to it. Text
/// that does not parse, or repeats a message, is refused with the reason
/// and changes nothing.
pub fn install_more(lang: Lang, text: String) -> Result<(), String> {
    let resource = FluentResource::try_new(text)
        .map_err(|(_, errors)| format!("{}.more.ftl does not parse: {errors:?}", lang.code()))?;
    BUNDLES.with(|cell| {
        let mut bundles = cell.borrow_mut();
        let (_, bundle) = bundles
            .iter_mut()
            .find(|(l, _)| *l == lang)
            .ok_or_else(|| format!("{} is not loaded", lang.code()))?;
        // Checked whole before it is added: a repeated message adds nothing.
        if let Some(id) = resource.entries().find_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) if bundle.has_message(m.id.name) => Some(m.id.name),
            _ => None,
        }) {
            return Err(format!("{}.more.ftl repeats {id}", lang.code()));
        }
        bundle
            .add_resource(resource)
            .map_err(|errors| format!("{}.more.ftl: {errors:?}", lang.code()))
    })?;
    MORE.with(|more| more.borrow_mut().push(lang));
    Ok(())
}

/// Makes `lang`'s later text ready: at once natively (it is embedded); on
/// the web by fetching `locales/<code>.more.ftl` (precached by the service
/// worker) into the language's messages, which must be loaded.
pub async fn load_more(lang: Lang) -> Result<(), String> {
    if more_loaded(lang) {
        return Ok(());
    }
    #[cfg(target_arch = "wasm32")]
    {
        let text = fetch_text(&format!("locales/{}.more.ftl", lang.code())).await?;
        if more_loaded(lang) {
            return Ok(());
        }
        install_more(lang, text)
    }
    #[cfg(not(target_arch = "wasm32"))]
    unreachable!("every language is embedded natively: {}", lang.code())
}

/// Whether `lang`'s messages are ready for [`tr`].
pub fn is_loaded(lang: Lang) -> bool {
    cfg!(not(target_arch = "wasm32")) || BUNDLES.with(|cell| cell.borrow().iter().any(|(l, _)| *l == lang))
}

/// Makes `text` the messages of `lang`. Text that does not parse is refused
/// with the reason and changes nothing: the language already in use stays.
pub fn install(lang: Lang, text: String) -> Result<(), String> {
    let bundle = parse(lang, text)?;
    BUNDLES.with(|cell| {
        let mut bundles = cell.borrow_mut();
        bundles.retain(|(l, _)| *l != lang);
        bundles.push((lang, bundle));
    });
    MORE.with(|more| more.borrow_mut().retain(|l| *l != lang));
    Ok(())
}

/// Makes `lang`'s messages ready: at once natively (they are embedded); on
/// the web by fetching the build's `locales/<code>.ftl` (precached by the
/// service worker, so this works offline after the first visit). The app
/// awaits it before starting and before switching language.
pub async fn load(lang: Lang) -> Result<(), String> {
    if is_loaded(lang) {
        return Ok(());
    }
    #[cfg(target_arch = "wasm32")]
    {
        let url = format!("locales/{}.ftl", lang.code());
        let text = fetch_text(&url).await?;
        install(lang, text)
    }
    #[cfg(not(target_arch = "wasm32"))]
    unreachable!("every language is embedded natively: {}", lang.code())
}

/// The body of a same-site file, through the page's `fetch` (no extra
/// web-sys features for it); a failed request or a status other than 200
/// is an error naming the file.
#[cfg(target_arch = "wasm32")]
pub(crate) async fn fetch_text(url: &str) -> Result<String, String> {
    use js_sys::{Function, Promise, Reflect};
    use wasm_bindgen_futures::JsFuture;
    use web_sys::wasm_bindgen::{JsCast, JsValue};
    let failed = |what: &str| format!("cannot load {url}: {what}");
    let call = |target: &JsValue, name: &str, arg: Option<&JsValue>| -> Result<Promise, String> {
        let function: Function = Reflect::get(target, &name.into())
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or_else(|| failed(&format!("no {name}")))?;
        let result = match arg {
            Some(arg) => function.call1(target, arg),
            None => function.call0(target),
        };
        result.ok().and_then(|p| p.dyn_into().ok()).ok_or_else(|| failed(name))
    };
    let response = JsFuture::from(call(&js_sys::global(), "fetch", Some(&url.into()))?)
        .await
        .map_err(|_| failed("offline, and not saved on this device yet"))?;
    let status = Reflect::get(&response, &"status".into()).ok().and_then(|s| s.as_f64());
    if status != Some(200.0) {
        return Err(failed(&format!("status {}", status.unwrap_or(0.0))));
    }
    let text = JsFuture::from(call(&response, "text", None)?)
        .await
        .map_err(|_| failed("the download broke off"))?;
    text.as_string().ok_or_else(|| failed("not text"))
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

/// Whether `lang` has a message for `key`; `None` when the language's text
/// is not loaded (on the web) or does not parse.
pub fn has_message(lang: Lang, key: &str) -> Option<bool> {
    with_bundle(lang, |bundle| bundle.has_message(key))
}

fn format_in(lang: Lang, key: &str, args: &[(&str, String)]) -> Option<String> {
    with_bundle(lang, |bundle| {
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
    .flatten()
}

/// `f` on `lang`'s messages, parsed on first use natively.
fn with_bundle<T>(lang: Lang, f: impl FnOnce(&FluentBundle<FluentResource>) -> T) -> Option<T> {
    BUNDLES.with(|cell| {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let mut bundles = cell.borrow_mut();
            if !bundles.iter().any(|(l, _)| *l == lang) {
                bundles.push((lang, bundle(lang).ok()?));
            }
        }
        let bundles = cell.borrow();
        let (_, bundle) = bundles.iter().find(|(l, _)| *l == lang)?;
        Some(f(bundle))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_text_that_does_not_parse_is_refused_and_the_text_in_use_stays() {
        let before = tr(Lang::Id, "settings-title");
        assert_ne!(before, "settings-title", "Indonesian has the key");
        let err = install(Lang::Id, "settings-title = {".into()).unwrap_err();
        assert!(err.contains("id.ftl does not parse"), "{err}");
        assert_eq!(tr(Lang::Id, "settings-title"), before);
        install(Lang::Id, "settings-title = Pengaturan baru\n".into()).unwrap();
        assert_eq!(tr(Lang::Id, "settings-title"), "Pengaturan baru");
        assert!(is_loaded(Lang::Id));
    }
}
