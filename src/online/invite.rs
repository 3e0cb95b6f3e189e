//! Invitations by link: the link that opens a room's join screen, what it
//! carries, the share text and the QR code drawn for it.
//!
//! A link is `<the address the app was served from>#/join/<game>/<CODE>/<tempo>[/<from>]`:
//! the server has no way to look a room up without taking its seat, so the
//! link itself carries what the join screen shows before the tap that joins
//! (the game, the room's time control and the inviter's name, as typed on
//! their phone). The code alone decides which room is joined; the rest is
//! only shown, and the game is checked against the room after joining.

use crate::i18n::{key, tr, tr_args, Lang};
use papan_api::{DaysPerMove, GameId, RoomOptions, DAY_MS};
use papan_rules::clock::Tempo;

/// The longest name kept and sent in a link (characters).
pub const NAME_MAX: usize = 24;

/// What a join link says about its room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub game: GameId,
    /// The 6-character join code, upper case.
    pub code: String,
    pub tempo: Tempo,
    /// The inviter's name, when they gave one.
    pub from: Option<String>,
}

/// A name as kept and sent: trimmed, inner runs of white space made one
/// space, control characters dropped, at most [`NAME_MAX`] characters;
/// `None` when nothing is left.
pub fn clean_name(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let joined: String = words
        .join(" ")
        .chars()
        .filter(|c| !c.is_control())
        .take(NAME_MAX)
        .collect();
    let joined = joined.trim().to_string();
    (!joined.is_empty()).then_some(joined)
}

/// The tempo as one link segment: `u` (no clock), `m30` (30 s a move),
/// `f5+2` (5 minutes each, 2 s added a move), `d3` (correspondence: 3 days
/// a move).
pub fn tempo_token(tempo: Tempo) -> String {
    match tempo {
        Tempo::Unlimited => "u".to_string(),
        Tempo::PerMove { limit_ms } if limit_ms >= DAY_MS => format!("d{}", limit_ms / DAY_MS),
        Tempo::PerMove { limit_ms } => format!("m{}", limit_ms / 1000),
        Tempo::Fischer { base_ms, increment_ms } => format!("f{}+{}", base_ms / 60_000, increment_ms / 1000),
    }
}

fn parse_tempo(token: &str) -> Option<Tempo> {
    let number = |t: &str| t.parse::<u64>().ok().filter(|n| *n > 0 && *n <= 10_000);
    if token == "u" {
        return Some(Tempo::Unlimited);
    }
    if let Some(d) = token.strip_prefix('d') {
        let days = DaysPerMove::new(d.parse::<u8>().ok()?).ok()?;
        return Some(Tempo::PerMove {
            limit_ms: days.per_move_ms(),
        });
    }
    if let Some(s) = token.strip_prefix('m') {
        return number(s).map(|s| Tempo::PerMove { limit_ms: s * 1000 });
    }
    let (base, increment) = token.strip_prefix('f')?.split_once('+')?;
    let increment = increment.parse::<u64>().ok().filter(|n| *n <= 600)?;
    number(base).map(|m| Tempo::Fischer {
        base_ms: m * 60_000,
        increment_ms: increment * 1000,
    })
}

/// Percent-encodes a name for one path segment (UTF-8 bytes; letters,
/// digits and `-_.~` stay).
fn encode_segment(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The link that opens `invitation`'s join screen. `base` is where the app
/// is served (`https://host/papan/`); anything after a `#` in it is dropped.
pub fn invite_link(base: &str, invitation: &Invitation) -> String {
    let base = base.split('#').next().unwrap_or(base);
    let mut link = format!(
        "{base}#/join/{}/{}/{}",
        invitation.game.code(),
        invitation.code,
        tempo_token(invitation.tempo)
    );
    if let Some(from) = invitation.from.as_deref().and_then(clean_name) {
        link.push('/');
        link.push_str(&encode_segment(&from));
    }
    link
}

/// Reads the route's segments after `/join/` (already percent-decoded by the
/// router). A link that is cut short, names no game or carries a bad code
/// is refused with the reason (a Fluent key).
pub fn parse_invite(segments: &[String]) -> Result<Invitation, &'static str> {
    let (game, code) = match segments {
        [game, code, ..] => (game, code),
        [_] => return Err(key("invite-bad-link")),
        [] => return Err(key("invite-bad-link")),
    };
    if segments.len() > 4 {
        return Err(key("invite-bad-link"));
    }
    let game: GameId = game.parse().map_err(|_| key("invite-bad-link"))?;
    let code = crate::screens::online::normalize_code(code)?;
    let tempo = match segments.get(2) {
        Some(token) => parse_tempo(token).ok_or(key("invite-bad-link"))?,
        None => Tempo::Unlimited,
    };
    let from = segments.get(3).and_then(|s| clean_name(s));
    Ok(Invitation {
        game,
        code,
        tempo,
        from,
    })
}

