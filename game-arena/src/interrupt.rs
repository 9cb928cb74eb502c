//! A clean stop of a series on SIGINT or SIGTERM (Ctrl-C or Ctrl-Break on
//! Windows), for people at a terminal and for batch schedulers (Slurm and
//! Kubernetes send SIGTERM, then SIGKILL after a grace period).
//!
//! * First SIGINT: no new game starts; the games being played finish within
//!   their own clocks (a person pressed Ctrl-C and may wait), then the table
//!   of the games that completed is printed, marked partial, and the arena
//!   exits with 130.
//! * First SIGTERM: no new game starts; the games being played get
//!   [`TERM_GRACE`] to finish and are then aborted (their bots killed, no
//!   record written: `--resume` plays them again). A scheduler's grace
//!   period (30 s by default in Kubernetes and Slurm) is short and a game
//!   can be long, so waiting for every game could cost the whole series'
//!   table. Exit code 143.
//! * A second signal of either kind exits at once with its code; the
//!   kernel (Linux), the launcher (macOS) or the job object (Windows) ends
//!   every bot with the arena (see [`bot_process`]).
//!
//! The state is process-wide, like signals themselves; [`install`] is
//! called once by the `arena` binary. Library users who never call it see
//! [`requested`] return `None` forever.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::{Duration, Instant};

/// How long games being played get to finish after a SIGTERM.
pub const TERM_GRACE: Duration = Duration::from_secs(10);

/// Which signal asked the arena to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopSignal {
    /// SIGINT (Ctrl-C): running games finish.
    Interrupt,
    /// SIGTERM: running games get [`TERM_GRACE`], then are aborted.
    Terminate,
}

impl StopSignal {
    /// The exit code after a clean stop: 128 plus the signal's number.
    pub fn exit_code(self) -> u8 {
        match self {
            StopSignal::Interrupt => 130,
            StopSignal::Terminate => 143,
        }
    }

    /// The signal's name.
    pub fn name(self) -> &'static str {
        match self {
            StopSignal::Interrupt => "SIGINT",
            StopSignal::Terminate => "SIGTERM",
        }
    }
}

/// 0: none; 1: SIGINT; 2: SIGTERM (the first signal received).
static FIRST: AtomicU8 = AtomicU8::new(0);

struct Flags {
    any: Arc<AtomicBool>,
    int: Arc<AtomicBool>,
    term: Arc<AtomicBool>,
}

static FLAGS: std::sync::OnceLock<Flags> = std::sync::OnceLock::new();
static SINCE: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

/// Installs the handlers (once; later calls do nothing).
///
/// # Errors
/// When the system refuses a handler.
pub fn install() -> std::io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use signal_hook::flag;
    if FLAGS.get().is_some() {
        return Ok(());
    }
    let f = Flags { any: Arc::default(), int: Arc::default(), term: Arc::default() };
    // The exits go first: they act only once `any` is set by an earlier signal.
    flag::register_conditional_shutdown(SIGINT, 130, Arc::clone(&f.any))?;
    flag::register_conditional_shutdown(SIGTERM, 143, Arc::clone(&f.any))?;
    flag::register(SIGINT, Arc::clone(&f.int))?;
    flag::register(SIGTERM, Arc::clone(&f.term))?;
    flag::register(SIGINT, Arc::clone(&f.any))?;
    flag::register(SIGTERM, Arc::clone(&f.any))?;
    let _ = FLAGS.set(f);
    Ok(())
}

/// The first stop signal received, if any.
pub fn requested() -> Option<StopSignal> {
    if FIRST.load(Ordering::Relaxed) == 0 {
        if let Some(f) = FLAGS.get() {
            // Which came first cannot be told apart once both are set; a
            // second signal exits before this matters.
            let first = if f.term.load(Ordering::Relaxed) {
                2
            } else if f.int.load(Ordering::Relaxed) {
                1
            } else {
                0
            };
            if first != 0 && FIRST.compare_exchange(0, first, Ordering::Relaxed, Ordering::Relaxed).is_ok() {
                let _ = SINCE.set(Instant::now());
            }
        }
    }
    match FIRST.load(Ordering::Relaxed) {
        1 => Some(StopSignal::Interrupt),
        2 => Some(StopSignal::Terminate),
        _ => None,
    }
}

/// Whether games being played must be aborted now (a SIGTERM more than
/// [`TERM_GRACE`] ago).
pub fn abort_games() -> bool {
    requested() == Some(StopSignal::Terminate) && SINCE.get().is_some_and(|t| t.elapsed() >= TERM_GRACE)
}
