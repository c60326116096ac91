//! `cargo xtask fuzz nethack_des`: see `checks::nethack_des`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::nethack_des(data));
