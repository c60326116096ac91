//! The VM a thread keeps between drawings of one file. crawl keeps one
//! level compiler VM for every map it builds; the studio draws a vault
//! for each seed of its grid and again at every edit, and running
//! crawl's library (some seventy files) to start a VM is most of what a
//! drawing costs. A VM that ran the same start (the same library, the
//! same file prelude) runs the next map; any other start makes a new
//! one. Each map still runs as on a new level (`__vw_make_env` gives it
//! a fresh environment and no persistent data), so a seed draws alike
//! whatever was drawn before it. A map built inside another (a
//! SUBVAULT's) runs on a VM kept one level deeper, the same way.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::{FileRun, Library, Limits, PreparedFile};

/// A VM kept, with the start it ran and its limits.
type Kept = RefCell<Option<(u64, Limits, FileRun)>>;

/// How many VMs a thread keeps: one for the map drawn, one for each
/// level of maps built inside it (a SUBVAULT's, a map `dgn.resolve_map`
/// builds), which run while the map's own VM is busy.
const KEPT_VMS: usize = 4;

thread_local! {
    /// The VMs kept on this thread, the outermost run's first.
    static KEPT: [Kept; KEPT_VMS] = const { [const { RefCell::new(None) }; KEPT_VMS] };
}

/// What a file's start is: the library (by identity: a library is made
/// once per set of texts, `Library::of`) and the text of its prelude.
pub(super) fn start_key(library: Option<&Arc<Library>>, prelude: &str) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    library.map(|l| Arc::as_ptr(l) as usize).hash(&mut hasher);
    prelude.hash(&mut hasher);
    hasher.finish()
}

/// `work` on a VM that ran `file`'s start under `limits`: the kept one
/// when it did, else a new one, kept in its place.
pub(super) fn with_file_run<T>(
    file: &PreparedFile,
    limits: Limits,
    work: impl FnOnce(&mut FileRun) -> T,
) -> T {
    KEPT.with(|slots| {
        // The first VM no run on this thread is using: a map built inside
        // another runs on the next one.
        let Some(mut kept) = slots.iter().find_map(|k| k.try_borrow_mut().ok()) else {
            return work(&mut FileRun::new(file, limits));
        };
        let fits = kept.as_ref().is_some_and(|(key, kept_limits, run)| {
            *key == file.start_key && *kept_limits == limits && !run.is_broken()
        });
        if !fits {
            // The old VM goes before the new one is made.
            *kept = None;
        }
        let (_, _, run) =
            kept.get_or_insert_with(|| (file.start_key, limits, FileRun::new(file, limits)));
        work(run)
    })
}
