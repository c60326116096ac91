//! Byte-for-byte conformance of `makedefs -e` and `dgn_comp` against the
//! reference corpus, one test per file: `dungeon.pdf`, `dungeon` and every
//! edge case byte-identical; every invalid input with the reference's
//! verdict and first error line (where the reference writes a file despite
//! errors, we report the errors and write nothing; names longer than their
//! field are errors of ours).

use crate::common;

use std::path::Path;

use libtest_mimic::{Failed, Trial};
use vaultwright::dropin;
use vaultwright::view::{BinaryDump, View};
use vaultwright::{analyze, Analysis, Language, Options, Target};

/// This suite's trials.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    match common::shared_dir() {
        None => trials.push(crate::missing_corpus(|| {
            Err("../shared/corpus is missing: the dungeon conformance tests need it".into())
        })),
        Some(shared) => {
            for (dir, target, tag) in [
                ("nethack-3.4.3", Target::Nethack343, "3.4.3"),
                ("nethack-3.2.x", Target::Nethack323, "3.2.3"),
                ("nethack-3.6.6", Target::Nethack366, "3.6.6"),
            ] {
                let base = shared.join("corpus").join(dir);
                add(&mut trials, &base, target, tag);
            }
        }
    }
    trials
}

fn run(path: &Path, name: &str, target: Target) -> Result<(String, Analysis), Failed> {
    let text = String::from_utf8_lossy(&std::fs::read(path)?).into_owned();
    let options = Options {
        target,
        file_name: name.to_string(),
        ..Options::default()
    };
    let a = analyze(&text, Language::NethackDungeon, &options);
    Ok((text, a))
}

fn same(
    ours: &[u8],
    theirs: &[u8],
    what: &str,
    field: impl Fn(usize) -> String,
) -> Result<(), Failed> {
    match common::first_difference(ours, theirs) {
        None => Ok(()),
        Some(off) => Err(format!(
            "{what}: first difference at byte {off} ({}): ours {:?} vs reference {:?} (sizes {} / {})",
            field(off),
            ours.get(off),
            theirs.get(off),
            ours.len(),
            theirs.len()
        )
        .into()),
    }
}

/// The artifact `name` of an analysis, byte for byte against `theirs`; a
/// difference in the `dungeon` file is named by the studio's binary view
/// (which must then cover the file, every record tied to its statement).
fn same_artifact(a: &Analysis, name: &str, theirs: &[u8], what: &str) -> Result<(), Failed> {
    let ours = a
        .artifacts
        .iter()
        .find(|x| x.name == name)
        .ok_or_else(|| format!("{name} not produced"))?;
    let dump = a.views.iter().find_map(|v| match &v.view {
        View::Binary(b) if b.file == name => Some(b),
        _ => None,
    });
    if let Some(dump) = dump {
        binary_view_is_whole(dump, &ours.bytes)?;
    }
    same(&ours.bytes, theirs, what, |off| {
        dump.and_then(|d| {
            d.fields
                .iter()
                .find(|f| (f.offset as usize..(f.offset + f.len) as usize).contains(&off))
        })
        .map_or_else(|| format!("byte {off}"), |f| f.label.clone())
    })
}

/// The binary view covers the file field after field, and every field of
/// a dungeon, level or branch record names the statement that wrote it.
fn binary_view_is_whole(dump: &BinaryDump, bytes: &[u8]) -> Result<(), Failed> {
    if dump.bytes != bytes {
        return Err("the binary view shows other bytes than the file".into());
    }
    let mut at = 0;
    for f in &dump.fields {
        if f.offset != at {
            return Err(format!(
                "binary view: {} at {} after a field ending at {at}",
                f.label, f.offset
            )
            .into());
        }
        at += f.len;
        let owned = !(f.label.starts_with("header")
            || f.label.ends_with("count")
            || f.label.ends_with("padding"));
        if owned && f.origin.is_none() {
            return Err(format!("binary view: {} has no statement", f.label).into());
        }
    }
    if at as usize != bytes.len() {
        return Err(format!("binary view ends at {at} of {} bytes", bytes.len()).into());
    }
    Ok(())
}

