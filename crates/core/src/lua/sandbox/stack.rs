//! Natively a run gets a stack of its own, large enough for what Lua
//! accepts: piccolo's compiler recurses once per term of a chain of
//! calls or fields (`f()()()…`, `a.b.c…`), which Lua reads in a loop,
//! so a valid 100 KB script can need tens of megabytes of stack. Pages
//! are committed only as they are touched. In the browser there are no
//! threads: there the reading declines a script deeper than the page's
//! stack takes (`syntax::PAGE_DEPTH`).

/// The stack a run gets natively.
#[cfg(not(target_arch = "wasm32"))]
const RUN_STACK: usize = 1 << 30;

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    /// Whether this thread is one `deep` made (a run inside an analysis
    /// needs no thread of its own: it has the stack already).
    static ON_DEEP_STACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `work` on a stack of `RUN_STACK` bytes (natively; in the browser,
/// where it is). A panic of `work` goes on in the caller, as if it had run
/// there.
pub fn deep<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    #[cfg(not(target_arch = "wasm32"))]
    {
        if ON_DEEP_STACK.with(std::cell::Cell::get) {
            return work();
        }
        let mut work = Some(work);
        let done = std::thread::scope(|scope| {
            let run = || {
                ON_DEEP_STACK.with(|on| on.set(true));
                work.take().map(|w| w())
            };
            std::thread::Builder::new()
                .name("lua".into())
                .stack_size(RUN_STACK)
                .spawn_scoped(scope, run)
                .map(|handle| handle.join())
        });
        match done {
            Ok(Ok(Some(value))) => value,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            // No thread could be made: the work is done here.
            Ok(Ok(None)) | Err(_) => match work {
                Some(w) => w(),
                None => std::panic::resume_unwind(Box::new("the work was lost")),
            },
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        work()
    }
}
