//! The Lua crawl's level compiler makes of a map (`util/levcomp.ypp`):
//! the file's global prelude (its Lua outside any map), the map's
//! `prelude {{ }}` blocks, and its main chunk, in which every header is
//! the call it becomes (`KMONS: A = orc` runs `kmons("A = orc")`, here
//! `__vw_header(i)`, the vault's item `i` applied as written) between its
//! `:` lines and `{{ }}` blocks in source order. MAP lines are not in the
//! main chunk: crawl runs them first, as a chunk of their own, so the
//! main chunk meets the whole map.
//!
//! Each chunk is laid out on the file's own lines (line `n` of a chunk
//! is line `n` of the file), so the VM's line numbers are the file's.

use super::super::{File, Item, LuaKind, Vault};
use vaultwright_model::source::LineIndex;

/// The global that applies a vault's header item `i` (the main chunk's
/// call for each header).
pub const HEADER: &str = "__vw_header";

/// The file's Lua outside its maps (its helper functions), which crawl
/// runs once, in its VM's globals, before any map of the file.
pub fn global_chunk(lines: &LineIndex, file: &File) -> String {
    let mut global = Layout::default();
    for lua in &file.prelude {
        global.put(lines.line_of(lua.text_at), &lua.text);
    }
    global.text()
}

/// The texts of one map's chunks, in the order crawl runs them; each
/// chunk's line 1 is the file's line `first + 1`.
pub struct MapChunks {
    pub first: usize,
    /// The map's `prelude {{ }}` blocks.
    pub prelude: String,
    /// Headers, `:` lines and `{{ }}` blocks.
    pub main: String,
}

/// The chunks of `vault` (in a file whose text is `source`).
pub fn map_chunks(lines: &LineIndex, vault: &Vault) -> MapChunks {
    let first = lines.line_of(vault.span.start as usize);
    let mut prelude = Layout::from(first);
    let mut main = Layout::from(first);
    for (i, item) in vault.items.iter().enumerate() {
        match item {
            Item::Directive(d) => main.put(
                lines.line_of(d.span.start as usize),
                &format!("{HEADER}({i})"),
            ),
            Item::Lua(lua) => match lua.kind {
                LuaKind::Line | LuaKind::Main => main.put(lines.line_of(lua.text_at), &lua.text),
                LuaKind::Prelude => prelude.put(lines.line_of(lua.text_at), &lua.text),
                // Run when the game places the map: a preview has no level
                // to test them against.
                LuaKind::Validate | LuaKind::Veto | LuaKind::Epilogue => {}
            },
            Item::Map { .. } => {}
        }
    }
    MapChunks {
        first,
        prelude: prelude.text(),
        main: main.text(),
    }
}

/// Text placed on given lines (counted from line `first`), the rest
/// blank.
#[derive(Default)]
struct Layout {
    first: usize,
    lines: Vec<String>,
}

impl Layout {
    fn from(first: usize) -> Layout {
        Layout {
            first,
            lines: Vec::new(),
        }
    }

    /// `text` from line `first` on (a line already holding text gets
    /// the new text after a `;`, which Lua reads as a statement break).
    fn put(&mut self, first: usize, text: &str) {
        for (i, part) in text.split('\n').enumerate() {
            let Some(at) = (first + i).checked_sub(self.first) else {
                continue;
            };
            if self.lines.len() <= at {
                self.lines.resize(at + 1, String::new());
            }
            let line = &mut self.lines[at];
            if !line.is_empty() {
                line.push_str(" ; ");
            }
            line.push_str(part.trim_end_matches('\r'));
        }
    }

    fn text(self) -> String {
        self.lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_chunk_keeps_the_files_line_numbers() {
        let src = "{{\nfunction helper(e) e.kmons('A = orc') end\n}}\n\nNAME: x\nKFEAT: A = lava\n: helper(_G)\nMAP\nA.\nENDMAP\n";
        let file = crate::dcss::parse(src);
        let lines = LineIndex::new(src);
        let chunks = map_chunks(&lines, &file.vaults[0]);
        let line = |text: &str, n: usize| text.split('\n').nth(n).unwrap_or("").to_string();
        assert_eq!(
            line(&global_chunk(&lines, &file), 1),
            "function helper(e) e.kmons('A = orc') end"
        );
        assert_eq!(chunks.first, 4);
        assert_eq!(line(&chunks.main, 5 - 4), "__vw_header(0)");
        assert_eq!(line(&chunks.main, 6 - 4).trim(), "helper(_G)");
    }
}
