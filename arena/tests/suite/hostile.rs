//! Hostile external bots in every game: one table of hostile programs
//! (never answers, answers late, a megabyte without a newline, binary
//! garbage, long garbage lines, closed stdout, stopped, killed by a signal,
//! a child holding the pipe inside or outside the bot's process group, a
//! stderr flood, silence after some good answers) crossed with one table
//! of the four games.
//!
//! Each case plays a series of two games with `--jobs 2`. The hostile
//! script is one entrant; the first copy of it to start (a `mkdir` lock)
//! is hostile, the second becomes a correct bot (the arena's bot mode). So
//! every case checks, at once, that:
//! * the hostile game ends with the reason the game's rules give (a loss in
//!   Paper Soccer and Yavalath, random legal moves in Quoridor, footballers
//!   that stay in Parallel Football), with the failure recorded;
//! * the other game, played at the same time, is unaffected: no error, a
//!   normal end, every turn answered by the correct bot;
//! * the arena ends within the hostile seat's time limit plus a margin;
//! * no process is left behind (every process the arena starts inherits a
//!   unique environment marker, searched for in `/proc/*/environ`);
//! * the arena's peak memory (`VmHWM`) stays bounded.
//!
//! Unix only: the hostile bots are shell scripts, and most of what they do
//! (signals, `setsid`, `ulimit`) has no Windows counterpart; Windows bots
//! are covered by the job-object tests in the library. On macOS the
//! leftover scan reads `ps -E` instead of `/proc`, and the memory bound is
//! not checked (there is no `VmHWM` to read).
#![cfg(unix)]

use crate::common;
use common::*;
use serde_json::Value;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Every time limit is multiplied by this, so that the correct external bot
/// of the other game keeps its 100 ms limits on a loaded machine (as the
/// other end-to-end tests do for external bots that must answer).
const TIME_FACTOR: f64 = 2.0;
/// Wall time allowed beyond the hostile seat's limit: starting the arena and
/// the bots, the grace given to a bot at the end, the other game, and a
/// loaded two-core machine.
const MARGIN: Duration = Duration::from_secs(3);
/// Peak resident memory allowed to the arena, in kB.
const MAX_HWM_KB: u64 = 300 * 1024;
/// The longest error message a record may hold, in bytes.
const MAX_MESSAGE: usize = 1024;
/// The environment variable every process of a case inherits.
const MARK_VAR: &str = "ARENA_HOSTILE_MARK";
/// Reasons that mean a game did not end normally.
const FAILURE_REASONS: &[&str] =
    &["timeout", "crash", "line-too-long", "not-reading", "illegal-move", "arena-error", "arena-limit"];

/// The table's row for `name`.
fn game(name: &str) -> &'static GameCase {
    GAMES.iter().find(|g| g.name == name).unwrap_or_else(|| panic!("no game {name} in the table"))
}

/// What a game's rules do to a seat whose answer fails.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Rule {
    /// The seat loses at once, the failure is the recorded reason.
    Loss,
    /// A random legal move is played for the seat each time.
    RandomMove,
    /// The seat's footballers stay.
    Stay,
}

struct GameCase {
    name: &'static str,
    /// Configuration flags (small, for speed).
    args: &'static [&'static str],
    /// The other seats' built-in bots.
    others: &'static [&'static str],
    rule: Rule,
    /// The hostile seat's limit for its first answer, as the arena applies it
    /// (before [`TIME_FACTOR`]).
    first_limit: Duration,
    /// The least time a later answer may take (the per-answer limit; for
    /// Quoridor's clock, the increment), before [`TIME_FACTOR`].
    later_limit: Duration,
    /// Whether a later answer's limit is exactly `later_limit` (not a clock).
    per_answer: bool,
    /// A legal first answer (sent too late by the `late` bot).
    answer: &'static str,
    /// Reasons a game ends normally.
    normal_reasons: &'static [&'static str],
}

