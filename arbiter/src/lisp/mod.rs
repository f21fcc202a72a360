//! Common Lisp as the arbiter reads students' sources: the tokens
//! ([`reader`], streaming, borrowing from the text) and the data built from
//! them one top-level form at a time ([`form`]). Shared by the copy check
//! (`similarity/source/lisp.rs` normalises the tokens) and the grading
//! (`grade/recognise/` walks the forms). Reading a source costs the text
//! and one top-level form, never a tree of the whole file.

pub(crate) mod form;
pub(crate) mod reader;

pub(crate) use form::{decode, print, quote, read_forms, Form, Forms};
pub(crate) use reader::{line_column, Raw, Reader};