/// The room's time control in words.
pub fn tempo_text(lang: Lang, tempo: Tempo) -> String {
    match tempo {
        Tempo::Unlimited => tr(lang, "invite-no-clock"),
        Tempo::PerMove { limit_ms } if limit_ms >= DAY_MS => tr_args(
            lang,
            "invite-days-per-move",
            &[("days", (limit_ms / DAY_MS).to_string())],
        ),
        Tempo::PerMove { limit_ms } => tr_args(lang, "invite-per-move", &[("seconds", (limit_ms / 1000).to_string())]),
        Tempo::Fischer { base_ms, increment_ms } => tr_args(
            lang,
            "invite-fischer",
            &[
                ("minutes", (base_ms / 60_000).to_string()),
                ("increment", (increment_ms / 1000).to_string()),
            ],
        ),
    }
}

/// A room's tempo (the options were checked by the server; an unoffered
/// one reads as no clock); a correspondence room's days as a per-move limit.
pub fn room_tempo(options: &RoomOptions) -> Tempo {
    if let Some(days) = options.days_per_move {
        return Tempo::PerMove {
            limit_ms: days.per_move_ms(),
        };
    }
    options.tempo().unwrap_or(Tempo::Unlimited)
}

/// The text sent with the link through the share sheet: names the game,
/// and the friend when the inviter named them.
pub fn share_text(lang: Lang, game: GameId, friend: Option<&str>) -> String {
    let game = tr(lang, crate::components::game_name_key(game));
    match friend.and_then(clean_name) {
        Some(friend) => tr_args(lang, "invite-share-text-to", &[("friend", friend), ("game", game)]),
        None => tr_args(lang, "invite-share-text", &[("game", game)]),
    }
}

/// The QR code of `text` as an SVG path over a square of `size` modules
/// (the quiet zone of 4 modules included): one `M x,y h1v1h-1z` per dark module.
pub fn qr_path(text: &str) -> Option<(usize, String)> {
    let qr = qrcodegen::QrCode::encode_text(text, qrcodegen::QrCodeEcc::Medium).ok()?;
    let border = 4;
    let n = qr.size();
    let mut d = String::new();
    for y in 0..n {
        for x in 0..n {
            if qr.get_module(x, y) {
                d.push_str(&format!("M{},{}h1v1h-1z", x + border, y + border));
            }
        }
    }
    Some(((n + 2 * border) as usize, d))
}

