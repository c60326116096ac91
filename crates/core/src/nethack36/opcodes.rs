//! The opcodes of the 3.6 special-level machine. Inside the core an
//! opcode is its *canonical* number: its index in [`NAMES`], which is 3.6.6's
//! numbering (`enum opcode_defs` of its `sp_lev.h`; facts written as our
//! own table) followed by the opcodes variants add. A dialect profile
//! numbers them in its files as its own `sp_lev.h` does ([`Numbering`]).

/// How many opcodes NetHack 3.6.6 has (0..=75).
pub const BASE_COUNT: usize = 76;

/// Each opcode once: its name (what `NAMES` holds and dumps print) and,
/// by its place in the list, its canonical number (a constant of that
/// name).
macro_rules! opcodes {
    ($($name:ident),* $(,)?) => {
        /// Opcode names, indexed by canonical number.
        pub const NAMES: [&str; [$(stringify!($name)),*].len()] = [$(stringify!($name)),*];
        opcodes!(@number 0; $($name),*);
    };
    (@number $n:expr; $name:ident $(, $rest:ident)*) => {
        #[allow(dead_code)]
        pub const $name: i32 = $n;
        opcodes!(@number $n + 1; $($rest),*);
    };
    (@number $n:expr;) => {};
}

opcodes! {
    NULL,
    MESSAGE,
    MONSTER,
    OBJECT,
    ENGRAVING,
    ROOM,
    SUBROOM,
    DOOR,
    STAIR,
    LADDER,
    ALTAR,
    FOUNTAIN,
    SINK,
    POOL,
    TRAP,
    GOLD,
    CORRIDOR,
    LEVREGION,
    DRAWBRIDGE,
    MAZEWALK,
    NON_DIGGABLE,
    NON_PASSWALL,
    WALLIFY,
    MAP,
    ROOM_DOOR,
    REGION,
    MINERALIZE,
    CMP,
    JMP,
    JL,
    JLE,
    JG,
    JGE,
    JE,
    JNE,
    TERRAIN,
    REPLACETERRAIN,
    EXIT,
    ENDROOM,
    POP_CONTAINER,
    PUSH,
    POP,
    RN2,
    DEC,
    INC,
    MATH_ADD,
    MATH_SUB,
    MATH_MUL,
    MATH_DIV,
    MATH_MOD,
    MATH_SIGN,
    COPY,
    END_MONINVENT,
    GRAVE,
    FRAME_PUSH,
    FRAME_POP,
    CALL,
    RETURN,
    INITLEVEL,
    LEVEL_FLAGS,
    VAR_INIT,
    SHUFFLE_ARRAY,
    DICE,
    SEL_ADD,
    SEL_POINT,
    SEL_RECT,
    SEL_FILLRECT,
    SEL_LINE,
    SEL_RNDLINE,
    SEL_GROW,
    SEL_FLOOD,
    SEL_RNDCOORD,
    SEL_ELLIPSE,
    SEL_FILTER,
    SEL_GRADIENT,
    SEL_COMPLEMENT,
    // Variants' opcodes (EvilHack).
    FORGE,
    MAGIC_CHEST,
    PUDDLE,
    SEWAGE,
}

/// The name of canonical opcode `op`, if it is one.
pub fn name(op: i32) -> Option<&'static str> {
    usize::try_from(op).ok().and_then(|i| NAMES.get(i)).copied()
}

/// The opcode named `name`.
pub fn number(name: &str) -> Option<i32> {
    NAMES.iter().position(|n| *n == name).map(|i| i as i32)
}

/// A dialect's file numbering of the opcodes it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbering {
    /// Canonical number → file number (-1: the dialect lacks it).
    to_file: Vec<i32>,
    /// File number → canonical number.
    to_canonical: Vec<i32>,
}

impl Numbering {
    /// NetHack 3.6.6's: the first [`BASE_COUNT`] canonical numbers as they
    /// are. Made once: every 3.6.6 file read or written uses it.
    pub fn base() -> &'static Numbering {
        static BASE: std::sync::OnceLock<Numbering> = std::sync::OnceLock::new();
        BASE.get_or_init(|| {
            Numbering::from_names(&NAMES[..BASE_COUNT]).unwrap_or_else(|_| Numbering {
                to_file: Vec::new(),
                to_canonical: Vec::new(),
            })
        })
    }

    /// The numbering of a dialect whose files number `order[i]` as `i`;
    /// an unknown name is an error.
    pub fn from_names(order: &[&str]) -> Result<Numbering, String> {
        let mut to_file = vec![-1; NAMES.len()];
        let mut to_canonical = Vec::with_capacity(order.len());
        for (file, name) in order.iter().enumerate() {
            let canonical = number(name).ok_or_else(|| format!("unknown opcode {name}"))?;
            to_file[canonical as usize] = file as i32;
            to_canonical.push(canonical);
        }
        Ok(Numbering {
            to_file,
            to_canonical,
        })
    }

    /// The file number of canonical opcode `op` (`op` itself when the
    /// dialect lacks it, which the compiler never emits).
    pub fn file(&self, op: i32) -> i32 {
        usize::try_from(op)
            .ok()
            .and_then(|i| self.to_file.get(i))
            .copied()
            .filter(|&f| f >= 0)
            .unwrap_or(op)
    }

    /// The canonical number of file opcode `op`, if the dialect has it.
    pub fn canonical(&self, op: i32) -> Option<i32> {
        usize::try_from(op)
            .ok()
            .and_then(|i| self.to_canonical.get(i))
            .copied()
    }

    /// How many opcodes the dialect has.
    pub fn len(&self) -> usize {
        self.to_canonical.len()
    }
}

#[cfg(test)]
mod numbers {
    use super::*;

    /// The canonical numbers are 3.6.6's `enum opcode_defs`, then the
    /// variants' additions.
    #[test]
    fn each_opcode_is_numbered_by_its_place() {
        assert_eq!((MESSAGE, PUSH, SEL_COMPLEMENT), (1, 40, 75));
        assert_eq!((FORGE, SEWAGE), (BASE_COUNT as i32, 79));
        assert_eq!(NAMES.len(), 80);
        for (i, name) in NAMES.iter().enumerate() {
            assert_eq!(number(name), Some(i as i32));
        }
    }
}