fn add(trials: &mut Vec<Trial>, base: &Path, target: Target, tag: &'static str) {
    // Real data: makedefs output and dgn_comp output, from .pdf and from .def.
    let b = base.to_path_buf();
    trials.push(Trial::test(
        format!("{tag}::real::dungeon.def"),
        move || {
            let (_, a) = run(&b.join("des/dungeon.def"), "dungeon.def", target)?;
            same_artifact(
                &a,
                "dungeon.pdf",
                &std::fs::read(b.join("expected/dungeon.def/dungeon.pdf"))?,
                "dungeon.pdf",
            )?;
            same_artifact(
                &a,
                "dungeon",
                &std::fs::read(b.join("expected/dungeon.pdf/dungeon"))?,
                "dungeon (from .def)",
            )
        },
    ));
    let b = base.to_path_buf();
    trials.push(Trial::test(
        format!("{tag}::real::dungeon.pdf"),
        move || {
            let (_, a) = run(&b.join("des/dungeon.pdf"), "dungeon.pdf", target)?;
            if a.has_errors() {
                return Err(format!("{:#?}", a.diagnostics).into());
            }
            same_artifact(
                &a,
                "dungeon",
                &std::fs::read(b.join("expected/dungeon.pdf/dungeon"))?,
                "dungeon",
            )
        },
    ));
    // Edge cases, judged by RESULTS.tsv.
    for row in common::tsv(&base.join("edge/RESULTS.tsv")) {
        let source = row["source"].clone();
        if !(source.starts_with('d') || source.starts_with('m')) {
            continue;
        }
        let b = base.join("edge");
        trials.push(Trial::test(format!("{tag}::edge::{source}"), move || {
            let exit: i32 = row["exit_status"].parse().unwrap_or(-1);
            let name = if source.ends_with(".def") {
                "dungeon.def"
            } else {
                source.as_str()
            };
            let (text, a) = run(&b.join("des").join(&source), name, target)?;
            let stderr = row["stderr_escaped"]
                .replace("\\n", "\n")
                .replace("\\t", "\t");
            if source.starts_with('m') {
                // A makedefs case: only the preprocessed text is judged.
                return same_artifact(
                    &a,
                    "dungeon.pdf",
                    &std::fs::read(b.join("expected").join(&source).join("dungeon.pdf"))?,
                    "dungeon.pdf",
                );
            }
            verdict(&source, name, &text, target, &a, exit, &stderr)?;
            if exit == 0 {
                for out in row["outputs"].split_whitespace().filter(|o| *o != "-") {
                    same_artifact(
                        &a,
                        out,
                        &std::fs::read(b.join("expected").join(&source).join(out))?,
                        out,
                    )?;
                }
            }
            Ok(())
        }));
    }
    // Invalid inputs.
    let inv = base.join("invalid");
    let mut names: Vec<String> = std::fs::read_dir(&inv)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| {
                    (n.starts_with("di") || n.starts_with('m'))
                        && !n.ends_with(".expected.txt")
                        && !n.starts_with("di07")
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    for source in names {
        let inv = inv.clone();
        trials.push(Trial::test(
            format!("{tag}::invalid::{source}"),
            move || {
                let stem = source.rsplit_once('.').map(|(s, _)| s).unwrap_or(&source);
                let exp = common::read_expected(&inv.join(format!("{stem}.expected.txt")));
                let name = if source.ends_with(".def") {
                    "dungeon.def"
                } else {
                    source.as_str()
                };
                let (text, a) = run(&inv.join(&source), name, target)?;
                if source.starts_with("di08") {
                    // The original overruns the 24-byte name field (or crashes);
                    // we reject such names.
                    if !a.diagnostics.iter().any(|d| d.code == "DG0200") {
                        return Err(format!(
                            "a name longer than 23 bytes must be an error: {:#?}",
                            a.diagnostics
                        )
                        .into());
                    }
                    return Ok(());
                }
                let stderr = exp.stderr.join("\n");
                verdict(&source, name, &text, target, &a, exp.exit_status, &stderr)?;
                if a.has_errors() && !a.artifacts.iter().all(|x| x.name == "dungeon.pdf") {
                    return Err("errors, yet a dungeon file was produced".into());
                }
                Ok(())
            },
        ));
    }
}

/// `file_name` is the name the analysis was made under (what `run` got).
fn verdict(
    source: &str,
    file_name: &str,
    text: &str,
    target: Target,
    a: &Analysis,
    exit: i32,
    stderr: &str,
) -> Result<(), Failed> {
    if (exit != 0) != a.has_errors() {
        return Err(format!(
            "verdict differs: reference exit {exit}, ours has errors = {}: {:#?}",
            a.has_errors(),
            a.diagnostics
        )
        .into());
    }
    let ours = dropin::dgn_comp(source, file_name, text, target).stderr;
    let theirs = stderr.lines().next().map(str::to_string);
    let ours_first = ours
        .first()
        .and_then(|l| l.lines().next())
        .map(str::to_string);
    if theirs.is_some() && ours_first != theirs {
        return Err(format!("first error differs\nreference: {theirs:?}\nours: {ours:#?}").into());
    }
    Ok(())
}
