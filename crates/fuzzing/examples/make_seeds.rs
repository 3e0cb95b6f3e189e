//! Writes the fuzz targets' seed corpus (`fuzz/seeds/<target>/`) from real
//! games: seeded random games of each game give move lists, records,
//! transcripts, SGF, Position IDs and saved games; the shipped lesson files
//! and default settings give the rest. The fuzzer mutates these, so they
//! start it inside each format instead of at random bytes.
//!
//! ```text
//! cargo run -p papan-fuzzing --example make_seeds
//! ```

use papan::play::finished::Finished;
use papan::play::player;
use papan::play::{Match, Playable};
use papan::settings::AppSettings;
use papan::tutorial::progress::{LessonProgress, Progress};
use papan_api::options::RoomOptions;
use papan_api::{
    Action, ActionRequest, CreateRoom, NoticeKind, PushKeys, PushSubscriptionRequest, SeatRef, TransferClaim,
    TransferRequest,
};
use papan_rules::backgammon::{position_id, Backgammon, BackgammonOptions};
use papan_rules::clock::Tempo;
use papan_rules::hadang::{Hadang, HadangOptions};
use papan_rules::hex::{sgf, Hex, HexOptions};
use papan_rules::junqi::{JunQi, JunQiOptions};
use papan_rules::{Game, GameId, Record, Seat, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

/// A seeded random game of at most `plies` moves, with each move's notation.
fn random_game<G: Game>(options: G::Options, seed: u64, plies: usize) -> (Record<G>, Vec<String>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut record = Record::new(options, seed);
    let mut game: G = record.start().expect("valid options");
    let mut lines = Vec::new();
    for _ in 0..plies {
        let mv = match game.turn() {
            Turn::Chance => game.sample_chance(&mut rng),
            Turn::Seat(_) => {
                let legal = game.legal_moves();
                (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())].clone())
            }
            Turn::Over => None,
        };
        let Some(mv) = mv else { break };
        lines.push(game.format_move(&mv));
        record.play(&mut game, mv).expect("a listed move plays");
    }
    (record, lines)
}

struct Seeds {
    root: PathBuf,
    written: usize,
}

impl Seeds {
    fn put(&mut self, target: &str, name: &str, bytes: &[u8]) {
        let dir = self.root.join(target);
        std::fs::create_dir_all(&dir).expect("create the seed folder");
        std::fs::write(dir.join(name), bytes).expect("write a seed");
        self.written += 1;
    }

    /// `first` byte, then `rest`: the targets that choose by their first byte.
    fn put_chosen(&mut self, target: &str, name: &str, first: u8, rest: &[u8]) {
        let mut bytes = vec![first];
        bytes.extend_from_slice(rest);
        self.put(target, name, &bytes);
    }
}

