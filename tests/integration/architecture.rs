//! The map against the territory: ARCHITECTURE.md is a map of at most
//! 500 lines that names every crate and every module of the core and only
//! paths that exist; every source file opens with a summary; the code
//! tables of `docs/diagnostics.md` are the registry's
//! (`crates/model/src/codes.tsv`), and every code the sources use is
//! registered; no function is over 200 lines; the model imports nothing
//! of ours, no format module reaches the doors of `lib.rs`, and the Lua
//! engine imports no other module of the core.
//!
//! `VAULTWRIGHT_BLESS=1 cargo test --test integration architecture`
//! rewrites the code tables of `docs/diagnostics.md` instead of failing
//! on them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use vaultwright::codes;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every Rust and JavaScript source of ours, repository-relative with `/`,
/// sorted: what the code map must name. Generated and vendored files,
/// build outputs and test fixtures are not sources.
fn sources() -> Vec<String> {
    let mut out = Vec::new();
    for root in ["crates", "web/src", "web/js", "fuzz", "tests"] {
        walk(&repo(), &repo().join(root), &mut out);
    }
    out.sort();
    out
}

fn walk(repo: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !["target", "fixtures", "node_modules", "corpus", "artifacts"]
                .contains(&name.as_str())
            {
                walk(repo, &path, out);
            }
            continue;
        }
        let ours = name.ends_with(".rs") || (name.ends_with(".js") || name.ends_with(".mjs"));
        let generated = name == "bridge.js" || name.ends_with(".min.js");
        if ours && !generated {
            if let Ok(rel) = path.strip_prefix(repo) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(repo().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// A file's own one-line summary: the first sentence of its leading `//!`
/// (or, for JavaScript, `//`) comment.
fn summary(rel: &str) -> String {
    let text = read(rel);
    let mut lines = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        let doc = t.strip_prefix("//!").or_else(|| {
            (rel.ends_with("js") && !t.starts_with("///"))
                .then(|| t.strip_prefix("//"))
                .flatten()
        });
        match doc {
            Some(d) => lines.push(d.trim().to_string()),
            None if lines.is_empty() && (t.is_empty() || t.starts_with("#!")) => continue,
            None => break,
        }
    }
    let joined = lines.join(" ");
    let end = joined
        .match_indices(". ")
        .map(|(i, _)| i + 1)
        .next()
        .unwrap_or(joined.len());
    let first = joined.get(..end).unwrap_or(&joined).trim().to_string();
    if first.is_empty() {
        "(no summary)".to_string()
    } else {
        first
    }
}

/// Replaces the text between `<!-- begin NAME -->` and `<!-- end NAME -->`.
fn with_generated(doc: &str, name: &str, body: &str) -> Option<String> {
    let begin = format!("<!-- begin {name} -->\n");
    let end = format!("<!-- end {name} -->");
    let start = doc.find(&begin)? + begin.len();
    let stop = start + doc.get(start..)?.find(&end)?;
    Some(format!("{}{body}{}", &doc[..start], &doc[stop..]))
}

fn code_table(language: &str) -> String {
    let mut out = String::from("| code | severity | meaning |\n|---|---|---|\n");
    for c in codes::all().iter().filter(|c| c.language == language) {
        // A `|` inside a cell would end it.
        let meaning = c.meaning.replace('|', "\\|");
        out.push_str(&format!("| {} | {} | {meaning} |\n", c.code, c.severity));
    }
    out
}

/// docs/diagnostics.md as it should be: its code tables made anew.
fn expected_diagnostics(doc: &str) -> String {
    let languages: BTreeSet<&str> = codes::all().iter().map(|c| c.language).collect();
    let mut doc = doc.to_string();
    for language in languages {
        let name = format!("codes {language}");
        doc = with_generated(&doc, &name, &code_table(language))
            .unwrap_or_else(|| panic!("docs/diagnostics.md has no <!-- begin {name} --> section"));
    }
    doc
}

#[test]
fn diagnostics_md_tables_are_the_registry() {
    let doc = read("docs/diagnostics.md");
    let expected = expected_diagnostics(&doc);
    if crate::common::blessing() {
        std::fs::write(repo().join("docs/diagnostics.md"), &expected)
            .expect("docs/diagnostics.md written");
        return;
    }
    if doc != expected {
        let first = doc
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .map_or(doc.lines().count().min(expected.lines().count()), |i| i);
        panic!(
            "docs/diagnostics.md's code tables differ from crates/model/src/codes.tsv (first \
             difference at line {}: expected {:?}). Run `VAULTWRIGHT_BLESS=1 cargo test \
             --test integration architecture`",
            first + 1,
            expected.lines().nth(first).unwrap_or("")
        );
    }
}

#[test]
fn every_source_file_opens_with_a_summary() {
    let bare: Vec<String> = sources()
        .into_iter()
        .filter(|rel| summary(rel) == "(no summary)")
        .collect();
    assert!(
        bare.is_empty(),
        "open these with a doc comment whose first sentence says what the file is: {bare:#?}"
    );
}

/// The backticked words of `doc` that name a place in the repository.
fn paths_named(doc: &str) -> BTreeSet<&str> {
    let roots = [
        "crates/", "web/", "tests/", "fuzz/", "static/", "editors/", "docs/",
    ];
    doc.split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| roots.iter().any(|r| w.starts_with(r)) && !w.contains(' '))
        .collect()
}

