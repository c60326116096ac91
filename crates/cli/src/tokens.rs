//! `vaultwright tokens FILE`: the core's tokens of a file as JSON, one
//! object per token (kind, byte range, 1-based line and column, text), for
//! editor tooling that wants the checker's reading of a file: the editor
//! extension's grammars are tested against it.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use serde_json::json;
use vaultwright::{analyze, LineIndex, Options};

pub fn run(path: &Path, language: Option<vaultwright::Language>) -> ExitCode {
    let text = match crate::read_source(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let language = match crate::language_of(path, &text, language) {
        Ok(l) => l,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    // No views, but the tokens, which a DCSS reading keeps only when
    // views are wanted: views of an entry that does not exist.
    let options = Options {
        focus: Some(usize::MAX),
        ..Options::default()
    };
    let analysis = analyze(&text, language, &options);
    let lines = LineIndex::new(&text);
    let tokens: Vec<serde_json::Value> = analysis
        .tokens
        .iter()
        .map(|t| {
            let start = lines.line_col(&text, t.span.start as usize);
            let end = lines.line_col(&text, t.span.end as usize);
            json!({
                "kind": t.kind,
                "start": t.span.start,
                "end": t.span.end,
                "line": start.line,
                "column": start.column,
                "end_line": end.line,
                "end_column": end.column,
                "text": text.get(t.span.range()).unwrap_or_default(),
            })
        })
        .collect();
    let out = json!({ "language": language.name(), "tokens": tokens });
    // A reader that stops early (`| head`) is not an error of ours.
    let _ = writeln!(std::io::stdout().lock(), "{out}");
    ExitCode::SUCCESS
}
