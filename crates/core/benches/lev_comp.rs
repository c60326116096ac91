//! lev_comp throughput: the 24 real 3.4.3 files concatenated (113 levels,
//! 9,567 lines) and the same 20 times over with unique level names (2,260
//! levels; the original stops with "yacc stack overflow" between 339 and
//! ~470 levels in one file). Linear time shows as equal MB/s for both.
//! Needs `../shared/corpus`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use vaultwright::{analyze, Language, Options};

fn corpus() -> String {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = here.join("../../../shared/corpus/nethack-3.4.3/des");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|_| {
            panic!(
                "{} is missing: the benchmark needs the corpus",
                dir.display()
            )
        })
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("readable"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `n` copies with every level renamed uniquely (`L<copy>x<i>`, ≤ 8 chars).
pub fn replicate(src: &str, n: usize) -> String {
    let mut out = String::with_capacity(src.len() * n);
    let mut level = 0usize;
    for copy in 0..n {
        for line in src.lines() {
            let t = line.trim_start();
            if t.starts_with("MAZE") || t.starts_with("LEVEL") {
                let quotes = line
                    .find('"')
                    .and_then(|a| line[a + 1..].find('"').map(|b| (a, a + 1 + b)));
                if let Some((a, b)) = quotes {
                    out.push_str(&line[..a + 1]);
                    out.push_str(&format!("L{copy:02}x{level:03}"));
                    out.push_str(&line[b..]);
                    out.push('\n');
                    level += 1;
                    continue;
                }
            }
            out.push_str(line);
            out.push('\n');
        }
        level = 0;
    }
    out
}

fn bench(c: &mut Criterion) {
    let base = corpus();
    let big = replicate(&base, 20);
    let options = Options::default();
    let check = analyze(&big, Language::NethackDes, &options);
    assert!(!check.has_errors(), "{:?}", &check.diagnostics[..1]);
    assert_eq!(check.artifacts.len(), 2260);
    let mut group = c.benchmark_group("lev_comp");
    group.sample_size(20);
    for (name, input) in [("corpus-113-levels", &base), ("x20-2260-levels", &big)] {
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), input, |b, input| {
            b.iter(|| analyze(input, Language::NethackDes, &options))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
