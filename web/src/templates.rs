//! "New …" documents: a starting point per language, so that a designer
//! can start by painting. Each is valid as it is (the tests compile them).

use vaultwright::Language;

/// A template offered under New.
pub struct Template {
    pub title: &'static str,
    pub file: &'static str,
    pub language: Language,
    /// Map size (columns, rows) for the generated ones.
    pub size: (usize, usize),
}

pub const TEMPLATES: &[Template] = &[
    Template {
        title: "NetHack level, 20×10 map",
        file: "untitled.des",
        language: Language::NethackDes,
        size: (20, 10),
    },
    Template {
        title: "NetHack level, 40×15 map",
        file: "untitled.des",
        language: Language::NethackDes,
        size: (40, 15),
    },
    Template {
        title: "NetHack level, full 76×21 map",
        file: "untitled.des",
        language: Language::NethackDes,
        size: (76, 21),
    },
    Template {
        title: "NetHack 5.0 Lua level, 20×10 map",
        file: "untitled.lua",
        language: Language::NethackLua,
        size: (20, 10),
    },
    Template {
        title: "DCSS vault, 15×9",
        file: "untitled_vault.des",
        language: Language::DcssDes,
        size: (15, 9),
    },
    Template {
        title: "POWDER room, 9×7",
        file: "untitled.map",
        language: Language::PowderMap,
        size: (9, 7),
    },
];

impl Template {
    /// The document's text: a walled room of the chosen size, with what
    /// the language requires around it.
    pub fn text(&self) -> String {
        let (w, h) = (self.size.0.max(3), self.size.1.max(3));
        match self.language {
            Language::DcssDes => format!(
                "NAME: untitled_vault\nTAGS: transparent\nORIENT: float\nMAP\n{}ENDMAP\n",
                with_doors(&room(w, h, b'x', b'.', ""), w, h)
            ),
            Language::PowderMap => format!(
                "+{}+\n{}+{}+\n\n.: SQUARE_FLOOR, SQUAREFLAG_LIT\n#: SQUARE_WALL, SQUAREFLAG_LIT\n",
                "-".repeat(w),
                room(w, h, b'#', b'.', "|"),
                "-".repeat(w)
            ),
            // The drawing's last row ends where the string does, as the
            // game's own files write it.
            Language::NethackLua => format!(
                "des.level_init({{ style = \"solidfill\", fg = \" \" }})\ndes.level_flags(\"mazelevel\", \"noteleport\")\n\ndes.map({{ halign = \"center\", valign = \"center\", map = [[\n{}]] }})\n",
                nethack_room(w, h).trim_end_matches('\n')
            ),
            _ => format!(
                "MAZE:\"untitled\",' '\nFLAGS:noteleport\nGEOMETRY:center,center\nMAP\n{}ENDMAP\n",
                nethack_room(w, h)
            ),
        }
    }
}

/// A room of `floor` walled with `wall`, each row between `edge`s.
fn room(w: usize, h: usize, wall: u8, floor: u8, edge: &str) -> String {
    let mut out = String::new();
    for y in 0..h {
        let row: String = (0..w)
            .map(|x| if y == 0 || y + 1 == h || x == 0 || x + 1 == w { wall } else { floor } as char)
            .collect();
        out.push_str(&format!("{edge}{row}{edge}\n"));
    }
    out
}

/// A vault's room with a door in the middle of each wall, so that it
/// can be entered from any side.
fn with_doors(room: &str, w: usize, h: usize) -> String {
    let mut rows: Vec<Vec<u8>> = room.lines().map(|l| l.as_bytes().to_vec()).collect();
    let (mx, my) = (w / 2, h / 2);
    for (x, y) in [(mx, 0), (mx, h - 1), (0, my), (w - 1, my)] {
        if let Some(c) = rows.get_mut(y).and_then(|r| r.get_mut(x)) {
            *c = b'+';
        }
    }
    rows.iter()
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect()
}

/// A NetHack room: `-` walls above and below, `|` at the sides.
fn nethack_room(w: usize, h: usize) -> String {
    let mut out = String::new();
    for y in 0..h {
        let row: String = (0..w)
            .map(|x| match (y == 0 || y + 1 == h, x == 0 || x + 1 == w) {
                (true, _) => '-',
                (false, true) => '|',
                _ => '.',
            })
            .collect();
        out.push_str(&row);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every template is a document without errors, and the NetHack ones
    /// compile to a level.
    #[test]
    fn every_template_is_valid() {
        for t in TEMPLATES {
            let text = t.text();
            let options = vaultwright::Options {
                file_name: t.file.into(),
                ..Default::default()
            };
            let a = vaultwright::analyze(&text, t.language, &options);
            assert!(!a.has_errors(), "{}: {:?}\n{text}", t.title, a.diagnostics);
            assert!(
                a.diagnostics
                    .iter()
                    .all(|d| d.severity != vaultwright::Severity::Warning),
                "{}: {:?}",
                t.title,
                a.diagnostics
            );
            if t.language == Language::NethackDes {
                assert_eq!(a.artifacts.len(), 1, "{}", t.title);
            }
            assert!(!a.outline.is_empty(), "{}", t.title);
        }
    }
}
