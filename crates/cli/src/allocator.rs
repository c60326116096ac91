//! One malloc arena for the language server. glibc's malloc keeps one
//! arena per thread that allocates, up to eight a core, and what is freed
//! in one serves only that one. The server's work moves between threads
//! (its reader and writer, the Lua runs' deep stack), so what one freed
//! (piccolo's parse tree of a 1 MB level, 25 MB) stayed resident while
//! the next took fresh pages: the server peaked at 77 MB on that level
//! with eight arenas and at 62 MB with one.
//!
//! The batch commands keep glibc's arenas: their parallel Lua runs
//! allocate in every step, and on one arena the threads queued for its
//! lock (`check` of crawl's 144 vault files, Lua run: 2.80 s with one
//! arena, 1.14 s with glibc's, 34 MB peak against 31 MB).

/// Asks glibc for a single arena (the language server calls it first), unless the user chose a number
/// (`MALLOC_ARENA_MAX`, or `arena_max` in `GLIBC_TUNABLES`); elsewhere
/// (musl builds use dlmalloc, see `main.rs`) there is nothing to ask.
pub fn one_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if !user_chose_arenas() {
        use std::os::raw::c_int;
        extern "C" {
            fn mallopt(param: c_int, value: c_int) -> c_int;
        }
        /// glibc's `M_ARENA_MAX` (malloc.h).
        const M_ARENA_MAX: c_int = -8;
        // SAFETY: mallopt only sets a parameter of glibc's allocator; it
        // is called first thing in `main`, before any other thread runs.
        // Its result (0 when refused) needs no answer: refused, the
        // allocator is only as it was.
        unsafe {
            mallopt(M_ARENA_MAX, 1);
        }
    }
}

/// Whether the user's environment sets glibc's number of arenas.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn user_chose_arenas() -> bool {
    let tunables = std::env::var("GLIBC_TUNABLES").unwrap_or_default();
    std::env::var_os("MALLOC_ARENA_MAX").is_some() || tunables.contains("arena_max")
}