#[test]
fn architecture_is_a_map_of_the_tree() {
    let doc = read("ARCHITECTURE.md");
    let lines = doc.lines().count();
    assert!(
        lines <= 500,
        "ARCHITECTURE.md has {lines} lines: it is the map, at most 500; details go in the modules' own docs"
    );
    let named = paths_named(&doc);
    let missing: Vec<&&str> = named
        .iter()
        .filter(|p| !repo().join(p.trim_end_matches('/')).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist: {missing:?}"
    );
    let mut places: Vec<String> = Vec::new();
    for (dir, prefix) in [
        ("crates", "crates/"),
        ("crates/core/src", "crates/core/src/"),
    ] {
        for entry in std::fs::read_dir(repo().join(dir))
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            let is_dir = entry.path().is_dir();
            if name.starts_with('.') || (!is_dir && !name.ends_with(".rs")) {
                continue;
            }
            places.push(format!("{prefix}{name}"));
        }
    }
    let unnamed: Vec<&String> = places
        .iter()
        .filter(|p| !named.iter().any(|n| n.trim_end_matches('/') == p.as_str()))
        .collect();
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md's code map does not name these crates or core modules: {unnamed:?}"
    );
}

/// Every string of the sources shaped like a code (two capitals, four digits).
fn codes_in(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for (i, _) in text.match_indices('"') {
        let Some(word) = bytes.get(i + 1..i + 8) else {
            continue;
        };
        let shape = word[..2].iter().all(u8::is_ascii_uppercase)
            && word[2..6].iter().all(u8::is_ascii_digit)
            && word[6] == b'"';
        if shape {
            if let Some(code) = text.get(i + 1..i + 7) {
                out.push(code);
            }
        }
    }
    out
}

#[test]
fn every_code_the_sources_use_is_registered() {
    let mut unknown = BTreeSet::new();
    for rel in sources() {
        for code in codes_in(&read(&rel)) {
            if codes::lookup(code).is_none() {
                unknown.insert(format!("{code} ({rel})"));
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "codes not in crates/model/src/codes.tsv: {unknown:?}"
    );
}

/// Functions (free, in an impl, in a trait) and their length in lines.
struct Lengths {
    file: String,
    long: Vec<String>,
}

impl<'ast> syn::visit::Visit<'ast> for Lengths {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.measure(&f.sig.ident, f.block.brace_token.span.join());
        syn::visit::visit_item_fn(self, f);
    }
    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.measure(&f.sig.ident, f.block.brace_token.span.join());
        syn::visit::visit_impl_item_fn(self, f);
    }
}

impl Lengths {
    fn measure(&mut self, name: &syn::Ident, body: proc_macro2::Span) {
        let (start, end) = (name.span().start().line, body.end().line);
        let lines = end.saturating_sub(start) + 1;
        if lines > 200 {
            self.long
                .push(format!("{}:{start} {name} ({lines} lines)", self.file));
        }
    }
}

#[test]
fn no_function_is_over_200_lines() {
    let mut long = Vec::new();
    for rel in sources().iter().filter(|r| r.ends_with(".rs")) {
        let Ok(file) = syn::parse_file(&read(rel)) else {
            panic!("{rel} does not parse");
        };
        let mut lengths = Lengths {
            file: rel.clone(),
            long: Vec::new(),
        };
        syn::visit::Visit::visit_file(&mut lengths, &file);
        long.extend(lengths.long);
    }
    assert!(long.is_empty(), "split these: {long:#?}");
}

