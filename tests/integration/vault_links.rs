//! Links to one vault or level: every DCSS corpus vault's and every
//! NetHack corpus level's own link is measured (the distribution is
//! printed), and each excerpt means what the entry meant in its file (the
//! same entry, no finding the whole file does not have). The aim is 2,000
//! characters (what chats and trackers keep) for 98% of links: a vault
//! alone reaches it, but what a vault needs (the subvaults it places, the
//! file's Lua it calls) is carried too, so the floors held here are the
//! measured 91% of vaults and 98% of levels.

use std::path::{Path, PathBuf};

use crate::common;
use vaultwright::excerpt::excerpt;
use vaultwright::{analyze, Analysis, Language, Options, Severity, Target};
use vaultwright_codec::{encode_link, LinkOrigin, LinkState, ViewSettings};

/// What a pasted link adds to the hash: a studio's address.
const ADDRESS: &str = "https://vaultwright.example.org/";
/// Links longer than this are cut or refused by many chats and trackers.
const PASTEABLE: usize = 2000;

fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// The link to entry `symbol` of a file: its excerpt's, or the whole
/// file's when the entry is the file.
fn entry_link(name: &str, src: &str, analysis: &Analysis, symbol: usize, target: Target) -> String {
    let (name, source, symbol, from, target) = match excerpt(src, analysis, symbol) {
        Some(x) => {
            let from = LinkOrigin {
                file: name.to_string(),
                line: x.line,
            };
            let target = x.target.unwrap_or(target);
            (x.name, x.source, x.symbol, Some(from), target)
        }
        None => (name.to_string(), src.to_string(), symbol, None, target),
    };
    let state = LinkState {
        language: analysis.language,
        target,
        explicit_target: from.is_some(),
        name,
        source,
        shown: ViewSettings::at(symbol, 1_234_567),
        names: Vec::new(),
        from,
        review: true,
        zoom: None,
        cursor: None,
    };
    format!("{ADDRESS}{}", encode_link(&state))
}

fn percentile(sorted: &[usize], p: usize) -> usize {
    sorted[(sorted.len() * p / 100).min(sorted.len() - 1)]
}

/// Lengths of every entry's link in the files, checking each excerpt.
fn measure(files: &[PathBuf], language: Language, target: Target) -> Vec<usize> {
    let options = Options {
        target,
        ..Options::default()
    };
    let mut lengths = Vec::new();
    for f in files {
        let src = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        let name = f.file_name().unwrap().to_string_lossy();
        let analysis = analyze(&src, language, &options);
        for (i, entry) in analysis.outline.iter().enumerate() {
            lengths.push(entry_link(&name, &src, &analysis, i, target).len());
            if let Some(x) = excerpt(&src, &analysis, i) {
                means_the_same(&name, &analysis, entry, &x, language, &options);
            }
        }
    }
    lengths.sort_unstable();
    lengths
}

/// The excerpt shows the same entry, and finds nothing the whole file
/// does not (a subvault or a Lua function left behind would).
fn means_the_same(
    file: &str,
    whole: &Analysis,
    entry: &vaultwright::Symbol,
    x: &vaultwright::excerpt::Excerpt,
    language: Language,
    options: &Options,
) {
    // Read for the compiler the whole file was read for, as a link says.
    let options = Options {
        target: x.target.unwrap_or(options.target),
        explicit_target: x.target.is_some(),
        ..options.clone()
    };
    let alone = analyze(&x.source, language, &options);
    let shown = alone.outline.get(x.symbol).map(|s| (&s.name, &s.kind));
    assert_eq!(
        shown,
        Some((&entry.name, &entry.kind)),
        "{file}: {}",
        entry.name
    );
    let codes = |a: &Analysis| -> std::collections::BTreeSet<String> {
        a.diagnostics
            .iter()
            .filter(|d| d.severity >= Severity::Warning)
            .map(|d| d.code.clone())
            .collect()
    };
    let new: Vec<String> = codes(&alone).difference(&codes(whole)).cloned().collect();
    assert!(new.is_empty(), "{file}: {} alone finds {new:?}", entry.name);
}

fn report(what: &str, lengths: &[usize]) -> f64 {
    let fit = lengths.iter().filter(|&&n| n <= PASTEABLE).count();
    let share = fit as f64 / lengths.len() as f64;
    println!(
        "{what}: {} links, median {}, p90 {}, p95 {}, p98 {}, p99 {}, max {} characters; {:.1}% within {PASTEABLE}",
        lengths.len(),
        percentile(lengths, 50),
        percentile(lengths, 90),
        percentile(lengths, 95),
        percentile(lengths, 98),
        percentile(lengths, 99),
        lengths.last().copied().unwrap_or(0),
        share * 100.0
    );
    share
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn vault_and_level_links_fit_where_people_paste_them() {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the link lengths are measured on it");
    };
    let mut dcss = Vec::new();
    files_under(&shared.join("corpus/dcss/des"), "des", &mut dcss);
    dcss.sort();
    let vaults = measure(&dcss, Language::DcssDes, Target::default());
    assert_eq!(vaults.len(), 6264, "every corpus vault is measured");
    let share = report("DCSS vaults", &vaults);
    assert!(
        share >= 0.90,
        "only {:.1}% of vault links fit",
        share * 100.0
    );
    for (dir, target) in [
        ("nethack-3.4.3/des", Target::Nethack343),
        ("nethack-3.6.6/des", Target::Nethack366),
        ("nethack-3.2.x/des", Target::Nethack323),
    ] {
        let mut des = Vec::new();
        files_under(&shared.join("corpus").join(dir), "des", &mut des);
        des.sort();
        let levels = measure(&des, Language::NethackDes, target);
        assert!(!levels.is_empty(), "{dir} has levels");
        let share = report(&format!("NetHack levels of {dir}"), &levels);
        assert!(
            share >= 0.95,
            "{dir}: only {:.1}% of level links fit",
            share * 100.0
        );
    }
}
