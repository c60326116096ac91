//! How the game draws what a level places: the tty glyph and default
//! colour of map characters, monsters, objects, traps and dungeon
//! features (the game's symbol tables as our own data), and what the
//! views draw instead when the game picks the thing at random — a
//! placeholder no game draws, so that a random monster never passes for a
//! mummy nor a random object for a gem.

use super::ast::Class;
use super::colours::Clr;
use super::dialect::Dialect;
use crate::nethack_common::look::fixed;
pub use crate::nethack_common::look::*;
use vaultwright_model::view::{Look, Pick, Rgb, ANY_MONSTER_GLYPH, ANY_OBJECT_GLYPH};

/// The classes a level lists in RANDOM_MONSTERS and RANDOM_OBJECTS: a
/// register class (`monster[n]`, `object[n]`) is one of them, the game
/// shuffling the list when it makes the level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Registers {
    pub monsters: Vec<u8>,
    pub objects: Vec<u8>,
}

/// The words for a register class: the classes it can be.
fn register_words(sort: &str, keyword: &str, n: i32, listed: &[u8]) -> String {
    if listed.is_empty() {
        return format!("random {sort} of the class in {sort}[{n}] (no {keyword} list)");
    }
    let classes: Vec<String> = listed.iter().map(|&c| format!("'{}'", c as char)).collect();
    format!(
        "random {sort} of a class from {keyword} ({})",
        classes.join(", ")
    )
}

/// A MONSTER: its class letter and the monster's own colour; a class
/// letter in the random-pick colour when the class is given without a
/// name; a placeholder when the game picks the class too. A name the
/// game cannot find in the given class makes a random monster (the
/// compiler says so), and is drawn as one.
pub fn monster(d: &Dialect, class: Class, name: Option<&str>, regs: &Registers) -> Look {
    let named = name.and_then(|n| {
        let c = match class {
            Class::Char(c) => c as i32,
            // The original looks a name up in no class at all for
            // `random` or a register: the monster becomes random.
            _ => return None,
        };
        d.monster_id(n, Some(c)).map(|id| (n, id))
    });
    match named {
        Some((n, id)) => named_look(d.monsters(), d.monclass_chars, d.monster_colours, id, n),
        None => class_look(
            class,
            ANY_MONSTER_GLYPH,
            "monster",
            "RANDOM_MONSTERS",
            &regs.monsters,
        ),
    }
}

/// An OBJECT: its class symbol and the object's own colour, or the class
/// symbol in the random-pick colour, or a placeholder. The name is looked
/// up as the compiler does (3.4 within a given class, else everywhere).
pub fn object(d: &Dialect, class: Class, name: Option<&str>, regs: &Registers) -> Look {
    let class_code = match class {
        Class::Char(c) if d.is_object_class(c) => c as i32,
        _ => -1,
    };
    match name.and_then(|n| d.object_id(n, class_code).map(|id| (n, id))) {
        Some((n, id)) => named_look(d.objects(), d.objclass_chars, d.object_colours, id, n),
        None => class_look(
            class,
            ANY_OBJECT_GLYPH,
            "object",
            "RANDOM_OBJECTS",
            &regs.objects,
        ),
    }
}

/// A monster or object the level names: its class symbol (from the name
/// table's class index) and its own colour.
fn named_look(
    names: &[(&str, u8)],
    class_chars: &[u8],
    colours: &[Clr],
    id: usize,
    name: &str,
) -> Look {
    let glyph = names
        .get(id)
        .and_then(|&(_, cls)| class_chars.get(cls as usize))
        .map_or('?', |&b| b as char);
    Look {
        glyph,
        fg: colours.get(id).map_or(Rgb::GRAY, |c| c.rgb()),
        what: name.to_string(),
        pick: None,
    }
}

/// A monster or object without a name the game knows: the class letter
/// in the random-pick colour, or a placeholder when the class is random
/// too (`sort` is "monster" or "object", `keyword` its register list).
fn class_look(class: Class, any: char, sort: &str, keyword: &str, listed: &[u8]) -> Look {
    match class {
        Class::Char(c) => Look {
            glyph: c as char,
            fg: Rgb::RANDOM_PICK,
            what: format!(
                "random '{}' (class fixed, kind chosen by the game)",
                c as char
            ),
            pick: Some(Pick::InClass),
        },
        Class::Random => Look::placeholder(any, format!("random {sort} (any class)")),
        Class::Register(n) => Look {
            pick: Some(Pick::OneOf),
            ..Look::placeholder(any, register_words(sort, keyword, n, listed))
        },
    }
}

