//! A one-value channel whose receiving end is a future: lets a UI task await
//! a bot's thread (native) or the bots' Web Worker's reply (web) without
//! pulling in an async runtime.
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

struct Slot<T> {
    value: Option<T>,
    waker: Option<Waker>,
    sender_gone: bool,
}

pub struct Sender<T>(Arc<Mutex<Slot<T>>>);
pub struct Receiver<T>(Arc<Mutex<Slot<T>>>);

pub fn channel<T>() -> (Sender<T>, Receiver<T>) {
    let slot = Arc::new(Mutex::new(Slot {
        value: None,
        waker: None,
        sender_gone: false,
    }));
    (Sender(slot.clone()), Receiver(slot))
}

impl<T> Sender<T> {
    pub fn send(self, value: T) {
        if let Ok(mut slot) = self.0.lock() {
            slot.value = Some(value);
        }
    }
}

impl<T> Drop for Sender<T> {
    fn drop(&mut self) {
        if let Ok(mut slot) = self.0.lock() {
            slot.sender_gone = true;
            if let Some(waker) = slot.waker.take() {
                waker.wake();
            }
        }
    }
}

impl<T> Future for Receiver<T> {
    /// `None` if the worker ended without an answer (it panicked).
    type Output = Option<T>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<T>> {
        let Ok(mut slot) = self.0.lock() else {
            return Poll::Ready(None);
        };
        if let Some(value) = slot.value.take() {
            Poll::Ready(Some(value))
        } else if slot.sender_gone {
            Poll::Ready(None)
        } else {
            slot.waker = Some(cx.waker().clone());
            Poll::Pending
        }
    }
}
