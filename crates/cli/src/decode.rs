//! `vaultwright decode FILE.lev`: a compiled special level, read back.
//! NetHack 3.4.3/3.2.x files field by field (offset, size, record, field,
//! value, meaning); 3.6 files (3.6.6's, NLE's, a variant's) record by
//! record. The dialect is the one `--target` names, or the one the file's
//! first version word names.

use std::fmt::Write;
use std::path::Path;
use std::process::ExitCode;

use vaultwright::lev;
use vaultwright::nethack36::{self, profile, Profile};

use crate::output;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// Which reader a file goes to.
enum Reader {
    Old(Option<&'static lev::Dialect>),
    New(&'static Profile),
}

fn reader_for(target: Option<&str>, bytes: &[u8]) -> Result<Reader, String> {
    let old = |t: vaultwright::Target| Reader::Old(Some(lev::Dialect::for_target(t)));
    match target {
        Some("nle-0.9") => Ok(Reader::New(&profile::NETHACK_366)),
        Some(name) => match (
            profile::by_target(name),
            vaultwright::Target::from_name(name),
        ) {
            (Some(p), _) => Ok(Reader::New(p)),
            (None, Some(t)) => Ok(old(t)),
            (None, None) => Err(format!("unknown target `{name}`")),
        },
        None => {
            if let Some(d) = lev::dialect_of(bytes) {
                return Ok(Reader::Old(Some(d)));
            }
            let word = bytes
                .get(..8)
                .and_then(|w| w.try_into().ok())
                .map(u64::from_le_bytes);
            let p = profile::ALL
                .iter()
                .find(|p| Some(p.facts().header[0]) == word)
                .copied();
            Ok(p.map_or(Reader::Old(None), Reader::New))
        }
    }
}

pub fn run(path: &Path, target: Option<&str>, format: Format) -> ExitCode {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let reader = match reader_for(target, &bytes) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let text = match reader {
        Reader::Old(dialect) => old(&bytes, dialect, format),
        Reader::New(p) => new(&bytes, p, format),
    };
    match text {
        Ok(text) => match output::stdout(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            ExitCode::from(1)
        }
    }
}

/// A 3.4.3/3.2.x file, field by field.
fn old(
    bytes: &[u8],
    dialect: Option<&'static lev::Dialect>,
    format: Format,
) -> Result<String, String> {
    let decoded = lev::decode(bytes)
        .map_err(|e| format!("not a NetHack 3.4.3 or 3.2 .lev file (nor a known 3.6 one): {e}"))?;
    let dialect = dialect.unwrap_or(lev::Dialect::for_target(vaultwright::Target::Nethack343));
    let meaning = |f: &lev::Field| lev::meaning(dialect, f);
    match format {
        Format::Json => {
            let fields: Vec<serde_json::Value> = decoded
                .fields
                .iter()
                .map(|f| {
                    let mut v = serde_json::to_value(f).unwrap_or_default();
                    if let (Some(m), Some(o)) = (meaning(f), v.as_object_mut()) {
                        o.insert("meaning".into(), m.into());
                    }
                    v
                })
                .collect();
            let doc = serde_json::json!({
                "target": dialect.target.name(),
                "fields": fields,
            });
            Ok(format!("{doc}\n"))
        }
        Format::Text => {
            let mut out = format!(
                "# {} .lev, {} bytes, {} fields\n# offset size  record / field = value (meaning)\n",
                dialect.target.name(),
                bytes.len(),
                decoded.fields.len()
            );
            for f in &decoded.fields {
                let value = match &f.text {
                    Some(t) => format!("{t:?}"),
                    None => f.value.to_string(),
                };
                let _ = write!(
                    out,
                    "{:>8} {:>4}  {} / {} = {value}",
                    f.offset, f.len, f.record, f.name
                );
                if let Some(m) = meaning(f) {
                    let _ = write!(out, " ({m})");
                }
                out.push('\n');
            }
            Ok(out)
        }
    }
}

/// A 3.6 file (or a variant's), record by record.
fn new(bytes: &[u8], p: &'static Profile, format: Format) -> Result<String, String> {
    let lev = nethack36::decode_with(bytes, &p.facts().numbering)
        .map_err(|e| format!("not a {} .lev file: {e}", p.title))?;
    match format {
        Format::Text => Ok(nethack36::dump::text(&lev)),
        Format::Json => {
            let records: Vec<serde_json::Value> = lev
                .records
                .iter()
                .map(|r| match r {
                    nethack36::Record::Op(_) => serde_json::json!({ "op": r.name() }),
                    nethack36::Record::Push(v) => serde_json::json!({
                        "op": "PUSH",
                        "type": v.type_name(),
                        "value": nethack36::dump::value(v),
                    }),
                })
                .collect();
            let doc = serde_json::json!({
                "target": p.target,
                "header": lev.header.iter().map(|w| format!("{w:#x}")).collect::<Vec<_>>(),
                "records": records,
                "trailing_bytes": lev.trailing.len(),
            });
            Ok(format!("{doc}\n"))
        }
    }
}
