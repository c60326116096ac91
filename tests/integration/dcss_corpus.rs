//! The DCSS vault corpus: every file parses with zero errors and the vault
//! count is exactly the corpus's (6,264), so a change in behaviour shows.

use crate::common;

use vaultwright::view::View;
use vaultwright::{analyze, Language, Options, Severity};

/// The DCSS corpus folder and every `.des` file in it, sorted (144).
fn des_corpus() -> (std::path::PathBuf, Vec<std::path::PathBuf>) {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the DCSS corpus test needs it");
    };
    let root = shared.join("corpus/dcss/des");
    let mut paths = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()) {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "des") {
                paths.push(p);
            }
        }
    }
    paths.sort();
    assert_eq!(paths.len(), 144);
    (root, paths)
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn every_vault_parses_without_errors() {
    let (_, files) = des_corpus();
    let mut vaults = 0;
    let mut errors = Vec::new();
    let mut with_map = 0;
    let mut said_why_not = 0;
    let mut with_markers = 0;
    for f in &files {
        let src = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        let a = analyze(&src, Language::DcssDes, &Options::default());
        vaults += a.outline.len();
        for v in &a.views {
            match v.view {
                View::TileMap(ref m) if m.width > 0 => with_map += 1,
                View::TileMap(ref m) => {
                    assert!(
                        m.notes.iter().any(|n| n.contains("nothing is drawn")),
                        "{}: an empty drawing says why: {:?}",
                        f.display(),
                        m.notes
                    );
                    said_why_not += 1;
                }
                View::EntityTable(_) => with_markers += 1,
                _ => {}
            }
        }
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
    // 207 vaults build their map in Lua. Without crawl's library at hand
    // (the default options), the Lua of 86 of them runs and draws (the
    // uniques, whose helper is their file's own, those the dungeon
    // builder's functions draw, `layout_concentric_octagons` among them,
    // and four whole levels of the game's C++: `layout_basic`,
    // `layout_bigger_room`, `layout_chaotic_city`, `layout_shoals`); 121
    // draw nothing: 118 run Lua and say why on an empty drawing, and three
    // are placeholders with neither a map nor Lua (`abyss_*_dummy`), which
    // have no drawing at all.
    assert_eq!(with_map, 6264 - 121);
    assert_eq!(said_why_not, 118);
    // Vaults with markers, listed with what each does.
    assert_eq!(with_markers, 344);
}

/// The whole corpus analysed together: the ten real mistakes listed in
/// `tables/UNRESOLVED.txt` are found at their lines, and the count of every
/// warning code is fixed so that a change in behaviour is noticed.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn the_known_mistakes_are_found_and_warning_counts_are_stable() {
    let (root, paths) = des_corpus();
    let sources: Vec<String> = paths
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned())
        .collect();
    let names: Vec<String> = paths
        .iter()
        .map(|p| {
            p.strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let set: Vec<(&str, &str)> = names
        .iter()
        .zip(&sources)
        .map(|(n, s)| (n.as_str(), s.as_str()))
        .collect();
    let analyses =
        vaultwright::Analyzer::new().analyze_set(&set, Language::DcssDes, &Options::default());
    let mut found: Vec<(String, usize, String, String)> = Vec::new();
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for ((name, f), src) in names.iter().zip(&analyses).zip(&sources) {
        let idx = vaultwright::LineIndex::new(src);
        for d in &f.diagnostics {
            *counts
                .entry(format!("{}:{}", d.code, d.severity.as_str()))
                .or_default() += 1;
            found.push((
                name.clone(),
                idx.line_of(d.span.start as usize) + 1,
                d.code.clone(),
                d.message.clone(),
            ));
        }
    }
    let has = |file: &str, line: usize, code: &str| {
        found
            .iter()
            .any(|(f, l, c, _)| f == file && *l == line && c == code)
    };
    let expected = [
        ("portals/necropolis.des", 1981, "DC0203"),         // A1
        ("branches/depths_encompass.des", 256, "DC0203"),   // A2
        ("sprint/zigsprint.des", 357, "DC0203"),            // A3
        ("sprint/zigsprint.des", 498, "DC0203"),            // A4
        ("branches/tar.des", 1536, "DC0202"),               // A5
        ("branches/tar.des", 1537, "DC0202"),               // A5
        ("variable/mini_monsters.des", 2831, "DC0200"),     // A6
        ("variable/mini_features.des", 2849, "DC0200"),     // A7
        ("branches/vaults_rooms_hard.des", 2017, "DC0200"), // A8
        ("branches/vaults_rooms_hard.des", 2441, "DC0200"), // A9
        ("altar/overflow.des", 1758, "DC0201"),             // A10
    ];
    let missing: Vec<_> = expected.iter().filter(|(f, l, c)| !has(f, *l, c)).collect();
    assert!(
        missing.is_empty(),
        "not found: {missing:?}\ncounts: {counts:?}"
    );
    assert!(
        !counts.keys().any(|k| k.ends_with(":error")),
        "errors: {:?}",
        found
            .iter()
            .filter(|x| x.2.starts_with("DC0") && x.3.contains("error"))
            .take(5)
            .collect::<Vec<_>>()
    );
    let by_code: Vec<(String, usize)> = counts.into_iter().collect();
    let expected_counts: Vec<(String, usize)> = [
        ("DC0200:warning", 4),
        ("DC0201:warning", 1),
        ("DC0202:warning", 2),
        ("DC0203:warning", 4),
        ("DC0204:warning", 13),
        ("DC0205:warning", 6),
        ("DC0206:warning", 1),
        ("DC0208:warning", 38),
        ("DC0209:warning", 27),
        // Weights of `w:15.0`, made by Lua 5.4's `/` (regret_index_malice_mire):
        // crawl drops them and weighs each monster 10.
        ("DC0211:warning", 10),
        // Over 32 seeds (Lua not run): markers placed nowhere, cells the
        // transforms cut off in some seeds, cells never reachable.
        ("DC0312:warning", 25),
        ("DC0400:warning", 157),
        ("DC0401:note", 519),
        // The written guidelines, as notes: header order, arrival names,
        // simple.des header lines, ghost vault sizes.
        ("DC0500:note", 2143),
        ("DC0501:note", 60),
        ("DC0502:note", 11),
        ("DC0503:note", 13),
    ]
    .into_iter()
    .map(|(c, n)| (c.to_string(), n))
    .collect();
    assert_eq!(
        by_code,
        expected_counts,
        "warning counts changed; examples: {:#?}",
        found.iter().take(30).collect::<Vec<_>>()
    );
}

/// The studio's per-vault lint cache gives exactly what a fresh analysis
/// gives, after edits that shift later vaults and change one vault.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn the_lint_cache_changes_nothing() {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the DCSS corpus test needs it");
    };
    let dir = shared.join("corpus/dcss/des");
    for name in [
        "variable/float.des",
        "branches/shoals.des",
        "arrival/small.des",
    ] {
        let src = String::from_utf8_lossy(&std::fs::read(dir.join(name)).expect(name)).into_owned();
        let mid = src.len() / 2;
        let mid = (mid..src.len())
            .find(|&i| src.is_char_boundary(i) && src[i..].starts_with("\nMAP\n"))
            .expect("a MAP line");
        let versions = [
            src.clone(),
            src.clone(),
            // A blank line half-way shifts every later vault.
            format!("{}\n{}", &src[..mid], &src[mid..]),
            // A stray glyph in a map row changes that vault's findings.
            format!("{}\nMAP\n'{}", &src[..mid], &src[mid + 5..]),
        ];
        let options = Options::default();
        let fresh: Vec<_> = versions
            .iter()
            .map(|v| analyze(v, Language::DcssDes, &options).diagnostics)
            .collect();
        let mut kept = vaultwright::Analyzer::new();
        for (v, want) in versions.iter().zip(&fresh) {
            let got = kept.analyze(v, Language::DcssDes, &options).diagnostics;
            assert_eq!(&got, want, "{name}: cached and fresh analyses differ");
        }
        assert_ne!(
            fresh[0], fresh[3],
            "{name}: the edit changed nothing; the test proves nothing"
        );
    }
}

