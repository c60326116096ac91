//! The size of a tile map cell, shared by every view that draws cells (the
//! map, its minimap, the faces of a random level) so they line up; kept
//! apart so none of them has to import another to know it.

/// A cell at 100%, in CSS pixels.
pub const CELL_W: f64 = 10.0;
pub const CELL_H: f64 = 16.0;
