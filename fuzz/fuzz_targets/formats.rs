//! `cargo +nightly fuzz run formats`: POWDER maps and RLG327 descriptions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vaultwright::{analyze, Language, Options};

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    for lang in [Language::PowderMap, Language::Rlg327Monsters, Language::Rlg327Objects] {
        let a = analyze(&src, lang, &Options::default());
        if lang == Language::PowderMap && a.has_errors() {
            assert!(a.artifacts.is_empty());
        }
    }
});
