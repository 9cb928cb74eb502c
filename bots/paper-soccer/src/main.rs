//! An example Paper Soccer bot, the fixture the bundling check builds into
//! one source file (see "Submitting to CodinGame" in the repository README).
//!
//! A two-turn search on whole turns from the crate's turn generator: for
//! each of its own distinct turns (up to [`MY_TURNS`]) it assumes the
//! opponent's best reply (up to [`REPLIES`] of them) and keeps the turn whose
//! worst case is best; a position is worth how far the ball is toward the
//! goal the bot attacks. Node-count limits, not the clock, bound the search,
//! so the same input always gets the same answer.

use paper_soccer::game_core::PlayerId;
use paper_soccer::protocol::run_bot;
use paper_soccer::{Dir, PaperSoccer, TurnGen};
use std::ops::ControlFlow;
use std::time::Duration;

/// Own turns looked at per answer.
const MY_TURNS: u64 = 300;
/// Opponent replies looked at per own turn.
const REPLIES: u64 = 150;

/// Higher is better for `me`: a win, then how far the ball went toward the
/// goal `me` attacks (player 0 attacks the top goal); a loss is worst.
fn score(after: &PaperSoccer, me: PlayerId) -> i32 {
    match after.winner() {
        Some(w) if w == me => i32::MAX,
        Some(_) => i32::MIN,
        None if me == PlayerId(0) => -i32::from(after.ball().y),
        None => i32::from(after.ball().y),
    }
}

/// The two generators the search reuses (no allocation once grown).
struct Search {
    mine: TurnGen,
    theirs: TurnGen,
}

impl Search {
    /// The score of `after` for `me` once the opponent made its best reply.
    fn worst_reply(theirs: &mut TurnGen, after: &PaperSoccer, me: PlayerId) -> i32 {
        if after.is_over() {
            return score(after, me);
        }
        let mut worst = i32::MAX;
        theirs.for_each_turn(after, REPLIES, |_, reply| {
            worst = worst.min(score(reply, me));
            if worst == i32::MIN {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        worst
    }

    fn best_turn(&mut self, game: &PaperSoccer, me: PlayerId) -> Vec<Dir> {
        let mut best: (i32, Vec<Dir>) = (i32::MIN, Vec::new());
        let theirs = &mut self.theirs;
        self.mine.for_each_turn(game, MY_TURNS, |steps, after| {
            let s = Self::worst_reply(theirs, after, me);
            if best.1.is_empty() || s > best.0 {
                best = (s, steps.to_vec());
            }
            if s == i32::MAX {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        best.1
    }
}

fn main() {
    let mut search = Search { mine: TurnGen::new(), theirs: TurnGen::new() };
    let bot = |game: &PaperSoccer, me: PlayerId, _left: Duration| search.best_turn(game, me);
    if let Err(e) = run_bot(std::io::stdin().lock(), std::io::stdout().lock(), bot) {
        eprintln!("bot: {e}");
        std::process::exit(1);
    }
}
