//! The outline of a script: one entry per map part, room and region, in
//! the order they are written.

use vaultwright_model::Symbol;

use super::calls::DesCall;

pub fn outline(calls: &[DesCall]) -> Vec<Symbol> {
    calls.iter().filter_map(entry).collect()
}

fn entry(call: &DesCall) -> Option<Symbol> {
    let (name, kind, detail) = match call.function.as_str() {
        "map" => {
            let size = call.string("map").map(|(text, _)| map_size(text));
            let detail = size.map_or(String::new(), |(w, h)| format!("{w}×{h}"));
            ("map".to_string(), "map part", detail)
        }
        "room" => {
            let kind = call.string("type").map_or("ordinary", |(s, _)| s);
            (kind.to_string(), "room", String::new())
        }
        "region" => {
            let kind = call.string("type").map_or("ordinary", |(s, _)| s);
            (kind.to_string(), "region", String::new())
        }
        _ => return None,
    };
    Some(Symbol {
        name,
        kind: kind.to_string(),
        span: call.span,
        name_span: call.name_span,
        detail,
    })
}

/// Width and height of a map drawing: its lines between the first and
/// the last that are not blank.
fn map_size(text: &str) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| !l.trim().is_empty());
    let last = lines.iter().rposition(|l| !l.trim().is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return (0, 0);
    };
    let rows = &lines[first..=last];
    let width = rows.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    (width, rows.len())
}
