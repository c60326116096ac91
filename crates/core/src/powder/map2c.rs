//! The C++ text map2c writes for a room that checks clean, and the names
//! it derives from the input file's name.

use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;

use super::{kind_of, Room, FILE_NAME, LIST_ORDER};

/// One attribute placed on a cell: x, y, name.
type Placed<'a> = (usize, usize, &'a str);

/// The C file `map2c` writes (only meaningful when the room checks clean).
pub fn map2c(room: &Room, prefix: &str, input_name: &str) -> String {
    let mut out = String::new();
    let Some(map) = &room.map else {
        return out;
    };
    out.push_str("// Auto-generated .map file\n// DO NOT HAND EDIT\n");
    out.push_str(&format!(
        "// Generated from {}\n\n",
        comment_safe(input_name)
    ));
    out.push_str("#include \"../map.h\"\n#include \"../glbdef.h\"\n\n");
    out.push_str(&format!(
        "const SQUARE_NAMES glb_{prefix}_squarelist[] =\n{{\n"
    ));
    let mut lists: Vec<(&str, Vec<Placed>)> = LIST_ORDER.iter().map(|k| (*k, Vec::new())).collect();
    let mut i = 0usize;
    for (y, (_, row)) in map.rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            if i > 0 {
                out.push_str(",\t");
            }
            if i > 0 && i.is_multiple_of(4) {
                out.push('\n');
            }
            // map2c walks its legend newest first and pushes each entry on
            // the front of its list: within a cell, legend order survives.
            for t in room.legend.iter().rev().filter(|t| t.letter == c) {
                match kind_of(&t.name) {
                    Some("square") => {
                        out.push_str(&t.name);
                        i += 1;
                    }
                    Some(kind) => {
                        if let Some((_, list)) = lists.iter_mut().find(|(k, _)| *k == kind) {
                            list.push((x, y, t.name.as_str()));
                        }
                    }
                    None => {}
                }
            }
        }
    }
    out.push_str("\n};\n\n");
    for (kind, list) in &lists {
        out.push_str(&format!("const PT2 glb_{prefix}_{kind}list[] =\n{{\n"));
        // Pushed on the front: the last cell first, and within a cell the
        // legend order (pushes of one cell were made newest-legend first).
        let mut entries: Vec<String> = Vec::new();
        for &(x, y, name) in list.iter().rev() {
            entries.push(format!("\t{{ {x}, {y}, {name} }}"));
        }
        entries.push(format!(
            "\t{{ -1, -1, {}_NONE }}",
            kind.to_ascii_uppercase()
        ));
        out.push_str(&entries.join(",\n"));
        out.push_str("\n};\n\n");
    }
    let g = &room.globals;
    out.push_str(&format!("const ROOM_DEF glb_{prefix}_roomdef =\n{{\n"));
    out.push_str(&format!("\t{{ {}, {}, 0 }},\n", map.width, map.rows.len()));
    for kind in [
        "square",
        "squareflag",
        "item",
        "mob",
        "itemtype",
        "moblevel",
        "intrinsic",
        "signpost",
    ] {
        out.push_str(&format!("\tglb_{prefix}_{kind}list,\n"));
    }
    out.push_str(&format!("\t{}, {},\n", g.minlevel, g.maxlevel));
    out.push_str(&format!("\t{},\n", g.rarity));
    out.push_str(&format!("\t{}, {},\n", g.mandatory, g.onlyonce));
    for v in [
        g.allowstairs,
        g.allowgeneration,
        g.allowdig,
        g.allowitems,
        g.allowtele,
    ] {
        out.push_str(&format!("\t{v},\n"));
    }
    out.push_str(&format!("\t{}, {}, \n", g.x, g.y));
    out.push_str(&format!("\t{}, \n", g.quest));
    out.push_str(&format!("\t\"{prefix}\"\n}};\n"));
    out
}

/// The room name map2c derives: the output name up to its first `.`,
/// made a C identifier. map2c pastes it into identifiers
/// (`glb_NAME_squarelist`) and into a string, so every character an
/// identifier cannot hold becomes `_`; an ordinary name is kept as it is,
/// and the C text stays map2c's.
pub fn prefix_of(file_name: &str) -> String {
    raw_prefix(file_name)
        .chars()
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' => c,
            _ => '_',
        })
        .collect()
}

/// The output name's stem as map2c takes it (`room` for none).
fn raw_prefix(file_name: &str) -> &str {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let stem = base.split('.').next().unwrap_or("");
    if stem.is_empty() {
        "room"
    } else {
        stem
    }
}

/// A warning when the file name is not a C identifier: map2c would paste
/// it into the C++ as it is (code that does not compile, or worse).
pub fn file_name_finding(file_name: &str) -> Option<Diagnostic> {
    let raw = raw_prefix(file_name);
    let prefix = prefix_of(file_name);
    (raw != prefix).then(|| {
        Diagnostic::warning(
            FILE_NAME,
            format!(
                "the file name `{}` is not a C identifier; the room's C names use `{prefix}` instead",
                vaultwright_model::file_name::shown(raw)
            ),
            Span::default(),
        )
        .with_note("map2c pastes the file name into glb_NAME_squarelist and the room's name string")
    })
}

/// The input's name as the C comment `// Generated from NAME` can hold
/// it: a control character (a line break would end the comment and start
/// code) is written as a visible escape.
fn comment_safe(name: &str) -> String {
    vaultwright_model::file_name::shown(name)
}
