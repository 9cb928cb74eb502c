//! The batched environment: `N` games of one game stepped in one call from
//! Rust, the GIL released, optionally on several threads.
//!
//! Every environment keeps its own seeds (chance steps and its opponent
//! bot derive theirs from the batch's seed and the environment's number),
//! and environments never look at each other, so the results do not
//! depend on the number of threads.

use game_arena::games::{Adapter, Contest};
use game_core::bot::Bot;
use game_core::codec::{ActionCodec, Observe};
use game_core::rng::{derive_seed, seeded};
use game_core::{Game, PlayerId, ToAct};
use std::fmt;

/// Why a batch step is refused (the environments are then unchanged
/// when the refusal is found before any of them moved).
#[derive(Debug)]
pub enum BatchError {
    /// An action is not a legal action of the seat that must play it.
    Illegal {
        /// The environment.
        env: usize,
        /// The action.
        action: i64,
    },
    /// A built-in bot found no move although its seat acts.
    BotStuck {
        /// The environment.
        env: usize,
    },
    /// A thread stepping the games panicked (a bug).
    Panicked,
    /// The caller's `stop` said stop: some environments were stepped,
    /// others not.
    Stopped {
        /// The environments of the call stepped before it stopped (on
        /// one thread: the first `done`).
        done: usize,
    },
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Illegal { env, action } => {
                write!(f, "environment {env}: action {action} is not a legal action of the seat to play")
            }
            BatchError::BotStuck { env } => write!(f, "environment {env}: the opponent bot found no move"),
            BatchError::Panicked => f.write_str("a thread stepping the games panicked"),
            BatchError::Stopped { .. } => f.write_str("the step was stopped"),
        }
    }
}

/// What a step writes, one row per environment.
pub struct Outputs<'a> {
    /// `[N, planes, height, width]`.
    pub obs: &'a mut [f32],
    /// `[N, num_distinct_actions]`, 1 for a legal action of the seat to play.
    pub mask: &'a mut [u8],
    /// `[N, players]`: each seat's return when the episode ended in this
    /// step (0 otherwise).
    pub rewards: &'a mut [f32],
    /// `[N]`: 1 when the episode ended in this step (the environment was
    /// reset since).
    pub done: &'a mut [u8],
    /// `[N]`: the seat to play next.
    pub to_play: &'a mut [i64],
}

/// A batch of any game.
pub trait DynBatch: Send {
    /// Floats of one observation.
    fn obs_len(&self) -> usize;
    /// Distinct actions.
    fn actions(&self) -> usize;
    /// Seats.
    fn players(&self) -> usize;
    /// Checks that `actions[i]` is a legal action of the seat to play in
    /// environment `i`, for every `i`.
    fn check(&self, actions: &[i64]) -> Result<(), BatchError>;
    /// Restarts the environments from `first` on, one per row of `out`,
    /// and writes their first rows (rewards and done 0). Each thread
    /// asks `stop` before each environment ([`BatchError::Stopped`] once
    /// it says true).
    fn reset(&mut self, first: usize, out: Outputs<'_>, threads: usize, stop: &Stop<'_>) -> Result<(), BatchError>;
    /// Plays `actions[i]` (checked) for the seat to play in environment
    /// `i`, then the opponent bots, resetting finished games, for the
    /// environments from `first` on, one per row of `out`; `stop` as for
    /// `reset`.
    fn step(
        &mut self,
        first: usize,
        actions: &[i64],
        out: Outputs<'_>,
        threads: usize,
        stop: &Stop<'_>,
    ) -> Result<(), BatchError>;
}

struct Env<G: Game> {
    state: G,
    bot: Option<Box<dyn Bot<G>>>,
    seed: u64,
    chance: u64,
    moves: Vec<G::Move>,
}

/// Asked before each environment of a step: true stops the step.
pub type Stop<'a> = dyn Fn() -> bool + Sync + 'a;

/// Builds an environment's opponent bot from its seed (`None`: self-play).
pub type MakeBot<'a, A> = dyn Fn(&A, u64) -> Option<Box<dyn Bot<<A as Contest>::Game>>> + 'a;

/// `N` environments of one game.
pub struct Batch<A: Adapter> {
    start: A::Game,
    envs: Vec<Env<A::Game>>,
    learner: Option<PlayerId>,
}

