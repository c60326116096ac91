//! `vaultwright decompile FILE.lev`: a NetHack 3.4.3 or 3.2.x level
//! written back as `lev_comp` source that compiles to the same bytes. The
//! level's name is the file's (a `.lev` does not hold it); what could not
//! come back is said on standard error.

use std::path::Path;
use std::process::ExitCode;

use vaultwright::lev;

use crate::output;

pub fn run(path: &Path, target: Option<&str>) -> ExitCode {
    let bytes = match vaultwright::walk::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let dialect = match target {
        Some(name) => match vaultwright::Target::from_name(name) {
            Some(t) if t != vaultwright::Target::Nethack366 => Some(lev::Dialect::for_target(t)),
            _ => {
                eprintln!("error: decompile reads nethack-3.4.3, nethack-3.2.3 and nethack-3.2.2 levels, not `{name}`");
                return ExitCode::from(2);
            }
        },
        None => lev::dialect_of(&bytes),
    };
    let Some(dialect) = dialect else {
        eprintln!(
            "error: {}: not a NetHack 3.4.3 or 3.2 .lev (its version word is no known one; a 3.6 level is a program: `decode` prints it)",
            path.display()
        );
        return ExitCode::from(1);
    };
    let decoded = match lev::decode(&bytes) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(1);
        }
    };
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let out = lev::decompile(&decoded.file, &name, dialect);
    for note in &out.notes {
        eprintln!("note: {note}");
    }
    match output::stdout(out.source.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
