//! Why a file is not a compiled level (a 3.2 or 3.4.3 `.lev` of fixed
//! records, a 3.6 `.lev` of opcodes), and where: both decoders answer with
//! it.

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// Byte offset of the field that is wrong.
    pub offset: usize,
    pub message: String,
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}
