//! Reading NetHack 5.0 Lua level scripts: every corpus file round-trips
//! byte for byte through the parser, and the verdict (accepted, or refused
//! at a line) equals Lua 5.4's own, `luac5.4 -p`, on every corpus file
//! and on files of a seeded generator that each carry one mutation of a
//! corpus file. Lua's compiler comes from Debian's `lua5.4` package
//! (`cargo xtask test` installs it) or `VAULTWRIGHT_LUAC=PATH`; without
//! it the comparisons are skipped with a message. Mutations that once
//! differed are kept in `tests/fixtures/nethack-lua/syntax/` with Lua's
//! verdict (`NAME.lua` and `NAME.verdict`: `ok` or `error LINE`) and are
//! checked without Lua.
//!
//! `VAULTWRIGHT_ORACLE_CASES=N` sets the number of generated files (400);
//! `VAULTWRIGHT_ORACLE_KEEP=DIR` keeps the ones that differ there.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::Rng;
use vaultwright::{analyze, Language, Options};

/// Lua's compiler, if this machine has it.
fn luac() -> Option<PathBuf> {
    let candidate = std::env::var_os("VAULTWRIGHT_LUAC")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("luac5.4"));
    let works = Command::new(&candidate)
        .arg("-v")
        .output()
        .is_ok_and(|o| o.status.success());
    works.then_some(candidate)
}

/// `None`: accepted; `Some(line)`: refused, first error at `line`.
type Verdict = Option<u32>;

fn lua_verdict(luac: &Path, dir: &Path, text: &str) -> Verdict {
    let file = dir.join("case.lua");
    std::fs::write(&file, text).expect("write a case");
    let out = Command::new(luac)
        .arg("-p")
        .arg(&file)
        .output()
        .expect("run luac");
    if out.status.success() {
        return None;
    }
    // "luac5.4: /path/case.lua:12: message"
    let err = String::from_utf8_lossy(&out.stderr);
    let after = err
        .split_once("case.lua:")
        .map(|(_, rest)| rest)
        .unwrap_or("");
    let line = after.split(':').next().and_then(|n| n.trim().parse().ok());
    Some(line.unwrap_or(0))
}

/// The line our finding names (its note says it as Lua counts lines).
fn our_verdict(text: &str) -> Verdict {
    let analysis = analyze(text, Language::NethackLua, &Options::default());
    let error = analysis.diagnostics.iter().find(|d| d.code == "NL0001")?;
    let note = error.notes.iter().find_map(|n| n.split("(line ").nth(1))?;
    note.trim_end_matches(')').parse().ok()
}

fn our_message(text: &str) -> String {
    let analysis = analyze(text, Language::NethackLua, &Options::default());
    analysis
        .diagnostics
        .iter()
        .find(|d| d.code == "NL0001")
        .map_or(String::new(), |d| d.message.clone())
}

fn show(v: Verdict) -> String {
    v.map_or("ok".into(), |l| format!("error {l}"))
}

fn corpus() -> Option<Vec<(String, String)>> {
    let dir = common::shared_dir()?.join("corpus/nethack-3.7/dat");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "lua"))
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().into_owned();
            Some((name, std::fs::read_to_string(&p).ok()?))
        })
        .collect();
    files.sort();
    Some(files)
}

fn every_corpus_script_round_trips_and_is_accepted_as_lua_accepts_it() {
    let Some(files) = corpus() else {
        common::missing("../shared/corpus/nethack-3.7 (set VAULTWRIGHT_SHARED)");
        return;
    };
    assert!(
        files.len() >= 129,
        "the corpus holds 129 Lua files, found {}",
        files.len()
    );
    let luac = luac();
    if luac.is_none() {
        common::missing("luac5.4, for the comparison with Lua (install Debian's lua5.4 or set VAULTWRIGHT_LUAC)");
    }
    let tmp = tempdir("corpus");
    for (name, text) in &files {
        assert_eq!(
            &vaultwright::lua::reprint(text),
            text,
            "{name} does not round-trip"
        );
        let ours = our_verdict(text);
        if let Some(luac) = &luac {
            assert_eq!(show(ours), show(lua_verdict(luac, &tmp, text)), "{name}");
        } else {
            assert_eq!(show(ours), "ok", "{name}");
        }
    }
}

