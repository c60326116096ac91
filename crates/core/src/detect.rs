//! Which language a file is written in, from its name and content.

use vaultwright_model::{source, Language};

/// Guesses the language from a file name and its content.
pub fn detect_language(path: &str, content: &str) -> Option<Language> {
    let lower = path.to_ascii_lowercase();
    let file = lower.rsplit(['/', '\\']).next().unwrap_or(&lower);
    if file.ends_with(".map") {
        return Some(Language::PowderMap);
    }
    if file.ends_with(".def") || file.ends_with(".pdf") || file == "dungeon" {
        return Some(Language::NethackDungeon);
    }
    // The first 4 KiB, cut where no character is split.
    let head: &str = content
        .get(..source::floor_char_boundary(content, 4096))
        .unwrap_or(content);
    if head.contains("RLG327 MONSTER DESCRIPTION") {
        return Some(Language::Rlg327Monsters);
    }
    if head.contains("RLG327 OBJECT DESCRIPTION") {
        return Some(Language::Rlg327Objects);
    }
    // NetHack 5.0's levels are Lua scripts; DCSS keeps its Lua inside
    // `.des` files.
    if file.ends_with(".lua") {
        return Some(Language::NethackLua);
    }
    if file.ends_with(".des") || !file.contains('.') {
        // Most files of a large DCSS set hold neither word: a substring
        // search rules them out before any line is looked at.
        let nethack = (memchr::memmem::find(content.as_bytes(), b"MAZE").is_some()
            || memchr::memmem::find(content.as_bytes(), b"LEVEL").is_some())
            && content.lines().any(starts_a_nethack_level);
        let dcss = !nethack
            && content.lines().any(|l| {
                let l = l.trim_start();
                l.starts_with("NAME:")
                    || l.starts_with("default-depth:")
                    || l.starts_with("{{")
                    || l.starts_with("lua {{")
                    || (l.starts_with(": ") && file.ends_with(".des"))
            });
        if nethack {
            return Some(Language::NethackDes);
        }
        if dcss || content.contains("ENDMAP") && !content.contains("GEOMETRY") {
            return Some(Language::DcssDes);
        }
        if file.ends_with(".des") {
            return Some(Language::NethackDes);
        }
    }
    if file.ends_with(".txt") {
        if content.contains("BEGIN MONSTER") {
            return Some(Language::Rlg327Monsters);
        }
        if content.contains("BEGIN OBJECT") {
            return Some(Language::Rlg327Objects);
        }
    }
    None
}

/// `MAZE` or `LEVEL`, blanks, then `:` (lev_comp allows any blanks
/// between a keyword and its colon, tabs included).
fn starts_a_nethack_level(line: &str) -> bool {
    let l = line.trim_start();
    ["MAZE", "LEVEL"].iter().any(|kw| {
        l.strip_prefix(kw)
            .is_some_and(|rest| rest.trim_start_matches([' ', '\t']).starts_with(':'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `head` padded so that its byte 4096 falls inside an "é" (bytes
    /// 4095..4097), then `tail`.
    fn split_at_4096(head: &str, tail: &str) -> String {
        let mut content = head.to_string();
        content.push_str(&"x".repeat(4095 - head.len()));
        content.push('é');
        content.push_str(tail);
        content
    }

    #[test]
    fn a_level_keyword_with_blanks_before_its_colon_is_nethack() {
        let content =
            "# x\nLEVEL  :\t\"Q0avTp\"\nROOM: \"ordinary\", random, random, random, random\nMAP\n";
        assert_eq!(
            detect_language("vd0204.des", content),
            Some(Language::NethackDes)
        );
        assert_eq!(
            detect_language("v.des", "NAME: x\nMAP\n.\nENDMAP\n"),
            Some(Language::DcssDes)
        );
    }

    #[test]
    fn a_lua_file_is_a_nethack_level_script() {
        let content = "des.level_init({ style = \"solidfill\", fg = \" \" })\n";
        assert_eq!(
            detect_language("dat/castle.lua", content),
            Some(Language::NethackLua)
        );
        assert_eq!(
            detect_language("MINETN-1.LUA", ""),
            Some(Language::NethackLua)
        );
    }

    #[test]
    fn detect_language_cuts_its_head_at_a_character_boundary() {
        let header = "RLG327 MONSTER DESCRIPTION 1\n";
        let early = split_at_4096(header, "\n");
        assert!(!early.is_char_boundary(4096));
        assert_eq!(
            detect_language("monsters.txt", &early),
            Some(Language::Rlg327Monsters)
        );
        // A header past the first 4 KiB is not looked at.
        let late = split_at_4096("", &format!("\n{header}"));
        assert!(!late.is_char_boundary(4096));
        assert_eq!(detect_language("monsters.txt", &late), None);
    }
}
