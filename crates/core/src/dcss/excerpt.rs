//! One vault of a file as a document of its own, for a link that shares it
//! alone. It keeps what the vault needs to mean the same thing: the vaults
//! of the file it places by tag or name (SUBVAULT, `tag = "…"` in Lua),
//! as far as they in turn place others; the `default-depth:` in force for
//! each; and the file's global Lua that defines a name they use.

use std::collections::BTreeSet;

use super::ast::{File, Lua, Vault};
use super::lint::requested_tags;
use super::reader::read;
use crate::lua::scan::{self, Kind};

/// The text of vault `index` alone (with what it needs, see the module),
/// and the vault's rank among the vaults it keeps. `None` when the file
/// has no such vault.
pub fn excerpt(src: &str, index: usize) -> Option<(String, usize)> {
    let file = read(src, false);
    file.vaults.get(index)?;
    let kept = placed_vaults(&file, index);
    let mut pieces: Vec<(usize, String)> = Vec::new();
    let mut depth: Option<&str> = None;
    for &i in &kept {
        let v = &file.vaults[i];
        let text = src.get(v.span.range())?;
        // The game reads DEPTH from `default-depth:` when a vault has none.
        let own = v.default_depth.as_deref();
        if own.is_some() && own != depth {
            depth = own;
            let line = format!("default-depth: {}\n\n", own.unwrap_or_default());
            pieces.push((v.span.start as usize, line + text));
        } else {
            pieces.push((v.span.start as usize, text.to_string()));
        }
    }
    let texts: Vec<&str> = kept
        .iter()
        .filter_map(|&i| src.get(file.vaults[i].span.range()))
        .collect();
    pieces.extend(global_lua(src, &file.prelude, &texts));
    // In file order, as the game reads them (a prelude block before the
    // vaults that use it).
    pieces.sort_by_key(|&(at, _)| at);
    let rank = kept.iter().position(|&i| i == index)?;
    let mut out = String::new();
    for (_, text) in pieces {
        out.push_str(text.trim_end());
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    Some((out, rank))
}

/// Vault `index` and the vaults of the file it places, directly or
/// through another, in file order.
fn placed_vaults(file: &File, index: usize) -> Vec<usize> {
    let mut kept = BTreeSet::from([index]);
    let mut todo = vec![index];
    while let Some(i) = todo.pop() {
        for (tag, _) in requested_tags(&file.vaults[i]) {
            for (j, w) in file.vaults.iter().enumerate() {
                if answers(w, &tag) && kept.insert(j) {
                    todo.push(j);
                }
            }
        }
    }
    kept.into_iter().collect()
}

/// A vault is placed by a request for one of its tags or for its name.
fn answers(v: &Vault, request: &str) -> bool {
    v.name.eq_ignore_ascii_case(request)
        || v.tags()
            .iter()
            .flat_map(|t| t.split_whitespace())
            .any(|t| t.eq_ignore_ascii_case(request))
}

/// The file's global Lua that the kept vaults need: of each block, the
/// top-level definitions (`function f`, `f = …`, `local f …`) whose name a
/// kept vault uses, or a kept definition does, and the one-line statements
/// that define nothing (a `require`); each block with its own opener and
/// `}}`. A top-level definition is a line that starts at the left margin
/// outside any block, as the game's files write them.
fn global_lua(src: &str, prelude: &[Lua], vaults: &[&str]) -> Vec<(usize, String)> {
    let chunks: Vec<Vec<Chunk>> = prelude.iter().map(|l| chunks(&l.text)).collect();
    let mut needed: Vec<Vec<bool>> = chunks
        .iter()
        .map(|c| c.iter().map(Chunk::is_setup).collect())
        .collect();
    // What is kept may use further definitions: until nothing is added.
    let mut users: Vec<&str> = vaults.to_vec();
    loop {
        let mut added = Vec::new();
        for (b, block) in chunks.iter().enumerate() {
            for (c, chunk) in block.iter().enumerate() {
                let used = chunk
                    .names
                    .iter()
                    .any(|n| users.iter().any(|u| has_word(u, n)));
                if used && !needed[b][c] {
                    needed[b][c] = true;
                    added.push(chunk.text);
                }
            }
        }
        if added.is_empty() {
            break;
        }
        users = added;
    }
    let mut out = Vec::new();
    for (b, lua) in prelude.iter().enumerate() {
        let kept: Vec<&str> = chunks[b]
            .iter()
            .zip(&needed[b])
            .filter(|(c, &n)| n && !c.names.is_empty())
            .map(|(c, _)| c.text)
            .collect();
        if kept.is_empty() {
            continue;
        }
        let opener = src
            .get(lua.span.start as usize..lua.text_at)
            .unwrap_or("{{");
        let closer = src
            .get(lua.text_at + lua.text.len()..lua.span.end as usize)
            .unwrap_or("}}");
        let setup: Vec<&str> = chunks[b]
            .iter()
            .filter(|c| c.is_setup())
            .map(|c| c.text)
            .collect();
        let body: Vec<&str> = setup.into_iter().chain(kept).collect();
        let text = format!(
            "{}\n{}\n{}",
            opener.trim_end(),
            body.join("\n"),
            closer.trim_start()
        );
        out.push((lua.span.start as usize, text));
    }
    out
}

/// A top-level statement of a block of Lua: its lines, and the names it
/// defines.
struct Chunk<'a> {
    text: &'a str,
    names: Vec<&'a str>,
}

