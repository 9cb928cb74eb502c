//! What the arena keeps of a bot's standard error: the first
//! [`STDERR_HEAD`] and the last [`STDERR_TAIL`] bytes, and the count of the
//! bytes cut between them, read by a thread of its own.

use super::{STDERR_HEAD, STDERR_TAIL, lock};
use std::collections::VecDeque;
use std::io::Read;
use std::sync::Mutex;

/// What is kept of a bot's stderr: its first [`STDERR_HEAD`] bytes, its
/// last [`STDERR_TAIL`] bytes, and the count of bytes cut between them.
#[derive(Default)]
pub(super) struct Kept {
    head: Vec<u8>,
    tail: VecDeque<u8>,
    cut: u64,
}

impl Kept {
    pub(super) fn push(&mut self, bytes: &[u8]) {
        let (head, rest) = bytes.split_at(STDERR_HEAD.saturating_sub(self.head.len()).min(bytes.len()));
        self.head.extend_from_slice(head);
        self.tail.extend(rest);
        let excess = self.tail.len().saturating_sub(STDERR_TAIL);
        self.tail.drain(..excess);
        self.cut += excess as u64;
    }

    pub(super) fn text(&self) -> String {
        let mut bytes = self.head.clone();
        if self.cut > 0 {
            bytes.extend_from_slice(format!("\n[... {} bytes cut ...]\n", self.cut).as_bytes());
        }
        bytes.extend(&self.tail);
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

pub(super) fn keep_stderr(mut err: impl Read, kept: &Mutex<Kept>) {
    let mut chunk = [0u8; 4096];
    loop {
        match err.read(&mut chunk) {
            Ok(0) => return,
            Ok(n) => lock(kept).push(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}