/// One mutation of a corpus file, as a person's slip or a half-typed edit
/// makes them: a character or a token added, removed, or doubled.
fn mutate(r: &mut Rng, text: &str) -> String {
    const INSERTS: &[&str] = &[
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "\"",
        "'",
        ",",
        "=",
        "==",
        ".",
        "..",
        "...",
        ":",
        "::",
        ";",
        "end",
        "do",
        "then",
        "local",
        "function",
        "return",
        "break",
        "goto",
        "if",
        "else",
        "for",
        "in",
        "until",
        "repeat",
        "while",
        "not",
        "and",
        "nil",
        "--",
        "--[[",
        "[[",
        "]]",
        "[==[",
        "\\",
        "\\x",
        "\\z",
        "\\u{110000}",
        "\\300",
        "\\q",
        "0x",
        "1e",
        "3x",
        "0x1p",
        "1..2",
        ".5",
        "local x <const> = 1 x = 2",
        "local y <close>",
        "<foo>",
        "::a:: ::a::",
        "goto nowhere",
        "return 1 x = 1",
        "x = ...",
        "function f() return ... end",
        "#",
        "~",
        "~=",
        "//",
        ">>",
        "\n",
        " ",
        "\t",
        "a.b:c",
        "@",
        "$",
        "`",
        "!",
        "?",
    ];
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    if chars.is_empty() {
        return r.pick(INSERTS).to_string();
    }
    let (at, c) = chars[r.below(chars.len() as u64) as usize];
    let end = at + c.len_utf8();
    match r.below(4) {
        0 => format!("{}{}", &text[..at], &text[end..]),
        1 => format!("{}{}{}", &text[..at], c, &text[at..]),
        _ => format!("{}{}{}", &text[..at], r.pick(INSERTS), &text[at..]),
    }
}

fn mutated_scripts_get_luas_verdict_at_luas_line() {
    let Some(files) = corpus() else {
        common::missing("../shared/corpus/nethack-3.7 (set VAULTWRIGHT_SHARED)");
        return;
    };
    let Some(luac) = luac() else {
        common::missing("luac5.4 (install Debian's lua5.4 or set VAULTWRIGHT_LUAC)");
        return;
    };
    let cases: u64 = std::env::var("VAULTWRIGHT_ORACLE_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(400);
    let keep = std::env::var_os("VAULTWRIGHT_ORACLE_KEEP").map(PathBuf::from);
    let tmp = tempdir("mutations");
    let mut r = Rng::for_seed(0x5eed_1a0a);
    let (mut differ, mut refused) = (Vec::new(), 0);
    for case in 0..cases {
        let (name, text) = r.pick(&files);
        let text = mutate(&mut r, text);
        let theirs = lua_verdict(&luac, &tmp, &text);
        refused += usize::from(theirs.is_some());
        let ours = our_verdict(&text);
        if ours != theirs {
            differ.push(format!(
                "case {case} (from {name}): ours {} ({}), Lua {}",
                show(ours),
                our_message(&text),
                show(theirs)
            ));
            if let Some(dir) = &keep {
                let _ = std::fs::create_dir_all(dir);
                let _ = std::fs::write(dir.join(format!("case{case}.lua")), &text);
                let _ = std::fs::write(dir.join(format!("case{case}.verdict")), show(theirs));
            }
        }
    }
    eprintln!(
        "{cases} mutated scripts, {refused} refused by Lua, {} differ",
        differ.len()
    );
    assert!(
        refused > 0 && (refused as u64) < cases,
        "the generator must make both kinds"
    );
    assert!(
        differ.is_empty(),
        "{} of {cases} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

fn kept_cases_keep_luas_verdict() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/nethack-lua/syntax");
    let (mut seen, mut differ) = (0, Vec::new());
    for entry in std::fs::read_dir(&dir).expect("the kept cases").flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "lua") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a kept case");
        let verdict = std::fs::read_to_string(path.with_extension("verdict")).expect("its verdict");
        let ours = show(our_verdict(&text));
        if ours != verdict.trim() {
            differ.push(format!(
                "{}: ours {ours} ({}), Lua {}",
                path.display(),
                our_message(&text),
                verdict.trim()
            ));
        }
        seen += 1;
    }
    assert!(seen > 0, "no kept cases in {}", dir.display());
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// A folder of this test's own (the tests of this file run side by side).
fn tempdir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vaultwright-luac-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// This file's trials: each ignored outside CI when what it reads is
/// missing (failed under CI).
pub fn trials() -> Vec<libtest_mimic::Trial> {
    vec![
        crate::needing(
            "lua_syntax_oracle::every_corpus_script_round_trips_and_is_accepted_as_lua_accepts_it",
            crate::corpus_present(),
            every_corpus_script_round_trips_and_is_accepted_as_lua_accepts_it,
        ),
        crate::needing(
            "lua_syntax_oracle::mutated_scripts_get_luas_verdict_at_luas_line",
            crate::corpus_present() && luac().is_some(),
            mutated_scripts_get_luas_verdict_at_luas_line,
        ),
        crate::needing(
            "lua_syntax_oracle::kept_cases_keep_luas_verdict",
            true,
            kept_cases_keep_luas_verdict,
        ),
    ]
}
