//! `cargo xtask fuzz rlg327`: see `checks::rlg327`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::rlg327(data));
