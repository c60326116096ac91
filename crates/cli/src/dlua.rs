//! crawl's own Lua library (`dat/dlua`), which a DCSS vault's Lua runs
//! with: given as `--dlua DIR`, or found beside the file (walking up from
//! `…/dat/des/branch/x.des` to the `…/dat/dlua` that holds
//! `dungeon.lua`). Its files are read, never copied anywhere.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use vaultwright::DcssLibrary;

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
/// (`dlua/layout/hyper.lua`).
pub fn read(dir: &Path) -> Result<DcssLibrary, String> {
    // Checked before anything is walked: a wrong folder may be large.
    if !dir.join("dungeon.lua").is_file() {
        return Err(format!(
            "{}: not crawl's dat/dlua (no dungeon.lua)",
            dir.display()
        ));
    }
    let mut files = BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|x| x == "lua") {
                let text = vaultwright::walk::read_utf8(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                let relative = path.strip_prefix(dir).unwrap_or(&path);
                let name: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                files.insert(format!("dlua/{}", name.join("/")), text);
            }
        }
    }
    Ok(Arc::new(files))
}
