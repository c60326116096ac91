//! Compiled output files.

use serde::{Deserialize, Serialize};

/// A compiled output file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Artifact {
    pub name: String,
    /// Index into `Analysis::outline` of what produced it, if any.
    pub symbol: Option<usize>,
    pub bytes: Vec<u8>,
}
