//! `cargo +nightly fuzz run lev_comp -- -dict=...`: the parser, checker and
//! compiler on arbitrary input, both dialects. Keep any crash as a fixture
//! in `tests/fixtures/nethack/fuzz/`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vaultwright::{analyze, Language, Options, Target};

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    for target in [Target::Nethack343, Target::Nethack323] {
        let options = Options { target, ..Options::default() };
        let a = analyze(&src, Language::NethackDes, &options);
        for art in &a.artifacts {
            assert!(art.bytes.len() >= 50);
        }
    }
});
