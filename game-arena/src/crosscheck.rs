//! Proof by difference for `arena judge`: one game written as a text record
//! (one turn per line) and as a JSON record (the arena's format, each turn
//! its text, chance values where they fell) must get the same verdict on
//! every turn and the same result. Used by the
//! property tests and by the `judge_forms` fuzz target, which chooses the
//! tail.
//!
//! A case is a seeded random game (random whole turns, one seat after the
//! other; simultaneous seats in seat order) with a tail chosen by the
//! caller's bytes: nothing, extra turns after the end, an illegal turn
//! somewhere in the game (the game's later turns follow it), or the record
//! cut after some turn.

use crate::games::{Adapter, random_turn};
use crate::judge::{JudgeError, JudgeOptions, judge};
use crate::play::{RECORD_FORMAT, RecordEntry, RecordHead, ResultEntry, TurnEntry, record_text};
use game_core::rng::{GameRng, below, seeded};
use game_core::{Event, Game, PlayerId, ToAct};

/// What to do after (or inside) the random game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    /// The game as played.
    None,
    /// This many extra random turns after the end (each a possible move of
    /// the seat that played last, refused as `game-over`).
    AfterEnd(u8),
    /// An illegal move as the turn at this index (modulo the game's length).
    Illegal(u16),
    /// The record cut after this many turns (modulo the game's length).
    Cut(u16),
}

impl Tail {
    /// A tail from fuzzer bytes.
    pub fn from_bytes(b: &[u8]) -> Tail {
        let arg = u16::from_le_bytes([b.get(1).copied().unwrap_or(0), b.get(2).copied().unwrap_or(0)]);
        match b.first().map_or(0, |k| k % 4) {
            0 => Tail::None,
            1 => Tail::AfterEnd((arg % 4 + 1) as u8),
            2 => Tail::Illegal(arg),
            _ => Tail::Cut(arg),
        }
    }
}

/// One turn of a case: the seat and its moves (or chance values).
type Turn<G> = (PlayerId, Vec<Event<<G as Game>::Move, <G as Game>::Chance>>);

/// A case written both ways.
#[derive(Clone, Debug)]
pub struct Case {
    /// The text record (`None` for games judged from JSON only).
    pub text: Option<String>,
    /// The JSON record, each turn its text.
    pub json: String,
    /// The result of the game before any tail, when the game ended.
    pub natural: Option<ResultEntry>,
    /// Whether the tail leaves the game's end in place (extra turns after
    /// it, or nothing), so that the result must be the natural one.
    pub ends_naturally: bool,
}

/// A move of the game that `p` may not play on `state` (taken from the
/// moves of the game itself, so no move universe is needed).
fn some_illegal<G: Game>(state: &G, p: PlayerId, played: &[G::Move], rng: &mut GameRng) -> Option<G::Move> {
    let bad: Vec<G::Move> = played.iter().copied().filter(|&m| state.check_move(p, m).is_err()).collect();
    (!bad.is_empty()).then(|| bad[below(rng, bad.len())])
}

fn next_seat(p: PlayerId, n: usize) -> PlayerId {
    PlayerId(((p.index() + 1) % n.max(1)) as u8)
}

