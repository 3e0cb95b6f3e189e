//! The rules pages rendered to HTML in each language: every numbered rule's
//! entry says what the rule is and why the game has it, in words other than
//! the refusal's (the toast that linked here already said those), with an
//! example on a real board — a lesson's anticipated mistake marked as
//! refused wherever a lesson has one.

use crate::support;
use support::ssr;

use papan::i18n::{rule_key, tr, Lang};
use papan::screens::rules::{example, what_key, why_key, Example};
use papan::tutorial::{lessons, AnyLesson, Feedback, GameId, StepKind};
use papan_rules::RuleId;
use ssr::escaped;
use std::collections::{BTreeMap, BTreeSet};

fn render_at(path: &str, lang: Lang) -> String {
    ssr::render_screen(path, lang)
}

const LANGS: [Lang; 3] = [Lang::En, Lang::Id, Lang::Fil];

/// The HTML of rule `rule`'s entry on a rules page.
fn entry(html: &str, rule: RuleId) -> &str {
    let marker = format!("data-rule=\"{rule}\"");
    let at = html.find(&marker).unwrap_or_else(|| panic!("no entry for {rule}"));
    let start = html[..at].rfind("<li id=\"rule-").unwrap();
    let rest = &html[at..];
    let close = rest.find("</ol>").unwrap();
    let end = rest.find("<li id=\"rule-").map_or(close, |e| e.min(close));
    &html[start..at + end]
}

/// The rules crate's own sentence for each mistake a lesson anticipates.
fn mistake_messages() -> BTreeMap<RuleId, BTreeSet<String>> {
    let mut out: BTreeMap<RuleId, BTreeSet<String>> = BTreeMap::new();
    for game in GameId::ALL {
        for lesson in lessons(game) {
            for (i, step) in lesson.steps.iter().enumerate() {
                let StepKind::Act { mistakes, .. } = &step.kind else {
                    continue;
                };
                for mistake in mistakes {
                    let mut player = AnyLesson::open(game, &lesson.id, i).unwrap();
                    if let Feedback::Refused { rule, message, .. } = player.try_move(&mistake.mv) {
                        out.entry(rule).or_default().insert(message);
                    }
                }
            }
        }
    }
    out
}

/// The rules with nothing to show on a board: time limits, seats, ratings,
/// rematches, resigning (platform behaviour no lesson teaches).
const NO_BOARD: [&str; 9] = ["X8", "X10", "X12", "X13", "X14", "X15", "H16", "H17", "J20"];

#[test]
fn x5_every_rule_entry_says_what_and_why_not_the_refusal_with_a_diagram() {
    let crate_messages = mistake_messages();
    assert!(crate_messages.len() >= 20, "{crate_messages:?}");
    for game in GameId::ALL {
        for lang in LANGS {
            let html = render_at(&format!("/rules/{game}"), lang);
            for rule in game.rules() {
                let entry = entry(&html, rule);
                let what = tr(lang, &what_key(rule));
                let why = tr(lang, &why_key(rule));
                let refusal = tr(lang, &rule_key(rule));
                let at = format!("{rule} in {}", lang.code());
                assert_ne!(what, what_key(rule), "{at}: no statement");
                assert_ne!(why, why_key(rule), "{at}: no why");
                assert!(!what.trim().is_empty() && !why.trim().is_empty(), "{at}");
                assert!(entry.contains(&escaped(&what)), "{at}: statement not shown\n{entry}");
                assert!(entry.contains(&escaped(&why)), "{at}: why not shown\n{entry}");
                assert!(entry.contains("data-testid=\"rule-why\""), "{at}");
                // Following a refusal's link teaches something the toast did not say.
                assert_ne!(what, refusal, "{at}: the statement is the refusal");
                assert_ne!(why, refusal, "{at}: the why is the refusal");
                assert_ne!(what, why, "{at}");
                assert!(
                    !entry.contains(&escaped(&refusal)),
                    "{at}: the entry repeats the toast {refusal:?}"
                );
                for message in crate_messages.get(&rule).into_iter().flatten() {
                    assert!(!entry.contains(&escaped(message)), "{at}: repeats {message:?}");
                }
                // The example: a real board of the game.
                let board = format!("data-testid=\"{}-board\"", game.code());
                if NO_BOARD.contains(&rule.to_string().as_str()) {
                    assert!(!entry.contains("rule-diagram"), "{at}");
                } else {
                    assert!(entry.contains("data-testid=\"rule-diagram\""), "{at}: no diagram");
                    assert!(entry.contains(&board), "{at}: the diagram is not a {game} board");
                    assert!(entry.contains("inert"), "{at}: the diagram can be tapped");
                }
            }
        }
    }
}

/// Every rule a lesson anticipates a mistake against (so a refusal in a
/// lesson or a game links to it) shows that mistake, marked as refused on
/// the lesson's own position, with the move named in the caption.
#[test]
fn h13_a_refusable_rule_shows_its_refused_move_on_the_board() {
    let cited: BTreeSet<RuleId> = mistake_messages().into_keys().collect();
    for rule in &cited {
        let Some(Example::Lesson { refused, mv, .. }) = example(*rule) else {
            panic!("{rule}: no lesson example")
        };
        assert!(refused, "{rule}: the example is not a refused move");
        let mv = mv.unwrap();
        let game = rule.game().unwrap();
        let html = render_at(&format!("/rules/{game}/{rule}"), Lang::En);
        let shown = entry(&html, *rule);
        assert!(shown.contains("class=\"rule-example refused\""), "{rule}: {shown}");
        assert!(
            shown.contains(&escaped(&format!("Refused by this rule: {mv}"))),
            "{rule}: caption\n{shown}"
        );
    }
    // H13: the wall that would close the last path, drawn in its groove.
    let html = render_at("/rules/hadang/H13", Lang::En);
    let h13 = entry(&html, papan_rules::rule::H13);
    assert!(h13.contains("data-hint=\"d8v\""), "{h13}");
    // X5: the taken cell c5 is marked on the Hex board.
    let html = render_at("/rules/hex/X5", Lang::En);
    let x5 = entry(&html, papan_rules::rule::X5);
    let at = x5.find("data-cell=\"c5\"").expect("cell c5");
    let tag = &x5[x5[..at].rfind('<').unwrap()..at + x5[at..].find('>').unwrap()];
    assert!(tag.contains("hint"), "{tag}");
    // Rules taught without a mistake show the lesson's move as an example.
    assert!(matches!(
        example(papan_rules::rule::X11),
        Some(Example::Lesson {
            refused: false,
            mv: Some(_),
            ..
        })
    ));
}
