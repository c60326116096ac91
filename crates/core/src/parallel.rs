//! Work on many independent items on as many threads as the machine
//! offers; a browser, which has no threads here, takes them in turn.

/// A worker thread's stack: the main thread's.
const WORKER_STACK: usize = 8 << 20;

/// `work` on each item, results in the items' order. Workers take the next
/// item as they finish one: vault files differ in size by a hundred times.
pub fn each<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = if cfg!(target_arch = "wasm32") {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
    .min(items.len());
    if workers <= 1 {
        return items.iter().map(work).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let take = || {
        let mut mine = Vec::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(item) = items.get(i) else { break };
            mine.push((i, work(item)));
        }
        mine
    };
    let mut done: Vec<(usize, R)> = std::thread::scope(|s| {
        // Workers get the stack a debug build's parsers need on deeply
        // nested input (a main thread's 8 MiB, not a spawned thread's
        // 2 MiB). The calling thread, whose stack may be smaller, works
        // only if the system refuses every worker.
        let handles: Vec<_> = (0..workers)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(s, take)
                    .ok()
            })
            .collect();
        let mut all = if handles.is_empty() {
            take()
        } else {
            Vec::new()
        };
        for h in handles {
            all.extend(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        all
    });
    vaultwright_model::sorting::sort_by_key(&mut done, |(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// [`each`], with the items started largest first (by `size`), so that no
/// worker starts a large item when the others are nearly done; results in
/// the items' order.
pub fn each_largest_first<T: Sync, R: Send>(
    items: &[T],
    size: impl Fn(&T) -> usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    vaultwright_model::sorting::sort_by_key(&mut order, |&i| std::cmp::Reverse(size(&items[i])));
    let done = each(&order, |&i| (i, work(&items[i])));
    let mut slots: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    for (i, r) in done {
        slots[i] = Some(r);
    }
    slots.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_the_items_order() {
        let items: Vec<u64> = (0..1000).collect();
        let squares = super::each(&items, |&i| i * i);
        assert_eq!(squares, items.iter().map(|i| i * i).collect::<Vec<_>>());
        assert!(super::each(&[] as &[u8], |&b| b).is_empty());
        let by_size = super::each_largest_first(&items, |&i| (i % 7) as usize, |&i| i * i);
        assert_eq!(by_size, squares);
    }
}
