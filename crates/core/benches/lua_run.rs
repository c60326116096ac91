//! NetHack 5.0 Lua levels' budgets: one seed of castle.lua run (what each
//! extra seed of `check` costs), and the studio's whole analysis of
//! castle.lua and minetn-1.lua after an edit (read, checks, one run, the
//! views). Needs `../shared/corpus`.

use criterion::{criterion_group, criterion_main, Criterion};
use vaultwright::level_scripts::Prepared;
use vaultwright::lua::Limits;
use vaultwright::{analyze, Language, Options};

fn bench(c: &mut Criterion) {
    let dat = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/nethack-3.7/dat");
    let read = |name: &str| {
        std::fs::read_to_string(dat.join(name))
            .unwrap_or_else(|e| panic!("../shared/corpus is needed: {e}"))
    };
    let castle = read("castle.lua");
    let town = read("minetn-1.lua");
    let mut group = c.benchmark_group("lua_run");
    let prepared = Prepared::new(&castle, None);
    let mut seed = 0u64;
    group.bench_function("castle-one-seed", |b| {
        b.iter(|| {
            seed += 1;
            prepared.run(seed, Limits::default())
        })
    });
    for (name, source) in [("castle", &castle), ("minetn-1", &town)] {
        group.bench_function(format!("{name}-analyze"), |b| {
            b.iter(|| analyze(source, Language::NethackLua, &Options::default()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
