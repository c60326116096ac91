//! `vaultwright dgn-comp` against a local original `dgn_comp` on random
//! dungeon descriptions from a seeded generator (valid ones, and ones with
//! a single mutation): exit status, output bytes, first error line and
//! message. The original is found through `VAULTWRIGHT_NETHACK_343=DIR`
//! (a directory holding `dgn_comp` built from NetHack 3.4.3) and, for the
//! 3.6.6 target, `VAULTWRIGHT_NETHACK_366=DIR` (its `dgn_comp` and
//! `makedefs`, whose `-e` filter is compared on random conditional
//! lines); without them the comparisons are skipped with a message. Inputs that once differed are
//! kept in `tests/fixtures/nethack-dungeon/oracle/` with the original's
//! verdict and are checked without the original.
//!
//! `VAULTWRIGHT_ORACLE_CASES=N` sets the number of generated files (400);
//! `VAULTWRIGHT_ORACLE_KEEP=DIR` keeps the ones that differ there.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use vaultwright::dropin;
use vaultwright::Target;

use common::Rng;

const DESCRIPTIONS: &[&str] = &["hellish", "mazelike", "roguelike", "hellish", "town"];
const ALIGNMENTS: &[&str] = &["lawful", "neutral", "chaotic", "unaligned", "noalign"];
const BRANCH_TYPES: &[&str] = &["", "stair", "no_up", "no_down", "portal"];
const DIRECTIONS: &[&str] = &["", "up", "down"];

/// Integers as people write them and as the original's lexer reads them
/// (`[-0-9]+` through `atoi`).
fn integer(r: &mut Rng, lo: i64, hi: i64) -> String {
    match r.below(40) {
        0 => r.pick(&["-0", "007", "1-2", "--", "-", "0"]).to_string(),
        1 => r
            .pick(&["100", "150", "-33", "33", "-32", "32", "50"])
            .to_string(),
        _ => (lo + r.below((hi - lo + 1) as u64) as i64).to_string(),
    }
}

fn bones(r: &mut Rng) -> String {
    match r.below(30) {
        0..=14 => "none".into(),
        15 => r.pick(&["", "ab", "None", "nones"]).to_string(),
        _ => ((b'a' + r.below(26) as u8) as char).to_string(),
    }
}

fn name(r: &mut Rng, prefix: &str, taken: &[String]) -> String {
    if !taken.is_empty() && r.chance(4) {
        return r.pick(taken).clone();
    }
    format!("{prefix}{}", r.below(40))
}

/// One statement as tokens (joined with random blanks later).
type Stmt = Vec<String>;

fn quoted(s: &str) -> String {
    format!("\"{s}\"")
}

/// A couple: mostly in range, sometimes at or past the limits.
fn couple(r: &mut Rng, wide: bool) -> Vec<String> {
    let (lo, hi) = if r.chance(8) {
        (-34, 34)
    } else if wide {
        (-3, 8)
    } else {
        (1, 8)
    };
    let rand = if r.chance(8) {
        integer(r, -2, 40)
    } else {
        r.below(4).to_string()
    };
    vec!["(".into(), integer(r, lo, hi), ",".into(), rand, ")".into()]
}

fn level_chance(r: &mut Rng) -> Option<String> {
    r.chance(35)
        .then(|| r.pick(&["100", "50", "75", "100", "10"]).to_string())
}

