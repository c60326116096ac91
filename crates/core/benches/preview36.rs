//! The 3.6 preview's budget: castle.des's level run with a new seed and
//! drawn as a tile map (the studio's repaint after the seed changes), and
//! the whole analysis of castle.des with that seed (what the studio calls).
//! Needs `../shared/corpus`.

use criterion::{criterion_group, criterion_main, Criterion};
use vaultwright::lev::v36::{decode, preview};
use vaultwright::{analyze, Language, Options};

fn bench(c: &mut Criterion) {
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/nethack-3.6.6");
    let lev_bytes = std::fs::read(base.join("expected/castle.des/castle.lev"))
        .unwrap_or_else(|e| panic!("../shared/corpus is needed: {e}"));
    let source = std::fs::read_to_string(base.join("des/castle.des")).expect("castle.des");
    let lev = decode(&lev_bytes).expect("castle.lev decodes");
    let mut group = c.benchmark_group("preview36");
    let mut seed = 0u64;
    group.bench_function("castle-realise-and-draw", |b| {
        b.iter(|| {
            seed += 1;
            let level = preview::realise(&lev, seed);
            preview::tile_map(&level, seed, &|_| vaultwright::Span::default())
        })
    });
    group.bench_function("castle-analyze-new-seed", |b| {
        b.iter(|| {
            seed += 1;
            let options = Options {
                seed,
                focus: Some(0),
                ..Options::default()
            };
            analyze(&source, Language::NethackDes, &options)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
