//! HTTPS end to end: the server serves TLS itself (`Config::tls`, as
//! `--tls-cert`/`--tls-key` give it) with a certificate from a test
//! certificate authority made here, and the native client (rustls, the
//! phones' build) trusts that authority and plays a whole game through it,
//! event stream included.

use crate::common;

use common::*;
use papan_api::{Action, Client, ClientError, EventKind, GameId, RoomStatus};
use papan_server::tls::TlsIdentity;
use papan_server::{Config, Server};
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair};

/// A test authority's certificate (PEM) and a server identity it signed
/// for `localhost` and 127.0.0.1.
fn test_authority() -> (String, TlsIdentity) {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(DnType::CommonName, "Papan test authority");
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let key = KeyPair::generate().unwrap();
    let params = CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()]).unwrap();
    let cert = params.signed_by(&key, &ca, &ca_key).unwrap();
    (
        ca.pem(),
        TlsIdentity {
            chain_pem: cert.pem().into_bytes(),
            key_pem: key.serialize_pem().into_bytes(),
        },
    )
}

async fn tls_server(db: &std::path::Path, identity: TlsIdentity) -> Server {
    server_at(db, |config: &mut Config| config.tls = Some(identity)).await
}

async fn trusting_device(base: &str, authority: &str) -> Client {
    let mut client = Client::new(base).with_root_certificate(authority.as_bytes()).unwrap();
    client.register().await.expect("register over TLS");
    client
}

#[tokio::test]
async fn a_whole_game_is_played_over_tls_with_a_private_authority() {
    let dir = tempfile::tempdir().unwrap();
    let (authority, identity) = test_authority();
    let server = tls_server(&dir.path().join("papan.db"), identity).await;
    let base = server.base_url();
    assert!(base.starts_with("https://127.0.0.1:"), "{base}");

    let a = trusting_device(&base, &authority).await;
    let b = trusting_device(&base, &authority).await;
    let (a, b) = seat(a, b, options(GameId::Hex)).await;
    let mut players = [a, b];
    // The joiner watches the game on its event stream, over TLS too.
    let mut stream = players[1]
        .client
        .subscribe(&players[1].grant.room_id, &players[1].grant.seat_token, None)
        .await
        .expect("event stream over TLS");

    let mut moves = 0;
    let last = loop {
        let snap = players[0].snapshot().await;
        if snap.status == RoomStatus::Over {
            break snap;
        }
        let mover = usize::from(snap.to_move != Some(snap.seat));
        let view = players[mover].snapshot().await;
        let notation = view.legal_moves[0].clone();
        players[mover]
            .act_at(view.version, Action::Move { notation })
            .await
            .expect("a legal move is accepted over TLS");
        moves += 1;
        assert!(moves <= 121, "an 11×11 board fills within 121 moves");
    };
    assert!(last.outcome.is_some(), "the game ended with an outcome");
    assert_eq!(last.moves.len(), moves);

    // Every move reached the stream, in order, then the end of the game.
    let mut seen = 0;
    loop {
        let event = next_logged(&mut stream).await;
        match event.kind {
            EventKind::Moved { .. } => seen += 1,
            EventKind::Ended { .. } => break,
            _ => {}
        }
    }
    assert_eq!(seen, moves, "the stream carried every move");
    server.stop().await;
}

#[tokio::test]
async fn a_client_that_does_not_trust_the_authority_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (authority, identity) = test_authority();
    let server = tls_server(&dir.path().join("papan.db"), identity).await;
    let base = server.base_url();
    let a = trusting_device(&base, &authority).await;
    let grant = a.create_room(options(GameId::Hex)).await.unwrap();
    let before = a.snapshot(&grant.room_id, &grant.seat_token).await.unwrap();

    // The public roots do not include the test authority.
    let mut stranger = Client::new(&base);
    let refused = stranger.register().await.expect_err("an unknown authority is refused");
    assert!(matches!(refused, ClientError::Http(_)), "{refused:?}");
    // Plain HTTP to the TLS port is no way in either.
    let mut plain = Client::new(&base.replace("https://", "http://"));
    assert!(plain.register().await.is_err());

    let after = a.snapshot(&grant.room_id, &grant.seat_token).await.unwrap();
    assert_eq!(after.version, before.version, "nothing reached the room");
    assert_eq!(after.status, RoomStatus::Waiting);
    server.stop().await;
}

#[tokio::test]
async fn a_server_with_a_key_that_is_not_its_certificates_does_not_start() {
    let dir = tempfile::tempdir().unwrap();
    let (_, identity) = test_authority();
    let (_, other) = test_authority();
    let mismatched = TlsIdentity {
        chain_pem: identity.chain_pem,
        key_pem: other.key_pem.clone(),
    };
    let mut config = Config::new(dir.path().join("papan.db"), "127.0.0.1:0".parse().unwrap());
    config.tls = Some(mismatched);
    let refused = Server::start(config).await.err().expect("refused");
    assert!(refused.to_string().contains("do not go together"), "{refused}");

    let mut config = Config::new(dir.path().join("papan.db"), "127.0.0.1:0".parse().unwrap());
    config.tls = Some(TlsIdentity {
        chain_pem: b"not a certificate".to_vec(),
        key_pem: other.key_pem,
    });
    let refused = Server::start(config).await.err().expect("refused");
    assert!(refused.to_string().contains("no certificate"), "{refused}");
}