fn generate(r: &mut Rng) -> Vec<Stmt> {
    let mut out = Vec::new();
    let dungeons = 1 + r.below(5) as usize;
    let dnames: Vec<String> = (0..dungeons).map(|i| format!("Dgn {i}")).collect();
    let mut all_levels: Vec<String> = Vec::new();
    for (d, dname) in dnames.iter().enumerate() {
        let mut s: Stmt = vec![
            "DUNGEON".into(),
            ":".into(),
            quoted(dname),
            quoted(&bones(r)),
        ];
        s.extend(couple(r, false));
        if r.chance(40) {
            s.push(integer(r, 0, 100));
        }
        out.push(s);
        for _ in 0..r.below(4) {
            out.push(match r.below(4) {
                0 => vec!["ENTRY".into(), ":".into(), integer(r, -3, 5)],
                1 => vec!["PROTOFILE".into(), ":".into(), quoted(&name(r, "p", &[]))],
                2 => vec![
                    "DESCRIPTION".into(),
                    ":".into(),
                    r.pick(DESCRIPTIONS).to_string(),
                ],
                _ => vec![
                    "ALIGNMENT".into(),
                    ":".into(),
                    r.pick(ALIGNMENTS).to_string(),
                ],
            });
        }
        let mut levels: Vec<String> = Vec::new();
        for _ in 0..r.below(7) {
            let lname = name(r, "lv", &all_levels);
            let kind = r.below(6);
            let mut s: Stmt = Vec::new();
            if kind < 3 {
                let rnd = kind == 2;
                s.push(if rnd { "RNDLEVEL" } else { "LEVEL" }.into());
                s.extend([":".into(), quoted(&lname), quoted(&bones(r)), "@".into()]);
                s.extend(couple(r, true));
                if let Some(c) = level_chance(r) {
                    s.push(c);
                }
                if rnd {
                    s.push(integer(r, 1, 5));
                }
            } else {
                let rnd = kind == 5;
                // The original never finds a dungeon's first level (its
                // off-by-one): chain mostly to the later ones.
                let chain = if levels.len() > 1 && r.chance(85) {
                    r.pick(&levels[1..]).clone()
                } else if !levels.is_empty() && r.chance(30) {
                    r.pick(&levels).clone()
                } else if r.chance(50) {
                    lname.clone()
                } else {
                    name(r, "lv", &all_levels)
                };
                s.push(if rnd { "RNDCHLEVEL" } else { "CHAINLEVEL" }.into());
                s.extend([
                    ":".into(),
                    quoted(&lname),
                    quoted(&bones(r)),
                    quoted(&chain),
                    "+".into(),
                ]);
                s.extend(couple(r, true));
                if let Some(c) = level_chance(r) {
                    s.push(c);
                }
                if rnd {
                    s.push(integer(r, 1, 5));
                }
            }
            out.push(s);
            levels.push(lname.clone());
            all_levels.push(lname);
            if r.chance(25) {
                let (kw, v) = if r.chance(50) {
                    (
                        "LEVELDESC",
                        r.pick(&["town", "hellish", "mazelike", "roguelike", "town", "lawful"]),
                    )
                } else {
                    (
                        "LEVALIGN",
                        r.pick(&[
                            "lawful",
                            "chaotic",
                            "neutral",
                            "unaligned",
                            "noalign",
                            "town",
                        ]),
                    )
                };
                out.push(vec![kw.into(), ":".into(), v.to_string()]);
            }
        }
        for _ in 0..r.below(3) {
            let to = if r.chance(85) && d + 1 < dungeons {
                dnames[d + 1 + r.below((dungeons - d - 1) as u64) as usize].clone()
            } else if r.chance(50) {
                dnames[r.below(dungeons as u64) as usize].clone()
            } else {
                "Elsewhere".into()
            };
            let mut s: Stmt = Vec::new();
            if !levels.is_empty() && r.chance(45) {
                let chain = if r.chance(85) {
                    r.pick(&levels).clone()
                } else {
                    name(r, "lv", &all_levels)
                };
                s.extend([
                    "CHAINBRANCH".into(),
                    ":".into(),
                    quoted(&to),
                    quoted(&chain),
                    "+".into(),
                ]);
                s.extend(couple(r, true));
            } else {
                s.extend(["BRANCH".into(), ":".into(), quoted(&to), "@".into()]);
                s.extend(couple(r, true));
            }
            for word in [r.pick(BRANCH_TYPES), r.pick(DIRECTIONS)] {
                if !word.is_empty() {
                    s.push(word.to_string());
                }
            }
            out.push(s);
        }
    }
    out
}

