//! The numbered rules of each game (`crates/rules/docs/<game>.md`), which of them
//! a player acts on, and which lesson steps teach each.

use super::lesson::lessons;
use papan_rules::GameId;

/// Rules no lesson needs to teach, with the reason: they are platform
/// behaviour, options between games, or facts with no action to practise.
pub const NOT_ACTIONABLE: &[(&str, &str)] = &[
    (
        "X8",
        "first player alternating between rematch games is a table option, not a move",
    ),
    ("X10", "no draws is a theorem about full boards; there is nothing to do"),
    ("X12", "turn time limit: platform behaviour"),
    ("X13", "returning to a seat after leaving: platform behaviour"),
    ("X14", "player count and playing the CPU: platform behaviour"),
    ("X15", "ranked games and ratings: platform behaviour"),
    ("H16", "clocks run on the game screen; a lesson has no clock"),
    ("H17", "resigning is a menu button, not a board action"),
    ("J6", "the face-down deal and who starts are done by the app"),
    ("J20", "online timers, autoplay and leaving: platform behaviour"),
    (
        "J21",
        "what is hidden and the piece statistics are shown by the app, not acted on",
    ),
];

/// Every numbered rule id of `game`.
pub fn rule_ids(game: GameId) -> Vec<String> {
    game.rules().map(|rule| rule.to_string()).collect()
}

pub fn is_actionable(rule: &str) -> bool {
    !NOT_ACTIONABLE.iter().any(|(id, _)| *id == rule)
}

/// One row of the coverage table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverageRow {
    pub game: GameId,
    pub rule: String,
    pub actionable: bool,
    /// `lesson-id/step-id` of every step that teaches the rule.
    pub taught_by: Vec<String>,
}

/// Rule id → the steps teaching it, for every rule of every game.
pub fn coverage() -> Vec<CoverageRow> {
    let mut rows = Vec::new();
    for game in GameId::ALL {
        for rule in rule_ids(game) {
            let taught_by = lessons(game)
                .iter()
                .flat_map(|lesson| {
                    lesson
                        .steps
                        .iter()
                        .filter(|step| step.rules.contains(&rule))
                        .map(move |step| format!("{}/{}", lesson.id, step.id))
                })
                .collect();
            rows.push(CoverageRow {
                game,
                actionable: is_actionable(&rule),
                rule,
                taught_by,
            });
        }
    }
    rows
}

/// Actionable rules no step teaches.
pub fn untaught() -> Vec<String> {
    coverage()
        .into_iter()
        .filter(|row| row.actionable && row.taught_by.is_empty())
        .map(|row| row.rule)
        .collect()
}

/// The table as text, one rule per line.
pub fn table_text() -> String {
    let mut out = String::new();
    let mut game = None;
    for row in coverage() {
        if game != Some(row.game) {
            game = Some(row.game);
            let lessons_of = lessons(row.game)
                .iter()
                .map(|l| l.id.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            out.push_str(&format!(
                "\n== {} (lessons: {lessons_of})\nrule  taught by (lesson/step)\n",
                row.game.code()
            ));
        }
        let taught = if row.taught_by.is_empty() {
            if row.actionable {
                "MISSING".to_string()
            } else {
                let why = NOT_ACTIONABLE
                    .iter()
                    .find(|(id, _)| *id == row.rule)
                    .map(|(_, why)| *why);
                format!("(not actionable: {})", why.unwrap_or(""))
            }
        } else {
            row.taught_by.join(", ")
        };
        out.push_str(&format!("{:<5} {taught}\n", row.rule));
    }
    let missing = untaught();
    out.push_str(&format!(
        "{} rules, {} actionable, {} untaught\n",
        coverage().len(),
        coverage().iter().filter(|r| r.actionable).count(),
        missing.len()
    ));
    out
}
