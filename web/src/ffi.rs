//! The wasm module's exports (wasm32 only): requests and answers as UTF-8
//! JSON through two buffers in linear memory. The glue (`page/glue.js`)
//! asks [`web_in`] for a buffer of the request's length, writes the
//! request there, calls [`web_call`] (the answer's length) and reads the
//! answer at [`web_out`]. One game per module instance (the page has two:
//! its own and the Worker's).
#![allow(unsafe_code, reason = "the exports' unmangled names and the clock's import; no unsafe block")]

use crate::session::Driver;
use std::cell::RefCell;

#[link(wasm_import_module = "clock")]
unsafe extern "C" {
    /// The page's monotonic clock in milliseconds (`performance.now()`).
    safe fn now_ms() -> f64;
}

/// The page's clock, as game-core takes it (a Rust function).
fn page_now() -> f64 {
    now_ms()
}

thread_local! {
    static GAME: RefCell<Option<Box<dyn Driver>>> = const { RefCell::new(None) };
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A buffer of `len` bytes for the next request; its address.
#[unsafe(no_mangle)]
pub extern "C" fn web_in(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|b| {
        b.clear();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Answers the request in the input buffer; the answer's length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn web_call() -> usize {
    // The searches' clock (game-core's `browser-clock`): the page's.
    game_core::browser_clock::set_clock(page_now);
    let request = INPUT.with_borrow(|b| String::from_utf8_lossy(b).into_owned());
    let answer = GAME.with_borrow_mut(|g| crate::handle(g, &request));
    OUTPUT.with_borrow_mut(|o| {
        *o = answer.into_bytes();
        o.len()
    })
}

/// The address of the last answer.
#[unsafe(no_mangle)]
pub extern "C" fn web_out() -> *const u8 {
    OUTPUT.with_borrow(|o| o.as_ptr())
}