const GAMES: &[GameCase] = &[
    GameCase {
        name: "paper-soccer",
        args: &[],
        others: &["random"],
        rule: Rule::Loss,
        first_limit: paper_soccer::protocol::TIME_CONTROL.first_limit(),
        later_limit: paper_soccer::protocol::TIME_CONTROL.later_limit(),
        per_answer: true,
        answer: "2",
        normal_reasons: &["goal", "own-goal", "blocked"],
    },
    GameCase {
        name: "yavalath",
        args: &[],
        others: &["random"],
        rule: Rule::Loss,
        first_limit: yavalath::protocol::TIME_CONTROL.first_limit(),
        later_limit: yavalath::protocol::TIME_CONTROL.later_limit(),
        per_answer: true,
        answer: "4 4",
        normal_reasons: &["three-in-a-row", "four-in-a-row", "board-full"],
    },
    GameCase {
        name: "quoridor",
        args: &["--players", "2", "--max-ticks", "30"],
        others: &["random"],
        rule: Rule::RandomMove,
        first_limit: quoridor::protocol::TIME_CONTROL.first_limit(),
        later_limit: quoridor::protocol::TIME_CONTROL.later_limit(),
        per_answer: false,
        answer: "4 1",
        normal_reasons: &["goal", "tick-limit", "all-removed"],
    },
    GameCase {
        name: "parallel-football",
        args: &["--p", "2", "--k", "3", "--max-turns", "10"],
        others: &["greedy", "random", "greedy"],
        rule: Rule::Stay,
        first_limit: parallel_football::protocol::TIME_CONTROL.first_limit(),
        later_limit: parallel_football::protocol::TIME_CONTROL.later_limit(),
        per_answer: true,
        answer: "1 1\\n2 2",
        normal_reasons: &["turn-limit", "no-balls"],
    },
];

/// What the arena must make of a hostile program.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// An I/O failure of this kind; the bot is killed. The failure message
    /// contains the second string.
    Io(&'static str, &'static str),
    /// Answers that cannot be read; the bot is kept where the rules keep it.
    Unreadable,
}

struct Hostile {
    name: &'static str,
    /// Shell script body; `{late}` is replaced by a time past the limit in
    /// seconds, `{answer}` by a legal first answer and `{good}` by the
    /// command of a correct bot.
    body: &'static str,
    expect: Expect,
    /// Whether it fails on a later answer (after answering correctly).
    fails_later: bool,
}

const HOSTILE: &[Hostile] = &[
    Hostile {
        name: "never-answers",
        body: "while read l; do :; done",
        expect: Expect::Io("timeout", ""),
        fails_later: false,
    },
    Hostile {
        name: "answers-late",
        body: "sleep {late}\nprintf '{answer}\\n'\nwhile read l; do :; done",
        expect: Expect::Io("timeout", ""),
        fails_later: false,
    },
    Hostile {
        name: "megabyte-line",
        body: "head -c 1000000 /dev/zero | tr '\\0' x\nwhile read l; do :; done",
        expect: Expect::Io("line-too-long", ""),
        fails_later: false,
    },
    Hostile {
        name: "binary-garbage",
        body: "while :; do printf '\\377\\376\\001\\000\\033[2J\\200\\n'; done",
        expect: Expect::Unreadable,
        fails_later: false,
    },
    // Lines just under the length limit, forever: a record quotes only the
    // start of each.
    Hostile {
        name: "long-garbage-lines",
        body: "line=$(head -c 60000 /dev/zero | tr '\\0' z)\nwhile :; do printf '%s\\n' \"$line\"; done",
        expect: Expect::Unreadable,
        fails_later: false,
    },
    Hostile {
        name: "closes-stdout",
        body: "exec >&-\nwhile read l; do :; done",
        expect: Expect::Io("crash", "kept running"),
        fails_later: false,
    },
    Hostile { name: "stops-itself", body: "kill -STOP $$", expect: Expect::Io("timeout", ""), fails_later: false },
    Hostile { name: "kill-9", body: "kill -9 $$", expect: Expect::Io("crash", "signal 9"), fails_later: false },
    Hostile {
        name: "segv",
        body: "ulimit -c 0\nkill -SEGV $$",
        expect: Expect::Io("crash", "signal 11"),
        fails_later: false,
    },
    Hostile {
        name: "child-holds-pipe",
        body: "sleep 1000 &\nexit 0",
        expect: Expect::Io("timeout", ""),
        fails_later: false,
    },
    // A child that leaves the bot's process group (and session), so that
    // killing the group does not reach it, and keeps the pipe open.
    Hostile {
        name: "setsid-child",
        body: "if command -v setsid >/dev/null; then setsid sleep 1000 & else sleep 1000 & fi\nexit 0",
        expect: Expect::Io("timeout", ""),
        fails_later: false,
    },
    // Plays correctly for two answer lines, then goes silent mid-game
    // (early enough that no random game of seed 3 ends first):
    // the later limit (or what is left of the clock) applies.
    Hostile {
        name: "goes-silent",
        body: "{good} | { i=0; while [ $i -lt 2 ] && read -r l; do printf '%s\\n' \"$l\"; i=$((i+1)); done; sleep 1000; }",
        expect: Expect::Io("timeout", ""),
        fails_later: true,
    },
    Hostile { name: "stderr-flood", body: "yes noise >&2", expect: Expect::Io("timeout", ""), fails_later: false },
];

