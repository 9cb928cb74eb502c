// The complete rules of the game and its made-up protocol for people: the text is
// `doc/rules.md`. Prose for people: names in it are not always code items.
#![allow(clippy::doc_markdown)]
#![doc = include_str!("../doc/rules.md")]
