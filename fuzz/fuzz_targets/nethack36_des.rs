//! `cargo xtask fuzz nethack36_des`: see `checks::nethack36_des`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::nethack36_des(data));
