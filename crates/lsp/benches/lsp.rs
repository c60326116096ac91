//! What an editor waits for from `vaultwright lsp`: a change applied and
//! its findings ready to publish (castle.des, and float.des, the largest
//! vault file), a completion and a hover. Goals: 50 ms and 150 ms for the
//! findings, 20 ms for completion and hover. Needs `../shared/corpus`.

use criterion::{criterion_group, criterion_main, Criterion};
use lsp_types::{Position, Range, TextDocumentContentChangeEvent, Url};
use vaultwright::Options;
use vaultwright_lsp::convert;
use vaultwright_lsp::position::Lines;
use vaultwright_lsp::workspace::Workspace;

fn corpus_file(relative: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus")
        .join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "{} is missing: the benchmark needs the corpus",
            path.display()
        )
    })
}

/// One keystroke at the end of line `line` (a character typed, then taken
/// back on the next call), and the findings as the server publishes them.
fn keystroke(
    ws: &mut Workspace,
    url: &Url,
    line: u32,
    typed: &mut bool,
) -> Vec<lsp_types::Diagnostic> {
    let at = Position::new(line, 0);
    let change = if *typed {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(at, Position::new(line, 1))),
            range_length: None,
            text: String::new(),
        }
    } else {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(at, at)),
            range_length: None,
            text: "#".into(),
        }
    };
    *typed = !*typed;
    ws.change(url, vec![change], 2);
    let doc = &ws.open[url];
    let lines = Lines::new(&doc.text);
    doc.analysis
        .iter()
        .flat_map(|a| a.diagnostics.iter())
        .map(|d| convert::diagnostic(&lines, d))
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("lsp");
    for (name, relative, line) in [
        ("castle.des", "nethack-3.4.3/des/castle.des", 30),
        ("float.des", "dcss/des/variable/float.des", 2000),
    ] {
        let text = corpus_file(relative);
        let url = Url::parse(&format!("file:///bench/{name}")).expect("a url");
        let mut ws = Workspace::new(Options::default());
        ws.open(url.clone(), "", text, 1);
        let mut typed = false;
        group.bench_function(format!("change → findings, {name}"), |b| {
            b.iter(|| keystroke(&mut ws, &url, line, &mut typed))
        });
    }
    let text = corpus_file("nethack-3.4.3/des/castle.des");
    let url = Url::parse("file:///bench/castle.des").expect("a url");
    let mut ws = Workspace::new(Options::default());
    ws.open(url.clone(), "", text.clone(), 1);
    let monster = text
        .find("MONSTER:'@',\"")
        .map(|i| i + 14)
        .expect("castle places monsters");
    let map_cell = text
        .find("}|.....|")
        .map(|i| i + 1)
        .expect("castle has its map");
    let set = ws.set_for(&url);
    let doc = set[0].1;
    group.bench_function("completion, castle.des", |b| {
        b.iter(|| vaultwright::service::complete(doc, monster, &[doc]).map(|c| c.items.len()))
    });
    group.bench_function("hover, castle.des", |b| {
        b.iter(|| vaultwright::service::hover(doc, map_cell).map(|h| h.lines.len()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
