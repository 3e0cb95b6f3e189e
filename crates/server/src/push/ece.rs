//! Message encryption for Web Push (RFC 8291) in the `aes128gcm` content
//! coding (RFC 8188): one record, the sender's ephemeral public key as the
//! key id. [`decrypt`] is the receiver's half (a browser does it; the
//! tests' push service does it to check what was sent).

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes128Gcm, Nonce};
use hkdf::Hkdf;
use p256::ecdh::diffie_hellman;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::{PublicKey, SecretKey};
use sha2::Sha256;

/// The record size written in the header: one record holds any notice
/// (push services take at most 4096 bytes of body).
const RECORD_SIZE: u32 = 4096;
const KEY_LEN: usize = 65;
const HEADER_LEN: usize = 16 + 4 + 1 + KEY_LEN;
const TAG_LEN: usize = 16;
/// The largest plaintext one record carries: the record size less the
/// delimiter and the tag, and the body within the push services' 4096.
pub const MAX_PLAINTEXT: usize = 4096 - HEADER_LEN - 1 - TAG_LEN;

#[derive(Debug, PartialEq, Eq)]
pub enum EceError {
    /// A key that is not a P-256 point (65 bytes, uncompressed) or scalar.
    BadKey,
    /// An authentication secret that is not 16 bytes.
    BadAuth,
    TooLong,
    /// A body that does not parse or does not decrypt.
    Undecryptable(&'static str),
}

impl std::fmt::Display for EceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EceError::BadKey => write!(f, "not a P-256 public key (65 bytes, uncompressed)"),
            EceError::BadAuth => write!(f, "the authentication secret is not 16 bytes"),
            EceError::TooLong => write!(f, "the message is longer than one push (at most {MAX_PLAINTEXT} bytes)"),
            EceError::Undecryptable(why) => write!(f, "cannot decrypt: {why}"),
        }
    }
}

impl std::error::Error for EceError {}

/// A browser's public key, checked to be a point on P-256.
pub fn public_key(bytes: &[u8]) -> Result<PublicKey, EceError> {
    if bytes.len() != KEY_LEN || bytes[0] != 4 {
        return Err(EceError::BadKey);
    }
    PublicKey::from_sec1_bytes(bytes).map_err(|_| EceError::BadKey)
}

fn uncompressed(key: &PublicKey) -> Vec<u8> {
    key.to_encoded_point(false).as_bytes().to_vec()
}

/// The content key and nonce of RFC 8291 §3.4 and RFC 8188 §2.2, from the
/// shared secret, both public keys, the auth secret and the salt.
fn keys(
    shared: &[u8],
    auth: &[u8],
    ua_public: &[u8],
    as_public: &[u8],
    salt: &[u8],
) -> Result<([u8; 16], [u8; 12]), EceError> {
    let mut info = Vec::with_capacity(14 + 2 * KEY_LEN);
    info.extend_from_slice(b"WebPush: info\0");
    info.extend_from_slice(ua_public);
    info.extend_from_slice(as_public);
    let mut ikm = [0u8; 32];
    Hkdf::<Sha256>::new(Some(auth), shared)
        .expand(&info, &mut ikm)
        .map_err(|_| EceError::Undecryptable("key derivation"))?;
    let content = Hkdf::<Sha256>::new(Some(salt), &ikm);
    let mut cek = [0u8; 16];
    let mut nonce = [0u8; 12];
    content
        .expand(b"Content-Encoding: aes128gcm\0", &mut cek)
        .and_then(|()| content.expand(b"Content-Encoding: nonce\0", &mut nonce))
        .map_err(|_| EceError::Undecryptable("key derivation"))?;
    Ok((cek, nonce))
}

