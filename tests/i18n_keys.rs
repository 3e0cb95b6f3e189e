//! The three message files agree with each other and with the code: every
//! file parses, every key exists in all languages with the same arguments,
//! and every key the code looks up exists.

use papan::i18n::{bundle, tr, tr_args, Lang};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// `key = value` lines of a .ftl file, with the `$arguments` each uses.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for line in lang.source().lines() {
        let Some((name, value)) = line.split_once(" = ") else {
            continue;
        };
        if name.starts_with('#') || name.starts_with(' ') || name.is_empty() {
            continue;
        }
        let args = value
            .split("{ $")
            .skip(1)
            .filter_map(|rest| rest.split_once(' ').map(|(arg, _)| arg.to_string()))
            .collect();
        assert!(
            out.insert(name.to_string(), args).is_none(),
            "{}: duplicate {name}",
            lang.code()
        );
    }
    out
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
    keys_used_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut used);
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
