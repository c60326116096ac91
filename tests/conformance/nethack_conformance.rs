//! Byte-for-byte conformance of the `lev_comp` implementation against the
//! reference outputs in `../shared/corpus/nethack-*`: one test per source
//! file, named after it, so a failure names the file, the first differing
//! byte offset and the record and field there.

use crate::common;

use std::path::Path;

use libtest_mimic::{Failed, Trial};
use vaultwright::{describe_lev_offset, dropin, Options, Severity, Target};

/// This suite's trials.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    match common::shared_dir() {
        None => trials.push(crate::missing_corpus(|| {
            Err(
                "../shared/corpus is missing: the NetHack conformance tests need it \
                 (set VAULTWRIGHT_SHARED to the folder holding corpus/)"
                    .into(),
            )
        })),
        Some(shared) => {
            let c343 = shared.join("corpus/nethack-3.4.3");
            let c32 = shared.join("corpus/nethack-3.2.x");
            for (dir, target, tag) in [
                (c343.clone(), Target::Nethack343, "3.4.3"),
                (c32.clone(), Target::Nethack323, "3.2.3"),
                (c32.clone(), Target::Nethack322, "3.2.2"),
            ] {
                real_and_edge(&mut trials, &dir, target, tag);
                invalid(&mut trials, &dir, target, tag);
            }
        }
    }
    trials
}

/// Sources of `RESULTS.tsv` that `lev_comp` compiled (`.des`).
fn real_and_edge(trials: &mut Vec<Trial>, dir: &Path, target: Target, tag: &'static str) {
    for (sub, kind) in [("", "real"), ("edge/", "edge")] {
        let base = dir.join(sub);
        for row in common::tsv(&base.join("RESULTS.tsv")) {
            let source = row["source"].clone();
            if !source.ends_with(".des") {
                continue;
            }
            let base = base.clone();
            let name = format!("{tag}::{kind}::{source}");
            trials.push(Trial::test(name, move || {
                let exit: i32 = row["exit_status"].parse().unwrap_or(-1);
                let outputs: Vec<String> = row["outputs"]
                    .split_whitespace()
                    .filter(|o| *o != "-")
                    .map(String::from)
                    .collect();
                check_source(
                    &base,
                    &source,
                    target,
                    exit,
                    &outputs,
                    &row["stderr_escaped"],
                )
            }));
        }
    }
}

fn check_source(
    base: &Path,
    source: &str,
    target: Target,
    exit: i32,
    outputs: &[String],
    stderr_escaped: &str,
) -> Result<(), Failed> {
    let text = std::fs::read(base.join("des").join(source))?;
    let text = String::from_utf8_lossy(&text);
    let options = Options {
        target,
        ..Options::default()
    };
    let analysis = vaultwright::analyze(&text, vaultwright::Language::NethackDes, &options);
    let errors = analysis.has_errors();
    if (exit != 0) != errors {
        return Err(format!(
            "verdict differs: reference exit {exit}, ours has errors = {errors}: {:#?}",
            analysis.diagnostics
        )
        .into());
    }
    // The reference's stderr, line by line.
    let ours = dropin::lev_comp(source, &text, target, false).stderr;
    let theirs: Vec<String> = stderr_escaped
        .replace("\\n", "\n")
        .replace("\\t", "\t")
        .replace("\\\\", "\\")
        .lines()
        .map(String::from)
        .collect();
    if ours != theirs {
        return Err(format!("stderr differs\nreference: {theirs:#?}\nours: {ours:#?}").into());
    }
    let names: Vec<&str> = analysis.artifacts.iter().map(|a| a.name.as_str()).collect();
    for out in outputs {
        let expected = std::fs::read(base.join("expected").join(source).join(out))?;
        let Some(art) = analysis.artifacts.iter().find(|a| &a.name == out) else {
            return Err(format!("{out} was not produced (we produced {names:?})").into());
        };
        let expected = patch_version(expected, target);
        if let Some(off) = common::first_difference(&art.bytes, &expected) {
            return Err(format!(
                "{out}: first difference at byte {off} ({}): ours {:?} vs reference {:?} (sizes {} / {})",
                describe_lev_offset(&expected, off),
                art.bytes.get(off),
                expected.get(off),
                art.bytes.len(),
                expected.len()
            )
            .into());
        }
    }
    if names.len() != outputs.len() {
        return Err(format!("we produced {names:?}, the reference {outputs:?}").into());
    }
    Ok(())
}

