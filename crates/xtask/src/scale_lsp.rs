//! The language server measured as `scale` measures a command: a whole
//! process that is given one file (initialize, open the file), answers
//! with its diagnostics, and is shut down; wall time and peak memory.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::Result;

/// One run of `vaultwright lsp` opening `file_name` in `dir`.
pub fn run_once(cli: &Path, dir: &Path, file_name: &str) -> Result<(Duration, u64)> {
    let path = dir.join(file_name);
    let uri = format!("file://{}", path.display());
    let args = ["lsp".to_string()];
    let start = Instant::now();
    // Started before the file is read: the server is charged none of ours.
    let mut child = crate::child::measured(cli, &args)?
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", cli.display()))?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (Some(mut input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
        return Err("the language server's pipes".into());
    };
    let mut output = BufReader::new(output);
    let send = |input: &mut std::process::ChildStdin, message: Value| -> Result {
        let body = message.to_string();
        write!(input, "Content-Length: {}\r\n\r\n{body}", body.len())
            .map_err(|e| format!("writing to the language server: {e}"))
    };
    send(
        &mut input,
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"processId": null, "rootUri": null, "capabilities": {}}}),
    )?;
    send(
        &mut input,
        json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
    )?;
    send(
        &mut input,
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
               "params": {"textDocument": {"uri": uri, "languageId": "", "version": 1, "text": text}}}),
    )?;
    while !is_diagnostics_for(&read_frame(&mut output)?, &uri) {}
    send(
        &mut input,
        json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
    )?;
    send(&mut input, json!({"jsonrpc": "2.0", "method": "exit"}))?;
    drop(input);
    let peak = crate::child::peak_of(child, cli, &args)?;
    Ok((start.elapsed(), peak))
}

fn is_diagnostics_for(message: &Value, uri: &str) -> bool {
    message["method"] == "textDocument/publishDiagnostics" && message["params"]["uri"] == uri
}

/// One framed message from the server.
fn read_frame(output: &mut impl BufRead) -> Result<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if output.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return Err("the language server ended before it answered".into());
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length.ok_or("a frame without its length")?];
    output.read_exact(&mut body).map_err(|e| e.to_string())?;
    serde_json::from_slice(&body).map_err(|e| e.to_string())
}
