//! A small static file server for `dist/` on 127.0.0.1 (std only).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;

pub fn serve(dist: &Path, port: u16) -> Result<(), String> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    eprintln!("==> Vaultwright studio on http://127.0.0.1:{port}/ (Ctrl+C to stop)");
    for stream in listener.incoming().flatten() {
        let dist = dist.to_path_buf();
        std::thread::spawn(move || {
            let _ = handle(stream, &dist);
        });
    }
    Ok(())
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript",
        "wasm" => "application/wasm",
        "css" => "text/css",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "json" | "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

fn handle(mut stream: TcpStream, dist: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    let mut line = String::new();
    while reader.read_line(&mut line)? > 2 {
        line.clear();
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let mut rel = path.trim_start_matches('/').to_string();
    if rel.is_empty() || rel.ends_with('/') {
        rel.push_str("index.html");
    }
    let file = dist.join(&rel);
    let safe = !rel.split('/').any(|c| c == "..");
    match (safe, std::fs::read(&file)) {
        (true, Ok(body)) => {
            let no_cache = rel == "sw.js" || rel == "index.html";
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: {}\r\nConnection: close\r\n\r\n",
                content_type(&rel),
                body.len(),
                if no_cache { "no-cache" } else { "max-age=3600" }
            )?;
            stream.write_all(&body)
        }
        _ => write!(
            stream,
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        ),
    }
}
