//! Robustness: the analysis never panics and keeps its invariants on
//! mutated real inputs and on garbage (a deterministic mutation fuzzer that
//! runs in every test run; `cargo xtask fuzz nethack_des` runs the
//! same target under libFuzzer for as long as you like). Inputs that once
//! broke it live in `tests/fixtures/fuzz/nethack_des/` and are replayed here.

use crate::common;

use vaultwright::{analyze, Language, Options, Target};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: &[&str] = &[
    "MAZE:\"x\",' '\n",
    "LEVEL:\"y\"\n",
    "NOMAP\n",
    "GEOMETRY:center,center\n",
    "MAP\n",
    "ENDMAP\n",
    "WALLIFY\n",
    "(",
    ")",
    ",",
    ":",
    "'",
    "\"",
    "[",
    "]",
    "%",
    "-1",
    "99999999999",
    "random",
    "place[",
    "levregion(",
    "\r\n",
    "\n",
    "#",
    "9",
    "ROOM:",
    "SUBROOM:",
    "é",
    "\t",
];

fn check_invariants(src: &str, target: Target) {
    let options = Options {
        target,
        ..Options::default()
    };
    let a = analyze(src, Language::NethackDes, &options);
    for d in &a.diagnostics {
        assert!(d.span.end as usize <= src.len(), "span past the end: {d:?}");
        assert!(
            src.is_char_boundary(d.span.start as usize)
                && src.is_char_boundary(d.span.end as usize)
        );
    }
    for t in &a.tokens {
        assert!(t.span.end as usize <= src.len());
    }
    if a.has_errors() {
        // A file with an error compiles only the levels before it.
        let first_err = a
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.span.start)
            .min()
            .unwrap();
        for art in &a.artifacts {
            let sym = &a.outline[art.symbol.unwrap()];
            assert!(
                sym.span.end <= first_err,
                "level {} was compiled although an error precedes its end",
                sym.name
            );
        }
    }
    let again = analyze(src, Language::NethackDes, &options);
    assert_eq!(a, again, "analysis is not deterministic");
}

fn mutate(rng: &mut Rng, src: &str) -> String {
    let mut s: Vec<u8> = src.as_bytes().to_vec();
    for _ in 0..1 + rng.below(6) {
        let at = rng.below(s.len() + 1);
        match rng.below(4) {
            0 if !s.is_empty() => {
                let len = rng.below(20).min(s.len() - at.min(s.len()));
                s.drain(at.min(s.len())..at.min(s.len()) + len);
            }
            1 => {
                let p = PIECES[rng.below(PIECES.len())];
                s.splice(at..at, p.bytes());
            }
            2 if !s.is_empty() => {
                let i = at.min(s.len() - 1);
                s[i] = (rng.next() & 0x7f) as u8;
            }
            _ => {
                // Duplicate a random line.
                let text = String::from_utf8_lossy(&s).into_owned();
                let lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let l = lines[rng.below(lines.len())].to_string() + "\n";
                    s.splice(at..at, l.bytes());
                }
            }
        }
    }
    String::from_utf8_lossy(&s).into_owned()
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn mutated_corpus_files_never_panic() {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the robustness test mutates its files");
    };
    let dir = shared.join("corpus/nethack-3.4.3/des");
    let mut sources: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "des"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .collect();
    sources.sort();
    let iterations: usize = std::env::var("VAULTWRIGHT_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for i in 0..iterations {
        let src = mutate(&mut rng, &sources[i % sources.len()]);
        let target = if i % 3 == 0 {
            Target::Nethack323
        } else {
            Target::Nethack343
        };
        let result = std::panic::catch_unwind(|| check_invariants(&src, target));
        if result.is_err() {
            let path = std::env::temp_dir().join(format!("vaultwright-crash-{i}.des"));
            let _ = std::fs::write(&path, &src);
            panic!(
                "iteration {i} broke an invariant; input saved to {}",
                path.display()
            );
        }
    }
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng(42);
    for _ in 0..500 {
        let n = rng.below(200);
        let src: String = (0..n)
            .map(|_| {
                if rng.below(3) == 0 {
                    PIECES[rng.below(PIECES.len())].to_string()
                } else {
                    ((rng.below(95) as u8) + 32).to_string()
                }
            })
            .collect();
        check_invariants(&src, Target::Nethack343);
    }
}