/// One small mutation: delete, duplicate or swap tokens, or change a
/// keyword's case.
fn mutate(r: &mut Rng, stmts: &mut [Stmt]) {
    let i = r.below(stmts.len() as u64) as usize;
    let s = &mut stmts[i];
    let j = r.below(s.len() as u64) as usize;
    match r.below(4) {
        0 if s.len() > 1 => {
            s.remove(j);
        }
        1 => {
            let t = s[j].clone();
            s.insert(j, t);
        }
        2 if j + 1 < s.len() => s.swap(j, j + 1),
        _ => s[j] = s[j].to_ascii_lowercase(),
    }
}

/// The text: blanks, tabs, comment lines, blank lines, statements broken
/// over lines, CR-LF.
fn render(r: &mut Rng, stmts: &[Stmt]) -> String {
    let crlf = r.chance(15);
    let nl = if crlf { "\r\n" } else { "\n" };
    let mut out = String::new();
    for s in stmts {
        if r.chance(10) {
            out.push_str("# a comment \"with a quote");
            out.push_str(nl);
        }
        if r.chance(8) {
            out.push_str(nl);
        }
        for (k, t) in s.iter().enumerate() {
            if k > 0 {
                out.push_str(match r.below(12) {
                    0 => nl,
                    1 => "\t",
                    2..=5 => "",
                    _ => " ",
                });
            }
            out.push_str(t);
        }
        out.push_str(nl);
    }
    out
}

fn case(seed: u64) -> String {
    let mut r = Rng::for_seed(seed);
    let mut stmts = generate(&mut r);
    if seed % 3 == 1 && !stmts.is_empty() {
        mutate(&mut r, &mut stmts);
    }
    render(&mut r, &stmts)
}

/// What a run did: exit status, output bytes, first error line + text.
#[derive(Debug, PartialEq)]
struct Verdict {
    exit: i32,
    output: Option<Vec<u8>>,
    first_error: Option<(String, String)>,
}

fn ours(text: &str, target: Target) -> (Verdict, bool) {
    let run = dropin::dgn_comp("case.pdf", "case.pdf", text, target);
    // Our own errors (DG02xx) stop where the original would write a file
    // the game cannot load: a difference by design.
    let own = run
        .diagnostics
        .iter()
        .any(|d| d.is_error() && d.code.starts_with("DG02"));
    let verdict = Verdict {
        exit: i32::from(run.exit),
        output: run.files.into_iter().next().map(|f| f.bytes),
        first_error: common::first_error(run.stderr.iter().map(String::as_str)),
    };
    (verdict, own)
}

fn theirs(dgn_comp: &Path, text: &str, scratch: &Path) -> Verdict {
    let _ = std::fs::remove_dir_all(scratch);
    std::fs::create_dir_all(scratch).expect("scratch directory");
    std::fs::write(scratch.join("case.pdf"), text).expect("write case");
    let out = Command::new(dgn_comp)
        .arg("case.pdf")
        .current_dir(scratch)
        .stdin(Stdio::null())
        .output()
        .expect("run the original dgn_comp");
    let stderr = String::from_utf8_lossy(&out.stderr);
    Verdict {
        exit: out.status.code().unwrap_or(128),
        output: std::fs::read(scratch.join("case")).ok(),
        first_error: common::first_error(stderr.lines()),
    }
}

/// The directory named by `var`, or a message saying the test is skipped.
fn original_dir(var: &str, what: &str) -> Option<PathBuf> {
    let dir = std::env::var_os(var).map(PathBuf::from);
    if dir.is_none() {
        eprintln!(
            "skipped: set {var}=DIR (a directory with the original {what}) to compare \
             against the original"
        );
    }
    dir
}

#[test]
fn generated_dungeons_against_the_original() {
    if let Some(dir) = original_dir("VAULTWRIGHT_NETHACK_343", "NetHack 3.4.3 dgn_comp") {
        compare_generated(&dir, Target::Nethack343);
    }
}

#[test]
fn generated_dungeons_against_the_366_original() {
    if let Some(dir) = original_dir("VAULTWRIGHT_NETHACK_366", "NetHack 3.6.6 dgn_comp") {
        compare_generated(&dir, Target::Nethack366);
    }
}

