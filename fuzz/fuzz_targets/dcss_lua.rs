//! `cargo xtask fuzz dcss_lua`: see `checks::dcss_lua`.
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::dcss_lua(data));