/// Trap glyphs and colours by the trap code the compiler uses (1 = arrow
/// trap … 22 = polymorph trap, the same in 3.2 and 3.4).
const TRAP_LOOKS: [(char, Clr, &str); 22] = [
    ('^', Clr::Cyan, "arrow trap"),
    ('^', Clr::Cyan, "dart trap"),
    ('^', Clr::Gray, "falling rock trap"),
    ('^', Clr::Brown, "squeaky board"),
    ('^', Clr::Cyan, "bear trap"),
    ('^', Clr::Red, "land mine"),
    ('^', Clr::Gray, "rolling boulder trap"),
    ('^', Clr::BrightBlue, "sleeping gas trap"),
    ('^', Clr::Blue, "rust trap"),
    ('^', Clr::Orange, "fire trap"),
    ('^', Clr::Black, "pit"),
    ('^', Clr::Black, "spiked pit"),
    ('^', Clr::Brown, "hole"),
    ('^', Clr::Brown, "trap door"),
    ('^', Clr::Magenta, "teleportation trap"),
    ('^', Clr::Magenta, "level teleporter"),
    ('^', Clr::BrightMagenta, "magic portal"),
    ('"', Clr::Gray, "web"),
    ('^', Clr::Gray, "statue trap"),
    ('^', Clr::BrightBlue, "magic trap"),
    ('^', Clr::BrightBlue, "anti-magic field"),
    ('^', Clr::BrightGreen, "polymorph trap"),
];