impl Chunk<'_> {
    /// A one-line statement that defines nothing (a `require`): always
    /// kept, ahead of the definitions.
    fn is_setup(&self) -> bool {
        self.names.is_empty() && !self.text.contains('\n')
    }
}

/// The top-level statements of `code`: cut before each line whose first
/// token is a word outside any block, table or call (`end`, `else` and
/// the like close or continue one).
fn chunks(code: &str) -> Vec<Chunk<'_>> {
    let mut starts = Vec::new();
    let (mut blocks, mut brackets) = (0i32, 0i32);
    for t in scan::tokens_from(code, None) {
        let text = t.text(code);
        let line_start = code
            .get(..t.start)
            .and_then(|b| b.rfind('\n'))
            .map_or(0, |n| n + 1);
        let first_on_line = code
            .get(line_start..t.start)
            .is_some_and(|g| g.trim().is_empty());
        let continues = matches!(text, "end" | "until" | "else" | "elseif" | "then" | "do");
        if first_on_line && blocks == 0 && brackets == 0 && t.kind == Kind::Word && !continues {
            starts.push(line_start);
        }
        match (t.kind, text) {
            (Kind::Word, "if" | "function" | "do" | "repeat") => blocks += 1,
            (Kind::Word, "end" | "until") => blocks -= 1,
            (Kind::Symbol, "(" | "{" | "[") => brackets += 1,
            (Kind::Symbol, ")" | "}" | "]") => brackets -= 1,
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (k, &from) in starts.iter().enumerate() {
        let to = starts.get(k + 1).copied().unwrap_or(code.len());
        let text = code.get(from..to).unwrap_or("").trim_end();
        let first = text.lines().next().unwrap_or("");
        out.push(Chunk {
            text,
            names: defined_names(first),
        });
    }
    out
}

/// The names a top-level line defines: `function f(`, `function f.g(`
/// (its table `f`), `f = …`, `local f = …`, `local function f(`.
fn defined_names(line: &str) -> Vec<&str> {
    let line = line.trim_start();
    let line = line.strip_prefix("local ").unwrap_or(line).trim_start();
    if let Some(rest) = line.strip_prefix("function ") {
        let name = identifier(rest.trim_start());
        return if name.is_empty() {
            Vec::new()
        } else {
            vec![name]
        };
    }
    let name = identifier(line);
    let rest = line.get(name.len()..).unwrap_or("").trim_start();
    // `a.b = …` defines a field of `a`; `a, b = …` both.
    let rest = rest.trim_start_matches(|c: char| {
        c == '.'
            || c == '['
            || c.is_ascii_alphanumeric()
            || c == '_'
            || c == ']'
            || c == '"'
            || c == '\''
    });
    let assigned = rest.trim_start().starts_with('=') && !rest.trim_start().starts_with("==");
    if !name.is_empty() && assigned {
        vec![name]
    } else {
        Vec::new()
    }
}

/// The Lua name (letters, digits, `_`, `.` and `:` for fields and methods)
/// at the start of `text`; its first part when qualified.
fn identifier(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    text.get(..end).unwrap_or("")
}

fn has_word(text: &str, word: &str) -> bool {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text.get(..at).and_then(|t| t.chars().next_back());
        let after = text.get(at + word.len()..).and_then(|t| t.chars().next());
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    const FILE: &str = "\
default-depth: D:2-5

{{
function my_helper(e)
  e.kfeat('Z = altar_zin')
end
unused_global = 3
}}

NAME: host
TAGS: transparent
SUBVAULT: A : my_sub
: my_helper(_G)
MAP
A.Z
ENDMAP

NAME: other
MAP
...
ENDMAP

default-depth: D:9

NAME: the_sub
TAGS: my_sub
MAP
.
ENDMAP
";

    #[test]
    fn a_vault_keeps_its_subvaults_its_depth_and_the_lua_it_calls() {
        let (text, rank) = excerpt(FILE, 0).expect("the first vault");
        assert_eq!(rank, 0);
        assert!(text.starts_with("{{\nfunction my_helper"), "{text}");
        assert!(
            text.contains("default-depth: D:2-5\n\nNAME: host"),
            "{text}"
        );
        assert!(
            text.contains("default-depth: D:9\n\nNAME: the_sub"),
            "{text}"
        );
        assert!(!text.contains("NAME: other"), "{text}");
        assert!(!text.contains("unused_global"), "{text}");
        assert!(text.ends_with("ENDMAP\n"), "{text:?}");
    }

    #[test]
    fn a_vault_alone_takes_nothing_it_does_not_use() {
        let (text, rank) = excerpt(FILE, 1).expect("the second vault");
        assert_eq!(rank, 0);
        assert_eq!(
            text,
            "default-depth: D:2-5\n\nNAME: other\nMAP\n...\nENDMAP\n"
        );
        assert_eq!(excerpt(FILE, 3), None);
    }
}