impl<A> Batch<A>
where
    A: Adapter,
    A::Game: ActionCodec + Observe,
{
    /// `n` environments; with `opponent`, every seat but `learner` is
    /// played by that bot (`make` builds one from a seed).
    pub fn new(contest: &A, n: usize, seed: u64, learner: Option<PlayerId>, make: &MakeBot<'_, A>) -> Batch<A> {
        let start = contest.start();
        let envs = (0..n)
            .map(|i| {
                let seed = derive_seed(seed, i as u64);
                Env { state: start.clone(), bot: make(contest, seed), seed, chance: 0, moves: Vec::new() }
            })
            .collect();
        Batch { start, envs, learner }
    }
}

impl<G: Game + ActionCodec + Observe> Env<G> {
    /// Resolves chance and lets the bot play every seat but `learner`,
    /// until `learner` acts or the game is over.
    fn advance(&mut self, learner: Option<PlayerId>, env: usize) -> Result<(), BatchError> {
        loop {
            match self.state.to_act() {
                ToAct::Over => return Ok(()),
                ToAct::Chance => {
                    let mut rng = seeded(derive_seed(self.seed, self.chance));
                    self.chance += 1;
                    if self.state.resolve_chance(&mut rng).is_none() {
                        return Err(BatchError::BotStuck { env });
                    }
                }
                act => {
                    let (Some(me), Some(bot)) = (learner, self.bot.as_mut()) else { return Ok(()) };
                    let other = match act {
                        ToAct::Player(p) => Some(p).filter(|&p| p != me),
                        ToAct::Simultaneous(set) => set.iter().find(|&p| p != me),
                        ToAct::Chance | ToAct::Over => None,
                    };
                    let Some(p) = other else { return Ok(()) };
                    let mv = bot.choose(&self.state, p).ok_or(BatchError::BotStuck { env })?;
                    self.state.play_unchecked(p, mv);
                }
            }
        }
    }

    /// The seat that plays the next action given for this environment.
    fn to_play(&self, learner: Option<PlayerId>) -> Option<PlayerId> {
        match (self.state.to_act(), learner) {
            (ToAct::Over | ToAct::Chance, _) => None,
            (act, Some(me)) => act.includes(me).then_some(me),
            (act, None) => act.next_decider(),
        }
    }

    fn write(&mut self, learner: Option<PlayerId>, obs: &mut [f32], mask: &mut [u8], to_play: &mut i64) {
        let p = self.to_play(learner);
        *to_play = p.map_or(-4, |p| i64::from(p.0));
        mask.fill(0);
        let seat = p.or(learner).unwrap_or(PlayerId(0));
        if let Some(p) = p {
            self.state.legal_moves(p, &mut self.moves);
            for &m in &self.moves {
                if let Some(a) = self.state.encode_action(m).and_then(|a| mask.get_mut(a)) {
                    *a = 1;
                }
            }
        }
        // The length was checked when the batch was made.
        let _ = self.state.write_observation(seat, obs);
    }
}

