//! Work shared among worker threads, each with its own engine processes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// `work` on every item by `jobs` workers, each with the engines `start`
/// gives it; the results in the items' order. `arrived` sees each result as
/// it comes in (with every result in so far, by item), e.g. to report
/// progress or write a record in order. The first failure, of a worker's
/// engines or of any item, stops every worker before its next item.
pub fn in_parallel<T: Sync, W, R: Send>(
    jobs: usize,
    items: &[T],
    start: impl Fn() -> Result<W, String> + Sync,
    work: impl Fn(&mut W, usize, &T) -> Result<R, String> + Sync,
    mut arrived: impl FnMut(usize, &[Option<R>]) -> Result<(), String>,
) -> Result<Vec<R>, String> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<Result<(usize, R), String>>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()) {
            let (sender, next, start, work) = (sender.clone(), &next, &start, &work);
            scope.spawn(move || {
                let mut engines = match start() {
                    Ok(engines) => engines,
                    Err(e) => {
                        next.store(items.len(), Ordering::Relaxed);
                        return drop(sender.send(Err(e)));
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() {
                        return;
                    }
                    let result = work(&mut engines, i, &items[i]);
                    let failed = result.is_err();
                    if sender.send(result.map(|r| (i, r))).is_err() || failed {
                        next.store(items.len(), Ordering::Relaxed);
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
        for message in receiver {
            let (i, r) = message?;
            results[i] = Some(r);
            arrived(i, &results)?;
        }
        results
            .into_iter()
            .collect::<Option<Vec<R>>>()
            .ok_or_else(|| "a worker stopped before the end".to_string())
    })
}
