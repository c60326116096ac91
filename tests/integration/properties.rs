//! Properties over generated inputs (proptest): any bytes in any language
//! give an analysis with sound spans and no panic; one byte changed in a
//! valid file brings errors only from the changed statement on; the
//! studio's incremental analysis always equals a fresh one.

use crate::common;

use proptest::prelude::*;
use vaultwright::{analyze, Analysis, Analyzer, Diagnostic, Language, Options, Severity, Span};

fn sound(src: &str, s: Span) -> bool {
    s.start <= s.end
        && (s.end as usize) <= src.len()
        && src.is_char_boundary(s.start as usize)
        && src.is_char_boundary(s.end as usize)
}

fn assert_sound(src: &str, a: &Analysis) {
    for d in &a.diagnostics {
        assert!(sound(src, d.span), "{d:?}");
    }
    for t in &a.tokens {
        assert!(sound(src, t.span), "{t:?}");
    }
}

fn example(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../static/examples")
        .join(name);
    std::fs::read_to_string(path).expect("a shipped example")
}

/// Bytes leaning towards what the grammars read: keywords, punctuation,
/// digits, line ends and characters of several bytes, among any bytes.
fn source_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        any::<u8>().prop_map(|b| vec![b]),
        prop::sample::select(vec![
            "MAZE:",
            "LEVEL:",
            "MAP\n",
            "ENDMAP\n",
            "NAME: ",
            "DUNGEON:",
            "BEGIN MONSTER\n",
            "END\n",
            "(",
            ")",
            ",",
            "'",
            "\"",
            ":",
            "\n",
            "\r\n",
            "+--+\n",
            "|",
            "é",
            "€",
            "2147483648",
            "-1",
            "random",
            "SUBST: ",
            "KMONS: ",
            "lua {",
            "}",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
    ];
    prop::collection::vec(piece, 0..200).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_in_any_language(bytes in source_bytes(), seed in any::<u64>()) {
        let src = String::from_utf8_lossy(&bytes).into_owned();
        for language in Language::ALL {
            let options = Options { seed, ..Options::default() };
            let a = analyze(&src, language, &options);
            assert_sound(&src, &a);
        }
    }
}

/// Where the statement holding `offset` starts: the nearest line at or
/// before it that opens a statement (a keyword and a colon, or a block
/// keyword); a map row belongs to the MAP before it.
fn statement_start(src: &str, offset: usize) -> usize {
    let opens = |line: &str| {
        let word: String = line
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || *c == '_')
            .collect();
        !word.is_empty() && (line[word.len()..].trim_start().starts_with(':') || word == "MAP")
    };
    let mut start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
    loop {
        let line = &src[start..];
        if opens(line) || start == 0 {
            return start;
        }
        start = src[..start - 1].rfind('\n').map_or(0, |i| i + 1);
    }
}

/// The errors of `changed` that `original` does not have (same length, so
/// the spans compare directly). Warnings are left out: a cross-reference
/// rightly lands on the statement that refers (a KMONS whose key the
/// changed map row no longer holds, a branch to a dungeon just renamed),
/// wherever it is; an error is a mistake, and recovery must keep it where
/// the mistake is.
fn new_errors<'a>(original: &Analysis, changed: &'a Analysis) -> Vec<&'a Diagnostic> {
    changed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .filter(|d| !original.diagnostics.contains(d))
        .collect()
}

fn one_byte_changes_stay_local(name: &str, language: Language) {
    let src = example(name);
    let original = analyze(&src, language, &Options::default());
    assert!(!original.has_errors(), "{name} is a valid example");
    let replacements = [b' ', b'x', b'(', b'"', b'\n', b'0', b':', b','];
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 200,
        ..ProptestConfig::default()
    });
    let positions = 0..src.len();
    runner
        .run(
            &(positions, prop::sample::select(replacements.to_vec())),
            |(at, byte)| {
                // ASCII for ASCII keeps the length, so spans line up.
                if !src.as_bytes()[at].is_ascii() {
                    return Ok(());
                }
                let mut bytes = src.clone().into_bytes();
                bytes[at] = byte;
                let changed_src = String::from_utf8(bytes).expect("ASCII for ASCII");
                let changed = analyze(&changed_src, language, &Options::default());
                let start = statement_start(&src, at) as u32;
                for d in new_errors(&original, &changed) {
                    prop_assert!(
                        d.span.end >= start,
                        "{name}: changing byte {at} to {:?} gave a finding before its statement (at {start}): {d:?}",
                        byte as char
                    );
                }
                Ok(())
            },
        )
        .unwrap();
}

#[test]
fn a_changed_byte_in_a_nethack_level_is_found_where_it_is() {
    one_byte_changes_stay_local("tiny-rooms.des", Language::NethackDes);
    one_byte_changes_stay_local("keep.des", Language::NethackDes);
}

#[test]
fn a_changed_byte_in_a_dcss_vault_is_found_where_it_is() {
    one_byte_changes_stay_local("crypt.des", Language::DcssDes);
}

#[test]
fn a_changed_byte_in_a_dungeon_is_found_where_it_is() {
    one_byte_changes_stay_local("tiny-dungeon.def", Language::NethackDungeon);
}

/// The studio re-analyses through one `Analyzer` that keeps what did not
/// change; after any sequence of edits it must say what a fresh analysis
/// says.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn incremental_analysis_equals_a_fresh_one() {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the edits start from its vaults");
    };
    let src = std::fs::read_to_string(shared.join("corpus/dcss/des/altar/altar.des"))
        .expect("a corpus vault file");
    let analyzer = std::cell::RefCell::new(Analyzer::new());
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 64,
        ..ProptestConfig::default()
    });
    runner
        .run(
            &prop::collection::vec((0..src.len(), "[a-zA-Z0-9 :\n]{0,8}"), 1..4),
            |edits| {
                let mut text = src.clone();
                for (at, insert) in &edits {
                    let at = vaultwright::source::floor_char_boundary(&text, *at);
                    text.insert_str(at, insert);
                    let options = Options::default();
                    let incremental =
                        analyzer
                            .borrow_mut()
                            .analyze(&text, Language::DcssDes, &options);
                    let fresh = analyze(&text, Language::DcssDes, &options);
                    prop_assert_eq!(&incremental, &fresh);
                }
                Ok(())
            },
        )
        .unwrap();
}

/// `check` says the same thing every time.
#[test]
fn analysis_is_deterministic() {
    for (name, language) in [
        ("keep.des", Language::NethackDes),
        ("crypt.des", Language::DcssDes),
        ("tiny-dungeon.def", Language::NethackDungeon),
        ("shrine.map", Language::PowderMap),
        ("monsters.txt", Language::Rlg327Monsters),
    ] {
        let src = example(name);
        let options = Options {
            seed: 7,
            ..Options::default()
        };
        assert_eq!(
            analyze(&src, language, &options),
            analyze(&src, language, &options),
            "{name}"
        );
    }
}
