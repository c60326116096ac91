//! Hooks that connect the pure state to the outside world: storage, the URL
//! hash, the OS theme, keyboard shortcuts, the editor cursor.

pub mod analysis;
pub mod library;
pub mod link;
pub mod shortcuts;
pub mod storage;
pub mod theme;