/// Runs `f` on every environment of `envs` (numbered from `base`) and its
/// rows, on `threads` threads, until `stop` is set.
fn par<G, F>(
    envs: &mut [Env<G>],
    base: usize,
    out: Outputs<'_>,
    dims: [usize; 3],
    threads: usize,
    stop: &Stop<'_>,
    f: F,
) -> Result<(), BatchError>
where
    G: Game,
    F: Fn(usize, &mut Env<G>, &mut [f32], &mut [u8], &mut [f32], &mut u8, &mut i64) -> Result<(), BatchError> + Sync,
{
    let [ol, al, pl] = dims;
    let n = envs.len();
    let per = n.div_ceil(threads.max(1)).max(1);
    let run = |first: usize,
               envs: &mut [Env<G>],
               obs: &mut [f32],
               mask: &mut [u8],
               rew: &mut [f32],
               done: &mut [u8],
               tp: &mut [i64]|
     -> Result<(), BatchError> {
        let rows = obs
            .chunks_mut(ol.max(1))
            .zip(mask.chunks_mut(al.max(1)))
            .zip(rew.chunks_mut(pl.max(1)))
            .zip(done.iter_mut().zip(tp.iter_mut()));
        for (k, (env, (((o, m), r), (d, t)))) in envs.iter_mut().zip(rows).enumerate() {
            if stop() {
                return Err(BatchError::Stopped { done: k });
            }
            f(base + first + k, env, o, m, r, d, t)?;
        }
        Ok(())
    };
    if threads <= 1 || n <= 1 {
        return run(0, envs, out.obs, out.mask, out.rewards, out.done, out.to_play);
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = envs
            .chunks_mut(per)
            .zip(out.obs.chunks_mut(per * ol.max(1)))
            .zip(out.mask.chunks_mut(per * al.max(1)))
            .zip(out.rewards.chunks_mut(per * pl.max(1)))
            .zip(out.done.chunks_mut(per).zip(out.to_play.chunks_mut(per)))
            .enumerate()
            .map(|(c, ((((e, o), m), r), (d, t)))| {
                let run = &run;
                s.spawn(move || run(c * per, e, o, m, r, d, t))
            })
            .collect();
        let mut result = Ok(());
        for h in handles {
            let r = h.join().unwrap_or(Err(BatchError::Panicked));
            if result.is_ok() {
                result = r;
            }
        }
        result
    })
}

/// The environments `first..first + n` (fewer past the end).
fn rows<G: Game>(envs: &mut [Env<G>], first: usize, n: usize) -> &mut [Env<G>] {
    let end = first.saturating_add(n).min(envs.len());
    &mut envs[first.min(end)..end]
}

impl<A> DynBatch for Batch<A>
where
    A: Adapter + Send + Sync,
    A::Game: ActionCodec + Observe,
{
    fn obs_len(&self) -> usize {
        self.start.observation_len()
    }
    fn actions(&self) -> usize {
        self.start.num_distinct_actions()
    }
    fn players(&self) -> usize {
        self.start.players()
    }

    fn reset(&mut self, first: usize, out: Outputs<'_>, threads: usize, stop: &Stop<'_>) -> Result<(), BatchError> {
        let dims = [self.obs_len(), self.actions(), self.players()];
        let (start, learner) = (&self.start, self.learner);
        let envs = rows(&mut self.envs, first, out.done.len());
        par(envs, first, out, dims, threads, stop, |i, env, o, m, r, d, t| {
            env.state = start.clone();
            env.advance(learner, i)?;
            r.fill(0.0);
            *d = 0;
            env.write(learner, o, m, t);
            Ok(())
        })
    }

    fn check(&self, actions: &[i64]) -> Result<(), BatchError> {
        for (i, (env, &a)) in self.envs.iter().zip(actions).enumerate() {
            let legal = env.to_play(self.learner).is_some_and(|p| {
                usize::try_from(a)
                    .ok()
                    .and_then(|a| env.state.decode_action(a))
                    .is_some_and(|m| env.state.is_legal(p, m))
            });
            if !legal {
                return Err(BatchError::Illegal { env: i, action: a });
            }
        }
        Ok(())
    }

    fn step(
        &mut self,
        first: usize,
        actions: &[i64],
        out: Outputs<'_>,
        threads: usize,
        stop: &Stop<'_>,
    ) -> Result<(), BatchError> {
        let dims = [self.obs_len(), self.actions(), self.players()];
        let (start, learner) = (&self.start, self.learner);
        let envs = rows(&mut self.envs, first, out.done.len());
        par(envs, first, out, dims, threads, stop, |i, env, o, m, r, d, t| {
            let a = actions.get(i).and_then(|&a| usize::try_from(a).ok()).unwrap_or(0);
            if let (Some(p), Some(mv)) = (env.to_play(learner), env.state.decode_action(a)) {
                env.state.play_unchecked(p, mv);
            }
            env.advance(learner, i)?;
            r.fill(0.0);
            *d = 0;
            if let Some(outcome) = env.state.outcome() {
                for (s, v) in r.iter_mut().enumerate() {
                    *v = outcome.value_for(PlayerId(s as u8)) as f32;
                }
                *d = 1;
                env.state = start.clone();
                env.advance(learner, i)?;
            }
            env.write(learner, o, m, t);
            Ok(())
        })
    }
}
