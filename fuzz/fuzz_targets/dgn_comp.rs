//! `cargo +nightly fuzz run dgn_comp`: makedefs -e + dgn_comp on arbitrary
//! input, as `.def` and as `.pdf`, both dialects.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vaultwright::{analyze, Language, Options, Target};

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    for target in [Target::Nethack343, Target::Nethack323] {
        for name in ["dungeon.def", "dungeon.pdf"] {
            let options = Options { target, file_name: name.into(), ..Options::default() };
            let a = analyze(&src, Language::NethackDungeon, &options);
            if a.has_errors() {
                assert!(a.artifacts.iter().all(|x| x.name == "dungeon.pdf"));
            }
        }
    }
});
