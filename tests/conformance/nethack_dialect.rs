//! Which NetHack a special-level file is for, on real files: every shipped
//! 3.6.6 level file is read as 3.6 and every shipped 3.4.3 and 3.2 one as
//! 3.4.3/3.2, with the note that says why; the same files with the other
//! target forced are read as forced, without the note.

use crate::common;

use std::path::Path;

use vaultwright::pick_nethack_target;

/// The note that says which language a file was read as.
const PICKED: &str = "NH0300";
use vaultwright::{analyze, Language, Options, Target};

fn des_files(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "des"))
                .map(|p| {
                    let name = p
                        .file_name()
                        .unwrap_or_default()
                        .to_string_lossy()
                        .into_owned();
                    let text = String::from_utf8_lossy(&std::fs::read(&p).unwrap_or_default())
                        .into_owned();
                    (name, text)
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn corpus(dir: &str) -> Option<Vec<(String, String)>> {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared/corpus");
        return None;
    };
    let files = des_files(&shared.join("corpus").join(dir).join("des"));
    assert!(!files.is_empty(), "no .des files in corpus/{dir}/des");
    Some(files)
}

fn shipped_36_files_are_read_as_36() {
    let Some(files) = corpus("nethack-3.6.6") else {
        return;
    };
    for (name, text) in files {
        let (picked, _) = pick_nethack_target(&text, &Options::default());
        assert_eq!(picked, Target::Nethack366, "{name}");
        let a = analyze(&text, Language::NethackDes, &Options::default());
        assert_eq!(a.target, Some(Target::Nethack366), "{name}");
        assert_eq!(a.diagnostics[0].code, PICKED, "{name}");
        assert!(!a.has_errors(), "{name}: {:?}", a.diagnostics);
        assert!(!a.artifacts.is_empty(), "{name}: no .lev");
    }
}

fn shipped_343_and_32_files_are_read_as_classic() {
    for (dir, target) in [
        ("nethack-3.4.3", Target::Nethack343),
        ("nethack-3.2.x", Target::Nethack323),
    ] {
        let Some(files) = corpus(dir) else {
            return;
        };
        let options = Options {
            target,
            ..Options::default()
        };
        for (name, text) in files {
            let (picked, diagnostics) = pick_nethack_target(&text, &options);
            assert_eq!(picked, target, "{dir}/{name}");
            assert!(
                diagnostics.iter().all(|d| d.code == PICKED),
                "{dir}/{name}: {:?}",
                diagnostics
            );
        }
    }
}

fn a_forced_target_is_kept_and_not_noted() {
    let Some(files) = corpus("nethack-3.6.6") else {
        return;
    };
    let forced = Options {
        target: Target::Nethack343,
        explicit_target: true,
        ..Options::default()
    };
    let (name, text) = &files[0];
    let a = analyze(text, Language::NethackDes, &forced);
    assert!(a.diagnostics.iter().all(|d| d.code != PICKED), "{name}");
    assert!(
        a.has_errors(),
        "{name}: 3.4.3's compiler accepts a 3.6 file"
    );
}

/// The MiniHack trap: with the 3.6.6 target, `check` finds an error in
/// every generated and hand-written input the reference rejects, and none
/// in the ones it accepts (warnings aside).
fn checking_as_36_fails_exactly_where_the_reference_does() {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared/corpus");
        return;
    };
    let base = shared.join("corpus/nethack-3.6.6");
    let options = Options {
        target: Target::Nethack366,
        explicit_target: true,
        ..Options::default()
    };
    let mut cases: Vec<(std::path::PathBuf, bool)> = Vec::new();
    for row in common::tsv(&base.join("generated/EXPECTED.tsv")) {
        let path = base
            .join("generated")
            .join(&row["kind"])
            .join(&row["input"]);
        cases.push((path, row["exit_status"] != "0"));
    }
    for entry in std::fs::read_dir(base.join("invalid")).expect("invalid/") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|x| x == "des") {
            let expected = path.with_extension("expected.txt");
            let verdict = std::fs::read_to_string(&expected).unwrap_or_default();
            cases.push((path, !verdict.contains("exit_status: 0")));
        }
    }
    assert!(cases.len() > 700, "too few cases: {}", cases.len());
    let mut wrong = Vec::new();
    for (path, rejected) in &cases {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).into_owned();
        let a = analyze(&text, Language::NethackDes, &options);
        if a.has_errors() != *rejected {
            wrong.push(format!("{}: reference rejects: {rejected}", path.display()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The rewrites offered for 3.4.3 forms, applied, give files the 3.6
/// compiler accepts.
fn applying_the_36_rewrites_makes_343_forms_compile() {
    let Some(shared) = common::shared_dir() else {
        common::missing("../shared/corpus");
        return;
    };
    let options = Options {
        target: Target::Nethack366,
        explicit_target: true,
        ..Options::default()
    };
    let dir = shared.join("corpus/nethack-3.6.6/invalid");
    for name in [
        "i02_old_343_monster_form.des",
        "i03_old_343_object_form.des",
        "i04_old_343_maze_without_filler.des",
        "i05_old_343_random_lists.des",
    ] {
        let mut text = std::fs::read_to_string(dir.join(name)).expect(name);
        let before = analyze(&text, Language::NethackDes, &options);
        assert!(before.has_errors(), "{name}");
        let mut fixes: Vec<_> = before
            .diagnostics
            .iter()
            .filter_map(|d| d.fix.clone())
            .collect();
        assert!(!fixes.is_empty(), "{name}: no rewrite offered");
        // From the end, so earlier spans stay right.
        fixes.sort_by_key(|f| std::cmp::Reverse(f.span.start));
        for f in fixes {
            text.replace_range(f.span.start as usize..f.span.end as usize, &f.replacement);
        }
        let after = analyze(&text, Language::NethackDes, &options);
        assert!(
            !after.has_errors(),
            "{name}:\n{text}\n{:?}",
            after.diagnostics
        );
    }
}

/// This file's trials: each ignored outside CI when what it reads is
/// missing (failed under CI).
pub fn trials() -> Vec<libtest_mimic::Trial> {
    vec![
        crate::needing(
            "nethack_dialect::shipped_36_files_are_read_as_36",
            crate::corpus_present(),
            shipped_36_files_are_read_as_36,
        ),
        crate::needing(
            "nethack_dialect::shipped_343_and_32_files_are_read_as_classic",
            crate::corpus_present(),
            shipped_343_and_32_files_are_read_as_classic,
        ),
        crate::needing(
            "nethack_dialect::a_forced_target_is_kept_and_not_noted",
            crate::corpus_present(),
            a_forced_target_is_kept_and_not_noted,
        ),
        crate::needing(
            "nethack_dialect::checking_as_36_fails_exactly_where_the_reference_does",
            crate::corpus_present(),
            checking_as_36_fails_exactly_where_the_reference_does,
        ),
        crate::needing(
            "nethack_dialect::applying_the_36_rewrites_makes_343_forms_compile",
            crate::corpus_present(),
            applying_the_36_rewrites_makes_343_forms_compile,
        ),
    ]
}
