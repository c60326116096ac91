//! `cargo xtask fuzz nethack_lev`: see `checks::nethack_lev`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::nethack_lev(data));
