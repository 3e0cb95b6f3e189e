//! Correspondence rooms in the app, rendered without a browser: the lobby
//! offers 1, 3 or 7 days per move for Hex, HADANG and backgammon (never
//! Jun Qi, J20), a strip's clock shows days and hours, and the opponent's
//! vacation shows on their strip.

use crate::support;
use support::ssr;

use papan::i18n::Lang;
use papan::shell::online::vacation_badge;
use papan::shell::strip::{clock_text, StripInfo};
use papan_api::{ClockView, GameId, RoomOptions, RoomStatus, Snapshot, DAY_MS};
use papan_rules::Seat;

const HOUR_MS: u64 = 3_600_000;

#[test]
fn the_lobby_offers_days_per_move_except_for_jun_qi() {
    for lang in Lang::ALL {
        for game in [GameId::Hex, GameId::Hadang, GameId::Backgammon] {
            let html = ssr::render_screen(&format!("/online/{}", game.code()), lang);
            for id in ["days-live", "days-1", "days-3", "days-7"] {
                assert!(
                    html.contains(&format!("data-testid=\"{id}\"")),
                    "{game:?} {lang:?}: {id}"
                );
            }
            assert!(ssr::selected(&html, "days-live"), "a live room unless chosen");
            // The vacation switch asks the server: only once correspondence is chosen.
            assert!(!html.contains("data-testid=\"vacation\""));
        }
        let junqi = ssr::render_screen("/online/junqi", lang);
        assert!(!junqi.contains("data-testid=\"days-1\""), "J20: Jun Qi stays live");
    }
}

#[test]
fn a_correspondence_clock_shows_days_and_hours_in_each_language() {
    let ms = 2 * DAY_MS + 5 * HOUR_MS - 1;
    assert_eq!(clock_text(Lang::En, ms), "2 d 5 h");
    assert_eq!(clock_text(Lang::Id, ms), "2 hr 5 j");
    assert_eq!(clock_text(Lang::Fil, ms), "2 araw 5 oras");
    assert_eq!(clock_text(Lang::En, HOUR_MS + 30 * 60_000), "1 h 30 m");
    assert_eq!(clock_text(Lang::Id, HOUR_MS + 30 * 60_000), "1 j 30 mnt");
    // Live clocks read as before.
    assert_eq!(clock_text(Lang::En, 180_000), "3:00");
    let mut info = StripInfo {
        who: "Opponent".into(),
        side: "Blue".into(),
        side_class: "blue",
        facts: Vec::new(),
        clock_ms: Some(3 * DAY_MS),
        clock_low: false,
        active: true,
        badge: None,
        mine: false,
    };
    let html = ssr::strip(info.clone(), Lang::En);
    assert!(html.contains(">3 d 0 h<"), "{html}");
    info.clock_ms = Some(59_000);
    assert!(ssr::strip(info, Lang::En).contains(">0:59<"));
}

fn snapshot(vacation_ms: [Option<u64>; 2]) -> Snapshot {
    Snapshot {
        room_id: "r1".into(),
        code: "K7M2QX".into(),
        version: 5,
        options: RoomOptions::new(GameId::Hex).by_mail(papan_api::DaysPerMove::new(3).ok()),
        status: RoomStatus::Playing,
        game_index: 0,
        slot: 0,
        seat: Seat::First,
        view: None,
        to_move: Some(Seat::Second),
        roll_due: false,
        legal_moves: Vec::new(),
        moves: vec!["d4".into()],
        outcome: None,
        clock: Some(ClockView {
            remaining_ms: [Some(3 * DAY_MS), Some(DAY_MS)],
            running: None,
            vacation_ms,
        }),
        bot_seats: Vec::new(),
        commitment: None,
        reveal: None,
        rematch_requested: [false; 2],
        present: [true, false],
    }
}

#[test]
fn the_opponents_vacation_shows_on_their_strip() {
    let away = snapshot([None, Some(DAY_MS + 2 * HOUR_MS)]);
    assert_eq!(
        vacation_badge(Lang::En, &away, Seat::Second).as_deref(),
        Some("on vacation")
    );
    assert_eq!(
        vacation_badge(Lang::Id, &away, Seat::Second).as_deref(),
        Some("sedang cuti")
    );
    assert_eq!(
        vacation_badge(Lang::Fil, &away, Seat::Second).as_deref(),
        Some("naka-bakasyon")
    );
    assert_eq!(vacation_badge(Lang::En, &away, Seat::First), None);
    assert_eq!(vacation_badge(Lang::En, &snapshot([None, None]), Seat::Second), None);
}
