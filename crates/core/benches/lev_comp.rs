//! lev_comp throughput: the 24 real 3.4.3 files concatenated (113 levels,
//! 9,567 lines) and the same 20 times over with unique level names (2,260
//! levels; the original stops with "yacc stack overflow" between 339 and
//! ~470 levels in one file). Linear time shows as equal MB/s for both.
//! Needs `../shared/corpus`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use vaultwright::{analyze, dropin, Language, Options, Target};

#[path = "input/nethack.rs"]
mod nethack_input;

fn bench(c: &mut Criterion) {
    let base = nethack_input::all_levels(&nethack_input::shared_dir(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."),
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let big = nethack_input::replicate(&base, 20);
    let options = Options::default();
    let check = analyze(&big, Language::NethackDes, &options);
    assert!(!check.has_errors(), "{:?}", &check.diagnostics[..1]);
    assert_eq!(check.artifacts.len(), 2260);
    let mut group = c.benchmark_group("lev_comp");
    group.sample_size(20);
    for (name, input) in [("corpus-113-levels", &base), ("x20-2260-levels", &big)] {
        group.throughput(Throughput::Bytes(input.len() as u64));
        // The studio's and `check`'s path: views, tokens, outline too.
        group.bench_with_input(BenchmarkId::new("analyze", name), input, |b, input| {
            b.iter(|| analyze(input, Language::NethackDes, &options))
        });
        // The drop-in's path: only the files and messages it writes.
        group.bench_with_input(BenchmarkId::new("dropin", name), input, |b, input| {
            b.iter(|| dropin::lev_comp("all.des", input, Target::Nethack343, false))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
