//! The three message files agree with each other and with the code: every
//! file parses, every key exists in all languages with the same arguments,
//! and every key the code looks up exists.

use papan::i18n::{bundle, tr, tr_args, Lang};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// One message of a .ftl source: its `$arguments` and its source text.
struct Entry {
    args: BTreeSet<String>,
    source: String,
}

/// The messages of a language's .ftl files, read line by line: a message
/// starts with `key = …` at the start of a line and goes on over the
/// indented lines after it (the variants of a `{ $n -> … }` select and its
/// closing `}`), so multi-line messages are read whole. Attributes
/// (`.name = …` lines) are refused: `tr` shows only a message's value, so
/// an attribute would never be shown nor checked here.
fn entries(lang: Lang) -> BTreeMap<String, Entry> {
    let mut out: BTreeMap<String, Entry> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in lang.source().lines() {
        let text = if line.starts_with(' ') || line.starts_with('}') {
            let Some(name) = &current else { continue };
            assert!(
                !line.trim_start().starts_with('.'),
                "{}: {name} has an attribute ({}); tr only shows values",
                lang.code(),
                line.trim()
            );
            out.get_mut(name).unwrap().source.push('\n');
            line
        } else {
            current = None;
            let Some((name, value)) = line.split_once('=') else {
                continue;
            };
            let name = name.trim_end();
            // Message ids only: not comments, not `-terms` (none are used).
            if !name.starts_with(|c: char| c.is_ascii_lowercase())
                || !name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                continue;
            }
            let entry = Entry {
                args: BTreeSet::new(),
                source: String::new(),
            };
            assert!(
                out.insert(name.to_string(), entry).is_none(),
                "{}: duplicate {name}",
                lang.code()
            );
            current = Some(name.to_string());
            value
        };
        let entry = out.get_mut(current.as_ref().unwrap()).unwrap();
        entry.source.push_str(text.trim());
        entry.args.extend(text.split("{ $").skip(1).filter_map(|rest| {
            rest.split_once(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map(|(arg, _)| arg.to_string())
        }));
    }
    out
}

/// The keys of a language with the `$arguments` each uses.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    entries(lang).into_iter().map(|(k, e)| (k, e.args)).collect()
}

/// A message as shown, with every argument set to 2 (so a plural select
/// takes its `other` form), trimmed.
fn shown(lang: Lang, key: &str, args: &BTreeSet<String>) -> String {
    let args: Vec<(&str, String)> = args.iter().map(|a| (a.as_str(), "2".to_string())).collect();
    tr_args(lang, key, &args).trim().to_string()
}

/// Every string literal passed as the key to `tr`, `tr_args` or `key`.
fn keys_used_in(dir: &Path, found: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            keys_used_in(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for call in ["tr(", "tr_args(", "key("] {
                let mut rest = text.as_str();
                while let Some(at) = rest.find(call) {
                    let before = rest[..at].chars().last();
                    let after = &rest[at + call.len()..];
                    rest = after;
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    if let Some(k) = first_literal(after) {
                        found.insert(k);
                    }
                }
            }
        }
    }
}