/// The hostile script: the first copy to start takes the lock (`$1`) and is
/// hostile, the second plays correctly through the arena's bot mode.
fn hostile_script(dir: &Path, game: &GameCase, h: &Hostile) -> String {
    let late = game.first_limit.mul_f64(TIME_FACTOR).as_secs_f64() + 0.5;
    let good = format!("{} bot {} --bot random", env!("CARGO_BIN_EXE_arena"), game.name);
    let body =
        h.body.replace("{late}", &format!("{late:.2}")).replace("{answer}", game.answer).replace("{good}", &good);
    let text = format!("if mkdir \"$1\" 2>/dev/null; then\n{body}\nexit 0\nfi\nexec {good}");
    let spec = script(dir, &format!("{}.sh", h.name), &text);
    format!("{spec} {}", dir.join("lock").display())
}

/// The arena's peak resident memory in kB (0 once it has exited, and
/// always 0 where there is no `/proc`).
fn vm_hwm_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| {
                l.strip_prefix("VmHWM:").and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            })
        })
        .unwrap_or(0)
}

/// Processes whose environment holds `MARK_VAR=mark`, as `pid cmdline`.
#[cfg(target_os = "linux")]
fn marked_processes(mark: &str) -> Vec<String> {
    let needle = format!("{MARK_VAR}={mark}\0").into_bytes();
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    dir.filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit()))
        .filter(|e| {
            std::fs::read(e.path().join("environ")).is_ok_and(|env| env.windows(needle.len()).any(|w| w == needle))
        })
        .map(|e| {
            let cmd = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
            format!("{} {}", e.file_name().to_string_lossy(), String::from_utf8_lossy(&cmd).replace('\0', " "))
        })
        .collect()
}

/// Processes whose environment holds `MARK_VAR=mark`, as `pid cmdline`
/// (`ps -E` appends each process's environment to its command line).
#[cfg(not(target_os = "linux"))]
fn marked_processes(mark: &str) -> Vec<String> {
    let needle = format!("{MARK_VAR}={mark}");
    let Ok(out) = std::process::Command::new("ps").args(["-A", "-E", "-ww", "-o", "pid=,command="]).output() else {
        return Vec::new();
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.split_whitespace().any(|w| w == needle))
        .map(str::to_string)
        .collect()
}

/// A finished case: the two records, the wall time and the peak memory.
struct Run {
    records: Vec<Value>,
    took: Duration,
    hwm_kb: u64,
}

