//! `cargo xtask fuzz nethack_lua`: see `checks::nethack_lua`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::nethack_lua(data));
