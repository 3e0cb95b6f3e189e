//! The accept loop: every connection in a task of its own, served by the
//! router over HTTP/1.1, or over HTTPS with [`crate::tls`].
//!
//! Plain connections may also speak HTTP/2 with prior knowledge (h2c), so
//! a proxy in front, or `papan-load --http2`, can carry thousands of event
//! streams on a few connections; each connection then takes any number of
//! concurrent streams (the default of 200 would hold up every request
//! behind 200 open event streams). HTTPS connections offer HTTP/1.1, what
//! the phone builds speak. A TLS handshake runs in its connection's task
//! (a slow or silent client holds up nobody else) and is given
//! [`HANDSHAKE_TIMEOUT`].

use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinSet;
use tokio_rustls::TlsAcceptor;

/// A client that has not finished its TLS handshake by then is dropped.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` until `shutdown` fires; then drops every open
/// connection (event streams included: what survives a stop is the log).
pub async fn serve(listener: TcpListener, tls: Option<TlsAcceptor>, app: Router, mut shutdown: oneshot::Receiver<()>) {
    let mut connections = JoinSet::new();
    loop {
        let tcp = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((tcp, _)) => tcp,
                Err(e) => {
                    // Out of file descriptors and the like: wait, do not spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            // Finished connections are collected as they go.
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
            _ = &mut shutdown => break,
        };
        let _ = tcp.set_nodelay(true);
        let (tls, app) = (tls.clone(), app.clone());
        connections.spawn(async move {
            match tls {
                None => serve_connection(tcp, app, false).await,
                Some(acceptor) => match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(tcp)).await {
                    Ok(Ok(stream)) => serve_connection(stream, app, true).await,
                    Ok(Err(e)) => tracing::debug!(error = %e, "TLS handshake refused"),
                    Err(_) => tracing::debug!("TLS handshake timed out"),
                },
            }
        });
    }
    connections.shutdown().await;
}

async fn serve_connection<S>(stream: S, app: Router, http1_only: bool)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let mut builder = Builder::new(TokioExecutor::new());
    if http1_only {
        builder = builder.http1_only();
    } else {
        builder.http2().max_concurrent_streams(None);
    }
    let served = builder
        .serve_connection_with_upgrades(TokioIo::new(stream), TowerToHyperService::new(app))
        .await;
    if let Err(e) = served {
        tracing::debug!(error = %e, "connection ended with an error");
    }
}
