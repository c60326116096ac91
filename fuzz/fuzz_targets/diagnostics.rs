//! `cargo xtask fuzz diagnostics`: see `checks::diagnostics`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::diagnostics(data));