/// Plays the series for `game` x `h`, watching the arena's memory; fails if
/// anything of the case is still running a second after the arena exits.
fn run_case(root: &Path, game: &GameCase, h: &Hostile) -> Result<Run, String> {
    let dir = root.join(format!("{}-{}", game.name, h.name));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let bot = hostile_script(&dir, game, h);
    let rec = dir.join("records");
    let factor = TIME_FACTOR.to_string();
    let mut args = vec!["play", game.name, "--bot", &bot];
    for b in game.others {
        args.extend(["--bot", b]);
    }
    args.extend(game.args);
    args.extend(["--games", "2", "--jobs", "2", "--seed", "3", "--time-factor", &factor]);
    args.extend(["--record", rec.to_str().unwrap()]);
    let mark = format!("{}-{}-{}", std::process::id(), game.name, h.name);
    let log = |name: &str| std::fs::File::create(dir.join(name)).map(Stdio::from).map_err(|e| e.to_string());
    let t = Instant::now();
    let mut child = arena()
        .args(&args)
        .current_dir(&dir)
        .env(MARK_VAR, &mark)
        .stdin(Stdio::null())
        .stdout(log("stdout")?)
        .stderr(log("stderr")?)
        .spawn()
        .map_err(|e| e.to_string())?;
    let pid = child.id();
    // Sampled while it runs (a zombie has no memory to report); a case
    // that ends before the first sample reports 0.
    let mut hwm_kb = 0;
    let status = loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            break st;
        }
        hwm_kb = hwm_kb.max(vm_hwm_kb(pid));
        if t.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            return Err("the arena ran for a minute (killed)".into());
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = t.elapsed();
    let stderr = std::fs::read_to_string(dir.join("stderr")).unwrap_or_default();
    if !status.success() {
        return Err(format!("arena failed ({status}): {stderr}"));
    }
    // SIGKILL is delivered asynchronously: allow a moment to die.
    let mut left = marked_processes(&mark);
    let t2 = Instant::now();
    while !left.is_empty() && t2.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(20));
        left = marked_processes(&mark);
    }
    if !left.is_empty() {
        return Err(format!("processes left behind: {left:?}"));
    }
    let records = (0..2)
        .map(|i| {
            let path = rec.join(format!("{}-{i:05}.json", game.name));
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect::<Result<Vec<Value>, String>>()?;
    Ok(Run { records, took, hwm_kb })
}

fn check(cond: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if cond { Ok(()) } else { Err(what()) }
}

/// The turns of `seat`, from the record's `from`-th turn (1-based) on.
fn seat_turns(rec: &Value, seat: usize, from: usize) -> Vec<&Value> {
    rec["turns"].as_array().map_or(Vec::new(), |all| {
        all.iter().enumerate().filter(|(i, t)| t["player"] == seat && i + 1 >= from).map(|(_, t)| t).collect()
    })
}

fn seat_errors(rec: &Value, seat: usize) -> Vec<&Value> {
    rec["errors"].as_array().map(|e| e.iter().filter(|e| e["seat"] == seat).collect()).unwrap_or_default()
}

/// The judge re-derives the record's verdicts from the bots' raw answers
/// (and the recorded time-outs and crashes) and reaches the same result.
fn judged_result(game: &GameCase, rec: &Value) -> Value {
    let mut args = vec!["judge", game.name, "--json"];
    args.extend(game.args);
    let (o, _) = run(&args, &rec.to_string());
    if !o.status.success() {
        return Value::String(String::from_utf8_lossy(&o.stderr).into_owned());
    }
    json_lines(&o).last().map(|l| l["result"].clone()).unwrap_or(Value::Null)
}

/// The game with the hostile seat: what the rules make of the failure.
fn check_hostile_game(game: &GameCase, h: &Hostile, rec: &Value, seat: usize) -> Result<(), String> {
    let result = &rec["result"];
    let errors = seat_errors(rec, seat);
    let turns = seat_turns(rec, seat, 0);
    let others_clean = rec["errors"].as_array().is_some_and(|e| e.iter().all(|e| e["seat"] == seat));
    check(others_clean, || format!("errors for other seats: {}", rec["errors"]))?;
    // What is kept of a stderr, and the line that says what was cut.
    let bound = bot_process::STDERR_HEAD + bot_process::STDERR_TAIL + 64;
    let tail_ok = rec["stderr"].as_array().is_some_and(|s| s.iter().all(|t| t.as_str().map_or(0, str::len) <= bound));
    check(tail_ok, || "a stderr tail is not bounded".into())?;
    let longest = errors.iter().map(|e| e["message"].as_str().map_or(0, str::len)).max().unwrap_or(0);
    check(longest <= MAX_MESSAGE, || format!("an error message of {longest} bytes"))?;
    match (game.rule, h.expect) {
        (Rule::Loss, expect) => {
            let reason = match expect {
                Expect::Io(kind, _) => kind,
                Expect::Unreadable => "illegal-move",
            };
            check(result["reason"] == reason && result["winner"] == 1 - seat, || format!("result {result}"))?;
            check(errors.len() == 1, || format!("errors {}", rec["errors"]))?;
        }
        (Rule::RandomMove, Expect::Io("timeout", _)) => {
            check(game.normal_reasons.contains(&result["reason"].as_str().unwrap_or("")), || {
                format!("result {result}")
            })?;
            // The contest never removes a bot for time: each turn it misses
            // is a random move, the bot is asked again on its next turn, and
            // a late answer is read as that next answer.
            // A bot that exits meanwhile (its child holding the pipe) is
            // then found crashed, once, at the end of its errors.
            let timeouts = errors.iter().filter(|e| e["kind"] == "timeout").count();
            let io: Vec<&str> = errors
                .iter()
                .filter_map(|e| e["kind"].as_str())
                .filter(|k| *k != "timeout" && FAILURE_REASONS.contains(k))
                .collect();
            let crash_last = io.is_empty() || (io == ["crash"] && errors.last().is_some_and(|e| e["kind"] == "crash"));
            // A bot still running was asked again after its time-out.
            let asked_again = !io.is_empty() || timeouts >= 2;
            check(timeouts >= 1 && crash_last && asked_again, || format!("errors {}", rec["errors"]))?;
            let subst = turns.iter().all(|t| t["error"].is_null() || t["substituted"] == true);
            let marked = turns.iter().filter(|t| t["answer"]["cutoff"] == "timeout").all(|t| t["error"] == "timeout");
            check(subst && marked, || format!("turns of seat {seat}: {turns:?}"))?;
        }
        (Rule::RandomMove | Rule::Stay, Expect::Io(kind, _)) => {
            check(game.normal_reasons.contains(&result["reason"].as_str().unwrap_or("")), || {
                format!("result {result}")
            })?;
            // Forgiven problems may come first; the one I/O failure is the
            // last error, and from its turn on every turn of the seat is the
            // game's substitute, marked with the failure.
            let io = |e: &&&Value| FAILURE_REASONS.contains(&e["kind"].as_str().unwrap_or(""));
            let last_ok = errors.iter().filter(io).count() == 1 && errors.last().is_some_and(|e| e["kind"] == kind);
            check(last_ok, || format!("errors {}", rec["errors"]))?;
            let from = errors.last().and_then(|e| e["turn"].as_u64()).unwrap_or(0) as usize;
            let tail = seat_turns(rec, seat, from);
            let all_subst = tail.len() > 1 && tail.iter().all(|t| t["substituted"] == true && t["error"] == kind);
            check(all_subst, || format!("turns of seat {seat} from turn {from}: {tail:?}"))?;
        }
        (Rule::RandomMove, Expect::Unreadable) => {
            check(game.normal_reasons.contains(&result["reason"].as_str().unwrap_or("")), || {
                format!("result {result}")
            })?;
            // Each answer is unreadable and replaced by a random legal move; the bot stays.
            let kinds_ok = errors.len() == turns.len()
                && errors.iter().all(|e| !FAILURE_REASONS.contains(&e["kind"].as_str().unwrap_or("timeout")));
            check(kinds_ok, || format!("errors {}", rec["errors"]))?;
            check(turns.len() > 1 && turns.iter().all(|t| t["substituted"] == true), || format!("turns {turns:?}"))?;
        }
        (Rule::Stay, Expect::Unreadable) => {
            check(game.normal_reasons.contains(&result["reason"].as_str().unwrap_or("")), || {
                format!("result {result}")
            })?;
            // Unreadable lines are `stay`, reported, and the team plays on.
            let kinds_ok = !errors.is_empty() && errors.iter().all(|e| e["kind"] == "unreadable-line");
            check(kinds_ok, || format!("errors {}", rec["errors"]))?;
        }
    }
    if let Expect::Io(kind, msg) = h.expect {
        let last = errors.iter().find(|e| e["kind"] == kind).copied().unwrap_or(&Value::Null);
        let first_ok = last["kind"] == kind && last["message"].as_str().is_some_and(|m| m.contains(msg));
        check(first_ok, || format!("errors {}", rec["errors"]))?;
        if kind == "timeout" {
            check_waited(game, h, rec, seat, last["turn"].as_u64().unwrap_or(0) as usize)?;
        }
    }
    if game.rule == Rule::Stay {
        // From the failure on (after the start cells), every order is `stay`
        // (`s` in the record's notation).
        let from = match h.expect {
            Expect::Io(..) => errors.last().and_then(|e| e["turn"].as_u64()).unwrap_or(0) as usize,
            Expect::Unreadable => 0,
        };
        let after: Vec<&Value> =
            seat_turns(rec, seat, from).into_iter().filter(|t| !std::ptr::eq(*t, turns[0])).collect();
        let stays = !after.is_empty()
            && after.iter().all(|t| t["text"].as_str().is_some_and(|s| s.split(' ').all(|o| o == "s")));
        check(stays, || format!("turns of seat {seat} from turn {from}: {after:?}"))?;
    }
    let judged = judged_result(game, rec);
    check(&judged == result, || format!("the judge says {judged}, the arena {result}"))?;
    Ok(())
}

/// The turn that timed out (1-based `turn`) waited for the limit that
/// applies to it, no less, and on a later turn with a per-answer limit, not
/// the first answer's.
fn check_waited(game: &GameCase, h: &Hostile, rec: &Value, seat: usize, turn: usize) -> Result<(), String> {
    let turns = rec["turns"].as_array().map_or(&[][..], Vec::as_slice);
    let first = !turns.iter().take(turn.saturating_sub(1)).any(|t| t["player"] == seat);
    check(first != h.fails_later, || format!("turn {turn} timed out, first answer: {first}"))?;
    let ms = turns.get(turn.wrapping_sub(1)).and_then(|t| t["ms"].as_f64()).unwrap_or(0.0);
    let limit = if first { game.first_limit } else { game.later_limit }.mul_f64(TIME_FACTOR).as_secs_f64() * 1000.0;
    check(ms >= limit - 1.0, || format!("turn {turn} (first: {first}) timed out after {ms} ms, limit {limit} ms"))?;
    let most = if first || game.per_answer { limit + 500.0 } else { f64::INFINITY };
    check(ms <= most, || format!("turn {turn} (first: {first}) waited {ms} ms, limit {limit} ms"))
}

/// The other game: the same entrant, playing correctly, is unaffected.
fn check_good_game(game: &GameCase, rec: &Value, seat: usize) -> Result<(), String> {
    check(rec["errors"].as_array().is_some_and(Vec::is_empty), || format!("errors {}", rec["errors"]))?;
    let reason = rec["result"]["reason"].as_str().unwrap_or("");
    check(!FAILURE_REASONS.contains(&reason) && game.normal_reasons.contains(&reason), || {
        format!("result {}", rec["result"])
    })?;
    let turns = seat_turns(rec, seat, 0);
    let answered = !turns.is_empty() && turns.iter().all(|t| t["text"].is_string() && t.get("substituted").is_none());
    check(answered, || format!("turns of seat {seat}: {turns:?}"))
}

/// A case's summary line and sampled peak memory (kB), or why it failed.
type CaseOutcome = Result<(String, u64), String>;

/// Runs every hostile program against `game`, in parallel; returns a line
/// per case (`name took ms, peak kB`) or panics with every failure.
fn hostile_matrix(game: &GameCase, hostiles: &[Hostile]) {
    let root = tempfile::tempdir().unwrap();
    let limit = game.first_limit.mul_f64(TIME_FACTOR) + MARGIN;
    let outcomes: Vec<(String, CaseOutcome)> = std::thread::scope(|s| {
        let handles: Vec<_> = hostiles
            .iter()
            .map(|h| {
                let root = root.path();
                (
                    h.name.to_string(),
                    s.spawn(move || -> CaseOutcome {
                        let run = run_case(root, game, h)?;
                        check(run.took <= limit, || format!("took {:?}, limit {limit:?}", run.took))?;
                        check(run.hwm_kb <= MAX_HWM_KB, || format!("peak memory {} kB", run.hwm_kb))?;
                        let seats = 1 + game.others.len();
                        let with_errors: Vec<usize> = (0..2)
                            .filter(|&i| run.records[i]["errors"].as_array().is_some_and(|e| !e.is_empty()))
                            .collect();
                        let [bad] = with_errors[..] else {
                            return Err(format!("games with errors: {with_errors:?} (exactly one expected)"));
                        };
                        // Seats rotate: the entrant sits in seat `index % seats`.
                        check_hostile_game(game, h, &run.records[bad], bad % seats)
                            .map_err(|e| format!("hostile game {bad}: {e}"))?;
                        let good = 1 - bad;
                        check_good_game(game, &run.records[good], good % seats)
                            .map_err(|e| format!("other game {good}: {e}"))?;
                        Ok((format!("{:.0} ms, peak {} kB", run.took.as_secs_f64() * 1000.0, run.hwm_kb), run.hwm_kb))
                    }),
                )
            })
            .collect();
        handles.into_iter().map(|(n, h)| (n, h.join().unwrap_or_else(|_| Err("the case panicked".into())))).collect()
    });
    let mut failures = Vec::new();
    let mut sampled = 0;
    for (name, r) in &outcomes {
        match r {
            Ok((line, kb)) => {
                println!("{} {name}: {line}", game.name);
                sampled = sampled.max(*kb);
            }
            Err(e) => failures.push(format!("{} {name}: {e}", game.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(sampled > 0, "the arena's memory was never sampled");
}

#[test]
fn paper_soccer_hostile_bots_lose_quickly_and_leave_nothing_behind() {
    hostile_matrix(game("paper-soccer"), HOSTILE);
}

#[test]
fn yavalath_hostile_bots_lose_quickly_and_leave_nothing_behind() {
    hostile_matrix(game("yavalath"), HOSTILE);
}

#[test]
fn quoridor_hostile_bots_get_random_moves_and_leave_nothing_behind() {
    hostile_matrix(game("quoridor"), HOSTILE);
}

#[test]
fn parallel_football_hostile_teams_stay_and_leave_nothing_behind() {
    hostile_matrix(game("parallel-football"), HOSTILE);
}

/// A team that answers (`stay`, forever) without reading its input fills
/// the queue to its stdin within a long enough game: it is stopped as
/// `not-reading` and its footballers stay from then on.
#[test]
fn parallel_football_team_that_never_reads_is_stopped_and_stays() {
    let long = GameCase { args: &["--p", "2", "--k", "3", "--max-turns", "300"], ..*game("parallel-football") };
    let h = Hostile {
        name: "answers-without-reading",
        body: "exec yes stay",
        expect: Expect::Io("not-reading", ""),
        fails_later: false,
    };
    hostile_matrix(&long, &[h]);
}

/// The leftover scan sees a live process that carries the marker (and not
/// once it is gone), so an empty scan after a case means something.
#[test]
fn the_leftover_scan_finds_marked_processes() {
    let mark = format!("{}-scan-check", std::process::id());
    let mut child = std::process::Command::new("sleep").arg("30").env(MARK_VAR, &mark).spawn().unwrap();
    let t = Instant::now();
    while marked_processes(&mark).is_empty() {
        assert!(t.elapsed() < Duration::from_secs(5), "a marked process is not found");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(marked_processes(&format!("{mark}-other")).is_empty());
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(marked_processes(&mark).is_empty());
}

#[test]
fn the_game_table_covers_every_game_once() {
    let mut names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    names.sort_unstable();
    assert_eq!(names, ["paper-soccer", "parallel-football", "quoridor", "yavalath"]);
}
