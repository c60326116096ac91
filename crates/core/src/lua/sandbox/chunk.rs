//! A chunk the VM loads, compiled once and given to every run: piccolo's
//! parse tree costs some 25 bytes a byte of script, so a script run for
//! many seeds (the CLI runs each level for 32 more) is parsed once, not
//! once a seed, and never beside what an earlier run left.

use std::sync::OnceLock;

use piccolo::compiler::{self, CompiledPrototype, StringInterner};
use piccolo::{Closure, Context, FunctionPrototype, PrototypeError};

/// One chunk: its name (what Lua's messages call it), its text as the VM
/// is given it, and that text compiled (on first use, by the first run:
/// the parser recurses, and runs are on a deep stack).
pub struct Chunk {
    name: std::borrow::Cow<'static, str>,
    text: String,
    /// The global holding the table the chunk runs in (its `_ENV`), when
    /// not the globals themselves (a DCSS map's environment).
    env: Option<&'static str>,
    compiled: OnceLock<Result<CompiledPrototype<Box<[u8]>>, String>>,
}

impl Chunk {
    pub fn new(name: &'static str, text: String) -> Chunk {
        Chunk {
            name: name.into(),
            text,
            env: None,
            compiled: OnceLock::new(),
        }
    }

    /// A part of the script whose first line is the script's line
    /// `first + 1`: the VM's line numbers in it are moved by `first` (its
    /// name says by how much: `level@first`), so a part cut from a long
    /// file costs its own lines, not the file's. It runs in the table the
    /// global `env` holds.
    pub fn script_part(text: String, first: usize, env: &'static str) -> Chunk {
        Chunk {
            name: format!("{}@{first}", super::SCRIPT).into(),
            env: Some(env),
            ..Chunk::new(super::SCRIPT, text)
        }
    }

    /// The chunk with its field reads as calls that read a string's
    /// fields as Lua does (`string_fields.rs`), for a run the plain text
    /// stopped on one.
    pub fn string_fields(&self) -> Chunk {
        let reading = crate::lua::syntax::read(&self.text);
        Chunk {
            name: self.name.clone(),
            text: super::string_fields::rewrite(&reading.tree, &self.text),
            env: self.env,
            compiled: OnceLock::new(),
        }
    }

    /// The chunk as a closure of `ctx`'s VM, its globals its `_ENV`; `Err`
    /// holds Lua's (piccolo's) words when it refuses the text.
    pub fn load<'gc>(&self, ctx: Context<'gc>) -> Result<Closure<'gc>, String> {
        let compiled = self.compiled.get_or_init(|| compile(&self.text));
        let compiled = compiled.as_ref().map_err(Clone::clone)?;
        let prototype = FunctionPrototype::from_compiled_map_strings(
            &ctx,
            ctx.intern(self.name.as_bytes()),
            compiled,
            |s| ctx.intern(s),
        );
        let env = match self.env.map(|name| ctx.get_global(name)) {
            Some(piccolo::Value::Table(table)) => table,
            _ => ctx.globals(),
        };
        Closure::new(&ctx, prototype, Some(env)).map_err(|e| e.to_string())
    }
}

fn compile(text: &str) -> Result<CompiledPrototype<Box<[u8]>>, String> {
    let chunk = compiler::parse_chunk(text.as_bytes(), Owned).map_err(PrototypeError::from);
    chunk
        .and_then(|chunk| compiler::compile_chunk(&chunk, Owned).map_err(PrototypeError::from))
        .map_err(|e| e.to_string())
}

/// Strings of a chunk compiled outside any VM: each run's VM interns them
/// when it loads the chunk.
#[derive(Clone, Copy)]
struct Owned;

impl StringInterner for Owned {
    type String = Box<[u8]>;

    fn intern(&mut self, s: &[u8]) -> Box<[u8]> {
        s.into()
    }
}
