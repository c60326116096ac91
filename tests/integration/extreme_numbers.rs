//! Integer overflow: every real file of every language, with each of its
//! numbers replaced by the extremes of C's `int` and beyond, is analysed
//! (views for several seeds) and run through its drop-in without a panic.
//! Tests run with overflow checks, so any unchecked arithmetic on a number
//! from the source fails here.

use crate::common;
use crate::seeds;

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use vaultwright::lev::LevTarget;
use vaultwright::{analyze, dropin, Language, Options, Rlg327Form, Rlg327Kind, Target};

/// The replacements: C's `INT_MAX`, one past it (wraps to `INT_MIN` in the
/// originals' `atoi`), `UINT_MAX`, a number no 64-bit integer holds, zero.
const EXTREMES: &[&str] = &[
    "2147483647",
    "2147483648",
    "4294967295",
    "99999999999999999999",
    "0",
];

/// Values given in turn to a file's numbers, so that neighbours differ: a
/// region's corners, a range's base and spread, a depth and a chance meet
/// as a negative start with a maximal end, a small base with a maximal
/// spread, and every other ordered pair (see [`mixed_variants`]).
const MIXED: &[&str] = &[
    "-2147483648",
    "2147483647",
    "-1",
    "0",
    "1",
    "4294967295",
    "-32768",
    "32767",
];

/// Every way [`with_mixed_numbers`] deals [`MIXED`] out with a step from 1
/// to its length less one and any offset: every ordered pair of values
/// then stands on two neighbouring numbers of the file in some variant.
fn mixed_variants(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for step in 1..MIXED.len() {
        for offset in 0..MIXED.len() {
            out.push(with_mixed_numbers(src, offset, step));
        }
    }
    out
}

/// `src` with the `i`-th run of ASCII digits replaced by
/// `MIXED[(offset + i * step) % MIXED.len()]`; a run that a `-` already
/// precedes keeps that sign and takes the value's digits.
fn with_mixed_numbers(src: &str, offset: usize, step: usize) -> String {
    let mut out = String::with_capacity(src.len() * 2);
    let mut in_digits = false;
    let mut i = 0usize;
    for c in src.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                let value = MIXED[(offset + i * step) % MIXED.len()];
                let value = match out.ends_with('-') {
                    true => value.trim_start_matches('-'),
                    false => value,
                };
                out.push_str(value);
                i += 1;
            }
            in_digits = true;
        } else {
            in_digits = false;
            out.push(c);
        }
    }
    out
}

/// Analyses every mixed variant of `src` with each seed and calls
/// `dropin` on it; a panic names the file and the variant.
fn exercise_mixed(
    path: &Path,
    src: &str,
    language: Language,
    seeds: &[u64],
    dropin: impl Fn(&str),
) {
    for (variant, text) in mixed_variants(src).iter().enumerate() {
        assert!(
            survives(path, text, language, seeds, &dropin),
            "{} with mixed extreme numbers (variant {variant}) panicked; the text:\n{text}",
            path.display()
        );
    }
}

/// Whether `text` is analysed with each seed and run through `dropin`
/// without a panic.
fn survives(
    path: &Path,
    text: &str,
    language: Language,
    seeds: &[u64],
    dropin: &impl Fn(&str),
) -> bool {
    std::panic::catch_unwind(AssertUnwindSafe(|| {
        for &seed in seeds {
            let options = Options {
                seed,
                file_name: path.display().to_string(),
                ..Options::default()
            };
            analyze(text, language, &options);
        }
        dropin(text);
    }))
    .is_ok()
}

/// `src` with every run of ASCII digits replaced by `number`.
fn with_numbers(src: &str, number: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut in_digits = false;
    for c in src.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                out.push_str(number);
            }
            in_digits = true;
        } else {
            in_digits = false;
            out.push(c);
        }
    }
    out
}

/// The files below `dir` ending in `ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    seeds::files_below([dir.to_path_buf()], &[ext])
}

fn shared() -> PathBuf {
    common::shared_dir().unwrap_or_else(|| {
        panic!("../shared/corpus is missing: the extreme-number test rewrites its files")
    })
}

/// Analyses `src` with each extreme for three seeds, and calls `dropin`
/// on it; a panic names the file and the extreme.
fn exercise(path: &Path, src: &str, language: Language, dropin: impl Fn(&str)) {
    exercise_with(path, src, language, EXTREMES, &[0, 1, u64::MAX], dropin);
}

