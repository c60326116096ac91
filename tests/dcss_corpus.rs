//! The DCSS vault corpus: every file parses with zero errors and the vault
//! count is exactly the corpus's (6,264), so a change in behaviour shows.

mod common;

use vaultwright::{analyze, Language, Options, Severity};

#[test]
fn every_vault_parses_without_errors() {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the DCSS corpus test needs it");
    };
    let mut files = Vec::new();
    let mut stack = vec![shared.join("corpus/dcss/des")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()) {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "des") {
                files.push(p);
            }
        }
    }
    files.sort();
    assert_eq!(files.len(), 144);
    let mut vaults = 0;
    let mut errors = Vec::new();
    let mut with_map = 0;
    for f in &files {
        let src = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        let a = analyze(&src, Language::DcssDes, &Options::default());
        vaults += a.outline.len();
        with_map += a.views.len();
        for d in a
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
        {
            errors.push(format!("{}: {} ({:?})", f.display(), d.message, d.span));
        }
    }
    assert!(
        errors.is_empty(),
        "{} errors, first: {:#?}",
        errors.len(),
        &errors[..errors.len().min(10)]
    );
    assert_eq!(vaults, 6264);
    // 207 vaults build their map in Lua.
    assert_eq!(with_map, 6264 - 207);
}
