//! The server's identity to push services (VAPID, RFC 8292): a P-256 key
//! kept in a file (made on first start; every node of a cluster is given
//! the same file, as it is given the same TLS certificate), whose public
//! half the browser subscribes with, and a short signed token (a JWT,
//! ES256) for each push service origin.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use std::path::Path;

/// How long a token is good for (RFC 8292 allows at most 24 hours).
const TOKEN_SECONDS: u64 = 12 * 3600;

pub struct Vapid {
    key: SigningKey,
    /// The uncompressed public key, unpadded base64url.
    public: String,
    /// Who runs this server (`mailto:` or `https:`), for the push service.
    subject: String,
}

impl std::fmt::Debug for Vapid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Vapid({})", self.public)
    }
}

impl Vapid {
    /// The key in 32 secret bytes.
    pub fn from_secret(secret: &[u8], subject: &str) -> Result<Vapid, String> {
        let key = SigningKey::from_slice(secret).map_err(|_| "not a P-256 secret key".to_string())?;
        let point = key.verifying_key().to_encoded_point(false);
        Ok(Vapid {
            public: URL_SAFE_NO_PAD.encode(point.as_bytes()),
            key,
            subject: subject.to_string(),
        })
    }

    /// The key in `path` (its secret, base64url, on one line), made there
    /// first if the file does not exist; refused if it holds anything else.
    pub fn load_or_create(path: &Path, subject: &str) -> Result<Vapid, String> {
        let shown = path.display();
        match std::fs::read_to_string(path) {
            Ok(text) => {
                let secret = URL_SAFE_NO_PAD
                    .decode(text.trim())
                    .map_err(|e| format!("{shown}: not a VAPID key file (base64url): {e}"))?;
                Vapid::from_secret(&secret, subject).map_err(|e| format!("{shown}: {e}"))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let secret = new_secret();
                write_private(path, &URL_SAFE_NO_PAD.encode(secret))
                    .map_err(|e| format!("{shown}: cannot write the new VAPID key: {e}"))?;
                tracing::info!(file = %shown, "made a VAPID key for Web Push");
                Vapid::from_secret(&secret, subject)
            }
            Err(e) => Err(format!("{shown}: {e}")),
        }
    }

    /// The public key a browser subscribes with (`applicationServerKey`).
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The `Authorization` header for a push to `endpoint` at `now_s`
    /// (seconds since 1970): `vapid t=<JWT>, k=<public key>`.
    pub fn authorization(&self, endpoint: &reqwest::Url, now_s: u64) -> String {
        let audience = endpoint.origin().ascii_serialization();
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": audience,
            "exp": now_s + TOKEN_SECONDS,
            "sub": self.subject,
        });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        let signature: Signature = self.key.sign(signed.as_bytes());
        format!(
            "vapid t={signed}.{}, k={}",
            URL_SAFE_NO_PAD.encode(signature.to_bytes()),
            self.public
        )
    }
}

/// 32 bytes from the OS that make a P-256 secret key (all but a vanishing
/// few do; those are drawn again).
pub fn new_secret() -> [u8; 32] {
    loop {
        let secret = crate::secrets::salt();
        if p256::SecretKey::from_slice(&secret).is_ok() {
            return secret;
        }
    }
}

fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    writeln!(file, "{text}")?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::ecdsa::signature::Verifier;
    use p256::ecdsa::VerifyingKey;

    #[test]
    fn the_token_is_signed_for_the_push_services_origin_and_verifies_with_the_public_key() {
        let vapid = Vapid::from_secret(&[7u8; 32], "mailto:ops@papan.example").unwrap();
        let endpoint = reqwest::Url::parse("https://push.example.net:8443/push/abc?x=1").unwrap();
        let header = vapid.authorization(&endpoint, 1_800_000_000);
        let (token, key) = header
            .strip_prefix("vapid t=")
            .and_then(|rest| rest.split_once(", k="))
            .unwrap();
        assert_eq!(key, vapid.public_key());
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3);
        let claims: serde_json::Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://push.example.net:8443");
        assert_eq!(claims["exp"], 1_800_000_000u64 + 12 * 3600);
        assert_eq!(claims["sub"], "mailto:ops@papan.example");
        let public = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(key).unwrap()).unwrap();
        let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(parts[2]).unwrap()).unwrap();
        public
            .verify(format!("{}.{}", parts[0], parts[1]).as_bytes(), &signature)
            .unwrap();
        let forged = format!("{}.{}", parts[0], URL_SAFE_NO_PAD.encode(r#"{"aud":"https://evil"}"#));
        assert!(public.verify(forged.as_bytes(), &signature).is_err());
    }

    #[test]
    fn the_key_file_is_made_once_and_read_back_the_same_and_a_bad_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("vapid.key");
        let made = Vapid::load_or_create(&path, "mailto:a@b").unwrap();
        let again = Vapid::load_or_create(&path, "mailto:a@b").unwrap();
        assert_eq!(made.public_key(), again.public_key());
        assert_eq!(URL_SAFE_NO_PAD.decode(made.public_key()).unwrap().len(), 65);
        std::fs::write(&path, "not a key").unwrap();
        let error = Vapid::load_or_create(&path, "mailto:a@b").unwrap_err();
        assert!(error.contains("not a VAPID key file"), "{error}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "not a key",
            "a bad file is left as it is"
        );
    }
}
