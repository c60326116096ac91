//! The 3.6.6 compiler against the reference's recorded behaviour in
//! `../shared/corpus/nethack-3.6.6`: the 24 shipped files and the edge
//! files byte for byte, the invalid files by exit status, first error line
//! and files written, and every input of `generated/` by exit status,
//! output bytes and first error line. One test per input.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use libtest_mimic::{Failed, Trial};
use vaultwright::dropin::LevComp36;
use vaultwright::lev::LevTarget;

/// This suite's trials.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    match common::shared_dir() {
        None => trials.push(crate::missing_corpus(|| {
            Err(
                "../shared/corpus is missing: the NetHack 3.6 conformance tests need it \
                 (set VAULTWRIGHT_SHARED to the folder holding corpus/)"
                    .into(),
            )
        })),
        Some(shared) => {
            let dir = shared.join("corpus/nethack-3.6.6");
            for (sub, kind) in [("", "real"), ("edge/", "edge")] {
                compiled(&mut trials, &dir.join(sub), kind);
            }
            invalid(&mut trials, &dir.join("invalid"));
            generated(&mut trials, &dir.join("generated"));
        }
    }
    trials
}

/// What one run of our compiler leaves in a fresh directory: the files by
/// name (a later level of the same name overwrites an earlier one without
/// truncating it, as the reference opens its output), stderr, exit status.
struct Outcome {
    files: BTreeMap<String, Vec<u8>>,
    stderr: Vec<String>,
    exit: u8,
}

fn run(path: &Path, target: LevTarget) -> Outcome {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let source = std::fs::read(path).unwrap_or_default();
    let mut compiler = LevComp36::for_target(target).expect("a 3.6 target");
    let (run, _) = compiler.compile(&name, &source);
    let files: BTreeMap<String, Vec<u8>> =
        run.files.into_iter().map(|f| (f.name, f.bytes)).collect();
    // A message may hold a newline (a string running over lines).
    let stderr = run.stderr.join("\n").lines().map(String::from).collect();
    Outcome {
        files,
        stderr,
        exit: run.exit,
    }
}

fn compare_files(
    expected_dir: &Path,
    got: &BTreeMap<String, Vec<u8>>,
    expected: &[String],
) -> Result<(), Failed> {
    let names: Vec<&String> = got.keys().collect();
    let mut want: Vec<&String> = expected.iter().collect();
    want.sort();
    want.dedup();
    if names != want {
        return Err(format!("files written: {names:?}, the reference wrote {want:?}").into());
    }
    for name in expected {
        let want = std::fs::read(expected_dir.join(name)).map_err(|e| format!("{name}: {e}"))?;
        let have = &got[name];
        if let Some(at) = (0..want.len().max(have.len())).find(|&i| want.get(i) != have.get(i)) {
            return Err(format!(
                "{name}: differs from byte {at} (ours {} bytes, reference {} bytes)",
                have.len(),
                want.len()
            )
            .into());
        }
    }
    Ok(())
}

fn compiled(trials: &mut Vec<Trial>, base: &Path, kind: &'static str) {
    for row in common::tsv(&base.join("RESULTS.tsv")) {
        let source = row["source"].clone();
        if !source.ends_with(".des") {
            continue;
        }
        let base = base.to_path_buf();
        trials.push(Trial::test(format!("3.6.6::{kind}::{source}"), move || {
            let outputs: Vec<String> = row["outputs"]
                .split([' ', ','])
                .filter(|o| !o.is_empty() && *o != "-")
                .map(String::from)
                .collect();
            let got = run(&base.join("des").join(&source), LevTarget::Nethack366);
            let stderr: Vec<String> = unescape(&row["stderr_escaped"])
                .lines()
                .map(String::from)
                .collect();
            if got.exit != 0 || got.stderr != stderr {
                return Err(format!(
                    "exit {}, stderr {:?}\nreference {stderr:?}",
                    got.exit, got.stderr
                )
                .into());
            }
            compare_files(&base.join("expected").join(&source), &got.files, &outputs)
        }));
    }
}

