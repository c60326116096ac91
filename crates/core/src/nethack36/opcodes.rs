//! The 76 opcodes of the 3.6 special-level machine, by number (`enum
//! opcode_defs` of NetHack 3.6.6's `sp_lev.h`; facts written as our own
//! table).

/// Opcode names, indexed by opcode number.
pub const NAMES: [&str; 76] = [
    "NULL",
    "MESSAGE",
    "MONSTER",
    "OBJECT",
    "ENGRAVING",
    "ROOM",
    "SUBROOM",
    "DOOR",
    "STAIR",
    "LADDER",
    "ALTAR",
    "FOUNTAIN",
    "SINK",
    "POOL",
    "TRAP",
    "GOLD",
    "CORRIDOR",
    "LEVREGION",
    "DRAWBRIDGE",
    "MAZEWALK",
    "NON_DIGGABLE",
    "NON_PASSWALL",
    "WALLIFY",
    "MAP",
    "ROOM_DOOR",
    "REGION",
    "MINERALIZE",
    "CMP",
    "JMP",
    "JL",
    "JLE",
    "JG",
    "JGE",
    "JE",
    "JNE",
    "TERRAIN",
    "REPLACETERRAIN",
    "EXIT",
    "ENDROOM",
    "POP_CONTAINER",
    "PUSH",
    "POP",
    "RN2",
    "DEC",
    "INC",
    "MATH_ADD",
    "MATH_SUB",
    "MATH_MUL",
    "MATH_DIV",
    "MATH_MOD",
    "MATH_SIGN",
    "COPY",
    "END_MONINVENT",
    "GRAVE",
    "FRAME_PUSH",
    "FRAME_POP",
    "CALL",
    "RETURN",
    "INITLEVEL",
    "LEVEL_FLAGS",
    "VAR_INIT",
    "SHUFFLE_ARRAY",
    "DICE",
    "SEL_ADD",
    "SEL_POINT",
    "SEL_RECT",
    "SEL_FILLRECT",
    "SEL_LINE",
    "SEL_RNDLINE",
    "SEL_GROW",
    "SEL_FLOOD",
    "SEL_RNDCOORD",
    "SEL_ELLIPSE",
    "SEL_FILTER",
    "SEL_GRADIENT",
    "SEL_COMPLEMENT",
];

/// The opcode that carries a value (every other record is its number
/// alone).
pub const PUSH: i32 = 40;

/// The name of opcode `op`, if it is one.
pub fn name(op: i32) -> Option<&'static str> {
    usize::try_from(op).ok().and_then(|i| NAMES.get(i)).copied()
}

/// The opcode named `name`.
pub fn number(name: &str) -> Option<i32> {
    NAMES.iter().position(|n| *n == name).map(|i| i as i32)
}