/// Plays the seeded random game and writes it with `tail`.
pub fn case<A: Adapter>(a: &A, seed: u64, tail: Tail) -> Case {
    let mut rng = seeded(seed);
    let start = a.start();
    let mut state = start.clone();
    let n = start.players();
    let mut turns: Vec<Turn<A::Game>> = Vec::new();
    let mut guard = 0u64;
    let cap = state.max_plies().unwrap_or(10_000).min(10_000);
    while guard < cap {
        guard += 1;
        let players: Vec<PlayerId> = match state.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let Some(c) = state.resolve_chance(&mut rng) else { break };
                // Chance values lead the next turn (as in the arena's records).
                turns.push((PlayerId(0), vec![Event::Chance(c)]));
                continue;
            }
            ToAct::Player(p) => vec![p],
            ToAct::Simultaneous(set) => set.iter().collect(),
        };
        let snapshot = state.clone();
        for p in players {
            let moves = random_turn(&snapshot, p, &mut rng);
            for &m in &moves {
                state.play_unchecked(p, m);
            }
            turns.push((p, moves.into_iter().map(|mv| Event::Move { player: p, mv }).collect()));
        }
    }
    let natural = state.outcome().map(|o| ResultEntry::new(&o, state.end_reason().unwrap_or_default()));
    let player_turns = turns.iter().filter(|t| t.1.iter().any(|e| matches!(e, Event::Move { .. }))).count().max(1);
    let played: Vec<<A::Game as Game>::Move> = turns
        .iter()
        .flat_map(|t| &t.1)
        .filter_map(|e| match e {
            Event::Move { mv, .. } => Some(*mv),
            Event::Chance(_) => None,
        })
        .collect();
    let mut ends_naturally = true;
    match tail {
        Tail::None => {}
        Tail::AfterEnd(k) => {
            let last = turns.iter().rev().find_map(|t| match t.1.first() {
                Some(Event::Move { player, .. }) => Some(*player),
                _ => None,
            });
            let mut p = last.unwrap_or(PlayerId(0));
            for _ in 0..k {
                p = next_seat(p, n);
                if !played.is_empty() {
                    let m = played[below(&mut rng, played.len())];
                    turns.push((p, vec![Event::Move { player: p, mv: m }]));
                }
            }
        }
        Tail::Illegal(at) => {
            ends_naturally = false;
            let k = usize::from(at) % player_turns;
            // Replay to the k-th seat turn and put an illegal move there.
            let mut s = start.clone();
            let mut seen = 0;
            for i in 0..turns.len() {
                let (p, events) = &turns[i];
                let is_move = events.iter().any(|e| matches!(e, Event::Move { .. }));
                if is_move && seen == k && !s.is_over() && s.to_act().includes(*p) {
                    if let Some(m) = some_illegal(&s, *p, &played, &mut rng) {
                        let mut q = *p;
                        turns.insert(i, (q, vec![Event::Move { player: q, mv: m }]));
                        // The game's later turns now come after its end:
                        // seats as a text record numbers them (chance
                        // values dropped, being refused alike).
                        let rest: Vec<Turn<A::Game>> = turns.drain(i + 1..).collect();
                        for (_, events) in rest {
                            let moves: Vec<_> = events
                                .into_iter()
                                .filter_map(|e| match e {
                                    Event::Move { mv, .. } => Some(mv),
                                    Event::Chance(_) => None,
                                })
                                .collect();
                            if !moves.is_empty() {
                                q = next_seat(q, n);
                                turns.push((q, moves.into_iter().map(|mv| Event::Move { player: q, mv }).collect()));
                            }
                        }
                    }
                    break;
                }
                seen += usize::from(is_move);
                for e in events {
                    match e {
                        Event::Move { player, mv } => s.play_unchecked(*player, *mv),
                        Event::Chance(c) => {
                            let _ = s.apply_chance(c);
                        }
                    }
                }
            }
        }
        Tail::Cut(at) => {
            let k = usize::from(at) % (turns.len() + 1);
            ends_naturally = k == turns.len();
            turns.truncate(k);
        }
    }
    let mut text = String::new();
    // Chance values follow the turn before them (as in the arena's records).
    let mut entries: Vec<RecordEntry<<A::Game as Game>::Chance>> = Vec::new();
    let mut s = start.clone();
    for (p, events) in turns {
        let mut moves = Vec::new();
        for e in events {
            match e {
                Event::Move { mv, .. } => moves.push(mv),
                Event::Chance(c) => {
                    let _ = s.apply_chance(&c);
                    match entries.last_mut() {
                        Some(RecordEntry::Turn { chance, .. }) => chance.push(c),
                        _ => entries.push(RecordEntry::Chance { chance: c }),
                    }
                }
            }
        }
        if moves.is_empty() {
            continue;
        }
        let line = a.format_turn(&s, p, &moves);
        text.push_str(&line);
        text.push('\n');
        let turn = TurnEntry {
            player: p.0,
            text: Some(a.record_text(&line)),
            answer: None,
            ms: 0.0,
            error: None,
            substituted: false,
        };
        entries.push(RecordEntry::Turn { turn, chance: Vec::new() });
        for &m in &moves {
            if s.play(p, m).is_err() {
                break;
            }
        }
    }
    let (config, setup) = (a.config(), start.to_setup());
    let head = RecordHead::<A::Game> {
        format: RECORD_FORMAT,
        game: a.name(),
        config: &config,
        setup: &setup,
        seed: Some(seed),
        bots: &[],
        replay: "",
    };
    // What a case holds always serializes.
    let json = record_text(&head, &entries, None).unwrap_or_default();
    Case { text: a.text_records().then_some(text), json, natural, ends_naturally }
}

