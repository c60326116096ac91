//! RLG327 print-outs identical to the instructor's reference parser for
//! every corpus file and every dialect it was run with, and the seed
//! example identical in the assignment's form.

use crate::common;

use std::path::Path;

use libtest_mimic::{Failed, Trial};
use vaultwright::dropin;
use vaultwright::{Rlg327Dialect as Dialect, Rlg327Form as Form, Rlg327Kind as Kind};

/// The reference aborts on an empty DESC; we report it with this code.
const EMPTY_DESC: &str = "RL0101";

/// This suite's trials.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    match common::shared_dir() {
        None => trials.push(crate::missing_corpus(|| {
            Err("../shared/corpus is missing: the RLG327 conformance tests need it".into())
        })),
        Some(shared) => {
            let base = shared.join("corpus/rlg327");
            for (dir, expected) in [
                (base.clone(), base.join("expected")),
                (base.join("synthetic"), base.join("synthetic/expected")),
            ] {
                let mut outs: Vec<String> = std::fs::read_dir(&expected)
                    .map(|d| {
                        d.filter_map(|e| e.ok())
                            .map(|e| e.file_name().to_string_lossy().into_owned())
                            .filter(|n| n.ends_with(".stdout"))
                            .collect()
                    })
                    .unwrap_or_default();
                outs.sort();
                for out in outs {
                    let (dir, expected) = (dir.clone(), expected.clone());
                    trials.push(Trial::test(
                        out.trim_end_matches(".stdout").to_string(),
                        move || check(&dir, &expected, &out),
                    ));
                }
            }
            let b = base.clone();
            trials.push(Trial::test("seed.assignment-form", move || {
                let src = std::fs::read_to_string(b.join("monster_desc.erelsbernd.txt"))?;
                let ours = dropin::rlg327_print(
                    &src,
                    Kind::Monster,
                    Some(Dialect::F2017),
                    Form::Assignment,
                )
                .stdout;
                let want = std::fs::read_to_string(b.join("expected/seed.assignment-form.txt"))?;
                same(&ours, want.as_bytes())
            }));
        }
    }
    trials
}

fn same(ours: &[u8], want: &[u8]) -> Result<(), Failed> {
    match common::first_difference(ours, want) {
        None => Ok(()),
        Some(off) => Err(format!(
            "first difference at byte {off}:\nours:      {:?}\nreference: {:?}",
            String::from_utf8_lossy(&ours[off.saturating_sub(30)..(off + 30).min(ours.len())]),
            String::from_utf8_lossy(&want[off.saturating_sub(30)..(off + 30).min(want.len())])
        )
        .into()),
    }
}

fn check(dir: &Path, expected: &Path, out: &str) -> Result<(), Failed> {
    // NAME.<dialect>.stdout
    let stem = out.trim_end_matches(".stdout");
    let (file, dialect) = stem.rsplit_once('.').ok_or("bad name")?;
    let dialect = Dialect::from_name(dialect).ok_or("unknown dialect")?;
    let path = if dir.join(file).exists() {
        dir.join(file)
    } else {
        dir.join(format!("{file}.txt"))
    };
    let src = String::from_utf8_lossy(&std::fs::read(&path)?).into_owned();
    let kind = if file.starts_with("object")
        || src.contains("OBJECT DESCRIPTION")
        || src.contains("BEGIN OBJECT")
    {
        Kind::Object
    } else {
        Kind::Monster
    };
    let rc: i32 = std::fs::read_to_string(expected.join(format!("{stem}.rc")))?
        .trim()
        .parse()
        .unwrap_or(0);
    let run = std::panic::catch_unwind(|| {
        dropin::rlg327_print(&src, kind, Some(dialect), Form::Reference)
    })
    .map_err(|_| "the parser panicked")?;
    if rc == 134 {
        // The reference aborts on an empty DESC; we report it and go on.
        if !run.diagnostics.iter().any(|d| d.code == EMPTY_DESC) {
            return Err(format!("expected an empty-DESC error: {:#?}", run.diagnostics).into());
        }
        return Ok(());
    }
    let want = std::fs::read(expected.join(out))?;
    same(&run.stdout, &want)
}
