//! HTTPS served by the node itself (rustls with the `ring` provider), for
//! a server that faces phones without a proxy in front: `papan-server
//! --tls-cert chain.pem --tls-key key.pem`. The connections are served by
//! [`crate::listen`].

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::fmt;
use std::sync::Arc;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::TlsAcceptor;

/// The certificate chain and private key, as PEM text.
#[derive(Clone)]
pub struct TlsIdentity {
    pub chain_pem: Vec<u8>,
    pub key_pem: Vec<u8>,
}

/// Never prints the key.
impl fmt::Debug for TlsIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TlsIdentity")
            .field("chain_pem", &format_args!("{} bytes", self.chain_pem.len()))
            .field("key_pem", &"(hidden)")
            .finish()
    }
}

impl TlsIdentity {
    /// Reads the two PEM files (`--tls-cert`, `--tls-key`).
    pub fn read(chain: &std::path::Path, key: &std::path::Path) -> Result<TlsIdentity, String> {
        let read =
            |path: &std::path::Path| std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()));
        Ok(TlsIdentity {
            chain_pem: read(chain)?,
            key_pem: read(key)?,
        })
    }

    /// The acceptor, or what is wrong with the certificate or key.
    pub fn acceptor(&self) -> Result<TlsAcceptor, String> {
        let chain = CertificateDer::pem_slice_iter(&self.chain_pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("the certificate file is not PEM certificates: {e}"))?;
        if chain.is_empty() {
            return Err("the certificate file holds no certificate".into());
        }
        let key = PrivateKeyDer::from_pem_slice(&self.key_pem)
            .map_err(|e| format!("the key file holds no private key: {e}"))?;
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let mut config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(|e| format!("the certificate and key do not go together: {e}"))?;
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(TlsAcceptor::from(Arc::new(config)))
    }
}