/// `plaintext` encrypted for the browser key `ua_public` and secret
/// `auth`, with the sender's one-time key `as_secret` and a random `salt`
/// (both fresh for every message).
pub fn encrypt(
    plaintext: &[u8],
    ua_public: &[u8],
    auth: &[u8],
    as_secret: &SecretKey,
    salt: &[u8; 16],
) -> Result<Vec<u8>, EceError> {
    if plaintext.len() > MAX_PLAINTEXT {
        return Err(EceError::TooLong);
    }
    if auth.len() != 16 {
        return Err(EceError::BadAuth);
    }
    let ua = public_key(ua_public)?;
    let as_public = uncompressed(&as_secret.public_key());
    let shared = diffie_hellman(as_secret.to_nonzero_scalar(), ua.as_affine());
    let (cek, nonce) = keys(shared.raw_secret_bytes(), auth, ua_public, &as_public, salt)?;
    // One record, the last: the plaintext and its delimiter 2, no padding.
    let mut record = Vec::with_capacity(plaintext.len() + 1);
    record.extend_from_slice(plaintext);
    record.push(2);
    let sealed = Aes128Gcm::new(&cek.into())
        .encrypt(Nonce::from_slice(&nonce), Payload::from(record.as_slice()))
        .map_err(|_| EceError::TooLong)?;
    let mut body = Vec::with_capacity(HEADER_LEN + sealed.len());
    body.extend_from_slice(salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(KEY_LEN as u8);
    body.extend_from_slice(&as_public);
    body.extend_from_slice(&sealed);
    Ok(body)
}

/// What the browser with secret key `ua_secret` and `auth` reads from
/// `body` (one record, as [`encrypt`] writes it).
pub fn decrypt(body: &[u8], ua_secret: &SecretKey, auth: &[u8]) -> Result<Vec<u8>, EceError> {
    if body.len() < HEADER_LEN + TAG_LEN {
        return Err(EceError::Undecryptable("shorter than its header"));
    }
    let (salt, rest) = body.split_at(16);
    let (record_size, rest) = rest.split_at(4);
    let record_size = u32::from_be_bytes([record_size[0], record_size[1], record_size[2], record_size[3]]) as usize;
    if usize::from(rest[0]) != KEY_LEN {
        return Err(EceError::Undecryptable("the key id is not a P-256 key"));
    }
    let (as_public, sealed) = rest[1..].split_at(KEY_LEN);
    if sealed.len() > record_size {
        return Err(EceError::Undecryptable("more than one record"));
    }
    let sender = public_key(as_public)?;
    let ua_public = uncompressed(&ua_secret.public_key());
    let shared = diffie_hellman(ua_secret.to_nonzero_scalar(), sender.as_affine());
    let (cek, nonce) = keys(shared.raw_secret_bytes(), auth, &ua_public, as_public, salt)?;
    let mut record = Aes128Gcm::new(&cek.into())
        .decrypt(Nonce::from_slice(&nonce), sealed)
        .map_err(|_| EceError::Undecryptable("the tag does not match"))?;
    // Padding is zeros after the delimiter; the last record's is 2.
    while record.last() == Some(&0) {
        record.pop();
    }
    match record.pop() {
        Some(2) => Ok(record),
        _ => Err(EceError::Undecryptable("no last-record delimiter")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

    fn b64(s: &str) -> Vec<u8> {
        URL_SAFE_NO_PAD.decode(s).unwrap()
    }

    /// RFC 8291 §5 and Appendix A, byte for byte.
    const AS_PRIVATE: &str = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
    const UA_PRIVATE: &str = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
    const UA_PUBLIC: &str = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
    const AUTH: &str = "BTBZMqHH6r4Tts7J_aSIgg";
    const SALT: &str = "DGv6ra1nlYgDCS1FRnbzlw";
    const BODY: &str = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN";
    const PLAINTEXT: &[u8] = b"When I grow up, I want to be a watermelon";

    #[test]
    fn rfc_8291_example_is_reproduced_byte_for_byte() {
        let as_secret = SecretKey::from_slice(&b64(AS_PRIVATE)).unwrap();
        let salt: [u8; 16] = b64(SALT).try_into().unwrap();
        let body = encrypt(PLAINTEXT, &b64(UA_PUBLIC), &b64(AUTH), &as_secret, &salt).unwrap();
        assert_eq!(URL_SAFE_NO_PAD.encode(&body), BODY);
    }

    #[test]
    fn rfc_8291_example_decrypts_with_the_browsers_key() {
        let ua_secret = SecretKey::from_slice(&b64(UA_PRIVATE)).unwrap();
        assert_eq!(uncompressed(&ua_secret.public_key()), b64(UA_PUBLIC));
        assert_eq!(decrypt(&b64(BODY), &ua_secret, &b64(AUTH)).unwrap(), PLAINTEXT);
        // Another auth secret, or one flipped bit, and nothing is read.
        let mut wrong = b64(AUTH);
        wrong[0] ^= 1;
        assert!(decrypt(&b64(BODY), &ua_secret, &wrong).is_err());
        let mut body = b64(BODY);
        let last = body.len() - 1;
        body[last] ^= 1;
        assert_eq!(
            decrypt(&body, &ua_secret, &b64(AUTH)),
            Err(EceError::Undecryptable("the tag does not match"))
        );
    }

    #[test]
    fn bad_keys_and_secrets_are_refused_before_anything_is_sent() {
        let as_secret = SecretKey::from_slice(&b64(AS_PRIVATE)).unwrap();
        let salt = [7u8; 16];
        let mut off_curve = b64(UA_PUBLIC);
        off_curve[64] ^= 1;
        assert_eq!(
            encrypt(b"x", &off_curve, &b64(AUTH), &as_secret, &salt),
            Err(EceError::BadKey)
        );
        assert_eq!(
            encrypt(b"x", &b64(UA_PUBLIC)[..33], &b64(AUTH), &as_secret, &salt),
            Err(EceError::BadKey)
        );
        assert_eq!(
            encrypt(b"x", &b64(UA_PUBLIC), &[1; 15], &as_secret, &salt),
            Err(EceError::BadAuth)
        );
        let long = vec![b'a'; MAX_PLAINTEXT + 1];
        assert_eq!(
            encrypt(&long, &b64(UA_PUBLIC), &b64(AUTH), &as_secret, &salt),
            Err(EceError::TooLong)
        );
        let most = vec![b'a'; MAX_PLAINTEXT];
        let body = encrypt(&most, &b64(UA_PUBLIC), &b64(AUTH), &as_secret, &salt).unwrap();
        assert_eq!(body.len(), 4096, "the longest message fills a push exactly");
    }
}