/// A TRAP: its glyph and colour by name; a random trap is a trap glyph in
/// the placeholder colour (every trap but the web is a `^`).
pub fn trap(d: &Dialect, name: Option<&str>) -> Look {
    let code = name.and_then(|n| d.trap(n));
    match code.and_then(|c| TRAP_LOOKS.get((c as usize).wrapping_sub(1))) {
        Some(&(glyph, fg, what)) => fixed(glyph, fg, what),
        None => match name {
            Some(n) => Look {
                glyph: '^',
                fg: Rgb::PLACEHOLDER,
                what: format!("unknown trap \"{n}\""),
                pick: None,
            },
            None => Look::placeholder('^', "random trap (any kind)"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nethack::dialect::{V323, V343};

    const NONE: Registers = Registers {
        monsters: Vec::new(),
        objects: Vec::new(),
    };

    fn mon(d: &Dialect, class: u8, name: &str) -> (char, Rgb) {
        let l = monster(d, Class::Char(class), Some(name), &NONE);
        assert_eq!(l.pick, None, "{name}");
        (l.glyph, l.fg)
    }

    #[test]
    fn monsters_have_their_class_letter_and_own_colour() {
        for d in [&V343, &V323] {
            assert_eq!(mon(d, b'D', "red dragon"), ('D', Rgb::RED));
            assert_eq!(mon(d, b'@', "soldier"), ('@', Rgb::GRAY));
            assert_eq!(mon(d, b'd', "jackal"), ('d', Rgb::BROWN));
            assert_eq!(mon(d, b'D', "black dragon"), ('D', Rgb::DARK_GRAY));
            assert_eq!(mon(d, b'@', "Medusa"), ('@', Rgb::BRIGHT_GREEN));
            assert_eq!(mon(d, b'@', "Wizard of Yendor"), ('@', Rgb::MAGENTA));
            assert_eq!(mon(d, b'M', "gnome mummy"), ('M', Rgb::RED));
            assert_eq!(mon(d, b'h', "dwarf"), ('h', Rgb::RED));
        }
        assert_eq!(mon(&V343, b'D', "silver dragon"), ('D', Rgb::BRIGHT_CYAN));
        assert_eq!(mon(&V343, b'@', "watchman"), ('@', Rgb::GRAY));
        assert_eq!(mon(&V343, b'@', "Oracle"), ('@', Rgb::BRIGHT_BLUE));
    }

    #[test]
    fn random_monsters_never_look_like_a_real_one() {
        let any = monster(&V343, Class::Random, None, &NONE);
        assert_eq!(
            any,
            Look {
                glyph: '◆',
                fg: Rgb::PLACEHOLDER,
                what: "random monster (any class)".into(),
                pick: Some(Pick::Any),
            }
        );
        let dragon = monster(&V343, Class::Char(b'D'), None, &NONE);
        assert_eq!(
            (dragon.glyph, dragon.fg, dragon.pick),
            ('D', Rgb::RANDOM_PICK, Some(Pick::InClass))
        );
        assert_eq!(
            dragon.what,
            "random 'D' (class fixed, kind chosen by the game)"
        );
        // A name with a random class is not looked up by the compiler: the
        // monster is random ("Invalid monster name!").
        assert_eq!(monster(&V343, Class::Random, Some("soldier"), &NONE), any);
        // A name from another class: random of the given class.
        assert_eq!(
            monster(&V343, Class::Char(b'D'), Some("soldier"), &NONE).pick,
            Some(Pick::InClass)
        );
        let listed = Registers {
            monsters: vec![b'L', b'N'],
            objects: Vec::new(),
        };
        let register = monster(&V343, Class::Register(1), None, &listed);
        assert_eq!(
            (register.glyph, register.pick, register.what.as_str()),
            (
                '◆',
                Some(Pick::OneOf),
                "random monster of a class from RANDOM_MONSTERS ('L', 'N')"
            )
        );
        assert!(!Rgb::TTY.contains(&Rgb::PLACEHOLDER));
        assert!(!Rgb::TTY.contains(&Rgb::RANDOM_PICK));
    }

    #[test]
    fn objects_have_their_class_symbol_and_own_colour() {
        let at = |class: Class, name: &str| {
            let l = object(&V343, class, Some(name), &NONE);
            (l.glyph, l.fg, l.pick)
        };
        assert_eq!(at(Class::Char(b')'), "long sword"), (')', Rgb::CYAN, None));
        assert_eq!(at(Class::Char(b'`'), "boulder"), ('`', Rgb::GRAY, None));
        assert_eq!(
            at(Class::Char(b'('), "magic lamp"),
            ('(', Rgb::YELLOW, None)
        );
        assert_eq!(at(Class::Char(b'%'), "corpse"), ('%', Rgb::BROWN, None));
        assert_eq!(
            at(Class::Char(b'['), "elven mithril-coat"),
            ('[', Rgb::CYAN, None)
        );
        // 3.4 finds a name in every class when the class is random.
        assert_eq!(at(Class::Random, "ruby"), ('*', Rgb::RED, None));
        assert_eq!(
            at(Class::Random, "Amulet of Yendor"),
            ('"', Rgb::CYAN, None)
        );
        let any = object(&V343, Class::Random, None, &NONE);
        assert_eq!(
            (any.glyph, any.fg, any.what.as_str(), any.pick),
            (
                '◇',
                Rgb::PLACEHOLDER,
                "random object (any class)",
                Some(Pick::Any)
            )
        );
        let gem = object(&V343, Class::Char(b'*'), None, &NONE);
        assert_eq!(
            (gem.glyph, gem.fg, gem.pick),
            ('*', Rgb::RANDOM_PICK, Some(Pick::InClass))
        );
    }

    #[test]
    fn traps_doors_and_terrain_in_their_tty_colours() {
        let t = |n: &str| {
            let l = trap(&V343, Some(n));
            (l.glyph, l.fg, l.what)
        };
        assert_eq!(
            t("magic portal"),
            ('^', Rgb::BRIGHT_MAGENTA, "magic portal".into())
        );
        assert_eq!(t("web"), ('"', Rgb::GRAY, "web".into()));
        assert_eq!(t("fire"), ('^', Rgb::ORANGE, "fire trap".into()));
        assert_eq!(t("pit"), ('^', Rgb::DARK_GRAY, "pit".into()));
        assert_eq!(trap(&V323, Some("trapdoor")).what, "trap door");
        assert_eq!(trap(&V343, None).pick, Some(Pick::Any));
        assert_eq!(door(2, true).glyph, '|');
        assert_eq!(door(2, false).glyph, '-');
        assert_eq!((door(8, false).glyph, door(8, false).fg), ('+', Rgb::BROWN));
        assert_eq!(door(-1, false).pick, Some(Pick::InClass));
        assert_eq!(terrain(b'\\', false), ('\\', Rgb::YELLOW, "throne"));
        assert_eq!(terrain(b'L', false), ('}', Rgb::RED, "lava"));
        assert_eq!(terrain(b'T', false), ('#', Rgb::GREEN, "tree"));
        assert_eq!(terrain(b'F', false), ('#', Rgb::CYAN, "iron bars"));
        assert_eq!(terrain(b'S', true).0, '-');
        assert_eq!(terrain(b'S', false).0, '|');
        assert_eq!(stair(true).fg, Rgb::GRAY);
        assert_eq!(ladder(false).fg, Rgb::BROWN);
    }

    #[test]
    fn colour_tables_run_beside_the_name_tables() {
        for d in [&V343, &V323] {
            assert_eq!(d.monsters().len(), d.monster_colours.len());
            assert_eq!(d.objects().len(), d.object_colours.len());
        }
    }
}