fn compare_generated(dir: &Path, target: Target) {
    let dgn_comp = dir.join("dgn_comp");
    assert!(dgn_comp.is_file(), "{} is missing", dgn_comp.display());
    let cases: u64 = std::env::var("VAULTWRIGHT_ORACLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let keep = std::env::var_os("VAULTWRIGHT_ORACLE_KEEP").map(PathBuf::from);
    let scratch = std::env::temp_dir().join(format!(
        "vw-dgn-oracle-{}-{}",
        target.name(),
        std::process::id()
    ));
    let (mut same, mut by_design, mut rejected) = (0, 0, 0);
    let mut differ = Vec::new();
    let mut verdicts: std::collections::BTreeMap<String, usize> = Default::default();
    for seed in 0..cases {
        let text = case(seed);
        let (mine, own) = ours(&text, target);
        let orig = theirs(&dgn_comp, &text, &scratch);
        rejected += usize::from(orig.exit != 0);
        let verdict = match &orig.first_error {
            Some((_, text)) => text.clone(),
            None if own => "(our own check)".into(),
            None => "(accepted)".into(),
        };
        *verdicts.entry(verdict).or_default() += 1;
        if mine == orig {
            same += 1;
        } else if own && mine.exit != 0 {
            by_design += 1;
        } else {
            if let Some(k) = &keep {
                let _ = std::fs::create_dir_all(k);
                let _ = std::fs::write(k.join(format!("seed{seed}.pdf")), &text);
            }
            differ.push(format!(
                "seed {seed}: ours {:?} / exit {}, original {:?} / exit {}",
                mine.first_error, mine.exit, orig.first_error, orig.exit
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!(
        "{}: {cases} generated dungeon files ({rejected} rejected by the original): \
         {same} identical, {by_design} stopped by our own checks, {} different",
        target.name(),
        differ.len()
    );
    for (verdict, n) in &verdicts {
        eprintln!("{n:6}  {verdict}");
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// A `dungeon.def` with nested conditionals on known names (else parts,
/// comments, carets, blank-after-caret lines, carriage returns), and for
/// every other seed one odd line: an unknown or missing name, a stray else
/// or end, an unknown control, an unclosed conditional.
fn conditional_def(seed: u64) -> String {
    let mut r = Rng::for_seed(seed);
    let mut lines = Vec::new();
    conditional_block(&mut r, 0, &mut lines);
    if seed % 2 == 1 {
        const ODD: &[&str] = &[
            "^?NOPE", "^!NOPE", "^?", "^:", "^.", "^", "^x", "^\x07", "^?MAIL", "^?MAIL\r",
            "^\x0bv",
        ];
        let at = r.below(lines.len() as u64 + 1) as usize;
        lines.insert(at, r.pick(ODD).to_string());
    }
    let mut out = lines.join("\n");
    if !r.chance(5) {
        out.push('\n');
    }
    out
}

fn conditional_block(r: &mut Rng, depth: u32, lines: &mut Vec<String>) {
    const NAMES: &[&str] = &[
        "MAIL",
        "UNIX",
        "AMIGA",
        "VMS",
        "TTY_GRAPHICS",
        "0",
        "1",
        "  DLB",
    ];
    const PLAIN: &[&str] = &[
        "#comment",
        "",
        "LEVEL: \"x\" \"none\" @ (1)",
        "DUNGEON: \"D\" \"none\" (2, 1)",
        "%REINCARNATION LEVEL: \"r\" \"none\" @ (2)",
        "  # indented",
        "text\r",
        "^#note",
        "^^kept",
        "^ blank",
        "^\tblank",
    ];
    for _ in 0..1 + r.below(5) {
        if depth < 4 && r.chance(3) {
            let sign = if r.chance(2) { "?" } else { "!" };
            lines.push(format!("^{sign}{}", r.pick(NAMES)));
            conditional_block(r, depth + 1, lines);
            if r.chance(2) {
                lines.push("^:".into());
                conditional_block(r, depth + 1, lines);
            }
            lines.push("^.".into());
        } else {
            lines.push(r.pick(PLAIN).to_string());
        }
    }
}

/// What a run of `makedefs -e` did: exit status, `dungeon.pdf`, stderr.
type MakedefsRun = (i32, Option<Vec<u8>>, String);

fn makedefs_theirs(makedefs: &Path, text: &str, scratch: &Path) -> MakedefsRun {
    // makedefs reads ../dat/dungeon.def and writes ../dat/dungeon.pdf.
    let _ = std::fs::remove_dir_all(scratch);
    let dat = scratch.join("dat");
    let util = scratch.join("util");
    std::fs::create_dir_all(&dat).expect("scratch dat");
    std::fs::create_dir_all(&util).expect("scratch util");
    std::fs::write(dat.join("dungeon.def"), text).expect("write case");
    let out = Command::new(makedefs)
        .arg("-e")
        .current_dir(&util)
        .stdin(Stdio::null())
        .output()
        .expect("run the original makedefs");
    let exit = out.status.code().unwrap_or(128);
    let pdf = (exit == 0)
        .then(|| std::fs::read(dat.join("dungeon.pdf")).ok())
        .flatten();
    (exit, pdf, String::from_utf8_lossy(&out.stderr).into_owned())
}

fn makedefs_ours(text: &str) -> MakedefsRun {
    let options = vaultwright::Options {
        target: Target::Nethack366,
        file_name: "dungeon.def".into(),
        ..Default::default()
    };
    let a = vaultwright::analyze(text, vaultwright::Language::NethackDungeon, &options);
    let pdf = a
        .artifacts
        .iter()
        .find(|x| x.name == "dungeon.pdf")
        .map(|x| x.bytes.clone());
    let run = dropin::dgn_comp("dungeon.def", "dungeon.def", text, Target::Nethack366);
    let filter_failed = a.diagnostics.iter().any(|d| d.code == "DG0003");
    let stderr: String = run
        .stderr
        .iter()
        .take_while(|_| filter_failed)
        .map(|l| format!("{l}\n"))
        .collect();
    (i32::from(filter_failed), pdf, stderr)
}

#[test]
fn conditional_lines_against_the_366_makedefs() {
    let Some(dir) = original_dir("VAULTWRIGHT_NETHACK_366", "NetHack 3.6.6 makedefs") else {
        return;
    };
    let makedefs = dir.join("makedefs");
    assert!(makedefs.is_file(), "{} is missing", makedefs.display());
    let cases: u64 = std::env::var("VAULTWRIGHT_ORACLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let scratch = std::env::temp_dir().join(format!("vw-makedefs-oracle-{}", std::process::id()));
    let mut differ = Vec::new();
    let mut rejected = 0;
    for seed in 0..cases {
        let text = conditional_def(seed);
        let orig = makedefs_theirs(&makedefs, &text, &scratch);
        rejected += usize::from(orig.0 != 0);
        let mine = makedefs_ours(&text);
        if mine != orig {
            differ.push(format!(
                "seed {seed}: ours {mine:?}\noriginal {orig:?}\n{text:?}"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!(
        "{cases} generated dungeon.def files ({rejected} rejected by makedefs): {} different",
        differ.len()
    );
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// Inputs that once differed, with the original's recorded verdict
/// (`NAME.expected`: `exit N`, then `line N : text` for a rejected input).
#[test]
fn recorded_differences_stay_fixed() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/nethack-dungeon/oracle");
    let mut checked = 0;
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/fixtures/nethack-dungeon/oracle")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
        .collect();
    entries.sort();
    for path in entries {
        let text =
            String::from_utf8_lossy(&std::fs::read(&path).expect("read fixture")).into_owned();
        let expected = std::fs::read_to_string(path.with_extension("expected")).expect("sidecar");
        let (exit, first, _) = common::recorded_verdict(&expected);
        let (mine, _) = ours(&text, Target::Nethack343);
        assert_eq!(mine.exit, exit, "{}: exit status", path.display());
        assert_eq!(mine.first_error, first, "{}: first error", path.display());
        checked += 1;
    }
    assert!(checked >= 1, "no recorded differences in {}", dir.display());
}

/// `SEED=N OUT=FILE cargo test --test dgn_comp_oracle dump_case -- --ignored`
/// writes one generated case.
#[test]
#[ignore]
fn dump_case() {
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let out = std::env::var_os("OUT").expect("OUT=FILE");
    std::fs::write(out, case(seed)).expect("write the case");
}
