//! The differential check of the fast implementation against the model
//! ([`check`], [`agrees`]), its counts of the whole-turn comparisons
//! ([`turn_stats`]), and perft counted with the model's own moves
//! ([`perft`], [`turn_perft`]).

use super::*;
use std::sync::atomic::{AtomicU64, Ordering};

fn fail<T>(check: &'static str, detail: String) -> Result<T, Violation> {
    Err(Violation { check, detail, at: None })
}

/// Checks that `b` and the model `n` hold the same position: ball, drawn
/// lines, winner, player to act and legal steps.
///
/// # Errors
/// A [`Violation`] named `reference-<what>` for the first difference.
pub fn agrees<const N: usize>(b: &Board<N>, n: &Naive) -> Result<(), Violation> {
    if p_of(b.ball()) != n.ball {
        return fail("reference-ball", format!("ball {} vs {:?}", b.ball(), n.ball));
    }
    // The same set of lines: each line of `b` drawn in the model, none
    // listed twice, as many as the model has.
    let mut listed = vec![false; n.lines.len()];
    let mut same = true;
    let mut count = 0;
    for l in b.lines() {
        let s = seg_of(l.from, l.dir);
        let (kind, i) = n.pitch.entry(&s);
        same &= kind == LINK && n.lines[i] && !listed[i];
        if kind != NO_LINK {
            listed[i] = true;
        }
        count += 1;
    }
    if !same || count != n.count {
        let lines: BTreeSet<Seg> = b.lines().map(|l| seg_of(l.from, l.dir)).collect();
        return fail("reference-lines", format!("lines {lines:?} vs {:?}", n.drawn()));
    }
    let winner = b.outcome().and_then(|o| o.winner()).map(|p| p.0);
    if winner != n.winner {
        return fail("reference-winner", format!("winner {winner:?} vs {:?}", n.winner));
    }
    if n.winner.is_none() && b.to_act() != ToAct::Player(PlayerId(n.player)) {
        return fail("reference-to-act", format!("to act {:?} vs player {}", b.to_act(), n.player));
    }
    let free: Vec<u8> = b.legal_dirs().iter().map(Dir::index).collect();
    if free != n.free_dirs() {
        return fail("reference-legal-steps", format!("free {free:?} vs {:?}", n.free_dirs()));
    }
    Ok(())
}

/// Steps the model tries at most while listing a position's turns before
/// [`check`] settles for checking the fast generator's turns one by one.
pub const TURN_BUDGET: u64 = 1_500;
/// Turns of the fast generator [`check`] replays in the model at most.
pub const TURN_CAP: u64 = 100;

/// How the whole-turn part of [`check`] went on the positions checked so
/// far in this process ([`turn_stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnStats {
    /// Positions of a running game checked.
    pub positions: u64,
    /// Of those, the positions where both generators listed every turn
    /// and the two lists were compared whole.
    pub compared_whole: u64,
    /// Positions where the model ran out of its budget ([`TURN_BUDGET`]
    /// steps): only the fast generator's turns were checked, one by one.
    pub model_capped: u64,
    /// Positions with more than [`TURN_CAP`] turns: the first
    /// [`TURN_CAP`] were checked one by one, and the model's count (when
    /// it finished) compared with that.
    pub fast_capped: u64,
}

static STATS: [AtomicU64; 4] = [const { AtomicU64::new(0) }; 4];

/// Counts of the whole-turn checks [`check`] made in this process: how
/// often the model's listing was cut at its budget.
#[must_use]
pub fn turn_stats() -> TurnStats {
    let [a, b, c, d] = STATS.each_ref().map(|s| s.load(Ordering::Relaxed));
    TurnStats { positions: a, compared_whole: b, model_capped: c, fast_capped: d }
}

fn count(i: usize) {
    STATS[i].fetch_add(1, Ordering::Relaxed);
}

/// The differential check of the fast implementation against the model on
/// one position:
///
/// * the position agrees with the model rebuilt from its lines ([`agrees`]);
/// * for each seat (0, 1 and 2, which does not exist), over all eight
///   directions, [`Game::legal_moves`] and [`Game::check_move`] say what
///   the model says, [`Game::random_legal_move`] draws a legal step, and
///   every legal step leads to the position the model's step leads to;
/// * every turn of [`Board::for_each_turn`] (the first [`TURN_CAP`]) is a
///   complete turn of the model with the same result, no result comes
///   twice, and when the model can list every turn within its budget
///   ([`TURN_BUDGET`] steps tried) the two lists hold the same results
///   (or, past the cap, the model has at least as many).
///
/// # Errors
/// A [`Violation`] named `reference-<what>` for the first difference.
pub fn check<const N: usize>(b: &Board<N>) -> Result<(), Violation> {
    let n = Naive::from_board(b);
    agrees(b, &n)?;
    check_steps(b, &n)?;
    check_turns(b, &n)
}

