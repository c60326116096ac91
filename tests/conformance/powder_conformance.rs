//! POWDER `map2c` conformance: every shipped map byte-identical to the
//! reference output, and every invalid case with the verdict the issue asks
//! for: the reference's own warnings and bytes where its C compiles, a
//! clear error and no output where it crashes, aborts or writes C that
//! cannot compile.

use crate::common;

use libtest_mimic::{Failed, Trial};
use vaultwright::{analyze, dropin, Analysis, Language, Options};

/// This suite's trials.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    match common::shared_dir() {
        None => trials.push(crate::missing_corpus(|| {
            Err("../shared/corpus is missing: the POWDER conformance tests need it".into())
        })),
        Some(shared) => {
            let base = shared.join("corpus/powder");
            let mut maps: Vec<String> = std::fs::read_dir(base.join("maps"))
                .map(|d| {
                    d.filter_map(|e| e.ok())
                        .map(|e| e.file_name().to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default();
            maps.sort();
            for name in maps {
                let base = base.clone();
                trials.push(Trial::test(format!("maps::{name}"), move || {
                    let (_, a) = run(&base.join("maps").join(&name), &name)?;
                    if a.has_errors() {
                        return Err(format!("{:#?}", a.diagnostics).into());
                    }
                    let stem = name.trim_end_matches(".map");
                    let want = std::fs::read(base.join("expected").join(format!("{stem}.cpp")))?;
                    compare(&a, &format!("{stem}.cpp"), &want)
                }));
            }
            let mut cases: Vec<String> = std::fs::read_dir(base.join("invalid"))
                .map(|d| {
                    d.filter_map(|e| e.ok())
                        .map(|e| e.file_name().to_string_lossy().into_owned())
                        .filter(|n| n.ends_with(".map"))
                        .collect()
                })
                .unwrap_or_default();
            cases.sort();
            for name in cases {
                let base = base.clone();
                trials.push(Trial::test(format!("invalid::{name}"), move || {
                    invalid(&base, &name)
                }));
            }
        }
    }
    trials
}

fn run(path: &std::path::Path, name: &str) -> Result<(String, Analysis), Failed> {
    let text = String::from_utf8_lossy(&std::fs::read(path)?).into_owned();
    let options = Options {
        file_name: name.to_string(),
        ..Options::default()
    };
    let a = analyze(&text, Language::PowderMap, &options);
    Ok((text, a))
}

fn compare(a: &Analysis, out: &str, want: &[u8]) -> Result<(), Failed> {
    let art = a
        .artifacts
        .iter()
        .find(|x| x.name == out)
        .ok_or_else(|| format!("{out} not produced"))?;
    match common::first_difference(&art.bytes, want) {
        None => Ok(()),
        Some(off) => {
            let line = want[..off.min(want.len())]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            Err(format!(
                "{out}: first difference at byte {off} (line {line}):\nours:      {:?}\nreference: {:?}",
                String::from_utf8_lossy(&art.bytes[off.saturating_sub(20)..(off + 40).min(art.bytes.len())]),
                String::from_utf8_lossy(&want[off.saturating_sub(20)..(off + 40).min(want.len())])
            )
            .into())
        }
    }
}

/// Cases whose reference output cannot be compiled or whose reference run
/// failed: we must refuse them with an error of this code.
const REFUSED: &[(&str, &str)] = &[
    ("cell_two_squares", "PW0201"),
    ("cell_without_square", "PW0201"),
    ("eof_no_bottom", "PW0202"),
    ("globals_variants", "PW0203"),
    ("illformed_var", "PW0102"),
    ("no_legend", "PW0101"),
    ("no_map", "PW0101"),
    ("symbol_not_in_legend", "PW0202"),
    ("top_no_plus", "PW0204"),
];

fn invalid(base: &std::path::Path, name: &str) -> Result<(), Failed> {
    let stem = name.trim_end_matches(".map");
    let inv = base.join("invalid");
    let (text, a) = run(&inv.join(name), name)?;
    let rc: i32 = std::fs::read_to_string(inv.join(format!("{stem}.rc")))?
        .trim()
        .parse()
        .unwrap_or(-1);
    let stderr = std::fs::read_to_string(inv.join(format!("{stem}.stderr")))?;
    if let Some((_, code)) = REFUSED.iter().find(|(c, _)| *c == stem) {
        if !a
            .diagnostics
            .iter()
            .any(|d| d.is_error() && d.code == *code)
        {
            return Err(format!("expected an error {code}: {:#?}", a.diagnostics).into());
        }
        if !a.artifacts.is_empty() {
            return Err("an input we refuse must not produce output".into());
        }
        return Ok(());
    }
    if rc != 0 {
        return Err(
            format!("the reference failed (rc {rc}) but the case is not in REFUSED").into(),
        );
    }
    if a.has_errors() {
        return Err(format!(
            "the reference's C compiles, so we must not refuse: {:#?}",
            a.diagnostics
        )
        .into());
    }
    if stem == "crlf" {
        // We accept CR-LF deliberately: the output equals the LF file's.
        if !a.diagnostics.iter().any(|d| d.code == "PW0208") {
            return Err("CR-LF must be reported as a note".into());
        }
        let lf = text.replace("\r\n", "\n");
        let options = Options {
            file_name: name.into(),
            ..Options::default()
        };
        let b = analyze(&lf, Language::PowderMap, &options);
        return compare(&a, &format!("{stem}.cpp"), &b.artifacts[0].bytes);
    }
    // Same warnings as the reference, verbatim and in order.
    let ours = dropin::map2c(name, &text, &format!("{stem}.cpp"))
        .stderr
        .join("\n");
    let theirs = stderr.replace("\r\n", "\n");
    if ours.trim_end() != theirs.trim_end() {
        return Err(format!("warnings differ\nreference:\n{theirs}\nours:\n{ours}").into());
    }
    let want = std::fs::read(inv.join(format!("{stem}.expected.cpp")))?;
    compare(&a, &format!("{stem}.cpp"), &want)
}
