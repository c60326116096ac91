//! DCSS: parse + check of the whole vault corpus (5.5 MB, 144 files), in
//! MB/s, with and without the checks over 32 seeded realisations of every
//! vault (the difference is their cost: the goal is under 1 s). Needs
//! `../shared/corpus`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn corpus() -> Vec<String> {
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/dcss/des");
    let mut files = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir)
            .unwrap_or_else(|_| {
                panic!(
                    "{} is missing: the benchmark needs the corpus",
                    root.display()
                )
            })
            .flatten()
        {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "des") {
                files.push(String::from_utf8_lossy(&std::fs::read(&p).unwrap()).into_owned());
            }
        }
    }
    files
}

fn check_alone(text: &str, seeds: u32) -> Vec<vaultwright::Analysis> {
    vaultwright::Analyzer::new().analyze_set(
        &[("vault.des", text)],
        vaultwright::Language::DcssDes,
        &vaultwright::Options {
            reachability_seeds: Some(seeds),
            ..vaultwright::Options::default()
        },
    )
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    let bytes: usize = files.iter().map(String::len).sum();
    let mut g = c.benchmark_group("dcss");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(bytes as u64));
    // Findings and outline only (no tokens or previews), each file alone:
    // what `check` does.
    for seeds in [0, 32] {
        g.bench_function(format!("parse+check corpus, {seeds} seeds"), |b| {
            b.iter(|| {
                for f in &files {
                    std::hint::black_box(check_alone(f, seeds));
                }
            })
        });
    }
    g.bench_function("analyze corpus (with previews)", |b| {
        b.iter(|| {
            for f in &files {
                std::hint::black_box(vaultwright::analyze(
                    f,
                    vaultwright::Language::DcssDes,
                    &vaultwright::Options::default(),
                ));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
