//! `cargo xtask fuzz dcss_des`: see `checks::dcss_des`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::dcss_des(data));