#[test]
fn saved_fuzz_findings_stay_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/fuzz/nethack_des");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let src = String::from_utf8_lossy(&std::fs::read(e.unwrap().path()).unwrap()).into_owned();
        check_invariants(&src, Target::Nethack343);
        check_invariants(&src, Target::Nethack323);
        n += 1;
    }
    assert!(n > 0);
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn mutated_dungeon_descriptions_never_panic() {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the robustness test mutates its files");
    };
    let base = shared.join("corpus/nethack-3.4.3");
    let mut sources = vec![
        (
            "dungeon.def",
            std::fs::read_to_string(base.join("des/dungeon.def")).unwrap(),
        ),
        (
            "dungeon.pdf",
            std::fs::read_to_string(base.join("des/dungeon.pdf")).unwrap(),
        ),
    ];
    for e in std::fs::read_dir(base.join("invalid"))
        .unwrap()
        .filter_map(|e| e.ok())
    {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with("di") && name.ends_with(".pdf") {
            sources.push(("x.pdf", std::fs::read_to_string(e.path()).unwrap()));
        }
    }
    let iterations: usize = std::env::var("VAULTWRIGHT_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut rng = Rng(0xd06e_0001);
    for i in 0..iterations {
        let (name, src) = &sources[i % sources.len()];
        let src = mutate(&mut rng, src);
        for target in [Target::Nethack343, Target::Nethack323] {
            let options = Options {
                target,
                file_name: name.to_string(),
                ..Options::default()
            };
            let result = std::panic::catch_unwind(|| {
                let a = analyze(&src, Language::NethackDungeon, &options);
                for d in &a.diagnostics {
                    assert!(d.span.end as usize <= src.len());
                }
                if a.has_errors() {
                    assert!(a.artifacts.iter().all(|x| x.name == "dungeon.pdf"));
                }
                assert_eq!(a, analyze(&src, Language::NethackDungeon, &options));
            });
            if result.is_err() {
                let path = std::env::temp_dir().join(format!("vaultwright-dgn-crash-{i}.pdf"));
                let _ = std::fs::write(&path, &src);
                panic!(
                    "iteration {i} broke an invariant; input saved to {}",
                    path.display()
                );
            }
        }
    }
}

/// POWDER maps and RLG327 descriptions, mutated: no panic, deterministic,
/// and no output where there are errors.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn mutated_powder_and_rlg327_files_never_panic() {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the robustness test mutates its files");
    };
    let mut sources: Vec<(Language, String)> = Vec::new();
    for (dir, lang) in [
        ("corpus/powder/maps", Language::PowderMap),
        ("corpus/powder/invalid", Language::PowderMap),
        ("corpus/rlg327", Language::Rlg327Monsters),
        ("corpus/rlg327/synthetic", Language::Rlg327Monsters),
    ] {
        let mut files: Vec<_> = std::fs::read_dir(shared.join(dir))
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "map" || x == "txt"))
            .collect();
        files.sort();
        for f in files {
            let lang = if f.to_string_lossy().contains("object_desc") {
                Language::Rlg327Objects
            } else {
                lang
            };
            sources.push((
                lang,
                String::from_utf8_lossy(&std::fs::read(&f).unwrap()).into_owned(),
            ));
        }
    }
    let iterations: usize = std::env::var("VAULTWRIGHT_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut rng = Rng(0x90d3_77aa);
    for i in 0..iterations {
        let (lang, src) = &sources[i % sources.len()];
        let src = mutate(&mut rng, src);
        let options = Options {
            file_name: "x.map".into(),
            ..Options::default()
        };
        let result = std::panic::catch_unwind(|| {
            let a = analyze(&src, *lang, &options);
            for d in &a.diagnostics {
                assert!(d.span.end as usize <= src.len());
                assert!(src.is_char_boundary(d.span.start as usize));
            }
            if *lang == Language::PowderMap && a.has_errors() {
                assert!(a.artifacts.is_empty());
            }
            assert_eq!(a, analyze(&src, *lang, &options));
        });
        if result.is_err() {
            let path = std::env::temp_dir().join(format!("vaultwright-fmt-crash-{i}.txt"));
            let _ = std::fs::write(&path, &src);
            panic!(
                "iteration {i} broke an invariant; input saved to {}",
                path.display()
            );
        }
    }
}

/// DCSS vault files, mutated: no panic, deterministic.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn mutated_dcss_files_never_panic() {
    let Some(shared) = common::shared_dir() else {
        panic!("../shared/corpus is missing: the robustness test mutates its files");
    };
    let dir = shared.join("corpus/dcss/des/variable");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .collect();
    files.sort();
    // Small pieces of real files keep each iteration fast.
    let sources: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .flat_map(|s| {
            let lines: Vec<String> = s.lines().map(String::from).collect();
            lines.chunks(120).map(|c| c.join("\n")).collect::<Vec<_>>()
        })
        .collect();
    let iterations: usize = std::env::var("VAULTWRIGHT_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut rng = Rng(0xdc55_0001);
    for i in 0..iterations {
        let pick = (rng.next() as usize) % sources.len();
        let src = mutate(&mut rng, &sources[pick]);
        let options = Options {
            seed: i as u64,
            ..Options::default()
        };
        let result = std::panic::catch_unwind(|| {
            let a = analyze(&src, Language::DcssDes, &options);
            for d in &a.diagnostics {
                assert!(d.span.end as usize <= src.len());
            }
            assert_eq!(a, analyze(&src, Language::DcssDes, &options));
        });
        if result.is_err() {
            let path = std::env::temp_dir().join(format!("vaultwright-dcss-crash-{i}.des"));
            let _ = std::fs::write(&path, &src);
            panic!(
                "iteration {i} broke an invariant; input saved to {}",
                path.display()
            );
        }
    }
}