/// The 3.2.x corpus was built by 3.2.3; 3.2.2 differs only in byte 1.
fn patch_version(mut bytes: Vec<u8>, target: Target) -> Vec<u8> {
    if target == Target::Nethack322 && bytes.len() > 1 {
        bytes[1] = 0x02;
    }
    bytes
}

fn invalid(trials: &mut Vec<Trial>, dir: &Path, target: Target, tag: &'static str) {
    let inv = dir.join("invalid");
    let Ok(entries) = std::fs::read_dir(&inv) else {
        return;
    };
    let mut sources: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".des"))
        .collect();
    sources.sort();
    for source in sources {
        let inv = inv.clone();
        trials.push(Trial::test(
            format!("{tag}::invalid::{source}"),
            move || {
                let stem = source.trim_end_matches(".des");
                let exp = common::read_expected(&inv.join(format!("{stem}.expected.txt")));
                let text = String::from_utf8_lossy(&std::fs::read(inv.join(&source))?).into_owned();
                let options = Options {
                    target,
                    ..Options::default()
                };
                let analysis = std::panic::catch_unwind(|| {
                    vaultwright::analyze(&text, vaultwright::Language::NethackDes, &options)
                })
                .map_err(|_| "analysis panicked")?;
                let errors = analysis.has_errors();
                if (exp.exit_status != 0) != errors {
                    return Err(format!(
                        "verdict differs: reference exit {}, ours has errors = {errors}: {:#?}",
                        exp.exit_status, analysis.diagnostics
                    )
                    .into());
                }
                let ours = dropin::lev_comp(&source, &text, target, false).stderr;
                let first_error = |lines: &[String]| {
                    lines
                        .iter()
                        .find(|l| l.contains(": line ") && !l.contains("WARNING"))
                        .cloned()
                };
                if let Some(theirs) = first_error(&exp.stderr) {
                    if first_error(&ours).as_ref() != Some(&theirs) {
                        return Err(format!(
                            "first error differs\nreference: {theirs}\nours: {ours:#?}"
                        )
                        .into());
                    }
                }
                if exp.exit_status == 139 {
                    // The reference crashed; we must give a clear error.
                    if !analysis
                        .diagnostics
                        .iter()
                        .any(|d| d.severity == Severity::Error)
                    {
                        return Err("the reference crashes here; we must report an error".into());
                    }
                }
                // Files the reference wrote: ours must equal them (with our
                // truncation: the reference keeps a longer earlier file's tail).
                for out in &exp.output_files {
                    let expected = std::fs::read(inv.join("expected").join(&source).join(out))?;
                    let expected = patch_version(expected, target);
                    let art = analysis
                        .artifacts
                        .iter()
                        .rev()
                        .find(|a| &a.name == out)
                        .ok_or_else(|| format!("{out} not produced"))?;
                    let n = art.bytes.len().min(expected.len());
                    if let Some(off) = common::first_difference(&art.bytes, &expected[..n]) {
                        return Err(format!(
                            "{out}: first difference at byte {off} ({})",
                            describe_lev_offset(&expected, off)
                        )
                        .into());
                    }
                }
                if exp.output_files.is_empty()
                    && !analysis.artifacts.is_empty()
                    && exp.exit_status != 0
                {
                    return Err("the reference wrote nothing; we produced artifacts".into());
                }
                Ok(())
            },
        ));
    }
}