/// A difference between the two ways of judging a case ([`check`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CrosscheckError {
    /// `judge` refused one of the records.
    #[error("judge refused the record: {0}")]
    Refused(#[source] JudgeError),
    /// The report is not UTF-8.
    #[error("{0}")]
    NotUtf8(#[from] std::string::FromUtf8Error),
    /// The report's last line or the natural result is not JSON.
    #[error("{0}")]
    NotJson(#[from] serde_json::Error),
    /// The text and JSON records got different reports.
    #[error("text and JSON reports differ:\n{text}\n--- text\n{from_text}--- json\n{from_json}")]
    FormsDiffer {
        /// The text record.
        text: String,
        /// Its report.
        from_text: String,
        /// The JSON record's report.
        from_json: String,
    },
    /// A game judged to its end got another result than its own.
    #[error("result {got:?} is not the game's natural {want}:\n{report}")]
    NotNatural {
        /// The judged result (`None`: the game is not over).
        got: Box<Option<ResultEntry>>,
        /// The game's own result.
        want: Box<ResultEntry>,
        /// The whole report.
        report: String,
    },
}

/// The last line of `judge --json`'s report: the result where judging
/// ended (`null`: the game is not over).
#[derive(serde::Deserialize)]
struct ResultLine {
    result: Option<ResultEntry>,
}

/// Judges a case both ways.
///
/// # Errors
/// [`CrosscheckError`] describing the first difference: the two reports
/// differ, or the result after the end is not the game's natural one.
pub fn check<A: Adapter>(a: &A, case: &Case) -> Result<(), CrosscheckError> {
    let opts = JudgeOptions { json: true, legal: false };
    let run = |text: &str| -> Result<String, CrosscheckError> {
        let mut out = Vec::new();
        judge(a, text.as_bytes(), opts, &mut out).map_err(CrosscheckError::Refused)?;
        Ok(String::from_utf8(out)?)
    };
    let from_json = match run(&case.json) {
        // A game cut before its first turn: a record of nothing, refused
        // alike as text (an empty file).
        Err(CrosscheckError::Refused(JudgeError::NoTurns)) => {
            return match case.text.as_deref().map(run) {
                None | Some(Err(CrosscheckError::Refused(JudgeError::NoTurns | JudgeError::Empty))) => Ok(()),
                Some(Err(e)) => Err(e),
                Some(Ok(from_text)) => Err(CrosscheckError::FormsDiffer {
                    text: case.text.clone().unwrap_or_default(),
                    from_text,
                    from_json: JudgeError::NoTurns.to_string(),
                }),
            };
        }
        judged => judged?,
    };
    if let Some(text) = &case.text {
        let from_text = run(text)?;
        if from_text != from_json {
            return Err(CrosscheckError::FormsDiffer { text: text.clone(), from_text, from_json });
        }
    }
    if case.ends_naturally {
        if let Some(natural) = &case.natural {
            // The result line's `result` (a fault after the end, such as a
            // turn listed after it, leaves the result as it was).
            let last = from_json.lines().last().unwrap_or_default();
            let got = serde_json::from_str::<ResultLine>(last)?.result;
            if got.as_ref() != Some(natural) {
                let (got, want) = (Box::new(got), Box::new(natural.clone()));
                return Err(CrosscheckError::NotNatural { got, want, report: from_json });
            }
        }
    }
    Ok(())
}