fn check_steps<const N: usize>(b: &Board<N>, n: &Naive) -> Result<(), Violation> {
    let mut moves = Vec::new();
    let mut rng = game_core::rng::seeded(b.hash);
    let mut m = n.clone();
    for seat in 0..3u8 {
        let player = PlayerId(seat);
        let to_move = n.winner.is_none() && n.player == seat;
        b.legal_moves(player, &mut moves);
        let expected: Vec<u8> = if to_move { n.free_dirs() } else { Vec::new() };
        let got: Vec<u8> = moves.iter().map(|d| d.index()).collect();
        if got != expected {
            return fail("reference-legal-moves", format!("seat {seat}: {got:?} vs {expected:?}"));
        }
        let drawn = b.random_legal_move(player, &mut rng, &mut moves);
        if drawn.map(Dir::index).is_some_and(|d| !expected.contains(&d)) || drawn.is_none() != expected.is_empty() {
            return fail("reference-random-move", format!("seat {seat}: drew {drawn:?}, legal {expected:?}"));
        }
        for d in Dir::ALL {
            let model = if to_move { m.step_undoable(d.index()) } else { Err(NaiveErr::Over) };
            let ok = b.check_move(player, d).is_ok();
            if ok != model.is_ok() {
                return fail("reference-check-move", format!("seat {seat} dir {d}: {ok} vs {:?}", model.map(|r| r.0)));
            }
            if let Ok((goes_on, undo)) = model {
                let mut c = *b;
                let again = c.step(d);
                agrees(&c, &m).map_err(|v| Violation { detail: format!("after step {d}: {}", v.detail), ..v })?;
                if again != goes_on {
                    return fail("reference-bounce", format!("step {d}: goes on {again} vs {goes_on}"));
                }
                m.undo(undo);
            }
        }
    }
    Ok(())
}

fn check_turns<const N: usize>(b: &Board<N>, n: &Naive) -> Result<(), Violation> {
    let mut fast = TurnKeys::default();
    let mut err = None;
    let mut m = n.clone();
    let mut undos = Vec::new();
    let mut segs = Vec::new();
    let report = b.for_each_turn(TURN_CAP, |steps, after| {
        let mut ended = false;
        undos.clear();
        segs.clear();
        for (i, d) in steps.iter().enumerate() {
            let from = m.ball;
            match m.step_undoable(d.index()) {
                Ok((goes_on, undo)) if !ended => {
                    ended = !goes_on;
                    undos.push(undo);
                    segs.push(seg(from, m.ball));
                }
                other => {
                    err = Some(format!("turn {steps:?}: step {i} gives {:?} (ended {ended})", other.map(|r| r.0)));
                    return ControlFlow::Break(());
                }
            }
        }
        segs.sort_unstable();
        if !ended {
            err = Some(format!("turn {steps:?} does not end the turn"));
        } else if let Err(v) = agrees(after, &m) {
            err = Some(format!("turn {steps:?}: {}", v.detail));
        } else if !fast.insert((m.ball, segs.clone(), m.player, m.winner)) {
            err = Some(format!("turn {steps:?} repeats a result"));
        }
        for &u in undos.iter().rev() {
            m.undo(u);
        }
        if err.is_some() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    if let Some(detail) = err {
        return fail("reference-turn", detail);
    }
    if n.winner.is_some() {
        return if report.turns == 0 { Ok(()) } else { fail("reference-turn", "turns after the end".into()) };
    }
    count(0);
    if !report.complete {
        count(3);
    }
    let mut model = TurnKeys::default();
    if !m.each_turn(TURN_BUDGET, &mut |_, _, key| {
        model.insert(key.clone());
    }) {
        count(2);
        return Ok(());
    }
    if !report.complete {
        // The fast list stopped at its cap; each of its turns is a turn of
        // the model (checked above), so the model has at least as many.
        return if model.len() as u64 >= report.turns {
            Ok(())
        } else {
            fail("reference-turn-count", format!("{} turns vs {} in the model", report.turns, model.len()))
        };
    }
    count(1);
    if model != fast {
        return fail("reference-turn-count", format!("{} turns vs {} in the model", fast.len(), model.len()));
    }
    Ok(())
}

/// Step-level perft of `b`, counted with the model's own step lists.
#[must_use]
pub fn perft<const N: usize>(b: &Board<N>, depth: u32) -> u64 {
    Naive::from_board(b).perft(depth)
}

/// Whole-turn perft of `b` (a position's turns are its distinct results),
/// counted with the model's own turn lists.
#[must_use]
pub fn turn_perft<const N: usize>(b: &Board<N>, depth: u32) -> u64 {
    Naive::from_board(b).turn_perft(depth)
}