/// [`exercise`] with the numbers and seeds given.
fn exercise_with(
    path: &Path,
    src: &str,
    language: Language,
    numbers: &[&str],
    seeds: &[u64],
    dropin: impl Fn(&str),
) {
    for number in numbers {
        let text = with_numbers(src, number);
        assert!(
            survives(path, &text, language, seeds, &dropin),
            "{} with every number as {number} panicked",
            path.display()
        );
    }
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn nethack_levels_with_extreme_numbers() {
    let shared = shared();
    for dir in ["corpus/nethack-3.4.3/des", "corpus/nethack-3.4.3/edge"] {
        for path in files(&shared.join(dir), "des") {
            let src = std::fs::read_to_string(&path).unwrap_or_default();
            exercise(&path, &src, Language::NethackDes, |text| {
                for target in [Target::Nethack343, Target::Nethack323] {
                    dropin::lev_comp("x.des", text, target, true);
                }
            });
        }
    }
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn dungeon_descriptions_with_extreme_numbers() {
    let shared = shared();
    let mut paths = files(&shared.join("corpus/nethack-3.4.3"), "def");
    paths.extend(files(&shared.join("corpus/nethack-3.2.x"), "def"));
    assert!(!paths.is_empty(), "no dungeon.def in the corpus");
    for path in paths {
        let src = std::fs::read_to_string(&path).unwrap_or_default();
        exercise(&path, &src, Language::NethackDungeon, |text| {
            dropin::dgn_comp("dungeon.def", "dungeon.def", text, Target::Nethack343);
        });
    }
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn dcss_vaults_with_extreme_numbers() {
    let shared = shared();
    let paths = files(&shared.join("corpus/dcss/des"), "des");
    assert!(!paths.is_empty());
    // Each file gets one extreme in turn: the corpus is large, and every
    // extreme still meets every kind of statement over the whole set.
    for (i, path) in paths.iter().enumerate() {
        let src = std::fs::read_to_string(path).unwrap_or_default();
        let number = EXTREMES[i % EXTREMES.len()];
        exercise_with(
            path,
            &src,
            Language::DcssDes,
            &[number],
            &[0, u64::MAX],
            |_| {},
        );
    }
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn powder_rooms_with_extreme_numbers() {
    let shared = shared();
    let paths = files(&shared.join("corpus/powder/maps"), "map");
    assert!(!paths.is_empty());
    for path in paths {
        let src = std::fs::read_to_string(&path).unwrap_or_default();
        exercise(&path, &src, Language::PowderMap, |text| {
            dropin::map2c("room.map", text, "room.cpp");
        });
    }
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn rlg327_descriptions_with_extreme_numbers() {
    let shared = shared();
    let paths = files(&shared.join("corpus/rlg327"), "txt");
    assert!(!paths.is_empty());
    for path in paths {
        let src = std::fs::read_to_string(&path).unwrap_or_default();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let (language, kind) = if name.starts_with("object") {
            (Language::Rlg327Objects, Rlg327Kind::Object)
        } else {
            (Language::Rlg327Monsters, Rlg327Kind::Monster)
        };
        exercise(&path, &src, language, |text| {
            dropin::rlg327_print(text, kind, None, Rlg327Form::Reference);
        });
    }
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn nethack_levels_with_mixed_extreme_numbers() {
    let shared = shared();
    for dir in [
        "corpus/nethack-3.4.3/des",
        "corpus/nethack-3.4.3/edge",
        "corpus/nethack-3.2.x/des",
    ] {
        for path in files(&shared.join(dir), "des") {
            let src = std::fs::read_to_string(&path).unwrap_or_default();
            exercise_mixed(&path, &src, Language::NethackDes, &[1], |text| {
                for target in [Target::Nethack343, Target::Nethack323] {
                    dropin::lev_comp("x.des", text, target, true);
                }
            });
        }
    }
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn nethack36_levels_with_mixed_extreme_numbers() {
    let shared = shared();
    for dir in ["corpus/nethack-3.6.6/des", "corpus/nethack-3.6.6/edge"] {
        let paths = files(&shared.join(dir), "des");
        assert!(!paths.is_empty(), "no 3.6 levels in {dir}");
        for path in paths {
            let src = std::fs::read_to_string(&path).unwrap_or_default();
            exercise_mixed(&path, &src, Language::NethackDes, &[1], |text| {
                for target in [LevTarget::Nethack366, LevTarget::Nle09] {
                    let mut compiler = dropin::LevComp36::for_target(target).expect("a 3.6 target");
                    compiler.compile("x.des", text.as_bytes());
                }
            });
        }
    }
}

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn dungeon_descriptions_with_mixed_extreme_numbers() {
    let shared = shared();
    let mut paths = files(&shared.join("corpus/nethack-3.4.3"), "def");
    paths.extend(files(&shared.join("corpus/nethack-3.2.x"), "def"));
    paths.extend(files(&shared.join("corpus/nethack-3.6.6"), "def"));
    assert!(!paths.is_empty(), "no dungeon.def in the corpus");
    for path in paths {
        let src = std::fs::read_to_string(&path).unwrap_or_default();
        exercise_mixed(
            &path,
            &src,
            Language::NethackDungeon,
            &[1, 7, u64::MAX],
            |text| {
                for target in [Target::Nethack343, Target::Nethack366] {
                    dropin::dgn_comp("dungeon.def", "dungeon.def", text, target);
                }
            },
        );
    }
}

/// The generated programs meet every statement form the generators know:
/// each gets one mixed variant (its step and offset from its place in the
/// list, so over the set every variant is used).
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn generated_programs_with_mixed_extreme_numbers() {
    let shared = shared();
    let mut cases: Vec<(PathBuf, Language)> = Vec::new();
    for version in ["nethack-3.4.3", "nethack-3.6.6"] {
        let generated = shared.join("corpus").join(version).join("generated");
        for path in files(&generated, "des") {
            cases.push((path, Language::NethackDes));
        }
        for path in files(&generated, "pdf") {
            cases.push((path, Language::NethackDungeon));
        }
    }
    assert!(cases.len() > 1000, "the generated programs are missing");
    for (i, (path, language)) in cases.iter().enumerate() {
        let src = std::fs::read_to_string(path).unwrap_or_default();
        let step = 1 + i % (MIXED.len() - 1);
        let text = with_mixed_numbers(&src, i % MIXED.len(), step);
        let dropin = |text: &str| match language {
            Language::NethackDungeon => {
                dropin::dgn_comp("dungeon.pdf", "dungeon.pdf", text, Target::Nethack343);
            }
            _ => {
                dropin::lev_comp("x.des", text, Target::Nethack343, true);
                dropin::LevComp36::new().compile("x.des", text.as_bytes());
            }
        };
        assert!(
            survives(path, &text, *language, &[i as u64], &dropin),
            "{} with mixed extreme numbers panicked; the text:\n{text}",
            path.display()
        );
    }
}
