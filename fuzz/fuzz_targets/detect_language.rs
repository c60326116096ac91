//! `cargo xtask fuzz detect_language`: see `checks::detect`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::detect(data));
