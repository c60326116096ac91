//! `vaultwright decode FILE.lev`: a compiled special level, read back.
//! NetHack 3.4.3/3.2.x files field by field (offset, size, record, field,
//! value, meaning); 3.6 files (3.6.6's, NLE's, a variant's) record by
//! record. The dialect is the one `--target` names, or the one the file's
//! first version word names.

use std::fmt::Write;
use std::path::Path;
use std::process::ExitCode;

use vaultwright::lev;
use vaultwright::lev::{v36, LevTarget};

use crate::output;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// Which reader a file goes to: a classic dialect's (the file's own, or
/// 3.4.3's when the header names none), or a 3.6 target's.
enum Reader {
    Old(Option<&'static lev::Dialect>),
    New(LevTarget),
}

fn reader_for(target: Option<LevTarget>, bytes: &[u8]) -> Reader {
    match target.or_else(|| LevTarget::of_file(bytes)) {
        Some(t) if t.is_36() => Reader::New(t),
        Some(t) => Reader::Old(t.dialect()),
        None => Reader::Old(None),
    }
}

pub fn run(path: &Path, target: Option<LevTarget>, format: Format) -> ExitCode {
    let bytes = match vaultwright::walk::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let reader = reader_for(target, &bytes);
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
fn new(bytes: &[u8], target: LevTarget, format: Format) -> Result<String, String> {
    let lev = target.decode36(bytes)?;
    match format {
        Format::Text => Ok(v36::text(&lev)),
        Format::Json => {
            let records: Vec<serde_json::Value> = lev
                .records
                .iter()
                .map(|r| match r {
                    v36::Record::Op(_) => serde_json::json!({ "op": r.name() }),
                    v36::Record::Push(v) => serde_json::json!({
                        "op": "PUSH",
                        "type": v.type_name(),
                        "value": v36::value(v),
                    }),
                })
                .collect();
            let doc = serde_json::json!({
                "target": target.name(),
                "header": lev.header.iter().map(|w| format!("{w:#x}")).collect::<Vec<_>>(),
                "records": records,
                "trailing_bytes": lev.trailing.len(),
            });
            Ok(format!("{doc}\n"))
        }
    }
}
