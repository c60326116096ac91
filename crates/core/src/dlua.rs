//! crawl's own Lua library (`dat/dlua`), which a DCSS vault's Lua runs
//! with: given as `--dlua DIR`, or found beside the file (walking up from
//! `…/dat/des/branch/x.des` to the `…/dat/dlua` that holds
//! `dungeon.lua`). Its files are read, never copied anywhere. The CLI
//! and the language server share this; the studio is given the files.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::DcssLibrary;

/// The library beside `file`, read once per folder for the process (a
/// `check` of a tree or a language server's session meets the same
/// folder for every file). `None` when there is none, or it cannot be
/// read: the view says what that changes.
pub fn library_beside(file: &Path) -> Option<DcssLibrary> {
    static READ: OnceLock<Mutex<HashMap<PathBuf, Option<DcssLibrary>>>> = OnceLock::new();
    let dir = beside(file)?;
    let mut read = READ.get_or_init(Default::default).lock().ok()?;
    read.entry(dir.clone())
        .or_insert_with(|| self::read(&dir).ok())
        .clone()
}

/// `options` with the library beside `file` when they hold none (one
/// that cannot be read is left out: the view says what that changes).
pub fn with_library_beside(options: crate::Options, file: &Path) -> crate::Options {
    if options.dcss_library.is_some() {
        return options;
    }
    crate::Options {
        dcss_library: library_beside(file),
        ..options
    }
}

/// The library folder beside `file`: the first `dlua` folder holding
/// `dungeon.lua` in a folder above it.
pub fn beside(file: &Path) -> Option<PathBuf> {
    let file = std::fs::canonicalize(file).ok()?;
    file.ancestors()
        .skip(1)
        .map(|dir| dir.join("dlua"))
        .find(|dlua| dlua.join("dungeon.lua").is_file())
}

/// Every `.lua` file under `dir`, by the path crawl names it with
/// (`dlua/layout/hyper.lua`), and the game's vault files in the `des`
/// folder beside it (`des/branches/lair.des`): the index a vault's Lua
/// picks maps from (`dgn.map_by_tag`).
pub fn read(dir: &Path) -> Result<DcssLibrary, String> {
    // Checked before anything is walked: a wrong folder may be large.
    if !dir.join("dungeon.lua").is_file() {
        return Err(format!(
            "{}: not crawl's dat/dlua (no dungeon.lua)",
            dir.display()
        ));
    }
    let mut files = BTreeMap::new();
    read_tree(dir, "lua", "dlua", &mut files)?;
    if let Some(des) = dir.parent().map(|dat| dat.join("des")) {
        // The index is a help to the drawing, not the library: a vault
        // file that cannot be read leaves the maps read before it.
        if des.is_dir() {
            let _ = read_tree(&des, "des", "des", &mut files);
        }
    }
    Ok(Arc::new(files))
}

/// Every file ending in `.{extension}` under `dir`, into `files` by its
/// path under `dir` after `prefix`.
fn read_tree(
    dir: &Path,
    extension: &str,
    prefix: &str,
    files: &mut BTreeMap<String, String>,
) -> Result<(), String> {
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|x| x == extension) {
                let text = crate::walk::read_utf8(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                let relative = path.strip_prefix(dir).unwrap_or(&path);
                let name: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                files.insert(format!("{prefix}/{}", name.join("/")), text);
            }
        }
    }
    Ok(())
}
