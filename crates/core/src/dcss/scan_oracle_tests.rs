//! The engine's lenient Lua scan (`lua::scan`) against full_moon's lexer
//! (a maintained Lua 5.1–5.4 parser, a dev-dependency used only here)
//! over every Lua block of the DCSS corpus: the same strings at the same
//! bytes.
use crate::lua::scan::{tokens, Kind};
use full_moon::tokenizer::{Lexer, LexerResult, TokenType};
use full_moon::LuaVersion;

fn oracle_strings(code: &str) -> Vec<(usize, usize)> {
    let found = match Lexer::new(code, LuaVersion::lua54()).collect() {
        LexerResult::Ok(t) | LexerResult::Recovered(t, _) => t,
        LexerResult::Fatal(_) => return Vec::new(),
    };
    found
        .iter()
        .filter(|t| matches!(t.token_type(), TokenType::StringLiteral { .. }))
        .map(|t| (t.start_position().bytes(), t.end_position().bytes()))
        .collect()
}

fn our_strings(code: &str) -> Vec<(usize, usize)> {
    tokens(code)
        .iter()
        .filter(|t| matches!(t.kind, Kind::String | Kind::LongString))
        .map(|t| (t.start, t.end))
        .collect()
}

/// Each Lua block, and each vault's Lua lines joined into one chunk as
/// the game joins them.
fn lua_blocks(src: &str) -> Vec<String> {
    use crate::dcss::{Lua, LuaKind};
    let f = crate::dcss::parse(src);
    let mut out = Vec::new();
    let mut gather = |luas: &mut dyn Iterator<Item = &Lua>| {
        let mut lines = Vec::new();
        for l in luas {
            match l.kind {
                LuaKind::Line => lines.push(l.text.to_string()),
                _ => out.push(l.text.to_string()),
            }
        }
        if !lines.is_empty() {
            out.push(lines.join("\n"));
        }
    };
    gather(&mut f.prelude.iter());
    for v in &f.vaults {
        gather(&mut v.lua());
    }
    out
}

fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "des") {
            out.push(p);
        }
    }
}

#[test]
fn every_corpus_lua_block_lexes_as_lua_lexes_it() {
    let corpus =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/dcss/des");
    let mut paths = Vec::new();
    files(&corpus, &mut paths);
    assert!(
        !paths.is_empty(),
        "../shared/corpus/dcss/des is missing: this test lexes its Lua"
    );
    let (mut blocks, mut strings) = (0, 0);
    for path in paths {
        let src = std::fs::read_to_string(&path).unwrap_or_default();
        for code in lua_blocks(&src) {
            let want = oracle_strings(&code);
            assert_eq!(our_strings(&code), want, "{}: {code}", path.display());
            blocks += 1;
            strings += want.len();
        }
    }
    assert!(
        blocks > 1000 && strings > 1000,
        "{blocks} blocks, {strings} strings"
    );
}

#[test]
fn generated_strings_lex_as_lua_lexes_them() {
    // Every pairing of a few hard pieces, inside both quotes.
    let pieces = [
        "a", "'", "\"", "\\\\", "\\\"", "\\'", "\\\n", "\\\r\n", "\\z \n ", "--", "[[", "]]",
        "[=[", "é",
    ];
    for q in ["\"", "'"] {
        for a in pieces {
            for b in pieces {
                if a == q || b == q {
                    continue;
                }
                let code = format!("x = {q}{a}{b}{q} y = 'z' -- {a}\nw = [==[{b}]==]");
                assert_eq!(our_strings(&code), oracle_strings(&code), "{code:?}");
            }
        }
    }
}