/// The string literal among a call's first two arguments (`tr(lang, "k")`
/// or `key("k")`), if there is one.
fn first_literal(args: &str) -> Option<String> {
    let mut s = args.trim_start();
    if !s.starts_with('"') {
        let ident_end = s.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
        s = s[ident_end..].trim_start().strip_prefix(',')?.trim_start();
    }
    let s = s.strip_prefix('"')?;
    let end = s.find('"')?;
    let k = &s[..end];
    (!k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
    .then(|| k.to_string())
}

#[test]
fn every_locale_file_parses() {
    for lang in Lang::ALL {
        bundle(lang).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn every_key_exists_in_all_languages_with_the_same_arguments() {
    let en = messages(Lang::En);
    assert!(en.len() > 50, "the scanner found only {} messages", en.len());
    for lang in [Lang::Id, Lang::Fil] {
        let other = messages(lang);
        let missing: Vec<_> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        assert!(extra.is_empty(), "{} has keys English lacks: {extra:?}", lang.code());
        for (k, args) in &en {
            assert_eq!(&other[k], args, "{}: {k} takes different arguments", lang.code());
        }
    }
}

#[test]
fn every_key_used_in_the_code_exists() {
    let mut used = BTreeSet::new();
    keys_used_in(&crate::support::manifest_dir().join("src"), &mut used);
    assert!(used.len() > 50, "the code scan found only {} keys", used.len());
    for lang in Lang::ALL {
        let have = messages(lang);
        let missing: Vec<_> = used.iter().filter(|k| !have.contains_key(*k)).collect();
        assert!(
            missing.is_empty(),
            "{} lacks keys the code uses: {missing:?}",
            lang.code()
        );
    }
}

#[test]
fn messages_are_translated_not_copied() {
    assert_eq!(tr(Lang::Fil, "action-swap"), "Magpalit");
    assert_eq!(tr(Lang::Fil, "colour-red"), "Pula");
    assert_eq!(tr(Lang::Fil, "colour-blue"), "Asul");
    assert_eq!(tr(Lang::Id, "action-resign"), "Menyerah");
    assert_eq!(
        tr_args(Lang::Id, "estimate-label", &[("percent", "62".into())]),
        "Peluangmu: 62%"
    );
    let en = messages(Lang::En);
    let id = messages(Lang::Id);
    let same = en
        .keys()
        .filter(|k| tr(Lang::En, k) == tr(Lang::Id, k) && tr(Lang::En, k) == tr(Lang::Fil, k))
        .count();
    assert!(
        same * 5 < id.len(),
        "{same} messages read the same in all three languages"
    );
}

#[test]
fn locale_tags_pick_the_language() {
    assert_eq!(Lang::from_locale("id-ID"), Some(Lang::Id));
    assert_eq!(Lang::from_locale("fil_PH.UTF-8"), Some(Lang::Fil));
    assert_eq!(Lang::from_locale("tl"), Some(Lang::Fil));
    assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
    assert_eq!(Lang::from_locale("ja-JP"), None);
}

#[test]
fn unknown_key_shows_the_key_instead_of_crashing() {
    assert_eq!(tr(Lang::Id, "no-such-key"), "no-such-key");
}

#[test]
fn counts_choose_the_plural_form() {
    assert_eq!(
        tr_args(Lang::En, "review-count-mistake", &[("count", "1".into())]),
        "1 mistake"
    );
    assert_eq!(
        tr_args(Lang::En, "review-count-mistake", &[("count", "3".into())]),
        "3 mistakes"
    );
    assert_eq!(
        tr_args(Lang::Id, "review-count-mistake", &[("count", "3".into())]),
        "3 kesalahan"
    );
}

/// The allow-list of `tests/i18n_allow.txt`: `(language, key)` pairs, the
/// language `*` standing for both id and fil.
fn allowed_copies() -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for line in include_str!("../i18n_allow.txt").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (lang, key) = line
            .split_once(char::is_whitespace)
            .unwrap_or_else(|| panic!("i18n_allow.txt: `{line}` is not `LANG KEY`"));
        let langs: &[&str] = match lang {
            "*" => &["id", "fil"],
            "id" => &["id"],
            "fil" => &["fil"],
            other => panic!("i18n_allow.txt: unknown language {other} in `{line}`"),
        };
        for l in langs {
            assert!(
                out.insert((l.to_string(), key.trim().to_string())),
                "i18n_allow.txt lists {l} {key} twice"
            );
        }
    }
    out
}

/// A fil or id message that reads exactly like the English one was most
/// likely never translated. The few that really are the same (names,
/// notation, words both languages share) are listed, with the reason, in
/// tests/i18n_allow.txt. Messages are compared as shown (every argument set
/// to 2, trimmed), so multi-line messages count too; a message with no
/// letter outside its arguments (`{ $who }: { $move }`, numbers, notation)
/// is skipped.
#[test]
fn translations_are_not_english_copies_unless_allowed() {
    let en = messages(Lang::En);
    let allowed = allowed_copies();
    let mut copies = Vec::new();
    let mut stale = Vec::new();
    for lang in [Lang::Id, Lang::Fil] {
        for (key, args) in &en {
            let english = shown(Lang::En, key, args);
            let theirs = shown(lang, key, args);
            let has_words = english.chars().any(char::is_alphabetic);
            let same = has_words && english == theirs;
            let listed = allowed.contains(&(lang.code().to_string(), key.clone()));
            if same && !listed {
                copies.push(format!(
                    "{} {key}: en {english:?} = {} {theirs:?}",
                    lang.code(),
                    lang.code()
                ));
            } else if listed && !same {
                stale.push(format!(
                    "{} {key}: en {english:?}, {} {theirs:?}",
                    lang.code(),
                    lang.code()
                ));
            }
        }
    }
    for (lang, key) in &allowed {
        assert!(
            en.contains_key(key),
            "i18n_allow.txt lists {lang} {key}, which no .ftl has"
        );
    }
    let mut report = String::new();
    if !copies.is_empty() {
        report += &format!(
            "{} messages read the same as English; translate them, or list them in tests/i18n_allow.txt with the reason:\n{}\n",
            copies.len(),
            copies.join("\n")
        );
    }
    if !stale.is_empty() {
        report += &format!(
            "tests/i18n_allow.txt lists messages that now differ from English; remove them:\n{}\n",
            stale.join("\n")
        );
    }
    assert!(report.is_empty(), "{report}");
}

/// An English number next to a noun agrees with it: `1 move`, `2 moves`,
/// through a Fluent select on the number's plural category. This also
/// checks that `tr_args` passes whole numbers as Fluent numbers (a string
/// "1" would never select `[one]`). Indonesian and Filipino nouns do not
/// change with the number, so their single form serves both.
/// (key, the counted argument, other arguments, text for 1, text for 2)
type CountCase<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)], &'a str, &'a str);

