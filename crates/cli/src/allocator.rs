//! One malloc arena for the whole process. glibc's malloc keeps one
//! arena per thread that allocates, up to eight a core, and what is freed
//! in one serves only that one. The work here moves between threads (the
//! work thread, the Lua runs' deep stack, the language server's reader
//! and writer), so what one freed (piccolo's parse tree of a 1 MB level,
//! 25 MB) stayed resident while the next took fresh pages: the language
//! server peaked at 77 MB on that level with eight arenas and at 62 MB
//! with one. Parallel work (`check DIR`, a DCSS set) ran as fast with one
//! arena as with eight (50 MB of vaults: 12.4–12.9 s against 11.6–13.9 s),
//! each thread's small blocks coming from its own cache.

/// Asks glibc for a single arena, unless the user chose a number
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