/// The TSV escapes `\n`, `\t`, `\\`.
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// `NAME.expected.txt`: the exit status and the verbatim stderr.
fn expected_text(path: &Path) -> (i32, Vec<String>, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let exit = text
        .lines()
        .find_map(|l| l.strip_prefix("exit_status: "))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(-1);
    let outputs = text
        .lines()
        .filter_map(|l| l.strip_prefix("output_file: "))
        .flat_map(|v| {
            v.split([' ', ','])
                .filter(|o| o.ends_with(".lev"))
                .map(String::from)
        })
        .collect();
    let stderr = text
        .split("----- stderr (verbatim) -----\n")
        .nth(1)
        .and_then(|rest| rest.split("----- end -----").next())
        .map(|s| s.lines().map(String::from).collect())
        .unwrap_or_default();
    (exit, outputs, stderr)
}

fn invalid(trials: &mut Vec<Trial>, dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut sources: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    sources.sort();
    for source in sources {
        let name = source
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let dir = dir.to_path_buf();
        trials.push(Trial::test(format!("3.6.6::invalid::{name}"), move || {
            let stem = name.trim_end_matches(".des");
            let (exit, outputs, stderr) = expected_text(&dir.join(format!("{stem}.expected.txt")));
            let got = run(&source, LevTarget::Nethack366);
            verdict(exit, stderr.first().map(String::as_str), &got)?;
            if exit != 139 {
                let mut outputs = outputs;
                outputs.sort();
                compare_files(&dir.join("expected").join(&name), &got.files, &outputs)?;
                if got.stderr != stderr {
                    return Err(format!("stderr {:?}\nreference {:?}", got.stderr, stderr).into());
                }
            }
            Ok(())
        }));
    }
}

/// Exit status and first line: a reference crash (139) must be a clean
/// rejection (exit 1); otherwise the same status and first line.
fn verdict(exit: i32, first: Option<&str>, got: &Outcome) -> Result<(), Failed> {
    if exit == 139 {
        return if got.exit == 1 {
            Ok(())
        } else {
            Err(format!("exit {}, expected a clean rejection", got.exit).into())
        };
    }
    if i32::from(got.exit) != exit {
        return Err(format!(
            "exit {}, reference {exit}; stderr {:?}",
            got.exit, got.stderr
        )
        .into());
    }
    if got.stderr.first().map(String::as_str) != first {
        return Err(format!(
            "first line {:?}\nreference  {:?}",
            got.stderr.first(),
            first
        )
        .into());
    }
    Ok(())
}

fn generated(trials: &mut Vec<Trial>, dir: &Path) {
    for row in common::tsv(&dir.join("EXPECTED.tsv")) {
        let (kind, input) = (row["kind"].clone(), row["input"].clone());
        let dir = dir.to_path_buf();
        trials.push(Trial::test(
            format!("3.6.6::generated::{kind}::{input}"),
            move || {
                let exit: i32 = row["exit_status"].parse().unwrap_or(-1);
                let path = dir.join(&kind).join(&input);
                let got = run(&path, LevTarget::Nethack366);
                let stderr =
                    std::fs::read_to_string(dir.join("stderr").join(format!("{input}.txt")))
                        .unwrap_or_default();
                verdict(exit, stderr.lines().next(), &got)?;
                if exit != 139 {
                    let outputs: Vec<String> = row["outputs"]
                        .split(',')
                        .filter(|o| *o != "-")
                        .filter_map(|o| o.split(':').next().map(String::from))
                        .collect();
                    compare_files(&dir.join("expected").join(&input), &got.files, &outputs)?;
                    let lines: Vec<String> = stderr.lines().map(String::from).collect();
                    if got.stderr != lines {
                        return Err(
                            format!("stderr {:?}\nreference {:?}", got.stderr, lines).into()
                        );
                    }
                }
                Ok(())
            },
        ));
    }
}
