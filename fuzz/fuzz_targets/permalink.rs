//! `cargo xtask fuzz permalink`: see `checks::permalink`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::permalink(data));
