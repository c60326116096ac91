//! `cargo xtask fuzz powder_map`: see `checks::powder_map`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::powder_map(data));
