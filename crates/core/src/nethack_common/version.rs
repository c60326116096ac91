//! The version words a 3.2 or 3.4.3 compiler writes at the head of each
//! `.lev` and `dungeon` file (`VERSION_NUMBER`, `VERSION_FEATURES`,
//! `VERSION_SANITY1`, `VERSION_SANITY2`, as `version_info` holds them on
//! x86-64 Linux builds with the default options): the game refuses a file
//! whose words are not its own. 3.6's five words are its profiles' data.

/// NetHack 3.4.3.
pub const V343: [u64; 4] = [0x03040300, 0x001e0cc6, 0x211b117e, 0xb8d24950];
/// NetHack 3.2.3.
pub const V323: [u64; 4] = [0x03020300, 0x005c04c6, 0x20189152, 0x70d223f0];
/// NetHack 3.2.2: 3.2.3's words but the version number.
pub const V322: [u64; 4] = [0x03020200, 0x005c04c6, 0x20189152, 0x70d223f0];