/// Where the app was served from (the part of the address before `#`);
/// natively, the room server's address.
pub fn served_from(server: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = server;
        web_sys::window()
            .and_then(|w| w.location().href().ok())
            .map(|href| href.split('#').next().unwrap_or_default().to_string())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let first = papan_api::server_addresses(server)
            .into_iter()
            .next()
            .unwrap_or_default();
        format!("{}/", first.trim_end_matches('/'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segs(link: &str) -> Vec<String> {
        let route = link.split_once("#/join/").expect("a join route").1;
        route
            .split('/')
            .map(|s| {
                // The router percent-decodes each segment; decode the same way.
                let bytes = s.as_bytes();
                let mut out = Vec::new();
                let mut i = 0;
                while i < bytes.len() {
                    if bytes[i] == b'%' {
                        out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
                        i += 3;
                    } else {
                        out.push(bytes[i]);
                        i += 1;
                    }
                }
                String::from_utf8(out).unwrap()
            })
            .collect()
    }

    #[test]
    fn a_link_reads_back_to_the_same_invitation() {
        let cases = [
            Invitation {
                game: GameId::Hex,
                code: "K7M2QX".into(),
                tempo: Tempo::PerMove { limit_ms: 30_000 },
                from: Some("Siti Nur/Aini & co".into()),
            },
            Invitation {
                game: GameId::Hadang,
                code: "ABCDEF".into(),
                tempo: Tempo::Fischer {
                    base_ms: 300_000,
                    increment_ms: 2_000,
                },
                from: None,
            },
            Invitation {
                game: GameId::Backgammon,
                code: "222222".into(),
                tempo: Tempo::Unlimited,
                from: Some("Ñino Dela Cruz".into()),
            },
        ];
        for invitation in cases {
            let link = invite_link("https://papan.example/app/#/hex/play", &invitation);
            assert!(link.starts_with("https://papan.example/app/#/join/"), "{link}");
            assert!(
                !link[link.find('#').unwrap() + 1..].contains(['#', ' ', '&', '?']),
                "{link}"
            );
            assert_eq!(parse_invite(&segs(&link)), Ok(invitation), "{link}");
        }
    }

    #[test]
    fn a_correspondence_room_travels_as_its_days_per_move() {
        let options = RoomOptions::new(GameId::Hex).by_mail(DaysPerMove::new(3).ok());
        let tempo = room_tempo(&options);
        assert_eq!(tempo_token(tempo), "d3");
        assert_eq!(parse_tempo("d3"), Some(tempo));
        assert_eq!(parse_tempo("d2"), None, "1, 3 or 7 days only");
        assert_eq!(tempo_text(Lang::En, tempo), "Correspondence, 3 days per move");
        assert_eq!(tempo_text(Lang::Id, tempo), "Korespondensi, 3 hari per langkah");
        assert_eq!(tempo_text(Lang::Fil, tempo), "Korespondensiya, 3 araw bawat tira");
    }

    #[test]
    fn codes_are_read_in_any_case_and_bad_links_are_refused() {
        let ok = parse_invite(&["hex".into(), "k7m2qx".into()]).unwrap();
        assert_eq!(
            (ok.game, ok.code.as_str(), ok.tempo, ok.from),
            (GameId::Hex, "K7M2QX", Tempo::Unlimited, None)
        );
        let refused = |parts: &[&str]| parse_invite(&parts.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(refused(&[]), Err("invite-bad-link"));
        assert_eq!(refused(&["K7M2QX"]), Err("invite-bad-link"));
        assert_eq!(refused(&["chess", "K7M2QX"]), Err("invite-bad-link"));
        assert_eq!(refused(&["hex", "K7M2"]), Err("online-code-length"));
        assert_eq!(
            refused(&["hex", "K7M2Q1"]),
            Err("online-code-chars"),
            "1 is not in the alphabet"
        );
        assert_eq!(refused(&["hex", "K7M2QX", "m0"]), Err("invite-bad-link"));
        assert_eq!(refused(&["hex", "K7M2QX", "tomorrow"]), Err("invite-bad-link"));
        assert_eq!(refused(&["hex", "K7M2QX", "u", "Ana", "extra"]), Err("invite-bad-link"));
    }

    #[test]
    fn the_router_hands_a_join_link_to_the_join_screen_decoded() {
        use std::str::FromStr;
        let invitation = Invitation {
            game: GameId::Junqi,
            code: "K7M2QX".into(),
            tempo: Tempo::PerMove { limit_ms: 30_000 },
            from: Some("Ana María/2".into()),
        };
        let link = invite_link("http://127.0.0.1:8080/", &invitation);
        let route = crate::Route::from_str(link.split_once('#').unwrap().1).unwrap();
        let crate::Route::Join { invite } = route else {
            panic!("{route:?}")
        };
        assert_eq!(parse_invite(&invite), Ok(invitation));
        // A bare `/join/CODE` and a wrong game still reach the join screen, which refuses them.
        for bad in ["/join/K7M2QX", "/join/chess/K7M2QX", "/join"] {
            match crate::Route::from_str(bad) {
                Ok(crate::Route::Join { invite }) => assert!(parse_invite(&invite).is_err(), "{bad}"),
                other => assert!(matches!(other, Ok(crate::Route::NotFound { .. })), "{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn names_are_trimmed_and_capped() {
        assert_eq!(clean_name("  Ana \t Maria "), Some("Ana Maria".into()));
        assert_eq!(clean_name(" \n "), None);
        assert_eq!(clean_name(&"x".repeat(40)).map(|n| n.chars().count()), Some(NAME_MAX));
    }

    #[test]
    fn the_share_text_names_the_game_and_the_friend_in_each_language() {
        for lang in [Lang::En, Lang::Id, Lang::Fil] {
            let plain = share_text(lang, GameId::Hex, None);
            let named = share_text(lang, GameId::Hex, Some(" Budi "));
            assert!(plain.contains("Hex") && named.contains("Hex"), "{plain} / {named}");
            assert!(named.contains("Budi") && !plain.contains("Budi"), "{named}");
            assert!(!plain.contains("invite-share"), "a missing key: {plain}");
        }
        assert_ne!(
            share_text(Lang::En, GameId::Hex, None),
            share_text(Lang::Id, GameId::Hex, None)
        );
        assert_ne!(
            share_text(Lang::En, GameId::Hex, None),
            share_text(Lang::Fil, GameId::Hex, None)
        );
    }

    #[test]
    fn the_qr_path_has_a_quiet_zone_and_dark_modules() {
        let (size, d) = qr_path("https://papan.example/#/join/hex/K7M2QX/u").unwrap();
        assert!(size >= 21 + 8, "{size}");
        assert!(
            d.starts_with("M4,4h1v1h-1z"),
            "the finder pattern's corner is dark: {}",
            &d[..20]
        );
    }
}