/// Seeds for one game: its moves, record, transcript and saved match.
fn game_seeds<G: Playable>(seeds: &mut Seeds, options: G::Options, choice: u8, prefix: &[u8]) {
    let moves_target = format!("{}_moves", G::GAME.code());
    for (n, plies) in [(0u64, 12usize), (1, 60), (2, 400)] {
        let (record, lines) = random_game::<G>(options.clone(), 100 + n, plies);
        let mut text = prefix.to_vec();
        text.extend_from_slice(lines.join("\n").as_bytes());
        seeds.put(&moves_target, &format!("game-{n}.txt"), &text);
        let json = serde_json::to_vec(&record).unwrap();
        seeds.put_chosen("records", &format!("{}-{n}.json", G::GAME.code()), choice, &json);
        seeds.put_chosen(
            "transcripts",
            &format!("{}-{n}.{}", G::GAME.code(), G::EXTENSION),
            choice,
            G::export(&record).as_bytes(),
        );
        // A saved match: the same moves through the app's match.
        let players = player::from_setup(None, true);
        let mut game = Match::<G>::new(options.clone(), players, Seat::First, Tempo::Unlimited, 100 + n, 0).unwrap();
        for mv in record.moves.iter().take(plies / 2) {
            if game.play(mv.clone(), 0).is_err() {
                break;
            }
        }
        seeds.put_chosen(
            "saved_games",
            &format!("{}-{n}.json", G::GAME.code()),
            choice,
            game.to_save_text(0).as_bytes(),
        );
    }
    let mut indexed = prefix.to_vec();
    indexed.extend_from_slice(b"#0\n#7\n#3\nnot a move\n#12\n#1\n");
    seeds.put(&moves_target, "indexed.txt", &indexed);
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds");
    let mut seeds = Seeds { root, written: 0 };

    // Hex: the first byte picks the size (SIZES[1] = 9), the second the swap rule.
    game_seeds::<Hex>(&mut seeds, HexOptions { size: 9, swap: true }, 0, &[1, b'1']);
    game_seeds::<Hadang>(&mut seeds, HadangOptions::default(), 1, &[]);
    game_seeds::<Backgammon>(&mut seeds, BackgammonOptions::default(), 2, &[]);
    game_seeds::<JunQi>(&mut seeds, JunQiOptions::default(), 3, &[]);

    let (hex_record, _) = random_game::<Hex>(HexOptions { size: 11, swap: true }, 7, 40);
    let hex = sgf::to_sgf(&sgf::SgfGame::from_record(&hex_record)).unwrap();
    seeds.put("hex_sgf", "game.sgf", hex.as_bytes());
    seeds.put(
        "hex_sgf",
        "hexgui.sgf",
        b"(;FF[4]GM[11]SZ[9]PB[Ana]PW[Ben];B[e5];W[swap-pieces];B[c3]C[ok];W[resign])",
    );

    let (bg_record, _) = random_game::<Backgammon>(BackgammonOptions::default(), 9, 80);
    for plies in [0, 10, 40, 80] {
        if let Ok(game) = bg_record.replay_to(plies.min(bg_record.moves.len())) {
            seeds.put(
                "position_id",
                &format!("ply-{plies}.txt"),
                position_id::encode(game.board()).as_bytes(),
            );
        }
    }

    seeds.put(
        "sse",
        "events.txt",
        b"\x03: keep-alive\n\nid: 4\nevent: moved\ndata: {\"version\":4}\n\ndata: one\ndata: two\r\n\r\nevent: x\n\n",
    );
    let options = RoomOptions::hex(11, true, Some(30)).with_ranked(true);
    seeds.put_chosen("wire", "room-options.json", 0, &serde_json::to_vec(&options).unwrap());
    for (n, action) in [
        Action::Move { notation: "f6".into() },
        Action::Swap,
        Action::Roll,
        Action::Resign,
    ]
    .into_iter()
    .enumerate()
    {
        let request = ActionRequest {
            based_on_version: 3,
            client_seq: n as u64,
            action,
        };
        seeds.put_chosen(
            "wire",
            &format!("action-{n}.json"),
            1,
            &serde_json::to_vec(&request).unwrap(),
        );
    }
    let create = CreateRoom {
        options: RoomOptions::new(GameId::Hadang),
    };
    seeds.put_chosen("wire", "create.json", 2, &serde_json::to_vec(&create).unwrap());

    // What a device says about itself: a browser's real subscription (the
    // RFC 8291 example key), a transfer's request and claim, typed codes.
    let subscription = PushSubscriptionRequest {
        endpoint: "https://fcm.googleapis.com/fcm/send/abc:def".into(),
        keys: PushKeys {
            p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4".into(),
            auth: "BTBZMqHH6r4Tts7J_aSIgg".into(),
        },
        kinds: vec![NoticeKind::YourMove, NoticeKind::TimeLow],
        lang: "fil".into(),
    };
    let device = "device_requests";
    seeds.put_chosen(
        device,
        "push-subscription.json",
        0,
        &serde_json::to_vec(&subscription).unwrap(),
    );
    let transfer = TransferRequest {
        seats: vec![SeatRef {
            room_id: "r1".into(),
            seat_token: "t1".into(),
        }],
    };
    seeds.put_chosen(
        device,
        "transfer-request.json",
        1,
        &serde_json::to_vec(&transfer).unwrap(),
    );
    let claim = TransferClaim {
        code: "abcd-2345-wxyz".into(),
    };
    seeds.put_chosen(device, "transfer-claim.json", 2, &serde_json::to_vec(&claim).unwrap());
    seeds.put_chosen(device, "transfer-code-typed.txt", 3, b" abcd 2345 WXYZ ");
    seeds.put_chosen(device, "transfer-code-look-alike.txt", 3, b"ABCD-2345-WXY0");

    let finished = Finished::new(
        "k1".into(),
        &hex_record,
        Seat::First,
        player::from_setup(None, true),
        None,
        "import",
    )
    .unwrap();
    seeds.put_chosen(
        "saved_games",
        "finished.json",
        4,
        &serde_json::to_vec(&vec![finished]).unwrap(),
    );
    let mut progress = Progress::default();
    progress.lessons.insert(
        "hex-1".into(),
        LessonProgress {
            best_stars: 3,
            completed: true,
            resume_step: 0,
        },
    );
    seeds.put_chosen(
        "saved_games",
        "progress.json",
        5,
        &serde_json::to_vec(&progress).unwrap(),
    );

    seeds.put(
        "settings",
        "default.json",
        &serde_json::to_vec(&AppSettings::default()).unwrap(),
    );
    seeds.put("settings", "partial.json", br#"{"lang":"fil","sound":false}"#);

    let tutorials = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/tutorials");
    for (i, game) in GameId::ALL.iter().enumerate() {
        let text = std::fs::read(tutorials.join(format!("{}.json", game.code()))).unwrap();
        seeds.put_chosen("lessons", &format!("{}.json", game.code()), i as u8, &text);
    }
    println!("wrote {} seeds under {}", seeds.written, seeds.root.display());
}