/// Every file read with CR-LF line ends gives the same vaults, Lua and
/// findings (message and line) as with LF: offsets into Lua text and
/// joined arguments must map back to the right source line either way.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn cr_lf_files_read_as_lf_files() {
    let (_, paths) = des_corpus();
    for p in &paths {
        let lf = String::from_utf8_lossy(&std::fs::read(p).unwrap()).replace("\r\n", "\n");
        let crlf = lf.replace('\n', "\r\n");
        let options = Options::default();
        let (a, b) = (
            analyze(&lf, Language::DcssDes, &options),
            analyze(&crlf, Language::DcssDes, &options),
        );
        let seen = |f: &vaultwright::Analysis, src: &str| {
            let idx = vaultwright::LineIndex::new(src);
            let mut d: Vec<(String, usize)> = f
                .diagnostics
                .iter()
                .map(|d| {
                    (
                        format!("{} {}", d.code, d.message),
                        idx.line_of(d.span.start as usize),
                    )
                })
                .collect();
            d.sort();
            // The Lua lines and blocks, as the studio highlights them.
            let lua: Vec<String> = f
                .tokens
                .iter()
                .filter(|t| t.kind == vaultwright::TokenKind::Code)
                .map(|t| src[t.span.range()].replace("\r\n", "\n"))
                .collect();
            let names: Vec<String> = f.outline.iter().map(|v| v.name.clone()).collect();
            (d, lua, names)
        };
        assert_eq!(seen(&a, &lf), seen(&b, &crlf), "{}", p.display());
    }
}