#[test]
fn english_counts_agree_with_their_noun() {
    let cases: [CountCase; 7] = [
        (
            "continue-summary",
            "moves",
            &[("opponent", "Bot")],
            "Bot · 1 move",
            "Bot · 2 moves",
        ),
        (
            "finished-meta",
            "moves",
            &[("opponent", "Bot")],
            "Opponent: Bot · 1 move",
            "Opponent: Bot · 2 moves",
        ),
        ("backgammon-pip-count", "pips", &[], "1 pip", "2 pips"),
        (
            "backgammon-point-label",
            "count",
            &[("point", "6"), ("colour", "White")],
            "Point 6, 1 White checker",
            "Point 6, 2 White checkers",
        ),
        ("hadang-walls-left", "count", &[], "1 wall left", "2 walls left"),
        ("review-count-mistake", "count", &[], "1 mistake", "2 mistakes"),
        ("review-count-bad", "count", &[], "1 bad move", "2 bad moves"),
    ];
    for (key, number, others, one, two) in cases {
        let with = |n: &str| {
            let mut args: Vec<(&str, String)> = others.iter().map(|(k, v)| (*k, v.to_string())).collect();
            args.push((number, n.to_string()));
            args
        };
        let singular = tr_args(Lang::En, key, &with("1"));
        let plural = tr_args(Lang::En, key, &with("2"));
        assert_eq!(singular, one, "{key} with 1");
        assert_eq!(plural, two, "{key} with 2");
        assert_ne!(singular.replace('1', "2"), plural, "{key}: the noun does not change");
        for lang in [Lang::Id, Lang::Fil] {
            let text = tr_args(lang, key, &with("1"));
            assert!(
                text.contains('1') && !text.contains(key),
                "{}: {key} gives {text:?}",
                lang.code()
            );
        }
    }
}

/// Guards new English text: `{ $n } moves` outside a select on `$n` would
/// read "1 moves". An argument directly followed by a word ending in -s
/// must be the selector of a `{ $n -> [one] … *[other] … }` in that
/// message. Arguments holding a name (a side, a player, a colour) are
/// followed by verbs ("{ $side } wins"), not plural nouns, and are skipped.
#[test]
fn english_plural_nouns_after_a_number_use_plural_selection() {
    const NAMES: [&str; 4] = ["side", "who", "starter", "colour"];
    let mut bad = Vec::new();
    for (key, entry) in entries(Lang::En) {
        let source = entry.source.replace('\n', " ");
        for (at, _) in source.match_indices("{ $") {
            let rest = &source[at + 3..];
            let arg: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let Some(after) = rest[arg.len()..].strip_prefix(" } ") else {
                continue;
            };
            let word: String = after.chars().take_while(|c| c.is_alphabetic()).collect();
            let selected = source.contains(&format!("{{ ${arg} ->"));
            if word.len() > 2 && word.ends_with('s') && !NAMES.contains(&arg.as_str()) && !selected {
                bad.push(format!("{key}: {source}"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "English messages put a number before a plural noun without a plural select:\n{}",
        bad.join("\n")
    );
}