/// The `mod` names `lib.rs` declares.
fn core_modules() -> BTreeSet<String> {
    read("crates/core/src/lib.rs")
        .lines()
        .filter_map(|l| {
            let l = l
                .trim_start()
                .strip_prefix("pub ")
                .unwrap_or(l.trim_start());
            l.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .collect()
}

/// The `crate::` paths in the code of `text` (comments left out), each
/// with its first segment and line.
fn crate_paths(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for (at, _) in line.match_indices("crate::") {
            let first: String = line[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push((first, n + 1));
        }
    }
    out
}

/// Whether a source holds only tests (they may reach the doors to test
/// through them).
fn is_test_file(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    name == "tests.rs" || name.ends_with("_tests.rs") || rel.contains("/tests/")
}

/// The core's sources under `crates/core/src/<module>/` for each module,
/// tests left out.
fn core_sources_in(modules: &[&str]) -> Vec<String> {
    sources()
        .into_iter()
        .filter(|rel| !is_test_file(rel))
        .filter(|rel| {
            rel.strip_prefix("crates/core/src/")
                .is_some_and(|inside| modules.iter().any(|m| inside.starts_with(&format!("{m}/"))))
        })
        .collect()
}

#[test]
fn formats_import_the_model_not_the_doors() {
    let modules = core_modules();
    let formats = [
        "dcss",
        "dungeon",
        "nethack",
        "nethack36",
        "nethack_dialect",
        "nethack_lua",
        "powder",
        "rlg327",
    ];
    let doors = [
        "analyze", "analyzer", "convert", "dropin", "excerpt", "faces", "lev", "paint", "service",
    ];
    assert!(formats.iter().all(|f| modules.contains(*f)), "{modules:?}");
    assert!(doors.iter().all(|d| modules.contains(*d)), "{modules:?}");
    let mut wrong = Vec::new();
    for rel in core_sources_in(&formats) {
        for (first, line) in crate_paths(&read(&rel)) {
            if !modules.contains(&first) || doors.contains(&first.as_str()) {
                wrong.push(format!("{rel}:{line}: crate::{first}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a format reaches a door or lib.rs (import the model, `vaultwright_model`, instead): {wrong:#?}"
    );
}

#[test]
fn the_lua_engine_imports_no_other_module_of_the_core() {
    let mut wrong = Vec::new();
    for rel in core_sources_in(&["lua"]) {
        for (first, line) in crate_paths(&read(&rel)) {
            if first != "lua" {
                wrong.push(format!("{rel}:{line}: crate::{first}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the Lua engine serves both games and knows neither: {wrong:#?}"
    );
}

#[test]
fn the_model_imports_nothing_of_ours() {
    let manifest = read("crates/model/Cargo.toml");
    let ours: Vec<&str> = manifest
        .lines()
        .filter(|l| l.trim_start().starts_with("vaultwright"))
        .collect();
    assert!(ours.is_empty(), "the model depends on {ours:?}");
    let codec = read("crates/codec/Cargo.toml");
    assert!(
        codec
            .lines()
            .all(|l| !l.trim_start().starts_with("vaultwright.")),
        "the codec depends on the model alone"
    );
}

/// Every file under `tests/fixtures` the core reads, analysed: each
/// finding has its code's registered severity (unless the registry says
/// the code's severity varies).
#[test]
fn findings_have_their_registered_severity() {
    let mut files = Vec::new();
    collect_files(&repo().join("tests/fixtures"), &mut files);
    let mut wrong = BTreeSet::new();
    let mut seen = 0;
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = path.to_string_lossy();
        let Some(language) = vaultwright::detect_language(&name, &text) else {
            continue;
        };
        let options = vaultwright::Options {
            without_views: true,
            ..Default::default()
        };
        for d in vaultwright::analyze(&text, language, &options).diagnostics {
            seen += 1;
            let registered = codes::lookup(&d.code).map_or("unregistered", |c| c.severity);
            if registered != "varies" && registered != d.severity.as_str() {
                wrong.insert(format!(
                    "{} is {}, registered {registered}",
                    d.code,
                    d.severity.as_str()
                ));
            }
        }
    }
    assert!(seen > 100, "only {seen} findings in the fixtures");
    assert!(wrong.is_empty(), "crates/model/src/codes.tsv: {wrong:#?}");
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, out);
        } else if path.metadata().is_ok_and(|m| m.len() < 1 << 20) {
            out.push(path);
        }
    }
}