/// With crawl's own library (the corpus's `dlua`), every vault's Lua finds
/// what it calls: the only calls of names nothing defines are the three
/// of `omnigrid.omnigrid_paint` in `layout_grids.des`, a mistake of
/// crawl's own, and no drawing stops on a name nothing defines (a file's
/// start that fails, a library file loaded out of order, stops every map
/// of the file).
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn with_crawls_library_only_crawls_own_undefined_calls_are_found() {
    let (root, paths) = des_corpus();
    let library = vaultwright::dlua::read(&root.join("../dlua")).expect("the corpus's dlua");
    let options = Options {
        dcss_library: Some(library),
        ..Options::default()
    };
    let mut undefined = Vec::new();
    let mut stopped_on_nothing = Vec::new();
    for path in &paths {
        let src = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let analysis = analyze(&src, Language::DcssDes, &options);
        let file = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        for v in &analysis.views {
            if let View::TileMap(ref m) = v.view {
                stopped_on_nothing.extend(
                    m.notes
                        .iter()
                        .filter(|n| n.contains("is not defined"))
                        .map(|n| format!("{file}: {n}")),
                );
            }
        }
        undefined.extend(
            analysis
                .diagnostics
                .iter()
                .filter(|d| d.code == "DC0314")
                .map(|d| format!("{file}: {}", d.message)),
        );
    }
    let expected =
        "builder/layout_grids.des: `omnigrid.omnigrid_paint` is defined neither by crawl's Lua library nor in this file";
    assert_eq!(undefined, vec![expected; 3]);
    // Nor does any drawing stop on a name nothing defines.
    assert!(
        stopped_on_nothing.is_empty(),
        "{} drawings stop on a name nothing defines, first: {:#?}",
        stopped_on_nothing.len(),
        &stopped_on_nothing[..stopped_on_nothing.len().min(5)]
    );
}
