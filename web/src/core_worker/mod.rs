//! The core runs beside the page, in a Web Worker: the page (Yew, the
//! editor) never waits for an analysis, a seed grid or a conversion, and
//! a script that runs away is stopped by ending the worker.
//!
//! - `protocol`: the requests and answers, plain data;
//! - `serve`: the worker's side, a request answered by the core (native,
//!   tested natively); `for_editor`: what the editor takes of an analysis;
//!   `service`: the editor's language service (completion, hover, rename…);
//!   `wire`: a tile map's cells packed for the crossing;
//! - `message_loop`: the worker's message loop (wasm);
//! - `client`: the page's side: one question of each kind at a time, the
//!   newest kept, answers to older ones dropped, a worker stopped and
//!   started again when an answer is overdue.

pub mod client;
pub mod for_editor;
pub mod message_loop;
pub mod protocol;
pub mod serve;
pub mod service;
pub mod wire;
